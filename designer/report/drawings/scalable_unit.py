"""One scalable unit of the compute fabric: its servers in a row, each server's ports as
coloured lines to the leaves they are cabled to, and the leaves' uplinks to the spines.

Every fact is the design's: the unit is the one the hand-over files use
(``handover.scheduler.scalable_units``: the servers sharing a home leaf, with every leaf
they are cabled to), its lines are ``design.links`` of the first compute fabric, and the
uplink bundles are those leaves' links to the tier above. A server's *k*-th port on the
fabric (in port-name order, NIC *k*) is its rail *k*: one colour per rail, the same colour
on every server, so a rail-optimised unit shows rail *k* landing on one leaf; a fabric that
is not rail-optimised gets the same drawing with each server's ports to the leaves they use.

Nothing is drawn (``unit_plan`` is None) without a compute fabric, when no GPU server is
cabled to it, or when the fabric is one switch.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from reportlab.graphics.shapes import Drawing, Group, Line, Rect
from reportlab.lib import colors

from designer.errors import ExportError
from designer.model.hardware import split_lane
from designer.model.index import DesignIndex
from designer.report.drawings.common import ACCENT, INK, KIND_EDGE, KIND_FILL, LINE, MUTED, label
from designer.report.fonts import FontSet
from designer.report.handover.fabric_view import natural
from designer.i18n import Translator

# One colour per rail (Tableau 10, told apart on paper and by most colour-blind readers);
# past ten rails the colours repeat, dashed.
RAIL_COLOURS = tuple(colors.HexColor(h) for h in (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"))
RAIL_LINE_W = 0.45
BUNDLE_W = 2.4
BUNDLE_COLOUR = colors.HexColor("#52606d")
TITLE_H = 30.0
TIER_COL_W = 46.0
SIDE_COL_W = 150.0  # the uplink bundle's label and the legend, right of the drawing
SPINE_H = 26.0
LEAF_H = 30.0
SERVER_H = 62.0
FAN_H = 170.0  # between the servers' ports and the leaves: where the rail lines run
BUNDLE_H = 58.0
LEGEND_ROW = 11.0
MIN_NAME_PT = 6.0  # server names no smaller than the floor plan's labels (issue 16: labels >= 6 pt)
NAME_SLOT_PT = 6.5  # a server slot at least this wide holds its name written upwards at MIN_NAME_PT
MAX_BUNDLE_LINES = 3  # leaves cabled unlike each other: the first ones' uplinks, then "…"
HEIGHT = TITLE_H + SPINE_H + BUNDLE_H + LEAF_H + FAN_H + SERVER_H + 8


@dataclass
class RailLink:
    server: str
    port: str
    rail: int  # from 0: the server's k-th port on the fabric
    leaf: str


@dataclass
class UnitPlan:
    fabric: str
    rail_optimized: bool
    number: int  # the unit drawn, from 1
    units: int  # scalable units in the fabric
    servers: list[str]
    leaves: list[str]
    links: list[RailLink]
    spines: list[str]  # the switches above the unit's leaves
    # leaf -> [(neighbour above, link count, speed in Gb/s)]
    uplinks: dict[str, list[tuple[str, int, float]]] = field(default_factory=dict)
    server_model: str = ""
    leaf_model: str = ""
    spine_model: str = ""
    spine_tier: str | None = "spine"  # the tier of every switch above the leaves, None when mixed
    rack_scale: bool = False  # the servers are rack-scale systems (an NVL72: its trays' NICs are cabled)

    @property
    def rails(self) -> int:
        return max((link.rail for link in self.links), default=-1) + 1

    def rail_leaves(self, rail: int) -> list[str]:
        return sorted({link.leaf for link in self.links if link.rail == rail}, key=natural)

    @property
    def uplink_count(self) -> int:
        return sum(count for rows in self.uplinks.values() for _n, count, _s in rows)


def _models(index: DesignIndex, names) -> str:
    return " / ".join(sorted({index.type_of(index.devices[n]).model for n in names if n in index.devices}))


def _ports_per_tray(index: DesignIndex, server: str) -> int:
    """A rack-scale system's compute ports per compute tray; 0 for any other device."""
    device = index.devices.get(server)
    if device is None:
        return 0
    device_type = index.type_of(device)
    rs = device_type.rack_scale
    if rs is None:
        return 0
    return device_type.port_count("compute") // rs.compute_trays


