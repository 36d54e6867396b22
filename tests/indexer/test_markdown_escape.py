"""get_markdown on text that is not Markdown: a paragraph reads back as one paragraph, same words."""

from __future__ import annotations

import pyromark
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from indexer import get_markdown
from indexer.markdown import escape_text, render_markdown
from indexer.model import Block, ListItem, assemble, render_list

from .modes.helpers import heading, para, table

_COMMONMARK = MarkdownIt("commonmark").enable(["table", "strikethrough"])
_GFM = (
    pyromark.Options.ENABLE_TABLES
    | pyromark.Options.ENABLE_FOOTNOTES
    | pyromark.Options.ENABLE_STRIKETHROUGH
    | pyromark.Options.ENABLE_TASKLISTS
)


def _text_of(inline, markdown: str) -> str:
    """An inline token's text, an autolink as its address in ``<>``; any other element (emphasis,
    a code span, a link, HTML, a line break) fails."""
    text = ""
    for t in inline.children or []:
        if t.type in ("link_open", "link_close"):
            assert t.markup == "autolink", markdown
            text += "<" if t.type == "link_open" else ">"
        else:
            assert t.type in ("text", "softbreak"), (t.type, markdown)
            text += t.content if t.type == "text" else "\n"
    return text


def _markdown_it(markdown: str) -> list[str]:
    """The paragraphs markdown-it reads in ``markdown``, as their text; any other block fails."""
    out = []
    for token in _COMMONMARK.parse(markdown):
        if token.type == "inline":
            out.append(_text_of(token, markdown))
        else:
            assert token.type in ("paragraph_open", "paragraph_close"), (token.type, markdown)
    return out


def _pulldown(markdown: str) -> list[str]:
    """The same read by pulldown-cmark (pyromark) with the GFM extensions the project reads."""
    out: list[str] = []
    for event in pyromark.events(markdown, options=_GFM):
        if event == {"Start": "Paragraph"}:
            out.append("")
        elif event == "SoftBreak":
            out[-1] += "\n"
        elif isinstance(event, dict) and "Text" in event:
            out[-1] += event["Text"]
        elif isinstance(event, dict) and "Link" in str(event.get("Start")):
            assert event["Start"]["Link"]["link_type"] in ("Autolink", "Email"), markdown
            out[-1] += "<"
        elif event == {"End": "Link"}:
            out[-1] += ">"
        else:
            assert event == {"End": "Paragraph"}, (event, markdown)
    return out


def _words(text: str) -> list[str]:
    return text.split()


def _reads_back(text: str) -> None:
    markdown = escape_text(text)
    for read in (_markdown_it, _pulldown):
        paragraphs = read(markdown)
        assert len(paragraphs) == 1, (read.__name__, markdown, paragraphs)
        assert _words(paragraphs[0]) == _words(text), (read.__name__, markdown)


#: characters Markdown reads as syntax, and a few others around them (letters, digits, spaces,
#: tabs, line breaks, punctuation and symbols beyond ASCII)
_MARKUP = "#-*+_=`~>|<[]()!&;:.\\/\"'?^{}$%@0123456789 \t\f\n"
_line = st.text(alphabet=_MARKUP + "abxyzé€…", min_size=1, max_size=24).filter(lambda s: s.strip())


@settings(max_examples=2000, deadline=None)
@given(st.lists(_line, min_size=1, max_size=4).map("\n".join).filter(lambda t: "\n\n" not in t))
@example("    Event Log\n    monitor for\n to alert if")
@example("a\n---")
@example("**a** _b_ ~~c~~ `d` [e](f) <g> <h@i.j> &amp; \\*")
@example("a | b\n--- | ---")
@example("0|\n:-")  # a one-column table: its delimiter row needs no "|"
@example("[x]: /url\n[y]: /v")
@example("0\n[^0]:")  # a footnote definition ends a paragraph in pulldown-cmark
@example("***\n___\n```\n~~~")
# white space to both readers (a vertical tab) or to pulldown-cmark (NEL, a line separator), not
# to CommonMark: a run before it closes
@example("a _1_\x0b1")
@example("a _1_\x85b")
@example("\u2028_a_\u2029b")
def test_any_paragraph_reads_back_as_one_paragraph_of_the_same_words(text):
    # a blank line ends a paragraph in Markdown too: texts without one
    if any(line.strip(" \t\f\v") == "" for line in text.split("\n")):
        return
    _reads_back(text)


