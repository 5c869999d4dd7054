"""The rules an edit is checked against: the loader's (``designer.model.io.check_references``
and the pydantic models) and, for strict edits, the window's promises (free slots within
the rack, the rack's feeds, existing and free ports). Messages name the object and field
as the loader does (``racks "A02".room``) and say how to fix it."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any, TypeVar, cast
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ValidationError

from designer.model.base import NAME_PATTERN, Record, record_fields, record_text_problem
from designer.model.design import Design
from designer.model.device import Device
from designer.model.index import DesignIndex
from designer.model.placement import slot_conflict, slot_message
from designer.model.link import Fabric, Link
from designer.model.rack import Rack
from designer.model.site import Room
from designer.model.edits.core import refuse

# Where each kind of object lives in the file, as the loader's messages name it.
LISTS = {"room": "site.rooms", "rack": "racks", "device": "devices", "fabric": "fabrics"}


def where(kind: str, name: Any) -> str:
    """``racks "A02"``, ``links[3]``, ``project``: how a message names an object."""
    if kind == "link":
        return f"links[{name}]"
    if kind == "feed":
        rack, feed = str(name).split("/", 1)
        return f'racks "{rack}".feeds "{feed}"'
    if kind in LISTS:
        return f'{LISTS[kind]} "{name}"'
    return kind


def choices(names: Iterable[str], limit: int = 6) -> str:
    names = sorted(set(names))
    shown = names[:limit]
    more = len(names) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def pool(design: Design, kind: str) -> list[str]:
    """The names already taken by objects of ``kind``."""
    items: dict[str, Sequence[Room | Rack | Device | Fabric]] = {
        "room": design.site.rooms, "rack": design.racks, "device": design.devices, "fabric": design.fabrics}
    return [item.name for item in items[kind]]


def unique(kind: str, name: str, taken: Iterable[str], field: str) -> None:
    if name in set(taken):
        refuse(f'a {kind} named "{name}" already exists', field=field,
               hint="names must be unique; choose another", code="name_taken", kind=kind, name=name)


M = TypeVar("M", bound=BaseModel | Record)


def validated(model: M, where_: str) -> M:
    """The object as the loader would read it from its saved form (``model_copy(update=…)``
    skips validation)."""
    try:
        checked = cast(M, type(model).model_validate(model.model_dump()))
    except ValidationError as exc:
        raise_validation(exc, where_)
    return model if checked == model else checked


def raise_validation(exc: ValidationError, where_: str) -> None:
    error = exc.errors(include_url=False)[0]
    loc = ".".join(str(p) for p in error["loc"])
    msg = error["msg"].replace("Input should be", "expected")
    msg = msg[0].lower() + msg[1:] if msg else msg
    given = error.get("input")
    if error["type"] == "unexpected_keyword_argument":  # a record's (designer.model.base.Record)
        msg = "extra inputs are not permitted"
    if error["type"] == "string_pattern_mismatch" and (error.get("ctx") or {}).get("pattern") == NAME_PATTERN:
        # the loader's words; pydantic's message quotes the pattern, control characters and all
        msg = "a name may not contain a colon, tabs, line breaks or control characters"
    worded = record_text_problem(error)
    if worded:
        msg = worded  # names the fault and where; the text itself may hold control characters
    elif error["type"] not in ("missing", "extra_forbidden", "unexpected_keyword_argument") \
            and not error["type"].startswith("value_error"):
        msg += f"; got {given!r}"
    refuse(msg, field=f"{where_}.{loc}" if loc else where_, hint="enter a valid value", code="invalid",
           error=msg)


def validated_field(obj: BaseModel | Record, field: str, value: Any, where_: str) -> Any:
    """``value`` as the model would store it in ``obj.field`` (stripped, coerced), or a
    refusal with the model's reason. Validates the one field, not the whole object."""
    fields = record_fields(type(obj))
    if field not in fields:
        refuse(f'{where_} has no field "{field}"', field=f"{where_}.{field}",
               hint=f"use one of: {choices(fields)}", code="no_field", field_name=field)
    probe = obj.model_copy()
    try:
        type(obj).__pydantic_validator__.validate_assignment(probe, field, value)
    except ValidationError as exc:
        raise_validation(exc, where_)
    return getattr(probe, field)


