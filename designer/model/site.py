"""The site and its rooms: the facility limits a design must fit."""

from __future__ import annotations

from pydantic import Field

from designer.model.base import Model, Name, NonNegativeFloat, PositiveFloat


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
    pue: float | None = Field(default=None, ge=1.0, le=3.0)
    # Aisle widths decide how much floor each rack's load spreads over: a rack owns
    # its footprint plus half of the aisle in front of it and half of the one behind.
    cold_aisle_mm: NonNegativeFloat = 1200.0
    hot_aisle_mm: NonNegativeFloat = 1200.0

    @property
    def floor_area_m2(self) -> float:
        return self.width_mm * self.depth_mm / 1e6


class Site(Model):
    name: str = "Site"
    address: str | None = None
    rooms: list[Room] = Field(default_factory=list)
