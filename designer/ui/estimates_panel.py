"""Planning estimates in the window: edit the inputs, see cost of ownership, all-reduce
time, scaling efficiency, storage sizing, growth stages and the assumptions behind them
update live. The figures are the report's (``planning_estimates``), so they match the CLI
and the proposal; the assumptions are said in the window's language, as the proposal says them.

The performance estimates (the collective curve in nccl-tests' columns, said for the design's
collective library on another vendor's accelerators; workload sizing,
storage tier, RoCE headroom and checklist) and POC results checked against the plan are said
from ``designer/report/performance.py``, as the proposal's performance section and POC
appendix say them. On a big design the estimates run on a pool thread over a snapshot of the
checker's context (``designer/estimates/snapshot.py``), never the live one the UI thread clears."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from designer.errors import DesignerError
from designer.model.estimates import (
    CommunicationInputs, CostInputs, ScalingInputs, Stage, StorageInputs, WorkloadInputs)
from designer.ui.commands import SetStages
from designer.estimates.bom import build_bom
from designer.estimates.snapshot import context_snapshot
from designer.estimates.results import PlanningEstimates
from designer.estimates.summary import planning_estimates
from designer.i18n import Translator
from designer.report.incomplete import break_even_text, incomplete_note, part_names, total_text
from designer.report.performance import Part, Table, performance_parts, poc_parts
from designer.report.product_names import PartNames, described_parts
from designer.ui.isolated import forked
from designer.ui import language
from designer.ui.forms import Field, property_box, show_value, within_model

# Labels are catalog keys (designer/ui/words.py), said in the window's language.
COST = [
    Field("energy_price_per_kwh", "est.energy_price", "float", "/kWh", optional=False, decimals=3),
    Field("utilization", "est.utilization", "float", optional=False, maximum=1.0),
    Field("pue", "est.pue", "float", maximum=3.0),
    Field("horizon_years", "est.horizon", "int", "unit.years", optional=False, maximum=15),
    Field("depreciation_years", "est.depreciation", "int", "unit.years", optional=False, maximum=15),
    Field("cloud_price_per_gpu_hour", "est.cloud_price", "float", optional=False),
    Field("installation_cost", "est.installation", "float", optional=False),
    Field("facility_cost", "est.facility", "float", optional=False),
    Field("maintenance_share_per_year", "est.maintenance", "float", optional=False, maximum=1.0),
    Field("staff_cost_per_year", "est.staff", "float", optional=False),
    Field("space_cost_per_year", "est.space", "float", optional=False),
]
COMMUNICATION = [
    Field("message_mb", "est.message", "float", "MB", optional=False),
    Field("alpha_intra_us", "est.alpha_intra", "float", "µs", optional=False),
    Field("alpha_inter_us", "est.alpha_inter", "float", "µs", optional=False),
    Field("link_efficiency", "est.link_efficiency", "float", optional=False, maximum=1.0),
]
SCALING = [
    Field("model_parameters_billion", "est.parameters", "float", "unit.billion", optional=False),
    Field("bytes_per_gradient", "est.bytes_per_gradient", "float", optional=False),
    Field("step_compute_s", "est.step_compute", "float", "s", optional=False, decimals=3),
    Field("overlap", "est.overlap", "float", optional=False, maximum=1.0),
]
STORAGE = [
    Field("samples_per_second_per_gpu", "est.samples", "float", optional=False),
    Field("sample_size_mb", "est.sample_size", "float", "MB", optional=False, decimals=3),
    Field("checkpoint_bytes_per_parameter", "est.checkpoint_bytes", "float", optional=False),
    Field("checkpoints_kept", "est.checkpoints_kept", "int", optional=False, maximum=1000),
    Field("dataset_tb", "est.dataset", "float", "TB", optional=False),
    Field("hot_share", "est.hot_share", "float", optional=False, maximum=1.0),
    Field("archive_copies", "est.archive_copies", "int", optional=False, maximum=10),
]
WORKLOAD = [
    Field("parameters_billion", "perf.in.parameters", "float", "unit.billion", optional=False, decimals=1),
    Field("tokens_billion", "perf.in.tokens", "float", "unit.billion", optional=False, decimals=0, maximum=1e7),
    Field("sequence_length", "perf.in.sequence", "int", optional=False, minimum=1, maximum=1048576),
    Field("global_batch_sequences", "perf.in.global_batch", "int", optional=False, minimum=1, maximum=1e7),
    Field("micro_batch_sequences", "perf.in.micro_batch", "int", optional=False, minimum=1, maximum=1e5),
    Field("precision", "perf.in.precision", "choice", choices=("bf16", "fp16", "fp8", "fp32"), optional=False),
    Field("optimizer", "perf.in.optimizer", "choice", choices=("adam", "sgd"), optional=False),
    Field("zero_stage", "perf.in.zero_stage", "int", optional=False, maximum=3),
    Field("recompute", "perf.in.recompute", "choice", choices=("none", "selective", "full"), optional=False),
    Field("tensor_parallel", "perf.in.tensor_parallel", "int", maximum=1e5),
    Field("pipeline_parallel", "perf.in.pipeline_parallel", "int", maximum=1e5),
    Field("data_parallel", "perf.in.data_parallel", "int", maximum=1e7),
    Field("peak_tflops_per_gpu", "perf.in.peak_tflops", "float", maximum=1e6, decimals=0),
    Field("mfu", "perf.in.mfu", "float", optional=False, maximum=1.0),
]


COST = within_model(COST, CostInputs)
COMMUNICATION = within_model(COMMUNICATION, CommunicationInputs)
SCALING = within_model(SCALING, ScalingInputs)
STORAGE = within_model(STORAGE, StorageInputs)
WORKLOAD = within_model(WORKLOAD, WorkloadInputs)


def parts_html(parts: list[Part]) -> str:
    """Parts (``designer/report/performance.py``) as the panel's HTML."""
    out = []
    for part in parts:
        out.append(f"<h3>{html.escape(part.title)}</h3>")
        for item in part.items:
            if isinstance(item, Table):
                out.append(_table_html(item))
            else:
                out.append(f"<p>{html.escape(item)}</p>")
        if part.bullets:
            out.append("<ul>" + "".join(f"<li>{html.escape(text)}</li>" for text in part.bullets) + "</ul>")
    return "".join(out)


