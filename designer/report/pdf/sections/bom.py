"""Bill of materials: every line of ``build_bom`` with section subtotals and the total.

Laid out for procurement: manufacturer, description and the orderable part number (OPN)
of each line; the catalog slug and price source are in the engineering appendix. Prices
of USD 1,000 and more are whole units, smaller ones keep their cents. An unpriced line
reads "price unknown" (never a zero); a subtotal or total it belongs to reads "≥ x" (or
"price unknown" when nothing in it is priced), and the total says which parts it leaves
out."""

from __future__ import annotations

from reportlab.platypus import LongTable

from designer.estimates.bom import SECTIONS
from designer.report.bom_export import maker, part_number_note
from designer.report.i18n_terms import line_description
from designer.report.incomplete import total_text
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.styles import ACCENT, HEADER_FILL, MUTED, WARNING_FILL


def source_label(ctx: ProposalContext, source: str) -> str:
    key = "source_" + source.replace(" ", "_")
    if ctx.t.has(key):
        return ctx.t(key)
    return ctx.t("source_unknown") if source.startswith("unknown") else source


WHOLE_UNITS_FROM = 1000  # at and above this, cents are noise on a proposal
KEEP_WITH_TOTAL = 4  # BOM lines that go with the total to its page


def price_digits(amount: float | None) -> int:
    return 0 if amount is not None and abs(amount) >= WHOLE_UNITS_FROM else 2


def description_text(line, lang: str = "en") -> str:
    """The description without the manufacturer it starts with (it has its own column)."""
    text, maker = line_description(lang, line) or "", line.manufacturer or ""
    if maker and text.startswith(maker + " "):
        return text[len(maker) + 1:]
    return text


def build(ctx: ProposalContext) -> list:
    t, s, bom = ctx.t, ctx.styles, ctx.bom
    story = ctx.start_section("sec_bom")
    story.append(s.p(t("bom_intro", currency=bom.currency, np=t("price_unknown"))))
    spared = any(line.spares for line in bom.lines)
    story.append(s.p(t("spares_note", pct=t.num(bom.spares_pct, 1)) if bom.spares_pct else t("no_spares_note"),
                     s.small))
    money = lambda v: t.money(v, bom.currency, price_digits(v))  # noqa: E731 - a short local formatter
    # with spares the quantity column is what is ordered (installed + spares), the spares beside it
    headers = [t("manufacturer"), t("description"), t("part_number"), t("order_qty") if spared else t("qty")]
    if spared:
        headers.append(t("spares"))
    headers += [t("unit_price"), t("line_total")]
    columns = len(headers)
    price_col = columns - 2
    data = [[s.cell_value(h) for h in headers]]
    style = s.table_style(numeric_from=3, zebra=False)
    for section in SECTIONS:
        lines = [line for line in bom.lines if line.section == section]
        if not lines:
            continue
        row = len(data)
        data.append([s.cell_value(t(f"bom_{section}"))] + [""] * (columns - 1))
        style.add("SPAN", (0, row), (-1, row))
        style.add("FONTNAME", (0, row), (-1, row), ctx.fonts.bold)
        style.add("TEXTCOLOR", (0, row), (-1, row), ACCENT)
        style.add("ALIGN", (0, row), (-1, row), "LEFT")
        for line in lines:
            unknown = s.cell_value(t("price_unknown"), right=True)
            made_by = maker(line.manufacturer, t)
            number = line.part_number or t("no_part_number")
            if not line.part_number and line.part_number_note and ctx.internal:
                # the reason (a catalog gap, a cord cut to length) is the integrator's; the CSV/XLSX carry it too
                number = t("pn_with_reason", reason=part_number_note(line, t))
            row = [s.p(made_by or "–", s.cell), s.p(description_text(line, t.lang), s.cell),
                   s.p(number, s.small_cell if not line.part_number else s.cell), t.int(line.order_quantity)]
            if spared:
                row.append(t.int(line.spares) if line.spares else "–")
            row += [unknown if line.unit_price is None else money(line.unit_price),
                    unknown if line.total is None else money(line.total)]
            data.append(row)
            if line.unit_price is None:
                style.add("TEXTCOLOR", (price_col, len(data) - 1), (-1, len(data) - 1), MUTED)
        row = len(data)
        complete = all(line.unit_price is not None for line in lines)
        subtotal = bom.section_total(section)
        data.append([s.cell_value(t("subtotal", section=t(f"bom_{section}")))] + [""] * (columns - 2) +
                    [s.cell_value(total_text(t, subtotal, bom.currency, complete, digits=price_digits(subtotal)),
                                  right=True)])
        style.add("SPAN", (0, row), (columns - 2, row))
        style.add("FONTNAME", (0, row), (-1, row), ctx.fonts.bold)
        style.add("LINEABOVE", (0, row), (-1, row), 0.6, MUTED)
    row = len(data)
    total_row = row
    data.append([s.cell_value(t("grand_total"))] + [""] * (columns - 2) +
                [s.cell_value(total_text(t, bom.total, bom.currency, not bom.unpriced, digits=price_digits(bom.total)),
                              right=True)])
    style.add("SPAN", (0, row), (columns - 2, row))
    style.add("FONTNAME", (0, row), (-1, row), ctx.fonts.bold)
    style.add("FONTSIZE", (0, row), (-1, row), 9)
    style.add("BACKGROUND", (0, row), (-1, row), HEADER_FILL)
    style.add("LINEABOVE", (0, row), (-1, row), 1.0, ACCENT)
    if bom.unpriced:
        # right under the total: which parts it leaves out
        row = len(data)
        data.append([s.p(ctx.incomplete(bom.unpriced), s.cell)] + [""] * (columns - 1))
        style.add("SPAN", (0, row), (-1, row))
        style.add("BACKGROUND", (0, row), (-1, row), WARNING_FILL)
    # the last few lines, the last subtotal, the total and its note stay on one page: never a
    # page of totals alone overleaf
    style.add("NOSPLIT", (0, max(1, total_row - 1 - KEEP_WITH_TOTAL)), (-1, len(data) - 1))
    width = ctx.portrait[0]
    shares = (0.14, 0.32, 0.17, 0.07, 0.06, 0.11, 0.13) if spared else (0.15, 0.35, 0.18, 0.06, 0.12, 0.14)
    widths = [width * f for f in shares]
    table = LongTable(data, colWidths=widths, repeatRows=1)
    table.setStyle(style)
    story.append(table)
    return story
