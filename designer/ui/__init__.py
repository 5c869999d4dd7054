"""The Qt layer: a thin window over the core. The only package that imports PySide6.

Importing it registers the window's words with ``designer.i18n`` (``words.py``, which brings
the report's), so every ``Translator`` the window makes says them.
"""

from designer.ui import words as _words  # noqa: F401
