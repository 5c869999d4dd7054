"""The links' texts are checked once per distinct text (issue 17), and refused exactly as
their own schema refuses them (``designer.model.fast_load._link_validators``)."""

from __future__ import annotations

import json
import re

import pytest
from pydantic import TypeAdapter

from designer.model import fast_load, io
from designer.model.link import Link
from designer.model.io import DesignLoadError
from designer.resources import example_design

EXAMPLE = example_design()
FIRST_LINK = re.compile(rb'\{"a": \{"device": "([^"]+)", "port": "([^"]+)"\}, "b": \{"device": "([^"]+)"')


def _has_pattern(schema: object) -> bool:
    if isinstance(schema, dict):
        return "pattern" in schema or any(_has_pattern(v) for v in schema.values())
    if isinstance(schema, list):
        return any(_has_pattern(v) for v in schema)
    return False


def test_the_chunks_skip_the_patterns_and_every_text_field_is_checked_apart():
    assert _has_pattern(TypeAdapter(list[Link]).core_schema)  # the model has patterns ...
    assert not isinstance(fast_load._LINK_LIST, TypeAdapter)  # ... the chunk validator none
    fields = {paths for paths, _check in fast_load._TEXT_CHECKS}
    assert len(fields) == 4
    names = {getter.__reduce__()[1][0] for paths in fields for getter in paths}
    assert names == {"a.device", "b.device", "a.port", "b.port", "fabric", "cable_id"}


def test_a_pattern_in_an_unknown_field_keeps_every_pattern_where_it_stands(monkeypatch):
    monkeypatch.delitem(fast_load._TEXT_FIELDS, ("Link", "cable_id"))
    validator, checks = fast_load._link_validators()
    assert isinstance(validator, TypeAdapter) and checks == []
    assert _has_pattern(validator.core_schema)


def _example_with(old: bytes, new: bytes) -> bytes:
    raw = EXAMPLE.read_bytes()
    assert raw.count(old) >= 1
    return raw.replace(old, new, 1)


@pytest.mark.parametrize(("field", "edit", "message"), [
    ("links[0].a.device", lambda m: (m.group(0), m.group(0).replace(m.group(1), m.group(1) + b":x", 1)), "colon"),
    ("links[0].b.device", lambda m: (m.group(0), m.group(0).replace(m.group(3), m.group(3) + b"\\u001f", 1)),
     "control"),
    ("links[0].a.port", lambda m: (m.group(0), m.group(0).replace(m.group(2), m.group(2) + b"\\u0007", 1)),
     "U+0007"),
])
def test_a_bad_text_in_a_link_end_is_refused_naming_its_field(field, edit, message):
    raw = EXAMPLE.read_bytes()
    match = FIRST_LINK.search(raw)
    assert match is not None
    bad = _example_with(*edit(match))
    assert fast_load.validate_fast(bad) is None
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(bad, "x.json")
    assert field in caught.value.format() and message in caught.value.format()


@pytest.mark.parametrize(("key", "value", "message"), [
    ("fabric", "com:pute", "colon"), ("cable_id", "c\u00851", "U+0085"), ("fabric", "", "fabric"),
])
def test_a_bad_fabric_or_cable_id_of_a_link_is_refused(key, value, message):
    lines = EXAMPLE.read_bytes().split(b"\n")
    line = lines.index(b'  "links": [') + 1 + 5  # the sixth link, one per line as the saver writes
    link = json.loads(lines[line].strip().rstrip(b","))
    link[key] = value
    lines[line] = b"    " + json.dumps(link).encode() + b","
    bad = b"\n".join(lines)
    assert fast_load.split_links(bad) is not None, "laid out as the saver lays links out"
    assert fast_load.validate_fast(bad) is None
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(bad, "x.json")
    assert f"links[5].{key}" in caught.value.format() and message in caught.value.format()


def test_texts_with_spaces_round_them_load_as_the_whole_file_reads_them():
    raw = EXAMPLE.read_bytes()
    match = FIRST_LINK.search(raw)
    assert match is not None
    spaced = _example_with(match.group(0), match.group(0).replace(match.group(1), b"  " + match.group(1) + b" ", 1))
    fast = fast_load.validate_fast(spaced)
    assert fast is not None
    assert fast.links[0].a.device == match.group(1).decode()
    assert fast.model_dump() == io.Design.model_validate_json(spaced).model_dump()
