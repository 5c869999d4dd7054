"""Hardware types: what a catalog entry says about a part.

A placed device or rack refers to its type by slug; watts, kilograms and ports
live here only. ``None`` always means "not published by the vendor" and is
reported as unknown, never replaced by a guess.
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from datetime import date
from typing import Literal

from pydantic import Field, field_validator, model_validator

from designer.model.base import Model, NonNegativeFloat, PositiveFloat, Share, Slug

DeviceKind = Literal["server", "switch", "storage", "pdu", "other"]
Airflow = Literal[
    "front-to-rear", "rear-to-front", "passive", "side-to-rear", "left-to-right", "right-to-left", "mixed"
]
PortRole = Literal["compute", "storage", "inband", "oob", "fabric", "uplink"]
SwitchProtocol = Literal["infiniband", "ethernet"]

# Port roles an endpoint (server, storage) offers to each fabric role.
ENDPOINT_ROLES_BY_FABRIC_ROLE: dict[str, tuple[str, ...]] = {
    "compute": ("compute",),
    "storage": ("storage",),
    "inband": ("inband",),
    "oob": ("oob",),
}


class SourceRef(Model):
    """A vendor document that backs some of an entry's figures, or (``origin: user``) the
    engineer who supplied a figure the vendor does not publish: who and when
    (``designer.model.supplied``)."""

    title: str
    url: str | None = None
    covers: list[str] = Field(default_factory=list)
    origin: Literal["vendor", "user"] = "vendor"
    supplied_by: str | None = Field(default=None, max_length=200)
    supplied_on: date | None = None


class Price(Model):
    amount: NonNegativeFloat | None = None
    currency: str = "USD"
    estimate: bool = True
    note: str | None = None


class Breakout(Model):
    """One way a port splits into slower lanes, e.g. an 800G port as 2 x 400G."""

    count: int = Field(ge=2, le=8)
    speed_gbps: PositiveFloat
    # the split needs the next (even-numbered) port disabled, so it takes two ports: NVIDIA
    # Cumulus Linux, 4x and 8x breakouts on the SN2700, SN4600 and SN4600C (128 logical ports)
    disables_next_port: bool = False


class PortGroup(Model):
    name: str
    prefix: str = Field(min_length=1, pattern=r"^[A-Za-z][A-Za-z0-9_./-]*$")
    count: int = Field(ge=1, le=1024)
    speed_gbps: PositiveFloat
    cage: str | None = None
    ports_per_cage: int = Field(default=1, ge=1, le=8)
    role: PortRole
    breakout: list[Breakout] = Field(default_factory=list)
    # The top of the module its cages take: "flat" where the cage has a riding heat sink
    # (e.g. the DGX H100/H200 twin-port OSFP cages), "finned" for air-cooled switch cages.
    # None: the side's usual (finned on switches, flat on adapters).
    module_top: Literal["finned", "flat"] | None = None

    @field_validator("prefix")
    @classmethod
    def _prefix_not_a_lane(cls, prefix: str) -> str:
        # "bf3s" names its ports bf3s1, bf3s2 ... ("enp1s0": enp1s01 ...): read as lanes of a
        # split port bf3 (enp1), so the checks saw those ports unconnected however they were
        # cabled (found adding the GB200 trays' BlueField-3 ports; review 14)
        found = re.search(r"\ds\d*$", prefix)
        if found:
            parent = prefix[:found.start() + 1]
            raise ValueError(f"port prefix {prefix!r} ends in a digit, 's' and digits or none, so its ports "
                             f"({prefix}1, {prefix}2, ...) read as the lanes of a split port {parent}; "
                             "choose a prefix that does not (e.g. end it in '-')")
        return prefix

    def port_names(self) -> list[str]:
        return [f"{self.prefix}{i}" for i in range(1, self.count + 1)]

    def supports(self, breakout: Breakout) -> bool:
        return any(b.count == breakout.count and b.speed_gbps == breakout.speed_gbps for b in self.breakout)

    def breakout_to(self, lane_speed_gbps: float) -> Breakout | None:
        """The split that gives lanes of this speed (fewest lanes if several)."""
        fits = [b for b in self.breakout if b.speed_gbps == lane_speed_gbps]
        return min(fits, key=lambda b: b.count) if fits else None


class PowerSpec(Model):
    typical_w: NonNegativeFloat | None = None
    max_w: NonNegativeFloat | None = None

    @model_validator(mode="after")
    def _typical_within_max(self) -> PowerSpec:
        # a typical draw above the maximum would raise the energy cost past what the part
        # can draw (found in review: five times the OPEX, no message)
        if self.typical_w is not None and self.max_w is not None and self.typical_w > self.max_w:
            raise ValueError(f"typical_w ({self.typical_w:g} W) exceeds max_w ({self.max_w:g} W); "
                             "the typical draw is at most the maximum")
        return self


class PsuSpec(Model):
    count: int | None = Field(default=None, ge=1)
    redundancy: str | None = Field(default=None, pattern=r"^\d+\+\d+$")
    rating_w: PositiveFloat | None = None

    @property
    def needed(self) -> int | None:
        """PSUs needed to carry the load ("N" of "N+M")."""
        if self.redundancy is None:
            return None
        return int(self.redundancy.split("+")[0])

    @property
    def spare(self) -> int | None:
        if self.redundancy is None:
            return None
        return int(self.redundancy.split("+")[1])


class CoolingSpec(Model):
    # Share of the heat removed by liquid (0 = all air, 1 = all liquid). None: the device is
    # liquid-cooled but its vendor does not publish the split (e.g. a direct-liquid-cooled GPU
    # server whose CPUs, NICs and PSUs still blow air); such heat is counted as air and the share
    # reported unknown until the user supplies it (``designer new --server-liquid-share``).
    liquid_share: Share | None = 0.0
    # The warmest coolant the part may be fed at its liquid inlet (the CDU's supply to the
    # racks: the technology cooling system), degrees C, as its vendor specifies it (an ASHRAE
    # liquid class W45 says 45). None: not published; the room rules then cannot judge a
    # room's supply temperature for it (issue 11: a room that cannot take the racks)
    liquid_supply_max_c: float | None = Field(default=None, ge=5, le=90)

    @property
    def liquid_share_known(self) -> float:
        """The share where published, else 0 (the unknown split is counted as air)."""
        return self.liquid_share if self.liquid_share is not None else 0.0


class GpuSpec(Model):
    count: int = Field(ge=1)
    model: str
    memory_gb: PositiveFloat | None = None
    interconnect: str | None = None
    interconnect_bidir_gbytes_s: PositiveFloat | None = None
    # GPUs in one scale-up (NVLink / Infinity Fabric) domain: 8 in an HGX or UBB server, 72 in an
    # NVL72 rack. None: the device's own GPUs. Beyond it, GPUs talk over the scale-out fabric.
    scale_up_domain: int | None = Field(default=None, ge=1)


class RackScaleSpec(Model):
    """A rack-scale system (e.g. GB200 / GB300 NVL72) catalogued as one device that fills a rack:
    its compute trays, NVLink switch trays and power shelves, as its vendor lists them. The
    device's ``u_height`` is the rack units these take; its compute ports are the trays' NICs in
    tray order (tray 1's NICs first)."""

    compute_trays: int = Field(ge=1)
    gpus_per_tray: int = Field(ge=1)
    nvlink_switch_trays: int | None = Field(default=None, ge=0)
    power_shelves: int | None = Field(default=None, ge=0)
    psus_per_shelf: int | None = Field(default=None, ge=1)
    # racks in the scalable unit the vendor's reference architecture builds the compute fabric
    # by (DGX SuperPOD GB200: 8 racks); None: not stated. ``designer new`` puts whole racks'
    # trays on a rail leaf by it and, beyond one unit, joins the units' rail groups by cores
    # (``designer.fabric.rack_scale``)
    scalable_unit_racks: int | None = Field(default=None, ge=1)


class StorageSpec(Model):
    usable_capacity_tb: PositiveFloat | None = None
    raw_capacity_tb: PositiveFloat | None = None
    read_gbytes_s: PositiveFloat | None = None
    write_gbytes_s: PositiveFloat | None = None
    media: str | None = None


class PduSpec(Model):
    capacity_kw: PositiveFloat | None = None
    phases: int | None = Field(default=None, ge=1, le=3)
    voltage_v: PositiveFloat | None = None
    current_a: PositiveFloat | None = None
    outlets: dict[str, int] = Field(default_factory=dict)


class DeviceType(Model):
    """A catalog entry for a server, switch, storage system, PDU or other part."""

    slug: Slug
    manufacturer: str
    model: str
    part_number: str | None = None
    kind: DeviceKind
    u_height: int = Field(ge=0, le=60)
    is_full_depth: bool = True
    airflow: Airflow | None = None
    weight_kg: NonNegativeFloat | None = None
    depth_mm: PositiveFloat | None = None
    power: PowerSpec = Field(default_factory=PowerSpec)
    psu: PsuSpec = Field(default_factory=PsuSpec)
    cooling: CoolingSpec = Field(default_factory=CoolingSpec)
    gpus: GpuSpec | None = None
    storage: StorageSpec | None = None
    pdu: PduSpec | None = None
    rack_scale: RackScaleSpec | None = None
    # Switches: the link layer they switch (InfiniBand or Ethernet).
    protocols: list[SwitchProtocol] = Field(default_factory=list)
    port_groups: list[PortGroup] = Field(default_factory=list)
    # Servers: the ports the vendor's reference design cables to each fabric role, in
    # order (e.g. the DGX SuperPOD RA cables one port of each dual-port ConnectX-7 to
    # storage). A role not named here uses every port of that role; an empty list names
    # none (``designer new`` writes it for management nodes whose storage goes through in-band).
    fabric_ports: dict[Literal["storage", "inband"], list[str]] = Field(
        default_factory=dict,
        description="Per fabric role (storage, inband), the ports this part cables there, in order; a role "
                    "not named uses every port of that role; an empty list: none")
    # Servers: the switch models the vendor's reference design names per fabric role
    # (used unless the user names another); a model of the wrong protocol is passed over.
    reference_switches: dict[Literal["storage", "inband", "oob", "oob-aggregation"], Slug] = Field(
        default_factory=dict)
    # Servers: the server-leaf down:up of the storage fabric their reference design states
    # (DGX GB200: "a blocking factor of 5:3"), used unless the user gives one.
    reference_storage_oversubscription: float | None = Field(
        default=None, ge=1.0, description="storage fabric server-leaf down:up the server's reference design states")
    # Servers: the management (control plane) node the vendor's reference design pairs with
    # them, used where the user names none (``designer new --management-server``).
    reference_management_server: Slug | None = Field(
        default=None, description="the management node type the server's reference design names (a catalog slug)")
    list_price: Price | None = None
    source: list[SourceRef] = Field(default_factory=list)
    comments: str | None = None

    @model_validator(mode="after")
    def _unique_ports(self) -> DeviceType:
        names = [g.name for g in self.port_groups]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"port group names must be unique; repeated: {', '.join(dupes)}")
        prefixes = [g.prefix for g in self.port_groups]
        for i, p in enumerate(prefixes):
            for q in prefixes[i + 1 :]:
                # "p" and "p1" would make "p11" ambiguous.
                if p == q or _prefix_clash(p, q):
                    raise ValueError(f"port prefixes {p!r} and {q!r} make port names ambiguous")
        return self

    @model_validator(mode="after")
    def _fabric_ports_exist(self) -> DeviceType:
        for role, ports in self.fabric_ports.items():
            for port in ports:
                group = self.port_group_of(port)
                if group is None or group.role != role:
                    raise ValueError(f"fabric_ports.{role}: {port!r} is not a {role} port of this type")
        return self

    @model_validator(mode="after")
    def _mounted_height(self) -> DeviceType:
        # zero-U parts hang in the rack's side channel (vertical PDUs) or sit in another
        # part (a storage controller in its chassis); a system carrying GPUs takes rack
        # units (found in review: a 0 U GPU server filled no space and drew its kW)
        if self.u_height == 0 and self.gpus is not None and self.gpus.count:
            raise ValueError(f"u_height: a {self.kind} with {self.gpus.count} GPUs takes at least 1 rack unit "
                             "(0 is for zero-U parts such as vertical PDUs)")
        return self

    @model_validator(mode="after")
    def _rack_scale_adds_up(self) -> DeviceType:
        rs = self.rack_scale
        if rs is None:
            return self
        if self.gpus is None or self.gpus.count != rs.compute_trays * rs.gpus_per_tray:
            raise ValueError(f"rack_scale: {rs.compute_trays} compute trays x {rs.gpus_per_tray} GPUs must equal "
                             f"gpus.count ({self.gpu_count})")
        if self.psu.count is not None and rs.power_shelves and rs.psus_per_shelf \
                and self.psu.count != rs.power_shelves * rs.psus_per_shelf:
            raise ValueError(f"rack_scale: {rs.power_shelves} power shelves x {rs.psus_per_shelf} PSUs must equal "
                             f"psu.count ({self.psu.count})")
        return self

    @property
    def gpu_count(self) -> int:
        return self.gpus.count if self.gpus else 0

    @property
    def is_gpu_server(self) -> bool:
        """A server with GPUs: one of the cluster's nodes (a management server is not)."""
        return self.kind == "server" and self.gpu_count > 0

    @property
    def scale_up_gpus(self) -> int:
        """GPUs in one scale-up domain (its NVLink / Infinity Fabric reach); 0 without GPUs."""
        if not self.gpus:
            return 0
        return self.gpus.scale_up_domain or self.gpus.count

    @property
    def switch_protocol(self) -> str | None:
        """The protocol a switch runs: as stated, else told by the model name."""
        if self.protocols:
            return self.protocols[0]
        if self.kind != "switch":
            return None
        name = f"{self.manufacturer} {self.model}".lower()
        return "infiniband" if ("quantum" in name or "infiniband" in name) else "ethernet"

    def main_fabric_group(self) -> PortGroup | None:
        """A switch's switching ports: the fabric group with the most bandwidth."""
        groups = self.ports_with_role("fabric")
        return max(groups, key=lambda g: g.count * g.speed_gbps) if groups else None

    def uplink_group(self) -> PortGroup | None:
        groups = self.ports_with_role("uplink")
        return max(groups, key=lambda g: g.count * g.speed_gbps) if groups else None

    def ports_with_role(self, *roles: str) -> list[PortGroup]:
        return [g for g in self.port_groups if g.role in roles]

    def port_count(self, *roles: str) -> int:
        return sum(g.count for g in self.ports_with_role(*roles))

    @cached_property
    def _port_index(self) -> dict[str, PortGroup]:
        return {name: g for g in self.port_groups for name in g.port_names()}

    def has_port(self, port: str) -> bool:
        """True for a port the type has as such (not a breakout lane)."""
        return port in self._port_index

    def port_group_of(self, port: str) -> PortGroup | None:
        """The group a port name belongs to; breakout lanes ("p3s2") resolve to their parent."""
        group = self._port_index.get(port)
        if group is None:
            parent, _lane = split_lane(port)
            if parent != port:
                group = self._port_index.get(parent)
        return group

    def group_of(self, port: str) -> PortGroup:
        """``port_group_of`` for a port the caller knows the type has (its own port lists);
        a port it lacks is a programming error, said with the type and the port."""
        group = self.port_group_of(port)
        if group is None:
            raise KeyError(f"{self.slug} has no port {port!r}")
        return group


