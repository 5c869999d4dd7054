"""The generator's inputs and its working state.

``GenerateSpec`` is what the user asks for (``designer new`` options, the wizard);
``resolve`` turns slugs into catalog types and refuses what cannot work; ``Draft``
collects devices, links and fabrics while the generator builds them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from designer.catalog import Catalog
from designer.errors import GenerationError
from designer.fabric import plan as fp
from designer.fabric.generate_spec import GenerateSpec
from designer.fabric.wiring import BuiltFabric
from designer.model.device import Device
from designer.model.hardware import DeviceType, PortGroup, RackType
from designer.model.link import Fabric, Link
from designer.model.supplied import FigureName, FigureRefused, check_value, figure_value, published, with_supplied
from designer.model.units import kw_to_w, w_to_kw

# placement groups besides the scalable units
CENTRAL = "central"
STORAGE = "storage"


@dataclass
class Resolved:
    server: DeviceType
    switch: DeviceType | None  # None only for one server without --switch (no compute fabric)
    storage: DeviceType | None
    rack: RackType
    network_rack: RackType
    oob: DeviceType
    pdu: DeviceType | None
    nodes: int
    # PDU models a rack may take by its load (the named --pdu alone, else every catalog PDU
    # with published ratings); ``pdu`` is the default, sized for the rack budget
    pdus: tuple[DeviceType, ...] = ()

    @property
    def compute_switch(self) -> DeviceType:
        """The compute fabric's switch (``resolve`` refuses two servers or more without one)."""
        if self.switch is None:
            raise GenerationError("internal: a compute fabric asked for without --switch")
        return self.switch


@dataclass
class Draft:
    spec: GenerateSpec
    types: dict[str, DeviceType] = field(default_factory=dict)
    devices: dict[str, Device] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    fabrics: list[Fabric] = field(default_factory=list)
    groups: dict[str, str] = field(default_factory=dict)  # device -> placement group
    plans: dict[str, fp.TierPlan] = field(default_factory=dict)
    rack_pdus: dict[str, DeviceType] = field(default_factory=dict)  # rack -> the PDU model it got
    # the compute leaves take whole racks' trays of a rack-scale system (build_fabrics.rack_units)
    compute_rack_aligned: bool = False
    # what the builders want the user to know (``designer new`` prints them first)
    notes: list[str] = field(default_factory=list)

    def add_type(self, device_type: DeviceType) -> None:
        self.types.setdefault(device_type.slug, device_type)

    def port_speed_gbps(self, device: str, port: str) -> float | None:
        """A drafted device's port speed (a breakout lane: its parent's)."""
        group = self.types[self.devices[device].device_type].port_group_of(port)
        return group.speed_gbps if group is not None else None

    def add_built(self, built: BuiltFabric, switch_types: list[DeviceType]) -> None:
        for t in switch_types:
            self.add_type(t)
        for switch in built.switches:
            self.devices[switch.name] = switch
        self.groups.update(built.groups)
        self.links.extend(built.links)


# ---------------------------------------------------------------- inputs


@dataclass(frozen=True)
class _Limit:
    option: str
    value: float | None  # None: left out
    low: float
    high: float | None = None
    low_allowed: bool = True
    whole: bool = False
    example: str = ""


# The most of each count ``designer new`` places besides the GPU servers (whose number the
# compute fabric bounds). Not vendor figures: bounds well above any published design, so
# that a mistyped count is refused at once rather than building millions of devices (a
# 12-digit --ufm-appliances ran out of memory). The DGX SuperPOD RA places 4 management
# nodes and 2 UFM appliances per fabric (RA-11333-001); its largest storage fabric serves
# hundreds of storage ports.
_MAX_MANAGEMENT_NODES = 64
_MAX_UFM_APPLIANCES = 16
_MAX_STORAGE_NODES = 4_096
_MAX_RESERVED_PORTS = 65_536
_MAX_PORTS_PER_SERVER = 64
_MAX_RACKS_PER_ROW = 200


