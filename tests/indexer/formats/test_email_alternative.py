"""E-mail: which alternative of a multipart/alternative body is read. The plain one, unless the
HTML one carries structure the plain one cannot (a data table, an inline cid: image) and loses
none of its words."""

from __future__ import annotations

import base64
import io
import random
import re

from indexer.formats.email import extract_eml, prefers_html
from indexer.formats.html import extract_html, html_blocks
from indexer.model import IMAGE, PARAGRAPH, TABLE, Block

from ._text_helpers import CTX

PLAIN_TABLE = "Rooms for Friday:\n\nRoom\nTime\nMini\nall day\nDouble\n9:00-12:00\n\nThanks, Li\n"
HTML_TABLE = (
    "<p>Rooms for Friday:</p>"
    "<table><tr><td>Room</td><td>Time</td></tr><tr><td>Mini</td><td>all day</td></tr>"
    "<tr><td>Double</td><td>9:00-12:00</td></tr></table><p>Thanks, Li</p>"
)


def _alternative(plain: str, html: str) -> bytes:
    return (
        'From: li@example.org\nSubject: Rooms\nContent-Type: multipart/alternative; boundary="alt"\n\n'
        f"--alt\nContent-Type: text/plain; charset=utf-8\n\n{plain}\n"
        f"--alt\nContent-Type: text/html; charset=utf-8\n\n{html}\n--alt--\n"
    ).encode()


def _body(raw: bytes) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in extract_eml(raw, CTX).blocks[2:]]


def test_html_with_a_data_table_is_read_instead_of_the_flattened_plain_text():
    blocks = extract_eml(_alternative(PLAIN_TABLE, HTML_TABLE), CTX).blocks[2:]
    assert [b.kind for b in blocks] == [PARAGRAPH, TABLE, PARAGRAPH]
    table = blocks[1]
    assert table.rows == (("Room", "Time"), ("Mini", "all day"), ("Double", "9:00-12:00"))


def test_plain_text_is_kept_when_the_html_lacks_some_of_its_words():
    assert TABLE in {kind for kind, _ in _body(_alternative(PLAIN_TABLE, HTML_TABLE))}
    plain = PLAIN_TABLE + "\nThe projector in Double is broken, bring your own cable.\n"
    assert _body(_alternative(plain, HTML_TABLE))[1] == (
        PARAGRAPH,
        "Room\nTime\nMini\nall day\nDouble\n9:00-12:00",
    )


def test_plain_text_is_kept_for_a_page_laid_out_with_nested_tables():
    # a newsletter: the content sits in a table inside a table
    plain = PLAIN_TABLE + "Ski\nNews\nSnow\nReport\n"
    ski = "<table><tr><td>Ski</td><td>News</td></tr><tr><td>Snow</td><td>Report</td></tr></table>"
    assert TABLE in {kind for kind, _ in _body(_alternative(plain, ski + HTML_TABLE))}
    nested = f"<table><tr><td>{ski}{HTML_TABLE}</td></tr></table>"
    assert TABLE not in {kind for kind, _ in _body(_alternative(plain, nested))}


def _png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 4), (255, 0, 0)).save(out, "PNG")
    return out.getvalue()


def _with_inline_image(image_type: str = "image/png", data: bytes | None = None) -> bytes:
    data = _png() if data is None else data
    html = '<p>Best regards, Li</p><img src="cid:logo@x" alt="Logo"><p>Click here to unsubscribe</p>'
    related = (
        f"Content-Type: text/html; charset=utf-8\n\n{html}\n--rel\nContent-Type: {image_type}\n"
        "Content-ID: <logo@x>\nContent-Transfer-Encoding: base64\n\n" + base64.encodebytes(data).decode()
    )
    return (
        'From: li@example.org\nSubject: Hi\nContent-Type: multipart/alternative; boundary="alt"\n\n'
        "--alt\nContent-Type: text/plain; charset=utf-8\n\nBest regards, Li\n\nClick here to unsubscribe\n"
        '--alt\nContent-Type: multipart/related; boundary="rel"\n\n'
        f"--rel\n{related}\n--rel--\n\n--alt--\n"
    ).encode()


