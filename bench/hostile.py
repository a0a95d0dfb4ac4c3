"""Bench: pnp tried as an attacker would (issue 61), on a hostile corpus of our own.

Every case starts from a fresh copy of tests/project, built once (the previous good output), and a folder of "the
user's own files" beside it holding a canary string; it plants one hostile input or fault (bench/hostile_corpus.py)
and runs the commands that read it, each in a child process of its own under a 1 GiB address-space cap, a processor
time cap and a wall-clock timeout. Each run is classified:

- located: exit 1 and a finding naming the file at fault (`file:line[:col]`, a sheet cell, or the file itself where
  the fault is the whole file: a link, a pipe, an image), and the one the case expects;
- accepted: exit 0, and rightly so (the case says why: a link replaced rather than followed, a legal oddity, a
  cache rebuilt);
- wrongly accepted: exit 0 where the input should have been refused (or an output holding active content);
- internal: exit 3, "internal error" or a traceback;
- unbounded: the time or memory cap was hit (timeout, SIGXCPU, SIGKILL, MemoryError, abort);
- unlocated / elsewhere: refused without naming a file, or naming another file than the one at fault;

and, across those, flagged:

- read outside: a file of the user's (or /etc/passwd, /proc/*/environ) was opened, seen by an audit hook in the
  child and by its access time, or the canary showed in what the command printed or wrote, or the child opened a
  network connection it had no reason to;
- wrote outside: the user's folder (checksummed before and after) changed, or the child opened a file for writing
  outside the project, its --out folder, its temporary folder and the cache-key folder;
- lost: a file of the previous good build (or a pulled snapshot) changed or went away after a run that failed.

    nice -n 10 python bench/hostile.py [--jobs 2] [--only WORD[,WORD…]] [--keep] [--json FILE] [--docs LABEL]
"""
from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

GIB = 1 << 30
CPU_S = 60
WALL_S = 150

# The child: caps, an audit hook recording what it opens outside and what it writes where it should not, then pnp.
CHILD = r"""
import os, resource, runpy, sys
resource.setrlimit(resource.RLIMIT_AS, (%(gib)d, %(gib)d))
resource.setrlimit(resource.RLIMIT_CPU, (%(cpu)d, %(cpu)d))
_log = open(os.environ["HOSTILE_AUDIT"], "a", buffering=1)
_watched = tuple(p for p in os.environ["HOSTILE_WATCH"].split(os.pathsep) if p)
_writable = tuple(p for p in os.environ["HOSTILE_WRITABLE"].split(os.pathsep) if p)
_WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

def _under(path, roots):
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)

def _hook(event, args):
    try:
        if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
            mode, flags = args[1], args[2] if len(args) > 2 else 0
            path = os.fsdecode(args[0])
            if isinstance(flags, int) and flags & os.O_NOFOLLOW:  # a link at the name itself is not followed (its folders are)
                real = os.path.join(os.path.realpath(os.path.dirname(path) or "."), os.path.basename(path))
            else:
                real = os.path.realpath(path)
            writing = bool((isinstance(mode, str) and set(mode) & set("wax+")) or (isinstance(flags, int) and flags & _WRITE))
            secret = real.startswith("/proc/") and real.endswith("/environ")
            if _under(real, _watched) or secret:
                _log.write(("write " if writing else "read ") + real + "\n")
            elif writing and not _under(real, _writable):
                _log.write("write " + real + "\n")
        elif event == "socket.connect":
            _log.write("connect " + repr(args[1]) + "\n")
    except Exception:
        pass

sys.addaudithook(_hook)
sys.argv = ["pnp", *sys.argv[1:]]
runpy.run_module("pnp", run_name="__main__")
"""


