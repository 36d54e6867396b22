"""The document model, image naming, sniffing and the error types."""

from __future__ import annotations

import pickle

import pytest

from indexer import errors
from indexer.images import admit, fnv1a64, fnv1a64_python, image_name
from indexer.model import (
    Block,
    Coverage,
    Document,
    Image,
    ListItem,
    Skipped,
    assemble,
    render_list,
    render_table,
)
from indexer.sniff import decode_text, looks_binary


@pytest.mark.parametrize(
    ("data", "expected"),
    [(b"", "cbf29ce484222325"), (b"a", "af63dc4c8601ec8c"), (b"foobar", "85944171f73967e8")],
)
def test_fnv1a64_vectors(data, expected):
    assert "%016x" % fnv1a64(data) == expected
    assert "%016x" % fnv1a64_python(data) == expected


def test_fast_and_reference_fnv_agree_on_larger_inputs():
    import random

    rng = random.Random(7)
    for size in (1, 7, 8, 255, 4096, 100_003):
        data = rng.randbytes(size)
        assert fnv1a64(data) == fnv1a64_python(data)


def test_image_name_keeps_jpg_and_jpeg_distinct():
    assert image_name(b"a", "JPG") == "af63dc4c8601ec8c.jpg"
    assert image_name(b"a", ".jpeg") == "af63dc4c8601ec8c.jpeg"


def test_admit_skips_non_web_rasters_with_a_reason():
    emf = b"\x01\x00\x00\x00" + b"\x00" * 40
    skipped = admit(emf, "emf", source_name="image3.emf")
    assert isinstance(skipped, Skipped)
    assert skipped.name == "image3.emf" and "EMF" in skipped.reason


def test_assemble_numbers_lines_per_block():
    doc = assemble(
        "pdf",
        [
            Block("heading", "Title", level=1),
            Block("paragraph", "a\nb", page=1),
            Block("table", render_table(["x", "y"], [["1", "2"]]), rows=(("1", "2"),), header=("x", "y")),
        ],
    )
    lines = doc.text.split("\n")
    for block in doc.blocks:
        first, last = block.lines
        assert "\n".join(lines[first - 1 : last]) == block.text


def test_document_json_round_trip_keeps_everything_but_image_bytes():
    image = Image(name="x.png", format="png", data=b"\x89PNG", width=1, height=1, alt="dot", meta={"page": 2})
    doc = assemble(
        "docx",
        [
            Block(
                "list",
                render_list([ListItem("a"), ListItem("b", 1)]),
                items=(ListItem("a"), ListItem("b", 1)),
            ),
            Block("paragraph", "see [Image: dot]", images=("x.png",), meta={"message_index": 0}),
        ],
        images=(image,),
        metadata={"title": "T", "to": ["a", "b"]},
        coverage=Coverage(pages_total=3, empty_pages=(2,), skipped=(Skipped("image", "e.emf", "EMF"),)),
    )
    back = Document.from_json(doc.to_json(), images={"x.png": b"\x89PNG"})
    assert back == doc
    assert Document.from_json(doc.to_json()).images[0].data == b""
    assert render_list(doc.blocks[0].items) == "a\n  b"


def test_errors_keep_code_across_pickle():
    err = errors.Encrypted("locked")
    back = pickle.loads(pickle.dumps(err))
    assert isinstance(back, errors.Encrypted) and back.code == "ENCRYPTED" and back.message == "locked"
    assert isinstance(errors.InvalidArgument("x"), ValueError)


@pytest.mark.parametrize(
    ("data", "binary"),
    [
        (b"hello", False),
        (b"a\x00b", True),
        (bytes(range(1, 9)) * 10, True),
        ("héllo".encode("utf-16"), False),
        ("hi".encode("utf-16-be"), False),  # UTF-16 without a BOM: the NUL pattern of ASCII
        (b"\x00\x01bin", True),  # the same NUL pattern, paired with a control byte
        (b"", False),
    ],
)
def test_looks_binary(data, binary):
    assert looks_binary(data) is binary


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ("caf\u00e9\r\nline".encode("cp1252"), "caf\u00e9\nline"),
        ("\ufeffBOM".encode(), "BOM"),
        ("two\rlines".encode("utf-16"), "two\nlines"),
        ("h\u00e9llo w\u00f6rld".encode("utf-16-le"), "h\u00e9llo w\u00f6rld"),
    ],
)
def test_decode_text_sniffs_encodings_and_newlines(data, text):
    assert decode_text(data)[0] == text


def test_zip_with_an_unsupported_compression_method_is_a_parse_error():
    import io
    import zipfile

    from indexer.limits import Limits
    from indexer.zipsafe import open_zip, read_member

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("word/document.xml", "<w:document/>")
    raw = bytearray(buf.getvalue())
    # set the compression method to 99 (AES, not implemented by zipfile) in both headers
    local = raw.index(b"PK\x03\x04")
    raw[local + 8 : local + 10] = (99).to_bytes(2, "little")
    central = raw.index(b"PK\x01\x02")
    raw[central + 10 : central + 12] = (99).to_bytes(2, "little")
    zf = open_zip(bytes(raw), Limits(), "x.docx")
    with pytest.raises(errors.ParseError):
        read_member(zf, "word/document.xml")


def test_a_legacy_extension_holding_rtf_is_read_by_content():
    from indexer import extract

    doc = extract(b"{\\rtf1\\ansi Plain words saved as a .doc file.}", filename="letter.doc")
    assert doc.source_type == "rtf"
    assert "Plain words" in doc.text
    with pytest.raises(errors.UnsupportedFormat) as info:
        extract(b"\xd0\xcf\x11\xe0" + b"\x00" * 600, filename="letter.doc")
    assert "doc" in str(info.value).lower()


def test_utf8_with_a_damaged_byte_stays_utf8():
    data = "Müller, Zoë and Øystein met in Köln.".encode() + b"\xff" + " Straße.".encode()
    text, enc = decode_text(data)
    assert enc == "utf-8"
    assert text.startswith("Müller, Zoë") and "\ufffd" in text and text.endswith("Straße.")


def test_mode_key_names_the_parameters_a_mode_reads_with_defaults_resolved():
    from indexer import ModeParams
    from indexer.modes.registry import key_for

    assert key_for("csv", "row", ModeParams()) == key_for("csv", "row", ModeParams(rows_per_chunk=3))
    assert key_for("csv", "default", ModeParams()) == "row:rows_per_chunk=3"
    assert key_for("spreadsheet", "row", ModeParams()) == "row:rows_per_chunk=1"
    assert key_for("document", "default", ModeParams(window_size=9)) == "structural"
    assert key_for("document", "sliding_window", ModeParams(window_size=5, overlap=2)) == (
        "sliding_window:window_size=5,overlap=2"
    )
    assert key_for("document", "structural", ModeParams(list_images=True)) == "structural:list_images=1"
