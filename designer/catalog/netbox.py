"""Importing netbox-community devicetype-library files.

Those files describe space, weight, airflow, interfaces and (sometimes) the draw per
power port, but not GPUs, PSU redundancy or port roles. What they do not say stays
unknown (``None``) and is listed in the import summary, so the user knows which figures
to fill in from a datasheet; what the import had to guess or change is listed too.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from pydantic import ValidationError

from designer.catalog.entries import check_netbox_fields
from designer.catalog.yaml_reader import read_yaml
from designer.model.io import validation_error
from designer.errors import CatalogError
from designer.model.hardware import Airflow, DeviceType, PduSpec, PortGroup, PowerSpec, PsuSpec, SourceRef
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
    # what the import changed or could not carry over (slug normalised, airflow, half U, power)
    notes: list[str] = field(default_factory=list)
    original_slug: str | None = None


# NetBox's airflow choices beyond those the checks know (NetBox 4.x DeviceAirflowChoices).
_KNOWN_AIRFLOW = set(get_args(Airflow))
_STORAGE_VENDORS = ("pure storage", "netapp", "ddn", "vast data", "weka", "hitachi vantara", "infinidat",
                    "nimble storage", "quantum")
_STORAGE_WORDS = re.compile(r"\b(storage|flasharray|flashblade|disk shelf|shelf|nas|san|array|ai400x2?|"
                            r"exascaler|ontap|powerscale|powerstore|isilon|jbod|jbof)\b")
_SERVER_WORDS = re.compile(r"\b(dgx|hgx|server|poweredge|proliant|thinksystem|superserver|ucs c\S*|"
                           r"compute node|gpu node|workstation)\b")
_SWITCH_WORDS = re.compile(r"\b(switch|quantum|spectrum|nexus|catalyst|arista|qm\d+|sn\d+)\b")
_CONTROLLER_BAY = re.compile(r"^\s*(controller|ctrl|ct)\s*[-_ ]?([a-z]|\d+)\s*$", re.I)
_MGMT_NAME = re.compile(r"^(eth0|mgmt\d*|management\d*|bmc|ipmi|idrac|ilo|xcc|e0m)$", re.I)
_MGMT_DESCRIPTION = re.compile(r"^\s*(dedicated\s+)?(out[- ]of[- ]band\s+)?management\b", re.I)
_URL = re.compile(r"https?://[^\s<>)\]'\"]+")


def normalise_slug(slug: str) -> str:
    """``"pure storage-eb-2425"`` -> ``"pure-storage-eb-2425"``: lower case, letters, digits,
    ``.``, ``_`` and ``-`` (the catalog's slug rule), runs of anything else as one ``-``."""
    text = re.sub(r"[^a-z0-9._-]+", "-", slug.strip().lower())
    return re.sub(r"-{2,}", "-", text).strip("-._")


def import_netbox_file(path: Path, kind: str | None = None) -> ImportResult:
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise CatalogError("expected a devicetype-library mapping", file=path)
    # wrong types refused before any is converted (bool("false") is True, len("x") one PSU)
    check_netbox_fields(data, path)
    for required in ("manufacturer", "model", "slug"):
        if not data.get(required):
            raise CatalogError("required field is missing", file=path, field=required,
                               hint="a devicetype-library device type names manufacturer, model and slug")
    notes: list[str] = []
    guessed: list[str] = []
    original_slug = str(data["slug"])
    slug = normalise_slug(original_slug)
    if not slug:
        raise CatalogError(f"{original_slug!r} has no letter or digit", file=path, field="slug")
    if slug != original_slug:
        notes.append(f"slug {original_slug!r} normalised to {slug!r} (the original is kept in comments)")
    interfaces = data.get("interfaces") or []
    if not isinstance(interfaces, list):
        raise CatalogError("expected a list", file=path, field="interfaces")
    if kind is None:
        kind, why = _guess_kind(data, interfaces, path)
        guessed.append(f"kind: {kind} ({why})")
    try:
        groups, skipped, role_guesses = _port_groups(interfaces, kind)
    except ValidationError as exc:
        raise validation_error(exc, data, path, CatalogError) from None
    guessed.extend(role_guesses)
    weight = data.get("weight")
    weight_kg = None
    if weight is not None:
        try:
            weight_kg = round(to_kg(float(weight), str(data.get("weight_unit", "kg"))), 3)
        except (TypeError, ValueError) as exc:
            raise CatalogError(str(exc), file=path, field="weight") from None
    u_height = _u_height(data.get("u_height", 1), path, notes)
    airflow = data.get("airflow")
    if airflow is not None and airflow not in _KNOWN_AIRFLOW:
        notes.append(f"airflow {airflow!r} has no equivalent in the checks' airflow set; left unknown")
        airflow = None
    power_ports = [p for p in (data.get("power-ports") or []) if isinstance(p, dict)]
    power = _power(power_ports, path, notes)
    psu_count = _psu_count(data, power_ports, notes)
    pdu = _pdu(data, kind, notes)
    if pdu is not None and power.max_w is not None:
        # upstream PDUs give the inlet's rating as its maximum_draw (Vertiv Geist GI10022L: 7360 W = 32 A x 230 V)
        notes.append(f"power.max_w {power.max_w:g} W on a PDU is its inlet's maximum_draw, usually the inlet's "
                     "rating rather than the PDU's own draw (rack loads never count a PDU's draw); pdu.capacity_kw "
                     "stays unknown, so a design never picks this PDU by a guessed capacity: fill it in from the "
                     "datasheet")
    subdevice = _subdevice(data, notes)
    upstream = data.get("comments")
    links = _URL.findall(str(upstream)) if upstream else []
    comments = (
        "Imported from netbox devicetype-library"
        + (f" (upstream slug {original_slug!r})" if slug != original_slug else "")
        + "; PSU redundancy and port roles are not in that format: fill them in from the vendor datasheet."
    )
    if subdevice:
        comments += "\n" + subdevice
    if upstream:
        comments += "\n\nUpstream comments:\n" + str(upstream).strip()
    try:
        device_type = DeviceType(
            slug=slug,
            manufacturer=str(data["manufacturer"]),
            model=str(data["model"]),
            part_number=str(data["part_number"]) if data.get("part_number") else None,
            kind=kind,
            u_height=u_height,
            is_full_depth=bool(data.get("is_full_depth", True)),
            airflow=airflow,
            weight_kg=weight_kg,
            power=power,
            psu=PsuSpec(count=psu_count),
            pdu=pdu,
            port_groups=groups,
            source=[
                SourceRef(
                    title=f"netbox-community devicetype-library: {data['manufacturer']} {data['model']}",
                    url=f"file://{path.resolve()}",
                    covers=["u_height", "is_full_depth", "airflow", "weight", "interfaces", "power-ports",
                            "module-bays", "power-outlets"],
                ),
                *[SourceRef(title=f"{data['manufacturer']} {data['model']}: link in the devicetype-library file",
                            url=url) for url in dict.fromkeys(links)],
            ],
            comments=comments,
        )
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in error["loc"])
        raise CatalogError(f"cannot be imported: {error['msg']}", file=path, field=where or None) from None
    except (ValueError, TypeError) as exc:
        raise CatalogError(f"cannot be imported: {exc}", file=path) from None
    unknown = [
        name
        for name, value in (
            ("power.typical_w", power.typical_w),
            ("power.max_w", power.max_w),
            ("psu.redundancy", None),
            ("weight", weight_kg),
            ("depth_mm", None),
            *((("pdu.capacity_kw", None),) if pdu is not None else ()),
        )
        if value is None
    ]
    return ImportResult(device_type, unknown, guessed, skipped, notes, original_slug)


