"""Review 44 of the design generator (``designer new``) and its checks.

1. A server whose weight nobody publishes is not weighed as 0 kg: ``new`` asks for
   ``--server-weight-kg`` (as for power and the liquid share), and ``check`` warns
   (WEIGHT_UNKNOWN) about racked devices of unknown weight in a design.
2. Every numeric option of ``new`` out of its range is refused in one line naming the
   option, the range and the fix (exit 2, no file), never a pydantic traceback.
3. A supplied figure never replaces a published one.
4. A single-switch InfiniBand fabric keeps its UFM pair on the switch's free ports.
5. Storage and in-band fabrics are sized by their endpoints.
6. Contradictory or negative control-plane/storage options are refused or noted.
7. ``--tiers 1`` beyond one switch says what one switch holds and suggests ``--tiers 2``.
"""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from designer.checks import run_checks
from designer.errors import GenerationError
from designer.fabric.generate import GenerateSpec, generate, generate_with_notes

B = ("--server", "nvidia-dgx-h100", "--switch", "nvidia-qm9700")
GB300 = ("--server", "nvidia-gb300-nvl72", "--nodes", "4", "--switch", "nvidia-q3400", "--rack-power-kw", "150",
         "--cooling", "liquid", "--server-liquid-share", "0.85")


def _refused(tmp_path, *args: str):
    out = tmp_path / "x.json"
    result = run_cli("new", *args, "-o", out)
    assert result.code == 2, result
    assert "Traceback" not in result.err + result.out
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert not out.exists()
    return lines[0]


# ---------------------------------------------------------------- 1. unknown weight


def test_new_asks_for_the_weight_of_a_server_that_has_none(tmp_path):
    line = _refused(tmp_path, *GB300)
    assert "nvidia-gb300-nvl72 has no published weight" in line and "--server-weight-kg" in line


def test_new_with_a_supplied_weight_builds_and_marks_it(tmp_path):
    out = tmp_path / "gb300.json"
    result = run_cli("new", *GB300, "--server-weight-kg", "1200", "--rack-type", "rack-42u-600-vertiv-vr3300",
                     "-o", out)
    assert result.code == 0, result
    assert "supplied: nvidia-gb300-nvl72: weight" in result.out
    data = json.loads(out.read_text())
    embedded = next(t for t in data["device_types"] if t["slug"] == "nvidia-gb300-nvl72")
    assert embedded["weight_kg"] == 1200


def test_check_warns_about_racked_devices_of_unknown_weight(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=4), catalog)
    # the 4 management nodes (generic-management-server-x86) have no published weight
    assert catalog.device_types["generic-management-server-x86"].weight_kg is None
    (found,) = [f for f in run_checks(design, catalog.cabling) if f.code == "WEIGHT_UNKNOWN"]
    assert found.severity == "warning"
    assert "4 x generic-management-server-x86" in found.message and "0 kg" in found.message
    racks = {d.rack for d in design.devices if d.device_type == "generic-management-server-x86"}
    assert found.objects == sorted(racks)
    assert found.key == "weight_unknown" and found.hint_key == "hint.enter_weight"
    # zero-U parts (rack PDUs) are left to the FIGURE_UNKNOWN note
    assert "raritan" not in found.message


def test_no_weight_warning_when_every_racked_device_is_weighed(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=4, management_nodes=0),
                      catalog)
    assert not [f for f in run_checks(design, catalog.cabling) if f.code == "WEIGHT_UNKNOWN"]


def test_the_weight_warning_is_said_in_chinese_and_documented(catalog):
    from pathlib import Path

    from designer.checks.findings import CODES
    from designer.checks.messages_zh import FINDINGS_ZH
    from designer.i18n import Translator

    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=4), catalog)
    (found,) = [f for f in run_checks(design, catalog.cabling) if f.code == "WEIGHT_UNKNOWN"]
    zh = Translator("zh")
    assert "未公布重量" in zh.finding_message(found) and "部件框" in (zh.finding_hint(found) or "")
    assert {"weight_unknown", "hint.enter_weight"} <= set(FINDINGS_ZH)
    assert "WEIGHT_UNKNOWN" in CODES
    assert "`WEIGHT_UNKNOWN`" in (Path(__file__).parent.parent / "README.md").read_text()


# ---------------------------------------------------------------- 3. published figures stay


@pytest.mark.parametrize(("flag", "value", "shown"), [
    ("--server-max-kw", "11", "10.2 kW"),
    ("--server-weight-kg", "140", "130.45 kg"),
])
def test_a_supplied_figure_does_not_replace_a_published_one(tmp_path, flag, value, shown):
    line = _refused(tmp_path, *B, "--nodes", "4", flag, value)
    assert f"{flag} {value}: nvidia-dgx-h100 has a published figure ({shown})" in line
    assert f"leave out {flag}" in line


def test_a_supplied_liquid_share_does_not_replace_a_published_one(tmp_path, catalog):
    assert catalog.device_types["nvidia-dgx-h100"].cooling.liquid_share == 0  # air-cooled, published
    line = _refused(tmp_path, *B, "--nodes", "4", "--server-liquid-share", "0.5")
    assert "--server-liquid-share 0.5: nvidia-dgx-h100 has a published figure (0)" in line


