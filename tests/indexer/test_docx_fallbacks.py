"""Alternate content is read once (the ``mc:Choice``), also in parts that declare entities: the
``mc:Fallback`` branches written in the part are dropped, and one hidden in an entity is never
read (entities are not expanded, so their content is not part of the tree)."""

from __future__ import annotations

from tests.indexer.formats.test_docx import build_docx, docx, para

DOCTYPE = (
    b'<!DOCTYPE w:document [<!ENTITY alt "<mc:AlternateContent><mc:Choice><w:r><w:t>in entity choice'
    b"</w:t></w:r></mc:Choice><mc:Fallback><w:r><w:t>in entity fallback</w:t></w:r></mc:Fallback>"
    b'</mc:AlternateContent>">]><w:document'
)


def test_fallback_written_in_a_part_with_entities_is_dropped() -> None:
    body = (
        "<w:p><mc:AlternateContent><mc:Choice><w:r><w:t>chosen</w:t></w:r></mc:Choice>"
        "<mc:Fallback><w:r><w:t>fallback</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>"
        + para("after")
    )
    data = build_docx(body).replace(b"<w:document", DOCTYPE, 1)
    doc = docx(data)
    # read by hand: the Choice run, then the plain paragraph; the Fallback run is not read
    assert [(b.kind, b.text) for b in doc.blocks] == [("paragraph", "chosen"), ("paragraph", "after")]


def test_alternate_content_inside_an_unexpanded_entity_is_not_read() -> None:
    body = "<w:p><w:r><w:t>before</w:t></w:r>&alt;</w:p>" + para("after")
    data = build_docx(body).replace(b"<w:document", DOCTYPE, 1)
    doc = docx(data)
    # the part never spells "Fallback" outside the declaration; neither branch is text
    assert [b.text for b in doc.blocks] == ["before", "after"]
    assert "entity" not in doc.text