def validated_fields(obj: BaseModel | Record, where_: str, **values: Any) -> dict[str, Any]:
    """Several fields' values as the model would store them (``validated_field`` each)."""
    return {field: validated_field(obj, field, value, where_) for field, value in values.items()}


# ---------------------------------------------------------------- references


def room_exists(design: Design, room: str, field: str, rooms: Iterable[str] | None = None) -> None:
    names = set(r.name for r in design.site.rooms) if rooms is None else set(rooms)
    if room not in names:
        refuse(f'room "{room}" does not exist', field=field,
               hint=f"use one of: {choices(names)}" if names else "add the room first",
               code="no_such_room", room=room)


def fabric_exists(design: Design, fabric: str | None, field: str) -> None:
    names = {f.name for f in design.fabrics}
    if fabric is not None and fabric not in names:
        refuse(f'fabric "{fabric}" does not exist', field=field,
               hint=f"use one of: {choices(names)}" if names else "add it under fabrics first",
               code="no_such_fabric", fabric=fabric)


def feed_names_unique(rack: Rack, where_: str) -> None:
    names = [f.name for f in rack.feeds]
    for name in names:
        if names.count(name) > 1:
            refuse(f'two feeds are named "{name}"', field=f"{where_}.feeds",
                   hint="feed names of a rack must be unique; rename one", code="feed_taken", feed=name)


def breakouts_valid(index: DesignIndex, device: Device, where_: str) -> None:
    """The loader's rule: a split port exists and supports the split."""
    device_type = index.device_types[device.device_type]
    for port, breakout in device.port_breakouts.items():
        group = device_type.port_group_of(port)
        if group is None or port not in group.port_names():
            refuse(f'port "{port}" does not exist on {device_type.slug}', field=f"{where_}.port_breakouts",
                   hint="split one of its ports", code="no_such_port", port=port)
        if not group.supports(breakout):
            ways = ", ".join(f"{b.count} x {b.speed_gbps:g}G" for b in group.breakout) or "none"
            refuse(f'port "{port}" cannot split into {breakout.count} x {breakout.speed_gbps:g}G',
                   field=f"{where_}.port_breakouts", hint=f"breakouts of {device_type.slug}: {ways}",
                   code="breakout", port=port)


def preview(design: Design, **lists: list[Any]) -> DesignIndex:
    """An index over the design as it would be with some of its lists replaced (``racks``,
    ``devices``, ``rooms``, ``rack_types``, ``device_types``, ``links``), built without
    touching the design. Links are left out unless given."""
    view = SimpleNamespace(
        site=SimpleNamespace(rooms=lists.get("rooms", design.site.rooms)),
        fabrics=design.fabrics,
        racks=lists.get("racks", design.racks),
        devices=lists.get("devices", design.devices),
        links=lists.get("links", []),
        rack_types=lists.get("rack_types", design.rack_types),
        device_types=lists.get("device_types", design.device_types),
    )
    return DesignIndex.build(view)  # type: ignore[arg-type]


