"""Runs of bench/hostile.py that are more than one command: builds at once into one folder, a build killed or
interrupted part way, and `pnp serve` and `pnp watch` kept running while a case's input is saved and read."""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import signal
import threading
import time

from hostile import Outcome, kept_outputs, lost_files


class Lines:
    """A running child's output, gathered by a thread so the bench can wait for a line without blocking on it."""

    def __init__(self, child):
        self.child, self.lines, self.done = child, [], threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.child.stdout:
            self.lines.append(line)
        self.done.set()

    def wait_for(self, pattern: str, timeout: float, start: int = 0) -> re.Match | None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            for line in self.lines[start:]:
                found = re.search(pattern, line)
                if found:
                    return found
            if self.done.is_set():
                return None
            time.sleep(0.1)
        return None

    def text(self) -> str:
        return "".join(self.lines)


def stop(ctx, child, lines: Lines, sig=signal.SIGINT, timeout: float = 20) -> int | None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, sig)
    try:
        child.wait(timeout)
    except Exception:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    lines.done.wait(5)
    return child.returncode


def concurrent_builds(commands: list[tuple[str, ...]]):
    """All `commands` at once into the one project; accepted when each succeeds and no temporary file is left."""

    def run(ctx, spec) -> Outcome:
        audits = [ctx.new_audit() for _ in commands]
        children = [ctx.spawn(args, spec, audit) for args, audit in zip(commands, audits, strict=True)]
        finished = [ctx.finish(child) for child in children]
        out = "\n".join(f"$ pnp {' '.join(args)}  -> exit {rc}\n{text}" for args, (rc, text, _) in zip(commands, finished, strict=True))
        left = [str(p.relative_to(ctx.project)) for p in (ctx.project / "output").rglob(".*.tmp")]
        problems = [f"temporary files left: {left}"] if left else []
        rcs = [rc for rc, _, _ in finished]
        rc = 0 if all(r == 0 for r in rcs) else next(r for r in rcs if r != 0)
        return Outcome(rc, out, any(t for _, _, t in finished), [line for a in audits for line in ctx.read_audit(a)], problems)

    return run


def killed(args: tuple[str, ...], sig: int, delay: float):
    """`pnp ARGS` sent `sig` after `delay` s (of a build that must write everything again); then, for SIGKILL, the same
    command again. An interrupted command must say so with exit 130 (or have finished); after a kill, the previous
    outputs must be whole and the next build must succeed."""

    def run(ctx, spec) -> Outcome:
        kept = kept_outputs(ctx.project)
        audit = ctx.new_audit()
        child = ctx.spawn(args, spec, audit)
        time.sleep(delay)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, sig)
        rc, out, timed_out = ctx.finish(child, 60)
        lost = [f"lost after the signal: {p}" for p in lost_files(kept, ctx.project)] if rc not in (0,) else []
        lost = [p for p in lost if not _rewritten_whole(ctx, p)]
        if sig == signal.SIGKILL:
            again = ctx.pnp(args, spec)
            return Outcome(again.rc, f"(killed after {delay:.1f} s: exit {rc})\n{out}\n$ again\n{again.output}", again.timed_out,
                           ctx.read_audit(audit) + again.audit, lost, lost_checked=True)
        # -SIGINT: Python's own way to end on a Ctrl-C it did not catch (the shell shows 130), once pnp's handler is gone
        interrupted = rc in (0, 130) or (rc == -signal.SIGINT and "Traceback" not in out)
        if not interrupted:
            out += f"\n[bench] exit {rc} after SIGINT, not 130"
        return Outcome(0 if interrupted else rc, f"(SIGINT after {delay:.1f} s: exit {rc})\n{out}", timed_out, ctx.read_audit(audit), lost,
                       lost_checked=True)

    return run


def _rewritten_whole(ctx, problem: str) -> bool:
    """A file the interrupted build had already replaced with its new whole version is not lost: it is a PDF that
    opens (renamed into place only once written)."""
    rel = problem.split(": ", 1)[1].rsplit(" ", 1)[0]
    path = ctx.project / rel
    if not path.is_file() or path.suffix != ".pdf":
        return False
    try:
        import pypdfium2 as pdfium

        pdfium.PdfDocument(str(path)).close()
        return True
    except Exception:
        return False


TOKENS: dict[int, str] = {}  # port → the token `pnp serve` printed in its address: every route asks for it


def _get(port: int, path: str, host: str | None = None, timeout: float = 10, token: bool = True) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host or f"127.0.0.1:{port}")
        if token and port in TOKENS:
            conn.putheader("Cookie", f"pnp-serve-{port}={TOKENS[port]}")
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def _serve(ctx, spec, env_seconds: str = ""):
    audit = ctx.new_audit()
    child = ctx.spawn(("serve", "tiny", "--port", "0"), spec, audit)
    lines = Lines(child)
    found = lines.wait_for(r"http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)", 60)
    if found:
        TOKENS[int(found[1])] = found[2]
    return child, lines, audit, int(found[1]) if found else None


