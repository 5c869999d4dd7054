"""Reading catalog YAML files (netbox devicetype-library conventions plus our fields)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from designer.errors import CatalogError
from designer.model.base import MAX_SHORT_TEXT, NonNegativeFloat, text_problem
from designer.model.hardware import DeviceType, RackType
from designer.model.io import validation_error
from designer.model.units import to_kg

# netbox fields we read and translate, or accept and leave aside.
_NETBOX_TRANSLATED = {"weight", "weight_unit", "power-ports", "interfaces"}
_NETBOX_IGNORED = {
    "front-image",
    "rear-image",
    "subdevice_role",
    "console-ports",
    "console-server-ports",
    "power-outlets",
    "front-ports",
    "rear-ports",
    "module-bays",
    "device-bays",
    "inventory-items",
    "is_powered",
    "description",
    "default_platform",
    "airflow_note",
}


def parse_entry(data: Any, path: Path) -> DeviceType | RackType:
    if not isinstance(data, dict):
        raise CatalogError("expected a mapping of fields (a catalog entry)", file=path)
    if data.get("kind") == "rack":
        return _validate(RackType, _netbox_weight(dict(data), path, drop=("kind",)), path, data)
    return device_type_from_mapping(data, path)


def device_type_from_mapping(data: dict[str, Any], path: Path) -> DeviceType:
    fields = _netbox_weight(dict(data), path)
    power_ports = fields.pop("power-ports", None)
    if power_ports is not None and (
        not isinstance(power_ports, list) or not all(isinstance(p, dict) for p in power_ports)
    ):
        raise CatalogError(
            f"expected a list of power ports (each a mapping with name, type, ...); got {power_ports!r:.60}",
            file=path, field="power-ports",
        )
    fields.pop("interfaces", None)  # port_groups are the source of truth in our files
    for key in _NETBOX_IGNORED:
        fields.pop(key, None)
    device_type = _validate(DeviceType, fields, path, data)
    if power_ports and device_type.psu.count is not None and len(power_ports) != device_type.psu.count:
        raise CatalogError(
            f"lists {len(power_ports)} power-ports but psu.count is {device_type.psu.count}",
            file=path,
            field="psu.count",
            hint="make the two agree",
        )
    return device_type


def _netbox_weight(fields: dict[str, Any], path: Path, drop: tuple[str, ...] = ()) -> dict[str, Any]:
    for key in drop:
        fields.pop(key, None)
    weight = fields.pop("weight", None)
    unit = fields.pop("weight_unit", "kg")
    if weight is not None and (isinstance(weight, bool) or not isinstance(weight, (int, float))):
        raise CatalogError(f"expected a number; got {weight!r}", file=path, field="weight")
    if not isinstance(unit, str):
        raise CatalogError(f"expected a unit such as kg or lb; got {unit!r}", file=path, field="weight_unit")
    if weight is not None:
        try:
            fields["weight_kg"] = round(to_kg(float(weight), str(unit)), 3)
        except (TypeError, ValueError) as exc:
            raise CatalogError(str(exc), file=path, field="weight") from None
    return fields


def _validate(model: type, fields: dict[str, Any], path: Path, original: dict[str, Any]):
    # Strict: a catalog file says what it means; "false" is not a boolean, 2.0 not a U count.
    try:
        return model.model_validate(fields, strict=True)
    except ValidationError as exc:
        raise validation_error(exc, original, path, CatalogError) from None


def entry_to_yaml_mapping(entry: DeviceType | RackType) -> dict[str, Any]:
    """Our model -> a YAML mapping in catalog conventions (weight + weight_unit)."""
    data = entry.model_dump(mode="json", exclude_none=True)
    if isinstance(entry, RackType):
        data = {"kind": "rack", **data}
    weight = data.pop("weight_kg", None)
    ordered: dict[str, Any] = {}
    for key in ("manufacturer", "model", "slug", "part_number", "kind", "u_height", "is_full_depth", "airflow"):
        if key in data:
            ordered[key] = data.pop(key)
    if weight is not None:
        ordered["weight"] = weight
        ordered["weight_unit"] = "kg"
    ordered.update(data)
    return ordered


# ---------------------------------------------------------------- netbox field types


class _NetboxInterface(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")

    name: str
    type: str
    mgmt_only: bool = False


class _NetboxPowerPort(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")

    name: str | None = None
    maximum_draw: NonNegativeFloat | None = None
    allocated_draw: NonNegativeFloat | None = None


class _NetboxDeviceType(BaseModel):
    """The fields of a netbox devicetype-library file the importer reads, with their types
    held strictly: ``is_full_depth: 'false'`` is not a boolean, ``model: [a, b]`` not a
    name and ``power-ports: x`` not a list of power ports."""

    model_config = ConfigDict(strict=True, extra="allow", allow_inf_nan=False, populate_by_name=True)

    manufacturer: str = Field(min_length=1, max_length=MAX_SHORT_TEXT)
    model: str = Field(min_length=1, max_length=MAX_SHORT_TEXT)
    slug: str = Field(min_length=1, max_length=120)
    part_number: str | None = Field(default=None, max_length=MAX_SHORT_TEXT)
    u_height: float = Field(default=1, ge=0, le=60)
    is_full_depth: bool = True
    airflow: str | None = None
    weight: NonNegativeFloat | None = None
    weight_unit: str = "kg"
    power_ports: list[_NetboxPowerPort] | None = Field(default=None, alias="power-ports")
    power_outlets: list[dict[str, Any]] | None = Field(default=None, alias="power-outlets")
    interfaces: list[_NetboxInterface] | None = None


def check_netbox_fields(data: Any, path: Path | str) -> None:
    """Refuse a netbox devicetype-library mapping whose fields have the wrong type, before
    any of them is converted (``bool("false")`` is True, ``str([a, b])`` a name and
    ``len("x")`` one PSU). One line through the shared formatter; for the importer to call
    first thing after ``read_yaml``."""
    if not isinstance(data, dict):
        raise CatalogError("expected a devicetype-library mapping", file=path)
    try:
        _NetboxDeviceType.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, data, path, CatalogError) from None
    for key in ("manufacturer", "model", "slug", "part_number"):
        value = data.get(key)
        if isinstance(value, str) and (problem := text_problem(value, key)):
            raise CatalogError(problem.removeprefix(f"{key}: "), file=path, field=key)
