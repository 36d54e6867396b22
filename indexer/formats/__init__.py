"""Format extractors: one module per format family, each registering itself in ``registry``."""

from .registry import FormatSpec, extractor, for_extension, formats, resolve

__all__ = ["FormatSpec", "extractor", "for_extension", "formats", "resolve"]
