"""get_markdown's escaping of ``<!`` and ``<?`` and of autolinks: a ``<`` is escaped where a reader
would read inline HTML or a link shown otherwise than written, and left as it is elsewhere."""

from __future__ import annotations

import pyromark
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from indexer import get_markdown
from indexer.markdown import escape_text

from .test_markdown_escape import _COMMONMARK, _GFM, _as_text, _markdown_it, _pulldown, _reads_back


def test_an_instruction_comment_cdata_or_declaration_without_its_end_is_text():
    # CommonMark ends an instruction at "?>", a comment at "-->", CDATA at "]]>": a lone ">" ends
    # none of them, and the "<" stays as it is
    for text in (
        "a <?x > b",
        "if a <?php echo 1; > b",
        "a <!-- x > b",
        "a <!--x-> b >",
        "a <![CDATA[ x > b ] >",
        "x <?>",  # "?>" must come after "<?", not share its "?"
        "a <!5 x> b",  # "<!" before no letter: no declaration
        "a <!- x> b",
    ):
        assert escape_text(text) == text, text
        assert _markdown_it(text) == [text] and _pulldown(text) == [text], text


def test_an_instruction_comment_cdata_or_declaration_with_its_end_is_escaped():
    assert escape_text("a <?x ?> b") == "a \\<?x ?> b"
    assert escape_text("a <!-- x --> b") == "a \\<!-- x --> b"
    assert escape_text("a <![CDATA[ x ]]> b") == "a \\<![CDATA[ x ]]> b"
    # pulldown-cmark ends CDATA at "]>" already
    assert escape_text("a <![CDATA[ x ]> b") == "a \\<![CDATA[ x ]> b"
    assert escape_text("a <!DOCTYPE html> b") == "a \\<!DOCTYPE html> b"
    # the empty comments of CommonMark 0.31, and an end on a later line of the paragraph
    assert escape_text("x <!--> y") == "x \\<!--> y"
    assert escape_text("x <!---> y") == "x \\<!---> y"
    assert escape_text("x <?a\nb ?> y") == "x \\<?a\nb ?> y"
    for text in ("a <?x ?> b", "a <!-- x --> b", "x <!--> y", "x <?a\nb ?> y", "a <!x> b", "a <![CDATA[]> b"):
        _reads_back(text)


def test_an_autolink_shown_otherwise_than_written_is_escaped():
    # markdown-it refuses a link to a script, and reads what follows as Markdown ("*a*" emphasis)
    assert escape_text("see <javascript:*a*>") == "see \\<javascript:\\*a\\*>"
    # and shows a percent-encoded character decoded ("%41" as "A")
    assert escape_text("see <http://a%41b>") == "see \\<http://a%41b>"
    assert escape_text("to <a%41@b.c>") == "to \\<a%41@b.c>"
    for text in ("see <javascript:*a*>", "see <http://a%41b>", "to <a%41@b.c>"):
        _reads_back(text)
    # one shown as written stays a link
    assert escape_text("see <https://example.org/a_b> or <ana@example.org>") == (
        "see <https://example.org/a_b> or <ana@example.org>"
    )


def _autolinks(markdown: str) -> tuple[list[str], list[str]]:
    """The addresses of the autolinks markdown-it and pulldown-cmark read in ``markdown``."""
    tokens = [t for block in _COMMONMARK.parse(markdown) for t in block.children or []]
    by_markdown_it = [
        tokens[k + 1].content
        for k, t in enumerate(tokens)
        if t.type == "link_open" and t.markup == "autolink"
    ]
    events = list(pyromark.events(markdown, options=_GFM))
    by_pulldown = [
        events[k + 1]["Text"]
        for k, e in enumerate(events)
        if isinstance(e, dict) and isinstance(e.get("Start"), dict) and "Link" in e["Start"]
    ]
    return by_markdown_it, by_pulldown


@pytest.mark.parametrize(
    ("text", "markdown", "links"),
    [
        # CommonMark's autolink may hold a backtick: it stays a link, its address as written
        ("see <http://a`b> now", "see <http://a`b> now", ["http://a`b"]),
        ("to <a`b@c.d>", "to <a`b@c.d>", ["a`b@c.d"]),
        # a run as long before it would open a code span the link's run closes: that one is
        # escaped, the link's is not (a backslash in an autolink is part of its address)
        ("`x <http://a`b>", "\\`x <http://a`b>", ["http://a`b"]),
        ("<http://a`b> `c`", "<http://a`b> \\`c\\`", ["http://a`b"]),
        # a run of another length opens nothing the link closes
        ("``x <http://a`b>", "``x <http://a`b>", ["http://a`b"]),
    ],
)
def test_an_autolink_holding_a_backtick_stays_a_link(text, markdown, links):
    assert escape_text(text) == markdown
    assert _autolinks(markdown) == (links, links)
    _reads_back(text)


#: pieces of the starts and ends of instructions, comments, CDATA and declarations, and text
_PIECES = st.sampled_from(
    [
        "<?",
        "?>",
        "<!--",
        "-->",
        "<!-->",
        "<![CDATA[",
        "]]>",
        "<!",
        ">",
        "<",
        "a",
        "B",
        " ",
        "-",
        "?",
        "!",
        "5",
    ]
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=10).map("".join), st.booleans())
@example("a <?x > b", False)
@example("x <!--->-->", False)
@example("<!--a", True)
@example("<![CDATA[]>", False)
def test_text_around_html_starts_reads_back_escaped_only_where_read_as_html(text, two_lines):
    text = "x " + text
    if two_lines:
        text = "y\n" + text
    _reads_back(text)
    # where both readers read the text as it stands, it is left as it stands
    if _as_text(text):
        assert escape_text(text) == text, text


@settings(max_examples=1000, deadline=None)
@given(
    st.sampled_from(["http", "https", "mailto", "javascript", "file", "data", "a1", "x+y"]),
    st.text(alphabet="ab:/.%4180_*@-`?", max_size=12),
)
@example("http", "//a%41")
@example("javascript", "*a*")
def test_an_autolink_reads_back_as_its_words(scheme, rest):
    _reads_back("see <" + scheme + ":" + rest + "> and")


def test_a_mail_link_markdown_it_would_show_decoded_reads_as_written(real_world):
    # the mail's "Click here <mailto:…?subject=Your%20Opinion%20Counts!>": markdown-it showed the
    # link's text with its "%20" decoded, "Your Opinion Counts!", three words for one
    md = get_markdown(real_world / "msg" / "MsgReader" / "TheConfusedCat__msgparser__embedded image.msg")
    line = "Click here \\<mailto:EBSC-Feedback@mdlz.com?subject=Your%20Opinion%20Counts!> to provide"
    assert line in md
    # read back as its words, as written
    assert _markdown_it(line) == [line.replace("\\<", "<")]
