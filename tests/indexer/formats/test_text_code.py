"""Plain text: in a program (most lines ending in ``;`` or a bracket) a line in capitals or a
``# …`` line is a comment, not a heading, nor is a line in capitals after a comment marker;
prose keeps its headings (hand-checked texts and real files)."""

from __future__ import annotations

import indexer
from indexer.formats.text import text_blocks
from indexer.model import HEADING, PARAGRAPH

SCRIPT = """#!/bin/sh
# Install the packages
apt-get update;
apt-get install -y curl;

INSTALL DONE
if [ -f /etc/profile ]; then
  . /etc/profile;
fi;
run() {
  echo "$1";
}
"""

COMMENT_IN_PROSE = """The survey asks one question.

; USAGE:
(survey-short-answer "How are you?")

SUMMARY
The answers are mailed back.
"""


def test_script_has_no_headings():
    blocks = text_blocks(SCRIPT)
    assert [b.kind for b in blocks] == [PARAGRAPH, PARAGRAPH]
    assert blocks[0].text.splitlines()[1] == "# Install the packages"
    assert blocks[1].text.splitlines()[0] == "INSTALL DONE"


def test_line_after_a_comment_marker_is_no_heading():
    blocks = text_blocks(COMMENT_IN_PROSE)
    assert [(b.kind, b.text.splitlines()[0]) for b in blocks] == [
        (PARAGRAPH, "The survey asks one question."),
        (PARAGRAPH, "; USAGE:"),
        (HEADING, "SUMMARY"),  # prose (2 of its 6 lines end in a bracket): its title stays one
        (PARAGRAPH, "The answers are mailed back."),
    ]


def test_real_atomicmail_program_has_no_headings(real_world):
    # the application/atomicmail part of startrek.eml (its lines 3535-3893, the message's last)
    # is a Lisp program whose comments include "; USAGE:" and "; THIS IS THE END OF BOILERPLATE
    # CODE FOR THE RECIPIENTS"; the plain invitation opening the message (line 22) has its title
    # in capitals
    doc = indexer.extract(real_world / "eml" / "MimeKit" / "startrek.eml")
    headings = [b.text for b in doc.blocks if b.kind == HEADING]
    assert "*** STAR TREK 25TH ANNIVERSARY PARTY ***" in headings
    assert not [h for h in headings if h.startswith(";")]
    start = next(i for i, b in enumerate(doc.blocks) if b.text == "Attachment: application/atomicmail")
    program = doc.blocks[start + 1 :]  # the last part of the message
    assert {b.kind for b in program} == {PARAGRAPH}
    usage = [b for b in program if b.text.startswith("; USAGE:\n;(SURVEY-BRANCH")]
    assert len(usage) == 1
    assert any(b.text.startswith("; THIS IS THE END OF BOILERPLATE CODE") for b in program)


def test_real_prose_keeps_its_capital_headings(playground):
    # structured_report.txt: its title (underlined) and ten section names in capitals
    doc = indexer.extract(playground / "structured_report.txt")
    headings = [b.text for b in doc.blocks if b.kind == HEADING]
    assert headings[0] == "QUARTERLY SYSTEM HEALTH REPORT"
    assert headings[-1] == "CONTACT"
    assert len(headings) == 11
