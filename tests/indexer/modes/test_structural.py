"""structural / default: the 1,200 → 1,550 contract, classification, atomic splits, images."""

from __future__ import annotations

import pytest

from indexer.api import chunk_document
from indexer.model import Image
from indexer.modes import ModeParams, key_for

from .helpers import bullets, code, doc, heading, image, para, table


def chunks(d, **params):
    return [c.to_dict() for c in chunk_document(d, "default", ModeParams(**params))]


def test_default_resolves_to_structural():
    assert key_for("document", "default", ModeParams()) == "structural"
    d = doc(heading("T"), para("x" * 100))
    assert chunks(d) == [c.to_dict() for c in chunk_document(d, "structural", ModeParams())]


def test_headings_and_prose_classification():
    # 40 chars, 100 chars and 950 chars: short / plain / long by the 90 and 900 thresholds.
    d = doc(
        heading("Guide", 1),
        para("A" * 40),
        heading("Part one", 2),
        para("B" * 100),
        heading("Part two", 2),
        para("C" * 950),
    )
    out = chunks(d)
    assert [(c["content_type"], c["content"][:8]) for c in out] == [
        ("heading", "Guide"),
        ("short_disconnected_paragraph", "A" * 8),
        ("heading", "Part one"),
        ("plain_paragraph", "B" * 8),
        ("heading", "Part two"),
        ("long_single_paragraph", "C" * 8),
    ]
    # the heading chunk names its enclosing heading; content names the current one
    assert out[2]["metadata"]["section_heading"] == "Guide"
    assert out[2]["metadata"]["section_level"] == 2
    assert out[0]["metadata"]["section_heading"] is None
    assert out[3]["metadata"]["section_heading"] == "Part one"
    assert out[3]["metadata"]["heading_path"] == ["Guide", "Part one"]
    assert out[3]["metadata"]["document_metadata"] == {"source_type": "md"}
    # assemble numbers blocks with a blank line between: heading 1, A 3, Part one 5, B 7 …
    assert out[3]["metadata"]["source_lines"] == [7, 7]


def test_paragraphs_accumulate_up_to_1200_then_short_tail_merges_to_1550():
    # three paragraphs of 500: 500+1+500 = 1001 fits, +501 would be 1502 > 1200 → flush.
    # The third (500) is not short (≥ 350), so it stays alone.
    d = doc(para("a" * 500), para("b" * 500), para("c" * 500))
    out = chunks(d)
    assert [len(c["content"]) for c in out] == [1001, 500]
    # 1001 + 1 + 250 > 1200 → flush; 250 + 1 + 300 = 551 packs into the next chunk (not short)
    d = doc(para("a" * 500), para("b" * 500), para("c" * 250), para("d" * 300))
    assert [len(c["content"]) for c in chunks(d)] == [1001, 551]
    # a 300-character tail alone (< 350) merges back: 1001 + 1 + 300 = 1302 ≤ 1550
    d = doc(para("a" * 500), para("b" * 500), para("d" * 300))
    assert [len(c["content"]) for c in chunks(d)] == [1302]


def test_short_tail_merge_exact():
    # 1000 + 1 + 300 = 1301 > 1200 → the 300 starts a new prose chunk, then merges back (≤ 1550)
    d = doc(para("a" * 1000), para("b" * 300))
    out = chunks(d)
    assert len(out) == 1
    assert out[0]["content"] == "a" * 1000 + "\n" + "b" * 300
    assert out[0]["content_type"] == "long_single_paragraph"
    # 1200 + 1 + 349 = 1550: still merges; 1200 + 1 + 350 is not short → stays apart
    assert len(chunks(doc(para("a" * 1200), para("b" * 349)))) == 1
    assert len(chunks(doc(para("a" * 1200), para("b" * 350)))) == 2


def test_long_paragraph_cut_at_sentences_then_words():
    sentence = "The quick brown fox jumps over the lazy dog. "  # 45 chars
    d = doc(para((sentence * 40).strip()))  # 1799 chars
    out = chunks(d)
    assert all(len(c["content"]) <= 1200 for c in out)
    assert all(c["content"].endswith("dog.") for c in out)  # cut at a sentence end
    assert " ".join(c["content"] for c in out) == (sentence * 40).strip()
    words = " ".join(["word"] * 600)  # no sentence end: cut at a word
    out = chunks(doc(para(words)))
    assert all(len(c["content"]) <= 1550 for c in out)
    assert all(not c["content"].startswith(" ") and "wor " not in c["content"] for c in out)
    assert " ".join(c["content"] for c in out) == words


def test_table_split_between_rows_with_header_repeated():
    rows = [(f"r{i:02d}", "x" * 40) for i in range(60)]  # each row line "| r00 | xxx… |" = 51 chars
    out = chunks(doc(table(("Key", "Value"), rows)))
    assert {c["content_type"] for c in out} == {"table"}
    assert len(out) > 1
    for c in out:
        lines = c["content"].split("\n")
        assert lines[0] == "| Key | Value |" and lines[1] == "| --- | --- |"
        assert len(c["content"]) <= 1200
    body = [line for c in out for line in c["content"].split("\n")[2:]]
    assert body == [f"| r{i:02d} | {'x' * 40} |" for i in range(60)]
    # row_range follows the source rows (first data row is source row 2)
    assert out[0]["metadata"]["row_range"][0] == 2
    assert out[-1]["metadata"]["row_range"][1] == 61


def test_single_wide_row_may_exceed():
    out = chunks(doc(table(("K",), [("y" * 1500,), ("z",)])))
    assert [len(c["content"]) > 1200 for c in out] == [True, False]


