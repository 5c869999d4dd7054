"""Rack-scale systems (GB200 / GB300 NVL72) in ``designer new``.

Such a system is catalogued as one device that fills a rack (``rack_scale`` in its entry): 72 GPUs
in one NVLink domain, 18 compute trays with one scale-out NIC per GPU. NVLink ends at the rack; the
scale-out fabric is built per GPU port as for any server, with one difference: each compute tray
runs its own OS image (NVIDIA DGX GB Rack Scale Systems User Guide, "Compute Trays"), so the tray
is the host whose NIC ranks make the rails. Rail k takes NIC k of every tray (4 rails for a
4-GPU tray), as AMD's and NVIDIA's reference designs define rails by NIC rank on the host, and a
scalable unit holds as many trays as a leaf has downlinks. Without this a 72-port "server" would
need 72 rails and a 72-leaf unit.
"""

from __future__ import annotations

from dataclasses import replace

from designer.fabric.build_fabrics import compute_fabric as build_compute_fabric
from designer.fabric.draft import Draft, Resolved
from designer.fabric.wiring import Endpoint
from designer.model.hardware import DeviceType


def is_rack_scale(device_type: DeviceType) -> bool:
    return device_type.rack_scale is not None


def tray_type(system: DeviceType) -> DeviceType:
    """The system seen as one compute tray: its compute ports cut to one tray's share."""
    rs = system.rack_scale
    assert rs is not None
    groups = []
    for g in system.port_groups:
        if g.role == "compute":
            if g.count % rs.compute_trays:
                raise ValueError(f"{system.slug}: {g.count} compute ports do not split over {rs.compute_trays} trays")
            g = g.model_copy(update={"count": g.count // rs.compute_trays})
        groups.append(g)
    gpus = system.gpus.model_copy(update={"count": rs.gpus_per_tray}) if system.gpus else None
    return system.model_copy(update={"port_groups": groups, "gpus": gpus})


def tray_endpoints(system: DeviceType, endpoint: Endpoint) -> list[Endpoint]:
    """One endpoint per compute tray of a placed system: tray t has the t-th share of its ports."""
    rs = system.rack_scale
    assert rs is not None
    per_tray = len(endpoint.ports) // rs.compute_trays
    return [Endpoint(endpoint.device, endpoint.ports[t * per_tray:(t + 1) * per_tray], endpoint.group)
            for t in range(rs.compute_trays)]


def compute_fabric(draft: Draft, resolved: Resolved, systems: list[Endpoint]) -> None:
    """The scale-out compute fabric of rack-scale systems, built per compute tray; each system
    takes the placement group of its first tray."""
    trays = [t for s in systems for t in tray_endpoints(resolved.server, s)]
    build_compute_fabric(draft, replace(resolved, server=tray_type(resolved.server), nodes=len(trays)), trays)
    per_system = len(trays) // len(systems)
    for i, system in enumerate(systems):
        system.group = trays[i * per_system].group
    # A scalable unit of trays need not end at a rack: a unit whose first tray sits inside a system
    # of an earlier unit has no rack of its own, so its leaves stand with that system's unit.
    kept = {s.group for s in systems}
    moved: dict[str, str] = {}
    for j, tray in enumerate(trays):
        if tray.group not in kept:
            moved.setdefault(tray.group, systems[j // per_system].group)
    for name, group in draft.groups.items():
        if group in moved:
            draft.groups[name] = moved[group]
    _group_by_unit(draft, resolved.server, systems)


def _group_by_unit(draft: Draft, system: DeviceType, systems: list[Endpoint]) -> None:
    """Place the systems, and the leaves that serve them, by the vendor's scalable unit of racks
    (``rack_scale.scalable_unit_racks``: 8 DGX GB200 racks, NVIDIA's DGX SuperPOD GB200 RA), else
    by rows of racks (as servers that are not rail-optimized are grouped: a row's compute racks
    around its network racks). A leaf group of one or two racks (the leaves of whole racks) would
    otherwise have a network rack of its own beside every one or two compute racks: 8 network
    racks of 4 leaves each for one 8-rack GB200 unit, where one unit's leaves fill one or two."""
    rs = system.rack_scale
    assert rs is not None
    if not (draft.spec.rail_optimized and draft.plans["compute"].tiers > 1):
        return  # one switch, or not rail-optimized: generate() groups the systems by rows itself
    per_unit = rs.scalable_unit_racks or max(1, draft.spec.racks_per_row - 2)
    # a last unit of less than half a unit stands with the one before (its few leaves in that
    # unit's network racks, not a network rack of their own beside one or two systems)
    units = max(1, len(systems) // per_unit + (len(systems) % per_unit * 2 >= per_unit))
    renamed: dict[str, str] = {}
    for i, s in enumerate(systems):
        group = f"su{min(i // per_unit, units - 1) + 1}"
        renamed.setdefault(s.group, group)
        s.group = group
    for name, group in draft.groups.items():
        if group in renamed:
            draft.groups[name] = renamed[group]
