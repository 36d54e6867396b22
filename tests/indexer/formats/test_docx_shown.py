"""What Word shows, read as the document's text: a content control's placeholder prompt is not
text, hidden runs (w:vanish, directly or through a style) are not read, and a paragraph whose
mark a reviewer deleted joins the next once the changes are accepted. Each document is built
here; the expected text is what Word shows of the XML written in each test."""

from __future__ import annotations

from tests.indexer.formats.test_docx import W_NS, build_docx, docx, para

WHO = 'w:author="Reviewer" w:date="2024-05-02T10:00:00Z"'
PROMPT = "Click or tap here to enter text."


def _run(text: str, props: str = "") -> str:
    rpr = f"<w:rPr>{props}</w:rPr>" if props else ""
    return f'<w:r>{rpr}<w:t xml:space="preserve">{text}</w:t></w:r>'


def _texts(body: str, **kw) -> list[str]:
    return [b.text for b in docx(build_docx(body, **kw)).blocks]


# -- content controls showing their placeholder -------------------------------------------------


def _control(content: str, flag: str = "<w:showingPlcHdr/>") -> str:
    return (
        f'<w:sdt><w:sdtPr><w:alias w:val="Name"/><w:placeholder><w:docPart w:val="DefaultPlaceholder"/>'
        f"</w:placeholder>{flag}</w:sdtPr><w:sdtContent>{content}</w:sdtContent></w:sdt>"
    )


def test_an_inline_control_showing_its_placeholder_gives_no_text():
    prompt = _run(PROMPT, '<w:rStyle w:val="PlaceholderText"/>')
    off = '<w:showingPlcHdr w:val="0"/>'
    body = (
        f"<w:p>{_run('Name: ')}{_control(prompt)}</w:p>"
        # filled in: Word took the flag away, the content is what was typed
        f"<w:p>{_run('City: ')}{_control(_run('Oslo'), '')}</w:p>"
        # the flag switched off is no placeholder either
        f"<w:p>{_run('Town: ')}{_control(_run('Bergen'), off)}</w:p>"
    )
    assert _texts(body) == ["Name:", "City: Oslo", "Town: Bergen"]


def test_a_prompt_is_told_from_text_written_over_it_by_the_glossary():
    # the controls name their prompt (w:docPart); the glossary part holds its text. A program
    # that filled the first control in left the flag set: its text differs from the prompt and
    # is read; the second still shows the prompt, which is not. Without the glossary part the
    # flag is trusted (see the test above).
    glossary = (
        f'<w:glossaryDocument xmlns:w="{W_NS}"><w:docParts><w:docPart><w:docPartPr>'
        '<w:name w:val="DefaultPlaceholder_1"/></w:docPartPr><w:docPartBody><w:p><w:r>'
        f"<w:t>{PROMPT}</w:t></w:r></w:p></w:docPartBody></w:docPart></w:docParts></w:glossaryDocument>"
    )

    def control(content: str) -> str:
        return (
            '<w:sdt><w:sdtPr><w:placeholder><w:docPart w:val="DefaultPlaceholder_1"/></w:placeholder>'
            f"<w:showingPlcHdr/></w:sdtPr><w:sdtContent>{content}</w:sdtContent></w:sdt>"
        )

    body = f"<w:p>{_run('Name: ')}{control(_run('Ada Lovelace'))}</w:p><w:p>{_run('City: ')}{control(_run(PROMPT))}</w:p>"
    data = build_docx(
        body,
        rels={"rIdGloss": ("glossaryDocument", "glossary/document.xml")},
        files={"word/glossary/document.xml": glossary.encode()},
    )
    assert [b.text for b in docx(data).blocks] == ["Name: Ada Lovelace", "City:"]


def _cell(text: str) -> str:
    return f"<w:tc><w:p>{_run(text)}</w:p></w:tc>"


def _row(*cells: str) -> str:
    return f"<w:tr>{''.join(cells)}</w:tr>"


