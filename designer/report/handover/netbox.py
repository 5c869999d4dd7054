"""The design for NetBox: device types as devicetype-library YAML and the inventory as
NetBox bulk-import CSVs, numbered in the order they must be imported.

Columns are NetBox's own import-form field names (``netbox/dcim/forms/bulk_import.py``:
SiteImportForm, LocationImportForm, RackRoleImportForm, RackImportForm,
ManufacturerImportForm, DeviceRoleImportForm, DeviceImportForm, InterfaceImportForm,
CableImportForm, PowerPanelImportForm, PowerFeedImportForm), a subset of each form's
fields, required ones always present. Device types follow the devicetype-library schema
(``schema/devicetype.json``, ``components.json``): slug ``^[-a-z0-9_]+$``, ``u_height``,
``is_full_depth``, interfaces and power ports each with ``name`` and ``type``.

Mapping: the site is the design's site, each room a location, each rack a rack (19-inch,
its type's U, outer width and depth in mm) with a role by what it holds (gpu, network,
storage, other); a device's role is its kind, switches by tier (leaf-switch, spine-switch,
core-switch). Breakout lanes (``p1s1``) are interfaces of their own, ``parent`` the port.
One NetBox cable per link (NetBox's CSV import terminates a cable on one interface a side),
labelled with the cable schedule's ID; a splitter's legs are ``<ID>.<leg>``. Per rack feed a
power feed on panel ``<room>-PP``, voltage and phases from the PDUs on it, amperage from
the feed's capacity (three-phase: kW x 1000 / (sqrt(3) x V)). A PSU's plug is not in the
catalog: power ports are ``type: other``, each at the device's maximum draw over its PSUs.
"""

from __future__ import annotations

import csv
import io
import math
import re

import yaml

from designer.catalog.cabling import Cabling
from designer.model.hardware import DeviceType, PortGroup
from designer.model.index import DesignIndex
from designer.report.handover.cables import cable_schedule
from designer.report.handover.fabric_view import natural

CSV_FILES = {
    "01-sites.csv": ("name", "slug", "status", "description"),
    "02-locations.csv": ("site", "name", "slug", "status"),
    "03-rack-roles.csv": ("name", "slug", "color"),
    "04-racks.csv": ("site", "location", "name", "status", "role", "width", "u_height", "outer_width",
                     "outer_depth", "outer_unit", "weight", "max_weight", "weight_unit", "description"),
    "05-manufacturers.csv": ("name", "slug"),
    # 06-device-types/: devicetype-library YAML, imported before the devices
    "07-device-roles.csv": ("name", "slug", "color"),
    "08-devices.csv": ("name", "role", "manufacturer", "device_type", "status", "site", "location", "rack",
                       "position", "face", "description"),
    "09-interfaces.csv": ("device", "name", "parent", "type", "speed", "mgmt_only", "description"),
    "10-power-panels.csv": ("site", "location", "name"),
    "11-power-feeds.csv": ("site", "power_panel", "location", "rack", "name", "status", "type", "supply", "phase",
                           "voltage", "amperage", "max_utilization", "description"),
    "12-cables.csv": ("side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type",
                      "side_b_name", "type", "status", "label", "length", "length_unit", "description"),
}
DEVICE_TYPES_DIR = "06-device-types"
_ROLE_COLOURS = {"gpu-server": "76b900", "server": "2196f3", "leaf-switch": "ff9800", "spine-switch": "f44336",
                 "core-switch": "9c27b0", "switch": "ff5722", "storage": "607d8b", "pdu": "795548",
                 "other": "9e9e9e", "gpu": "76b900", "network": "ff9800"}
_CABLE_TYPES = {"DAC": "dac-passive", "ACC": "dac-active", "AOC": "aoc", "MMF": "mmf", "SMF": "smf",
                "CAT6A": "cat6a"}
_INFINIBAND = {10: "infiniband-sdr", 20: "infiniband-ddr", 40: "infiniband-qdr", 56: "infiniband-fdr",
               100: "infiniband-edr", 200: "infiniband-hdr", 400: "infiniband-ndr", 800: "infiniband-xdr"}
_ETHERNET = {
    (1, "RJ45"): "1000base-t", (10, "RJ45"): "10gbase-t", (10, "SFP+"): "10gbase-x-sfpp",
    (25, "SFP28"): "25gbase-x-sfp28", (40, "QSFP+"): "40gbase-x-qsfpp", (50, "SFP56"): "50gbase-x-sfp56",
    (100, "QSFP28"): "100gbase-x-qsfp28", (200, "QSFP56"): "200gbase-x-qsfp56",
    (400, "QSFP112"): "400gbase-x-qsfp112", (400, "QSFP-DD"): "400gbase-x-qsfpdd", (400, "OSFP"): "400gbase-x-osfp",
    (800, "OSFP"): "800gbase-x-osfp", (800, "QSFP-DD"): "800gbase-x-qsfpdd",
}