def _u_height(value: Any, path: Path, notes: list[str]) -> int:
    try:
        height = float(value)
    except (TypeError, ValueError):
        raise CatalogError(f"expected a number of rack units; got {value!r}", file=path, field="u_height") from None
    if height < 0:
        raise CatalogError(f"expected 0 or more rack units; got {value!r}", file=path, field="u_height")
    if height != int(height):
        notes.append(f"u_height {height:g} rounded up to {math.ceil(height)} (a part takes whole rack units here)")
    return math.ceil(height)


def _power(power_ports: list[dict[str, Any]], path: Path, notes: list[str]) -> PowerSpec:
    """NetBox's ``maximum_draw`` / ``allocated_draw`` are what the device draws through each
    power port (NetBox sums them per feed), so the device's figures are their sums."""
    sums = {}
    for key in ("maximum_draw", "allocated_draw"):
        values = []
        for n, port in enumerate(power_ports):
            value = port.get(key)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise CatalogError(f"expected watts (a number, 0 or more); got {value!r}", file=path,
                                   field=f"power-ports[{n}].{key}")
            values.append(float(value))
        sums[key] = sum(values) if values else None
        if values:
            notes.append(
                f"power.{'max_w' if key == 'maximum_draw' else 'typical_w'} {sums[key]:g} W: the sum of "
                f"{len(values)} of {len(power_ports)} power ports' {key} (NetBox: the draw through each port); "
                "check it against the datasheet (a file giving each PSU's rating, or listing some PSUs only, is off)")
    return PowerSpec(max_w=sums["maximum_draw"], typical_w=sums["allocated_draw"])