#: the starts of HTML a line may begin with, tag names that start a block and names that only
#: begin as one does ("<h", "<colx"), in any case
_HTML_STARTS = st.sampled_from(
    [
        "<h",
        "<h1",
        "<H6",
        "<h7",
        "<hr",
        "<hx",
        "<div",
        "<DIV",
        "</p",
        "<p",
        "<pre",
        "</pre",
        "<Script",
        "<source",
        "<search",
        "<col",
        "<colx",
        "<td",
        "<textarea",
        "<!",
        "<!-",
        "<!--",
        "<!a",
        "<![CDATA[",
        "<?",
        "<a",
        "</b",
    ]
)


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(_line, max_size=1),
    _HTML_STARTS,
    # with ":": a URL's autolink that markdown-it shows otherwise than written ("<h0:%00>") is
    # escaped as text
    st.text(alphabet=_MARKUP.replace("\n", "") + "ab", max_size=12),
)
@example([], "<h", " it")
@example(["a"], "<div", "/x")
@example([], "<!", "5 > x")
def test_a_line_starting_as_html_reads_back(before, start, rest):
    # a line that starts as an HTML block would, or only nearly: escaped where a reader would
    # take it for HTML, else left as it is
    text = "\n".join(before + [start + rest])
    if not all(line.strip(" \t\f\v") for line in text.split("\n")):
        return
    _reads_back(text)
    # and its "<" is left as it is where both read the line as text without one, and no ">" may
    # end a tag ("<source" starts a block to readers of CommonMark before 0.31)
    if ">" not in text and start != "<source" and _as_text(text):
        assert not escape_text(text).split("\n")[-1].startswith("\\<"), text


#: what a tag's attributes are written with, white space beyond ASCII's, and ":" and "%" (URL
#: autolinks, some of which markdown-it shows decoded)
_TAG_MARKUP = " \t\n=\"'/<>`_.-ab1:%\u00a0\u3000\x0b"


@settings(max_examples=2000, deadline=None)
@given(
    st.sampled_from(["a", "b", "h", "x-y", "/a", "/h", "!a", "!-", "?"]),
    st.text(alphabet=_TAG_MARKUP, max_size=16),
)
@example("h", " it's >")
@example("b", ", c> d")
@example("a", " b=x\u00a0y>")
@example("a", " b=\u00a0>")
@example("a", "\u00a0b>")
@example("a", " b='c\nd'>")
@example("a", " a=\n>")  # the ">" escaped at the line's start would be the attribute's value
def test_text_after_a_less_than_sign_reads_back(name, rest):
    # "<" before a word in a line: escaped where either reader would read HTML, else not
    text = "x <" + name + rest
    if not all(line.strip(" \t\f\v") for line in text.split("\n")):
        return
    _reads_back(text)
    # a tag is read whole; a comment's, declaration's or instruction's start with a ">" after it
    # is escaped still. An autolink holding a backtick ("<a1:`>") stays a link too
    if name[0] not in "!?" and _as_text(text):
        assert escape_text(text).startswith("x <"), text


def _as_text(text: str) -> bool:
    """Whether both readers read ``text`` as one paragraph of its words as they stand."""
    try:
        return all(read(text) == [text] for read in (_markdown_it, _pulldown))
    except AssertionError:  # an HTML block, or inline HTML
        return False


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1, max_size=40).filter(lambda t: "\x00" not in t and "\r" not in t))
def test_any_unicode_line_reads_back(text):
    # any characters at all (a NUL is read as U+FFFD and a CR ends a line: not one line's text),
    # with a word among them
    line = " ".join(text.split("\n"))
    if line.split():
        _reads_back(line)