def unit_plan(index: DesignIndex, number: int = 1) -> UnitPlan | None:
    """Scalable unit ``number`` of the first compute fabric, or None when there is nothing to draw."""
    from designer.report.handover.scheduler import scalable_units

    try:
        fabric, units = scalable_units(index)
    except ExportError:
        return None
    topo = fabric.topology
    graph = topo.graph
    if len(graph.switches) <= 1 or not 1 <= number <= len(units):
        return None
    unit = units[number - 1]
    servers, leaves = list(unit.servers), list(unit.leaves)
    members, leaf_set = set(servers), set(leaves)
    by_server: dict[str, list[tuple[str, str]]] = {s: [] for s in servers}
    for _a, _b, _speed, link in graph.links:
        for (near, near_port), (far, _far_port) in (((link.a.device, link.a.port), (link.b.device, link.b.port)),
                                                    ((link.b.device, link.b.port), (link.a.device, link.a.port))):
            if near in members and far in leaf_set:
                by_server[near].append((near_port, far))
    links = []
    for server in servers:
        # a rack-scale system's rails are its compute trays' NIC ranks (NIC k of every tray,
        # designer.fabric.rack_scale), not its 72 ports one by one
        per_tray = _ports_per_tray(index, server)
        for k, (port, leaf) in enumerate(sorted(by_server[server], key=lambda pl: natural(pl[0]))):
            # NIC k of a tray by the port's own number (cx5 is tray 2's NIC 1), not its place
            # among the ports cabled here
            digits = re.search(r"(\d+)$", split_lane(port)[0]) if per_tray else None
            rail = (int(digits.group(1)) - 1) % per_tray if digits else (k % per_tray if per_tray else k)
            links.append(RailLink(server, port, rail, leaf))
    uplinks: dict[str, list[tuple[str, int, float]]] = {}
    above: set[str] = set()
    for leaf in leaves:
        rows = []
        for neighbour, speeds in sorted(graph.switch_links.get(leaf, {}).items(), key=lambda kv: natural(kv[0])):
            if topo.tiers.get(neighbour) in (None, "leaf"):
                continue  # a peer link is no uplink
            above.add(neighbour)
            for speed, count in sorted(Counter(speeds).items()):
                rows.append((neighbour, count, speed))
        uplinks[leaf] = rows
    design_fabric = next((f for f in index.design.fabrics if f.name == fabric.name), None)
    return UnitPlan(
        fabric=fabric.name, rail_optimized=bool(design_fabric and design_fabric.rail_optimized), number=number,
        units=len(units), servers=servers, leaves=leaves, links=links, spines=sorted(above, key=natural),
        uplinks=uplinks, server_model=_models(index, servers), leaf_model=_models(index, leaves),
        spine_model=_models(index, above),
        spine_tier=tiers.pop() if len(tiers := {topo.tiers[n] for n in above}) == 1 else None,
        rack_scale=any(_ports_per_tray(index, s) for s in servers))


def rail_colour(rail: int):
    return RAIL_COLOURS[rail % len(RAIL_COLOURS)]


def _dash(rail: int):
    return None if rail < len(RAIL_COLOURS) else [2, 1.5]


