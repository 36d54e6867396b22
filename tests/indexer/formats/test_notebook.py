"""Jupyter notebooks: markdown and code cells, outputs, image outputs named by their cell."""

from __future__ import annotations

import base64
import json

from indexer.api import chunk_document
from indexer.formats.notebook import extract_ipynb
from indexer.model import CODE, HEADING, IMAGE, LIST, PARAGRAPH, TABLE
from tests._builders import png

from ._text_helpers import CTX, SAMPLES, assert_lines_valid


def test_sample_notebook():
    doc = extract_ipynb((SAMPLES / "notebooks" / "tide_readings.ipynb").read_bytes(), CTX)
    assert dict(doc.metadata) == {
        "source_type": "ipynb",
        "language": "python",
        "kernel": "Python 3",
        "nbformat": "4.5",
        "cell_count": 4,
        "code_cell_count": 2,
        "markdown_cell_count": 2,
    }
    assert_lines_valid(doc)
    b = doc.blocks
    assert (b[0].kind, b[0].text, b[0].meta["cell_index"], b[0].meta["cell_type"]) == (
        HEADING,
        "Tide readings, 2 April",
        0,
        "markdown",
    )
    assert b[1].kind == PARAGRAPH and b[1].text == "Loads the readings of ST-014 and plots the rising tide."
    assert b[2].kind == CODE and b[2].meta["language"] == "python" and b[2].meta["cell_index"] == 1
    assert b[2].text.splitlines()[0] == "import json"
    assert b[3].kind == CODE and b[3].text == "loaded 2 readings" and b[3].meta["output"] is True
    image = next(x for x in b if x.kind == IMAGE)
    assert image.images == ("cell2_output1.png",) and image.meta["cell_index"] == 2
    (img,) = doc.images
    assert (img.name, img.format, img.width, img.height) == ("cell2_output1.png", "png", 160, 90)
    # the "<Figure size …>" repr beside the image is not indexed as text
    assert "Figure size" not in doc.text
    assert b[-1].text == "The tide rose 13 cm in ten minutes." and b[-1].meta["cell_index"] == 3


def _nb(cells, **meta):
    return json.dumps({"nbformat": 4, "nbformat_minor": 2, "metadata": meta, "cells": cells}).encode()


def test_error_output_html_table_and_raw_cell():
    cells = [
        {
            "cell_type": "code",
            "source": "1/0",
            "outputs": [
                {
                    "output_type": "error",
                    "ename": "ZeroDivisionError",
                    "evalue": "division by zero",
                    "traceback": ["\x1b[0;31mZeroDivisionError\x1b[0m: division by zero"],
                }
            ],
        },
        {
            "cell_type": "code",
            "source": "df",
            "outputs": [
                {
                    "output_type": "execute_result",
                    "data": {
                        "text/html": "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>",
                        "text/plain": "   a  b\n0  1  2",
                    },
                }
            ],
        },
        {"cell_type": "raw", "source": "raw text cell"},
    ]
    doc = extract_ipynb(_nb(cells), CTX)
    trace = next(b for b in doc.blocks if "ZeroDivisionError" in b.text)
    assert trace.text == "ZeroDivisionError: division by zero"  # terminal colours stripped
    table = next(b for b in doc.blocks if b.kind == TABLE)
    assert table.header == ("a", "b") and table.rows == (("1", "2"),)
    assert doc.blocks[-1].text == "raw text cell" and doc.blocks[-1].meta["cell_type"] == "raw"


def test_svg_output_is_skipped_with_a_reason():
    cells = [
        {
            "cell_type": "code",
            "source": "x",
            "outputs": [{"output_type": "display_data", "data": {"image/svg+xml": "<svg/>"}}],
        }
    ]
    doc = extract_ipynb(_nb(cells), CTX)
    assert doc.coverage.skipped and "SVG" in doc.coverage.skipped[0].reason


def test_not_a_notebook_is_read_as_text():
    doc = extract_ipynb(b"{ this is not json", CTX)
    assert doc.blocks and "this is not json" in doc.text and doc.coverage.warnings
    assert extract_ipynb(b"", CTX).blocks == ()


