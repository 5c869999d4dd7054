"""Shared pydantic configuration for every model class."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

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

    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)

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
