"""The elevation's keyboard and clipboard (``RackRowView`` mixes this in): ↑/↓ nudge the
picked devices one U, Copy puts them and the cables between them on the clipboard as JSON
text, Paste drops them into a rack — each one undo step, refused whole with the reason."""

from __future__ import annotations

from PySide6.QtCore import Qt

from designer.errors import DesignerError
from designer.ui import language
from designer.ui.commands import NudgeDevices, PasteDevices


class RackKeys:
    """Needs the view's ``doc``, ``picked``, ``anchor``, ``status`` and ``_mark_selection``."""

    def keyPressEvent(self, event) -> None:
        key, mods = event.key(), event.modifiers()
        if key in (Qt.Key_Up, Qt.Key_Down) and not mods & Qt.ControlModifier and self.selected_devices():
            self.nudge(1 if key == Qt.Key_Up else -1)
            event.accept()
            return
        super().keyPressEvent(event)

    def selected_devices(self) -> list[str]:
        """The devices selected here, in the order picked (those that still exist)."""
        devices = self.doc.index.devices
        return [n for n in self.picked if n in devices]

    def nudge(self, units: int) -> bool:
        """Move the selected devices ``units`` U up (negative: down) in their racks, as one
        undo step; refused whole, with the reason, if one cannot move."""
        names = self.selected_devices()
        if not names:
            return False
        try:
            command = NudgeDevices(self.doc, names, units)
        except DesignerError as exc:
            self.status.emit(language.current()("status.nudge_refused", problem=exc.message))
            return False
        self.doc.push(command)
        self._mark_selection(self.doc.selection)
        return True

    def copy_selection(self) -> dict | None:
        """The selected devices (and the cables between them) on the clipboard."""
        import json

        from PySide6.QtWidgets import QApplication

        from designer.model.edits.clipboard import copy_devices

        names = self.selected_devices()
        if not names:
            return None
        payload = copy_devices(self.doc.design, names)
        # as JSON text (its "format" key says what it is): another window, or another
        # designer process, pastes it; a QMimeData handed to the clipboard from Python
        # is freed twice when the application exits
        QApplication.clipboard().setText(json.dumps(payload))
        self.status.emit(language.current()("status.copied", count=len(names), cables=len(payload["links"])))
        return payload

    def paste(self, rack: str | None = None) -> list[str]:
        """Paste the clipboard's devices into ``rack`` (None: the selected device's or
        rack's, else the shown one); returns the new names (selected)."""
        import json

        from PySide6.QtWidgets import QApplication

        t = language.current()
        from designer.model.edits.clipboard import FORMAT

        try:
            payload = json.loads(QApplication.clipboard().text() or "null")
        except ValueError:
            payload = None
        if not isinstance(payload, dict) or payload.get("format") != FORMAT:
            self.status.emit(t("status.nothing_to_paste"))
            return []
        if rack is None:
            selection = self.doc.selection
            index = self.doc.index
            if selection and selection[0] == "device" and selection[1] in index.devices:
                rack = index.devices[selection[1]].rack
            elif selection and selection[0] == "rack":
                rack = selection[1]
            rack = rack or self.anchor
        if rack is None:
            return []
        try:
            command = PasteDevices(self.doc, payload, rack)
        except DesignerError as exc:
            self.status.emit(t("status.refused", problem=exc.message))
            return []
        self.doc.push(command)
        self.picked = list(command.names)
        self.doc.select("device", command.names[-1])
        self._mark_selection(self.doc.selection)
        self.status.emit(t("status.pasted", names=", ".join(command.names[:4]), rack=rack))
        return list(command.names)
