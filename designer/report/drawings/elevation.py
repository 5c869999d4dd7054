"""Rack elevations: front and rear of a rack as vectors, several racks to a drawing.

Every rack on a page is drawn at the same scale (points per U from the tallest rack
in the design), so a 42U and a 48U rack compare at a glance. Positions come from the
design (``position_u``, ``face``); the caption's kW, kg and U from the report.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String
from reportlab.lib import colors

from designer.model.index import DesignIndex
from designer.report.json_report import RackFigures
from designer.report.drawings.common import INK, KIND_EDGE, KIND_FILL, LINE, MUTED, fit_text, label, legend_row
from designer.report.fonts import FontSet
from designer.i18n import Translator

VIEW_W = 100.0  # width of one rack face, pt
RAIL_W = 7.0  # rails each side: devices sit between them, zero-U PDUs on them (rear)
U_COL_W = 18.0  # U numbers between the front and the rear view
HEAD_H = 40.0  # rack name, caption and face labels above the rack
LEGEND_H = 16.0
MAX_PT_PER_U = 11.0
CELL_W = 2 * VIEW_W + U_COL_W + 30.0  # one rack: two faces, the U column and a gutter


@dataclass
class Placed:
    name: str
    model: str
    kind: str
    position_u: int
    u_height: int
    face: str
    full_depth: bool


def racks_per_row(width_pt: float) -> int:
    return max(1, int(width_pt // CELL_W))


def _placed(index: DesignIndex, rack_name: str) -> tuple[list[Placed], list[tuple[str, str | None]]]:
    mounted, zero_u = [], []
    for device in index.devices_by_rack.get(rack_name, ()):
        device_type = index.type_of(device)
        if device_type.u_height == 0:
            zero_u.append((device.name, device.feed))
            continue
        if device.position_u is None:
            continue  # DEVICE_NOT_MOUNTED: listed with the findings, nowhere to draw it
        mounted.append(Placed(device.name, f"{device_type.manufacturer} {device_type.model}", device_type.kind,
                              device.position_u, device_type.u_height, device.face, index.is_full_depth(device)))
    return mounted, zero_u


def _face(group: Group, x: float, y0: float, upt: float, u_total: int, devices: Iterable[Placed], face: str,
          fonts: FontSet) -> None:
    group.add(Rect(x, y0, VIEW_W, u_total * upt, fillColor=colors.HexColor("#f7f7f7"), strokeColor=INK,
                   strokeWidth=0.8))
    for side in (x + RAIL_W, x + VIEW_W - RAIL_W):
        group.add(Line(side, y0, side, y0 + u_total * upt, strokeColor=LINE, strokeWidth=0.3))
    inner_x, inner_w = x + RAIL_W, VIEW_W - 2 * RAIL_W
    for placed in devices:
        own = placed.face == face
        if not own and not placed.full_depth:
            continue
        top_u = min(placed.position_u + placed.u_height - 1, u_total)
        if placed.position_u > u_total:
            continue  # RACK_SPACE_OUT_OF_BOUNDS: reported as a finding
        y = y0 + (placed.position_u - 1) * upt
        h = (top_u - placed.position_u + 1) * upt
        fill = KIND_FILL.get(placed.kind, KIND_FILL["other"]) if own else colors.white
        group.add(Rect(inner_x + 0.5, y + 0.4, inner_w - 1, h - 0.8, fillColor=fill,
                       strokeColor=KIND_EDGE.get(placed.kind, INK), strokeWidth=0.6,
                       strokeDashArray=None if own else (2, 1.5)))
        size = min(7.0, upt * 0.78) * (1.0 if own else 0.85)
        lines = [placed.name] if own else [f"({placed.name})"]
        if own and placed.u_height >= 2 and h >= 2 * size + 3:
            lines.append(placed.model)
        text_h = len(lines) * size + (len(lines) - 1) * 1.5
        ty = y + h / 2 + text_h / 2 - size * 0.8
        for n, text in enumerate(lines):
            group.add(label(inner_x + inner_w / 2, ty, text, fonts, size if n == 0 else size * 0.85,
                            width=inner_w - 4, anchor="middle", colour=INK if own else MUTED))
            ty -= size + 1.5


def _zero_u(group: Group, x: float, y0: float, height: float, pdus: list[tuple[str, str | None]],
            fonts: FontSet) -> None:
    """Vertical PDUs on the rear rails: feed A (or the first half) left, the rest right."""
    left = [p for p in pdus if (p[1] or "").upper().startswith("A")]
    right = [p for p in pdus if p not in left]
    if not left and right:
        left, right = right[: len(right) // 2 or 1], right[len(right) // 2 or 1:]
    for items, bar_x in ((left, x + 1), (right, x + VIEW_W - RAIL_W + 1)):
        if not items:
            continue
        each = height / len(items)
        for n, (name, _feed) in enumerate(items):
            y = y0 + n * each
            group.add(Rect(bar_x, y + 1, RAIL_W - 2, each - 2, fillColor=KIND_FILL["pdu"],
                           strokeColor=KIND_EDGE["pdu"], strokeWidth=0.4))
            text, size = fit_text(name, fonts.for_text(name), 4.6, each - 6)
            g = Group(String(0, 0, text, fontName=fonts.for_text(name), fontSize=size, fillColor=INK,
                             textAnchor="middle"))
            g.transform = (0, 1, -1, 0, bar_x + RAIL_W / 2 + size * 0.35, y + each / 2)
            group.add(g)


def rack_group(index: DesignIndex, figures: RackFigures, x: float, y0: float, upt: float, top: float,
               t: Translator, fonts: FontSet, title: str | None = None) -> Group:
    """One rack: name (or ``title``: "A01 ×32") and caption on top, front and rear faces below,
    U numbers between."""
    rack = index.racks[figures["name"]]
    u_total = figures["u_total"]
    mounted, zero_u = _placed(index, rack.name)
    group = Group()
    group.add(label(x, top - 10, title or rack.name, fonts, 10, width=CELL_W - 8, bold=True))
    budget = figures.get("power_budget_kw")
    caption = (f"{t.num(figures['power_max_kw'])}/{t.num(budget) if budget else '–'} kW · "
               f"{t.int(figures['weight_kg'])}/"
               f"{t.int(figures['static_load_kg']) if figures['static_load_kg'] else '–'} kg"
               f" · {figures['u_used']}/{u_total} U")
    over = bool(budget and figures["power_max_kw"] > budget)
    group.add(label(x, top - 21, caption, fonts, 6.8, width=CELL_W - 8,
                    colour=colors.HexColor("#cc0000") if over else MUTED))
    rear_x = x + VIEW_W + U_COL_W
    for face, fx in (("front", x), ("rear", rear_x)):
        group.add(label(fx + VIEW_W / 2, top - 33, t(face), fonts, 7, anchor="middle", colour=MUTED))
        _face(group, fx, y0, upt, u_total, mounted, face, fonts)
    _zero_u(group, rear_x, y0, u_total * upt, zero_u, fonts)
    size = min(5.5, upt * 0.75)
    step = 1 if upt >= 6.5 else (2 if upt >= 3.5 else 5)
    for u in range(1, u_total + 1):
        if u % step and u != 1:
            continue
        group.add(String(x + VIEW_W + U_COL_W / 2, y0 + (u - 1) * upt + upt / 2 - size * 0.35, str(u),
                         fontName=fonts.regular, fontSize=size, fillColor=MUTED, textAnchor="middle"))
    return group


def scale_pt_per_u(height_pt: float, u_max: int) -> float:
    return min(MAX_PT_PER_U, (height_pt - HEAD_H - LEGEND_H - 4) / max(u_max, 1))


def elevation_page(index: DesignIndex, racks: list[RackFigures], width: float, height: float, u_max: int,
                   t: Translator, fonts: FontSet, title: str | None = None,
                   rack_titles: dict[str, str] | None = None) -> Drawing:
    """Up to ``racks_per_row(width)`` racks side by side in a ``width`` x ``height`` drawing;
    ``rack_titles``: a rack's heading instead of its name ("A01 ×32" for a rack type)."""
    drawing = Drawing(width, height)
    upt = scale_pt_per_u(height - (14 if title else 0), u_max)
    top = height - (14 if title else 0)
    if title:
        drawing.add(label(0, height - 10, title, fonts, 8, colour=MUTED))
    y0 = LEGEND_H + 4
    per_row = racks_per_row(width)
    cell = width / per_row
    for n, figures in enumerate(racks):
        drawing.add(rack_group(index, figures, n * cell + (cell - CELL_W) / 2 + 4, y0, upt, top, t, fonts,
                               title=(rack_titles or {}).get(figures["name"])))
    items = [(KIND_FILL[k], t(f"kind_{k}")) for k in ("server", "switch", "storage", "other", "pdu")]
    drawing.add(legend_row(4, 2, items, fonts, size=6.5))
    return drawing


def single_rack(index: DesignIndex, figures: RackFigures, t: Translator, fonts: FontSet) -> Drawing:
    """One rack alone (the SVG export): sized to the rack at the largest scale."""
    u_total = figures["u_total"]
    height = HEAD_H + LEGEND_H + 8 + u_total * MAX_PT_PER_U
    return elevation_page(index, [figures], CELL_W + 8, height, u_total, t, fonts)
