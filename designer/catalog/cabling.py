"""Cables and transceivers: media, reach and stock lengths (``cabling.yaml``).

Which module goes where. A transceiver states the link layers its firmware runs
(``protocols``: InfiniBand, Ethernet or both), the side it is made for (``side``: a
switch cage, an adapter cage, or ``any``) and, for OSFP, its top (``top``: ``finned`` for
air-cooled switch cages, ``flat`` for cages with a riding heat sink such as ConnectX
adapters, the DGX H100/H200 twin-port cages and liquid-cooled switches). An empty
``protocols`` or a ``None`` top means the vendor states none: the module is not ruled
out on that ground. Cable products may state ``protocols`` the same way.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from designer.model.base import Model, PositiveFloat, Slug
from designer.model.hardware import Price, SourceRef
from designer.model.link import Media

LinkLayer = Literal["infiniband", "ethernet"]
Side = Literal["switch", "adapter", "any"]
ModuleTop = Literal["finned", "flat"]

_OPN = re.compile(r"\bOPN\s+([0-9A-Z][0-9A-Z-]+[0-9A-Z])", re.IGNORECASE)
_FLAT_TOP_OPN = re.compile(r"\bflat-top(?: head)?\s+([0-9A-Z][0-9A-Z-]+[0-9A-Z])", re.IGNORECASE)
_FLAT_TO_FINNED_OPN = re.compile(r"\bflat-to-finned\s+([0-9A-Z][0-9A-Z-]+[0-9A-Z])", re.IGNORECASE)


def orderable_part_number(text: str | None) -> str | None:
    """The orderable part number in a catalog part-number text: the ``OPN ...`` it names
    (NVIDIA's 980-9Ixxx ordering number), else its first word (the vendor's own PN).
    ``"MCP4Y10-N002 (OPN 980-9IA0I-00N002; flat-top 980-9IA0J-00N002)"`` -> ``980-9IA0I-00N002``."""
    if not text or not text.strip():
        return None
    found = _OPN.search(text)
    if found:
        return found[1]
    return text.split()[0].rstrip(";,")


class CableProduct(Model):
    slug: Slug
    manufacturer: str | None = None
    model: str | None = None
    media: Media
    speeds_gbps: list[PositiveFloat]
    form_factor: str | None = None
    max_reach_m: PositiveFloat | None = None
    stock_lengths_m: list[PositiveFloat] = Field(default_factory=list)
    # a commodity cord made to any length (no stock lengths); a vendor product whose
    # lengths are not published is neither, and is not chosen
    cut_to_length: bool = False
    breakout: bool = False
    breakout_lanes: int | None = None
    part_numbers: dict[str, str] = Field(default_factory=dict)
    # why a length has no part number (e.g. a commodity cord cut to any length)
    part_number_note: str | None = None
    protocols: list[LinkLayer] = Field(default_factory=list)
    list_price: Price | None = None
    list_price_per_m: Price | None = None
    source: list[SourceRef] = Field(default_factory=list)
    comments: str | None = None

    def serves(self, protocol: str | None) -> bool:
        return not protocol or not self.protocols or protocol in self.protocols

    def part_number_at(self, length_m: float, top: str | None = None) -> str | None:
        """The OPN of this product at a stock length (None when none is published); with
        ``top="flat"`` the OPN of its flat-top (twin-port end or head) variant, e.g.
        "MCP4Y10-N002 (OPN 980-9IA0I-00N002; flat-top 980-9IA0J-00N002)" -> 980-9IA0J-00N002;
        with ``top="flat-to-finned"`` its flat-to-finned variant where one is listed, else the
        flat-top one (NVIDIA MCP4Y10: the -FLT part is flat on the DGX end, finned on the switch)."""
        text = self.part_numbers.get(f"{length_m:g}") or ""
        if top in ("flat", "flat-to-finned"):
            finned = _FLAT_TO_FINNED_OPN.search(text) if top == "flat-to-finned" else None
            found = finned or _FLAT_TOP_OPN.search(text)
            return found[1] if found else None
        return orderable_part_number(text or None)


class Transceiver(Model):
    slug: Slug
    manufacturer: str | None = None
    model: str | None = None
    part_number: str | None = None
    part_number_note: str | None = None
    form_factor: str
    speed_gbps: PositiveFloat
    lanes: str | None = None
    media: Media
    reach_m: PositiveFloat | None = None
    power_w: PositiveFloat | None = None
    protocols: list[LinkLayer] = Field(default_factory=list)
    side: Side = "any"
    top: ModuleTop | None = None
    list_price: Price | None = None
    source: list[SourceRef] = Field(default_factory=list)
    comments: str | None = None

    def serves(self, protocol: str | None) -> bool:
        return not protocol or not self.protocols or protocol in self.protocols

    @property
    def orderable_part_number(self) -> str | None:
        return orderable_part_number(self.part_number)


class Cabling(Model):
    cables: list[CableProduct] = Field(default_factory=list)
    transceivers: list[Transceiver] = Field(default_factory=list)
