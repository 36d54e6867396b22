"""get_markdown on an e-mail's quoted lines: a blockquote as deep as the mail quotes them."""

from __future__ import annotations

import re

import pyromark
from hypothesis import example, given, settings
from hypothesis import strategies as st

from indexer import get_markdown
from indexer.markdown import MAX_QUOTE_DEPTH, escape_mail_text, render_markdown
from indexer.model import assemble

from .modes.helpers import para
from .test_markdown_escape import _COMMONMARK, _GFM, _MARKUP, _text_of


def _markdown_it(markdown: str, only_paragraphs: bool = True) -> list[tuple[int, str]]:
    """The paragraphs markdown-it reads in ``markdown``, each with the depth of blockquotes it
    stands in; any other block fails (or, not ``only_paragraphs``, is passed over)."""
    out = []
    depth = 0
    tokens = _COMMONMARK.parse(markdown)
    for i, token in enumerate(tokens):
        if token.type == "inline" and tokens[i - 1].type == "paragraph_open":
            out.append((depth, _text_of(token, markdown)))
        else:
            depth += {"blockquote_open": 1, "blockquote_close": -1}.get(token.type, 0)
            ok = token.type.startswith(("paragraph_", "blockquote_"))
            assert ok or not only_paragraphs, (token.type, markdown)
    return out


def _pulldown(markdown: str) -> list[tuple[int, str]]:
    """The same read by pulldown-cmark (pyromark) with the GFM extensions the project reads."""
    out: list[tuple[int, str]] = []
    depth = 0
    for event in pyromark.events(markdown, options=_GFM):
        if event == {"Start": {"BlockQuote": None}}:
            depth += 1
        elif event == {"End": {"BlockQuote": None}}:
            depth -= 1
        elif event == {"Start": "Paragraph"}:
            out.append((depth, ""))
        elif event == "SoftBreak":
            out[-1] = (depth, out[-1][1] + "\n")
        elif isinstance(event, dict) and "Text" in event:
            out[-1] = (depth, out[-1][1] + event["Text"])
        elif isinstance(event, dict) and "Link" in str(event.get("Start")):
            assert event["Start"]["Link"]["link_type"] in ("Autolink", "Email"), markdown
            out[-1] = (depth, out[-1][1] + "<")
        elif event == {"End": "Link"}:
            out[-1] = (depth, out[-1][1] + ">")
        else:
            assert event == {"End": "Paragraph"}, (event, markdown)
    return out


def _reads_back(text: str, expected: list[tuple[int, list[str]]]) -> None:
    markdown = escape_mail_text(text)
    for read in (_markdown_it, _pulldown):
        got = [(depth, words.split()) for depth, words in read(markdown)]
        assert got == expected, (read.__name__, markdown)


#: a line's text after its quote marks: words among Markdown's marks, not a further mark
_content = st.text(alphabet=_MARKUP.replace("\n", "") + "abxyzé€…", min_size=1, max_size=24).filter(
    lambda s: s.strip() and not re.match(r"[ \t]*>", s)
)
#: a quote mark per level, each followed by a space or not (">> >", "> > ", ">>")
_marks = st.lists(st.booleans(), max_size=MAX_QUOTE_DEPTH + 3).map(
    lambda spaced: "".join(">" + " " * s for s in spaced)
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.tuples(_marks, _content), min_size=1, max_size=6))
@example([(">", "a"), (">>", "b"), (">", "c")])
@example([("", "wrote:"), ("> ", "# a"), ("", "---")])
@example([(">> >", "2: *x* _y_"), (">", "1. one"), ("", "- two")])
@example([(">> >", "2: your"), (">> >", "text"), (">> > ", " width"), (">> ", "This")])
@example([("> >", "50 mg"), ("> ", "for adults"), ("> > ", "20 mg")])
@example([(">" * 30, "thirty deep"), (">" * 11, "eleven"), (">" * 10, "ten")])
# pulldown-cmark took the next line's quote mark for the end of "<!a": a declaration, no text
@example([(">", "0<!a"), (">", "0")])
@example([("> ", "see <b"), ("> ", "here")])
def test_quoted_mail_lines_read_back_as_blockquotes_of_their_depth(lines):
    text = "\n".join(marks + content for marks, content in lines)
    # a last mark after a space with the text against it (">> >2:") is text, unless a line next
    # to it is written with the same marks and a space after them (or next to such lines)
    against = [
        bool(m) and m[-1] == ">" and m.rstrip(">").endswith(" ") and c[0] not in " \t" for m, c in lines
    ]
    deep = [False] * len(lines)
    for n in range(len(lines)):
        for step in (-1, 1):
            k = n + step
            while 0 <= k < len(lines) and against[k] and lines[k][0] == lines[n][0]:
                k += step
            if against[n] and 0 <= k < len(lines):
                # the marks of that line that are marks whatever its neighbours
                marks = lines[k][0].rstrip(">") if against[k] else lines[k][0]
                deep[n] = deep[n] or marks.rstrip(" ").startswith(lines[n][0])
    for n, (marks, content) in enumerate(lines):
        if against[n] and not deep[n]:
            text_mark = marks[len(marks.rstrip(">")) :]
            lines[n] = (marks[: -len(text_mark)], text_mark + content)
    # each run of lines quoted as deep is a paragraph at that depth, of the same words
    expected: list[tuple[int, list[str]]] = []
    last = None
    for marks, content in lines:
        depth = min(marks.count(">"), MAX_QUOTE_DEPTH)  # a deeper quote is shown this deep
        if depth == last:
            expected[-1][1].extend(content.split())
        else:
            expected.append((depth, content.split()))
        last = depth
    _reads_back(text, expected)