def _findings(port: int) -> list[dict]:
    status, body = _get(port, "/api/state")
    if status != 200:
        return []
    return [f for game in json.loads(body)["games"] for f in game.get("findings", [])]


def serve_until(expected: str, save=None, then: str = ""):
    """`pnp serve`: accepted when a finding saying `expected` shows in its state within a minute (and, after `save()`,
    one saying `then`, or none with `expected`), the server still answering."""

    def run(ctx, spec) -> Outcome:
        child, lines, audit, port = _serve(ctx, spec)
        problems, ok = [], False
        try:
            if port is None:
                problems.append("serve printed no address")
            else:
                ok = _wait_state(port, lambda fs: any(expected in f["message"] for f in fs), 90)
                if ok and save is not None:
                    save(ctx)
                    ok = _wait_state(port, lambda fs: not any(expected in f["message"] for f in fs) and (not then or any(then in f["message"] for f in fs)), 90)
                if not ok:
                    problems.append(f"the state never showed '{expected}'" + (f" then '{then}'" if then else ""))
        finally:
            rc = stop(ctx, child, lines)
        return Outcome(0 if ok else None, lines.text() + f"\n(serve stopped: exit {rc})", not ok, ctx.read_audit(audit), problems if ok else [])

    return run


def _wait_state(port: int, test, timeout: float) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        with contextlib.suppress(OSError, ValueError, http.client.HTTPException):
            if test(_findings(port)):
                return True
        time.sleep(0.5)
    return False


ODD_REQUESTS = ["/img/../../../outside/secret.txt", "/img/..%2f..%2f..%2foutside%2fsecret.txt", "/static/..%2F..%2Fapp.py", "/static/%2e%2e/%2e%2e/etc/passwd",
                "//etc/passwd", "/img/" + "a" * 20000, "/api/state?" + "x=1&" * 5000, "/events/../../outside/secret.txt", "/%00", "/static/app.js%00.py"]


def serve_requests(ctx, spec) -> Outcome:
    """`pnp serve` asked for paths that climb out, huge ones and ones with the wrong Host: every answer an error or the
    page's own files, the canary never in one, the server still answering after."""
    child, lines, audit, port = _serve(ctx, spec)
    problems, shown = [], []
    try:
        if port is None:
            problems.append("serve printed no address")
        else:
            for path in ODD_REQUESTS:
                with contextlib.suppress(OSError, http.client.HTTPException):
                    status, body = _get(port, path)
                    shown.append(f"{path[:60]} -> {status}")
                    if ctx.bench.canary.encode() in body or b"root:" in body:
                        problems.append(f"{path[:60]} answered with a file's contents")
            with contextlib.suppress(OSError, http.client.HTTPException):
                status, _ = _get(port, "/api/state", host="evil.example:80")
                shown.append(f"Host evil.example -> {status}")
                if status == 200:
                    problems.append("answered a request for another host")
            try:
                status, _ = _get(port, "/")
                if status != 200:
                    problems.append(f"the page answered {status} after the odd requests")
            except (OSError, http.client.HTTPException) as exc:
                problems.append(f"the server stopped answering: {exc}")
    finally:
        rc = stop(ctx, child, lines)
    return Outcome(0, lines.text() + "\n".join(shown) + f"\n(serve stopped: exit {rc})", False, ctx.read_audit(audit), problems)


def watch_until(expected: str, save=None, then: str = "", args: tuple[str, ...] = ()):
    """`pnp watch tiny`: accepted when it prints `expected` within a minute and, after `save()`, `then`."""

    def run(ctx, spec) -> Outcome:
        audit = ctx.new_audit()
        child = ctx.spawn(("watch", "tiny", "--debounce", "100", *args), spec, audit)
        lines = Lines(child)
        problems = []
        try:
            ok = lines.wait_for(expected, 120) is not None
            if ok and save is not None:
                start = len(lines.lines)
                time.sleep(0.5)
                save(ctx)
                ok = lines.wait_for(then, 120, start) is not None
            if not ok:
                problems.append(f"watch never printed '{expected}'" + (f" then '{then}'" if then else ""))
        finally:
            rc = stop(ctx, child, lines)
        return Outcome(0 if ok else None, lines.text() + f"\n(watch stopped: exit {rc})", not ok, ctx.read_audit(audit), [])

    return run


def racing_saves(n: int = 25):
    """Saves every 50-250 ms while watch rebuilds, alternating a broken and a good deck, ending good."""

    def save(ctx):
        deck = ctx.project / "data/tiny/decks/heroes.yaml"
        good = deck.read_text()
        for i in range(n):
            deck.write_text(good.replace("Steal 1 coin", f"Steal {i} coins") if i % 2 else good + "cards: [\n")
            time.sleep(random.uniform(0.05, 0.25))
        deck.write_text(good.replace("Steal 1 coin", "Steal 99 coins"))

    return save
