"""`designer export --netbox DIR`: CSV headers NetBox's bulk import takes, device types that
meet the devicetype-library schema, and cables whose every end is an interface that exists.

The field lists and schema rules below are transcribed from upstream (NetBox
netbox/dcim/forms/bulk_import.py, the import forms' Meta.fields; devicetype-library
schema/devicetype.json, components.json and the enums of generated_schema.json)."""

from __future__ import annotations

import csv
import io
import re

import pytest
import yaml

from conftest import run_cli
from designer.model.index import DesignIndex
from designer.report.handover.netbox import CSV_FILES, DEVICE_TYPES_DIR, netbox_files

NETBOX_FIELDS = {
    "01-sites.csv": ("name", "slug", "status", "region", "group", "tenant", "facility", "time_zone", "description",
                     "physical_address", "shipping_address", "latitude", "longitude", "comments", "tags"),
    "02-locations.csv": ("site", "parent", "name", "slug", "status", "tenant", "facility", "description", "tags"),
    "03-rack-roles.csv": ("name", "slug", "color", "description", "tags"),
    "04-racks.csv": ("site", "location", "name", "facility_id", "tenant", "status", "role", "form_factor", "serial",
                     "asset_tag", "width", "u_height", "desc_units", "outer_width", "outer_depth", "outer_unit",
                     "mounting_depth", "airflow", "weight", "max_weight", "weight_unit", "description", "comments",
                     "tags"),
    "05-manufacturers.csv": ("name", "slug", "description", "tags"),
    "07-device-roles.csv": ("name", "slug", "color", "vm_role", "config_template", "description", "tags"),
    "08-devices.csv": ("name", "role", "tenant", "manufacturer", "device_type", "platform", "serial", "asset_tag",
                       "status", "site", "location", "rack", "position", "face", "latitude", "longitude", "parent",
                       "device_bay", "airflow", "virtual_chassis", "vc_position", "vc_priority", "cluster",
                       "description", "config_template", "comments", "tags"),
    "09-interfaces.csv": ("device", "name", "label", "parent", "bridge", "lag", "type", "speed", "duplex", "enabled",
                          "mark_connected", "wwn", "vdcs", "mtu", "mgmt_only", "description", "poe_mode", "poe_type",
                          "mode", "vrf", "rf_role", "rf_channel", "rf_channel_frequency", "rf_channel_width",
                          "tx_power", "tags"),
    "10-power-panels.csv": ("site", "location", "name", "description", "comments", "tags"),
    "11-power-feeds.csv": ("site", "power_panel", "location", "rack", "name", "status", "type", "mark_connected",
                           "supply", "phase", "voltage", "amperage", "max_utilization", "tenant", "description",
                           "comments", "tags"),
    "12-cables.csv": ("side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type", "side_b_name",
                      "type", "status", "tenant", "label", "color", "length", "length_unit", "description",
                      "comments", "tags"),
}
# fields the forms require (no default)
REQUIRED = {
    "01-sites.csv": {"name", "slug", "status"}, "02-locations.csv": {"site", "name", "slug", "status"},
    "03-rack-roles.csv": {"name", "slug"}, "04-racks.csv": {"site", "name", "status", "width"},
    "05-manufacturers.csv": {"name", "slug"}, "07-device-roles.csv": {"name", "slug"},
    "08-devices.csv": {"role", "manufacturer", "device_type", "status", "site"},
    "09-interfaces.csv": {"device", "name", "type"}, "10-power-panels.csv": {"site", "name"},
    "11-power-feeds.csv": {"site", "power_panel", "name", "status", "type", "supply", "phase"},
    "12-cables.csv": {"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type",
                      "side_b_name"},
}
DEVICETYPE_KEYS = {"manufacturer", "model", "slug", "part_number", "u_height", "is_full_depth", "airflow", "weight",
                   "weight_unit", "front_image", "rear_image", "subdevice_role", "is_powered", "console-ports",
                   "console-server-ports", "power-ports", "power-outlets", "interfaces", "front-ports", "rear-ports",
                   "module-bays", "device-bays", "inventory-items", "description", "comments"}
AIRFLOW = {"front-to-rear", "rear-to-front", "left-to-right", "right-to-left", "side-to-rear", "passive", "mixed"}
INTERFACE_KEYS = {"name", "label", "type", "enabled", "mgmt_only", "description", "bridge", "poe_mode", "poe_type",
                  "rf_role"}
INTERFACE_TYPES = {
    "1000base-t", "10gbase-t", "10gbase-x-sfpp", "25gbase-x-sfp28", "40gbase-x-qsfpp", "50gbase-x-sfp56",
    "100gbase-x-qsfp28", "200gbase-x-qsfp56", "400gbase-x-qsfp112", "400gbase-x-qsfpdd", "400gbase-x-osfp",
    "800gbase-x-qsfpdd", "800gbase-x-osfp", "infiniband-sdr", "infiniband-ddr", "infiniband-qdr", "infiniband-fdr",
    "infiniband-edr", "infiniband-hdr", "infiniband-ndr", "infiniband-xdr", "other"}
