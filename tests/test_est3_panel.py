"""The estimates panel shows the performance estimates and POC verdicts (issue 12), and on a
big design estimates over a snapshot of the checker's context, never the live one the UI
thread clears (issue 18). Headless: waits on the panel's signals, never sleeps."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from designer.checks import Checker  # noqa: E402
from designer.checks.design_rules import type_counts  # noqa: E402
from designer.estimates.bom import build_bom  # noqa: E402
from designer.estimates.snapshot import context_snapshot  # noqa: E402
from designer.estimates.summary import planning_estimates  # noqa: E402
from designer.fabric.generate import GenerateSpec, generate  # noqa: E402
from designer.model.io import load_design, save_design  # noqa: E402
from designer.resources import example_design  # noqa: E402
from designer.ui import estimates_panel, isolated  # noqa: E402
from designer.ui.document import DesignDocument  # noqa: E402
from designer.ui.estimates_panel import EstimatesPanel  # noqa: E402

DATA = Path(__file__).parent / "data" / "poc"


def test_a_snapshot_keeps_its_figures_while_the_live_context_is_cleared_and_refreshed(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    ctx = Checker(design, catalog.cabling).ctx
    before = planning_estimates(ctx, catalog, build_bom(design, catalog, ctx.index))
    snapshot = context_snapshot(ctx)
    analyses = {f.name: ctx.known_fabric_analysis(f.name) for f in design.fabrics}
    counts = type_counts(snapshot)
    server = next(d.name for d in design.devices if d.device_type == "nvidia-dgx-h100")
    cabled = len(snapshot.index.links_by_device[server])
    # what the UI thread does to the live context while a worker reads: refresh the index in
    # place (a device's list replaced, DesignIndex.refresh_devices), drop the caches, build a
    # new index
    live = ctx.index
    live.links_by_device[server] = []
    live.devices_by_rack.clear()
    live.devices.clear()
    ctx.forget(fabrics={f.name for f in design.fabrics}, racks=set(), links=True)
    ctx._summaries.clear()
    assert all(ctx.known_fabric_analysis(name) is None for name in analyses)
    # the snapshot holds its own maps and the analyses as they were
    assert snapshot.index is not live and len(snapshot.index.links_by_device[server]) == cabled > 0
    assert all(snapshot.known_fabric_analysis(name) is analysis for name, analysis in analyses.items())
    assert type_counts(snapshot) == counts and snapshot.index.devices
    after = planning_estimates(snapshot, catalog, build_bom(design, catalog, snapshot.index))
    assert after.collectives == before.collectives and after.workload == before.workload
    assert after.tco.capex.total == before.tco.capex.total


def test_a_snapshot_has_its_own_table_of_resolved_links(catalog):
    """Sharing the live table, the worker cleared it for the snapshot's index and the UI
    thread cleared it back: the snapshot's records are its own, the live ones stay."""
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    ctx = Checker(design, catalog.cabling).ctx
    live = ctx.links
    assert len(live) > 0  # the checks resolved the links
    rows = len(live)
    snapshot = context_snapshot(ctx)
    assert snapshot.links is not live and snapshot.links.index is snapshot.index
    assert len(snapshot.links) == rows  # it starts from the live records
    build_bom(design, catalog, snapshot.index)
    assert ctx.links is live and live.index is ctx.index and len(live) == rows


@pytest.fixture()
def panel(qtbot, catalog, tmp_path):
    path = tmp_path / "example.json"
    save_design(load_design(example_design(), catalog), path)
    doc = DesignDocument.open(path, catalog)
    widget = EstimatesPanel(doc)
    qtbot.addWidget(widget)
    yield widget
    doc.runner.wait()


