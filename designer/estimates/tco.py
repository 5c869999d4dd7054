"""Cost of ownership: build the cluster, or rent the same GPUs in the cloud.

CAPEX = hardware (the bill of materials) + installation + facility.
OPEX per year = energy + maintenance + staff + space, where
    energy      = IT load (typical kW) x utilisation x PUE x 8,760 h x price per kWh
    maintenance = maintenance share x CAPEX
Over a horizon of Y years with straight-line depreciation over D years:
    depreciation charged = CAPEX x min(Y, D) / D;   residual value = CAPEX - that
    build total          = depreciation charged + OPEX x Y      (the headline figure)
    build total, full    = CAPEX + OPEX x Y                     (the whole purchase in the horizon)
    cloud total          = price per GPU-hour x GPUs x 8,760 h x utilisation x Y

Both totals are linear in the utilisation u: build(u) = F + E u, cloud(u) = C u, with
F the fixed part (depreciation or CAPEX, maintenance, staff, space over Y years), E the
energy at full use and C the cloud bill at full use. Building is cheaper above
u* = F / (C - E); when C <= E, or u* > 1, building never wins.

An unpriced part counts as zero, so every figure that includes the CAPEX is then a lower
bound: the report marks CAPEX, OPEX (through maintenance), the build side and each
``by_utilization`` row ``complete: false`` with the ``missing_parts``, and states no
break-even (``break_even_status: capex_incomplete``); "building never wins" is still said,
as a price can only make building dearer.

Energy is counted for the utilised hours only: the idle draw of a cluster that is not
training is taken as negligible (or the cluster as powered down), a stated assumption.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from designer.estimates.bom import Bom
from designer.estimates.missing import missing_parts
from designer.estimates.results import CapexFigures, OpexFigures, TcoEstimate, UtilizationPoint
from designer.estimates.notes import Note, names, note, pue_source_english
from designer.model.design import Design
from designer.model.index import DesignIndex
from designer.model.loads import LoadSum, design_load, rack_load
from designer.model.units import HOURS_PER_YEAR

# Used when neither the cost inputs nor the rooms give a PUE: a typical figure for a
# modern air-cooled data hall (Uptime Institute surveys put the average near 1.5-1.6;
# new AI halls quote 1.2-1.4). Stated in the report's assumptions.
DEFAULT_PUE = 1.3
UTILIZATION_LEVELS = tuple(round(0.1 * i, 1) for i in range(1, 11))


@dataclass(frozen=True)
class Tco:
    """Inputs of the cost model, in the project's currency."""

    hardware: float
    installation: float
    facility: float
    it_load_kw: float
    pue: float
    energy_price_per_kwh: float
    maintenance_share_per_year: float
    staff_per_year: float
    space_per_year: float
    gpus: int
    cloud_price_per_gpu_hour: float
    horizon_years: int
    depreciation_years: int

    @property
    def capex(self) -> float:
        return self.hardware + self.installation + self.facility

    def energy_per_year(self, utilization: float) -> float:
        return self.it_load_kw * utilization * self.pue * HOURS_PER_YEAR * self.energy_price_per_kwh

    @property
    def maintenance_per_year(self) -> float:
        return self.maintenance_share_per_year * self.capex

    def opex_per_year(self, utilization: float) -> float:
        return self.energy_per_year(utilization) + self.maintenance_per_year + self.staff_per_year + self.space_per_year

    @property
    def depreciation_in_horizon(self) -> float:
        return self.capex * min(self.horizon_years, self.depreciation_years) / self.depreciation_years

    @property
    def residual_value(self) -> float:
        return self.capex - self.depreciation_in_horizon

    def build_total(self, utilization: float, full_capex: bool = False) -> float:
        charged = self.capex if full_capex else self.depreciation_in_horizon
        return charged + self.opex_per_year(utilization) * self.horizon_years

    def cloud_total(self, utilization: float) -> float:
        return self.cloud_price_per_gpu_hour * self.gpus * HOURS_PER_YEAR * utilization * self.horizon_years

    def break_even_utilization(self, full_capex: bool = False) -> float | None:
        """The utilisation above which building costs less than the cloud; None when it never does."""
        fixed = self.build_total(0.0, full_capex)
        energy_at_full = self.build_total(1.0, full_capex) - fixed
        cloud_at_full = self.cloud_total(1.0)
        if cloud_at_full <= energy_at_full:
            return None
        u = fixed / (cloud_at_full - energy_at_full)
        return u if u <= 1.0 else None


