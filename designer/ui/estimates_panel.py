"""Planning estimates in the window: edit the inputs, see cost of ownership, all-reduce
time, scaling efficiency, storage sizing and growth stages update live. The figures
are the report's (``planning_estimates``), so they match the CLI and the proposal."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
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
from designer.model.estimates import Stage
from designer.ui.commands import SetStages
from designer.estimates.bom import build_bom
from designer.estimates.summary import planning_estimates
from designer.ui.forms import Field, property_box

COST = [
    Field("energy_price_per_kwh", "Energy price", "float", "/kWh", optional=False, decimals=3),
    Field("utilization", "Utilisation", "float", optional=False, maximum=1.0),
    Field("pue", "PUE (blank: room's)", "float", maximum=3.0),
    Field("horizon_years", "Horizon", "int", "years", optional=False, maximum=15),
    Field("depreciation_years", "Depreciation", "int", "years", optional=False, maximum=15),
    Field("cloud_price_per_gpu_hour", "Cloud price per GPU-hour", "float", optional=False),
    Field("installation_cost", "Installation", "float", optional=False),
    Field("facility_cost", "Facility", "float", optional=False),
    Field("maintenance_share_per_year", "Maintenance per year (share of CAPEX)", "float", optional=False, maximum=1.0),
    Field("staff_cost_per_year", "Staff per year", "float", optional=False),
    Field("space_cost_per_year", "Space per year", "float", optional=False),
]
COMMUNICATION = [
    Field("message_mb", "All-reduce message", "float", "MB", optional=False),
    Field("alpha_intra_us", "Latency per step in a server", "float", "µs", optional=False),
    Field("alpha_inter_us", "Latency per step across the fabric", "float", "µs", optional=False),
    Field("link_efficiency", "Link efficiency", "float", optional=False, maximum=1.0),
]
SCALING = [
    Field("model_parameters_billion", "Model parameters", "float", "billion", optional=False),
    Field("bytes_per_gradient", "Bytes per gradient", "float", optional=False),
    Field("step_compute_s", "Compute per step", "float", "s", optional=False, decimals=3),
    Field("overlap", "Communication hidden", "float", optional=False, maximum=1.0),
]
STORAGE = [
    Field("samples_per_second_per_gpu", "Samples per second per GPU", "float", optional=False),
    Field("sample_size_mb", "Sample size", "float", "MB", optional=False, decimals=3),
    Field("checkpoint_bytes_per_parameter", "Checkpoint bytes per parameter", "float", optional=False),
    Field("checkpoints_kept", "Checkpoints kept", "int", optional=False, maximum=1000),
    Field("dataset_tb", "Dataset", "float", "TB", optional=False),
    Field("hot_share", "Hot share of the dataset", "float", optional=False, maximum=1.0),
    Field("archive_copies", "Archive copies", "int", optional=False, maximum=10),
]


def _money(value, currency: str) -> str:
    return "–" if value is None else f"{value:,.0f} {currency}"


def render_html(estimates: dict) -> str:
    currency = estimates["currency"]
    tco = estimates["tco"]
    capex, opex = tco["capex"], tco["opex_per_year"]
    out = ["<h3>Cost of ownership</h3><table cellspacing=4>"]
    rows = [
        ("CAPEX", _money(capex["total"], currency) + ("" if capex.get("complete", True)
                                                      else f" <i>({len(capex['unpriced_parts'])} parts unpriced)</i>")),
        ("OPEX per year", _money(opex["total"], currency)),
        (f"Build, {tco['horizon_years']} years", _money(tco["build_total"], currency)),
        (f"Cloud, {tco['horizon_years']} years", _money(tco["cloud_total"], currency)),
        ("Break-even utilisation", "building never wins" if tco["break_even_utilization"] is None
         else f"{tco['break_even_utilization']:.0%}"),
    ]
    out += [f"<tr><td>{k}</td><td align=right><b>{v}</b></td></tr>" for k, v in rows]
    out.append("</table><table cellspacing=4><tr><th>Utilisation</th><th>Build</th><th>Cloud</th></tr>")
    for row in tco["by_utilization"]:
        cheaper = row["build_total"] < row["cloud_total"]
        out.append(f"<tr><td>{row['utilization']:.0%}</td><td align=right>{'<b>' if cheaper else ''}"
                   f"{_money(row['build_total'], currency)}</td><td align=right>{_money(row['cloud_total'], currency)}</td></tr>")
    out.append("</table>")
    allreduce = estimates["allreduce"]
    out.append(f"<h3>All-reduce of {allreduce.get('message_mb', 0):,.0f} MB over {allreduce.get('gpus', 0):,} GPUs</h3>")
    out.append("<table cellspacing=4><tr><th>Algorithm</th><th>Time</th><th>Alg. bandwidth</th><th>Bus bandwidth</th></tr>")
    for algorithm in allreduce.get("algorithms", []):
        time_ms = algorithm.get("time_ms")
        out.append(f"<tr><td>{algorithm['name']}</td><td align=right>{'–' if time_ms is None else f'{time_ms:,.2f} ms'}</td>"
                   f"<td align=right>{algorithm.get('algbw_gbytes_s') or 0:,.1f} GB/s</td>"
                   f"<td align=right>{algorithm.get('busbw_gbytes_s') or 0:,.1f} GB/s</td></tr>")
    out.append("</table>")
    scaling = estimates["scaling"]
    out.append("<h3>Data-parallel scaling</h3><table cellspacing=4><tr><th>Servers</th><th>GPUs</th>"
               "<th>Efficiency</th><th>at 1:1</th><th>at 2:1</th></tr>")
    for point in scaling.get("points", []):
        def pct(value):
            return "–" if value is None else f"{value:.0%}"
        out.append(f"<tr><td>{point['nodes']}</td><td>{point['gpus']}</td><td>{pct(point.get('efficiency'))}</td>"
                   f"<td>{pct(point.get('efficiency_1to1'))}</td><td>{pct(point.get('efficiency_2to1'))}</td></tr>")
    out.append("</table>")
    storage = estimates["storage"]
    out.append("<h3>Storage</h3><table cellspacing=4>")
    out.append(f"<tr><td>Read needed / available</td><td>{storage.get('read_required_gbytes_s', 0):,.1f} / "
               f"{storage.get('read_available_gbytes_s', 0):,.1f} GB/s</td></tr>")
    write_s = storage.get("checkpoint_write_s")
    out.append(f"<tr><td>Checkpoint</td><td>{storage.get('checkpoint_size_tb', 0):,.3f} TB, written in "
               f"{'unknown time' if write_s is None else f'{write_s:,.1f} s'}</td></tr>")
    for tier in storage.get("tiers", []):
        out.append(f"<tr><td>{tier['tier']} tier</td><td>{tier['capacity_tb']:,.1f} TB on {tier['media']}</td></tr>")
    out.append("</table>")
    if estimates["stages"]:
        out.append("<h3>Growth stages</h3><table cellspacing=4><tr><th>Stage</th><th>GPUs</th><th>kW</th><th>CAPEX</th></tr>")
        for stage in estimates["stages"]:
            out.append(f"<tr><td>{stage['name']}</td><td>{stage['gpus']}</td><td>{stage['power_max_kw']:,.1f}</td>"
                       f"<td>{_money(stage['capex'], currency)}</td></tr>")
        out.append("</table>")
    return "".join(out)


class EstimatesPanel(QWidget):
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
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(scroll)
        splitter.addWidget(self.results)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.error)
        layout.addWidget(splitter)
        self.editors = {}
        self.estimates: dict | None = None
        self._running = False
        self._timer = QTimer(self, singleShot=True, interval=200)
        self._timer.timeout.connect(self.refresh)
        self.bind(doc)

    def bind(self, doc) -> None:
        self.doc = doc
        doc.changed.connect(lambda _c: self._changed())
        self._build_inputs()
        self._timer.start()

    def _changed(self) -> None:
        self._build_inputs()
        self._timer.start()

    def _build_inputs(self) -> None:
        while self.inputs_layout.count():
            widget = self.inputs_layout.takeAt(0).widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.editors.clear()
        estimates = self.doc.design.estimates
        for kind, title, fields, obj in (("cost", "Cost of ownership", COST, estimates.cost),
                                         ("communication", "Collective communication", COMMUNICATION, estimates.communication),
                                         ("scaling", "Scaling", SCALING, estimates.scaling),
                                         ("storage_inputs", "Storage", STORAGE, estimates.storage)):
            box, editors = property_box(self.doc, kind, None, title, fields, obj, self.error)
            self.editors.update(editors)
            self.inputs_layout.addWidget(box)
        self.inputs_layout.addWidget(self._stages_box())

    def _stages_box(self) -> QGroupBox:
        """Growth stages: name, date and the racks (and extra devices) each holds."""
        box = QGroupBox("Growth stages")
        form = QFormLayout(box)
        self.stage_editors = []
        for i, stage in enumerate(self.doc.design.stages):
            name = QLineEdit(stage.name)
            date = QLineEdit(stage.date or "")
            racks = QLineEdit(", ".join(stage.racks))
            devices = QLineEdit(", ".join(stage.devices))
            racks.setPlaceholderText("racks, e.g. A01, A02")
            devices.setPlaceholderText("extra devices, e.g. cmp-spine01")
            remove = QPushButton("Remove")
            for editor in (name, date, racks, devices):
                editor.editingFinished.connect(self._commit_stages)
            remove.clicked.connect(lambda _=False, i=i: self._remove_stage(i))
            self.stage_editors.append((name, date, racks, devices))
            form.addRow(f"Stage {i + 1}", name)
            form.addRow("Date", date)
            form.addRow("Racks", racks)
            form.addRow("Devices", devices)
            form.addRow("", remove)
        add = QPushButton("Add a stage (all racks)")
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
            self.error.setText(f"Stages: {exc.format() if isinstance(exc, DesignerError) else exc}")
            return
        self.error.setText("")
        self.doc.push(command)

    def _commit_stages(self) -> None:
        try:
            stages = self._stages_from_editors()
        except ValueError as exc:
            self.error.setText(f"Stages: {exc}")
            return
        if [s.model_dump() for s in stages] != [s.model_dump() for s in self.doc.design.stages]:
            self._push_stages(stages)

    def _add_stage(self) -> None:
        existing = {s.name for s in self.doc.design.stages}
        n = len(existing) + 1
        while f"Stage {n}" in existing:
            n += 1
        stage = Stage(name=f"Stage {n}", racks=[r.name for r in self.doc.design.racks])
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

        def work():
            bom = build_bom(doc.design, doc.catalog, ctx.index)
            return planning_estimates(ctx, doc.catalog, bom)

        if doc.runner.is_large(doc.design, None):
            # pricing every cable of a big design takes a second: not on the UI thread
            self._running = True
            self.results.setHtml("<i>Estimating…</i>")
            doc.runner.run(work, self._show)
        else:
            self._show(work())

    def _show(self, estimates: dict) -> None:
        self._running = False
        self.estimates = estimates
        self.results.setHtml(render_html(estimates))
