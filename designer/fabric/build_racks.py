"""Racks for the generated devices (PDUs on feeds A and B, an out-of-band switch at the
top of every rack) and the out-of-band network that ties those switches together."""

from __future__ import annotations

import math
from collections.abc import Callable

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
from designer.model.units import kw_to_w


MAX_PDUS_PER_RACK = 6
FEED_NAMES = "ABCDEF"


def pdus_for_rack(pdu: DeviceType, devices: list[tuple[Device, DeviceType]]) -> int:
    """How many PDUs a rack needs, each on its own feed: the fewest (two at least) such that
    (1) with any one feed lost every device keeps the PSUs it needs (its cords spread evenly
    over the PDUs: a DGX H100's six 4+2 PSUs need three), (2) the others carry the rack's
    maximum draw, and (3) every cord has an outlet. NVIDIA DGX SuperPOD RA-11333-001
    Appendix A Table 7: 96 PDUs for 32 four-DGX racks and 12 for the 6 others (3 and 2)."""
    for count in range(2, MAX_PDUS_PER_RACK + 1):
        if _pdus_serve(pdu, devices, count):
            return count
    return MAX_PDUS_PER_RACK


def _pdus_serve(pdu: DeviceType, devices: list[tuple[Device, DeviceType]], count: int) -> bool:
    spec = pdu.pdu
    assert spec is not None, f"{pdu.slug} is not a PDU"
    capacity_w = kw_to_w(spec.capacity_kw or 0.0)
    outlets = sum(spec.outlets.values()) if spec.outlets else None
    draw_w = sum(device_power_w(t)[0] for _d, t in devices if t.kind != "pdu")
    cords = sum(t.psu.count or 1 for _d, t in devices if t.kind != "pdu")
    keeps = all(
        t.psu.count is None or t.psu.needed is None
        or t.psu.count - math.ceil(t.psu.count / count) >= t.psu.needed
        for _d, t in devices if t.kind != "pdu")
    carries = capacity_w <= 0 or draw_w <= capacity_w * (count - 1) + 1e-6
    plugs = outlets is None or cords <= outlets * count
    return keeps and carries and plugs


def pdu_for_rack(default: DeviceType, choices: tuple[DeviceType, ...],
                 devices: list[tuple[Device, DeviceType]]) -> tuple[DeviceType, int]:
    """The PDU model and count for one rack, by its load and outlets: as many PDUs as the
    default model (sized for the rack budget) needs, of the smallest model with published
    ratings from the same manufacturer, on the same number of phases, that still serves the
    rack at that count (its draw with one feed lost, its cords). A four-DGX rack keeps the
    large model; a switch rack drawing a fraction of it takes a smaller one, as RA-11333-001
    Appendix A Table 7 lists two Raritan models (96 PX3-5878I2R for the DGX racks, 12
    PX3-5747V-V2 for the others). One manufacturer, as the RA: one PDU management stack per
    hall."""
    count = pdus_for_rack(default, devices)
    assert default.pdu is not None, f"{default.slug} is not a PDU"
    phases = default.pdu.phases
    rated = [(p.pdu.capacity_kw, p) for p in choices if p.pdu is not None and p.pdu.capacity_kw]
    fitting = [(kw, p) for kw, p in rated
               if p.pdu is not None and p.pdu.phases == phases and p.manufacturer == default.manufacturer
               and _pdus_serve(p, devices, count)]
    if not fitting or not _pdus_serve(default, devices, count):
        return default, count
    return min(fitting, key=lambda item: (item[0], item[1].slug))[1], count


def rack_reserve(resolved: Resolved, spec: GenerateSpec) -> Reserve:
    oob_w, _typ = device_power_w(resolved.oob)
    # room for three PDUs (a four-DGX rack's); a rack that needs more is sized when they are added
    pdu_kg = 3 * (resolved.pdu.weight_kg or 0.0) if resolved.pdu is not None and resolved.pdu.pdu else 0.0
    switches = _oob_switches_per_rack(resolved)
    return Reserve(u=switches * resolved.oob.u_height, power_w=switches * oob_w,
                   weight_kg=switches * (resolved.oob.weight_kg or 0.0) + pdu_kg)


