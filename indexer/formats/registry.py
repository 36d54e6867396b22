"""The format registry: extractors register with a decorator naming their extensions.

Dispatch is by extension (case-insensitive), then, for an unknown extension, by content: each
format may give a ``sniff`` predicate over the first bytes; failing those, text is read as plain
text and binary is refused (SPEC §3).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import PurePath

from ..errors import UnsupportedFormat
from ..limits import ExtractContext
from ..model import DOCUMENT, Document
from ..sniff import looks_binary

Extractor = Callable[[bytes, ExtractContext], Document]


@dataclass(frozen=True)
class FormatSpec:
    name: str  # extractor id, e.g. "markdown"
    source_type: str  # e.g. "md"
    extensions: tuple[str, ...]  # lower case, with the dot
    family: str = DOCUMENT
    version: str = "1"  # the extractor's own contract version
    libraries: tuple[str, ...] = ()  # distributions whose versions identify the extractor
    images: bool = False  # can extract images
    priority: int = 0  # higher wins when two formats claim an extension
    sniff: Callable[[bytes], bool] | None = None
    supported: bool = True  # False: listed, but raises UNSUPPORTED_FORMAT with a reason
    note: str = ""
    func: Extractor | None = field(default=None, compare=False)

    @property
    def identity(self) -> dict[str, str]:
        """Extractor id and version, library versions included (for the manifest)."""
        out = {"id": self.name, "version": self.version}
        for lib in self.libraries:
            out[lib] = library_version(lib)
        return out


_FORMATS: list[FormatSpec] = []
_LOADED = False
_IMPORTED: set[str] = set()

#: Which module of ``indexer.formats`` registers each extension, so that a file's extractor is
#: found by importing that one module instead of all of them (a process that reads one format,
#: such as ``chunkscope chunks notes.md``, skips importing the PDF, office and HTML libraries). A
#: test holds this table equal to what the modules register; an extension it does not list (or an
#: extractor registered from elsewhere) is found by importing every module, as before.
MODULES_BY_EXTENSION: dict[str, tuple[str, ...]] = {
    ".csv": ("csvfmt",), ".tsv": ("csvfmt",),
    ".doc": ("legacy",), ".ppt": ("legacy",),
    ".docx": ("docx",), ".docm": ("docx",), ".dotx": ("docx",), ".dotm": ("docx",),
    ".eml": ("email",), ".mbox": ("email",),
    ".epub": ("epub",),
    ".html": ("html",), ".htm": ("html",), ".xhtml": ("html",),
    ".ipynb": ("notebook",),
    ".json": ("jsonfmt",), ".jsonl": ("jsonfmt",), ".ndjson": ("jsonfmt",),
    ".md": ("markdown",), ".markdown": ("markdown",),
    ".msg": ("msg",),
    ".odt": ("odf",), ".odp": ("odf",), ".ott": ("odf",), ".otp": ("odf",),
    ".pdf": ("pdf",),
    ".pptx": ("pptx",), ".pptm": ("pptx",), ".potx": ("pptx",), ".potm": ("pptx",),
    ".ppsx": ("pptx",), ".ppsm": ("pptx",),
    ".rtf": ("rtf",),
    ".txt": ("text",),
    ".xlsx": ("spreadsheet",), ".xlsm": ("spreadsheet",), ".xltx": ("spreadsheet",),
    ".xltm": ("spreadsheet",), ".xls": ("spreadsheet",), ".xlsb": ("spreadsheet",),
    ".ods": ("spreadsheet",),
}  # fmt: skip


@functools.cache
def library_version(dist: str) -> str:
    """The installed version of ``dist``, looked up once per process: every manifest names its
    extractor's libraries, and each lookup scans the installed distributions' metadata (about
    2 ms, 7 % of an index worker's time over a corpus of small files). The libraries a process
    has imported stay the same while it runs."""
    from importlib import metadata  # about 20 ms to import: only when a manifest is made

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def extractor(
    *extensions: str,
    name: str,
    source_type: str,
    family: str = DOCUMENT,
    version: str = "1",
    libraries: Iterable[str] = (),
    images: bool = False,
    priority: int = 0,
    sniff: Callable[[bytes], bool] | None = None,
    supported: bool = True,
    note: str = "",
) -> Callable[[Extractor], Extractor]:
    """Register ``func(data, ctx) -> Document`` for ``extensions``."""

    def register(func: Extractor) -> Extractor:
        spec = FormatSpec(
            name=name,
            source_type=source_type,
            extensions=tuple(e.lower() if e.startswith(".") else "." + e.lower() for e in extensions),
            family=family,
            version=version,
            libraries=tuple(libraries),
            images=images,
            priority=priority,
            sniff=sniff,
            supported=supported,
            note=note,
            func=func,
        )
        _FORMATS[:] = [f for f in _FORMATS if f.name != spec.name]
        _FORMATS.append(spec)
        return func

    return register


def all_loaded() -> bool:
    """Whether :func:`load_all` has imported every extractor module in this process."""
    return _LOADED


def load_all() -> None:
    """Import every module of ``indexer.formats`` so their decorators run (once)."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    package = importlib.import_module("indexer.formats")
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name != "registry" and not info.name.startswith("_"):
            _import(info.name)


def _import(module: str) -> None:
    if module not in _IMPORTED:
        importlib.import_module(f"indexer.formats.{module}")
        _IMPORTED.add(module)


def _load_for(ext: str) -> None:
    """Make sure every extractor that may claim ``ext`` is registered."""
    if _LOADED:
        return
    modules = MODULES_BY_EXTENSION.get(ext)
    if modules is None:
        load_all()
        return
    for module in modules:
        _import(module)


def formats() -> list[FormatSpec]:
    load_all()
    return sorted(_FORMATS, key=lambda f: (f.source_type, f.name))


def extensions() -> list[str]:
    return sorted({e for f in formats() for e in f.extensions})


def for_extension(ext: str) -> FormatSpec | None:
    ext = ext.lower()
    if ext and not ext.startswith("."):
        ext = "." + ext
    _load_for(ext)
    matches = [f for f in _FORMATS if ext in f.extensions]
    if not matches:
        return None
    return max(matches, key=lambda f: f.priority)


def versions() -> dict[str, str]:
    """Every registered extractor's id → its version (imports every extractor module)."""
    return {spec.name: spec.version for spec in formats()}


def read_by(readers: Iterable[tuple[str, str]]) -> str:
    """The extractors that read a file (``ExtractContext.readers``) as one short text: the file's
    own first, then those of the files it holds by id, each once, ``"id version"`` joined by
    ``"; "``, e.g. ``"eml 53; csv 10; pdf 35"``; empty when none did."""
    seen = list(dict.fromkeys(readers))
    ordered = seen[:1] + sorted(seen[1:])
    return "; ".join(f"{name} {version}" for name, version in ordered)


def readers_of(text: str) -> list[tuple[str, str]]:
    """The ``(id, version)`` pairs of a :func:`read_by` text."""
    pairs = (part.rpartition(" ") for part in text.split("; ")) if text else ()
    return [(name, version) for name, _, version in pairs]


def suffix_of(filename: str) -> str:
    return PurePath(filename).suffix.lower()


def resolve(filename: str, data: bytes) -> FormatSpec:
    """The format for ``filename``/``data``, or UnsupportedFormat."""
    ext = suffix_of(filename)
    spec = for_extension(ext)
    if spec is not None and spec.supported:
        return spec
    # unknown extension, or one no library reads (.doc): the content may say what it really is
    # (an RTF or a PDF saved under another name)
    for candidate in sorted(formats(), key=lambda f: -f.priority):
        if candidate.sniff is not None and candidate.supported:
            try:
                if candidate.sniff(data[:8192]):
                    return candidate
            except Exception:  # a sniffer is a guess; a failing guess is a "no"
                continue
    if spec is not None:
        return spec  # listed but unsupported: the caller raises UNSUPPORTED_FORMAT with its note
    if looks_binary(data):
        raise UnsupportedFormat(
            f"Unsupported file type '{ext or '(none)'}': binary content and no extractor claims it"
        )
    text = for_extension(".txt")
    if text is None:
        raise UnsupportedFormat(f"Unsupported file type '{ext or '(none)'}'")
    return text
