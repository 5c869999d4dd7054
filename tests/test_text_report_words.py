"""The text report's sentences read as English on a one-server design (found looking at
`designer report` of one DGX: "1 domains; between domains, the scale-out fabric" and
"a 0.098 TB checkpoint is write time unknown")."""

from __future__ import annotations

from conftest import run_cli


def test_one_server_one_domain_and_an_unknown_write_time(tmp_path):
    design = tmp_path / "one.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "1", "--switch", "nvidia-qm9700",
                   "-o", design).code == 0
    text = run_cli("report", design).out
    assert "8 GPUs per domain, 1 domain: no scale-out fabric between domains" in text, text
    assert "1 domains" not in text and "is write time unknown" not in text
    assert "checkpoint (its write time unknown)" in text
