"""One line for a pydantic error: the field path (with the names of the items on the way)
and what was expected, in words a user acts on (the loader's, the catalog's and the
import's messages; ``designer.model.io`` re-exports them)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from designer.errors import DesignerError
from designer.model.base import NAME_PATTERN, record_text_problem


E = TypeVar("E", bound=DesignerError)


def validation_error(
    exc: ValidationError, data: Any, path: str | Path | None, error: type[E] = DesignerError  # type: ignore[assignment]
) -> E:
    """The one way a pydantic error reaches the user: one line naming the file, the field
    path (with the names of the items on the way) and what was expected; never pydantic's
    multi-line dump with its URL. Loader, catalog and import all call this."""
    field, message = describe_validation_error(exc, data)
    return error(message, file=path, field=field)


def describe_validation_error(exc: ValidationError, data: Any = None) -> tuple[str, str]:
    """``(field path, message)`` for the first problem, counting the others."""
    errors = exc.errors(include_url=False)
    if not errors:
        return "(top level)", "is not valid"
    first = errors[0]
    field = format_field_path(tuple(first["loc"]), data)
    message = _describe(first)
    if len(errors) > 1:
        message += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    return field, message


def format_field_path(loc: tuple[Any, ...], data: Any = None) -> str:
    """``('racks', 2, 'power_budget_kw')`` -> ``racks[2] "A03".power_budget_kw``."""
    text = ""
    node = data
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
            node = node[part] if isinstance(node, list) and part < len(node) else None
            label = node.get("name") or node.get("slug") if isinstance(node, dict) else None
            if isinstance(label, str):
                text += f' "{_clip(label)}"'
        else:
            text += f".{part}" if text else str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return text or "(top level)"


def _clip(label: str, limit: int = 40) -> str:
    """A name as shown in a field path: control characters escaped, long names shortened."""
    shown = "".join(c if c.isprintable() or c == " " else f"\\u{ord(c):04x}" for c in label[: limit + 1])
    return shown if len(label) <= limit else shown[: limit - 3] + "..."


def _describe(error: Mapping[str, Any]) -> str:
    kind = error["type"]
    given = error.get("input")
    if kind == "missing":
        return "required field is missing"
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):  # the latter: a record's (``Record``)
        return "unknown field; remove it or check its spelling"
    worded = record_text_problem(error)  # a record's text, in the words Model._sane_text uses
    if worded:
        return worded
    if kind == "string_pattern_mismatch" and (error.get("ctx") or {}).get("pattern") == NAME_PATTERN:
        return (
            "a name may not contain a colon (it separates device and port), tabs, line breaks or "
            f"control characters; got {_short_repr(given)}"
        )
    if kind in ("model_type", "model_attributes_type", "dict_type", "dataclass_type"):
        fields = _fields_of((error.get("ctx") or {}).get("class_name"))
        what = f"an object with the fields {', '.join(fields)}" if fields else "an object ({...})"
        return f"expected {what}; got {_short_repr(given)}"
    if kind == "string_too_short" and isinstance(given, str) and given and not given.strip():
        # a name is stripped of its spaces before its length is judged
        return f"only spaces; it needs at least one other character; got {_short_repr(given)}"
    if kind == "string_unicode":
        return "not valid text (it holds a lone UTF-16 surrogate, which no file can store); retype it"
    msg = str(error.get("msg") or "").splitlines()[0] if error.get("msg") else ""
    msg = msg[0].lower() + msg[1:] if msg else "is not valid"
    msg = msg.replace("input should be", "expected")
    if kind.startswith("value_error") or kind.startswith("designer_"):
        return msg.removeprefix("value error, ")
    return f"{msg}; got {_short_repr(given)}"


def _fields_of(class_name: object) -> list[str]:
    """The fields of the model class of that name (required ones first), for a message
    that says what an object must hold; [] when no model has that name."""
    from designer.model.base import Model, Record

    # models and records (the links and their ends, slotted pydantic dataclasses)
    stack: list[type] = [Model, Record]
    while stack:
        cls = stack.pop()
        if cls.__name__ == class_name and cls not in (Model, Record):
            fields = cls.__pydantic_fields__  # type: ignore[attr-defined]  # a model's or a record's
            return ([n for n, f in fields.items() if f.is_required()]
                    + [n for n, f in fields.items() if not f.is_required()])
        stack.extend(cls.__subclasses__())
    return []


def _short_repr(value: Any) -> str:
    if isinstance(value, (bytes, bytearray)):
        text = repr(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError, RecursionError):
            text = repr(value)
    text = _clip(text, 60)
    return text
