"""Importing netbox-community devicetype-library files.

Those files describe space, weight, airflow and interfaces but not power draw,
GPUs or port roles. What they do not say stays unknown (``None``) and is listed in
the import summary, so the user knows which figures to fill in from a datasheet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from designer.catalog.entries import read_yaml
from designer.errors import CatalogError
from designer.model.hardware import DeviceType, PortGroup, PowerSpec, PsuSpec, SourceRef
from designer.model.units import to_kg

# netbox interface types -> (speed Gb/s, cage)
_SPECIAL_TYPES = {
    "infiniband-sdr": (10, None),
    "infiniband-ddr": (20, None),
    "infiniband-qdr": (40, "QSFP+"),
    "infiniband-fdr10": (40, "QSFP+"),
    "infiniband-fdr": (56, "QSFP+"),
    "infiniband-edr": (100, "QSFP28"),
    "infiniband-hdr": (200, "QSFP56"),
    "infiniband-ndr": (400, "OSFP"),
    "infiniband-xdr": (800, "OSFP"),
}
_CAGES = {
    "sfp": "SFP",
    "sfpp": "SFP+",
    "sfp28": "SFP28",
    "sfp56": "SFP56",
    "qsfpp": "QSFP+",
    "qsfp28": "QSFP28",
    "qsfp56": "QSFP56",
    "qsfp112": "QSFP112",
    "qsfpdd": "QSFP-DD",
    "osfp": "OSFP",
    "osfp-rhs": "OSFP",
    "cfp2": "CFP2",
}
_ETHERNET = re.compile(r"^(?P<speed>\d+(?:\.\d+)?)(?P<unit>g|m)?base-(?P<medium>[a-z0-9]+)(?:-(?P<cage>[a-z0-9-]+))?$")


def interface_speed(netbox_type: str) -> tuple[float, str | None] | None:
    """``"100gbase-x-qsfp28"`` -> ``(100, "QSFP28")``; ``"1000base-t"`` -> ``(1, "RJ45")``."""
    if netbox_type in _SPECIAL_TYPES:
        speed, cage = _SPECIAL_TYPES[netbox_type]
        return float(speed), cage
    match = _ETHERNET.match(netbox_type)
    if not match:
        return None
    speed = float(match["speed"])
    if match["unit"] != "g":  # "1000base-t", "100base-tx": megabits
        speed /= 1000.0
    if match["medium"] == "t" or match["medium"].startswith("t"):
        return speed, "RJ45"
    cage = match["cage"]
    return speed, _CAGES.get(cage or "", cage.upper() if cage else None)


@dataclass
class ImportResult:
    device_type: DeviceType
    unknown: list[str] = field(default_factory=list)
    guessed: list[str] = field(default_factory=list)
    skipped_interfaces: list[str] = field(default_factory=list)


def import_netbox_file(path: Path, kind: str | None = None) -> ImportResult:
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise CatalogError("expected a devicetype-library mapping", file=path)
    for required in ("manufacturer", "model", "slug"):
        if not data.get(required):
            raise CatalogError("required field is missing", file=path, field=required)
    guessed: list[str] = []
    interfaces = data.get("interfaces") or []
    if not isinstance(interfaces, list):
        raise CatalogError("expected a list", file=path, field="interfaces")
    if kind is None:
        kind = _guess_kind(data, interfaces)
        guessed.append(f"kind: {kind}")
    groups, skipped, role_guesses = _port_groups(interfaces, kind)
    guessed.extend(role_guesses)
    weight = data.get("weight")
    weight_kg = None
    if weight is not None:
        try:
            weight_kg = round(to_kg(float(weight), str(data.get("weight_unit", "kg"))), 3)
        except (TypeError, ValueError) as exc:
            raise CatalogError(str(exc), file=path, field="weight") from None
    power_ports = data.get("power-ports") or []
    max_draws = [p.get("maximum_draw") for p in power_ports if isinstance(p, dict)]
    try:
        device_type = DeviceType(
            slug=str(data["slug"]).lower(),
            manufacturer=str(data["manufacturer"]),
            model=str(data["model"]),
            part_number=data.get("part_number"),
            kind=kind,
            u_height=int(float(data.get("u_height", 1))),
            is_full_depth=bool(data.get("is_full_depth", True)),
            airflow=data.get("airflow"),
            weight_kg=weight_kg,
            power=PowerSpec(),
            psu=PsuSpec(count=len(power_ports) or None),
            port_groups=groups,
            source=[
                SourceRef(
                    title=f"netbox-community devicetype-library: {data['manufacturer']} {data['model']}",
                    url=f"file://{path.resolve()}",
                    covers=["u_height", "is_full_depth", "airflow", "weight", "interfaces"],
                )
            ],
            comments=(
                "Imported from netbox devicetype-library; power, PSU redundancy and port roles are "
                "not in that format: fill them in from the vendor datasheet."
                + (f" Power ports list maximum draws {max_draws} W." if any(max_draws) else "")
            ),
        )
    except (ValueError, TypeError) as exc:
        raise CatalogError(f"cannot be imported: {exc}", file=path) from None
    unknown = [
        name
        for name, value in (
            ("power.typical_w", None),
            ("power.max_w", None),
            ("psu.redundancy", None),
            ("weight", weight_kg),
            ("depth_mm", None),
        )
        if value is None
    ]
    return ImportResult(device_type, unknown, guessed, skipped)


def _guess_kind(data: dict[str, Any], interfaces: list[Any]) -> str:
    if data.get("power-outlets"):
        return "pdu"
    data_ports = [i for i in interfaces if isinstance(i, dict) and not i.get("mgmt_only")]
    return "switch" if len(data_ports) >= 16 else "server"


def _port_groups(interfaces: list[Any], kind: str) -> tuple[list[PortGroup], list[str], list[str]]:
    groups: dict[tuple[float, str | None, str], int] = {}
    skipped: list[str] = []
    for item in interfaces:
        if not isinstance(item, dict):
            continue
        name = str(item.get("name", "?"))
        parsed = interface_speed(str(item.get("type", "")))
        if parsed is None:
            skipped.append(f"{name} ({item.get('type')})")
            continue
        speed, cage = parsed
        if item.get("mgmt_only"):
            role = "oob"
        elif kind == "switch":
            role = "fabric"
        elif speed >= 100:
            role = "compute"
        else:
            role = "inband"
        key = (speed, cage, role)
        groups[key] = groups.get(key, 0) + 1
    if kind == "switch":
        # A few faster ports beside many access ports are uplinks (a 48 x 1GbE switch's 100G ports).
        fabric = {k: n for k, n in groups.items() if k[2] == "fabric"}
        if len(fabric) > 1:
            access = max(fabric, key=lambda k: fabric[k])
            for key, count in fabric.items():
                if key != access and key[0] > access[0] and count <= 8:
                    groups.pop(key)
                    groups[(key[0], key[1], "uplink")] = count
    result: list[PortGroup] = []
    guesses: list[str] = []
    for (speed, cage, role), count in groups.items():
        prefix = {"oob": "mgmt", "fabric": "p", "uplink": "up", "compute": "cx", "inband": "eth"}[role]
        name = f"{role}-{speed:g}g"
        while any(g.prefix == prefix or g.name == name for g in result):
            prefix += "x"
            name += "x"
        result.append(PortGroup(name=name, prefix=prefix, count=count, speed_gbps=speed, cage=cage, role=role))
        if role in ("compute", "inband", "uplink"):
            guesses.append(f"ports {name}: role {role} (from speed)")
    return result, skipped, guesses