def test_a_block_control_showing_its_placeholder_keeps_its_cells_empty():
    body = (
        para("Before")
        + _control(f"<w:p>{_run(PROMPT)}</w:p>")
        + "<w:tbl>"
        + _row(_cell("Name"), _cell("City"), _cell("Age"))
        + _row(_cell("Ada"), _control(_cell(PROMPT)), _cell("36"))
        + "</w:tbl>"
        + para("After")
    )
    doc = docx(build_docx(body))
    assert [b.text for b in doc.blocks][0] == "Before"
    assert [b.text for b in doc.blocks][-1] == "After"
    assert PROMPT not in doc.text
    table = doc.blocks[1]
    # the control's cell stays, empty: the age stays in its column
    assert (table.header, table.rows) == (("Name", "City", "Age"), (("Ada", "", "36"),))


# -- hidden text --------------------------------------------------------------------------------

_HIDDEN_STYLES = (
    '<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>'
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
    # a template's guidance paragraphs, hidden, and a style based on it, which sets it again:
    # a toggle property set twice in the hierarchy is turned over twice, shown
    '<w:style w:type="paragraph" w:styleId="Guidance"><w:name w:val="Guidance"/>'
    "<w:rPr><w:vanish/></w:rPr></w:style>"
    '<w:style w:type="paragraph" w:styleId="GuidanceShown"><w:name w:val="Guidance shown"/>'
    '<w:basedOn w:val="Guidance"/><w:rPr><w:vanish/></w:rPr></w:style>'
    # based on Guidance, setting nothing: hidden too
    '<w:style w:type="paragraph" w:styleId="GuidanceNote"><w:name w:val="Guidance note"/>'
    '<w:basedOn w:val="Guidance"/></w:style>'
    '<w:style w:type="character" w:styleId="Secret"><w:name w:val="Secret"/>'
    "<w:rPr><w:vanish/></w:rPr></w:style>"
)


SECRET = '<w:rStyle w:val="Secret"/>'


def _vanish(value: str) -> str:
    return f'<w:vanish w:val="{value}"/>'


def test_hidden_runs_are_not_read():
    body = (
        f"<w:p>{_run('Shown ')}{_run('hidden ', '<w:vanish/>')}{_run('text.')}</w:p>"
        # a hidden run's tab and break go with it
        f"<w:p>{_run('A')}<w:r><w:rPr><w:vanish/></w:rPr><w:tab/><w:t>x</w:t><w:br/></w:r>{_run('B')}</w:p>"
        # off, and Word's two other spellings of on
        f"<w:p>{_run('on ', _vanish('false'))}{_run('no', _vanish('true'))}{_run('no', _vanish('on'))}</w:p>"
        # a paragraph of hidden text only is no paragraph
        f"<w:p>{_run('All hidden.', '<w:vanish/>')}</w:p>"
        # a run hidden only in the web page view is shown in the document
        f"<w:p>{_run('Contents ')}{_run('7', '<w:webHidden/>')}</w:p>"
        # specVanish is for paragraph marks; on another run it "can be ignored": the text stays
        f"<w:p>{_run('Kept')}{_run(' too', '<w:specVanish/>')}</w:p>"
    )
    assert _texts(body) == ["Shown text.", "AB", "on", "Contents 7", "Kept too"]


def test_text_hidden_by_its_style_is_not_read():
    body = (
        para("Introduction.")
        + para("Delete this guidance before sending.", "Guidance")
        + para("Guidance shown again.", "GuidanceShown")
        + para("Note hidden.", "GuidanceNote")
        # in a hidden paragraph, a run's own formatting shows it: direct formatting is absolute
        + f'<w:p><w:pPr><w:pStyle w:val="Guidance"/></w:pPr>{_run("hidden ")}'
        + _run("Shown anyway.", '<w:vanish w:val="0"/>')
        + "</w:p>"
        # a character style hides its runs; in a hidden paragraph it turns the toggle back
        + f"<w:p>{_run('Public ')}{_run('secret', SECRET)}</w:p>"
        + f'<w:p><w:pPr><w:pStyle w:val="Guidance"/></w:pPr>{_run("Twice hidden is shown.", SECRET)}</w:p>'
    )
    assert _texts(body, styles=_HIDDEN_STYLES) == [
        "Introduction.",
        "Guidance shown again.",
        "Shown anyway.",
        "Public",
        "Twice hidden is shown.",
    ]


