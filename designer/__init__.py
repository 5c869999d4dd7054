"""Cluster Designer: plan AI GPU training clusters.

The package is a pure core (no Qt) with one folder per stage, data flowing one way:
``model`` -> ``catalog`` -> ``fabric`` -> ``checks`` -> ``estimates`` -> ``report``.
``cli`` and ``ui`` sit on top and call the same core functions.
"""

import os

__version__ = "0.1.0"

# pydantic looks for plugins (``importlib.metadata.entry_points`` over every installed
# distribution, ~15 ms of each command's start) the first time a model is built; this
# program uses none. A user who sets the variable keeps their own value.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
