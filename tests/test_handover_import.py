"""`designer catalog import` with small copies of upstream devicetype-library quirks
(tests/data/devicetype-library/device-types/<Vendor>/*.yaml): never shadows an existing
slug without --replace, keeps going past bad files, reads folders, power and newer enums."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import DATA, file_digest, run_cli
from designer.catalog import load_catalog

LIBRARY = DATA / "devicetype-library"
TYPES = LIBRARY / "device-types"


def _import(*args):
    return run_cli("catalog", "import", *args)


def test_a_folder_imports_recursively_and_bad_files_are_skipped_with_a_reason(tmp_path):
    out = tmp_path / "out"
    result = _import(LIBRARY, "-o", out)
    assert result.code == 2, result  # something was skipped
    assert "Traceback" not in result.out + result.err
    lines = result.out.splitlines()
    skipped = [l for l in lines if l.startswith("skipped ")]
    assert len(skipped) == 2
    assert any("Broken/not-yaml.yaml: line 4" in l and "invalid YAML" in l for l in skipped)
    assert any("QM9700.yaml: slug nvidia-qm9700 is already in the bundled catalog" in l for l in skipped)
    assert lines[-1] == "4 imported, 2 skipped"
    assert sorted(p.name for p in out.iterdir()) == [
        "example-half-u-console.yaml", "nvidia-dgx-a100-640gb.yaml", "pure-storage-eb-2425.yaml",
        "pure-storage-fa-x90r3-chassis.yaml"]
    catalog = load_catalog([out], include_user=False)
    assert catalog.device_types["nvidia-qm9700"].power.max_w == 1720, "the bundled entry stays"


def test_a_bundled_slug_is_never_shadowed_without_replace_and_the_changes_are_named(tmp_path, monkeypatch):
    user = tmp_path / "user"
    monkeypatch.setenv("DESIGNER_USER_CATALOG", str(user))
    result = _import(TYPES / "Nvidia" / "QM9700.yaml")
    assert result.code == 2
    assert "power.max_w 1720 -> unknown" in result.out and "list_price" in result.out
    assert "--replace" in result.out
    assert not user.exists() or not list(user.iterdir())
    assert load_catalog().device_types["nvidia-qm9700"].power.max_w == 1720
    result = _import(TYPES / "Nvidia" / "QM9700.yaml", "--replace")
    assert result.code == 0, result
    assert "replaced the existing entry: " in result.out and "power.max_w 1720 -> unknown" in result.out
    assert load_catalog().device_types["nvidia-qm9700"].power.max_w is None


def test_reimport_does_not_overwrite_a_hand_edited_file(tmp_path):
    out = tmp_path / "out"
    assert _import(TYPES / "Nvidia" / "DGC-A100.yaml", "-o", out).code == 0
    target = out / "nvidia-dgx-a100-640gb.yaml"
    data = yaml.safe_load(target.read_text())
    data["power"]["max_w"] = 6500  # the datasheet's figure
    target.write_text(yaml.safe_dump(data, sort_keys=False))
    before = file_digest(target)
    result = _import(TYPES / "Nvidia" / "DGC-A100.yaml", "-o", out)
    assert result.code == 2
    assert "power.max_w 6500 -> 2142" in result.out
    assert file_digest(target) == before


def test_maximum_and_allocated_draw_reach_power_and_upstream_links_are_kept(tmp_path):
    out = tmp_path / "out"
    assert _import(TYPES / "Nvidia" / "DGC-A100.yaml", "-o", out).code == 0
    entry = load_catalog([out], include_user=False).device_types["nvidia-dgx-a100-640gb"]
    assert entry.power.max_w == 2 * 1071 and entry.power.typical_w == 2 * 586
    assert entry.psu.count == 2
    assert entry.kind == "server", "36 interfaces do not make a DGX a switch"
    assert "https://resources.nvidia.com/en-us-dgx-systems/dgx-ai" in [s.url for s in entry.source]
    assert "Power Consumption: 6.5kW" in entry.comments


def test_slug_with_a_space_is_normalised_and_the_original_kept(tmp_path):
    out = tmp_path / "out"
    result = _import(TYPES / "Pure Storage" / "EB-2425.yaml", "-o", out, "--json")
    assert result.code == 0, result
    summary = json.loads(result.out)
    row = summary["imported"][0]
    assert row["slug"] == "pure-storage-eb-2425" and row["original_slug"] == "pure storage-eb-2425"
    assert row["kind"] == "storage"
    entry = load_catalog([out], include_user=False).device_types["pure-storage-eb-2425"]
    assert "pure storage-eb-2425" in entry.comments


def test_newer_netbox_airflow_and_half_u_import_with_a_note(tmp_path):
    out = tmp_path / "out"
    result = _import(TYPES / "Example" / "half-u-rear-to-side.yaml", "-o", out)
    assert result.code == 0, result
    assert "airflow 'rear-to-side'" in result.out and "u_height 0.5 rounded up to 1" in result.out
    entry = load_catalog([out], include_user=False).device_types["example-half-u-console"]
    assert entry.airflow is None and entry.u_height == 1


def test_storage_chassis_is_storage(tmp_path):
    out = tmp_path / "out"
    assert _import(TYPES / "Pure Storage" / "FA-X90R3-Chassis.yaml", "-o", out).code == 0
    assert load_catalog([out], include_user=False).device_types["pure-storage-fa-x90r3-chassis"].kind == "storage"


def test_two_files_with_one_slug_and_a_missing_path(tmp_path):
    out = tmp_path / "out"
    copy = tmp_path / "copy.yaml"
    copy.write_bytes((TYPES / "Pure Storage" / "EB-2425.yaml").read_bytes())
    result = _import(TYPES / "Pure Storage" / "EB-2425.yaml", copy, tmp_path / "missing.yaml", "-o", out, "--json")
    assert result.code == 2
    summary = json.loads(result.out)
    assert [r["slug"] for r in summary["imported"]] == ["pure-storage-eb-2425"]
    reasons = {s["file"]: s["reason"] for s in summary["skipped"]}
    assert "also in" in reasons[str(copy)]
    assert "no such file or folder" in reasons[str(tmp_path / "missing.yaml")]


@pytest.mark.parametrize("text, field", [
    ("manufacturer: X\nmodel: Y\nslug: x-y\nu_height: high\n", "u_height"),
    ("manufacturer: X\nmodel: Y\nslug: x-y\npower-ports:\n  - {name: a, maximum_draw: lots}\n",
     'power-ports[0] "a".maximum_draw'),  # the shared formatter names the item, as the project loader does
    ("manufacturer: X\nmodel: Y\n", "slug"),
])
def test_a_bad_field_is_named_in_one_line(tmp_path, text, field):
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    result = _import(bad, "-o", tmp_path / "out")
    assert result.code == 2
    line = next(l for l in result.out.splitlines() if l.startswith("skipped "))
    assert f"{bad}: {field}: " in line or f"skipped {bad}: {field}: " in line
    assert not (tmp_path / "out").exists()
