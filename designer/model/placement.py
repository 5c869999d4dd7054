"""Where a device may go in a rack: the one rule the window's drag-and-drop and the
checks share (a drop is refused for exactly the reasons a check would report)."""

from __future__ import annotations

import re
from typing import Any

from designer.i18n import Translator, register
from designer.model.device import Device
from designer.model.index import DesignIndex


def faces_taken(full_depth: bool, face: str) -> tuple[str, ...]:
    return ("front", "rear") if full_depth else (face,)


# Why a slot is refused, by key, in every language: the one text of each refusal. Registered
# with designer.i18n as "slot.<key>"; the edit API's refusals say it in English
# (``slot_message``), the window in its language, from the key and figures that
# ``slot_conflict`` returns.
SLOT_PROBLEMS: dict[str, dict[str, str]] = {
    "no_rack": {"en": "rack {rack} does not exist", "zh": "机柜 {rack} 不存在"},
    "out_of_bounds": {
        "en": "U{low}-U{high} does not fit rack {rack} ({height} U)",
        "zh": "U{low}-U{high} 超出机柜 {rack} 的范围（共 {height} U）",
    },
    "taken_unit": {
        "en": "U{low} of rack {rack} is taken by {other}",
        "zh": "机柜 {rack} 的 U{low} 已被 {other} 占用",
    },
    "taken": {
        "en": "U{low}-U{high} of rack {rack} are taken by {other}",
        "zh": "机柜 {rack} 的 U{low}-U{high} 已被 {other} 占用",
    },
}
register("model.placement", {f"slot.{key}": texts for key, texts in SLOT_PROBLEMS.items()})


def slot_message(key: str, figures: dict[str, Any], lang: str = "en") -> str:
    """Why a slot is refused (a ``SLOT_PROBLEMS`` key and its figures) in ``lang``."""
    if key not in SLOT_PROBLEMS:
        raise KeyError(f"slot problem {key!r} is not in designer.model.placement.SLOT_PROBLEMS")
    return Translator(lang)(f"slot.{key}", **figures)


def slot_conflict(
    index: DesignIndex,
    rack_name: str,
    position_u: int,
    u_height: int,
    face: str,
    full_depth: bool,
    ignore: Device | None = None,
) -> tuple[str, dict[str, Any]] | None:
    """Why a device of ``u_height`` cannot go at ``position_u``, as a ``SLOT_PROBLEMS``
    key and its figures (None: it can)."""
    rack = index.racks.get(rack_name)
    if rack is None:
        return "no_rack", {"rack": rack_name}
    if u_height == 0:
        return None  # zero-U parts mount on the side rails
    height = index.rack_type_of(rack).u_height
    top = position_u + u_height - 1
    if position_u < 1 or top > height:
        return "out_of_bounds", {"low": position_u, "high": top, "rack": rack_name, "height": height}
    wanted = set(faces_taken(full_depth, face))
    for other in index.devices_by_rack.get(rack_name, []):
        if other is ignore or other.position_u is None:
            continue
        other_type = index.type_of(other)
        if other_type.u_height == 0:
            continue
        other_top = other.position_u + other_type.u_height - 1
        if other_top < position_u or other.position_u > top:
            continue
        if wanted & set(faces_taken(index.is_full_depth(other), other.face)):
            low, high = max(position_u, other.position_u), min(top, other_top)
            return ("taken_unit" if low == high else "taken"), {"low": low, "high": high, "rack": rack_name,
                                                                "other": other.name}
    return None


def slot_problem(
    index: DesignIndex,
    rack_name: str,
    position_u: int,
    u_height: int,
    face: str,
    full_depth: bool,
    ignore: Device | None = None,
) -> str | None:
    """Why a device of ``u_height`` cannot go at ``position_u``, in English (None: it can)."""
    conflict = slot_conflict(index, rack_name, position_u, u_height, face, full_depth, ignore)
    if conflict is None:
        return None
    key, figures = conflict
    return slot_message(key, figures)


def free_position(index: DesignIndex, rack_name: str, u_height: int, face: str, full_depth: bool,
                  start: int = 1) -> int | None:
    """The lowest free position at or above ``start``, else the lowest anywhere."""
    rack = index.racks.get(rack_name)
    if rack is None:
        return None
    height = index.rack_type_of(rack).u_height
    for first in (range(start, height + 1), range(1, start)):
        for u in first:
            if slot_problem(index, rack_name, u, u_height, face, full_depth) is None:
                return u
    return None


def unique_name(existing: set[str], base: str) -> str:
    """``base-01``, ``base-02``…; a base that already ends in a number counts on from it."""
    match = re.match(r"^(.*?)(\d+)$", base)
    stem, start = (match[1], int(match[2])) if match else (base + "-", 1)
    width = len(match[2]) if match else 2
    n = start
    while f"{stem}{n:0{width}d}" in existing:
        n += 1
    return f"{stem}{n:0{width}d}"


def device_base_name(slug: str) -> str:
    """``nvidia-dgx-h100`` -> ``dgx-h100``: the model part of a catalog slug."""
    parts = slug.split("-")
    return "-".join(parts[1:]) if len(parts) >= 3 else slug