def _table_html(table: Table) -> str:
    rows = []
    if table.header is not None:
        rows.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in table.header) + "</tr>")
    for row in table.rows:
        cells = []
        for i, cell in enumerate(row):
            align = " align=right" if i in table.numeric else ""
            cells.append(f"<td{align}>{html.escape(cell)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table cellspacing=4>" + "".join(rows) + "</table>"


def render_html(estimates: PlanningEstimates, t: Translator | None = None, poc: dict | None = None,
                part_name: Callable[[str], str] = str) -> str:
    """The estimates as the panel shows them; numbers and money the Translator's way
    (in Chinese, large sums in 万 and 亿 as the proposal writes them). ``part_name``: a
    catalog slug's product name, as the proposal names unpriced parts (default: the slug)."""
    t = t or Translator("en")
    currency = estimates.currency

    def money(value, short: bool = False, complete: bool = True) -> str:
        # a total without every part's price is a lower bound: "≥ USD x" (designer/report/incomplete.py)
        if value is None:
            return "–"
        # "≥ USD 44,864,872" is one unit on the line
        return html.escape(total_text(t, value, currency, complete, short=short)).replace(" ", "&nbsp;")

    def note(missing) -> str:
        return f"<i>{html.escape(incomplete_note(t, [part_name(name) for name in part_names(missing)]))}</i>"

    def pct(value) -> str:
        return "–" if value is None else t.pct(value)

    def row(cells, header: bool = False, align: str = "") -> str:
        tag = "th" if header else "td"
        return "<tr>" + "".join(f"<{tag}{align if i else ''}>{c}</{tag}>" for i, c in enumerate(cells)) + "</tr>"

    right = " align=right"
    tco = estimates.tco
    capex, opex = tco.capex, tco.opex_per_year
    out = [f"<h3>{t('est.cost')}</h3><table cellspacing=4>"]
    capex_ok = capex.complete
    build_ok = tco.complete
    rows = [(t("res.capex"), f"<b>{money(capex.total, complete=capex_ok)}</b>")]
    if not capex_ok:
        # a line of its own across both columns: in the figure column it wrapped the sum
        # itself ("≥ USD 44,864,87 / 2") in a narrow dock
        rows.append((None, note(capex.missing_parts or capex.unpriced_parts)))
    break_even = break_even_text(t, tco.break_even_utilization, tco.break_even_status)
    rows += [
        (t("res.opex"), f"<b>{money(opex.total, complete=opex.complete)}</b>"),
        (t("res.build", years=tco.horizon_years), f"<b>{money(tco.build_total, complete=build_ok)}</b>"),
        (t("res.cloud", years=tco.horizon_years), f"<b>{money(tco.cloud_total)}</b>"),
        (t("break_even"), f"<b>{html.escape(break_even)}</b>"),
    ]
    # a figure is never broken over two lines
    out += [f"<tr><td colspan=2>{v}</td></tr>" if k is None else f"<tr><td>{k}</td><td align=right nowrap>{v}</td></tr>"
            for k, v in rows]
    out.append("</table><table cellspacing=4>")
    out.append(row([t("utilization"), t("res.build_column"), t("res.cloud_column")], header=True))
    for point in tco.by_utilization:
        complete = point.complete
        # a lower bound below the cloud says nothing about which is cheaper: bold only a complete figure
        cheaper = (complete and point.build_total is not None and point.cloud_total is not None
                   and point.build_total < point.cloud_total)
        build = money(point.build_total, short=True, complete=complete)
        out.append(row([pct(point.utilization), f"<b>{build}</b>" if cheaper else build,
                        money(point.cloud_total, short=True)], align=right))
    out.append("</table>")
    allreduce = estimates.allreduce
    title = t("res.allreduce", mb=t.int(allreduce.message_mb), gpus=t.int(allreduce.gpus))
    out.append(f"<h3>{title}</h3><table cellspacing=4>")
    out.append(row([t("algorithm"), t("res.time"), t("res.algbw"), t("res.busbw")], header=True))
    for algorithm in allreduce.algorithms:
        time_ms = algorithm.time_ms
        out.append(row([algorithm.name, "–" if time_ms is None else f"{t.num(time_ms, 2)} ms",
                        f"{t.num(algorithm.algbw_gbytes_s or 0)} GB/s",
                        f"{t.num(algorithm.busbw_gbytes_s or 0)} GB/s"], align=right))
    out.append("</table>")
    out.append(f"<h3>{t('res.scaling')}</h3><table cellspacing=4>")
    out.append(row([t("res.servers"), t("res.gpus"), t("res.efficiency"), t("res.at_1to1"), t("res.at_2to1")],
                   header=True))
    for scaled in estimates.scaling.points:
        out.append(row([t.int(scaled.nodes), t.int(scaled.gpus), pct(scaled.efficiency),
                        pct(scaled.efficiency_1to1), pct(scaled.efficiency_2to1)]))
    out.append("</table>")
    storage = estimates.storage
    out.append(f"<h3>{t('res.storage')}</h3><table cellspacing=4>")
    out.append(row([t("res.read"), f"{t.num(storage.read_required_gbytes_s)} / "
                                   f"{t.num(storage.read_available_gbytes_s)} GB/s"]))
    write_s = storage.checkpoint_write_s
    out.append(row([t("res.checkpoint"), t("res.checkpoint_value", tb=t.num(storage.checkpoint_size_tb, 3),
                                          time=t("res.unknown_time") if write_s is None else f"{t.num(write_s)} s")]))
    for tier in storage.tiers:
        name = f"tier_{tier['tier']}"
        out.append(row([t("res.tier", tier=t(name) if t.has(name) else tier["tier"]),
                        t("res.tier_value", tb=t.num(tier["capacity_tb"]), media=tier["media"])]))
    out.append("</table>")
    if estimates.stages:
        out.append(f"<h3>{t('stages')}</h3><table cellspacing=4>")
        out.append(row([t("res.stage"), t("res.gpus"), "kW", t("res.capex")], header=True))
        for stage in estimates.stages:
            out.append(row([html.escape(stage["name"]), t.int(stage["gpus"]), t.num(stage["power_max_kw"]),
                            money(stage["capex"], complete=stage.get("capex_complete", True))]))
        out.append("</table>")
        for stage in estimates.stages:
            if not stage.get("capex_complete", True):
                out.append(f"<p>{html.escape(stage['name'])}: {note(stage.get('missing_parts') or [])}</p>")
    # the performance estimates and POC verdicts, as the proposal's section and appendix say them
    # (the proposal's renderers read the report's ``estimates`` block, so they get it here too)
    block = estimates.as_dict()
    out.append(parts_html(performance_parts(block, t, part_name)))
    if poc is not None:
        out.append(parts_html(poc_parts(poc, t)))
    # what the figures rest on, in the window's language (from ``assumption_keys``, as the proposal says them)
    assumptions = t.assumptions(block)
    if assumptions:
        out.append(f"<h3>{t('assumptions')}</h3><ul>")
        out += [f"<li>{html.escape(str(text))}</li>" for text in assumptions]
        out.append("</ul>")
    return "".join(out)


class EstimatesPanel(QWidget):
    estimated = Signal()  # new results are shown
    poc_checked = Signal()  # POC results were checked against the plan

    def _part_names(self) -> PartNames:
        """Parts' product names by the proposal's rule (``PartNames``), the unpriced parts'
        descriptions from the estimates shown; made for each rendering."""
        described = described_parts(self.estimates.as_dict()) if self.estimates is not None else ()
        return PartNames.of(self.doc.design, self.doc.catalog, described)

    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.error = QLabel("")
        self.error.setStyleSheet("color: #d0342c;")
        self.inputs = QWidget()
        self.inputs_layout = QVBoxLayout(self.inputs)
        # never squeeze the forms to fit: scroll instead
        self.inputs_layout.setSizeConstraint(QLayout.SetMinimumSize)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.inputs)
        self.results = QTextBrowser()
        # lines break between words only: a figure ("44,864,872") or a part's slug is never
        # cut in two in a narrow dock (Qt's default also breaks anywhere in a word)
        self.results.setWordWrapMode(QTextOption.WordWrap)
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(scroll)
        splitter.addWidget(self.results)
        # inputs and results share the dock evenly (the inputs' own hint would leave them one row)
        splitter.setSizes([1, 1])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.error)
        layout.addWidget(splitter)
        self.poc_button = QPushButton()
        self.poc_button.clicked.connect(self._choose_poc_files)
        layout.addWidget(self.poc_button)
        self.editors = {}
        self._stages_shown: list = []
        self.estimates: PlanningEstimates | None = None
        self.poc: dict | None = None  # ``designer poc check``'s verdicts, once results are given
        self._running = False
        self._generation = 0  # counts edits: a result an edit overtook is not shown
        self._timer = QTimer(self, singleShot=True, interval=200)
        self._timer.timeout.connect(self.refresh)
        self.bind(doc)

    def bind(self, doc) -> None:
        self.doc = doc
        doc.changed.connect(lambda _c: self._changed())
        self._build_inputs()
        self._timer.start()

    @property
    def estimating(self) -> bool:
        """A refresh is due or its estimates are being computed (the benchmarks wait for it)."""
        return self._timer.isActive() or self._running

    def _changed(self) -> None:
        self._generation += 1
        if self._stages_shown == list(self.doc.design.stages):
            # the forms stay (a move, a rack added): the values in place, the editor the
            # user types in left alone — rebuilding 40 editors held every edit ~10 ms
            self._show_values()
        else:
            self._build_inputs()
        self._timer.start()

    def _sections(self) -> list[tuple[str, str, list, Any]]:
        estimates = self.doc.design.estimates
        return [("cost", "est.cost", COST, estimates.cost),
                ("communication", "est.communication", COMMUNICATION, estimates.communication),
                ("scaling", "est.scaling", SCALING, estimates.scaling),
                ("storage_inputs", "est.storage", STORAGE, estimates.storage),
                ("workload", "perf.in.workload", WORKLOAD, estimates.workload)]

    def _show_values(self) -> None:
        for kind, _title, fields, obj in self._sections():
            for spec in fields:
                editor = self.editors.get((kind, None, spec.name))
                if editor is not None:
                    show_value(editor, spec, getattr(obj, spec.name))

    def retranslate(self) -> None:
        """After a language switch: the inputs and the last results in the new words."""
        self.error.setText("")
        self._build_inputs()
        if self.estimates is not None:
            self.results.setHtml(render_html(self.estimates, language.current(), self.poc, self._part_names()))

    def _build_inputs(self) -> None:
        while self.inputs_layout.count():
            widget = self.inputs_layout.takeAt(0).widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.editors.clear()
        t = language.current()
        self._stages_shown = list(self.doc.design.stages)
        for kind, title, fields, obj in self._sections():
            box, editors = property_box(self.doc, kind, None, t(title), fields, obj, self.error)
            self.editors.update(editors)
            self.inputs_layout.addWidget(box)
        self.inputs_layout.addWidget(self._stages_box())
        self.poc_button.setText(t("perf.poc_button"))

    def _stages_box(self) -> QGroupBox:
        """Growth stages: name, date and the racks (and extra devices) each holds."""
        t = language.current()
        box = QGroupBox(t("est.stages"))
        form = QFormLayout(box)
        self.stage_editors = []
        for i, stage in enumerate(self.doc.design.stages):
            name = QLineEdit(stage.name)
            date = QLineEdit(stage.date or "")
            racks = QLineEdit(", ".join(stage.racks))
            devices = QLineEdit(", ".join(stage.devices))
            racks.setPlaceholderText(t("est.racks_hint"))
            devices.setPlaceholderText(t("est.devices_hint"))
            remove = QPushButton(t("est.remove"))
            for editor in (name, date, racks, devices):
                editor.editingFinished.connect(self._commit_stages)
            remove.clicked.connect(lambda _=False, i=i: self._remove_stage(i))
            self.stage_editors.append((name, date, racks, devices))
            form.addRow(t("est.stage_n", n=i + 1), name)
            form.addRow(t("est.date"), date)
            form.addRow(t("est.racks"), racks)
            form.addRow(t("est.devices"), devices)
            form.addRow("", remove)
        add = QPushButton(t("est.add_stage"))
        add.clicked.connect(self._add_stage)
        form.addRow("", add)
        return box

    def _stages_from_editors(self) -> list[Stage]:
        def names(text: str) -> list[str]:
            return [n.strip() for n in text.replace(";", ",").split(",") if n.strip()]

        stages = []
        for (name, date, racks, devices), old in zip(self.stage_editors, self.doc.design.stages):
            stages.append(Stage(name=name.text().strip() or old.name, date=date.text().strip() or None,
                                description=old.description, racks=names(racks.text()), devices=names(devices.text())))
        return stages

    def _push_stages(self, stages) -> None:
        try:
            command = SetStages(self.doc, stages)
        except (DesignerError, ValueError) as exc:
            error = exc.format() if isinstance(exc, DesignerError) else exc
            self.error.setText(language.current()("est.stages_error", error=error))
            return
        self.error.setText("")
        self.doc.push(command)

    def _commit_stages(self) -> None:
        try:
            stages = self._stages_from_editors()
        except ValueError as exc:
            self.error.setText(language.current()("est.stages_error", error=exc))
            return
        if [s.model_dump() for s in stages] != [s.model_dump() for s in self.doc.design.stages]:
            self._push_stages(stages)

    def _add_stage(self) -> None:
        existing = {s.name for s in self.doc.design.stages}
        n = len(existing) + 1
        t = language.current()  # a new stage is named in the window's language, like any name the user types
        while t("est.stage_n", n=n) in existing:
            n += 1
        stage = Stage(name=t("est.stage_n", n=n), racks=[r.name for r in self.doc.design.racks])
        self._push_stages([*self.doc.design.stages, stage])

    def _remove_stage(self, i: int) -> None:
        stages = list(self.doc.design.stages)
        del stages[i]
        self._push_stages(stages)

    def refresh(self) -> None:
        doc = self.doc
        if doc.checker is None or self._running:
            self._timer.start()
            return
        ctx = doc.checker.ctx
        generation = self._generation
        # the design and catalog as they are now: the work may run after the document is gone
        design, catalog = doc.design, doc.catalog

        def work(source):
            bom = build_bom(design, catalog, source.index)
            return planning_estimates(source, catalog, bom)

        if doc.runner.is_large(doc.design, None):
            # pricing every cable of a big design takes a second: not on the UI thread, and over
            # a snapshot of the checker's context, which the UI thread goes on editing (issue 18)
            snapshot = context_snapshot(ctx)
            self._running = True
            self.results.setHtml(f"<i>{language.current()('est.estimating')}</i>")
            # in a forked child (designer.ui.isolated): the pricing shares no interpreter lock
            # with the UI thread, so the user's next drag is not slowed by it
            doc.runner.run(lambda: forked(lambda: work(snapshot)), lambda estimates: self._show(estimates, generation))
        else:
            self._show(work(ctx), generation)

    def _show(self, estimates: PlanningEstimates, generation: int | None = None) -> None:
        self._running = False
        if generation is not None and generation != self._generation:
            self._timer.start()  # an edit came while these were computed: estimate again
            return
        self.estimates = estimates
        self.results.setHtml(render_html(estimates, language.current(), self.poc, self._part_names()))
        self.estimated.emit()

    # -- POC results ------------------------------------------------------------

    def _choose_poc_files(self) -> None:
        t = language.current()
        files, _filter = QFileDialog.getOpenFileNames(self, t("perf.poc_dialog"), "",
                                                      t("perf.poc_filter") + " (*.txt *.log *.out *.json);;* (*)")
        if files:
            self.check_poc(files)

    def check_poc(self, files: list[str]) -> None:
        """Check nccl-tests, perftest and fio outputs against the design's POC plan (on a pool
        thread: the plan runs the checks), then show the verdicts under the estimates."""
        from designer.poc.check import check_results
        from designer.poc.plan import PocContext, build_plan

        doc = self.doc
        design, catalog = doc.design, doc.catalog

        def work():
            poc = PocContext(design, catalog)
            return check_results(build_plan(design, catalog, poc=poc), poc, files)

        def done(report) -> None:
            self.poc = report
            if self.estimates is not None:
                self.results.setHtml(render_html(self.estimates, language.current(), report, self._part_names()))
            self.poc_checked.emit()

        doc.runner.run(work, done)
