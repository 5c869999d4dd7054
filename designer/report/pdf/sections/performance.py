"""Performance estimates (issue 12): the collective curve as nccl-tests prints it (its columns:
size, time, algbw, busbw; said without nccl-tests' name on another vendor's accelerators), the
training workload's sizing, the storage tier, lossless RoCE headroom and the ECN / PFC
checklist. The words and tables come from ``designer/report/performance.py``, shared with the
window's estimates panel, so both say the same figures."""

from __future__ import annotations

from reportlab.platypus import KeepTogether, Spacer, Table

from designer.report.pdf.context import ProposalContext
from designer.report.pdf.sections import software_stack
from designer.report.performance import Part, Table as PartTable, performance_parts


def _table(ctx: ProposalContext, table: PartTable) -> Table:
    s = ctx.styles
    width = ctx.portrait[0]
    if table.header is None:
        data = [[s.p(a, s.cell), s.p(b, s.cell)] for a, b in table.rows]
        out = Table(data, colWidths=[width * 0.42, width * 0.58])
        out.setStyle(s.table_style(header_rows=0))
        return out
    columns = len(table.header)
    data = [[s.p(h, s.cell) for h in table.header]]
    data += [[s.p(cell, s.cell_right if i in table.numeric else s.cell) for i, cell in enumerate(row)]
             for row in table.rows]
    shares = table.widths or [1 / columns] * columns
    out = Table(data, colWidths=[width * share for share in shares], repeatRows=1)
    out.setStyle(s.table_style())
    return out


def flowables(ctx: ProposalContext, parts: list[Part], first_heading: bool = True) -> list:
    s = ctx.styles
    story: list = []
    for n, part in enumerate(parts):
        block: list = [ctx.h2(part.title)] if (n or first_heading) else []
        for item in part.items:
            block += [s.p(item)] if isinstance(item, str) else [_table(ctx, item), Spacer(1, 5)]
        block += [s.p(f"• {text}") for text in part.bullets]
        # a heading never ends a page alone: it keeps to its first item
        story += [KeepTogether(block[:2]), *block[2:], Spacer(1, 6)]
    return story


def build(ctx: ProposalContext) -> list:
    t, s = ctx.t, ctx.styles
    story = ctx.start_section("sec_performance")
    stack = software_stack(ctx)  # on another vendor's accelerators the words say NVIDIA's model is assumed
    story.append(s.p(t("perf.intro.other_stack" if not stack.is_nvidia else "perf.intro")))
    # the renderers are the window's too, and read the ``estimates`` block as the report has it
    return story + flowables(ctx, performance_parts(ctx.report.estimates.as_dict(), t, ctx.part_name, stack))
