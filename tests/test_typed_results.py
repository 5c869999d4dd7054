"""Typed results (issue 18, 7b): the fabric analysis, the estimates and the report are frozen
records whose ``as_dict()`` is the report's JSON; the bytes themselves are held by
tests/test_report_golden.py."""

from __future__ import annotations

import dataclasses
import json

import pytest

from designer.checks import Checker
from designer.estimates.bom import build_bom
from designer.estimates.summary import planning_estimates
from designer.fabric.analysis import analyse_fabric, fabric_counts, what_if_failed
from designer.fabric.graph import fabric_links
from designer.fabric.results import FabricAnalysis
from designer.model.io import load_design
from designer.report.json_report import report_parts
from designer.resources import example_design


@pytest.fixture(scope="module")
def example(catalog):
    design = load_design(example_design(), catalog)
    return design, Checker(design, catalog.cabling)


def test_the_analysis_is_a_frozen_record_whose_dict_is_the_reports_entry(example, catalog):
    design, checker = example
    index = checker.ctx.index
    links = fabric_links(index)["compute"]
    analysis = analyse_fabric(index, "compute", links)
    assert isinstance(analysis, FabricAnalysis)
    with pytest.raises(dataclasses.FrozenInstanceError):
        analysis.bisection_gbps = 0.0  # type: ignore[misc]
    # every field is a key, in the order of the fields (the JSON's order)
    assert list(analysis.as_dict()) == [f.name for f in dataclasses.fields(FabricAnalysis)]
    report = report_parts(design, index, checker, catalog).as_dict()
    assert report["fabrics"][[f.name for f in design.fabrics].index("compute")] == analysis.as_dict()
    # the example's compute fabric: 16 DGX H100 on 4 leaves and 2 spines, 1:1
    assert (analysis.switches.leaf, analysis.switches.spine, analysis.oversubscription.leaf) == (4, 2, 1.0)
    assert analysis.failure is not None and analysis.failure.worst("spine") is not None
    counts = fabric_counts(index, "compute", links)
    assert counts.switches == analysis.switches and counts.links.leaf_spine == analysis.links.leaf_spine


def test_what_if_failed_a_spine_halves_the_bisection(example):
    _design, checker = example
    index = checker.ctx.index
    impact = what_if_failed(index, "compute", fabric_links(index)["compute"], {"cmp-spine01"})
    assert impact.bandwidth_lost_pct == 50.0 and impact.endpoints_cut_off == 0
    assert impact.as_dict()["ecmp_paths_after"] == impact.ecmp_paths_after.as_dict()


def test_the_estimates_say_their_assumptions_in_english_and_as_keys(example, catalog):
    design, checker = example
    estimates = planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))
    block = json.loads(json.dumps(estimates.as_dict()))
    assert block["currency"] == estimates.currency == design.project.currency
    assert block["assumptions"] == estimates.assumptions == [n.english for n in estimates.notes]
    assert [k["key"] for k in block["assumption_keys"]] == [n.key for n in estimates.notes]
    assert estimates.storage.checkpoint_from_workload is not None  # set by planning_estimates
    assert estimates.allreduce.nccl is not None and "nccl" in block["allreduce"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        estimates.tco = estimates.tco  # type: ignore[misc]


def test_the_reports_document_is_the_callers_to_change(example, catalog):
    design, checker = example
    report = report_parts(design, checker.ctx.index, checker, catalog)
    document = report.as_dict()
    document["totals"]["gpus"] = -1
    document["racks"][0]["name"] = "changed"
    document["fabrics"][0]["switches"]["leaf"] = -1
    assert report.totals["gpus"] == 128
    assert report.racks[0]["name"] != "changed"
    assert report.fabrics[0].switches.leaf >= 0
    assert report.as_dict() == json.loads(json.dumps(report.as_dict()))
