"""vCard and iCalendar texts (first line ``BEGIN:VCARD`` / ``BEGIN:VCALENDAR``) read as their
property lines, each run of them a paragraph, with the values the text does not show as they
are read as they are meant (vCard 2.1, 3.0 and 4.0, RFC 5545 iCalendar):

- a folded property (its next lines starting with a space or a tab) is one line;
- a quoted-printable value (``LABEL;QUOTED-PRINTABLE:…=0A=``, vCard 2.1) is decoded, its soft line
  breaks joined, in its ``CHARSET`` (UTF-8 when it names none);
- a base64 value (``PHOTO;ENCODING=b``, vCard 2.1's ``LOGO;BASE64`` running on over lines to a
  blank one, iCalendar's ``ATTACH;ENCODING=BASE64;VALUE=BINARY``) is never text: a picture in a
  web raster format is an image of the document where the property stands, any other value one
  ``Coverage.skipped`` entry naming the property.

The grammar of a property line is simple (``group.NAME;PARAM=value;PARAM:value``) and the values
need only :mod:`base64` and :mod:`quopri`: a card is read line by line, so that every block keeps
the lines it comes from.
"""

from __future__ import annotations

import base64
import binascii
import quopri
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..images import admit, met_before, sniff_image_format
from ..model import IMAGE, PARAGRAPH, Block, Image, Skipped
from ..sniff import text_codec

#: the first line of a vCard or an iCalendar text
PROPERTY_LINES = re.compile(r"\s*BEGIN:V(?:CARD|CALENDAR)[ \t]*(?:\n|$)", re.I)
#: a line of a base64 value as vCard 2.1 writes it, unindented under its property
_BASE64_LINE = re.compile(r"[A-Za-z0-9+/]+=*")
_QP = "QUOTED-PRINTABLE"


def property_blocks(text: str) -> tuple[list[Block], list[Image], list[Skipped]]:
    """The blocks of the property lines of ``text`` (newlines normalised), with ``lines`` into
    it, the pictures its values hold and the values that are not read."""
    lines = text.split("\n")
    blocks: list[Block] = []
    images: list[Image] = []
    skipped: list[Skipped] = []
    run: list[str] = []  # the properties of the paragraph being read
    first = 0  # its first line (1-based)

    def flush(last: int) -> None:
        if run:
            blocks.append(Block(PARAGRAPH, "\n".join(run), lines=(first, last)))
            run.clear()

    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if not line.strip():
            flush(i)
            i += 1
            continue
        start = i
        i += 1
        while i < len(lines) and lines[i][:1] in (" ", "\t") and lines[i].strip():
            line += lines[i][1:].rstrip()  # a folded line goes on
            i += 1
        head, colon, value = line.strip().partition(":")
        params = [p.strip() for p in head.split(";")]
        encoding = _encoding(params[1:])
        if not colon or encoding is None:
            if not run:
                first = start + 1
            run.append(line.strip())
            continue
        if encoding == _QP:
            while value.endswith("=") and i < len(lines):  # a soft line break
                nxt = lines[i].rstrip()
                value = value[:-1] + (nxt[1:] if nxt[:1] in (" ", "\t") else nxt)
                i += 1
            if not run:
                first = start + 1
            run.append(f"{_plain_head(params)}:{_from_qp(value, params)}")
            continue
        # base64: vCard 2.1 runs the value on over unindented lines, up to a blank line
        while i < len(lines) and _BASE64_LINE.fullmatch(lines[i].strip()):
            value += lines[i].strip()
            i += 1
        flush(start)
        name = _label(params)
        got = _binary(value, name)
        if isinstance(got, Image):
            images.append(got)
            blocks.append(
                Block(IMAGE, f"[Image: {name}]", lines=(start + 1, i), alt=name, images=(got.name,))
            )
        else:
            skipped.append(got)
    flush(len(lines))
    return blocks, images, skipped


def body_property_blocks(
    text: str, images: dict[str, Image], seen: dict[tuple[int, int], Image], meta: Mapping[str, Any]
) -> tuple[list[Block], list[Skipped]]:
    """:func:`property_blocks` for a card or a calendar sent as a message's body, not attached to
    it: its pictures go to the message's ``images`` (by name), carrying ``meta`` (the message
    they are in, as the message's other pictures do), each one met before in it (``seen``, see
    :func:`~indexer.images.met_before`) pointed at rather than kept twice."""
    blocks, found, skipped = property_blocks(text)
    names: dict[str, str] = {}  # a picture's name: that of the image it is
    for image in found:
        first = met_before(seen, replace(image, meta={**image.meta, **meta}))
        images.setdefault(first.name, first)
        names[image.name] = first.name
    return [replace(b, images=tuple(names[n] for n in b.images)) for b in blocks], skipped


def _encoding(params: list[str]) -> str | None:
    """``BASE64`` or ``QUOTED-PRINTABLE`` when the parameters say the value is so encoded:
    ``ENCODING=b`` (3.0), ``ENCODING=BASE64`` (2.1, iCalendar), a bare ``BASE64`` or
    ``QUOTED-PRINTABLE`` (2.1)."""
    for p in params:
        key, _, val = p.upper().partition("=")
        word = val if key == "ENCODING" else key if not val else ""
        if word in ("B", "BASE64"):
            return "BASE64"
        if word == _QP:
            return _QP
    return None


def _plain_head(params: list[str]) -> str:
    """The property's name and parameters without those its decoded value no longer has."""
    kept = [
        p
        for p in params[1:]
        if p.upper() not in (_QP, f"ENCODING={_QP}") and not p.upper().startswith("CHARSET=")
    ]
    return ";".join([params[0], *kept])


def _from_qp(value: str, params: list[str]) -> str:
    charset = next((p.split("=", 1)[1] for p in params if p.upper().startswith("CHARSET=")), "utf-8")
    raw = quopri.decodestring(value.encode("utf-8"))
    try:
        if not text_codec(charset):  # Python's codecs of bytes (base64), or idna: errors of their own
            raise LookupError(charset)
        decoded = raw.decode(charset.strip('"'))
    except (LookupError, UnicodeDecodeError):  # a charset unknown, or not the one the bytes are in
        decoded = raw.decode("cp1252", "replace")
    return decoded.replace("\r\n", "\n").replace("\r", "\n").strip()


def _label(params: list[str]) -> str:
    """The property's name, with the file name iCalendar's ``ATTACH`` may give."""
    name = params[0].rsplit(".", 1)[-1].upper()  # without its group (``item1.PHOTO``)
    for p in params[1:]:
        key, _, val = p.partition("=")
        if key.upper() in ("FILENAME", "X-FILENAME") and val:
            return f"{name} {val.strip(chr(34))}"
    return name


def _binary(value: str, name: str) -> Image | Skipped:
    """The picture of a base64 value, or the entry saying why it is not read."""
    packed = "".join(value.split())
    try:
        data = base64.b64decode(packed + "=" * (-len(packed) % 4))
    except (binascii.Error, ValueError):
        return Skipped("property value", name, "a base64 value that does not decode")
    if not data:
        return Skipped("property value", name, "an empty base64 value")
    if sniff_image_format(data) is None:  # no picture (a key, a sound, an attached file): data
        return Skipped(
            "property value", name, f"{len(data):,} bytes of base64 data, not text", on_purpose=True
        )
    return admit(data, None, source_name=name, alt=name)  # a picture not in a web format skipped
