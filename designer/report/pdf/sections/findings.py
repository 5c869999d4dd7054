"""Findings of the checks (errors first and in red) and the five-question checklist.

The customer body says each finding by its title and message, products by name; the check
codes, the suggested fixes and the notes on figures the vendors do not publish are in the
engineering appendix (``engineering.py``), which reuses ``findings_table`` with codes."""

from __future__ import annotations

from reportlab.platypus import LongTable, Table

from designer.checks.findings import Finding
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections.summary import finding_markup
from designer.report.pdf.styles import ERROR, ERROR_FILL, OK_FILL, WARNING, WARNING_FILL

_ORDER = {"error": 0, "warning": 1, "info": 2}
# findings about the catalog rather than the design: the engineering appendix's only
INTERNAL_CODES = frozenset({"FIGURE_UNKNOWN"})
_ANSWER_FILL = {"yes": OK_FILL, "no": ERROR_FILL, "partly": WARNING_FILL}


def build(ctx: ProposalContext) -> list:
    t, s, report = ctx.t, ctx.styles, ctx.report
    findings = sorted(report.findings, key=lambda f: _ORDER.get(f.severity, 3))
    counts = {k: sum(1 for f in findings if f.severity == k) for k in ("error", "warning", "info")}
    story = ctx.start_section("sec_findings")
    customer = [f for f in findings if f.code not in INTERNAL_CODES or f.severity == "error"]
    text = t("findings_counts", errors=t.count("count_errors", counts["error"]),
             warnings=t.count("count_warnings", counts["warning"]), notes=t.count("count_notes", counts["info"]))
    # the count is the checks' own; the table below leaves out the notes on figures the vendors
    # do not publish: say how many and where they are, or "5 notes" stood above two rows
    left_out = len(findings) - len(customer)
    if left_out:
        text += ("" if t.is_zh else " ") + t.count("findings_left_out_internal" if ctx.internal
                                                   else "findings_left_out", left_out)
    story.append(s.p(text, s.error if counts["error"] else s.body))
    story.append(ctx.h2(t("checklist")))
    story.append(_checklist(ctx))
    if customer:
        story.append(ctx.h2(t("finding")))
        story.append(findings_table(ctx, customer))
    if ctx.internal:
        story.append(s.p(t("findings_in_appendix"), s.small))
    return story


def _checklist(ctx: ProposalContext) -> Table:
    t, s = ctx.t, ctx.styles
    items = ctx.report.checklist
    data = [[s.cell_value(t("question")), s.cell_value(t("answer")), s.cell_value(t("based_on"))]]
    for item in items:
        key = f"q_{item['key']}"
        based_on = t.list_sep.join(t.code_title(code) for code in item["codes"])
        data.append([s.p(t(key) if t.has(key) else item["question"], s.cell), s.cell_value(t.answer(item["answer"])),
                     s.p(based_on or "–", s.cell)])
    width = ctx.portrait[0]
    table = Table(data, colWidths=[width * 0.45, width * 0.15, width * 0.40], repeatRows=1)
    style = s.table_style(zebra=False)
    for n, item in enumerate(items, start=1):
        fill = _ANSWER_FILL.get(item["answer"])
        if fill is not None:
            style.add("BACKGROUND", (1, n), (1, n), fill)
    table.setStyle(style)
    return table


def findings_table(ctx: ProposalContext, findings: list[Finding], engineering: bool = False) -> LongTable:
    """Severity and finding; for the engineering appendix with the check code, the message as
    the checks wrote it (slugs and all) and the suggested fix."""
    t, s = ctx.t, ctx.styles
    data = [[s.cell_value(t("severity")), s.cell_value(t("finding"))]]
    for f in findings:
        if engineering:
            text = f"<b>{s.markup(t.code_title(f.code))}</b>{t.aside(f.code)}<br/>{s.markup(t.finding_message(f))}"
            hint = t.finding_hint(f)
            if hint:
                text += f"<br/><i>{s.markup(t('fix', hint=hint))}</i>"
        else:
            text = finding_markup(ctx, f, "<br/>")
        data.append([s.cell_value(t(f"severity_{f.severity}")), s.p_markup(text, s.cell)])
    width = ctx.portrait[0]
    table = LongTable(data, colWidths=[width * 0.12, width * 0.88], repeatRows=1)
    style = s.table_style(zebra=False)
    for n, f in enumerate(findings, start=1):
        if f.severity == "error":
            style.add("BACKGROUND", (0, n), (-1, n), ERROR_FILL)
            style.add("TEXTCOLOR", (0, n), (0, n), ERROR)
            style.add("FONTNAME", (0, n), (0, n), ctx.fonts.bold)
        elif f.severity == "warning":
            style.add("BACKGROUND", (0, n), (-1, n), WARNING_FILL)
            style.add("TEXTCOLOR", (0, n), (0, n), WARNING)
    table.setStyle(style)
    return table
