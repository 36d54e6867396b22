"""Plain text: a poem's line numbers in the right margin are left out of its lines; figures at
the ends of lines that are no such numbering stay."""

from __future__ import annotations

from indexer import get_chunks
from indexer.formats.text import extract_text
from indexer.model import PARAGRAPH

from ._text_helpers import CTX, assert_lines_valid

POEM = (
    "The Evening\n"
    "\n"
    "The light goes down across the hill,\n"
    "And all the fields are cool and still;\n"
    "The shepherd calls his flock to fold,\n"
    "The river runs in ribbons gold,\n"
    "And the sun set behind the mill.        5\n"
    "\n"  # a stanza break: not counted
    "The birds are quiet in the wood,\n"
    "The children come in as they should,\n"
    "The lamps are lit in every pane,\n"
    "The cattle low along the lane,\n"
    "And all the world is calm and good. \t  10\n"
)


def test_a_poems_margin_numbers_are_left_out_of_its_lines_other_figures_stay():
    doc = extract_text(POEM.encode(), CTX)
    assert doc.text == POEM  # the source keeps them
    assert [(b.kind, b.lines) for b in doc.blocks] == [
        (PARAGRAPH, (1, 1)),
        (PARAGRAPH, (3, 7)),
        (PARAGRAPH, (9, 13)),
    ]
    assert doc.blocks[1].text.split("\n")[-1] == "And the sun set behind the mill."
    assert doc.blocks[2].text.split("\n")[-1] == "And all the world is calm and good."
    assert doc.coverage.headers_footers_removed == ("margin line numbers",)
    assert_lines_valid(doc)
    # figures at the ends of lines that number no poem stay
    contents = "Contents\n\nIntroduction      1\nMethods      2\nResults      3\nDiscussion      4\n"
    prices = "Prices\n\nTea      1\nCoffee\nMilk      3\n"  # every other line: no verse numbering
    off_step = "Stock\n\nBolts      5\nNuts\nScrews\nWashers\nRivets      12\n"  # 12 - 5 is 7 lines
    no_stanza = (
        "Tally\n\nFirst entry\nSecond entry      5\nc\nd\ne\nf\nSeventh entry      10\n"  # 1 is no first line
    )
    for text in (contents, prices, off_step, no_stanza):
        doc = extract_text(text.encode(), CTX)
        assert "\n\n".join(b.text for b in doc.blocks) == text.strip(), text
        assert doc.coverage.headers_footers_removed == ()


def test_sentences_of_a_numbered_poem_hold_no_line_number(tmp_path):
    path = tmp_path / "evening.txt"
    path.write_text(POEM, encoding="utf-8")
    texts = [c["content"] for c in get_chunks(path, mode="sentence")]
    assert "10" not in texts  # the last line's number was a chunk of its own
    assert not any(" 5 " in t or t.endswith(" 10") for t in texts)
    assert any("behind the mill. The birds" in t for t in texts)
