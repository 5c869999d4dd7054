"""Racks for the generated devices (PDUs on feeds A and B, an out-of-band switch at the
top of every rack) and the out-of-band network that ties those switches together."""

from __future__ import annotations

import math

from designer.catalog import Catalog
from designer.errors import GenerationError
from designer.fabric.build_fabrics import pick_switch
from designer.fabric.draft import CENTRAL, STORAGE, Draft, Resolved, endpoint_ports
from designer.fabric.generate_spec import GenerateSpec
from designer.fabric.placement import RackDraft, Reserve, face_for, fill, per_rack_limit
from designer.fabric.wiring import make_link
from designer.model.device import Device
from designer.model.hardware import DeviceType, RackType
from designer.model.link import Fabric
from designer.model.loads import device_power_w


def _pdu_devices(resolved: Resolved, spec: GenerateSpec) -> list[tuple[str, DeviceType]]:
    """(feed, PDU type) per rack: enough PDUs on each of feeds A and B to carry the budget."""
    if resolved.pdu is None or resolved.pdu.pdu is None or not resolved.pdu.pdu.capacity_kw:
        return []
    per_feed = math.ceil(spec.rack_power_kw / resolved.pdu.pdu.capacity_kw - 1e-9)
    return [(feed, resolved.pdu) for feed in ("A", "B") for _ in range(per_feed)]


def rack_reserve(resolved: Resolved, spec: GenerateSpec) -> Reserve:
    oob_w, _typ = device_power_w(resolved.oob)
    pdu_kg = sum(p.weight_kg or 0.0 for _f, p in _pdu_devices(resolved, spec))
    return Reserve(u=resolved.oob.u_height, power_w=oob_w, weight_kg=(resolved.oob.weight_kg or 0.0) + pdu_kg)


def place_racks(
    draft: Draft, catalog: Catalog, resolved: Resolved, server_names: list[str], storage_names: list[str]
) -> list[list[RackDraft]]:
    """Racks in layout groups. With several scalable units each has its own network
    rack in the middle of its compute racks (short leaf cables); spines, cores,
    storage and management switches share central network racks, which sit in the
    middle of the compute racks when there is only one unit."""
    spec = draft.spec
    budget_w = spec.rack_power_kw * 1000.0
    reserve = rack_reserve(resolved, spec)
    per_rack_limit(resolved.server, resolved.rack, budget_w, reserve)  # explains an impossible rack
    if resolved.storage is not None:
        per_rack_limit(resolved.storage, resolved.rack, budget_w, reserve)

    def new(kind: str, group: str, rack_type: RackType):
        return lambda: RackDraft(kind, group, rack_type, budget_w, reserve)

    def switches_in(*groups: str) -> list[tuple[Device, DeviceType]]:
        names = [n for n, g in draft.groups.items() if g in groups and n in draft.devices and _is_switch(draft, n)]
        return [(draft.devices[n], draft.types[draft.devices[n].device_type]) for n in names]

    group_order: list[str] = []
    for name in server_names:
        group = draft.groups.get(name, "g1")
        if group not in group_order:
            group_order.append(group)
    several = len(group_order) > 1
    compute_groups: list[list[RackDraft]] = []
    for group in group_order:
        members = [n for n in server_names if draft.groups.get(n, "g1") == group]
        compute: list[RackDraft] = []
        fill(compute, [(draft.devices[n], resolved.server) for n in members], new("compute", group, resolved.rack))
        network: list[RackDraft] = []
        if several:
            fill(network, switches_in(group), new("network", group, resolved.network_rack))
        half = math.ceil(len(compute) / 2)
        compute_groups.append(compute[:half] + network + compute[half:])
    storage_racks: list[RackDraft] = []
    if storage_names:
        fill(storage_racks, [(draft.devices[n], resolved.storage) for n in storage_names],
             new("storage", STORAGE, resolved.rack))
    central_switches = switches_in(CENTRAL, STORAGE, *([] if several else group_order))
    trial: list[RackDraft] = []
    fill(trial, central_switches, new("network", CENTRAL, resolved.network_rack))
    # every rack gets an out-of-band switch; size their aggregation for all racks
    # (one more in case the aggregation switches need a rack of their own)
    racks_total = sum(len(g) for g in compute_groups) + len(storage_racks) + len(trial)
    if racks_total >= 2:
        central_switches += _oob_aggregation(draft, catalog, resolved, racks_total + 1)
    central: list[RackDraft] = []
    fill(central, central_switches, new("network", CENTRAL, resolved.network_rack))
    if several:
        return [*compute_groups, central, storage_racks]
    only = compute_groups[0]
    half = math.ceil(len(only) / 2)
    return [only[:half] + central + only[half:], storage_racks]


def _is_switch(draft: Draft, name: str) -> bool:
    return draft.types[draft.devices[name].device_type].kind == "switch"


