"""Rack elevations: front and rear of every rack, several racks to a landscape page."""

from __future__ import annotations

import math

from reportlab.platypus import PageBreak

from designer.report.drawings.elevation import elevation_page, racks_per_row
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.document import DeferredDrawing

HEADING_PT = 40.0  # the section heading on the first page; every page keeps the same drawing height


def per_page(ctx: ProposalContext) -> int:
    return racks_per_row(ctx.landscape[0])


def page_count(ctx: ProposalContext) -> int:
    return math.ceil(len(ctx.report["racks"]) / per_page(ctx)) if ctx.report["racks"] else 0


def build(ctx: ProposalContext) -> list:
    t = ctx.t
    story = ctx.start_section("sec_elevations", "landscape")
    racks = ctx.report["racks"]
    if not racks:
        story.append(ctx.styles.p(t("no_racks")))
        return story
    width, height = ctx.landscape
    n = per_page(ctx)
    u_max = max(r["u_total"] for r in racks)
    pages = page_count(ctx)
    for page in range(pages):
        chunk = racks[page * n:(page + 1) * n]
        title = f"{chunk[0]['name']} – {chunk[-1]['name']}   ({page + 1}/{pages})"
        if page:
            story.append(PageBreak())
        story.append(DeferredDrawing(elevation_page(ctx.index, chunk, width, height - HEADING_PT, u_max, t, ctx.fonts,
                                                    title=title)))
    return story
