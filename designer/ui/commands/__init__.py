"""Undoable edits. Each command edits the model in ``redo`` and restores it in ``undo``,
then tells the document what it touched, so checks and views refresh.

One module per kind of object edited; the window imports them all from here.
"""

from designer.ui.commands.base import MOVE_DEVICE_ID, MOVE_RACK_ID, DesignCommand, RerouteCables
from designer.ui.commands.cabling import ConnectPorts, DisconnectCable, cable_refusal, link_position
from designer.ui.commands.clipboard import NudgeDevices, PasteDevices
from designer.ui.commands.devices import (
    AddDevice,
    DeleteObjects,
    DuplicateDevice,
    MoveDevice,
    drop_problem,
    move_problem,
)
from designer.ui.commands.properties import SetProperty, SetStages, SupplyFigure, target_object, validated_value
from designer.ui.commands.racks import AddRacks, AddRoom, DeleteRooms, DuplicateRack, MoveRack, MoveRow, PlaceRoom

__all__ = [
    "MOVE_DEVICE_ID",
    "MOVE_RACK_ID",
    "AddDevice",
    "AddRacks",
    "ConnectPorts",
    "AddRoom",
    "DeleteRooms",
    "DeleteObjects",
    "DesignCommand",
    "DisconnectCable",
    "DuplicateDevice",
    "DuplicateRack",
    "MoveDevice",
    "MoveRack",
    "MoveRow",
    "NudgeDevices",
    "PasteDevices",
    "PlaceRoom",
    "RerouteCables",
    "SetProperty",
    "SupplyFigure",
    "SetStages",
    "cable_refusal",
    "drop_problem",
    "link_position",
    "move_problem",
    "target_object",
    "validated_value",
]
