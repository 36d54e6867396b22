"""Lists in PDF text: what starts an item and what continues one. Honorifics, initials, telephone
area codes and citations at the start of a wrapped line are not items; numbered paragraphs set
with a first-line indent keep the lines under their marker; a page's own markers (``o`` bullets,
``1.Socket``) are items where the page shows the pattern."""

from __future__ import annotations

import io

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from indexer import extract, get_markdown
from indexer.model import LIST

SIZE = 10
PITCH = 12


def _page(lines: list[tuple[float, str]], gaps: tuple[int, ...] = ()) -> bytes:
    """One page of Helvetica 10 pt lines ``(x, text)`` from the top, 12 pt apart, 24 pt before
    the lines whose index is in ``gaps``."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica", SIZE)
    y = 720.0
    for n, (x, text) in enumerate(lines):
        if n in gaps:
            y -= PITCH
        c.drawString(x, y, text)
        y -= PITCH
    c.showPage()
    c.save()
    return buf.getvalue()


def _lists(doc) -> list[list[str]]:
    return [[item.text for item in b.items] for b in doc.blocks if b.kind == LIST]


def test_honorifics_and_initials_are_not_ordinals():
    doc = extract(
        _page(
            [
                (72, "Were present:"),
                (72, "M. Gaëtan Gagné, municipal councillor"),
                (72, "M. David Huggins-Daines, municipal councillor"),
                (72, "O. B. d. A. sei x in A1 und y in A2."),
                (72, "A. The first point"),
                (72, "B. The second point"),
            ],
            gaps=(1, 3, 4),
        ),
        filename="minutes.pdf",
    )
    assert _lists(doc) == [["A. The first point", "B. The second point"]]
    # each name a line of its own, as set: not one sentence running on over two people
    texts = [b.text for b in doc.blocks]
    assert texts[1] == "M. Gaëtan Gagné, municipal councillor"
    assert texts[2].startswith("M. David Huggins-Daines, municipal councillor")


def test_a_telephone_area_code_is_not_an_item():
    doc = extract(
        _page([(72, "Terry Weidner, 44 Heather Drive"), (72, "(217) 345-5320"), (72, "tw@example.edu")]),
        filename="contacts.pdf",
    )
    assert _lists(doc) == []
    assert [b.text for b in doc.blocks] == ["Terry Weidner, 44 Heather Drive (217) 345-5320 tw@example.edu"]


def _filled(x: float, right: float, text: str, first: float | None = None) -> list[tuple[float, str]]:
    """``text`` set in lines from ``x`` (the first from ``first``) that end before ``right``, as a
    typesetter wraps them."""
    out: list[tuple[float, str]] = []
    line = ""
    start = x if first is None else first
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and start + stringWidth(trial, "Helvetica", SIZE) > right:
            out.append((start, line))
            line, start = word, x
        else:
            line = trial
    out.append((start, line))
    return out


def test_numbered_paragraphs_with_a_first_line_indent_keep_their_lines():
    # the Federal Register's style: the marker line is indented, the lines under it start at the
    # margin, the left of the marker
    intro = "Accordingly, the agency proposes to amend the part of the rules that follows as shown:"
    first = "1. The authority citation for part 39 continues to read as follows:"
    second = "2. The agency amends the section by removing the directive and adding the new one."
    right = 250
    lines = _filled(72, right, intro)
    start = len(lines)
    lines += _filled(72, right, first, first=82) + _filled(72, right, second, first=82)
    assert lines[start] == (82, "1. The authority citation for part 39")
    assert lines[start + 1] == (72, "continues to read as follows:")
    # and a list whose item is short: the first word of the paragraph under it would have fitted
    # after it, so the paragraph stays apart
    lines += [(82, "3. The last step"), (72, "The paragraph after the list starts here.")]
    doc = extract(_page(lines, gaps=(start,)), filename="rule.pdf")
    assert _lists(doc) == [
        [
            "1. The authority citation for part 39 continues to read as follows:",
            "2. The agency amends the section by removing the directive and adding the new one.",
            "3. The last step",
        ]
    ]
    assert doc.blocks[-1].text == "The paragraph after the list starts here."


def test_a_citation_or_a_page_range_at_a_line_start_continues_the_text():
    text = (
        "Finally, we apply the Detection Transformer (DETR) [2] for the first time to the tasks of "
        "table detection and structure recognition."
    )
    intro = (
        "Our contributions are the following, each of them made in this paper and tested on the "
        "three tasks that the paper names in its introduction:"
    )
    lines = _filled(72, 319, intro)
    start = len(lines)
    lines += _filled(84, 319, "1. " + text, first=72)
    assert lines[start + 1][1].startswith("[2] for the first time")
    reference = "[12] A. Author. Table detection from scanned images. In ICDAR, pages 128\u2013"
    lines += [(72, reference), (86, "133. IEEE, 2019.")]
    doc = extract(_page(lines, gaps=(start, len(lines) - 2)), filename="paper.pdf")
    assert _lists(doc) == [["1. " + text, reference + "133. IEEE, 2019."]]


def test_a_pages_own_markers_start_items():
    doc = extract(
        _page(
            [
                (72, "\u2022 Infiniband (EDR)"),
                (82, "o Standard pushed by one vendor."),
                (82, "o Most mature technology to date."),
                (72, "\u2022 Ethernet"),
                (72, "1.Socket API (Posix)"),
                (86, "Run existing apps."),
                (72, "2.Block level File I/O"),
                (72, "7.Block level File I/O"),  # no number next to it on the page: text
            ],
            gaps=(4, 7),
        ),
        filename="slides.pdf",
    )
    items = [(i.text, i.level, i.ordered) for b in doc.blocks if b.kind == LIST for i in b.items]
    assert items == [
        ("Infiniband (EDR)", 0, False),
        ("Standard pushed by one vendor.", 1, False),
        ("Most mature technology to date.", 1, False),
        ("Ethernet", 0, False),
        ("1.Socket API (Posix) Run existing apps.", 0, True),
        ("2.Block level File I/O", 0, True),
    ]
    assert doc.blocks[-1].kind != LIST and doc.blocks[-1].text == "7.Block level File I/O"


def test_federal_register_numbered_paragraphs(real_world):
    # before: "1. The authority citation for part 39" was a one-item list and "continues to read
    # as follows:" a paragraph; 57 list blocks, most of one item cut after their first line
    doc = extract(real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf")
    items = [i.text for b in doc.blocks if b.kind == LIST for i in b.items]
    assert "1. The authority citation for part 39 continues to read as follows:" in items
    assert (
        "(1) In the Certificate Limitations and Operating Procedures chapters, remove the "
        "information identified as \u2018\u2018Required by AD 2018\u201323\u201351.\u2019\u2019"
    ) in items
    assert not any(b.text.startswith("continues to read") for b in doc.blocks)


def test_real_lists_of_names_phones_and_references(real_world):
    pdf = real_world / "pdf"
    minutes = extract(pdf / "pdfplumber" / "2023-06-20-PV.pdf")
    assert not any(i.text.startswith("M. ") for b in minutes.blocks if b.kind == LIST for i in b.items)
    members = [b.text for b in minutes.blocks if b.text.startswith("M. ")]
    assert members == [
        "M. Gaëtan Gagné, conseiller municipal",
        "M. David Huggins-Daines, conseiller municipal",
    ]
    scanned = extract(pdf / "kreuzberg" / "scanned.pdf", options={"ocr": "never"})
    assert not any(i.text.startswith("(217)") for b in scanned.blocks if b.kind == LIST for i in b.items)
    paper = extract(pdf / "kreuzberg" / "large.pdf")
    assert "pages 128\u2013133. IEEE, 2019." in paper.text
    assert "Finally, we apply the Detection Transformer (DETR) [2] for the first time" in paper.text


def test_markdown_of_a_reference_list_has_one_marker_per_item(real_world):
    # before: "1. [1] Amihood Amir, …", every reference behind a second, constant "1."
    md = get_markdown(real_world / "pdf" / "kreuzberg" / "large.pdf")
    assert "- [1] Amihood Amir, Tzvika Hartman" in md
    assert "1. [" not in md


def test_stray_line_breaks_inside_lines_do_not_break_the_page_markers():
    # a text layer can hold a lone line feed inside a line; such lines are text, not items
    from indexer.formats._pdf_layout import group_page
    from indexer.formats._pdf_lines import Line

    def line(text: str, base: float) -> Line:
        return Line(1, text, 10.0, False, 72.0, 300.0, base + 8, base, base, 0.0)

    lines = [line("1.Abc\nx", 700), line("2.Def\n", 688), line("o Aa\nb", 676), line("o Bb\nc", 664)]
    groups = group_page(lines, 1)
    assert [g.is_list for g in groups] == [False]


def test_versus_in_a_case_name_is_no_item():
    # a court caption: "v." is the versus between the parties; after "iv." it is the fifth item
    doc = extract(
        _page(
            [
                (72, "MICHAEL A. KNOWLES, WARDEN,"),
                (72, "v. No. 07-1315"),
                (72, "ALEXANDRE MIRZAYANCE."),
                (72, "iii. The third point of the brief."),
                (72, "iv. The fourth point of the brief."),
                (72, "v. The fifth point of the brief."),
            ],
            gaps=(3,),
        ),
        filename="caption.pdf",
    )
    assert _lists(doc) == [
        [
            "iii. The third point of the brief.",
            "iv. The fourth point of the brief.",
            "v. The fifth point of the brief.",
        ]
    ]
    assert "MICHAEL A. KNOWLES, WARDEN, v. No. 07-1315 ALEXANDRE MIRZAYANCE." in doc.text


def test_the_supreme_court_caption_has_no_list(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "scotus-transcript-p1.pdf")
    assert not [b for b in doc.blocks if b.kind == LIST]
    assert "v. : No. 07-1315" in doc.text


def test_items_run_on_at_the_margin_left_of_their_marker():
    # a typewritten paper: the markers indented by 36 pt (3.6 font sizes), each item's second line
    # back at the margin after a line its first word would not have fitted on (the column's right
    # edge is the end of the intro line)
    intro = "The closed linkage of the two routines is inefficient, for two reasons:"
    first = "a. registers must be saved and restored by the caller on"
    second = "b. specific registers must be allocated by the compiler to"
    assert stringWidth(first, "Helvetica", SIZE) + 144 + stringWidth(
        "entry ", "Helvetica", SIZE
    ) > 108 + stringWidth(intro, "Helvetica", SIZE)
    doc = extract(
        _page(
            [
                (108, intro),
                (144, first),
                (108, "entry and exit."),
                (144, second),
                (108, "specific functions of the machine."),
            ]
        ),
        filename="paper.pdf",
    )
    assert _lists(doc) == [
        [
            "a. registers must be saved and restored by the caller on entry and exit.",
            "b. specific registers must be allocated by the compiler to specific functions of the machine.",
        ]
    ]


def test_the_typewritten_catalogue_keeps_its_items_whole(real_world):
    doc = extract(
        real_world / "pdf" / "kreuzberg" / "a_catalogue_of_optimizing_transformations_1971_allen_catalog.pdf"
    )
    items = [item.text for b in doc.blocks if b.kind == LIST for item in b.items]
    assert "a. registers must be saved and restored on entry and exit." in items
    assert any(t.startswith("b. specific registers must be allocated to specific functions.") for t in items)


def test_wingdings_check_marks_and_arrows_are_bullets():
    # Word's check-mark and arrow bullets in a Wingdings font come out of pdfium as U+F0FC and
    # U+F0D8 (private use), like its round U+F0B7 and square U+F0A7 ones
    from indexer.formats._pdf_layout import group_page
    from indexer.formats._pdf_lines import Line

    texts = [
        "\uf0fc \u00c9valuation de la vision;",
        "\uf0fc Validation de la pertinence des orientations;",
        "\uf0d8 Plan d\u2019action \u00e9non\u00e7ant les actions prioritaires.",
    ]
    lines = [
        Line(1, t, 11.0, False, 90.0, 400.0, 700.0 - 14 * n + 8, 700.0 - 14 * n, 700.0 - 14 * n, 0.0)
        for n, t in enumerate(texts)
    ]
    groups = group_page(lines, 1)
    assert [[item[2] for item in g.items] for g in groups] == [
        [
            "\u00c9valuation de la vision;",
            "Validation de la pertinence des orientations;",
            "Plan d\u2019action \u00e9non\u00e7ant les actions prioritaires.",
        ]
    ]


def test_the_chelsea_plan_lists_its_check_marked_items(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf")
    items = [item.text for b in doc.blocks if b.kind == LIST and b.page == 6 for item in b.items]
    assert "\u00c9valuation de la vision;" in items
    assert not [b for b in doc.blocks if b.text.startswith(("\uf0fc", "\uf0d8"))]


def _spaced_items(items: list[tuple[float, str, str]]) -> bytes:
    """Items of two lines each (the marker at x = 72, the text at 90), each ``(gap, marker,
    text)`` set ``gap`` points below the last line of the item before."""
    return _spaced_pages([items])


def _spaced_pages(pages: list[list[tuple[float, str, str]]]) -> bytes:
    """Pages of ``_spaced_items``, each opening 720 pt up; an item whose marker is empty is a
    paragraph of two lines at the margin."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for items in pages:
        c.setFont("Helvetica", SIZE)
        y = 720.0
        for gap, marker, text in items:
            y -= gap
            if marker:
                c.drawString(72, y, marker)
                c.drawString(90, y, f"{text}, the first line of an item set in the body")
                c.drawString(90, y - PITCH, "and its second line.")
            else:
                c.drawString(72, y, f"{text}, the first line of a paragraph set in the body")
                c.drawString(72, y - PITCH, "and its second line.")
            y -= PITCH
        c.showPage()
    c.save()
    return buf.getvalue()


