"""A poem's line numbers set in ``<span>`` elements at the ends of its lines are left out of the
lines, as plain text's margin numbers are; figures that number no verse stay."""

from __future__ import annotations

from indexer import extract_bytes
from indexer.api import extract
from indexer.formats.html import MARGIN_NUMBERS, html_blocks


def _poem(numbered: dict[int, str], lines: int = 12, tag: str = "div") -> str:
    out = []
    for n in range(1, lines + 1):
        number = numbered.get(n, "")
        out.append(f"<{tag}>Line {chr(96 + n)} of the poem,{number}</{tag}>")
    return "<body>" + "".join(out) + "</body>"


def _texts(html: str) -> tuple[list[str], list]:
    blocks, dropped = html_blocks(html)
    return [b.text for b in blocks], dropped


def test_line_numbers_at_line_ends_are_left_out():
    span = '<span class="lnum">{}</span>'
    texts, dropped = _texts(
        _poem({3: span.format(3), 6: span.format(6), 9: span.format(9), 12: span.format(12)})
    )
    assert texts[2] == "Line c of the poem," and texts[11] == "Line l of the poem,"
    assert not any(t[-1].isdigit() for t in texts)
    assert [(e.what, e.name) for e in dropped] == [(MARGIN_NUMBERS, "4 numbers")]
    # figures that number no verse stay
    span = "<span>{}</span>"
    for numbered in (
        {3: span.format(3), 6: span.format(6)},  # two numbers make no numbering
        {2: span.format(2), 4: span.format(4), 6: span.format(6)},  # every other line: figures
        {3: span.format(5), 6: span.format(12), 9: span.format(15)},  # off their step
        {3: span.format(9), 6: span.format(6), 9: span.format(3)},  # falling
    ):
        texts, dropped = _texts(_poem(numbered))
        assert [t for t in texts if t[-1].isdigit()] == [
            f"Line {chr(96 + n)} of the poem,{numbered[n][6:-7]}" for n in numbered
        ]
        assert dropped == []
    # a number inside its line is no margin number
    texts, _ = _texts("".join(f"<p>Costs <span>{n}</span> pounds</p>" for n in (10, 20, 30)))
    assert texts[0] == "Costs 10 pounds"


def test_figures_rising_on_a_step_at_line_ends_stay_when_lines_do_not_count_up_to_them():
    # years at the ends of a list's items and prices in a table's cells rise on a step and are
    # multiples of it, as a poem's numbers are, but one line apart where they differ by 10
    year = '<span class="year">{}</span>'
    price = '<span class="price">{}</span>'
    html = (
        "<body><h2>History</h2><ul>"
        f"<li>Founded in Leeds in {year.format(1990)}</li>"
        f"<li>First shop opened in {year.format(2000)}</li>"
        f"<li>Listed on the exchange in {year.format(2010)}</li></ul>"
        "<table><tr><th>Plan</th><th>Seats</th></tr>"
        f"<tr><td>Starter {price.format(10)}</td><td>1</td></tr>"
        f"<tr><td>Team {price.format(20)}</td><td>5</td></tr>"
        f"<tr><td>Business {price.format(50)}</td><td>20</td></tr></table></body>"
    )
    texts, dropped = _texts(html)
    assert texts[1] == "Founded in Leeds in 1990\nFirst shop opened in 2000\nListed on the exchange in 2010"
    assert "| Starter 10 | 1 |" in texts[2] and "| Business 50 | 20 |" in texts[2]
    assert dropped == []
    # a poem's numbers count its lines, not the blank ones between stanzas nor a part's title
    span = '<span class="lnum">{}</span>'
    stanzas = [
        [f"Line {chr(96 + n)}" + (span.format(n) if n % 3 == 0 else "") for n in range(k, k + 4)]
        for k in (1, 5, 9)
    ]
    html = "<body>" + "<h3>II</h3><p></p>".join(
        "<div>" + "".join(f"<div>{line}</div>" for line in stanza) + "</div>" for stanza in stanzas
    )
    texts, dropped = _texts(html + "</body>")
    assert "Line c" in texts and "Line l" in texts and not any(t[-1].isdigit() for t in texts)
    assert dropped[0].name == "4 numbers"


def test_line_numbers_opening_lines_between_breaks_are_left_out():
    lines = [
        f"<span class='linenum'>{n}</span>Verse {n}" if n % 5 == 0 else f"Verse {n}" for n in range(1, 16)
    ]
    texts, dropped = _texts("<p>" + "<br>".join(lines) + "</p>")
    assert texts == ["\n".join(f"Verse {n}" for n in range(1, 16))]
    assert dropped[0].name == "3 numbers"


def test_a_web_page_lists_them_with_headers_and_footers_removed():
    span = '<span class="lnum">{}</span>'
    doc = extract_bytes(_poem({5: span.format(5), 10: span.format(10), 12: ""}, 12).encode(), "poem.html")
    assert doc.coverage.headers_footers_removed == ()  # two numbers: figures
    doc = extract_bytes(
        _poem({4: span.format(4), 8: span.format(8), 12: span.format(12)}).encode(), "poem.html"
    )
    assert doc.coverage.headers_footers_removed == (MARGIN_NUMBERS,)
    assert doc.coverage.skipped == ()
    assert "Line d of the poem,\n" in doc.text + "\n"


def test_the_waste_land_reads_without_its_line_numbers(real_world):
    # wasteland-content.xhtml: "into the Hofgarten,<span class="lnum">10</span>", "Son of
    # man,<a …noteref…>*</a><span class="lnum">20</span>", 17 numbers 10 … 170 (lines 10 to 170)
    doc = extract(real_world / "epub" / "kreuzberg" / "wasteland.epub")
    lines = [b.text for b in doc.blocks]
    assert "And went on in sunlight, into the Hofgarten," in lines
    assert "Out of this stony rubbish? Son of man,[^*]" in lines
    assert "I will show you fear in a handful of dust." in lines
    assert "From which a golden Cupidon peeped out" in lines
    assert doc.coverage.headers_footers_removed == (MARGIN_NUMBERS,)
    # the notes at the end keep their line numbers: they are text, not margin numbers
    assert "Line 20. Cf. Ezekiel 2:1." in lines and "23. Cf. Ecclesiastes 12:5." in lines
