"""Power, heat, weight and space sums over devices, racks and rooms.

The one place these figures are added up: checks, report, window and PDF all call
here, so a number never differs between them. Figures a vendor did not publish
make the sum unknown (``None``) and are listed, never replaced by a guess.
PDUs distribute power rather than consume it: their own losses belong to the
room's PUE, so they add weight but no load.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from designer.model.device import Device
from designer.model.hardware import DeviceType
from designer.model.index import DesignIndex
from designer.model.units import BTU_H_PER_W, W_PER_KW


@dataclass
class LoadSum:
    power_max_w: float = 0.0
    power_typical_w: float = 0.0
    heat_air_max_w: float = 0.0
    heat_liquid_max_w: float = 0.0
    weight_kg: float = 0.0
    u_used: int = 0
    gpus: int = 0
    count_by_kind: dict[str, int] = field(default_factory=dict)
    power_max_w_by_kind: dict[str, float] = field(default_factory=dict)
    # figure -> slugs of the types that leave it unknown
    unknown: dict[str, set[str]] = field(default_factory=dict)

    def add(self, device_type: DeviceType, *, mounted: bool = True) -> None:
        kind = device_type.kind
        self.count_by_kind[kind] = self.count_by_kind.get(kind, 0) + 1
        self.gpus += device_type.gpu_count
        if mounted:
            self.u_used += device_type.u_height
        if device_type.weight_kg is None:
            self._unknown("weight_kg", device_type.slug)
        else:
            self.weight_kg += device_type.weight_kg
        if kind == "pdu":
            return
        power = device_type.power
        if power.max_w is None:
            self._unknown("power_max_w", device_type.slug)
        else:
            self.power_max_w += power.max_w
            self.power_max_w_by_kind[kind] = self.power_max_w_by_kind.get(kind, 0.0) + power.max_w
            liquid_share = device_type.cooling.liquid_share
            self.heat_liquid_max_w += power.max_w * liquid_share
            self.heat_air_max_w += power.max_w * (1.0 - liquid_share)
        if power.typical_w is None:
            self._unknown("power_typical_w", device_type.slug)
        else:
            self.power_typical_w += power.typical_w

    def merge(self, other: "LoadSum") -> None:
        self.power_max_w += other.power_max_w
        self.power_typical_w += other.power_typical_w
        self.heat_air_max_w += other.heat_air_max_w
        self.heat_liquid_max_w += other.heat_liquid_max_w
        self.weight_kg += other.weight_kg
        self.u_used += other.u_used
        self.gpus += other.gpus
        for kind, n in other.count_by_kind.items():
            self.count_by_kind[kind] = self.count_by_kind.get(kind, 0) + n
        for kind, w in other.power_max_w_by_kind.items():
            self.power_max_w_by_kind[kind] = self.power_max_w_by_kind.get(kind, 0.0) + w
        for figure, slugs in other.unknown.items():
            self.unknown.setdefault(figure, set()).update(slugs)

    def _unknown(self, figure: str, slug: str) -> None:
        self.unknown.setdefault(figure, set()).add(slug)

    def known(self, figure: str) -> bool:
        return figure not in self.unknown

    # Reported figures: None when any contributing figure is unpublished.
    @property
    def power_max_kw(self) -> float | None:
        return self.power_max_w / W_PER_KW if self.known("power_max_w") else None

    @property
    def power_typical_kw(self) -> float | None:
        return self.power_typical_w / W_PER_KW if self.known("power_typical_w") else None

    @property
    def heat_max_kw(self) -> float | None:
        return self.power_max_kw

    @property
    def heat_btu_h(self) -> float | None:
        return self.power_max_w * BTU_H_PER_W if self.known("power_max_w") else None

    @property
    def weight_known_kg(self) -> float | None:
        return self.weight_kg if self.known("weight_kg") else None


def device_load(index: DesignIndex, devices: Iterable[Device]) -> LoadSum:
    total = LoadSum()
    for device in devices:
        total.add(index.type_of(device), mounted=device.position_u is not None)
    return total


def rack_load(index: DesignIndex, rack_name: str) -> LoadSum:
    return device_load(index, index.devices_by_rack.get(rack_name, ()))


def enclosure_weight_kg(index: DesignIndex, rack_name: str) -> float | None:
    return index.rack_type_of(index.racks[rack_name]).weight_kg


def design_load(index: DesignIndex) -> LoadSum:
    return device_load(index, index.design.devices)