# ---------------------------------------------------------------- 2. numbers out of range


@pytest.mark.parametrize(("option", "value", "says"), [
    ("--pue", "0.5", "--pue 0.5 is out of range: it must be from 1 to 3"),
    ("--pue", "1e9", "--pue 1e+09 is out of range: it must be from 1 to 3"),
    ("--room-power-kw", "-5", "--room-power-kw -5 is out of range: it must be above 0"),
    ("--floor-load-kg-m2", "-3", "--floor-load-kg-m2 -3 is out of range: it must be above 0"),
    ("--room-cooling-kw", "nan", "--room-cooling-kw nan is out of range: it must be 0 or more"),
    ("--rack-power-kw", "inf", "--rack-power-kw inf is out of range: it must be above 0"),
    ("--management-nodes", "-1", "--management-nodes -1 is out of range: it must be a whole number from 0 to 64"),
    ("--ufm-appliances", "-2", "--ufm-appliances -2 is out of range: it must be a whole number from 0 to 16"),
    ("--storage-nodes", "-1", "--storage-nodes -1 is out of range"),
    ("--storage-ports-per-server", "-1", "--storage-ports-per-server -1 is out of range"),
    ("--inband-ports-per-server", "-1", "--inband-ports-per-server -1 is out of range"),
    ("--reserved-storage-ports", "-4", "--reserved-storage-ports -4 is out of range"),
    ("--reserved-storage-port-gbps", "0", "--reserved-storage-port-gbps 0 is out of range: it must be above 0"),
    ("--racks-per-row", "0", "--racks-per-row 0 is out of range: it must be a whole number from 1 to 200"),
    ("--oversubscription", "1:2", "--oversubscription 1:2: oversubscription 1:2 gives leaves more uplink"),
    ("--storage-oversubscription", "x", '--storage-oversubscription x: oversubscription "x" is not a ratio'),
    ("--inband-oversubscription", "0", "--inband-oversubscription 0: oversubscription"),
])
def test_a_number_out_of_range_is_refused_in_one_line(tmp_path, option, value, says):
    line = _refused(tmp_path, *B, "--nodes", "4", option, value)
    assert line.startswith(f"error: {says}"), line
    assert line.endswith(")")  # the fix, in brackets


def test_a_number_out_of_range_with_json_is_a_json_error(tmp_path):
    out = tmp_path / "x.json"
    result = run_cli("new", *B, "--nodes", "4", "--pue", "0.5", "--json", "-o", out)
    assert result.code == 2 and not out.exists()
    error = json.loads(result.out)["error"]
    assert error["message"] == "--pue 0.5 is out of range: it must be from 1 to 3" and error["hint"]


def test_the_wizard_spec_is_held_to_the_same_ranges(catalog):
    with pytest.raises(GenerationError, match=r"--pue 0.5 is out of range"):
        generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=4, pue=0.5), catalog)
    with pytest.raises(GenerationError, match=r"cold_aisle_mm -1 is out of range"):
        generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=4, cold_aisle_mm=-1), catalog)


# ---------------------------------------------------------------- 4. UFM on one switch


def test_a_single_switch_infiniband_fabric_keeps_its_ufm_pair(catalog):
    design, notes = generate_with_notes(
        GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=5), catalog)
    switches = [d for d in design.devices if d.fabric == "compute"]
    assert [d.tier for d in switches] == [None]  # one switch, no tiers
    ufm = [d.name for d in design.devices if d.device_type == "nvidia-ufm-enterprise-appliance"
           and d.name.startswith("ufm-compute")]
    assert ufm == ["ufm-compute01", "ufm-compute02"]
    cabled = {l.a.device for l in design.links if l.fabric == "compute"} | {l.b.device for l in design.links
                                                                           if l.fabric == "compute"}
    assert set(ufm) <= cabled
    assert not any("UFM" in n for n in notes)


def test_a_full_single_switch_says_so_not_that_a_scalable_unit_is_full(catalog):
    _, notes = generate_with_notes(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=8), catalog)
    (note,) = [n for n in notes if "UFM" in n]
    assert "take all 64 of its ports" in note and "scalable unit" not in note


# ---------------------------------------------------------------- 7. --tiers 1


def test_tiers_1_beyond_one_switch_gives_the_one_switch_limit(tmp_path):
    line = _refused(tmp_path, *B, "--nodes", "127", "--tiers", "1")
    assert "one nvidia-qm9700 (64 ports) holds at most 8 nvidia-dgx-h100 (64 GPUs" in line
    assert "--tiers 2" in line and "8,192" not in line


def test_tiers_1_limit_counts_split_ports(tmp_path):
    # SN5600: 64 x 800G, each two of the DGX's 400G ports: 16 DGX on one switch
    line = _refused(tmp_path, "--server", "nvidia-dgx-h100", "--switch", "nvidia-sn5600", "--nodes", "17",
                    "--tiers", "1")
    assert "holds at most 16 nvidia-dgx-h100" in line
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--switch", "nvidia-sn5600", "--nodes", "16", "--tiers",
                   "1", "-o", tmp_path / "ok.json").code == 0


