"""A server count the compute fabric cannot connect is refused before any server is made
(review, helper-46: 1,000,000 DGX built a million devices, 18 s and 2.4 GB, to be refused)."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.errors import GenerationError
from designer.fabric import generate as generate_module
from designer.fabric.generate import GenerateSpec, generate


def test_too_many_servers_are_refused_before_one_is_made(monkeypatch):
    made: list[str] = []
    real = generate_module.Device

    def counting(*args, **kwargs):
        made.append(kwargs.get("name", ""))
        return real(*args, **kwargs)

    monkeypatch.setattr(generate_module, "Device", counting)
    with pytest.raises(GenerationError) as caught:
        generate(GenerateSpec(server="nvidia-dgx-h100", nodes=200_000, switch="nvidia-qm9700"),
                 load_catalog(include_user=False))
    assert "exceed what nvidia-qm9700" in caught.value.message and "at most 8,192 nodes" in caught.value.message
    assert made == []


def test_a_count_that_fits_is_built_as_before():
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=32, switch="nvidia-qm9700"),
                      load_catalog(include_user=False))
    assert sum(d.device_type == "nvidia-dgx-h100" for d in design.devices) == 32