def test_quotes_by_hand():
    assert escape_mail_text("wrote:\n> a *b*\n>> c\n> d\ne") == (
        "wrote:\n\n> a \\*b\\*\n>\n> > c\n>\n> d\n\ne"
    )
    # a blank quoted line parts the quote's paragraphs; the last one, quoting nothing, goes
    assert escape_mail_text(">Total\n>\n>nonsense.\n>\nReply") == "> Total\n>\n> nonsense.\n\nReply"
    # a space-stuffed line (RFC 3676: a space before a ">" that quotes nothing) is text
    assert escape_mail_text("Reply\n >From the top, 5\n> quoted") == "Reply\n \\>From the top, 5\n\n> quoted"
    # a bare ">" on a line of its own, a link's end wrapped there, quotes nothing
    assert escape_mail_text("<https://example.org/a.gif\n>") == "<https://example.org/a.gif\n\\>"
    # only a mail's own text: a PDF's or a Word document's line, a file attached to a mail stay text
    assert render_markdown(assemble("pdf", [para("> 5 volts")])) == "\\> 5 volts\n"
    assert render_markdown(assemble("docx", [para(">> x")])) == "\\>> x\n"
    attached = para("> from the file", meta={"attachment": "notes.txt"})
    assert render_markdown(assemble("eml", [para("> quoted"), attached])) == (
        "> quoted\n\n\\> from the file\n"
    )


def test_a_wrapped_line_starting_with_a_mark_stays_in_its_paragraph():
    # a document's paragraph (not a mail's) whose line wrapped before a ">": one paragraph, no quote
    for source_type in ("pdf", "docx", "html"):
        md = render_markdown(assemble(source_type, [para("The reading stayed\n> 5 volts\n>> x for an hour")]))
        assert md == "The reading stayed\n\\> 5 volts\n\\>> x for an hour\n"
        for read in (_markdown_it, _pulldown):
            assert read(md) == [(0, "The reading stayed\n> 5 volts\n>> x for an hour")], read.__name__


def test_a_thread_in_an_mbox_reads_its_quotes_at_their_depth(real_world):
    md = get_markdown(real_world / "mbox" / "MimeKit_content-length.mbox")
    # the message quotes three levels deep: ">> >2: your", ">> This is", ">Total nonsense."
    assert (
        "\n\n> > > 2: your fixed-width text is \\*larger\\* than the default size for fixed-\n"
        "> > > width text, and since the default size of my window is 80 fixed-\n"
        "> > > width columns wide, I actually lose 2-3 columns off the end of each\n"
        "> > > of your lines.\n"
        "> >\n"
        "> > This is really the receivers problem not the senders.\n"
        ">\n"
        "> Total nonsense.\n\n"
        "I do not appreciate your response here!\n"
    ) in md
    paragraphs = _markdown_it(md, only_paragraphs=False)
    assert (3, "2: your fixed-width text is *larger*") in [(d, t[:36]) for d, t in paragraphs]
    assert (2, "This is really the receivers problem not the senders.") in paragraphs
    assert (1, "Total nonsense.") in paragraphs
    assert (0, "I do not appreciate your response here!") in [(d, t.split("\n")[0]) for d, t in paragraphs]
    assert "\n\\>" not in md


def test_a_reply_quotes_its_line_and_a_wrapped_link_stays_text(real_world):
    md = get_markdown(real_world / "eml" / "MimeKit" / "epilogue.eml")
    assert "\n\n> NeXTSTEP, NeXTSTEP, NeXTSTEP...\n\nDon't you mean:" in md
    # a newsletter's text wraps a link's ">" onto a line of its own: no quote
    md = get_markdown(real_world / "msg" / "MsgReader" / "lolo101__MsgViewer__ltur .msg")
    assert "\n<http://www.lturnews.de/newsletter/common/4youletter/img/table_right.gif\n\\>\n" in md
