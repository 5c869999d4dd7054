"""Reports and exports: JSON report, PDF proposal, BOM, GraphML and SVG.

Importing the package registers the report's words with ``designer.i18n`` (the proposal's
catalog, with the performance and scalable-unit words merged into it), and the findings' and
the estimates' templates (registered by ``designer.checks.messages`` and
``designer.estimates.notes``; the RoCE checklist's items by ``designer.estimates.roce``),
so every ``Translator`` the report hands out says them all.
"""

from designer.checks import messages as _finding_words  # noqa: F401
from designer.estimates import notes as _estimate_words  # noqa: F401
from designer.estimates import roce as _roce_words  # noqa: F401
from designer.report import i18n_proposal as _proposal_words  # noqa: F401
