"""Placeholders next to the images actually extracted.

Left: the chunks carrying ``[Image: …]`` markers, with their provenance, in a list that draws only
the lines in view (see PlaceholderList). Right: one card per
extracted image (name, format, pixel size, bytes, alt text, how many chunks reference it) with the
image drawn by textual-image, then the images the extractor skipped and why. The renderer is
chosen by the app: the best the terminal supports, or a fixed one (half-blocks) for snapshots.
Cards are mounted, and their pictures decoded, as they come near the view (see ImagesPanel).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Static

from ..present import (
    ChunkLike,
    counted,
    human_bytes,
    is_placeholder,
    overlapping,
    printable,
    shorten_name,
    span,
    where,
)
from .scrolling import KeyScroll, KeyScrollColumn


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
    text = printable(" ".join(content.split()))
    at = text.find("[Image:")
    if at < 0 or len(text) <= width:
        return text[:width] + ("…" if len(text) > width else "")
    start = max(0, at - width // 3)
    piece = text[start : start + width]
    return ("…" if start else "") + piece + ("…" if start + width < len(text) else "")


def references(doc: Any, chunks: Sequence[ChunkLike]) -> dict[str, int]:
    """For each image name: how many chunks cover a block that anchors it."""
    spans = [s for s in (span(c.metadata) for c in chunks) if s]  # once, not once per image
    out: dict[str, int] = {}
    for block in doc.blocks:
        if not block.images:
            continue
        used = sum(1 for s in spans if overlapping(block.lines, s))
        for name in block.images:
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


def no_images_note(doc: Any) -> str:
    """What the extracted side says of a document that holds no image and skipped none: a page
    of Markdown or HTML whose text has placeholders for the images it links to (``![alt](url)``,
    ``<img src=url>``) keeps no picture of them, which "no images" next to its placeholders
    contradicted."""
    if any(b.kind == "image" or "[Image:" in b.text for b in doc.blocks):
        return "no image stored in this file: its placeholders stand for images it links to"
    return "no images in this document"


def skipped_text(skipped: Sequence[Any]) -> Content:
    """The images the extractor skipped, each with its name and the reason."""
    lines = [Content(printable(f"  {s.name}: {s.reason}")) for s in skipped]
    return Content("\n").join([Content.styled(f"Skipped ({len(skipped)})", "bold"), *lines])


class PlaceholderList(KeyScroll, ScrollView):
    """A text of many lines (the placeholders), drawn as a Static would draw it but only the rows
    in view: a document of hundreds of images gave one Static thousands of lines, all wrapped and
    drawn (twice) each time the tab opened. Here the lines are wrapped (as Content wraps them) once
    per width, and a row is drawn when it is shown; its characters keep their place in the text
    (line and column), so a mouse selection reads and highlights as in a Static. A line's leading
    spaces indent the rows it wraps onto too (an excerpt's rows stay under its first, clear of the
    place above it)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text = Content()
        self.lines: list[Content] = []
        #: each row shown: its content, where that starts in the text (column, line), and the blank
        #: cells drawn before it (the indent of a row a line wraps onto)
        self.rows: list[tuple[Content, int, int, int]] = []
        self.wrapped_at = -1

    def update(self, text: Content) -> None:
        self.text = text
        self.lines = text.split(allow_blank=True)
        self.wrapped_at = -1
        self.lay_out()
        self.refresh()

    def render(self) -> Content:
        """The whole text (what a selection is read from)."""
        return self.text

    def on_resize(self) -> None:
        self.lay_out()

    def lay_out(self) -> None:
        """Wrap the lines at the width there is, less a scrollbar's where they need one."""
        width = self.size.width  # less padding and border, with the scrollbar's place
        if width <= 0:  # not laid out (the tab hidden): done when it is
            self.rows, self.wrapped_at = [], -1
            self.virtual_size = Size(0, 0)
            return
        rows = self.wrap(width)
        if len(rows) > self.size.height and self.styles.overflow_y != "hidden":
            rows = self.wrap(width - self.styles.scrollbar_size_vertical)
        self.virtual_size = Size(self.wrapped_at, len(rows))

    def wrap(self, width: int) -> list[tuple[Content, int, int, int]]:
        if width == self.wrapped_at:
            return self.rows
        rows: list[tuple[Content, int, int, int]] = []
        for y, line in enumerate(self.lines):
            if line.cell_length <= width:
                rows.append((line, 0, y, 0))
                continue
            plain = line.plain
            indent = len(plain) - len(plain.lstrip(" "))
            if indent >= width // 2:  # too little room left beside it: not kept
                indent = 0
            x = indent
            for n, row in enumerate(line[indent:].wrap(width - indent)):
                if not n:  # the first row, with the line's own spaces
                    rows.append((line[:indent] + row, 0, y, 0))
                else:
                    rows.append((row, x, y, indent))
                x += len(row.plain)
                while x < len(plain) and plain[x].isspace():  # the spaces a wrap ends a row on
                    x += 1
        self.rows, self.wrapped_at = rows, width
        return rows

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        base = self.visual_style
        index = scroll_y + y
        if index >= len(self.rows):
            return Strip.blank(width, base.rich_style)
        row, x, line, indent = self.rows[index]
        selection = self.text_selection
        span = selection.get_span(line) if selection is not None else None
        if span is not None:
            start, end = span
            end = len(row) if end == -1 else end - x
            selected = Style.from_styles(self.screen.get_component_styles("screen--selection"))
            row = row.stylize(selected, max(start - x, 0), max(end, 0))
        # the indent is no part of the text: a click on it is taken as one on the row's start
        segments = [Segment(" " * indent, base.rich_style_with_offset(x, line))] if indent else []
        for text, style in row.render(base, end="", parse_style=self._get_style):
            segments.append(Segment(text, (base + style).rich_style_with_offset(x, line)))
            x += len(text)
        strip = Strip(segments, indent + row.cell_length)
        return strip.crop(scroll_x, scroll_x + width)  # padded to the width as a Static's line is

    def selection_updated(self, selection: Any) -> None:
        self.refresh()


