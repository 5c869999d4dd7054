"""Power, heat, weight and space sums over devices, racks and rooms.

The one place these figures are added up: checks, report, window and PDF all call
here, so a number never differs between them.

Unpublished figures. The catalog leaves a figure the vendor does not publish empty;
nothing here invents it. Where a device's maximum power is unpublished its typical
power is the best published figure and is used instead (and the other way round),
so the sum is a bound rather than a blank; where neither or the weight is
unpublished the device adds nothing. Every such case is recorded in ``unknown``
(figure -> device type slugs) and reported next to the totals, so a reader sees
which figures rest on what.

PDUs distribute power rather than consume it: their own losses belong to the
room's PUE, so they add weight but no load.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Iterable

from designer.model.device import Device
from designer.model.hardware import DeviceType
from designer.model.index import DesignIndex
from designer.model.units import BTU_H_PER_W, W_PER_KW


def device_power_w(device_type: DeviceType) -> tuple[float, float]:
    """(maximum, typical) watts of one device, each standing in for the other when unpublished."""
    if device_type.kind == "pdu":
        return 0.0, 0.0
    power = device_type.power
    max_w = power.max_w if power.max_w is not None else power.typical_w
    typical_w = power.typical_w if power.typical_w is not None else power.max_w
    return (max_w or 0.0), (typical_w or 0.0)


@dataclass
class LoadSum:
    power_max_w: float = 0.0
    power_typical_w: float = 0.0
    heat_air_max_w: float = 0.0
    heat_liquid_max_w: float = 0.0
    weight_kg: float = 0.0
    u_used: int = 0
    gpus: int = 0
    gpu_servers: int = 0  # servers that carry GPUs (the cluster's nodes; not management servers)
    count_by_kind: dict[str, int] = field(default_factory=dict)
    power_max_w_by_kind: dict[str, float] = field(default_factory=dict)
    # figure -> slugs of the types that do not publish it
    unknown: dict[str, set[str]] = field(default_factory=dict)

    def add(self, device_type: DeviceType, *, mounted: bool = True) -> None:
        kind = device_type.kind
        self.count_by_kind[kind] = self.count_by_kind.get(kind, 0) + 1
        self.gpus += device_type.gpu_count
        if device_type.is_gpu_server:
            self.gpu_servers += 1
        if mounted:
            self.u_used += device_type.u_height
        if device_type.weight_kg is None:
            self._unknown("weight_kg", device_type.slug)
        else:
            self.weight_kg += device_type.weight_kg
        if kind == "pdu":
            return
        if device_type.power.max_w is None:
            self._unknown("power_max_w", device_type.slug)
        if device_type.power.typical_w is None:
            self._unknown("power_typical_w", device_type.slug)
        max_w, typical_w = device_power_w(device_type)
        self.power_max_w += max_w
        self.power_typical_w += typical_w
        self.power_max_w_by_kind[kind] = self.power_max_w_by_kind.get(kind, 0.0) + max_w
        if device_type.cooling.liquid_share is None:
            self._unknown("liquid_share", device_type.slug)
        liquid_share = device_type.cooling.liquid_share_known
        self.heat_liquid_max_w += max_w * liquid_share
        self.heat_air_max_w += max_w * (1.0 - liquid_share)

    def merge(self, other: LoadSum) -> None:
        self.power_max_w += other.power_max_w
        self.power_typical_w += other.power_typical_w
        self.heat_air_max_w += other.heat_air_max_w
        self.heat_liquid_max_w += other.heat_liquid_max_w
        self.weight_kg += other.weight_kg
        self.u_used += other.u_used
        self.gpus += other.gpus
        self.gpu_servers += other.gpu_servers
        for kind, n in other.count_by_kind.items():
            self.count_by_kind[kind] = self.count_by_kind.get(kind, 0) + n
        for kind, w in other.power_max_w_by_kind.items():
            self.power_max_w_by_kind[kind] = self.power_max_w_by_kind.get(kind, 0.0) + w
        for figure, slugs in other.unknown.items():
            self.unknown.setdefault(figure, set()).update(slugs)

    def _unknown(self, figure: str, slug: str) -> None:
        self.unknown.setdefault(figure, set()).add(slug)

    @property
    def power_max_kw(self) -> float:
        return self.power_max_w / W_PER_KW

    @property
    def power_typical_kw(self) -> float:
        return self.power_typical_w / W_PER_KW

    @property
    def heat_max_kw(self) -> float:
        return self.power_max_kw

    @property
    def heat_btu_h(self) -> float:
        return self.power_max_w * BTU_H_PER_W

    @property
    def heat_air_kw(self) -> float:
        return self.heat_air_max_w / W_PER_KW

    @property
    def heat_liquid_kw(self) -> float:
        return self.heat_liquid_max_w / W_PER_KW


def device_load(index: DesignIndex, devices: Iterable[Device]) -> LoadSum:
    total = LoadSum()
    for device in devices:
        total.add(index.type_of(device), mounted=device.position_u is not None)
    return total


def rack_load(index: DesignIndex, rack_name: str) -> LoadSum:
    return device_load(index, index.devices_by_rack.get(rack_name, ()))


def enclosure_weight_kg(index: DesignIndex, rack_name: str) -> float:
    """Empty rack weight; 0 (and listed as unknown by the report) when unpublished."""
    return index.rack_type_of(index.racks[rack_name]).weight_kg or 0.0


def design_gpus_and_power_max_w(index: DesignIndex, rack_loads: Callable[[str], LoadSum]) -> tuple[int, float]:
    """``design_load(index, rack_loads)``'s GPUs and maximum watts alone, added in the same
    order (the same float): the window's status bar after every edit, where merging every
    rack's whole sum took 44 ms of a drag-move at 131,072 GPUs (5,346 racks)."""
    gpus, power_max_w = 0, 0.0
    for rack_name in index.devices_by_rack:
        load = rack_loads(rack_name)
        gpus += load.gpus
        power_max_w += load.power_max_w
    rest = device_load(index, index.unracked)
    return gpus + rest.gpus, power_max_w + rest.power_max_w


def design_load(index: DesignIndex, rack_loads: Callable[[str], LoadSum] | None = None) -> LoadSum:
    """Every device of the design, racked or not. ``rack_loads``: each rack's sum as its
    owner keeps it (the checks' cache, ``CheckContext.rack_load``), so that a window
    re-totalling after each edit adds up racks instead of 30,000 devices; the same sums."""
    if rack_loads is None:
        return device_load(index, index.design.devices)
    total = LoadSum()
    for rack_name in index.devices_by_rack:
        total.merge(rack_loads(rack_name))
    total.merge(device_load(index, index.unracked))
    return total