def test_a_hidden_paragraph_mark_keeps_its_paragraph_and_text():
    # Word's style separator: the mark of a run-in heading hidden (vanish and specVanish in the
    # mark's properties): the heading shows run into the next paragraph, its text is not hidden
    body = (
        "<w:p><w:pPr><w:rPr><w:vanish/><w:specVanish/></w:rPr></w:pPr>"
        + _run("Run-in heading.")
        + "</w:p>"
        + para("The paragraph after.")
    )
    assert _texts(body) == ["Run-in heading.", "The paragraph after."]


def test_hidden_text_in_notes_and_headers_is_not_read():
    notes = (
        '<w:footnote w:id="2"><w:p>'
        + _run("Seen note.")
        + _run(" Unseen.", "<w:vanish/>")
        + "</w:p></w:footnote>"
    )
    body = para("Text", extra='<w:r><w:footnoteReference w:id="2"/></w:r>')
    # the header's paragraph: "Draft" then a hidden run
    header = "Draft</w:t></w:r><w:r><w:rPr><w:vanish/></w:rPr><w:t> internal only"
    doc = docx(build_docx(body, footnotes=notes, header=header))
    assert [b.text for b in doc.blocks] == ["Text[^1]", "[^1]: Seen note."]
    assert doc.metadata["header_text"] == "Draft"


# -- deleted paragraph marks --------------------------------------------------------------------


def _deleted_mark(content: str, style: str = "") -> str:
    pstyle = f'<w:pStyle w:val="{style}"/>' if style else ""
    return f'<w:p><w:pPr>{pstyle}<w:rPr><w:del w:id="7" {WHO}/></w:rPr></w:pPr>{content}</w:p>'


def test_a_paragraph_whose_mark_was_deleted_joins_the_next():
    body = (
        para("First.")
        + _deleted_mark(_run("The start of a sentence "))
        + '<w:bookmarkStart w:id="0" w:name="b"/>'
        + para("and its end.")
        + '<w:bookmarkEnd w:id="0"/>'
        # two marks deleted in a row: three paragraphs are one
        + _deleted_mark(_run("One, "))
        + _deleted_mark(_run("two, "))
        + para("three.")
        # a paragraph deleted whole: its text and its mark
        + _deleted_mark(f'<w:del w:id="8" {WHO}><w:r><w:delText>Gone.</w:delText></w:r></w:del>')
        + para("Last.")
    )
    assert _texts(body) == ["First.", "The start of a sentence and its end.", "One, two, three.", "Last."]


def test_the_joined_paragraph_takes_the_style_of_the_mark_that_remains():
    styles = (
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Normal" w:default="1"><w:name w:val="Normal"/></w:style>'
    )
    body = _deleted_mark(_run("Body text once a heading, "), "Heading1") + para("now body text.", "Normal")
    doc = docx(build_docx(body, styles=styles))
    assert [(b.kind, b.text) for b in doc.blocks] == [
        ("paragraph", "Body text once a heading, now body text.")
    ]


def test_a_deleted_mark_before_a_table_or_ending_a_cell_stays():
    body = (
        _deleted_mark(_run("Before the table."))
        + "<w:tbl>"
        + _row(_cell("A"), _cell("B"))
        + _row(
            "<w:tc>" + _deleted_mark(_run("last of its cell")) + "</w:tc>",
            _cell("D"),
        )
        + "</w:tbl>"
    )
    doc = docx(build_docx(body))
    assert doc.blocks[0].text == "Before the table."
    assert doc.blocks[1].rows == (("last of its cell", "D"),)


def test_a_paragraph_mark_moved_away_is_left_as_word_leaves_it():
    # Word ignores w:moveFrom on a paragraph mark (MS-OI29500 on ECMA-376 17.13.5.21): the text
    # left in the paragraph stays a paragraph of its own
    body = f'<w:p><w:pPr><w:rPr><w:moveFrom w:id="3" {WHO}/></w:rPr></w:pPr>{_run("Stays.")}</w:p>' + para(
        "Next."
    )
    assert _texts(body) == ["Stays.", "Next."]


# -- hidden text through a table style ----------------------------------------------------------

