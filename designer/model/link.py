"""Links (cables) between device ports, and the fabrics they belong to."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from pydantic.dataclasses import dataclass

from designer.model.base import RECORD_CONFIG, Model, Name, PositiveFloat, Record, ShortText

Media = Literal["DAC", "ACC", "AOC", "MMF", "SMF", "CAT6A"]
FabricRole = Literal["compute", "storage", "inband", "oob"]
Protocol = Literal["infiniband", "roce-v2", "ethernet"]


@dataclass(slots=True, config=RECORD_CONFIG)
class LinkEnd(Record):
    device: Name
    port: Annotated[ShortText, Field(min_length=1)]

    def __str__(self) -> str:
        return f"{self.device}:{self.port}"


@dataclass(slots=True, config=RECORD_CONFIG)
class Link(Record):
    """One cable between two device ports, or one leg of a splitter cable."""

    # A Record (designer.model.base), not a Model: a design holds tens of thousands.

    a: LinkEnd
    b: LinkEnd
    fabric: Name | None = None
    media: Media | None = None
    length_m: PositiveFloat | None = None
    # Splitter cables (one switch port to several endpoint ports) share a cable id.
    cable_id: ShortText | None = None


class Fabric(Model):
    name: Name
    role: FabricRole
    protocol: Protocol
    # Target leaf oversubscription (downlink : uplink bandwidth), 1.0 = non-blocking.
    target_oversubscription: float | None = Field(default=None, ge=1.0)
    rail_optimized: bool | None = None
    # Built ahead of what it will serve (a storage fabric before the storage is chosen).
    reserved: bool = False
    # Copper between switches (and to fabric-management appliances) where it reaches in one
    # rack: None (the default) cables as the fabric's reference architecture does (InfiniBand:
    # optics, module and fibre, on those links; Ethernet: the cheapest media that reaches),
    # True the cheapest media that reaches on every link, False optics on those links on any
    # protocol. See ``designer.fabric.cabling.needs_optics``.
    in_rack_copper: bool | None = None
