"""The site and its rooms: the facility limits a design must fit."""

from __future__ import annotations

from pydantic import Field

from designer.model.base import Coordinate, Model, Name, NonNegativeFloat, PositiveFloat
from designer.model.units import mm2_to_m2


class Room(Model):
    """A rectangular data hall. Racks are positioned in its coordinates (mm, origin at the
    top-left corner of the floor plan, x to the right, y downwards)."""

    name: Name
    width_mm: PositiveFloat
    depth_mm: PositiveFloat
    floor_load_kg_m2: PositiveFloat | None = None
    power_capacity_kw: PositiveFloat | None = None
    cooling_air_kw: NonNegativeFloat | None = None
    cooling_liquid_kw: NonNegativeFloat | None = None
    # The coolant temperature the room's CDUs supply to the racks' liquid inlets (their
    # secondary loop, the technology cooling system), degrees C; None: not given
    liquid_supply_c: float | None = Field(default=None, ge=5, le=90)
    pue: float | None = Field(default=None, ge=1.0, le=3.0)
    # Aisle widths decide how much floor each rack's load spreads over: a rack owns
    # its footprint plus half of the aisle in front of it and half of the one behind.
    cold_aisle_mm: NonNegativeFloat = 1200.0
    hot_aisle_mm: NonNegativeFloat = 1200.0
    # Where the room lies on the site plan (its top-left corner, mm), as the user arranged
    # the rooms on the floor plan; unset, rooms are drawn one below the other.
    x_mm: Coordinate | None = None
    y_mm: Coordinate | None = None

    @property
    def floor_area_m2(self) -> float:
        return mm2_to_m2(self.width_mm * self.depth_mm)


class Site(Model):
    name: str = "Site"
    address: str | None = None
    rooms: list[Room] = Field(default_factory=list)


def room_origins(rooms: list[Room], gap_mm: float = 1200.0) -> dict[str, tuple[float, float]]:
    """Where each room's top-left corner lies on the site plan (mm): where the user put
    it (``x_mm``/``y_mm``), else below the rooms drawn so far, ``gap_mm`` apart (a room
    placed by hand never overlaps one stacked after it)."""
    origins: dict[str, tuple[float, float]] = {}
    below = 0.0
    for room in rooms:
        if room.x_mm is not None and room.y_mm is not None:
            origins[room.name] = (room.x_mm, room.y_mm)
            below = max(below, room.y_mm + room.depth_mm + gap_mm)
    for room in rooms:
        if room.name not in origins:
            origins[room.name] = (0.0, below)
            below += room.depth_mm + gap_mm
    return origins