def _limits(spec: GenerateSpec) -> list[_Limit]:
    """``designer new``'s numbers with the values each may take."""
    return [
        _Limit("--rack-power-kw", spec.rack_power_kw, 0, low_allowed=False, example="e.g. 40"),
        _Limit("--racks-per-row", spec.racks_per_row, 1, _MAX_RACKS_PER_ROW, whole=True, example="e.g. 10"),
        _Limit("--storage-nodes", spec.storage_nodes, 0, _MAX_STORAGE_NODES, whole=True, example="0 for none"),
        _Limit("--storage-ports-per-server", spec.storage_ports_per_server, 0, _MAX_PORTS_PER_SERVER, whole=True,
               example="0 for none, or leave it out"),
        _Limit("--inband-ports-per-server", spec.inband_ports_per_server, 0, _MAX_PORTS_PER_SERVER, whole=True,
               example="0 for none, or leave it out"),
        _Limit("--reserved-storage-ports", spec.reserved_storage_ports, 0, _MAX_RESERVED_PORTS, whole=True,
               example="e.g. 32"),
        _Limit("--reserved-storage-port-gbps", spec.reserved_storage_port_gbps, 0, low_allowed=False,
               example="e.g. 200"),
        _Limit("--management-nodes", spec.management_nodes, 0, _MAX_MANAGEMENT_NODES, whole=True,
               example="0 for none, 4 as the DGX SuperPOD RA"),
        _Limit("--ufm-appliances", spec.ufm_appliances, 0, _MAX_UFM_APPLIANCES, whole=True,
               example="0 for none, 2 for an HA pair"),
        _Limit("--oversubscription", spec.oversubscription, 1, example="1:1, 2:1 or 3:1"),
        _Limit("--storage-oversubscription", spec.storage_oversubscription, 1, example="1:1 or 4:3"),
        _Limit("--inband-oversubscription", spec.inband_oversubscription, 1, example="2:1, or leave it out"),
        _Limit("--floor-load-kg-m2", spec.floor_load_kg_m2, 0, low_allowed=False, example="e.g. 1200, or leave it out"),
        _Limit("--room-power-kw", spec.room_power_kw, 0, low_allowed=False, example="e.g. 2000, or leave it out"),
        _Limit("--room-cooling-kw", spec.room_cooling_kw, 0, example="e.g. 2000, or leave it out"),
        _Limit("--coolant-supply-c", spec.coolant_supply_c, 5, 90, example="e.g. 32, or leave it out"),
        _Limit("--pue", spec.pue, 1, 3, example="e.g. 1.3, or leave it out"),  # as Room.pue takes it
        _Limit("cold_aisle_mm", spec.cold_aisle_mm, 0, example="e.g. 1200"),
        _Limit("hot_aisle_mm", spec.hot_aisle_mm, 0, example="e.g. 1200"),
    ]


def _check_texts(spec: GenerateSpec) -> None:
    """``--name``, ``--customer`` and ``--author`` as the design file takes them (the model's
    own rules: a design name holds no colon, no text holds control characters), checked
    before anything is built: one GenerationError naming the option."""
    from pydantic import TypeAdapter, ValidationError

    from designer.model.base import Name
    from designer.model.design import Project
    from designer.model.validation_messages import describe_validation_error

    checks: list[tuple[str, str | None, Callable[[str], object]]] = [
        ("--name", spec.name, TypeAdapter(Name).validate_python),
        ("--customer", spec.customer, lambda text: Project(customer=text)),
        ("--author", spec.author, lambda text: Project(author=text)),
    ]
    for option, text, validate in checks:
        if text is None:
            continue
        try:
            validate(text)
        except ValidationError as exc:
            _field, message = describe_validation_error(exc)
            colon = option == "--name" and ":" in text
            hint = "e.g. 'Acme - Phase 1'" if colon else "retype it"
            shown = text if len(text) <= 60 else f"{text[:57]}..."  # a 5,000-character value is not echoed whole
            raise GenerationError(f"{option} {shown!r}: {message}", hint=hint,
                                  key="name_colon" if colon else "text_refused",
                                  figures={"field": option.removeprefix("--")}) from None


def check_spec(spec: GenerateSpec) -> None:
    """Every number the user gave, within what it can be, and every text as the file takes
    it, before anything is built: one GenerationError naming the option, the range and a
    value that works."""
    _check_texts(spec)
    for limit in _limits(spec):
        value = limit.value
        if value is None:
            continue
        number = isinstance(value, int | float) and not isinstance(value, bool)
        inside = number and math.isfinite(value) \
            and (value >= limit.low if limit.low_allowed else value > limit.low) \
            and (limit.high is None or value <= limit.high) and (not limit.whole or value == int(value))
        if inside:
            continue
        if limit.high is not None:
            allowed = f"from {limit.low:g} to {limit.high:,g}"
            if limit.whole:
                allowed = f"a whole number {allowed}"
        else:
            allowed = f"{limit.low:g} or more" if limit.low_allowed else f"above {limit.low:g}"
            if limit.whole:
                allowed = f"a whole number, {allowed}"
        shown = (f"{value:g}" if isinstance(value, float) else f"{value}") if number else repr(value)
        raise GenerationError(f"{limit.option} {shown} is out of range: it must be {allowed}", hint=limit.example)


