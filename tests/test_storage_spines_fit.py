"""Storage spines within each leaf's up ports (review 54, defect 1): where no spine count
shares every leaf's uplinks equally and rounding up would take more ports than a leaf has
above its down ports, the leaf's own uplinks are spread over the spines."""

from __future__ import annotations

import json

import pytest

from designer.cli import main
from designer.fabric.build_side import _spine_layout


def test_rounding_up_beyond_a_leaf_spreads_its_own_uplinks():
    # the 129-DGX reserved storage fabric's leaves (QM9700 at 4:3: 28 ports above 36 down)
    uplinks = [26, 26, 25, 26, 25, 25, 23, 23, 8, 8]
    caps = [28] * 8 + [32, 32]
    spines, links = _spine_layout(uplinks, caps, 64)
    assert spines == 5
    # the leaves rounding does not fit take their own uplinks, no more; the two whose ports
    # hold the rounding take it, a link to every spine (review 56)
    assert [sum(row) for row in links] == [26, 26, 25, 26, 25, 25, 25, 25, 10, 10]
    assert all(max(row) - min(row) <= 1 for row in links)
    loads = [sum(row[j] for row in links) for j in range(spines)]
    assert max(loads) - min(loads) <= 1 and max(loads) <= 64


def test_an_equal_split_and_a_rounding_that_fits_are_as_before():
    assert _spine_layout([8, 8, 8, 8], [32] * 4, 64) == (2, [[4, 4]] * 4)
    spines, links = _spine_layout([7, 8, 8, 8], [32] * 4, 64)
    assert spines == 2 and links == [[4, 4]] * 4  # 7 rounded up to 8: it fits


@pytest.mark.parametrize(("nodes", "extra"), [
    (129, ["--storage-fabric", "reserved", "--reserved-storage-ports", "32"]),
    (133, ["--storage", "weka-wekapod-nitro-8", "--storage-nodes", "1"]),
    (300, ["--storage", "weka-wekapod-nitro-8", "--storage-nodes", "1"]),
    (150, ["--storage", "weka-wekapod-nitro-8", "--storage-nodes", "2", "--storage-ports-per-server", "3"]),
])
def test_designs_that_stopped_with_an_internal_error_build_and_check_clean(tmp_path, capsys, nodes, extra):
    out = tmp_path / "d.json"
    assert main(["new", "--server", "nvidia-dgx-h100", "--nodes", str(nodes), "--switch", "nvidia-qm9700",
                 *extra, "-o", str(out)]) == 0
    capsys.readouterr()
    main(["check", str(out), "--json"])
    findings = json.loads(capsys.readouterr().out)
    assert [f["code"] for f in findings if f["severity"] == "error"] == []
    design = json.loads(out.read_bytes())
    spines = [d for d in design["devices"] if d["name"].startswith("sto-spine")]
    assert spines, "a two-tier storage fabric"