def _oob_switches_per_rack(resolved: Resolved) -> int:
    """Out-of-band switches a compute rack holds: one, shared with neighbours; a rack-scale
    system's own management ports and at least one PDU's may need more (an NVL72's 53 ports: two
    48-port SN2201, packed as ``_oob_sets`` packs them)."""
    access = resolved.oob.main_fabric_group()
    if resolved.server.rack_scale is None or access is None:
        return 1
    # the placement's own rule: the system's port groups, then the PDUs' (one at least)
    groups = [[("", p) for p in g.port_names()] for g in resolved.server.port_groups if g.role == "oob"]
    return max(1, len(_pack_groups(groups + [[("", "pdu")]], access.count)))


def place_racks(
    draft: Draft, catalog: Catalog, resolved: Resolved, server_names: list[str], storage_names: list[str]
) -> list[list[RackDraft]]:
    """Racks in layout groups. With several scalable units each has its own network
    rack in the middle of its compute racks (short leaf cables); spines, cores,
    storage and management switches share central network racks, which sit in the
    middle of the compute racks when there is only one unit."""
    spec = draft.spec
    budget_w = kw_to_w(spec.rack_power_kw)
    reserve = rack_reserve(resolved, spec)
    racks = catalog.rack_types.values()
    per_rack_limit(resolved.server, resolved.rack, budget_w, reserve, racks)  # explains an impossible rack
    if resolved.storage is not None:
        per_rack_limit(resolved.storage, resolved.rack, budget_w, reserve, racks)

    pdu = resolved.pdu.pdu if resolved.pdu is not None else None
    outlets = 2 * sum(pdu.outlets.values()) if pdu is not None and pdu.outlets else None

    # a network rack is filled only to what one of two PDUs carries alone, so it keeps to
    # two (RA-11333-001 Table 7: two PDUs in each non-DGX rack); a compute rack to its budget
    two_pdus_w = kw_to_w(pdu.capacity_kw) if pdu is not None and pdu.capacity_kw else None

    def new(kind: str, group: str, rack_type: RackType) -> Callable[[], RackDraft]:
        limit_w = min(budget_w, two_pdus_w) if kind == "network" and two_pdus_w else budget_w
        return lambda: RackDraft(kind, group, rack_type, limit_w, reserve, outlets=outlets)

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
        assert resolved.storage is not None, "storage devices without a storage type"
        storage_type = resolved.storage
        fill(storage_racks, [(draft.devices[n], storage_type) for n in storage_names],
             new("storage", STORAGE, resolved.rack))
    central_switches = switches_in(CENTRAL, STORAGE, *([] if several else group_order))
    # management nodes and UFM appliances stand with the central switches (the RA's management racks)
    central_switches += [(draft.devices[n], draft.types[draft.devices[n].device_type]) for n, g in draft.groups.items()
                         if g == CENTRAL and n in draft.devices and not _is_switch(draft, n)]
    # every rack gets an out-of-band switch; size their aggregation for all racks
    # (one more in case the aggregation switches need a rack of their own)
    central: list[RackDraft] = []
    fill(central, central_switches, new("network", CENTRAL, resolved.network_rack))
    if several:
        return [*compute_groups, central, storage_racks]
    only = compute_groups[0]
    half = math.ceil(len(only) / 2)
    return [only[:half] + central + only[half:], storage_racks]


def _is_switch(draft: Draft, name: str) -> bool:
    return draft.types[draft.devices[name].device_type].kind == "switch"