# ---------------------------------------------------------------- 6. contradictions and what is left out


def test_a_reserved_storage_fabric_needs_its_ports(tmp_path):
    line = _refused(tmp_path, *B, "--nodes", "4", "--storage-fabric", "reserved")
    assert "--storage-fabric reserved needs --reserved-storage-ports N" in line


def test_reserved_ports_without_a_reserved_fabric_are_refused(tmp_path):
    line = _refused(tmp_path, *B, "--nodes", "4", "--reserved-storage-ports", "8")
    assert "--reserved-storage-ports 8 is used only with --storage-fabric reserved (given: auto)" in line


def test_one_server_says_what_it_leaves_out(catalog):
    design, notes = generate_with_notes(GenerateSpec(
        server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=1, management_nodes=4, ufm_appliances=2,
        storage_fabric="reserved", reserved_storage_ports=8), catalog)
    assert not any(d.name.startswith(("mgmt", "ufm")) for d in design.devices)
    text = " ".join(notes)
    assert "the 4 management nodes are left out" in text
    assert "the 2 UFM appliances are left out" in text
    assert "the reserved storage fabric (8 storage-system ports) is left out" in text


def test_ufm_on_an_ethernet_fabric_is_a_note(catalog):
    design, notes = generate_with_notes(GenerateSpec(
        server="nvidia-dgx-h100", switch="nvidia-sn5600", nodes=4, ufm_appliances=2), catalog)
    assert not any(d.name.startswith("ufm") for d in design.devices)
    assert any("--ufm-appliances 2: UFM manages InfiniBand fabrics" in n for n in notes)


def test_storage_systems_without_a_storage_fabric_are_a_note(catalog):
    _, notes = generate_with_notes(GenerateSpec(
        server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=4, storage="weka-wekapod-nitro-8", storage_nodes=1,
        storage_fabric="none"), catalog)
    assert any("no storage fabric (--storage-fabric none): the storage ports of the 1 storage system are left "
               "uncabled" in n for n in notes)


# ---------------------------------------------------------------- 5. side fabrics sized by their endpoints


def _switches(design, fabric):
    return sorted((d.tier or "-") for d in design.devices if d.fabric == fabric)


def test_a_small_storage_fabric_is_one_leaf_pair(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=2,
                                   storage="weka-wekapod-nitro-8", storage_nodes=1), catalog)
    assert _switches(design, "storage") == ["leaf", "leaf"]  # was 4 leaves and 2 spines
    assert _switches(design, "inband") == ["leaf", "leaf"]  # was 2 leaves and 2 cores
    storage = [l for l in design.links if l.fabric == "storage"]
    # every endpoint dual-homed over the pair, the pair joined by its two inter-switch links
    isl = [l for l in storage if l.a.device.startswith("sto-leaf") and l.b.device.startswith("sto-leaf")]
    assert len(isl) == 2
    homes: dict[str, set[str]] = {}
    for link in storage:
        if link not in isl:
            homes.setdefault(link.a.device, set()).add(link.b.device)
    assert homes and all(len(h) == 2 for d, h in homes.items() if len([
        l for l in storage if l.a.device == d]) > 1)
    found = {f.code for f in run_checks(design, catalog.cabling) if f.severity == "error"}
    assert not found


def test_one_node_with_storage_has_a_pair_not_four_switches(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=1,
                                   storage="weka-wekapod-nitro-8", storage_nodes=1), catalog)
    assert _switches(design, "inband") == ["leaf", "leaf"]
    assert _switches(design, "storage") == ["leaf", "leaf"]
    assert not [f for f in run_checks(design, catalog.cabling) if f.severity == "error"]


def test_side_fabrics_grow_to_leaf_spine_when_a_pair_is_full(catalog):
    # 127 DGX H100: the RA's storage leaves and spines, the in-band pairs under two cores
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=127,
                                   storage_fabric="reserved", reserved_storage_ports=96), catalog)
    assert "spine" in _switches(design, "storage")
    assert "spine" in _switches(design, "inband")


def test_a_small_access_switch_inband_pair_is_joined_without_cores(catalog):
    # DGX B300: 1GbE in-band ports on SN2201 access switches; two servers need no SN4600C cores
    design = generate(GenerateSpec(server="nvidia-dgx-b300", switch="nvidia-sn5600", nodes=2), catalog)
    inband = [d for d in design.devices if d.fabric == "inband"]
    assert sorted(d.device_type for d in inband) == ["nvidia-sn2201", "nvidia-sn2201"]
    joined = [l for l in design.links if l.fabric == "inband" and {l.a.device, l.b.device} == {d.name for d in inband}]
    assert len(joined) == 2
    codes = {f.code for f in run_checks(design, catalog.cabling) if f.severity == "error"}
    assert "FABRIC_PARTITIONED" not in codes and "OVERSUBSCRIPTION_ABOVE_TARGET" not in codes
