"""The report's ``estimates`` and ``bom`` keys (read by the PDF) and refusal of nonsense inputs."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from designer.catalog import load_catalog
from designer.checks import Checker
from designer.model.io import load_design
from designer.report.json_report import build_report
from designer.resources import example_design


@pytest.fixture(scope="module")
def report():
    result = run_cli("report", example_design(), "--json")
    assert result.code == 0, result
    return json.loads(result.out)


def test_estimates_have_the_documented_keys(report):
    est = report["estimates"]
    assert set(est) >= {"currency", "assumptions", "tco", "allreduce", "scaling", "storage", "stages"}
    assert est["currency"] == "USD"
    assert est["assumptions"] and all(isinstance(a, str) for a in est["assumptions"])
    tco = est["tco"]
    assert set(tco) >= {"capex", "opex_per_year", "it_load_kw", "pue", "utilization", "horizon_years",
                        "depreciation_years", "build_total", "cloud_total", "break_even_utilization",
                        "by_utilization"}
    assert set(tco["capex"]) >= {"hardware", "installation", "facility", "total", "unpriced_parts"}
    assert set(tco["opex_per_year"]) >= {"energy", "maintenance", "staff", "space", "total"}
    assert all(set(row) >= {"utilization", "build_total", "cloud_total"} for row in tco["by_utilization"])
    ar = est["allreduce"]
    assert set(ar) >= {"message_mb", "gpus", "nodes", "gpus_per_node", "intra_bandwidth_gbytes_s",
                       "inter_bandwidth_gbytes_s", "oversubscription", "algorithms", "fastest"}
    assert [a["name"] for a in ar["algorithms"]] == ["ring", "tree", "hierarchical"]
    assert all(set(a) >= {"name", "time_ms", "algbw_gbytes_s", "busbw_gbytes_s"} for a in ar["algorithms"])
    sc = est["scaling"]
    assert set(sc) >= {"model_parameters_billion", "gradient_mb", "step_compute_s", "points"}
    assert [p["nodes"] for p in sc["points"]] == [1, 2, 4, 8, 16]
    assert all(set(p) >= {"nodes", "gpus", "efficiency", "efficiency_1to1", "efficiency_2to1"} for p in sc["points"])
    st = est["storage"]
    assert set(st) >= {"read_required_gbytes_s", "read_available_gbytes_s", "checkpoint_size_tb",
                       "checkpoint_write_s", "tiers"}
    assert all(set(t) >= {"tier", "capacity_tb", "media"} for t in st["tiers"])
    # the example grows from one pilot server (8 GPUs, rack A01 only) to the whole cluster
    assert [(s["gpus"], s["racks"]) for s in est["stages"]] == [(8, 1), (128, 6)]


def test_figures_agree_across_blocks(report):
    est = report["estimates"]
    assert est["tco"]["gpus"] == report["totals"]["gpus"] == est["allreduce"]["gpus"] == 128
    assert est["tco"]["it_load_kw"] == report["totals"]["power_typical_kw"]
    assert est["tco"]["capex"]["hardware"] == report["bom"]["total"]
    assert est["tco"]["capex"]["unpriced_parts"] == report["bom"]["unpriced_parts"]
    compute = next(f for f in report["fabrics"] if f["role"] == "compute")
    assert est["allreduce"]["oversubscription"] == compute["oversubscription"]["leaf"]


def test_bom_is_in_the_report(report):
    bom = report["bom"]
    # the contract's keys all stay (new ones, e.g. "complete", may be added)
    assert set(bom) >= {"currency", "lines", "section_totals", "total", "unpriced_parts"}
    server = next(line for line in bom["lines"] if line["part"] == "nvidia-dgx-h100")
    assert (server["quantity"], server["unit_price"], server["total"]) == (16, 300_000, 4_800_000)
    # 12 QM9700 at 32,000, 6 SN4600C at 20,000 and 6 SN2201 at 6,000 (catalog estimates)
    assert bom["section_totals"]["switches"] == 12 * 32_000 + 6 * 20_000 + 6 * 6_000


def test_existing_keys_are_unchanged(report):
    assert set(report) >= {"design", "totals", "power_max_kw_by_kind", "racks", "fabrics", "cables",
                           "transceivers", "findings", "checklist", "unknowns"}


def test_the_report_reuses_the_checkers_fabric_analyses(monkeypatch):
    catalog = load_catalog(include_user=False)
    design = load_design(example_design(), catalog)
    checker = Checker(design, catalog.cabling)
    for fabric in design.fabrics:
        checker.ctx.fabric_analysis(fabric.name)  # as the window's live checker holds them

    def no_reanalysis(*_args, **_kwargs):
        raise AssertionError("the report analysed a fabric again")

    monkeypatch.setattr("designer.checks.context.analyse_fabric", no_reanalysis)
    monkeypatch.setattr("designer.fabric.analysis.analyse_fabric", no_reanalysis)
    estimates = build_report(design, checker.ctx.index, checker)["estimates"]
    assert estimates["allreduce"]["fastest"] == "hierarchical"


def test_text_report_has_an_estimates_block():
    result = run_cli("report", example_design())
    assert result.code == 0
    tco = json.loads(run_cli("report", example_design(), "--json").out)["estimates"]["tco"]
    assert tco["capex"]["unpriced_parts"] == ["weka-wekapod-nitro-8"]  # WEKA quotes only
    assert f"estimates: CAPEX at least {tco['capex']['total']:,.0f} USD (1 part unpriced, counted as 0)" in result.out
    # the WEKApod's missing price leaves the build side a lower bound and the break-even unstated
    assert f"build at least {tco['build_total']:,.0f} USD" in result.out
    assert "break-even not stated: CAPEX incomplete" in result.out
    assert "fastest hierarchical" in result.out


def _write_with(tmp_path, mutate) -> str:
    data = json.loads(example_design().read_text())
    mutate(data)
    path = tmp_path / "bad-estimates.json"
    path.write_text(json.dumps(data))
    return str(path)


BAD_ESTIMATES = {
    "utilisation above 1": (
        lambda d: d.setdefault("estimates", {}).setdefault("cost", {}).update(utilization=1.5),
        "estimates.cost.utilization", "less than or equal to 1",
    ),
    "negative energy price": (
        lambda d: d.setdefault("estimates", {}).setdefault("cost", {}).update(energy_price_per_kwh=-0.1),
        "estimates.cost.energy_price_per_kwh", "greater than or equal to 0",
    ),
    "negative part price": (
        lambda d: d.setdefault("estimates", {}).setdefault("cost", {}).update(
            prices={"nvidia-dgx-h100": {"amount": -1}}),
        "estimates.cost.prices.nvidia-dgx-h100.amount", "greater than or equal to 0",
    ),
    "overlap above 1": (
        lambda d: d.setdefault("estimates", {}).setdefault("scaling", {}).update(overlap=2),
        "estimates.scaling.overlap", "less than or equal to 1",
    ),
    "stage with a missing rack": (
        lambda d: d.update(stages=[{"name": "Phase 1", "racks": ["Z99"]}]),
        'stages[0] "Phase 1".racks', 'rack "Z99" does not exist',
    ),
}


@pytest.mark.parametrize("name", list(BAD_ESTIMATES))
def test_nonsense_estimate_inputs_are_refused(tmp_path, name):
    mutate, field, expected = BAD_ESTIMATES[name]
    result = run_cli("report", _write_with(tmp_path, mutate), "--json")
    assert result.code == 2, result
    assert result.out == ""
    assert f"{field}: " in result.err, "the message names the field path"
    assert expected in result.err