def add_pdus(draft: Draft, resolved: Resolved, groups: list[list[RackDraft]]) -> dict[str, int]:
    """Zero-U PDUs in every rack, each on a feed of its own (A, B, C ...), of the model and
    count ``pdu_for_rack`` picks for the rack's load (``draft.rack_pdus`` records the model).
    Returns rack name -> feeds."""
    feeds: dict[str, int] = {}
    default = resolved.pdu
    if default is None or default.pdu is None or not default.pdu.capacity_kw:
        return feeds
    for rack in (r for g in groups for r in g):
        payload = [(d, draft.types[d.device_type]) for d in rack.devices]
        pdu, count = pdu_for_rack(default, resolved.pdus or (default,), payload)
        draft.add_type(pdu)
        draft.rack_pdus[rack.name] = pdu
        feeds[rack.name] = count
        for n in range(count):
            feed = FEED_NAMES[n]
            device = Device(name=f"{rack.name}-pdu-{feed}1", device_type=pdu.slug, feed=feed)
            rack.devices.append(device)
            draft.devices[device.name] = device
    return feeds


def _oob_ports(draft: Draft, rack: RackDraft) -> list[tuple[str, str]]:
    return [(d.name, p) for d in rack.devices for p in endpoint_ports(d, draft.types[d.device_type], "oob")]


# how far (rack centre to rack centre, along the rows and across them) a central rack's management
# cable may run to an out-of-band switch in a scalable unit's racks: with the rise into the tray,
# the drop and service loops it stays well inside 1000BASE-T's 100 m channel (IEEE 802.3 Clause 40)
OOB_SHARE_REACH_MM = 60_000.0


def _oob_sets(draft: Draft, racks: list[RackDraft], access_ports: int) -> list[tuple[RackDraft, list[tuple[str, str]]]]:
    """Out-of-band switches sized by the management ports they serve, per scalable unit.
    A unit's racks (its compute racks and its network rack) share the fewest switches that
    hold their ports, neighbours together, a rack's ports on one switch and never across a
    cold-aisle pair. The central racks (spines, storage and in-band switches, control plane,
    storage systems) have no switches of their own while the units' switches within copper
    reach have spare ports: theirs go there, nearest first, and only what is left gets a
    switch in the central rack. For NVIDIA's 127-node DGX H100 SuperPOD this gives the 8
    SN2201 of RA-11333-001 Appendix A Table 7 (two for each unit's ~70 ports, the central
    racks' 42 on their spare ports) and Table 8's 16 uplinks. Returns (rack that holds the
    switch, ports it serves)."""
    sets: list[tuple[RackDraft, list[tuple[str, str]]]] = []
    in_rack: set[int] = set()  # the sets of a rack-scale system's rack: its own switches, shared with none
    central = [r for r in racks if r.group in (CENTRAL, STORAGE)]
    for rack in (r for r in racks if r.group not in (CENTRAL, STORAGE)):
        groups = _rack_scale_oob_groups(draft, rack)
        if groups is not None:
            for served in _pack_groups(groups, access_ports):
                in_rack.add(len(sets))
                sets.append((rack, served))
            continue
        ports = _oob_ports(draft, rack)
        while ports:
            last = sets[-1][0] if sets and len(sets) - 1 not in in_rack else None
            same = last is not None and last.group == rack.group and _aisle(last) == _aisle(rack)
            room = access_ports - len(sets[-1][1]) if same else 0
            if room >= len(ports):
                sets[-1][1].extend(ports)
                break
            sets.append((rack, ports[:access_ports]))
            ports = ports[access_ports:]
    unit_sets = [entry for i, entry in enumerate(sets) if i not in in_rack]
    for rack in central:
        ports = _oob_ports(draft, rack)
        near = sorted((s for s in unit_sets if _distance_mm(s[0], rack) <= OOB_SHARE_REACH_MM),
                      key=lambda s: _distance_mm(s[0], rack))
        for _host, served in near:
            if not ports:
                break
            take = min(access_ports - len(served), len(ports))
            served.extend(ports[:take])
            ports = ports[take:]
        while ports:
            own = sets[-1] if sets and sets[-1][0] is rack else None
            room = access_ports - len(own[1]) if own else 0
            if own is not None and room > 0:
                own[1].extend(ports[:room])
                ports = ports[room:]
                continue
            sets.append((rack, ports[:access_ports]))
            ports = ports[access_ports:]
    return [s for s in sets if s[1]]


