"""Fast paths give what the general paths give (issue 17: speed changes no figure)."""

from __future__ import annotations

import gc
import json

import pytest

from designer.errors import DesignLoadError
from designer.model import io
from tests.conftest import ROOT

EXAMPLE = ROOT / "resources/examples/dgx-h100-16-node.json"


def test_fast_load_equals_friendly_load():
    raw = EXAMPLE.read_bytes()
    fast = io._validate_fast(raw)
    assert fast is not None, "the bundled example should take the fast path"
    friendly = io._validate_friendly(raw, EXAMPLE)
    assert fast.model_dump() == friendly.model_dump()


@pytest.mark.parametrize("value", ["true", '"1"', "1.0", "01", "999"])
def test_fast_load_declines_a_format_version_the_friendly_path_judges(value):
    data = json.loads(EXAMPLE.read_bytes())
    raw = EXAMPLE.read_bytes().replace(
        f'"format_version": {data["format_version"]}'.encode(), f'"format_version": {value}'.encode(), 1)
    assert raw != EXAMPLE.read_bytes()
    assert io._validate_fast(raw) is None
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(raw, "x.json")
    assert "format_version" in caught.value.format() or "JSON" in caught.value.format()


def test_fast_load_declines_a_byte_order_mark_and_still_loads():
    raw = b"\xef\xbb\xbf" + EXAMPLE.read_bytes()
    assert io._validate_fast(raw) is None
    assert io.parse_design(raw, "x.json").name == io.parse_design(EXAMPLE.read_bytes(), "x.json").name


def test_load_leaves_the_collector_as_it_found_it():
    gc.enable()
    io.parse_design(EXAMPLE.read_bytes(), "x.json")
    assert gc.isenabled()
    gc.disable()
    try:
        io.parse_design(EXAMPLE.read_bytes(), "x.json")
        assert not gc.isenabled()
    finally:
        gc.enable()
