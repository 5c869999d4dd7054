"""Placing, moving, duplicating and deleting devices, and why a slot is refused."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from designer.checks import Change
from designer.errors import DesignerError
from designer.model.device import Device
from designer.model.placement import device_base_name, free_position, slot_conflict, unique_name
from designer.ui import language
from designer.ui.commands.base import MOVE_DEVICE_ID, DesignCommand, _Rerouting


class MoveDevice(DesignCommand):
    """Move a device within or between racks; its cables are re-routed to the new place.
    Consecutive moves of the same device merge into one undo step."""

    def __init__(self, doc, device_name: str, rack: str, position_u: int, face: str | None = None) -> None:
        super().__init__(doc, "undo.move", name=device_name)
        device = doc.index.devices[device_name]
        self.name = device_name
        self.old = (device.rack, device.position_u, device.face)
        self.new = (rack, position_u, face or device.face)
        self.rerouting = _Rerouting()
        self.rerouting.capture(doc.design, {device_name})

    def id(self) -> int:
        return MOVE_DEVICE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MoveDevice) or other.name != self.name:
            return False
        self.new = other.new
        return True

    def _set(self, place) -> None:
        device = self.doc.index.devices[self.name]
        device.rack, device.position_u, device.face = place

    def _change(self) -> Change:
        racks = {r for r in (self.old[0], self.new[0]) if r}
        return Change(racks=racks, devices={self.name}, links=True)

    def redo(self) -> None:
        self._set(self.new)
        self.rerouting.apply(self.doc)
        self.doc.notify(self._change())

    def undo(self) -> None:
        self._set(self.old)
        self.rerouting.restore(self.doc)
        self.doc.notify(self._change())


class AddDevice(DesignCommand):
    """Place a catalog part in a rack (its type is embedded in the design)."""

    def __init__(self, doc, slug: str, rack: str, position_u: int | None, face: str = "front",
                 name: str | None = None) -> None:
        device_type = doc.catalog.require_device(slug)
        super().__init__(doc, "undo.add", part=device_type.model)
        self.device_type = device_type
        existing = {d.name for d in doc.design.devices}
        self.device = Device(
            name=name or unique_name(existing, device_base_name(slug)),
            device_type=slug,
            rack=rack,
            position_u=None if device_type.u_height == 0 else position_u,
            face=face,
        )
        self.added_type = slug not in {t.slug for t in doc.design.device_types}

    def redo(self) -> None:
        if self.added_type:
            self.design.device_types = [*self.design.device_types, self.device_type.model_copy(deep=True)]
        self.design.devices = [*self.design.devices, self.device]
        self.doc.notify(Change(racks={self.device.rack}, devices={self.device.name}, design=True))

    def undo(self) -> None:
        self.design.devices = [d for d in self.design.devices if d is not self.device]
        if self.added_type:
            self.design.device_types = [t for t in self.design.device_types if t.slug != self.device.device_type]
        self.doc.notify(Change(racks={self.device.rack}, devices={self.device.name}, design=True))


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

    def redo(self) -> None:
        self.design.devices = [*self.design.devices, self.device]
        self.doc.notify(Change(racks={self.device.rack} - {None}, devices={self.device.name}, design=True))

    def undo(self) -> None:
        self.design.devices = [d for d in self.design.devices if d is not self.device]
        self.doc.notify(Change(racks={self.device.rack} - {None}, devices={self.device.name}, design=True))


class DeleteObjects(DesignCommand):
    """Delete devices and racks (with the devices in them) and every cable to them."""

    def __init__(self, doc, devices: list[str] = (), racks: list[str] = ()) -> None:
        names = [*racks, *devices]
        super().__init__(doc, "undo.delete", names=f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''}")
        design = doc.design
        self.racks = set(racks)
        self.devices = set(devices) | {d.name for d in design.devices if d.rack in self.racks}
        self.before = (design.racks, design.devices, design.links, design.stages)
        removed_links = [l for l in design.links if l.a.device in self.devices or l.b.device in self.devices]
        self.peers = {e for l in removed_links for e in (l.a.device, l.b.device)}
        self.fabrics = {l.fabric for l in removed_links if l.fabric}
        self.touched_racks = self.racks | {d.rack for d in design.devices if d.name in self.devices and d.rack}

    def redo(self) -> None:
        design = self.design
        design.racks = [r for r in design.racks if r.name not in self.racks]
        design.devices = [d for d in design.devices if d.name not in self.devices]
        design.links = [l for l in design.links if l.a.device not in self.devices and l.b.device not in self.devices]
        design.stages = [
            s.model_copy(update={"racks": [r for r in s.racks if r not in self.racks],
                                 "devices": [d for d in s.devices if d not in self.devices]})
            for s in design.stages
        ]
        self._notify()

    def undo(self) -> None:
        design = self.design
        design.racks, design.devices, design.links, design.stages = self.before
        self._notify()

    def _notify(self) -> None:
        if self.racks:
            self.doc.notify(Change(everything=True))
        else:
            self.doc.notify(Change(racks=self.touched_racks, devices=self.devices | self.peers, links=True,
                                   fabrics=self.fabrics, design=True))



def drop_problem(doc, slug: str, rack: str, position_u: int, face: str) -> str | None:
    """Why a part cannot be dropped here (None: it can) — shown in the status bar."""
    device_type = doc.catalog.require_device(slug)
    return language.slot_problem(
        slot_conflict(doc.index, rack, position_u, device_type.u_height, face, device_type.is_full_depth))


def move_problem(doc, device_name: str, rack: str, position_u: int, face: str) -> str | None:
    index = doc.index
    device = index.devices[device_name]
    device_type = index.type_of(device)
    return language.slot_problem(slot_conflict(index, rack, position_u, device_type.u_height, face,
                                               index.is_full_depth(device), ignore=device))
