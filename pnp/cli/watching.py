"""`pnp watch`: one process that builds on start, then rebuilds after every save, keeping warm what it can between builds."""
from __future__ import annotations

import gc
import queue
import threading
import time
from pathlib import Path

import click

from pnp.cli.common import margin_note_once, print_findings, summary
from pnp.core.collector import paused
from pnp.core.errors import Report
from pnp.layout.growth import Interrupted, OverBudget
from pnp.pipeline.saves import input_filter, saved_since


class Watcher:
    """The games a `pnp watch` process builds, the session it keeps between builds, and what it watches."""

    def __init__(self, project, slugs: list[str], named: bool, base, papers: list[str], run_build):
        from pnp.pipeline.session import Session

        self.project, self.slugs, self.named, self.base, self.papers = project, slugs, named, base, papers
        self.run_build = run_build  # pnp.cli.run_build: the one way every command builds
        self.session = Session(warm=True, without=base.without)  # what this process keeps from build to build

    def folders(self) -> list[str]:
        """data/, templates/, fonts/ and the folder of every other file the last build opened (art kept in art/, say)."""
        from pnp.pipeline.cache import files_read_by

        project = self.project
        folders = [p for p in (project.data_dir, project.templates_dir, project.fonts_dir) if p.is_dir()]
        for slug in (self.slugs if self.named else project.game_slugs()):
            for path in sorted(files_read_by(self.base.out, slug, project.root)):
                if path.is_relative_to(project.root) and not any(path.is_relative_to(f) for f in folders):
                    folders.append(path.parent)
        return [str(f) for f in folders]

    def rebuild(self, reason: str) -> None:
        """Build (writing the caches the next build reads as it goes) and print what it found and how long it took.

        The first build uses every core; a rebuild after a save is small (the
        cache keeps the rest), and this process keeps warm what worker processes
        would each start cold: fonts, icons, numpy, and its templates compiled
        while their sources are as they were (pnp.layout.template_cache.KEPT).
        The collector is paused while it builds: this process's heap (compiled
        templates, faces' operators, last results) is large, and rescanning it would slow every rebuild. What
        cycles the build left go once it has answered."""
        started = time.perf_counter()
        built = self.slugs if self.named else self.project.game_slugs()
        later = reason != "start"
        try:
            report = paused(self.run_build)(self.project, built, self.base, self.papers, report=Report(), workers=1 if later else None,
                                            changed_only=later, session=self.session)
        except Interrupted:  # a face was still being drawn (a looping one, say) when the next save came: build that one
            click.echo(f"[{time.strftime('%H:%M:%S')}] stopped after {reason}: a newer save came", err=True)
            return
        except OverBudget as exc:  # this save's faces used its processor time (pnp.layout.growth.CommandBudget)
            print_findings([exc.finding] if exc.finding is not None else [])
            click.echo(f"[{time.strftime('%H:%M:%S')}] failed after {reason}: {'its faces used their processor time' if exc.finding else exc.message}", err=True)
            return
        findings = Report(margin_note_once(report.findings, self.project)).sorted()
        print_findings(findings)
        if any(f.severity in ("error", "warning") for f in findings):
            click.echo(summary(findings, built), err=True)  # the counts `pnp build` and `pnp validate` print
        state = "failed" if report.errors() else "built"
        click.echo(f"[{time.strftime('%H:%M:%S')}] {state} after {reason} in {time.perf_counter() - started:.2f} s", err=bool(report.errors()))
        gc.collect()

    def run(self, debounce: int, exit_after: int) -> None:
        """Build, warm up while the designer edits, then rebuild after each save until Ctrl-C (or `exit_after` rebuilds).

        Saves are noted by a thread of their own (Saves) while a build runs, and a face still being drawn when one
        comes stops at once (the session's `stop`): a template that loops away never holds up the save that fixes it."""
        from pnp.pipeline.schedule import warm_templates, warm_up

        since = time.time()
        self.rebuild("start")
        warm_up(self.project, self.base.out, self.session)
        rebuilt, tail = 0, " (Ctrl-C to stop)"
        try:
            while folders := self.folders():
                with Saves(folders, debounce) as saves:
                    click.echo(f"watching {self._shown(folders)}{tail}")
                    if tail and saved_since(folders, since):  # saved while the first build ran, before saves were noted
                        self.rebuild("a save during the first build")
                    if tail:  # while the designer edits: the first save finds its templates compiled, or stops this
                        warm_templates(self.project, saves.waiting)
                    tail = ""
                    self.session.stop = saves.waiting
                    while (paths := saves.next()) is not None:
                        names = sorted({self.project.rel(Path(p)) for p in paths})
                        self.rebuild(", ".join(names[:3]) + (" …" if len(names) > 3 else ""))
                        rebuilt += 1
                        if exit_after and rebuilt >= exit_after:
                            return
                        if self.folders() != folders:
                            break  # the build now opens files elsewhere: watch those folders too
                    else:
                        return
        except KeyboardInterrupt:
            pass
        finally:
            self.session.stop = None

    def _shown(self, folders: list[str]) -> str:
        return ", ".join(self.project.rel(Path(f)) for f in folders)


class Saves:
    """The saves in `folders`, noted by a thread of its own, so that a build can ask whether one is waiting (`waiting`)."""

    def __init__(self, folders: list[str], debounce: int):
        self.folders, self.debounce = folders, debounce
        self.queue: queue.Queue = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch, name="pnp-watch", daemon=True)

    def __enter__(self) -> Saves:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(timeout=5)

    def _watch(self) -> None:
        import watchfiles

        try:
            for changes in watchfiles.watch(*self.folders, debounce=self.debounce, step=50, stop_event=self.stop, raise_interrupt=False,
                                            watch_filter=input_filter(self.folders)):
                self.queue.put({path for _, path in changes})
        finally:
            self.queue.put(None)  # the watcher ended (stopped, or a folder went): no more saves

    def waiting(self) -> bool:
        return not self.queue.empty()

    def next(self) -> set[str] | None:
        """The files saved since the last call, waiting for a save; None once the watcher has ended."""
        paths = self.queue.get()
        while paths is not None and not self.queue.empty():
            more = self.queue.get_nowait()
            if more is None:
                self.queue.put(None)
                break
            paths |= more
        return paths
