"""A fabric as tiers: core, spine and leaf switches as rows of boxes above the endpoints.

Aggregate by design: a tier with up to ``MAX_BOXES`` switches shows each one by name;
a larger tier is one stacked box "N x model". Between two tiers, the cable count and
speed from the report ("1,024 x 400G"). Lines stand for "every box of this row is
cabled to the row below", which is how the generator builds a fat tree.
"""

from __future__ import annotations

import re
from collections import defaultdict

from reportlab.graphics.shapes import Drawing, Line, Rect
from reportlab.pdfbase.pdfmetrics import stringWidth

from designer.fabric.results import FabricAnalysis, LinkCounts, TierCounts
from designer.model.index import DesignIndex
from designer.report.drawings.common import ACCENT, INK, KIND_EDGE, KIND_FILL, LINE, MUTED, label, legend_row
from designer.report.fonts import FontSet
from designer.i18n import Translator

MAX_BOXES = 8
ROW_H = 62.0
BOX_H = 24.0
TIER_COL_W = 52.0
SPEED_COL_W = 120.0  # cable counts and speeds between two tiers, right of the drawing
TITLE_H = 18.0
LEGEND_H = 14.0  # the colours, under the tiers
_BAND = {("core", "spine"): "spine_core", ("spine", "leaf"): "leaf_spine", ("leaf", "endpoints"): "endpoint_leaf"}


def _links(links: LinkCounts, band: str) -> int:
    """The links of one band ("endpoint_leaf", "leaf_spine", "spine_core")."""
    return {"endpoint_leaf": links.endpoint_leaf, "leaf_spine": links.leaf_spine,
            "spine_core": links.spine_core}.get(band, 0)


def _switches(switches: TierCounts, tier: str) -> int:
    return {"leaf": switches.leaf, "spine": switches.spine, "core": switches.core}.get(tier, 0)


def _speeds(t: Translator, fabric: FabricAnalysis, band: str) -> str:
    rows = next((speeds for key, speeds in fabric.link_speeds.items() if key == band), [])
    if rows:
        return " + ".join(f"{t.int(r.count)} × {r.speed_gbps:g}G" for r in rows)
    count = _links(fabric.links, band)
    return f"{t.int(count)} ×" if count else ""


def tier_rows(index: DesignIndex, fabric: FabricAnalysis) -> list[tuple[str, list[str], str]]:
    """(tier, switch names, models) from the top tier down, then the endpoints."""
    by_tier: dict[str, list[str]] = defaultdict(list)
    for use in fabric.port_use:
        by_tier[use.tier].append(use.switch)
    rows = []
    for tier in ("core", "spine", "leaf"):
        names = by_tier.get(tier, [])
        if not names:
            continue
        models = sorted({index.type_of(index.devices[n]).model for n in names if n in index.devices})
        rows.append((tier, names, " / ".join(models)))
    rows.append(("endpoints", [], ""))
    return rows


# words that give a speed or a count, not a model: "400G", "25GbE", "48x", "800Gb/s"
_NOT_A_MODEL = re.compile(r"^\d+(\.\d+)?(x|[GMT](b|bE|bps|b/s)?)$", re.IGNORECASE)


def short_model(model: str) -> str:
    """A product name's model number: "Spectrum SN2201 (P2C airflow)" -> "SN2201", "Quantum-2
    QM9700 (MQM9700-NS2F, P2C airflow)" -> "QM9700", "Nexus 93180YC-FX3, 48x 25G" ->
    "93180YC-FX3" (the last word with a digit outside the brackets that is no speed or
    count), else the name without its brackets."""
    bare = model
    while (inner := re.sub(r"\s*\([^()]*\)", "", bare)) != bare:  # nested brackets from the inside
        bare = inner
    bare = bare.replace("(", " ").replace(")", " ").strip()
    words = [word.strip(",;:") for word in bare.split()]
    numbered = [w for w in words if any(ch.isdigit() for ch in w) and not _NOT_A_MODEL.match(w)]
    return numbered[-1] if numbered else (" ".join(words) or model)


def short_models(models: str) -> str:
    """``short_model`` of each of " / "-joined names, each number once ("SN2201" for both
    airflow variants of the SN2201)."""
    return " / ".join(dict.fromkeys(short_model(m) for m in models.split(" / ")))


def height_for(fabric: FabricAnalysis) -> float:
    tiers = sum(1 for t in ("core", "spine", "leaf") if _switches(fabric.switches, t))
    return TITLE_H + (tiers + 1) * ROW_H