def add_pdus(draft: Draft, resolved: Resolved, groups: list[list[RackDraft]]) -> None:
    """Zero-U PDUs on feeds A and B of every rack (their weight is in each rack's reserve)."""
    pdus = _pdu_devices(resolved, draft.spec)
    if not pdus:
        return
    draft.add_type(resolved.pdu)
    for rack in (r for g in groups for r in g):
        counts: dict[str, int] = {}
        for feed, pdu_type in pdus:
            counts[feed] = counts.get(feed, 0) + 1
            device = Device(name=f"{rack.name}-pdu-{feed}{counts[feed]}", device_type=pdu_type.slug, feed=feed)
            rack.devices.append(device)
            draft.devices[device.name] = device


def _oob_ports(draft: Draft, rack: RackDraft) -> list[tuple[str, str]]:
    return [(d.name, p) for d in rack.devices for p in endpoint_ports(d, draft.types[d.device_type], "oob")]


def _oob_aggregation(draft: Draft, catalog: Catalog, resolved: Resolved, racks_estimate: int) -> list[tuple[Device, DeviceType]]:
    """Aggregation switches above the per-rack out-of-band switches (and, beyond one
    pair, two cores), sized for about ``racks_estimate`` racks."""
    uplink = resolved.oob.uplink_group()
    if uplink is None or racks_estimate < 2:
        return []
    agg_type = pick_switch(catalog, "ethernet", uplink.speed_gbps, draft.spec.oob_aggregation_switch, "oob-aggregation")
    draft.add_type(agg_type)
    # each rack switch takes one port on both switches of a pair; four go up to the cores
    pairs = math.ceil(racks_estimate / (agg_type.main_fabric_group().count - 4))
    names = [f"oob-agg{i + 1:02d}" for i in range(2 * pairs)] + (["oob-core01", "oob-core02"] if pairs > 1 else [])
    placed = []
    for name in names:
        device = Device(name=name, device_type=agg_type.slug, fabric="oob", tier="core" if "core" in name else "spine")
        draft.devices[name] = device
        draft.groups[name] = CENTRAL
        placed.append((device, agg_type))
    return placed


def wire_oob(draft: Draft, resolved: Resolved, groups: list[list[RackDraft]], uppers: list[Device]) -> None:
    """One out-of-band switch at the top of every rack for the BMC and management ports
    in it, uplinked to both switches of an aggregation pair."""
    oob = resolved.oob
    access = oob.main_fabric_group()
    if access is None:
        raise GenerationError(f"{oob.slug} has no access ports for the out-of-band fabric")
    draft.add_type(oob)
    leaves: list[Device] = []
    for rack in (r for g in groups for r in g):
        ports = _oob_ports(draft, rack)
        if not ports:
            continue
        if len(ports) > access.count:
            raise GenerationError(
                f"a rack has {len(ports)} management ports; {oob.slug} has {access.count}",
                hint="use fewer devices per rack or a larger out-of-band switch",
            )
        switch = Device(name=f"oob-{rack.name}", device_type=oob.slug, fabric="oob", tier="leaf")
        switch.position_u = rack.rack_type.u_height - oob.u_height + 1
        switch.face = face_for(oob)
        rack.devices.append(switch)
        leaves.append(switch)
        draft.devices[switch.name] = switch
        for n, (device, port) in enumerate(ports):
            draft.links.append(make_link(device, port, switch.name, f"{access.prefix}{n + 1}", "oob"))
    if not leaves:
        return
    draft.fabrics.append(Fabric(name="oob", role="oob", protocol="ethernet"))
    uplink = oob.uplink_group()
    aggs = [d for d in uppers if d.tier == "spine"]
    cores = [d for d in uppers if d.tier == "core"]
    if not aggs or uplink is None:
        return
    agg_group = draft.types[aggs[0].device_type].main_fabric_group()
    next_port = {d.name: 1 for d in uppers}

    def take(device: Device) -> str:
        port = f"{agg_group.prefix}{next_port[device.name]}"
        next_port[device.name] += 1
        return port

    leaves_per_pair = agg_group.count - 4
    if len(leaves) > leaves_per_pair * len(aggs) // 2:
        raise GenerationError(f"internal: {len(leaves)} out-of-band switches exceed their aggregation ({len(aggs)})")
    for i, leaf in enumerate(leaves):
        pair = aggs[2 * (i // leaves_per_pair) : 2 * (i // leaves_per_pair) + 2]
        for u, agg in enumerate(pair):
            draft.links.append(make_link(leaf.name, f"{uplink.prefix}{u + 1}", agg.name, take(agg), "oob"))
    if cores:
        # two links from every aggregation switch to each core while the cores have the ports
        per_core = 2 if 2 * len(aggs) <= agg_group.count else 1
        if len(aggs) * per_core > agg_group.count:
            raise GenerationError(
                f"{len(leaves)} racks exceed what one out-of-band core pair of {aggs[0].device_type} can aggregate",
                hint="split the design into several rooms or name a larger --oob-aggregation-switch",
            )
        for agg in aggs:
            for core in cores:
                for _ in range(per_core):
                    draft.links.append(make_link(agg.name, take(agg), core.name, take(core), "oob"))
