"""Appendix: the cable schedule for the installers (issue 15, "a PDF appendix"), the same
rows as ``designer export --cables``: one row per cable, labels on both ends, sorted by rack
pair. Only when asked for (``designer export --pdf ... --cable-schedule``): at 16,384 GPUs it
is some 1,900 landscape pages."""

from __future__ import annotations

from designer.report.handover.cables import DEFAULT_LABEL_SCHEME, cable_schedule
from designer.report.handover.cables_pdf import cable_schedule_flowables
from designer.report.pdf.context import ProposalContext


def build(ctx: ProposalContext) -> list:
    if not ctx.cable_schedule:
        return []
    scheme = ctx.cable_label_scheme or DEFAULT_LABEL_SCHEME
    story = ctx.start_section("sec_cables", "landscape")
    rows = cable_schedule(ctx.index, ctx.catalog.cabling, scheme)
    story += cable_schedule_flowables(rows, ctx.styles, lang=ctx.t.lang, design_name=ctx.design.name,
                                      scheme=scheme, heading=False)
    return story
