"""Plain text: a rule of dashes far longer than the line above it, or under a line starting with
``--`` (a mail signature's box), is not a heading underline; a title's own underline still is
(hand-checked texts)."""

from __future__ import annotations

from indexer import extract
from indexer.formats.text import text_blocks
from indexer.model import HEADING, PARAGRAPH

SIGNATURE = """Thanks,

Eric
---------------------------------------------------------------------
Eric Rosenquist, Strata Software Limited
Quote: I discovered a meal between breakfast and brunch!
         -- Homer Simpson
---------------------------------------------------------------------
"""


def test_signature_box_is_not_a_heading():
    blocks = text_blocks(SIGNATURE)
    assert [(b.kind, b.lines) for b in blocks] == [(PARAGRAPH, (1, 1)), (PARAGRAPH, (3, 8))]
    assert blocks[1].text.splitlines()[0] == "Eric"
    assert blocks[1].text.splitlines()[4] == "         -- Homer Simpson"  # indented as typed


def test_underlines_as_long_as_their_title_stay_headings():
    text = "Report\n======\nbody\n\nKey metrics\n-------------\nmore\n\n-- not a title\n--------------\n"
    blocks = text_blocks(text)
    assert [(b.kind, b.level, b.text) for b in blocks if b.kind == HEADING] == [
        (HEADING, 1, "Report"),
        (HEADING, 2, "Key metrics"),
    ]
    assert blocks[-1].text == "-- not a title\n--------------"


def test_real_mbox_signature_is_not_a_section(real_world):
    # messages 21 and 22 of the mbox end with "Eric" over a 69-dash rule, the signature, and
    # "-- Homer Simpson" over another rule
    doc = extract(real_world / "mbox" / "MimeKit_content-length.mbox")
    headings = {b.text for b in doc.blocks if b.kind == HEADING}
    assert "Eric" not in headings and "-- Homer Simpson" not in headings
    signatures = [b for b in doc.blocks if b.text.startswith("Eric\n-----")]
    assert [b.meta["message_index"] for b in signatures] == [21, 22]
    assert all(b.text.endswith("-- Homer Simpson\n" + "-" * 69) for b in signatures)
