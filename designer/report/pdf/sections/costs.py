"""Costs: the hardware total and, where the estimates exist, TCO, charts and growth stages.

The estimates are the report's (``ctx.report.estimates``, a ``PlanningEstimates``).
"""

from __future__ import annotations


from reportlab.platypus import KeepTogether, Spacer, Table

from designer.estimates.results import AllreduceAlgorithm, AllreduceEstimate, StageFigures, StorageEstimate, TcoEstimate
from designer.report.drawings.charts import cost_chart, scaling_chart
from designer.report.incomplete import break_even_text, total_text
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.document import DeferredDrawing
from designer.report.performance import scale_up_bandwidth


def build(ctx: ProposalContext) -> list:
    t, s = ctx.t, ctx.styles
    story = ctx.start_section("sec_costs")
    estimates = ctx.report.estimates
    bom = ctx.bom
    currency = estimates.currency or bom.currency
    width = ctx.portrait[0]
    tco = estimates.tco
    story.append(s.p(t("costs_intro")))
    story += [ctx.h2(t("tco")), _pairs(ctx, _tco_rows(ctx, tco, currency))]
    title = t("cost_chart", currency=currency)
    if not tco.complete:
        # the build line leaves the unpriced parts out: the chart says so in its title (the
        # table above names them; a drawing's title does not wrap, and their names ran off the page)
        title = t("lower_bound_chart", title=title)
    chart = cost_chart(tco.by_utilization, width, ctx.fonts,
                       title=title, build=t("build"), cloud=t("cloud"),
                       money=lambda v: t.money_short(v, currency), x_title=t("axis_utilisation"),
                       y_title=t("axis_cost", years=tco.horizon_years or "", currency=currency))
    if chart is not None:
        story += [Spacer(1, 8), DeferredDrawing(chart)]
    chart = scaling_chart(estimates.scaling.points, width, ctx.fonts, title=t("scaling_chart"),
                          names={k: t(k) for k in ("efficiency", "efficiency_1to1", "efficiency_2to1")},
                          x_title=t("axis_gpus"), y_title=t("axis_efficiency"))
    if chart is not None:
        # a heading never ends a page without its chart
        story.append(KeepTogether([ctx.h2(t("scaling")), DeferredDrawing(chart)]))
    allreduce = estimates.allreduce
    if allreduce.algorithms:
        story += [KeepTogether([ctx.h2(t("allreduce")), s.p(_allreduce_intro(ctx, allreduce)),
                                _allreduce_table(ctx, allreduce.algorithms)])]
    story += [ctx.h2(t("storage_estimate")), *_storage(ctx, estimates.storage)]
    stages = estimates.stages
    if stages:
        story += [ctx.h2(t("stages")), *_stages(ctx, stages, currency)]
    return story


def _tco_rows(ctx: ProposalContext, tco: TcoEstimate, currency: str) -> list[tuple[str, str]]:
    """The TCO table; a figure that includes an incomplete CAPEX reads "≥ x", the CAPEX total says
    which parts it leaves out, and no break-even is stated from it."""
    t = ctx.t
    capex, opex = tco.capex, tco.opex_per_year
    capex_ok, opex_ok, build_ok = capex.complete, opex.complete, tco.complete

    def money(value, complete: bool = True, digits: int = 0) -> str:
        return total_text(t, value, currency, complete, digits=digits)

    total = money(capex.total, capex_ok)
    if not capex_ok:
        total = t("with_note", total=total, note=ctx.incomplete(capex.missing_parts or capex.unpriced_parts))
    rows = [
        (t("capex_hardware"), money(capex.hardware, capex_ok)),
        (t("capex_installation"), money(capex.installation)),
        (t("capex_facility"), money(capex.facility)),
        (t("capex_total"), total),
        (t("opex_energy"), money(opex.energy)),
        (t("opex_maintenance"), money(opex.maintenance, opex_ok)),
        (t("opex_staff"), money(opex.staff)),
        (t("opex_space"), money(opex.space)),
        (t("opex_total"), money(opex.total, opex_ok)),
        (t("horizon"), t("years_one" if tco.horizon_years == 1 else "years", n=tco.horizon_years)),
        (t("build_total_depreciated"), money(tco.build_total, build_ok)),
        (t("build_total_full"), money(tco.build_total_full_capex, build_ok)),
        (t("cloud_total_line", gpus=t.int(tco.gpus),
           price=t.money(tco.cloud_price_per_gpu_hour, currency, 2)), money(tco.cloud_total)),
    ]
    if tco.build_cost_per_gpu_hour is not None:
        rows.append((t("build_cost_per_gpu_hour"), money(tco.build_cost_per_gpu_hour, build_ok, 2)))
    rows.append((t("break_even"), break_even_text(t, tco.break_even_utilization, tco.break_even_status)))
    rows.append((t("break_even_full"), break_even_text(t, tco.break_even_utilization_full_capex,
                                                       tco.break_even_status_full_capex)))
    return rows


