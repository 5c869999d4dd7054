"""A product name as a sentence holds it, the same in the proposal and in the window (no
reportlab here: the window's estimates panel names unpriced parts with it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SHORT_NAME = 40  # characters of a product name in a sentence or a chart title


def short_name(name: str) -> str:
    """A product name short enough for a sentence: its first clause ("WEKApod Nitro data
    platform appliance, 8-server base configuration" -> "WEKApod Nitro data platform
    appliance"); past ``SHORT_NAME`` characters without its trailing remarks (' - "Unified
    Fabric Manager Appliance 3.1" of the ... RA', '(DGX SuperPOD ... specification)'), and
    only then cut at a word with "…", never inside a parenthesis it does not close."""
    name = _first_clause(name)
    if len(name) <= SHORT_NAME:
        return name
    name = name.split(" - ")[0].strip() or name
    while len(name) > SHORT_NAME and (opening := _trailing_remark(name)) is not None:
        name = name[:opening].rstrip()
    if len(name) <= SHORT_NAME:
        return name
    cut = name[:SHORT_NAME].rsplit(" ", 1)[0]
    while "(" in cut and cut.count("(") > cut.count(")"):
        cut = cut[:cut.rindex("(")].rstrip()
    if not cut:
        # the name is one parenthetical: its words, cut at a word
        cut = name.strip("() ")[:SHORT_NAME].rsplit(" ", 1)[0].replace("(", "").replace(")", "")
    return cut + "…"


def _trailing_remark(name: str) -> int | None:
    """Where the parenthesis that closes the name opens (matched, nested ones inside it), when
    something stands before it; else None."""
    if not name.endswith(")"):
        return None
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        depth += (name[i] == ")") - (name[i] == "(")
        if depth == 0:
            return i if name[:i].strip() else None
    return None


def _first_clause(name: str) -> str:
    """The name up to its first ", " outside parentheses ("PowerEdge XE9680 (8x H100, HGX)"
    is one clause)."""
    depth = 0
    for i, char in enumerate(name):
        depth = max(0, depth + (char == "(") - (char == ")"))
        if depth == 0 and name.startswith(", ", i):
            return name[:i].strip()
    return name.strip()


def entry_name(slug: str, *entries: Mapping[str, Any]) -> str:
    """The short product name of the first of ``entries`` (slug -> device type: the design's,
    the catalog's) that has ``slug`` with a model; else the slug."""
    for found in entries:
        kind = found.get(slug)
        if kind is not None and kind.model:
            return short_name(kind.model)
    return slug