def test_items_set_a_paragraphs_gap_apart_are_one_list():
    # chelsea_pdta.pdf p. 23 sets its check-marked items 35 pt apart (3.5 font sizes, baseline to
    # baseline), each had become a list of its own; a change of marker or a gap of 6 sizes
    # still starts a new list
    doc = extract(
        _spaced_items(
            [
                (0, "\u2022", "Keep the trails"),
                (35, "\u2022", "Link the quarters"),
                (35, "\u2022", "Fund the plan"),
                (35, "\u2022", "Hire a coordinator"),
                (35, "\u2013", "Note on the budget"),
                (60, "\u2013", "Note on the staff"),
            ]
        ),
        filename="plan.pdf",
    )
    tail = ", the first line of an item set in the body and its second line."
    assert _lists(doc) == [
        [t + tail for t in ("Keep the trails", "Link the quarters", "Fund the plan", "Hire a coordinator")],
        ["Note on the budget" + tail],
        ["Note on the staff" + tail],
    ]


def test_spaced_numbered_items_are_one_list_while_they_count_on():
    # numbered items 35 pt apart go on one list while each number follows the one before; a
    # list numbered anew after the same gap (a recipe's second part) is a list of its own: the
    # two had been read as one list "1, 2, 3, 1, 2"
    doc = extract(
        _spaced_items(
            [
                (0, "1.", "Preheat the oven"),
                (35, "2.", "Butter the tin"),
                (35, "3.", "Sift the flour"),
                (35, "1.", "Beat the eggs"),
                (35, "2.", "Fold in the flour"),
            ]
        ),
        filename="recipe.pdf",
    )
    tail = ", the first line of an item set in the body and its second line."
    assert _lists(doc) == [
        [
            f"{n}. {t}{tail}"
            for n, t in [(1, "Preheat the oven"), (2, "Butter the tin"), (3, "Sift the flour")]
        ],
        [f"{n}. {t}{tail}" for n, t in [(1, "Beat the eggs"), (2, "Fold in the flour")]],
    ]


