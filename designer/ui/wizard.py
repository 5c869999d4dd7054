"""New design wizard: the fabric generator's inputs as a dialog, with a live preview of
the switch, rack and power counts (generated in the background as the inputs change)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from designer.errors import DesignerError
from designer.fabric.generate import GenerateSpec, generate, uncabled_port_groups
from designer.fabric.plan import parse_ratio
from designer.i18n import Translator
from designer.model.supplied import figure_value, published
from designer.report.json_report import Report, report_parts
from designer.ui import language
from designer.ui.words_generate import generation_problem


class _Signals(QObject):
    done = Signal(int, object)


class _Preview(QRunnable):
    def __init__(self, serial: int, spec: GenerateSpec, catalog, signals: _Signals, t: Translator) -> None:
        super().__init__()
        self.serial, self.spec, self.catalog, self.signals, self.t = serial, spec, catalog, signals, t

    def run(self) -> None:
        try:
            design = generate(self.spec, self.catalog)
            lines = summary(report_parts(design), self.t) + uncabled_summary(uncabled_port_groups(design), self.t)
            result = (design, lines, None)
        except DesignerError as exc:
            # a refusal the window can cause is said in its words (its fields, its language)
            result = (None, [], generation_problem(exc, self.t))
        self.signals.done.emit(self.serial, result)


def uncabled_summary(rows: list[dict], t: Translator) -> list[str]:
    if not rows:
        return []
    groups = [t("wizard.uncabled_group", ports=t.int(r["ports"]), speed=f"{r['speed_gbps']:g}", group=r["group"],
                device_type=r["device_type"]) for r in rows]
    return [t("wizard.uncabled", groups="; ".join(groups))]


def summary(report: Report, t: Translator | None = None) -> list[str]:
    t = t or Translator("en")
    totals = report.totals
    lines = [t("wizard.totals", servers=t.int(totals["servers"]), gpus=t.int(totals["gpus"]),
               racks=t.int(totals["racks"]), kw=t.num(totals["power_max_kw"]))]
    for fabric in report.fabrics:
        sw = fabric.switches
        lines.append(t("wizard.fabric", fabric=fabric.name, leaf=t.int(sw.leaf), spine=t.int(sw.spine),
                       core=t.int(sw.core), links=t.int(fabric.links.leaf_spine)))
    errors = sum(1 for f in report.findings if f.severity == "error")
    warnings = sum(1 for f in report.findings if f.severity == "warning")
    lines.append(t("wizard.findings", errors=t.count("status.errors", errors),
                   warnings=t.count("status.warnings", warnings)))
    return lines


class NewDesignWizard(QDialog):
    preview_ready = Signal()

    def __init__(self, catalog, parent=None) -> None:
        super().__init__(parent)
        # built in the window's language; a dialog is modal, so it never sees a switch
        t = self.t = language.current()
        self.setWindowTitle(t("wizard.title"))
        self.catalog = catalog
        self.design = None
        kinds = {k: sorted(t.slug for t in catalog.device_types.values() if t.kind == k) for k in ("server", "switch",
                                                                                                   "storage")}
        self.name = QLineEdit(t("wizard.default_name"))
        self.customer = QLineEdit()
        self.server = QComboBox()
        self.server.addItems(kinds["server"])
        self.server.setCurrentText("nvidia-dgx-h100")
        self.count_kind = QComboBox()
        self.count_kind.addItem(t("wizard.nodes"), "nodes")
        self.count_kind.addItem(t("wizard.gpus"), "gpus")
        self.count = QSpinBox()
        self.count.setRange(1, 200000)
        self.count.setValue(16)
        self.switch = QComboBox()
        self.switch.addItems(kinds["switch"])
        self.switch.setCurrentText("nvidia-qm9700")
        self.ratio = QComboBox()
        self.ratio.setEditable(True)
        self.ratio.addItems(["1:1", "2:1", "3:1"])
        self.rail = QCheckBox(t("wizard.rail"))
        self.rail.setChecked(True)
        # designer new --in-rack-copper: DAC between switches in one rack instead of the RA's optics
        self.in_rack_copper = QCheckBox(t("wizard.in_rack_copper"))
        self.in_rack_copper.setToolTip(t("wizard.in_rack_copper_tip"))
        self.tiers = QComboBox()
        for tiers in ("auto", "2", "3"):
            self.tiers.addItem(t(f"wizard.{tiers}") if tiers == "auto" else tiers, tiers)
        self.storage = QComboBox()
        self.storage.addItem(t("wizard.no_storage"), None)
        for slug in kinds["storage"]:
            self.storage.addItem(slug, slug)
        self.storage_nodes = QSpinBox()
        self.storage_nodes.setRange(0, 1000)
        self.rack_power = QDoubleSpinBox()
        self.rack_power.setRange(1, 500)
        self.rack_power.setValue(40)
        self.rack_power.setSuffix(" kW")
        # the GPU racks' type (designer new --rack-type): a rack-scale system needs one that carries it
        self.rack_type = QComboBox()
        self.rack_type.addItems(sorted(catalog.rack_types))
        self.rack_type.setCurrentText(GenerateSpec.__dataclass_fields__["rack_type"].default)
        self.cooling = QComboBox()
        for cooling in ("air", "liquid"):
            self.cooling.addItem(t(f"wizard.{cooling}"), cooling)
        # figures the vendor may not publish (designer new --server-max-kw / --server-weight-kg):
        # 0 leaves the catalog's figure ("vendor's figure" where published, else a request for
        # it: _figure_boxes); a value is stored as supplied by you
        self.server_max_kw = QDoubleSpinBox()
        self.server_max_kw.setRange(0, 1000)
        self.server_max_kw.setDecimals(2)
        self.server_max_kw.setSuffix(" kW")
        self.server_max_kw.setSpecialValueText(t("wizard.published"))
        self.server_weight_kg = QDoubleSpinBox()
        self.server_weight_kg.setRange(0, 10000)
        self.server_weight_kg.setDecimals(1)
        self.server_weight_kg.setSuffix(" kg")
        self.server_weight_kg.setSpecialValueText(t("wizard.published"))
        # the share of a liquid-cooled server's heat its liquid loop removes (--server-liquid-share),
        # in per cent here; 0 leaves the catalog's
        self.server_liquid_pct = QDoubleSpinBox()
        self.server_liquid_pct.setRange(0, 100)
        self.server_liquid_pct.setDecimals(0)
        self.server_liquid_pct.setSuffix(" %")
        self.server_liquid_pct.setSpecialValueText(t("wizard.published"))
        self.supply_note = QLabel("")
        self.supply_note.setWordWrap(True)
        self.preview = QLabel("…")
        self.preview.setWordWrap(True)
        self.preview.setMinimumHeight(90)
        form = QFormLayout()
        form.addRow(t("wizard.name"), self.name)
        form.addRow(t("wizard.customer"), self.customer)
        form.addRow(t("wizard.server"), self.server)
        form.addRow(t("wizard.size_in"), self.count_kind)
        form.addRow(t("wizard.count"), self.count)
        form.addRow(t("wizard.switch"), self.switch)
        form.addRow(t("wizard.ratio"), self.ratio)
        form.addRow("", self.rail)
        form.addRow("", self.in_rack_copper)
        form.addRow(t("wizard.tiers"), self.tiers)
        form.addRow(t("wizard.storage"), self.storage)
        form.addRow(t("wizard.storage_nodes"), self.storage_nodes)
        form.addRow(t("wizard.rack_power"), self.rack_power)
        form.addRow(t("wizard.rack_type"), self.rack_type)
        form.addRow(t("wizard.cooling"), self.cooling)
        form.addRow(t("wizard.server_max_kw"), self.server_max_kw)
        form.addRow(t("wizard.server_weight_kg"), self.server_weight_kg)
        form.addRow(t("wizard.server_liquid_share"), self.server_liquid_pct)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.supply_note)  # the full width: it is a sentence, not a field
        layout.addWidget(QLabel(f"<b>{t('wizard.preview')}</b>"))
        layout.addWidget(self.preview)
        layout.addWidget(buttons)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._signals = _Signals(self)
        self._signals.done.connect(self._show)
        self._serial = 0
        self._timer = QTimer(self, singleShot=True, interval=250)
        self._timer.timeout.connect(self.refresh)
        for widget in (self.server, self.count_kind, self.switch, self.ratio, self.tiers, self.storage, self.rack_type,
                       self.cooling):
            widget.currentTextChanged.connect(self._timer.start)
        for widget in (self.count, self.storage_nodes):
            widget.valueChanged.connect(self._timer.start)
        for widget in (self.rack_power, self.server_max_kw, self.server_weight_kg, self.server_liquid_pct):
            widget.valueChanged.connect(self._timer.start)
        self.rail.toggled.connect(self._timer.start)
        self.in_rack_copper.toggled.connect(self._timer.start)
        self.refresh()

    def spec(self) -> GenerateSpec:
        # the combo boxes show words in the window's language and hold the generator's values
        storage = self.storage.currentData()
        count = self.count.value()
        return GenerateSpec(
            server=self.server.currentText(),
            switch=self.switch.currentText(),
            nodes=count if self.count_kind.currentData() == "nodes" else None,
            gpus=count if self.count_kind.currentData() == "gpus" else None,
            oversubscription=parse_ratio(self.ratio.currentText()),
            rail_optimized=self.rail.isChecked(),
            in_rack_copper=self.in_rack_copper.isChecked(),
            tiers=self.tiers.currentData(),
            storage=storage,
            storage_nodes=self.storage_nodes.value() if storage else 0,
            rack_power_kw=self.rack_power.value(),
            rack_type=self.rack_type.currentText(),
            cooling=self.cooling.currentData(),
            name=self.name.text().strip() or None,
            customer=self.customer.text().strip() or None,
            server_max_kw=self.server_max_kw.value() or None,
            server_weight_kg=self.server_weight_kg.value() or None,
            server_liquid_share=self.server_liquid_pct.value() / 100 or None,
        )

    def _supply_note(self) -> str:
        """What the chosen server lacks, and what the supply fields will do."""
        server = self.catalog.device_types.get(self.server.currentText())
        if server is None:
            return ""
        missing = [self.t(f"supplied.what.{f}") for f in ("power.max_w", "weight", "cooling.liquid_share")
                   if figure_value(server, f) is None]
        if not missing:
            return ""
        # "no maximum power or weight" (zh: 最大功耗、重量)
        figures = (self.t.list_sep.join(missing) if self.t.is_zh or len(missing) < 2
                   else f"{', '.join(missing[:-1])} or {missing[-1]}")
        return self.t("wizard.supply_note", figures=figures)

    def _figure_boxes(self, server) -> None:
        """Each figure box's empty text and tip follow the chosen server: "vendor's figure" where
        the vendor publishes it, else a request for it (``designer new`` requires it then)."""
        for box, figure in ((self.server_max_kw, "power.max_w"), (self.server_weight_kg, "weight"),
                            (self.server_liquid_pct, "cooling.liquid_share")):
            shown = server is None or published(server, figure)
            box.setSpecialValueText(self.t("wizard.published" if shown else "wizard.enter_figure"))
            box.setToolTip(self.t("wizard.published_tip" if shown else "wizard.enter_figure_tip"))

    @Slot()
    def refresh(self) -> None:
        # a change still waiting on the debounce timer is in this refresh already: without
        # stopping it, it came 250 ms later and threw away the answer just shown (a test read
        # "Working it out…" after preview_ready on a busy machine)
        self._timer.stop()
        self._serial += 1
        try:
            spec = self.spec()
        except DesignerError as exc:
            self._show(self._serial, (None, [], exc.format()))
            return
        server = self.catalog.device_types.get(spec.server)
        self._figure_boxes(server)
        self.supply_note.setText(self._supply_note())
        self.supply_note.setVisible(bool(self.supply_note.text()))
        self.preview.setText(self.t("wizard.working"))
        self.ok_button.setEnabled(False)
        self.pool.start(_Preview(self._serial, spec, self.catalog, self._signals, self.t))

    @Slot(int, object)
    def _show(self, serial: int, result) -> None:
        if serial != self._serial:
            return  # an older input's answer
        design, lines, problem = result
        self.design = design
        self.ok_button.setEnabled(design is not None)
        if design is None:
            self.preview.setText(f"<span style='color:#d0342c'>{problem}</span>")
        else:
            self.preview.setText("<br>".join(lines))
        self.preview_ready.emit()
