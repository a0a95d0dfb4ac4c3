"""What a process that stays up (`pnp watch`) keeps from one build to the next, on one object it owns and passes down.

As Jinja keeps its caches on an `Environment` that its caller makes, a
`Session` holds the state a long-lived process keeps between builds: the
operators of the faces its engines drew (to replay) and what its builds worked out and may ask again
(`keeps`: constraint answers, face inspections, memos by object, the face
stores it wrote; pnp.core.memo.Keeps), which it hands to each engine. No
module keeps a switch of its own. A plain `pnp build` makes a session of its own for one
build, which keeps nothing warm. Each kept thing gives the bytes and findings a
new process would (tests/test_steady_games.py, tests/test_drawn_faces.py).
"""
from __future__ import annotations

from pnp.core.memo import Keeps
from pnp.outputs.context import Engine
from pnp.render.drawn import DrawnFaces


class Session:
    """Long-lived build state: `warm` for a process that rebuilds after every save (pnp watch), else one build's."""

    def __init__(self, *, warm: bool = False, without: frozenset = frozenset()):
        self.warm = warm
        self.without = without  # what it keeps that a bench has it go without (pnp.outputs.options.MECHANISMS)
        self.drawn: DrawnFaces | None = DrawnFaces() if warm and "drawn" not in without else None  # faces' operators, for every engine it makes
        self.keeps: Keeps | None = Keeps() if warm and "keeps" not in without else None  # answers, inspections, memos, written face stores
        self.stop = None  # true when a face being drawn should stop (pnp watch: a newer save is waiting); see Layouts.stop_when

    def new_engine(self, project) -> Engine:
        """A new engine for one build of `project`, handed what the session keeps: the faces' operators to replay and
        the memos. Its templates' code and facts come from the process's store while their sources are as they were
        (pnp.layout.template_cache.KEPT)."""
        engine = Engine(project)
        engine.layouts.stop_when(self.stop)
        if self.drawn is not None:
            # what a drawing's operators depend on (subsets, forms, state) is checked when they are replayed
            engine.drawn = self.drawn
            self.drawn.new_run()
        if self.keeps is not None:
            self.keeps.new_run()  # what the last two builds asked for stays (pnp.core.memo.TwoRuns)
        engine.keeps = self.keeps
        return engine
