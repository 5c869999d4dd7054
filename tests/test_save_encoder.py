"""The saver's one-per-line items are written with one C encoder made once; the bytes are
those ``json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode`` writes."""

from __future__ import annotations

import json

from designer.model import io
from designer.model.io import dumps_design, load_design
from designer.resources import example_design

TRICKY = [
    {"a": {"device": "机柜-01 \"x\"", "port": "p1\\2"}, "b": {"device": "n\u00e9\u2028", "port": "\t"},
     "length_m": 0.1 + 0.2, "media": None, "flag": True, "n": -3, "big": 1e300, "list": [1, 2.5, "s"]},
    {"nested": {"deep": [{"k": "v"}, {}]}, "empty": [], "emoji": "\U0001f600"},
]


def test_each_item_as_the_compact_encoder_writes_it():
    reference = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
    assert io._encode_each(TRICKY) == [reference.encode(item) for item in TRICKY]
    assert io._encode_each(["text", 3, None]) == ['"text"', "3", "null"]


def test_without_the_c_encoder_the_same_bytes(monkeypatch):
    design = load_design(example_design())
    fast = dumps_design(design)
    monkeypatch.setattr(io, "_C_ENCODER", None)
    assert dumps_design(design) == fast
    assert fast == example_design().read_text(encoding="utf-8")  # the bundled file as the saver writes it
