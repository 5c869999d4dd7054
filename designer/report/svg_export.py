"""Drawings as SVG files: one per rack elevation, per floor-plan sheet and per fabric.

The drawings are the PDF's own ``Drawing`` objects rendered with ``renderSVG``: one
code path for both. Font names are rewritten to families an SVG viewer can find.
"""

from __future__ import annotations

import re
from pathlib import Path

from reportlab.graphics import renderSVG

from designer.model.io import write_atomic
from designer.report.drawings.elevation import single_rack
from designer.report.drawings.floorplan import plan_sheets, sheet_drawing
from designer.report.drawings.scalable_unit import scalable_unit_drawing
from designer.report.drawings.topology import topology_drawing
from designer.report.pdf.context import ProposalContext

_CJK_FAMILIES = "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Microsoft YaHei', 'PingFang SC', sans-serif"
_LATIN = "Helvetica, Arial, sans-serif"
# the bundled Noto Sans SC (PDF font): an SVG cannot embed it, so it names it first, then
# the CJK and Latin families a viewer is likely to have
_NOTO = f"'Noto Sans SC', {_CJK_FAMILIES.removesuffix(', sans-serif')}, {_LATIN}"
_FAMILIES = {"Helvetica": _LATIN, "Helvetica-Bold": _LATIN,
             "NotoSansSC-Regular": _NOTO, "NotoSansSC-Bold": f"{_NOTO}; font-weight: bold"}
FLOOR_WIDTH_PT = 760.0
TOPOLOGY_WIDTH_PT = 560.0


def safe_name(name: str) -> str:
    """A file name from a rack or room name: letters, digits, dot, dash and underscore."""
    return re.sub(r"[^\w.-]+", "_", name, flags=re.UNICODE).strip("._") or "unnamed"


def svg_bytes(drawing, ctx: ProposalContext) -> bytes:
    text = renderSVG.drawToString(drawing)
    cjk = {f for f in (ctx.fonts.unicode, ctx.fonts.regular, ctx.fonts.bold) if f and f not in _FAMILIES}

    def family(match: re.Match) -> str:
        name = match.group(1).strip()
        if name in cjk:
            return f"font-family: {_CJK_FAMILIES};"
        return f"font-family: {_FAMILIES.get(name, name)};"

    text = re.sub(r"font-family:\s*([^;\"]+);", family, text)
    return text.encode("utf-8")


def drawings(ctx: ProposalContext):
    """(file name, drawing) for every drawing the SVG export writes."""
    t, fonts, index = ctx.t, ctx.fonts, ctx.index
    racks = ctx.racks_by_name
    for room in ctx.report.rooms:
        sheets = plan_sheets(index, room, (FLOOR_WIDTH_PT, 540.0))
        for n, sheet in enumerate(sheets):
            suffix = "" if n == 0 else f"-detail-{n}"
            yield f"floor-{safe_name(room['name'])}{suffix}.svg", sheet_drawing(sheet, racks, FLOOR_WIDTH_PT, t, fonts)
    for fabric in ctx.report.fabrics:
        yield f"topology-{safe_name(fabric.name)}.svg", topology_drawing(index, fabric, TOPOLOGY_WIDTH_PT, t, fonts)
    if (unit := scalable_unit_drawing(index, FLOOR_WIDTH_PT, t, fonts)) is not None:
        yield "scalable-unit-1.svg", unit
    for figures in ctx.report.racks:
        yield f"rack-{safe_name(figures['name'])}.svg", single_rack(index, figures, t, fonts)


def write_svgs(ctx: ProposalContext, folder: Path) -> list[Path]:
    written = []
    names: set[str] = set()
    for name, drawing in drawings(ctx):
        stem, n = name, 2
        while name in names:  # two racks whose names differ only in punctuation
            name = stem.replace(".svg", f"-{n}.svg")
            n += 1
        names.add(name)
        path = folder / name
        write_atomic(path, svg_bytes(drawing, ctx))
        written.append(path)
    return written
