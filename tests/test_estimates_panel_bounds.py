"""The window's spin boxes (estimates panel, inspector, cable list) reach only values the model takes (anything the window
can produce, the loader must accept): a 0 MFU or link efficiency, which the loader refuses
(review, helper-44/45), cannot be entered."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pydantic import ValidationError  # noqa: E402

from designer.model.estimates import (  # noqa: E402
    CommunicationInputs, CostInputs, ScalingInputs, StorageInputs, WorkloadInputs)
from designer.model.device import Device  # noqa: E402
from designer.model.link import Fabric, Link  # noqa: E402
from designer.model.rack import Feed, Rack  # noqa: E402
from designer.model.site import Room  # noqa: E402
from designer.ui import cable_list, inspector  # noqa: E402
from designer.ui import estimates_panel as panel  # noqa: E402

FORMS = [(panel.COST, CostInputs), (panel.COMMUNICATION, CommunicationInputs), (panel.SCALING, ScalingInputs),
         (panel.STORAGE, StorageInputs), (panel.WORKLOAD, WorkloadInputs),
         (inspector.RACK_FIELDS, Rack), (inspector.FEED_FIELDS, Feed), (inspector.DEVICE_FIELDS, Device),
         (inspector.ROOM_FIELDS, Room), (inspector.FABRIC_FIELDS, Fabric), (cable_list.LINK_FIELDS, Link)]


@pytest.mark.parametrize(("fields", "model"), FORMS, ids=lambda v: getattr(v, "__name__", ""))
def test_each_spin_box_bound_is_a_value_the_model_takes(fields, model):
    for field in fields:
        if field.kind not in ("float", "int"):
            continue
        for bound in (field.minimum, field.maximum):
            value = int(bound) if field.kind == "int" else float(bound)
            problem = _refusal(model, field.name, value)
            assert problem is None, f"{model.__name__}.{field.name} = {value} (the form's bound) is refused: {problem}"


def _refusal(model, name: str, value) -> str | None:
    """The model's error on ``name`` alone (other required fields may be missing)."""
    try:
        model.model_validate({name: value})
    except (ValidationError, TypeError) as exc:
        errors = exc.errors() if isinstance(exc, ValidationError) else [{"loc": (name,), "msg": str(exc)}]
        mine = [e for e in errors if tuple(e["loc"])[:1] == (name,)]
        return mine[0]["msg"] if mine else None
    return None


def test_an_optional_spin_box_offers_not_set_just_below_its_least_value(qtbot):
    from designer.ui.forms import Field, within_model

    from PySide6.QtWidgets import QLabel

    from designer.ui.forms import property_box

    (pue,) = within_model([Field("pue", "field.pue", "float", maximum=3.0)], Room)
    assert (pue.minimum, pue.maximum) == (1.0, 3.0)
    room = Room(name="R1", width_mm=10000, depth_mm=8000)
    box, editors = property_box(None, "room", "R1", "Room", [pue], room, QLabel())
    qtbot.addWidget(box)
    editor = editors[("room", "R1", "pue")]
    # "not set" one step below 1.00 (was -1, which let 0.00-0.99 be typed and refused)
    assert (editor.minimum(), editor.maximum(), editor.value()) == (0.99, 3.0, 0.99)
    assert editor.specialValueText() and editor.text() == editor.specialValueText()
