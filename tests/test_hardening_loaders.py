"""Hostile input to the loaders (issue 18): every case is refused in one line that names
the file and the field, with exit code 2 — never a traceback, a hang or a silent coercion."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from pydantic import ValidationError

from designer.catalog import Catalog, load_catalog_files
from designer.catalog.entries import check_netbox_fields
from designer.catalog.yaml_reader import parse_yaml, read_yaml
from designer.errors import CatalogError, DesignerError, DesignLoadError, one_line
from designer.model.design import Design
from designer.model.device import Device
from designer.model.io import describe_validation_error, parse_design

from conftest import DATA, ROOT, run_cli

EXAMPLE = ROOT / "resources" / "examples" / "dgx-h100-16-node.json"

# A 395-byte "billion laughs" netbox file: nine levels of nine aliases, 9^9 = 387 million strings.
ALIAS_BOMB = b"""a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
manufacturer: X
model: *i
slug: bomb
u_height: 1
"""

NETBOX = (DATA / "netbox-sn2201.yaml").read_text()


def example() -> dict:
    return json.loads(EXAMPLE.read_text())


def one_clear_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text and "errors.pydantic.dev" not in text and "[type=" not in text, text
    return lines[0]


def refused_by_cli(*args) -> str:
    result = run_cli(*args)
    assert result.code == 2, result
    return one_clear_line(result.err)


def refused_by_import(path: Path, out: Path) -> str:
    """``catalog import`` keeps going past a bad file: one "skipped FILE: reason" line for
    it, the count, exit 2. Returns "FILE: reason"."""
    result = run_cli("catalog", "import", path, "-o", out)
    assert result.code == 2, result
    assert not result.err.strip(), result
    skipped = [line for line in result.out.splitlines() if line.startswith("skipped ")]
    assert len(skipped) == 1 and "0 imported, 1 skipped" in result.out, result
    return one_clear_line(skipped[0]).removeprefix("skipped ")


# ---------------------------------------------------------------- JSON nesting


@pytest.mark.parametrize("depth", [100, 999, 1_000, 100_000])
def test_deeply_nested_json_is_refused_in_one_line(tmp_path, depth):
    # before: RecursionError (a traceback) from 1,000 levels on
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"format_version": 1, "name": ' + b"[" * depth + b"]" * depth + b"}")
    line = refused_by_cli("check", path)
    assert str(path) in line and "nested" in line


def test_nesting_is_named_where_it_is():
    data = example()
    data["devices"][0]["port_breakouts"] = {"p1": [[[[[[[[[[[[]]]]]]]]]]]] * 1}
    node = data["devices"][0]["port_breakouts"]
    for _ in range(70):
        node = {"x": node}
    data["devices"][0]["port_breakouts"] = node
    with pytest.raises(DesignLoadError) as caught:
        parse_design(json.dumps(data).encode(), "f.json")
    assert 'devices[0] "node001"' in str(caught.value)


# ---------------------------------------------------------------- YAML budgets


def test_alias_bomb_is_refused_at_once(tmp_path):
    # before: `catalog import` hung for minutes at 2 GB and growing
    bomb = tmp_path / "bomb.yaml"
    bomb.write_bytes(ALIAS_BOMB)
    started = time.perf_counter()
    line = refused_by_import(bomb, tmp_path / "out")
    assert time.perf_counter() - started < 2
    assert "bomb.yaml: expands to more than 500,000 values" in line
    line = refused_by_cli("catalog", "list", "--catalog", bomb)
    assert "expands to more than" in line


def test_yaml_aliases_and_size_have_budgets(tmp_path):
    many = b"a: &a x\nb: [" + b", ".join([b"*a"] * 2_000) + b"]\n"
    with pytest.raises(CatalogError, match="aliases"):
        parse_yaml(many, "many.yaml")
    with pytest.raises(CatalogError, match="loop"):
        parse_yaml(b"a: &a [*a]\n", "loop.yaml")
    big = tmp_path / "big.yaml"
    big.write_bytes(b"comments: '" + b"x" * (5 * 1024 * 1024) + b"'\n")
    with pytest.raises(CatalogError, match="too large"):
        read_yaml(big)
    # the bundled catalog is well inside every budget
    assert read_yaml(ROOT / "resources" / "catalog" / "cabling.yaml")


@pytest.mark.parametrize("text", [b"a: " + b"[" * 5_000, b"a: " + b"{b: " * 5_000, b"a:\n" + b"".join(b" " * (i + 1) + b"b:\n" for i in range(300))])
def test_deeply_nested_yaml_is_refused_quickly(text):
    started = time.perf_counter()
    with pytest.raises(CatalogError, match="nested more than 64 levels"):
        parse_yaml(text, "deep.yaml")
    assert time.perf_counter() - started < 5


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize("value,word", [(".inf", "infinity"), ("-.inf", "minus infinity"), (".nan", "NaN"),
                                        ("1.0e+300", "out of range")])
def test_non_finite_and_absurd_numbers_in_yaml_name_the_field(tmp_path, value, word):
    # before: `catalog import` of u_height: .inf raised OverflowError (a traceback)
    path = tmp_path / "x.yaml"
    path.write_text(NETBOX.replace("u_height: 1", f"u_height: {value}"))
    assert f"u_height: {value}" in path.read_text()
    line = refused_by_import(path, tmp_path / "out")
    assert "x.yaml: u_height: " in line and word in line


def test_absurd_numbers_in_a_project_are_refused_naming_the_field():
    data = example()
    data["racks"][0]["power_budget_kw"] = 1e300
    with pytest.raises(DesignLoadError) as caught:
        parse_design(json.dumps(data).encode(), "f.json")
    assert 'racks[0] "A01".power_budget_kw' in str(caught.value)
    assert "less than or equal to 1000000000000" in str(caught.value)
    data = example()
    data["racks"][0]["power_budget_kw"] = "1e999"
    text = json.dumps(data).replace('"1e999"', "1e999")  # json reads it as infinity
    with pytest.raises(DesignLoadError, match="finite number"):
        parse_design(text.encode(), "f.json")


# ---------------------------------------------------------------- types


def _catalog_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "entry.yaml"
    path.write_text(text)
    return path


SERVER = """\
manufacturer: Test
model: T1
slug: test-t1
kind: server
u_height: 2
is_full_depth: true
"""


@pytest.mark.parametrize("line,field", [
    ("is_full_depth: 'false'", "is_full_depth"),   # before: bool("false") is True / lax coercion
    ("u_height: '2'", "u_height"),
    ("model: [a, b]", "model"),
    ("power-ports: x", "power-ports"),              # before: one PSU
    ("weight: '12'\nweight_unit: kg", "weight"),
])
def test_catalog_entries_are_type_checked_not_coerced(tmp_path, line, field):
    key = line.split(":")[0]
    text = "\n".join(ln for ln in SERVER.splitlines() if not ln.startswith(key + ":")) + "\n" + line + "\n"
    path = _catalog_file(tmp_path, text)
    with pytest.raises(CatalogError) as caught:
        load_catalog_files(Catalog(), [path])
    assert caught.value.field == field, caught.value
    one_clear_line(caught.value.format())
    refused_by_cli("catalog", "list", "--catalog", path)


@pytest.mark.parametrize("key,value", [
    ("is_full_depth", "false"), ("model", ["a", "b"]), ("power-ports", "x"), ("u_height", float("inf")),
    ("interfaces", [{"name": "e1", "type": 3}]), ("slug", 7),
])
def test_netbox_fields_are_type_checked(key, value):
    data = read_yaml(DATA / "netbox-sn2201.yaml")
    check_netbox_fields(data, "sn2201.yaml")
    with pytest.raises(CatalogError) as caught:
        check_netbox_fields({**data, key: value}, "sn2201.yaml")
    assert caught.value.field.startswith(key), caught.value
    one_clear_line(caught.value.format())


@pytest.mark.parametrize("line", ["is_full_depth: 'false'", "model: [a, b]", "power-ports: x"])
def test_netbox_import_refuses_wrong_types(tmp_path, line):
    key = line.split(":")[0]
    text = "\n".join(ln for ln in NETBOX.splitlines() if not ln.startswith(key + ":")) + "\n" + line + "\n"
    path = tmp_path / "x.yaml"
    path.write_text(text)
    refused_by_import(path, tmp_path / "out")


# ---------------------------------------------------------------- one formatter


def test_a_pydantic_dump_inside_a_message_becomes_one_line():
    # before: 11 of 48 refusals printed pydantic's raw 4-line dump with its URL
    from designer.model.hardware import PortGroup

    with pytest.raises(ValidationError) as caught:
        PortGroup(name="a", prefix="p", count=2_000, speed_gbps=-1, role="fabric")
    error = CatalogError(f"cannot be imported: {caught.value}", file="x.yaml")
    line = one_clear_line(error.format())
    assert line == ("x.yaml: cannot be imported: count: expected less than or equal to 1024; got 2000; "
                    "speed_gbps: expected greater than 0; got -1")
    assert one_line("a\nb") == "a; b"


def test_netbox_import_validation_error_is_one_line(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(NETBOX.replace("u_height: 1", "u_height: 61"))
    assert "u_height: 61" in path.read_text()
    line = refused_by_import(path, tmp_path / "out")
    assert "x.yaml" in line and "u_height" in line


def test_the_shared_formatter_names_the_path_with_names():
    data = example()
    data["devices"][3]["name"] = "bad:name"
    with pytest.raises(ValidationError) as caught:
        Design.model_validate(data)
    field, message = describe_validation_error(caught.value, data)
    assert field == 'devices[3] "bad:name".name'
    assert "may not contain a colon" in message


# ---------------------------------------------------------------- text in the model


@pytest.mark.parametrize("name", ["node\x01", "a\x1bb", "a\tb", "x\x7f", "x\u0085y", "x\ufffe"])
def test_control_characters_in_names_are_refused(name):
    # before: a control character in a device name loaded, then crashed the XLSX export and
    # made every SVG and the GraphML malformed XML
    data = example()
    data["devices"][0]["name"] = name
    with pytest.raises(DesignLoadError) as caught:
        parse_design(json.dumps(data).encode(), "f.json")
    line = one_clear_line(caught.value.format())
    assert "devices[0]" in line and ".name" in line and "control characters" in line


@pytest.mark.parametrize("where,field", [
    (("project", "customer"), "customer"), (("project", "description"), "description"),
    (("device_types", 0, "model"), "model"), (("links", 0, "a", "port"), "port"),
    (("site", "name"), "name"),
])
def test_control_characters_in_any_text_are_refused(where, field):
    data = example()
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = "text\x07bell"
    with pytest.raises(DesignLoadError) as caught:
        parse_design(json.dumps(data).encode(), "f.json")
    assert f"{field}: contains the control character U+0007 at position 5" in str(caught.value)


def test_line_breaks_stay_allowed_in_free_text():
    data = example()
    data["project"]["description"] = "line one\nline two\ttabbed"
    design = parse_design(json.dumps(data).encode(), "f.json")
    assert design.project.description.startswith("line one\n")


@pytest.mark.parametrize("where,length", [(("device_types", 0, "model"), 4_000), (("project", "customer"), 201),
                                          (("devices", 0, "name"), 121), (("project", "description"), 10_001)])
def test_over_long_text_is_refused(where, length):
    # before: a 4,000-character model name made the PDF export fail after 15 s (LayoutError)
    data = example()
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = "M" * length
    with pytest.raises(DesignLoadError) as caught:
        parse_design(json.dumps(data).encode(), "f.json")
    line = one_clear_line(caught.value.format())
    assert "at most" in line and "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM" not in line


def test_the_model_refuses_control_characters_for_the_window_too():
    from designer.model.edits.rules import validated_field

    device = Device(name="node001", device_type="x")
    with pytest.raises(DesignerError):
        validated_field(device, "name", "node\x01", "devices[0]")
    with pytest.raises(ValidationError):
        Device(name="n", device_type="x", feed="A\x00")
    with pytest.raises(ValidationError):
        Device(name="n", device_type="x", port_breakouts={"p1\x01": {"count": 2, "speed_gbps": 200}})


def test_the_bundled_catalog_and_example_still_load(catalog):
    from designer.model.io import load_design

    assert load_design(EXAMPLE, catalog).devices


def test_netbox_import_of_more_than_1024_ports_of_one_speed_is_one_line(tmp_path):
    path = tmp_path / "many.yaml"
    ports = "".join(f"  - name: p{i}\n    type: 100gbase-x-qsfp28\n" for i in range(1_100))
    path.write_text(f"manufacturer: X\nmodel: Y\nslug: many\nu_height: 1\ninterfaces:\n{ports}")
    refused_by_import(path, tmp_path / "out")


@pytest.mark.parametrize("value,words", [
    ("p\x07", "links[0].a.port: contains the control character U+0007 at position 2;"),
    ("p" * 201, "links[0].a.port: 201 characters; at most 200"),
])
def test_a_cables_bad_port_is_named_once(value, words):
    # links are records: found in review, the field name was printed twice ("a.port: port:")
    # and an over-long port read in pydantic's words, not the loader's
    data = example()
    data["links"][0]["a"]["port"] = value
    with pytest.raises(DesignLoadError) as caught:
        parse_design(json.dumps(data).encode(), "f.json")
    assert words in caught.value.format() and "port: port" not in caught.value.format()


def test_an_empty_cable_id_still_loads():
    data = example()
    data["links"][0]["cable_id"] = ""
    assert parse_design(json.dumps(data).encode(), "f.json").links[0].cable_id == ""