@dataclass
class Run:
    """One command of a case: `args` (a command line, split), what a right answer is (`refuse` or `accept`, with why),
    the file a refusal must name (`at`), or a `custom` runner (concurrent builds, signals, serve, watch)."""

    args: tuple[str, ...] = ()
    expect: str = "refuse"
    why: str = ""
    at: str = ""
    custom: object = None  # Callable[[Ctx], Outcome]
    label: str = ""
    env: dict = field(default_factory=dict)
    network: bool = False  # the command may connect to the hostile server (pull)
    refuse_rc: int = 1  # the exit status of a right refusal (2 for a command line refused by click, naming the path)
    accept_rc: int = 0  # the exit status of a right acceptance (1 for `pnp changes` with no print marked)

    def shown(self) -> str:
        return self.label or "pnp " + shlex.join(self.args)


def R(command: str, at: str = "", **kw) -> Run:
    """A run that must be refused with a finding naming `at`."""
    return Run(tuple(shlex.split(command)), "refuse", at=at, **kw)


def A(command: str, why: str, **kw) -> Run:
    """A run that is rightly accepted, and why."""
    return Run(tuple(shlex.split(command)), "accept", why=why, **kw)


@dataclass
class Case:
    name: str
    group: str
    make: object  # Callable[[Ctx], None]
    runs: list[Run]


@dataclass
class Outcome:
    rc: int | None
    output: str
    timed_out: bool = False
    audit: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # found by a custom runner (lost outputs, a server that died)
    lost_checked: bool = False  # the custom runner compared the previous outputs itself


@dataclass
class Ctx:
    """One case's folder: its project, the user's own files beside it, its address on the hostile server."""

    case: Case
    folder: Path
    project: Path
    outside: Path
    url: str
    bench: Bench

    def env(self, run: Run, audit: Path) -> dict:
        env = {**os.environ, **self.bench.env, **{k: v.format(xdg=self.bench.xdg) for k, v in run.env.items()}, "HOSTILE_AUDIT": str(audit)}
        env["HOSTILE_WATCH"] = os.pathsep.join([str(self.outside), str(self.bench.decoy), "/etc/passwd", "/etc/shadow"])
        env["HOSTILE_WRITABLE"] = os.pathsep.join([str(self.folder), str(self.bench.tmp), str(self.bench.xdg), "/dev/null", "/dev/shm"])
        return env

    def spawn(self, args, run: Run, audit: Path) -> subprocess.Popen:
        """pnp ARGS in a capped child with the audit hook, in its own process group."""
        code = CHILD % {"gib": GIB, "cpu": CPU_S}
        return subprocess.Popen([sys.executable, "-c", code, "--root", str(self.project), *args], cwd=self.folder, env=self.env(run, audit),
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                                start_new_session=True)

    def finish(self, child: subprocess.Popen, timeout: float = WALL_S) -> tuple[int | None, str, bool]:
        """(exit status, output, whether it was stopped at the timeout) of a child spawned here."""
        try:
            out, _ = child.communicate(timeout=timeout)
            return child.returncode, out, False
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
            out, _ = child.communicate()
            return child.returncode, out, True

    def pnp(self, args, run: Run, timeout: float = WALL_S) -> Outcome:
        audit = self.new_audit()
        rc, out, timed_out = self.finish(self.spawn(args, run, audit), timeout)
        return Outcome(rc, out, timed_out, self.read_audit(audit))

    def new_audit(self) -> Path:
        fd, name = tempfile.mkstemp(dir=self.folder, prefix="audit-", suffix=".log")
        os.close(fd)
        return Path(name)

    @staticmethod
    def read_audit(audit: Path) -> list[str]:
        lines = audit.read_text(errors="replace").splitlines()
        audit.unlink()
        return lines


@dataclass
class Bench:
    root: Path
    base: Path  # the test project, built once
    template: Path  # the user's own files, copied for each case
    decoy: Path  # more of the user's files, shared by every case: checked once at the end, watched by every child
    tmp: Path
    xdg: Path
    env: dict
    canary: str
    server: object = None

    @property
    def url(self) -> str:
        return self.server.url


# Fingerprints ---------------------------------------------------------------------------------------------------------