#: A picture is drawn from a copy at most this many pixels each way, made on a thread: a card shows
#: it 8 rows high, under 512 pixels even for sixel or TGP at 64 pixels a row, and textual-image
#: scales the picture it holds again on each render.
THUMBNAIL = (1024, 512)


def thumbnail(data: bytes) -> Any:
    """The picture in ``data`` decoded (a PIL image), shrunk to :data:`THUMBNAIL` if larger;
    raises what PIL raises on bytes it cannot read."""
    from PIL import Image as PILImage

    picture = PILImage.open(io.BytesIO(data))
    picture.load()
    if picture.width > THUMBNAIL[0] or picture.height > THUMBNAIL[1]:
        picture.thumbnail(THUMBNAIL)
    return picture


class ImageMeta(Static):
    """What is known of a card's image, its name whole on one line: a name longer than the
    column is shortened in its middle, its extension kept (a name of 20 characters was broken
    over two lines of a column of 19, "ffc34d0a24ceb154.pn" / "g")."""

    def __init__(self, card: ImageCard) -> None:
        super().__init__(classes="image-meta")
        self.card = card

    def on_mount(self) -> None:
        self.show()

    def on_resize(self) -> None:
        self.show()

    def show(self) -> None:
        self.update(self.card.meta(self.content_region.width))


class ImageCard(Vertical):
    """One extracted image: what is known of it, and the picture once the card comes into view
    (decoded on a thread: a document may hold hundreds)."""

    class Decoded(Message):
        """The card's picture was decoded (``picture``), or could not be (``error``)."""

        def __init__(self, picture: Any, error: str = "") -> None:
            super().__init__()
            self.picture = picture
            self.error = error

    def __init__(self, image: Any, used: int, renderer: str) -> None:
        super().__init__(classes="image-card")
        self.image = image
        self.used = used
        self.renderer = renderer
        self.drawing = False  # the picture asked for (decoded or being decoded)

    def compose(self) -> ComposeResult:
        yield ImageMeta(self)
        if self.image.data:
            yield Static(classes="image-pending")
        else:
            yield Static(Content.styled("(image bytes not stored)", "dim"), classes="image-note")

    def meta(self, width: int = 0) -> Content:
        """The image's name, format, size, alt text and use; the name in at most ``width`` cells
        when given."""
        im = self.image
        size = f"{im.width}×{im.height}" if im.width and im.height else "size unknown"
        refs = f"used by {self.used} chunk" + ("" if self.used == 1 else "s")
        name = printable(im.name)
        return Content.assemble(
            (shorten_name(name, width) if width > 0 else name, "bold"),
            f"  {im.format.upper()} {size}  {human_bytes(im.size)}\nalt: ",
            printable(im.alt) if im.alt else ("no alt text", "dim"),
            f" · {refs}",
        )

    def draw(self) -> None:
        """Decode the picture (once) and show it in place of the empty space kept for it."""
        if self.drawing or not self.image.data:
            return
        self.drawing = True
        self.decode(self.image.data)

    @work(thread=True, group="thumbnails")
    def decode(self, data: bytes) -> None:
        try:
            picture = thumbnail(data)
        except (OSError, ValueError, SyntaxError) as exc:
            self.post_message(self.Decoded(None, str(exc)))
            return
        self.post_message(self.Decoded(picture))

    async def on_image_card_decoded(self, message: Decoded) -> None:
        message.stop()
        if message.error:
            shown: Widget = Static(
                Content.styled(f"cannot draw: {message.error}", "red"), classes="image-note"
            )
        else:
            shown = image_widget_class(self.renderer)(message.picture, classes="image-view")
        await self.query_one(".image-pending").remove()
        await self.mount(shown)


