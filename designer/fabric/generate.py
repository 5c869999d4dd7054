"""``designer new``: a complete design from a few numbers.

Servers and their compute fabric first (rail-optimized fat tree sized by the switch
radix and the oversubscription ratio), then the storage, in-band and out-of-band
fabrics sized from the devices' ports, then racks within their power, weight and
U budgets, the floor layout, and every cable with its length and media. When the
inputs cannot be met it says why, with the limit and what would work, instead of
handing over a broken plan.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from designer.catalog import Catalog
from designer.errors import GenerationError
from designer.fabric import plan as fp
from designer.fabric.cabling import assign_cabling
from designer.fabric.placement import RackDraft, Reserve, face_for, fill, lay_out, per_rack_limit
from designer.fabric.wiring import BuiltFabric, Endpoint, wire_clos
from designer.model.design import Design, Project
from designer.model.device import Device
from designer.model.hardware import DeviceType, RackType
from designer.model.index import DesignIndex
from designer.model.link import Fabric, Link, LinkEnd
from designer.model.loads import device_power_w
from designer.model.rack import Feed, Rack
from designer.model.site import Room, Site

CENTRAL = "central"
STORAGE = "storage"


@dataclass
class GenerateSpec:
    server: str
    switch: str
    nodes: int | None = None
    gpus: int | None = None
    oversubscription: float = 1.0
    rail_optimized: bool = True
    tiers: str = "auto"
    storage: str | None = None
    storage_nodes: int = 0
    rack_power_kw: float = 40.0
    cooling: Literal["air", "liquid"] = "air"
    name: str | None = None
    customer: str | None = None
    author: str | None = None
    rack_type: str = "rack-42u-600"
    network_rack_type: str = "rack-42u-800"
    storage_switch: str | None = None
    inband_switch: str | None = None
    oob_switch: str = "nvidia-sn2201"
    oob_aggregation_switch: str | None = None
    pdu: str | None = None
    racks_per_row: int = 10
    storage_oversubscription: float = 1.0
    storage_ports_per_server: int | None = None  # None: every storage port
    inband_oversubscription: float = 2.0
    floor_load_kg_m2: float | None = None
    room_power_kw: float | None = None
    room_cooling_kw: float | None = None
    pue: float | None = None
    cold_aisle_mm: float = 1200.0
    hot_aisle_mm: float = 1200.0


@dataclass
class Resolved:
    server: DeviceType
    switch: DeviceType
    storage: DeviceType | None
    rack: RackType
    network_rack: RackType
    oob: DeviceType
    pdu: DeviceType | None
    nodes: int


@dataclass
class Draft:
    spec: GenerateSpec
    types: dict[str, DeviceType] = field(default_factory=dict)
    devices: dict[str, Device] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    fabrics: list[Fabric] = field(default_factory=list)
    groups: dict[str, str] = field(default_factory=dict)  # device -> placement group
    plans: dict[str, fp.TierPlan] = field(default_factory=dict)

    def add_type(self, device_type: DeviceType) -> None:
        self.types.setdefault(device_type.slug, device_type)

    def add_built(self, built: BuiltFabric, switch_types: list[DeviceType]) -> None:
        for t in switch_types:
            self.add_type(t)
        for switch in built.switches:
            self.devices[switch.name] = switch
        self.groups.update(built.groups)
        self.links.extend(built.links)


# ---------------------------------------------------------------- inputs


def resolve(spec: GenerateSpec, catalog: Catalog) -> Resolved:
    server = catalog.require_device(spec.server, ("server",), "server")
    if not server.ports_with_role("compute"):
        raise GenerationError(
            f"{server.slug} has no compute ports (port groups with role compute)",
            hint="choose a GPU server with fabric NICs, or add its compute ports in the catalog",
        )
    switch = catalog.require_device(spec.switch, ("switch",), "switch")
    if switch.main_fabric_group() is None:
        raise GenerationError(f"{switch.slug} has no fabric ports to build a fabric from")
    storage = catalog.require_device(spec.storage, ("storage",), "storage system") if spec.storage else None
    if spec.storage_nodes and storage is None:
        raise GenerationError("--storage-nodes needs --storage SLUG (the storage system to place)")
    if storage is not None and spec.storage_nodes < 1:
        raise GenerationError(f"--storage {storage.slug} needs --storage-nodes 1 or more")
    rack = catalog.rack_types.get(spec.rack_type) or _missing_rack(catalog, spec.rack_type)
    network_rack = catalog.rack_types.get(spec.network_rack_type) or _missing_rack(catalog, spec.network_rack_type)
    oob = catalog.require_device(spec.oob_switch, ("switch",), "out-of-band switch")
    pdu = catalog.require_device(spec.pdu, ("pdu",), "PDU") if spec.pdu else _default_pdu(catalog, spec.rack_power_kw)
    if spec.rack_power_kw <= 0 or not math.isfinite(spec.rack_power_kw):
        raise GenerationError(f"--rack-power-kw {spec.rack_power_kw:g} is not a power budget", hint="e.g. 40")
    for device_type in (server, storage):
        if device_type is not None and device_type.power.max_w is None and device_type.power.typical_w is None:
            raise GenerationError(
                f"{device_type.slug} has no published power figure in the catalog, so racks cannot be sized "
                f"to a {spec.rack_power_kw:g} kW budget",
                hint="add its maximum power from the vendor datasheet in a catalog file and pass it with --catalog",
            )
    nodes = _node_count(spec, server)
    return Resolved(server, switch, storage, rack, network_rack, oob, pdu, nodes)


def _missing_rack(catalog: Catalog, slug: str) -> RackType:
    choices = ", ".join(sorted(catalog.rack_types))
    raise GenerationError(f'unknown rack type "{slug}"', hint=f"use one of: {choices}")


def _default_pdu(catalog: Catalog, budget_kw: float) -> DeviceType | None:
    pdus = [t for t in catalog.device_types.values() if t.kind == "pdu" and t.pdu and t.pdu.capacity_kw]
    if not pdus:
        return None
    # the smallest PDU that carries a whole feed, else the largest (several per feed)
    carrying = [p for p in pdus if p.pdu.capacity_kw >= budget_kw]
    return min(carrying, key=lambda p: p.pdu.capacity_kw) if carrying else max(pdus, key=lambda p: p.pdu.capacity_kw)


def _node_count(spec: GenerateSpec, server: DeviceType) -> int:
    if (spec.nodes is None) == (spec.gpus is None):
        raise GenerationError("give either --nodes N or --gpus G")
    if spec.nodes is not None:
        if spec.nodes < 1:
            raise GenerationError(f"--nodes {spec.nodes}: at least one server is needed")
        return spec.nodes
    per_server = server.gpu_count
    if per_server < 1:
        raise GenerationError(f"{server.slug} lists no GPUs; use --nodes instead of --gpus")
    if spec.gpus < 1:
        raise GenerationError(f"--gpus {spec.gpus}: at least one GPU is needed")
    return math.ceil(spec.gpus / per_server)


# ---------------------------------------------------------------- fabrics


def _lanes(endpoint_speed: float, switch: DeviceType, what: str) -> int:
    group = switch.main_fabric_group()
    assert group is not None
    if endpoint_speed == group.speed_gbps:
        return 1
    if endpoint_speed > group.speed_gbps:
        raise GenerationError(
            f"the {what} ports are {endpoint_speed:g}G but {switch.slug} ports are {group.speed_gbps:g}G",
            hint=f"choose a switch with {endpoint_speed:g}G or faster ports",
        )
    breakout = group.breakout_to(endpoint_speed)
    if breakout is None:
        ways = ", ".join(f"{b.count} x {b.speed_gbps:g}G" for b in group.breakout) or "no breakout"
        raise GenerationError(
            f"{switch.slug} ports ({group.speed_gbps:g}G) cannot split into {endpoint_speed:g}G lanes for the "
            f"{what} ports ({ways})",
            hint=f"choose a switch with {endpoint_speed:g}G ports or a breakout to {endpoint_speed:g}G",
        )
    return breakout.count


def _leaf_for(switch: DeviceType, lanes: int, ratio: float, single_switch_lanes: int | None) -> fp.LeafPorts:
    group = switch.main_fabric_group()
    assert group is not None
    if single_switch_lanes is not None and single_switch_lanes <= group.count * lanes:
        # Everything fits one switch: all of its ports face endpoints.
        return fp.LeafPorts(group.count, lanes, group.count, 0, group.speed_gbps, group.speed_gbps)
    return fp.leaf_ports(group.count, lanes, ratio, group.speed_gbps)


def compute_fabric(draft: Draft, resolved: Resolved, servers: list[Endpoint]) -> None:
    spec = draft.spec
    switch = resolved.switch
    compute = resolved.server.ports_with_role("compute")
    speeds = {g.speed_gbps for g in compute}
    if len(speeds) > 1:
        raise GenerationError(f"{resolved.server.slug} has compute ports of several speeds; one is expected")
    speed = speeds.pop()
    rails = sum(g.count for g in compute)
    lanes = _lanes(speed, switch, "server compute")
    total_lanes = rails * len(servers)
    single = total_lanes if spec.tiers in ("auto", "1") else None
    leaf = _leaf_for(switch, lanes, spec.oversubscription, single)
    if spec.rail_optimized and leaf.up_ports > 0:
        assignments, su_size, unit_leaves = fp.assign_rail_optimized(len(servers), rails, leaf.down_lanes)
    elif leaf.up_ports == 0:
        assignments, unit_leaves = [fp.LeafAssignment([(e, p) for p in range(rails) for e in range(len(servers))])], 1
    else:
        assignments, unit_leaves = fp.assign_packed([rails] * len(servers), leaf.down_lanes), 1
    down_used = [math.ceil(len(a.ports) / lanes) for a in assignments]
    try:
        plan = fp.plan_tiers(leaf, down_used, spec.oversubscription, spec.tiers, unit_leaves)
    except GenerationError as exc:
        raise _capacity_error(exc, resolved, rails, lanes, spec) from None
    protocol = "infiniband" if switch.switch_protocol == "infiniband" else "roce-v2"
    draft.fabrics.append(
        Fabric(
            name="compute",
            role="compute",
            protocol=protocol,
            target_oversubscription=spec.oversubscription,
            rail_optimized=spec.rail_optimized,
        )
    )
    if spec.rail_optimized and leaf.up_ports > 0:
        for unit_index in range(max(a.unit for a in assignments) + 1):
            members = {e for a in assignments if a.unit == unit_index for e, _p in a.ports}
            for e in members:
                servers[e].group = f"su{unit_index + 1}"
    built = wire_clos(
        fabric="compute",
        tag="cmp",
        endpoints=servers,
        assignments=assignments,
        leaf_ports=leaf,
        plan=plan,
        leaf_type=switch,
        spine_type=switch,
        lane_speed_gbps=speed,
        central_group=CENTRAL,
    )
    draft.add_built(built, [switch])
    draft.plans["compute"] = plan


def _capacity_error(exc: GenerationError, resolved: Resolved, rails: int, lanes: int, spec: GenerateSpec) -> GenerationError:
    """Restate a plan failure in nodes and GPUs, with what would work."""
    group = resolved.switch.main_fabric_group()
    assert group is not None
    gpus = resolved.server.gpu_count or 0

    def max_nodes(ratio: float) -> int:
        leaf = fp.leaf_ports(group.count, lanes, ratio, group.speed_gbps)
        unit = rails if spec.rail_optimized else 1
        leaves = fp.max_three_tier_leaves(group.count, unit)
        if spec.rail_optimized:
            return leaves // rails * leaf.down_lanes
        return leaves * (leaf.down_lanes // rails)

    best = max_nodes(spec.oversubscription)
    hints = []
    for ratio in (2.0, 3.0):
        if ratio > spec.oversubscription:
            hints.append(f"{fp.format_ratio(ratio)} holds {max_nodes(ratio):,} nodes")
    hints.append("a higher-radix switch (e.g. nvidia-q3400, 144 ports) holds more")
    return GenerationError(
        f"{resolved.nodes:,} nodes ({resolved.nodes * gpus:,} GPUs) exceed what {resolved.switch.slug} "
        f"({group.count} ports) can connect at {fp.format_ratio(spec.oversubscription)}: at most {best:,} nodes "
        f"({best * gpus:,} GPUs) in three tiers [{exc.message}]",
        hint="; ".join(hints),
    )


def _switch_candidates(catalog: Catalog, protocol: str, speed: float) -> list[DeviceType]:
    found = []
    for t in catalog.device_types.values():
        group = t.main_fabric_group()
        if t.kind != "switch" or group is None or t.switch_protocol != protocol:
            continue
        if group.speed_gbps == speed or group.breakout_to(speed):
            found.append(t)
    return sorted(found, key=lambda t: t.slug)


def _pick_switch(catalog: Catalog, protocol: str, speed: float, prefer: str | None, what: str) -> DeviceType:
    if prefer:
        return catalog.require_device(prefer, ("switch",), f"{what} switch")
    candidates = _switch_candidates(catalog, protocol, speed)
    if not candidates:
        raise GenerationError(
            f"the catalog has no {protocol} switch with {speed:g}G ports for the {what} fabric",
            hint=f"add one with --catalog, or name it with --{what}-switch",
        )
    # exact speed first, then the most ports
    return min(candidates, key=lambda t: (t.main_fabric_group().speed_gbps != speed, -t.main_fabric_group().count))


@dataclass
class SidePlan:
    switch: DeviceType
    lanes: int
    leaf: fp.LeafPorts
    assignments: list[fp.LeafAssignment]
    plan: fp.TierPlan

    @property
    def switch_count(self) -> int:
        return self.plan.leaves + self.plan.spines + self.plan.cores


def _plan_side(endpoints: list[Endpoint], speed: float, switch: DeviceType, ratio: float) -> SidePlan:
    lanes = _lanes(speed, switch, "endpoint")
    total = sum(len(e.ports) for e in endpoints)
    # Endpoints with two or more ports are dual-homed to a leaf pair, never to one box.
    dual_homed = all(len(e.ports) >= 2 for e in endpoints)
    leaf = _leaf_for(switch, lanes, ratio, None if dual_homed else total)
    if leaf.up_ports == 0:
        assignments = [fp.LeafAssignment([(i, p) for i, e in enumerate(endpoints) for p in range(len(e.ports))])]
    else:
        assignments = fp.assign_dual_homed([len(e.ports) for e in endpoints], leaf.down_lanes)
    down_used = [math.ceil(len(a.ports) / lanes) for a in assignments]
    plan = fp.plan_tiers(leaf, down_used, ratio, "auto", 2 if len(assignments) > 1 else 1)
    return SidePlan(switch, lanes, leaf, assignments, plan)


def _side_fabric(
    draft: Draft,
    catalog: Catalog,
    *,
    name: str,
    role: str,
    protocol: str,
    endpoints: list[Endpoint],
    speed: float,
    prefer: str | None,
    ratio: float,
    tag: str,
) -> None:
    """A storage or in-band fabric: endpoints dual-homed to leaf pairs, leaf-spine above.
    Unless the user names the switch, the catalog switch that needs the fewest boxes wins."""
    if not endpoints:
        return
    if prefer:
        chosen = _plan_side(endpoints, speed, catalog.require_device(prefer, ("switch",), f"{name} switch"), ratio)
    else:
        candidates = _switch_candidates(catalog, protocol, speed)
        plans = []
        for switch in candidates:
            try:
                plans.append(_plan_side(endpoints, speed, switch, ratio))
            except GenerationError:
                continue
        if not plans:
            raise GenerationError(
                f"the catalog has no {protocol} switch that can carry the {name} fabric ({speed:g}G ports)",
                hint=f"add one with --catalog, or name it with --{name}-switch",
            )
        chosen = min(plans, key=lambda p: (p.switch_count, p.lanes, p.switch.slug))
    draft.fabrics.append(Fabric(name=name, role=role, protocol=protocol, target_oversubscription=ratio))
    built = wire_clos(
        fabric=name,
        tag=tag,
        endpoints=endpoints,
        assignments=chosen.assignments,
        leaf_ports=chosen.leaf,
        plan=chosen.plan,
        leaf_type=chosen.switch,
        spine_type=chosen.switch,
        lane_speed_gbps=speed,
        central_group=CENTRAL,
    )
    draft.add_built(built, [chosen.switch])
    draft.plans[name] = chosen.plan


def _endpoint_ports(device: Device, device_type: DeviceType, role: str, group_filter=None) -> list[str]:
    groups = device_type.ports_with_role(role)
    if group_filter:
        groups = group_filter(groups)
    return [p for g in groups for p in g.port_names()]


def _fastest(groups):
    if not groups:
        return []
    top = max(g.speed_gbps for g in groups)
    return [g for g in groups if g.speed_gbps == top]


# ---------------------------------------------------------------- racks


def _pdu_devices(resolved: Resolved, spec: GenerateSpec) -> list[tuple[str, DeviceType]]:
    """(feed, PDU type) per rack: enough PDUs on each of feeds A and B to carry the budget."""
    if resolved.pdu is None or resolved.pdu.pdu is None or not resolved.pdu.pdu.capacity_kw:
        return []
    per_feed = math.ceil(spec.rack_power_kw / resolved.pdu.pdu.capacity_kw - 1e-9)
    return [(feed, resolved.pdu) for feed in ("A", "B") for _ in range(per_feed)]


def _reserve(resolved: Resolved, spec: GenerateSpec) -> Reserve:
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
    reserve = _reserve(resolved, spec)
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
    return [(d.name, p) for d in rack.devices for p in _endpoint_ports(d, draft.types[d.device_type], "oob")]


def _oob_aggregation(draft: Draft, catalog: Catalog, resolved: Resolved, racks_estimate: int) -> list[tuple[Device, DeviceType]]:
    """Aggregation switches above the per-rack out-of-band switches (and, beyond one
    pair, two cores), sized for about ``racks_estimate`` racks."""
    uplink = resolved.oob.uplink_group()
    if uplink is None or racks_estimate < 2:
        return []
    agg_type = _pick_switch(catalog, "ethernet", uplink.speed_gbps, draft.spec.oob_aggregation_switch, "oob-aggregation")
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
            draft.links.append(_link(device, port, switch.name, f"{access.prefix}{n + 1}", "oob"))
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
            draft.links.append(_link(leaf.name, f"{uplink.prefix}{u + 1}", agg.name, take(agg), "oob"))
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
                    draft.links.append(_link(agg.name, take(agg), core.name, take(core), "oob"))


def _link(a_dev: str, a_port: str, b_dev: str, b_port: str, fabric: str) -> Link:
    return Link(a=LinkEnd(device=a_dev, port=a_port), b=LinkEnd(device=b_dev, port=b_port), fabric=fabric)


# ---------------------------------------------------------------- assembly


def generate(spec: GenerateSpec, catalog: Catalog) -> Design:
    resolved = resolve(spec, catalog)
    draft = Draft(spec)
    draft.add_type(resolved.server)
    width = max(3, len(str(resolved.nodes)))
    servers: list[Endpoint] = []
    for i in range(resolved.nodes):
        name = f"node{i + 1:0{width}d}"
        draft.devices[name] = Device(name=name, device_type=resolved.server.slug)
        servers.append(Endpoint(name, _endpoint_ports(draft.devices[name], resolved.server, "compute"), "g1"))
    single = resolved.nodes == 1
    if not single:
        compute_fabric(draft, resolved, servers)
    else:
        # One 8-GPU server: NVLink inside it is the whole GPU fabric (stage one of a cluster).
        draft.plans["compute"] = fp.TierPlan(1, 0, [], 0, 0, 0)
    # Non-rail designs group servers by rows of racks; rail-optimized ones by scalable unit.
    if not (spec.rail_optimized and draft.plans["compute"].tiers > 1):
        per_rack = per_rack_limit(resolved.server, resolved.rack, spec.rack_power_kw * 1000, _reserve(resolved, spec))
        per_group = per_rack * max(1, spec.racks_per_row - 2)
        for i, s in enumerate(servers):
            s.group = f"g{i // per_group + 1}"
    for s in servers:
        draft.groups[s.device] = s.group
    storage_names: list[str] = []
    if resolved.storage is not None:
        draft.add_type(resolved.storage)
        for i in range(spec.storage_nodes):
            name = f"storage{i + 1:02d}"
            draft.devices[name] = Device(name=name, device_type=resolved.storage.slug)
            draft.groups[name] = STORAGE
            storage_names.append(name)

    compute_protocol = draft.fabrics[0].protocol if draft.fabrics else (
        "infiniband" if resolved.switch.switch_protocol == "infiniband" else "roce-v2")
    if not (single and not storage_names):
        _storage_fabric(draft, catalog, resolved, servers, storage_names, compute_protocol)
        _inband_fabric(draft, catalog, resolved, servers, storage_names)

    groups = place_racks(draft, catalog, resolved, [s.device for s in servers], storage_names)
    groups = [g for g in groups if g]
    layout = lay_out(groups, spec.racks_per_row, spec.cold_aisle_mm, spec.hot_aisle_mm)
    add_pdus(draft, resolved, groups)
    uppers = [d for d in draft.devices.values() if d.fabric == "oob" and d.tier in ("spine", "core")]
    wire_oob(draft, resolved, groups, uppers)
    design = _assemble(draft, resolved, [r for g in groups for r in g], layout)
    index = DesignIndex.build(design)
    unreachable = assign_cabling(index, catalog.cabling)
    if unreachable:
        link = unreachable[0]
        raise GenerationError(
            f"{len(unreachable)} cables are longer than any catalog media reaches "
            f"(e.g. {link.a} to {link.b}, {link.length_m:.0f} m)",
            hint="use fewer racks per row, or add single-mode optics to the catalog",
        )
    return design


def _storage_fabric(draft, catalog, resolved, servers, storage_names, compute_protocol) -> None:
    server_ports = resolved.server.ports_with_role("storage")
    store_ports = resolved.storage.ports_with_role("storage") if resolved.storage else []
    if not server_ports and not store_ports:
        return
    speeds = {g.speed_gbps for g in server_ports + store_ports}
    speed = min(speeds)
    protocol = "infiniband" if compute_protocol == "infiniband" else "ethernet"
    per_server = draft.spec.storage_ports_per_server
    endpoints = [
        Endpoint(s.device, _endpoint_ports(draft.devices[s.device], resolved.server, "storage")[:per_server], s.group)
        for s in servers
    ]
    endpoints += [
        Endpoint(n, _endpoint_ports(draft.devices[n], resolved.storage, "storage"), STORAGE) for n in storage_names
    ]
    endpoints = [e for e in endpoints if e.ports]
    _side_fabric(
        draft, catalog, name="storage", role="storage", protocol=protocol, endpoints=endpoints, speed=speed,
        prefer=draft.spec.storage_switch, ratio=draft.spec.storage_oversubscription, tag="sto",
    )


def _inband_fabric(draft, catalog, resolved, servers, storage_names) -> None:
    groups = _fastest(resolved.server.ports_with_role("inband"))
    if not groups:
        return
    speed = groups[0].speed_gbps
    endpoints = [
        Endpoint(s.device, _endpoint_ports(draft.devices[s.device], resolved.server, "inband", _fastest), s.group)
        for s in servers
    ]
    if resolved.storage is not None:
        storage_groups = [g for g in _fastest(resolved.storage.ports_with_role("inband")) if g.speed_gbps <= speed]
        if storage_groups:
            if storage_groups[0].speed_gbps == speed:
                endpoints += [
                    Endpoint(n, [p for g in storage_groups for p in g.port_names()], STORAGE) for n in storage_names
                ]
    _side_fabric(
        draft, catalog, name="inband", role="inband", protocol="ethernet", endpoints=endpoints, speed=speed,
        prefer=draft.spec.inband_switch, ratio=draft.spec.inband_oversubscription, tag="inb",
    )


def _assemble(draft: Draft, resolved: Resolved, racks: list[RackDraft], layout) -> Design:
    spec = draft.spec
    lay = layout
    room = Room(
        name="Hall 1",
        width_mm=round(lay.width_mm),
        depth_mm=round(lay.depth_mm),
        floor_load_kg_m2=spec.floor_load_kg_m2,
        power_capacity_kw=spec.room_power_kw,
        cooling_air_kw=spec.room_cooling_kw if spec.cooling == "air" else None,
        cooling_liquid_kw=spec.room_cooling_kw if spec.cooling == "liquid" else None,
        pue=spec.pue,
        cold_aisle_mm=spec.cold_aisle_mm,
        hot_aisle_mm=spec.hot_aisle_mm,
    )
    budget = spec.rack_power_kw
    design_racks = []
    devices: list[Device] = []
    for draft_rack in racks:
        # Air: room air handlers carry the whole rack budget. Liquid: a coolant loop
        # (direct liquid cooling or a rear-door heat exchanger) carries it, with the
        # same air-side capacity for what devices still blow out.
        liquid = budget if spec.cooling == "liquid" else None
        design_racks.append(
            Rack(
                name=draft_rack.name,
                rack_type=draft_rack.rack_type.slug,
                room=room.name,
                row=draft_rack.row,
                x_mm=draft_rack.x_mm,
                y_mm=draft_rack.y_mm,
                facing=draft_rack.facing,
                power_budget_kw=budget,
                feeds=[Feed(name="A", capacity_kw=budget), Feed(name="B", capacity_kw=budget)],
                cooling_air_kw=budget,
                cooling_liquid_kw=liquid,
            )
        )
        for device in draft_rack.devices:
            device.rack = draft_rack.name
            devices.append(device)
    placed = {d.name for d in devices}
    missing = [n for n in draft.devices if n not in placed]
    if missing:
        raise GenerationError(f"internal: {len(missing)} devices were not placed (e.g. {missing[0]})")
    types_used = {d.device_type for d in devices}
    return Design(
        name=spec.name or f"{resolved.nodes} x {resolved.server.model}",
        project=Project(customer=spec.customer, author=spec.author),
        site=Site(name="Site", rooms=[room]),
        fabrics=draft.fabrics,
        racks=design_racks,
        devices=devices,
        links=draft.links,
        rack_types=sorted({r.rack_type.slug: r.rack_type for r in racks}.values(), key=lambda t: t.slug),
        device_types=[t for slug, t in sorted(draft.types.items()) if slug in types_used],
    )
