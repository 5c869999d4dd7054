"""Edits of a design, without Qt: every change the window can make, as an operation that
is checked before it is made.

The rule: **anything an edit produces, the loader accepts.** Each operation checks the
rules ``designer.model.io`` and the pydantic models apply when loading (unique names,
references that exist — a rack's room, a device's rack, type and fabric, a link's fabric
—, valid values and ranges) and, when ``strict`` (the default), what the window promises
besides: devices in free slots within their rack and on one of its feeds, cables between
existing, free ports. A refused edit raises ``EditRefused`` (a ``DesignerError``) naming
the object and field as the loader does and saying how to fix it; the design is left as
it was.

``edit.apply(design)`` makes the edit and returns a ``Change``: the edit, its exact
inverse (applying it gives back the design a save wrote before, byte for byte), the
scopes it touched (the incremental checker's vocabulary, see ``Scopes``) and a summary.
``History`` is an undo/redo stack over these; the window's undo commands wrap the same
operations.

    change = MoveDevice("node003", "A02", 17).apply(design)
    change.inverse.apply(design)  # as before

Operations: ``add_device``, ``add_rack``/``add_racks``, ``AddRow``, ``add_room``,
``add_link``, ``connect_ports`` (a cable checked for speed, cage, role and free ports);
``MoveDevice``, ``MoveRack``, ``MoveRow``, ``PlaceRoom``, ``move_link``, ``ReplaceLinks``;
``DeleteObjects`` (``delete_devices``, ``delete_racks``, ``delete_rooms``,
``delete_links``, ``disconnect_link``), ``DeleteRow``; ``SetProperty``, ``SetStages``;
``SupplyFigure`` (a figure the vendor does not publish);
``Batch`` of several.
"""

from designer.model.edits.core import Batch, Change, Edit, EditRefused, History, Scopes, apply_all
from designer.model.edits.objects import (
    AddRow,
    DeleteObjects,
    DeleteRow,
    InsertObjects,
    RemoveObjects,
    add_device,
    add_link,
    add_rack,
    add_racks,
    add_room,
    delete_devices,
    delete_links,
    delete_racks,
    delete_rooms,
)
from designer.model.edits.moves import MoveDevice, MoveRack, MoveRow, PlaceRoom, ReplaceLinks, move_link
from designer.model.edits.links import ConnectPorts, connect_ports, disconnect_link, port_problem
from designer.model.edits.properties import SetProperty, SetStages, find_object, set_property
from designer.model.edits.supplied import SupplyFigure

__all__ = [
    "AddRow",
    "Batch",
    "Change",
    "ConnectPorts",
    "DeleteObjects",
    "DeleteRow",
    "Edit",
    "EditRefused",
    "History",
    "InsertObjects",
    "MoveDevice",
    "MoveRack",
    "MoveRow",
    "PlaceRoom",
    "RemoveObjects",
    "ReplaceLinks",
    "Scopes",
    "SetProperty",
    "SetStages",
    "SupplyFigure",
    "add_device",
    "add_link",
    "add_rack",
    "add_racks",
    "add_room",
    "apply_all",
    "connect_ports",
    "delete_devices",
    "delete_links",
    "delete_racks",
    "delete_rooms",
    "disconnect_link",
    "find_object",
    "move_link",
    "port_problem",
    "set_property",
]
