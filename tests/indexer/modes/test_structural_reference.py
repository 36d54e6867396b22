"""structural makes its chunks in one pass (chunks at once, only the last prose chunk left open
for a short one to merge into, the common single-block metadata written in one go). These tests
hold it to a plain restatement of the mode's rules, written here from the module's docstring with
the generic helpers (``indexer.provenance.provenance`` for the provenance keys): same chunks, same
metadata, same key order, on generated documents that reach every path (imaged headings, lists
and tables; image blocks; blank blocks; over-long blocks; blocks without lines or pages or with
sheet/row provenance keys; list_images with and without images_at_anchor)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import indexer.modes.structural as structural_module
from indexer import _fast
from indexer.model import (
    CODE,
    HEADING,
    IMAGE,
    LIST,
    PARAGRAPH,
    TABLE,
    Block,
    Chunk,
    Document,
    Image,
    ListItem,
    render_list,
    render_table,
)
from indexer.modes import ModeParams
from indexer.modes._common import image_drafts, split_atomic, split_prose, with_markers, without_markers
from indexer.provenance import provenance

ATOMIC = {TABLE: "table", LIST: "bullet_list", CODE: "code_block"}
PROSE = ("plain_paragraph", "long_single_paragraph", "short_disconnected_paragraph")


def classify(text: str) -> str:
    if len(text) > 900:
        return "long_single_paragraph"
    if len(text) < 90:
        return "short_disconnected_paragraph"
    return "plain_paragraph"


def reference(doc: Document, params: ModeParams) -> list[Chunk]:
    """The structural rules, stated plainly: drafts first, metadata and provenance at the end."""
    drafts: list[list] = []  # [content_type, text, blocks, section metadata]
    first: list[list] = []  # image extraction chunks that go before everything
    prose: list[Block] = []
    path: list[tuple[int, str]] = []

    def section() -> dict:
        return {
            "section_heading": path[-1][1] if path else None,
            "section_level": path[-1][0] if path else None,
            "heading_path": [t for _, t in path],
        }

    def flush() -> None:
        if not prose:
            return
        text = "\n".join(b.text for b in prose)
        prev = drafts[-1] if drafts else None
        if (
            prev is not None
            and len(text) < 350
            and prev[0] in PROSE
            and len(prev[1]) + 1 + len(text) <= 1550
            and prev[3]["heading_path"] == section()["heading_path"]
        ):
            joined = prev[1] + "\n" + text
            drafts[-1] = [classify(joined), joined, prev[2] + prose, prev[3]]
        else:
            drafts.append([classify(text), text, list(prose), section()])
        prose.clear()

    def add_prose(block: Block) -> None:
        for part in split_prose(block, 1200):
            if prose and len("\n".join(b.text for b in [*prose, part])) > 1200:
                flush()
            prose.append(part)

    def images(block: Block, keep_text: bool) -> None:
        if params.list_images and block.images:
            target = drafts if doc.images_at_anchor else first
            target.extend(
                [d.content_type, d.text, d.blocks, d.meta] for d in image_drafts(doc, block, section())
            )
        elif keep_text:
            for part in split_prose(replace(block, text=with_markers(doc, block)), 1200):
                drafts.append(["image", part.text, [part], section()])

    for block in doc.blocks:
        imaged = block.kind == IMAGE or bool(block.images)
        if not imaged and not block.text.strip():
            continue
        if block.kind == HEADING:
            flush()
            level = block.level or 1
            while path and path[-1][0] >= level:
                path.pop()
            parent = path[-1][1] if path else None
            path.append((level, block.text.strip()))
            for part in split_prose(block, 1200):
                meta = {
                    "section_heading": parent,
                    "section_level": level,
                    "heading_path": [t for _, t in path],
                }
                drafts.append(["heading", part.text, [part], meta])
        elif block.kind in ATOMIC:
            flush()
            parts = split_atomic(block, 1200) if len(block.text) > 1200 else [block]
            for part in parts:
                drafts.append([ATOMIC[block.kind], part.text, [part], section()])
            if block.images:
                images(block, keep_text=False)
        elif imaged:
            flush()
            images(block, keep_text=True)
            if params.list_images and block.images and block.kind != IMAGE:
                rest = without_markers(block.text)
                if rest:
                    add_prose(replace(block, text=rest, images=()))
        else:
            add_prose(block)
    flush()
    doc_meta = dict(doc.metadata)
    return [
        Chunk(text, content_type, {**meta, "document_metadata": doc_meta, **provenance(blocks)})
        for content_type, text, blocks, meta in first + drafts
    ]


# -- generated documents -----------------------------------------------------------------------

NAMES = ("aaaa.png", "bbbb.png", "cccc.png")  # the last one is never extracted
IMAGES = (Image("aaaa.png", "png", b"1", alt="a cat"), Image("bbbb.png", "png", b"2", alt=""))

words = st.one_of(
    st.sampled_from(["alpha", "Beta.", "gamma,", "it", "end?", "[Image: x]", "漢字", " ", ""]),
    st.integers(1, 1500).map(lambda n: "w" * n),  # sometimes one word longer than any bound
)
sentences = st.lists(words, min_size=0, max_size=40).map(" ".join)
texts = st.lists(sentences, min_size=1, max_size=4).map("\n".join)
# a paragraph's text: empty, blank, short, or long enough to fill or overflow a prose chunk
para_texts = st.one_of(
    st.just(""), st.just("  \n "), texts, st.integers(80, 1300).map(lambda n: ("abc. " * n)[:n])
)
metas = st.sampled_from([{}, {}, {}, {"sheet_name": "S1"}, {"row_range": (3, 4)}, {"language": "py"}])


@st.composite
def documents(draw) -> Document:
    blocks = []
    line = 1
    for kind in draw(st.lists(st.sampled_from("hpppplticx"), max_size=16)):
        images = (
            tuple(draw(st.lists(st.sampled_from(NAMES), max_size=2))) if draw(st.integers(0, 4)) == 0 else ()
        )
        if kind == "h":
            block = Block(HEADING, draw(st.one_of(sentences, st.just(""))), level=draw(st.integers(0, 4)))
        elif kind == "p":
            block = Block(PARAGRAPH, draw(para_texts))
        elif kind == "l":
            items = tuple(
                ListItem(t, draw(st.integers(0, 2)))
                for t in draw(st.lists(sentences, min_size=1, max_size=30))
            )
            block = Block(LIST, render_list(items), items=items)
        elif kind == "t":
            rows = tuple(draw(st.lists(st.tuples(sentences, sentences), min_size=1, max_size=30)))
            block = Block(
                TABLE,
                render_table(("a", "b"), rows),
                header=("a", "b"),
                rows=rows,
                row_numbers=tuple(range(2, 2 + len(rows))),
            )
        elif kind == "c":
            block = Block(CODE, draw(texts))
        elif kind == "i":
            block = Block(
                IMAGE,
                draw(st.sampled_from(["", "[Image: a bird]"])),
                alt=draw(st.sampled_from([None, "a bird"])),
            )
        else:
            block = Block("quote", draw(texts))  # a kind of its own: prose
        span = block.text.count("\n")
        lines = (line, line + span) if draw(st.integers(0, 5)) else None
        page = draw(st.one_of(st.none(), st.integers(1, 3), st.integers(1, 3)))
        blocks.append(replace(block, lines=lines, page=page, images=images, meta=draw(metas)))
        line += span + 2
    return Document(
        source_type=draw(st.sampled_from(["docx", "md"])),
        blocks=tuple(blocks),
        metadata={"source_type": "docx", "title": "T", "image_count": 2},
        images=IMAGES,
        images_at_anchor=draw(st.booleans()),
    )


def shape(chunks: list[Chunk]) -> list:
    """Everything a chunk says, the order of its metadata keys included."""
    return [(c.content, c.content_type, list(c.metadata.items())) for c in chunks]


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(documents(), st.booleans())
def test_structural_equals_the_plain_rules(doc, list_images):
    params = ModeParams(list_images=list_images)
    got = structural_module.structural(doc, params)
    assert shape(got) == shape(reference(doc, params))
    assert all(type(c) is Chunk for c in got)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), st.booleans())
def test_without_the_cheap_chunk_maker_the_constructor_gives_the_same(doc, list_images):
    params = ModeParams(list_images=list_images)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_fast, "_ChunkTwin", None)
        got = structural_module.structural(doc, params)
    assert shape(got) == shape(reference(doc, params))


def test_a_short_paragraph_merges_into_the_open_prose_chunk_only():
    # read by hand: 1,000 + 1 + 200 > 1,200 so the 200-character paragraph starts a new prose
    # chunk, which, being short (< 350) and fitting in 1,550 with the one before, merges back;
    # after the list, the next short paragraph has no prose chunk right before it to join
    blocks = (
        Block(HEADING, "H", level=1, lines=(1, 1), page=1),
        Block(PARAGRAPH, "a" * 1000, lines=(3, 3), page=1),
        Block(PARAGRAPH, "b" * 200, lines=(5, 5), page=2),
        Block(LIST, "- x", items=(ListItem("x"),), lines=(7, 7), page=2),
        Block(PARAGRAPH, "c" * 20, lines=(9, 9), page=2),
    )
    doc = Document("docx", blocks, metadata={"source_type": "docx"})
    got = structural_module.structural(doc, ModeParams())
    assert [(c.content_type, len(c.content)) for c in got] == [
        ("heading", 1),
        ("long_single_paragraph", 1201),
        ("bullet_list", 3),
        ("short_disconnected_paragraph", 20),
    ]
    merged = got[1].metadata
    assert merged["source_lines"] == [3, 5]
    assert (merged["page_number"], merged["page_end"]) == (1, 2)
    assert list(merged) == [
        "section_heading",
        "section_level",
        "heading_path",
        "document_metadata",
        "source_lines",
        "page_number",
        "page_end",
    ]


def _paras(*sizes: int) -> list[Block]:
    return [Block(PARAGRAPH, "p" * n, lines=(i, i), page=1) for i, n in enumerate(sizes, start=3)]


@pytest.mark.parametrize(
    ("sizes", "expected"),
    [
        ((600, 599), [1200]),  # 600 + "\n" + 599 = 1,200: still one chunk
        ((600, 600), [600, 600]),  # 1,201 would pass 1,200; the second is not short (< 350)
    ],
)
def test_prose_fills_up_to_1200_exactly(sizes, expected):
    doc = Document("docx", (Block(HEADING, "H", level=1, lines=(1, 1), page=1), *_paras(*sizes)))
    got = structural_module.structural(doc, ModeParams())
    assert [len(c.content) for c in got[1:]] == expected
    assert got == reference(doc, ModeParams())


@pytest.mark.parametrize(("tail", "merged"), [(48, True), (49, False)])
def test_a_merged_chunk_takes_another_short_one_up_to_1550_exactly(tail, merged):
    # read by hand: 600 + 599 make a 1,200 chunk; the 300 that overflows it is short and merges
    # (1,501); the image paragraph (list_images, images not at their anchor) adds no chunk after
    # it, so its own text of ``tail`` characters meets the same open chunk: 1,501 + 1 + 48 = 1,550
    # still fits, 1,501 + 1 + 49 does not
    picture = Block(PARAGRAPH, "t" * tail + " [Image: a cat]", lines=(9, 9), page=1, images=("aaaa.png",))
    blocks = (Block(HEADING, "H", level=1, lines=(1, 1), page=1), *_paras(600, 599, 300), picture)
    doc = Document("docx", blocks, images=IMAGES)
    got = structural_module.structural(doc, ModeParams(list_images=True))
    sizes = [len(c.content) for c in got if c.content_type != "image" and c.content_type != "heading"]
    assert sizes == ([1550] if merged else [1501, tail])
    assert got == reference(doc, ModeParams(list_images=True))
