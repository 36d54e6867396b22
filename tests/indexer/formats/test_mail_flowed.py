"""A ``text/plain; format=flowed`` part (RFC 3676) is read as mail readers show it: its soft line
breaks (a line ending in a space) joined, DelSp=yes spaces deleted, space-stuffing taken off,
quoted paragraphs kept quoted at their depth, the signature separator never joined. Built
messages, each expected text read off the lines written; and a real Thunderbird message."""

from __future__ import annotations

from indexer import extract
from tests.conftest import REAL_WORLD


def _message(body: str, params: str = "format=flowed") -> bytes:
    head = (
        "From: Ann <ann@example.org>\nTo: bob@example.org\nSubject: Flowed\n"
        f"Content-Type: text/plain; charset=utf-8; {params}\nContent-Transfer-Encoding: 8bit\n\n"
    )
    return (head + body).encode()


def _body_texts(data: bytes) -> list[str]:
    """The texts of the blocks after the subject heading and the header paragraph."""
    return [b.text for b in extract(data, filename="flowed.eml").blocks[2:]]


FLOWED = (
    "Thanks for the figures, the totals for the third \n"
    "quarter match ours.\n"
    "\n"
    "Bob wrote:\n"
    "> Could you check the totals before \n"
    "> Friday? \n"
    ">> The first draft is \n"
    ">> attached.\n"
    "\n"
    " From now on we send them \n"
    "weekly. \n"
    "-- \n"
    "Ann Smith, \n"
    "Accounts\n"
)


def test_soft_breaks_are_joined_and_quotes_kept_at_their_depth():
    texts = _body_texts(_message(FLOWED))
    joined = "\n".join(texts)
    # the lines ending in a space go on with the next one: one line per paragraph
    assert "Thanks for the figures, the totals for the third quarter match ours." in texts
    assert "> Could you check the totals before Friday?" in joined
    assert ">> The first draft is attached." in joined
    # the stuffing space before "From " is taken off
    assert "From now on we send them weekly." in joined
    # the signature separator ends in a space but is not joined with the signature
    assert "Ann Smith, Accounts" in joined
    assert "-- Ann" not in joined and "weekly. --" not in joined
    assert "third\nquarter" not in joined and "before\n" not in joined and "is\n" not in joined


def test_delsp_yes_deletes_the_space_of_each_soft_break():
    data = _message("長い文章を \n折り返した \n行です。\n", "format=flowed; delsp=yes")
    assert _body_texts(data) == ["長い文章を折り返した行です。"]
    # without DelSp the space is text, kept between the joined lines
    assert _body_texts(_message("Word \nwrap\n")) == ["Word wrap"]
    # a fixed part's line ending in a space is a line
    assert _body_texts(_message("Word \nwrap\n", "format=fixed")) == ["Word\nwrap"]


def test_a_thunderbird_message_reads_its_wrapped_paragraph_as_one(real_world):
    data = (REAL_WORLD / "eml" / "MimeKit" / "thunderbird-signed.eml").read_bytes()
    # the part is quoted-printable: "using=20" at a line's end is a soft break of the flowed text
    assert (
        "This message is being generated and signed by Thunderbird 24.1.0 using my free "
        "personal S/MIME certificate obtained from https://www.startssl.com"
    ) in _body_texts(data)


def test_quote_marks_a_space_apart_are_one_depth():
    # "> > " is how many writers quote a quoted line: depth 2, its soft break joined with the
    # next line of depth 2; read as depth 1 and the text ">We could …", the second line's ">"
    # was joined into the paragraph ("meet on > Friday")
    body = "Sounds good.\n> > We could meet on \n> > Friday at noon.\n> >> Or \n>>> Saturday.\n> Fine.\n"
    texts = _body_texts(_message(body))
    assert texts == ["Sounds good.\n>> We could meet on Friday at noon.\n>>> Or Saturday.\n> Fine."]
    # a line starting with a space before its ">" quotes nothing, as before
    assert _body_texts(_message(" > not a quote\n")) == [" > not a quote"]
