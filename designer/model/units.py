"""Unit conversions. Names carry their units; these are the only factors used."""

BTU_H_PER_W = 3.412  # 1 W of heat = 3.412 BTU/h
KG_PER_LB = 0.45359237
KG_PER_OZ = 0.028349523125
W_PER_KW = 1000.0
MM_PER_M = 1000.0
RACK_UNIT_MM = 44.45  # EIA-310: 1 U = 1.75 in


def w_to_btu_h(power_w: float) -> float:
    return power_w * BTU_H_PER_W


def kw_to_w(power_kw: float) -> float:
    return power_kw * W_PER_KW


def w_to_kw(power_w: float) -> float:
    return power_w / W_PER_KW


def to_kg(value: float, unit: str) -> float:
    """Convert a netbox-style weight (value + weight_unit) to kilograms."""
    unit = unit.lower()
    if unit == "kg":
        return value
    if unit == "g":
        return value / 1000.0
    if unit == "lb":
        return value * KG_PER_LB
    if unit == "oz":
        return value * KG_PER_OZ
    raise ValueError(f"unknown weight unit {unit!r}; use kg, g, lb or oz")
