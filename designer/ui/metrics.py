"""What a view shows about a rack: its figures and the share of its limits, read from
the live checker's caches (the same numbers the report and PDF print)."""

from __future__ import annotations

from dataclasses import dataclass

from designer.checks.findings import SEVERITY_ORDER
from designer.model.units import BTU_H_PER_W

METRICS = {"power": "Power (share of budget)", "heat": "Heat (share of cooling)",
           "weight": "Weight (share of static load)", "findings": "Worst finding"}


@dataclass
class RackFigures:
    name: str
    power_max_kw: float
    power_typical_kw: float
    budget_kw: float | None
    heat_air_kw: float
    heat_liquid_kw: float
    cooling_air_kw: float | None
    weight_kg: float
    static_load_kg: float | None
    u_used: int
    u_total: int
    gpus: int
    worst: str | None  # worst finding severity

    @property
    def heat_btu_h(self) -> float:
        return self.power_max_kw * 1000 * BTU_H_PER_W

    def share(self, metric: str) -> float | None:
        if metric == "power":
            return self.power_max_kw / self.budget_kw if self.budget_kw else None
        if metric == "heat":
            return self.heat_air_kw / self.cooling_air_kw if self.cooling_air_kw else None
        if metric == "weight":
            return self.weight_kg / self.static_load_kg if self.static_load_kg else None
        return None

    def tooltip(self) -> str:
        def of(value, limit, unit, digits=1):
            if limit:
                return f"{value:,.{digits}f} / {limit:,.{digits}f} {unit} ({value / limit:.0%})"
            return f"{value:,.{digits}f} {unit} (no limit set)"

        return "\n".join([
            f"Rack {self.name}",
            f"Power: {of(self.power_max_kw, self.budget_kw, 'kW')} max, {self.power_typical_kw:,.1f} kW typical",
            f"Heat: {self.power_max_kw:,.1f} kW = {self.heat_btu_h:,.0f} BTU/h (air {self.heat_air_kw:,.1f} kW,"
            f" liquid {self.heat_liquid_kw:,.1f} kW)",
            f"Weight: {of(self.weight_kg, self.static_load_kg, 'kg', 0)}",
            f"Space: {self.u_used} / {self.u_total} U, {self.gpus} GPUs",
        ] + ([f"Worst finding: {self.worst}"] if self.worst else []))


def rack_figures(doc, rack_name: str) -> RackFigures:
    index = doc.index
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    load = doc.checker.ctx.rack_load(rack_name) if doc.checker else _load(index, rack_name)
    worst = None
    for finding in doc.findings:
        if rack_name in finding.objects and (worst is None or SEVERITY_ORDER[finding.severity] < SEVERITY_ORDER[worst]):
            worst = finding.severity
    return RackFigures(
        name=rack_name,
        power_max_kw=load.power_max_kw,
        power_typical_kw=load.power_typical_kw,
        budget_kw=rack.power_budget_kw,
        heat_air_kw=load.heat_air_kw,
        heat_liquid_kw=load.heat_liquid_kw,
        cooling_air_kw=rack.cooling_air_kw,
        weight_kg=load.weight_kg,
        static_load_kg=rack_type.static_load_kg,
        u_used=load.u_used,
        u_total=rack_type.u_height,
        gpus=load.gpus,
        worst=worst,
    )


def _load(index, rack_name):
    from designer.model.loads import rack_load

    return rack_load(index, rack_name)
