"""Building the compute fabric from the servers' compute ports, and the generic
dual-homed leaf-spine the storage and in-band builders (``build_side``) fall back to
(the catalog switch that needs the fewest boxes unless named)."""

from __future__ import annotations

from dataclasses import replace

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from designer.catalog import Catalog
from designer.errors import GenerationError
from designer.fabric import plan as fp
from designer.fabric.draft import CENTRAL, Draft, Resolved
from designer.fabric.generate_spec import GenerateSpec
from designer.fabric.wiring import Endpoint, wire_clos
from designer.i18n.templates import format_ratio
from designer.model.hardware import Breakout, DeviceType, PortGroup, lane_name
from designer.model.link import Fabric, FabricRole, Protocol

# how a side fabric's endpoints go onto leaves: (endpoints, lanes a leaf) -> leaf assignments
Assign = Callable[[list[Endpoint], int], list[fp.LeafAssignment]]


def endpoint_lanes(endpoint_speed: float, switch: DeviceType, what: str) -> int:
    """Endpoint lanes per physical down port; a split that disables the next port (NVIDIA
    SN4600C 4 x 25G) spreads its lanes over the two ports."""
    group = switch.main_fabric_group()
    assert group is not None
    if endpoint_speed == group.speed_gbps:
        return 1
    if endpoint_speed > group.speed_gbps:
        raise GenerationError(
            f"the {what} ports are {endpoint_speed:g}G but {switch.slug} ports are {group.speed_gbps:g}G",
            hint=f"choose a switch with {endpoint_speed:g}G or faster ports",
            key="compute_switch_slower" if what == "server compute" else None,
            figures={"switch": switch.slug, "switch_gbps": group.speed_gbps, "port_gbps": endpoint_speed},
        )
    breakout = group.breakout_to(endpoint_speed)
    if breakout is None:
        ways = ", ".join(f"{b.count} x {b.speed_gbps:g}G" for b in group.breakout) or "no breakout"
        raise GenerationError(
            f"{switch.slug} ports ({group.speed_gbps:g}G) cannot split into {endpoint_speed:g}G lanes for the "
            f"{what} ports ({ways})",
            hint=f"choose a switch with {endpoint_speed:g}G ports or a breakout to {endpoint_speed:g}G",
            key="compute_switch_no_split" if what == "server compute" else None,
            figures={"switch": switch.slug, "switch_gbps": group.speed_gbps, "port_gbps": endpoint_speed},
        )
    return breakout.count // 2 if breakout.disables_next_port else breakout.count


def _leaf_for(switch: DeviceType, lanes: int, ratio: float, single_switch_lanes: int | None) -> fp.LeafPorts:
    group = switch.main_fabric_group()
    assert group is not None
    if single_switch_lanes is not None and single_switch_lanes <= group.count * lanes:
        # Everything fits one switch: all of its ports face endpoints.
        return fp.LeafPorts(group.count, lanes, group.count, 0, group.speed_gbps, group.speed_gbps)
    return fp.leaf_ports(group.count, lanes, ratio, group.speed_gbps)


@dataclass
class ComputeOption:
    """One way to build the compute fabric from a switch model.

    ``planes``: independent fabrics a server's compute ports split across (a twin-plane
    NIC's 800G port as 2 x 400G, one lane to each plane); ``split``: the switches run at
    their split radix (an SN5600's 64 x 800G as 128 x 400G, up and down), the plan
    counting lanes as ports.
    """

    planes: int
    lane_speed_gbps: float
    server_split: Breakout | None
    split: Breakout | None
    leaf: fp.LeafPorts
    assignments: list[fp.LeafAssignment]
    unit_leaves: int
    plan: fp.TierPlan
    # a rack-scale system's leaves take whole racks' trays (``rack_units``); ``rail_groups``:
    # built as the DGX SuperPOD GB200 RA's rail groups under cores (``fp.plan_rail_groups``)
    rack_aligned: bool = False
    rail_groups: bool = False

    @property
    def switches(self) -> int:
        return self.planes * (self.plan.leaves + self.plan.spines + self.plan.cores)

    def rank(self) -> tuple[bool, bool, int, bool, int, int, bool]:
        # a twin-plane NIC cabled to both its planes wherever the switch takes its lanes
        # (NVIDIA: DGX SuperPOD B300 Spectrum-4 RA-11337-001 "Each GPU has 2x 400GbE connectivity
        # through two different planes"; the NVL72 AI Factory RA, as transcribed, is dual-plane at
        # every design point); the GB200 RA's rail groups where they are built; then fewest tiers,
        # leaves of whole racks (the RAs' NVL72 leaves), fewest switches, the planes a NIC splits
        # into, whole ports (fewer cables)
        return (self.planes != 2, not self.rail_groups, self.plan.tiers, not self.rack_aligned, self.switches,
                -self.planes, self.split is not None)