_TABLE_STYLES = _HIDDEN_STYLES + (
    # a table style hiding its table's runs, one based on it setting nothing (hidden too), and
    # the default table style, setting nothing
    '<w:style w:type="table" w:styleId="Answers"><w:name w:val="Answers"/>'
    "<w:rPr><w:vanish/></w:rPr></w:style>"
    '<w:style w:type="table" w:styleId="AnswersGrid"><w:name w:val="Answers grid"/>'
    '<w:basedOn w:val="Answers"/></w:style>'
    '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/></w:style>'
)


def _table(style: str, *cells: str) -> str:
    props = f'<w:tblPr><w:tblStyle w:val="{style}"/></w:tblPr>' if style else ""
    return f"<w:tbl>{props}<w:tr>{''.join(f'<w:tc>{c}</w:tc>' for c in cells)}</w:tr></w:tbl>"


def test_text_hidden_by_its_tables_style_is_not_read():
    body = (
        para("Quiz.")
        # the answer key's table hides its runs: no text is left in it
        + _table("Answers", para("Paris"), para("Oslo"))
        + _table("AnswersGrid", para("Rome"))
        # in a hidden table, a hidden paragraph style turns the toggle back, and a run's own
        # formatting is absolute
        + _table(
            "Answers",
            para("Twice hidden is shown.", "Guidance"),
            f"<w:p>{_run('Shown anyway.', _vanish('0'))}</w:p>",
        )
        # a table under the default table style, which sets nothing: shown
        + _table("", para("Bern"))
        + para("End.")
    )
    # (a table of one row is read as the flow of its cells)
    assert _texts(body, styles=_TABLE_STYLES) == [
        "Quiz.",
        "Twice hidden is shown.",
        "Shown anyway.",
        "Bern",
        "End.",
    ]


def test_a_table_naming_no_style_takes_the_default_table_styles_hidden_text():
    styles = _HIDDEN_STYLES + (
        '<w:style w:type="table" w:default="1" w:styleId="Hidden"><w:name w:val="Hidden"/>'
        "<w:rPr><w:vanish/></w:rPr></w:style>"
        '<w:style w:type="table" w:styleId="Plain"><w:name w:val="Plain"/></w:style>'
    )
    body = para("Before.") + _table("", para("Unseen")) + _table("Plain", para("Seen")) + para("After.")
    assert _texts(body, styles=styles) == ["Before.", "Seen", "After."]


# -- hidden text through a table style's conditional formatting ------------------------------------

_CONDITIONAL_STYLES = _HIDDEN_STYLES + (
    # the answer sheet's header row hidden (w:tblStylePr firstRow), and a style based on it
    '<w:style w:type="table" w:styleId="QuizHeader"><w:name w:val="Quiz header"/>'
    '<w:tblStylePr w:type="firstRow"><w:rPr><w:b/><w:vanish/></w:rPr></w:tblStylePr></w:style>'
    '<w:style w:type="table" w:styleId="QuizHeaderGrid"><w:name w:val="Quiz header grid"/>'
    '<w:basedOn w:val="QuizHeader"/><w:tblStylePr w:type="firstRow"><w:rPr><w:i/></w:rPr></w:tblStylePr></w:style>'
    # the whole table hidden but its last column, and its first row hidden, last column and all
    '<w:style w:type="table" w:styleId="KeyColumn"><w:name w:val="Key column"/><w:rPr><w:vanish/></w:rPr>'
    '<w:tblStylePr w:type="firstRow"><w:rPr><w:vanish/></w:rPr></w:tblStylePr>'
    '<w:tblStylePr w:type="lastCol"><w:rPr><w:vanish w:val="0"/></w:rPr></w:tblStylePr></w:style>'
)


def _grid(style: str, look: str, *rows: tuple[str, ...], header: bool = False) -> str:
    """A table of ``rows`` (a cell a paragraph) under ``style``, its ``w:tblLook`` attributes
    ``look`` (no look when empty); with ``header``, its second row a repeated header row too."""
    props = f'<w:tblStyle w:val="{style}"/>' + (f"<w:tblLook {look}/>" if look else "")
    out = []
    for i, row in enumerate(rows):
        trpr = "<w:trPr><w:tblHeader/></w:trPr>" if header and i == 1 else ""
        out.append(f"<w:tr>{trpr}{''.join(f'<w:tc>{para(c)}</w:tc>' for c in row)}</w:tr>")
    return f"<w:tbl><w:tblPr>{props}</w:tblPr>{''.join(out)}</w:tbl>"


