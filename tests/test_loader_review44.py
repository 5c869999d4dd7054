"""A project file says what it means (found in review, helper-44): numbers are JSON numbers,
counts integers, figures consistent; what is refused is named with its field and a fix."""

from __future__ import annotations

import json

import pytest

from designer.errors import DesignLoadError
from designer.model import fast_load
from designer.model.io import parse_design
from tests.conftest import ROOT

EXAMPLE = ROOT / "resources/examples/dgx-h100-16-node.json"


def _refusal(data: dict) -> str:
    raw = json.dumps(data, indent=2).encode()
    assert fast_load.validate_fast(raw) is None  # the fast path declines, the friendly one names it
    with pytest.raises(DesignLoadError) as caught:
        parse_design(raw, "x.json")
    return caught.value.format()


@pytest.fixture
def design() -> dict:
    return json.loads(EXAMPLE.read_bytes())


@pytest.mark.parametrize(("where", "value", "words"), [
    (("racks", 0, "power_budget_kw"), True, "expected a valid number; got true"),
    (("racks", 0, "power_budget_kw"), "40", 'expected a valid number; got "40"'),
    (("devices", 0, "position_u"), "5", 'expected a valid integer; got "5"'),
    (("devices", 0, "position_u"), 5.0, "expected a valid integer; got 5.0"),
    (("devices", 0, "position_u"), 1e30, "expected a valid integer"),
    (("devices", 0, "position_u"), 61, "less than or equal to 60"),
])
def test_numbers_are_json_numbers_and_counts_integers(design, where, value, words):
    node = design
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    text = _refusal(design)
    assert words in text and where[-1] in text, text


def _embedded_server(**fields) -> dict:
    return {"slug": "my-server", "manufacturer": "Acme", "model": "X1", "kind": "server", "u_height": 2, **fields}


def test_a_typical_draw_above_the_maximum_is_refused(design):
    design["device_types"] += [_embedded_server(power={"typical_w": 9000, "max_w": 100})]
    text = _refusal(design)
    assert "power" in text and "typical_w (9000 W) exceeds max_w (100 W)" in text


def test_a_gpu_system_takes_rack_units(design):
    gpus = {"count": 8, "model": "H100"}
    design["device_types"] += [_embedded_server(u_height=0, gpus=gpus)]
    assert "a server with 8 GPUs takes at least 1 rack unit" in _refusal(design)
    # zero-U parts stay: a vertical PDU, a storage controller that sits in its chassis
    design["device_types"][-1] = _embedded_server(kind="pdu", u_height=0)
    design["device_types"] += [_embedded_server(slug="controller", kind="storage", u_height=0)]
    parse_design(json.dumps(design).encode(), "x.json")


def test_a_repeated_port_prefix_is_named_as_such_not_as_a_fabric_ports_fault(design):
    group = {"name": "g", "prefix": "p", "count": 2, "speed_gbps": 400, "role": "compute", "cage": "OSFP"}
    design["device_types"] += [_embedded_server(port_groups=[group, {**group, "name": "h"}],
                                               fabric_ports={"storage": ["p1"]})]
    text = _refusal(design)
    assert "port prefixes 'p' and 'p' make port names ambiguous" in text, text


def test_an_object_given_as_a_number_says_which_fields_it_takes(design):
    design.setdefault("estimates", {}).setdefault("cost", {})["prices"] = {"nvidia-dgx-h100": 5}
    text = _refusal(design)
    assert "estimates.cost.prices.nvidia-dgx-h100" in text
    assert "expected an object with the fields amount" in text and "got 5" in text


def test_a_cable_from_a_port_to_itself_is_named_so_not_as_a_second_cable(tmp_path):
    from designer.catalog import load_catalog
    from designer.checks.engine import run_checks
    from designer.i18n import Translator

    data = json.loads(EXAMPLE.read_bytes())
    link = data["links"][0]
    link["b"] = dict(link["a"])
    design = parse_design(json.dumps(data).encode(), "x.json")
    catalog = load_catalog(include_user=False)
    found = [f for f in run_checks(design, catalog.cabling) if f.code == "PORT_DOUBLE_CONNECTED"
             and link["a"]["device"] in f.objects]
    texts = [Translator("en").finding_message(f) for f in found]
    assert any(f"{link['a']['port']} cabled to itself" in t for t in texts), texts
    assert not any("more than one cable" in t and link["a"]["port"] in t for t in texts), texts
    assert any("自环" in Translator("zh").finding_message(f) for f in found)