def test_the_chelsea_plan_keeps_its_spaced_recommendations_in_one_list(real_world):
    # p. 23: eight check-marked recommendations, from "Dès le début" to "Voir au-delà du vélo"
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf")
    lists = [[i.text for i in b.items] for b in doc.blocks if b.kind == LIST and b.page == 23]
    assert [len(items) for items in lists] == [1, 1, 8]
    assert lists[2][0].startswith("Dès le début") and lists[2][-1].startswith("Voir au-delà du vélo")


TAIL = ", the first line of an item set in the body and its second line."


def test_lettered_items_set_far_apart_are_one_list_while_they_count_on():
    # items 80 pt apart (8 font sizes: further than items on one list are looked for) were a list
    # each, which Markdown wrote as lists of their own ("- a. …" then "* b. …"); a list that
    # does not count on from the one before (a. after c., 1. after a.) stays a list of its own
    doc = extract(
        _spaced_items(
            [
                (0, "a.", "Keep the trails"),
                (80, "b.", "Link the quarters"),
                (80, "c.", "Fund the plan"),
                (80, "a.", "Hire a coordinator"),
                (80, "1.", "Report each year"),
            ]
        ),
        filename="plan.pdf",
    )
    assert _lists(doc) == [
        [
            f"{m} {t}{TAIL}"
            for m, t in [("a.", "Keep the trails"), ("b.", "Link the quarters"), ("c.", "Fund the plan")]
        ],
        [f"a. Hire a coordinator{TAIL}"],
        [f"1. Report each year{TAIL}"],
    ]
    merged = next(b for b in doc.blocks if b.kind == LIST)
    assert merged.page == 1
    assert merged.text == "\n".join(item.text for item in merged.items)
    md = get_markdown(
        _spaced_items(
            [(0, "a.", "Keep the trails"), (80, "b.", "Link the quarters"), (80, "c.", "Fund the plan")]
        ),
        filename="plan.pdf",
    )
    assert md == "".join(
        f"- {m} {t}{TAIL}\n"
        for m, t in [("a.", "Keep the trails"), ("b.", "Link the quarters"), ("c.", "Fund the plan")]
    )


