"""Appendix: POC acceptance results, when ``designer poc check ... --pdf OUT`` hands them in
(``ctx.poc_check``, the check's JSON); without them the proposal has no such appendix."""

from __future__ import annotations

from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections.performance import flowables
from designer.report.performance import poc_parts


def build(ctx: ProposalContext) -> list:
    check = ctx.poc_check
    if not check:
        return []
    story = ctx.start_section("sec_poc")
    return story + flowables(ctx, poc_parts(check, ctx.t), first_heading=False)