POWER_PORT_KEYS = {"name", "label", "type", "maximum_draw", "allocated_draw", "description"}
POWER_OUTLET_KEYS = {"name", "label", "type", "power_port", "feed_leg", "description"}
POWER_OUTLET_TYPES = {"iec-60320-c13", "iec-60320-c19", "iec-60320-c15", "iec-60320-c21", "other"}


def validate_device_type(data: dict) -> None:
    assert set(data) <= DEVICETYPE_KEYS, set(data) - DEVICETYPE_KEYS
    assert {"manufacturer", "model", "slug", "u_height", "is_full_depth"} <= set(data)
    assert re.fullmatch(r"[-a-z0-9_]+", data["slug"]) and len(data["slug"]) <= 100
    assert len(data["model"]) <= 100 and len(data.get("part_number", "")) <= 50
    assert data["u_height"] >= 0 and (data["u_height"] * 2) == int(data["u_height"] * 2)
    assert isinstance(data["is_full_depth"], bool)
    assert ("weight" in data) == ("weight_unit" in data)
    assert data.get("airflow", "passive") in AIRFLOW
    for item in data.get("interfaces", []):
        assert set(item) <= INTERFACE_KEYS and {"name", "type"} <= set(item) and len(item["name"]) <= 64
        assert item["type"] in INTERFACE_TYPES, item
    for item in data.get("power-ports", []):
        assert set(item) <= POWER_PORT_KEYS and {"name", "type"} <= set(item)
        for key in ("maximum_draw", "allocated_draw"):
            assert key not in item or (isinstance(item[key], int) and item[key] >= 1)
    for item in data.get("power-outlets", []):
        assert set(item) <= POWER_OUTLET_KEYS and item["type"] in POWER_OUTLET_TYPES


@pytest.fixture(scope="module")
def exported(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=30, switch="nvidia-qm9700"), catalog)
    return design, netbox_files(DesignIndex.build(design), catalog.cabling)


def _csv(files, name):
    return list(csv.DictReader(io.StringIO(files[name].decode("utf-8"))))


def test_csv_headers_are_netbox_import_fields_with_the_required_ones(exported):
    _, files = exported
    for name, header in CSV_FILES.items():
        got = next(csv.reader(io.StringIO(files[name].decode())))
        assert tuple(got) == header
        assert set(header) <= set(NETBOX_FIELDS[name]), (name, set(header) - set(NETBOX_FIELDS[name]))
        assert REQUIRED[name] <= set(header), name
        for row in _csv(files, name):
            assert all(row[field] != "" for field in REQUIRED[name]), (name, row)


def test_device_types_meet_the_devicetype_library_schema(exported):
    design, files = exported
    type_files = [k for k in files if k.startswith(DEVICE_TYPES_DIR + "/")]
    assert len(type_files) == len({d.device_type for d in design.devices})
    for name in type_files:
        text = files[name].decode()
        assert text.startswith("---\n")
        validate_device_type(yaml.safe_load(text))


def test_every_cable_end_is_an_interface_of_its_device(exported):
    design, files = exported
    types = {}
    for name in files:
        if name.startswith(DEVICE_TYPES_DIR + "/"):
            data = yaml.safe_load(files[name])
            types[data["model"]] = {i["name"] for i in data.get("interfaces", [])}
    devices = {row["name"]: row for row in _csv(files, "08-devices.csv")}
    interfaces = {name: set(types[row["device_type"]]) for name, row in devices.items()}
    for row in _csv(files, "09-interfaces.csv"):
        assert row["parent"] in interfaces[row["device"]]
        interfaces[row["device"]].add(row["name"])
    cables = _csv(files, "12-cables.csv")
    assert len(cables) == len(design.links)
    for row in cables:
        for side in ("a", "b"):
            assert row[f"side_{side}_type"] == "dcim.interface"
            assert row[f"side_{side}_name"] in interfaces[row[f"side_{side}_device"]], row
    labels = [row["label"] for row in cables]
    assert all(labels) and len(set(labels)) == len(labels)


def test_devices_sit_in_racks_that_exist_and_feeds_carry_the_pdu_voltage(exported):
    design, files = exported
    racks = {row["name"] for row in _csv(files, "04-racks.csv")}
    for row in _csv(files, "08-devices.csv"):
        assert row["rack"] in racks
        if row["position"]:
            assert row["face"] in ("front", "rear")
    feeds = _csv(files, "11-power-feeds.csv")
    assert len(feeds) == sum(len(r.feeds) for r in design.racks)
    assert {(f["voltage"], f["phase"]) for f in feeds} == {("415", "three-phase")}
    assert all(int(f["amperage"]) > 0 for f in feeds)


def test_cli_writes_the_folder_and_refuses_one_with_other_files(tmp_path):
    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                   "-o", design_file).code == 0
    out = tmp_path / "nb"
    result = run_cli("export", design_file, "--netbox", out)
    assert result.code == 0, result
    assert (out / "12-cables.csv").exists() and (out / DEVICE_TYPES_DIR).is_dir()
    assert run_cli("export", design_file, "--netbox", out).code == 0, "a previous export is replaced"
    (out / "notes.txt").write_text("mine")
    result = run_cli("export", design_file, "--netbox", out)
    assert result.code == 2 and "not a NetBox export" in result.err
    assert (out / "notes.txt").read_text() == "mine"
