"""Colours and text helpers the drawings share."""

from __future__ import annotations

from reportlab.graphics.shapes import Group, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from designer.report.fonts import FontSet
from designer.report.load_bands import LOAD_BANDS, load_band

INK = colors.HexColor("#1f2933")
MUTED = colors.HexColor("#616e7c")
LINE = colors.HexColor("#9aa5b1")
PAPER = colors.white
ACCENT = colors.HexColor("#0b5394")

# Device kinds: one colour each in elevations and topology, the same in the legend.
KIND_FILL = {
    "server": colors.HexColor("#cfe2f3"),
    "switch": colors.HexColor("#d9ead3"),
    "storage": colors.HexColor("#fce5cd"),
    "pdu": colors.HexColor("#d9d9d9"),
    "other": colors.HexColor("#e6d7f0"),
}
KIND_EDGE = {
    "server": colors.HexColor("#3d85c6"),
    "switch": colors.HexColor("#6aa84f"),
    "storage": colors.HexColor("#e69138"),
    "pdu": colors.HexColor("#666666"),
    "other": colors.HexColor("#8e7cc3"),
}

# Rack load as a share of its power budget, by the bands the window uses too
# (designer/report/load_bands.py): green, amber, orange, red.
BAND_COLOURS = {
    "low": colors.HexColor("#b6d7a8"),
    "mid": colors.HexColor("#ffe599"),
    "high": colors.HexColor("#f6b26b"),
    "over": colors.HexColor("#e06666"),
}
NO_BUDGET = colors.HexColor("#eeeeee")


def load_colour(power_kw: float | None, budget_kw: float | None):
    if not budget_kw or power_kw is None:
        return NO_BUDGET
    band = load_band(power_kw / budget_kw)
    assert band is not None  # a share was given
    return BAND_COLOURS[band.key]


def load_legend(lang: str) -> list[tuple[object, str]]:
    """(colour, words) of each band, in ``lang``: the floor plan's legend."""
    return [(BAND_COLOURS[band.key], band.words[lang]) for band in LOAD_BANDS]


def fit_text(text: str, font: str, size: float, width: float, min_size: float = 4.5) -> tuple[str, float]:
    """Shrink ``text`` to ``width`` down to ``min_size``, then cut it with an ellipsis."""
    if width <= 0:
        return "", size
    w = stringWidth(text, font, size)
    if w <= width:
        return text, size
    smaller = max(min_size, size * width / w)
    if stringWidth(text, font, smaller) <= width:
        return text, smaller
    cut = text
    while cut and stringWidth(cut + "…", font, smaller) > width:
        cut = cut[:-1]
    return (cut + "…") if cut else "", smaller


def label(
    x: float,
    y: float,
    text: str,
    fonts: FontSet,
    size: float,
    *,
    width: float | None = None,
    anchor: str = "start",
    bold: bool = False,
    colour=INK,
    min_size: float = 4.5,
) -> String:
    """A text at ``size``; with ``width``, shrunk to fit down to ``min_size``, then cut with "…"."""
    font = fonts.for_text(text, bold)
    text = fonts.shown(text, font)
    if width is not None:
        text, size = fit_text(text, font, size, width, min_size=min(min_size, size))
    return String(x, y, text, fontName=font, fontSize=size, fillColor=colour, textAnchor=anchor)


def legend_row(x: float, y: float, items: list[tuple[object, str]], fonts: FontSet, size: float = 7,
               swatch: float = 8, gap: float = 10, right: float | None = None) -> Group:
    """Colour swatches with their labels left to right from (x, y). ``right``: where they must
    end; items that would pass it start a row below the first, the rows' block still ending
    at ``y`` (a floor plan's legend grew past the page's edge in English, through the north
    arrow in Chinese)."""
    from reportlab.graphics.shapes import Rect

    widths = [swatch + 3 + stringWidth(text, fonts.for_text(text), size) for _fill, text in items]
    rows: list[list[int]] = [[]]
    at = x
    for n, width in enumerate(widths):
        if right is not None and rows[-1] and at + width > right:
            rows.append([])
            at = x
        rows[-1].append(n)
        at += width + gap
    pitch = swatch + 2
    group = Group()
    for row_number, row in enumerate(rows):
        row_x, row_y = x, y + (len(rows) - 1 - row_number) * pitch
        for n in row:
            fill, text = items[n]
            group.add(Rect(row_x, row_y, swatch, swatch, fillColor=fill, strokeColor=LINE, strokeWidth=0.4))
            group.add(label(row_x + swatch + 3, row_y + 1.2, text, fonts, size, colour=MUTED))
            row_x += widths[n] + gap
    return group
