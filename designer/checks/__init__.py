"""Checks: rules over the design that return findings."""