_PSU_BAY = re.compile(r"^\s*(psu|ps|pws|pwr|power[\s_-]*supply|power[\s_-]*module|power)\s*[-_ ]?\d*\s*$", re.I)


def _psu_count(data: dict[str, Any], power_ports: list[dict[str, Any]], notes: list[str]) -> int | None:
    """PSUs: one per power port; a file without power ports often lists its PSUs as
    module-bays only (``PSU1``, ``PSU2``, ``Power Supply 1``), so those count then."""
    bays = [b for b in (data.get("module-bays") or []) if isinstance(b, dict)]
    psu_bays = [str(b.get("name", "")) for b in bays if _PSU_BAY.match(str(b.get("name", "")))]
    if power_ports:
        if psu_bays and len(psu_bays) != len(power_ports):
            notes.append(f"psu.count {len(power_ports)} from power-ports; the file also has {len(psu_bays)} PSU "
                         f"module bays ({', '.join(psu_bays)}): check which the datasheet means")
        return len(power_ports)
    if psu_bays:
        notes.append(f"psu.count {len(psu_bays)} from module-bays ({', '.join(psu_bays)}): the file lists no "
                     "power ports, so the draw stays unknown")
        return len(psu_bays)
    return None


def _outlet_kind(netbox_type: str) -> str:
    """NetBox's ``iec-60320-c13`` is the catalog's ``c13``; other plugs keep NetBox's name."""
    match = re.fullmatch(r"iec-60320-(c\d+)", netbox_type)
    return match[1] if match else netbox_type or "unknown"


def _pdu(data: dict[str, Any], kind: str, notes: list[str]) -> PduSpec | None:
    outlets = [o for o in (data.get("power-outlets") or []) if isinstance(o, dict)]
    if not outlets:
        return None
    counts: dict[str, int] = {}
    for outlet in outlets:
        key = _outlet_kind(str(outlet.get("type", "")))
        counts[key] = counts.get(key, 0) + 1
    text = ", ".join(f"{n} x {k}" for k, n in counts.items())
    if kind != "pdu":
        notes.append(f"{len(outlets)} power outlets ({text}) not carried over: the part is not a PDU")
        return None
    notes.append(f"pdu.outlets {text} from power-outlets; capacity, phases and voltage are not in the file "
                 "(fill them in from the datasheet)")
    return PduSpec(outlets=counts)


def _subdevice(data: dict[str, Any], notes: list[str]) -> str:
    """NetBox's chassis/module pairs: a ``parent`` has device bays for ``child`` devices
    (controllers, blades) that NetBox mounts in them. The catalog has no bays, so the pair
    is said in a note and the entry's comments."""
    role = data.get("subdevice_role")
    if role == "parent":
        bays = [str(b.get("name", "?")) for b in (data.get("device-bays") or []) if isinstance(b, dict)]
        if not bays:  # upstream marks some servers (Lenovo SR675 V3, SR680a V3) parent without bays
            text = ("Marked a chassis (NetBox subdevice_role parent) but lists no device bays: there is no "
                    "module to pair with it, so it is imported as one part.")
            notes.append(text)
            return text
        text = (f"A chassis (NetBox subdevice_role parent) with {len(bays)} device bays"
                + (f" ({', '.join(bays)})" if bays else "")
                + ": its controllers or blades are devices of their own in NetBox; here the chassis is one part, "
                  "so add their power and ports to it.")
    elif role == "child":
        text = ("A module of a chassis (NetBox subdevice_role child): it sits in a parent's device bay, "
                "not in a rack unit of its own; add it to the chassis entry rather than placing it in a rack.")
    else:
        return ""
    notes.append(text)
    return text


