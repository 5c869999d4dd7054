"""Cables and transceivers: media, reach and stock lengths (``cabling.yaml``)."""

from __future__ import annotations

from pydantic import Field

from designer.model.base import Model, PositiveFloat, Slug
from designer.model.hardware import Price, SourceRef
from designer.model.link import Media


class CableProduct(Model):
    slug: Slug
    manufacturer: str | None = None
    model: str | None = None
    media: Media
    speeds_gbps: list[PositiveFloat]
    form_factor: str | None = None
    max_reach_m: PositiveFloat | None = None
    stock_lengths_m: list[PositiveFloat] = Field(default_factory=list)
    breakout: bool = False
    breakout_lanes: int | None = None
    part_numbers: dict[str, str] = Field(default_factory=dict)
    list_price: Price | None = None
    list_price_per_m: Price | None = None
    source: list[SourceRef] = Field(default_factory=list)
    comments: str | None = None


class Transceiver(Model):
    slug: Slug
    manufacturer: str | None = None
    model: str | None = None
    part_number: str | None = None
    form_factor: str
    speed_gbps: PositiveFloat
    lanes: str | None = None
    media: Media
    reach_m: PositiveFloat | None = None
    power_w: PositiveFloat | None = None
    list_price: Price | None = None
    source: list[SourceRef] = Field(default_factory=list)
    comments: str | None = None


class Cabling(Model):
    cables: list[CableProduct] = Field(default_factory=list)
    transceivers: list[Transceiver] = Field(default_factory=list)
