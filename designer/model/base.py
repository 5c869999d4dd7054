"""Shared pydantic configuration for every model class."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints


class Model(BaseModel):
    """Base class: unknown fields are refused so that a typo in a file is an error,
    not a silently ignored setting."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)


# A name users see and reference (racks, devices, rooms, fabrics). Colons are kept
# out because "device:port" is how ends are written in messages.
Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=120, pattern=r"^[^:\n\r\t]+$"),
]
Slug = Annotated[str, StringConstraints(min_length=1, max_length=120, pattern=r"^[a-z0-9][a-z0-9._-]*$")]
PositiveFloat = Annotated[float, Field(gt=0)]
NonNegativeFloat = Annotated[float, Field(ge=0)]
Share = Annotated[float, Field(ge=0, le=1)]
