"""The floor plan: a room and its racks to scale, racks coloured by load.

Room coordinates are the model's (mm, origin top-left, y downwards); drawings have y
upwards, so y is flipped. A scale is a "nice" ratio (1:50, 1:100, ...) at which the
room fits the page; when racks would be too small to label at that scale, the plan
is an unlabelled overview plus detail sheets at a labelling scale.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, Rect, String
from reportlab.lib import colors

from designer.model.hardware import RackType
from designer.model.index import DesignIndex
from designer.model.rack import Rack
from designer.report.json_report import RackFigures, RoomFigures
from designer.report.drawings.common import INK, MUTED, NO_BUDGET, label, legend_row, load_colour, load_legend
from designer.report.fonts import FontSet
from designer.i18n import Translator

MM_PER_PT = 25.4 / 72  # paper millimetres per point
NICE_SCALES = (10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 125, 150, 200, 250, 300, 400, 500, 750, 1000, 1250, 1500,
               2000, 2500, 3000, 4000, 5000, 7500, 10000, 20000)
MIN_LABEL_PT = 19.0  # a rack narrower than this on paper is not labelled: its name would be under 6 pt
MIN_FONT_PT = 6.0  # no label on a plan is smaller
COLD_FILL = colors.HexColor("#e3effa")
HOT_FILL = colors.HexColor("#fbe6e0")
FOOT_H = 26.0  # scale bar and legend (up to two rows) under the plan


@dataclass
class Box:
    """A rack's footprint in room millimetres and where its front is."""

    rack: Rack
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2


def footprint(rack: Rack, rack_type: RackType) -> Box:
    # the same footprint the floor checks use: a rack facing east or west is turned
    w, d = (rack_type.depth_mm, rack_type.width_mm) if rack.facing in ("east", "west") else (
        rack_type.width_mm, rack_type.depth_mm)
    return Box(rack, rack.x_mm, rack.y_mm, rack.x_mm + w, rack.y_mm + d)


def nice_scale(extent_mm: tuple[float, float], space_pt: tuple[float, float]) -> int:
    """The smallest nice 1:N at which ``extent_mm`` fits ``space_pt``."""
    need = max(extent_mm[0] / (space_pt[0] * MM_PER_PT), extent_mm[1] / (space_pt[1] * MM_PER_PT), 1e-9)
    for scale in NICE_SCALES:
        if scale >= need:
            return scale
    return int(math.ceil(need / 10000) * 10000)


def label_scale(boxes: list[Box]) -> int:
    """The largest nice 1:N at which the narrowest rack is still wide enough for its name."""
    narrow = min((min(b.x1 - b.x0, b.y1 - b.y0) for b in boxes), default=600.0)
    fitting = [s for s in NICE_SCALES if narrow / (s * MM_PER_PT) >= MIN_LABEL_PT]
    return fitting[-1] if fitting else NICE_SCALES[0]


@dataclass
class Sheet:
    """One drawing of (part of) a room: a window in room mm at a scale."""

    room: RoomFigures
    x0: float
    y0: float
    x1: float
    y1: float
    scale: int
    boxes: list[Box]
    labelled: bool


