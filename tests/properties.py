"""Hypothesis as the suite runs it (loaded by tests/conftest.py, so for every test file, one run alone included): the same examples every run (derandomize: same input, same verdict, on CI as here), no
example database written into the work tree, no time limit per example on a loaded machine. Under mutmut
(bench/mutation.py) a failing example is not shrunk: a mutant is killed by the first failure, and shrinking it would
cost more than the rest of its run."""
from __future__ import annotations

import os

from hypothesis import Phase, settings

settings.register_profile("pnp", database=None, derandomize=True, deadline=None)
settings.register_profile("pnp-mutation", parent=settings.get_profile("pnp"), phases=[Phase.explicit, Phase.reuse, Phase.generate])
settings.load_profile("pnp-mutation" if os.environ.get("MUTANT_UNDER_TEST") else "pnp")