def test_spaced_items_count_on_only_in_their_own_punctuation_and_kind():
    # "(b)" follows "(a)", "2)" follows "1)"; "b)" after "(a)" and "B." after "a." are other lists
    doc = extract(
        _spaced_items(
            [
                (0, "(a)", "Keep the trails"),
                (80, "(b)", "Link the quarters"),
                (80, "c)", "Fund the plan"),
                (80, "1)", "Hire a coordinator"),
                (80, "2)", "Report each year"),
            ]
        ),
        filename="plan.pdf",
    )
    assert [[t.split(" ", 1)[0] for t in items] for items in _lists(doc)] == [
        ["(a)", "(b)"],
        ["c)"],
        ["1)", "2)"],
    ]


def test_a_letter_that_reads_as_a_roman_numeral_counts_on_as_a_letter():
    # "i." after "h." is the ninth letter, and "j." goes on; "i." opening a list of "ii." is
    # roman 1 and starts a list of its own after "h." (each marker is read as the item next to it
    # in its own list reads it)
    doc = extract(
        _spaced_items(
            [(0, "h.", "Keep the trails"), (80, "i.", "Link the quarters"), (80, "j.", "Fund the plan")]
        ),
        filename="plan.pdf",
    )
    assert [[t.split(" ", 1)[0] for t in items] for items in _lists(doc)] == [["h.", "i.", "j."]]
    doc = extract(
        _spaced_items(
            [(0, "h.", "Keep the trails"), (80, "i.", "Link the quarters"), (12, "ii.", "Fund the plan")]
        ),
        filename="plan.pdf",
    )
    assert [[t.split(" ", 1)[0] for t in items] for items in _lists(doc)] == [["h."], ["i.", "ii."]]
    # and "ii." far below "h." and "i." is no roman 2 after the letter
    doc = extract(
        _spaced_items(
            [(0, "h.", "Keep the trails"), (12, "i.", "Link the quarters"), (80, "ii.", "Fund the plan")]
        ),
        filename="plan.pdf",
    )
    assert [[t.split(" ", 1)[0] for t in items] for items in _lists(doc)] == [["h.", "i."], ["ii."]]