def _span(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{names[0]} – {names[-1]}"


def uplink_text(plan: UnitPlan, t: Translator) -> list[str]:
    """The bundle's words: "2 × 400G to each of 16 spines" when every leaf is cabled alike,
    else each leaf's own uplinks."""
    shapes = {tuple((count, speed) for _n, count, speed in rows) for rows in plan.uplinks.values()}
    rows_of = [rows for rows in plan.uplinks.values() if rows]
    if not rows_of:
        return []
    same = {(count, speed) for rows in rows_of for _n, count, speed in rows}
    uniform = len(shapes) == 1 and len(same) == 1
    if uniform:
        count, speed = same.pop()
        neighbours = len(rows_of[0])
        key = "su.bundle_each" if neighbours > 1 else "su.bundle_one"
        tier = t(f"tier_{plan.spine_tier}") if plan.spine_tier else t("su.tier_above")
        lines = [t(key, count=t.int(count), speed=f"{speed:g}", n=t.int(neighbours), tier=tier,
                   total=t.int(count * neighbours))]
    else:
        lines = []
        for leaf in plan.leaves:
            rows = plan.uplinks.get(leaf) or []
            if rows:
                total = sum(c for _n, c, _s in rows)
                speeds = " + ".join(f"{t.int(sum(c for _n, c, s2 in rows if s2 == s))} × {s:g}G"
                                    for s in sorted({s for _n, _c, s in rows}))
                lines.append(t("su.bundle_leaf", leaf=leaf, links=speeds, n=t.int(len({n for n, _c, _s in rows})),
                               total=t.int(total)))
    return lines


def _named_servers(count: int, slot_pt: float) -> set[int]:
    """Which of ``count`` servers ``slot_pt`` apart get their name written: all of them when
    a name's line (NAME_SLOT_PT) fits a slot, else every step-th one, the first and the last
    always, without two names closer than a step."""
    step = max(1, math.ceil(NAME_SLOT_PT / slot_pt))
    named = set(range(0, count, step))
    last = count - 1
    if count and last not in named:
        named.discard(max(named))
        named.add(last)
    return named


def unit_drawing(plan: UnitPlan, width: float, t: Translator, fonts: FontSet) -> Drawing:
    drawing = Drawing(width, HEIGHT)
    rails = plan.rails
    name = t.fabric(plan.fabric)
    title = t("su.title", fabric=name, n=t.int(plan.number), units=t.int(plan.units))
    drawing.add(label(0, HEIGHT - 12, title[:1].upper() + title[1:], fonts, 10, bold=True, colour=ACCENT,
                      width=width))
    counts = " · ".join(t.count(key, n) for key, n in (
        ("su.n_systems" if plan.rack_scale else "su.n_servers", len(plan.servers)), ("su.n_leaves", len(plan.leaves)),
        ("su.n_tray_links" if plan.rack_scale else "su.n_links", len(plan.links)),
        ("su.n_uplinks", plan.uplink_count)) if n or key != "su.n_uplinks")
    drawing.add(label(0, HEIGHT - 25, counts, fonts, 7.5, colour=MUTED, width=width))
    area_x = TIER_COL_W
    area_w = width - TIER_COL_W - SIDE_COL_W - 10
    spine_y = HEIGHT - TITLE_H - SPINE_H
    leaf_y = spine_y - BUNDLE_H - LEAF_H
    server_top = leaf_y - FAN_H
    server_y = server_top - SERVER_H
    lines = Group()  # under the boxes
    drawing.add(lines)

    # the tier names on the left
    above = t(f"tier_{plan.spine_tier}") if plan.spine_tier else t("su.tier_above")
    for text, y, h in ((above, spine_y, SPINE_H), (t("tier_leaf"), leaf_y, LEAF_H),
                       (t("su.tier_systems" if plan.rack_scale else "su.tier_servers"), server_y, SERVER_H)):
        if y == spine_y and not plan.spines:
            continue
        drawing.add(label(0, y + h / 2 - 3, text, fonts, 8, colour=MUTED, width=TIER_COL_W - 4))

    # leaves: one box each, in name order
    gap = 8.0 if len(plan.leaves) <= 12 else 3.0
    leaf_w = min(110.0, (area_w - gap * (len(plan.leaves) - 1)) / len(plan.leaves))
    total = leaf_w * len(plan.leaves) + gap * (len(plan.leaves) - 1)
    leaf_x = {leaf: area_x + (area_w - total) / 2 + n * (leaf_w + gap) for n, leaf in enumerate(plan.leaves)}
    for leaf, x in leaf_x.items():
        drawing.add(Rect(x, leaf_y, leaf_w, LEAF_H, fillColor=KIND_FILL["switch"], strokeColor=KIND_EDGE["switch"],
                         strokeWidth=0.8))
        drawing.add(label(x + leaf_w / 2, leaf_y + LEAF_H - 11, leaf, fonts, 7, anchor="middle", width=leaf_w - 4,
                          bold=True))
        served = sorted({link.rail for link in plan.links if link.leaf == leaf})
        if served and plan.rail_optimized:
            text = t("su.rail", n=_rails_text(served, t))
        else:
            text = plan.leaf_model
        drawing.add(label(x + leaf_w / 2, leaf_y + 5, text, fonts, 6, anchor="middle", width=leaf_w - 4,
                          colour=MUTED))

    # servers: a row of narrow boxes, the name written upwards
    slot = area_w / max(1, len(plan.servers))
    server_w = max(4.0, min(60.0, slot * 0.78))
    server_x = {s: area_x + n * slot + (slot - server_w) / 2 for n, s in enumerate(plan.servers)}
    # names stay at MIN_NAME_PT or more: when the slots are narrower than a name's line, every
    # step-th server is named (the first and the last always), the boxes between them are not
    size = max(MIN_NAME_PT, min(7.0, server_w - 2))
    named = _named_servers(len(server_x), slot)
    for n, (server, x) in enumerate(server_x.items()):
        drawing.add(Rect(x, server_y, server_w, SERVER_H, fillColor=KIND_FILL["server"],
                         strokeColor=KIND_EDGE["server"], strokeWidth=0.6))
        if n not in named:
            continue
        text = label(0, 0, server, fonts, size, width=SERVER_H - 6)
        group = Group(text)
        group.rotate(90)
        group.translate(server_y + 3, -(x + server_w / 2 + size * 0.35))
        drawing.add(group)

    # rail lines: port k of every server to its leaf, landing spread along the leaf's lower edge
    per_server = max(1, rails)
    landings: dict[str, list[RailLink]] = {}
    for link in plan.links:
        landings.setdefault(link.leaf, []).append(link)
    for leaf, arriving in landings.items():
        arriving.sort(key=lambda l: (natural(l.server), l.rail))
        for k, link in enumerate(arriving):
            lx = leaf_x[leaf] + leaf_w * (k + 0.5) / len(arriving)
            sx = server_x[link.server] + server_w * (link.rail + 0.5) / per_server
            lines.add(Line(sx, server_top, lx, leaf_y, strokeColor=rail_colour(link.rail), strokeWidth=RAIL_LINE_W,
                           strokeDashArray=_dash(link.rail)))

    # the spine group and each leaf's uplink bundle
    if plan.spines:
        box_w = min(area_w, 320.0)
        bx = area_x + (area_w - box_w) / 2
        for k in (2, 1, 0):
            drawing.add(Rect(bx + 3 * k, spine_y + 3 * k - 6, box_w, SPINE_H, fillColor=KIND_FILL["switch"],
                             strokeColor=KIND_EDGE["switch"], strokeWidth=0.8))
        tier = t(f"tier_{plan.spine_tier}") if plan.spine_tier else t("su.tier_above")
        drawing.add(label(bx + box_w / 2, spine_y + SPINE_H - 16, f"{t.int(len(plan.spines))} × {tier}: "
                          f"{_span(plan.spines)}", fonts, 8, anchor="middle", width=box_w - 6, bold=True))
        drawing.add(label(bx + box_w / 2, spine_y - 2, plan.spine_model, fonts, 6, anchor="middle",
                          width=box_w - 6, colour=MUTED))
        top = spine_y - 6
        for leaf, x in leaf_x.items():
            if not plan.uplinks.get(leaf):
                continue
            cx = x + leaf_w / 2
            tx = bx + box_w * (list(leaf_x).index(leaf) + 0.5) / len(leaf_x)
            lines.add(Line(cx, leaf_y + LEAF_H, tx, top, strokeColor=BUNDLE_COLOUR, strokeWidth=BUNDLE_W))
        # the bundle's count in the side column, level with the bundles
        side_x = width - SIDE_COL_W
        y = leaf_y + LEAF_H + BUNDLE_H / 2 + 8
        drawing.add(label(side_x, y, t("su.bundle_head"), fonts, 7.5, bold=True, width=SIDE_COL_W))
        texts = uplink_text(plan, t)
        for text in texts[:MAX_BUNDLE_LINES] + (["…"] if len(texts) > MAX_BUNDLE_LINES else []):
            y -= 10
            drawing.add(label(side_x, y, text, fonts, 7, width=SIDE_COL_W, min_size=5.5))

    # the legend: one swatch per rail with the leaf (or leaves) it lands on
    side_x = width - SIDE_COL_W
    y = leaf_y - 4
    drawing.add(label(side_x, y, t("su.legend_rails" if plan.rail_optimized else "su.legend_ports"), fonts, 7.5,
                      bold=True, width=SIDE_COL_W))
    max_rows = int((FAN_H + SERVER_H - 16) // LEGEND_ROW)
    for rail in range(min(rails, max_rows)):
        y -= LEGEND_ROW
        drawing.add(Line(side_x, y + 3, side_x + 16, y + 3, strokeColor=rail_colour(rail), strokeWidth=2.2,
                         strokeDashArray=_dash(rail)))
        key = "su.legend_rail" if plan.rail_optimized else "su.legend_port"
        leaves = plan.rail_leaves(rail)
        drawing.add(label(side_x + 20, y, t(key, n=t.int(rail + 1), leaves=_span(leaves)), fonts, 7,
                          width=SIDE_COL_W - 20, colour=INK))
    drawing.add(label(0, server_y + SERVER_H / 2 - 13, plan.server_model, fonts, 6, width=TIER_COL_W - 4,
                      colour=MUTED))
    drawing.add(Line(area_x, server_y - 4, area_x + area_w, server_y - 4, strokeColor=LINE, strokeWidth=0.3))
    return drawing


def _rails_text(rails: list[int], t: Translator) -> str:
    if len(rails) == 1:
        return t.int(rails[0] + 1)
    if rails == list(range(rails[0], rails[-1] + 1)):
        return f"{t.int(rails[0] + 1)}–{t.int(rails[-1] + 1)}"
    return t.list_sep.join(t.int(r + 1) for r in rails)


def scalable_unit_drawing(index: DesignIndex, width: float, t: Translator, fonts: FontSet) -> Drawing | None:
    """The drawing of scalable unit 1, or None when the design has nothing to draw."""
    plan = unit_plan(index)
    return unit_drawing(plan, width, t, fonts) if plan is not None else None
