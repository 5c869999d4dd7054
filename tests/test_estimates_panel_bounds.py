"""The estimates panel's spin boxes reach only values the model takes (anything the window
can produce, the loader must accept): a 0 MFU or link efficiency, which the loader refuses
(review, helper-44/45), cannot be entered."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pydantic import ValidationError  # noqa: E402

from designer.model.estimates import (  # noqa: E402
    CommunicationInputs, CostInputs, ScalingInputs, StorageInputs, WorkloadInputs)
from designer.ui import estimates_panel as panel  # noqa: E402

FORMS = [(panel.COST, CostInputs), (panel.COMMUNICATION, CommunicationInputs), (panel.SCALING, ScalingInputs),
         (panel.STORAGE, StorageInputs), (panel.WORKLOAD, WorkloadInputs)]


@pytest.mark.parametrize(("fields", "model"), FORMS, ids=lambda v: getattr(v, "__name__", ""))
def test_each_spin_box_bound_is_a_value_the_model_takes(fields, model):
    for field in fields:
        if field.kind not in ("float", "int"):
            continue
        for bound in (field.minimum, field.maximum):
            value = int(bound) if field.kind == "int" else float(bound)
            try:
                model.model_validate({field.name: value})
            except ValidationError as exc:
                pytest.fail(f"{model.__name__}.{field.name} = {value} (the panel's bound) is refused: {exc}")
