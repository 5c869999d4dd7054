"""Cover page and table of contents."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Image, NextPageTemplate, PageBreak, Spacer, Table

from designer.report.pdf.context import ProposalContext
from designer.report.pdf.document import contents
from designer.report.pdf.styles import ACCENT, RULE

LOGO_BOX_PT = (180.0, 60.0)  # the logo is scaled to fit this box, keeping its proportions


def logo_flowable(path) -> Image:
    width, height = ImageReader(str(path)).getSize()
    scale = min(LOGO_BOX_PT[0] / width, LOGO_BOX_PT[1] / height)
    image = Image(str(path), width=width * scale, height=height * scale)
    image.hAlign = "LEFT"
    return image


def build(ctx: ProposalContext) -> list:
    t, s, design, project = ctx.t, ctx.styles, ctx.design, ctx.design.project
    totals = ctx.report.totals
    width, _height = ctx.portrait
    contact = ", ".join(x for x in (project.contact_name, project.contact_email, project.contact_phone) if x)
    rows = [
        (t("customer"), project.customer or t("not_set")),
        *([(t("company"), project.company)] if project.company else []),
        (t("author"), project.author or t("not_set")),
        *([(t("contact"), contact)] if contact else []),
        (t("date"), ctx.date_text),
        (t("revision"), project.revision),
        ("", t("program_version", version=ctx.version)),
    ]
    facts = Table([[s.cell_value(a), s.cell_value(b)] for a, b in rows], colWidths=[110, width - 110])
    facts.setStyle(s.table_style(header_rows=0, zebra=False, font_size=11))
    figures = [
        (t.int(totals["gpus"]), t("gpus")),
        (t.int(totals["gpu_servers"]), t("servers") if ctx.rack_scale_trays is None else t("rack_systems_short")),
        (t.int(totals["racks"]), t("racks")),
        (f"{t.num(totals['power_max_kw'])} kW", t("it_power").split("(")[0].split("（")[0].strip()),
    ]
    boxes = Table([[s.cell_value(v) for v, _l in figures], [s.cell_value(lbl) for _v, lbl in figures]],
                  colWidths=[width / 4] * 4)
    style = s.table_style(header_rows=0, zebra=False, font_size=9)
    style.add("FONTSIZE", (0, 0), (-1, 0), 20)
    style.add("LEADING", (0, 0), (-1, 0), 26)
    style.add("FONTNAME", (0, 0), (-1, 0), ctx.fonts.bold)
    style.add("TEXTCOLOR", (0, 0), (-1, 0), ACCENT)
    style.add("ALIGN", (0, 0), (-1, -1), "CENTER")
    style.add("BOX", (0, 0), (-1, -1), 0.6, RULE)
    style.add("INNERGRID", (0, 0), (-1, -1), 0.3, RULE)
    style.add("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f5f7fa"))
    boxes.setStyle(style)
    story = [Spacer(1, 120)]
    if ctx.logo is not None:
        story = [Spacer(1, 30), logo_flowable(ctx.logo), Spacer(1, 60)]
    story += [
        s.p(t("proposal"), s.title),
        Spacer(1, 10),
        s.p(design.name, s.subtitle),
    ]
    if project.description:
        story += [Spacer(1, 8), s.p(project.description)]
    story += [Spacer(1, 40), boxes, Spacer(1, 40), facts]
    # the contents on a page of their own
    story += [NextPageTemplate("portrait"), PageBreak(), s.p(t("toc"), s.h1), contents(s)]
    return story
