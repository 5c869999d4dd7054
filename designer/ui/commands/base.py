"""The undo command base and re-routing of cables that moved devices leave behind.

Links are never changed in place: a command swaps in new link objects (and undo swaps
the originals back), so an analysis running in the background always sees whole links.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from designer.checks import Change
from designer.fabric.cabling import reroute
from designer.model.index import DesignIndex
from designer.ui import language

MOVE_DEVICE_ID = 1001
MOVE_RACK_ID = 1002


class DesignCommand(QUndoCommand):
    """An edit, named in the Edit menu by a catalog key and its figures (``undo.*``), so
    the undo history can be renamed when the window's language changes."""

    def __init__(self, doc, key: str, **figures) -> None:
        super().__init__()
        self.doc = doc
        self.text_key, self.text_figures = key, figures
        self.retranslate()

    def describe(self, t) -> str:
        return t(self.text_key, **self.text_figures)

    def retranslate(self) -> None:
        self.setText(self.describe(language.current()))

    @property
    def design(self):
        return self.doc.design


def _link_positions(design, names: set[str]) -> list[int]:
    return [i for i, link in enumerate(design.links) if link.a.device in names or link.b.device in names]


def _current_index(doc) -> DesignIndex:
    """The live checker's index (kept up to date by every edit), else a fresh one. Geometry
    reads each device's current rack and position straight from the model."""
    return DesignIndex.build(doc.design) if doc.checker is None else doc.checker.ctx.index


class _Rerouting:
    """Swaps in re-routed copies of some links; remembers the originals for undo."""

    def __init__(self) -> None:
        self.positions: list[int] = []
        self.originals: list = []

    def capture(self, design, names: set[str]) -> None:
        self.positions = _link_positions(design, names)
        self.originals = [design.links[i] for i in self.positions]

    def apply(self, doc) -> None:
        if not self.positions:
            return
        updated = reroute(_current_index(doc), doc.catalog.cabling, self.originals)
        links = list(doc.design.links)
        for i, link in zip(self.positions, updated):
            links[i] = link
        doc.design.links = links

    def restore(self, doc) -> None:
        if not self.positions:
            return
        links = list(doc.design.links)
        for i, link in zip(self.positions, self.originals):
            links[i] = link
        doc.design.links = links



class RerouteCables(DesignCommand):
    """Re-route every cable for the devices' current places (fixes CABLE_TOO_SHORT)."""

    def __init__(self, doc) -> None:
        super().__init__(doc, "undo.reroute")
        self.before = doc.design.links
        self.after = reroute(_current_index(doc), doc.catalog.cabling, list(doc.design.links))

    def redo(self) -> None:
        self.design.links = self.after
        self.doc.notify(Change(devices={d.name for d in self.design.devices}, links=True))

    def undo(self) -> None:
        self.design.links = self.before
        self.doc.notify(Change(devices={d.name for d in self.design.devices}, links=True))