def tree_state(folder: Path) -> dict[str, tuple]:
    """What every entry under `folder` is (links not followed): kind, bytes' digest or link target."""
    state = {}
    for base, dirs, files in os.walk(folder, followlinks=False):
        for name in dirs + files:
            path = os.path.join(base, name)
            st = os.lstat(path)
            rel = os.path.relpath(path, folder)
            if os.path.islink(path):
                state[rel] = ("link", os.readlink(path))
            elif os.path.isfile(path):
                with open(path, "rb") as f:
                    state[rel] = ("file", hashlib.sha256(f.read()).hexdigest(), st.st_mode)
            elif os.path.isdir(path):
                state[rel] = ("dir",)
            else:
                state[rel] = ("special", st.st_mode)
    return state


OLD_ATIME = 1_000_000_000  # 2001: older than any file's time, so a read moves it even under relatime


def age_atimes(folder: Path) -> None:
    for base, _dirs, files in os.walk(folder, followlinks=False):
        for name in files:
            path = os.path.join(base, name)
            if os.path.isfile(path) and not os.path.islink(path):
                st = os.stat(path)
                os.utime(path, ns=(OLD_ATIME * 10**9, st.st_mtime_ns))


def read_files(folder: Path) -> list[str]:
    """The plain files under `folder` whose access time moved since `age_atimes`."""
    moved = []
    for base, _dirs, files in os.walk(folder, followlinks=False):
        for name in files:
            path = os.path.join(base, name)
            if not os.path.islink(path) and os.path.isfile(path) and os.stat(path).st_atime > OLD_ATIME + 1:
                moved.append(path)
    return moved


def kept_outputs(project: Path) -> dict[str, str]:
    """The previous good build's files (plain files under output/, the cache aside) and pulled snapshots, by digest."""
    kept = {}
    for top in (project / "output", project / "data"):
        for base, dirs, files in os.walk(top, followlinks=False):
            dirs[:] = [d for d in dirs if d != ".pnp-cache" and not d.startswith(".")]
            for name in files:
                path = os.path.join(base, name)
                if top.name == "data" and ".pulled." not in name:
                    continue
                if name.startswith(".") or os.path.islink(path) or not os.path.isfile(path):
                    continue
                with open(path, "rb") as f:
                    kept[os.path.relpath(path, project)] = hashlib.sha256(f.read()).hexdigest()
    return kept


def lost_files(before: dict[str, str], project: Path) -> list[str]:
    lost = []
    for rel, digest in before.items():
        path = project / rel
        if os.path.islink(path) or not path.is_file():
            lost.append(f"{rel} removed")
            continue
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            lost.append(f"{rel} changed")
    return lost


ACTIVE = re.compile(rb"/(JavaScript|JS|Launch|SubmitForm|ImportData|GoToR|RichMedia|EmbeddedFile)\b|/URI\s*\((?!https?:|mailto:|#)")
STREAM = re.compile(rb"stream\r?\n.*?endstream", re.S)  # a stream's bytes: 50 MB of photographic pictures hold "/JS" by chance


def written_since(folders: list[Path], since: float) -> list[Path]:
    found = []
    for folder in folders:
        for base, _dirs, files in os.walk(folder, followlinks=False):
            for name in files:
                path = Path(base, name)
                with contextlib.suppress(OSError):
                    if not path.is_symlink() and path.is_file() and path.stat().st_mtime >= since - 1:
                        found.append(path)
    return found


def canary_in_outputs(paths: list[Path], canary: str) -> tuple[list[str], list[str]]:
    """(outputs showing the canary, PDFs holding active content or a link that is not a web address)."""
    showing, active = [], []
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if canary.encode() in data:
            showing.append(str(path))
        elif path.suffix == ".pdf" and data.startswith(b"%PDF"):
            if canary in pdf_text(data):
                showing.append(str(path))
            if ACTIVE.search(STREAM.sub(b"stream endstream", data)):  # in a name or a dictionary, not in a picture's bytes
                active.append(str(path))
    return showing, active


def pdf_text(data: bytes) -> str:
    try:
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(data)
        try:
            return "".join(doc[i].get_textpage().get_text_range() for i in range(min(len(doc), 400)))
        finally:
            doc.close()
    except Exception:
        return ""


