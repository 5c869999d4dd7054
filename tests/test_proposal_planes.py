"""A twin-plane compute fabric in the proposal (DGX B300 on SN5600: each ConnectX-8 800G port
split 2 x 400G over planes compute-p1 and compute-p2, NVIDIA RA-11337-001): the executive
summary and key figures count both planes' switches and add their bisection; they quoted one
plane (12 switches, 102.4 Tb/s) for a fabric of 24."""

from __future__ import annotations

import io

from pypdf import PdfReader

from designer.fabric.generate import GenerateSpec, generate
from designer.report.pdf import proposal_pdf


def test_both_planes_are_counted(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=64, switch="nvidia-sn5600"), catalog)
    planes = [f for f in design.fabrics if f.role == "compute"]
    assert len(planes) == 2
    switches = sum(1 for d in design.devices if d.fabric and d.fabric.startswith("compute"))
    assert switches == 24
    for lang, words in (("en", ["compute fabric of 2 planes, 24 switches in all", "bisection bandwidth 204.8 Tb/s",
                                "2 planes of 2 tiers: 8 leaf / 4 spine / 0 core switches each"]),
                        ("zh", ["由 2 个平面共 24 台交换机组成的 2 层", "对分带宽 204.8 Tb/s", "2 个平面，每平面 2 层"])):
        reader = PdfReader(io.BytesIO(proposal_pdf(design, catalog, lang)))
        text = " ".join(page.extract_text() for page in reader.pages[:4]).replace("\n", " ")
        for w in words:
            assert w in text, (lang, w)
