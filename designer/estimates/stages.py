"""Growth stages: what each stage of a phased build contains, costs and adds.

Each stage lists what it contains (not what it adds): its devices are the devices in
its racks plus the devices it names; its racks are the racks it names plus any rack
holding a device it names (a device needs its rack). Stages are compared in the
order the design lists them: what a stage shares with the one before is reused, what
it has beyond it must be added, and anything the earlier stage had and this one
lacks is removed.

A stage's CAPEX is the hardware of its bill of materials: its devices, its racks and
the cables between two of its devices. Installation and facility costs belong to the
whole design and are not split across stages. A stage with unpriced parts has
``capex_complete`` false and lists them in ``missing_parts``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from designer.catalog import Catalog
from designer.estimates.bom import build_bom
from designer.estimates.missing import missing_parts
from designer.estimates.results import StageFigures
from designer.fabric.results import FabricAnalysis
from designer.model.design import Design
from designer.model.estimates import Stage
from designer.model.index import DesignIndex
from designer.model.loads import device_load

TIERS = ("leaf", "spine", "core")


def stage_members(index: DesignIndex, stage: Stage) -> tuple[list[str], list[str]]:
    """(device names, rack names) of a stage, in design order."""
    racks = set(stage.racks)
    devices = {d.name for rack in stage.racks for d in index.devices_by_rack.get(rack, ())}
    for name in stage.devices:
        devices.add(name)
        rack = index.devices[name].rack
        if rack is not None:
            racks.add(rack)
    return (
        [d.name for d in index.design.devices if d.name in devices],
        [r.name for r in index.design.racks if r.name in racks],
    )


def sub_design(design: Design, devices: Iterable[str], racks: Iterable[str]) -> Design:
    """The part of ``design`` a stage holds: its racks, devices and the links between them."""
    device_names, rack_names = set(devices), set(racks)
    return design.model_copy(update={
        "racks": [r for r in design.racks if r.name in rack_names],
        "devices": [d for d in design.devices if d.name in device_names],
        "links": [l for l in design.links if l.a.device in device_names and l.b.device in device_names],
        "stages": [],
    })


def switch_tiers(index: DesignIndex, analyses: Iterable[FabricAnalysis]) -> dict[str, tuple[str, str | None]]:
    """Switch -> (tier, fabric), from the fabric analyses (the cabling), else the device's own hints."""
    tiers: dict[str, tuple[str, str | None]] = {d.name: (d.tier, d.fabric) for d in index.design.devices
                                                if d.tier is not None}
    for analysis in analyses:
        for row in analysis.port_use:
            if row.tier in TIERS:
                tiers[row.switch] = (row.tier, analysis.name)
    return tiers


def _kinds(index: DesignIndex, names: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(index.type_of(index.devices[n]).kind for n in names).items()))


def _room_kw(index: DesignIndex, names: Iterable[str]) -> dict[str, float]:
    by_room: dict[str, float] = {}
    for name in names:
        device = index.devices[name]
        room = index.racks[device.rack].room if device.rack is not None else "(no rack)"
        by_room[room] = by_room.get(room, 0.0) + device_load(index, [device]).power_max_kw
    return by_room


def stage_figures(
    design: Design, index: DesignIndex, catalog: Catalog, tiers: dict[str, tuple[str, str | None]]
) -> list[StageFigures]:
    """The report's ``stages`` list."""
    rows: list[StageFigures] = []
    before_devices: list[str] = []
    before_racks: list[str] = []
    for stage in design.stages:
        devices, racks = stage_members(index, stage)
        load = device_load(index, (index.devices[n] for n in devices))
        part = sub_design(design, devices, racks)
        bom = build_bom(part, catalog, DesignIndex.build(part))
        previous, previous_racks = set(before_devices), set(before_racks)
        reused = [n for n in devices if n in previous]
        added = [n for n in devices if n not in previous]
        removed = [n for n in before_devices if n not in set(devices)]
        room_kw = _room_kw(index, devices)
        for room, kw in _room_kw(index, before_devices).items():
            room_kw[room] = room_kw.get(room, 0.0) - kw
        added_switches = Counter(tiers[n][0] for n in added if n in tiers)
        by_fabric: dict[str, dict[str, int]] = {}
        for name in added:
            if name in tiers:
                tier, fabric = tiers[name]
                counts = by_fabric.setdefault(fabric or "(none)", {t: 0 for t in TIERS})
                counts[tier] += 1
        rows.append({
            "name": stage.name,
            "date": stage.date,
            "description": stage.description,
            "gpus": load.gpus,
            "servers": load.count_by_kind.get("server", 0),
            "switches": load.count_by_kind.get("switch", 0),
            "storage_nodes": load.count_by_kind.get("storage", 0),
            "racks": len(racks),
            "rack_names": racks,
            "devices": len(devices),
            "power_max_kw": round(load.power_max_kw, 3),
            "power_typical_kw": round(load.power_typical_kw, 3),
            "capex": round(bom.total, 2),
            "unpriced_parts": [line.part for line in bom.unpriced],
            # ``capex`` counts the stage's unpriced parts as zero: a lower bound unless complete
            "capex_complete": not bom.unpriced,
            "missing_parts": missing_parts(bom),
            "reused": {
                "devices": len(reused),
                "devices_by_kind": _kinds(index, reused),
                "racks": [r for r in racks if r in previous_racks],
            },
            "added": {
                "devices": len(added),
                "devices_by_kind": _kinds(index, added),
                "switches_by_tier": {tier: added_switches.get(tier, 0) for tier in TIERS},
                "switches_by_fabric": dict(sorted(by_fabric.items())),
                "racks": [r for r in racks if r not in previous_racks],
                "room_power_increase_kw": round(sum(room_kw.values()), 3),
                "room_power_increase_kw_by_room": {room: round(kw, 3) for room, kw in sorted(room_kw.items())},
            },
            "removed": {
                "devices": len(removed),
                "devices_by_kind": _kinds(index, removed),
                "racks": [r for r in before_racks if r not in set(racks)],
            },
        })
        before_devices, before_racks = devices, racks
    return rows