def resolve(spec: GenerateSpec, catalog: Catalog) -> Resolved:
    check_spec(spec)
    if spec.coolant_supply_c is not None and spec.cooling != "liquid":
        raise GenerationError(
            f"--coolant-supply-c {spec.coolant_supply_c:g}: the room's racks have no coolant loop with "
            f"--cooling {spec.cooling}",
            hint="add --cooling liquid, or leave --coolant-supply-c out")
    server = _with_user_figures(catalog.require_device(spec.server, ("server",), "server"), spec)
    if not server.ports_with_role("compute"):
        raise GenerationError(
            f"{server.slug} has no compute ports (port groups with role compute)",
            hint="choose a GPU server with fabric NICs, or add its compute ports in the catalog",
            key="server_no_compute", figures={"part": server.slug},
        )
    switch = catalog.require_device(spec.switch, ("switch",), "switch") if spec.switch else None
    if switch is not None and switch.main_fabric_group() is None:
        raise GenerationError(f"{switch.slug} has no fabric ports to build a fabric from")
    storage = catalog.require_device(spec.storage, ("storage",), "storage system") if spec.storage else None
    if spec.storage_nodes and storage is None:
        raise GenerationError("--storage-nodes needs --storage SLUG (the storage system to place)")
    if storage is not None and spec.storage_nodes < 1:
        raise GenerationError(f"--storage {storage.slug} needs --storage-nodes 1 or more")
    if spec.storage_fabric == "reserved" and not spec.reserved_storage_ports:
        raise GenerationError(
            "--storage-fabric reserved needs --reserved-storage-ports N: the storage-system ports whose leaves "
            "the fabric holds", hint="e.g. --reserved-storage-ports 32, or --storage-fabric auto")
    if spec.reserved_storage_ports and spec.storage_fabric != "reserved":
        raise GenerationError(
            f"--reserved-storage-ports {spec.reserved_storage_ports} is used only with --storage-fabric reserved "
            f"(given: {spec.storage_fabric})",
            hint="add --storage-fabric reserved to build the storage fabric ahead of its storage, or leave out "
                 "--reserved-storage-ports")
    rack = catalog.rack_types.get(spec.rack_type) or _missing_rack(catalog, spec.rack_type)
    network_rack = catalog.rack_types.get(spec.network_rack_type) or _missing_rack(catalog, spec.network_rack_type)
    oob = catalog.require_device(spec.oob_switch, ("switch",), "out-of-band switch")
    pdu = catalog.require_device(spec.pdu, ("pdu",), "PDU") if spec.pdu else _default_pdu(catalog, spec.rack_power_kw)
    for device_type in (server, storage):
        if device_type is not None and device_type.power.max_w is None and device_type.power.typical_w is None:
            raise GenerationError(
                f"{device_type.slug} has no published power figure in the catalog, so racks cannot be sized "
                f"to a {spec.rack_power_kw:g} kW budget",
                hint="supply it with --server-max-kw KW (stored as supplied by you, and the proposal says so), or add "
                     "the vendor's figure in a catalog file and pass it with --catalog" if device_type is server
                else "add its maximum power from the vendor datasheet in a catalog file and pass it with --catalog",
                key="needs_power" if device_type is server else "storage_needs_power",
                figures={"part": device_type.slug},
            )
    if server.weight_kg is None:
        raise GenerationError(
            f"{server.slug} has no published weight in the catalog, so the racks' weight and the floor load "
            "would count it as 0 kg",
            hint="pass --server-weight-kg KG with the figure from the vendor (stored as supplied by you, and the "
                 "proposal says so), or add the vendor's figure in a catalog file and pass it with --catalog",
            key="needs_weight", figures={"part": server.slug},
        )
    if server.cooling.liquid_share is None:
        raise GenerationError(
            f"{server.slug} is liquid-cooled but its vendor publishes no share of its heat removed by liquid, "
            "so the air and liquid cooling each rack needs cannot be told",
            hint="pass --server-liquid-share SHARE (0 to 1) with the figure from the vendor or the site's "
                 "cooling design; it is stored as supplied by you",
            key="needs_liquid_share", figures={"part": server.slug},
        )
    nodes = _node_count(spec, server)
    if switch is None and nodes > 1:
        raise GenerationError(
            f"{nodes:,} servers need --switch SLUG: the switch their compute fabric is built from (one server "
            "needs none: NVLink inside it is its whole GPU fabric)",
            hint="e.g. --switch nvidia-qm9700 (InfiniBand) or --switch nvidia-sn5600 (Ethernet); "
                 "`designer catalog list` lists the switches",
            key="needs_switch", figures={"nodes": nodes})
    if spec.pdu or pdu is None:
        pdus: tuple[DeviceType, ...] = (pdu,) if pdu is not None else ()
    else:
        pdus = tuple(sorted((t for t in catalog.device_types.values()
                             if t.kind == "pdu" and t.pdu and t.pdu.capacity_kw), key=lambda t: t.slug))
    return Resolved(server, switch, storage, rack, network_rack, oob, pdu, nodes, pdus)


