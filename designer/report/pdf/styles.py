"""Page geometry, paragraph and table styles of the proposal, for one language's fonts."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib import textsplit as _textsplit
from reportlab.platypus import Paragraph, TableStyle
from reportlab.platypus import paragraph as _paragraph

from designer.report.fonts import FontSet, is_latin
from designer.report.pdf import kinsoku as _kinsoku

# Punctuation that never starts a line of Chinese (GB/T 15834-2011 4.1; W3C "Requirements for
# Chinese Text Layout" 3.1.7, the 避头 characters). reportlab's CJK wrapping keeps a character
# of its own list on the line it ends, hanging in the margin, but that list is Japanese and
# lacks the full-width comma, colon, semicolon, ! and ?, closing book-title marks and quotes:
# the proposal broke "应对：" into "应对" and a line starting "：". Added to the list the
# wrappings read: a one-font paragraph's (``reportlab.lib.textsplit.wordSplit``) and a
# mixed one's (``reportlab.platypus.paragraph.cjkFragSplit``), each a module string.
CHINESE_CANNOT_START = "．，、：；！？）］｝〉》」』】〕〗〙〛”’…‥·％%"
for _module in (_textsplit, _paragraph):
    _module.ALL_CANNOT_START += "".join(c for c in CHINESE_CANNOT_START if c not in _module.ALL_CANNOT_START)
# That list alone still let the second of two closing marks ("）。") start a line (reportlab
# hangs one mark only) and let a line end on an opening one ("（", "「", "“", "《": reportlab
# never reads its ALL_CANNOT_END): the CJK splitters are wrapped to move such breaks back.
_kinsoku.install()

PORTRAIT = A4
LANDSCAPE = landscape(A4)
MARGIN_X = 40.0
MARGIN_TOP = 56.0  # room for the header
MARGIN_BOTTOM = 48.0  # room for the footer


def frame_size(pagesize: tuple[float, float]) -> tuple[float, float]:
    return pagesize[0] - 2 * MARGIN_X, pagesize[1] - MARGIN_TOP - MARGIN_BOTTOM


INK = colors.HexColor("#1f2933")
MUTED = colors.HexColor("#616e7c")
ACCENT = colors.HexColor("#0b5394")
HEADER_FILL = colors.HexColor("#dfe8f3")
ZEBRA = colors.HexColor("#f5f7fa")
RULE = colors.HexColor("#c4ccd6")
ERROR = colors.HexColor("#cc0000")
ERROR_FILL = colors.HexColor("#fde8e8")
WARNING = colors.HexColor("#b45f06")
WARNING_FILL = colors.HexColor("#fff4e0")
OK_FILL = colors.HexColor("#e8f5e9")


@dataclass
class Styles:
    fonts: FontSet
    zh: bool

    def __post_init__(self) -> None:
        f = self.fonts
        # Chinese text wraps between any two characters; a little more leading reads better.
        lead = 1.45 if self.zh else 1.3
        common = {"fontName": f.regular, "textColor": INK, "wordWrap": "CJK" if self.zh else None}
        self.body = ParagraphStyle("body", fontSize=9.5, leading=9.5 * lead, spaceAfter=5, **common)
        self.small = ParagraphStyle("small", fontSize=7.5, leading=7.5 * lead, spaceAfter=3, textColor=MUTED,
                                    fontName=f.regular, wordWrap=common["wordWrap"])
        self.cell = ParagraphStyle("cell", fontSize=7.5, leading=7.5 * 1.25, **common)
        self.cell_right = ParagraphStyle("cell_right", parent=self.cell, alignment=TA_RIGHT)
        # a reason beside a missing part number: smaller and muted, so the column still reads as numbers
        self.small_cell = ParagraphStyle("small_cell", parent=self.cell, fontSize=6.5, leading=6.5 * 1.25,
                                         textColor=MUTED)
        self.h1 = ParagraphStyle("h1", fontName=f.bold, fontSize=17, leading=22, spaceBefore=0, spaceAfter=10,
                                 textColor=ACCENT, wordWrap=common["wordWrap"])
        self.h2 = ParagraphStyle("h2", fontName=f.bold, fontSize=12, leading=16, spaceBefore=10, spaceAfter=5,
                                 textColor=INK, wordWrap=common["wordWrap"])
        self.title = ParagraphStyle("title", fontName=f.bold, fontSize=26, leading=34, textColor=ACCENT,
                                    alignment=TA_LEFT, wordWrap=common["wordWrap"])
        self.subtitle = ParagraphStyle("subtitle", fontName=f.regular, fontSize=15, leading=21, textColor=INK,
                                       wordWrap=common["wordWrap"])
        self.error = ParagraphStyle("error", parent=self.body, textColor=ERROR, fontName=f.bold)
        self.toc_levels = [
            ParagraphStyle("toc0", fontName=f.regular, fontSize=11, leading=18, leftIndent=0, textColor=INK),
        ]

    # -- text -----------------------------------------------------------------

    def markup(self, text: object) -> str:
        """Escape ``text`` for a Paragraph; runs the body font cannot show get the CJK font."""
        text = "" if text is None else str(text)
        f = self.fonts
        if self.zh:
            return escape(f.shown(text, f.regular))
        if f.covers_all or f.unicode is None or is_latin(text):
            return escape(text)
        out, run, run_latin = [], "", True

        def cjk(run: str) -> str:
            return f'<font name="{f.unicode}">{escape(f.shown(run, f.unicode))}</font>'

        for ch in text:
            latin = is_latin(ch)
            if run and latin != run_latin:
                out.append(escape(run) if run_latin else cjk(run))
                run = ""
            run, run_latin = run + ch, latin
        if run:
            out.append(escape(run) if run_latin else cjk(run))
        return "".join(out)

    def p(self, text: object, style: ParagraphStyle | None = None) -> Paragraph:
        return Paragraph(self.markup(text), style or self.body)

    def p_markup(self, markup: str, style: ParagraphStyle | None = None) -> Paragraph:
        """A Paragraph of markup the caller built (parts already passed through ``markup``)."""
        return Paragraph(markup, style or self.body)

    def cell_value(self, text: object, right: bool = False):
        """A table cell: a plain string when the table font shows it (fast), else a Paragraph."""
        text = "" if text is None else str(text)
        if self.zh:
            return self.fonts.shown(text, self.fonts.regular)
        if self.fonts.covers_all or is_latin(text) or self.fonts.unicode is None:
            return text
        return Paragraph(self.markup(text), self.cell_right if right else self.cell)

    # -- tables -----------------------------------------------------------------

    def table_style(self, *, header_rows: int = 1, numeric_from: int | None = None, zebra: bool = True,
                    font_size: float = 7.5) -> TableStyle:
        f = self.fonts
        commands = [
            ("FONTNAME", (0, 0), (-1, -1), f.regular),
            ("FONTSIZE", (0, 0), (-1, -1), font_size),
            ("LEADING", (0, 0), (-1, -1), font_size * 1.25),
            ("TEXTCOLOR", (0, 0), (-1, -1), INK),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
            ("LEFTPADDING", (0, 0), (-1, -1), 3.5),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3.5),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ]
        if header_rows:
            commands += [
                ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_FILL),
                ("FONTNAME", (0, 0), (-1, header_rows - 1), f.bold),
                ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.8, ACCENT),
            ]
        if numeric_from is not None:
            commands.append(("ALIGN", (numeric_from, 0), (-1, -1), "RIGHT"))
        if zebra:
            commands.append(("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, ZEBRA]))
        return TableStyle(commands)
