"""Plain-text renderings of the report for the terminal."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, cast

from designer.catalog.software_stack import stack_for_link
from designer.i18n.templates import counted

if TYPE_CHECKING:
    from designer.estimates.results import PlanningEstimates
    from designer.fabric.results import FabricAnalysis
    from designer.report.json_report import Report


def _num(value: float | None, digits: int = 1, unit: str = "") -> str:
    if value is None:
        return "unknown"
    return f"{value:,.{digits}f}{unit}"


def format_report(report: Report) -> str:
    design = report.design
    totals = report.totals
    out = [f"Design: {design['name']}"]
    if design["customer"]:
        out[0] += f"  (customer: {design['customer']})"
    # "131 servers (127 with GPUs)": management nodes are servers, not the cluster's nodes
    gpu_servers = f" ({totals['gpu_servers']} with GPUs)" if totals["gpu_servers"] != totals["servers"] else ""
    out.append(
        f"  {counted(totals['servers'], 'server')}{gpu_servers}, {counted(totals['gpus'], 'GPU')}, "
        f"{counted(totals['switches'], 'switch')}, {counted(totals['storage_nodes'], 'storage node')} in "
        f"{counted(totals['racks'], 'rack')}; {counted(totals['links'], 'link')}, "
        f"{counted(totals['cables'], 'cable')}"
    )
    out.append(
        f"  power: {_num(totals['power_max_kw'])} kW maximum, {_num(totals['power_typical_kw'])} kW typical; "
        f"heat {_num(totals['heat_btu_h'], 0)} BTU/h; weight {_num(totals['weight_kg'], 0)} kg"
    )
    kinds = cast("Mapping[str, float | None]", report.power_max_kw_by_kind)  # every value a kW figure or None
    out.append("  maximum power by kind: " + ", ".join(f"{k} {_num(v)} kW" for k, v in kinds.items()))
    out.append("")
    out.append(f"  {'RACK':<10} {'U':>7} {'MAX kW':>8} {'BUDGET':>8} {'BTU/h':>9} {'kg':>8}  GPUs")
    for rack in report.racks:
        budget = _num(rack["power_budget_kw"]) if rack["power_budget_kw"] else "-"
        out.append(
            f"  {rack['name']:<10} {rack['u_used']:>3}/{rack['u_total']:<3} {_num(rack['power_max_kw']):>8} "
            f"{budget:>8} {_num(rack['heat_btu_h'], 0):>9} {_num(rack['weight_kg'], 0):>8}  {rack['gpus']}"
        )
    if report.fabrics:
        out.append("")
        out.append(f"  {'FABRIC':<10} {'ENDPOINTS':>9}  {'LEAF/SPINE/CORE':<16} {'RATIO':>8} "
                   f"{'BISECTION':>11}  ECMP      HOPS")
        out.extend(_fabric_line(fabric) for fabric in report.fabrics)
    for domain in report.scale_up:
        # where the scale-up domain ends: beyond it, GPUs talk over the fabrics above
        over = domain["interconnect"] or "the GPUs' own interconnect"
        inside = ("each" if domain["gpus_per_domain"] <= domain["gpus_per_device"]
                  else f"every {domain['gpus_per_domain'] // max(1, domain['gpus_per_device'])}")
        beyond = ("1 domain: no scale-out fabric between domains" if domain["domains"] == 1
                  else f"{domain['domains']} domains; between domains, the scale-out fabric")
        out.append(f"  scale-up: {over} within {inside} {domain['model']}, {domain['gpus_per_domain']} GPUs per "
                   f"domain, {beyond}")
    if report.unknowns:
        out.append("")
        for item in report.unknowns:
            instead = f"; {item['used_instead']} stands in" if item["used_instead"] else ""
            out.append(f"  unknown: {item['figure']} is not published for {', '.join(item['device_types'])}{instead}")
    if report.supplied_figures:
        from designer.model.supplied import describe

        out.append("")
        for fig in report.supplied_figures:
            out.append(f"  supplied: {describe(fig)}")
    out.append("")
    out.extend(_estimate_lines(report.estimates))
    out.append("")
    out.append(_findings_summary(f.severity for f in report.findings))
    return "\n".join(out) + "\n"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _estimate_lines(est: PlanningEstimates) -> list[str]:
    """A few lines of planning estimates; the PDF and the JSON carry the rest."""
    cur = est.currency
    tco = est.tco
    capex = tco.capex
    unpriced = len(capex.unpriced_parts)
    partial = f" ({unpriced} {'part' if unpriced == 1 else 'parts'} unpriced, counted as 0)" if unpriced else ""
    opex = tco.opex_per_year.total
    opex_at_least = "" if tco.opex_per_year.complete else "at least "
    # a CAPEX without every price is a lower bound, said as the OPEX and build lines say it
    out = [f"  estimates: CAPEX {'at least ' if unpriced else ''}{_num(capex.total, 0)} {cur}{partial}; "
           f"OPEX {opex_at_least}{_num(opex, 0)} {cur}/year "
           f"at {_pct(tco.utilization)} use, PUE {tco.pue:.2f}"]
    # an incomplete CAPEX makes the build side a lower bound and leaves the break-even unstated
    at_least = "" if tco.complete else "at least "
    if tco.break_even_utilization is not None:
        verdict = f"building is cheaper above {_pct(tco.break_even_utilization)} utilisation"
    elif tco.break_even_status == "capex_incomplete":
        verdict = "break-even not stated: CAPEX incomplete"
    else:
        verdict = "building never costs less than the cloud"
    out.append(
        f"    {tco.horizon_years}-year cost: build {at_least}{_num(tco.build_total, 0)} {cur} (full CAPEX "
        f"{at_least}{_num(tco.build_total_full_capex, 0)}), cloud {_num(tco.cloud_total, 0)} {cur}; {verdict}"
    )
    ar = est.allreduce
    if ar.fastest:
        times = ", ".join(f"{a.name} {_num(a.time_ms, 1)} ms" for a in ar.algorithms)
        # one scale-up domain: the figures are NVLink's alone, and the text says so
        link = ar.scale_up_link or "scale-up interconnect"
        intra = f"{_num(ar.intra_bandwidth_gbytes_s, 1)} GB/s" if ar.intra_bandwidth_gbytes_s else "unpublished"
        where = "" if ar.crosses_scale_out else (
            f" in one {link} domain ({intra} per GPU; the scale-out fabric carries none)")
        out.append(f"    all-reduce of {_num(ar.message_mb, 0)} MB over {ar.gpus} GPUs{where}: {times}; "
                   f"fastest {ar.fastest}")
    nccl = ar.nccl
    if nccl is not None and nccl.busbw_gbytes_s is not None:
        # another vendor's GPUs run their own library: the figure is NVIDIA's NCCL model, assumed
        stack = stack_for_link(ar.scale_up_link)
        said = "as NCCL runs it" if stack.is_nvidia else f"NVIDIA's NCCL model, assumed for {stack.library}"
        out.append(f"    {said}: {nccl.algorithm} ({nccl.protocol}) {_num(nccl.time_ms, 1)} ms, "
                   f"busbw {_num(nccl.busbw_gbytes_s, 1)} GB/s")
    points = est.scaling.points
    if points and points[-1].efficiency is not None:
        last = points[-1]
        out.append(f"    scaling ({est.scaling.model_parameters_billion:g}B parameters): {last.nodes} servers "
                   f"{_pct(last.efficiency)} efficient (1:1 {_pct(last.efficiency_1to1)}, "
                   f"2:1 {_pct(last.efficiency_2to1)})")
    wl = est.workload
    if wl.get("layout"):
        lay, mem = wl["layout"], wl["memory_per_gpu_gb"]
        if lay.get("within_design") is False:
            days = f"unknown (the layout needs {lay['gpus_used']:,} GPUs, the design has {lay['gpus_available']:,})"
        elif wl["days_to_train"] is None:
            days = "unknown (peak FLOPS unknown)"
        else:
            days = f"{_num(wl['days_to_train'], 1)} days"
        fits = {False: " (does not fit)", None: " (GPU memory unknown)"}.get(mem["fits"], "")
        out.append(f"    workload ({wl['parameters_billion']:g}B parameters, {wl['tokens_billion']:g}B tokens): "
                   f"TP {lay['tensor_parallel']} x PP {lay['pipeline_parallel']} x DP {lay['data_parallel']}, "
                   f"{_num(mem['total'])} GB per GPU{fits}, {days} to train")
    st = est.storage
    write = (" (its write time unknown)" if st.checkpoint_write_s is None
             else f" is written in {_num(st.checkpoint_write_s, 1)} s")
    out.append(f"    storage: reads need {_num(st.read_required_gbytes_s)} GB/s of "
               f"{_num(st.read_available_gbytes_s)} GB/s available; a {_num(st.checkpoint_size_tb, 3)} TB "
               f"checkpoint{write}")
    for stage in est.stages:
        out.append(f"    stage {stage['name']}: {stage['gpus']} GPUs in {stage['racks']} racks, "
                   f"{_num(stage['power_max_kw'])} kW, CAPEX {'' if stage.get('capex_complete', True) else 'at least '}"
                   f"{_num(stage['capex'], 0)} {cur}; "
                   f"adds {stage['added']['devices']} devices, {_num(stage['added']['room_power_increase_kw'])} kW")
    return out


def _fabric_line(fabric: FabricAnalysis) -> str:
    sw = fabric.switches
    tiers = f"{sw.leaf}/{sw.spine}/{sw.core}"
    ecmp = fabric.ecmp_paths
    paths = "-" if ecmp.min is None else f"{ecmp.min}-{ecmp.max}"
    bisection = f"{(fabric.bisection_gbps or 0) / 1000:,.1f} Tb/s"
    return (f"  {fabric.name:<10} {fabric.endpoints:>9}  {tiers:<16} "
            f"{_ratio(fabric.oversubscription.leaf):>8} {bisection:>11}  {paths:<9} "
            f"{fabric.max_hops}")


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}:1"


def _findings_summary(severities: Iterable[str]) -> str:
    counts: defaultdict[str, int] = defaultdict(int)
    for severity in severities:
        counts[severity] += 1
    return (f"Findings: {counted(counts['error'], 'error')}, {counted(counts['warning'], 'warning')}, "
            f"{counted(counts['info'], 'note')}")




def format_findings(findings: list[dict[str, Any]], design_name: str) -> str:
    """Findings grouped by severity, then by the object they concern."""
    out = [f"Checks of {design_name}: " + _findings_summary(f["severity"] for f in findings).removeprefix("Findings: ")]
    for severity in ("error", "warning", "info"):
        of_severity = [f for f in findings if f["severity"] == severity]
        if not of_severity:
            continue
        out.append("")
        out.append(f"{severity.upper()}S ({len(of_severity)})")
        by_object: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for finding in of_severity:
            key = finding["objects"][0] if finding.get("objects") else "design"
            by_object[key].append(finding)
        for obj, items in by_object.items():
            out.append(f"  {obj}")
            for finding in items:
                out.append(f"    [{finding['code']}] {finding['message']}")
                if finding.get("hint"):
                    out.append(f"      fix: {finding['hint']}")
    return "\n".join(out) + "\n"
