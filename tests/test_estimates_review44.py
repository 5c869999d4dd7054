"""Review 44: defects in the estimates and the POC plan, each held here.

1. A share the estimates divide by (MFU, the NCCL and link efficiencies) of 0 is refused by
   the loader, naming file, field and fix; a script's 0 leaves the figure unknown; no input at
   its bounds makes the report, the BOM or the POC plan raise.
2. The workload layout: a layout given bigger than the design is flagged and no time is stated
   for it; unknown GPU memory is "unknown", not "does not fit"; a chosen layout keeps
   Megatron-LM's divisibility rules (heads % TP, sequence % TP, layers % PP, global batch %
   (DP x micro-batch)) and says which GPUs the global batch leaves idle.
3. A design price in another currency than the project's is not summed: its part is unpriced.
4. A design price for a slug neither in the design nor the catalog is said.
5. The POC plan's expected busbw and the proposal's collectives come from one function, with
   and without SHARP.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from designer.catalog import load_catalog
from designer.checks import Checker
from designer.cli import main
from designer.estimates.bom import build_bom
from designer.estimates.nccl import NcclSystem, bandwidth_seconds, expected_busbw, row
from designer.estimates.summary import planning_estimates
from designer.estimates.workload import choose_layout, layout_rules, model_shape, workload_estimate
from designer.fabric.generate import GenerateSpec, generate
from designer.model.design import Design
from designer.model.estimates import DesignPrice, EstimateInputs, WorkloadInputs
from designer.model.io import dumps_design, load_design, parse_design
from designer.poc.plan import build_plan, format_plan
from designer.report.json_report import report_parts
from designer.report.text import format_report

H100 = "NVIDIA H100 SXM5"
B = ["--server", "nvidia-dgx-h100", "--switch", "nvidia-qm9700"]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


@pytest.fixture(scope="module")
def five_nodes(catalog) -> Design:
    """40 GPUs: 5 DGX H100 on QM9700."""
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=5, switch="nvidia-qm9700"), catalog)


def dgx_h100(nodes: int, sharp: bool = False) -> NcclSystem:
    return NcclSystem(nodes=nodes, gpus_per_node=8, nics_per_node=8, nic_gbytes_s=50.0, nvlink_gbytes_s=450.0,
                      nvls=True, sharp=sharp)


def _with_estimates(design: Design, estimates: dict) -> Design:
    """``design`` with its ``estimates`` replaced, validated as the loader validates a file."""
    data = json.loads(dumps_design(design))
    data["estimates"] = estimates
    return Design.model_validate(data)


def _estimates(design: Design, catalog):
    checker = Checker(design, catalog.cabling)
    return planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))


def _write(tmp_path: Path, design: Design, estimates: dict, name: str = "d.json") -> Path:
    data = json.loads(dumps_design(design))
    data["estimates"] = estimates
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------- 1. shares of 0


@pytest.mark.parametrize("section, field", [
    ("workload", "mfu"), ("communication", "nvls_efficiency"), ("communication", "nic_efficiency"),
    ("communication", "nvlink_efficiency"), ("communication", "link_efficiency")])
def test_a_share_of_zero_the_estimates_divide_by_is_refused_with_file_field_and_fix(
        section, field, five_nodes, tmp_path, capsys):
    path = _write(tmp_path, five_nodes, {section: {field: 0}})
    for argv in (["report", str(path)], ["export", str(path), "--bom", str(tmp_path / "x.csv")]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{path}: estimates.{section}.{field}: expected greater than 0; got 0" in err
        assert "Traceback" not in err and "ZeroDivisionError" not in err
    # a share above 0 is fine, 1 too
    assert main(["report", str(_write(tmp_path, five_nodes, {section: {field: 1}}, "one.json"))]) == 0


def test_a_script_that_sets_a_share_to_zero_gets_unknown_figures_not_a_crash(five_nodes, catalog):
    design = five_nodes.model_copy(deep=True)
    design.estimates.workload.mfu = 0.0  # assignment is not validated
    design.estimates.communication.nvls_efficiency = 0.0
    estimates = _estimates(design, catalog)
    assert estimates.workload["step_s"] is None and estimates.workload["days_to_train"] is None
    all_reduce = estimates.collectives["operations"]["all_reduce"]
    assert all_reduce["peak_busbw_gbytes_s"] is not None  # ring and tree still run
    assert "nvls" not in {p["algorithm"] for p in all_reduce["curve"]}
    system = dgx_h100(1)
    nvls_zero = NcclSystem(**{**system.__dict__, "nvls_efficiency": 0.0})
    assert bandwidth_seconds(nvls_zero, "all_reduce", "nvls", "Simple", 1e9) == math.inf


def _numeric_bounds():
    """(section, field, value) for every numeric estimate input at its lower and upper bound."""
    import annotated_types as at

    cases = []
    for section, info in EstimateInputs.model_fields.items():
        cls = info.annotation
        for name, field in cls.model_fields.items():
            text = str(field.annotation)
            if "dict" in text or "Literal" in text or not ("float" in text or "int" in text):
                continue
            integer = "int" in text and "float" not in text
            low = high = None
            for m in field.metadata:
                if isinstance(m, at.Ge):
                    low = m.ge
                elif isinstance(m, at.Gt):
                    low = m.gt + (1 if integer else 1e-6)
                elif isinstance(m, at.Le):
                    high = m.le
            cases.append((section, name, 0 if low is None else low))
            cases.append((section, name, high if high is not None else (10**6 if integer else 1e6)))
    return cases


def test_no_estimate_input_at_its_bounds_makes_the_report_bom_or_plan_raise(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    raw = json.loads(dumps_design(design))
    cases = _numeric_bounds()
    run = 0
    for section, name, value in cases:
        data = json.loads(json.dumps(raw))
        data.setdefault("estimates", {}).setdefault(section, {})[name] = value
        try:
            case = Design.model_validate(data)
        except ValidationError:
            continue  # an optional positive figure's 0: refused, as it should be
        run += 1
        json.dumps(_estimates(case, catalog).as_dict(), allow_nan=False)
        if section == "communication":  # the plan reads only these inputs
            format_plan(build_plan(case, catalog))
        if section in ("workload", "communication"):  # the whole report (and its text) where the estimates divide
            report = report_parts(case, catalog=catalog)
            json.dumps(report.as_dict(), allow_nan=False)
            format_report(report)
    assert run > 80


def test_a_plan_with_a_one_gpu_scope_or_no_figure_says_so(catalog):
    # one GPU per NVLink domain: the node scope has nothing to measure and is left out
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    design.estimates.communication.scale_up_gpus = 1
    plan = build_plan(design, catalog)
    assert all(t["ranks"] > 1 for t in plan["tests"] if t["kind"] == "nccl")
    assert "nccl.all_reduce.node" not in {t["id"] for t in plan["tests"]}
    format_plan(plan)
    text = format_plan({"project": "p", "tolerance": 0.1, "burn_in": [], "tests": [
        {"id": "nccl.x", "kind": "nccl", "expected_busbw_gbytes_s": None, "command": "c"}]})
    assert "recorded (the model has no figure" in text


# ---------------------------------------------------------------- 2. the workload layout


def test_a_layout_bigger_than_the_design_is_flagged_and_gets_no_time(five_nodes, catalog):
    design = _with_estimates(five_nodes, {"workload": {"tensor_parallel": 64, "pipeline_parallel": 64}})
    estimates = _estimates(design, catalog)
    workload = estimates.workload
    layout = workload["layout"]
    assert (layout["gpus_used"], layout["gpus_available"], layout["within_design"]) == (4096, 40, False)
    assert workload["step_s"] is None and workload["days_to_train"] is None
    assert workload["communication_per_step"] is None
    assert "layout_exceeds_design" in workload["bottlenecks"] and "memory" not in workload["bottlenecks"]
    assert workload["memory_per_gpu_gb"]["fits"] is True  # 0.3 GB of 80: the memory is not the problem
    assert ("the parallel layout tensor 64 x pipeline 64 x data 1 needs 4,096 GPUs and the design has 40: no step "
            "time or time to train is stated") in estimates.as_dict()["assumptions"]
    # a data parallelism alone too
    design = _with_estimates(five_nodes, {"workload": {"data_parallel": 100000}})
    workload = _estimates(design, catalog).workload
    assert workload["layout"]["gpus_used"] == 200000 and workload["layout"]["within_design"] is False
    assert workload["days_to_train"] is None and "layout_exceeds_design" in workload["bottlenecks"]


def test_unknown_gpu_memory_is_unknown_not_does_not_fit():
    block, notes = workload_estimate(WorkloadInputs(), dgx_h100(18), "GB300", None, [])
    assert block["memory_per_gpu_gb"]["fits"] is None
    assert "memory" not in block["bottlenecks"]
    assert "workload.memory_unknown" in [n.key for n in notes]
    assert block["min_gpus_for_states"] is None


def test_the_derived_shape_is_a_published_models_shape():
    def shape(billions):
        return model_shape(WorkloadInputs(parameters_billion=billions))[:3]

    assert shape(7) == (32, 4096, 32)  # Llama 2 7B
    assert shape(13) == (40, 5120, 40)  # Llama 2 13B
    assert shape(175) == (96, 12288, 96)  # GPT-3 175B
    assert shape(0.001) == (1, 256, 2)  # a tiny model: finer steps, never 0
    assert model_shape(WorkloadInputs(hidden_size=4224))[2] == 33  # a given hidden size is the user's


def test_the_127_node_default_layout_keeps_the_rules_and_says_the_idle_gpus():
    # reviewer: TP 2 with 33 heads, DP 508 with a global batch of 1,024. Now: 32 heads, and DP 256
    # (the largest that divides 1,024 within 1,016 / 2), with the batch that would use every GPU
    block, notes = workload_estimate(WorkloadInputs(), dgx_h100(127), H100, 80.0, [])
    layout, (layers, _hidden, heads) = block["layout"], model_shape(WorkloadInputs())[:3]
    t, p, d = layout["tensor_parallel"], layout["pipeline_parallel"], layout["data_parallel"]
    assert (t, p, d) == (2, 1, 256) and layout["gpus_used"] == 512 and layout["gpus_available"] == 1016
    assert heads % t == 0 and layers % p == 0 and 1024 % (d * 1) == 0 and layout["rules_broken"] == []
    assert layout["global_batch_for_all_gpus"] == 1016
    idle = next(n for n in notes if n.key == "workload.gpus_idle")
    assert idle.english == ("the layout uses 512 of the 1,016 GPUs: data parallelism 508 would not divide the global "
                            "batch of 1,024 sequences (micro-batch 1); a global batch of 1,016 would use 1,016 GPUs")
    # with that batch every GPU trains, and no note
    block, notes = workload_estimate(WorkloadInputs(global_batch_sequences=1016), dgx_h100(127), H100, 80.0, [])
    assert block["layout"]["data_parallel"] == 508 and block["layout"]["gpus_used"] == 1016
    assert "workload.gpus_idle" not in [n.key for n in notes]
    # the days are the used GPUs'
    assert block["days_to_train"] == pytest.approx(5.88e21 / (1016 * 989e12 * 0.4) / 86400, abs=1e-3)


def test_a_given_layout_that_breaks_a_rule_is_said_to():
    inputs = WorkloadInputs(layers=33, hidden_size=4224, attention_heads=33, tensor_parallel=2, pipeline_parallel=2,
                            data_parallel=3)
    block, notes = workload_estimate(inputs, dgx_h100(2), H100, 80.0, [])
    assert block["layout"]["rules_broken"] == ["heads", "layers", "batch"]
    keys = [n.key for n in notes]
    assert {"workload.rule.heads", "workload.rule.layers", "workload.rule.batch"} <= set(keys)
    # a TP group that straddles two NVLink domains (3 of 8 GPUs) is not inside one
    block, _ = workload_estimate(WorkloadInputs(tensor_parallel=4), dgx_h100(4), H100, 80.0, [])
    assert block["communication_per_step"]["tensor_parallel"]["inside_scale_up_domain"] is True
    inputs = WorkloadInputs(layers=24, hidden_size=3072, attention_heads=24, tensor_parallel=3)
    block, _ = workload_estimate(inputs, dgx_h100(4), H100, 80.0, [])
    assert block["communication_per_step"]["tensor_parallel"]["inside_scale_up_domain"] is False
    assert "scale_up_domain" in block["bottlenecks"]


def test_an_odd_head_count_keeps_tensor_parallelism_to_what_divides_it():
    # 33 heads and 33 layers (a shape given so): TP 1, and pipeline stages that divide 33
    inputs = WorkloadInputs(layers=33, hidden_size=4224, attention_heads=33)
    t, p, d, fits = choose_layout(inputs, 1016, 8, 80.0, model_shape(inputs))
    assert t == 1 and 33 % p == 0 and 1024 % d == 0 and fits and t * p * d <= 1016


@settings(max_examples=150, deadline=None)
@given(params=st.sampled_from([0.5, 1.3, 7.0, 13.0, 70.0, 175.0]), nodes=st.integers(1, 160),
       domain=st.sampled_from([4, 8, 72]), batch=st.integers(1, 4096), micro=st.sampled_from([1, 2, 4]),
       seq=st.sampled_from([2048, 4096, 6000]), memory=st.sampled_from([0.0, 80.0, 141.0]))
def test_a_chosen_layout_keeps_every_rule_that_can_be_kept(params, nodes, domain, batch, micro, seq, memory):
    inputs = WorkloadInputs(parameters_billion=params, global_batch_sequences=batch, micro_batch_sequences=micro,
                            sequence_length=seq)
    shape = model_shape(inputs)
    gpus = nodes * domain
    t, p, d, fits = choose_layout(inputs, gpus, domain, memory, shape)
    assert t * p * d <= gpus  # a chosen layout is always within the design
    assert t <= domain and domain % t == 0  # tensor parallelism inside one NVLink domain
    broken = layout_rules(inputs, shape, t, p, d)
    assert broken == ([] if batch % micro == 0 else ["batch"])
    assert (fits is None) == (memory == 0.0)


# ---------------------------------------------------------------- 3 and 4. the price list


def _bom(design: Design, catalog):
    return build_bom(design, catalog)


def test_a_design_price_in_another_currency_is_unpriced_not_summed(five_nodes, catalog):
    priced = _with_estimates(five_nodes, {"cost": {"prices": {"nvidia-dgx-h100": {"amount": 5, "currency": "EUR"}}}})
    bom = _bom(priced, catalog)
    line = next(line for line in bom.lines if line.part == "nvidia-dgx-h100")
    assert line.unit_price is None and line.price_source == "unknown (design price is in EUR)"
    assert "nvidia-dgx-h100" in bom.as_dict()["unpriced_parts"] and not bom.complete
    assert bom.price_list_other_currency == {"nvidia-dgx-h100": "EUR"}
    assert bom.total == pytest.approx(_bom(five_nodes, catalog).total - (
        next(x.total or 0 for x in _bom(five_nodes, catalog).lines if x.part == "nvidia-dgx-h100")))
    estimates = _estimates(priced, catalog).as_dict()
    assert ("design prices in another currency than the project's USD are not converted: nvidia-dgx-h100 (EUR) "
            "counted as unpriced") in estimates["assumptions"]
    assert estimates["tco"]["capex"]["complete"] is False
    assert "nvidia-dgx-h100" in [m["part"] for m in estimates["tco"]["capex"]["missing_parts"]]
    # the project's currency, named or not, is summed
    for price in ({"amount": 5, "currency": "USD"}, {"amount": 5}):
        same = _with_estimates(five_nodes, {"cost": {"prices": {"nvidia-dgx-h100": price}}})
        line = next(line for line in _bom(same, catalog).lines if line.part == "nvidia-dgx-h100")
        assert (line.unit_price, line.price_source) == (5, "design")


def test_a_cable_length_priced_in_another_currency_is_not_priced_by_the_part_instead(five_nodes, catalog):
    cable = next(line for line in _bom(five_nodes, catalog).lines if line.section == "cables" and "@" in line.part)
    part = cable.part.split("@")[0]
    design = _with_estimates(five_nodes, {"cost": {"prices": {cable.part: {"amount": 3, "currency": "EUR"},
                                                              part: {"amount": 2}}}})
    bom = _bom(design, catalog)
    line = next(line for line in bom.lines if line.part == cable.part)
    assert (line.unit_price, line.price_source) == (None, "unknown (design price is in EUR)")
    assert bom.price_list_other_currency == {cable.part: "EUR"}


def test_a_price_without_a_currency_is_the_projects_and_a_named_one_survives_a_save(five_nodes, catalog):
    data = json.loads(dumps_design(five_nodes))
    data["project"]["currency"] = "EUR"
    data["estimates"] = {"cost": {"prices": {"nvidia-dgx-h100": {"amount": 5},
                                             "nvidia-qm9700": {"amount": 7, "currency": "USD"}}}}
    design = parse_design(json.dumps(data).encode(), "eur.json", catalog)
    again = parse_design(dumps_design(design).encode(), "again.json", catalog)
    for case in (design, again):
        lines = {line.part: line for line in _bom(case, catalog).lines}
        assert (lines["nvidia-dgx-h100"].unit_price, lines["nvidia-dgx-h100"].price_source) == (5, "design")
        assert lines["nvidia-qm9700"].unit_price is None  # USD in a EUR project, after the save too
    assert again.estimates.cost.prices["nvidia-qm9700"].currency == "USD"


def test_a_design_currency_is_three_capitals(five_nodes):
    with pytest.raises(Exception, match="currency"):
        _with_estimates(five_nodes, {"cost": {"prices": {"nvidia-dgx-h100": {"amount": 5, "currency": "eur"}}}})
    assert DesignPrice(amount=1).currency is None


def test_a_price_for_a_slug_nothing_has_is_said(five_nodes, catalog):
    prices = {"nope-slug": {"amount": 5},
              # a catalog part this design does not use, and a per-length price of a catalog cable: fine
              "nvidia-dgx-h200": {"amount": 9}}
    cable = next(iter(c.slug for c in catalog.cabling.cables))
    prices[f"{cable}@3m"] = {"amount": 1}
    design = _with_estimates(five_nodes, {"cost": {"prices": prices}})
    bom = _bom(design, catalog)
    assert bom.price_list_unknown_parts == ["nope-slug"]
    assert bom.as_dict()["price_list_unknown_parts"] == ["nope-slug"]
    assert ("design prices for nope-slug: no such part in the design or the catalog, so they price nothing (check "
            "the slug)") in _estimates(design, catalog).as_dict()["assumptions"]
    assert _bom(five_nodes, catalog).price_list_unknown_parts == []


# ---------------------------------------------------------------- 5. one source for the expected busbw


def test_the_poc_plan_and_the_proposal_state_the_same_busbw_with_and_without_sharp(tmp_path, catalog, capsys):
    path = tmp_path / "p.json"
    assert main(["new", *B, "--nodes", "127", "--rail-optimized", "--rack-power-kw", "42", "-o", str(path)]) == 0
    capsys.readouterr()
    design = load_design(path, catalog)
    operations = report_parts(design, catalog=catalog).as_dict()["estimates"]["collectives"]["operations"]
    plan = {t["id"]: t for t in build_plan(design, catalog)["tests"]}
    fabric = plan["nccl.all_reduce.fabric"]
    all_reduce = operations["all_reduce"]
    # the proposal's peak (at 8 GiB, the plan's size) is the SHARP figure; the plan states it beside its
    # pass figure, which is the proposal's figure without SHARP
    assert all_reduce["curve"][-1]["size_bytes"] == fabric["at_size_bytes"]
    assert fabric["expected_busbw_with_sharp_gbytes_s"] == all_reduce["peak_busbw_gbytes_s"] == pytest.approx(548.7,
                                                                                                            abs=0.05)
    assert fabric["expected_busbw_gbytes_s"] == all_reduce["peak_busbw_without_sharp_gbytes_s"] == pytest.approx(
        377.0, abs=0.05)
    assert "NCCL_COLLNET_ENABLE=1" in fabric["command_with_sharp"]
    assert plan["nccl.all_gather.fabric"]["expected_busbw_with_sharp_gbytes_s"] is None  # SHARP does not run it
    assert operations["all_gather"]["peak_busbw_without_sharp_gbytes_s"] == operations["all_gather"][
        "peak_busbw_gbytes_s"]
    text = format_plan(build_plan(design, catalog))
    assert ("nccl.all_reduce.fabric: busbw >= 339.3 GB/s (model 377.0 at 8 GiB with NCCL's default algorithms; "
            "548.7 with SHARP, NCCL_COLLNET_ENABLE=1)") in text


def test_expected_busbw_is_the_models_row_with_and_without_sharp():
    system = dgx_h100(16, sharp=True)
    plain, sharp = expected_busbw(system, "all_reduce", 8 * 2**30)
    assert plain == row(system, "all_reduce", 8 * 2**30, only=["ring", "tree", "nvls_tree"])["busbw_gbytes_s"]
    assert sharp == row(system, "all_reduce", 8 * 2**30)["busbw_gbytes_s"] and sharp > plain
    assert expected_busbw(dgx_h100(16), "all_reduce", 8 * 2**30)[1] is None
