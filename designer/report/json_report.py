"""The report: every figure the CLI, the window and the PDF show.

``report_parts`` gathers them as a typed :class:`Report` (fabric analyses, estimates, BOM
and findings as their own records; the racks, rooms, rows and totals as TypedDicts);
``build_report`` is its ``as_dict()``, which ``designer report FILE --json`` prints exactly.
Its keys are a public contract (users script against them): extend, never rename.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypedDict

from designer.catalog import Catalog, load_catalog
from designer.checks import Checker, checklist
from designer.checks.checklist import ChecklistAnswer
from designer.checks.context import CheckContext
from designer.checks.rack_rules import floor_area_m2
from designer.checks.findings import Finding
from designer.estimates.bom import Bom, build_bom
from designer.estimates.results import PlanningEstimates
from designer.estimates.summary import planning_estimates
from designer.fabric.scale_up import ScaleUpDomain, scale_up_domains
from designer.fabric.cable_counts import CableCount, TransceiverCount, cable_summary
from designer.fabric.results import FabricAnalysis
from designer.model.design import Design
from designer.model.index import DesignIndex
from designer.model.loads import LoadSum, design_load, enclosure_weight_kg, rack_load
from designer.model.supplied import SuppliedFigure, design_supplied_figures


class LoadFigures(TypedDict):
    power_max_kw: float | None
    power_typical_kw: float | None
    heat_kw: float | None
    heat_btu_h: float | None


class DesignInfo(TypedDict):
    name: str
    format_version: int
    customer: str | None
    author: str | None
    revision: str | None


class Totals(LoadFigures):
    servers: int  # every server, with GPUs or not (management and control-plane nodes too)
    gpu_servers: int  # the servers that carry GPUs: the cluster's nodes
    gpus: int
    switches: int
    storage_nodes: int
    racks: int
    devices: int
    links: int  # port-to-port connections (a splitter's legs and each twin-port cable's ports count one each)
    cables: int  # physical cables to buy and pull: the sum of ``cables`` (a 2-leg splitter is one)
    weight_kg: float | None
    equipment_weight_kg: float | None
    enclosure_weight_kg: float | None
    facility_power_kw: float | None  # None unless every room holding racks has a PUE


class PowerByKind(TypedDict):
    server: float | None
    switch: float | None
    storage: float | None
    other: float | None


class RackFigures(LoadFigures):
    name: str
    room: str
    row: str
    rack_type: str
    u_used: int
    u_total: int
    heat_air_kw: float | None
    heat_liquid_kw: float | None
    power_budget_kw: float | None
    weight_kg: float | None
    enclosure_weight_kg: float | None
    total_weight_kg: float | None
    static_load_kg: float | None
    gpus: int
    devices: int
    cooling_air_kw: float | None
    cooling_liquid_kw: float | None
    floor_load_kg_m2: float | None


class RoomFigures(LoadFigures):
    name: str
    width_mm: float
    depth_mm: float
    area_m2: float | None
    racks: int
    gpus: int
    heat_air_kw: float | None
    heat_liquid_kw: float | None
    weight_kg: float | None
    power_capacity_kw: float | None
    cooling_air_kw: float | None
    cooling_liquid_kw: float | None
    liquid_supply_c: float | None
    floor_load_rating_kg_m2: float | None
    pue: float | None
    facility_power_kw: float | None


class RowFigures(LoadFigures):
    room: str
    row: str
    racks: int
    gpus: int
    power_budget_kw: float | None
    weight_kg: float | None


class UnknownFigure(TypedDict):
    figure: str
    device_types: list[str]
    used_instead: str | None


@dataclass(frozen=True, slots=True)
class Report:
    """Every figure of a design; ``as_dict()`` is the ``report --json`` document, key for key."""

    design: DesignInfo
    totals: Totals
    power_max_kw_by_kind: PowerByKind
    racks: list[RackFigures]
    rooms: list[RoomFigures]
    rows: list[RowFigures]
    fabrics: list[FabricAnalysis]
    scale_up: list[ScaleUpDomain]
    cables: list[CableCount]
    transceivers: list[TransceiverCount]
    findings: list[Finding]
    checklist: list[ChecklistAnswer]
    unknowns: list[UnknownFigure]
    bom: Bom
    estimates: PlanningEstimates
    # figures the vendor does not publish that the user supplied (issue 11, item 6)
    supplied_figures: list[SuppliedFigure]

    def as_dict(self) -> dict[str, Any]:
        # copies (one level): the document is the caller's to change, the report stays as it was
        return {
            "design": dict(self.design),
            "totals": dict(self.totals),
            "power_max_kw_by_kind": dict(self.power_max_kw_by_kind),
            "racks": [dict(r) for r in self.racks],
            "rooms": [dict(r) for r in self.rooms],
            "rows": [dict(r) for r in self.rows],
            "fabrics": [f.as_dict() for f in self.fabrics],
            "scale_up": [dict(d) for d in self.scale_up],
            "cables": [dict(c) for c in self.cables],
            "transceivers": [dict(t) for t in self.transceivers],
            "findings": [f.as_dict() for f in self.findings],
            "checklist": [dict(c) for c in self.checklist],
            "unknowns": [dict(u) for u in self.unknowns],
            "bom": self.bom.as_dict(),
            "estimates": self.estimates.as_dict(),
            "supplied_figures": [f.as_dict() for f in self.supplied_figures],
        }


def physical_cables(cables: list[CableCount]) -> int:
    """The cables to buy and pull: one per row's count (a splitter or twin-port cable carrying
    several links is one; links without media or length are none). The BOM's cable lines are
    these rows, so this is also their sum."""
    return sum(row["count"] for row in cables)


def _r(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def load_figures(load: LoadSum) -> LoadFigures:
    return {
        "power_max_kw": _r(load.power_max_kw),
        "power_typical_kw": _r(load.power_typical_kw),
        "heat_kw": _r(load.heat_max_kw),
        "heat_btu_h": _r(load.heat_btu_h, 1),
    }


def rack_figures(index: DesignIndex, rack_name: str, ctx: CheckContext | None = None,
                 rack_loads: Callable[[str], LoadSum] | None = None) -> RackFigures:
    """``rack_loads``: each rack's sum as the checks keep it (``CheckContext.rack_load``),
    the same sum ``rack_load`` makes, so that a report adds up each rack once."""
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    load = (rack_loads or partial(rack_load, index))(rack_name)
    enclosure_kg = enclosure_weight_kg(index, rack_name)
    # The floor pressure the FLOOR_LOAD_OVER_LIMIT check measures (rack and contents
    # over its footprint plus half of each aisle), so the proposal shows the same figure.
    floor_kg_m2 = None
    if ctx is not None and rack.room in index.rooms:
        floor_kg_m2 = _r((load.weight_kg + enclosure_kg) / floor_area_m2(ctx, rack_name), 1)
    return {
        "name": rack.name,
        "room": rack.room,
        "row": rack.row,
        "rack_type": rack.rack_type,
        "u_used": load.u_used,
        "u_total": rack_type.u_height,
        **load_figures(load),
        "heat_air_kw": _r(load.heat_air_kw),
        "heat_liquid_kw": _r(load.heat_liquid_kw),
        "power_budget_kw": rack.power_budget_kw,
        "weight_kg": _r(load.weight_kg, 2),
        "enclosure_weight_kg": _r(enclosure_kg, 2),
        "total_weight_kg": _r(load.weight_kg + enclosure_kg, 2),
        "static_load_kg": rack_type.static_load_kg,
        "gpus": load.gpus,
        "devices": sum(load.count_by_kind.values()),
        # limits beside the figures they bound (None: not set in the design)
        "cooling_air_kw": rack.cooling_air_kw,
        "cooling_liquid_kw": rack.cooling_liquid_kw,
        "floor_load_kg_m2": floor_kg_m2,
    }


def room_figures(index: DesignIndex, room_name: str, rack_loads: Callable[[str], LoadSum] | None = None) -> RoomFigures:
    """A room's racks summed, beside the room's capacities (the ROOM_* checks' figures);
    ``rack_loads`` as for ``rack_figures``."""
    room = index.rooms[room_name]
    racks = index.racks_by_room.get(room_name, [])
    load = LoadSum()
    enclosures_kg = 0.0
    loads = rack_loads or partial(rack_load, index)
    for rack in racks:
        load.merge(loads(rack.name))
        enclosures_kg += enclosure_weight_kg(index, rack.name)
    return {
        "name": room.name,
        "width_mm": room.width_mm,
        "depth_mm": room.depth_mm,
        "area_m2": _r(room.floor_area_m2, 2),
        "racks": len(racks),
        "gpus": load.gpus,
        **load_figures(load),
        "heat_air_kw": _r(load.heat_air_kw),
        "heat_liquid_kw": _r(load.heat_liquid_kw),
        "weight_kg": _r(load.weight_kg + enclosures_kg, 2),
        "power_capacity_kw": room.power_capacity_kw,
        "cooling_air_kw": room.cooling_air_kw,
        "cooling_liquid_kw": room.cooling_liquid_kw,
        "liquid_supply_c": room.liquid_supply_c,
        "floor_load_rating_kg_m2": room.floor_load_kg_m2,
        "pue": room.pue,
        # what the facility draws for this IT load (None: the room's PUE is not set)
        "facility_power_kw": None if room.pue is None else _r(load.power_max_kw * room.pue),
    }


def row_figures(index: DesignIndex, rack_loads: Callable[[str], LoadSum] | None = None) -> list[RowFigures]:
    """Totals per row of racks (rooms and racks have their own tables); ``rack_loads`` as
    for ``rack_figures``."""
    loads = rack_loads or partial(rack_load, index)
    rows: dict[tuple[str, str], list] = {}
    for rack in index.design.racks:
        rows.setdefault((rack.room, rack.row), []).append(rack)
    figures: list[RowFigures] = []
    for (room, row), racks in rows.items():
        load = LoadSum()
        for rack in racks:
            load.merge(loads(rack.name))
        enclosures_kg = sum(enclosure_weight_kg(index, rack.name) for rack in racks)
        figures.append({
            "room": room,
            "row": row,
            "racks": len(racks),
            "gpus": load.gpus,
            **load_figures(load),
            "power_budget_kw": _r(sum(r.power_budget_kw or 0.0 for r in racks)),
            "weight_kg": _r(load.weight_kg + enclosures_kg, 2),
        })
    return figures


def unknown_figures(index: DesignIndex, load: LoadSum) -> list[UnknownFigure]:
    """Which published figures are missing, and what stands in for them."""
    rows: list[UnknownFigure] = []
    instead = {"power_max_w": "power.typical_w", "power_typical_w": "power.max_w"}
    for figure, slugs in sorted(load.unknown.items()):
        rows.append({"figure": figure, "device_types": sorted(slugs), "used_instead": instead.get(figure)})
    racks_without_weight = sorted({r.rack_type for r in index.design.racks if index.rack_type_of(r).weight_kg is None})
    if racks_without_weight:
        rows.append({"figure": "enclosure_weight_kg", "device_types": racks_without_weight, "used_instead": None})
    return rows


def build_report(
    design: Design, index: DesignIndex | None = None, checker: Checker | None = None, catalog: Catalog | None = None
) -> dict[str, Any]:
    """Everything about the design as the ``report --json`` document (``report_parts(...).as_dict()``)."""
    return report_parts(design, index, checker, catalog).as_dict()


def report_parts(
    design: Design, index: DesignIndex | None = None, checker: Checker | None = None, catalog: Catalog | None = None
) -> Report:
    """Everything about the design. A live ``checker`` (the window's) is reused: its
    fabric analyses and findings are already up to date. ``catalog`` supplies cables,
    optics and their prices (the bundled one when not given)."""
    index = index or DesignIndex.build(design)
    catalog = catalog or load_catalog(include_user=False)
    cabling = catalog.cabling
    if checker is None:
        checker = Checker(design, cabling, index)
    findings = checker.findings()
    # each rack's load as the checks summed it (the same sums), when they checked this index
    rack_loads = checker.ctx.rack_load if checker.ctx.index is index else None
    # the design's total from those racks' sums, as the window's status bar adds it up
    # (design_gpus_and_power_max_w): one way to the figure, and the devices added once
    total = design_load(index, rack_loads)
    cables, transceivers = cable_summary(index, cabling, checker.ctx.links if checker.ctx.index is index else None)
    bom = build_bom(design, catalog, index, (cables, transceivers))
    enclosures_kg = sum(enclosure_weight_kg(index, rack.name) for rack in design.racks)
    by_kind = total.count_by_kind
    kinds_w = total.power_max_w_by_kind

    def kind_kw(*kinds: str) -> float | None:
        return _r(sum(kinds_w.get(k, 0.0) for k in kinds) / 1000)

    rooms = [room_figures(index, room.name, rack_loads) for room in design.site.rooms]
    # facility power is known only when every room holding racks has a PUE
    facility = [r["facility_power_kw"] for r in rooms if r["racks"]]
    known = [kw for kw in facility if kw is not None]
    facility_kw = _r(sum(known)) if facility and len(known) == len(facility) else None

    return Report(
        design={
            "name": design.name,
            "format_version": design.format_version,
            "customer": design.project.customer,
            "author": design.project.author,
            "revision": design.project.revision,
        },
        totals={
            "servers": by_kind.get("server", 0),
            "gpu_servers": total.gpu_servers,
            "gpus": total.gpus,
            "switches": by_kind.get("switch", 0),
            "storage_nodes": by_kind.get("storage", 0),
            "racks": len(design.racks),
            "devices": len(design.devices),
            "links": len(design.links),
            "cables": physical_cables(cables),
            **load_figures(total),
            "weight_kg": _r(total.weight_kg + enclosures_kg, 2),
            "equipment_weight_kg": _r(total.weight_kg, 2),
            "enclosure_weight_kg": _r(enclosures_kg, 2),
            "facility_power_kw": facility_kw,
        },
        power_max_kw_by_kind={
            "server": kind_kw("server"),
            "switch": kind_kw("switch"),
            "storage": kind_kw("storage"),
            "other": kind_kw("other", "pdu"),
        },
        racks=[rack_figures(index, rack.name, checker.ctx, rack_loads) for rack in design.racks],
        rooms=rooms,
        rows=row_figures(index, rack_loads),
        fabrics=[checker.ctx.fabric_analysis(f.name) for f in design.fabrics],
        scale_up=scale_up_domains(index),
        cables=cables,
        transceivers=transceivers,
        findings=findings,
        checklist=checklist(design, findings),
        unknowns=unknown_figures(index, total),
        bom=bom,
        estimates=planning_estimates(checker.ctx, catalog, bom, total if checker.ctx.index is index else None),
        supplied_figures=design_supplied_figures(design),
    )
