"""A placed device: one instance of a catalog device type in a rack."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from designer.model.base import Model, Name, Slug
from designer.model.hardware import Breakout

Face = Literal["front", "rear"]
Tier = Literal["leaf", "spine", "core"]


class Device(Model):
    name: Name
    device_type: Slug
    rack: Name | None = None
    # Lowest rack unit the device occupies (1 = bottom). None for zero-U parts
    # (vertical PDUs) and for devices not yet mounted.
    position_u: int | None = Field(default=None, ge=1, le=60)  # no rack type is taller than 60 U
    face: Face = "front"
    # None: as the device type says (is_full_depth).
    full_depth: bool | None = None
    # PDUs: the rack feed they hang on ("A" or "B").
    feed: str | None = None
    # Switches: the fabric they serve and their tier, as the generator or the user
    # set them. The analysis derives tiers from the links; this is a layout hint.
    fabric: Name | None = None
    tier: Tier | None = None
    # Ports split into lanes: {"p1": {"count": 2, "speed_gbps": 400}} makes p1s1 and
    # p1s2 available at 400G each.
    port_breakouts: dict[str, Breakout] = Field(default_factory=dict)
