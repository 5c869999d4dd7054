"""A management node copied from a RoCE design into an InfiniBand one (review 11 #2): its type's
``fabric_ports.storage: []`` (written by ``designer new`` where an Ethernet storage fabric leaves
the nodes' storage ports to in-band) does not travel, so the checks ask for those ports again."""

from __future__ import annotations

from designer.catalog import load_catalog
from designer.fabric.generate import GenerateSpec, generate
from designer.model.edits.clipboard import copy_devices, paste_devices
from designer.report.json_report import build_report


def _design(switch: str, **kw):
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch=switch, storage_fabric="reserved",
                                 reserved_storage_ports=16, **kw), load_catalog(include_user=False))


def test_a_pasted_management_node_is_asked_for_its_storage_ports_on_infiniband():
    catalog = load_catalog(include_user=False)
    roce = _design("nvidia-sn5600")
    copied = next(t for t in roce.device_types if t.slug == "generic-management-server-x86")
    assert copied.fabric_ports.get("storage") == []  # marked in the RoCE design
    payload = copy_devices(roce, ["mgmt01"])
    ib = _design("nvidia-qm9700", management_nodes=0)
    assert not any(t.slug == "generic-management-server-x86" for t in ib.device_types)
    rack = ib.racks[-1].name
    paste_devices(ib, payload, rack).apply(ib)
    pasted = next(t for t in ib.device_types if t.slug == "generic-management-server-x86")
    assert "storage" not in pasted.fabric_ports
    findings = [f for f in build_report(ib, catalog=catalog)["findings"] if f["code"] == "PORT_UNCONNECTED"]
    assert any("mgmt01" in f["objects"] and "storage" in f["message"] for f in findings)
    # into another RoCE design the marking holds (its storage fabric is Ethernet)
    roce2 = _design("nvidia-sn5600", management_nodes=0)
    paste_devices(roce2, payload, roce2.racks[-1].name).apply(roce2)
    assert next(t for t in roce2.device_types if t.slug == "generic-management-server-x86").fabric_ports == \
        {"storage": []}