def test_escaped_only_where_markdown_would_read_syntax():
    # by hand: each of these reads as its words already, and stays as it is
    for text in (
        "snake_case_name and 2 * 3 and a footnote*",
        "C:\\Users\\ana and 5 < 6 > 4",
        "Answer: in\n2019. Then more",  # only an item numbered 1 breaks into a paragraph
        "U.S. exports, e.g. apples",
        "a - b + c",
        "AT&T; and Q&A",
    ):
        assert escape_text(text) == text
    assert escape_text("# Title\n- item\n1. first\n> quote") == "\\# Title\n\\- item\n1\\. first\n\\> quote"
    assert escape_text("line\n---") == "line\n\\---"
    assert escape_text("2 *bold* and _it_") == "2 \\*bold\\* and \\_it\\_"
    assert escape_text("<div>text</div>") == "\\<div>text\\</div>"
    # inline, a "<" that starts no whole tag stays ("it's" is no attribute's name)
    assert escape_text("a <h it's > b, 1 <b, c> d") == "a <h it's > b, 1 <b, c> d"
    assert escape_text("a <h it='s' > b") == "a \\<h it='s' > b"
    # a line's start that starts no HTML block: "h" is no block tag's name, "<!" before no letter
    # starts no declaration, and no ">" ends a tag
    for text in ("<h it", "a\n<hx y", "<h7 z", "<!5 > x", "<! a>", "x\n<div/x", "</pre", "<sourcex"):
        assert escape_text(text) == text
    # one does: a block tag's name (any case), a comment, a declaration, "<pre"
    assert (
        escape_text("<H1 a\n</td\n<!-- c\n<!DOCTYPE\n<pre")
        == "\\<H1 a\n\\</td\n\\<!-- c\n\\<!DOCTYPE\n\\<pre"
    )
    # an autolink reads as its address, a link: "From: Ana <ana@example.org>" stays as it is
    assert escape_text("From: Ana <ana_b@example.org> <https://x.org/a_b*c>") == (
        "From: Ana <ana_b@example.org> <https://x.org/a_b*c>"
    )
    assert escape_text("see [docs](http://x)") == "see [docs\\](http://x)"
    assert escape_text("1 &amp; 2") == "1 \\&amp; 2"
    assert escape_text("`code`") == "\\`code\\`"
    assert escape_text("don`t") == "don`t"


def test_an_indented_paragraph_is_no_code_block():
    # Markdown reads four spaces before a paragraph as code; their words are text
    md = render_markdown(assemble("eml", [para("    Indented line\n    and its next")]))
    assert md == "Indented line\nand its next\n"
    assert _markdown_it(md) == ["Indented line\nand its next"]


def test_list_item_text_starts_no_second_list():
    # an item whose text starts with a number is one item, not a list inside it
    items = (ListItem("10. tenth in text", 0, True), ListItem("- dash", 0, False), ListItem("[ ] box", 0))
    md = render_markdown(assemble("docx", [Block("list", render_list(items), items=items)]))
    assert md == "1. 10\\. tenth in text\n- \\- dash\n- \\[ ] box\n"
    tokens = [t.type for t in _COMMONMARK.parse(md)]
    assert tokens.count("list_item_open") == 3 and tokens.count("bullet_list_open") == 1


def test_a_plain_text_source_stays_as_it_is():
    # a .txt file comes back as its text: Markdown in it is the writer's own
    assert (
        get_markdown(b"# Title\n\n    code\n\n*it*\n", filename="notes.txt")
        == "# Title\n\n    code\n\n*it*\n"
    )