def test_a_list_ending_its_page_goes_on_with_the_next_pages_items():
    # the next page opens with "c.": one list, on the first page; a paragraph between the lists,
    # even with the next letter after it, keeps them apart
    doc = extract(
        _spaced_pages(
            [
                [(0, "a.", "Keep the trails"), (24, "b.", "Link the quarters")],
                [
                    (0, "c.", "Fund the plan"),
                    (24, "", "The committee meets in spring"),
                    (24, "d.", "Hire a coordinator"),
                ],
            ]
        ),
        filename="plan.pdf",
    )
    lists = [b for b in doc.blocks if b.kind == LIST]
    assert [[t.split(" ", 1)[0] for t in (i.text for i in b.items)] for b in lists] == [
        ["a.", "b.", "c."],
        ["d."],
    ]
    assert [b.page for b in lists] == [1, 2]
    assert lists[0].text == f"a. Keep the trails{TAIL}\nb. Link the quarters{TAIL}\nc. Fund the plan{TAIL}"


def test_the_typewritten_catalogues_spaced_items_are_one_list_each(real_world):
    # p. 4: "a. There is no linkage overhead whatsoever." and "b. C and S are optimized
    # together …", a line's gap apart, were two lists; p. 24's "a." to "c." and "d.", "e." too
    path = (
        real_world / "pdf" / "kreuzberg" / "a_catalogue_of_optimizing_transformations_1971_allen_catalog.pdf"
    )
    doc = extract(path)
    lists = [[i.text for i in b.items] for b in doc.blocks if b.kind == LIST]
    assert [
        "a. There is no linkage overhead whatsoever.",
        "b. C and S are optimized together. Advantage can be taken of particular argument values and "
        "relationships: constant arguments can be folded into the code, invariant instructions in S can be "
        "moved to infrequently executed areas of C, etc.",
    ] in lists
    p24 = [[i.text.split(" ", 1)[0] for i in b.items] for b in doc.blocks if b.kind == LIST and b.page == 24]
    assert p24 == [["a.", "b.", "c.", "d.", "e."]]
    md = get_markdown(path)
    assert "- a. There is no linkage overhead whatsoever.\n- b. C and S are optimized together." in md
    assert "- c. the divider takes 12 cycles\n- d. the three-cycle adder" in md


