"""Rules over one rack: space, power, feeds, PSUs, cooling, airflow, weight, floor load."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, finding
from designer.checks.messages import Message, msg
from designer.checks.liquid_rules import LIQUID_RULES
from designer.model.loads import device_power_w
from designer.model.units import kw_to_w, mm2_to_m2, w_to_btu_h, w_to_kw

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
            yield finding(
                "warning", "DEVICE_NOT_MOUNTED", [device.name, rack_name],
                msg("device_not_mounted", device=device.name, part=device_type.slug, units=device_type.u_height,
                    rack=rack_name),
                msg("hint.give_position"),
            )
            continue
        top = device.position_u + device_type.u_height - 1
        if top > height:
            yield finding(
                "error", "RACK_SPACE_OUT_OF_BOUNDS", [device.name, rack_name],
                msg("rack_space_out_of_bounds", device=device.name, bottom=device.position_u, top=top,
                    rack=rack_name, height=height),
                msg("hint.lower_device", u=max(1, height - device_type.u_height + 1)),
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
        yield finding(
            "error", "RACK_SPACE_OVERLAP", [second, first, rack_name],
            msg("rack_space_overlap_unit" if low == high else "rack_space_overlap",
                first=first, second=second, low=low, high=high, rack=rack_name),
            msg("hint.free_units"),
        )


def power(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    index = ctx.index
    rack = index.racks[rack_name]
    load = ctx.rack_load(rack_name)
    draw = load.power_max_w
    if rack.power_budget_kw is not None and draw > kw_to_w(rack.power_budget_kw) + EPSILON:
        over = draw - kw_to_w(rack.power_budget_kw)
        yield finding(
            "error", "RACK_POWER_OVER_BUDGET", [rack_name],
            msg("rack_power_over_budget", rack=rack_name, draw_kw=w_to_kw(draw), over_kw=w_to_kw(over),
                budget_kw=rack.power_budget_kw),
            _relief_hint(ctx, rack_name, over, "power"),
        )
    if not rack.feeds:
        if draw > EPSILON:
            # without feeds neither capacity nor A/B redundancy can be judged
            yield finding(
                "warning", "FEED_MISSING", [rack_name],
                msg("feed_missing", rack=rack_name, draw_kw=w_to_kw(draw)),
                msg("hint.add_feeds"),
            )
        return
    capacities = {f.name: kw_to_w(f.capacity_kw) for f in rack.feeds}
    total = sum(capacities.values())
    if draw > total + EPSILON:
        yield finding(
            "error", "FEED_OVER_CAPACITY", [rack_name],
            msg("feed_over_capacity", rack=rack_name, draw_kw=w_to_kw(draw), feeds_kw=w_to_kw(total)),
            msg("hint.add_feed"),
        )
    if len(capacities) == 1:
        yield finding(
            "warning", "FEED_REDUNDANCY_LOST", [rack_name],
            msg("feed_single", rack=rack_name, feed=next(iter(capacities))),
            msg("hint.add_b_feed"),
        )
        return
    for failed, failed_w in capacities.items():
        remaining = total - failed_w
        if draw > remaining + EPSILON:
            yield finding(
                "error", "FEED_REDUNDANCY_LOST", [rack_name],
                msg("feed_redundancy_lost", rack=rack_name, draw_kw=w_to_kw(draw), feed=failed,
                    remaining_kw=w_to_kw(remaining), short_kw=w_to_kw(draw - remaining)),
                msg("hint.keep_under_remaining", remaining_kw=w_to_kw(remaining)),
            )
            break
    yield from _pdus(ctx, rack_name, draw, capacities)


def _pdus(ctx: CheckContext, rack_name: str, draw: float, capacities: dict[str, float]) -> Iterator[Finding]:
    by_feed: dict[str, float] = defaultdict(float)
    index = ctx.index
    for device in index.devices_by_rack.get(rack_name, []):
        device_type = index.type_of(device)
        if device_type.kind == "pdu" and device.feed and device_type.pdu and device_type.pdu.capacity_kw:
            by_feed[device.feed] += kw_to_w(device_type.pdu.capacity_kw)
    if not by_feed:
        return
    # PSUs are spread evenly over the feeds, so when one feed fails each of the others
    # takes an equal share: the whole rack with A/B feeds, half of it with three feeds
    share = draw / (len(capacities) - 1)
    for feed in capacities:
        carried = by_feed.get(feed, 0.0)
        if share > carried + EPSILON:
            key = "pdu_over_capacity" if len(capacities) == 2 else "pdu_over_capacity_share"
            yield finding(
                "error", "PDU_OVER_CAPACITY", [rack_name],
                msg(key, rack=rack_name, feed=feed, carried_kw=w_to_kw(carried), draw_kw=w_to_kw(draw),
                    share_kw=w_to_kw(share)),
                msg("hint.add_pdus", feed=feed),
            )


def cooling(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    rack = ctx.index.racks[rack_name]
    load = ctx.rack_load(rack_name)
    air, liquid = load.heat_air_max_w, load.heat_liquid_max_w
    if rack.cooling_air_kw is not None and air > kw_to_w(rack.cooling_air_kw) + EPSILON:
        over = air - kw_to_w(rack.cooling_air_kw)
        yield finding(
            "error", "RACK_COOLING_OVER_CAPACITY", [rack_name],
            msg("rack_cooling_air", rack=rack_name, heat_kw=w_to_kw(air), heat_btu_h=w_to_btu_h(air),
                over_kw=w_to_kw(over),
                cooling_kw=rack.cooling_air_kw),
            _relief_hint(ctx, rack_name, over, "heat"),
        )
    liquid_capacity = kw_to_w(rack.cooling_liquid_kw or 0.0)
    if liquid > liquid_capacity + EPSILON:
        yield finding(
            "error", "RACK_COOLING_OVER_CAPACITY", [rack_name],
            msg("rack_cooling_liquid", rack=rack_name, heat_kw=w_to_kw(liquid),
                over_kw=w_to_kw(liquid - liquid_capacity), cooling_kw=w_to_kw(liquid_capacity)),
            msg("hint.connect_coolant"),
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
            rear = device.face == "rear"
            yield finding(
                "error", "AIRFLOW_MISMATCH", [device.name, rack_name],
                msg("airflow_mismatch_rear" if rear else "airflow_mismatch_front", device=device.name, rack=rack_name),
                msg("hint.mount_front" if rear else "hint.mount_rear"),
            )


def weight(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    index = ctx.index
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    load = ctx.rack_load(rack_name)
    if rack_type.static_load_kg is not None and load.weight_kg > rack_type.static_load_kg + EPSILON:
        over = load.weight_kg - rack_type.static_load_kg
        yield finding(
            "error", "RACK_WEIGHT_OVER_LIMIT", [rack_name],
            msg("rack_weight_over_limit", rack=rack_name, weight_kg=load.weight_kg, over_kg=over,
                rating_kg=rack_type.static_load_kg, rack_type=rack_type.slug),
            _relief_hint(ctx, rack_name, over, "weight"),
        )
    room = index.rooms.get(rack.room)
    if room is None or room.floor_load_kg_m2 is None:
        return
    area = floor_area_m2(ctx, rack_name)
    total = load.weight_kg + (rack_type.weight_kg or 0.0)
    pressure = total / area
    if pressure > room.floor_load_kg_m2 + EPSILON:
        yield finding(
            "error", "FLOOR_LOAD_OVER_LIMIT", [rack_name, room.name],
            msg("floor_load_over_limit", rack=rack_name, total_kg=total, area_m2=area, pressure_kg_m2=pressure,
                rating_kg_m2=room.floor_load_kg_m2, room=room.name),
            msg("hint.spread_floor_load"),
        )


def floor_area_m2(ctx: CheckContext, rack_name: str) -> float:
    """A rack's floor share: its footprint plus half the cold aisle in front of it and
    half the hot aisle behind it (the documented service-clearance share)."""
    index = ctx.index
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    room = index.rooms[rack.room]
    depth = rack_type.depth_mm + room.cold_aisle_mm / 2 + room.hot_aisle_mm / 2
    return mm2_to_m2(rack_type.width_mm * depth)


def _relief_hint(ctx: CheckContext, rack_name: str, over: float, what: str) -> Message:
    """Name the device whose move would fix it."""
    index = ctx.index
    best = None
    for device in index.devices_by_rack.get(rack_name, []):
        device_type = index.type_of(device)
        if what == "weight":
            amount = device_type.weight_kg or 0.0
        else:
            air_share = 1 - device_type.cooling.liquid_share_known if what == "heat" else 1
            amount = device_power_w(device_type)[0] * air_share
        if amount > 0 and (best is None or amount > best[1]):
            best = (device_type.slug, amount)
    if best is None:
        return msg("hint.raise_rack_limit")
    count = math.ceil(over / best[1] - 1e-9)
    if what == "weight":
        return msg("hint.relieve_weight", count=count, part=best[0], each_kg=best[1])
    key = "hint.relieve_power" if what == "power" else "hint.relieve_heat"
    return msg(key, count=count, part=best[0], each_kw=w_to_kw(best[1]))


RACK_RULES = (space, power, cooling, airflow, weight, *LIQUID_RULES)