def plan_sheets(index: DesignIndex, room: RoomFigures, space_pt: tuple[float, float]) -> list[Sheet]:
    """The whole room if its racks can be labelled at the fitting scale; else an overview
    and detail sheets at a labelling scale, each rack on exactly one detail sheet."""
    space = (space_pt[0], space_pt[1] - FOOT_H)
    boxes = [footprint(r, index.rack_type_of(r)) for r in index.racks_by_room.get(room["name"], [])]
    width, depth = room["width_mm"], room["depth_mm"]
    # racks standing (partly) outside the room still show: the window covers both
    x0 = min([0.0] + [b.x0 for b in boxes])
    y0 = min([0.0] + [b.y0 for b in boxes])
    x1 = max([width] + [b.x1 for b in boxes])
    y1 = max([depth] + [b.y1 for b in boxes])
    whole = nice_scale((x1 - x0, y1 - y0), space)
    readable = label_scale(boxes)
    if not boxes or whole <= readable:
        return [Sheet(room, x0, y0, x1, y1, whole, boxes, True)]
    sheets = [Sheet(room, x0, y0, x1, y1, whole, boxes, False)]
    # Detail windows: a grid over the racks' centres, with as few cells as the labelling scale
    # allows and the racks shared evenly between them (four rows of racks on two sheets are
    # two and two, not three and one); each rack goes to the cell holding its centre, and each
    # window is centred on its racks, cut a rack's size smaller than the page so that a rack
    # reaching over the cell's edge still fits on the sheet.
    margin = max(max(b.x1 - b.x0, b.y1 - b.y0) for b in boxes) + 300.0
    page_w = space[0] * MM_PER_PT * readable
    page_h = space[1] * MM_PER_PT * readable
    core_w, core_h = max(page_w - 2 * margin, margin), max(page_h - 2 * margin, margin)
    centres = [b.centre for b in boxes]
    cx0, cy0 = min(c[0] for c in centres), min(c[1] for c in centres)
    span_x, span_y = max(c[0] for c in centres) - cx0, max(c[1] for c in centres) - cy0
    cols, rows = int(span_x // core_w) + 1, int(span_y // core_h) + 1
    cell_w, cell_h = span_x / cols or 1.0, span_y / rows or 1.0
    grid: dict[tuple[int, int], list[Box]] = {}
    for box, (cx, cy) in zip(boxes, centres):
        key = (min(int((cy - cy0) // cell_h), rows - 1), min(int((cx - cx0) // cell_w), cols - 1))
        grid.setdefault(key, []).append(box)
    for _, members in sorted(grid.items()):
        mid_x = (min(b.x0 for b in members) + max(b.x1 for b in members)) / 2
        mid_y = (min(b.y0 for b in members) + max(b.y1 for b in members)) / 2
        wx0, wy0 = mid_x - page_w / 2, mid_y - page_h / 2
        sheets.append(Sheet(room, wx0, wy0, wx0 + page_w, wy0 + page_h, readable, members, True))
    return sheets


def _front_edge(box: Box) -> tuple[float, float, float, float]:
    facing = box.rack.facing
    if facing == "south":
        return box.x0, box.y1, box.x1, box.y1
    if facing == "north":
        return box.x0, box.y0, box.x1, box.y0
    if facing == "east":
        return box.x1, box.y0, box.x1, box.y1
    return box.x0, box.y0, box.x0, box.y1


def sheet_drawing(sheet: Sheet, racks: dict[str, RackFigures], width: float, t: Translator,
                  fonts: FontSet) -> Drawing:
    """A sheet as a drawing ``width`` points wide: the plan, and under it the scale bar and legend."""
    k = 1.0 / (sheet.scale * MM_PER_PT)  # points per room millimetre
    height = (sheet.y1 - sheet.y0) * k + FOOT_H + 4
    drawing = Drawing(width, height)
    top = height - 2

    def px(x_mm: float) -> float:
        return (x_mm - sheet.x0) * k

    def py(y_mm: float) -> float:
        return top - (y_mm - sheet.y0) * k

    room = sheet.room
    # walls, cut to the window
    wx0, wy0 = max(0.0, sheet.x0), max(0.0, sheet.y0)
    wx1, wy1 = min(room["width_mm"], sheet.x1), min(room["depth_mm"], sheet.y1)
    if wx1 > wx0 and wy1 > wy0:
        drawing.add(Rect(px(wx0), py(wy1), (wx1 - wx0) * k, (wy1 - wy0) * k, fillColor=colors.HexColor("#fbfbf8"),
                         strokeColor=None))
        for (ax, ay, bx, by) in ((0, 0, room["width_mm"], 0), (0, room["depth_mm"], room["width_mm"], room["depth_mm"]),
                                 (0, 0, 0, room["depth_mm"]), (room["width_mm"], 0, room["width_mm"],
                                                               room["depth_mm"])):
            cx0, cx1 = max(min(ax, bx), sheet.x0), min(max(ax, bx), sheet.x1)
            cy0, cy1 = max(min(ay, by), sheet.y0), min(max(ay, by), sheet.y1)
            if cx0 <= cx1 and cy0 <= cy1:
                drawing.add(Line(px(cx0), py(cy0), px(cx1), py(cy1), strokeColor=INK, strokeWidth=1.6))
    if sheet.labelled:
        for aisle in aisles(sheet.boxes):
            _aisle(drawing, aisle, px, py, k, t, fonts)
        _dimensions(drawing, sheet, px, py, t, fonts)
    for box in sheet.boxes:
        figures = racks.get(box.rack.name, {})
        fill = load_colour(figures.get("power_max_kw"), figures.get("power_budget_kw"))
        w, h = (box.x1 - box.x0) * k, (box.y1 - box.y0) * k
        # an overview's racks are a point or two wide: outlines would turn them black
        drawing.add(Rect(px(box.x0), py(box.y1), w, h, fillColor=fill,
                         strokeColor=INK if sheet.labelled else None, strokeWidth=0.5))
        fx0, fy0, fx1, fy1 = _front_edge(box)
        drawing.add(Line(px(fx0), py(fy0), px(fx1), py(fy1), strokeColor=INK,
                         strokeWidth=1.6 if sheet.labelled else 0.35))
        if sheet.labelled:
            _rack_label(drawing, box, figures, px(box.x0), py(box.y1), w, h, t, fonts)
    _scale_bar(drawing, sheet.scale, 4, 6, t, fonts)
    items = load_legend(t.lang) + [(NO_BUDGET, t("no_budget"))]
    if sheet.labelled:
        items += [(COLD_FILL, t("cold_aisle")), (HOT_FILL, t("hot_aisle"))]
    # the legend ends short of the north arrow (its "N" stands 13 pt left of its tip)
    drawing.add(legend_row(min(width * 0.42, 230), 2, items, fonts, size=6.5, right=width - 30))
    _north(drawing, width - 14, 4, fonts)
    return drawing


def _rack_label(drawing: Drawing, box: Box, figures: RackFigures, x: float, y: float, w: float, h: float,
                t: Translator, fonts: FontSet) -> None:
    name = box.rack.name
    kw = f"{t.num(figures['power_max_kw'])} kW" if figures.get("power_max_kw") is not None else ""
    size = min(7.0, max(MIN_FONT_PT, min(w, h) * 0.32))
    upright = h > w * 1.4  # a deep rack seen from above: write along its length
    span = (h if upright else w) - 3
    group = Group()
    group.add(label(0, size * 0.15, name, fonts, size, width=span, anchor="middle", bold=True, min_size=MIN_FONT_PT))
    if kw and (w if upright else h) >= 2.4 * size:
        group.add(label(0, -size * 1.05, kw, fonts, max(MIN_FONT_PT, size * 0.85), width=span, anchor="middle",
                        colour=MUTED, min_size=MIN_FONT_PT))
    if upright:
        group.transform = (0, 1, -1, 0, x + w / 2 + size * 0.3, y + h / 2)
    else:
        group.transform = (1, 0, 0, 1, x + w / 2, y + h / 2 - size * 0.2)
    drawing.add(group)


def _scale_bar(drawing: Drawing, scale: int, x: float, y: float, t: Translator, fonts: FontSet) -> None:
    """A bar of a round number of metres about 3 cm long on paper."""
    target_m = 30.0 * scale / 1000.0
    metres = next((m for m in (0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000) if m >= target_m * 0.6), 1000)
    length = metres * 1000.0 / (scale * MM_PER_PT)
    for n in range(4):
        drawing.add(Rect(x + n * length / 4, y, length / 4, 3, fillColor=INK if n % 2 == 0 else colors.white,
                         strokeColor=INK, strokeWidth=0.4))
    drawing.add(label(x, y + 6, "0", fonts, 6, colour=MUTED))
    drawing.add(label(x + length, y + 6, t("scale_bar_m", m=f"{metres:g}"), fonts, 6, anchor="middle", colour=MUTED))
    drawing.add(label(x + length + 18, y, f"1:{scale}", fonts, 7, colour=INK))


def _north(drawing: Drawing, x: float, y: float, fonts: FontSet) -> None:
    drawing.add(Polygon([x - 4, y, x + 4, y, x, y + 12], fillColor=INK, strokeColor=None))
    drawing.add(String(x - 9, y + 2, "N", fontName=fonts.bold, fontSize=8, fillColor=INK, textAnchor="middle"))


@dataclass
class Aisle:
    """The gap between two rows of racks, in room mm; ``kind`` "cold" when both rows face it,
    "hot" when both turn their backs to it, "" otherwise."""

    x0: float
    y0: float
    x1: float
    y1: float
    kind: str


def aisles(boxes: list[Box]) -> list[Aisle]:
    """Aisles between neighbouring rows of north/south-facing racks whose spans overlap."""
    rows: dict[str, list[Box]] = {}
    for box in boxes:
        if box.rack.facing in ("north", "south"):
            rows.setdefault(box.rack.row or box.rack.name, []).append(box)
    bands = sorted(((min(b.y0 for b in r), max(b.y1 for b in r), min(b.x0 for b in r), max(b.x1 for b in r),
                     r[0].rack.facing) for r in rows.values()), key=lambda band: band[0])
    out = []
    for n, upper in enumerate(bands):
        # the nearest row below whose span overlaps (rows side by side are not an aisle's sides)
        below = [lower for lower in bands[n + 1:] if lower[0] >= upper[1] and
                 min(upper[3], lower[3]) > max(upper[2], lower[2])]
        if not below:
            continue
        lower = min(below, key=lambda band: band[0])
        top, bottom = upper[1], lower[0]
        x0, x1 = max(upper[2], lower[2]), min(upper[3], lower[3])
        # the upper row faces the gap when it faces south, the lower when it faces north
        fronts = (upper[4] == "south") + (lower[4] == "north")
        kind = "cold" if fronts == 2 else ("hot" if fronts == 0 else "")
        out.append(Aisle(x0, top, x1, bottom, kind))
    return out


def _aisle(drawing: Drawing, aisle: Aisle, px, py, k: float, t: Translator, fonts: FontSet) -> None:
    if not aisle.kind:
        return
    w, h = (aisle.x1 - aisle.x0) * k, (aisle.y1 - aisle.y0) * k
    drawing.add(Rect(px(aisle.x0), py(aisle.y1), w, h, fillColor=COLD_FILL if aisle.kind == "cold" else HOT_FILL,
                     strokeColor=None))
    if h >= MIN_FONT_PT + 2:
        text = t(f"{aisle.kind}_aisle") + f" · {t.num((aisle.y1 - aisle.y0) / 1000, 1)} {t('unit_m')}"
        drawing.add(label(px(aisle.x0) + w / 2, py(aisle.y1) + h / 2 - MIN_FONT_PT * 0.35, text, fonts, MIN_FONT_PT,
                          anchor="middle", width=w - 4, colour=MUTED, min_size=MIN_FONT_PT))


def _dimensions(drawing: Drawing, sheet: Sheet, px, py, t: Translator, fonts: FontSet) -> None:
    """The room's width along its top wall and its depth along its left wall, where the sheet shows them."""
    room = sheet.room
    width_m, depth_m = room["width_mm"] / 1000, room["depth_mm"] / 1000
    if sheet.y0 <= 0 <= sheet.y1 and sheet.x0 <= room["width_mm"] / 2 <= sheet.x1:
        drawing.add(label(px(room["width_mm"] / 2), py(0) - MIN_FONT_PT - 2, f"{t.num(width_m)} {t('unit_m')}", fonts,
                          MIN_FONT_PT, anchor="middle", colour=MUTED))
    if sheet.x0 <= 0 <= sheet.x1 and sheet.y0 <= room["depth_mm"] / 2 <= sheet.y1:
        g = Group(String(0, 0, f"{t.num(depth_m)} {t('unit_m')}", fontName=fonts.regular, fontSize=MIN_FONT_PT,
                         fillColor=MUTED, textAnchor="middle"))
        g.transform = (0, 1, -1, 0, px(0) + MIN_FONT_PT + 2, py(room["depth_mm"] / 2))
        drawing.add(g)
