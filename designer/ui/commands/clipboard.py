"""Paste devices copied from this design or another (``designer.model.edits.clipboard``);
the pasted cables are re-routed for where the devices now stand."""

from __future__ import annotations

from designer.model.edits import clipboard
from designer.ui.commands.base import DesignCommand, checked, refusal, rerouted
from designer.model import edits


class PasteDevices(DesignCommand):
    def __init__(self, doc, payload: dict, rack: str) -> None:
        try:
            edit = clipboard.paste_devices(doc.design, payload, rack)
        except edits.EditRefused as exc:
            raise refusal(exc) from None
        self.names = [d.name for _p, d in edit.items["devices"]]
        super().__init__(doc, "undo.paste", count=len(self.names), rack=rack)
        self.edit = checked(edit, doc.design)

    def first_apply(self) -> list[edits.Change]:
        return [self.edit.apply(self.design), *rerouted(self.doc, set(self.names))]


class NudgeDevices(DesignCommand):
    """Move devices ``units`` U up (negative: down) in their racks, as one undo step; their
    cables are re-routed. Refused whole, with the reason, if one of them cannot move."""

    def __init__(self, doc, names: list[str], units: int) -> None:
        index = doc.index
        names = [n for n in names if n in index.devices and index.devices[n].position_u is not None]
        # a device moving into the slot another one leaves moves after it
        names.sort(key=lambda n: index.devices[n].position_u, reverse=units > 0)
        super().__init__(doc, "undo.nudge", count=len(names), units=units)
        self.names = names
        moves = [edits.MoveDevice(n, index.devices[n].rack, index.devices[n].position_u + units) for n in names]
        self.edit = edits.Batch(moves)
        try:  # each move is checked against the design its predecessors leave
            self.edit.apply(doc.design).inverse.apply(doc.design)
        except edits.EditRefused as exc:
            raise refusal(exc) from None

    def first_apply(self) -> list[edits.Change]:
        return [self.edit.apply(self.design), *rerouted(self.doc, set(self.names))]
