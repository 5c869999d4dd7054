"""Supplying a figure the vendor does not publish, in the design's embedded device type
(the window's inspector of a part): ``SupplyFigure``. See ``designer.model.supplied``.

Only an unknown figure, or one the user supplied before, can be set: a published figure
is the vendor's and is changed in the catalog, not here. The type is replaced whole (its
old object is the inverse's), so undo gives back the bytes a save wrote before.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import cast

from designer.model.design import Design
from designer.model.edits.core import Change, Edit, Scopes, refuse
from designer.model.hardware import DeviceType
from designer.model.supplied import FIGURES, UNITS, FigureName, FigureRefused, figure_value, published, \
    with_supplied


def _type_at(design: Design, slug: str) -> int:
    at = next((i for i, t in enumerate(design.device_types) if t.slug == slug), None)
    if at is None:
        refuse(f'device type "{slug}" is not in the design', field="device_types",
               hint="supply figures of a part the design uses", code="no_such_type", type=slug)
    return at


@dataclass
class SupplyFigure(Edit):
    """Set (``value``) or withdraw (None) a figure the user supplies for device type ``slug``:
    ``power.max_w`` (W), ``weight`` (kg) or ``cooling.liquid_share`` (0..1), recorded as
    supplied by ``by`` on ``on`` (today when not given)."""

    slug: str
    figure: str
    value: float | None
    by: str | None = None
    on: date | None = None

    def _new_type(self, design: Design) -> tuple[int, DeviceType]:
        at = _type_at(design, self.slug)
        old = design.device_types[at]
        field = f'device_types "{self.slug}".{self.figure}'
        if self.figure not in FIGURES:
            refuse(f"{self.figure} is not a figure that can be supplied", field=field,
                   hint=f"use one of: {', '.join(FIGURES)}", code="not_suppliable", figure=self.figure)
        figure: FigureName = self.figure  # narrowed by the check against FIGURES just above
        if published(old, figure):
            refuse(f"{self.slug} has a published {figure} ({figure_value(old, figure):g} {UNITS[figure]})",
                   field=field, hint="a published figure is the vendor's; correct the catalog entry if it is wrong",
                   code="figure_published", type=self.slug, figure=figure)
        try:
            new = with_supplied(old, {figure: self.value}, by=self.by, on=self.on or date.today(), via="the window")
        except FigureRefused as exc:
            refuse(str(exc), field=field, hint=exc.hint, code="figure_out_of_range", figure=figure)
        return at, new

    def check(self, design: Design) -> None:
        self._new_type(design)

    def apply(self, design: Design) -> Change:
        at, new = self._new_type(design)
        old = design.device_types[at]
        types = list(design.device_types)
        types[at] = new
        design.device_types = types
        shown = "unknown" if self.value is None else f"{self.value:g} {UNITS[cast(FigureName, self.figure)]}"
        # every rack holding the type is re-judged (power, weight, cooling): a full re-check
        return Change(self, _RestoreType(at, old), Scopes(everything=True),
                      f'device_types "{self.slug}": {self.figure} supplied as {shown}')


@dataclass
class _RestoreType(Edit):
    """Put a device type back exactly as it was (the inverse of SupplyFigure)."""

    at: int
    device_type: DeviceType

    def check(self, design: Design) -> None:
        if not (0 <= self.at < len(design.device_types)) or design.device_types[self.at].slug != self.device_type.slug:
            refuse(f'device type "{self.device_type.slug}" is not where it was', field="device_types",
                   hint="undo the edits made after this one first", code="no_such_type", type=self.device_type.slug)

    def apply(self, design: Design) -> Change:
        self.check(design)
        types = list(design.device_types)
        current = types[self.at]
        types[self.at] = self.device_type
        design.device_types = types
        return Change(self, _RestoreType(self.at, current), Scopes(everything=True),
                      f'device_types "{self.device_type.slug}" restored')
