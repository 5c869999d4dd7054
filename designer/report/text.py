"""Plain-text renderings of the report for the terminal."""

from __future__ import annotations

from collections import defaultdict
from typing import Any


def _num(value: float | None, digits: int = 1, unit: str = "") -> str:
    if value is None:
        return "unknown"
    return f"{value:,.{digits}f}{unit}"


def format_report(report: dict[str, Any]) -> str:
    design = report["design"]
    totals = report["totals"]
    out = [f"Design: {design['name']}"]
    if design.get("customer"):
        out[0] += f"  (customer: {design['customer']})"
    out.append(
        f"  {totals['servers']} servers, {totals['gpus']} GPUs, {totals['switches']} switches, "
        f"{totals['storage_nodes']} storage nodes in {totals['racks']} racks; {totals['links']} links"
    )
    out.append(
        f"  power: {_num(totals['power_max_kw'])} kW maximum, {_num(totals['power_typical_kw'])} kW typical; "
        f"heat {_num(totals['heat_btu_h'], 0)} BTU/h; weight {_num(totals['weight_kg'], 0)} kg"
    )
    kinds = report["power_max_kw_by_kind"]
    out.append("  maximum power by kind: " + ", ".join(f"{k} {_num(v)} kW" for k, v in kinds.items()))
    out.append("")
    out.append(f"  {'RACK':<10} {'U':>7} {'MAX kW':>8} {'BUDGET':>8} {'BTU/h':>9} {'kg':>8}  GPUs")
    for rack in report["racks"]:
        budget = _num(rack["power_budget_kw"]) if rack["power_budget_kw"] else "-"
        out.append(
            f"  {rack['name']:<10} {rack['u_used']:>3}/{rack['u_total']:<3} {_num(rack['power_max_kw']):>8} "
            f"{budget:>8} {_num(rack['heat_btu_h'], 0):>9} {_num(rack['weight_kg'], 0):>8}  {rack['gpus']}"
        )
    for fabric in report.get("fabrics", []):
        out.append("")
        out.append(_fabric_line(fabric))
    if report.get("unknowns"):
        out.append("")
        for item in report["unknowns"]:
            out.append(f"  unknown: {item['figure']} is not published for {', '.join(item['device_types'])}")
    findings = report.get("findings", [])
    out.append("")
    out.append(_findings_summary(findings))
    return "\n".join(out) + "\n"


def _fabric_line(fabric: dict[str, Any]) -> str:
    switches = fabric.get("switches", {})
    over = fabric.get("oversubscription", {})
    return (
        f"  fabric {fabric['name']} ({fabric['role']}): {fabric.get('endpoints', 0)} endpoints, "
        f"{switches.get('leaf', 0)} leaf / {switches.get('spine', 0)} spine / {switches.get('core', 0)} core; "
        f"oversubscription leaf {_ratio(over.get('leaf'))}, spine {_ratio(over.get('spine'))}; "
        f"bisection {_num((fabric.get('bisection_gbps') or 0) / 1000, 1)} Tb/s"
    )


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}:1"


def _findings_summary(findings: list[dict[str, Any]]) -> str:
    counts = defaultdict(int)
    for f in findings:
        counts[f["severity"]] += 1
    return f"Findings: {counts['error']} errors, {counts['warning']} warnings, {counts['info']} notes"


def format_findings(findings: list[dict[str, Any]], design_name: str) -> str:
    """Findings grouped by severity, then by the object they concern."""
    out = [f"Checks of {design_name}: " + _findings_summary(findings).removeprefix("Findings: ")]
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
