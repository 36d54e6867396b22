"""OpenDocument text packages built by the tests: the zip a word processor writes, reduced to
what the extractor reads (``mimetype``, a manifest, ``content.xml``, and ``styles.xml`` when
given)."""

from __future__ import annotations

import io
import zipfile

#: the namespaces a test's content.xml or styles.xml declares on its root
NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
)


def content_xml(body: str, styles: str = "") -> str:
    """A ``content.xml`` whose text is ``body``, after the automatic ``styles`` given."""
    return (
        f"<office:document-content {NAMESPACES}>{styles}<office:body><office:text>{body}"
        "</office:text></office:body></office:document-content>"
    )


def odt_package(content: str, styles: str | None = None, manifest: str = "<manifest/>") -> bytes:
    """The bytes of an .odt holding ``content`` as its content.xml (and ``styles`` as styles.xml)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        zf.writestr("META-INF/manifest.xml", manifest)
        zf.writestr("content.xml", content)
        if styles is not None:
            zf.writestr("styles.xml", styles)
    return out.getvalue()
