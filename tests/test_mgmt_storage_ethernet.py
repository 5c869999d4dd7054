"""Management nodes beside an Ethernet storage fabric: the generator leaves their storage ports
uncabled (they reach storage through the in-band network) and says so; the design's copy of
their type names none of them for the storage fabric (``fabric_ports.storage: []``), so the
checks no longer ask for them. Every RoCE design with management nodes had four warnings
"mgmtNN: 2 storage ports without a cable ... cable them to the storage fabric"."""

from __future__ import annotations

from designer.fabric.generate import GenerateSpec, generate_with_notes
from designer.report.json_report import build_report

ROCE = dict(server="nvidia-dgx-h100", nodes=16, switch="nvidia-sn5600", storage="weka-wekapod-nitro-8",
            storage_nodes=1)


def _unconnected(design, catalog) -> list[dict]:
    return [f for f in build_report(design, catalog=catalog)["findings"] if f["code"] == "PORT_UNCONNECTED"]


def test_ethernet_storage_leaves_the_management_nodes_to_in_band(catalog):
    design, notes = generate_with_notes(GenerateSpec(**ROCE), catalog)
    mgmt = next(t for t in design.device_types if t.slug == "generic-management-server-x86")
    assert mgmt.fabric_ports == {"storage": []}
    assert not [l for l in design.links if l.fabric == "storage" and l.a.device.startswith("mgmt")]
    assert _unconnected(design, catalog) == []
    assert any("management nodes reach storage through the in-band network" in n for n in notes)


def test_infiniband_storage_still_cables_them(catalog):
    design, notes = generate_with_notes(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700",
                                                     storage="weka-wekapod-nitro-8", storage_nodes=1), catalog)
    assert len([l for l in design.links if l.fabric == "storage" and "mgmt" in (l.a.device + l.b.device)]) == 8
    assert not any("in-band network" in n for n in notes)



def test_a_named_storage_switch_sets_the_storage_fabrics_protocol(catalog):
    """--storage-switch of the other protocol than the compute switch (review 11): the storage
    fabric runs the named switch's protocol, its management-node and UFM endpoints follow, and
    the design checks clean (an 'infiniband' fabric of SN5600 had four CABLE_NO_PART errors)."""
    for compute, storage, protocol, mgmt_links in (("nvidia-qm9700", "nvidia-sn5600", "ethernet", 0),
                                                   ("nvidia-sn5600", "nvidia-qm9700", "infiniband", 8)):
        design, _notes = generate_with_notes(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch=compute,
                                                          storage_switch=storage, storage="weka-wekapod-nitro-8",
                                                          storage_nodes=1), catalog)
        [fabric] = [f for f in design.fabrics if f.role == "storage"]
        assert fabric.protocol == protocol
        assert len([l for l in design.links if l.fabric == "storage" and "mgmt" in l.a.device + l.b.device]) \
            == mgmt_links
        errors = [f for f in build_report(design, catalog=catalog)["findings"] if f["severity"] == "error"]
        assert errors == [], (compute, storage)
