"""The storage and in-band fabrics, built to the rules of NVIDIA's DGX SuperPOD RA.

Port use. A server cables the ports its catalog entry names for the fabric
(``fabric_ports``: the DGX H100/H200/B200 cable one port of each dual-port ConnectX-7
to storage and both 100GbE ports in-band, RA-11333-001 Appendix A Table 8: 254
storage transceivers and 254 in-band AOCs for 127 systems), unless the user asks for
another count. The switch model is the one the RA names for the fabric (the server's
``reference_switches``) unless the user names another.

Storage (RA-11333-001, Storage Fabric: "The storage devices are connected at a 1:1
port to uplink ratio. The DGX H100 system connections are slightly oversubscribed with
a ratio near 4:3"): servers dual-homed to leaf pairs at 4:3, storage systems on leaves
of their own at 1:1, the servers spread evenly over the fewest pairs; spines at least
one for every two leaves (the RA's compute and storage fabrics alike), as many as
share every leaf's uplinks equally. Control-plane endpoints (management nodes, UFM)
take free ports on the storage-system leaves (else the server leaves). Built only when the design has storage, or when
the user reserves it (``storage_fabric="reserved"``, leaves held for the storage
system ports named).

In-band (RA-11333-001 Table 8: 6 ISL cables, 24 leaf-core cables for 8 SN4600C):
endpoints dual-homed to MLAG leaf pairs (two peer-link cables a pair), each leaf two
links to each of two core switches; a cluster that outgrows two cores gets the generic
leaf-spine fabric of the same switch model.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from designer.catalog import Catalog
from designer.errors import GenerationError
from designer.fabric import plan as fp
from designer.fabric.build_fabrics import access_uplinks, endpoint_lanes, pick_switch, side_fabric
from designer.fabric.draft import CENTRAL, STORAGE, Draft, Resolved
from designer.i18n.templates import format_ratio
from designer.fabric.wiring import BuiltFabric, Endpoint, PortPool, make_link, wire_leaf_down
from designer.model.device import Device
from designer.model.hardware import Breakout, DeviceType, PortGroup, lane_name, split_lane
from designer.model.link import Fabric, Link, Protocol

# a free endpoint port on a leaf: (leaf, port, splitter cable id, physical port, breakout)
LeafSlot = tuple[Device, str, str | None, str | None, Breakout | None]

SERVER_LEAF_RATIO = 4 / 3  # RA-11333-001 Storage Fabric: "a ratio near 4:3"
LEAVES_PER_SPINE = 2  # RA-11333-001 Table 4: 8 leaves / 4 spines per SU
INBAND_CORES = 2
INBAND_LINKS_PER_CORE = 2  # RA-11333-001 Table 8: 24 leaf-core cables for 6 leaves
INBAND_ISL_PER_PAIR = 2  # RA-11333-001 Table 8: 6 ISL cables for 3 leaf pairs


def fabric_ports(device_type: DeviceType, role: str, count: int | None = None) -> list[str]:
    """The ports a device cables to a fabric role, in order: those its catalog entry
    names first, then the others of that role at the same speed; ``count`` of them
    (default: the named ones, else all). An empty list names none: no port."""
    given = next((ports for r, ports in device_type.fabric_ports.items() if r == role), None)
    if given is not None and not given:
        return []  # named as none: the design cables none of them there (as the checks read it)
    named = list(given or [])
    groups = device_type.ports_with_role(role)
    if not groups:
        return []
    if named:
        speed = device_type.group_of(named[0]).speed_gbps
    else:
        speed = max(g.speed_gbps for g in groups)
    rest = [p for g in groups if g.speed_gbps == speed for p in g.port_names() if p not in named]
    ordered = named + rest
    if count is None:
        count = len(named) if named else len(ordered)
    return ordered[:max(0, count)]


def reference_switch(catalog: Catalog, resolved: Resolved, role: str, protocol: str, prefer: str | None,
                     speed: float) -> DeviceType:
    """The user's switch, else the one the server's RA names (when it runs this protocol),
    else the catalog switch picked by port speed."""
    if prefer:
        return catalog.require_device(prefer, ("switch",), f"{role} switch")
    slug = next((s for r, s in resolved.server.reference_switches.items() if r == role), None)
    if slug and slug in catalog.device_types:
        candidate = catalog.device_types[slug]
        if (candidate.switch_protocol or "ethernet") == protocol:
            return candidate
    return pick_switch(catalog, protocol, speed, None, role)


@dataclass
class LeafGroup:
    """Endpoints that share one kind of leaf: dual-homed over pairs, spread evenly."""

    endpoints: list[Endpoint]
    ratio: float
    reserved_lanes: int = 0  # lanes held for endpoints not yet in the design


def _balanced_pairs(port_counts: list[int], lanes_per_leaf: int, reserved: int = 0) -> list[fp.LeafAssignment]:
    """Endpoints dual-homed (port p to leaf p % 2 of a pair) over the fewest leaf pairs,
    the same number on each pair."""
    total = sum(math.ceil(c / 2) for c in port_counts) + math.ceil(reserved / 2)
    if total == 0:
        return []
    pairs = max(1, math.ceil(total / lanes_per_leaf))
    halves = [math.ceil(c / 2) for c in port_counts]

    def overfilled(pairs: int) -> bool:
        per_pair = math.ceil(len(halves) / pairs)
        return any(sum(halves[s:s + per_pair]) > lanes_per_leaf for s in range(0, len(halves), per_pair))

    # the same number of endpoints on each pair can overfill one where the count does not
    # divide (64 NVL72 racks of 18 in-band lanes a leaf over 5 pairs: 13 racks, 234 lanes on
    # 232): one pair more until each fits
    while pairs < len(port_counts) and overfilled(pairs):
        pairs += 1
    leaves: list[fp.LeafAssignment] = []
    per_pair = math.ceil(len(port_counts) / pairs) if port_counts else 0
    for pair in range(pairs):
        a, b = fp.LeafAssignment(unit=pair), fp.LeafAssignment(unit=pair)
        for endpoint in range(pair * per_pair, min(len(port_counts), (pair + 1) * per_pair)):
            for p in range(port_counts[endpoint]):
                (a if p % 2 == 0 else b).ports.append((endpoint, p))
        leaves += [a, b]
    return leaves


def mark_in_rack_copper(draft: Draft) -> None:
    """The user's ``--in-rack-copper`` on every fabric of the draft (``Fabric.in_rack_copper``,
    read by ``designer.fabric.cabling.needs_optics``); without it the fabrics keep the
    default, cabled as their reference architecture does. Called once every fabric is built
    and before the cables are planned, so the file records the choice they were planned with."""
    if draft.spec.in_rack_copper:
        for fabric in draft.fabrics:
            fabric.in_rack_copper = True


def format_speeds(speeds: Iterable[float]) -> str:
    """Port speeds as the notes say them: "100", "25/100"."""
    return "/".join(f"{v:g}" for v in sorted(set(speeds)))


def _pairs(endpoints: list[Endpoint], lanes_per_leaf: int, resolved: Resolved,
           systems: int | None = None) -> list[fp.LeafAssignment]:
    """``_balanced_pairs`` over the endpoints; beside rack-scale systems, over each scalable
    unit of them in turn, and the endpoints after the first ``systems`` (management nodes,
    storage systems) on pairs of their own. The DGX SuperPOD GB200 RA lays its Ethernet leaf
    layer out per SU (RA-11338-001 4.3: per SU a spine pair over the leaves facing the compute
    trays, and "One additional pair of SN5600 switches serves as the ingestion point for Storage
    Appliances and control plane nodes"). A unit is at most ``rack_scale.scalable_unit_racks``
    systems of whole placement groups (the vendor's scalable unit, else a row), a larger group
    cut into such units: a pair serving racks of two units stood in one and ran 40 m fibres to
    the other (128 racks), past the 30 m of the 1:2 splitter fibre a 4 x 200G cage takes."""
    counts = [len(e.ports) for e in endpoints]
    rack_scale = resolved.server.rack_scale
    if rack_scale is None or sum(math.ceil(c / 2) for c in counts) <= lanes_per_leaf:
        # every endpoint on one pair: that pair alone, as the storage fabric's (one NVL72 rack
        # and its control plane took 4 leaves and 2 cores)
        return _balanced_pairs(counts, lanes_per_leaf)
    systems = len(endpoints) if systems is None else systems
    most = rack_scale.scalable_unit_racks or systems or 1
    # placement groups in order: whole groups share a unit while it holds at most ``most``
    # systems (rows of one system each); a larger group is cut into units of ``most``
    groups: list[tuple[int, int]] = []
    start = 0
    while start < systems:
        end = start
        while end < systems and endpoints[end].group == endpoints[start].group:
            end += 1
        groups += [(s, min(s + most, end)) for s in range(start, end, most)]
        start = end
    units: list[tuple[int, int]] = []
    for start, end in groups:
        if units and units[-1][1] == start and end - units[-1][0] <= most:
            units[-1] = (units[-1][0], end)
        else:
            units.append((start, end))
    if systems < len(endpoints):
        units.append((systems, len(endpoints)))
    found: list[fp.LeafAssignment] = []
    for start, end in units:
        for leaf in _balanced_pairs(counts[start:end], lanes_per_leaf):
            leaf.ports = [(start + e, p) for e, p in leaf.ports]
            leaf.unit = len(found) // 2
            found.append(leaf)
    return found


def _even_cages(leaves: list[fp.LeafAssignment], cap: int) -> None:
    """Dual-homed endpoints of two ports each moved so that every leaf of ``leaves`` (pairs,
    as ``_balanced_pairs`` makes them) takes an even number of ports where that can be done
    within ``cap`` ports a leaf: a leaf whose twin-port cages (two switch ports to a cage)
    take an odd count leaves one cage half-used, a module bought for one port. NVIDIA's
    RA-11333-001 Appendix A Table 8 counts 127 switch cages for the 254 DGX storage ports of
    127 DGX H100 (two to a cage). Two pairs of an odd count of endpoints: one endpoint moves
    from the fuller to the other. An odd pair left over (an odd count of endpoints in all):
    one of its endpoints takes the first leaf of the pair before it in place of its own,
    whose endpoint there moves onto the pair's second leaf; every endpoint stays on two
    leaves, the pair's leaves take one port fewer and one more. Endpoints of any other shape
    are left as they are."""
    pairs = [(leaves[i], leaves[i + 1]) for i in range(0, len(leaves) - 1, 2)]
    for a, b in pairs:
        if ([e for e, p in a.ports] != [e for e, p in b.ports] or any(p != 0 for _e, p in a.ports)
                or any(p != 1 for _e, p in b.ports)):
            return
    odd = [pair for pair in pairs if len(pair[0].ports) % 2]
    while len(odd) >= 2:
        odd.sort(key=lambda pair: len(pair[0].ports))
        small, full = odd.pop(0), odd.pop()
        if len(small[0].ports) + 1 > cap:
            return
        for leaf_from, leaf_to in zip(full, small):
            leaf_to.ports.append(leaf_from.ports.pop())
    if not odd or len(odd[0][0].ports) + 1 > cap:
        return
    own_a, own_b = odd[0]
    at = pairs.index(odd[0])
    other_a, other_b = pairs[at - 1] if at > 0 else (pairs[1] if len(pairs) > 1 else (None, None))
    if other_a is None or other_b is None or not other_a.ports:
        return
    moved = own_a.ports.pop()  # (s, 0): to the other pair's first leaf
    other_port = other_a.ports.pop()  # (t, 0): onto this pair's second leaf
    other_a.ports.append(moved)
    own_b.ports.append(other_port)


def storage_fabric(draft: Draft, catalog: Catalog, resolved: Resolved, servers: list[Endpoint],
                   storage_names: list[str], compute_protocol: str, control: list[Endpoint]) -> bool:
    """Returns whether a storage fabric was built."""
    spec = draft.spec
    server_ports = {s.device: fabric_ports(resolved.server, "storage", spec.storage_ports_per_server) for s in servers}
    store_ports = fabric_ports(resolved.storage, "storage") if resolved.storage is not None else []
    reserved = spec.reserved_storage_ports if spec.storage_fabric == "reserved" else 0
    if spec.storage_fabric == "none" or not any(server_ports.values()):
        return False
    if not storage_names and not reserved:
        return False  # no storage to serve: no storage fabric (RA: sized to the storage array)
    protocol: Protocol = "infiniband" if compute_protocol == "infiniband" else "ethernet"
    server_speed = resolved.server.group_of(next(p for ps in server_ports.values() for p in ps)).speed_gbps
    switch = reference_switch(catalog, resolved, "storage", protocol, spec.storage_switch, server_speed)
    group = switch.main_fabric_group()
    assert group is not None
    radix = group.count
    server_eps = [Endpoint(s.device, server_ports[s.device], s.group) for s in servers if server_ports[s.device]]
    # the user's ratio (1:1 too: it stood for "the RA's" and was built 4:3), else the server's
    # reference design's, else the DGX SuperPOD RA's
    ratio = spec.storage_oversubscription or resolved.server.reference_storage_oversubscription or SERVER_LEAF_RATIO
    server_leaf = fp.leaf_ports(radix, endpoint_lanes(server_speed, switch, "server storage"), ratio, group.speed_gbps)
    server_leaves = _pairs(server_eps, server_leaf.down_lanes, resolved)
    balanced = [len(a.ports) for a in server_leaves]
    if server_leaf.lanes == 1 and group.ports_per_cage == 2:
        _even_cages(server_leaves, server_leaf.down_lanes)
    store_speed = resolved.storage.group_of(store_ports[0]).speed_gbps if store_ports and resolved.storage else (
        spec.reserved_storage_port_gbps)
    store_lanes = endpoint_lanes(store_speed, switch, "storage system")
    store_leaf = fp.leaf_ports(radix, store_lanes, 1.0, group.speed_gbps)
    store_eps = [Endpoint(n, list(store_ports), STORAGE) for n in storage_names]
    fabric = Fabric(name="storage", role="storage", protocol=protocol, target_oversubscription=ratio,
                    reserved=bool(reserved) and not storage_names)
    pair = _collapsed_pair(draft, switch, group, "storage", "sto", server_eps + store_eps + control,
                           store_speed, reserved)
    if pair is not None:
        # every endpoint fits one leaf pair: no spines (sized by the endpoints, not by a scalable unit)
        draft.fabrics.append(fabric)
        draft.add_built(pair, [switch])
        return True
    store_leaves = _balanced_pairs([len(e.ports) for e in store_eps], store_leaf.down_lanes, reserved)
    leaves: list[tuple[fp.LeafAssignment, list[Endpoint], fp.LeafPorts, int]] = []
    for a, before in zip(server_leaves, balanced):
        # the uplinks of the balanced count (a leaf that gave a port to even its cages keeps them)
        used = math.ceil(max(len(a.ports), before) / server_leaf.lanes)
        leaves.append((a, server_eps, server_leaf, server_leaf.uplinks_needed(used, ratio)))
    reserved_per_leaf = math.ceil(reserved / max(1, len(store_leaves))) if reserved and not store_eps else 0
    for a in store_leaves:
        used = math.ceil((len(a.ports) + reserved_per_leaf) / store_lanes)
        leaves.append((a, store_eps, store_leaf, store_leaf.uplinks_needed(used, 1.0)))
    spines, per_leaf = _spine_layout([up for *_x, up in leaves],
                                     [radix - leaf_ports.down_ports for _a, _e, leaf_ports, _up in leaves], radix)
    draft.fabrics.append(fabric)
    built = BuiltFabric()
    width = max(2, len(str(len(leaves))))
    leaf_devices = []
    for i, (assignment, endpoints, leaf_ports, _up) in enumerate(leaves):
        groups = [endpoints[e].group for e, _p in assignment.ports]
        home = max(set(groups), key=groups.count) if groups else STORAGE
        device = built.add_switch(f"sto-leaf{i + 1:0{width}d}", switch, "storage", "leaf", home)
        lane_speed = server_speed if endpoints is server_eps else store_speed
        wire_leaf_down(built, device, assignment, endpoints, leaf_ports, group, lane_speed, "storage")
        leaf_devices.append((device, leaf_ports, endpoints is server_eps))
    # control-plane ports on the storage-system leaves, which run at 1:1 and have room
    # within the fabric's ratio; else on the server leaves
    store_leaf_devices = [(d, lp) for d, lp, is_server in leaf_devices if not is_server]
    server_leaf_devices = [(d, lp) for d, lp, is_server in leaf_devices if is_server]
    made = attach_control(built.links, store_leaf_devices, group, control, "storage", draft.port_speed_gbps)
    if made is None:
        made = attach_control(built.links, server_leaf_devices, group, control, "storage", draft.port_speed_gbps)
    if made is None:
        raise GenerationError("the storage leaves have no free ports for the management nodes and UFM appliances",
                              hint="use fewer --management-nodes, or --ufm-appliances 0")
    built.links += made
    spine_width = max(2, len(str(spines)))
    spine_devices = [built.add_switch(f"sto-spine{s + 1:0{spine_width}d}", switch, "storage", "spine", CENTRAL)
                     for s in range(spines)]
    spine_pools = [PortPool(group) for _ in spine_devices]
    for (device, leaf_ports, _srv), counts in zip(leaf_devices, per_leaf):
        up = PortPool(group, leaf_ports.down_ports + 1)
        for spine, pool, links in zip(spine_devices, spine_pools, counts):
            for _ in range(links):
                built.links.append(make_link(device.name, up.take(), spine.name, pool.take(), "storage"))
    draft.add_built(built, [switch])
    return True


def _collapsed_pair(draft: Draft, switch: DeviceType, group: PortGroup, fabric: str, tag: str,
                    endpoints: list[Endpoint], reserved_speed: float = 0.0, reserved: int = 0) -> BuiltFabric | None:
    """A side fabric small enough for one pair of switches: each endpoint's ports spread over
    the two (dual-homed, as on the RA's leaf pairs), the two joined by the pair's
    inter-switch links, no spines or cores. None when the endpoints (and ``reserved`` free
    lanes at ``reserved_speed``, held for storage not yet in the design) do not fit."""
    if not endpoints or group.count <= INBAND_ISL_PER_PAIR:
        return None
    built = BuiltFabric()
    leaves = [built.add_switch(f"{tag}-leaf{i + 1:02d}", switch, fabric, "leaf", CENTRAL) for i in range(2)]
    down = group.count - INBAND_ISL_PER_PAIR
    slots = [(leaf, fp.LeafPorts(group.count, 1, down, INBAND_ISL_PER_PAIR, group.speed_gbps, group.speed_gbps))
             for leaf in leaves]
    made = attach_control(built.links, slots, group, endpoints, fabric, draft.port_speed_gbps)
    if made is None:
        return None
    if reserved and len(free_leaf_slots(made, slots, group, reserved_speed)) < reserved:
        return None
    built.links += made
    homes = [endpoint.group for endpoint in endpoints]
    home = max(set(homes), key=homes.count)
    for leaf in leaves:
        built.groups[leaf.name] = home
    for n in range(INBAND_ISL_PER_PAIR):
        port = f"{group.prefix}{group.count - n}"
        built.links.append(make_link(leaves[0].name, port, leaves[1].name, port, fabric))
    return built


def _spine_layout(uplinks: list[int], caps: list[int], radix: int) -> tuple[int, list[list[int]]]:
    """Spines and the links from each leaf to each spine (``links[leaf][spine]``): at least
    one spine for every two leaves, the fewest that share every leaf's uplinks equally and
    fit the spine ports and each leaf's ``caps`` (its ports above its down ports).

    Where no count shares them equally, each leaf's uplinks are rounded up to a multiple of
    the fewest spines; where that rounding would take more ports than a leaf has above its
    down ports (26 uplinks on 5 spines are 30, on a QM9700 leaf at the RA's 4:3 with 28),
    the leaf's own uplinks are spread over those spines, one more on some (6, 5, 5, 5, 5),
    the extra links of successive leaves on successive spines so that the spines' ports
    stay even (review 54: 129 DGX with a reserved storage fabric stopped with "internal:
    port pool exhausted"); a leaf whose ports hold the rounding still takes it."""
    leaves = len(uplinks)
    lowest = max(2, math.ceil(leaves / LEAVES_PER_SPINE), math.ceil(sum(uplinks) / radix))

    def fits(per_leaf: list[int], spines: int) -> bool:
        return (all(p * spines <= min(radix - 1, cap) for p, cap in zip(per_leaf, caps))
                and sum(per_leaf) <= radix)

    for spines in range(lowest, radix + 1):
        per_leaf = [math.ceil(u / spines) for u in uplinks]
        if fits(per_leaf, spines) and (all(u % spines == 0 for u in uplinks) or spines == radix):
            return spines, [[p] * spines for p in per_leaf]
    spines = lowest
    if any(u > cap for u, cap in zip(uplinks, caps)) or spines > radix:
        raise GenerationError(f"{leaves} storage leaves do not fit under {radix}-port spines",
                              hint="name a larger --storage-switch")
    # no equal split: round each leaf's uplinks up to a multiple of the spine count
    per_leaf = [math.ceil(u / spines) for u in uplinks]
    if fits(per_leaf, spines):
        return spines, [[p] * spines for p in per_leaf]
    links: list[list[int]] = []
    start = 0
    for u, cap in zip(uplinks, caps):
        rounded = math.ceil(u / spines)
        if rounded * spines <= min(radix - 1, cap):
            # this leaf takes the rounding: a link to every spine (review 56: spreading a
            # leaf of 2 uplinks over 5 spines left it on 2 and its pair on 3 others)
            links.append([rounded] * spines)
            continue
        base, extra = divmod(u, spines)
        row = [base] * spines
        for k in range(extra):
            row[(start + k) % spines] += 1
        start = (start + extra) % spines
        links.append(row)
    if any(sum(row[j] for row in links) > radix for j in range(spines)):
        raise GenerationError(f"{leaves} storage leaves do not fit under {radix}-port spines",
                              hint="name a larger --storage-switch")
    return spines, links


def free_leaf_slots(links: list[Link], leaves: list[tuple[Device, fp.LeafPorts]], group: PortGroup,
                    speed_gbps: float) -> list[LeafSlot]:
    """Free endpoint ports on leaves ``[(device, leaf_ports)]`` for ports of ``speed_gbps``:
    (leaf, port, cable id, physical port, breakout), interleaved over leaf pairs so that
    one device's ports land on different leaves. A slower port takes a breakout lane (the lanes of one switch
    port share a splitter cable)."""
    used: dict[str, set[str]] = {d.name: set() for d, _lp in leaves}
    for link in links:
        for end in (link.a, link.b):
            if end.device in used:
                used[end.device].add(split_lane(end.port)[0])
    breakout = None if speed_gbps >= group.speed_gbps else group.breakout_to(speed_gbps)
    if speed_gbps < group.speed_gbps and breakout is None:
        return []
    lanes = breakout.count if breakout else 1
    per_leaf: list[list[tuple[Device, str, str | None, str | None]]] = []
    for device, leaf_ports in leaves:
        slots: list[tuple[Device, str, str | None, str | None]] = []
        for n in range(1, leaf_ports.down_ports + 1):
            physical = f"{group.prefix}{n}"
            if physical in used[device.name] or physical in device.port_breakouts:
                continue
            before = device.port_breakouts.get(f"{group.prefix}{n - 1}")
            if before is not None and before.disables_next_port:
                continue  # disabled: the port before it is split four ways
            if breakout is not None and breakout.disables_next_port:
                # only odd ports split, and only while the next port is free to disable
                partner = f"{group.prefix}{n + 1}"
                if n % 2 == 0 or n + 1 > leaf_ports.down_ports or partner in used[device.name]:
                    continue
            for lane in range(1, lanes + 1):
                if breakout:
                    slots.append((device, lane_name(physical, lane), f"{device.name}:{physical}", physical))
                else:
                    slots.append((device, physical, None, None))
        per_leaf.append(slots)
    # interleave over leaf pairs: a device's two ports on the two leaves of a pair, the
    # lanes of one switch port (one splitter) for consecutive devices
    ordered = []
    for first in range(0, len(per_leaf), 2):
        pair = per_leaf[first:first + 2]
        for depth in range(max(len(s) for s in pair)):
            ordered += [s[depth] for s in pair if depth < len(s)]
    return [(d, port, cable, physical, breakout) for d, port, cable, physical in ordered]


def attach_control(links: list[Link], leaves: list[tuple[Device, fp.LeafPorts]], group: PortGroup,
                   control: list[Endpoint], fabric: str,
                   speed_of: Callable[[str, str], float | None]) -> list[Link] | None:
    """Links from control-plane endpoints (management nodes, UFM appliances) to free
    leaf ports, or None when the leaves lack the room (nothing is changed then)."""
    if not control:
        return []
    by_speed: dict[float, list[tuple[Endpoint, str]]] = {}
    for endpoint in control:
        for port in endpoint.ports:
            speed = speed_of(endpoint.device, port)
            assert speed is not None  # an endpoint's ports are those its catalog type lists, at their speed
            by_speed.setdefault(speed, []).append((endpoint, port))
    made: list[Link] = []
    taken: set[tuple[str, str]] = set()
    for speed, wanted in sorted(by_speed.items()):
        slots = [s for s in free_leaf_slots(links + made, leaves, group, speed) if (s[0].name, s[1]) not in taken]
        if len(slots) < len(wanted):
            return None
        for (endpoint, port), (device, leaf_port, cable, physical, breakout) in zip(wanted, slots):
            if breakout is not None and physical is not None:
                device.port_breakouts[physical] = breakout
            taken.add((device.name, leaf_port))
            made.append(make_link(endpoint.device, port, device.name, leaf_port, fabric, cable))
    return made


def inband_fabric(draft: Draft, catalog: Catalog, resolved: Resolved, servers: list[Endpoint],
                  storage_names: list[str], control: list[Endpoint], notes: list[str] | None = None,
                  control_noted: bool = False) -> None:
    """The in-band fabric (see the module's docstring). With ``--inband-oversubscription`` a
    generic leaf-spine at that ratio, except where one leaf pair takes every endpoint: then the
    pair alone, as without the option (a ratio needs a spine tier to apply to), and ``notes``
    says so."""
    spec = draft.spec
    ports = {s.device: fabric_ports(resolved.server, "inband", spec.inband_ports_per_server) for s in servers}
    endpoints = [Endpoint(s.device, ports[s.device], s.group) for s in servers if ports[s.device]]
    if not endpoints:
        return
    speed = resolved.server.group_of(endpoints[0].ports[0]).speed_gbps
    systems = len(endpoints)
    if resolved.storage is not None:
        store = [p for p in fabric_ports(resolved.storage, "inband")
                 if resolved.storage.group_of(p).speed_gbps == speed]
        endpoints += [Endpoint(n, store, STORAGE) for n in storage_names if store]
    # management nodes at the in-band speed only (a 1GbE in-band network leaves their 100G ports free)
    control_speed = {e.device: [p for p in e.ports if draft.port_speed_gbps(e.device, p) == speed] for e in control}
    endpoints += [Endpoint(e.device, control_speed[e.device], e.group) for e in control if control_speed[e.device]]
    left = [e for e in control if not control_speed[e.device] and e.ports]
    # (``control_noted``: the storage fabric's note said it already, ``ControlPlane.storage_through_inband``)
    if left and notes is not None and not control_noted:
        theirs = sorted({draft.port_speed_gbps(e.device, p) or 0 for e in left for p in e.ports})
        if theirs[-1] < speed:
            # the GB200 trays' 200GbE BlueField-3 in-band ports beside a management server's 100G
            notes.append(f"the in-band fabric runs at {speed:g}G (the servers' in-band ports) and the {len(left)} "
                         "management nodes' in-band ports are slower: they are left uncabled; cable them by hand, "
                         "or choose a management server with in-band ports of the servers' speed "
                         "(--management-server)")
        else:
            # a 1GbE in-band network (DGX B300) beside the management nodes' 100G ports (review 15)
            notes.append(f"the in-band fabric runs at {speed:g}G (the servers' in-band ports) and the {len(left)} "
                         f"management nodes' in-band ports at {format_speeds(theirs)}G: they are "
                         "left off it, to cable by hand")
    switch = reference_switch(catalog, resolved, "inband", "ethernet", spec.inband_switch, speed)
    group = switch.main_fabric_group()
    assert group is not None
    lanes = endpoint_lanes(speed, switch, "in-band")
    uplinks = INBAND_CORES * INBAND_LINKS_PER_CORE
    up_group = access_uplinks(switch)
    core_type = switch
    if up_group is not None and up_group.count >= uplinks:
        # an access switch (1GbE in-band ports): every access port down, its faster
        # uplinks to cores of their speed; no peer link (its uplinks are all taken)
        core_type = pick_switch(catalog, "ethernet", up_group.speed_gbps, None, "in-band core")
        down = group.count
        leaf = fp.LeafPorts(group.count, lanes, down, uplinks, group.speed_gbps, up_group.speed_gbps,
                            separate_uplinks=True)
    else:
        up_group = None
        down = group.count - uplinks - INBAND_ISL_PER_PAIR
        leaf = fp.LeafPorts(group.count, lanes, down, uplinks, group.speed_gbps, group.speed_gbps)
    core_group = core_type.main_fabric_group()
    assert core_group is not None
    assignments = _pairs(endpoints, leaf.down_lanes, resolved, systems)
    ratio = spec.inband_oversubscription
    if ratio is not None and len(assignments) > 2:
        side_fabric(draft, catalog, name="inband", role="inband", protocol="ethernet", endpoints=endpoints,
                     speed=speed, prefer=switch.slug, ratio=ratio, tag="inb")
        return
    if ratio is not None and notes is not None:
        notes.append(f"--inband-oversubscription {format_ratio(ratio)}: one in-band leaf pair takes all "
                     f"{len(endpoints)} endpoints, so the pair alone is built (no spine tier for the ratio to "
                     "apply to)")
    if len(assignments) * INBAND_LINKS_PER_CORE > core_group.count:
        # beyond what two cores hold: the generic leaf-spine fabric of the same model, its leaf
        # pairs by scalable unit beside rack-scale systems as here (review 15: 128 GB200 racks'
        # 16 unit pairs and the control plane's pair overflowed the cores, and leaves filled by
        # ports ran 40 m fibres)
        side_fabric(draft, catalog, name="inband", role="inband", protocol="ethernet", endpoints=endpoints,
                     speed=speed, prefer=switch.slug, ratio=2.0, tag="inb",
                     assign=(lambda eps, lanes: _pairs(eps, lanes, resolved, systems))
                     if resolved.server.rack_scale is not None else None)
        return
    draft.fabrics.append(Fabric(name="inband", role="inband", protocol="ethernet"))
    built = BuiltFabric()
    width = max(2, len(str(len(assignments))))
    leaves = []
    for i, assignment in enumerate(assignments):
        groups = [endpoints[e].group for e, _p in assignment.ports]
        home = max(set(groups), key=groups.count) if groups else CENTRAL
        device = built.add_switch(f"inb-leaf{i + 1:0{width}d}", switch, "inband", "leaf", home)
        wire_leaf_down(built, device, assignment, endpoints, leaf, group, speed, "inband")
        leaves.append(device)
    # one pair holds every endpoint: no cores (sized by the endpoints); an MLAG pair's peer link
    # is the fabric, an access pair is joined through two of its uplink ports instead
    one_pair = len(leaves) == 2
    cores = [] if one_pair else [built.add_switch(f"inb-core{c + 1:02d}", core_type, "inband", "spine", CENTRAL)
                                 for c in range(INBAND_CORES)]
    core_pools = [PortPool(core_group) for _ in cores]
    for i, device in enumerate(leaves):
        up = PortPool(up_group) if up_group is not None else PortPool(group, down + 1)
        for core, pool in zip(cores, core_pools):
            for _ in range(INBAND_LINKS_PER_CORE):
                built.links.append(make_link(device.name, up.take(), core.name, pool.take(), "inband"))
        if one_pair and i == 1 and up_group is not None:
            peer_up = PortPool(up_group)
            for _ in range(INBAND_ISL_PER_PAIR):
                built.links.append(make_link(leaves[0].name, peer_up.take(), device.name, up.take(), "inband"))
        if i % 2 == 1 and up_group is None:
            # the MLAG peer link of the pair
            peer = leaves[i - 1]
            for n in range(INBAND_ISL_PER_PAIR):
                built.links.append(make_link(peer.name, f"{group.prefix}{group.count - n}", device.name,
                                             f"{group.prefix}{group.count - n}", "inband"))
    draft.add_built(built, [switch] if core_type is switch or not cores else [switch, core_type])