def _plan_compute(spec: GenerateSpec, server: DeviceType, switch: DeviceType, rails: int, nodes: int, speed: float,
                  planes: int, server_split: Breakout | None, split: Breakout | None,
                  rack_aligned: bool = False) -> ComputeOption:
    group = switch.main_fabric_group()
    assert group is not None
    single = rails * nodes if spec.tiers in ("auto", "1") else None
    if split is not None:
        radix = group.count * split.count
        if single is not None and single <= radix:
            leaf = fp.LeafPorts(radix, 1, radix, 0, speed, speed)
        else:
            leaf = fp.leaf_ports(radix, 1, spec.oversubscription, speed)
        lanes = 1
    else:
        lanes = endpoint_lanes(speed, switch, "server compute")
        leaf = _leaf_for(switch, lanes, spec.oversubscription, single)
    unit_size, group_units = rack_units(server, leaf.down_lanes) if rack_aligned else (None, None)
    if rack_aligned and (unit_size is None or not spec.rail_optimized or leaf.up_ports == 0):
        raise GenerationError("internal: no leaf of whole racks here")  # the other option stands
    if spec.rail_optimized and leaf.up_ports > 0:
        assignments, _su, unit_leaves = fp.assign_rail_optimized(nodes, rails, leaf.down_lanes, unit_size)
    elif leaf.up_ports == 0:
        assignments, unit_leaves = [fp.LeafAssignment([(e, p) for p in range(rails) for e in range(nodes)])], 1
    else:
        assignments, unit_leaves = fp.assign_packed([rails] * nodes, leaf.down_lanes), 1
    down_used = [math.ceil(len(a.ports) / lanes) for a in assignments]
    spine_radix = leaf.radix if split else None
    # a rack-scale system's leaves of whole racks: their uplinks split evenly over the spines,
    # on Ethernet in shares of one rack's uplinks (plan._spines_for)
    ethernet = switch.switch_protocol == "ethernet"
    racks = unit_size // server.rack_scale.compute_trays if unit_size and server.rack_scale and ethernet else 0
    units = math.ceil(len(assignments) / unit_leaves)
    # beyond one of the vendor's scalable units, at the RA's 1:1, InfiniBand rail groups under
    # cores (the DGX SuperPOD GB200 RA's compute fabric). More groups than cores join (past 16
    # units of QM9700): past what the RA builds, so no leaves of whole racks there either (three
    # generic tiers of filled leaves take a quarter fewer switches)
    if (group_units is not None and not ethernet and unit_leaves > 1 and abs(spec.oversubscription - 1) < 1e-9
            and ((spec.tiers == "auto" and units > group_units) or spec.tiers == "3")):
        plan = fp.plan_rail_groups(leaf, down_used, spec.oversubscription, unit_leaves, group_units, spine_radix)
        return ComputeOption(planes, speed, server_split, split, leaf, assignments, unit_leaves, plan,
                             rack_aligned=True, rail_groups=True)
    plan = fp.plan_tiers(leaf, down_used, spec.oversubscription, spec.tiers, unit_leaves,
                         spine_radix=spine_radix, exact=unit_size is not None, racks=racks)
    return ComputeOption(planes, speed, server_split, split, leaf, assignments, unit_leaves, plan,
                         rack_aligned=unit_size is not None)


# racks whose trays one rail leaf takes, largest first: powers of two, so that a unit of racks
# divides the 8-rack scalable units NVIDIA builds NVL72 fabrics by (DGX SuperPOD GB200: one
# rack's 18 trays per QM9700 leaf; NVL72 AI Factory Enterprise RA: two racks' 36 per SN5600 leaf)
_RACKS_PER_LEAF = (8, 4, 2, 1)