def test_an_inline_cid_image_is_placed_where_the_html_shows_it():
    doc = extract_eml(_with_inline_image(), CTX)
    assert [(b.kind, b.text) for b in doc.blocks[2:]] == [
        (PARAGRAPH, "Best regards, Li"),
        (IMAGE, "[Image: Logo]"),
        (PARAGRAPH, "Click here to unsubscribe"),
    ]
    assert doc.blocks[3].images == ("msg1_image_1.png",)


def test_a_cid_image_that_is_not_extracted_does_not_switch_to_html():
    assert [kind for kind, _ in _body(_with_inline_image())] == [PARAGRAPH, IMAGE, PARAGRAPH]
    # a TIFF is not extracted: the HTML would only add a dangling placeholder
    tiff = b"II*\x00" + b"\x00" * 16
    kinds = [kind for kind, _ in _body(_with_inline_image("image/tiff", tiff))]
    assert kinds[:2] == [PARAGRAPH, PARAGRAPH]


def test_the_html_of_a_related_alternative_is_parsed_once(monkeypatch):
    from indexer.formats import email

    calls = []

    def counted(html: str, **kwargs: bool) -> tuple[list[Block], list]:
        calls.append(html)
        return html_blocks(html, **kwargs)

    monkeypatch.setattr(email, "html_blocks", counted)
    doc = extract_eml(_with_inline_image(), CTX)
    # read to choose it, then its blocks placed: one parse of the one HTML part
    assert [b.kind for b in doc.blocks[2:]] == [PARAGRAPH, IMAGE, PARAGRAPH]
    assert len(calls) == 1
    assert calls[0].startswith("<p>Best regards, Li</p>")


def _table(*rows: tuple[str, ...]) -> Block:
    return Block(TABLE, "\n".join(" | ".join(row) for row in rows), rows=rows)


def test_only_data_tables_count():
    plain = "a b c d"
    assert not prefers_html(plain, [_table(("a",), ("b",), ("c d",))])  # one cell a row
    assert not prefers_html(plain, [_table(("a", "b " * 150), ("c", "d"))])  # a cell of prose
    assert not prefers_html(plain, [_table(("a b", "c d"))])  # one row
    assert prefers_html(plain, [_table(("a", "b"), ("c", "d"))])
    # links written out in the plain text (<http://…>) are not words the HTML must hold
    assert prefers_html(plain + " <http://example.org/x>", [_table(("a", "b"), ("c", "d"))])
    assert not prefers_html(plain + " e", [_table(("a", "b"), ("c", "d"))])


def test_links_are_looked_for_only_in_a_plain_text_holding_their_first_character(monkeypatch):
    from indexer.formats import email

    searched = []
    pattern = email._PLAIN_REFERENCE

    class Counted:
        def sub(self, repl: str, text: str) -> str:
            searched.append(text)
            return pattern.sub(repl, text)

    monkeypatch.setattr(email, "_PLAIN_REFERENCE", Counted())
    table = _table(("a", "b"), ("c", "d"))
    assert prefers_html("a b c d", [table])
    assert not prefers_html("a b c d e", [table])
    assert searched == []  # no < nor [: nothing a link or an image reference starts with
    assert prefers_html("a b c d <http://example.org/e>", [table])
    assert prefers_html("a b c d [cid:e@f]", [table])
    assert not prefers_html("a b c d <e>", [table])  # no link: e is a word the HTML lacks
    assert len(searched) == 3


def test_words_and_lines_of_the_plain_text_are_counted_across_every_line_break():
    words = [f"w{i}" for i in range(58)]  # the HTML's words, in a table of two rows of two cells
    table = _table(
        (" ".join(words[:15]), " ".join(words[15:29])), (" ".join(words[29:44]), " ".join(words[44:]))
    )
    body = " ".join(words)
    # 58 of 61 distinct words kept (95.1 %), but a line of three words none of which the HTML holds
    # keeps the plain text, whichever of the line breaks Python knows ends the line before it
    for brk in ("\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028"):
        assert not prefers_html(body + brk + "one two three", [table]), repr(brk)
        # two such words on a line are too few to count (58 of 60 kept)
        assert prefers_html(body + brk + "one two", [table]), repr(brk)
    # the same three words on a line with the others only count for the recall
    assert prefers_html(body + " one two three", [table])
    # four missing words of 62 (93.5 %) are too many, on their own line or not
    assert not prefers_html(body + " one two three four", [table])
    # a body of links and no words is no loss
    assert prefers_html("<https://example.org/a>\n\n[cid:x@y]", [table])


