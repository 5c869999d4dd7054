"""The performance estimates shown (issue 12): the collective curve as nccl-tests prints it,
the workload sizing, the storage tier and RoCE in the proposal's performance section
(designer/report/performance.py, shared with the window), in English and Chinese; the POC
results as the proposal's last appendix (`designer poc check ... --pdf OUT`)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run_cli
from designer.checks import Checker
from designer.estimates.bom import build_bom
from designer.estimates.summary import planning_estimates
from designer.fabric.generate import GenerateSpec, generate
from designer.i18n import Translator
from designer.report.i18n_performance import PERFORMANCE_MESSAGES
from designer.report.pdf import proposal_pdf
from designer.report.performance import Table, performance_parts, poc_parts
from designer.resources import example_design

DATA = Path(__file__).parent / "data" / "poc"
EXAMPLE = str(example_design())


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def outline(data: bytes) -> list[str]:
    return [item.title for item in PdfReader(io.BytesIO(data)).outline if not isinstance(item, list)]


@pytest.fixture(scope="module")
def two_nodes(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    design.estimates.storage.read_tiers_per_node_gbytes_s = {"tier-a": 0.0, "tier-b": 4.0}
    checker = Checker(design, catalog.cabling)
    return design, planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))


def _tables(part) -> list[Table]:
    return [item for item in part.items if isinstance(item, Table)]


def test_every_word_is_said_in_both_languages():
    for key, words in PERFORMANCE_MESSAGES.items():
        assert set(words) == {"en", "zh"} and words["en"].strip() and words["zh"].strip(), key
        assert words["en"] != words["zh"] or key.startswith("perf.unit.Gb") or "GB" in words["en"], key


def test_the_curve_is_the_reports_row_for_row(two_nodes):
    _design, estimates = two_nodes
    collectives, *_ = performance_parts(estimates.as_dict(), Translator("en"))
    peaks, curve = _tables(collectives)
    points = estimates.collectives["operations"]["all_reduce"]["curve"]
    assert curve.header == ["size (B)", "time (us)", "algbw (GB/s)", "busbw (GB/s)", "algorithm"]
    assert len(curve.rows) == len(points) == 31  # nccl-tests -b 8 -e 8G -f 2
    assert curve.rows[0][0] == "8" and curve.rows[-1][0] == "8,589,934,592"
    assert curve.rows[-1][3] == f"{points[-1]['busbw_gbytes_s']:,.2f}"
    # the small-message end is latency: time hardly grows while the size doubles
    assert curve.rows[0][1] == f"{points[0]['time_us']:,.2f}" and points[0]["busbw_gbytes_s"] < 0.01
    # the four operations, then those SHARP ran again without it (the POC plan's pass figure)
    assert [row[0] for row in peaks.rows] == ["All-reduce", "All-gather", "Reduce-scatter", "All-to-all",
                                              "All-reduce without SHARP"]
    plain = estimates.collectives["operations"]["all_reduce"]
    assert peaks.rows[-1][1] == f"{plain['peak_busbw_without_sharp_gbytes_s']:,.1f}"
    assert float(peaks.rows[-1][1].replace(",", "")) < float(peaks.rows[0][1].replace(",", ""))
    assert any("NCCL_COLLNET_ENABLE=1" in item for item in collectives.items if isinstance(item, str))
    assert "2 NVLink domains of 8 GPUs, each with 8 NICs of 50.0 GB/s" in collectives.items[0]


def test_workload_storage_tier_and_roce_parts(two_nodes):
    _design, estimates = two_nodes
    _c, workload, storage, roce = performance_parts(estimates.as_dict(), Translator("en"))
    rows = dict(_tables(workload)[0].rows)
    assert rows["Model states (weights, gradients, optimizer)"] == "16 bytes per parameter, 112 GB in all"
    layout = estimates.workload["layout"]
    assert rows["Parallel layout"].startswith(
        f"TP {layout['tensor_parallel']} x PP {layout['pipeline_parallel']} x DP {layout['data_parallel']}")
    storage_rows = dict(_tables(storage)[0].rows)
    assert storage_rows["Tier reached"] == "tier-a"  # no storage system: 0 GB/s reaches only the 0 GB/s tier
    assert [row[3] for row in _tables(storage)[1].rows] == ["yes", "no"]
    assert roce.items == ["No RoCE v2 fabric: no PFC headroom or ECN settings to plan."] and not roce.bullets
    zh = performance_parts(estimates.as_dict(), Translator("zh"))
    assert [p.title for p in zh] == ["集合通信（NCCL 模型）", "训练任务规模测算", "存储分级", "无损 RoCE v2：每台交换机的 PFC 预留缓存"]


def test_the_roce_checklist_in_both_languages(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=4, switch="nvidia-sn5600"), catalog)
    design.estimates.roce.switch_buffer_mb = {"nvidia-sn5600": 2.0}
    checker = Checker(design, catalog.cabling)
    estimates = planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))
    roce_en = performance_parts(estimates.as_dict(), Translator("en"))[-1]
    roce_zh = performance_parts(estimates.as_dict(), Translator("zh"))[-1]
    (table,) = _tables(roce_en)
    assert table.rows == [["1 x nvidia-sn5600", "32", "2.56", "2.0", "1"]]  # one leaf, over its 2 MB
    assert len(roce_en.bullets) == len(roce_zh.bullets) == 6 and roce_en.bullets[0].startswith("PFC enabled")
    assert "PFC" in roce_zh.bullets[0] and roce_zh.bullets[0] != roce_en.bullets[0]


def test_the_proposal_has_a_performance_section_in_both_languages(two_nodes, catalog):
    design, _estimates = two_nodes
    english = proposal_pdf(design, catalog, "en")
    titles = [title.split("  ", 1)[1] for title in outline(english)]
    t = Translator("en")
    assert titles.index(t("sec_performance")) == titles.index(t("sec_costs")) + 1
    text = pdf_text(english)
    assert "All-reduce over 16 GPUs, as nccl-tests prints it" in text and "8,589,934,592" in text
    assert "Training workload sizing" in text and "ECN / PFC" not in text  # InfiniBand: no RoCE checklist
    assert not any("POC" in t for t in titles)  # no results given: no appendix
    chinese = pdf_text(proposal_pdf(design, catalog, "zh"))
    assert "性能估算" in chinese and "训练任务规模测算" in chinese


def test_poc_check_writes_the_proposal_with_the_results_appendix(tmp_path):
    out = tmp_path / "poc.pdf"
    result = run_cli("poc", "check", EXAMPLE, DATA / "nccl_all_reduce_1node.txt",
                     DATA / "nccl_all_reduce_16node_slow.txt", "--pdf", out)
    assert result.code == 1 and f"wrote {out}" in result.out  # a failing test: exit 1, the PDF still written
    data = out.read_bytes()
    assert outline(data)[-1].endswith("Appendix: POC acceptance results")
    appendix = PdfReader(io.BytesIO(data)).pages[-1].extract_text()
    assert "nccl.all_reduce.fabric" in appendix and "251.30" in appendix and "396.68" in appendix
    assert "fail" in appendix and "pass" in appendix and "missing" in appendix
    zh = tmp_path / "poc-zh.pdf"
    assert run_cli("poc", "check", EXAMPLE, DATA / "ib_write_bw_truncated.txt", "--pdf", zh, "--lang", "zh").code == 2
    text = pdf_text(zh.read_bytes())
    assert "附录：POC 验收结果" in text and "无法使用的文件" in text and "ib_write_bw_truncated.txt:21" in text


def test_poc_pdf_into_a_folder_is_a_clear_message(tmp_path):
    result = run_cli("poc", "check", EXAMPLE, DATA / "nccl_all_reduce_1node.txt", "--pdf", tmp_path)
    assert result.code == 2 and "is a folder; the PDF needs a file name" in result.err
    assert "Traceback" not in result.err


def test_poc_parts_say_verdicts_in_chinese():
    check = {"tolerance": 0.1, "counts": {"pass": 1}, "errors": [],
             "results": [{"test": "fio.read", "verdict": "pass", "measured": 545.6, "expected": 568.0,
                          "unit": "GB/s aggregate", "file": "fio.json"}]}
    (part,) = poc_parts(check, Translator("zh"))
    summary, table = _tables(part)
    assert summary.rows == [["通过", "1"]]
    assert table.rows == [["fio.read", "通过", "545.60", "568.00", "GB/s（合计）", "fio.json"]]