def device_fits(index: DesignIndex, device: Device, where_: str, strict: bool) -> None:
    """A device in ``index`` (the design as it would be): the loader's rules, and with
    ``strict`` a free slot within its rack and one of the rack's feeds."""
    if device.device_type not in index.device_types:
        refuse(f'device type "{device.device_type}" is not in the design', field=f"{where_}.device_type",
               hint="add the part from the catalog (its type is embedded)", code="no_such_type",
               type=device.device_type)
    if device.rack is not None and device.rack not in index.racks:
        racks = index.racks
        refuse(f'rack "{device.rack}" does not exist', field=f"{where_}.rack",
               hint=f"use one of: {choices(racks)}" if racks else "add a rack first or leave the rack empty",
               code="no_such_rack", rack=device.rack)
    fabric_exists(index.design, device.fabric, f"{where_}.fabric")
    breakouts_valid(index, device, where_)
    if not strict:
        return
    if device.feed is not None:
        if device.rack is None:
            refuse(f'feed "{device.feed}": a device outside a rack hangs on no feed', field=f"{where_}.feed",
                   hint="clear the feed or put the device in a rack", code="feed_unracked", feed=device.feed)
        feeds = [f.name for f in index.racks[device.rack].feeds]
        if device.feed not in feeds:
            refuse(f'rack "{device.rack}" has no feed "{device.feed}"', field=f"{where_}.feed",
                   hint=f"use one of: {choices(feeds)}" if feeds else "add a feed to the rack or clear the feed",
                   code="no_such_feed", rack=device.rack, feed=device.feed)
    if device.rack is not None and device.position_u is not None:
        device_type = index.type_of(device)
        conflict = slot_conflict(index, device.rack, device.position_u, device_type.u_height, device.face,
                                 index.is_full_depth(device), ignore=device)
        if conflict is not None:
            key, figures = conflict
            refuse(slot_message(key, figures), field=f"{where_}.position_u",
                   hint="choose a free slot within the rack", code=f"slot.{key}", **figures)


def link_ends_valid(index: DesignIndex, link: Link, where_: str, strict: bool, ends: Counter[tuple[str, str]]) -> None:
    """The loader's rule (the fabric exists) and with ``strict`` both ends on existing,
    distinct ports not cabled by another link (``ends``: how often each (device, port) is
    an end of the design's links, this one included)."""
    fabric_exists(index.design, link.fabric, f"{where_}.fabric")
    if not strict:
        return
    if (link.a.device, link.a.port) == (link.b.device, link.b.port):
        refuse(f"both ends are {link.a}", field=f"{where_}.b", hint="cable two different ports", code="same_port",
               end=str(link.a))
    for side, end in (("a", link.a), ("b", link.b)):
        if end.device not in index.devices:
            refuse(f'device "{end.device}" does not exist', field=f"{where_}.{side}.device",
                   hint="cable a device of the design", code="no_such_device", device=end.device)
        if index.ports.speed_gbps(end.device, end.port) is None:
            device_type = index.type_of(index.devices[end.device])
            ports = ", ".join(f"{g.prefix}1-{g.prefix}{g.count}" for g in device_type.port_groups)
            refuse(f'{end.device} ({device_type.slug}) has no port "{end.port}"', field=f"{where_}.{side}.port",
                   hint=f"its ports: {ports}" if ports else "it has no ports", code="no_such_port", port=str(end))
        if ends[(end.device, end.port)] > 1:
            refuse(f"port {end} is already cabled", field=f"{where_}.{side}",
                   hint="delete or move that cable first", code="port_taken", port=str(end))


def link_ends(links: Iterable[Link]) -> Counter[tuple[str, str]]:
    """How often each (device, port) ends a link."""
    return Counter((end.device, end.port) for link in links for end in (link.a, link.b))


def end_fabrics(design: Design, links: Iterable[Link]) -> list[str | None]:
    """The fabrics whose analyses count the ports of the devices these cables end on. A
    switch's port use counts every cable on it, whatever fabric the cable is in, so a
    storage cable on a compute leaf's port changes the compute fabric's spare-port finding;
    and a switch belongs to the analysis of every fabric with a cable on it (the generated
    out-of-band uplinks end on in-band cores), so those fabrics are named too. A cable of
    no stated fabric on them (its fabric follows from its ports) names every fabric. One
    pass over the cables: these edits (a cable added, removed or re-ended) make such passes
    already; a re-route of the same ends does not come here."""
    names = {e.device for l in links for e in (l.a, l.b)}
    if not names:
        return []
    found: set[str | None] = {d.fabric for d in design.devices if d.name in names}
    for link in design.links:
        if link.a.device in names or link.b.device in names:
            if link.fabric is None:
                return [f.name for f in design.fabrics]
            found.add(link.fabric)
    return list(found)