def test_bounce_mail_reads_back_as_its_paragraphs(real_world):
    md = get_markdown(real_world / "eml" / "MimeKit" / "bounce.eml")
    # the monitor's description, indented four spaces in the mail, is a paragraph, not code
    assert (
        "\n\nEvent Log\n    monitor for\n    Security - Microsoft-Windows-Security-Auditing\n to alert if\n"
        in md
    )
    tokens = _COMMONMARK.parse(md)
    assert "code_block" not in [t.type for t in tokens]
    # the rule of dashes under the delivery report is text, not a rule
    assert "\n\n\\----------\n\n" in md
    assert "From: Mail Delivery System <MAILER-DAEMON@hmail.jitbit.com>\n" in md
    assert "\n<netec.test@netecgc.com>: host mx1-eu1.ppe-hosted.com[" in md
    assert "hr" not in [t.type for t in tokens]


def test_a_rule_of_marks_takes_one_backslash():
    # the first mark of a line of them escaped is enough: "\____" is no rule, no emphasis
    assert escape_text("Text\n________________") == "Text\n\\________________"
    assert escape_text("***") == "\\***"
    assert _markdown_it(escape_text("a\n***\nb *c")) == ["a\n***\nb *c"]


def test_notes_keep_their_markdown_footnote_label(real_world):
    # notes are written as Markdown footnotes on purpose ("[^1]: text"), the references "[^1]"
    md = get_markdown(real_world / "rtf" / "kreuzberg" / "footnote.rtf")
    assert "\n\n[^1]: See Sahlins, Bateson, and Geertz for a complete bibliography.\n" in md
    # a paragraph of a document that only starts so is text
    assert render_markdown(assemble("pdf", [para("[^1]: cited")])) == "\\[^1]: cited\n"


def _cells(markdown: str) -> list[str]:
    """The cells markdown-it reads in ``markdown`` (one table), as their text."""
    tokens = _COMMONMARK.parse(markdown)
    assert tokens[0].type == "table_open", markdown
    return [_text_of(token, markdown) for token in tokens if token.type == "inline"]


_cell = st.text(alphabet=_MARKUP.replace("\n", "") + "abxyz", min_size=1, max_size=20).filter(
    lambda t: t.split()
)


@settings(max_examples=500, deadline=None)
@given(_cell, _cell)
def test_any_cell_reads_back_as_its_words(a, b):
    md = render_markdown(assemble("docx", [table(("head",), [(a,), (b,)])]))
    assert [c.split() for c in _cells(md)] == [["head"], a.split(), b.split()]


@settings(max_examples=500, deadline=None)
@given(_cell)
def test_any_heading_reads_back_as_its_words(text):
    md = render_markdown(assemble("docx", [heading(text, 2)]))
    tokens = _COMMONMARK.parse(md)
    assert [t.type for t in tokens] == ["heading_open", "inline", "heading_close"], md
    assert _text_of(tokens[1], md).split() == text.split()


def test_headings_and_cells_by_hand():
    # a closing run of "#" is taken off a heading: kept; "C#" is no closing run
    md = render_markdown(assemble("docx", [heading("Issue #", 1), heading("C# *and* F#", 2)]))
    assert md == "# Issue \\#\n\n## C# \\*and\\* F#\n"
    assert [_text_of(t, md) for t in _COMMONMARK.parse(md) if t.type == "inline"] == [
        "Issue #",
        "C# *and* F#",
    ]


def test_a_csv_cell_keeps_its_asterisks(real_world):
    # the file's cells hold "**Message Class**" and "``MSGFile``": text, not bold or code
    md = get_markdown(real_world / "csv" / "msg-extractor_type-support.csv")
    assert md.startswith("| \\*\\*Message Class\\*\\* | \\*\\*Class Name\\*\\* |")
    assert "| IPM | \\`\\`MSGFile\\`\\` | Open |" in md
    cells = _cells(md)
    assert cells[:2] == ["**Message Class**", "**Class Name**"] and "``MSGFile``" in cells
