"""Every BOM line names the manufacturer and its orderable part number (OPN) beside our slug,
or says why there is none; the BOM says whether its totals are complete."""

from __future__ import annotations

import csv
import io

import pytest

from designer.catalog import load_catalog
from designer.estimates.bom import NO_DEVICE_PN, Bom, BomLine, build_bom
from designer.fabric.generate import GenerateSpec, generate
from designer.report.bom_export import CSV_COLUMNS, bom_csv, bom_xlsx
from designer.i18n import Translator


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


@pytest.fixture(scope="module")
def bom(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700"), catalog)
    return build_bom(design, catalog)


def test_every_line_has_a_manufacturer_and_an_opn_or_says_why(bom):
    for line in bom.lines:
        assert line.part_number or line.part_number_note, line
        if line.part_number_note != "no catalog part serves this line's links (see CABLE_NO_PART)":
            assert line.manufacturer, line
        data = line.as_dict()
        # the public contract's keys stay; the ordering keys are added
        assert set(data) >= {"section", "part", "description", "quantity", "unit_price", "total", "price_source",
                             "manufacturer", "part_number", "part_number_note"}


def test_opns_come_from_the_catalog_entries(bom):
    """QM9700: 920-9B210-00FN-0M0 (NVIDIA BasePOD RA); MMA4Z00-NS: OPN 980-9I510-00NS00 (BasePOD
    BoM); MFP7E10 fibres by length (MFP7E10-N0xx); Cat6A cords are commodity parts."""
    by_part = {line.part: line for line in bom.lines}
    assert (by_part["nvidia-qm9700"].manufacturer, by_part["nvidia-qm9700"].part_number) == (
        "NVIDIA", "920-9B210-00FN-0M0")
    assert by_part["nvidia-mma4z00-ns"].part_number == "980-9I510-00NS00"
    fibres = [line for line in bom.lines if line.part.startswith("nvidia-mfp7e10-mmf-mpo12-apc@")]
    assert fibres
    for line in fibres:
        length = line.part.split("@")[1].rstrip("m")
        assert line.part_number == f"MFP7E10-N{int(float(length)):03d}", line
    cat6a = next(line for line in bom.lines if line.part.startswith("cat6a-patch@"))
    assert cat6a.part_number is None and "commodity" in cat6a.part_number_note
    # a DGX H100 entry has no ordering part number in its sources: said, not invented
    assert by_part["nvidia-dgx-h100"].part_number is None
    assert by_part["nvidia-dgx-h100"].part_number_note == NO_DEVICE_PN


def test_csv_and_xlsx_carry_the_ordering_columns(bom):
    rows = list(csv.reader(io.StringIO(bom_csv(bom).decode("utf-8-sig"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert CSV_COLUMNS[:8] == ("section", "part", "description", "quantity", "unit_price", "total", "currency",
                               "price_source"), "the old columns keep their place"
    by_part = {row[1]: dict(zip(CSV_COLUMNS, row)) for row in rows[1:]}
    assert by_part["nvidia-qm9700"]["part_number"] == "920-9B210-00FN-0M0"
    assert by_part["nvidia-qm9700"]["manufacturer"] == "NVIDIA"
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(bom_xlsx(bom, Translator("zh"))))
    sheet = next(ws for ws in book.worksheets if ws.max_column >= 9)
    assert [c.value for c in sheet[1]][6:9] == ["制造商", "订货料号（OPN）", "料号说明"]


def test_complete_is_false_while_a_part_has_no_price():
    priced = BomLine("servers", "a", "A", 2, 10.0, "design")
    bom = Bom("USD", [priced])
    assert bom.as_dict()["complete"] is True and bom.as_dict()["unpriced_parts"] == []
    bom.lines.append(BomLine("storage", "b", "B", 1, None, "unknown"))
    data = bom.as_dict()
    assert data["complete"] is False and data["unpriced_parts"] == ["b"]
    assert data["total"] == 20.0, "the total stays the sum of what is priced; complete says it is partial"


def test_a_copper_cable_into_a_flat_top_twin_port_cage_is_its_flat_top_variant(catalog):
    """NVIDIA MCP4Y10-Nxxx overview: flat-top (-FLT) ends "for liquid-cooled switches and DGX H100
    systems with a flat top for the DGX H100 and finned top connector for the switch"; 1 m:
    MCP4Y10-N001 = 980-9IA0F-00N001, flat-top 980-9IA0G-00N001."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from factories import small_design

    design = small_design()
    for device_type in design.device_types:
        device_type.port_groups[0].ports_per_cage = 2  # twin-port OSFP cages at both ends
    for link in design.links:
        link.media, link.length_m = "DAC", 1
    lines = [line for line in build_bom(design, catalog).lines if line.section == "cables"]
    flat = [line for line in lines if line.part.endswith("/flat-to-finned")]
    assert flat and flat[0].part == "nvidia-mcp4y10-dac-2x400g-osfp@1m/flat-to-finned"
    assert flat[0].part_number == "980-9IA0G-00N001" and "flat-to-finned" in flat[0].description
    assert flat[0].quantity == 16, "one twin-port cable per pair of cages: 32 links"
    # between two switches (finned cages) it stays the finned part
    for device_type in design.device_types:
        if device_type.kind == "server":
            device_type.kind = "switch"
    finned = [line for line in build_bom(design, catalog).lines if line.section == "cables"]
    assert {line.part_number for line in finned} == {"980-9IA0F-00N001"}


def test_flat_top_variants_are_read_from_the_part_number_text(catalog):
    """NVIDIA MCA4J80-N003: OPN 980-9I60Z-00N003, flat-top 980-9I600-00N003, flat-to-finned
    980-9I601-00N003 (the catalog's ordering text)."""
    acc = next(p for p in catalog.cabling.cables if p.slug == "nvidia-mca4j80-acc-2x400g-osfp")
    assert acc.part_number_at(3) == "980-9I60Z-00N003"
    assert acc.part_number_at(3, "flat") == "980-9I600-00N003"
    assert acc.part_number_at(3, "flat-to-finned") == "980-9I601-00N003"
    assert acc.part_number_at(4, "flat") is None  # no flat-top variant listed at 4 m