def test_roster_lines_stay_apart_and_a_wrapped_line_starting_alike_runs_on():
    # a roster's entries are lines after which the next entry's first word would have fitted; a
    # line of prose wrapped before a long word it starts with too is still the same paragraph
    prose = [
        (72, "In the second study the authors describe how the heat of the engine was lost and"),
        (72, "Thermodynamics of the cycle was then studied in detail by the staff"),  # ends 62 pt short
        (72, "Thermodynamics laboratory of the university."),
    ]
    roster = [(72, "Mme Ariane Bélanger, clerk"), (72, "Mme Lise Tremblay, treasurer of the municipality")]
    doc = extract(_page([*prose, (72, "Present:"), *roster], gaps=(3,)), filename="minutes.pdf")
    texts = [b.text for b in doc.blocks]
    assert texts[0].startswith("In the second study") and texts[0].endswith("of the university.")
    assert texts[-2:] == ["Mme Ariane Bélanger, clerk", "Mme Lise Tremblay, treasurer of the municipality"]


def _slide(lines: list[tuple[float, float, float, str, str]]) -> bytes:
    """One page of lines ``(x, baseline, size, font, text)``, as a slide sets its bullets."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(720, 540))
    for x, y, size, font, text in lines:
        c.setFont(font, size)
        c.drawString(x, y, text)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_smaller_sub_bullets_right_under_a_bullet_are_nested_under_it():
    # a slide's bold 19 pt bullet over its 15.7 pt sub-bullets, 27 pt further in and 28 pt under
    # it: one list, the sub-bullets its second level (they were a list of their own, in another size)
    bold, plain = "Helvetica-Bold", "Helvetica"
    doc = extract(
        _slide(
            [
                (49, 400, 19, bold, "\u2022 Mellanox ConnectX4 Adapter"),
                (76, 372, 15.7, plain, "\u2022 100G Ethernet"),
                (76, 346.5, 15.7, plain, "\u2022 EDR Infiniband"),
                (76, 321, 15.7, plain, "\u2022 Multi-Host"),
            ]
        ),
        filename="slides.pdf",
    )
    lists = [[(i.level, i.text) for i in b.items] for b in doc.blocks if b.kind == LIST]
    assert lists == [
        [(0, "Mellanox ConnectX4 Adapter"), (1, "100G Ethernet"), (1, "EDR Infiniband"), (1, "Multi-Host")]
    ]
    md = get_markdown(
        _slide([(49, 400, 19, bold, "\u2022 Parent"), (76, 372, 15.7, plain, "\u2022 Child")]),
        filename="s.pdf",
    )
    assert md.strip() == "- Parent\n  - Child"


def test_a_smaller_bullet_not_indented_further_is_another_list():
    # in another size at the same indent, or a paragraph's gap under the item: not nested
    bold, plain = "Helvetica-Bold", "Helvetica"
    doc = extract(
        _slide(
            [
                (49, 400, 19, bold, "\u2022 Mellanox ConnectX4 Adapter"),
                (49, 372, 15.7, plain, "\u2022 100G Ethernet"),
                (49, 300, 19, bold, "\u2022 Intel Omnipath Adapter"),
                (76, 240, 15.7, plain, "\u2022 Focus on MPI"),
            ]
        ),
        filename="slides.pdf",
    )
    lists = [[(i.level, i.text) for i in b.items] for b in doc.blocks if b.kind == LIST]
    assert lists == [
        [(0, "Mellanox ConnectX4 Adapter")],
        [(0, "100G Ethernet")],
        [(0, "Intel Omnipath Adapter")],
        [(0, "Focus on MPI")],
    ]


def test_an_item_indented_further_than_the_one_above_is_one_level_deeper():
    # sub-items 17 pt (1.7 sizes) in were the third level, counted in steps of 1.2 sizes from the
    # first item; a level is one deeper than the item above, and an item back at an earlier
    # item's indent takes its level
    doc = extract(
        _page(
            [
                (72, "\u2022 Fruit"),
                (89, "\u2022 Apples"),
                (106, "\u2022 Cox"),
                (89, "\u2022 Pears"),
                (72, "\u2022 Vegetables"),
            ]
        ),
        filename="list.pdf",
    )
    lists = [[(i.level, i.text) for i in b.items] for b in doc.blocks if b.kind == LIST]
    assert lists == [[(0, "Fruit"), (1, "Apples"), (2, "Cox"), (1, "Pears"), (0, "Vegetables")]]


def test_a_bullet_back_at_the_first_ones_indent_after_its_sub_bullets_goes_on_the_list():
    # a slide's two bold bullets, 19 and 20.2 pt (shrunk to fit their boxes), each over 15.7 pt
    # sub-bullets 27 pt further in, the second 56 pt (2.8 of its sizes) under the last
    # sub-bullet: one list of two top-level items with their sub-items (they were two lists)
    bold, plain = "Helvetica-Bold", "Helvetica"
    first = [
        (49, 450, 19, bold, "\u2022 Mellanox ConnectX4 Adapter"),
        (76, 422, 15.7, plain, "\u2022 100G Ethernet"),
        (76, 397, 15.7, plain, "\u2022 Multi-Host"),
    ]

    def lists(second: list) -> list:
        doc = extract(_slide(first + second), filename="slides.pdf")
        return [[(i.level, i.text) for i in b.items] for b in doc.blocks if b.kind == LIST]

    assert lists(
        [
            (49, 341, 20.2, bold, "\u2022 Intel Omnipath Adapter"),
            (76, 313, 15.7, plain, "\u2022 Focus on MPI"),
        ]
    ) == [
        [
            (0, "Mellanox ConnectX4 Adapter"),
            (1, "100G Ethernet"),
            (1, "Multi-Host"),
            (0, "Intel Omnipath Adapter"),
            (1, "Focus on MPI"),
        ]
    ]
    # not in about the first bullet's size (28 pt), not in its weight, or more than five of its
    # sizes under the list: another list
    for line in (
        (49, 341, 28, bold, "\u2022 Intel Omnipath Adapter"),
        (49, 341, 20.2, plain, "\u2022 Intel Omnipath Adapter"),
        (49, 280, 19, bold, "\u2022 Intel Omnipath Adapter"),
    ):
        assert len(lists([line])) == 2, line


def test_the_100g_slides_sub_bullets_are_nested(real_world):
    # p. 10: "Mellanox ConnectX4 Adapter" (bold 19 pt) and "Intel Omnipath Adapter" (bold 20.2 pt,
    # at the same indent, 56 pt under the last sub-bullet) each over five sub-bullets of 15.7 pt,
    # 27 pt further in: one list, as the slide shows it
    path = (
        real_world
        / "pdf"
        / "kreuzberg"
        / "100_g_networking_technology_overview_slides_toronto_august_2016.pdf"
    )
    doc = extract(path, options={"ocr": "never"})
    lists = [[(i.level, i.text) for i in b.items] for b in doc.blocks if b.kind == LIST and b.page == 10]
    assert lists == [
        [
            (0, "Mellanox ConnectX4 Adapter"),
            (1, "100G Ethernet"),
            (1, "EDR Infiniband"),
            (1, "Sophisticated offloads."),
            (1, "Multi-Host"),
            (1, "Evolution of ConnectX3"),
            (0, "Intel Omnipath Adapter"),
            (1, "Focus on MPI"),
            (1, "Omnipath only"),
            (1, "Redesign of IB protocol to be a \u201cFabric\u201d"),
            (1, "\u201cFabric Adapter\u201d. New Fabric APIs."),
            (1, "More nodes larger transfer sizes"),
        ],
    ]


def _spaced(markers: list[str]) -> list[list[str]]:
    """The lists read from items ``marker + " point"`` set 36 pt (3.6 sizes) apart at one indent,
    further than a line's pitch, so that only the next marker keeps them one list."""
    lines = [
        (72, 500 - 36 * n, SIZE, "Helvetica", f"{m} Point {n + 1} of the plan") for n, m in enumerate(markers)
    ]
    return [
        [i.text.split(" ", 1)[0] for i in items]
        for items in _item_lists(extract(_slide(lines), filename="p.pdf"))
    ]


