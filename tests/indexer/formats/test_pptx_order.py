"""Reading order of the shapes of a PowerPoint slide: rows top to bottom, each left to right."""

from __future__ import annotations

import io

from indexer import extract_bytes
from indexer.api import extract


def _texts(boxes: list[tuple[str, float, float, float]]) -> list[str]:
    """Text boxes (text, left, top, height in inches), added in this order to a blank slide; the
    texts of the slide's blocks in reading order."""
    from pptx import Presentation
    from pptx.util import Emu, Inches

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    for text, left, top, height in boxes:
        box = slide.shapes.add_textbox(
            Emu(int(Inches(left))), Emu(int(Inches(top))), Inches(1.2), Emu(int(Inches(height)))
        )
        box.text_frame.text = text
    out = io.BytesIO()
    deck.save(out)
    return [b.text for b in extract_bytes(out.getvalue(), "deck.pptx").blocks]


def test_boxes_side_by_side_are_read_left_to_right_though_their_tops_differ_a_little():
    # Five boxes of one row, tops 2.66 to 2.69 in (as dragged by hand), written right box first.
    assert _texts(
        [
            ("E", 10.3, 2.662, 1.0),
            ("A", 2.6, 2.662, 1.0),
            ("B", 4.9, 2.688, 1.3),
            ("C", 6.2, 2.688, 1.0),
            ("D", 8.2, 2.690, 1.3),
        ]
    ) == ["A", "B", "C", "D", "E"]


def test_stacked_and_lower_boxes_stay_below():
    # Lines 0.4 in high: one 0.1 in lower than the first is in its row, one 0.3 in lower is not.
    # Beside a 3 in box, one 0.1 in lower is in its row; a line 0.4 in lower is not.
    assert _texts(
        [
            ("right, top", 5.0, 1.0, 0.4),
            ("left, 0.3 in lower", 1.0, 1.3, 0.4),
            ("middle, 0.1 in lower", 3.0, 1.1, 0.4),
            ("tall left", 1.0, 3.0, 3.0),
            ("tall right, a little lower", 5.0, 3.1, 3.0),
            ("far below", 0.5, 3.4, 0.4),
        ]
    ) == [
        "middle, 0.1 in lower",
        "right, top",
        "left, 0.3 in lower",
        "tall left",
        "tall right, a little lower",
        "far below",
    ]


def test_real_deck_row_of_text_boxes(real_world):
    # powerpoint_sample.pptx, ppt/slides/slide3.xml: five text boxes, a:off x / y in EMU:
    # "List item4…" 2423634/2434665, "I1…" 4453634/2457553, "Some info:…" 5634940/2457554,
    # "Maybe a list?…" 7531336/2459421, "l1…" 9404392/2434665 (heights 0.92M to 1.2M).
    doc = extract(real_world / "pptx" / "kreuzberg" / "powerpoint_sample.pptx")
    third = [b.text for b in doc.blocks if b.meta["slide_number"] == 3 and not b.meta.get("notes")]
    assert [t.split("\n")[0] for t in third] == [
        "List item4",
        "I1",
        "Some info:",
        "Item A",
        "Maybe a list?",
        "List1",
        "l1",
    ]


def test_a_box_alone_beside_a_taller_one_is_read_in_its_row():
    # A 4 in box on the right starting 0.5 in higher than a 2 in box on the left, which lies
    # within its height: one row, read left to right (was: the right box first, its top higher).
    assert _texts([("tall right", 5.0, 1.5, 4.0), ("left", 1.0, 2.0, 2.0)]) == ["left", "tall right"]
    # beside it, but reaching below it: rows, as before
    assert _texts([("tall right", 5.0, 1.5, 4.0), ("left", 1.0, 2.0, 4.0)]) == ["tall right", "left"]


def test_a_column_of_boxes_beside_a_taller_one_keeps_its_rows():
    # Two boxes one under the other beside a tall one: which to read first is the layout's
    # matter, not a row's; the rows stay by their tops, as before
    assert _texts(
        [("tall right", 5.0, 1.5, 4.0), ("left one", 1.0, 2.0, 1.0), ("left two", 1.0, 3.5, 1.0)]
    ) == [
        "tall right",
        "left one",
        "left two",
    ]


def test_real_deck_box_beside_a_taller_rectangle(real_world):
    # powerpoint_sample.pptx, ppt/slides/slide2.xml, a:off x / y and a:ext cx / cy in EMU: the
    # content placeholder "Let's introduce a list…" 838200/1825625, 3623631 × 2136775 (left,
    # y 1825625 to 3962400), "Rectangle 3" 6180463/1344058, 4076241 × 3877937 (right, y 1344058
    # to 5221995): the placeholder lies within the rectangle's height, beside it, alone there
    doc = extract(real_world / "pptx" / "kreuzberg" / "powerpoint_sample.pptx")
    second = [b.text for b in doc.blocks if b.meta["slide_number"] == 2 and not b.meta.get("notes")]
    assert [t.split("\n")[0] for t in second] == [
        "Second slide title",
        "Let’s introduce a list",
        "With foo",
        "A rectangle shape with this text inside.",
    ]
