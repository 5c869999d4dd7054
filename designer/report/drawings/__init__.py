"""Vector drawings shared by the PDF proposal and the SVG export.

Each function returns a ``reportlab.graphics.shapes.Drawing``: the PDF places it as a
flowable, the SVG export renders the very same object with ``renderSVG``, so the two
can never differ. Drawings read positions and names from the design and every figure
from the report; they compute no figure of their own.
"""
