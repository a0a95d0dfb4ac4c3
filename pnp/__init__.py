"""pnp: print-and-play components from YAML data and Jinja layouts.

The pipeline, one sub-package per stage, each importing only from those before it
(tests/test_layers.py checks it): core (errors, units, colour, files) → data (YAML
and spreadsheets with positions, the schema, the game model) → checks (counts and
constraints) → layout (templates → typed elements, text fitting, fonts, icons) →
render (faces → PDF forms, sheets, tiling, ink) → outputs (each game's PDFs) →
pipeline (the build, its cache and schedule, validate) → targets (exports) → cli
and serve.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]  # what `pnp --version` and the packaging read
