"""Reading a YAML file of the catalog as plain data, safely (the budgets below), with
libyaml's parser for the files that ship with the program.

Apart from ``designer.catalog.entries`` (what the data means) so that PyYAML is imported
only when a YAML file is read: a command whose bundled catalog comes from the cache
(``designer.catalog.cache``) never reads one.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml

from designer.errors import CatalogError
from designer.model.io import check_nesting, format_field_path

# Budgets for one catalog or netbox YAML file. The largest bundled file (cabling.yaml)
# is 52 kB and about 6,000 nodes; a netbox switch with 1,000 interfaces about 10,000.
MAX_YAML_BYTES = 4 * 1024 * 1024
MAX_YAML_NODES = 500_000  # counted with every alias expanded, as the code reading it sees it
MAX_YAML_ALIASES = 1_000
MAX_YAML_NESTING = 64
MAX_NUMBER = 1e12  # larger magnitudes are no figure of a part; they overflow sums to infinity


def read_yaml(path: Path, *, bundled: bool = False) -> Any:
    """A YAML file as plain data, or a ``CatalogError`` naming the file (and field).

    Hostile input is refused before it costs time or memory: the file size is capped, the
    node graph is composed and its size counted with aliases expanded (a "billion laughs"
    file of a few hundred bytes expands to 10^9 nodes) before anything is built from it,
    and nesting is bounded. Non-finite (``.inf``, ``.nan``) and absurd numbers are refused
    naming their field."""
    try:
        size = path.stat().st_size
        if size > MAX_YAML_BYTES:
            raise CatalogError(
                f"too large for a catalog entry ({size:,} bytes; at most {MAX_YAML_BYTES:,})",
                file=path, hint="split it into one file per part",
            )
        raw = path.read_bytes()[: MAX_YAML_BYTES + 1]
    except IsADirectoryError:
        raise CatalogError("is a folder, not a YAML file", file=path) from None
    except OSError as exc:
        raise CatalogError(f"cannot be read: {exc.strerror}", file=path) from None
    return parse_yaml(raw, path, bundled=bundled)


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader that stops composing past ``MAX_YAML_NESTING`` levels (its
    composer recurses, and its scanner slows down quadratically with flow depth)."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        try:
            if self._depth > MAX_YAML_NESTING:
                mark = self.peek_event().start_mark
                raise CatalogError(
                    f"line {mark.line + 1}, column {mark.column + 1}: nested more than {MAX_YAML_NESTING} levels deep",
                    file=getattr(self, "_path", None),
                    hint="this structure is not part of the format; the file is damaged or not a catalog entry",
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


# libyaml's parser (PyYAML's C extension), where PyYAML was built with it: about 8 times
# quicker than the pure-Python one (26 bundled files: 0.29 s -> 0.035 s CPU, every command
# pays it). Used for the bundled catalog only, which ships with the program: its composer
# recurses in C, so the nesting bound of ``_BoundedLoader`` cannot guard it against a
# hostile file; user-imported and --catalog files keep the bounded Python loader.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


def parse_yaml(raw: bytes, path: Path | str = "<yaml>", *, bundled: bool = False) -> Any:
    if len(raw) > MAX_YAML_BYTES:
        raise CatalogError(f"too large for a catalog entry (at most {MAX_YAML_BYTES:,} bytes)", file=path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CatalogError("not a UTF-8 text file", file=path) from None
    loader = None
    try:
        if bundled and _FAST_LOADER is not None:
            loader = _FAST_LOADER(text)
        else:
            loader = _BoundedLoader(text)  # its reader refuses control characters at once
            loader._path = str(path)  # type: ignore[attr-defined]
        node = loader.get_single_node()
        if node is None:
            return None
        _check_node_budget(node, path)
        data = loader.construct_document(node)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise CatalogError(f"{where}invalid YAML: {problem}", file=path) from None
    except RecursionError:
        raise CatalogError(f"nested too deeply (over {MAX_YAML_NESTING} levels)", file=path) from None
    finally:
        if loader is not None:
            loader.dispose()
    check_nesting(data, path, CatalogError, MAX_YAML_NESTING)
    _check_scalars(data, path)
    return data


def _check_node_budget(root: yaml.Node, path: Path | str) -> None:
    """Count the node graph as the data built from it would be walked: an alias counts
    as a full copy of what it names. Stops as soon as a budget is spent."""
    expanded: dict[int, int] = {}  # node id -> its size with aliases expanded
    seen: set[int] = set()
    aliases = 0
    # Iterative post-order walk; the graph is a DAG (PyYAML composes no cycles in safe mode
    # except through recursive aliases, which it refuses).
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 0, False)]
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            total = 1
            for child in _children(node):
                if id(child) not in expanded:
                    raise CatalogError("an alias refers to the value that contains it (a loop)", file=path)
                total += expanded[id(child)]
            expanded[key] = total
            if total > MAX_YAML_NODES:
                raise CatalogError(
                    f"expands to more than {MAX_YAML_NODES:,} values (through {aliases:,} aliases)",
                    file=path, hint="a YAML alias bomb, or not a catalog entry",
                )
            continue
        if key in seen:
            aliases += 1
            if aliases > MAX_YAML_ALIASES:
                raise CatalogError(
                    f"uses more than {MAX_YAML_ALIASES:,} aliases (*name)", file=path,
                    hint="write the values out; a catalog entry needs few or no aliases",
                )
            continue
        seen.add(key)
        if depth > MAX_YAML_NESTING:
            raise CatalogError(f"nested more than {MAX_YAML_NESTING} levels deep", file=path)
        stack.append((node, depth, True))
        for child in _children(node):
            if id(child) not in seen:
                stack.append((child, depth + 1, False))
            else:
                aliases += 1
                if aliases > MAX_YAML_ALIASES:
                    raise CatalogError(
                        f"uses more than {MAX_YAML_ALIASES:,} aliases (*name)", file=path,
                        hint="write the values out; a catalog entry needs few or no aliases",
                    )


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_scalars(data: Any, path: Path | str) -> None:
    """Refuse ``.inf``/``.nan`` and numbers beyond any part's figures, naming the field."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, dict):
            stack.extend((value, (*loc, key if isinstance(key, (str, int)) else str(key))) for key,
                         value in node.items())
        elif isinstance(node, list):
            stack.extend((value, (*loc, i)) for i, value in enumerate(node))
        elif isinstance(node, float) and not math.isfinite(node):
            raise CatalogError(
                f"{_number_word(node)} is not a figure; write a finite number (or leave the field empty if unknown)",
                file=path, field=format_field_path(loc, data),
            )
        elif isinstance(node, (int, float)) and not isinstance(node, bool) and abs(node) > MAX_NUMBER:
            raise CatalogError(
                f"{node:.3g} is out of range (at most {MAX_NUMBER:.0e} in magnitude)",
                file=path, field=format_field_path(loc, data), hint="check the unit and the digits",
            )


def _number_word(value: float) -> str:
    return "NaN (.nan)" if math.isnan(value) else ("infinity (.inf)" if value > 0 else "minus infinity (-.inf)")