def design_pue(design: Design, index: DesignIndex) -> tuple[float, str]:
    """(PUE, where it comes from): the cost inputs, else the rooms' PUE weighted by the
    typical load of their racks (a room without one counts at ``DEFAULT_PUE``), else
    ``DEFAULT_PUE``."""
    pue, source, params = pue_and_source(design, index)
    return pue, pue_source_english(source, params)


def pue_and_source(design: Design, index: DesignIndex, rack_loads: Callable[[str], LoadSum] | None = None
                   ) -> tuple[float, str, dict[str, Any]]:
    """``design_pue`` with its source as a key of ``notes.PUE_SOURCES`` and that key's figures.
    ``rack_loads``: each rack's sum as the checks keep it (the same sums, added once)."""
    if design.estimates.cost.pue is not None:
        return design.estimates.cost.pue, "inputs", {}
    loads = rack_loads or partial(rack_load, index)
    load_kw = {
        room.name: sum(loads(rack.name).power_typical_kw for rack in index.racks_by_room.get(room.name, ()))
        for room in design.site.rooms
    }
    rooms = [r for r in design.site.rooms if load_kw[r.name] > 0] or list(design.site.rooms)
    given = [r for r in rooms if r.pue is not None]
    if not given:
        return DEFAULT_PUE, "default", {}
    weights = {r.name: load_kw[r.name] or 1.0 for r in rooms}
    pue = sum((r.pue if r.pue is not None else DEFAULT_PUE) * weights[r.name] for r in rooms) / sum(weights.values())
    if len(rooms) == 1:
        return pue, "room", {"room": given[0].name}
    params: dict[str, Any] = {"rooms": names(r.name for r in rooms)}
    missing = [r.name for r in rooms if r.pue is None]
    if not missing:
        return pue, "rooms", params
    return pue, "rooms_partial", {**params, "default": DEFAULT_PUE, "missing": names(missing)}


def tco_inputs(
    design: Design, index: DesignIndex, bom: Bom, it_load_kw: float, gpus: int,
    rack_loads: Callable[[str], LoadSum] | None = None,
) -> tuple[Tco, str, dict[str, Any]]:
    """The cost model's inputs, and where its PUE comes from (a ``PUE_SOURCES`` key and its figures)."""
    cost = design.estimates.cost
    pue, pue_source, pue_params = pue_and_source(design, index, rack_loads)
    return Tco(
        hardware=bom.total,
        installation=cost.installation_cost,
        facility=cost.facility_cost,
        it_load_kw=it_load_kw,
        pue=pue,
        energy_price_per_kwh=cost.energy_price_per_kwh,
        maintenance_share_per_year=cost.maintenance_share_per_year,
        staff_per_year=cost.staff_cost_per_year,
        space_per_year=cost.space_cost_per_year,
        gpus=gpus,
        cloud_price_per_gpu_hour=cost.cloud_price_per_gpu_hour,
        horizon_years=cost.horizon_years,
        depreciation_years=cost.depreciation_years,
    ), pue_source, pue_params