_LANE = re.compile(r"^(?P<parent>.+\d)s(?P<lane>\d+)$")


@lru_cache(maxsize=8192)
def split_lane(port: str) -> tuple[str, int | None]:
    """``"p3s2"`` -> ``("p3", 2)``; a port without a lane -> ``(port, None)``. (Memoised: a
    design names a few hundred ports, and the checks, fabric graph and cable counts ask about
    each of 128,000 link ends at 16,384 GPUs; a cached answer costs a seventh of the match.)"""
    match = _LANE.match(port)
    if not match:
        return port, None
    return match["parent"], int(match["lane"])


def lane_name(port: str, lane: int) -> str:
    return f"{port}s{lane}"


def _prefix_clash(a: str, b: str) -> bool:
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and long[len(short) :].isdigit()


class RackType(Model):
    """A rack enclosure from the catalog."""

    slug: Slug
    manufacturer: str
    model: str
    part_number: str | None = None
    u_height: int = Field(ge=1, le=60)
    width_mm: PositiveFloat
    depth_mm: PositiveFloat
    height_mm: PositiveFloat | None = None
    weight_kg: NonNegativeFloat | None = None
    static_load_kg: PositiveFloat | None = None
    list_price: Price | None = None
    source: list[SourceRef] = Field(default_factory=list)
    comments: str | None = None

    @field_validator("width_mm", "depth_mm")
    @classmethod
    def _plausible_mm(cls, value: float) -> float:
        if value < 300 or value > 2000:
            raise ValueError("expected millimetres between 300 and 2000")
        return value