def _item_lists(doc) -> list:
    return [b.items for b in doc.blocks if b.kind == LIST]


def test_spaced_items_are_one_list_only_where_the_marker_counts_on_in_its_kind():
    # "2." after "a." had gone on the list, b being the second letter; markers of another kind
    # (digits, letters, roman numerals) or another punctuation are another list
    assert _spaced(["a.", "2."]) == [["a."], ["2."]]
    assert _spaced(["1.", "b."]) == [["1."], ["b."]]
    assert _spaced(["a.", "(b)"]) == [["a."], ["(b)"]]
    assert _spaced(["a.", "b)"]) == [["a."], ["b)"]]
    assert _spaced(["ii.", "c."]) == [["ii."], ["c."]]
    assert _spaced(["a.", "b.", "c."]) == [["a.", "b.", "c."]]
    assert _spaced(["(1)", "(2)"]) == [["(1)", "(2)"]]
    # a marker is read as its neighbour reads it: "i." after "h." a letter, before "ii." roman 1
    assert _spaced(["h.", "i.", "j."]) == [["h.", "i.", "j."]]
    assert _spaced(["i.", "ii.", "iii."]) == [["i.", "ii.", "iii."]]
    assert _spaced(["h.", "i.", "ii."]) == [["h.", "i."], ["ii."]]


