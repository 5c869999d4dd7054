"""The cable schedule: one row per physical cable, sorted for the installers.

A cable is what ``cable_summary`` (``designer/fabric/cable_counts.py``) counts as one: the
links of one splitter (shared ``cable_id``, or a twin-port cage fanning out to two cages)
are the legs of one cable; a copper cable between two twin-port cages carries both
ports; every other link is a cable of its own (a fibre link whose module carries it over
two fibres is two cables, their labels ending ``#1``, ``#2``). Legs on one device share a cell
(``p1/p2``); legs on several devices are listed in order, separated by `` | ``. The parts
(cable, OPN at that length and top, modules) are the ones the BOM counts.

Labels follow TIA-606-B's identifier for a port in a rack, ``fs.XXYY-RU:PP`` (floor space,
rack, rack unit, port); the scheme is a template (``DEFAULT_LABEL_SCHEME``) with the
fields in ``LABEL_FIELDS``. Rows are sorted by rack pair (racks in room, row, name order),
then by the A end's U and port, so an installer walks from rack to rack.

Cells are data, never formulas: text starting with ``= + - @``, a tab or a carriage
return is written as a text cell in XLSX and with a leading ``'`` (quoted) in CSV.
"""

from __future__ import annotations

import csv
import io
import re
import string
from collections import Counter
from dataclasses import dataclass

from designer.catalog.cabling import Cabling
from designer.errors import ExportError
from designer.fabric.cages import OPTICAL, cable_top, fanning_cage, far_cages, link_ends, splitter_lanes
from designer.fabric.parts import MediaSelector
from designer.fabric.graph import link_fabric
from designer.model.index import DesignIndex
from designer.model.link import Link

DEFAULT_LABEL_SCHEME = "{room}.{rack}-{u}:{port}"
LABEL_FIELDS = {
    "site": "the site's name",
    "room": "the room's name, upper case, letters and digits only (Hall 1 -> HALL1)",
    "row": "the rack's row",
    "rack": "the rack's name",
    "u": "the device's lowest rack unit, two digits, R appended on the rear face; "
         "the device name for a part without a U (a vertical PDU)",
    "device": "the device's name",
    "port": "the port (a twin-port plug: both ports, p1/p2)",
}
COLUMNS = (
    "cable_id", "fabric", "a_label", "a_device", "a_port", "a_rack", "a_u",
    "b_label", "b_device", "b_port", "b_rack", "b_u", "legs", "media", "speed_gbps",
    "length_m", "part", "part_number", "a_transceiver", "b_transceiver",
)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def check_label_scheme(scheme: str) -> None:
    """Refuse a template naming an unknown field, before any work."""
    try:
        names = [name for _, name, _, _ in string.Formatter().parse(scheme) if name is not None]
    except ValueError as exc:
        raise ExportError(f"--label-scheme {scheme!r}: {exc}", hint="e.g. " + DEFAULT_LABEL_SCHEME) from None
    unknown = [n for n in names if n not in LABEL_FIELDS]
    if unknown or not names:
        raise ExportError(
            f"--label-scheme {scheme!r}: " + (f"unknown field {{{unknown[0]}}}" if unknown else "names no field"),
            hint="use " + ", ".join("{" + f + "}" for f in LABEL_FIELDS))


@dataclass
class _End:
    device: str
    port: str
    rack: str
    u: int | None
    fields: dict[str, str]


@dataclass
class CableRow:
    cable_id: str
    fabric: str
    a: list[_End]
    b: list[_End]
    legs: int
    media: str
    speed_gbps: float | None
    length_m: float | None
    part: str
    part_number: str
    a_transceiver: str
    b_transceiver: str
    a_labels: list[str]
    b_labels: list[str]

    def values(self) -> list[object]:
        return [
            self.cable_id, self.fabric, " | ".join(self.a_labels), *_side(self.a),
            " | ".join(self.b_labels), *_side(self.b), self.legs, self.media,
            self.speed_gbps if self.speed_gbps is not None else "", self.length_m if self.length_m is not None else "",
            self.part, self.part_number, self.a_transceiver, self.b_transceiver,
        ]


def _side(ends: list[_End]) -> list[object]:
    devices = _unique(e.device for e in ends)
    by_device = [("/".join(e.port for e in ends if e.device == d)) for d in devices]
    racks = _unique(e.rack for e in ends)
    us = _unique("" if e.u is None else str(e.u) for e in ends)
    u: object = int(us[0]) if len(us) == 1 and us[0] else " | ".join(us)
    return [" | ".join(devices), " | ".join(by_device), " | ".join(racks), u]


def _unique(items) -> list:
    return list(dict.fromkeys(items))


