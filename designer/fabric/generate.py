"""``designer new``: a complete design from a few numbers.

Servers and their compute fabric first (rail-optimized fat tree sized by the switch
radix and the oversubscription ratio), then the storage, in-band and out-of-band
fabrics sized from the devices' ports, then racks within their power, weight and
U budgets, the floor layout, and every cable with its length and media. When the
inputs cannot be met it says why, with the limit and what would work, instead of
handing over a broken plan.
"""

from __future__ import annotations

from typing import Any

from designer.catalog import Catalog
from designer.errors import GenerationError
from designer.fabric import plan as fp
from designer.fabric import rack_scale
from designer.fabric.build_fabrics import compute_fabric, compute_options
from designer.fabric.build_side import inband_fabric, mark_in_rack_copper, storage_fabric
from designer.fabric.control import ControlPlane
from designer.fabric.build_racks import add_pdus, place_racks, rack_reserve, wire_oob
from designer.fabric.cabling import assign_cabling
from designer.fabric.draft import STORAGE, Draft, Resolved, endpoint_ports, resolve
from designer.fabric.generate_spec import GenerateSpec
from designer.fabric.placement import FloorLayout, RackDraft, lay_out, per_rack_limit
from designer.fabric.wiring import Endpoint, make_link
from designer.model.design import Design, Project
from designer.model.hardware import DeviceType, split_lane
from designer.model.device import Device
from designer.model.index import DesignIndex
from designer.model.memory import settle_long_lived
from designer.model.rack import Feed, Rack
from designer.model.site import Room, Site
from designer.model.units import kw_to_w

__all__ = ["GenerateSpec", "generate"]



def default_name(nodes: int, model: str) -> str:
    """The design's name when ``--name`` is not given: "4 x NVIDIA DGX H100", made fit for a
    name (``designer.model.base.Name``: no colon, at most 120 characters) whatever the catalog
    entry's model says (a user's entry "Acme: Box 8" gave a validation traceback)."""
    name = " ".join(f"{nodes} x {model}".replace(":", " -").split())
    return name if len(name) <= 120 else name[:117].rstrip() + "..."

def generate(spec: GenerateSpec, catalog: Catalog) -> Design:
    return generate_with_notes(spec, catalog)[0]


