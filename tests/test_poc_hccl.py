"""HCCL Test results read by ``designer poc check`` (Huawei Ascend POC): the table as Huawei's CANN
documents it (hiascend.com, "HCCL Performance Tester, Result Description", HCCLpertest_16_0006:
``data_size(Bytes): | avg_time(us): | alg_bandwidth(GB/s): | check_result:``), with the command
line above it, as Huawei's example shows it, since the table names neither binary nor NPU count.
The all-reduce's busbw is alg_bandwidth x 2(n-1)/n (nccl-tests doc/PERFORMANCE.md), against the
model's busbw; the all-gather stays by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.model.io import load_design
from designer.poc.check import check_results
from designer.poc.parse import ResultError, parse_text, read_result
from designer.poc.plan import PocContext
from tests.conftest import run_cli

DATA = Path(__file__).parent / "data" / "poc"
HEADER = "data_size(Bytes): |   avg_time(us): | alg_bandwidth(GB/s): | check_result:"


def _hccl(command: str, rows: list[tuple[int, float, float, str]]) -> str:
    lines = [f"# {command}", "the minbytes is 8192, maxbytes is 8589934592, iters is 20, warmup_iters is 5", HEADER]
    lines += [f"{size:<18}|  {time_us:>10.2f}    |   {algbw:>12.5f}       | {check}" for size, time_us, algbw, check
              in rows]
    return "\n".join(lines) + "\n"


def test_the_documented_table_is_read():
    result = read_result(DATA / "hccl_all_reduce_1node.txt")
    assert result.kind == "hccl"
    assert {k: result.data[k] for k in ("operation", "program", "ranks", "per_node", "nodes")} == {
        "operation": "all_reduce", "program": "all_reduce_test", "ranks": 8, "per_node": 8, "nodes": 1}
    assert result.data["rows"][-1] == {"size_bytes": 67108864, "time_us": 2630.2, "algbw_gbytes_s": 23.76245,
                                       "check": "success"}


def test_a_table_without_its_command_line_says_how_to_save_it():
    text = (DATA / "hccl_all_reduce_1node.txt").read_text().split("\n", 1)[1]
    with pytest.raises(ResultError, match="keep the command line above the table"):
        parse_text(text, "run.txt")


def test_a_cut_short_line_names_its_line():
    text = _hccl("mpirun -n 8 ./bin/all_reduce_test -p 8", [(8192, 764.55, 0.00998, "success")])
    with pytest.raises(ResultError) as caught:
        parse_text(text + "16384             |     858.80\n", "run.txt")
    assert caught.value.line == 5 and "cut short" in caught.value.message


@pytest.fixture(scope="module")
def ascend(tmp_path_factory, catalog):
    path = tmp_path_factory.mktemp("ascend") / "ascend.json"
    made = run_cli("new", "--server", "huawei-atlas-800t-a2", "--server-max-kw", "5.5", "--server-weight-kg", "60",
                   "--nodes", "4", "--switch", "nvidia-sn5600", "-o", path)
    assert made.code == 0, made
    plan = json.loads(run_cli("poc", "plan", "--json", path).out)
    return plan, PocContext(load_design(path, catalog), catalog)


def _verdict(ascend, tmp_path, command, rows):
    plan, poc = ascend
    file = tmp_path / "hccl.txt"
    file.write_text(_hccl(command, rows))
    report = check_results(plan, poc, [str(file)])
    assert report["errors"] == []
    return {v["test"]: v for v in report["results"] if v["file"]}


def test_the_fabric_all_reduce_is_recorded_where_hccs_is_unpublished(ascend, tmp_path):
    """Huawei publishes no HCCS bandwidth: the model has no busbw for the Atlas 800T A2, so the
    run's busbw is recorded (no pass or fail), as the plan says."""
    plan, _poc = ascend
    test = next(t for t in plan["tests"] if t["id"] == "nccl.all_reduce.fabric")
    assert test["expected_busbw_gbytes_s"] is None and test["ranks"] == 32 and "check" not in test
    command = "mpirun -f hostfile -n 32 ./bin/all_reduce_test -p 8 -b 8K -e 8G -f 2 -d fp32 -o sum"
    [recorded] = _verdict(ascend, tmp_path, command, [(8589934592, 1e5, 31.0, "success")]).values()
    assert recorded["test"] == "nccl.all_reduce.fabric" and recorded["verdict"] == "recorded"
    assert recorded["measured"] == pytest.approx(31.0 * 62 / 32, abs=1e-3)  # busbw = alg_bandwidth x 2(n-1)/n


