"""Placing, moving, duplicating and deleting devices, and why a slot is refused."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from designer.errors import DesignerError
from designer.model import edits
from designer.model.device import Device
from designer.model.placement import device_base_name, free_position, slot_conflict, unique_name
from designer.ui import language
from designer.ui.commands.base import MOVE_DEVICE_ID, DesignCommand, checked, rerouted


class MoveDevice(DesignCommand):
    """Move a device within or between racks; its cables are re-routed to the new place.
    Consecutive moves of the same device merge into one undo step."""

    def __init__(self, doc, device_name: str, rack: str, position_u: int, face: str | None = None) -> None:
        super().__init__(doc, "undo.move", name=device_name)
        self.name = device_name
        # the window's index, when it shows the design as it is now: the edit looks the device
        # and its rack's devices up there (for this first check and apply only)
        index = doc.index if doc.index_is_current else None
        self.edit = checked(edits.MoveDevice(device_name, rack, position_u, face, index=index), doc.design)

    def id(self) -> int:
        return MOVE_DEVICE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MoveDevice) or other.name != self.name:
            return False
        self.merge_changes(other)
        return True

    def first_apply(self) -> list[edits.Change]:
        changes = [self.edit.apply(self.design), *rerouted(self.doc, {self.name})]
        self.edit.index = None  # it was the index of that moment
        return changes


class AddDevice(DesignCommand):
    """Place a catalog part in a rack (its type is embedded in the design)."""

    def __init__(self, doc, slug: str, rack: str, position_u: int | None, face: str = "front",
                 name: str | None = None) -> None:
        device_type = doc.catalog.require_device(slug)
        super().__init__(doc, "undo.add", part=device_type.model)
        existing = {d.name for d in doc.design.devices}
        self.device = Device(
            name=name or unique_name(existing, device_base_name(slug)),
            device_type=slug,
            rack=rack,
            position_u=None if device_type.u_height == 0 else position_u,
            face=face,
        )
        self.edit = checked(edits.add_device(self.device, device_type), doc.design)


class DuplicateDevice(DesignCommand):
    def __init__(self, doc, device_name: str) -> None:
        super().__init__(doc, "undo.duplicate", name=device_name)
        index = doc.index
        source = index.devices[device_name]
        device_type = index.type_of(source)
        position = None
        if source.rack and device_type.u_height:
            start = (source.position_u or 1) + device_type.u_height
            position = free_position(index, source.rack, device_type.u_height, source.face,
                                     index.is_full_depth(source), start)
            if position is None:
                raise DesignerError(language.current()("refused.no_free_u", rack=source.rack,
                                                       units=device_type.u_height, device=device_name))
        existing = {d.name for d in doc.design.devices}
        self.device = source.model_copy(update={"name": unique_name(existing, source.name), "position_u": position},
                                        deep=True)
        self.edit = checked(edits.add_device(self.device), doc.design)


class DeleteObjects(DesignCommand):
    """Delete devices and racks (with the devices in them) and every cable to them."""

    def __init__(self, doc, devices: list[str] = (), racks: list[str] = ()) -> None:
        names = [*racks, *devices]
        super().__init__(doc, "undo.delete", names=f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''}")
        self.edit = checked(edits.DeleteObjects(racks=tuple(racks), devices=tuple(devices)), doc.design)


def drop_problem(doc, slug: str, rack: str, position_u: int, face: str) -> str | None:
    """Why a part cannot be dropped here (None: it can) — shown in the status bar. The
    slot rule is the one ``edits.add_device`` applies."""
    device_type = doc.catalog.require_device(slug)
    return language.slot_problem(
        slot_conflict(doc.index, rack, position_u, device_type.u_height, face, device_type.is_full_depth))


def move_problem(doc, device_name: str, rack: str, position_u: int, face: str) -> str | None:
    """Why a device cannot move here (None: it can); the slot rule ``edits.MoveDevice``
    applies, fast enough for every mouse move of a drag."""
    index = doc.index
    device = index.devices[device_name]
    device_type = index.type_of(device)
    return language.slot_problem(slot_conflict(index, rack, position_u, device_type.u_height, face,
                                               index.is_full_depth(device), ignore=device))
