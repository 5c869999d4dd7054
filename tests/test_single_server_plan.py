"""A design the POC and delivery sections describe as it is (helper-50's leftovers): no fio
burn-in where there is no storage system to read and write, and a failover test with no
fabric link to pull where no compute fabric is cabled (one server)."""

from __future__ import annotations

import io
import json

import pytest
from pypdf import PdfReader

from designer.cli import main
from designer.fabric.generate import GenerateSpec, generate
from designer.report.pdf import proposal_pdf


def _burn_in(path, capsys) -> str:
    capsys.readouterr()
    assert main(["poc", "plan", str(path), "--json"]) == 0
    return "\n".join(json.loads(capsys.readouterr().out)["burn_in"])


def test_fio_burn_in_only_with_a_storage_system(tmp_path, capsys):
    bare, stored = tmp_path / "bare.json", tmp_path / "stored.json"
    base = ["new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700"]
    assert main([*base, "-o", str(bare)]) == 0
    assert main([*base, "--storage", "weka-wekapod-nitro-8", "--storage-nodes", "1", "-o", str(stored)]) == 0
    assert "fio " not in _burn_in(bare, capsys)
    assert "fio sequential read and write" in _burn_in(stored, capsys)


def _text(design, catalog, lang):
    data = proposal_pdf(design, catalog=catalog, lang=lang)
    return "".join("".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize("lang, single, fabric", [
    ("en", "apowerfeedremoved;servicecontinuesasplanned(nocomputefabriciscabled",
     "apowerfeedandafabriclinkremovedinturn"),
    ("zh", "断开一路供电，服务按规划持续（未布线计算网络", "依次断开一路供电与一条网络链路"),
])
def test_the_failover_test_pulls_a_fabric_link_only_where_one_is_cabled(catalog, lang, single, fabric):
    one = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=1, switch="nvidia-qm9700"), catalog)
    two = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    text_one, text_two = _text(one, catalog, lang), _text(two, catalog, lang)
    assert single in text_one and fabric not in text_one
    assert fabric in text_two and single not in text_two
