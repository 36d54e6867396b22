"""Legacy binary Office files (.doc Word 97-2003, .ppt PowerPoint 97-2003).

No well-kept Python library reads the text of these OLE compound files: olefile opens the
container but not the Word piece table or the PowerPoint record stream, and the packages that do
convert them wrap external binaries or are young single-author projects. They are listed (so
``chunkscope formats`` shows them) and refused with UNSUPPORTED_FORMAT and a message naming the
format and the way out: save the file as .docx / .pptx.
"""

from __future__ import annotations

from ..errors import UnsupportedFormat
from ..limits import ExtractContext
from ..model import Document
from .registry import extractor

DOC_NOTE = "Legacy Word 97-2003 binary .doc is not supported (no maintained Python reader); save it as .docx"
PPT_NOTE = (
    "Legacy PowerPoint 97-2003 binary .ppt is not supported (no maintained Python reader); save it as .pptx"
)


@extractor(".doc", name="doc", source_type="doc", supported=False, note=DOC_NOTE)
def extract_doc(data: bytes, ctx: ExtractContext) -> Document:
    raise UnsupportedFormat(DOC_NOTE)


@extractor(".ppt", name="ppt", source_type="ppt", supported=False, note=PPT_NOTE)
def extract_ppt(data: bytes, ctx: ExtractContext) -> Document:
    raise UnsupportedFormat(PPT_NOTE)