def _allreduce_intro(ctx: ProposalContext, allreduce: AllreduceEstimate) -> str:
    t = ctx.t
    # the domain's own interconnect by name (NVLink, HCCS, Infinity Fabric); its bandwidth, or
    # "unpublished" where the vendor gives none (the estimate takes it as 0)
    link = allreduce.scale_up_link or t("scale_up_link")
    intra = scale_up_bandwidth(t, allreduce.intra_bandwidth_gbytes_s, 1)
    # the collective's nodes are the design's own domains where it sets them (servers joined
    # by an external switch system), not servers (review 54); a rack-scale system's domain is
    # its rack, not a server
    nodes = (ctx.counted("n_domains", allreduce.nodes)
             if ctx.design.estimates.communication.scale_up_gpus is not None or ctx.rack_scale_trays is not None
             else ctx.counted("n_servers", allreduce.nodes))
    unpublished = "" if allreduce.intra_bandwidth_gbytes_s else ".unpublished"
    if not allreduce.crosses_scale_out:
        # one scale-up domain: no all-reduce byte crosses the fabric, so no fabric figure is quoted
        return t("allreduce_intro_one_domain" + unpublished, mb=t.num(allreduce.message_mb, 0),
                 gpus=t.int(allreduce.gpus), nodes=nodes, intra=intra, link=link)
    return t("allreduce_intro" + unpublished, mb=t.num(allreduce.message_mb, 0), gpus=t.int(allreduce.gpus),
             nodes=nodes, inter=t.num(allreduce.inter_bandwidth_gbytes_s, 1),
             intra=intra, link=link, ratio=t.ratio(allreduce.oversubscription))


def _allreduce_table(ctx: ProposalContext, algorithms: list[AllreduceAlgorithm]) -> Table:
    t, s = ctx.t, ctx.styles
    data = [[s.p(t(k), s.cell) for k in ("algorithm", "time_ms", "algbw", "busbw")]]
    for row in algorithms:
        data.append([s.p(str(t.term(row.name)), s.cell), s.p(t.num(row.time_ms, 2), s.cell),
                     s.p(t.num(row.algbw_gbytes_s, 1), s.cell), s.p(t.num(row.busbw_gbytes_s, 1), s.cell)])
    width = ctx.portrait[0]
    table = Table(data, colWidths=[width / 4] * 4, repeatRows=1)
    table.setStyle(s.table_style())
    return table


def _storage(ctx: ProposalContext, storage: StorageEstimate) -> list:
    t, s = ctx.t, ctx.styles
    write_s = storage.checkpoint_write_s
    rows = [
        (t("read_required"), f"{t.num(storage.read_required_gbytes_s, 1)} GB/s"),
        # no storage system in the design: none available, said so rather than "0.0 GB/s"
        (t("read_available"), f"{t.num(storage.read_available_gbytes_s, 1)} GB/s"
         if ctx.report.totals.get("storage_nodes") else t("read_no_storage")),
        (t("checkpoint_size"), f"{t.num(storage.checkpoint_size_tb, 3)} TB"),
        (t("checkpoint_write"), t("unknown") if write_s is None else f"{t.num(write_s, 1)} s"),
    ]
    out = [_pairs(ctx, rows)]
    tiers = storage.tiers
    if tiers:
        data = [[s.p(t(k), s.cell) for k in ("tier", "capacity_tb", "media")]]
        for tier in tiers:
            name = f"tier_{tier['tier']}"
            data.append([s.p(t(name) if name in ("tier_hot", "tier_warm", "tier_cold") else tier["tier"], s.cell),
                         s.p(t.num(tier["capacity_tb"], 1), s.cell), s.p(str(t.term(tier["media"])), s.cell)])
        width = ctx.portrait[0]
        table = Table(data, colWidths=[width / 3] * 3, repeatRows=1)
        table.setStyle(s.table_style())
        out += [Spacer(1, 6), table]
    return out


def _stages(ctx: ProposalContext, stages: list[StageFigures], currency: str) -> list:
    t, s = ctx.t, ctx.styles
    keys = ("stage", "date", "stage_gpus", "stage_servers", "stage_power", "stage_capex", "stage_added")
    data = [[s.p(t(k), s.cell) for k in keys]]
    for stage in stages:
        added = stage["added"]
        comma, semicolon = ("、", "；") if t.is_zh else (", ", "; ")
        kinds = comma.join(t.count(f"stage_kind_{kind}", n) if t.has(f"stage_kind_{kind}") else f"{n} {kind}"
                           for kind, n in added["devices_by_kind"].items())
        racks = added["racks"]
        summary = semicolon.join(x for x in (kinds, t.count("stage_racks", len(racks)) if racks else "") if x) or "–"
        data.append([s.p(str(stage["name"]), s.cell), s.p(t.date(stage["date"]) or "–", s.cell),
                     s.p(t.int(stage["gpus"]), s.cell), s.p(t.int(stage["servers"]), s.cell),
                     s.p(t.num(stage["power_max_kw"], 1), s.cell),
                     s.p(total_text(t, stage["capex"], currency, stage["capex_complete"]), s.cell),
                     s.p(summary, s.cell)])
    width = ctx.portrait[0]
    table = Table(data, colWidths=[width * w for w in (0.14, 0.11, 0.09, 0.1, 0.12, 0.16, 0.28)], repeatRows=1)
    table.setStyle(s.table_style())
    out: list = [table]
    for stage in stages:
        if not stage["capex_complete"]:
            missing = stage["missing_parts"] or stage["unpriced_parts"]
            out.append(s.p(f"{stage['name']}: {ctx.incomplete(missing)}", s.small))
    return out


def _pairs(ctx: ProposalContext, rows: list[tuple[str, str]]) -> Table:
    s = ctx.styles
    width = ctx.portrait[0]
    table = Table([[s.p(a, s.cell), s.p(b, s.cell)] for a, b in rows], colWidths=[width * 0.5, width * 0.5])
    table.setStyle(s.table_style(header_rows=0))
    return table
