"""pnp: print-and-play components from YAML data and Jinja layouts.

The pipeline, one module per stage:
source (read YAML with positions) → schema (check shapes) → project (the game
model) → checks (counts and constraints) → layout (templates → elements) →
typeset (text fitting) → draw (elements → PDF forms) → impose (sheets) →
pdfout (files written atomically).
"""

__version__ = "0.1.0"