# Classifying a run ----------------------------------------------------------------------------------------------------

LOCATED = re.compile(r"^(?:pnp: )?(?P<file>[^\s:]*[./][^\s:]*?|[^:\n]+?(?=(?::\d+(?::\d+)?)?: (?:error|warning|note):))(?P<line>:\d+(?::\d+)?)?"
                     r"(?P<cell>\[[^\]\n]*\]![A-Z]{1,3}\d+)?: ")
UNBOUNDED_RC = {-signal.SIGKILL, -signal.SIGXCPU, -signal.SIGABRT, -signal.SIGSEGV, 134, 137, 139}


def classify(run: Run, outcome: Outcome) -> str:
    out = outcome.output
    if outcome.timed_out or outcome.rc in UNBOUNDED_RC or "MemoryError" in out or "Cannot allocate memory" in out:
        return "unbounded"
    if outcome.rc == 3 or "internal error" in out or "Traceback (most recent call last)" in out:
        return "internal"
    if run.expect == "interrupt" and outcome.rc in (0, 130):
        return "accepted"
    if outcome.rc == run.accept_rc:
        return "accepted" if run.expect == "accept" else "wrongly accepted"
    if outcome.rc == run.refuse_rc == 2:  # click's usage error, naming the path
        return "located" if run.at and run.at in out else "unlocated"
    if outcome.rc == run.refuse_rc:
        found = [line for line in out.splitlines() if (m := LOCATED.match(line)) and not m["file"].startswith("http")]
        if not found:
            return "unlocated"
        if run.at and not any(run.at in line for line in found):
            return "elsewhere"
        return "located"
    return "unlocated"


@dataclass
class Result:
    case: str
    group: str
    command: str
    expect: str
    why: str
    kind: str
    rc: int | None
    output: str
    read_outside: list[str]
    wrote_outside: list[str]
    lost: list[str]
    seconds: float

    def bad(self) -> bool:
        return self.kind not in ("located", "accepted") or bool(self.read_outside or self.wrote_outside or self.lost)


def run_case(bench: Bench, number: int, case: Case) -> list[Result]:
    folder = bench.root / "cases" / f"{number:03d}"
    project, outside = folder / "project", folder / "outside"
    shutil.copytree(bench.base, project, symlinks=True)
    shutil.copytree(bench.template, outside, symlinks=True)
    ctx = Ctx(case, folder, project, outside, f"{bench.url}/{number:03d}", bench)
    results = []
    try:
        case.make(ctx)
    except Exception:
        return [Result(case.name, case.group, "(setting up)", "", "", "bench error", None, traceback.format_exc(), [], [], [], 0)]
    try:
        for run in case.runs:
            results.append(one_run(ctx, run))
    finally:
        if (folder / "disk").is_mount():
            subprocess.run(["umount", "-l", str(folder / "disk")], check=False)
    return results


