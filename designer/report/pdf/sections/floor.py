"""Floor plan: each room to scale; large rooms as an overview plus detail sheets."""

from __future__ import annotations

from reportlab.platypus import NextPageTemplate, PageBreak

from designer.report.json_report import RoomFigures
from designer.report.drawings.floorplan import plan_sheets, sheet_drawing
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.document import DeferredDrawing

RESERVED_PT = 110.0  # heading, introduction and caption above a sheet


def template_for(room: RoomFigures) -> str:
    return "landscape" if room["width_mm"] > room["depth_mm"] * 1.15 else "portrait"


def build(ctx: ProposalContext) -> list:
    t, s = ctx.t, ctx.styles
    rooms = ctx.report.rooms
    first_template = template_for(rooms[0]) if rooms else "portrait"
    story = ctx.start_section("sec_floor", first_template)
    if not ctx.design.racks:
        story.append(s.p(t("no_racks")))
    racks = ctx.racks_by_name
    for n, room in enumerate(rooms):
        template = template_for(room)
        width, height = ctx.landscape if template == "landscape" else ctx.portrait
        sheets = plan_sheets(ctx.index, room, (width, height - RESERVED_PT))
        if n > 0:
            story += [NextPageTemplate(template), PageBreak()]
        story.append(s.p(t("floor_intro", room=room["name"], width=t.num(room["width_mm"] / 1000),
                           depth=t.num(room["depth_mm"] / 1000), scale=sheets[0].scale)))
        details = [sh for sh in sheets if sh.labelled]
        for k, sheet in enumerate(sheets):
            if k > 0:
                story += [NextPageTemplate(template), PageBreak()]
            if sheet.labelled and len(sheets) > 1:
                caption = t("floor_detail", room=room["name"], n=details.index(sheet) + 1, count=len(details),
                            scale=sheet.scale)
                story.append(s.p(caption, s.small))
            elif len(sheets) > 1:
                story.append(s.p(t("floor_overview", room=room["name"]), s.small))
            story.append(DeferredDrawing(sheet_drawing(sheet, racks, width, t, ctx.fonts)))
    return story
