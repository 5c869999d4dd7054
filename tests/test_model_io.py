"""Project files: round trip, atomic save, and a clear refusal of every kind of bad input."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import file_digest, run_cli
from designer.errors import DesignerError, DesignLoadError
from designer.model import FORMAT_VERSION, Design
from designer.model.io import dumps_design, load_design, save_design
from factories import small_design


def test_load_save_load_gives_an_identical_model(tmp_path):
    design = small_design()
    first = tmp_path / "a.json"
    save_design(design, first)
    loaded = load_design(first)
    assert loaded == design
    second = tmp_path / "b.json"
    save_design(loaded, second)
    assert load_design(second) == loaded
    assert first.read_text() == second.read_text()


def test_file_has_the_documented_top_level_keys(tmp_path):
    path = tmp_path / "d.json"
    save_design(small_design(), path)
    data = json.loads(path.read_text())
    for key in ("format_version", "name", "site", "racks", "devices", "links", "fabrics", "device_types"):
        assert key in data, key
    assert data["format_version"] == FORMAT_VERSION
    # Every type the design uses travels with it.
    assert {t["slug"] for t in data["device_types"]} == {"test-server", "test-switch"}


def test_devices_and_links_are_one_per_line(tmp_path):
    text = dumps_design(small_design())
    link_lines = [line for line in text.splitlines() if '"a": {"device"' in line]
    assert len(link_lines) == len(small_design().links)


def test_save_is_atomic_and_keeps_the_previous_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "design.json"
    save_design(small_design(), path)
    before = file_digest(path)

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    changed = small_design()
    changed.name = "Changed"
    with pytest.raises(DesignerError, match="previous file is unchanged"):
        save_design(changed, path)
    assert file_digest(path) == before
    assert [p.name for p in tmp_path.iterdir()] == ["design.json"], "no temporary file is left behind"


def test_save_into_a_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(DesignerError, match="folder does not exist"):
        save_design(small_design(), tmp_path / "nope" / "d.json")


def _valid_data() -> dict:
    return json.loads(dumps_design(small_design()))


def _write(tmp_path: Path, content: bytes | str | dict) -> Path:
    path = tmp_path / "bad.json"
    if isinstance(content, dict):
        content = json.dumps(content)
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def _mutate(mutator) -> dict:
    data = _valid_data()
    mutator(data)
    return data


def _set(path: list, value):
    def mutate(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return mutate


BAD_INPUTS = {
    "empty file": (b"", "the file is empty"),
    "only whitespace": (b"  \n\n ", "the file is empty"),
    "truncated JSON": (None, "looks truncated"),
    "binary junk": (bytes(range(256)) * 4, "not a text file"),
    "NUL bytes": (b'{"a": "\x00"}', "not a text file"),
    "top level is a list": (b"[1, 2, 3]", "top level is a JSON list"),
    "wrong type": (_mutate(_set(["racks", 0, "power_budget_kw"], "forty")), "expected a valid number"),
    "negative budget": (_mutate(_set(["racks", 1, "power_budget_kw"], -5)), "greater than 0"),
    "unknown field": (_mutate(_set(["racks", 0, "colour"], "red")), "unknown field"),
    "unknown device type": (_mutate(_set(["devices", 0, "device_type"], "acme-9000")), 'unknown device type "acme-9000"'),
    "duplicate device names": (
        _mutate(lambda d: d["devices"].append(dict(d["devices"][0]))),
        'duplicate device name "R01-srv1"',
    ),
    "duplicate rack names": (_mutate(lambda d: d["racks"].append(dict(d["racks"][0]))), 'duplicate rack name "R01"'),
    "device in a missing rack": (_mutate(_set(["devices", 1, "rack"], "Z99")), 'rack "Z99", which does not exist'),
    "rack in a missing room": (_mutate(_set(["racks", 0, "room"], "Basement")), 'room "Basement", which does not exist'),
    "newer format": (
        _mutate(_set(["format_version"], FORMAT_VERSION + 1)),
        f"made by a newer Cluster Designer; needs version {FORMAT_VERSION + 1}",
    ),
    "missing format_version": (_mutate(lambda d: d.pop("format_version")), "format_version: missing"),
    "format_version not an integer": (_mutate(_set(["format_version"], "one")), "expected a positive integer"),
    "NaN": (None, "NaN is not a number JSON allows"),
    "link to an unknown fabric": (_mutate(_set(["links", 0, "fabric"], "storage")), 'fabric "storage" does not exist'),
}


def _content(name: str, content):
    if name == "truncated JSON":
        return dumps_design(small_design())[:-40]
    if name == "NaN":
        return dumps_design(small_design()).replace('"length_m": 5.0', '"length_m": NaN', 1)
    return content


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_bad_input_is_refused_with_one_clear_message(tmp_path, name):
    content, expected = BAD_INPUTS[name]
    path = _write(tmp_path, _content(name, content))
    before = file_digest(path)
    result = run_cli("check", path)
    assert result.code == 2, result
    assert result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, "one message"
    assert lines[0].startswith(f"error: {path}"), "names the file"
    assert expected in lines[0]
    assert "Traceback" not in result.err
    assert file_digest(path) == before, "the input is never modified"


def test_field_path_names_the_object(tmp_path):
    data = _mutate(_set(["racks", 1, "power_budget_kw"], "lots"))
    path = _write(tmp_path, data)
    with pytest.raises(DesignLoadError) as info:
        load_design(path)
    assert info.value.field == 'racks[1] "R02".power_budget_kw'
    assert '"lots"' in info.value.message


def test_missing_file_and_folder(tmp_path):
    assert run_cli("report", tmp_path / "nope.json").code == 2
    result = run_cli("report", tmp_path)
    assert result.code == 2 and "is a folder" in result.err


def test_bad_input_through_a_real_process_has_no_traceback(tmp_path):
    import subprocess
    import sys

    path = _write(tmp_path, b"{\"format_version\": 1, \"name\": ")
    proc = subprocess.run(
        [sys.executable, "-m", "designer", "report", str(path), "--json"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "truncated" in proc.stderr


def test_unembedded_types_are_taken_from_the_catalog_and_embedded(tmp_path, catalog):
    data = {
        "format_version": 1,
        "name": "hand written",
        "site": {"rooms": [{"name": "H", "width_mm": 10000, "depth_mm": 8000}]},
        "racks": [{"name": "R1", "rack_type": "rack-42u-600", "room": "H"}],
        "devices": [{"name": "dgx1", "device_type": "nvidia-dgx-h100", "rack": "R1", "position_u": 2}],
    }
    path = _write(tmp_path, data)
    design = load_design(path, catalog)
    assert [t.slug for t in design.device_types] == ["nvidia-dgx-h100"]
    assert len(design.rack_types) == 1
    # Without the catalog the same file names a type nobody knows.
    with pytest.raises(DesignLoadError, match="unknown device type"):
        load_design(path)


def test_schema_command_prints_the_json_schema():
    result = run_cli("schema")
    assert result.code == 0
    schema = json.loads(result.out)
    assert schema["title"] == "Cluster Designer project file"
    assert {"format_version", "name", "racks", "devices", "links", "fabrics", "device_types"} <= set(schema["properties"])


def test_model_equality_survives_design_copy():
    design = small_design()
    assert Design.model_validate_json(design.model_dump_json()) == design
