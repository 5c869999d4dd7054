"""A name of spaces only is refused in words that say so, on the command line and in a file
(a name is stripped before its length is judged: "at least 1 character" read wrong)."""

from __future__ import annotations

import json

import pytest

from designer.cli import main
from designer.model import io
from designer.model.io import DesignLoadError
from designer.resources import example_design


def test_new_with_a_name_of_spaces_says_it_holds_only_spaces(tmp_path, capsys):
    out = tmp_path / "n.json"
    code = main(["new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                 "--name", "   ", "-o", str(out)])
    assert code == 2 and not out.exists()
    err = capsys.readouterr().err
    assert "--name '   ': only spaces" in err and "at least 1 character" not in err


def test_a_file_whose_design_name_is_spaces_names_the_field_and_the_fault():
    data = json.loads(example_design().read_bytes())
    data["name"] = "  "
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(json.dumps(data).encode(), "x.json")
    text = caught.value.format()
    assert "x.json" in text and "name" in text and "only spaces" in text


def test_an_empty_name_keeps_its_words():
    data = json.loads(example_design().read_bytes())
    data["name"] = ""
    with pytest.raises(DesignLoadError) as caught:
        io.parse_design(json.dumps(data).encode(), "x.json")
    assert "at least 1 character" in caught.value.format()
