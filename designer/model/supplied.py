"""Figures the engineer supplies where the vendor publishes none (issue 11, item 6).

A server whose vendor publishes no maximum power (Huawei's Atlas 800T A2, most OEM HGX
servers) cannot be sized for a rack's power budget. The engineer may then enter the
figure — ``designer new --server-max-kw``, the wizard, or the inspector of a device type
in the window — and it is stored in the **design's embedded device type** (the catalog
entry is never changed) with a ``SourceRef`` of ``origin: user`` that covers just that
figure and says who entered it, when and where. Vendor documents that covered the figure
stop claiming it. The report (``supplied_figures``), the window and the proposal list
such figures as supplied, not published.

One place decides what "supplied" means (``user_source``), so the CLI, window and PDF
never disagree. Designs written before ``origin`` existed marked a supplied figure only by
a source title starting "supplied by the user"; those are recognised too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from typing import Literal, get_args

from designer.i18n import Translator, register
from designer.model.design import Design
from designer.model.hardware import DeviceType, SourceRef
from designer.model.units import w_to_kw

USER_SUPPLIED = "supplied by the user"

# The figures an engineer may supply, by the name catalog sources use in ``covers``.
FigureName = Literal["power.max_w", "weight", "cooling.liquid_share", "cooling.liquid_supply_max_c"]
FIGURES: tuple[FigureName, ...] = get_args(FigureName)
UNITS: dict[FigureName, str] = {"power.max_w": "W", "weight": "kg", "cooling.liquid_share": "share",
                                "cooling.liquid_supply_max_c": "°C"}
# Upper bounds that catch a slip of the unit (kW typed as W, t as kg), not real limits:
# the heaviest rack-scale system catalogued weighs about 1.4 t and draws 142 kW.
_LIMITS: dict[FigureName, tuple[float, float]] = {
    "power.max_w": (1.0, 1_000_000.0), "weight": (0.1, 10_000.0), "cooling.liquid_share": (0.0, 1.0),
    # the bounds of ``CoolingSpec.liquid_supply_max_c``
    "cooling.liquid_supply_max_c": (5.0, 90.0)}


class FigureRefused(ValueError):
    """A supplied value the figure cannot take; ``hint`` says which values it can."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


def figure_value(device_type: DeviceType, figure: FigureName) -> float | None:
    if figure == "power.max_w":
        return device_type.power.max_w
    if figure == "weight":
        return device_type.weight_kg
    if figure == "cooling.liquid_supply_max_c":
        return device_type.cooling.liquid_supply_max_c
    return device_type.cooling.liquid_share


def user_source(device_type: DeviceType, figure: FigureName) -> SourceRef | None:
    """The record of the user supplying ``figure`` of this type, if they did."""
    return next((ref for ref in device_type.source if figure in ref.covers and is_user_source(ref)), None)


def is_user_source(ref: SourceRef) -> bool:
    return ref.origin == "user" or ref.title.startswith(USER_SUPPLIED)


def published(device_type: DeviceType, figure: FigureName) -> bool:
    """The figure is there and nobody but the vendor supplied it."""
    return figure_value(device_type, figure) is not None and user_source(device_type, figure) is None


def liquid_cooled(device_type: DeviceType) -> bool:
    """Some of its heat goes to liquid (or it is liquid-cooled with the split unpublished)."""
    share = device_type.cooling.liquid_share
    return share is None or share > 0


def open_figures(device_type: DeviceType) -> list[FigureName]:
    """The figures the user may supply for this type: those its vendor does not publish (or
    the user supplied), the coolant temperature only for a liquid-cooled part."""
    return [f for f in FIGURES if not published(device_type, f)
            and (f != "cooling.liquid_supply_max_c" or liquid_cooled(device_type))]


def check_value(figure: FigureName, value: float) -> float:
    """``value`` as stored, or FigureRefused naming the values the figure takes."""
    low, high = _LIMITS[figure]
    unit = UNITS[figure]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise FigureRefused(f"{value!r} is not a number", hint=f"a number of {unit}")
    if not low <= value <= high:
        what = "a share of the heat from 0 (all air) to 1 (all liquid)" if figure == "cooling.liquid_share" \
            else f"from {low:g} to {high:,.0f} {unit}"
        raise FigureRefused(f"{value:g} {unit} is out of range for {figure}", hint=what)
    return round(float(value), 3)


