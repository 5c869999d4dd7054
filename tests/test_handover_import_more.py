"""Import fidelity beyond the first pass (issue 15): PSUs from module-bays, PDU outlets,
chassis/controller pairs (subdevice roles), half-U heights, and raw devicetype-library
files given straight to ``--catalog`` (converted in memory with the import's warnings,
never replacing an entry the catalog has)."""

from __future__ import annotations

import json

from conftest import DATA, run_cli
from designer.catalog import load_catalog

MORE = DATA / "devicetype-library-more" / "device-types"
LIBRARY = DATA / "devicetype-library" / "device-types"


def _imported(tmp_path):
    out = tmp_path / "out"
    result = run_cli("catalog", "import", MORE, "-o", out, "--json")
    assert result.code == 0, result
    records = {r["slug"]: r for r in json.loads(result.out)["imported"]}
    return records, load_catalog([out], include_user=False)


def test_power_outlets_make_a_pdu_with_its_outlets(tmp_path):
    records, catalog = _imported(tmp_path)
    pdu = catalog.device_types["example-test-metered-pdu"]
    assert pdu.kind == "pdu" and pdu.pdu is not None
    assert pdu.pdu.outlets == {"c13": 4, "c19": 2}
    assert pdu.pdu.capacity_kw is None, "not in the file: stays unknown"
    assert "pdu.capacity_kw" in records["example-test-metered-pdu"]["unknown"]
    assert any("pdu.outlets 4 x c13, 2 x c19" in n for n in records["example-test-metered-pdu"]["notes"])


def test_psus_listed_only_as_module_bays_are_counted(tmp_path):
    records, catalog = _imported(tmp_path)
    server = catalog.device_types["example-test-server-psu-bays"]
    assert server.psu.count == 2, "PSU1 and PSU2; the OCP NIC bay is not a PSU"
    assert server.power.max_w is None
    assert any("psu.count 2 from module-bays (PSU1, PSU2)" in n for n in records[server.slug]["notes"])


def test_chassis_and_controller_say_how_they_pair(tmp_path):
    out = tmp_path / "out"
    result = run_cli("catalog", "import", MORE, LIBRARY / "Pure Storage", "-o", out, "--json")
    assert result.code == 0, result
    records = {r["slug"]: r for r in json.loads(result.out)["imported"]}
    chassis = records["pure-storage-fa-x90r3-chassis"]
    controller = records["pure-storage-fa-x90r3-controller"]
    assert chassis["kind"] == controller["kind"] == "storage"
    assert any("subdevice_role parent" in n and "CT 0, CT 1" in n for n in chassis["notes"])
    assert any("subdevice_role child" in n for n in controller["notes"])
    catalog = load_catalog([out], include_user=False)
    assert "subdevice_role child" in catalog.device_types["pure-storage-fa-x90r3-controller"].comments
    assert catalog.device_types["pure-storage-fa-x90r3-controller"].u_height == 0


def test_half_u_is_rounded_up_with_a_note(tmp_path):
    out = tmp_path / "out"
    result = run_cli("catalog", "import", LIBRARY / "Example", "-o", out, "--json")
    assert result.code == 0, result
    record = json.loads(result.out)["imported"][0]
    assert record["u_height"] == 1
    assert any("u_height 0.5 rounded up to 1" in n for n in record["notes"])


def test_a_raw_file_in_catalog_is_converted_in_memory_with_the_import_warnings(tmp_path):
    raw = MORE / "Example" / "module-bay-psus.yaml"
    result = run_cli("catalog", "show", "example-test-server-psu-bays", "--catalog", raw, "--json")
    assert result.code == 0, result
    assert json.loads(result.out)["psu"]["count"] == 2
    assert "kind: required" not in result.err
    warnings = [l for l in result.err.splitlines() if l.startswith("warning: ")]
    assert len(warnings) == 1 and "converted in memory to example-test-server-psu-bays" in warnings[0]
    imported = run_cli("catalog", "import", raw, "-o", tmp_path / "out")
    for line in imported.out.splitlines()[1:-1]:  # the same review lines as catalog import prints
        assert line.strip() in warnings[0]


def test_a_raw_folder_in_catalog_never_replaces_a_bundled_entry(tmp_path):
    bundled = load_catalog(include_user=False)
    catalog = load_catalog([LIBRARY / "Nvidia"], include_user=False)
    assert catalog.device_types["nvidia-qm9700"] == bundled.device_types["nvidia-qm9700"]
    assert "nvidia-dgx-a100-640gb" in catalog.device_types
    assert any("nvidia-qm9700" in w and "not used, so nothing changes" in w for w in catalog.warnings)
    design = tmp_path / "d.json"
    with_raw = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "32", "--switch", "nvidia-qm9700",
                       "-o", design, "--json", "--catalog", LIBRARY / "Nvidia")
    plain = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "32", "--switch", "nvidia-qm9700",
                    "-o", design, "--json", "--force")
    assert with_raw.code == plain.code == 0
    a, b = json.loads(with_raw.out), json.loads(plain.out)
    assert (a["switches"], a["power_max_kw"]) == (b["switches"], b["power_max_kw"]), "the design does not change"


def test_a_raw_file_that_cannot_be_converted_is_one_line(tmp_path):
    result = run_cli("catalog", "list", "--catalog", LIBRARY / "Broken")
    assert result.code == 2 and result.err.count("\n") == 1 and "invalid YAML" in result.err
