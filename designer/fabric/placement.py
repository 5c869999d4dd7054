"""Placing devices into racks and racks onto the floor.

Racks are filled bottom-up within their power budget, static load rating and U
height, after reserving what every rack carries anyway (its out-of-band switch at
the top and its PDUs). Racks come in groups: a scalable unit's compute racks with
its network rack in the middle, then the central spine/core racks, then storage.
Rows hold at most ``racks_per_row`` racks; pairs of rows face each other across a
cold aisle, with hot aisles behind them.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from typing import Literal

from designer.errors import GenerationError
from designer.model.device import Device
from designer.model.hardware import DeviceType, RackType
from designer.model.loads import device_power_w
from designer.model.rack import Facing
from designer.model.units import w_to_kw

ROOM_MARGIN_MM = 1500.0  # end-of-row and wall clearance
MAIN_AISLE_MM = 2400.0  # between blocks of rows


@dataclass
class Reserve:
    """What every rack carries besides its payload."""

    u: int = 0
    power_w: float = 0.0
    weight_kg: float = 0.0


@dataclass
class RackDraft:
    kind: str  # compute | network | storage
    group: str
    rack_type: RackType
    budget_w: float
    reserve: Reserve
    devices: list[Device] = field(default_factory=list)
    power_w: float = 0.0
    weight_kg: float = 0.0
    next_u: int = 1
    name: str = ""
    row: str = ""
    x_mm: float = 0.0
    y_mm: float = 0.0
    facing: Facing = "south"
    # power cords the rack's first two PDUs have outlets for (None: no PDU chosen); a rack
    # is not filled past them, so a switch rack keeps to two PDUs (RA-11333-001 Table 7)
    outlets: int | None = None
    cords: int = 0

    @property
    def top_free_u(self) -> int:
        return self.rack_type.u_height - self.reserve.u

    def fits(self, device_type: DeviceType) -> bool:
        max_w, _typ = device_power_w(device_type)
        if self.next_u + device_type.u_height - 1 > self.top_free_u:
            return False
        if self.power_w + self.reserve.power_w + max_w > self.budget_w + 1e-6:
            return False
        limit = self.rack_type.static_load_kg
        weight = device_type.weight_kg or 0.0
        if limit is not None and self.weight_kg + self.reserve.weight_kg + weight > limit + 1e-6:
            return False
        # and a cord for each of its PSUs on the rack's outlets
        return self.outlets is None or not self.devices or self.cords + (device_type.psu.count or 1) <= self.outlets

    def place(self, device: Device, device_type: DeviceType) -> None:
        device.position_u = self.next_u
        device.face = face_for(device_type)
        self.next_u += device_type.u_height
        max_w, _typ = device_power_w(device_type)
        self.power_w += max_w
        self.weight_kg += device_type.weight_kg or 0.0
        self.cords += device_type.psu.count or 1
        self.devices.append(device)


def face_for(device_type: DeviceType) -> Literal["front", "rear"]:
    """Mount so that air flows from the rack front (cold aisle) to its rear."""
    return "rear" if device_type.airflow == "rear-to-front" else "front"


def per_rack_limit(device_type: DeviceType, rack_type: RackType, budget_w: float, reserve: Reserve,
                   racks: Iterable[RackType] = ()) -> int:
    """How many of one device fit a rack by U, power and static load; explains a zero. Where the
    rack type is too short or too weak, the explanation names the rack types of ``racks`` (the
    catalog's) that would take one, or says that none does."""
    max_w, _typ = device_power_w(device_type)
    by_u = (rack_type.u_height - reserve.u) // max(device_type.u_height, 1)
    by_power = math.floor((budget_w - reserve.power_w) / max_w + 1e-9) if max_w > 0 else by_u
    weight = device_type.weight_kg or 0.0
    limit = rack_type.static_load_kg
    by_weight = math.floor((limit - reserve.weight_kg) / weight + 1e-9) if (limit and weight) else by_u
    count = min(by_u, by_power, by_weight)
    if count < 1:
        if by_power < 1:
            need_kw = math.ceil(w_to_kw(max_w + reserve.power_w) * 10) / 10
            raise GenerationError(
                f"one {device_type.slug} draws {w_to_kw(max_w):.1f} kW at most; a rack budget of "
                f"{w_to_kw(budget_w):.1f} kW cannot hold it",
                hint=f"use --rack-power-kw {need_kw:g} or more",
                key="rack_budget_below_server",
                figures={"part": device_type.slug, "draw_kw": w_to_kw(max_w), "budget_kw": w_to_kw(budget_w),
                         "need_kw": need_kw},
            )
        racks = list(racks)
        fits = _rack_types_that_take(device_type, weight, reserve, racks)
        if by_u < 1:
            raise GenerationError(
                f"{device_type.slug} is {device_type.u_height} U; {rack_type.slug} has "
                f"{rack_type.u_height - reserve.u} U free",
                hint=_rack_hint("choose a taller rack type", fits, racks),
                key="rack_too_short", figures={"part": device_type.slug, "units": device_type.u_height,
                                               "rack": rack_type.slug, "free_u": rack_type.u_height - reserve.u,
                                               "fits": ", ".join(fits)},
            )
        free_kg = math.floor((limit or 0.0) - reserve.weight_kg)  # down: never more room than there is
        beside = f", {free_kg} kg of it beside what every rack holds" if reserve.weight_kg else ""
        raise GenerationError(
            f"{device_type.slug} weighs {weight:.0f} kg; {rack_type.slug} carries {limit:.0f} kg{beside}",
            hint=_rack_hint("choose a rack type with a higher static load rating", fits, racks),
            key="rack_too_weak", figures={"part": device_type.slug, "weight_kg": weight, "rack": rack_type.slug,
                                          "limit_kg": limit, "free_kg": free_kg, "fits": ", ".join(fits)},
        )
    return count


def _rack_types_that_take(device_type: DeviceType, weight_kg: float, reserve: Reserve,
                          racks: Iterable[RackType]) -> list[str]:
    """Slugs of the rack types that hold one device beside the reserve, by U and static load."""
    return sorted(
        r.slug for r in racks
        if r.u_height - reserve.u >= device_type.u_height
        and (not weight_kg or not r.static_load_kg or r.static_load_kg - reserve.weight_kg >= weight_kg)
    )


def _rack_hint(advice: str, fits: list[str], racks: Sequence[RackType]) -> str:
    """The refusal's hint: the catalog's rack types that would take the device, or that none does."""
    if fits:
        return f"{advice}: --rack-type {' or '.join(fits)}"
    if racks:
        return f"{advice}; no rack type in the catalog takes it: add one with --catalog FILE"
    return advice


def fill(
    drafts: list[RackDraft],
    devices: list[tuple[Device, DeviceType]],
    new_rack: Callable[[], RackDraft],
) -> None:
    """Place devices in order, opening a new rack (``new_rack()``) when the last one is full."""
    for device, device_type in devices:
        rack = drafts[-1] if drafts else None
        if rack is None or not rack.fits(device_type):
            rack = new_rack()
            if not rack.fits(device_type):
                max_w, _typ = device_power_w(device_type)
                raise GenerationError(
                    f"{device_type.slug} ({device_type.u_height} U, {w_to_kw(max_w):.1f} kW) does not fit an empty "
                    f"{rack.rack_type.slug} with a {w_to_kw(rack.budget_w):.1f} kW budget",
                    hint="raise --rack-power-kw or choose a larger rack type",
                )
            drafts.append(rack)
        rack.place(device, device_type)


def row_name(index: int) -> str:
    """Rows A..Z, AA..ZZ, AAA.. (as spreadsheet columns): any number of rows has a name."""
    letters = string.ascii_uppercase
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = letters[rest] + name
    return name


@dataclass
class FloorLayout:
    width_mm: float
    depth_mm: float
    rows: int


def lay_out(groups: list[list[RackDraft]], racks_per_row: int, cold_aisle_mm: float,
            hot_aisle_mm: float) -> FloorLayout:
    """Assign names, rows and floor positions. A group starts a new row when it would
    not fit in what is left of the current one (and fits a row on its own)."""
    rows: list[list[RackDraft]] = [[]]
    for group in groups:
        current = rows[-1]
        if current and len(current) + len(group) > racks_per_row and len(group) <= racks_per_row:
            rows.append([])
        for draft in group:
            if len(rows[-1]) >= racks_per_row:
                rows.append([])
            rows[-1].append(draft)
    rows = [r for r in rows if r]
    # Rows come in facing pairs (cold aisle inside, hot aisle between pairs). Many pairs
    # are set out in blocks side by side, with a main aisle between blocks, so a large
    # hall is about half again as wide as deep instead of one long corridor.
    rack_depth = max(d.rack_type.depth_mm for row in rows for d in row)
    row_width = max(sum(d.rack_type.width_mm for d in row) for row in rows)
    pair_pitch = 2 * rack_depth + cold_aisle_mm + hot_aisle_mm
    pairs = math.ceil(len(rows) / 2)
    blocks = max(1, round(math.sqrt(pairs * pair_pitch * 1.5 / (row_width + MAIN_AISLE_MM))))
    pairs_per_block = math.ceil(pairs / blocks)
    widest = 0.0
    depth = 0.0
    for i, row in enumerate(rows):
        pair, second = divmod(i, 2)
        block, pair_in_block = divmod(pair, pairs_per_block)
        facing: Facing = "north" if second else "south"
        x = ROOM_MARGIN_MM + block * (row_width + MAIN_AISLE_MM)
        y = ROOM_MARGIN_MM + pair_in_block * pair_pitch + (rack_depth + cold_aisle_mm if second else 0.0)
        for col, draft in enumerate(row):
            draft.row = row_name(i)
            draft.name = f"{draft.row}{col + 1:02d}"
            draft.x_mm, draft.y_mm, draft.facing = x, y, facing
            x += draft.rack_type.width_mm
        widest = max(widest, x)
        depth = max(depth, y + rack_depth)
    return FloorLayout(width_mm=widest + ROOM_MARGIN_MM, depth_mm=depth + ROOM_MARGIN_MM, rows=len(rows))
