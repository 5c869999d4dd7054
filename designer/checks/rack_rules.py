"""Rules over one rack: space, power, feeds, PSUs, cooling, airflow, weight, floor load."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, kw
from designer.model.loads import device_power_w

EPSILON = 1e-6


def check_rack(ctx: CheckContext, rack_name: str) -> list[Finding]:
    findings: list[Finding] = []
    for rule in RACK_RULES:
        findings.extend(rule(ctx, rack_name))
    return findings


def space(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    index = ctx.index
    rack = index.racks[rack_name]
    height = index.rack_type_of(rack).u_height
    occupied: dict[tuple[str, int], str] = {}
    clashes: dict[tuple[str, str], set[int]] = defaultdict(set)
    for device in index.devices_by_rack.get(rack_name, []):
        device_type = index.type_of(device)
        if device_type.u_height == 0:
            continue
        if device.position_u is None:
            yield Finding(
                "warning", "DEVICE_NOT_MOUNTED",
                f"{device.name} ({device_type.slug}, {device_type.u_height} U) is in rack {rack_name} but has no position",
                [device.name, rack_name], "give it a position_u or drag it into a free slot",
            )
            continue
        top = device.position_u + device_type.u_height - 1
        if top > height:
            yield Finding(
                "error", "RACK_SPACE_OUT_OF_BOUNDS",
                f"{device.name} occupies U{device.position_u}-U{top}, above the top of {rack_name} ({height} U)",
                [device.name, rack_name], f"lower it to U{max(1, height - device_type.u_height + 1)} or below",
            )
        faces = ("front", "rear") if index.is_full_depth(device) else (device.face,)
        for u in range(device.position_u, min(top, height) + 1):
            for face in faces:
                other = occupied.get((face, u))
                if other is not None and other != device.name:
                    clashes[(other, device.name)].add(u)
                else:
                    occupied[(face, u)] = device.name
    for (first, second), units in clashes.items():
        low, high = min(units), max(units)
        where = f"U{low}" if low == high else f"U{low}-U{high}"
        yield Finding(
            "error", "RACK_SPACE_OVERLAP",
            f"{first} and {second} both occupy {where} of rack {rack_name}",
            [second, first, rack_name], "move one of them to free rack units",
        )


def power(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    index = ctx.index
    rack = index.racks[rack_name]
    load = ctx.rack_load(rack_name)
    draw = load.power_max_w
    if rack.power_budget_kw is not None and draw > rack.power_budget_kw * 1000 + EPSILON:
        over = draw - rack.power_budget_kw * 1000
        yield Finding(
            "error", "RACK_POWER_OVER_BUDGET",
            f"Rack {rack_name} draws {kw(draw)} at maximum, {kw(over)} over its {rack.power_budget_kw:.1f} kW budget",
            [rack_name], _relief_hint(ctx, rack_name, over, "power"),
        )
    if not rack.feeds:
        return
    capacities = {f.name: f.capacity_kw * 1000 for f in rack.feeds}
    total = sum(capacities.values())
    if draw > total + EPSILON:
        yield Finding(
            "error", "FEED_OVER_CAPACITY",
            f"Rack {rack_name} draws {kw(draw)} at maximum; its feeds deliver {kw(total)} together",
            [rack_name], "add a feed or raise the feed capacity",
        )
    if len(capacities) == 1:
        yield Finding(
            "warning", "FEED_REDUNDANCY_LOST",
            f"Rack {rack_name} has a single feed ({next(iter(capacities))}); a feed failure takes it down",
            [rack_name], "add a B feed",
        )
        return
    for failed, failed_w in capacities.items():
        remaining = total - failed_w
        if draw > remaining + EPSILON:
            yield Finding(
                "error", "FEED_REDUNDANCY_LOST",
                f"Rack {rack_name} draws {kw(draw)}; if feed {failed} fails the remaining "
                f"{kw(remaining)} cannot carry it ({kw(draw - remaining)} short)",
                [rack_name], f"keep the rack under {kw(remaining)} or raise the other feeds' capacity",
            )
            break
    yield from _pdus(ctx, rack_name, draw, capacities)


def _pdus(ctx: CheckContext, rack_name: str, draw: float, capacities: dict[str, float]):
    by_feed: dict[str, float] = defaultdict(float)
    index = ctx.index
    for device in index.devices_by_rack.get(rack_name, []):
        device_type = index.type_of(device)
        if device_type.kind == "pdu" and device.feed and device_type.pdu and device_type.pdu.capacity_kw:
            by_feed[device.feed] += device_type.pdu.capacity_kw * 1000
    if not by_feed:
        return
    for feed in capacities:
        # when the other feed fails, this feed's PDUs carry the whole rack
        carried = by_feed.get(feed, 0.0)
        if draw > carried + EPSILON:
            yield Finding(
                "error", "PDU_OVER_CAPACITY",
                f"Rack {rack_name}: the PDUs on feed {feed} carry {kw(carried)}; the rack draws {kw(draw)} "
                "when the other feed fails",
                [rack_name], f"add PDUs on feed {feed} or use larger ones",
            )


def cooling(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    rack = ctx.index.racks[rack_name]
    load = ctx.rack_load(rack_name)
    air, liquid = load.heat_air_max_w, load.heat_liquid_max_w
    if rack.cooling_air_kw is not None and air > rack.cooling_air_kw * 1000 + EPSILON:
        yield Finding(
            "error", "RACK_COOLING_OVER_CAPACITY",
            f"Rack {rack_name} gives off {kw(air)} of heat to air ({air * 3.412:,.0f} BTU/h), "
            f"{kw(air - rack.cooling_air_kw * 1000)} over its {rack.cooling_air_kw:.1f} kW air cooling",
            [rack_name], _relief_hint(ctx, rack_name, air - rack.cooling_air_kw * 1000, "heat"),
        )
    liquid_capacity = (rack.cooling_liquid_kw or 0.0) * 1000
    if liquid > liquid_capacity + EPSILON:
        yield Finding(
            "error", "RACK_COOLING_OVER_CAPACITY",
            f"Rack {rack_name} gives off {kw(liquid)} of heat to liquid, "
            f"{kw(liquid - liquid_capacity)} over its {liquid_capacity / 1000:.1f} kW liquid cooling",
            [rack_name], "connect the rack to a coolant loop with enough capacity",
        )


def airflow(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    index = ctx.index
    for device in index.devices_by_rack.get(rack_name, []):
        device_type = index.type_of(device)
        flow = device_type.airflow
        if flow not in ("front-to-rear", "rear-to-front") or device_type.u_height == 0:
            continue
        against = (flow == "front-to-rear" and device.face == "rear") or (
            flow == "rear-to-front" and device.face == "front"
        )
        if against:
            yield Finding(
                "error", "AIRFLOW_MISMATCH",
                f"{device.name} ({flow} airflow) is mounted facing the {device.face} of rack {rack_name}, "
                "so it blows hot air into the cold aisle",
                [device.name, rack_name],
                f"mount it on the {'front' if device.face == 'rear' else 'rear'} face or order the other airflow variant",
            )


def weight(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    index = ctx.index
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    load = ctx.rack_load(rack_name)
    if rack_type.static_load_kg is not None and load.weight_kg > rack_type.static_load_kg + EPSILON:
        over = load.weight_kg - rack_type.static_load_kg
        yield Finding(
            "error", "RACK_WEIGHT_OVER_LIMIT",
            f"Rack {rack_name} carries {load.weight_kg:,.0f} kg of equipment, {over:,.0f} kg over the "
            f"{rack_type.static_load_kg:,.0f} kg static load rating of {rack_type.slug}",
            [rack_name], _relief_hint(ctx, rack_name, over, "weight"),
        )
    room = index.rooms.get(rack.room)
    if room is None or room.floor_load_kg_m2 is None:
        return
    area = floor_area_m2(ctx, rack_name)
    total = load.weight_kg + (rack_type.weight_kg or 0.0)
    pressure = total / area
    if pressure > room.floor_load_kg_m2 + EPSILON:
        yield Finding(
            "error", "FLOOR_LOAD_OVER_LIMIT",
            f"Rack {rack_name} puts {total:,.0f} kg on {area:.2f} m2 ({pressure:,.0f} kg/m2), above the "
            f"{room.floor_load_kg_m2:,.0f} kg/m2 rating of {room.name}",
            [rack_name, room.name], "spread the load over more racks or reinforce the floor (load-spreading plates)",
        )


def floor_area_m2(ctx: CheckContext, rack_name: str) -> float:
    """A rack's floor share: its footprint plus half the cold aisle in front of it and
    half the hot aisle behind it (the documented service-clearance share)."""
    index = ctx.index
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    room = index.rooms[rack.room]
    depth = rack_type.depth_mm + room.cold_aisle_mm / 2 + room.hot_aisle_mm / 2
    return rack_type.width_mm * depth / 1e6


def _relief_hint(ctx: CheckContext, rack_name: str, over: float, what: str) -> str:
    """Name the device whose move would fix it."""
    index = ctx.index
    best = None
    for device in index.devices_by_rack.get(rack_name, []):
        device_type = index.type_of(device)
        if what == "weight":
            amount = device_type.weight_kg or 0.0
        else:
            amount = device_power_w(device_type)[0] * (1 - device_type.cooling.liquid_share if what == "heat" else 1)
        if amount > 0 and (best is None or amount > best[1]):
            best = (device_type.slug, amount)
    if best is None:
        return "raise the rack's limit"
    count = math.ceil(over / best[1] - 1e-9)
    unit = f"{best[1]:,.0f} kg" if what == "weight" else kw(best[1])
    limit = {"power": "the budget", "heat": "the cooling", "weight": "a stronger rack"}[what]
    return f"move {count} x {best[0]} ({unit} each) to another rack, or raise {limit}"


RACK_RULES = (space, power, cooling, airflow, weight)