def _rack_scale_oob_groups(draft: Draft, rack: RackDraft) -> list[list[tuple[str, str]]] | None:
    """A rack holding a rack-scale system: its management ports by port group, in the catalog's
    order, then the other devices' (PDUs); None for any other rack. NVIDIA's NVL72 racks carry
    their own two SN2201 ("2x per GB200 rack", Mission Control North-South guide) for their own
    components: ``_oob_sets`` gives them no other rack's ports and no neighbour shares them."""
    systems = [d for d in rack.devices if draft.types[d.device_type].rack_scale is not None]
    if not systems:
        return None
    groups: list[list[tuple[str, str]]] = []
    for system in systems:
        t = draft.types[system.device_type]
        groups += [[(system.name, p) for p in g.port_names()] for g in t.port_groups if g.role == "oob"]
    others = [(d.name, p) for d in rack.devices if d not in systems
              for p in endpoint_ports(d, draft.types[d.device_type], "oob")]
    return groups + ([others] if others else [])


def _pack_groups(groups: list[list[tuple[str, str]]], access_ports: int) -> list[list[tuple[str, str]]]:
    """Port groups on the fewest switches of ``access_ports``, each group whole on the first
    switch with room for it (a group larger than a switch in switch-sized parts): an NVL72's
    BMCs, shelves and PDUs on one SN2201, its NVLink switch trays' ComE ports on the other."""
    switches: list[list[tuple[str, str]]] = []
    for group in groups:
        for start in range(0, len(group), access_ports):
            part = group[start:start + access_ports]
            host = next((s for s in switches if access_ports - len(s) >= len(part)), None)
            if host is None:
                switches.append(list(part))
            else:
                host.extend(part)
    return switches


def _distance_mm(a: RackDraft, b: RackDraft) -> float:
    return abs(a.x_mm - b.x_mm) + abs(a.y_mm - b.y_mm)


def _aisle(rack: RackDraft) -> int:
    """The pair of rows facing each other across one cold aisle (rows A and B, C and D ...):
    a management cable crosses the aisle in the overhead tray."""
    index = 0
    for letter in rack.row:
        index = index * 26 + (ord(letter) - ord("A") + 1)
    return (index - 1) // 2


def _mount(rack: RackDraft, device: Device, device_type: DeviceType, top: bool) -> None:
    if top and not any(d.position_u == rack.rack_type.u_height - device_type.u_height + 1 for d in rack.devices):
        device.position_u = rack.rack_type.u_height - device_type.u_height + 1
    elif rack.next_u + device_type.u_height - 1 <= rack.top_free_u - (0 if top else 0):
        device.position_u = rack.next_u
        rack.next_u += device_type.u_height
    else:
        raise GenerationError(f"rack {rack.name} has no room for out-of-band switch {device.name}",
                              hint="use a taller --network-rack-type or fewer racks per row")
    device.face = face_for(device_type)
    rack.devices.append(device)