def with_supplied(device_type: DeviceType, values: dict[FigureName, float | None], *, by: str | None,
                  on: date, via: str) -> DeviceType:
    """A copy of ``device_type`` carrying the supplied ``values`` (None: withdraw a figure the
    user supplied earlier, leaving it unknown again), each recorded in its own user source
    naming who (``by``), when (``on``) and where (``via``: "designer new", "the window").
    Vendor sources that covered a replaced figure stop claiming it. Values are checked
    (``check_value``); FigureRefused names what is wrong."""
    power, cooling = device_type.power, device_type.cooling
    weight = device_type.weight_kg
    sources = list(device_type.source)
    for figure, value in values.items():
        stored = None if value is None else check_value(figure, value)
        if figure == "power.max_w":
            power = power.model_copy(update={"max_w": stored})
        elif figure == "weight":
            weight = stored
        elif figure == "cooling.liquid_supply_max_c":
            cooling = cooling.model_copy(update={"liquid_supply_max_c": stored})
        else:
            cooling = cooling.model_copy(update={"liquid_share": stored})
        # the figure's earlier claims go: a vendor document no longer backs it, an earlier
        # user record is replaced by this one
        sources = [ref.model_copy(update={"covers": [c for c in ref.covers if c != figure]})
                   if figure in ref.covers else ref for ref in sources]
        sources = [ref for ref in sources if ref.covers or not is_user_source(ref)]
        if stored is not None:
            who = f"by {by}, " if by else ""
            sources.append(SourceRef(title=f"{USER_SUPPLIED} ({who}{via}, {on.isoformat()}); "
                                           "not published by the vendor",
                                     covers=[figure], origin="user", supplied_by=by or None, supplied_on=on))
    return device_type.model_copy(update={"power": power, "weight_kg": weight, "cooling": cooling,
                                          "source": sources})


@dataclass(frozen=True, slots=True)
class SuppliedFigure:
    """One figure of a device type that the user supplied, not its vendor."""

    device_type: str
    figure: FigureName
    value: float | None
    unit: str
    supplied_by: str | None
    supplied_on: date | None
    note: str  # the source's title, as the sources appendix shows it

    def as_dict(self) -> dict[str, object]:
        return {"device_type": self.device_type, "figure": self.figure, "value": self.value, "unit": self.unit,
                "supplied_by": self.supplied_by,
                "supplied_on": self.supplied_on.isoformat() if self.supplied_on else None, "note": self.note}


def design_supplied_figures(design: Design) -> list[SuppliedFigure]:
    """The supplied figures of the device types the design's devices are of: what the
    report, ``designer new`` and the proposal list."""
    used = {d.device_type for d in design.devices}
    return supplied_figures([t for t in design.device_types if t.slug in used])


def supplied_figures(device_types: list[DeviceType]) -> list[SuppliedFigure]:
    """Every user-supplied figure of these types, by type slug then figure."""
    rows: list[SuppliedFigure] = []
    for device_type in sorted(device_types, key=lambda t: t.slug):
        for figure in FIGURES:
            ref = user_source(device_type, figure)
            if ref is not None:
                rows.append(SuppliedFigure(device_type.slug, figure, figure_value(device_type, figure), UNITS[figure],
                                           ref.supplied_by, ref.supplied_on, ref.title))
    return rows


register("model.supplied", {
    "supplied.what.power.max_w": {"en": "maximum power", "zh": "最大功耗"},
    "supplied.what.weight": {"en": "weight", "zh": "重量"},
    "supplied.what.cooling.liquid_share": {"en": "liquid-cooled share of the heat", "zh": "液冷散热占比"},
    "supplied.what.cooling.liquid_supply_max_c": {"en": "warmest coolant supply", "zh": "最高供液温度"},
    "supplied.the_user": {"en": "the user", "zh": "用户"},
    "supplied.line": {"en": "{type}: {what} {value}, supplied by {who} on {on}; not published by the vendor",
                      "zh": "{type}：{what} {value}，由{who}于 {on} 提供；厂商未公布此数据"},
    "supplied.line_undated": {"en": "{type}: {what} {value}, supplied by {who}; not published by the vendor",
                              "zh": "{type}：{what} {value}，由{who}提供；厂商未公布此数据"},
    "supplied.withdrawn": {"en": "unknown", "zh": "未知"},
})


def value_text(figure: str, value: float | None, t: Translator) -> str:
    """A supplied value as the window, report and proposal say it (power in kW)."""
    if value is None:
        return t("supplied.withdrawn")
    if figure == "power.max_w":
        return f"{t.num(w_to_kw(value), 2)} kW"
    if figure == "weight":
        return f"{t.num(value, 1)} kg"
    if figure == "cooling.liquid_supply_max_c":
        return f"{t.num(value, 1)} °C"
    return t.pct(value)


def describe(fig: SuppliedFigure, t: Translator | None = None, part: str | None = None) -> str:
    """One supplied figure in words: which part (``part``: its name as the reader knows it,
    else the slug), what, how much, by whom and when."""
    t = t or Translator("en")
    figures = {"type": part or fig.device_type, "what": t(f"supplied.what.{fig.figure}"),
               "value": value_text(fig.figure, fig.value, t), "who": fig.supplied_by or t("supplied.the_user")}
    if fig.supplied_on is None:
        return t("supplied.line_undated", **figures)
    return t("supplied.line", on=fig.supplied_on.isoformat(), **figures)
