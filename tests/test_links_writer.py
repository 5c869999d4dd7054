"""The design file's link lines are written from the fields (``io._links_json``), not by
pydantic's serializer and the JSON encoder (4.5 times faster at 87,432 links): the bytes
must be the serializer's, for every kind of value a link holds, and the serializer must
take over where a value is not one the fast writer knows or the model gains a field."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.model import io
from designer.model.io import _encode_each, _links_json, _list_adapter, dumps_design, load_design
from designer.model.link import Link, LinkEnd

EXAMPLES = sorted(Path(__file__).resolve().parents[1].joinpath("resources/examples").glob("*.json"))


def _serializer_lines(links: list[Link]) -> list[str]:
    return _encode_each(_list_adapter(Link).dump_python(links, mode="json", exclude_defaults=True))


def _link(**fields) -> Link:
    base = {"a": {"device": "node01", "port": "osfp1"}, "b": {"device": "leaf01", "port": "p1"}}
    return Link.model_validate({**base, **fields})


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_bundled_example_is_written_as_the_serializer_writes_it(example):
    design = load_design(example)
    assert design.links
    assert _links_json(design.links) == _serializer_lines(design.links)
    assert dumps_design(design) == example.read_text(encoding="utf-8")


def test_a_generated_design_with_splitter_cables_is_written_the_same(catalog):
    from designer.fabric.generate import generate
    from designer.fabric.generate_spec import GenerateSpec

    # SN5600 leaves split to 2 x 400G: splitter legs share a cable id
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-sn5600", nodes=64), catalog)
    assert any(link.cable_id for link in design.links)
    assert _links_json(design.links) == _serializer_lines(design.links)


def test_odd_text_and_missing_fields_are_written_the_same():
    links = [
        _link(),  # no fabric, media, length or cable
        _link(fabric="计算", media="DAC", length_m=1.5),
        _link(a={"device": 'rack "A"\\01', "port": "p1/1"}, b={"device": "leaf-α", "port": "eth1\u2028"},
              cable_id="split-7", length_m=123456.789),
        _link(length_m=0.1 + 0.2, fabric="compute"),
        _link(length_m=1e-7),
    ]
    assert _links_json(links) == _serializer_lines(links)


def test_values_the_fast_writer_does_not_know_go_through_the_serializer():
    as_bool = _link(length_m=3.0)
    as_bool.length_m = True  # not validated on assignment
    infinite = _link(length_m=2.0)
    infinite.length_m = float("inf")

    class Named(str):
        pass

    odd_name = _link()
    odd_name.a = LinkEnd(device=Named("node01"), port="osfp1")
    links = [as_bool, infinite, odd_name, _link(media="AOC")]
    written = _links_json(links)
    assert written == _serializer_lines(links)
    # what only the serializer writes so: a bool as a float (the field's type), an infinity as the encoder's Infinity
    assert '"length_m": 1.0}' in written[0] and '"length_m": Infinity' in written[1]


def test_a_field_the_writer_does_not_know_hands_every_link_to_the_serializer(monkeypatch):
    monkeypatch.setattr(io, "_LINK_FIELDS", ("a", "b", "fabric", "media", "length_m", "cable_id", "colour"))
    assert _links_json([_link()]) is None
    design = load_design(EXAMPLES[0])
    assert dumps_design(design) == EXAMPLES[0].read_text(encoding="utf-8")


def test_a_stock_length_held_as_an_int_is_written_as_the_float_the_serializer_writes():
    links = [_link(length_m=3.0), _link(length_m=2.0)]
    links[0].length_m = 3  # the generator's stock lengths are ints (``parts.CableChoice``)
    links[1].length_m = 10**17 + 1  # where float() rounds: the serializer's rounding, not the int's digits
    written = _links_json(links)
    assert written == _serializer_lines(links)
    assert written[0].endswith('"length_m": 3.0}')
