"""Line charts of the estimates: cost against utilisation, scaling efficiency against GPUs."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Group, Line, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from designer.estimates.results import ScalingPoint, UtilizationPoint
from designer.report.drawings.common import ACCENT, MUTED, label
from designer.report.fonts import FontSet

SERIES_COLOURS = (ACCENT, colors.HexColor("#e69138"), colors.HexColor("#6aa84f"), colors.HexColor("#8e7cc3"))
# a series is told apart by colour, dash and marker, so one on top of another, or a grey print, still reads
SERIES_DASHES = (None, (5, 2.5), (1.5, 2), (6, 2, 1.5, 2))
SERIES_MARKERS = ("FilledCircle", "FilledSquare", "FilledDiamond", "FilledTriangle")
SERIES_WIDTHS = (2.2, 1.5, 1.2, 1.2)  # the first series drawn widest, under the others


def line_chart(
    series: list[tuple[str, list[tuple[float, float]]]],
    width: float,
    height: float,
    fonts: FontSet,
    *,
    title: str,
    x_format: Callable[[float], str],
    y_format: Callable[[float], str],
    y_min: float | None = None,
    y_max: float | None = None,
    x_steps: list[float] | None = None,
    x_title: str = "",
    y_title: str = "",
) -> Drawing:
    drawing = Drawing(width, height)
    drawing.add(label(0, height - 11, title, fonts, 9, bold=True, width=width, min_size=7))
    plot = LinePlot()
    plot.x, plot.y = 70, 46
    plot.width, plot.height = width - 82, height - 74
    plot.data = [points for _name, points in series]
    for n in range(len(series)):
        line = plot.lines[n]
        line.strokeColor = SERIES_COLOURS[n % len(SERIES_COLOURS)]
        line.strokeWidth = SERIES_WIDTHS[n % len(SERIES_WIDTHS)]
        dash = SERIES_DASHES[n % len(SERIES_DASHES)]
        if dash:
            line.strokeDashArray = dash
        line.symbol = makeMarker(SERIES_MARKERS[n % len(SERIES_MARKERS)], size=3.5 if n else 4.5,
                                 fillColor=line.strokeColor)
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = fonts.regular
        axis.labels.fontSize = 7
        axis.labels.fillColor = MUTED
        axis.strokeColor = MUTED
    plot.xValueAxis.labelTextFormat = x_format
    plot.yValueAxis.labelTextFormat = y_format
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#e0e0e0")
    if x_steps:
        plot.xValueAxis.valueSteps = x_steps
    if y_min is not None:
        plot.yValueAxis.valueMin = y_min
    if y_max is not None:
        plot.yValueAxis.valueMax = y_max
    drawing.add(plot)
    if x_title:
        drawing.add(label(plot.x + plot.width / 2, plot.y - 22, x_title, fonts, 7.5, anchor="middle", colour=MUTED))
    if y_title:
        g = Group(String(0, 0, y_title, fontName=fonts.for_text(y_title), fontSize=7.5, fillColor=MUTED,
                         textAnchor="middle"))
        g.transform = (0, 1, -1, 0, 10, plot.y + plot.height / 2)
        drawing.add(g)
    # the legend shows each series' line as drawn: colour, dash and marker
    x = plot.x
    for n, (name, _points) in enumerate(series):
        colour = SERIES_COLOURS[n % len(SERIES_COLOURS)]
        dash = SERIES_DASHES[n % len(SERIES_DASHES)]
        drawing.add(Line(x, 7, x + 18, 7, strokeColor=colour, strokeWidth=SERIES_WIDTHS[n % len(SERIES_WIDTHS)],
                         strokeDashArray=dash))
        marker = makeMarker(SERIES_MARKERS[n % len(SERIES_MARKERS)], size=3.5, fillColor=colour)
        marker.x, marker.y = x + 9, 7
        drawing.add(marker)
        drawing.add(label(x + 22, 4.5, name, fonts, 7))
        x += 30 + stringWidth(name, fonts.for_text(name), 7) + 10
    return drawing


def cost_chart(rows: list[UtilizationPoint], width: float, fonts: FontSet, *, title: str, build: str, cloud: str,
               money: Callable[[float], str], x_title: str = "", y_title: str = "") -> Drawing | None:
    """Build and cloud totals over the horizon against utilisation (``tco.by_utilization``)."""
    points = [r for r in rows if r.utilization is not None]
    if len(points) < 2:
        return None
    series = [
        (build, [(r.utilization * 100, r.build_total) for r in points if r.build_total is not None]),
        (cloud, [(r.utilization * 100, r.cloud_total) for r in points if r.cloud_total is not None]),
    ]
    series = [s for s in series if len(s[1]) >= 2]
    if not series:
        return None
    return line_chart(series, width, 230, fonts, title=title, x_format=lambda v: f"{v:.0f} %", y_format=money,
                      y_min=0, x_title=x_title, y_title=y_title)


def scaling_chart(points: list[ScalingPoint], width: float, fonts: FontSet, *, title: str,
                  names: dict[str, str], x_title: str = "", y_title: str = "") -> Drawing | None:
    """Efficiency (0..1) against GPUs on a log2 axis (``scaling.points``)."""
    rows = [p for p in points if p.gpus]
    if len(rows) < 2:
        return None
    series = []
    for key, efficiency in (("efficiency", lambda p: p.efficiency), ("efficiency_1to1", lambda p: p.efficiency_1to1),
                            ("efficiency_2to1", lambda p: p.efficiency_2to1)):
        data = [(math.log2(p.gpus), value * 100) for p in rows if (value := efficiency(p)) is not None]
        if len(data) >= 2:
            series.append((names.get(key, key), data))
    if not series:
        return None
    xs = sorted({x for _n, data in series for x, _y in data})
    return line_chart(series, width, 220, fonts, title=title, x_format=lambda v: f"{2 ** v:,.0f}",
                      y_format=lambda v: f"{v:.0f} %", y_min=0, y_max=100, x_steps=xs, x_title=x_title, y_title=y_title)