def generate_with_notes(spec: GenerateSpec, catalog: Catalog) -> tuple[Design, list[str]]:
    """The design and what the generator wants the user to know about it (parts it
    left out and why)."""
    resolved = resolve(spec, catalog)
    # the compute fabric's capacity judged before any server is made (a count no switch
    # can connect is refused at once)
    options = compute_options(spec, resolved) if resolved.nodes > 1 and not rack_scale.is_rack_scale(
        resolved.server) else None
    draft = Draft(spec)
    draft.add_type(resolved.server)
    width = max(3, len(str(resolved.nodes)))
    servers: list[Endpoint] = []
    for i in range(resolved.nodes):
        name = f"node{i + 1:0{width}d}"
        draft.devices[name] = Device(name=name, device_type=resolved.server.slug)
        servers.append(Endpoint(name, endpoint_ports(draft.devices[name], resolved.server, "compute"), "g1"))
    single = resolved.nodes == 1
    if not single:
        if rack_scale.is_rack_scale(resolved.server):
            rack_scale.compute_fabric(draft, resolved, servers)  # per compute tray (fabric/rack_scale.py)
        else:
            compute_fabric(draft, resolved, servers, options)
    else:
        # One 8-GPU server: NVLink inside it is the whole GPU fabric (stage one of a cluster).
        draft.plans["compute"] = fp.TierPlan(1, 0, [], 0, 0, 0)
    # Non-rail designs group servers by rows of racks; rail-optimized ones by scalable unit.
    if not (spec.rail_optimized and draft.plans["compute"].tiers > 1):
        per_rack = per_rack_limit(resolved.server, resolved.rack, kw_to_w(spec.rack_power_kw),
                                  rack_reserve(resolved, spec), catalog.rack_types.values())
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

    notes: list[str] = list(draft.notes)
    compute_protocol = draft.fabrics[0].protocol if draft.fabrics else _single_protocol(
        catalog, resolved, spec, storage_names, notes)
    share = resolved.server.cooling.liquid_share
    if share and spec.cooling == "air":
        notes.append(f"{resolved.server.slug} sends {share:.0%} of its heat to liquid, but --cooling air gives its "
                     "racks no coolant loop, so the checks report each rack's liquid heat: use --cooling liquid")
    # one 8-GPU server is a host alone; one rack-scale system is 18 hosts (an NVL72's compute
    # trays) that still need their in-band network and control plane, only no compute fabric
    one_host = single and not rack_scale.is_rack_scale(resolved.server)
    control = ControlPlane(draft, catalog, resolved, one_host)
    if one_host:
        _single_server_notes(spec, storage_names, notes)
    else:
        control.ufm_on_compute(notes)
        if spec.ufm_appliances and compute_protocol != "infiniband":
            notes.append(f"--ufm-appliances {spec.ufm_appliances}: UFM manages InfiniBand fabrics and this design's "
                         f"compute fabric runs {compute_protocol}, so no UFM appliance is placed")
    if not (one_host and not storage_names):
        # the storage fabric runs the compute fabric's protocol, or the one of the storage switch the
        # user names (review 11: --storage-switch nvidia-sn5600 beside QM9700 built an "infiniband"
        # fabric of Spectrum switches that no cable part serves)
        storage_protocol = _storage_protocol(catalog, resolved, spec, compute_protocol)
        built_storage = storage_fabric(draft, catalog, resolved, servers, storage_names, storage_protocol,
                                       control.storage_endpoints(storage_protocol))
        if built_storage and storage_protocol != "infiniband":
            control.storage_through_inband(notes)
        if not built_storage:
            control.drop_storage_ufm()
            if storage_names:
                why = ("--storage-fabric none" if spec.storage_fabric == "none"
                       else f"{resolved.server.slug} has no storage ports to cable")
                notes.append(f"no storage fabric ({why}): the storage ports of the {len(storage_names)} storage "
                             f"{'system are' if len(storage_names) == 1 else 'systems are'} left uncabled")
        inband_fabric(draft, catalog, resolved, servers, storage_names, control.inband_endpoints(), notes,
                      control_noted=control.noted_inband)

    groups = place_racks(draft, catalog, resolved, [s.device for s in servers], storage_names)
    groups = [g for g in groups if g]
    layout = lay_out(groups, spec.racks_per_row, spec.cold_aisle_mm, spec.hot_aisle_mm)
    feeds = add_pdus(draft, resolved, groups)
    before = len(draft.notes)
    added = wire_oob(draft, catalog, resolved, groups)
    notes += draft.notes[before:]  # what the out-of-band wiring says (switches joined in one rack)
    if added:
        # racks for the out-of-band aggregation, at the end of the floor; the others keep their places
        groups.append(added)
        layout = lay_out(groups, spec.racks_per_row, spec.cold_aisle_mm, spec.hot_aisle_mm)
        feeds.update(add_pdus(draft, resolved, [added]))
        _oob_for_added(draft, resolved, added)
    mark_in_rack_copper(draft)  # every fabric is built; the cables are planned next
    design = _assemble(draft, resolved, [r for g in groups for r in g], layout, feeds)
    index = DesignIndex.build(design)
    unreachable = assign_cabling(index, catalog.cabling)
    if unreachable:
        link = unreachable[0]
        raise GenerationError(
            f"{len(unreachable)} cables are longer than any catalog media reaches "
            f"(e.g. {link.a} to {link.b}, {link.length_m:.0f} m)",
            hint="use fewer racks per row, or add single-mode optics to the catalog",
        )
    settle_long_lived()
    return design, notes


def _storage_protocol(catalog: Catalog, resolved: Resolved, spec: GenerateSpec, compute_protocol: str) -> str:
    """The storage fabric's protocol: the one of the storage switch the user names (review 11:
    --storage-switch nvidia-sn5600 beside QM9700 built an "infiniband" fabric of Spectrum switches
    that no cable part serves), else Ethernet where the server's reference architecture puts
    storage on an Ethernet switch whatever the compute fabric runs (the DGX SuperPOD GB200 RA
    carries storage on SN5600 beside an InfiniBand compute fabric), else the compute fabric's."""
    named = catalog.device_types.get(spec.storage_switch) if spec.storage_switch else None
    if named is not None and named.switch_protocol:
        return "infiniband" if named.switch_protocol == "infiniband" else "ethernet"
    reference = catalog.device_types.get(resolved.server.reference_switches.get("storage", ""))
    if reference is not None and reference.switch_protocol == "ethernet":
        return "ethernet"
    return compute_protocol


def _single_protocol(catalog: Catalog, resolved: Resolved, spec: GenerateSpec, storage_names: list[str],
                     notes: list[str]) -> str:
    """The protocol a design without a compute fabric (one server) builds its storage fabric
    in: that of --switch, else of --storage-switch, else of the switch the server's reference
    architecture names for storage, else Ethernet (said in a note where storage is cabled)."""
    chosen = resolved.switch
    if chosen is None and spec.storage_switch:
        chosen = catalog.device_types.get(spec.storage_switch)
    if chosen is None:
        slug = resolved.server.reference_switches.get("storage")
        chosen = catalog.device_types.get(slug) if slug else None
    if chosen is not None:
        return "infiniband" if chosen.switch_protocol == "infiniband" else "roce-v2"
    if storage_names and spec.storage_fabric != "none":
        notes.append("one GPU server without --switch: its storage fabric is Ethernet (give --storage-switch "
                     "SLUG of an InfiniBand switch for an InfiniBand one)")
    return "roce-v2"