def topology_drawing(index: DesignIndex, fabric: FabricAnalysis, width: float, t: Translator,
                     fonts: FontSet) -> Drawing:
    rows = tier_rows(index, fabric)
    height = TITLE_H + len(rows) * ROW_H + LEGEND_H
    drawing = Drawing(width, height)
    drawing.add(legend_row(TIER_COL_W, 2, [(KIND_FILL["switch"], t("kind_switch")),
                                          (KIND_FILL["server"], t("topology_endpoints_legend"))], fonts, size=6.5))
    name = t.fabric(fabric.name)
    extra = [str(t.term(x)) for x in (fabric.role, fabric.protocol)
             if x and x != fabric.name and t.term(x) != name]
    title = name + (t.aside(t.list_sep.join(extra)) if extra else "")
    drawing.add(label(0, height - 12, title, fonts, 10, bold=True, colour=ACCENT))
    # the boxes and cables take the middle; the cable counts a column of their own on the right,
    # so no label sits on a cable line
    area_x, area_w = TIER_COL_W, width - TIER_COL_W - SPEED_COL_W - 8
    centres: list[list[float]] = []
    for n, (tier, names, models) in enumerate(rows):
        y = height - TITLE_H - n * ROW_H - (ROW_H + BOX_H) / 2 + 6
        drawing.add(label(0, y + BOX_H / 2 - 3, t(f"tier_{tier}"), fonts, 8, colour=MUTED, width=TIER_COL_W - 4))
        if tier == "endpoints":
            text = t.count("endpoints_box", fabric.endpoints)
            box_w = min(area_w, 220.0)
            bx = area_x + (area_w - box_w) / 2
            drawing.add(Rect(bx, y, box_w, BOX_H, fillColor=KIND_FILL["server"], strokeColor=KIND_EDGE["server"],
                             strokeWidth=0.8))
            drawing.add(label(bx + box_w / 2, y + BOX_H / 2 - 3, text, fonts, 8, anchor="middle", width=box_w - 6))
            centres.append([bx + box_w * f for f in (0.2, 0.4, 0.6, 0.8)])
            continue
        if len(names) <= MAX_BOXES:
            gap = 8.0
            box_w = min(96.0, (area_w - gap * (len(names) - 1)) / len(names))
            total = box_w * len(names) + gap * (len(names) - 1)
            bx = area_x + (area_w - total) / 2
            row_centres = []
            # a box too narrow for the product names shows their model numbers ("SN2201"),
            # not a name cut to "Spectrum S…"
            shown = models
            font = fonts.for_text(models)
            if stringWidth(models, font, 5.5) > box_w - 4:
                shown = short_models(models)
            for name in names:
                drawing.add(Rect(bx, y, box_w, BOX_H, fillColor=KIND_FILL["switch"], strokeColor=KIND_EDGE["switch"],
                                 strokeWidth=0.8))
                drawing.add(label(bx + box_w / 2, y + BOX_H - 10, name, fonts, 7, anchor="middle", width=box_w - 4))
                drawing.add(label(bx + box_w / 2, y + 4, shown, fonts, 5.5, anchor="middle", width=box_w - 4,
                                  colour=MUTED))
                row_centres.append(bx + box_w / 2)
                bx += box_w + gap
            centres.append(row_centres)
        else:
            box_w = min(area_w, 240.0)
            bx = area_x + (area_w - box_w) / 2
            for k in (2, 1, 0):  # a stack of cards says "many of these"
                drawing.add(Rect(bx + 3 * k, y + 3 * k, box_w, BOX_H, fillColor=KIND_FILL["switch"],
                                 strokeColor=KIND_EDGE["switch"], strokeWidth=0.8))
            drawing.add(label(bx + box_w / 2, y + BOX_H - 10, f"{t.int(len(names))} × {t(f'tier_{tier}')}", fonts, 8,
                              anchor="middle", width=box_w - 6, bold=True))
            drawing.add(label(bx + box_w / 2, y + 4, models, fonts, 6, anchor="middle", width=box_w - 6, colour=MUTED))
            centres.append([bx + box_w * f for f in (0.15, 0.38, 0.62, 0.85)])
    # cables between consecutive rows, under the boxes' labels
    for n in range(len(rows) - 1):
        upper_y = height - TITLE_H - n * ROW_H - (ROW_H + BOX_H) / 2 + 6
        lower_y = upper_y - ROW_H + BOX_H
        for ux in centres[n]:
            for lx in centres[n + 1]:
                drawing.insert(0, Line(ux, upper_y, lx, lower_y, strokeColor=LINE, strokeWidth=0.35))
        band = _BAND.get((rows[n][0], rows[n + 1][0]))
        text = _speeds(t, fabric, band) if band else ""
        if text:
            mid_y = (upper_y + lower_y) / 2 - 3
            drawing.add(label(width - 2, mid_y, text, fonts, 7.5, anchor="end", width=SPEED_COL_W, colour=INK))
    return drawing
