"""A placed rack: an enclosure of a catalog rack type at a spot on the floor."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from designer.model.base import Model, Name, NonNegativeFloat, PositiveFloat, Slug

# The direction the rack's front (cold-aisle side) faces on the floor plan.
Facing = Literal["north", "east", "south", "west"]


class Feed(Model):
    """A power feed into the rack (A or B side)."""

    name: str = Field(min_length=1, max_length=8)
    capacity_kw: PositiveFloat


class Rack(Model):
    name: Name
    rack_type: Slug
    room: Name
    row: str = ""
    x_mm: float = 0.0
    y_mm: float = 0.0
    facing: Facing = "south"
    power_budget_kw: PositiveFloat | None = None
    feeds: list[Feed] = Field(default_factory=list)
    cooling_air_kw: NonNegativeFloat | None = None
    cooling_liquid_kw: NonNegativeFloat | None = None
