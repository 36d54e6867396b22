"""Lists as Word and Outlook write them in HTML (a saved web page, an Outlook mail's body): each item
a paragraph whose style names its list and level (``mso-list:l0 level1 lfo1``), its bullet or
number written before its text between the comments ``[if !supportLists]`` and ``[endif]``. They
were read as paragraphs opening with the bullet's glyph ("·", "o", "§"); they are lists, nested by
their levels and numbered as their markers say. The pages are written here as Word writes them."""

from __future__ import annotations

from indexer import get_markdown
from indexer.formats.html import html_blocks
from indexer.model import LIST, PARAGRAPH

SPACES = "<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span>"


def _item(
    text: str, marker: str, level: int = 1, lst: int = 0, *, outlook: bool = True, font: str = ""
) -> str:
    """A list paragraph as Word writes it (Outlook's conditional comments, or Word's own)."""
    start, end = (
        ("<![if !supportLists]>", "<![endif]>")
        if outlook
        else ("<!--[if !supportLists]-->", "<!--[endif]-->")
    )
    face = f" style='font-family:{font}'" if font else ""
    return (
        f"<p class=MsoListParagraph style='margin-left:{level * 0.5}in;text-indent:-.25in;"
        f"mso-list:l{lst} level{level} lfo{lst + 1}'>{start}<span{face}><span style='mso-list:Ignore'>"
        f"{marker}{SPACES}</span></span>{end}{text}<o:p></o:p></p>\n"
    )


def _read(body: str) -> list[tuple[str, str, list[tuple[int, str, int | None]]]]:
    blocks, _ = html_blocks(f"<html><body>{body}</body></html>")
    return [(b.kind, b.text, [(i.level, i.text, i.number) for i in b.items]) for b in blocks]


def test_word_list_paragraphs_are_a_nested_list():
    body = (
        "<p class=MsoNormal>Before the survey:<o:p></o:p></p>\n"
        + _item("Check the tide tables", "·", font="Symbol")
        + _item("Ask the <b>harbour master</b>", "·", font="Symbol")
        + _item("about the dredger", "o", 2, font='"Courier New"')
        + _item("about the buoys", "§", 3, font="Wingdings")
        + _item("Book the boat", "·", font="Symbol")
        + "<p class=MsoNormal>After.<o:p></o:p></p>"
    )
    assert _read(body) == [
        (PARAGRAPH, "Before the survey:", []),
        (
            LIST,
            "Check the tide tables\nAsk the harbour master\n  about the dredger\n    about the buoys\nBook the boat",
            [
                (0, "Check the tide tables", None),
                (0, "Ask the harbour master", None),
                (1, "about the dredger", None),
                (2, "about the buoys", None),
                (0, "Book the boat", None),
            ],
        ),
        (PARAGRAPH, "After.", []),
    ]


def test_numbered_word_lists_keep_their_numbers():
    # Word's own comments (filtered HTML); a list starting at 3, letters and roman numerals under it
    body = (
        _item("Moor", "3.", lst=1, outlook=False)
        + _item("Fore line", "a)", 2, lst=1, outlook=False)
        + _item("Aft line", "b)", 2, lst=1, outlook=False)
        + _item("Spring", "i.", 3, lst=1, outlook=False)
        + _item("Breast", "ii.", 3, lst=1, outlook=False)
        + _item("Log the time", "4.", lst=1, outlook=False)
    )
    ((kind, _, items),) = _read(body)
    assert kind == LIST
    assert items == [
        (0, "Moor", 3),
        (1, "Fore line", 1),
        (1, "Aft line", 2),
        (2, "Spring", 1),
        (2, "Breast", 2),
        (0, "Log the time", 4),
    ]
    assert get_markdown(f"<html><body>{body}</body></html>".encode(), filename="m.htm").startswith(
        "3. Moor\n   1. Fore line\n   2. Aft line\n"
    )


def test_word_lists_apart_or_without_comments():
    # a paragraph between two runs of items parts two lists; a bullet list then a numbered one
    # side by side are two lists; a marker in a span styled mso-list:Ignore alone (no comments)
    # is taken out too; a paragraph styled for a list but with no marker stays a paragraph
    ignored = (
        "<p style='mso-list:l3 level1 lfo4'><span style='mso-list:Ignore'>-&nbsp;&nbsp;</span>Dash item</p>"
        "<p style='mso-list:l3 level1 lfo4'>Going on without a marker</p>"
    )
    body = _item("One", "·") + "<p>Between</p>" + _item("Two", "·") + _item("First", "1.", lst=2) + ignored
    assert _read(body) == [
        (LIST, "One", [(0, "One", None)]),
        (PARAGRAPH, "Between", []),
        (LIST, "Two", [(0, "Two", None)]),
        (LIST, "First", [(0, "First", 1)]),
        (LIST, "Dash item", [(0, "Dash item", None)]),
        (PARAGRAPH, "Going on without a marker", []),
    ]