def test_lines_are_not_looked_at_when_the_html_holds_every_word(monkeypatch):
    from indexer.formats import email

    texts = []
    words_of = email._words

    def counted(text: str) -> set[str]:
        texts.append(text)
        return words_of(text)

    monkeypatch.setattr(email, "_words", counted)
    table = _table(("alpha", "beta"), ("gamma", "delta"))
    assert prefers_html("alpha beta\ngamma\ndelta alpha\n", [table])
    assert len(texts) == 2  # the plain body once and the HTML's text once, no line on its own
    texts.clear()
    # a word missing (23 of 24 kept, 95.8 %): each line is looked at
    words = " ".join(f"w{i}" for i in range(20))
    wide = _table((words, "alpha"), ("beta", "gamma"))
    assert prefers_html(f"{words}\nalpha beta gamma\nzeta\n", [wide])
    assert texts[2:] == [words.casefold(), "alpha beta gamma", "zeta"]


def test_the_words_of_an_ascii_text_are_found_without_the_pattern(monkeypatch):
    from indexer.formats import email

    class Unused:
        def findall(self, text: str) -> list[str]:
            raise AssertionError(f"the pattern was used on {text!r}")

    words = [f"w{i}" for i in range(60)]
    table = _table((" ".join(words[:30]), "alpha"), (" ".join(words[30:]), "beta_2"))
    plain = " ".join(words) + ", alpha;beta_2.\n(ALPHA) <https://example.org/x> beta_2"
    with monkeypatch.context() as m:
        m.setattr(email, "_WORD", Unused())
        assert prefers_html(plain, [table])
        # 62 of 65 words kept (95.4 %), but a line of three the HTML lacks
        assert not prefers_html(plain + "\ngamma delta epsilon", [table])
        assert prefers_html(plain + " gamma delta epsilon", [table])
    # the same words as the pattern finds, over strings of ASCII word, space, control and
    # punctuation characters and of a few others (read by the pattern)
    alphabet = "aZ09_ \t\n\r\x0b\x0c\x1c\x1f\x00\x7f.,;:-'<>\u00e9\u00df\u0130\u2028\xa0"
    rng = random.Random(11)
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        assert email._words(text) == set(re.findall(r"\w+", text)), repr(text)


def test_a_cid_image_source_is_looked_for_from_its_value_back(monkeypatch):
    from indexer.formats import email

    looked = []
    src_before = email._src_before

    def counted(markup: str, end: int) -> bool:
        looked.append(markup[end:])
        return src_before(markup, end)

    monkeypatch.setattr(email, "_src_before", counted)
    page = '<p style="s">' + "sources said so, " * 500 + '</p><img class="x" src="cid:a@b"> src=x'
    assert email.html_structure(page)
    assert looked == ['="cid:a@b"> src=x']  # the one = a cid: value follows, not every s