_QUIZ = (("City", "Country"), ("Paris", "France"), ("Oslo", "Norway"))


def _grid_read(body: str) -> tuple[tuple[str, ...] | None, tuple[tuple[str, ...], ...]]:
    (table,) = docx(build_docx(body, styles=_CONDITIONAL_STYLES)).blocks
    return table.header, table.rows


def test_a_table_styles_first_row_hidden_where_the_tables_look_turns_it_on():
    # QuizHeader hides its first row's runs; the look turns that format on by its attribute or
    # by the 0x0020 bit of its w:val (04A0, as Word writes it), not with 0x0020 off (0480), an
    # attribute saying off, or no look at all, whose formats of rows and columns stay off. The
    # hidden cells stay in place, empty, as a control's placeholder's do
    read = (("Paris", "France"), ("Oslo", "Norway"))
    on = 'w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"'
    for look in (on, 'w:val="04A0"'):
        assert _grid_read(_grid("QuizHeader", look, *_QUIZ)) == (("", ""), read)
    for look in ('w:val="0480"', 'w:firstRow="0" w:val="04A0"', ""):
        assert _grid_read(_grid("QuizHeader", look, *_QUIZ)) == (("City", "Country"), read)
    # a style based on it takes its first row's w:vanish, setting only italics there itself; a
    # repeated header row (w:tblHeader) is formatted as the first row
    quiz = (*_QUIZ, ("Rome", "Italy"))
    assert _grid_read(_grid("QuizHeaderGrid", 'w:val="04A0"', *quiz, header=True)) == (
        ("", ""),
        (("", ""), ("Oslo", "Norway"), ("Rome", "Italy")),
    )


def test_a_table_styles_row_format_overrides_its_column_format():
    # KeyColumn hides its table but the last column (lastCol: w:vanish off), and its first row
    # (firstRow: on): Office applies the formats of columns, then those of rows, so the first
    # row's last cell is hidden too; the other rows show their last cell alone
    look = 'w:firstRow="1" w:lastRow="0" w:firstColumn="0" w:lastColumn="1" w:noHBand="1" w:noVBand="1"'
    rows = (("Question", "Answer", "Key"), ("Capital of France?", "Paris", "B"), ("Of Norway?", "Oslo", "D"))
    assert _grid_read(_grid("KeyColumn", look, *rows)) == (("", "", ""), (("", "", "B"), ("", "", "D")))


_BANDED_STYLES = _HIDDEN_STYLES + (
    # the even bands of rows hidden (a key sheet printing every other row), in bands of one row,
    # and a style based on it setting bands of two rows
    '<w:style w:type="table" w:styleId="EvenRows"><w:name w:val="Even rows"/>'
    '<w:tblStylePr w:type="band2Horz"><w:rPr><w:vanish/></w:rPr></w:tblStylePr></w:style>'
    '<w:style w:type="table" w:styleId="EvenPairs"><w:name w:val="Even pairs"/><w:basedOn w:val="EvenRows"/>'
    '<w:tblPr><w:tblStyleRowBandSize w:val="2"/></w:tblPr></w:style>'
    # the odd bands of columns hidden, and the top left cell shown again over the first row's hiding
    '<w:style w:type="table" w:styleId="OddColumns"><w:name w:val="Odd columns"/>'
    '<w:tblStylePr w:type="band1Vert"><w:rPr><w:vanish/></w:rPr></w:tblStylePr>'
    '<w:tblStylePr w:type="firstRow"><w:rPr><w:vanish/></w:rPr></w:tblStylePr>'
    '<w:tblStylePr w:type="nwCell"><w:rPr><w:vanish w:val="0"/></w:rPr></w:tblStylePr></w:style>'
)
_ROWS = (("Round", "Score"), ("1", "10"), ("2", "20"), ("3", "30"), ("4", "40"), ("5", "50"))


def _banded(body: str) -> tuple[tuple[str, ...] | None, tuple[tuple[str, ...], ...]]:
    (table,) = docx(build_docx(body, styles=_BANDED_STYLES)).blocks
    return table.header, table.rows