def wire_oob(draft: Draft, catalog: Catalog, resolved: Resolved, groups: list[list[RackDraft]]) -> list[RackDraft]:
    """Out-of-band access switches shared by neighbouring racks and sized by the
    management ports they serve (NVIDIA DGX SuperPOD RA-11333-001 Table 7: 8 SN2201 for
    38 racks), each uplinked twice into the in-band network ("Two uplinks per OOB to
    in-band", Table 8); without an in-band network with free ports, into an aggregation
    pair (and a core pair above several pairs). Returns racks it had to add for them
    (not yet laid out)."""
    oob = resolved.oob
    access = oob.main_fabric_group()
    if access is None:
        raise GenerationError(f"{oob.slug} has no access ports for the out-of-band fabric")
    draft.add_type(oob)
    racks = [r for g in groups for r in g]
    sets = _oob_sets(draft, racks, access.count)
    added: list[RackDraft] = []
    if not sets:
        return added
    width = max(2, len(str(len(sets))))
    leaves: list[tuple[Device, RackDraft]] = []
    for i, (rack, ports) in enumerate(sets):
        switch = Device(name=f"oob-leaf{i + 1:0{width}d}", device_type=oob.slug, fabric="oob", tier="leaf")
        _mount(rack, switch, oob, top=True)
        draft.devices[switch.name] = switch
        leaves.append((switch, rack))
        for n, (device, port) in enumerate(ports):
            draft.links.append(make_link(device, port, switch.name, f"{access.prefix}{n + 1}", "oob"))
    draft.fabrics.append(Fabric(name="oob", role="oob", protocol="ethernet"))
    uplink = oob.uplink_group()
    if uplink is None or len(leaves) < 2:
        return added
    targets = _inband_uplink_ports(draft, uplink.speed_gbps, 2 * len(leaves))
    if targets is None and len({id(rack) for _leaf, rack in leaves}) == 1 and uplink.count >= 2:
        # every out-of-band switch in one rack (one NVL72's two SN2201) and no in-band network to
        # take them: joined to each other in a chain, the two ends' uplinks left for the site's
        # management network, not an aggregation pair in a rack of its own
        for (a, _r), (b, _s) in zip(leaves, leaves[1:]):
            draft.links.append(make_link(a.name, f"{uplink.prefix}2", b.name, f"{uplink.prefix}1", "oob"))
        draft.notes.append(f"the {len(leaves)} out-of-band switches of rack {leaves[0][1].name} are joined to each "
                           f"other; {leaves[0][0].name}:{uplink.prefix}1 and {leaves[-1][0].name}:{uplink.prefix}2 "
                           "are left for the site's management network")
        return added
    if targets is None:
        targets = _oob_aggregation(draft, catalog, resolved, racks, len(leaves), uplink.speed_gbps, added)
    for i, (leaf, _rack) in enumerate(leaves):
        for u in range(2):
            device, port = targets[(2 * i + u)]
            draft.links.append(make_link(leaf.name, f"{uplink.prefix}{u + 1}", device, port, "oob"))
    return added


def _inband_uplink_ports(draft: Draft, speed_gbps: float, needed: int) -> list[tuple[str, str]] | None:
    """Free ports on the in-band network's top tier (its cores, else its spines, else its one
    leaf pair), a pair of
    switches at a time, so each out-of-band switch reaches two and the out-of-band uplinks
    stay on few switches; None when they lack the room."""
    inband = [d for d in draft.devices.values() if d.fabric == "inband" and d.tier in ("spine", "core")]
    if not inband:
        # one MLAG pair without cores (a small cluster): the pair is the top tier
        inband = [d for d in draft.devices.values() if d.fabric == "inband" and d.tier == "leaf"]
    top = "core" if any(d.tier == "core" for d in inband) else "spine" if any(d.tier == "spine" for d in inband) \
        else "leaf"
    uppers = [d for d in inband if d.tier == top]
    if len(uppers) < 2:
        return None
    used: dict[str, set[str]] = {d.name: set() for d in uppers}
    for link in draft.links:
        for end in (link.a, link.b):
            if end.device in used:
                used[end.device].add(end.port)
    free = []
    for d in uppers:
        group = draft.types[d.device_type].main_fabric_group()
        if top == "leaf" and group is not None and group.speed_gbps != speed_gbps:
            group = draft.types[d.device_type].uplink_group()  # an access pair: its faster uplink ports
        if group is None or group.speed_gbps != speed_gbps:
            return None
        free.append([(d.name, p) for p in group.port_names() if p not in used[d.name]])
    # a chain of pairs (0, 1), (1, 2) ...: each switch shares its ports between the pairs
    # beside it, so the out-of-band network stays one piece above its leaves
    ordered: list[tuple[str, str]] = []
    taken = [0] * len(free)
    for a in range(len(free) - 1):
        b = a + 1
        quota_b = len(free[b]) if b == len(free) - 1 else len(free[b]) // 2
        while taken[a] < len(free[a]) and taken[b] < quota_b and len(ordered) < needed:
            ordered += [free[a][taken[a]], free[b][taken[b]]]
            taken[a] += 1
            taken[b] += 1
        if len(ordered) >= needed:
            break
    return ordered[:needed] if len(ordered) >= needed else None


