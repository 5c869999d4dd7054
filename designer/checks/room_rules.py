"""Rules over one room: power and cooling capacity, racks on the floor."""

from __future__ import annotations

from collections.abc import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, finding
from designer.checks.messages import msg, names
from designer.model.units import kw_to_w, w_to_btu_h, w_to_kw

EPSILON = 1e-6


def check_room(ctx: CheckContext, room_name: str) -> list[Finding]:
    """Power and cooling of the room: re-run when any of its racks' contents change."""
    return [*capacity(ctx, room_name), *coolant(ctx, room_name)]


def check_floor(ctx: CheckContext, room_name: str) -> list[Finding]:
    """Racks on the floor: re-run only when racks are placed or the room changes."""
    return list(floor(ctx, room_name))


def capacity(ctx: CheckContext, room_name: str) -> Iterator[Finding]:
    room = ctx.index.rooms[room_name]
    racks = ctx.index.racks_by_room.get(room_name, [])
    draw = air = liquid = 0.0
    for rack in racks:
        load = ctx.rack_load(rack.name)
        draw += load.power_max_w
        air += load.heat_air_max_w
        liquid += load.heat_liquid_max_w
    if room.power_capacity_kw is not None and draw > kw_to_w(room.power_capacity_kw) + EPSILON:
        yield finding(
            "error", "ROOM_POWER_OVER_CAPACITY", [room_name],
            msg("room_power_over_capacity", room=room_name, draw_kw=w_to_kw(draw), count=len(racks),
                over_kw=w_to_kw(draw - kw_to_w(room.power_capacity_kw)), capacity_kw=room.power_capacity_kw),
            msg("hint.room_power"),
        )
    for heat, limit, medium in ((air, room.cooling_air_kw, "air"), (liquid, room.cooling_liquid_kw, "liquid")):
        if limit is None:
            if medium == "liquid" and liquid > 0 and (room.cooling_air_kw is not None):
                yield finding(
                    "error", "ROOM_COOLING_OVER_CAPACITY", [room_name],
                    msg("room_cooling_no_liquid", room=room_name, heat_kw=w_to_kw(liquid)),
                    msg("hint.set_room_liquid"),
                )
            continue
        if heat > kw_to_w(limit) + EPSILON:
            air_side = medium == "air"
            yield finding(
                "error", "ROOM_COOLING_OVER_CAPACITY", [room_name],
                msg("room_cooling_air" if air_side else "room_cooling_liquid", room=room_name,
                    heat_kw=w_to_kw(heat),
                    heat_btu_h=w_to_btu_h(heat), over_kw=w_to_kw(heat - kw_to_w(limit)), cooling_kw=limit),
                msg("hint.add_air_cooling" if air_side else "hint.add_liquid_cooling"),
            )


def floor(ctx: CheckContext, room_name: str) -> Iterator[Finding]:
    index = ctx.index
    room = index.rooms[room_name]
    boxes = []
    for rack in index.racks_by_room.get(room_name, []):
        rack_type = index.rack_type_of(rack)
        w, d = (rack_type.depth_mm, rack_type.width_mm) if rack.facing in ("east", "west") else (
            rack_type.width_mm, rack_type.depth_mm)
        box = (rack.x_mm, rack.y_mm, rack.x_mm + w, rack.y_mm + d, rack.name)
        boxes.append(box)
        if (box[0] < -EPSILON or box[1] < -EPSILON or box[2] > room.width_mm + EPSILON
                or box[3] > room.depth_mm + EPSILON):
            yield finding(
                "error", "RACK_OUTSIDE_ROOM", [rack.name, room_name],
                msg("rack_outside_room", rack=rack.name, x_mm=rack.x_mm, y_mm=rack.y_mm, room=room_name,
                    width_mm=room.width_mm, depth_mm=room.depth_mm),
                msg("hint.move_inside_room"),
            )
    # sweep along x: only racks whose x-ranges overlap are compared
    boxes.sort()
    active: list[tuple[float, float, float, float, str]] = []
    for box in boxes:
        active = [b for b in active if b[2] > box[0] + EPSILON]
        for other in active:
            if other[1] < box[3] - EPSILON and box[1] < other[3] - EPSILON:
                yield finding(
                    "error", "RACK_FLOOR_OVERLAP", [box[4], other[4]],
                    msg("rack_floor_overlap", first=other[4], second=box[4], room=room_name),
                    msg("hint.move_one"),
                )
        active.append(box)



def coolant(ctx: CheckContext, room_name: str) -> Iterator[Finding]:
    """The coolant the room's CDUs supply, against the warmest each liquid-cooled part takes
    (``cooling.liquid_supply_max_c``, its vendor's or supplied): one error per part that gets
    it too warm, naming its racks; a note for the liquid-cooled parts whose figure nobody
    published. Nothing to judge while the room's supply temperature is not given."""
    index = ctx.index
    supply = index.rooms[room_name].liquid_supply_c
    if supply is None:
        return
    too_warm: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    unknown: set[str] = set()
    for rack in index.racks_by_room.get(room_name, []):
        for device in index.devices_by_rack.get(rack.name, []):
            device_type = index.type_of(device)
            share = device_type.cooling.liquid_share
            if share is not None and share <= 0:
                continue
            warmest = device_type.cooling.liquid_supply_max_c
            if warmest is None:
                unknown.add(device_type.slug)
            elif supply > warmest + EPSILON:
                racks = too_warm.setdefault(device_type.slug, [])
                if rack.name not in racks:
                    racks.append(rack.name)
                counts[device_type.slug] = counts.get(device_type.slug, 0) + 1
    for slug in sorted(too_warm):
        warmest = index.device_types[slug].cooling.liquid_supply_max_c
        racks = too_warm[slug]
        yield finding(
            "error", "COOLANT_SUPPLY_TOO_WARM", [room_name, *racks],
            msg("coolant_supply_too_warm", room=room_name, supply_c=supply, part=slug, count=counts[slug],
                warmest_c=warmest, racks=names(racks, 6)),
            msg("hint.coolant_supply"),
        )
    if unknown:
        yield finding(
            "info", "FIGURE_UNKNOWN", sorted(unknown),
            msg("figure_unknown_coolant_supply", parts=names(sorted(unknown)), room=room_name, supply_c=supply),
            msg("hint.enter_coolant_supply"),
        )