def test_stream_pieces_join_and_carriage_returns_overwrite():
    # A kernel sends printing in pieces (here a line split over two stdout outputs) and a progress
    # bar as updates each going back over its line with a carriage return; Jupyter shows one
    # stdout text "line one\nhalf done\nline two" and, on stderr, only the bar's last state.
    cells = [
        {
            "cell_type": "code",
            "source": "run()",
            "outputs": [
                {"output_type": "stream", "name": "stdout", "text": ["line one\n", "half "]},
                {"output_type": "stream", "name": "stdout", "text": "done\nline two\n"},
                {"output_type": "stream", "name": "stderr", "text": ["  0%| 0/3\r", " 33%| 1/3\r"]},
                {"output_type": "stream", "name": "stderr", "text": "100%| 3/3\r\nok\r\n"},
                {"output_type": "stream", "name": "stdout", "text": "after\n"},
            ],
        }
    ]
    doc = extract_ipynb(_nb(cells), CTX)
    outputs = [(b.text, b.meta["output_index"]) for b in doc.blocks if b.meta.get("output")]
    assert outputs == [("line one\nhalf done\nline two", 1), ("100%| 3/3\nok", 3), ("after", 5)]


def test_markdown_cell_attachments_are_its_images():
    # A picture pasted into a Markdown cell is kept in the cell's "attachments" (base64 by file
    # name) and shown by "![alt](attachment:name)": the image block of the line that shows it
    # takes the picture; one shown inside a sentence follows the cell's blocks as its own image.
    chart, icon = png((48, 32)), png((20, 10))
    cells = [
        {"cell_type": "markdown", "source": "Intro"},
        {
            "cell_type": "markdown",
            "source": "The tide:\n\n![tide chart](attachment:chart%20one.png)\n\nSee ![i](attachment:icon.png) here.",
            "attachments": {
                "chart one.png": {"image/png": base64.b64encode(chart).decode()},
                "icon.png": {"image/png": base64.b64encode(icon).decode()},
            },
        },
    ]
    doc = extract_ipynb(_nb(cells), CTX)
    shown = [
        (b.kind, b.text, b.images, b.meta["cell_index"]) for b in doc.blocks if b.meta["cell_index"] == 1
    ]
    assert shown == [
        (PARAGRAPH, "The tide:", (), 1),
        (IMAGE, "[Image: tide chart]", ("cell1_chart one.png",), 1),
        (PARAGRAPH, "See i here.", (), 1),
        (IMAGE, "[Image: cell1_icon.png]", ("cell1_icon.png",), 1),
    ]
    assert [(i.name, i.width, i.height) for i in doc.images] == [
        ("cell1_chart one.png", 48, 32),
        ("cell1_icon.png", 20, 10),
    ]
    assert doc.coverage.images_extracted == 2


def test_lone_surrogate_in_a_cell_reads_as_a_replacement_character():
    # a Markdown cell cut after the first half of an emoji's UTF-16 pair ("\ud83d", as json.dumps
    # writes it): the notebook is read, the lone half U+FFFD, where the Markdown reader failed
    # on it and the whole notebook with it
    data = json.dumps(
        {"nbformat": 4, "metadata": {}, "cells": [{"cell_type": "markdown", "source": "Done \ud83d"}]}
    )
    assert "\\ud83d" in data
    doc = extract_ipynb(data.encode(), CTX)
    assert [b.text for b in doc.blocks] == ["Done \ufffd"]


def test_nbformat3_streams_join_by_their_stream():
    # nbformat 3 names an output's stream "stream", not "name": stdout pieces join, stderr apart
    nb = {
        "nbformat": 3,
        "metadata": {},
        "worksheets": [
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "input": "run()",
                        "outputs": [
                            {"output_type": "stream", "stream": "stdout", "text": "half "},
                            {"output_type": "stream", "stream": "stdout", "text": "done\n"},
                            {"output_type": "stream", "stream": "stderr", "text": "warning\n"},
                        ],
                    }
                ]
            }
        ],
    }
    doc = extract_ipynb(json.dumps(nb).encode(), CTX)
    assert [b.text for b in doc.blocks if b.meta.get("output")] == ["half done", "warning"]


def test_soft_hyphens_are_left_out_of_markdown_and_raw_cells():
    # a Markdown cell's and a raw cell's U+00AD left out as a .md file's are: "Fahr"+"plan" and
    # "Donau"+"dampf"+"schiff" read whole (the cells written by hand); code keeps what it holds
    nb = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {},
        "cells": [
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": "# Fahr\u00adplan\n\nDonau&shy;dampf\u00adschiff",
            },
            {"cell_type": "raw", "metadata": {}, "source": "Ab\u00adfahrt 9 Uhr"},
        ],
    }
    doc = extract_ipynb(json.dumps(nb).encode(), CTX)
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (HEADING, "Fahrplan"),
        (PARAGRAPH, "Donaudampfschiff"),
        (PARAGRAPH, "Abfahrt 9 Uhr"),
    ]