def _runs_page(lines: list[tuple[float, float, list[tuple[str, str]]]]) -> bytes:
    """One page of 10 pt lines ``(x, drop, [(font, text), …])``: each ``drop`` points under the
    line before, set in runs of Helvetica and Helvetica-Bold."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 732.0
    for x, drop, runs in lines:
        y -= drop
        at = x
        for font, text in runs:
            c.setFont(font, SIZE)
            c.drawString(at, y, text)
            at += stringWidth(text, font, SIZE)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_formulas_under_an_item_naming_a_bold_term_stay_in_the_item():
    # GeoTopo p. 69 as built here: items a) to c) in regular type, then "d) Halflines:" whose
    # term is bold (its marker and colon regular: nearly all its letters bold, a bold line), and
    # two display formulas under it, right of the marker; then a paragraph at the margin. The
    # formulas are the item's text: one list of four items, the paragraph after it
    r, b = "Helvetica", "Helvetica-Bold"
    lines = [
        (72, 0, [(r, "Let P, Q and R be points of the plane and consider the following terms.")]),
        (90, 24, [(r, "a) P, Q, R are collinear when one line holds all three of them.")]),
        (90, 24, [(r, "b) Q lies between P and R when d(P, R) = d(P, Q) + d(Q, R).")]),
        (90, 24, [(r, "c) the segment PR is the set of the points between P and R.")]),
        (90, 24, [(r, "d) "), (b, "Halflines"), (r, ":")]),
        (108, 14, [(r, "PR+ := { Q | Q lies between P and R or R lies between P and Q }")]),
        (108, 16, [(r, "PR- := { Q | P lies between Q and R }")]),
        (72, 30, [(r, "Remark 60 follows from these terms at once, as the figure shows.")]),
    ]
    doc = extract(_runs_page(lines), filename="halflines.pdf")
    assert _lists(doc) == [
        [
            "a) P, Q, R are collinear when one line holds all three of them.",
            "b) Q lies between P and R when d(P, R) = d(P, Q) + d(Q, R).",
            "c) the segment PR is the set of the points between P and R.",
            "d) Halflines: PR+ := { Q | Q lies between P and R or R lies between P and Q } "
            "PR- := { Q | P lies between Q and R }",
        ]
    ]
    assert doc.blocks[-1].text == "Remark 60 follows from these terms at once, as the figure shows."
    # a bold item opening its list is set as a numbered title: the text under it stays apart
    lines = [
        (72, 0, [(r, "The report has two parts, each of them opening with its title line.")]),
        (90, 24, [(b, "1) Overview")]),
        (108, 14, [(r, "The first part says what the report covers and what it leaves out.")]),
    ]
    doc = extract(_runs_page(lines), filename="overview.pdf")
    assert _lists(doc) == [["1) Overview"]]
    assert doc.blocks[-1].text == "The first part says what the report covers and what it leaves out."


def test_geotopo_halflines_keep_their_formulas(real_world):
    # GeoTopo-komprimiert.pdf p. 69, Definition 59: "d) Halbgeraden:" (the term in SFBX1095, the
    # marker and colon in SFRM1095, as pdfium reports the fonts) over the formulas "P R+ := …"
    # and "P R− := …" set right of the marker; the figure's labels below stay apart
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf")
    (item,) = [
        it.text
        for b in doc.blocks
        if b.kind == LIST
        for it in b.items
        if it.text.startswith("d) Halbgeraden")
    ]
    assert item == (
        "d) Halbgeraden: P R+ := {Q ∈ X|Q liegt zwischen P und R oder R liegt zwischen P und Q} "
        "P R− := { Q ∈ X | P liegt zwischen Q und R }"
    )
