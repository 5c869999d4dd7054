"""The Qt layer: a thin window over the core. The only package that imports PySide6."""