def test_an_all_reduce_passes_and_fails_at_the_models_busbw(ascend, tmp_path, monkeypatch):
    """With a model figure (40 GB/s busbw here), busbw = alg_bandwidth x 62/32 is held to it less
    the plan's 10 % tolerance, and a failed check_result fails the run."""
    import designer.poc.check as check

    monkeypatch.setattr(check, "expected_busbw", lambda system, operation, size: 40.0)
    command = "mpirun -f hostfile -n 32 ./bin/all_reduce_test -p 8"
    at_model = 40.0 * 32 / 62
    [passed] = _verdict(ascend, tmp_path, command, [(8589934592, 1e5, at_model * 0.91, "success")]).values()
    assert passed["verdict"] == "pass" and passed["expected"] == 40.0
    [slow] = _verdict(ascend, tmp_path, command, [(8589934592, 1e5, at_model * 0.89, "success")]).values()
    assert slow["verdict"] == "fail"
    [wrong] = _verdict(ascend, tmp_path, command, [(8192, 700.0, 0.01, "failed"),
                                                    (8589934592, 1e5, at_model, "success")]).values()
    assert wrong["verdict"] == "fail" and "check_result failed at 1 sizes" in wrong["detail"]


def test_the_all_gather_is_read_but_checked_by_hand(ascend, tmp_path):
    command = "mpirun -n 8 ./bin/all_gather_test -p 8 -b 8K -e 8G -f 2 -d fp32"
    [by_hand] = _verdict(ascend, tmp_path, command, [(8589934592, 1e5, 50.0, "success")]).values()
    assert by_hand["test"] == "nccl.all_gather.node" and by_hand["verdict"] == "by_hand"
    assert by_hand["measured"] == 50.0 and by_hand["unit"] == "GB/s alg_bandwidth"


def test_a_run_of_no_planned_size_is_unmatched(ascend, tmp_path):
    plan, poc = ascend
    file = tmp_path / "odd.txt"
    file.write_text(_hccl("mpirun -n 12 ./bin/all_reduce_test -p 4", [(8589934592, 1e5, 10.0, "success")]))
    results = check_results(plan, poc, [str(file)])["results"]
    assert [v["verdict"] for v in results if v["file"]] == ["unmatched"]


def test_a_binary_by_its_full_path_and_open_mpi_long_options_are_read():
    command = ("mpirun --np 16 -hostfile hosts /usr/local/Ascend/ascend-toolkit/latest/tools/hccl_test/bin/"
               "all_reduce_test -p 8 -b 8K -e 8G")
    result = parse_text(_hccl(command, [(8589934592, 1e5, 30.0, "success")]), "run.txt")
    assert (result.data["program"], result.data["ranks"], result.data["nodes"]) == ("all_reduce_test", 16, 2)


def test_two_runs_in_one_file_are_refused_not_merged():
    first = _hccl("mpirun -n 8 ./bin/all_reduce_test -p 8", [(8589934592, 1e5, 30.0, "success")])
    second = _hccl("mpirun -n 8 ./bin/all_gather_test -p 8", [(8589934592, 1e5, 90.0, "failed")])
    with pytest.raises(ResultError) as caught:
        parse_text(first + second, "appended.txt")
    assert caught.value.line == 5 and "save one run per file" in caught.value.message


def test_time_stamps_around_the_table_are_passed_over_and_odd_figures_refused():
    text = _hccl("mpirun -n 8 ./bin/all_reduce_test -p 8", [(8589934592, 1e5, 30.0, "success")])
    result = parse_text(text + "2026-05-01 12:00:00 mpirun finished\n", "run.txt")
    assert len(result.data["rows"]) == 1
    with pytest.raises(ResultError, match="not a number"):
        parse_text(_hccl("mpirun -n 8 ./bin/all_reduce_test -p 8", [(8589934592, 1e5, float("inf"), "success")]),
                   "run.txt")


def test_a_program_the_plan_does_not_test_names_its_line():
    with pytest.raises(ResultError) as caught:
        parse_text(_hccl("mpirun -n 8 ./bin/broadcast_test -p 8", [(8192, 1.0, 1.0, "success")]), "run.txt")
    assert caught.value.line == 1 and "broadcast_test" in caught.value.message
