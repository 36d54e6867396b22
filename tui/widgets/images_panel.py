"""Placeholders next to the images actually extracted.

Left: the chunks carrying ``[Image: …]`` markers, with their provenance. Right: one card per
extracted image (name, format, pixel size, bytes, alt text, how many chunks reference it) with the
image drawn by textual-image, then the images the extractor skipped and why. The renderer is
chosen by the app: the best the terminal supports, or a fixed one (half-blocks) for snapshots.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from ..present import ChunkLike, human_bytes, is_placeholder, overlapping, span, where


def image_widget_class(renderer: str) -> type[Widget]:
    """The textual-image widget for ``renderer``: auto, halfcell, unicode, sixel or tgp."""
    from textual_image import widget as ti

    return {
        "halfcell": ti.HalfcellImage,
        "unicode": ti.UnicodeImage,
        "sixel": ti.SixelImage,
        "tgp": ti.TGPImage,
    }.get(renderer, ti.Image)


def marker_excerpt(content: str, width: int = 90) -> str:
    """Text around the first ``[Image: …]`` marker (the placeholder in its paragraph)."""
    text = " ".join(content.split())
    at = text.find("[Image:")
    if at < 0 or len(text) <= width:
        return text[:width] + ("…" if len(text) > width else "")
    start = max(0, at - width // 3)
    piece = text[start : start + width]
    return ("…" if start else "") + piece + ("…" if start + width < len(text) else "")


def references(doc: Any, chunks: Sequence[ChunkLike]) -> dict[str, int]:
    """For each image name: how many chunks cover a block that anchors it."""
    out: dict[str, int] = {}
    for block in doc.blocks:
        for name in block.images:
            used = sum(1 for c in chunks if overlapping(block.lines, span(c.metadata)))
            out[name] = out.get(name, 0) + used
    return out


def placeholders_text(marks: Sequence[ChunkLike]) -> Content:
    """The chunks carrying image markers, each with its provenance and the text around its marker.

    Built as Content, never from markup: a marker (``[Image: …]``), a name or a caption is the
    document's own text, and read as markup it is lost or fails to parse."""
    lines = [Content.styled(f"Placeholders ({len(marks)})", "bold"), Content()]
    for c in marks:
        lines.append(Content.assemble((where(c.metadata) or f"#{c.ordinal}", "cyan"), f" {c.content_type}"))
        lines.append(Content(f'  "{marker_excerpt(c.content)}"'))
        lines.append(Content())
    if not marks:
        lines.append(Content.styled("no image placeholders in this mode", "dim"))
    return Content("\n").join(lines)


def skipped_text(skipped: Sequence[Any]) -> Content:
    """The images the extractor skipped, each with its name and the reason."""
    lines = [Content(f"  {s.name}: {s.reason}") for s in skipped]
    return Content("\n").join([Content.styled(f"Skipped ({len(skipped)})", "bold"), *lines])


class ImageCard(Vertical):
    def __init__(self, image: Any, used: int, renderer: str) -> None:
        super().__init__(classes="image-card")
        self.image = image
        self.used = used
        self.renderer = renderer

    def compose(self) -> ComposeResult:
        im = self.image
        size = f"{im.width}×{im.height}" if im.width and im.height else "size unknown"
        refs = f"used by {self.used} chunk" + ("" if self.used == 1 else "s")
        yield Static(
            Content.assemble(
                (im.name, "bold"),
                f"  {im.format.upper()} {size}  {human_bytes(im.size)}\nalt: ",
                im.alt or ("no alt text", "dim"),
                f" · {refs}",
            ),
            classes="image-meta",
        )
        if im.data:
            from PIL import Image as PILImage

            try:
                picture = PILImage.open(io.BytesIO(im.data))
                picture.load()
            except (OSError, ValueError, SyntaxError) as exc:
                yield Static(Content.styled(f"cannot draw: {exc}", "red"), classes="image-note")
                return
            yield image_widget_class(self.renderer)(picture, classes="image-view")
        else:
            yield Static(Content.styled("(image bytes not stored)", "dim"), classes="image-note")


class ImagesPanel(Horizontal):
    def compose(self) -> ComposeResult:
        with VerticalScroll(id="placeholders"):
            yield Static("", id="placeholders-text")
        yield VerticalScroll(id="extracted")

    async def show(self, doc: Any | None, chunks: Sequence[ChunkLike], renderer: str) -> None:
        left = self.query_one("#placeholders-text", Static)
        right = self.query_one("#extracted", VerticalScroll)
        await right.remove_children()
        if doc is None:
            left.update(Content.styled("no document", "dim"))
            return
        left.update(placeholders_text([c for c in chunks if is_placeholder(c)]))
        refs = references(doc, chunks)
        cards: list[Widget] = [
            Static(Content.styled(f"Extracted ({len(doc.images)})", "bold"), classes="images-title")
        ]
        cards += [ImageCard(im, refs.get(im.name, 0), renderer) for im in doc.images]
        skipped = doc.coverage.skipped_of("image")
        if skipped:
            cards.append(Static(skipped_text(skipped), classes="images-skipped"))
        if not doc.images and not skipped:
            cards.append(Static(Content.styled("no images in this document", "dim")))
        await right.mount_all(cards)
