"""Cluster Designer: plan AI GPU training clusters.

The package is a pure core (no Qt) with one folder per stage, data flowing one way:
``model`` -> ``catalog`` -> ``fabric`` -> ``checks`` -> ``estimates`` -> ``report``.
``cli`` and ``ui`` sit on top and call the same core functions.
"""

__version__ = "0.1.0"
