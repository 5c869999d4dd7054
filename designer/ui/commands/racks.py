"""Adding, duplicating and moving racks."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from designer.errors import DesignerError
from designer.model import edits
from designer.model.placement import unique_name
from designer.model.rack import Feed, Rack
from designer.ui import language
from designer.ui.commands.base import MOVE_RACK_ID, DesignCommand, checked, rerouted


class AddRacks(DesignCommand):
    """Add racks: one beside the last rack of a row, or a new row of several."""

    def __init__(self, doc, rack_type: str, count: int = 1, row: str | None = None, room: str | None = None,
                 power_budget_kw: float | None = None) -> None:
        super().__init__(doc, "undo.add_rack" if count == 1 else "undo.add_row", count=count)
        design = doc.design
        catalog_type = doc.catalog.rack_types.get(rack_type)
        if catalog_type is None:
            raise DesignerError(language.current()("refused.rack_type", type=rack_type))
        if not design.site.rooms:
            t = language.current()
            raise DesignerError(t("refused.no_room"), hint=t("refused.add_room"))
        room_name = room or (design.racks[-1].room if design.racks else design.site.rooms[0].name)
        existing_rows = [r.row for r in design.racks if r.room == room_name]
        template = next((r for r in reversed(design.racks) if r.room == room_name and (row is None or r.row == row)),
                        None)
        budget = power_budget_kw or (template.power_budget_kw if template else 40.0)
        names = {r.name for r in design.racks}
        self.racks: list[Rack] = []
        new_row = row is None and count > 1 or template is None
        if new_row:
            # a new row below the others, facing the other way than the last one
            row = _next_row(existing_rows)
            last_y = max((r.y_mm for r in design.racks if r.room == room_name), default=0.0)
            y = last_y + catalog_type.depth_mm + 1200.0 if design.racks else 1500.0
            facing = "north" if template is not None and template.facing == "south" else "south"
            x = 1500.0
        else:
            row = template.row
            in_row = [r for r in design.racks if r.room == room_name and r.row == row]
            last = max(in_row, key=lambda r: r.x_mm)
            x = last.x_mm + doc.index.rack_type_of(last).width_mm
            y, facing = last.y_mm, last.facing
        for _i in range(count):
            name = unique_name(names, f"{row}01")
            names.add(name)
            feeds = template.feeds if template else [Feed(name="A", capacity_kw=budget), Feed(name="B",
                                                                                              capacity_kw=budget)]
            self.racks.append(Rack(name=name, rack_type=rack_type, room=room_name, row=row, x_mm=x, y_mm=y,
                                   facing=facing, power_budget_kw=budget, feeds=[f.model_copy() for f in feeds],
                                   cooling_air_kw=template.cooling_air_kw if template else budget,
                                   cooling_liquid_kw=template.cooling_liquid_kw if template else None))
            x += catalog_type.width_mm
        edit = edits.AddRow(self.racks, catalog_type) if new_row else edits.add_racks(self.racks, catalog_type)
        self.edit = checked(edit, design)


def _next_row(rows: list[str]) -> str:
    from designer.fabric.placement import row_name

    used = set(rows)
    i = 0
    while row_name(i) in used:
        i += 1
    return row_name(i)


class DuplicateRack(DesignCommand):
    """A copy of a rack and its devices (without cables), beside it in its row."""

    def __init__(self, doc, rack_name: str) -> None:
        super().__init__(doc, "undo.duplicate_rack", name=rack_name)
        design = doc.design
        index = doc.index
        source = index.racks[rack_name]
        in_row = [r for r in design.racks if r.room == source.room and r.row == source.row]
        last = max(in_row, key=lambda r: r.x_mm)
        rack_names = {r.name for r in design.racks}
        self.rack = source.model_copy(update={"name": unique_name(rack_names, last.name),
                                             "x_mm": last.x_mm + index.rack_type_of(last).width_mm}, deep=True)
        names = {d.name for d in design.devices}
        self.devices = []
        for device in index.devices_by_rack.get(rack_name, []):
            copy_name = unique_name(names, device.name)
            names.add(copy_name)
            self.devices.append(device.model_copy(update={"name": copy_name, "rack": self.rack.name}, deep=True))
        self.edit = checked(edits.InsertObjects({"racks": [(None, self.rack)],
                                                 "devices": [(None, d) for d in self.devices]}), design)


class MoveRack(DesignCommand):
    """Move a rack on the floor plan; the cables of everything in it are re-routed."""

    def __init__(self, doc, rack_name: str, x_mm: float, y_mm: float) -> None:
        super().__init__(doc, "undo.move_rack", name=rack_name)
        self.name = rack_name
        self.edit = checked(edits.MoveRack(rack_name, x_mm, y_mm), doc.design)

    def id(self) -> int:
        return MOVE_RACK_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MoveRack) or other.name != self.name:
            return False
        self.merge_changes(other)
        return True

    def first_apply(self) -> list[edits.Change]:
        members = {d.name for d in self.design.devices if d.rack == self.name}
        return [self.edit.apply(self.design), *rerouted(self.doc, members)]


class MoveRow(DesignCommand):
    """Move a whole row on the floor plan (Shift-drag of one of its racks); the cables of
    everything in it are re-routed. One undo step."""

    def __init__(self, doc, room: str, row: str, dx_mm: float, dy_mm: float) -> None:
        super().__init__(doc, "undo.move_row", row=row)
        self.room, self.row = room, row
        self.edit = checked(edits.MoveRow(room, row, dx_mm, dy_mm), doc.design)

    def first_apply(self) -> list[edits.Change]:
        racks = {r.name for r in self.design.racks if r.room == self.room and r.row == self.row}
        members = {d.name for d in self.design.devices if d.rack in racks}
        return [self.edit.apply(self.design), *rerouted(self.doc, members)]


class PlaceRoom(DesignCommand):
    """Move a room on the site plan (drag of the selected room); its racks go with it and
    no figure changes. One undo step."""

    def __init__(self, doc, room: str, x_mm: float, y_mm: float) -> None:
        super().__init__(doc, "undo.move_room", room=room)
        self.edit = checked(edits.PlaceRoom(room, x_mm, y_mm), doc.design)


class AddRoom(DesignCommand):
    """A new room beside the rooms there are (to their right on the site plan), so it can
    be moved and resized on the floor plan; the rooms not yet placed keep where they are
    drawn. One undo step."""

    WIDTH_MM = 10_000.0
    DEPTH_MM = 8_000.0
    GAP_MM = 2_000.0

    def __init__(self, doc) -> None:
        from designer.model.site import Room, room_origins

        design = doc.design
        taken = {r.name for r in design.site.rooms}
        number = len(taken) + 1
        while f"Hall {number}" in taken:
            number += 1
        origins = room_origins(design.site.rooms)
        right = max((origins[r.name][0] + r.width_mm for r in design.site.rooms), default=-self.GAP_MM)
        self.room = f"Hall {number}"
        super().__init__(doc, "undo.add_room", room=self.room)
        room = Room(name=self.room, width_mm=self.WIDTH_MM, depth_mm=self.DEPTH_MM)
        self.edit = checked(edits.add_room(room), design)
        self.place = edits.PlaceRoom(self.room, right + self.GAP_MM, 0.0)  # checked once the room is there

    def first_apply(self) -> list[edits.Change]:
        added = self.edit.apply(self.design)
        try:
            return [added, self.place.apply(self.design)]
        except edits.EditRefused:
            added.inverse.apply(self.design)
            raise


class DeleteRooms(DesignCommand):
    """Delete rooms with the racks in them, their devices and every cable to those."""

    def __init__(self, doc, rooms: list[str]) -> None:
        super().__init__(doc, "undo.delete", names=", ".join(rooms[:3]) + (" ..." if len(rooms) > 3 else ""))
        self.edit = checked(edits.delete_rooms(rooms), doc.design)

