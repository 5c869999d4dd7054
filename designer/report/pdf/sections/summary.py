"""Executive summary: errors first, then the key figures and the main risks."""

from __future__ import annotations

from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Spacer, Table

from designer.report.incomplete import break_even_text, total_text
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.styles import ERROR, ERROR_FILL, WARNING, WARNING_FILL

MAX_LISTED = 12  # longer lists continue in the findings section


def compute_fabric(report: dict[str, Any]) -> dict[str, Any] | None:
    fabrics = report.get("fabrics") or []
    return next((f for f in fabrics if f.get("role") == "compute"), fabrics[0] if fabrics else None)


def finding_markup(ctx: ProposalContext, f: dict[str, Any], separator: str = ": ") -> str:
    """A finding in the customer's words: its title and message, products by name; the check
    code and the fix hint are the engineering appendix's."""
    s, t = ctx.styles, ctx.t
    return f"<b>{s.markup(t.code_title(f['code']))}</b>{separator}{s.markup(ctx.customer_words(t.finding_message(f)))}"


def unpriced_note(ctx: ProposalContext) -> str:
    """"incomplete: 1 part unpriced (WEKApod Nitro …)": the unpriced parts by product name."""
    return ctx.incomplete(ctx.bom.unpriced)


def _finding_rows(ctx: ProposalContext, findings: list[dict[str, Any]]) -> list[list]:
    s = ctx.styles
    rows = []
    for f in findings[:MAX_LISTED]:
        rows.append([s.p_markup(finding_markup(ctx, f), s.cell)])
    if len(findings) > MAX_LISTED:
        rows.append([s.p(f"… +{len(findings) - MAX_LISTED}", s.cell)])
    return rows


def _boxed(ctx: ProposalContext, title: str, rows: list[list], colour, fill) -> Table:
    s = ctx.styles
    width = ctx.portrait[0]
    table = Table([[s.p_markup(f"<b>{s.markup(title)}</b>", s.body)]] + rows, colWidths=[width])
    style = s.table_style(header_rows=0, zebra=False)
    style.add("BOX", (0, 0), (-1, -1), 1.2, colour)
    style.add("BACKGROUND", (0, 0), (-1, -1), fill)
    style.add("LINEBELOW", (0, 0), (-1, -1), 0, fill)
    table.setStyle(style)
    return table


def build(ctx: ProposalContext) -> list:
    t, s, report = ctx.t, ctx.styles, ctx.report
    totals = report["totals"]
    findings = report["findings"]
    errors = [f for f in findings if f["severity"] == "error"]
    warnings = [f for f in findings if f["severity"] == "warning"]
    story = ctx.start_section("sec_summary")
    # A design with errors can still be exported, but the reader sees them before anything else.
    if errors:
        story += [_boxed(ctx, t("errors_title", count=len(errors)), _finding_rows(ctx, errors), ERROR, ERROR_FILL),
                  Spacer(1, 10)]
    customer = ctx.design.project.customer
    story.append(s.p(t("summary_intro",
                       customer_phrase=t("summary_for", customer=customer) if customer else "",
                       servers=t.int(totals["servers"]), gpus=t.int(totals["gpus"]), racks=t.int(totals["racks"]),
                       switches=t.int(totals["switches"]), storage=t.int(totals["storage_nodes"]))))
    story.append(ctx.h2(t("key_figures")))
    story.append(_figures_table(ctx))
    story.append(ctx.h2(t("key_risks")))
    if not errors:
        story.append(s.p(t("no_errors")))
    risk_rows = _finding_rows(ctx, warnings)
    for item in report.get("checklist") or []:
        if item["answer"] in ("no", "partly", "unknown", "unanswered"):
            question = t(f"q_{item['key']}") if t.has(f"q_{item['key']}") else item["question"]
            risk_rows.append([s.p(t("checklist_open", question=question, answer=t.answer(item["answer"])), s.cell)])
    if ctx.bom.unpriced:
        # a cost the reader might take for the whole: said among the risks, not only in the tables
        risk_rows.append([s.p(t("risk_unpriced", note=unpriced_note(ctx)), s.cell)])
    if risk_rows:
        story.append(_boxed(ctx, f"{t('severity_warning')} ({len(warnings)})", risk_rows, WARNING, WARNING_FILL))
    else:
        story.append(s.p(t("no_risks")))
    return story


def _figures_table(ctx: ProposalContext) -> Table:
    t, s, report = ctx.t, ctx.styles, ctx.report
    totals = report["totals"]
    rows = [
        (t("gpus"), t.int(totals["gpus"])),
        (t("servers"), t.int(totals["servers"])),
        (t("racks"), t.int(totals["racks"])),
        (t("switches"), t.int(totals["switches"])),
        (t("storage_nodes"), t.int(totals["storage_nodes"])),
        (t("links"), t.int(totals["links"])),
        (t("it_power"), f"{t.num(totals['power_max_kw'])} kW / {t.num(totals['power_typical_kw'])} kW"),
        (t("facility_power"), f"{t.num(totals['facility_power_kw'])} kW" if totals.get("facility_power_kw") is not None
         else t("unknown")),
        (t("heat"), f"{t.num(totals['heat_kw'])} kW = {t.int(totals['heat_btu_h'])} BTU/h"),
        (t("total_weight"), f"{t.int(totals['weight_kg'])} kg"),
    ]
    fabric = compute_fabric(report)
    if fabric:
        sw = fabric["switches"]
        over = fabric["oversubscription"]
        rows.append((t("compute_fabric"), t("fabric_line", protocol=fabric.get("protocol") or "", tiers=fabric["tiers"],
                                             leaf=sw["leaf"], spine=sw["spine"], core=sw["core"])))
        target = fabric.get("target_oversubscription")
        text = f"{t('tier_leaf')} {t.ratio(over.get('leaf'))}"
        if over.get("spine") is not None:
            text += f", {t('tier_spine')} {t.ratio(over['spine'])}"
        if target:
            text += f" ({t('target_oversubscription')} {t.ratio(target)})"
        rows.append((t("oversubscription"), text))
        rows.append((t("bisection"), f"{t.num((fabric.get('bisection_gbps') or 0) / 1000)} Tb/s"))
    bom = ctx.bom
    # an unpriced part makes the total a lower bound: "≥ USD x", and which parts it leaves out
    cost = total_text(t, bom.total, bom.currency, not bom.unpriced, short=True)
    if bom.unpriced:
        cost = t("with_note", total=cost, note=unpriced_note(ctx))
    rows.append((t("hardware_cost"), cost))
    tco = (report.get("estimates") or {}).get("tco")
    if tco:
        capex = tco["capex"]
        currency = report["estimates"].get("currency") or bom.currency
        capex_text = total_text(t, capex["total"], currency, capex.get("complete", True), short=True)
        rows.append((t("capex_total"), capex_text))
        rows.append((t("break_even"),
                     break_even_text(t, tco.get("break_even_utilization"), tco.get("break_even_status"))))
    width = ctx.portrait[0]
    # text the table font cannot show ("≥", a Chinese name) becomes a paragraph: at the table's size
    figure = ParagraphStyle("figure", parent=s.cell, fontSize=9, leading=9 * 1.25)

    def cell(text: str):
        value = s.cell_value(text)
        return value if isinstance(value, str) else s.p(text, figure)

    # the figures wrap (a cost with its "incomplete" note is longer than the column)
    table = Table([[cell(a), s.p(b, figure)] for a, b in rows], colWidths=[width * 0.36, width * 0.64])
    table.setStyle(s.table_style(header_rows=0, font_size=9))
    return table
