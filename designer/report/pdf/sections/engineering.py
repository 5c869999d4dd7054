"""Appendix for the integrator's engineers: what the customer body leaves out.

Every finding with its check code and suggested fix (the messages as the checks wrote
them), the figures the vendors do not publish (by catalog slug), and for each BOM line the
catalog part, its part-number note and where its price comes from."""

from __future__ import annotations

from reportlab.platypus import LongTable

from designer.estimates.bom import SECTIONS
from designer.report.bom_export import part_number_note
from designer.report.i18n_terms import line_description
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections.bom import source_label
from designer.report.pdf.sections.findings import _ORDER, findings_table


def build(ctx: ProposalContext) -> list:
    t, s, report = ctx.t, ctx.styles, ctx.report
    story = ctx.start_section("sec_engineering")
    story.append(s.p(t("engineering_intro")))
    findings = sorted(report.findings, key=lambda f: _ORDER.get(f.severity, 3))
    if findings:
        story.append(ctx.h2(t("finding")))
        story.append(findings_table(ctx, findings, engineering=True))
    unknowns = report.unknowns
    if unknowns:
        story.append(ctx.h2(t("unknowns")))

        def figure(name: str) -> str:
            return t(f"figure_{name}") if t.has(f"figure_{name}") else name

        for item in unknowns:
            instead = t("used_instead", figure=figure(item["used_instead"])) if item["used_instead"] else ""
            line = t("unknown_line", figure=figure(item["figure"]), parts=t.list_sep.join(item["device_types"]),
                     instead=instead)
            story.append(s.p(f"• {line}"))
    story.append(ctx.h2(t("bom_provenance")))
    data = [[s.cell_value(h) for h in (t("catalog_part"), t("description"), t("part_number_note"), t("price_source"))]]
    for section in SECTIONS:
        for line in (line for line in ctx.bom.lines if line.section == section):
            # in the reader's language, as the customer's bill of materials says them
            data.append([s.p(line.part, s.cell), s.p(line_description(t.lang, line) or "–", s.cell),
                         s.p(part_number_note(line, t) or "–", s.cell),
                         s.p(source_label(ctx, line.price_source), s.cell)])
    width = ctx.portrait[0]
    table = LongTable(data, colWidths=[width * f for f in (0.25, 0.30, 0.30, 0.15)], repeatRows=1)
    table.setStyle(s.table_style())
    story.append(table)
    return story
