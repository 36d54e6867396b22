"""A plain mail body's ``>`` is a quote mark only in column one. A line indented before its ``>``
(typed so, or space-stuffed by a format=flowed writer, RFC 3676) is text: get_markdown shows it
as the words it holds, a backslash before the ``>``, not as a blockquote. Built messages, each
expected text written out by hand from the lines sent."""

from __future__ import annotations

from indexer import extract_bytes, get_markdown
from indexer.formats.email import flowed_text

from ._outlook import outlook_message


def _message(body: str, flowed: bool) -> bytes:
    params = "; format=flowed" if flowed else ""
    head = (
        "From: ann@example.org\nTo: bob@example.org\nSubject: Marks\n"
        f"Content-Type: text/plain; charset=utf-8{params}\nContent-Transfer-Encoding: 8bit\n\n"
    )
    return (head + body).encode()


def _markdown_body(data: bytes, name: str) -> str:
    """The Markdown after the subject heading and the header paragraph."""
    text = get_markdown(data, filename=name)
    return text.split("Subject: Marks\n\n", 1)[1]


def _body_texts(data: bytes, name: str) -> list[str]:
    return [b.text for b in extract_bytes(data, name).blocks[2:]]


def test_a_stuffed_line_starting_with_a_mark_is_text_in_flowed_mail():
    # " >50 mg" is a stuffed ">50 mg": a line quoting nothing; "> Are" quotes at depth 1
    body = "The dose is\n >50 mg\nfor adults.\n\n> Are you sure?\n"
    md = _markdown_body(_message(body, flowed=True), "dose.eml")
    assert md.rstrip("\n") == "The dose is\n \\>50 mg\nfor adults.\n\n> Are you sure?"
    # the words are kept: the literal ">50 mg" follows its paragraph's first line
    assert _body_texts(_message(body, flowed=True), "dose.eml") == [
        "The dose is\n >50 mg\nfor adults.",
        "> Are you sure?",
    ]


def test_a_stuffed_mark_line_alone_is_a_paragraph_of_text():
    md = _markdown_body(_message(" >>> print(1)\n", flowed=True), "repl.eml")
    assert md.rstrip("\n") == "\\>>> print(1)"


def test_flowed_text_keeps_the_stuffing_of_a_mark_line_only():
    # " From x" and "  two" lose their stuffed space; " >x" keeps it (its '>' is text); ">> y"
    # is depth 2 whatever follows; a stuffed mark line flowing on is joined with the next one
    text = " From x\n  two\n >x\n>> y\n >a \nb\n"
    assert flowed_text(text) == "From x\n two\n >x\n>> y\n >a b\n"


def test_an_indented_mark_is_text_in_plain_mail():
    # one space before a line is a slip of layout, taken off a paragraph's lines with the rest
    body = "Results:\n > 3 hits\n < 5 misses\n\n> quoted line\n\n    > indented alone\n"
    md = _markdown_body(_message(body, flowed=False), "plain.eml")
    assert md.rstrip("\n") == "Results:\n \\> 3 hits\n< 5 misses\n\n> quoted line\n\n\\> indented alone"


def test_an_outlook_plain_body_reads_its_indented_mark_as_text():
    body = "Results:\n > 3 hits\n\n> quoted line\n"
    md = get_markdown(outlook_message("Marks", body), filename="plain.msg")
    assert "Results:\n \\> 3 hits" in md
    assert "\n> quoted line" in md


def test_a_mark_after_a_quote_mark_and_a_space_is_text_when_words_follow_it():
    # "> >50 mg" quotes the line ">50 mg" once: the second ">" has no space after it, so it is
    # the text's (a threshold), not a deeper quote; "> > 20 mg" is a line quoted twice
    body = "Bob wrote:\n> >50 mg\n> for adults\n\n> > 20 mg for children\n"
    md = _markdown_body(_message(body, flowed=False), "dose.eml")
    assert md.rstrip("\n") == "Bob wrote:\n\n> \\>50 mg\n> for adults\n\n> > 20 mg for children"
    # the same lines sent format=flowed: the depth is counted the same way
    md = _markdown_body(_message(body, flowed=True), "dose.eml")
    assert md.rstrip("\n") == "Bob wrote:\n\n> \\>50 mg\n> for adults\n\n> > 20 mg for children"


def test_flowed_text_counts_a_spaced_mark_only_before_a_space_or_the_end():
    assert flowed_text("> >50 mg") == "> >50 mg"  # depth 1, its text ">50 mg"
    assert flowed_text("> > 50 mg") == ">> 50 mg"
    assert flowed_text("> >") == ">>"  # an empty line quoted twice
    assert flowed_text(">>50 mg") == ">> 50 mg"  # marks side by side are marks, as RFC 3676 reads them
    assert flowed_text("> >>= 3") == "> >>= 3"
    # a quote of a quote whose text came right after its mark: the line below it has the same
    # marks and a space after them, so both are depth 3 (as MimeKit_content-length.mbox's
    # ">> >2: your fixed-width text" above ">> >   width text")
    assert flowed_text(">> >2: your text\n>> >   width text") == ">>> 2: your text\n>>>   width text"


def test_an_outlook_plain_body_reads_a_mark_against_its_text_as_text():
    md = get_markdown(outlook_message("Marks", "Bob wrote:\n> >50 mg\n> for adults\n"), filename="q.msg")
    assert "\n> \\>50 mg\n> for adults" in md