def one_run(ctx: Ctx, run: Run) -> Result:
    bench = ctx.bench
    mine_before = tree_state(ctx.outside)
    kept = kept_outputs(ctx.project)
    age_atimes(ctx.outside)
    started = time.time()
    hits_before = bench.server.hits_of(ctx.url)
    outcome = run.custom(ctx, run) if run.custom else ctx.pnp(run.args, run)
    seconds = time.time() - started
    read = [f"opened {line.split(' ', 1)[1]}" for line in outcome.audit if line.startswith("read ")]
    read += [f"accessed {p}" for p in read_files(ctx.outside) if f"opened {p}" not in read]
    if not run.network:
        read += [f"network: {line}" for line in outcome.audit if line.startswith("connect ")]
        read += [f"the hostile server was asked for {hit}" for hit in bench.server.hits_of(ctx.url)[len(hits_before):]]
    if bench.canary in outcome.output:
        read.append("the canary shows in what the command printed")
    outs = [ctx.project / "output", *(p for p in (ctx.folder / "out", ctx.folder / "disk") if p.is_dir())]
    showing, active = canary_in_outputs(written_since(outs, started), bench.canary)
    read += [f"the canary shows in {p}" for p in showing]
    wrote = [f"wrote {line.split(' ', 1)[1]}" for line in outcome.audit if line.startswith("write ")]
    mine_after = tree_state(ctx.outside)
    wrote += [f"{rel}: {mine_before.get(rel)} -> {mine_after.get(rel)}" for rel in sorted(set(mine_before) | set(mine_after))
              if mine_before.get(rel) != mine_after.get(rel)]
    wrote += [f"marker {p}" for p in (ctx.folder / "markers").glob("*")] if (ctx.folder / "markers").is_dir() else []
    kind = classify(run, outcome)
    if active and kind in ("accepted", "located"):
        kind = "wrongly accepted"
        outcome.output += "\n[bench] active content or a non-web link in " + ", ".join(active)
    lost = [p for p in outcome.problems if p.startswith("lost")]
    if outcome.rc != 0 and not outcome.lost_checked:
        lost += lost_files(kept, ctx.project)
    other = [p for p in outcome.problems if not p.startswith("lost")]
    if other and kind in ("accepted", "located"):
        kind = "wrongly accepted"
        outcome.output += "\n[bench] " + "; ".join(other)
    return Result(ctx.case.name, ctx.case.group, run.shown(), run.expect, run.why, kind, outcome.rc, outcome.output, read, wrote, lost, seconds)


# The whole bench ------------------------------------------------------------------------------------------------------

COLUMNS = ("tried", "located", "accepted", "wrongly accepted", "internal", "unbounded", "read outside", "wrote outside", "lost")


def table(results: list[Result]) -> str:
    kinds = Counter(r.kind for r in results)
    counts = {"tried": len(results), **{k: kinds.get(k, 0) for k in ("located", "accepted", "wrongly accepted", "internal", "unbounded")},
              "read outside": sum(bool(r.read_outside) for r in results), "wrote outside": sum(bool(r.wrote_outside) for r in results),
              "lost": sum(bool(r.lost) for r in results)}
    extra = {k: v for k, v in kinds.items() if k not in counts}
    head = "| " + " | ".join(COLUMNS + tuple(extra)) + " |"
    rule = "|" + "---|" * (len(COLUMNS) + len(extra))
    row = "| " + " | ".join(str(counts[c]) for c in COLUMNS) + "".join(f" | {v}" for v in extra.values()) + " |"
    return "\n".join([head, rule, row])


def record(results: list[Result], label: str, docs: Path = ROOT / "docs/safety.md") -> None:
    """Add this run's row (`label`: the commit and what it holds) under the last row of docs/safety.md's table, which
    has the columns `table` gives: the figures the page states are the bench's own."""
    cells = table(results).splitlines()[-1].split(" | ")[:len(COLUMNS)]  # kinds outside the columns are said in the report
    row = f"| {label} | " + " | ".join(cell.strip("| ") for cell in cells) + " |"
    lines = docs.read_text(encoding="utf-8").splitlines()
    last = max(i for i, line in enumerate(lines) if line.startswith("| ") and line.count("|") == len(COLUMNS) + 2)
    docs.write_text("\n".join([*lines[:last + 1], row, *lines[last + 1:]]) + "\n", encoding="utf-8")


def report(results: list[Result], cases: int) -> str:
    lines = [f"{cases} cases, {len(results)} runs", "", table(results), ""]
    groups = Counter(r.group for r in results)
    lines.append("runs by group: " + ", ".join(f"{g} {n}" for g, n in sorted(groups.items())))
    accepted = [r for r in results if r.kind == "accepted"]
    lines += ["", f"rightly accepted ({len(accepted)}):"]
    lines += [f"  {r.case}: {r.command}: {r.why}" for r in accepted]
    bad = [r for r in results if r.bad()]
    lines += ["", f"not located and not rightly accepted, or flagged ({len(bad)}):"]
    for r in bad:
        flags = [f"read outside: {'; '.join(r.read_outside[:4])}" if r.read_outside else "",
                 f"wrote outside: {'; '.join(r.wrote_outside[:4])}" if r.wrote_outside else "",
                 f"lost: {'; '.join(r.lost[:4])}" if r.lost else ""]
        lines.append(f"- [{r.kind}] {r.group}/{r.case}: {r.command}  (exit {r.rc}, {r.seconds:.1f} s)")
        lines += [f"    {flag}" for flag in flags if flag]
        shown = r.output.strip().splitlines()
        for line in (shown[:12] + (["    …", *shown[-6:]] if len(shown) > 18 else shown[12:18])):
            lines.append(f"    | {line[:300]}")
    return "\n".join(lines)