def test_a_big_design_is_estimated_over_a_snapshot_and_an_overtaken_result_is_dropped(panel, qtbot, monkeypatch):
    doc = panel.doc
    seen = []
    real = estimates_panel.planning_estimates

    def recording(ctx, catalog, bom):
        seen.append(ctx)
        return real(ctx, catalog, bom)

    monkeypatch.setattr(estimates_panel, "planning_estimates", recording)
    monkeypatch.setattr(doc.runner, "is_large", lambda design, fabric: True)
    # in this process, so that `seen` records the contexts (a forked child's copy would not)
    monkeypatch.setenv(isolated.NO_FORK_ENV, "1")
    with qtbot.waitSignal(panel.estimated, timeout=30000):
        panel.refresh()
        doc.changed.emit(None)  # an edit lands while the worker estimates: its result is stale
    assert len(seen) == 2, "the stale result was shown instead of estimating again"
    assert all(ctx is not doc.checker.ctx and ctx.index is not doc.checker.ctx.index for ctx in seen)
    text = panel.results.toPlainText()
    assert "Collective communication (NCCL model)" in text and "8,589,934,592" in text
    assert "Training workload sizing" in text and "Storage tier" in text
    assert "No RoCE v2 fabric" in text


@pytest.mark.skipif(not isolated.fork_available(), reason="no os.fork on this platform")
def test_a_big_design_is_estimated_in_a_forked_child(panel, qtbot, monkeypatch):
    """The pricing of a big design shares no interpreter lock with the UI thread: it runs in
    a forked child and its estimates come back and are shown."""
    real = estimates_panel.planning_estimates
    def stamped(ctx, catalog, bom):  # the estimates, marked with the process that computed them
        estimates = real(ctx, catalog, bom)
        return dataclasses.replace(estimates, workload={**estimates.workload, "computed_in": os.getpid()})

    monkeypatch.setattr(estimates_panel, "planning_estimates", stamped)
    monkeypatch.setattr(panel.doc.runner, "is_large", lambda design, fabric: True)
    with qtbot.waitSignal(panel.estimated, timeout=30000):
        panel.refresh()
    assert panel.estimates is not None and panel.estimates.workload["computed_in"] != os.getpid()
    assert "Collective communication (NCCL model)" in panel.results.toPlainText()


def test_the_workload_is_edited_in_the_panel_and_the_sizing_follows(panel, qtbot):
    with qtbot.waitSignal(panel.estimated, timeout=30000):
        panel.refresh()
    editor = panel.editors[("workload", None, "parameters_billion")]
    with qtbot.waitSignal(panel.estimated, timeout=30000):
        editor.setValue(70.0)
        editor.editingFinished.emit()
    assert panel.doc.design.estimates.workload.parameters_billion == 70.0
    assert panel.estimates.workload["model_states_gb"] == pytest.approx(1120.0)  # 70 B x 16 bytes
    assert "70.0 B parameters" in panel.results.toPlainText()


def test_poc_results_are_checked_and_shown_under_the_estimates(panel, qtbot):
    with qtbot.waitSignal(panel.estimated, timeout=30000):
        panel.refresh()
    with qtbot.waitSignal(panel.poc_checked, timeout=30000):
        panel.check_poc([str(DATA / "nccl_all_reduce_1node.txt"), str(DATA / "nccl_all_reduce_16node_slow.txt"),
                         str(DATA / "ib_write_bw_truncated.txt")])
    assert panel.poc["counts"]["fail"] == 1 and panel.poc["counts"]["pass"] == 1 and len(panel.poc["errors"]) == 1
    text = panel.results.toPlainText()
    assert "Appendix: POC acceptance results" in text and "nccl.all_reduce.fabric" in text
    assert "ib_write_bw_truncated.txt:21" in text
    assert panel.poc_button.text() == "Check POC results…"


def test_the_optimizer_is_chosen_in_words_and_the_states_follow(panel, qtbot):
    with qtbot.waitSignal(panel.estimated, timeout=30000):
        panel.refresh()
    combo = panel.editors[("workload", None, "optimizer")]
    assert [combo.itemText(i) for i in range(combo.count())] == ["Adam", "SGD with momentum"]
    with qtbot.waitSignal(panel.estimated, timeout=30000):
        combo.setCurrentIndex(combo.findData("sgd"))
    assert panel.doc.design.estimates.workload.optimizer == "sgd"
    # SGD with momentum, mixed precision: 2 + 2 + 8 bytes a parameter (ZeRO, Rajbhandari et al. 2020)
    assert panel.estimates.workload["bytes_per_parameter"]["total"] == 12.0
    assert "12 bytes per parameter, 84 GB in all" in panel.results.toPlainText()
