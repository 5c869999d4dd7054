"""Shared pydantic configuration for every model class."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Self, cast

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator
from pydantic.fields import FieldInfo
from pydantic_core import SchemaSerializer, SchemaValidator

# Characters no text in a design may hold: C0 and C1 control characters (XML 1.0 forbids
# most, so SVG, GraphML and XLSX exports would be malformed; the PDF shows boxes), lone
# surrogates (not encodable as UTF-8, so the file could not be saved) and the two
# non-characters U+FFFE/U+FFFF. Tab and line breaks are allowed in free text only.
_FORBIDDEN_IN_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")

# Longest text per field, so that every label fits its box in the PDF and drawings:
# names and short labels 120 characters (as ``Name``), free text 10,000.
MAX_SHORT_TEXT = 200
MAX_LONG_TEXT = 10_000
_LONG_TEXT_FIELDS = frozenset({"description", "notes", "comments", "note", "url", "title", "address",
                               # the proposal's commercial terms (model.design.Project)
                               "payment_terms", "delivery_schedule", "lead_times", "warranty", "support"})


def text_problem(value: str, field: str) -> str | None:
    """Why ``value`` cannot be stored in ``field`` (None: it can)."""
    limit = MAX_LONG_TEXT if field in _LONG_TEXT_FIELDS else MAX_SHORT_TEXT
    if len(value) > limit:
        return f"{field}: {len(value):,} characters; at most {limit:,}"
    bad = _FORBIDDEN_IN_TEXT.search(value)
    if bad:
        return (
            f"{field}: contains the control character U+{ord(bad.group()):04X} at position {bad.start() + 1}; "
            "remove it (text may hold letters, digits, spaces and punctuation of any script)"
        )
    return None


class Model(BaseModel):
    """Base class: unknown fields are refused so that a typo in a file is an error,
    not a silently ignored setting; text is checked for control characters and length."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False, defer_build=True)

    @model_validator(mode="after")
    def _sane_text(self) -> Any:
        for field, value in self.__dict__.items():
            if type(value) is str:
                if len(value) <= 40 and value.isprintable():  # the fast path: almost every name
                    continue
                problem = text_problem(value, field)
            elif type(value) is list and value and type(value[0]) is str:
                problem = next((p for v in value if type(v) is str and (p := text_problem(v, field))), None)
            elif type(value) is dict and value:
                problem = next(
                    (p for k in value if type(k) is str and (p := text_problem(k, f"{field} key"))), None
                )
            else:
                continue
            if problem:
                raise ValueError(problem)
        return self


# The same rule as ``_FORBIDDEN_IN_TEXT`` as a pattern pydantic's core checks itself (lone
# surrogates it refuses as ``string_unicode``): for records, which have no Python validator.
TEXT_PATTERN = "^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]*$"
ShortText = Annotated[str, StringConstraints(max_length=MAX_SHORT_TEXT, pattern=TEXT_PATTERN)]


def record_text_problem(error: Mapping[str, Any]) -> str | None:
    """A pydantic error on a record's text (``TEXT_PATTERN``, ``MAX_SHORT_TEXT``) in the words
    ``Model._sane_text`` uses for the same fault, without the field's name (the field path
    that goes with the message ends in it); None for any other error."""
    given, loc, ctx = error.get("input"), error.get("loc") or (), error.get("ctx") or {}
    if not isinstance(given, str) or not loc:
        return None
    if not ((error["type"] == "string_pattern_mismatch" and ctx.get("pattern") == TEXT_PATTERN)
            or (error["type"] == "string_too_long" and ctx.get("max_length") == MAX_SHORT_TEXT)):
        return None
    field = str(loc[-1])
    problem = text_problem(given, field)
    return problem.removeprefix(f"{field}: ") if problem else None


# The configuration of ``Model`` for records (``Record``).
RECORD_CONFIG = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False, defer_build=True)


