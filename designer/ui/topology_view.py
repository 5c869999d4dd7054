"""The fabric in tiers (core, spine, leaf, endpoints) with link counts and speeds.

Pick two servers to highlight their equal-cost paths; select a switch and mark it
failed to see what it costs. Big tiers are drawn as rows of small boxes and the
cables between two tiers as one path item, so 16,000 GPUs stay smooth.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from designer.fabric.analysis import TIER_RANK, build_topology, shortest_paths, what_if_failed
from designer.fabric.results import WhatIfFailed
from designer.fabric.graph import build_fabric_graph, fabric_links
from designer.fabric.plan import format_ratio
from designer.ui.legend import LegendOverlay
from designer.ui import background, language, style
from designer.ui.canvas import Canvas
from designer.ui.deferred import is_big

TIER_Y = {"core": 0.0, "spine": 170.0, "leaf": 340.0, "other": 340.0, "endpoint": 510.0}
BOX_H = 34.0
MAX_LABELLED = 40
# drawing order: cables, switches, labels, the selected switch, overlays (paths, a failure's ✕)
Z_SWITCH, Z_LABEL, Z_SELECTED, Z_OVERLAY, Z_FAILED = 2, 3, 4, 5, 6
FAILED = QColor("#d0342c")
PATH_COLOUR = QColor("#e8710a")  # the equal-cost paths between two servers (the failed mark is red)


@dataclass
class Picture:
    """Where everything of a fabric's drawing goes, worked out without touching a scene
    (on the worker for a big fabric): tiers in drawing order, each box's place, the
    cable bundles between tiers and the per-tier link counts and speeds."""

    tiers: dict[str, list[str]]
    width: float
    endpoints: list[str]
    rects: dict[str, QRectF]
    paths: list[QPainterPath]
    links: Counter
    speeds: dict[str, set]


def _pod_index(topo) -> dict[str, int]:
    found: dict[str, int] = {}
    for i, pod in enumerate(topo.pods):
        for switch in pod:
            found.setdefault(switch, i)
    return found


def plan_picture(topo) -> Picture:
    graph = topo.graph
    endpoints = sorted(graph.endpoints)
    grouped: dict[str, list[str]] = {}
    for switch, tier in topo.tiers.items():
        grouped.setdefault(tier, []).append(switch)
    pods = _pod_index(topo)
    tiers = {tier: sorted(members, key=lambda s: (pods.get(s, len(topo.pods)), s)) for tier, members in grouped.items()}
    # a fixed drawing width: big tiers get thin boxes (zoom in for detail) rather
    # than a band far wider than it is tall
    widest = max([len(v) for v in tiers.values()] + [1])
    width = min(max(widest * 60.0, 900.0), 1800.0)
    rects: dict[str, QRectF] = {}
    for tier, members in tiers.items():
        step = width / max(len(members), 1)
        box_w = max(1.5, min(54.0, step * 0.8))
        y = TIER_Y.get(tier, 340.0)
        for i, switch in enumerate(members):
            rects[switch] = QRectF(i * step + (step - box_w) / 2, y, box_w, BOX_H)
    if len(endpoints) <= 64:
        step = width / max(len(endpoints), 1)
        for i, endpoint in enumerate(endpoints):
            rects[endpoint] = QRectF(i * step + 2, TIER_Y["endpoint"], max(4.0, step - 4), BOX_H)
    paths: dict[tuple[str, str], QPainterPath] = {}
    for switch, neighbours in topo.adjacency.items():
        a = rects.get(switch)
        if a is None:
            continue
        for neighbour in neighbours:
            b = rects.get(neighbour) if switch < neighbour else None
            if b is not None:
                upper, lower = (a, b) if a.top() < b.top() else (b, a)
                key = tuple(sorted((topo.tiers[switch], topo.tiers[neighbour])))
                path = paths.setdefault(key, QPainterPath())
                path.moveTo(upper.center().x(), upper.bottom())
                path.lineTo(lower.center().x(), lower.top())
    endpoint_path = QPainterPath()
    if len(graph.endpoints) <= 64:
        for endpoint, switches in graph.endpoint_switches.items():
            for switch in set(switches):
                if endpoint in rects and switch in rects:
                    a, b = rects[switch], rects[endpoint]
                    endpoint_path.moveTo(a.center().x(), a.bottom())
                    endpoint_path.lineTo(b.center().x(), b.top())
    links = Counter()
    speeds: dict[str, set] = {}
    rank = TIER_RANK.get
    for (a, b, bandwidth, _link), (a_switching, b_switching) in zip(graph.links, graph.link_switching):
        # as the analysis counts them: a switch's management cable is an endpoint cable
        ta = topo.tiers.get(a, "endpoint") if a_switching else "endpoint"
        tb = topo.tiers.get(b, "endpoint") if b_switching else "endpoint"
        upper = ta if rank(ta, 0) >= rank(tb, 0) else tb
        links[upper] += 1
        speeds.setdefault(upper, set()).add(bandwidth)
    return Picture(tiers, width, endpoints, rects, [*paths.values(), endpoint_path], links, speeds)


class CableBundle(QGraphicsPathItem):
    """Thousands of cables between two tiers as one item. Zoomed out, a band stands for
    them (individual lines would be a grey smear and cost a second a frame); zoomed in,
    the lines themselves, drawn without antialiasing."""

    BAND_BELOW_LOD = 1.5

    def __init__(self, path: QPainterPath, lines: int) -> None:
        super().__init__(path)
        self.lines = lines
        self.setPen(QPen(QColor(120, 120, 120, 90), 0))

    def paint(self, painter, option, widget=None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if self.lines > 2000 and lod < self.BAND_BELOW_LOD:
            painter.fillRect(self.boundingRect(), QColor(120, 120, 120, 60))
            return
        painter.setRenderHint(QPainter.Antialiasing, self.lines <= 2000)
        painter.setPen(self.pen())
        painter.drawPath(self.path())


class SwitchItem(QGraphicsRectItem):
    """A switch box; its tooltip is worded when the pointer first comes over it (not for
    every one of 1,280 switches each time the topology is drawn)."""

    def __init__(self, name: str, rect: QRectF, tooltip=None) -> None:
        super().__init__(rect)
        self.switch_name = name
        self._tooltip = tooltip
        self.setAcceptHoverEvents(tooltip is not None)

    def hoverEnterEvent(self, event) -> None:
        if self._tooltip is not None:
            self.setToolTip(self._tooltip())
        super().hoverEnterEvent(event)


class TopologyCanvas(Canvas):
    def __init__(self, owner: TopologyView) -> None:
        super().__init__(owner)
        self.owner = owner

    def clear_selection(self) -> None:
        self.owner.doc.select(None)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        legend = getattr(self.owner, "legend", None)
        if legend is not None:
            legend.place()

    def contextMenuEvent(self, event) -> None:
        """Right-click on a switch: it is selected, and Mark failed / Clear are offered."""
        item = next((i for i in self.items(event.pos()) if isinstance(i, SwitchItem)), None)
        if item is None:
            super().contextMenuEvent(event)
            return
        self.owner.switch_menu(item.switch_name).exec(event.globalPos())
        event.accept()


class TopologyView(QWidget):
    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.fabric_box = QComboBox()
        self.server_a = QComboBox()
        self.server_b = QComboBox()
        self.paths_button = QPushButton()
        self.fail_button = QPushButton()
        self.clear_button = QPushButton()
        self.fabric_label, self.from_label, self.to_label = QLabel(), QLabel(), QLabel()
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.view = TopologyCanvas(self)
        self.view.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.view.setDragMode(QGraphicsView.ScrollHandDrag)
        # two rows (what to look at; what to do): in one the tab could not be narrower than
        # about 760 px, and the window's plan, whichever tab shows, with it
        layout = QVBoxLayout(self)
        for widgets in ((self.fabric_label, self.fabric_box, self.from_label, self.server_a, self.to_label,
                         self.server_b), (self.paths_button, self.fail_button, self.clear_button)):
            bar = QHBoxLayout()
            for widget in widgets:
                bar.addWidget(widget)
            bar.addStretch(1)
            layout.addLayout(bar)
        layout.addWidget(self.result)
        layout.addWidget(self.view, 1)
        self.fabric_box.currentTextChanged.connect(lambda _t: self.rebuild())
        self.paths_button.clicked.connect(self.show_paths)
        self.fail_button.clicked.connect(self.fail_selected)
        self.clear_button.clicked.connect(self.rebuild)
        self.topo = None
        self.positions: dict[str, QRectF] = {}
        self.switch_items: dict[str, SwitchItem] = {}
        self.overlay = []
        self.failed: str | None = None
        self._stale = True
        self._generation = 0  # of the tiers asked for: a late one is not drawn
        self._syncing = False  # the scene's selection is being set from the document's
        self.view.scene().selectionChanged.connect(self._scene_selection)
        self.legend = LegendOverlay(self.view)
        self._set_texts()
        self.bind(doc)

    def _set_texts(self) -> None:
        t = language.current()
        self.fabric_label.setText(t("topo.fabric"))
        self.from_label.setText(t("topo.paths_from"))
        self.to_label.setText(t("topo.to"))
        self.paths_button.setText(t("topo.show_paths"))
        self.fail_button.setText(t("topo.fail"))
        self.clear_button.setText(t("topo.clear"))
        self.result.setText(t("topo.hint"))
        self.legend.show_sections(t("legend.title"), [
            (t("legend.kinds"), [(style.KIND_COLOURS["switch"], t("legend.kind.switch"), "fill"),
                                 (style.KIND_COLOURS["server"], t("topo.legend_endpoints"), "fill")]),
            (t("topo.legend_marks"), [(style.SELECTION, t("legend.selected"), "fill"),
                                      (FAILED, t("topo.legend_failed"), "fill"),
                                      (PATH_COLOUR, t("topo.legend_path"), "fill")]),
        ])

    def switch_menu(self, switch: str) -> QMenu:
        """What a right-click on a switch offers (it is selected first)."""
        t = language.current()
        self.doc.select("device", switch)
        menu = QMenu(self)
        menu.addAction(t("topo.fail"), lambda: self.fail(switch))
        menu.addAction(t("topo.clear"), self.rebuild)
        return menu

    def retranslate(self) -> None:
        """After a language switch: buttons, labels and the drawing in the new words (a
        path or failure shown before is cleared, as by Clear)."""
        self._set_texts()
        self._stale = True
        if self.isVisible():
            self.rebuild()

    def bind(self, doc) -> None:
        self.doc = doc
        doc.changed.connect(self._on_change)
        doc.selection_changed.connect(self._doc_selection)
        self.fabric_box.blockSignals(True)
        self.fabric_box.clear()
        self.fabric_box.addItems([f.name for f in doc.design.fabrics])
        self.fabric_box.blockSignals(False)
        self._stale = True
        if self.isVisible():
            self.rebuild()

    def _on_change(self, change) -> None:
        if change.everything or change.fabrics or change.links:
            self._stale = True
            if self.isVisible():
                self.rebuild()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.rebuild()

    def set_fabric(self, name: str) -> None:
        self.fabric_box.setCurrentText(name)
        self.rebuild()

    # -- drawing ---------------------------------------------------------------------------

    def rebuild(self) -> None:
        self._stale = False
        scene = self.view.scene()
        self._syncing = True
        scene.clear()
        self._syncing = False
        self.positions.clear()
        self.switch_items.clear()
        self.overlay = []
        self.failed = None
        name = self.fabric_box.currentText()
        if not name:
            return
        index = self.doc.index

        def work():
            links = fabric_links(index).get(name, [])
            topo = build_topology(index, build_fabric_graph(index, name, links))
            return links, topo, plan_picture(topo)

        self._generation += 1
        if not is_big(self.doc.design):
            self._draw(name, *work())
            return
        # tiers and paths of a big fabric are worked out on the worker (seconds at
        # 16,384 GPUs); the drawing follows when they come, unless asked for again
        generation = self._generation
        self.topo = None
        self.result.setText(language.current()("status.checking"))
        self.doc.runner.run(work, lambda found: generation == self._generation and self._draw(name, *found))

    def _draw(self, name: str, links, topo, picture: Picture) -> None:
        scene = self.view.scene()
        self.links, self.topo = links, topo
        endpoints = picture.endpoints
        for box in (self.server_a, self.server_b):
            current = box.currentText()
            box.blockSignals(True)
            box.clear()
            box.addItems(endpoints)
            if current in endpoints:
                box.setCurrentText(current)
            box.blockSignals(False)
        if len(endpoints) > 1 and self.server_b.currentIndex() == 0:
            self.server_b.setCurrentIndex(len(endpoints) - 1)
        width = picture.width
        for tier, members in picture.tiers.items():
            self._draw_tier(tier, members, picture.rects)
        self._draw_endpoints(endpoints, width, picture.rects)
        for path in picture.paths:
            item = CableBundle(path, path.elementCount() // 2)
            item.setZValue(0)
            scene.addItem(item)
        self._draw_labels(picture, len(endpoints))
        self.view.setSceneRect(scene.itemsBoundingRect().adjusted(-60, -60, 60, 60))
        if self.view.auto_fit:
            self.view.fit()
        self._doc_selection(self.doc.selection)
        analysis = self.doc.checker.ctx.fabric_analysis(name) if self.doc.checker else None
        if analysis:
            over = analysis.oversubscription
            t = language.current()
            self.result.setText(t(
                "topo.summary", fabric=name, endpoints=t.int(analysis.endpoints), leaf=format_ratio(over.leaf),
                spine=format_ratio(over.spine), tbps=t.num(analysis.bisection_gbps / 1000),
                min=t.int(analysis.ecmp_paths.min), max=t.int(analysis.ecmp_paths.max),
                hops=analysis.max_hops))

    def _draw_tier(self, tier: str, members: list[str], rects: dict[str, QRectF]) -> None:
        scene = self.view.scene()
        y = TIER_Y.get(tier, 340.0)
        brush = QBrush(style.KIND_COLOURS["switch"])
        pen = QPen(QColor("#1f5f3f"), 1)
        topo = self.topo

        def tooltip(switch: str):
            def words() -> str:
                t = language.current()
                fig = topo.figures[switch]
                return (t("topo.switch", switch=switch, tier=self._tier_name(tier), used=fig.ports_used,
                          total=fig.ports_total, down=t.int(fig.down_gbps), up=t.int(fig.up_gbps))
                        + (t("topo.switch_ratio", ratio=format_ratio(fig.oversubscription))
                           if fig.oversubscription else ""))
            return words

        for switch in members:
            rect = rects[switch]
            x = rect.left()
            item = SwitchItem(switch, rect, tooltip(switch))
            item.setBrush(brush)
            item.setPen(pen)
            item.setFlag(QGraphicsRectItem.ItemIsSelectable)
            item.setZValue(Z_SWITCH)
            scene.addItem(item)
            if len(members) <= MAX_LABELLED:
                text = scene.addSimpleText(switch.split("-")[-1], QFont("Sans", 7))
                text.setPos(x + 2, y + BOX_H / 2 - 6)
                text.setZValue(Z_LABEL)
                text.setBrush(QColor("#fff"))
            self.positions[switch] = rect
            self.switch_items[switch] = item

    def _draw_endpoints(self, endpoints: list[str], width: float, rects: dict[str, QRectF]) -> None:
        scene = self.view.scene()
        y = TIER_Y["endpoint"]
        if len(endpoints) > 64:
            bar = scene.addRect(QRectF(0, y, width, BOX_H), QPen(QColor("#2f4f7f")),
                                QBrush(style.KIND_COLOURS["server"]))
            bar.setToolTip(language.current()("endpoints_box", count=language.current().int(len(endpoints))))
            return
        for endpoint in endpoints:
            rect = rects[endpoint]
            kind = self.doc.index.type_of(self.doc.index.devices[endpoint]).kind
            item = scene.addRect(rect, QPen(QColor("#2f4f7f")), QBrush(style.KIND_COLOURS.get(kind,
                                                                                              style.KIND_COLOURS["other"])))
            item.setToolTip(endpoint)
            self.positions[endpoint] = rect
            if len(endpoints) <= 32:
                label = scene.addSimpleText(endpoint, QFont("Sans", 7))
                label.setRotation(60)
                label.setPos(rect.left() + 4, rect.bottom() + 4)

    def _draw_labels(self, picture: Picture, endpoints: int) -> None:
        scene = self.view.scene()
        tiers, width, links, speeds = picture.tiers, picture.width, picture.links, picture.speeds
        t = language.current()
        for tier, members in tiers.items():
            down = t(f"topo.down.{tier}") if tier in ("leaf", "spine", "core") else ""
            rate = ", ".join(f"{s:g}G" for s in sorted(speeds.get(tier, ())))
            text = scene.addSimpleText(t("topo.tier_line", tier=self._tier_name(tier), count=t.int(len(members)),
                                         links=t.int(links.get(tier, 0)), down=down, rate=rate),
                                       QFont("Sans", 10, QFont.Bold))
            text.setPos(width + 30, TIER_Y.get(tier, 340.0) + 8)
        text = scene.addSimpleText(t("topo.endpoints_line", count=t.int(endpoints)), QFont("Sans", 10, QFont.Bold))
        text.setPos(width + 30, TIER_Y["endpoint"] + 8)

    @staticmethod
    def _tier_name(tier: str) -> str:
        t = language.current()
        return t(f"topo.tier.{tier}") if t.has(f"topo.tier.{tier}") else tier

    # -- questions -------------------------------------------------------------------------

    def _clear_overlay(self) -> None:
        scene = self.view.scene()
        for item in self.overlay:
            scene.removeItem(item)
        self.overlay = []
        self.failed = None
        self._mark_selected()

    # -- selection: the document's and the scene's agree -----------------------------------

    def _scene_selection(self) -> None:
        if self._syncing:
            return
        selected = [i for i in self.view.scene().selectedItems() if isinstance(i, SwitchItem)]
        if selected:
            self.doc.select("device", selected[0].switch_name)
        elif self.doc.selection and self.doc.selection[1] in self.switch_items:
            self.doc.select(None)
        self._mark_selected()

    def _doc_selection(self, selection) -> None:
        wanted = selection[1] if selection and selection[0] == "device" else None
        self._syncing = True
        try:
            for name, item in self.switch_items.items():
                if item.isSelected() != (name == wanted):
                    item.setSelected(name == wanted)
        finally:
            self._syncing = False
        self._mark_selected()

    def _mark_selected(self) -> None:
        """The selected and the failed switch drawn on top of their neighbours, outlined."""
        for name, item in self.switch_items.items():
            selected = item.isSelected()
            failed = name == self.failed
            item.setZValue(Z_SELECTED if selected or failed else Z_SWITCH)
            pen = QPen(style.SELECTION if selected else FAILED if failed else QColor("#1f5f3f"),
                       3 if selected or failed else 1)
            pen.setCosmetic(selected or failed)
            item.setPen(pen)

    def show_paths(self) -> tuple[int, set[str]]:
        self._clear_overlay()
        if self.topo is None:
            return 0, set()
        a, b = self.server_a.currentText(), self.server_b.currentText()
        leaves_a = self.topo.graph.endpoint_switches.get(a, [])
        leaves_b = self.topo.graph.endpoint_switches.get(b, [])
        if not leaves_a or not leaves_b:
            self.result.setText(language.current()("topo.pick_two"))
            return 0, set()
        # Rail-aligned traffic (port i to port i) stays on one leaf; show the harder case,
        # across leaves, whenever the two servers are not on a single shared leaf.
        source = leaves_a[0]
        target = next((leaf for leaf in leaves_b if leaf != source), leaves_b[0])
        count, switches, edges = shortest_paths(self.topo, source, target)
        pen = QPen(PATH_COLOUR, 3)
        scene = self.view.scene()
        for u, v in edges:
            ra, rb = self.positions[u], self.positions[v]
            upper, lower = (ra, rb) if ra.top() < rb.top() else (rb, ra)
            self.overlay.append(scene.addLine(upper.center().x(), upper.bottom(), lower.center().x(), lower.top(), pen))
        for switch in switches:
            item = scene.addRect(self.positions[switch], QPen(PATH_COLOUR, 3))
            item.setZValue(Z_OVERLAY)
            self.overlay.append(item)
        t = language.current()
        hops = t("topo.same_leaf") if source == target else t("topo.through", count=len(switches) - 2)
        shared = sorted(set(leaves_a) & set(leaves_b))
        rail = t("topo.rail", count=len(shared)) if shared and source != target else ""
        self.result.setText(t("topo.paths", a=a, b=b, source=source, target=target, count=t.int(count), hops=hops,
                              rail=rail))
        return count, switches

    def fail_selected(self) -> dict | None:
        selected = [i for i in self.view.scene().selectedItems() if isinstance(i, SwitchItem)]
        if not selected:
            self.result.setText(language.current()("topo.select_first"))
            return None
        return self.fail(selected[0].switch_name)

    def fail(self, switch: str) -> WhatIfFailed | None:
        """Mark ``switch`` failed: the analysis (seconds on a big fabric) runs on a worker
        behind a progress dialog with Cancel; None when cancelled."""
        self._clear_overlay()
        index, fabric, links = self.doc.index, self.fabric_box.currentText(), self.links
        t = language.current()
        # isolated: in a forked copy of the process, sharing no interpreter lock with the UI
        # thread (up to 179 ms of stall at 32,768 GPUs on a thread)
        outcome = background.run_with_progress(self.window(), t("progress.fail", switch=switch),
                                               lambda: what_if_failed(index, fabric, links, {switch}), isolated=True)
        if outcome.cancelled:
            self.result.setText(t("status.cancelled", what=t("topo.fail")))
            return None
        if outcome.error is not None:
            raise outcome.error
        impact: WhatIfFailed = outcome.value
        rect = self.positions.get(switch)
        self.failed = switch
        if rect is not None:
            # the ✕ above everything, the switch itself above its neighbours
            pen = QPen(FAILED, 4)
            pen.setCosmetic(True)  # as thick at any zoom
            scene = self.view.scene()
            for line in ((rect.left(), rect.top(), rect.right(), rect.bottom()),
                         (rect.left(), rect.bottom(), rect.right(), rect.top())):
                item = scene.addLine(*line, pen)
                item.setZValue(Z_FAILED)
                self.overlay.append(item)
        self.doc.select("device", switch)  # and shown in the inspector
        self._mark_selected()
        self.result.setText(t(
            "topo.failed", switch=switch, before=t.num(impact.bisection_before_gbps / 1000),
            after=t.num(impact.bisection_after_gbps / 1000), lost=t.num(impact.bandwidth_lost_pct),
            cut=t.int(impact.endpoints_cut_off), min=t.int(impact.ecmp_paths_after.min),
            max=t.int(impact.ecmp_paths_after.max)))
        return impact
