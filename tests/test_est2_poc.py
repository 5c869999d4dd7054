"""The POC acceptance loop: `designer poc plan` and `designer poc check` on sample outputs of
nccl-tests, perftest and fio written in their real formats (tests/data/poc)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.cli import main
from designer.poc.parse import ResultError, parse_text, read_result
from designer.resources import example_design

DATA = Path(__file__).parent / "data" / "poc"
EXAMPLE = str(example_design())


def _check(capsys, *names: str) -> tuple[int, dict]:
    code = main(["poc", "check", EXAMPLE, *(str(DATA / n) for n in names), "--json"])
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    for error in report["errors"]:  # --json also says them on stderr, with file and line
        assert f"error: {error['file']}:{error['line']}: {error['message']}" in captured.err
    return code, report


def _verdicts(report: dict) -> dict[str, str]:
    return {Path(v["file"]).name: v["verdict"] for v in report["results"] if v["file"]}


def test_the_plan_states_each_test_with_its_expected_figure(capsys):
    assert main(["poc", "plan", EXAMPLE, "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    tests = {t["id"]: t for t in plan["tests"]}
    assert plan["tolerance"] == 0.1
    # one DGX H100: the NVLS model, 480.9 GB/s at 8 GiB; the whole fabric (16 nodes, 128 ranks)
    # with NCCL's default algorithms (SHARP needs NCCL_COLLNET_ENABLE=1, so it is not counted on)
    assert tests["nccl.all_reduce.node"]["ranks"] == 8
    assert tests["nccl.all_reduce.node"]["expected_busbw_gbytes_s"] == pytest.approx(480.9, abs=0.05)
    assert tests["nccl.all_reduce.fabric"]["ranks"] == 128
    assert tests["nccl.all_reduce.fabric"]["expected_busbw_gbytes_s"] < 400
    # 400G NDR: 400 x 0.94 = 376 Gb/s for ib_write_bw; latency recorded, no published figure
    assert tests["perftest.ib_write_bw.compute"]["expected_gbits_s"] == pytest.approx(376.0)
    assert tests["perftest.ib_write_lat.compute"]["expected_us"] is None
    assert tests["fio.read"]["expected_gbytes_s"] == pytest.approx(568.0)
    assert plan["burn_in"]
    assert main(["poc", "plan", EXAMPLE]) == 0
    assert "nccl.all_reduce.node: busbw >= 432.8 GB/s" in capsys.readouterr().out


def test_passing_results_exit_0(capsys):
    code, report = _check(capsys, "nccl_all_reduce_1node.txt", "nccl_all_gather_16node.txt",
                          "ib_write_bw_compute.txt", "ib_write_lat_compute.txt", "fio_read_all_clients.json")
    assert code == 0 and report["errors"] == []
    assert _verdicts(report) == {
        "nccl_all_reduce_1node.txt": "pass",  # 476.47 >= 480.9 x 0.9
        "nccl_all_gather_16node.txt": "pass",  # 361.04 >= 366.3 x 0.9
        "ib_write_bw_compute.txt": "pass",  # 392.74 >= 376 x 0.9 = 338.4 Gb/s
        "ib_write_lat_compute.txt": "recorded",
        "fio_read_all_clients.json": "pass",  # All clients 16 x 34.1 = 545.6 >= 568 x 0.9
    }
    by_test = {v["test"]: v for v in report["results"]}
    assert by_test["nccl.all_reduce.node"]["hosts"] == ["dgx01"]
    assert by_test["nccl.all_gather.fabric"]["ranks"] == 128
    assert by_test["perftest.ib_write_lat.compute"]["measured"] == 1.06
    assert by_test["nccl.all_reduce.fabric"]["verdict"] == "missing"  # no result supplied, no failure


def test_failing_results_exit_1_with_measured_against_expected(capsys):
    code, report = _check(capsys, "nccl_all_reduce_16node_slow.txt", "nccl_all_gather_1node_wrong.txt",
                          "ib_write_bw_degraded.txt", "fio_write_all_clients.json", "nccl_all_reduce_1node.txt")
    assert code == 1
    assert _verdicts(report) == {
        "nccl_all_reduce_16node_slow.txt": "fail",  # 251.3 < 396.7 x 0.9
        "nccl_all_gather_1node_wrong.txt": "fail",  # bandwidth fine, but #wrong at 8 GiB
        "ib_write_bw_degraded.txt": "fail",  # 297.65 < 338.4 Gb/s
        "fio_write_all_clients.json": "fail",  # 16 x 9.5 = 152 < 256 x 0.9
        "nccl_all_reduce_1node.txt": "pass",
    }
    slow = next(v for v in report["results"] if v["test"] == "nccl.all_reduce.fabric")
    assert (slow["measured"], slow["size_bytes"]) == (251.3, 8 * 2**30)
    assert slow["expected"] == pytest.approx(396.68, abs=0.01)
    wrong = next(v for v in report["results"] if v["test"] == "nccl.all_gather.node")
    assert "6 wrong values" in wrong["detail"]  # 3 out of place + 3 in place


def test_older_nccl_tests_output_is_told_by_its_columns():
    result = read_result(DATA / "nccl_all_reduce_1node_nccl_2_15.txt")
    assert result.data["program"] is None and result.data["operation"] == "all_reduce"  # busbw/algbw = 2 x 7/8


@pytest.mark.parametrize("name, line, words", [
    ("nccl_all_reduce_16node_truncated.txt", 139, "cut short"),
    ("ib_write_bw_truncated.txt", 21, "ends before its result line"),
    ("fio_read_truncated.json", 401, "does not parse"),
    ("foreign.txt", 1, "not nccl-tests, HCCL Test, perftest"),
])
def test_unusable_files_are_named_with_their_line_and_exit_2(capsys, name, line, words):
    with pytest.raises(ResultError) as caught:
        read_result(DATA / name)
    assert caught.value.line == line and words in caught.value.message
    code, report = _check(capsys, name, "nccl_all_reduce_1node.txt")
    assert code == 2
    assert report["errors"] == [{"file": str(DATA / name), "line": line, "message": caught.value.message}]


def test_text_check_says_each_verdict(capsys):
    code = main(["poc", "check", EXAMPLE, str(DATA / "nccl_all_reduce_16node_slow.txt"),
                 str(DATA / "foreign.txt")])
    out = capsys.readouterr().out
    assert code == 2
    assert "FAIL      nccl.all_reduce.fabric measured 251.3 vs expected 396.683 GB/s busbw" in out
    assert "foreign.txt:1: not nccl-tests" in out


def test_an_empty_file_and_a_bad_tolerance():
    with pytest.raises(ResultError, match="is empty"):
        parse_text("  \n", "empty.txt")
    assert main(["poc", "plan", EXAMPLE, "--tolerance", "1.5"]) == 2
