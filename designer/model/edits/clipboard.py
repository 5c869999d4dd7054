"""Copy and paste of devices, within a design or between designs, without Qt.

``copy_devices(design, names)`` takes the devices, the cables between them (cables to
devices outside the selection stay behind) and their device types, as plain data a
clipboard carries (JSON). ``paste_devices(design, payload, rack)`` is the edit that puts
them into ``rack``: names renumbered where taken (``dgx-h100-03`` → the next free
number), their U layout kept, as low in the rack as it fits at or above where the
first one was (lowest free base U otherwise), cables renamed with them; device types the
design lacks are embedded. Refused with the reason when the rack has no room for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from designer.model.design import Design
from designer.model.device import Device
from designer.model.edits.core import refuse
from designer.model.edits.objects import InsertObjects, _EmbeddingInsert
from designer.model.hardware import DeviceType
from designer.model.index import DesignIndex
from designer.model.link import Link
from designer.model.placement import slot_conflict, unique_name

FORMAT = "cluster-designer-devices/1"


def copy_devices(design: Design, names: Iterable[str]) -> dict[str, Any]:
    wanted = [d for d in design.devices if d.name in set(names)]
    if not wanted:
        refuse("nothing to copy", field="devices", hint="select one or more devices", code="nothing_selected")
    chosen = {d.name for d in wanted}
    slugs = {d.device_type for d in wanted}
    return {
        "format": FORMAT,
        "devices": [d.model_dump(mode="json") for d in wanted],
        "links": [l.model_dump(mode="json") for l in design.links
                  if l.a.device in chosen and l.b.device in chosen],
        "device_types": [t.model_dump(mode="json") for t in design.device_types if t.slug in slugs],
    }


def _for_design(device_type: DeviceType, design: Design) -> DeviceType:
    """A type copied from another design, as this one reads it: ``fabric_ports.storage: []``
    (written by ``designer new`` for management nodes beside an Ethernet storage fabric, which
    reach storage through in-band) does not hold where this design's storage fabric is not
    Ethernet: dropped there, so the checks ask for those ports again (review 11: it travelled
    into InfiniBand designs and hid uncabled storage ports)."""
    if device_type.fabric_ports.get("storage") != [] or any(
            f.role == "storage" and f.protocol != "infiniband" for f in design.fabrics):
        return device_type
    kept = {role: ports for role, ports in device_type.fabric_ports.items() if role != "storage"}
    return device_type.model_copy(update={"fabric_ports": kept})


def paste_devices(design: Design, payload: dict[str, Any], rack: str) -> InsertObjects:
    """The edit that pastes ``payload`` (from ``copy_devices``) into ``rack``."""
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        refuse("the clipboard holds no devices of a design", field="clipboard", hint="copy devices first",
               code="not_devices")
    devices = [Device.model_validate(d) for d in payload["devices"]]
    links = [Link.model_validate(l) for l in payload.get("links", [])]
    types = {t["slug"]: DeviceType.model_validate(t) for t in payload.get("device_types", [])}
    have = {t.slug: t for t in design.device_types}
    types = {slug: _for_design(t, design) for slug, t in types.items()}
    index = DesignIndex.build(design)
    if rack not in index.racks:
        refuse(f'rack "{rack}" does not exist', field="rack", hint="paste into a rack of the design",
               code="no_such_rack", rack=rack)
    type_of = {**types, **have}
    missing = sorted({d.device_type for d in devices} - set(type_of))
    if missing:
        refuse(f"device types {', '.join(missing)} are not known", field="device_types",
               hint="copy from a design that has them", code="no_such_type", type=", ".join(missing))
    # new names: taken ones renumbered
    taken = {d.name for d in design.devices}
    renamed: dict[str, str] = {}
    for device in devices:
        name = device.name if device.name not in taken else unique_name(taken, device.name)
        taken.add(name)
        renamed[device.name] = name
    mounted = [d for d in devices if d.position_u is not None and type_of[d.device_type].u_height > 0]
    if _overlap(mounted, type_of) or len({d.rack for d in mounted}) > 1:
        # from several racks (or overlapping): stacked in the order copied, from the lowest
        stacked, at = [], min((_u(d) for d in mounted), default=1)
        for device in sorted(mounted, key=lambda d: (d.rack or "", _u(d))):
            stacked.append(device.model_copy(update={"position_u": at}))
            at += type_of[device.device_type].u_height
        by_name = {d.name: d for d in stacked}
        devices = [by_name.get(d.name, d) for d in devices]
        mounted = stacked
    height = index.rack_type_of(index.racks[rack]).u_height
    base = min((_u(d) for d in mounted), default=1)
    top = max((_u(d) + type_of[d.device_type].u_height - 1 for d in mounted), default=0)
    span = top - base + 1 if mounted else 0

    def fits(low: int) -> bool:
        for device in mounted:
            device_type = type_of[device.device_type]
            full = device.full_depth if device.full_depth is not None else device_type.is_full_depth
            at = low + _u(device) - base
            if at + device_type.u_height - 1 > height or slot_conflict(
                    index, rack, at, device_type.u_height, device.face, full) is not None:
                return False
        return True

    if mounted:
        start = next((u for u in [*range(base, height - span + 2), *range(1, base)] if fits(u)), None)
        if start is None:
            refuse(f'rack "{rack}" has no room for {len(mounted)} device{"s" if len(mounted) > 1 else ""} over '
                   f"{span} U", field="rack", hint="paste into a rack with room, or free some units",
                   code="no_room", rack=rack, units=span)
    else:
        start = base
    feeds = {f.name for f in index.racks[rack].feeds}
    placed = []
    for device in devices:
        position = None if device.position_u is None else start + device.position_u - base
        placed.append(device.model_copy(update={"name": renamed[device.name], "rack": rack, "position_u": position,
                                                "feed": device.feed if device.feed in feeds else None}))
    ids: dict[str, str] = {}
    taken_ids = {l.cable_id for l in design.links if l.cable_id}
    moved_links = []
    for link in links:
        cable_id = link.cable_id
        if cable_id is not None:
            if cable_id not in ids:
                ids[cable_id] = cable_id if cable_id not in taken_ids else unique_name(taken_ids, cable_id)
                taken_ids.add(ids[cable_id])
            cable_id = ids[cable_id]
        fabric = link.fabric if link.fabric in {f.name for f in design.fabrics} else None
        moved_links.append(link.model_copy(update={
            "a": link.a.model_copy(update={"device": renamed[link.a.device]}),
            "b": link.b.model_copy(update={"device": renamed[link.b.device]}),
            "cable_id": cable_id, "fabric": fabric}))
    for device in placed:
        if device.fabric not in {f.name for f in design.fabrics}:
            device.fabric = None
    items: dict[str, list[tuple[int | None, Any]]] = {"devices": [(None, d) for d in placed],
                                                      "links": [(None, l) for l in moved_links]}
    new_types = [t for slug, t in types.items() if slug not in have]
    if new_types:
        items["device_types"] = [(None, t) for t in new_types]
    return _EmbeddingInsert(items, verb="pasted")


def _u(device: Device) -> int:
    """The position of a device known to be mounted (``mounted`` lists only those)."""
    assert device.position_u is not None, device.name
    return device.position_u


def _overlap(devices: list[Device], type_of: dict[str, DeviceType]) -> bool:
    """Do any two of these devices (as placed in their racks) share a U on a face?"""
    taken: dict[tuple[str, int], str] = {}  # (face, U) -> the device there
    for device in devices:
        device_type = type_of[device.device_type]
        full = device.full_depth if device.full_depth is not None else device_type.is_full_depth
        for face in (("front", "rear") if full else (device.face,)):
            for u in range(_u(device), _u(device) + device_type.u_height):
                if (face, u) in taken:
                    return True
                taken[(face, u)] = device.name
    return False
