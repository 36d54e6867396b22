"""Web and e-mail addresses cut at a line end: the lines join without a space inside the address,
and with one where a sentence goes on after it."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from indexer import extract
from indexer.formats._pdf_layout import join_lines

#: a paragraph's lines as a typesetter broke them, each address cut at a line's end
LINES = (
    "Comments on this proposal may be sent through the eRulemaking Portal at https://",
    "www.regulations.gov by searching for the docket number, or by e-mail to AD-Inquiry@",
    "faa.gov with the docket number in the subject line. The drafts are posted at https://www.faa.gov/",
    "aircraft/draft_docs/fsb/ for each model. The portal's address is https://www.regulations.gov/",
    "Then follow the instructions for submitting comments given on its first page.",
)
TEXT = (
    "Comments on this proposal may be sent through the eRulemaking Portal at https://www.regulations.gov "
    "by searching for the docket number, or by e-mail to AD-Inquiry@faa.gov with the docket number in the "
    "subject line. The drafts are posted at https://www.faa.gov/aircraft/draft_docs/fsb/ for each model. "
    "The portal's address is https://www.regulations.gov/ Then follow the instructions for submitting "
    "comments given on its first page."
)


def _document() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    c.setFont("Times-Roman", 10)
    for n, line in enumerate(LINES):
        c.drawString(72, 700 - 12 * n, line)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_an_address_cut_at_a_line_end_is_joined_without_a_space():
    assert [(b.kind, b.text) for b in extract(_document(), filename="comments.pdf").blocks] == [
        ("paragraph", TEXT)
    ]


def test_only_what_continues_an_address_joins_to_it():
    # a scheme or "www." alone, a mail's local part before a domain, a path's part before one
    # holding a slash, a query's marks or an escape
    assert join_lines(["at (http://", "example.org/a)"]) == "at (http://example.org/a)"
    assert join_lines(["see www.", "example.org"]) == "see www.example.org"
    assert join_lines(["to doug.rudolph@", "faa.gov."]) == "to doug.rudolph@faa.gov."
    assert join_lines(["at https://x.gov/a.aspx?mode=", "Publication&doctype=MMEL."]) == (
        "at https://x.gov/a.aspx?mode=Publication&doctype=MMEL."
    )
    assert (
        join_lines(["(http://x.id/baru/2018%20-", "%20035%20-%20PK.pdf)"])
        == "(http://x.id/baru/2018%20-%20035%20-%20PK.pdf)"
    )
    # a sentence going on after an address, or after a word ending in one of those marks, keeps
    # its space: a plain word is no part of an address, an "@" needs a domain after it
    assert (
        join_lines(["at https://www.regulations.gov.", "Follow the"])
        == "at https://www.regulations.gov. Follow the"
    )
    assert join_lines(["see http://a.org/", "then read"]) == "see http://a.org/ then read"
    assert join_lines(["the end.", "e.g. this"]) == "the end. e.g. this"
    assert join_lines(["ask me@", "home"]) == "ask me@ home"
    assert join_lines(["a ratio of 3:", "www.x.org"]) == "a ratio of 3: www.x.org"
    # addresses one a line (word2vec.pdf's footnotes) stay apart
    assert join_lines(["http://metaoptimize.com/projects/wordreprs/", "http://www.fit.vutbr.cz/"]) == (
        "http://metaoptimize.com/projects/wordreprs/ http://www.fit.vutbr.cz/"
    )
    assert join_lines(["see www.a.org/", "www.b.org/x"]) == "see www.a.org/ www.b.org/x"
    # a hyphen cut outside an address is read as before
    assert join_lines(["a multi-", "valued function"]) == "a multivalued function"


def test_addresses_cut_at_line_ends_in_a_real_document(real_world):
    # federal-register-2020-17221.pdf: "https://" / "www.regulations.gov", "…AD-Inquiry@" /
    # "faa.gov.", "https://www.faa.gov/" / "aircraft/draft_docs/fsb/"
    doc = extract(
        real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf", options={"ocr": "never"}
    )
    text = "\n".join(b.text for b in doc.blocks)
    assert "https:// " not in text and "@ faa.gov" not in text
    assert "found on the internet at https://www.regulations.gov by searching" in text
    assert "9-FAA-SACO-AD-Inquiry@faa.gov." in text
    assert "https://www.faa.gov/aircraft/draft_docs/fsb/" in text
    # a sentence after an address at a line's end keeps its space
    assert "https://www.regulations.gov. Follow the instructions" in text