def _with_user_figures(server: DeviceType, spec: GenerateSpec) -> DeviceType:
    """A copy of the server type carrying the figures the user supplied (--server-max-kw,
    --server-weight-kg, --server-liquid-share), each recorded as supplied by the user, not
    published (``designer.model.supplied``)."""
    return with_user_figures(server, spec, [
        ("--server-max-kw", "a power", "power.max_w", spec.server_max_kw,
         None if spec.server_max_kw is None else kw_to_w(spec.server_max_kw)),
        ("--server-weight-kg", "a weight", "weight", spec.server_weight_kg, spec.server_weight_kg),
        ("--server-liquid-share", "a share of the heat", "cooling.liquid_share", spec.server_liquid_share,
         spec.server_liquid_share),
        ("--server-liquid-supply-max-c", "a coolant temperature", "cooling.liquid_supply_max_c",
         spec.server_liquid_supply_max_c, spec.server_liquid_supply_max_c),
    ])


# (option, what it is, figure, the value given, the value stored)
UserFigure = tuple[str, str, FigureName, float | None, float | None]


def with_user_figures(device_type: DeviceType, spec: GenerateSpec, flags: list[UserFigure]) -> DeviceType:
    """A copy of ``device_type`` carrying the figures of ``flags`` the user gave, each
    recorded as supplied by the user; a figure the vendor publishes is refused."""
    values: dict[FigureName, float | None] = {}
    for flag, what, figure, given, stored in flags:
        if stored is None:
            continue
        if published(device_type, figure):
            value = figure_value(device_type, figure)
            assert value is not None  # published: the vendor's figure is there
            shown = {"power.max_w": f"{w_to_kw(value):g} kW", "weight": f"{value:g} kg"}.get(figure, f"{value:g}")
            raise GenerationError(
                f"{flag} {given:g}: {device_type.slug} has a published figure ({shown}); a supplied one would "
                "replace the vendor's and be reported as unpublished",
                hint=f"leave out {flag} (the vendor's figure is used); if the catalog entry is wrong, correct it "
                     "in a catalog file and pass it with --catalog",
                key="figure_published", figures={"part": device_type.slug, "figure": figure})
        try:
            check_value(figure, stored)
        except FigureRefused as exc:
            raise GenerationError(f"{flag} {given:g} is not {what}", hint=exc.hint, key="figure_refused",
                              figures={"part": device_type.slug, "figure": figure, "given": given}) from None
        values[figure] = stored
    if not values:
        return device_type
    return with_supplied(device_type, values, by=spec.author, on=date.today(), via="designer new")


def _missing_rack(catalog: Catalog, slug: str) -> RackType:
    choices = ", ".join(sorted(catalog.rack_types))
    raise GenerationError(f'unknown rack type "{slug}"', hint=f"use one of: {choices}")


def _default_pdu(catalog: Catalog, budget_kw: float) -> DeviceType | None:
    pdus = [(t.pdu.capacity_kw, t) for t in catalog.device_types.values()
            if t.kind == "pdu" and t.pdu and t.pdu.capacity_kw]
    if not pdus:
        return None
    # the smallest PDU that carries a whole feed, else the largest (several per feed)
    carrying = [(kw, p) for kw, p in pdus if kw >= budget_kw]
    return min(carrying, key=lambda kp: kp[0])[1] if carrying else max(pdus, key=lambda kp: kp[0])[1]


def _node_count(spec: GenerateSpec, server: DeviceType) -> int:
    if (spec.nodes is None) == (spec.gpus is None):
        raise GenerationError("give either --nodes N or --gpus G")
    if spec.nodes is not None:
        if spec.nodes < 1:
            raise GenerationError(f"--nodes {spec.nodes}: at least one server is needed")
        return spec.nodes
    gpus = spec.gpus
    assert gpus is not None  # one of the two is given (above)
    per_server = server.gpu_count
    if per_server < 1:
        raise GenerationError(f"{server.slug} lists no GPUs; use --nodes instead of --gpus")
    if gpus < 1:
        raise GenerationError(f"--gpus {gpus}: at least one GPU is needed")
    return math.ceil(gpus / per_server)


def endpoint_ports(device: Device, device_type: DeviceType, role: str,
                   group_filter: Callable[[list[PortGroup]], list[PortGroup]] | None = None) -> list[str]:
    groups = device_type.ports_with_role(role)
    if group_filter:
        groups = group_filter(groups)
    return [p for g in groups for p in g.port_names()]

