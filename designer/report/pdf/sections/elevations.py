"""Rack elevations: front and rear of every rack, several racks to a landscape page.

A large design has few kinds of rack repeated many times (32 racks of four DGX each): when
drawing every rack would take more than ``MAX_FULL_PAGES`` pages, racks that hold the same
device types at the same positions and faces in the same rack type are one *rack type*, drawn
once ("A01 ×32", the first rack's names), and a compact table lists which racks each type is.
"""

from __future__ import annotations

import math
from reportlab.platypus import KeepTogether, LongTable, PageBreak, Table, TableStyle

from designer.model.index import DesignIndex
from designer.report.json_report import RackFigures
from designer.report.drawings.elevation import elevation_page, racks_per_row
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.document import DeferredDrawing

HEADING_PT = 40.0  # the section heading on the first page; every page keeps the same drawing height
MAX_FULL_PAGES = 4  # more pages than this of near-identical racks: one elevation per rack type
GAP_PT = 12.0  # between the last page's elevations and the rack-type table beside them
TABLE_NAMES = 40  # rack names listed per rack type in the table; the rest are counted


def per_page(ctx: ProposalContext) -> int:
    return racks_per_row(ctx.landscape[0])


def rack_signature(index: DesignIndex, rack_name: str) -> tuple:
    """What makes two racks look the same in an elevation: the rack type and every device's
    type, position, face (zero-U devices by type)."""
    rack = index.racks[rack_name]
    mounted, zero_u = [], []
    for device in index.devices_by_rack.get(rack_name, ()):
        if device.position_u is None or index.type_of(device).u_height == 0:
            zero_u.append(device.device_type)
        else:
            mounted.append((device.position_u, device.face, device.device_type))
    return rack.rack_type, tuple(sorted(mounted)), tuple(sorted(zero_u))


def rack_types(index: DesignIndex, racks: list[RackFigures]) -> list[list[RackFigures]]:
    """The report's racks grouped by ``rack_signature``, groups in the order of their first rack."""
    groups: dict[tuple, list[RackFigures]] = {}
    for figures in racks:
        groups.setdefault(rack_signature(index, figures["name"]), []).append(figures)
    return list(groups.values())


def grouped(ctx: ProposalContext) -> bool:
    racks = ctx.report.racks
    return math.ceil(len(racks) / per_page(ctx)) > MAX_FULL_PAGES and len(rack_types(ctx.index, racks)) < len(racks)


def page_count(ctx: ProposalContext) -> int:
    racks = ctx.report.racks
    if not racks:
        return 0
    shown = len(rack_types(ctx.index, racks)) if grouped(ctx) else len(racks)
    return math.ceil(shown / per_page(ctx))


def build(ctx: ProposalContext) -> list:
    t = ctx.t
    story = ctx.start_section("sec_elevations", "landscape")
    racks = ctx.report.racks
    if not racks:
        story.append(ctx.styles.p(t("no_racks")))
        return story
    width, height = ctx.landscape
    n = per_page(ctx)
    u_max = max(r["u_total"] for r in racks)
    groups = rack_types(ctx.index, racks) if grouped(ctx) else [[r] for r in racks]
    by_type = len(groups) < len(racks)
    pages = math.ceil(len(groups) / n)
    for page in range(pages):
        chunk = groups[page * n:(page + 1) * n]
        shown = [group[0] for group in chunk]
        names = {group[0]["name"]: t("rack_type_title", name=group[0]["name"], count=t.int(len(group)))
                 for group in chunk if by_type}
        if by_type:
            title = t("elevations_by_type_title", page=page + 1, pages=pages)
        else:
            title = f"{chunk[0][0]['name']} – {chunk[-1][0]['name']}   ({page + 1}/{pages})"
        if page:
            story.append(PageBreak())
        last = page == pages - 1
        drawing_w = width * len(chunk) / n if by_type and last and len(chunk) < n else width
        drawing = DeferredDrawing(elevation_page(ctx.index, shown, drawing_w, height - HEADING_PT, u_max, t,
                                                 ctx.fonts, title=title, rack_titles=names))
        if drawing_w < width:
            # the last page of rack types has free columns: the table of types goes beside the
            # drawings when it fits there, rather than alone on a page of its own
            beside = _beside(ctx, groups, drawing, width - drawing_w - GAP_PT)
            if beside is not None:
                story.append(beside)
                return story
        story.append(drawing)
    if by_type:
        story += [PageBreak(), KeepTogether(_type_table(ctx, groups, width))]
    return story


def _beside(ctx: ProposalContext, groups: list[list[RackFigures]], drawing: DeferredDrawing,
            table_w: float) -> Table | None:
    """The last elevations and the rack-type table side by side, or None when the table would
    be taller than the drawings (or too narrow to read)."""
    if table_w < 0.4 * ctx.landscape[0]:
        return None
    parts = _type_table(ctx, groups, table_w)
    if sum(part.wrap(table_w, drawing.height)[1] + part.getSpaceBefore() + part.getSpaceAfter()
           for part in parts) > drawing.height:
        return None
    row = Table([[drawing, parts]], colWidths=[drawing.width + GAP_PT, table_w])
    # the font named too: a table sets its cells' font even around flowables (else Helvetica, never embedded)
    row.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), ctx.fonts.regular),
                             ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                             ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                             ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return row


def _type_table(ctx: ProposalContext, groups: list[list[RackFigures]], width: float):
    """Which racks each drawn rack type is: type, count, rack type product, its racks, in a
    table ``width`` wide (with its heading and introduction)."""
    t, s = ctx.t, ctx.styles
    data = [[s.cell_value(h) for h in (t("rack_type"), t("racks_count"), t("rack_model"), t("kw_each"),
                                       t("racks_of_type"))]]
    for group in groups:
        first = group[0]
        rack = ctx.index.racks[first["name"]]
        names = [r["name"] for r in group]
        listed = t.list_sep.join(names[:TABLE_NAMES])
        if len(names) > TABLE_NAMES:
            listed += t("incomplete_more", count=t.int(len(names) - TABLE_NAMES))
        data.append([s.cell_value(t("rack_type_title", name=first["name"], count=t.int(len(group)))),
                     s.cell_value(t.int(len(group))), s.cell_value(ctx.part_name(rack.rack_type)),
                     s.cell_value(t.num(first["power_max_kw"])), s.p(listed, s.cell)])
    fractions = (0.12, 0.07, 0.2, 0.08, 0.53) if width >= 0.8 * ctx.landscape[0] else (0.15, 0.08, 0.27, 0.12, 0.38)
    table = LongTable(data, colWidths=[width * f for f in fractions], repeatRows=1)
    table.setStyle(s.table_style())
    return [ctx.h2(t("rack_types_heading")), s.p(t("rack_types_intro"), s.small), table]
