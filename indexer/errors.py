"""Typed errors with stable codes.

Every error an extractor or a mode may raise derives from :class:`ChunkscopeError` and carries one
of the stable codes below; callers branch on the code (or the class), never on the message.
``InvalidArgument`` and ``UnsupportedFormat`` are also ``ValueError`` so that code written against
the py-chunks API (which raises ``ValueError`` for bad modes and parameters) keeps working.
"""

from __future__ import annotations

UNSUPPORTED_FORMAT = "UNSUPPORTED_FORMAT"
INVALID_ARGUMENT = "INVALID_ARGUMENT"
PARSE_ERROR = "PARSE_ERROR"
ENCRYPTED = "ENCRYPTED"
OCR_REQUIRED = "OCR_REQUIRED"
EMPTY_EXTRACTION = "EMPTY_EXTRACTION"
DOCUMENT_LIMIT = "DOCUMENT_LIMIT"
IO_ERROR = "IO_ERROR"

CODES = (
    UNSUPPORTED_FORMAT,
    INVALID_ARGUMENT,
    PARSE_ERROR,
    ENCRYPTED,
    OCR_REQUIRED,
    EMPTY_EXTRACTION,
    DOCUMENT_LIMIT,
    IO_ERROR,
)

#: What a user can do about each code, shown by the manifest panel and the report.
ADVICE = {
    UNSUPPORTED_FORMAT: "No extractor reads this file type; `chunkscope formats` lists the supported ones.",
    INVALID_ARGUMENT: "A mode or parameter was out of range; the message names the valid choices.",
    PARSE_ERROR: "The file is damaged or not what its extension says; open it in its own application.",
    ENCRYPTED: (
        "The file is password-protected; give its password with --password (a PDF, Word, Excel or "
        "PowerPoint file) or save an unprotected copy to index it."
    ),
    OCR_REQUIRED: "The pages are images without a text layer; install tesseract and use --ocr auto.",
    EMPTY_EXTRACTION: "The file parsed but held no text.",
    DOCUMENT_LIMIT: "The file exceeds a configured limit (size, pages, text or decompressed size).",
    IO_ERROR: "The file could not be read (missing, permissions, or removed while indexing).",
}


class ChunkscopeError(Exception):
    """Root of every documented error; ``code`` is one of :data:`CODES`."""

    code: str = PARSE_ERROR

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""

    def __reduce__(self):  # keep the code when the error crosses a process boundary
        return (_rebuild, (type(self), self.message, self.code))


def _rebuild(cls, message, code):
    return cls(message, code=code)


class UnsupportedFormat(ChunkscopeError, ValueError):
    code = UNSUPPORTED_FORMAT


class InvalidArgument(ChunkscopeError, ValueError):
    code = INVALID_ARGUMENT


class ParseError(ChunkscopeError):
    code = PARSE_ERROR


class Encrypted(ChunkscopeError):
    code = ENCRYPTED


class OcrRequired(ChunkscopeError):
    code = OCR_REQUIRED


class EmptyExtraction(ChunkscopeError):
    code = EMPTY_EXTRACTION


class DocumentLimit(ChunkscopeError):
    code = DOCUMENT_LIMIT


class SourceIOError(ChunkscopeError, OSError):
    code = IO_ERROR


BY_CODE: dict[str, type[ChunkscopeError]] = {
    cls.code: cls
    for cls in (
        UnsupportedFormat,
        InvalidArgument,
        ParseError,
        Encrypted,
        OcrRequired,
        EmptyExtraction,
        DocumentLimit,
        SourceIOError,
    )
}


def from_code(code: str, message: str) -> ChunkscopeError:
    """Rebuild a typed error from its stored code and message."""
    return BY_CODE.get(code, ChunkscopeError)(message, code=code)