def test_a_cid_image_source_is_found_as_the_plain_pattern_finds_it():
    from indexer.formats.email import _cid_source, html_structure

    plain = re.compile(r"\bsrc\s*=\s*[\"']?\s*cid:", re.IGNORECASE)
    assert html_structure('<p>Hi</p><img src="cid:logo@x">')
    assert html_structure("<IMG SRC = 'CID:logo@x'>")
    assert html_structure("<img \u017fRC=cid:a>")  # a long s matches an s ignoring case
    assert not html_structure('<img xsrc="cid:a">')  # src inside a word
    assert html_structure('<img data-src="cid:a">')  # a hyphen ends a word
    assert not html_structure('<img src="https://example.org/cid:a">')
    assert not html_structure("<p>src = cid: is how an inline image is named</p>".replace("src", "xsrc"))
    # the letters written out for each of src and cid are all those it matches ignoring case
    every = "".join(map(chr, range(0x110000)))
    matched = {letter: "".join(re.findall(letter, every, re.IGNORECASE)) for letter in "srcid"}
    assert matched == {"s": "Ss\u017f", "r": "Rr", "c": "Cc", "i": "Ii\u0130\u0131", "d": "Dd"}
    # found where the pattern written plainly finds one, over strings made of the characters that
    # decide a match (case, the long s, dotless and dotted i, blanks, word characters and others)
    alphabet = "sSrRcC=\"' \t\n\x1c\x85\xa0\u2028\u3000iIdD:\u017f\u0131\u0130a\xe9_0\xb2\u0663<>-"
    rng = random.Random(7)
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
        for candidate in (
            text,
            text + " src='cid:",
            "xsrc=cid:" + text,
            "\u017fRc = " + text,
            text + "=cid:",
        ):
            assert _cid_source(candidate) == (plain.search(candidate) is not None), repr(candidate)


PLAIN_LINKS = (
    "Rooms for Friday, booked through the room system <https://rooms.example.org/fri>:\n\n"
    "Room\nTime\nMini\nall day\nDouble\n9:00-12:00\n\n"
    "Questions to Li <mailto:li@example.org> or see https://example.org/help\n"
)
HTML_LINKS = (
    '<p>Rooms for Friday, booked through <a href="https://rooms.example.org/fri">the room system</a>:</p>'
    "<table><tr><td>Room</td><td>Time</td></tr>"
    '<tr><td><a href="https://rooms.example.org/mini">Mini</a></td><td>all day</td></tr>'
    "<tr><td>Double</td><td>9:00-12:00</td></tr></table>"
    '<p>Questions to <a href="mailto:li@example.org">Li</a> or see '
    '<a href="https://example.org/help/">example.org/help</a></p>'
)


def test_link_targets_the_plain_text_shows_are_kept_when_the_html_is_read():
    first, table, last = extract_eml(_alternative(PLAIN_LINKS, HTML_LINKS), CTX).blocks[2:]
    assert first.text == "Rooms for Friday, booked through the room system <https://rooms.example.org/fri>:"
    assert table.rows[1] == ("Mini <https://rooms.example.org/mini>", "all day")
    # a link whose text is its address is not given twice
    assert last.text == "Questions to Li <mailto:li@example.org> or see example.org/help"
    # web pages read links as their text, as before
    assert "<https://" not in extract_html(HTML_LINKS.encode(), CTX).text


def test_an_html_only_body_keeps_its_link_targets_as_the_html_alternative_does():
    html_only = (
        "From: li@example.org\nSubject: Rooms\nContent-Type: text/html; charset=utf-8\n\n" + HTML_LINKS
    ).encode()
    alone = [b.text for b in extract_eml(html_only, CTX).blocks[2:]]
    assert alone == [b.text for b in extract_eml(_alternative(PLAIN_LINKS, HTML_LINKS), CTX).blocks[2:]]
    # a tracking address is what the mail links to: kept as it stands
    tracked = (
        b"From: news@example.org\nSubject: Spring\nContent-Type: multipart/related; boundary=r\n\n"
        b"--r\nContent-Type: text/html\n\n"
        b'<p><a href="https://click.example.net/ls/click?upn=Xy7_2Fq">Book a table</a> now.</p>\n--r--\n'
    )
    assert extract_eml(tracked, CTX).blocks[2].text == (
        "Book a table <https://click.example.net/ls/click?upn=Xy7_2Fq> now."
    )


def test_an_empty_plain_alternative_gives_way_to_the_html_one():
    # some writers send an empty text/plain beside the HTML that holds the message: the HTML is
    # the body (the plain one, chosen as it holds no table, showed nothing at all)
    html = "<p>The hall is booked for <b>Friday</b>.</p><p>Li</p>"
    for plain in ("", "\n  \n"):
        assert _body(_alternative(plain, html)) == [
            (PARAGRAPH, "The hall is booked for Friday."),
            (PARAGRAPH, "Li"),
        ]
    # a plain alternative with words is read as before
    assert _body(_alternative("The hall is booked.", html)) == [(PARAGRAPH, "The hall is booked.")]