def test_an_object_shown_as_html_is_read_as_it_shows_not_as_its_default_repr():
    # IPython's display objects (HTML, Math, Javascript) carry beside the form Jupyter shows a
    # text/plain that is only their default repr, "<IPython.core.display.HTML object>": the
    # HTML's heading and sentence are the output, the LaTeX source stands for the formula,
    # JavaScript shows nothing; a default repr alone in its bundle is what Jupyter shows
    def shown(data):
        return {"output_type": "display_data", "metadata": {}, "data": data}

    cells = [
        {
            "cell_type": "code",
            "source": "show()",
            "outputs": [
                shown(
                    {
                        "text/html": ["<h3>Results</h3>", "<p>Accuracy: <b>0.93</b></p>"],
                        "text/plain": ["<IPython.core.display.HTML object>"],
                    }
                ),
                shown({"text/latex": "$E = mc^2$", "text/plain": "<IPython.core.display.Math object>"}),
                shown(
                    {
                        "application/javascript": "alert(1)",
                        "text/plain": "<IPython.core.display.Javascript object>",
                    }
                ),
                {
                    "output_type": "execute_result",
                    "metadata": {},
                    "data": {"text/plain": "<__main__.Point at 0x7f3a2c1d5e50>"},
                },
            ],
        }
    ]
    doc = extract_ipynb(_nb(cells), CTX)
    outputs = [(b.kind, b.text, b.meta["output_index"]) for b in doc.blocks if "output_index" in b.meta]
    assert outputs == [
        (HEADING, "Results", 1),
        (PARAGRAPH, "Accuracy: 0.93", 1),
        (CODE, "$E = mc^2$", 2),
        (CODE, "<__main__.Point at 0x7f3a2c1d5e50>", 4),
    ]
    assert "display." not in doc.text


def test_nbformat3_latex_and_svg_outputs_are_named_as_nbformat4s():
    # nbformat 3 keeps an output's forms on the output under short names ("latex", "svg"):
    # IPython's Math reads as its LaTeX, not its default repr; an SVG figure is listed as skipped
    nb = {
        "nbformat": 3,
        "metadata": {},
        "worksheets": [
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "input": "show()",
                        "outputs": [
                            {
                                "output_type": "pyout",
                                "prompt_number": 1,
                                "latex": ["$$x^2$$"],
                                "text": ["<IPython.core.display.Math object>"],
                            },
                            {"output_type": "display_data", "svg": ["<svg/>"], "text": "plot"},
                        ],
                    }
                ]
            }
        ],
    }
    doc = extract_ipynb(json.dumps(nb).encode(), CTX)
    assert [b.text for b in doc.blocks if b.meta.get("output")] == ["$$x^2$$", "plot"]
    assert [(s.what, s.name) for s in doc.coverage.skipped] == [("image", "cell0_output2.svg")]


def test_a_markdown_cell_s_list_says_no_lines_of_the_cell_s_own_text():
    # the cell's lines: "intro" 1, blank 2, "- a" 3, blank 4, "- b" 5 (a loose list); the notebook's
    # text: "intro" 1, blank 2, "a" 3, "b" 4, blank 5, "next" 6. The list said its items started on the
    # cell's lines 3 and 5 (item_lines) while the block stood on the notebook's 3 and 4
    doc = extract_ipynb(
        _nb(
            [
                {"cell_type": "markdown", "source": "intro\n\n- a\n\n- b\n"},
                {"cell_type": "markdown", "source": "next"},
            ]
        ),
        CTX,
    )
    assert_lines_valid(doc)
    listed = doc.blocks[1]
    assert (listed.kind, listed.text, listed.lines) == (LIST, "a\nb", (3, 4))
    assert "item_lines" not in listed.meta
    assert doc.text.split("\n")[2:4] == ["a", "b"]
    # its chunk on those lines, as before
    chunk = next(c for c in chunk_document(doc) if c.content == "a\nb")
    assert chunk.metadata["source_lines"] == [3, 4]
