"""What a view shows about a rack: its figures and the share of its limits, read from
the live checker's caches (the same numbers the report and PDF print)."""

from __future__ import annotations

from dataclasses import dataclass

from designer.checks.findings import SEVERITY_ORDER
from designer.model.units import BTU_H_PER_W
from designer.i18n import Translator

# metric -> its name in the catalog (designer/ui/words.py)
METRICS = {"power": "metric.power", "heat": "metric.heat", "weight": "metric.weight", "findings": "metric.findings"}


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

    def tooltip(self, t: Translator) -> str:
        def of(value, limit, unit, digits=1):
            if limit:
                return t("figures.of_limit", value=t.num(value, digits), limit=t.num(limit, digits), unit=unit,
                         share=t.pct(value / limit))
            return t("figures.no_limit", value=t.num(value, digits), unit=unit)

        return "\n".join([
            t("figures.rack", name=self.name),
            t("figures.power", value=of(self.power_max_kw, self.budget_kw, "kW"), typical=t.num(self.power_typical_kw)),
            t("figures.heat", kw=t.num(self.power_max_kw), btu=t.int(self.heat_btu_h), air=t.num(self.heat_air_kw),
              liquid=t.num(self.heat_liquid_kw)),
            t("figures.weight", value=of(self.weight_kg, self.static_load_kg, "kg", 0)),
            t("figures.space", used=self.u_used, total=self.u_total, gpus=t.int(self.gpus)),
        ] + ([t("figures.worst", level=t(f"level.{self.worst}"))] if self.worst else []))


def worst_by_object(findings) -> dict[str, str]:
    """Each named object's worst finding severity (one pass, for a view of many racks)."""
    worst: dict[str, str] = {}
    for finding in findings:
        for name in finding.objects:
            known = worst.get(name)
            if known is None or SEVERITY_ORDER[finding.severity] < SEVERITY_ORDER[known]:
                worst[name] = finding.severity
    return worst


def rack_figures(doc, rack_name: str, worst_of: dict[str, str] | None = None) -> RackFigures:
    """``worst_of``: ``worst_by_object(doc.findings)`` when figures of many racks are
    wanted at once."""
    index = doc.index
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    load = doc.checker.ctx.rack_load(rack_name) if doc.checker else _load(index, rack_name)
    worst = (worst_of if worst_of is not None else worst_by_object(doc.findings)).get(rack_name)
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
