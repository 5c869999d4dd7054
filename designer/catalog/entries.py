"""Reading catalog YAML files (netbox devicetype-library conventions plus our fields)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from designer.errors import CatalogError
from designer.model.hardware import DeviceType, RackType
from designer.model.io import format_field_path
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


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise CatalogError("not a UTF-8 text file", file=path) from None
    except OSError as exc:
        raise CatalogError(f"cannot be read: {exc.strerror}", file=path) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise CatalogError(f"{where}invalid YAML: {problem}", file=path) from None


def parse_entry(data: Any, path: Path) -> DeviceType | RackType:
    if not isinstance(data, dict):
        raise CatalogError("expected a mapping of fields (a catalog entry)", file=path)
    if data.get("kind") == "rack":
        return _validate(RackType, _netbox_weight(dict(data), path, drop=("kind",)), path, data)
    return device_type_from_mapping(data, path)


def device_type_from_mapping(data: dict[str, Any], path: Path) -> DeviceType:
    fields = _netbox_weight(dict(data), path)
    power_ports = fields.pop("power-ports", None)
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
    if weight is not None:
        try:
            fields["weight_kg"] = round(to_kg(float(weight), str(unit)), 3)
        except (TypeError, ValueError) as exc:
            raise CatalogError(str(exc), file=path, field="weight") from None
    return fields


def _validate(model: type, fields: dict[str, Any], path: Path, original: dict[str, Any]):
    try:
        return model.model_validate(fields)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        loc = error["loc"]
        message = error["msg"]
        if error["type"] == "extra_forbidden":
            message = "unknown field; remove it or check its spelling"
        elif error["type"] == "missing":
            message = "required field is missing"
        raise CatalogError(message, file=path, field=format_field_path(loc, original)) from None


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
