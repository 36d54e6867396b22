"""Properties of every document mode on generated documents: bounds, no lost text, determinism."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from indexer.api import chunk_document
from indexer.model import Block, Document, ListItem, assemble, render_list, render_table
from indexer.modes import ModeParams, registry

from .helpers import code, heading, para, table

DOC_MODES = ("structural", "section", "semantic", "sliding_window", "sentence", "page_aware")
PROSE = {"plain_paragraph", "long_single_paragraph", "short_disconnected_paragraph"}

words = st.one_of(
    st.sampled_from(
        ["alpha", "Beta.", "gamma,", "Dr.", "However,", "this", "it", "3.5", "漢字", "end?", "e.g."]
    ),
    st.text(alphabet="abcXYZ .!?", min_size=1, max_size=12),
    st.integers(1, 3000).map(lambda n: "w" * n),  # sometimes a single word longer than any bound
)
line = st.lists(words, min_size=1, max_size=60).map(" ".join)
text = st.lists(line, min_size=1, max_size=4).map("\n".join)


@st.composite
def blocks(draw, with_tables: bool) -> list[Block]:
    kinds = ["heading", "para", "para", "list", "code"] + (["table"] if with_tables else [])
    out = []
    for kind in draw(st.lists(st.sampled_from(kinds), min_size=0, max_size=14)):
        if kind == "heading":
            out.append(heading(draw(line)[:200], draw(st.integers(1, 4))))
        elif kind == "para":
            out.append(para(draw(text)))
        elif kind == "list":
            items = tuple(
                ListItem(t, draw(st.integers(0, 2))) for t in draw(st.lists(line, min_size=1, max_size=30))
            )
            out.append(Block("list", render_list(items), items=items))
        elif kind == "code":
            out.append(code(draw(text)))
        else:
            rows = draw(st.lists(st.tuples(line, line), min_size=1, max_size=40))
            out.append(table(("a", "b"), rows))
    return out


def make(bs: list[Block]) -> Document:
    return assemble("md", [b for b in bs if b.text.strip()], metadata={"source_type": "md"})


def squash(s: str) -> str:
    return "".join(s.split())


def atoms(d: Document) -> set[str]:
    """Units no mode may cut: the lines of code blocks and the rows of tables."""
    out: set[str] = set()
    for b in d.blocks:
        if b.kind in ("code", "table"):
            out.update(x.strip() for x in b.text.split("\n"))
    return out


def within_bound(mode: str, chunk, uncuttable: set[str]) -> bool:
    """The mode's size bound, or a single unit that cannot be cut (one row, code line or word)."""
    bound = registry.resolve("document", mode).bound
    if bound is None:
        return True
    limit = 1550 if mode == "structural" and chunk.content_type in PROSE else bound
    if len(chunk.content) <= limit:
        return True
    body = chunk.content.split("\n")
    if (
        chunk.content_type in ("table", "section", "semantic", "page_aware")
        and len(body) > 2
        and "---" in body[1]
    ):
        body = body[2:]  # the repeated header and separator of a table part
    return len(body) == 1 and (" " not in body[0].strip() or body[0].strip() in uncuttable)


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(blocks(with_tables=True))
def test_every_mode_obeys_its_bound_and_is_deterministic(bs):
    d = make(bs)
    uncuttable = atoms(d)
    for mode in DOC_MODES:
        first = chunk_document(d, mode, ModeParams())
        assert first == chunk_document(d, mode, ModeParams()), mode
        for c in first:
            assert c.content.strip(), mode
            assert within_bound(mode, c, uncuttable), (mode, c.content_type, len(c.content))
            assert "source_lines" in c.metadata, mode


@SETTINGS
@given(blocks(with_tables=False))
def test_non_overlapping_modes_keep_every_character_in_order(bs):
    """Joined in order, the chunks of a non-overlapping mode hold exactly the documents's
    non-blank text (whitespace aside): nothing lost, nothing duplicated."""
    d = make(bs)
    source = squash("".join(b.text for b in d.blocks))
    for mode in ("structural", "section", "semantic", "sentence", "page_aware"):
        got = squash("".join(c.content for c in chunk_document(d, mode, ModeParams())))
        assert got == source, mode
    flat = chunk_document(d, "sliding_window", ModeParams(window_size=2, overlap=0))
    assert squash("".join(c.content for c in flat)) == source


@SETTINGS
@given(blocks(with_tables=True))
def test_tables_lose_no_row(bs):
    d = make(bs)
    for mode in ("structural", "section", "semantic", "page_aware"):
        out = squash("".join(c.content for c in chunk_document(d, mode, ModeParams())))
        for b in d.blocks:
            if b.kind == "table":
                for row in b.rows:
                    assert squash(render_table(None, [row]).split("\n")[-1]) in out, mode


def test_empty_document_gives_no_chunks_in_every_mode():
    empty = Document("md", ())
    for mode in ("default", *DOC_MODES):
        assert chunk_document(empty, mode) == []
        assert registry.resolve("document", mode).func(empty, ModeParams()) == []


@SETTINGS
@given(
    st.lists(
        st.tuples(
            st.one_of(st.none(), st.tuples(st.integers(1, 50), st.integers(0, 5))),
            st.one_of(st.none(), st.integers(1, 9)),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_provenance_shortcut_matches_provenance(specs):
    from indexer.modes._common import _provenance
    from indexer.provenance import provenance

    bs = [
        para("x", lines=(lines[0], lines[0] + lines[1]) if lines else None, page=page)
        for lines, page in specs
    ]
    assert _provenance(bs) == provenance(bs)
