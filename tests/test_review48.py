"""What a reviewer of the ninth stop's changes found (helper-48), each held here: counts
far beyond any design refused before anything is built, a design name with a colon refused
in one line, a link end given as text naming its fields, the text report's singulars, and
the workload layout's bounds."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from test_generator_review44 import _refused  # one line on stderr, exit 2, no file

B = ("--server", "nvidia-dgx-h100", "--switch", "nvidia-qm9700")


@pytest.mark.parametrize(("args", "says"), [
    (("--ufm-appliances", "99999999999"), "--ufm-appliances 99999999999 is out of range: it must be a whole "
                                          "number from 0 to 16"),
    (("--management-nodes", "100000000"), "--management-nodes 100000000 is out of range: it must be a whole "
                                          "number from 0 to 64"),
    (("--storage-fabric", "reserved", "--reserved-storage-ports", "1000000000"),
     "--reserved-storage-ports 1000000000 is out of range: it must be a whole number from 0 to 65,536"),
    (("--storage", "weka-wekapod-nitro-8", "--storage-nodes", "5000"),
     "--storage-nodes 5000 is out of range: it must be a whole number from 0 to 4,096"),
])
def test_a_count_far_beyond_any_design_is_refused_at_once(tmp_path, args, says):
    # (before: still building at 25-60 s and 3-4 GB when killed)
    assert _refused(tmp_path, *B, "--nodes", "2", *args) == f"error: {says}" + _example(says)


def _example(says: str) -> str:
    option = says.split()[0]
    return {"--ufm-appliances": " (0 for none, 2 for an HA pair)",
            "--management-nodes": " (0 for none, 4 as the DGX SuperPOD RA)",
            "--reserved-storage-ports": " (e.g. 32)", "--storage-nodes": " (0 for none)"}[option]


def test_the_largest_count_allowed_still_builds(tmp_path):
    out = tmp_path / "x.json"
    result = run_cli("new", *B, "--nodes", "2", "--management-nodes", "64", "-o", out)
    assert result.code == 0, result
    devices = json.loads(out.read_text())["devices"]
    assert sum(1 for d in devices if d["device_type"] == "generic-management-server-x86") == 64


def test_a_design_name_with_a_colon_is_refused_in_one_line(tmp_path):
    line = _refused(tmp_path, *B, "--nodes", "1", "--name", "Acme: Phase 1")
    assert line.startswith("error: --name 'Acme: Phase 1': a name may not contain a colon")
    assert line.endswith("(e.g. 'Acme - Phase 1')")


def test_a_name_and_customer_the_file_takes_are_kept(tmp_path):
    out = tmp_path / "x.json"
    result = run_cli("new", *B, "--nodes", "1", "--name", "Acme - Phase 1", "--customer", "客户 A", "-o", out)
    assert result.code == 0, result
    data = json.loads(out.read_text())
    assert (data["name"], data["project"]["customer"]) == ("Acme - Phase 1", "客户 A")


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    out = tmp_path_factory.mktemp("r48") / "s2.json"
    assert run_cli("new", *B, "--nodes", "2", "-o", out).code == 0
    return json.loads(out.read_text())


def test_a_link_end_given_as_text_says_which_fields_it_takes(tmp_path, two_servers):
    data = json.loads(json.dumps(two_servers))
    data["links"][3]["a"] = "node001:p1"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, indent=2))
    result = run_cli("check", path)
    assert result.code == 2
    assert result.err.strip() == (f'error: {path}: links[3].a: expected an object with the fields device, port; '
                                  'got "node001:p1"')


def test_the_text_report_counts_in_the_singular_where_one(tmp_path):
    out = tmp_path / "one.json"
    assert run_cli("new", *B, "--nodes", "1", "-o", out).code == 0
    line = run_cli("report", out).out.splitlines()[1]
    assert line == "  1 server, 8 GPUs, 1 switch, 0 storage nodes in 1 rack; 4 links, 4 cables"


def _report_with(tmp_path, design, workload):
    data = json.loads(json.dumps(design))
    data["estimates"] = {"workload": workload}
    path = tmp_path / "w.json"
    path.write_text(json.dumps(data, indent=2))
    return run_cli("report", "--json", path), path


def test_a_global_batch_beyond_any_run_is_refused_naming_the_field(tmp_path, two_servers):
    # (before: 10^16 sequences took 6 s and 10^18 about a minute in the layout search)
    result, path = _report_with(tmp_path, two_servers, {"global_batch_sequences": 10 ** 16})
    assert result.code == 2
    assert result.err.strip().startswith(f"error: {path}: estimates.workload.global_batch_sequences: expected "
                                         "less than or equal to 1000000000")
    result, _path = _report_with(tmp_path, two_servers, {"global_batch_sequences": 10 ** 9})
    assert result.code == 0, result


def test_no_batch_for_all_gpus_is_offered_for_a_layout_that_breaks_a_rule(tmp_path, two_servers):
    # TP 3 on 16 GPUs breaks the heads and sequence rules; 'a batch that uses every GPU' mends neither
    result, _path = _report_with(tmp_path, two_servers, {"tensor_parallel": 3})
    layout = json.loads(result.out)["estimates"]["workload"]["layout"]
    assert layout["rules_broken"] == ["heads", "sequence"] and layout["tensor_parallel"] == 3
    assert layout["global_batch_for_all_gpus"] is None


def test_the_management_nodes_weight_can_be_supplied_where_unpublished(tmp_path):
    # (reviewer: every default design warned WEIGHT_UNKNOWN for the generic management server,
    # with no way to give its weight from the command line)
    plain, supplied = tmp_path / "plain.json", tmp_path / "supplied.json"
    assert run_cli("new", *B, "--nodes", "2", "-o", plain).code == 0
    assert "WEIGHT_UNKNOWN" in run_cli("check", "--json", plain).out
    result = run_cli("new", *B, "--nodes", "2", "--management-server-weight-kg", "25", "-o", supplied)
    assert result.code == 0, result
    assert "WEIGHT_UNKNOWN" not in run_cli("check", "--json", supplied).out
    kind = next(t for t in json.loads(supplied.read_text())["device_types"]
                if t["slug"] == "generic-management-server-x86")
    assert kind["weight_kg"] == 25.0
    assert any(ref["title"].startswith("supplied by the user") and "weight" in ref["covers"] for ref in kind["source"])
    line = _refused(tmp_path, *B, "--nodes", "2", "--management-server-weight-kg", "-3")
    assert line.startswith("error: --management-server-weight-kg -3 is not a weight")
