"""Lines and heading levels: a piece of pdfium's text that runs over several baselines is split
into its lines, and the size of a line does not hang on three sampled characters. Expected
values were read off the rendered pages of the real files."""

from __future__ import annotations

from indexer import extract
from indexer.model import HEADING


def test_a_slide_title_pdfium_joined_to_its_list_is_a_heading_again(real_world):
    # slide 16: pdfium gives "Test Hardware o Intel(R) Xeon(R) CPU …" as one piece of text from
    # the 77 pt title's baseline down to the first item's, with no line break between them
    doc = extract(
        real_world
        / "pdf"
        / "kreuzberg"
        / "100_g_networking_technology_overview_slides_toronto_august_2016.pdf"
    )
    slide = [b for b in doc.blocks if b.page == 16]
    title = next(b for b in slide if b.kind == HEADING)
    assert title.text == "Test Hardware"
    assert not any("Test Hardware" in b.text for b in slide if b is not title)
    assert any(b.text.startswith("o Intel(R) Xeon(R) CPU E5-2667 v3") for b in slide)
