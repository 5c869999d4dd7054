"""A product name as a sentence holds it, the same in the proposal and in the window (no
reportlab here: the window's estimates panel names unpriced parts with it)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
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
    """The short product name of the first of ``entries`` (slug -> device or rack type) that
    has ``slug`` with a model that is more than spaces; else the slug."""
    for found in entries:
        kind = found.get(slug)
        name = short_name(kind.model) if kind is not None and kind.model else ""
        if name:
            return name
    return slug


class PartNames:
    """Slug -> the product name a reader reads, one rule for the proposal and the window's
    estimates panel: the design's own entry's model (a device or rack type in the design),
    else the part's bill-of-materials description (cables, optics, anything without an
    entry), else a catalog entry's model, else the slug; each shortened (``short_name``).

    ``kinds``: the design's device and rack types; ``described``: (slug, description) of BOM
    lines (the proposal's whole BOM, the panel's unpriced lines: the same descriptions);
    ``catalogs``: slug -> entry maps asked last (the catalog's device and rack types)."""

    def __init__(self, kinds: Iterable[Any], described: Iterable[tuple[str, str | None]] = (),
                 catalogs: Iterable[Mapping[str, Any]] = ()) -> None:
        # (a model or description of only spaces names nothing: the next source does)
        names: dict[str, str] = {}
        for slug, description in described:
            if description and slug not in names and (short := short_name(description)):
                names[slug] = short
        for kind in kinds:
            if kind.model and (short := short_name(kind.model)):
                names[kind.slug] = short
        self.names = names
        self.catalogs = tuple(catalogs)

    @classmethod
    def of(cls, design: Any, catalog: Any, described: Iterable[tuple[str, str | None]] = ()) -> PartNames:
        """The names for ``design`` (its device and rack types) with ``catalog``'s entries
        asked last: as the proposal and the window's estimates panel name parts."""
        return cls((*design.device_types, *design.rack_types), described,
                   (catalog.device_types, catalog.rack_types))

    def __call__(self, slug: str) -> str:
        name = self.names.get(slug)
        return name if name is not None else entry_name(slug, *self.catalogs)


def described_parts(block: Any) -> Iterator[tuple[str, str | None]]:
    """(slug, description) of every ``missing_parts`` row in a report or estimates block."""
    if isinstance(block, Mapping):
        for key, value in block.items():
            if key == "missing_parts" and isinstance(value, list):
                for row in value:
                    if isinstance(row, Mapping) and row.get("part"):
                        yield str(row["part"]), row.get("description")
            else:
                yield from described_parts(value)
    elif isinstance(block, list):
        for value in block:
            yield from described_parts(value)
