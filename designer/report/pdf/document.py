"""The proposal's document: page templates, header and footer, contents and bookmarks.

Built with ``multiBuild``: the first pass lays the story out to learn on which page
each section starts and how many pages there are; the next pass fills the table of
contents and "page N of M". Drawings are laid out but not drawn in the first pass
(``DeferredDrawing``), which nearly halves the time for large designs.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents, defaultTableStyle

from designer.report.fonts import FontSet
from designer.i18n import Translator
from designer.report.pdf.styles import (
    ACCENT,
    LANDSCAPE,
    MARGIN_BOTTOM,
    MARGIN_TOP,
    MARGIN_X,
    MUTED,
    PORTRAIT,
    RULE,
    frame_size,
)


class SectionHeading(Paragraph):
    """A numbered section title: goes into the contents, the PDF outline and the header."""

    def __init__(self, text: str, style, key: str, markup: str | None = None) -> None:
        super().__init__(markup if markup is not None else text, style)
        self.toc_text = text
        self.toc_key = key


class DeferredDrawing(Flowable):
    """A drawing that takes its place in every pass but is drawn only from the second."""

    def __init__(self, drawing: Flowable) -> None:
        super().__init__()
        self.drawing = drawing
        self.width, self.height = drawing.width, drawing.height

    def wrap(self, avail_width, avail_height):
        return self.drawing.wrap(avail_width, avail_height)

    def draw(self) -> None:
        doc = getattr(self.canv, "_doctemplate", None)
        if doc is not None and getattr(doc, "pass_number", 2) < 2:
            return
        fonts = getattr(doc, "fonts", None)
        if fonts is not None:
            # the renderer starts each drawing in this font (else Helvetica, never embedded)
            self.drawing.initialFontName = fonts.regular
        self.drawing.drawOn(self.canv, 0, 0)


@dataclass
class PageText:
    header_left: str
    footer_left: str


class ProposalDocument(BaseDocTemplate):
    def __init__(self, output, *, t: Translator, fonts: FontSet, text: PageText, title: str, author: str,
                 subject: str) -> None:
        super().__init__(
            output,
            pagesize=PORTRAIT,
            leftMargin=MARGIN_X,
            rightMargin=MARGIN_X,
            topMargin=MARGIN_TOP,
            bottomMargin=MARGIN_BOTTOM,
            title=title,
            author=author,
            subject=subject,
            creator="Cluster Designer",
            lang="zh-CN" if t.is_zh else "en",
            # the canvas's starting font is in every page's resources: the embedded body font,
            # not reportlab's default Helvetica (which would be the one font not embedded)
            initialFontName=fonts.regular,
        )
        self.t, self.fonts, self.text = t, fonts, text
        self.pass_number = 0
        self.pages_previous_pass: int | None = None
        self.current_section = ""
        self.section_pages: dict[str, int] = {}
        templates = []
        for template_id, size in (("cover", PORTRAIT), ("portrait", PORTRAIT), ("landscape", LANDSCAPE)):
            width, height = frame_size(size)
            frame = Frame(MARGIN_X, MARGIN_BOTTOM, width, height, id=f"{template_id}-frame",
                          leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            on_end = self._cover_end if template_id == "cover" else self._page_end
            templates.append(PageTemplate(id=template_id, frames=[frame], onPageEnd=on_end, pagesize=size))
        self.addPageTemplates(templates)

    # -- passes -----------------------------------------------------------------

    def build(self, flowables, **kwargs):  # noqa: D102 - one pass of multiBuild
        self.pass_number += 1
        self.current_section = ""
        self.section_pages = {}
        super().build(flowables, **kwargs)
        self.pages_this_pass = self.page

    def _allSatisfied(self):  # noqa: N802 - reportlab's name
        # the first pass never draws its drawings, so it can never be the last one;
        # nor can a pass whose footers named a different page total
        settled = self.pages_previous_pass == self.pages_this_pass
        self.pages_previous_pass = self.pages_this_pass
        return self.pass_number >= 2 and settled and super()._allSatisfied()

    # -- contents and bookmarks -------------------------------------------------

    def afterFlowable(self, flowable):  # noqa: N802 - reportlab's name
        if isinstance(flowable, SectionHeading):
            key = flowable.toc_key
            self.current_section = flowable.toc_text
            self.section_pages[key] = self.page
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(flowable.toc_text, key, level=0, closed=False)
            self.notify("TOCEntry", (0, flowable.toc_text, self.page, key))

    # -- header and footer ----------------------------------------------------

    def _cover_end(self, canv, doc) -> None:
        canv.saveState()
        canv.setFillColor(ACCENT)
        width, height = canv._pagesize
        canv.rect(0, height - 18, width, 18, stroke=0, fill=1)
        canv.restoreState()

    def _page_end(self, canv, doc) -> None:
        width, height = canv._pagesize
        fonts, t = self.fonts, self.t
        canv.saveState()
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.line(MARGIN_X, height - MARGIN_TOP + 14, width - MARGIN_X, height - MARGIN_TOP + 14)
        canv.line(MARGIN_X, MARGIN_BOTTOM - 16, width - MARGIN_X, MARGIN_BOTTOM - 16)
        canv.setFillColor(MUTED)
        _text(canv, fonts, 8, MARGIN_X, height - MARGIN_TOP + 20, self.text.header_left)
        _text(canv, fonts, 8, width - MARGIN_X, height - MARGIN_TOP + 20, self.current_section, right=True)
        _text(canv, fonts, 7.5, MARGIN_X, MARGIN_BOTTOM - 28, self.text.footer_left)
        total = self.pages_previous_pass if self.pages_previous_pass else self.page
        _text(canv, fonts, 7.5, width - MARGIN_X, MARGIN_BOTTOM - 28,
              t("page_of", page=self.page, pages=max(total, self.page)), right=True)
        canv.restoreState()


def _text(canv, fonts: FontSet, size: float, x: float, y: float, text: str, right: bool = False) -> None:
    font = fonts.for_text(text)
    canv.setFont(font, size)
    (canv.drawRightString if right else canv.drawString)(x, y, fonts.shown(text, font))


def contents(styles) -> TableOfContents:
    # the table's own font (else Helvetica) is set in every cell, even where a paragraph draws
    table_style = TableStyle([*defaultTableStyle.getCommands(), ("FONTNAME", (0, 0), (-1, -1), styles.fonts.regular)])
    toc = TableOfContents(dotsMinLevel=0, tableStyle=table_style)
    toc.levelStyles = styles.toc_levels
    return toc
