"""A scale-up link whose vendor publishes no bandwidth is said once, as unpublished and taken
as 0, not "at unpublished per GPU" or "(unpublished reached)" (review 54)."""

from __future__ import annotations

import pytest

from designer.i18n import Translator
from designer.report.performance import collectives_part

BASE = {"operations": {"all_reduce": {"peak_busbw_gbytes_s": 1.0, "at_message": {"time_us": 10.0}}},
        "scale_up_link": "HCCS", "gpus": 8, "nodes": 1, "gpus_per_node": 8, "nics_per_node": 8,
        "nic_gbytes_s": 25.0, "nic_achieved_gbytes_s": 23.5, "oversubscription": 1.0, "message_bytes": 2**30}


@pytest.mark.parametrize("crosses", [False, True])
@pytest.mark.parametrize(("lang", "bad", "good"), [
    ("en", ("unpublished reached", "HCCS unpublished per GPU"), "unpublished (taken as 0)"),
    ("zh", ("实际可达 未公布", "HCCS 未公布"), "未公布（按 0 计）"),
])
def test_the_collectives_line_says_unpublished_once(crosses, lang, bad, good):
    part = collectives_part({**BASE, "crosses_scale_out": crosses, "nvlink_gbytes_s": None}, Translator(lang))
    assert part is not None
    line = part.items[0]
    assert good in line and not any(b in line for b in bad), line


def test_a_published_bandwidth_keeps_its_words():
    part = collectives_part({**BASE, "crosses_scale_out": False, "nvlink_gbytes_s": 56.0,
                             "nvlink_achieved_gbytes_s": 40.0}, Translator("en"))
    assert part is not None and "HCCS 56 GB/s per GPU (40 GB/s reached)" in part.items[0]