class ImagesPanel(Horizontal):
    """The placeholders (left) and the extracted images (right).

    A document may hold hundreds of images: the cards are mounted a batch (:data:`BATCH`) at a
    time, the next when the end of those mounted comes near the view, and each card decodes its
    picture when it comes near the view itself (:data:`AHEAD`). Another mode of the same document
    keeps the cards and updates their counts."""

    #: Cards mounted at a time: 11 rows each, three screens of 40 rows.
    BATCH = 12
    #: Cards within this many screens above or below the visible part are drawn too, ahead of a
    #: scroll, and the next batch is mounted when the last card is as near.
    AHEAD = 1

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.doc: Any | None = None  # the document whose cards are mounted
        self.renderer = ""
        self.refs: dict[str, int] = {}
        self.waiting: list[Any] = []  # its images not mounted yet, in order
        self.extending = False

    def compose(self) -> ComposeResult:
        yield PlaceholderList(id="placeholders-text")
        yield KeyScrollColumn(id="extracted")

    def on_mount(self) -> None:
        self.watch(self.query_one("#extracted"), "scroll_y", self.scrolled, init=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self.draw_visible)

    def scrolled(self) -> None:
        self.call_after_refresh(self.draw_visible)  # once the cards' places are those of the new offset

    async def show(
        self, doc: Any | None, chunks: Sequence[ChunkLike], renderer: str, note: str = "no document"
    ) -> None:
        """The placeholders of ``chunks`` and the images of ``doc``; without a document, ``note``
        (why: a failed file's)."""
        left = self.query_one("#placeholders-text", PlaceholderList)
        right = self.query_one("#extracted", VerticalScroll)
        if doc is None:
            self.doc, self.waiting = None, []
            await right.remove_children()
            left.update(Content.styled(note, "dim"))
            return
        left.update(placeholders_text([c for c in chunks if is_placeholder(c)]))
        self.refs = references(doc, chunks)
        if doc is self.doc and renderer == self.renderer:  # another mode: the same cards
            for card in right.query_children(ImageCard):
                card.used = self.refs.get(card.image.name, 0)
                card.query_one(ImageMeta).show()
            return
        self.doc, self.renderer, self.waiting = doc, renderer, list(doc.images)
        await right.remove_children()
        title = Static(Content.styled(f"Extracted ({len(doc.images)})", "bold"), classes="images-title")
        await right.mount_all([title, *self.next_batch()])
        self.call_after_refresh(self.draw_visible)

    def next_batch(self) -> list[Widget]:
        """The next cards to mount, then a line saying how many are left, or after the last the
        skipped images."""
        doc = self.doc
        batch, self.waiting = self.waiting[: self.BATCH], self.waiting[self.BATCH :]
        widgets: list[Widget] = [ImageCard(im, self.refs.get(im.name, 0), self.renderer) for im in batch]
        if self.waiting:
            more = Content.styled(f"… {counted(len(self.waiting), 'more image')}", "dim")
            widgets.append(Static(more, classes="images-more"))
            return widgets
        skipped = doc.coverage.skipped_of("image")
        if skipped:
            widgets.append(Static(skipped_text(skipped), classes="images-skipped"))
        if not doc.images and not skipped:
            widgets.append(Static(Content.styled(no_images_note(doc), "dim")))
        return widgets

    async def draw_visible(self) -> None:
        """Draw the cards on screen or near it (:data:`AHEAD`) not drawn yet, and mount the next
        batch when the line standing for it is as near."""
        right = self.query_one("#extracted", VerticalScroll)
        view = right.region
        if not view or self.extending:
            return
        margin = view.height * self.AHEAD
        top, bottom = view.y - margin, view.bottom + margin

        def near(widget: Widget) -> bool:
            region = widget.region
            return bool(region) and region.bottom >= top and region.y <= bottom

        for card in right.query_children(ImageCard):
            if not card.drawing and card.image.data and near(card):
                card.draw()
        more = next(iter(right.query_children(".images-more")), None)
        if more is not None and near(more):
            self.extending = True
            try:
                doc = self.doc
                await more.remove()
                if doc is self.doc:  # not replaced by another document meanwhile
                    await right.mount_all(self.next_batch())
            finally:
                self.extending = False
            self.call_after_refresh(self.draw_visible)
