"""Checks: rules over the design that return findings, run whole or incrementally."""

from designer.checks.checklist import checklist
from designer.checks.engine import Change, Checker, run_checks
from designer.checks.findings import CODES, Finding

__all__ = ["CODES", "Change", "Checker", "Finding", "checklist", "run_checks"]