def _single_server_notes(spec: GenerateSpec, storage_names: list[str], notes: list[str]) -> None:
    """What a one-server design leaves out of what was asked, and why: it has no cluster to
    manage (no management nodes, no UFM) and, without storage systems, no storage fabric."""
    if spec.management_nodes > 0:
        notes.append(f"one GPU server: no cluster control plane, so the {spec.management_nodes} management "
                     f"{'node is' if spec.management_nodes == 1 else 'nodes are'} left out (--management-nodes "
                     "counts for two servers or more)")
    if spec.ufm_appliances:
        notes.append(f"one GPU server: no compute fabric, so the {spec.ufm_appliances} UFM "
                     f"{'appliance is' if spec.ufm_appliances == 1 else 'appliances are'} left out")
    if spec.storage_fabric == "reserved" and not storage_names:
        notes.append("one GPU server without storage systems: the reserved storage fabric "
                     f"({spec.reserved_storage_ports} storage-system ports) is left out; add --storage and "
                     "--storage-nodes, or grow to two servers")


def _oob_for_added(draft: Draft, resolved: Resolved, racks: list[RackDraft]) -> None:
    """Management ports of devices in racks added for the out-of-band aggregation, on
    the free access ports of the out-of-band switches (left free where none is)."""
    access = resolved.oob.main_fabric_group()
    if access is None:
        return  # (wire_oob refused such a switch already)
    leaves = [d for d in draft.devices.values() if d.fabric == "oob" and d.tier == "leaf"]
    used: dict[str, set[str]] = {d.name: set() for d in leaves}
    for link in draft.links:
        if link.b.device in used:
            used[link.b.device].add(link.b.port)
    free = [(d.name, p) for d in leaves for p in access.port_names() if p not in used[d.name]]
    wanted = [(d.name, p) for r in racks for d in r.devices
              for p in endpoint_ports(d, draft.types[d.device_type], "oob")]
    for (device, port), (leaf, leaf_port) in zip(wanted, free[-len(wanted):] if wanted else []):
        draft.links.append(make_link(device, port, leaf, leaf_port, "oob"))


def _assemble(draft: Draft, resolved: Resolved, racks: list[RackDraft], lay: FloorLayout,
              feeds: dict[str, int]) -> Design:
    spec = draft.spec
    room = Room(
        name="Hall 1",
        width_mm=round(lay.width_mm),
        depth_mm=round(lay.depth_mm),
        floor_load_kg_m2=spec.floor_load_kg_m2,
        power_capacity_kw=spec.room_power_kw,
        cooling_air_kw=spec.room_cooling_kw if spec.cooling == "air" else None,
        cooling_liquid_kw=spec.room_cooling_kw if spec.cooling == "liquid" else None,
        liquid_supply_c=spec.coolant_supply_c,
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
                feeds=_feeds(draft.rack_pdus.get(draft_rack.name, resolved.pdu), budget, feeds.get(draft_rack.name, 2)),
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
        name=spec.name or default_name(resolved.nodes, resolved.server.model),
        project=Project(customer=spec.customer, author=spec.author),
        site=Site(name="Site", rooms=[room]),
        fabrics=draft.fabrics,
        racks=design_racks,
        devices=devices,
        links=draft.links,
        rack_types=sorted({r.rack_type.slug: r.rack_type for r in racks}.values(), key=lambda t: t.slug),
        device_types=[t for slug, t in sorted(draft.types.items()) if slug in types_used],
    )


def _feeds(pdu: DeviceType | None, budget_kw: float, count: int) -> list[Feed]:
    """One feed a PDU; each carries what the rack's PDU does (the rack budget where no PDU is chosen)."""
    capacity = budget_kw
    if pdu is not None and pdu.pdu is not None and pdu.pdu.capacity_kw:
        capacity = min(budget_kw, pdu.pdu.capacity_kw)
    return [Feed(name="ABCDEF"[n], capacity_kw=capacity) for n in range(count)]


def uncabled_port_groups(design: Design, index: DesignIndex | None = None) -> list[dict[str, Any]]:
    """Port groups the generator leaves without cables, for the user to place by hand:
    a server's slower in-band port (the fastest one carries the in-band fabric) or a
    storage system's customer-network ports at a speed the in-band fabric does not run.
    One row per device type and group: {"device_type", "group", "role", "speed_gbps",
    "devices", "ports"}. ``index``: the design's, if the caller has one."""
    index = index or DesignIndex.build(design)
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for device in design.devices:
        device_type = index.type_of(device)
        if device_type.kind not in ("server", "storage"):
            continue
        # only this device's cables: a server has about 15, the design 64,000 at 16k GPUs
        used = {split_lane(end.port)[0] for link in index.links_by_device.get(device.name, ())
                for end in (link.a, link.b) if end.device == device.name}
        for group in device_type.port_groups:
            free = [p for p in group.port_names() if p not in used]
            if not free:
                continue
            row = rows.setdefault((device_type.slug, group.name), {
                "device_type": device_type.slug, "group": group.name, "role": group.role,
                "speed_gbps": group.speed_gbps, "devices": 0, "ports": 0})
            row["devices"] += 1
            row["ports"] += len(free)
    return list(rows.values())

