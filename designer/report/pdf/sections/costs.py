"""Costs: the hardware total and, where the estimates exist, TCO, charts and growth stages.

The estimates come from ``report["estimates"]``; without it the section says what is
not estimated instead of guessing. Shapes other than the documented keys are shown
as plain key/value tables so a new estimate still reaches the reader.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import KeepTogether, Spacer, Table

from designer.report.drawings.charts import cost_chart, scaling_chart
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.document import DeferredDrawing


def build(ctx: ProposalContext) -> list:
    t, s = ctx.t, ctx.styles
    story = ctx.start_section("sec_costs")
    estimates = ctx.report.get("estimates")
    bom = ctx.bom
    currency = (estimates or {}).get("currency") or bom.currency
    width = ctx.portrait[0]
    rows = [(t("hardware_cost"), t.money(bom.total, bom.currency))]
    tco = (estimates or {}).get("tco") or {}
    if tco:
        story.append(s.p(t("costs_intro")))
        for key in ("capex", "opex_per_year", "build_total", "cloud_total"):
            if tco.get(key) is not None:
                rows.append((t(key), t.money(tco[key], currency)))
        if tco.get("break_even_utilization") is not None:
            rows.append((t("break_even"), t.pct(tco["break_even_utilization"])))
    story.append(_pairs(ctx, rows))
    if not estimates:
        story.append(Spacer(1, 6))
        story.append(s.p(t("not_estimated")))
    else:
        chart = cost_chart(tco.get("by_utilization") or [], width, ctx.fonts,
                           title=t("cost_chart", currency=currency), build=t("build"), cloud=t("cloud"),
                           money=lambda v: t.money_short(v, currency))
        if chart is not None:
            story += [ctx.h2(t("tco")), DeferredDrawing(chart)]
        scaling = estimates.get("scaling") or {}
        chart = scaling_chart(scaling.get("points") or [], width, ctx.fonts, title=t("scaling_chart"),
                              names={k: t(k) for k in ("efficiency", "efficiency_1to1", "efficiency_2to1")})
        if chart is not None:
            story += [ctx.h2(t("scaling")), DeferredDrawing(chart)]
        algorithms = (estimates.get("allreduce") or {}).get("algorithms") or []
        if algorithms:
            story += [KeepTogether([ctx.h2(t("allreduce")), records(ctx, algorithms)])]
        storage = estimates.get("storage")
        if storage:
            story += [ctx.h2(t("storage_estimate")), _pairs(ctx, [(k, _fmt(ctx, v)) for k, v in _flat(storage)])]
    stages = (estimates or {}).get("stages") or []
    if stages:
        story += [ctx.h2(t("stages")), records(ctx, stages)]
    elif ctx.design.stages:
        story += [ctx.h2(t("stages")), records(ctx, [
            {t("stage"): st.name, t("date"): ctx.t.date(st.date) or "–", t("stage_racks"): ", ".join(st.racks) or "–",
             t("stage_devices"): ", ".join(st.devices) or "–"} for st in ctx.design.stages])]
    return story


def _flat(value: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        out = []
        for k, v in value.items():
            out += _flat(v, f"{prefix}{k}" if not prefix else f"{prefix}.{k}")
        return out
    if isinstance(value, list):
        return [(prefix, ", ".join(str(_plain(v)) for v in value))]
    return [(prefix, value)]


def _plain(value: Any) -> Any:
    return value if not isinstance(value, dict) else "; ".join(f"{k} {v}" for k, v in value.items())


def _fmt(ctx: ProposalContext, value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return ctx.t("yes") if value else ctx.t("no")
    if isinstance(value, int):
        return ctx.t.int(value)
    if isinstance(value, float):
        return ctx.t.num(value, 2 if abs(value) < 100 else 0)
    return str(value)


def _pairs(ctx: ProposalContext, rows: list[tuple[str, str]]) -> Table:
    s = ctx.styles
    width = ctx.portrait[0]
    table = Table([[s.p(a, s.cell), s.p(b, s.cell)] for a, b in rows], colWidths=[width * 0.5, width * 0.5])
    table.setStyle(s.table_style(header_rows=0))
    return table


def records(ctx: ProposalContext, items: list[dict[str, Any]]) -> Table:
    """A list of dicts as a table: columns are the keys (scalar values only) in first-seen order."""
    s = ctx.styles
    keys: list[str] = []
    for item in items:
        for key, value in item.items():
            if key not in keys and not isinstance(value, (dict, list)):
                keys.append(key)
    data = [[s.p(k.replace("_", " "), s.cell) for k in keys]]
    for item in items:
        data.append([s.p(_fmt(ctx, item.get(k)), s.cell) for k in keys])
    width = ctx.portrait[0]
    table = Table(data, colWidths=[width / max(len(keys), 1)] * len(keys), repeatRows=1)
    table.setStyle(s.table_style())
    return table
