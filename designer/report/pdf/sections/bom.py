"""Bill of materials: every line of ``build_bom`` with section subtotals and the total.

An unpriced line reads "price unknown" (never a zero); a subtotal or total it belongs to
reads "≥ x" (or "price unknown" when nothing in it is priced), and the total says which
parts it leaves out."""

from __future__ import annotations

from reportlab.platypus import LongTable

from designer.estimates.bom import SECTIONS
from designer.report.incomplete import incomplete_note, total_text
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.styles import ACCENT, HEADER_FILL, MUTED, WARNING_FILL


def source_label(ctx: ProposalContext, source: str) -> str:
    key = "source_" + source.replace(" ", "_")
    if ctx.t.has(key):
        return ctx.t(key)
    return ctx.t("source_unknown") if source.startswith("unknown") else source


def build(ctx: ProposalContext) -> list:
    t, s, bom = ctx.t, ctx.styles, ctx.bom
    story = ctx.start_section("sec_bom")
    story.append(s.p(t("bom_intro", currency=bom.currency, np=t("price_unknown"))))
    money = lambda v: t.money(v, bom.currency, 2)  # noqa: E731 - a short local formatter
    data = [[s.cell_value(h) for h in (t("part"), t("description"), t("qty"), t("unit_price"), t("line_total"),
                                         t("price_source"))]]
    style = s.table_style(numeric_from=2, zebra=False)
    style.add("ALIGN", (5, 0), (5, -1), "LEFT")
    style.add("LEFTPADDING", (5, 0), (5, -1), 8)
    for section in SECTIONS:
        lines = [line for line in bom.lines if line.section == section]
        if not lines:
            continue
        row = len(data)
        data.append([s.cell_value(t(f"bom_{section}")), "", "", "", "", ""])
        style.add("SPAN", (0, row), (-1, row))
        style.add("FONTNAME", (0, row), (-1, row), ctx.fonts.bold)
        style.add("TEXTCOLOR", (0, row), (-1, row), ACCENT)
        style.add("ALIGN", (0, row), (-1, row), "LEFT")
        for line in lines:
            unknown = s.cell_value(t("price_unknown"), right=True)
            data.append([s.p(line.part, s.cell), s.p(line.description, s.cell), t.int(line.quantity),
                         unknown if line.unit_price is None else money(line.unit_price),
                         unknown if line.total is None else money(line.total),
                         source_label(ctx, line.price_source)])
            if line.unit_price is None:
                style.add("TEXTCOLOR", (3, len(data) - 1), (4, len(data) - 1), MUTED)
        row = len(data)
        complete = all(line.unit_price is not None for line in lines)
        data.append([s.cell_value(t("subtotal", section=t(f"bom_{section}"))), "", "", "",
                     s.cell_value(total_text(t, bom.section_total(section), bom.currency, complete, digits=2),
                                  right=True), ""])
        style.add("SPAN", (0, row), (3, row))
        style.add("FONTNAME", (0, row), (-1, row), ctx.fonts.bold)
        style.add("LINEABOVE", (0, row), (-1, row), 0.6, MUTED)
    row = len(data)
    data.append([s.cell_value(t("grand_total")), "", "", "",
                 s.cell_value(total_text(t, bom.total, bom.currency, not bom.unpriced, digits=2), right=True), ""])
    style.add("SPAN", (0, row), (3, row))
    style.add("FONTNAME", (0, row), (-1, row), ctx.fonts.bold)
    style.add("FONTSIZE", (0, row), (-1, row), 9)
    style.add("BACKGROUND", (0, row), (-1, row), HEADER_FILL)
    style.add("LINEABOVE", (0, row), (-1, row), 1.0, ACCENT)
    if bom.unpriced:
        # right under the total: which parts it leaves out
        row = len(data)
        data.append([s.p(incomplete_note(t, bom.unpriced), s.cell), "", "", "", "", ""])
        style.add("SPAN", (0, row), (-1, row))
        style.add("BACKGROUND", (0, row), (-1, row), WARNING_FILL)
    width = ctx.portrait[0]
    widths = [width * f for f in (0.22, 0.27, 0.06, 0.14, 0.17, 0.14)]
    table = LongTable(data, colWidths=widths, repeatRows=1)
    table.setStyle(style)
    story.append(table)
    return story