class Record:
    """Base of the design's bulk records (its links: 64,000 at 16,384 GPUs), which are slotted
    pydantic dataclasses, not ``Model`` objects: a link as a model costs about 2,080 bytes
    (an instance dict and a fields-set per object, three objects per link), as a record 210,
    and loads about three times faster (issue 17). The file format and its validation are
    the same: the same fields, ``extra="forbid"``, and text checked by pydantic's core
    against ``TEXT_PATTERN`` where ``Model`` runs ``_sane_text``. The few ``BaseModel``
    methods the code calls on a record are here, with the same meaning."""

    __slots__ = ()
    __pydantic_validator__: ClassVar[SchemaValidator]
    __pydantic_serializer__: ClassVar[SchemaSerializer]
    __pydantic_fields__: ClassVar[dict[str, FieldInfo]]

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        validated: Self = cls.__pydantic_validator__.validate_python(data)
        return validated

    def model_dump(self, *, mode: str = "python", exclude_defaults: bool = False) -> dict[str, Any]:
        dumped: dict[str, Any] = self.__pydantic_serializer__.to_python(
            self, mode=mode, exclude_defaults=exclude_defaults)
        return dumped

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied, not validated (as ``BaseModel.model_copy``)."""
        new = copy.deepcopy(self) if deep else copy.copy(self)
        for field, value in (update or {}).items():
            if field not in self.__pydantic_fields__:
                raise AttributeError(f"{type(self).__name__} has no field {field!r}")
            object.__setattr__(new, field, value)
        return new


def record_fields(cls: type[Any]) -> dict[str, FieldInfo]:
    """The fields of a ``Model`` or ``Record`` class."""
    fields: dict[str, FieldInfo] = cls.model_fields if issubclass(cls, BaseModel) else cls.__pydantic_fields__
    return fields


def numeric_bounds(cls: type[Any], name: str) -> tuple[float | None, bool, float | None, bool]:
    """``(low, low included, high, high included)`` of a number field of a ``Model`` or
    ``Record`` as its constraints state them (``ge``/``gt``/``le``/``lt``, on the field or
    inside an optional's ``Annotated`` type); None where unbounded. For forms that must
    offer only what the model takes (the window's spin boxes)."""
    import annotated_types as at
    from typing import get_args

    info = record_fields(cls)[name]
    found: list[Any] = list(info.metadata)
    pending = [info.annotation]
    while pending:  # the constraints of ``Annotated[...]`` inside ``X | None``
        annotation = pending.pop()
        for arg in get_args(annotation):
            if isinstance(arg, FieldInfo):
                found.extend(arg.metadata)
            elif get_args(arg):
                pending.append(arg)
    low: float | None = None
    high: float | None = None
    low_in = high_in = True
    for item in found:
        if isinstance(item, at.Ge):
            low, low_in = float(cast(float, item.ge)), True
        elif isinstance(item, at.Gt):
            low, low_in = float(cast(float, item.gt)), False
        elif isinstance(item, at.Le):
            high, high_in = float(cast(float, item.le)), True
        elif isinstance(item, at.Lt):
            high, high_in = float(cast(float, item.lt)), False
    return low, low_in, high, high_in


# A name users see and reference (racks, devices, rooms, fabrics). Colons are kept
# out because "device:port" is how ends are written in messages; control characters,
# tabs and line breaks because every export must stay valid XML and one line per name.
NAME_PATTERN = "^[^:\x00-\x1f\x7f-\x9f\ufffe\uffff]+$"
Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=120, pattern=NAME_PATTERN),
]
Slug = Annotated[str, StringConstraints(min_length=1, max_length=120, pattern=r"^[a-z0-9][a-z0-9._-]*$")]
# Figures are bounded: no part, rack or room has a figure near 10^12 in its unit, and
# larger ones overflow sums to infinity.
MAX_FIGURE = 1e12
PositiveFloat = Annotated[float, Field(gt=0, le=MAX_FIGURE)]
NonNegativeFloat = Annotated[float, Field(ge=0, le=MAX_FIGURE)]
# A coordinate: either sign, bounded like the figures
Coordinate = Annotated[float, Field(ge=-MAX_FIGURE, le=MAX_FIGURE)]
Share = Annotated[float, Field(ge=0, le=1)]
