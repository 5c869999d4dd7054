"""Unit conversions. Names carry their units; these are the only factors used."""

BTU_H_PER_W = 3.412  # 1 W of heat = 3.412 BTU/h
KG_PER_LB = 0.45359237
KG_PER_OZ = 0.028349523125
W_PER_KW = 1000.0
MM_PER_M = 1000.0
MM2_PER_M2 = 1e6
RACK_UNIT_MM = 44.45  # EIA-310: 1 U = 1.75 in
S_PER_NS = 1e-9
MS_PER_S = 1e3
US_PER_MS = 1e3
BITS_PER_GBIT = 1e9
BITS_PER_BYTE = 8
BYTES_PER_MB = 1e6  # MB, GB, TB: decimal (10^6, 10^9, 10^12 bytes), as storage and NCCL figures are
BYTES_PER_GB = 1e9
BYTES_PER_TB = 1e12
MB_PER_GB = 1000
S_PER_US = 1e-6
SECONDS_PER_DAY = 86400.0
HOURS_PER_YEAR = 8760
FLOPS_PER_TFLOPS = 1e12
ONE_BILLION = 1e9  # model sizes and token counts are given in billions


def w_to_btu_h(power_w: float) -> float:
    return power_w * BTU_H_PER_W


def kw_to_w(power_kw: float) -> float:
    return power_kw * W_PER_KW


def w_to_kw(power_w: float) -> float:
    return power_w / W_PER_KW


def mm_to_m(length_mm: float) -> float:
    return length_mm / MM_PER_M


def mm2_to_m2(area_mm2: float) -> float:
    return area_mm2 / MM2_PER_M2


def ns_to_s(time_ns: float) -> float:
    return time_ns * S_PER_NS


def s_to_ms(time_s: float) -> float:
    return time_s * MS_PER_S


def us_to_ms(time_us: float) -> float:
    return time_us / US_PER_MS


def gbit_to_bit(gbit: float) -> float:
    return gbit * BITS_PER_GBIT


def bits_to_bytes(bits: float) -> float:
    """Bits as bytes; Gb/s as GB/s."""
    return bits / BITS_PER_BYTE


def mb_to_bytes(size_mb: float) -> float:
    return size_mb * BYTES_PER_MB


def bytes_to_mb(size_bytes: float) -> float:
    return size_bytes / BYTES_PER_MB


def tflops_to_flops(tflops: float) -> float:
    return tflops * FLOPS_PER_TFLOPS


def from_billions(billions: float) -> float:
    """A count given in billions (parameters, tokens) as a plain number."""
    return billions * ONE_BILLION


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