def prepare(root: Path, canary: str) -> Bench:
    """The built test project, the user's files (a template copied for each case, and a shared decoy), the env."""
    import hostile_corpus

    tmp, xdg = root / "tmp", root / "xdg"
    tmp.mkdir()
    xdg.mkdir()
    env = {"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", "PNP_JOBS": "1", "TMPDIR": str(tmp),
           "XDG_CACHE_HOME": str(xdg), "NO_COLOR": "1", "PNP_CACHE_KEY": str(xdg / "pnp/cache-key")}
    base = root / "base"
    shutil.copytree(ROOT / "tests/project", base, ignore=shutil.ignore_patterns("output"))
    done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(base), "build", "-q"], cwd=root, env={**os.environ, **env},
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the test project does not build:\n{done.stdout}{done.stderr}")
    template, decoy = root / "mine-template", root / "decoy"
    hostile_corpus.users_files(template, base, canary)
    decoy.mkdir()
    (decoy / "diary.txt").write_text(f"{canary}\n")
    (decoy / "photo.png").write_bytes((template / "art.png").read_bytes())
    return Bench(root, base, template, decoy, tmp, xdg, env, canary)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="run the cases whose group/name holds this (or one of these, split by commas)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--json", default="", help="write every result here")
    parser.add_argument("--docs", default="", metavar="LABEL", help="add this run's row to docs/safety.md's table, labelled LABEL")
    args = parser.parse_args()
    import hostile_corpus
    from hostile_server import HostileServer

    canary = "CANARY-" + os.urandom(6).hex()
    root = Path(tempfile.mkdtemp(prefix="pnp-hostile-"))
    bench = prepare(root, canary)
    decoy_before = tree_state(bench.decoy)
    age_atimes(bench.decoy)
    cases = [c for c in hostile_corpus.cases() if any(word in f"{c.group}/{c.name}" for word in args.only.split(","))]
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"pnp at {commit}: {len(cases)} cases in {root}", flush=True)
    started = time.time()
    results: list[Result] = []
    with HostileServer() as server:
        bench.server = server
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = {pool.submit(run_case, bench, i, case): case for i, case in enumerate(cases)}
            for future in concurrent.futures.as_completed(futures):
                for r in future.result():
                    results.append(r)
                    print(f"  {r.kind:16} {r.group}/{r.case}: {r.command} ({r.seconds:.1f} s)"
                          + (" READ OUTSIDE" if r.read_outside else "") + (" WROTE OUTSIDE" if r.wrote_outside else "")
                          + (" LOST" if r.lost else ""), flush=True)
    decoy_read = read_files(bench.decoy)
    decoy_changed = tree_state(bench.decoy) != decoy_before
    if decoy_read or decoy_changed:  # seen by no single run's checks (each run's audit hook watches it too)
        results.append(Result("the shared decoy", "all", "(every command)", "", "", "accepted", 0, "", decoy_read,
                               ["the shared decoy folder changed"] if decoy_changed else [], [], 0))
    order = {c.name: i for i, c in enumerate(cases)}
    results.sort(key=lambda r: (order.get(r.case, 1 << 30), r.command))
    print(f"\npnp at {commit}, {time.time() - started:.0f} s\n")
    print(report(results, len(cases)))
    if args.json:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in results], indent=1))
    if args.docs:
        record(results, f"{commit} ({args.docs})" if commit else args.docs)
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    import hostile  # one module for the corpus and the runner alike, not this file twice (as __main__ and as hostile)

    hostile.main()