def slugify(text: str) -> str:
    """NetBox slugs: ``^[-a-z0-9_]+$``."""
    return re.sub(r"-{2,}", "-", re.sub(r"[^a-z0-9_-]+", "-", text.lower())).strip("-") or "x"


def interface_type(device_type: DeviceType, group: PortGroup, speed: float | None = None) -> str:
    speed = speed if speed is not None else group.speed_gbps
    if device_type.switch_protocol == "infiniband" and group.role in ("fabric", "uplink"):
        return _INFINIBAND.get(int(speed), "other")
    cage = (group.cage or "").upper()
    found = _ETHERNET.get((int(speed), cage))
    if found is None and cage == "RJ45":
        found = "1000base-t" if speed <= 1 else "10gbase-t"
    return found or "other"


def device_type_yaml(device_type: DeviceType) -> str:
    data: dict = {
        "manufacturer": device_type.manufacturer,
        "model": device_type.model,
        "slug": slugify(device_type.slug),
    }
    if device_type.part_number:
        data["part_number"] = device_type.part_number[:50]
    data["u_height"] = device_type.u_height
    data["is_full_depth"] = device_type.is_full_depth
    if device_type.airflow:
        data["airflow"] = device_type.airflow
    if device_type.weight_kg is not None:
        data["weight"] = device_type.weight_kg
        data["weight_unit"] = "kg"
    psus = device_type.psu.count or 0
    if psus:
        per_psu = device_type.power.max_w / psus if device_type.power.max_w else None
        typical = device_type.power.typical_w / psus if device_type.power.typical_w else None
        ports = []
        for n in range(1, psus + 1):
            port: dict = {"name": f"PSU{n}", "type": "other"}
            if per_psu and per_psu >= 1:
                port["maximum_draw"] = math.ceil(per_psu)
            if typical and typical >= 1:
                port["allocated_draw"] = math.ceil(typical)
            ports.append(port)
        data["power-ports"] = ports
    if device_type.pdu and device_type.pdu.outlets:
        data["power-outlets"] = [
            {"name": f"{plug.upper()}-{n}", "type": f"iec-60320-{plug.lower()}"}
            for plug, count in sorted(device_type.pdu.outlets.items()) for n in range(1, count + 1)]
    interfaces = []
    for group in device_type.port_groups:
        kind = interface_type(device_type, group)
        for name in group.port_names():
            item: dict = {"name": name, "type": kind}
            if group.role == "oob":
                item["mgmt_only"] = True
            interfaces.append(item)
    if interfaces:
        data["interfaces"] = interfaces
    data["comments"] = "Exported by Cluster Designer from its catalog entry " + device_type.slug
    return "---\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def _rows(out: dict[str, list[list]], name: str, *rows: list) -> None:
    out.setdefault(name, []).extend(rows)


