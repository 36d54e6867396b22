"""A picture that is not extracted (EMF, WMF, TIFF …) keeps its image block and its skipped entry;
its marker shows the picture's alt text (``descr``, else ``title``) or, without one, its format,
never Word's automatic shape name ("Picture 1")."""

from __future__ import annotations

from indexer.api import extract
from tests.indexer.formats.test_docx import EMF, build_docx, docx


def picture(rid: str, pid: int, **attrs: str) -> str:
    extra = "".join(f' {k}="{v}"' for k, v in attrs.items())
    return (
        f'<w:p><w:r><w:drawing><wp:inline><wp:docPr id="{pid}" name="Picture {pid}"{extra}/>'
        f'<a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="{rid}"/></pic:blipFill>'
        "</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>"
    )


def test_a_skipped_picture_without_alt_text_names_its_format():
    rels = {
        "rIdE": ("image", "media/image1.emf"),
        "rIdW": ("image", "media/chart.wmf"),
        "rIdX": ("image", "media/blob"),
    }
    files = {"word/media/image1.emf": EMF, "word/media/chart.wmf": b"\xd7\xcd\xc6\x9a" + b"\0" * 40}
    body = (
        "<w:p><w:r><w:t>Site plan:</w:t></w:r></w:p>"
        + picture("rIdE", 1)  # only Word's automatic name
        + picture("rIdE", 2, title="Site plan, north at top")  # a title and no description
        + picture("rIdW", 3, descr="Monthly rainfall", title="Chart")  # the description wins
        + picture("rIdX", 4)  # a part without an extension, missing from the package
    )
    doc = docx(build_docx(body, rels=rels, files=files))
    images = [b for b in doc.blocks if b.kind == "image"]
    assert [(b.text, b.alt, b.images) for b in images] == [
        ("[Image: EMF picture]", None, ()),
        ("[Image: Site plan, north at top]", "Site plan, north at top", ()),
        ("[Image: Monthly rainfall]", "Monthly rainfall", ()),
        ("[Image: picture]", None, ()),
    ]
    assert "Picture" not in doc.text
    skipped = [(s.what, s.name) for s in doc.coverage.skipped]
    assert skipped == [
        ("image", "word/media/image1.emf"),
        ("image", "word/media/chart.wmf"),
        ("image", "word/media/blob"),
    ]


def test_real_emf_pictures(real_world):
    # test_emf_docx.docx: two EMF pictures whose wp:docPr has only name="Picture 1"/"Picture 2",
    # and a WebP one described "A cartoon duck holding a paper&#xA;Description automatically generated"
    doc = extract(real_world / "docx" / "kreuzberg" / "test_emf_docx.docx")
    markers = [b.text for b in doc.blocks if b.kind == "image"]
    assert markers[:2] == ["[Image: EMF picture]", "[Image: EMF picture]"]
    assert markers[2].startswith("[Image: A cartoon duck holding a paper")
    assert [s.name for s in doc.coverage.skipped] == ["word/media/image1.emf", "word/media/image2.emf"]