def _oob_aggregation(draft: Draft, catalog: Catalog, resolved: Resolved, racks: list[RackDraft], leaves: int,
                     speed_gbps: float, added: list[RackDraft]) -> list[tuple[str, str]]:
    """Aggregation pairs for ``leaves`` out-of-band switches (each leaf one link to both
    switches of its pair), a core pair above several pairs; mounted in the central
    network racks. Returns the leaf-facing ports in the order the leaves take them."""
    agg_type = pick_switch(catalog, "ethernet", speed_gbps, draft.spec.oob_aggregation_switch
                           or resolved.server.reference_switches.get("oob-aggregation"), "oob-aggregation")
    draft.add_type(agg_type)
    group = agg_type.main_fabric_group()
    if group is None:
        raise GenerationError(f"{agg_type.slug} has no ports for out-of-band aggregation",
                              hint="name another --oob-aggregation-switch")
    per_pair = group.count - 4  # four ports up to the cores
    pairs = math.ceil(leaves / per_pair)
    # Above several pairs, cores: a pair taking two links from each aggregation switch
    # while its ports hold them; beyond, the core widens to four switches taking one link
    # from each (the same four uplinks per aggregation switch), up to as many aggregation
    # switches as a core switch has ports — at 64 ports, 1,920 out-of-band switches
    # (131,072 GPUs of DGX B300 need 1,050).
    cores = 0 if pairs == 1 else 2 if 2 * pairs * 2 <= group.count else 4
    if cores == 4 and 2 * pairs > group.count:
        raise GenerationError(
            f"{leaves} out-of-band switches need {pairs} aggregation pairs, more than a core of "
            f"{agg_type.slug} ({group.count} ports) holds",
            hint="name a larger --oob-aggregation-switch or a larger --oob-switch")
    network = [r for r in racks if r.kind == "network"]
    hosts = [r for r in network if r.group == CENTRAL] or network
    names = [f"oob-agg{i + 1:02d}" for i in range(2 * pairs)] + [f"oob-core{i + 1:02d}" for i in range(cores)]
    placed = []
    for _n, name in enumerate(names):
        device = Device(name=name, device_type=agg_type.slug, fabric="oob", tier="core" if "core" in name else "spine")
        rack = next((r for r in hosts if r.fits(agg_type)), None)
        if rack is None:
            # the network racks are full: one more at the end of the floor (the caller lays it out)
            model = racks[0]
            rack = RackDraft("network", CENTRAL, resolved.network_rack, model.budget_w, model.reserve,
                             outlets=model.outlets)
            if not rack.fits(agg_type):
                raise GenerationError(f"{agg_type.slug} does not fit an empty {resolved.network_rack.slug}",
                                      hint="name another --oob-aggregation-switch or --network-rack-type")
            hosts.append(rack)
            added.append(rack)
        rack.place(device, agg_type)
        draft.devices[name] = device
        placed.append(device)
    aggs = [d for d in placed if d.tier == "spine"]
    core_switches = [d for d in placed if d.tier == "core"]
    for n, agg in enumerate(aggs):
        if len(core_switches) == 2:
            for u, core in enumerate(core_switches):
                for k in range(2):
                    draft.links.append(make_link(agg.name, f"{group.prefix}{group.count - 2 * u - k}", core.name,
                                                 f"{group.prefix}{2 * n + k + 1}", "oob"))
        else:
            for u, core in enumerate(core_switches):
                draft.links.append(make_link(agg.name, f"{group.prefix}{group.count - u}", core.name,
                                             f"{group.prefix}{n + 1}", "oob"))
    targets = []
    for i in range(leaves):
        pair = aggs[2 * (i // per_pair): 2 * (i // per_pair) + 2]
        targets += [(pair[0].name, f"{group.prefix}{i % per_pair + 1}"), (pair[1].name,
                                                                          f"{group.prefix}{i % per_pair + 1}")]
    return targets