def test_a_table_styles_row_bands_hide_what_they_format():
    # without a header row turned on, the first row is the first (odd) band: rows 2, 4, 6 are
    # the even ones, hidden; the hidden cells stay in place, empty. A table without a look has
    # its bands on (a mask of 0) and no header row formatted
    for look in ('w:firstRow="0" w:noHBand="0"', ""):
        assert _banded(_grid("EvenRows", look, *_ROWS)) == (
            ("Round", "Score"),
            (("", ""), ("2", "20"), ("", ""), ("4", "40"), ("", "")),
        )
    # with it (04A0: first row and column, no column bands), the bands are counted from the
    # row under it: rounds 2 and 4 are the even bands
    read = (("1", "10"), ("", ""), ("3", "30"), ("", ""), ("5", "50"))
    assert _banded(_grid("EvenRows", 'w:val="04A0"', *_ROWS)) == (("Round", "Score"), read)
    # noHBand, by attribute or bit (0x0200), turns row bands off
    for look in ('w:firstRow="1" w:noHBand="1"', 'w:val="0220"'):
        assert _banded(_grid("EvenRows", look, *_ROWS)) == (("Round", "Score"), _ROWS[1:])
    # bands of two rows (from the style it is based on): the 3rd and 4th rows under the header
    assert _banded(_grid("EvenPairs", 'w:val="04A0"', *_ROWS)) == (
        ("Round", "Score"),
        (("1", "10"), ("2", "20"), ("", ""), ("", ""), ("5", "50")),
    )


def test_a_table_styles_column_bands_and_corner_cells():
    # the odd columns hidden, the first row too, but its top left cell (nwCell, applied after the
    # rows' formats where the first row and the first column are both turned on)
    rows = (("Key", "A", "B", "C"), ("Q1", "x", "y", "z"))
    look = 'w:firstRow="1" w:firstColumn="1" w:noVBand="0"'
    # the first column formatted as such, the bands counted from the second: A and C are odd
    assert _banded(_grid("OddColumns", look, *rows)) == (("Key", "", "", ""), (("Q1", "", "y", ""),))
    # without the first column turned on, the first is the odd band, and no corner: the first
    # row hidden whole
    look = 'w:firstRow="1" w:firstColumn="0" w:noVBand="0"'
    assert _banded(_grid("OddColumns", look, *rows)) == (("", "", "", ""), (("", "x", "", "z"),))


def test_a_rows_own_look_stands_for_the_tables():
    # w:tblPrEx/w:tblLook on the third row turns row bands off there: its even band is shown;
    # the rows' count goes on past it
    table = _grid("EvenRows", 'w:val="04A0"', *_ROWS)
    rows = table.split("<w:tr>")
    rows[3] = '<w:tblPrEx><w:tblLook w:val="0220"/></w:tblPrEx>' + rows[3]
    assert _banded("<w:tr>".join(rows)) == (
        ("Round", "Score"),
        (("1", "10"), ("2", "20"), ("3", "30"), ("", ""), ("5", "50")),
    )


_NUMBERING = (
    '<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
    '<w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>'
)


def test_a_list_item_hidden_whole_leaves_its_list_whole_and_keeps_its_number():
    # the second item's text and mark are hidden (w:vanish on its run and in w:pPr/w:rPr): Word
    # shows nothing there, so the list goes on around it; a hidden numbered paragraph still
    # takes its number (1., 3.), as the levels below a hidden heading show. A hidden paragraph
    # outside the list (the note) does not part the list either.
    hidden = "<w:rPr><w:vanish/></w:rPr>"

    def item(text: str, props: str = "") -> str:
        return (
            f'<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>{props}</w:pPr>'
            f"{_run(text, '<w:vanish/>' if props else '')}</w:p>"
        )

    body = (
        item("Tide tables")
        + item("Draft only", hidden)
        + f"<w:p><w:pPr>{hidden}</w:pPr>{_run('Editor note', '<w:vanish/>')}</w:p>"
        + item("Harbour charts")
    )
    blocks = docx(build_docx(body, numbering=_NUMBERING)).blocks
    assert [[(i.text, i.number) for i in b.items] for b in blocks] == [
        [("Tide tables", 1), ("Harbour charts", 3)]
    ]
