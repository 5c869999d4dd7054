"""Editing a field of the design, a room, rack or device (the inspector), and the growth
stages: thin wrappers over ``edits.SetProperty`` and ``edits.SetStages``, which check a
value as the loader would (a rack's room and a device's feed must exist, names stay
unique) and take a rename's references along."""

from __future__ import annotations

from typing import Any

from designer.model import edits
from designer.model.edits import rules
from designer.ui.commands.base import DesignCommand, checked, refusal


def target_object(design, kind: str, name: str | None):
    """The model object an edit of ``kind`` named ``name`` addresses (StopIteration: none)."""
    try:
        return edits.find_object(design, kind, name)
    except edits.EditRefused:
        raise StopIteration(f"{kind} {name}") from None


def validated_value(obj, field: str, value: Any) -> Any:
    """The value as the model would store it; raises DesignerError with the model's reason."""
    try:
        return rules.validated_field(obj, field, value, type(obj).__name__.lower())
    except edits.EditRefused as exc:
        raise refusal(exc) from None


class SetProperty(DesignCommand):
    """Change one field of a rack, device, room, fabric, feed, link or the design's settings."""

    def __init__(self, doc, kind: str, name: str | None, field: str, value: Any, label: str | None = None) -> None:
        # label: the field's catalog key ("field.power_budget"); None: the field's own name
        super().__init__(doc, "undo.set", label=label, field=field)
        self.kind, self.name, self.field = kind, name, field
        self.edit = checked(edits.SetProperty(kind, name, field, value), doc.design)

    def describe(self, t) -> str:
        label, field = self.text_figures["label"], self.text_figures["field"]
        what = t(label) if label else field
        if not t.is_zh and not what[1:2].isupper():  # "Set power budget", but "Set PUE"
            what = what[:1].lower() + what[1:]
        return t("undo.set", what=what)


class SetStages(DesignCommand):
    """Replace the design's growth stages (validated: unique names, existing racks and devices)."""

    def __init__(self, doc, stages: list) -> None:
        super().__init__(doc, "undo.stages")
        self.edit = checked(edits.SetStages(list(stages)), doc.design)


class SupplyFigure(DesignCommand):
    """Enter (or clear) a figure the vendor does not publish for a part of the design: stored
    in the design's device type as supplied by the design's author, today."""

    def __init__(self, doc, slug: str, figure: str, value: float | None) -> None:
        super().__init__(doc, "undo.supply", what=f"supplied.what.{figure}", part=slug)
        self.edit = checked(edits.SupplyFigure(slug, figure, value, by=doc.design.project.author), doc.design)

    def describe(self, t) -> str:
        return t("undo.supply", what=t(self.text_figures["what"]), part=self.text_figures["part"])
