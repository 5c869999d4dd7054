"""``dumps_indented`` writes what ``json.dumps(indent=2, ensure_ascii=False)`` writes (issue 17)."""

from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from designer.json_text import dumps_indented

_SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
            | st.text())
_KEYS = st.text() | st.integers() | st.floats(allow_nan=False) | st.booleans() | st.none()
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner)
                       | st.dictionaries(_KEYS, inner, max_size=5), max_leaves=40)


@settings(max_examples=400, deadline=None)
@given(_VALUES)
def test_the_same_text_as_json_dumps(value):
    assert dumps_indented(value) == json.dumps(value, indent=2, ensure_ascii=False)


class _Level(enum.IntEnum):
    LOW = 1


class _Name(enum.StrEnum):
    A = "a\u00e9\n\"x\""


def test_odd_kinds_as_json_writes_them():
    value = {"enum": _Level.LOW, "str-enum": _Name.A, 3: [True, False, None, math.inf, -math.inf], 2.5: (1, "2"),
             True: {}, None: [], "nan": math.nan, "big": 10 ** 30, "neg": -0.0, "cjk": "机房 3号"}
    assert dumps_indented(value) == json.dumps(value, indent=2, ensure_ascii=False)
    assert dumps_indented([{"a": [{"b": [[]]}]}], indent=4) == json.dumps([{"a": [{"b": [[]]}]}], indent=4)


def test_what_json_refuses_is_refused():
    with pytest.raises(TypeError):
        dumps_indented({"a": b"bytes"})
    with pytest.raises(TypeError):
        dumps_indented({(1, 2): 3})
    with pytest.raises(TypeError):
        dumps_indented([object()])
