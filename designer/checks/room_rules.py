"""Rules over one room: power and cooling capacity, racks on the floor."""

from __future__ import annotations

from typing import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, kw

EPSILON = 1e-6


def check_room(ctx: CheckContext, room_name: str) -> list[Finding]:
    """Power and cooling of the room: re-run when any of its racks' contents change."""
    return list(capacity(ctx, room_name))


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
    if room.power_capacity_kw is not None and draw > room.power_capacity_kw * 1000 + EPSILON:
        yield Finding(
            "error", "ROOM_POWER_OVER_CAPACITY",
            f"Room {room_name} draws {kw(draw)} at maximum across {len(racks)} racks, "
            f"{kw(draw - room.power_capacity_kw * 1000)} over its {room.power_capacity_kw:,.1f} kW capacity",
            [room_name], "move racks to another room or raise the room's power capacity",
        )
    for heat, limit, medium in ((air, room.cooling_air_kw, "air"), (liquid, room.cooling_liquid_kw, "liquid")):
        if limit is None:
            if medium == "liquid" and liquid > 0 and (room.cooling_air_kw is not None):
                yield Finding(
                    "error", "ROOM_COOLING_OVER_CAPACITY",
                    f"Room {room_name} must remove {kw(liquid)} of heat to liquid but has no liquid cooling",
                    [room_name], "set the room's liquid cooling capacity",
                )
            continue
        if heat > limit * 1000 + EPSILON:
            yield Finding(
                "error", "ROOM_COOLING_OVER_CAPACITY",
                f"Room {room_name} gives off {kw(heat)} of heat to {medium} ({heat * 3.412:,.0f} BTU/h), "
                f"{kw(heat - limit * 1000)} over its {limit:,.1f} kW {medium} cooling",
                [room_name], f"add {medium} cooling capacity or move racks",
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
        if box[0] < -EPSILON or box[1] < -EPSILON or box[2] > room.width_mm + EPSILON or box[3] > room.depth_mm + EPSILON:
            yield Finding(
                "error", "RACK_OUTSIDE_ROOM",
                f"Rack {rack.name} at x {rack.x_mm:,.0f} mm, y {rack.y_mm:,.0f} mm reaches outside room {room_name} "
                f"({room.width_mm:,.0f} x {room.depth_mm:,.0f} mm)",
                [rack.name, room_name], "move the rack inside the room or enlarge the room",
            )
    # sweep along x: only racks whose x-ranges overlap are compared
    boxes.sort()
    active: list[tuple] = []
    for box in boxes:
        active = [b for b in active if b[2] > box[0] + EPSILON]
        for other in active:
            if other[1] < box[3] - EPSILON and box[1] < other[3] - EPSILON:
                yield Finding(
                    "error", "RACK_FLOOR_OVERLAP",
                    f"Racks {other[4]} and {box[4]} overlap on the floor of {room_name}",
                    [box[4], other[4]], "move one of them",
                )
        active.append(box)