def _money(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _share(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _break_even_status(value: float | None, capex_complete: bool) -> str:
    """``stated``; ``never`` (building never wins: true whatever the unpriced parts cost, since
    a price can only raise the build side); or ``capex_incomplete``: a figure from a partial
    CAPEX would be too low, so none is stated."""
    if value is None:
        return "never"
    return "stated" if capex_complete else "capex_incomplete"


def tco_estimate(design: Design, index: DesignIndex, bom: Bom, load: LoadSum | None = None,
                 rack_loads: Callable[[str], LoadSum] | None = None) -> tuple[TcoEstimate, list[Note]]:
    """The report's ``tco`` block and its assumptions. ``load``: the design's ``design_load``
    when the caller has it; ``rack_loads`` as for ``pue_and_source``."""
    load = load if load is not None else design_load(index)
    tco, pue_source, pue_params = tco_inputs(design, index, bom, load.power_typical_kw, load.gpus, rack_loads)
    u = design.estimates.cost.utilization
    build = tco.build_total(u)
    cloud = tco.cloud_total(u)
    gpu_hours = tco.gpus * HOURS_PER_YEAR * u * tco.horizon_years
    unpriced = [line.part for line in bom.unpriced]
    missing = missing_parts(bom)
    complete = not missing
    # maintenance is a share of CAPEX: an incomplete CAPEX leaves OPEX incomplete too (unless that share is 0)
    opex_complete = complete or tco.maintenance_share_per_year == 0
    notes = [
        note(f"tco.pue.{pue_source}", pue=tco.pue, **pue_params),
        note("tco.energy"),
        note("tco.depreciation", years=tco.depreciation_years),
        note("tco.maintenance"),
        note("tco.cloud"),
    ]
    if unpriced:
        notes.append(note("tco.capex_partial", count=len(unpriced)))
    if bom.price_list_other_currency:
        notes.append(note("bom.price_other_currency", currency=bom.currency, parts=names(
            f"{slug} ({currency})" for slug, currency in bom.price_list_other_currency.items())))
    if bom.price_list_unknown_parts:
        notes.append(note("bom.price_unknown_part", parts=names(bom.price_list_unknown_parts)))
    break_even = tco.break_even_utilization()
    break_even_full = tco.break_even_utilization(full_capex=True)
    status, status_full = _break_even_status(break_even, complete), _break_even_status(break_even_full, complete)
    return TcoEstimate(
        capex=CapexFigures(
            hardware=_money(tco.hardware),
            installation=_money(tco.installation),
            facility=_money(tco.facility),
            total=_money(tco.capex),
            complete=complete,
            unpriced_parts=unpriced,
            missing_parts=missing,
        ),
        opex_per_year=OpexFigures(
            energy=_money(tco.energy_per_year(u)),
            maintenance=_money(tco.maintenance_per_year),
            staff=_money(tco.staff_per_year),
            space=_money(tco.space_per_year),
            total=_money(tco.opex_per_year(u)),
            complete=opex_complete,
            missing_parts=[] if opex_complete else missing,
        ),
        it_load_kw=round(tco.it_load_kw, 3),
        pue=round(tco.pue, 3),
        pue_source=pue_source_english(pue_source, pue_params),
        energy_price_per_kwh=tco.energy_price_per_kwh,
        energy_kwh_per_year=round(tco.it_load_kw * u * tco.pue * HOURS_PER_YEAR, 1),
        utilization=u,
        gpus=tco.gpus,
        cloud_price_per_gpu_hour=tco.cloud_price_per_gpu_hour,
        horizon_years=tco.horizon_years,
        depreciation_years=tco.depreciation_years,
        depreciation_in_horizon=_money(tco.depreciation_in_horizon),
        residual_value=_money(tco.residual_value),
        build_total=_money(build),
        build_total_full_capex=_money(tco.build_total(u, full_capex=True)),
        cloud_total=_money(cloud),
        build_cost_per_gpu_hour=_money(build / gpu_hours) if gpu_hours else None,
        break_even_utilization=_share(break_even) if status == "stated" else None,
        break_even_utilization_full_capex=_share(break_even_full) if status_full == "stated" else None,
        break_even_status=status,
        break_even_status_full_capex=status_full,
        complete=complete,
        missing_parts=missing,
        by_utilization=[
            UtilizationPoint(
                utilization=level,
                build_total=_money(tco.build_total(level)),
                build_total_full_capex=_money(tco.build_total(level, full_capex=True)),
                cloud_total=_money(tco.cloud_total(level)),
                complete=complete,
            )
            for level in UTILIZATION_LEVELS
        ],
    ), notes