def netbox_files(index: DesignIndex, cabling: Cabling) -> dict[str, bytes]:
    """Relative path -> content: the CSVs in import order and the device type YAML files."""
    design = index.design
    site = design.site.name or "Site"
    site_slug = slugify(site)
    out: dict[str, list[list]] = {name: [] for name in CSV_FILES}
    _rows(out, "01-sites.csv", [site, site_slug, "planned", f"Cluster Designer: {design.name}"])
    rooms = sorted({r.name for r in design.site.rooms} | {r.room for r in design.racks}, key=natural)
    for room in rooms:
        _rows(out, "02-locations.csv", [site, room, slugify(room), "planned"])
    rack_roles = {}
    for rack in design.racks:
        kinds = {index.type_of(d).kind for d in design.devices if d.rack == rack.name}
        has_gpu = any(index.type_of(d).gpu_count for d in design.devices if d.rack == rack.name)
        rack_roles[rack.name] = ("gpu" if has_gpu else "storage" if "storage" in kinds
                                 else "network" if "switch" in kinds else "other")
    for role in sorted(set(rack_roles.values())):
        _rows(out, "03-rack-roles.csv", [role, role, _ROLE_COLOURS[role]])
    for rack in sorted(design.racks, key=lambda r: natural(r.name)):
        rack_type = index.rack_type_of(rack)
        _rows(out, "04-racks.csv", [
            site, rack.room, rack.name, "planned", rack_roles[rack.name], 19, rack_type.u_height,
            f"{rack_type.width_mm:g}", f"{rack_type.depth_mm:g}", "mm",
            f"{rack_type.weight_kg:g}" if rack_type.weight_kg is not None else "",
            f"{rack_type.static_load_kg:g}" if rack_type.static_load_kg is not None else "", "kg",
            f"row {rack.row}" if rack.row else ""])
    used = sorted({d.device_type for d in design.devices}, key=natural)
    types = {slug: index.device_types[slug] for slug in used}
    for manufacturer in sorted({t.manufacturer for t in types.values()}, key=natural):
        _rows(out, "05-manufacturers.csv", [manufacturer, slugify(manufacturer)])
    roles = {}
    for device in design.devices:
        device_type = index.type_of(device)
        if device_type.kind == "switch":
            roles[device.name] = f"{device.tier}-switch" if device.tier else "switch"
        elif device_type.kind == "server":
            roles[device.name] = "gpu-server" if device_type.gpu_count else "server"
        else:
            roles[device.name] = device_type.kind
    for role in sorted(set(roles.values())):
        _rows(out, "07-device-roles.csv", [role, role, _ROLE_COLOURS.get(role, "9e9e9e")])
    racks = {r.name: r for r in design.racks}
    for device in design.devices:
        device_type = index.type_of(device)
        rack = racks.get(device.rack) if device.rack else None
        mounted = rack is not None and device.position_u is not None and device_type.u_height > 0
        _rows(out, "08-devices.csv", [
            device.name, roles[device.name], device_type.manufacturer, device_type.model, "planned", site,
            rack.room if rack else "", rack.name if rack else "", device.position_u if mounted else "",
            device.face if mounted else "", f"{device.fabric} {device.tier}".strip() if device.fabric else ""])
        for physical, breakout in sorted(device.port_breakouts.items(), key=lambda kv: natural(kv[0])):
            group = device_type.port_group_of(physical)
            for lane in range(1, breakout.count + 1):
                _rows(out, "09-interfaces.csv", [
                    device.name, f"{physical}s{lane}", physical,
                    interface_type(device_type, group, breakout.speed_gbps) if group else "other",
                    int(breakout.speed_gbps * 1_000_000), "false", f"breakout lane {lane} of {physical}"])
    _power(design, index, site, out)
    labels: dict[tuple, str] = {}
    for row in cable_schedule(index, cabling):
        side = row.b if len(row.b) >= len(row.a) else row.a
        for n, end in enumerate(side, start=1):
            labels[(end.device, end.port)] = row.cable_id if len(side) == 1 else f"{row.cable_id}.{n}"
        if len(side) == 1:
            for end in (*row.a, *row.b):
                labels[(end.device, end.port)] = row.cable_id
    for link in design.links:
        if link.a.device not in index.devices or link.b.device not in index.devices:
            continue
        label = labels.get((link.b.device, link.b.port)) or labels.get((link.a.device, link.a.port), "")
        _rows(out, "12-cables.csv", [
            link.a.device, "dcim.interface", link.a.port, link.b.device, "dcim.interface", link.b.port,
            _CABLE_TYPES.get(link.media or "", ""), "planned", label,
            f"{link.length_m:g}" if link.length_m else "", "m" if link.length_m else "", link.fabric or ""])
    files: dict[str, bytes] = {}
    for name, header in CSV_FILES.items():
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(out[name])
        files[name] = buffer.getvalue().encode("utf-8")
    for slug, device_type in types.items():
        folder = re.sub(r"[/\\\x00-\x1f:*?\"<>|]+", "-", device_type.manufacturer).strip(" .") or "Unknown"
        files[f"{DEVICE_TYPES_DIR}/{folder}/{slugify(slug)}.yaml"] = device_type_yaml(device_type).encode("utf-8")
    return files


def _power(design, index: DesignIndex, site: str, out: dict[str, list[list]]) -> None:
    panels = sorted({r.room for r in design.racks if r.feeds}, key=natural)
    for room in panels:
        _rows(out, "10-power-panels.csv", [site, room, f"{room}-PP"])
    for rack in sorted(design.racks, key=lambda r: natural(r.name)):
        for n, feed in enumerate(rack.feeds):
            pdus = [index.type_of(d).pdu for d in design.devices
                    if d.rack == rack.name and d.feed == feed.name and index.type_of(d).pdu]
            phases = next((p.phases for p in pdus if p.phases), 3)
            voltage = next((p.voltage_v for p in pdus if p.voltage_v), 415.0 if phases == 3 else 230.0)
            amps = feed.capacity_kw * 1000 / (math.sqrt(3) * voltage if phases == 3 else voltage)
            _rows(out, "11-power-feeds.csv", [
                site, f"{rack.room}-PP", rack.room, rack.name, f"{rack.name}-{feed.name}", "planned",
                "primary" if n == 0 else "redundant", "ac", "three-phase" if phases == 3 else "single-phase",
                int(round(voltage)), math.ceil(amps), 80, f"{feed.capacity_kw:g} kW"])
