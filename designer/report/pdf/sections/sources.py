"""Appendix: the vendor documents behind every part the design uses."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import LongTable

from designer.report.pdf.context import ProposalContext
from designer.report.sources import part_sources


def build(ctx: ProposalContext) -> list:
    t, s = ctx.t, ctx.styles
    story = ctx.start_section("sec_sources")
    story.append(s.p(t("sources_intro")))
    # URLs have no spaces to break at: let them wrap anywhere
    url_style = ParagraphStyle("url", parent=s.cell, wordWrap="CJK", textColor=s.cell.textColor)
    data = [[s.cell_value(t("part")), s.cell_value(t("source")), s.cell_value("URL")]]
    for row in part_sources(ctx.design, ctx.bom, ctx.catalog):
        if not row["sources"]:
            data.append([s.p(f"{row['part']}\n{row['name']}", s.cell), s.p(t("no_source"), s.cell), ""])
            continue
        for n, source in enumerate(row["sources"]):
            part = s.p_markup(f"<b>{s.markup(row['part'])}</b><br/>{s.markup(row['name'])}", s.cell) if n == 0 else ""
            url = source.get("url")
            link = s.p_markup(f'<link href="{escape(url, {chr(34): "&quot;"})}">{escape(url)}</link>',
                              url_style) if url else ""
            data.append([part, s.p(source["title"], s.cell), link])
    width = ctx.portrait[0]
    table = LongTable(data, colWidths=[width * 0.28, width * 0.34, width * 0.38], repeatRows=1)
    table.setStyle(s.table_style(zebra=False))
    story.append(table)
    return story
