"""Plain text: numbered lists wrapped without indentation keep their continuation lines, and a
wrapped line that starts with a number is not taken for an item (no character is lost)."""

from __future__ import annotations

from indexer import extract
from indexer.formats.text import text_blocks
from indexer.model import LIST, PARAGRAPH

REFERENCES = """References
1. Hugman, Barry J., ed. (2005). The PFA Footballers' Who's Who
2005/2006. Harpenden: Queen Anne Press. p. 348.
2. Armstrong, Mark (7 November 2019). "Next four games" (https://www.pin
kun.com/norwich-city/column-crucial-period-for-canaries-1-636241
0) from the original on 7 November 2019. Retrieved 9 July 2020.
3. Roberts 2004, p. 52"""


def test_wrapped_items_keep_their_lines_and_digits():
    blocks = text_blocks(REFERENCES)
    assert [b.kind for b in blocks] == [PARAGRAPH, LIST]
    assert [(i.text, i.ordered) for i in blocks[1].items] == [
        (
            "Hugman, Barry J., ed. (2005). The PFA Footballers' Who's Who 2005/2006. Harpenden: Queen Anne Press. p. 348.",
            True,
        ),
        (
            'Armstrong, Mark (7 November 2019). "Next four games" (https://www.pin'
            " kun.com/norwich-city/column-crucial-period-for-canaries-1-636241"
            " 0) from the original on 7 November 2019. Retrieved 9 July 2020.",
            True,
        ),
        ("Roberts 2004, p. 52", True),
    ]
    assert blocks[1].lines == (2, 7)


def test_short_items_and_the_next_number_stay_items():
    blocks = text_blocks("1. apples\n2. pears\nThat is all.\n\nSee the list below\n2) second\n3) third")
    assert [(b.kind, b.text) for b in blocks] == [
        (LIST, "apples\npears"),
        (PARAGRAPH, "That is all."),  # after a short item: not a continuation
        (PARAGRAPH, "See the list below\n2) second\n3) third"),  # mid-sentence, no 1: prose
    ]


def test_numbered_line_in_wrapped_prose_is_prose():
    text = "The results are in table 4 (see page\n12) and in the appendix."
    assert [(b.kind, b.text) for b in text_blocks(text)] == [(PARAGRAPH, text)]


def test_real_norwich_references(real_world):
    doc = extract(real_world / "txt" / "kreuzberg" / "norwich_city.txt")
    items = [i.text for b in doc.blocks if b.kind == LIST for i in b.items]
    # source lines 396-397: "…canaries-1-636241" / "0) from the original on 7 November 2019."
    assert any("canaries-1-636241 0) from the original on 7 November 2019." in t for t in items)
    assert not any(t.startswith("from the original on 7 November 2019") for t in items)
    # source lines 372-374: one item over three lines
    assert (
        "Hugman, Barry J., ed. (2005). The PFA Footballers' Who's Who 2005/2006. Harpenden: Queen Anne Press. p. 348. ISBN 1-85291- 662-1."
        in items
    )
    assert sum(b.kind == LIST for b in doc.blocks) < 60  # 83 pieces before


def test_a_line_in_capitals_after_a_long_item_is_no_continuation():
    # the item's line is long and ends mid-sentence, but the next line is a heading in capitals
    text = "- Keep a blanket, water and a torch in the car trunk\nWEATHER\nCheck the forecast first."
    blocks = text_blocks(text)
    assert blocks[0].kind == LIST
    assert [i.text for i in blocks[0].items] == ["Keep a blanket, water and a torch in the car trunk"]
    assert "WEATHER" in blocks[1].text


def test_a_sentence_closed_by_quotes_ends_the_line_before_a_number():
    # .' " closes the sentence: the number after it starts an item, it does not go on with it
    text = "Read it in 'A history of the club.' \"\n34. Rollin, J. (1980). Soccer at war.\n35. Roberts 2004"
    blocks = text_blocks(text)
    assert [b.kind for b in blocks] == [PARAGRAPH, LIST]
    assert [i.text for i in blocks[1].items] == ["Rollin, J. (1980). Soccer at war.", "Roberts 2004"]