def test_list_and_code_split_between_items_and_lines():
    items = [f"item {i} " + "i" * 50 for i in range(40)]
    out = chunks(doc(bullets(*items)))
    assert {c["content_type"] for c in out} == {"bullet_list"}
    assert all(len(c["content"]) <= 1200 for c in out)
    assert [line for c in out for line in c["content"].split("\n")] == items
    lines = [f"    line_{i} = {i}" for i in range(100)]
    out = chunks(doc(code("\n".join(lines))))
    assert {c["content_type"] for c in out} == {"code_block"}
    assert [line for c in out for line in c["content"].split("\n")] == lines  # indentation kept


def test_image_placeholders_and_extraction():
    imgs = (Image("aaaa.png", "png", b"1", alt="a cat"), Image("bbbb.png", "png", b"2", alt="a dog"))
    d = doc(
        heading("Pets"),
        para("Intro text."),
        para("Look: [Image: a cat] and [Image: a dog] here.", images=("aaaa.png", "bbbb.png")),
        image("a bird"),
        images=imgs,
    )
    out = chunks(d)
    assert [c["content_type"] for c in out] == ["heading", "short_disconnected_paragraph", "image", "image"]
    assert out[2]["content"] == "Look: [Image: a cat] and [Image: a dog] here."
    assert out[3]["content"] == "[Image: a bird]"
    listed = chunks(d, list_images=True)
    # every image of the paragraph, first in the list; the paragraph's own text is kept
    assert [c["content"] for c in listed[:2]] == ["aaaa.png", "bbbb.png"]
    assert listed[0]["metadata"]["image_name"] == "aaaa.png"
    assert listed[1]["metadata"]["alt_text"] == "a dog"
    assert listed[0]["metadata"]["source_lines"] == [5, 5]
    texts = [c["content"] for c in listed]
    assert any("Look: and here." in t for t in texts)
    assert "[Image: a bird]" in texts  # not extracted (no image bytes): placeholder stays


def test_images_at_anchor_stay_in_place():
    imgs = (Image("aaaa.png", "png", b"1", alt="a cat"),)
    d = doc(heading("H"), para("Before."), para("[Image: a cat]", images=("aaaa.png",)), images=imgs)
    d_anchor = doc(
        heading("H"),
        para("Before."),
        para("[Image: a cat]", images=("aaaa.png",)),
        images=imgs,
        images_at_anchor=True,
    )
    assert [c["content"] for c in chunks(d, list_images=True)][0] == "aaaa.png"
    assert [c["content"] for c in chunks(d_anchor, list_images=True)] == ["H", "Before.", "aaaa.png"]


def test_cjk_counts_characters():
    text = "漢" * 1000  # 3000 bytes in UTF-8, 1000 characters: one chunk
    out = chunks(doc(para(text)))
    assert len(out) == 1 and out[0]["content_type"] == "long_single_paragraph"


@pytest.mark.parametrize("mode", ["default", "structural"])
def test_empty_document_gives_no_chunks(mode):
    assert chunk_document(doc(), mode) == []


def test_blank_blocks_give_no_chunks():
    from indexer.model import Block, Document

    blank = Document("md", (Block("heading", " ", level=1), Block("table", ""), Block("paragraph", "\n")))
    for mode in ("structural", "section", "semantic", "sliding_window", "sentence", "page_aware"):
        assert chunk_document(blank, mode) == [], mode


def test_the_parts_of_a_long_fenced_code_block_name_their_own_lines():
    # line 1 heading, 3 the opening fence, 4-63 sixty code lines of 30 characters, 64 the
    # closing fence. 38 lines make 38 * 31 - 1 = 1,177 characters (39 would pass 1,200), so the
    # first part is x_00-x_37 (lines 4-41, from the fence: 3-41), the second x_38-x_59 (42-63,
    # to the closing fence: 42-64).
    from indexer import extract

    body = [f"x_{i:02d} = '{'a' * 21}'" for i in range(60)]
    assert {len(line) for line in body} == {30}
    source = "# Title\n\n```python\n" + "\n".join(body) + "\n```\n"
    parts = [
        c for c in chunk_document(extract(source.encode(), filename="c.md")) if c.content_type == "code_block"
    ]
    assert [c.content.splitlines()[0][:4] for c in parts] == ["x_00", "x_38"]
    assert [c.metadata["source_lines"] for c in parts] == [[3, 41], [42, 64]]
    lines = source.split("\n")
    assert lines[42 - 1].startswith("x_38") and lines[41 - 1].startswith("x_37")  # 1-based


def test_the_parts_of_a_long_list_of_wrapped_items_name_their_own_lines():
    # line 1 heading; items from line 3, each on two source lines (item i on 3 + 2i and 4 + 2i),
    # each one text line of 8 + 40 + 13 = 61 characters. 19 items make 19 * 62 - 1 = 1,177
    # characters (20 would pass 1,200): the first part is items 0-18 (lines 3-40), the second
    # items 19-29 (lines 41-62).
    from indexer import extract

    source = "# Refs\n\n" + "".join(f"- item {i:02d} {'a' * 40}\n  continued {i:02d}\n" for i in range(30))
    parts = [
        c
        for c in chunk_document(extract(source.encode(), filename="l.md"))
        if c.content_type == "bullet_list"
    ]
    assert [len(c.content.splitlines()[0]) for c in parts] == [61, 61]
    assert [c.content.splitlines()[0][:7] for c in parts] == ["item 00", "item 19"]
    assert [c.metadata["source_lines"] for c in parts] == [[3, 40], [41, 62]]
    lines = source.split("\n")
    assert lines[41 - 1] == f"- item 19 {'a' * 40}" and lines[62 - 1] == "  continued 29"
