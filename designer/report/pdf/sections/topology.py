"""Network topology: each fabric drawn as tiers, then the fabric figures side by side."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, NextPageTemplate, PageBreak, Spacer, Table

from designer.fabric.results import FabricAnalysis, SinglePoint, WorstFailure
from designer.i18n import Translator
from designer.report.drawings.scalable_unit import unit_drawing, unit_plan
from designer.report.drawings.topology import MAX_BOXES, topology_drawing
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.document import DeferredDrawing
from designer.report.pdf.styles import ERROR

MAX_SPOF_NAMES = 4


def build(ctx: ProposalContext) -> list:
    t, s = ctx.t, ctx.styles
    plan = unit_plan(ctx.index)
    story = ctx.start_section("sec_topology", "landscape" if plan is not None else "portrait")
    fabrics = ctx.report.fabrics
    if plan is not None:
        # one scalable unit on a landscape page of its own (its row of servers needs the width),
        # then the tier drawings in portrait
        story += scalable_unit(ctx, plan) + [NextPageTemplate("portrait"), PageBreak()]
    story.append(s.p(t("topology_intro", boxes=MAX_BOXES)))
    # one domain in the whole design: no collective leaves it, and the line says so
    one_domain = sum(domain["domains"] for domain in ctx.report.scale_up) == 1
    line = "scale_up_line_one" if one_domain else "scale_up_line"
    for domain in ctx.report.scale_up:
        # where the NVLink (scale-up) domain ends and the fabrics drawn below take over
        story.append(s.p(t(line, interconnect=domain["interconnect"] or t("scale_up_own"),
                           model=ctx.part_name(domain["device_type"]), gpus=t.int(domain["gpus_per_domain"]),
                           domains=ctx.counted("n_domains", domain["domains"]))))
    width = ctx.portrait[0]
    for fabric in fabrics:
        story.append(KeepTogether([DeferredDrawing(topology_drawing(ctx.index, fabric, width, t, ctx.fonts)),
                                   Spacer(1, 8)]))
    if fabrics:
        # the heading never ends a page without its table
        story.append(KeepTogether([ctx.h2(t("fabric_table")), fabric_table(ctx, fabrics)]))
    return story


def scalable_unit(ctx: ProposalContext, plan) -> list:
    t, s = ctx.t, ctx.styles
    what = t("su.what_rail" if plan.rail_optimized else "su.what_port")
    fabric = t.fabric(plan.fabric)
    holder = t("su.holder_system" if plan.rack_scale else "su.holder_server")
    intro = (t("su.intro", n=t.int(plan.number), fabric=fabric, what=what, others=t.int(plan.units - 1),
               holder=holder)
             if plan.units > 1 else t("su.intro_one", fabric=fabric, what=what, holder=holder))
    return [ctx.h2(t("su.heading")), s.p(intro), Spacer(1, 6),
            DeferredDrawing(unit_drawing(plan, ctx.landscape[0], t, ctx.fonts))]


def _failure(ctx: ProposalContext, case: WorstFailure | None) -> str:
    if case is None:
        return "–"
    return f"{case.object}: " + ctx.t("fail_value", pct=ctx.t.num(case.bandwidth_lost_pct, 1),
                                       cut=ctx.t.int(case.endpoints_cut_off))


def fabric_table(ctx: ProposalContext, fabrics: list[FabricAnalysis]) -> Table:
    """Metrics down, fabrics across: reads well in portrait with up to six fabrics."""
    t, s = ctx.t, ctx.styles
    rows: list[tuple[str, list[str]]] = []

    def row(key: str, values: list[str]) -> None:
        rows.append((t(key), values))

    row("role", [f"{t.term(f.role) or '–'} / {t.term(f.protocol) or '–'}" for f in fabrics])
    row("tiers", [str(f.tiers) for f in fabrics])
    row("endpoints", [t.int(f.endpoints) for f in fabrics])
    row("switches_lsc", [" / ".join(t.int(n) for n in (f.switches.leaf, f.switches.spine, f.switches.core))
                         for f in fabrics])
    row("links_tiers", [" / ".join(t.int(n) for n in (f.links.endpoint_leaf, f.links.leaf_spine, f.links.spine_core))
                        for f in fabrics])
    row("over_leaf", [t.ratio(f.oversubscription.leaf) + t.aside(t.ratio(f.target_oversubscription))
                      for f in fabrics])
    row("over_spine", [t.ratio(f.oversubscription.spine) for f in fabrics])
    row("bisection_tbps", [t.num((f.bisection_gbps or 0) / 1000) for f in fabrics])
    row("ecmp", [_ecmp(ctx, f) for f in fabrics])
    row("max_hops", [str(f.max_hops if f.max_hops is not None else "–") for f in fabrics])
    for tier in ("leaf", "spine", "core", "link"):
        row(f"fail_{tier}", [_failure(ctx, f.failure.worst(tier) if f.failure else None) for f in fabrics])
    spof_cells = []
    for f in fabrics:
        names = f.failure.single_points_of_failure if f.failure else []
        if not names:
            spof_cells.append(t("none"))
            continue
        shown = t.list_sep.join(_spof_name(n, t) for n in names[:MAX_SPOF_NAMES])
        spof_cells.append(f"{len(names)}: {shown}{' …' if len(names) > MAX_SPOF_NAMES else ''}")
    row("spof", spof_cells)
    width = ctx.portrait[0]
    first = width * 0.26
    other = (width - first) / len(fabrics)
    data = [[s.cell_value(t("fabric"))] + [s.cell_value(t.fabric(f.name)) for f in fabrics]]
    for label, values in rows:
        data.append([s.p(label, s.cell)] + [s.p(v, s.cell) for v in values])
    # single points of failure in red, except the out-of-band network's (notes, by design)
    red = ParagraphStyle("spof", parent=s.cell, textColor=ERROR)
    for col, f in enumerate(fabrics, start=1):
        if f.failure and f.failure.single_points_of_failure and f.role != "oob":
            data[-1][col] = s.p(spof_cells[col - 1], red)
    table = Table(data, colWidths=[first] + [other] * len(fabrics), repeatRows=1)
    table.setStyle(s.table_style())
    return table


def _spof_name(item: SinglePoint, t: Translator) -> str:
    """A single point of failure: its switch or cable, and the endpoints its loss cuts off."""
    name = item.object or "?"
    return name + t.aside(t.int(item.endpoints_cut_off)) if item.endpoints_cut_off else name


def _ecmp(ctx: ProposalContext, fabric: FabricAnalysis) -> str:
    low, high = fabric.ecmp_paths.min, fabric.ecmp_paths.max
    if low is None:
        return "–"
    return ctx.t.int(low) if low == high else f"{ctx.t.int(low)} – {ctx.t.int(high)}"
