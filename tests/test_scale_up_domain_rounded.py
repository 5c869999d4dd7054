"""A scale-up domain that does not divide the GPUs (review 54): every GPU is still in the
all-reduce, over the largest domain of whole servers that divides them, and the
assumptions say so; the proposal counts domains, not servers."""

from __future__ import annotations

import pytest

from designer.estimates.collective import collective_nodes


@pytest.mark.parametrize(("servers", "per_server", "given", "domains", "domain"), [
    (3, 8, 16, 3, 8),     # 16 over 24 GPUs: domains of one server
    (6, 8, 16, 3, 16),    # divides: as set
    (6, 8, 32, 2, 24),    # 32 over 48: three servers a domain, the largest that divides
    (3, 8, 12, 2, 12),    # divides the GPUs: as set
    (4, 8, 6, 8, 4),      # below a server: the largest share of one that divides it
    (3, 8, 24, 1, 24),
])
def test_every_gpu_is_counted(servers, per_server, given, domains, domain):
    notes = []
    assert collective_nodes(servers, per_server, given, notes) == (domains, domain)
    assert domains * domain == servers * per_server
    rounded = [n for n in notes if n.key == "allreduce.scale_up_domain_rounded"]
    assert bool(rounded) == ((servers * per_server) % given != 0)
    if rounded:
        assert rounded[0].params["given"] == given and rounded[0].params["domain_gpus"] == domain


def test_the_report_and_the_proposal_count_all_gpus_in_domains(tmp_path, capsys):
    import json

    from designer.cli import main

    path = tmp_path / "three.json"
    assert main(["new", "--server", "nvidia-dgx-h100", "--nodes", "3", "--switch", "nvidia-qm9700",
                 "-o", str(path)]) == 0
    data = json.loads(path.read_bytes())
    data.setdefault("estimates", {}).setdefault("communication", {})["scale_up_gpus"] = 16
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["report", "--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    allreduce = report["estimates"]["allreduce"]
    assert allreduce["gpus"] == 24 and allreduce["crosses_scale_out"] is True
    from designer.catalog import load_catalog
    from designer.model.io import load_design
    from designer.report.pdf.context import ProposalContext
    from designer.report.pdf.sections.costs import _allreduce_intro

    catalog = load_catalog()
    design = load_design(path, catalog)
    for lang, words in (("en", "over 24 GPUs (3 domains)"), ("zh", "共 24 块 GPU（3 个域）")):
        ctx = ProposalContext.prepare(design, catalog, lang)
        assert words in _allreduce_intro(ctx, ctx.report.estimates.allreduce)