def rack_units(server: DeviceType, down_lanes: int) -> tuple[int | None, int | None]:
    """For a rack-scale system's compute trays (``designer.fabric.rack_scale``): the trays
    of one scalable unit, i.e. of the most whole racks one rail leaf takes, and how many such
    units make the vendor's scalable unit of racks (``rack_scale.scalable_unit_racks``; None:
    not stated). (None, None) for any other server, or where one rack's trays do not fit a
    leaf (a unit is then as many trays as a leaf has lanes)."""
    rs = server.rack_scale
    if rs is None or rs.compute_trays > down_lanes:
        return None, None
    su = rs.scalable_unit_racks
    racks = next(k for k in _RACKS_PER_LEAF
                 if k * rs.compute_trays <= down_lanes and (su is None or su % k == 0))
    return racks * rs.compute_trays, (su // racks if su else None)


def _compute_options(spec: GenerateSpec, server: DeviceType, switch: DeviceType,
                     nodes: int) -> Iterator[ComputeOption | GenerationError]:
    """Every way this switch can carry the servers' compute ports: whole ports, and on
    Ethernet the split radix and the planes of twin-plane NICs (NVIDIA DGX SuperPOD B300
    Spectrum-4 RA, RA-11337-001: each SN5600 as 128 x 400G, each GPU's 800G port as
    2 x 400G to two planes). Yields options or the error of the first that fails."""
    compute = server.ports_with_role("compute")
    group = switch.main_fabric_group()
    assert group is not None
    speed = compute[0].speed_gbps
    rails = sum(g.count for g in compute)
    ethernet = switch.switch_protocol == "ethernet"
    shapes: list[tuple[int, float, Breakout | None]] = [(1, speed, None)]
    if ethernet:
        for b in compute[0].breakout:
            if group.speed_gbps == b.speed_gbps or group.breakout_to(b.speed_gbps):
                shapes.append((b.count, b.speed_gbps, b))
    for planes, lane_speed, server_split in shapes:
        splits: list[Breakout | None] = [None]
        radix_split = group.breakout_to(lane_speed) if ethernet and lane_speed < group.speed_gbps else None
        if radix_split is not None and not radix_split.disables_next_port:  # (every port split: no port to disable)
            splits.append(radix_split)
        for split in splits:
            # a rack-scale system: leaves of whole racks (the RAs'), and leaves filled with trays
            # (where whole racks would need a tier more, or do not fit)
            for rack_aligned in ((True, False) if server.rack_scale is not None else (False,)):
                try:
                    yield _plan_compute(spec, server, switch, rails, nodes, lane_speed, planes, server_split, split,
                                        rack_aligned)
                except GenerationError as exc:
                    if not rack_aligned:
                        yield exc


def compute_options(spec: GenerateSpec, resolved: Resolved) -> list[ComputeOption]:
    """The ways the compute fabric can be built for ``resolved.nodes`` servers, or the
    capacity error that says what would work. Asked before any server is made: a count far
    beyond what the switch can connect is refused without building a million devices first
    (review: 1,000,000 DGX took 18 s and 2.4 GB to be refused)."""
    switch = resolved.compute_switch
    compute = resolved.server.ports_with_role("compute")
    speeds = {g.speed_gbps for g in compute}
    if len(speeds) > 1:
        raise GenerationError(f"{resolved.server.slug} has compute ports of several speeds; one is expected")
    rails = sum(g.count for g in compute)
    options: list[ComputeOption] = []
    errors: list[GenerationError] = []
    for found in _compute_options(spec, resolved.server, switch, resolved.nodes):
        if isinstance(found, GenerationError):
            errors.append(found)
        else:
            options.append(found)
    if not options:
        raise _capacity_error(errors[0], resolved, rails, endpoint_lanes(speeds.pop(), switch, "server compute"),
                              spec) from None
    return options


def compute_fabric(draft: Draft, resolved: Resolved, servers: list[Endpoint],
                   options: list[ComputeOption] | None = None) -> None:
    """``options``: ``compute_options`` of these servers, where the caller asked already."""
    spec = draft.spec
    switch = resolved.compute_switch
    if options is None or len(servers) != resolved.nodes:
        options = compute_options(spec, replace(resolved, nodes=len(servers)))
    best = min(options, key=ComputeOption.rank)
    draft.compute_rack_aligned = best.rack_aligned
    if best.rail_groups and spec.tiers == "auto":
        rs = resolved.server.rack_scale
        unit_racks = rs.scalable_unit_racks if rs is not None else None
        racks = len(servers) // rs.compute_trays if rs is not None else 0
        if unit_racks and racks % unit_racks:
            # a unit begun: its rail groups have the whole unit's spines and cores, the RA's
            # "design for the full SU"; two tiers would do for now
            fewer = "; --tiers 2 builds two tiers for now" if any(o.plan.tiers == 2 for o in options) else ""
            draft.notes.append(
                f"{racks} racks begin scalable unit {racks // unit_racks + 1} of {unit_racks} racks: the compute "
                f"fabric has that whole unit's spines and cores (NVIDIA's DGX SuperPOD RA builds by full unit: "
                f"{best.plan.spines} spines, {best.plan.cores} cores){fewer}")
    protocol: Protocol = "infiniband" if switch.switch_protocol == "infiniband" else "roce-v2"
    if spec.rail_optimized and best.leaf.up_ports > 0:
        for unit_index in range(max(a.unit for a in best.assignments) + 1):
            members = {e for a in best.assignments if a.unit == unit_index for e, _p in a.ports}
            for e in members:
                servers[e].group = f"su{unit_index + 1}"
    for plane in range(best.planes):
        name = "compute" if best.planes == 1 else f"compute-p{plane + 1}"
        endpoints = servers
        if best.server_split is not None:
            endpoints = [Endpoint(s.device, [lane_name(p, plane + 1) for p in s.ports], s.group) for s in servers]
            for s in servers:
                device = draft.devices[s.device]
                for p in s.ports:
                    device.port_breakouts[p] = best.server_split
        draft.fabrics.append(
            Fabric(name=name, role="compute", protocol=protocol, target_oversubscription=spec.oversubscription,
                   rail_optimized=spec.rail_optimized)
        )
        built = wire_clos(
            fabric=name,
            tag="cmp" if best.planes == 1 else f"cmp-p{plane + 1}",
            endpoints=endpoints,
            assignments=best.assignments,
            leaf_ports=best.leaf,
            plan=best.plan,
            leaf_type=switch,
            spine_type=switch,
            lane_speed_gbps=best.lane_speed_gbps,
            central_group=CENTRAL,
            split=best.split,
        )
        draft.add_built(built, [switch])
        draft.plans[name] = best.plan
    draft.plans.setdefault("compute", best.plan)


# the most compute ports a refusal's hint plans to find a limit (a lower bound past them)
HINT_PROBE_PORTS = 131_072


def _capacity_error(exc: GenerationError, resolved: Resolved, rails: int, lanes: int,
                    spec: GenerateSpec) -> GenerationError:
    """Restate a plan failure in nodes and GPUs, with what would work."""
    switch = resolved.compute_switch
    group = switch.main_fabric_group()
    assert group is not None
    # a rack-scale system's fabric is planned per compute tray (``resolved.server`` is one tray,
    # ``resolved.nodes`` the trays): the refusal counts what --nodes counts, the systems
    per = resolved.server.rack_scale.compute_trays if resolved.server.rack_scale is not None else 1
    gpus = (resolved.server.gpu_count or 0) * per
    nodes = resolved.nodes // per
    def max_nodes(ratio: float, tiers: int = 3, probe_ports: int | None = None) -> tuple[int, bool]:
        """The most servers (rack-scale: systems) the planner builds at this ratio in at most
        ``tiers`` tiers, and whether that is exact: asked of the planner itself (its options:
        split radix, twin planes, leaves of whole racks), not a formula that knows none of them
        (review 11: GB300 on SN5600 was refused at 114 racks with "at most 28", and 113 built).
        ``probe_ports``: the most compute ports a probe plans (a plan of 100,000 ports takes
        seconds); past them the count is a lower bound (exact False)."""
        trial = replace(spec, oversubscription=ratio, tiers={1: "1", 2: "2"}.get(tiers, "auto"))

        def fits(k: int) -> bool:
            return any(not isinstance(found, GenerationError)
                       for found in _compute_options(trial, resolved.server, switch, k * per))

        if not fits(1):
            return 0, True
        lo, hi = 1, 2
        while fits(hi):
            lo, hi = hi, hi * 2
            if probe_ports is not None and hi * per * rails > probe_ports:
                return lo, False
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if fits(mid) else (lo, mid)
        return lo, True

    def holds(ratio: float, tiers: int) -> str:
        most, exact = max_nodes(ratio, tiers, HINT_PROBE_PORTS)
        return f"{'' if exact else 'at least '}{most:,} nodes"

    if spec.tiers == "1":
        # one switch, every port facing servers: the one-tier limit, not the three-tier one
        hosts = group.count * lanes // max(1, rails)
        one, _exact = max_nodes(spec.oversubscription, 1)
        what = (f"({one * gpus:,} GPUs): {hosts:,} compute trays of {rails} compute ports, and one system has {per}"
                if per > 1 else f"({one * gpus:,} GPUs, {rails} compute ports each)")
        return GenerationError(
            f"{nodes:,} nodes ({nodes * gpus:,} GPUs) do not fit --tiers 1: one "
            f"{switch.slug} ({group.count} ports) holds at most {one:,} {resolved.server.slug} {what}",
            hint="use --tiers 2 (leaves and spines) or --tiers auto, or at most "
                 f"--nodes {one}" if one else "use --tiers 2 (leaves and spines) or --tiers auto",
            key="capacity_one_tier",
            figures={"nodes": nodes, "gpus": nodes * gpus, "switch": switch.slug,
                     "ports": group.count, "most": one, "most_gpus": one * gpus},
        )

    tiers = 2 if spec.tiers == "2" else 3
    best, _exact = max_nodes(spec.oversubscription, tiers)
    hints = []
    three = 0
    if tiers == 2:
        three, exact = max_nodes(spec.oversubscription, 3, HINT_PROBE_PORTS)
        hints.append(f"--tiers auto or 3 holds {'' if exact else 'at least '}{three:,} nodes")
    for ratio in (2.0, 3.0):
        if ratio > spec.oversubscription:
            hints.append(f"{format_ratio(ratio)} holds {holds(ratio, tiers)}")
    hints.append("a higher-radix switch (e.g. nvidia-q3400, 144 ports) holds more")
    return GenerationError(
        f"{nodes:,} nodes ({nodes * gpus:,} GPUs) exceed what {switch.slug} "
        f"({group.count} ports) can connect at {format_ratio(spec.oversubscription)}: at most {best:,} nodes "
        f"({best * gpus:,} GPUs) in {'two' if tiers == 2 else 'three'} tiers [{exc.message}]",
        hint="; ".join(hints),
        key="capacity_two_tiers" if tiers == 2 else "capacity_three_tiers",
        figures={"nodes": nodes, "gpus": nodes * gpus, "switch": switch.slug,
                 "ports": group.count, "ratio": format_ratio(spec.oversubscription), "most": best,
                 "most_gpus": best * gpus, "three_tiers": three},
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


def pick_switch(catalog: Catalog, protocol: str, speed: float, prefer: str | None, what: str) -> DeviceType:
    if prefer:
        return catalog.require_device(prefer, ("switch",), f"{what} switch")
    candidates = _switch_candidates(catalog, protocol, speed)
    if not candidates:
        raise GenerationError(
            f"the catalog has no {protocol} switch with {speed:g}G ports for the {what} fabric",
            hint=f"add one with --catalog, or name it with --{what}-switch",
            key="no_storage_switch" if what == "storage" else "no_side_switch",
            figures={"protocol": protocol, "speed": speed, "fabric": what},
        )
    # exact speed first, then the most ports (every candidate has a main group: _switch_candidates)
    groups = [(t.main_fabric_group(), t) for t in candidates]
    return min(((g, t) for g, t in groups if g is not None), key=lambda gt: (gt[0].speed_gbps != speed,
                                                                             -gt[0].count))[1]


@dataclass
class SidePlan:
    switch: DeviceType
    lanes: int
    leaf: fp.LeafPorts
    assignments: list[fp.LeafAssignment]
    plan: fp.TierPlan
    spine: DeviceType | None = None  # another model above an access leaf (None: the leaf's)

    @property
    def switch_count(self) -> int:
        return self.plan.leaves + self.plan.spines + self.plan.cores


def access_uplinks(switch: DeviceType) -> PortGroup | None:
    """An access switch's faster uplink ports (an SN2201's 4 x 100G above its 48 x 1G):
    its leaves reach the tier above through them, on a switch of their speed."""
    group, up = switch.main_fabric_group(), switch.uplink_group()
    if group is None or up is None or up.speed_gbps <= group.speed_gbps:
        return None
    return up


def _plan_side(endpoints: list[Endpoint], speed: float, switch: DeviceType, ratio: float,
               catalog: Catalog | None = None, protocol: str = "ethernet",
               assign: Assign | None = None) -> SidePlan:
    lanes = endpoint_lanes(speed, switch, "endpoint")
    total = sum(len(e.ports) for e in endpoints)
    # Endpoints with two or more ports are dual-homed to a leaf pair, never to one box.
    dual_homed = all(len(e.ports) >= 2 for e in endpoints)
    up = access_uplinks(switch)
    group = switch.main_fabric_group()
    if up is not None and catalog is not None and group is not None and (dual_homed or total > group.count * lanes):
        # access leaves (every access port down, the uplink ports up) under switches of
        # the uplinks' speed: 1GbE in-band ports of thousands of servers are not cabled
        # leaf to spine over 1G copper
        spine = pick_switch(catalog, protocol, up.speed_gbps, None, "spine")
        spine_group = spine.main_fabric_group()
        assert spine_group is not None
        leaf = fp.LeafPorts(group.count, lanes, group.count, up.count, group.speed_gbps, up.speed_gbps,
                            separate_uplinks=True)
        assignments = fp.assign_dual_homed([len(e.ports) for e in endpoints], leaf.down_lanes)
        down_used = [math.ceil(len(a.ports) / lanes) for a in assignments]
        plan = fp.plan_tiers(leaf, down_used, ratio, "auto", 2 if len(assignments) > 1 else 1,
                             spine_radix=spine_group.count)
        return SidePlan(switch, lanes, leaf, assignments, plan, spine)
    leaf = _leaf_for(switch, lanes, ratio, None if dual_homed else total)
    if leaf.up_ports == 0:
        assignments = [fp.LeafAssignment([(i, p) for i, e in enumerate(endpoints) for p in range(len(e.ports))])]
    elif assign is not None:
        assignments = assign(endpoints, leaf.down_lanes)
    else:
        assignments = fp.assign_dual_homed([len(e.ports) for e in endpoints], leaf.down_lanes)
    down_used = [math.ceil(len(a.ports) / lanes) for a in assignments]
    plan = fp.plan_tiers(leaf, down_used, ratio, "auto", 2 if len(assignments) > 1 else 1)
    if plan.uplinks_per_leaf > leaf.up_ports:
        # the plan counts the ports the busiest leaf leaves free as uplinks, the wiring starts
        # them after the leaf's last down port: leaves that use fewer down ports end their
        # down ports there (review 14: 4-lane in-band leaves using 50 of 51 down ports were
        # given 14 uplinks of 13, "port pool swp64 exhausted", GB200 --inband-oversubscription 4:1)
        busiest = max(down_used)
        leaf = fp.LeafPorts(leaf.radix, lanes, busiest, leaf.radix - busiest, leaf.down_speed_gbps,
                            leaf.up_speed_gbps)
        plan = fp.plan_tiers(leaf, down_used, ratio, "auto", 2 if len(assignments) > 1 else 1)
    return SidePlan(switch, lanes, leaf, assignments, plan)


def side_fabric(
    draft: Draft,
    catalog: Catalog,
    *,
    name: str,
    role: FabricRole,
    protocol: Protocol,
    endpoints: list[Endpoint],
    speed: float,
    prefer: str | None,
    ratio: float,
    tag: str,
    assign: Assign | None = None,
) -> None:
    """A storage or in-band fabric: endpoints dual-homed to leaf pairs, leaf-spine above.
    Unless the user names the switch, the catalog switch that needs the fewest boxes wins.
    ``assign``: how endpoints go onto leaves (endpoints, lanes a leaf), where not by ports
    (rack-scale systems' leaf pairs by scalable unit, ``build_side._pairs``)."""
    if not endpoints:
        return
    if prefer:
        chosen = _plan_side(endpoints, speed, catalog.require_device(prefer, ("switch",), f"{name} switch"), ratio,
                            catalog, protocol, assign)
    else:
        candidates = _switch_candidates(catalog, protocol, speed)
        plans = []
        for switch in candidates:
            try:
                plans.append(_plan_side(endpoints, speed, switch, ratio, catalog, protocol, assign))
            except GenerationError:
                continue
        if not plans:
            raise GenerationError(
                f"the catalog has no {protocol} switch that can carry the {name} fabric ({speed:g}G ports)",
                hint=f"add one with --catalog, or name it with --{name}-switch",
                key="no_storage_switch" if name == "storage" else "no_side_switch",
                figures={"protocol": protocol, "speed": speed, "fabric": name},
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
        spine_type=chosen.spine or chosen.switch,
        lane_speed_gbps=speed,
        central_group=CENTRAL,
    )
    draft.add_built(built, [chosen.switch, *([chosen.spine] if chosen.spine else [])])
    draft.plans[name] = chosen.plan
