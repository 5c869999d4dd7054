"""The undo command base: a thin wrapper over the core's edit operations
(``designer.model.edits``), and re-routing of cables that moved devices leave behind.

A command checks its operation when it is made (a refusal is raised then, as a
``DesignerError`` in the window's language, and nothing is pushed); ``redo`` applies the
operation, ``undo`` applies the inverses of the changes it made, and both tell the
document the scopes they touched, so checks and views refresh.

Links are never changed in place: an edit swaps in new link objects (and undo swaps the
originals back), so an analysis running in the background always sees whole links.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from designer.checks import Change as CheckScope
from designer.errors import DesignerError
from designer.fabric.cabling import reroute
from designer.model import edits
from designer.model.index import DesignIndex
from designer.ui import language

MOVE_DEVICE_ID = 1001
MOVE_RACK_ID = 1002


def refusal(exc: edits.EditRefused) -> DesignerError:
    """An edit's refusal as the window says it: in its language where the catalog has the
    words, else the core's English with its hint."""
    t = language.current()
    figures = exc.figures
    if exc.code.startswith("slot."):
        message = language.slot_problem((exc.code.removeprefix("slot."), figures))
    elif exc.code == "name_taken" and figures.get("kind") in ("rack", "device", "room", "fabric"):
        message = t("refused.name_taken", kind=t(f"kind.{figures['kind']}"), name=figures["name"])
    elif exc.code == "no_such_rack" and figures.get("rack"):
        message = t("refused.no_such_rack", rack=figures["rack"])
    elif exc.code == "room_overlap":
        message = t("refused.room_overlap", room=figures["room"], other=figures["other"])
    elif exc.code == "same_stage_names":
        message = t("refused.same_stage_names")
    elif exc.code == "stage_missing":
        message = t("refused.stage_missing", stage=figures["stage"], names=figures["names"])
    else:
        message = f"{exc.message} ({exc.hint})" if exc.hint else exc.message
    return DesignerError(message, field=exc.field)


def checked(edit: edits.Edit, design) -> edits.Edit:
    """The edit, if the design takes it; else its refusal as the window says it."""
    try:
        edit.check(design)
    except edits.EditRefused as exc:
        raise refusal(exc) from None
    return edit


class DesignCommand(QUndoCommand):
    """An edit, named in the Edit menu by a catalog key and its figures (``undo.*``), so
    the undo history can be renamed when the window's language changes.

    Subclasses set ``self.edit`` (checked) or override ``first_apply``; the changes made
    are kept, and undo applies their inverses in reverse order."""

    edit: edits.Edit | None = None

    def __init__(self, doc, key: str, **figures) -> None:
        super().__init__()
        self.doc = doc
        self.text_key, self.text_figures = key, figures
        self.changes: list[edits.Change] = []
        self._reverted: list[edits.Change] | None = None
        self.retranslate()

    def describe(self, t) -> str:
        return t(self.text_key, **self.text_figures)

    def retranslate(self) -> None:
        self.setText(self.describe(language.current()))

    @property
    def design(self):
        return self.doc.design

    def first_apply(self) -> list[edits.Change]:
        return [self.edit.apply(self.design)]

    def redo(self) -> None:
        if self._reverted is None:
            self.changes = self.first_apply()
        else:
            self.changes = [c.inverse.apply(self.design) for c in reversed(self._reverted)]
        self._notify(self.changes)

    def undo(self) -> None:
        self._reverted = [c.inverse.apply(self.design) for c in reversed(self.changes)]
        self._notify(self._reverted)

    def merge_changes(self, other: DesignCommand) -> None:
        """Take in a later command's changes (``mergeWith``): one undo step undoes both."""
        self.changes = [*self.changes, *other.changes]

    def _notify(self, changes: list[edits.Change]) -> None:
        scopes = edits.Scopes()
        for change in changes:
            scopes = scopes.merge(change.scopes)
        self.doc.notify(CheckScope(**scopes.as_sets()))


def _link_positions(design, names: set[str], index: DesignIndex | None = None) -> list[int]:
    """Where the cables of devices ``names`` are in the design's list. With the live
    index, from its links of those devices and its map of places; else by looking at
    every link."""
    if index is None or index.design is not design or not all(name in index.devices for name in names):
        # devices the index does not know yet (pasted): their cables are found by looking
        return [i for i, link in enumerate(design.links) if link.a.device in names or link.b.device in names]
    cables = {id(link): link for name in names for link in index.links_by_device.get(name, ())}
    # from the index's map of places (a pass over all links took 12 ms of a server's move)
    try:
        return sorted(index.positions_of(cables.values()))
    except KeyError:  # a look-up behind the design: by looking
        return [i for i, link in enumerate(design.links) if id(link) in cables]


def _current_index(doc) -> DesignIndex:
    """The live checker's index (kept up to date by every edit), else a fresh one. Geometry
    reads each device's current rack and position straight from the model."""
    return DesignIndex.build(doc.design) if doc.checker is None else doc.checker.ctx.index


def rerouted(doc, names: set[str]) -> list[edits.Change]:
    """Re-route the cables of devices ``names`` for where they are now (after a move)."""
    index = _current_index(doc)
    positions = _link_positions(doc.design, names, index)
    if not positions:
        return []
    links = reroute(index, doc.catalog.cabling, [doc.design.links[i] for i in positions])
    # the cabling module computes lengths and media for the same ends: not re-validated
    return [edits.ReplaceLinks(positions, links, strict=False).apply(doc.design)]


class RerouteCables(DesignCommand):
    """Re-route every cable for the devices' current places (fixes CABLE_TOO_SHORT)."""

    def __init__(self, doc) -> None:
        super().__init__(doc, "undo.reroute")
        after = reroute(_current_index(doc), doc.catalog.cabling, list(doc.design.links))
        self.edit = checked(edits.ReplaceLinks(list(range(len(after))), after, strict=False), doc.design)