def _natural(text: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def _code(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "", text).upper()


class _Places:
    def __init__(self, index: DesignIndex) -> None:
        self.index = index
        racks = sorted(index.design.racks, key=lambda r: (_natural(r.room), _natural(r.row), _natural(r.name)))
        self.rack_order = {r.name: n for n, r in enumerate(racks)}
        self.site = index.design.site.name or ""

    def end(self, device_name: str, port: str) -> _End:
        device = self.index.devices.get(device_name)
        rack = self.index.racks.get(device.rack) if device is not None and device.rack else None
        u = device.position_u if device is not None else None
        if u is None:
            u_text = device_name
        else:
            u_text = f"{u:02d}" + ("R" if device.face == "rear" else "")
        fields = {
            "site": self.site, "room": _code(rack.room) if rack else "", "row": rack.row if rack else "",
            "rack": rack.name if rack else "", "u": u_text, "device": device_name, "port": port,
        }
        return _End(device_name, port, rack.name if rack else "", u, fields)

    def key(self, end: _End) -> tuple:
        return (self.rack_order.get(end.rack, len(self.rack_order)), end.u or 0, _natural(end.device),
                _natural(end.port))


@dataclass
class _Unit:
    """One physical cable: its links (legs) and the parts as cable_summary picks them."""

    kind: str  # "cable", "twin", "splitter"
    legs: list[Link]
    part: str = ""
    part_number: str = ""
    optics: tuple[str, str] = ("", "")
    strand: tuple[int, int] = (1, 1)  # fibre i of n on one link (a fast port over a twin-port module)


def _group(index: DesignIndex, cabling: Cabling) -> list[_Unit]:
    """The physical cables, by cable_summary's rules (designer/fabric/cable_counts.py)."""
    selector = MediaSelector(cabling)
    links = index.design.links
    lanes = Counter(l.cable_id for l in links if l.cable_id)
    ends = {id(l): link_ends(index, l) for l in links}
    far = far_cages([l for l in links if l.media is not None], ends,
                     lambda l: l.media not in OPTICAL and l.media != "CAT6A")
    units: dict[tuple, _Unit] = {}
    for n, link in enumerate(links):
        pair = ends[id(link)]
        speed = _speed(index, link)
        if link.media is None or link.length_m is None or speed is None:
            units[("link", n)] = _Unit("cable", [link])
            continue
        n_lanes = splitter_lanes(index, link, lanes[link.cable_id]) if link.cable_id else 1
        key: tuple = ("link", n)
        kind = "cable"
        if link.media in OPTICAL:
            parts = selector.parts(link, speed, pair, n_lanes)
            if link.cable_id and n_lanes > 1 and parts.cable is not None and parts.cable.breakout:
                key, kind = ("split", link.cable_id), "splitter"
            optics = tuple(m.part_number or m.slug if m is not None else "" for m in parts.modules) or ("", "")
            if (*key, 1) in units:  # a further leg of a fibre splitter
                units[(*key, 1)].legs.append(link)
                continue
            strands = max(1, parts.fibres) if kind == "cable" else 1
            for i in range(1, strands + 1):
                units[(*key, i)] = _Unit(kind, [link], _slug(parts.cable), _pn(parts.cable, link.length_m),
                                         optics, (i, strands))
            continue
        if link.cable_id:
            key, kind = ("split", link.cable_id), "splitter"
        elif pair and link.media != "CAT6A" and pair[0].ports == 2 and pair[1].ports == 2 and \
                far.get(pair[0].key) == {pair[1].key} and far.get(pair[1].key) == {pair[0].key}:
            key, kind = ("twin", *sorted([pair[0].key, pair[1].key])), "twin"
        elif link.media != "CAT6A" and (near := fanning_cage(pair, far)) is not None:
            key, kind, n_lanes = ("split-cage", near.key), "splitter", 2
        if key in units:
            units[key].legs.append(link)
            continue
        parts = selector.parts(link, speed, pair, n_lanes)
        units[key] = _Unit(kind, [link], _slug(parts.cable),
                           _pn(parts.cable, link.length_m, cable_top(link, pair)))
    return list(units.values())


def _slug(product) -> str:
    return product.slug if product is not None else ""


def _pn(product, length_m: float, top: str | None = None) -> str:
    return (product.part_number_at(length_m, top) or "") if product is not None else ""


def _speed(index: DesignIndex, link: Link) -> float | None:
    speeds = [index.ports.speed_gbps(e.device, e.port) for e in (link.a, link.b)]
    return min(speeds) if None not in speeds else None


def cable_schedule(index: DesignIndex, cabling: Cabling, scheme: str = DEFAULT_LABEL_SCHEME) -> list[CableRow]:
    check_label_scheme(scheme)
    places = _Places(index)
    drafts = []
    for unit in _group(index, cabling):
        pairs = [(places.end(l.a.device, l.a.port), places.end(l.b.device, l.b.port)) for l in unit.legs]
        a_devices = {a.device for a, _ in pairs}
        b_devices = {b.device for _, b in pairs}
        flip = False
        if len(a_devices) > 1 and len(b_devices) == 1:
            flip = True  # the splitter's single end is the A end
        elif len(a_devices) == 1 and len(b_devices) == 1 and places.key(pairs[0][1]) < places.key(pairs[0][0]):
            flip = True  # A is the end in the rack that comes first
        if flip:
            pairs = [(b, a) for a, b in pairs]
        pairs.sort(key=lambda p: (places.key(p[0]), places.key(p[1])))
        drafts.append((unit, pairs, flip))
    drafts.sort(key=lambda d: (places.key(d[1][0][0])[0], places.key(d[1][0][1])[0], places.key(d[1][0][0]),
                               places.key(d[1][0][1]), d[0].strand))
    rows: list[CableRow] = []
    for n, (unit, pairs, flip) in enumerate(drafts, start=1):
        link = unit.legs[0]
        fabric = link_fabric(index, link) or ""
        a_ends = _unique_ends([a for a, _ in pairs])
        b_ends = _unique_ends([b for _, b in pairs])
        strand = "" if unit.strand[1] == 1 else f"#{unit.strand[0]}"
        optics = unit.optics[::-1] if flip else unit.optics
        rows.append(CableRow(
            cable_id=f"{_code(fabric) or 'CBL'}-{n:05d}", fabric=fabric, a=a_ends, b=b_ends, legs=len(unit.legs),
            media=link.media or "", speed_gbps=_speed(index, link),
            length_m=max((l.length_m for l in unit.legs if l.length_m is not None), default=None),
            part=unit.part, part_number=unit.part_number, a_transceiver=optics[0], b_transceiver=optics[1],
            a_labels=[label + strand for label in _labels(a_ends, scheme)],
            b_labels=[label + strand for label in _labels(b_ends, scheme)],
        ))
    _dedupe_labels(rows)
    return rows


def _unique_ends(ends: list[_End]) -> list[_End]:
    seen: dict[tuple, _End] = {}
    for end in ends:
        seen.setdefault((end.device, end.port), end)
    return list(seen.values())


def _labels(ends: list[_End], scheme: str) -> list[str]:
    """One label per plug: the ends on one device share a plug (twin port or a splitter's head)."""
    labels = []
    for device in _unique(e.device for e in ends):
        on = [e for e in ends if e.device == device]
        fields = dict(on[0].fields, port="/".join(e.port for e in on))
        labels.append(scheme.format(**fields))
    return labels


def _dedupe_labels(rows: list[CableRow]) -> None:
    """Two plugs with one label (a scheme without {device} and two parts at one U): the
    device name is added to each, so every label stays unique."""
    counts = Counter(label for row in rows for label in (*row.a_labels, *row.b_labels))
    if all(c == 1 for c in counts.values()):
        return
    for row in rows:
        for labels, ends in ((row.a_labels, row.a), (row.b_labels, row.b)):
            devices = _unique(e.device for e in ends)
            for i, label in enumerate(labels):
                if counts[label] > 1:
                    labels[i] = f"{label}~{devices[i]}"


# ---------------------------------------------------------------- writing


def _safe_text(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def schedule_csv(rows: list[CableRow]) -> bytes:
    """UTF-8 with a byte-order mark (Excel), CRLF; every text cell quoted, and one that a
    spreadsheet would read as a formula gets a leading ``'``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC)
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([_safe_text(v) for v in row.values()])
    return out.getvalue().encode("utf-8-sig")


def schedule_xlsx(rows: list[CableRow], scheme: str = DEFAULT_LABEL_SCHEME) -> bytes:
    """A ``Cables`` sheet (frozen header, filters) and a ``Labels`` sheet saying the scheme.
    Every text cell is stored as text, so nothing in it runs as a formula."""
    from openpyxl import Workbook
    from openpyxl.styles import Font, PatternFill
    from openpyxl.utils import get_column_letter

    book = Workbook()
    sheet = book.active
    sheet.title = "Cables"
    sheet.append(list(COLUMNS))
    for cell in sheet[1]:
        cell.font, cell.fill = Font(bold=True), PatternFill("solid", fgColor="DFE8F3")
    widths = [len(c) for c in COLUMNS]
    for r, row in enumerate(rows, start=2):
        for c, value in enumerate(row.values(), start=1):
            cell = sheet.cell(row=r, column=c)
            cell.value = value
            if isinstance(value, str):
                cell.data_type = "s"  # never a formula
            widths[c - 1] = max(widths[c - 1], min(40, len(str(value))))
    for c, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(c)].width = width + 2
    sheet.freeze_panes = "A2"
    sheet.auto_filter.ref = f"A1:{get_column_letter(len(COLUMNS))}{len(rows) + 1}"
    legend = book.create_sheet("Labels")
    legend.append(["label scheme", scheme])
    legend["B1"].data_type = "s"
    legend.append(["standard", "TIA-606-B port identifier fs.XXYY-RU:PP (floor space, rack, rack unit, port)"])
    for name, meaning in LABEL_FIELDS.items():
        legend.append(["{" + name + "}", meaning])
    legend.column_dimensions["A"].width = 14
    legend.column_dimensions["B"].width = 90
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