def _guess_kind(data: dict[str, Any], interfaces: list[Any], path: Path | None = None) -> tuple[str, str]:
    if data.get("power-outlets"):
        return "pdu", "it has power outlets"
    text = " ".join(str(data.get(k, "")) for k in ("manufacturer", "model", "slug", "part_number")).lower()
    vendor = str(data.get("manufacturer", "")).lower()
    folder = path.parent.name.lower() if path is not None else ""
    if vendor in _STORAGE_VENDORS or folder in _STORAGE_VENDORS or _STORAGE_WORDS.search(text):
        return "storage", "a storage vendor or word in its name"
    # a dual-controller array (Lenovo ThinkSystem DE4000H) lists its controllers as bays
    controllers = [str(b.get("name")) for key in ("module-bays", "device-bays") for b in (data.get(key) or [])
                   if isinstance(b, dict) and _CONTROLLER_BAY.match(str(b.get("name", "")))]
    if len(controllers) >= 2:
        return "storage", f"controller bays ({', '.join(controllers)}), as a storage array has"
    if _SERVER_WORDS.search(text):
        return "server", "a server word in its name"
    if _SWITCH_WORDS.search(text):
        return "switch", "a switch word in its name"
    data_ports = [i for i in interfaces if isinstance(i, dict) and not i.get("mgmt_only")]
    if len(data_ports) >= 16:
        return "switch", f"{len(data_ports)} data interfaces"
    return "server", f"{len(data_ports)} data interfaces"


def _port_groups(interfaces: list[Any], kind: str) -> tuple[list[PortGroup], list[str], list[str]]:
    groups: dict[tuple[float, str | None, str], int] = {}
    skipped: list[str] = []
    by_name: list[str] = []
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
        elif speed <= 1 and (_MGMT_NAME.match(name) or _MGMT_DESCRIPTION.match(str(item.get("description") or ""))):
            # upstream often leaves mgmt_only off a management port (SN3420 eth0, NE1032 mgmt0)
            role = "oob"
            by_name.append(name)
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
    if by_name:
        guesses.append(f"ports {', '.join(by_name)}: role oob (a management name or description; mgmt_only is not "
                       "set in the file)")
    return result, skipped, guesses


def describe_import(result: ImportResult) -> list[str]:
    """The review lines of one converted file, as ``catalog import`` prints them."""
    lines = []
    if result.unknown:
        lines.append(f"unknown (not in netbox format): {', '.join(result.unknown)}")
    if result.guessed:
        lines.append(f"guessed, please review: {'; '.join(result.guessed)}")
    lines += [f"note: {note}" for note in result.notes]
    if result.skipped_interfaces:
        lines.append(f"interfaces skipped (type not understood): {', '.join(result.skipped_interfaces)}")
    return lines


def add_raw_netbox(catalog, path: Path) -> None:
    """``--catalog`` given an upstream devicetype-library file: converted in memory as
    ``catalog import`` would, with the same review lines in ``catalog.warnings``. A slug the
    catalog already has is not replaced (the import's rule); the file is then left out."""
    result = import_netbox_file(path)
    entry = result.device_type
    if catalog.get(entry.slug) is not None:
        catalog.warnings.append(
            f"{path}: a netbox devicetype-library file for {entry.slug}, which the catalog already has "
            f"(from {catalog.origins.get(entry.slug, 'the bundled catalog')}); not used, so nothing changes "
            "(to replace the entry: designer catalog import --replace)")
        return
    catalog.add(entry, path)
    lines = describe_import(result)
    catalog.warnings.append(
        f"{path}: a netbox devicetype-library file, converted in memory to {entry.slug} ({entry.kind}, "
        f"{entry.u_height} U)" + ("; " + "; ".join(lines) if lines else "")
        + " (designer catalog import writes it as a catalog entry to edit)")
