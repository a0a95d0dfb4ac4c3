"""Cases of bench/hostile.py for issue 74 items 2, 4 and 5's editor part: `pnp serve` against another local process
(serve), and a game that ships its own cache key where a relative path, or a path into the project, would find it
(key). Each names what a right answer is.

serve: another account's process (the user `nobody` when the bench runs as root) asks every route, read and write,
with the page's Origin forged and no token, or a guessed one: each must be 403 and the template unchanged. With the
token, a 50 MB edit (by its declared length, or chunked as it streams) must be a 413 after a few MB at most with the
server's peak memory not grown by it, and every malformed edit a 400 with one sentence.

key: the game's folder holds a key (where XDG_CACHE_HOME=.cache, PNP_CACHE_KEY=keys/cache-key or an absolute
XDG_CACHE_HOME inside the project would lead) and every cache entry is a payload pickle sealed with it: no payload may
run (each would write a marker, which the bench counts as written outside), and the command builds. `validate` runs
first, on the forged entries; `build` then meets those it did not make again.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import hmac
import http.client
import json
import os
import pickle
import pwd
import site
import socket
import subprocess
import sys
import time
from pathlib import Path

from hostile import A, Outcome, Run
from hostile_corpus import HERO, case
from hostile_live import TOKENS, _get, _serve, stop

MB = 1 << 20
KNIGHT = "deck:heroes:knight"
REFUSED = "printed in its terminal"


def _ready(port: int, timeout: float = 120) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        with contextlib.suppress(OSError, http.client.HTTPException):
            status, body = _get(port, "/api/state")
            if status == 200 and b'"state":"ready"' in body.replace(b'": "', b'":"'):
                return True
        time.sleep(0.5)
    return False


def _served(check, label: str):
    """A Run: `pnp serve` of the case's project, drawn once; `check(ctx, port, token, child)` lists what went wrong
    (the run is then wrongly accepted); the server must still answer after it."""

    def run(ctx, spec) -> Outcome:
        child, lines, audit, port = _serve(ctx, spec)
        problems, shown = [], []
        try:
            if port is None or not _ready(port):
                problems.append("serve printed no address or never drew the game")
            else:
                problems += check(ctx, port, TOKENS[port], child, shown)
                with contextlib.suppress(OSError, http.client.HTTPException):
                    if _get(port, "/api/state")[0] != 200:
                        problems.append("the server stopped answering")
        finally:
            rc = stop(ctx, child, lines)
        return Outcome(0, lines.text() + "\n".join(shown) + f"\n(serve stopped: exit {rc})", False, ctx.read_audit(audit), problems)

    return Run(expect="accept", why="refused as the issue asks; the server keeps serving", label=label, custom=run)


def _post(port: int, path: str, body: bytes, headers: dict) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("POST", path, body=body, headers={"Host": f"127.0.0.1:{port}", **headers})
        answer = conn.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        conn.close()


def _element(port: int) -> dict | None:
    """The star row of the knight's front as the page lists it (with the token), once drawn."""
    deadline = time.time() + 60
    while time.time() < deadline:
        with contextlib.suppress(OSError, http.client.HTTPException, ValueError):
            status, body = _get(port, f"/api/elements?game=tiny&item={KNIGHT}&side=front")
            found = [e for e in json.loads(body).get("elements", []) if e.get("function") == "repeat" and e.get("digest")] if status == 200 else []
            if found:
                return found[0]
        time.sleep(0.5)
    return None


ATTACK = r'''
import http.client, json, sys
port, plan = int(sys.argv[1]), json.loads(sys.argv[2])
out = []
for method, path, headers, body in plan:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, body=body.encode() if body is not None else None, headers={"Host": f"127.0.0.1:{port}", **headers})
    answer = conn.getresponse()
    out.append([method, path, answer.status, answer.read(2000).decode("utf-8", "replace")])
print(json.dumps(out))
'''


def _without_token(ctx, port: int, token: str, child, shown: list[str]) -> list[str]:
    """Every route asked by another account's process (nobody, when root) that knows all but the token."""
    element = _element(port)
    if element is None:
        return ["the knight's elements were never listed"]
    hero = (ctx.project / HERO).read_bytes()
    edit = json.dumps({"game": "tiny", "item": KNIGHT, "side": "front", "moves": [
        {"path": element["path"], "file": element["file"], "digest": element["digest"], "from": element["box"],
         "to": [element["box"][0] + 10, *element["box"][1:]]}]})
    plan = []
    for forged in ({}, {"X-Pnp-Token": "guess"}, {"Cookie": f"pnp-serve-{port}=guess"}):
        write = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json", **forged}
        plan += [["GET", p, forged, None] for p in ("/", "/static/app.js", "/events", "/api/state", f"/api/elements?game=tiny&item={KNIGHT}&side=front")]
        plan += [["POST", p, write, edit] for p in ("/api/edit", "/api/undo")]
    other = os.geteuid() == 0 and Path("/usr/bin/python3").exists()
    done = subprocess.run(["/usr/bin/python3" if other else sys.executable, "-I", "-c", ATTACK, str(port), json.dumps(plan)], capture_output=True,
                          text=True, timeout=120, cwd="/", user=pwd.getpwnam("nobody").pw_uid if other else None, env={"PATH": "/usr/bin:/bin"})
    if done.returncode:
        return [f"the attacking process failed: {done.stderr[-300:]}"]
    problems = []
    for method, path, status, body in json.loads(done.stdout):
        shown.append(f"{'nobody' if other else 'another process'}: {method} {path} -> {status}")
        if status != 403 or REFUSED not in body:
            problems.append(f"{method} {path} without the token answered {status}")
    if (ctx.project / HERO).read_bytes() != hero:
        problems.append(f"{HERO} was written by a process without the token")
    return problems


def _big_body(declared: bool):
    def check(ctx, port: int, token: str, child, shown: list[str]) -> list[str]:
        before = _peak_kb(child.pid)
        with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
            s.sendall((f"POST /api/edit HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\nCookie: pnp-serve-{port}={token}\r\n"
                       f"Content-Type: application/json\r\n{f'Content-Length: {50 * MB}' if declared else 'Transfer-Encoding: chunked'}\r\n\r\n").encode())
            sent, chunk = 0, b"[" * 65536
            with contextlib.suppress(OSError):
                while sent < 50 * MB:
                    s.sendall(chunk if declared else b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    sent += len(chunk)
            answer = b""
            with contextlib.suppress(OSError):
                while part := s.recv(65536):
                    answer += part
        grown = _peak_kb(child.pid) - before
        shown.append(f"50 MB {'declared' if declared else 'streamed'}: {answer[:40]!r}, {sent / MB:.1f} MB taken, peak +{grown / 1024:.1f} MB")
        problems = [] if answer.startswith(b"HTTP/1.1 413") else [f"answered {answer[:40]!r}, not 413"]
        problems += [f"{sent / MB:.0f} MB read of a body it refuses"] if sent >= 20 * MB else []
        return problems + ([f"peak memory grew by {grown / 1024:.0f} MB"] if grown >= 16 * 1024 else [])

    return check


def _peak_kb(pid: int) -> int:
    with contextlib.suppress(OSError, StopIteration):
        line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("VmHWM:"))
        return int(line.split()[1])
    return 0


NESTED = "[" * 5000 + "]" * 5000


def _malformed_bodies(move: dict) -> dict[str, bytes]:
    def body(m=None, **fields) -> bytes:
        return json.dumps({"game": "tiny", "item": KNIGHT, "side": "front", "moves": [m or move], **fields}).encode("utf-8", "surrogatepass")

    return {"nested": NESTED.encode(), "nested field": b'{"game": ' + NESTED.encode() + b"}", "5,000 digits": b'{"game": ' + b"9" * 5000 + b"}",
            "not UTF-8": b'{"game": "\xff"}', "a list": b"[]", "empty": b"", "lone surrogate": body(game="\ud800"),
            "NUL in the file": body({**move, "file": HERO + "\x00.png"}), "escape in the path": body({**move, "path": "\x1b[2J"}),
            "game a number": body(game=5), "moves a text": body(moves="up"), "box of booleans": body({**move, "to": [True, 1, 1, 1]}),
            "box of texts": body({**move, "from": ["1", "2", "3", "4"]}), "digest none": body({**move, "digest": "x"})}


def _malformed(ctx, port: int, token: str, child, shown: list[str]) -> list[str]:
    element = _element(port)
    if element is None:
        return ["the knight's elements were never listed"]
    hero = (ctx.project / HERO).read_bytes()
    move = {"path": element["path"], "file": element["file"], "digest": element["digest"], "from": element["box"], "to": element["box"]}
    headers = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json", "Cookie": f"pnp-serve-{port}={token}"}
    problems = []
    for name, body in _malformed_bodies(move).items():
        status, text = _post(port, "/api/edit", body, headers)
        shown.append(f"{name}: {status} {text[:120]}")
        if status != 400 or "Traceback" in text:
            problems.append(f"{name}: answered {status}")
    if (ctx.project / HERO).read_bytes() != hero:
        problems.append(f"{HERO} was written by a malformed edit")
    return problems


case("serve", "every route asked without the token, Origin forged", _served(_without_token, "pnp serve (another account, no token)"))(lambda ctx: None)
case("serve", "a 50 MB edit by its declared length", _served(_big_body(True), "pnp serve (50 MB declared)"))(lambda ctx: None)
case("serve", "a 50 MB edit streamed", _served(_big_body(False), "pnp serve (50 MB chunked)"))(lambda ctx: None)
case("serve", "malformed edits with the token", _served(_malformed, "pnp serve (14 malformed edits)"))(lambda ctx: None)

LEFT_IN_TEMPLATES = "templates/tiny/.hero.j2.{pid}-k9x2ab7q.tmp"  # the editor's temporary, as a kill -9 leaves it


def _sweeps_templates(ctx, port: int, token: str, child, shown: list[str]) -> list[str]:
    """One edit (the knight's star row moved 1 mm): the editor writes the template, and sweeps what a killed editor left."""
    element = _element(port)
    if element is None:
        return ["the knight's elements were never listed"]
    box = element["box"]
    move = {"path": element["path"], "file": element["file"], "digest": element["digest"], "from": box, "to": [box[0] + 1, *box[1:]]}
    headers = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json", "Cookie": f"pnp-serve-{port}={token}"}
    status, text = _post(port, "/api/edit", json.dumps({"game": "tiny", "item": KNIGHT, "side": "front", "moves": [move]}).encode(), headers)
    shown.append(f"edit: {status} {text[:160]}")
    left = [p.name for p in (ctx.project / "templates/tiny").glob(".*.tmp")]
    return ([f"the edit answered {status}"] if status != 200 else []) + [f"left templates/tiny/{name}" for name in left]


@case("fault", "a killed editor's temporary in templates/", _served(_sweeps_templates, "pnp serve (one edit)"))
def _(ctx):
    from hostile_cases_smalls import dead_pid

    (ctx.project / LEFT_IN_TEMPLATES.format(pid=dead_pid())).write_bytes(b"{% half a template")


# key: a game that ships its own key ----------------------------------------------------------------------------------

SHIPPED_KEY = b"k" * 32


def _forged(data: bytes) -> bytes:
    """`data` sealed with the shipped key, laid out as pnp.core.sealed seals an entry."""
    from pnp.core.sealed import MAGIC

    length = len(data).to_bytes(8, "big")
    mac = lambda what, body: hmac.new(SHIPPED_KEY, what + b"\0" + body, hashlib.sha256).digest()  # noqa: E731
    return MAGIC + length + mac(b"length", length) + mac(b"data", data) + data


class _Payload:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return exec, (f"open({self.marker!r}, 'a').write('ran\\n')",)


def _ship_key(where: str):
    """The case: the key at `where` (relative to the case's folder, where pnp runs), and every entry forged with it."""

    def make(ctx) -> None:
        key = ctx.folder / where.format(project="project")
        key.parent.mkdir(parents=True, exist_ok=True)
        key.write_bytes(SHIPPED_KEY)
        key.chmod(0o600)
        (ctx.folder / "markers").mkdir(exist_ok=True)
        for path in (p for p in (ctx.project / "output/.pnp-cache").rglob("*") if p.is_file() and p.name != ".gitignore"):
            data = b"pnp build cache\n" if path.name == "key-check" else pickle.dumps(_Payload(str(ctx.folder / "markers" / path.name)))
            path.write_bytes(_forged(data))

    return make


def _in_project(run: Run) -> Run:
    """`run` with XDG_CACHE_HOME the project's own .cache, an absolute path (known only once the case has its folder)."""

    def custom(ctx, spec) -> Outcome:
        env = {**run.env, "XDG_CACHE_HOME": str(ctx.project / ".cache")}
        return ctx.pnp(run.args, dataclasses.replace(run, env=env, custom=None))

    return dataclasses.replace(run, custom=custom, label=f"pnp {' '.join(run.args)} (XDG_CACHE_HOME in the project)")


HOME = {"HOME": "{xdg}/home", "PNP_CACHE_KEY": ""}  # the bench's own key unset: the case's place is the one looked at
WHY = "the shipped key is never read: the entries are not the user's, made again, none run"
case("key", "a key shipped at .cache/ with a relative XDG_CACHE_HOME",
     A("validate", WHY, env={**HOME, "XDG_CACHE_HOME": ".cache"}), A("build", WHY, env={**HOME, "XDG_CACHE_HOME": ".cache"}))(
    _ship_key(".cache/pnp/cache-key"))
case("key", "a key shipped at keys/ with a relative PNP_CACHE_KEY",
     A("validate", WHY, env={**HOME, "PNP_CACHE_KEY": "keys/cache-key"}), A("build", WHY, env={**HOME, "PNP_CACHE_KEY": "keys/cache-key"}))(
    _ship_key("keys/cache-key"))
case("key", "a key shipped in the project with an absolute XDG_CACHE_HOME there",
     _in_project(A("validate", WHY, env=HOME)), _in_project(A("build", WHY, env=HOME)))(_ship_key("{project}/.cache/pnp/cache-key"))


def _unknown_uid() -> int:
    """A user id the password database does not know (a container's user, a build account made on the fly)."""
    return next(uid for uid in range(54321, 60000) if not _known(uid))


def _known(uid: int) -> bool:
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return False
    return True


def _no_home(run: Run) -> Run:
    """`run` in the game's folder as a user with no entry in the password database and no HOME (nor XDG_CACHE_HOME, nor
    PNP_CACHE_KEY), the case's folder made that user's: no home to keep a key in, so a key found from the folder pnp runs
    in would be the game's. As root only (the bench's way); another user runs it as accepted, unable to switch."""

    def custom(ctx, spec) -> Outcome:
        if os.getuid() != 0:
            return Outcome(0, "[bench] not root: no user without a password entry to run as", False, [])
        uid = _unknown_uid()
        for path in [ctx.folder, *ctx.folder.rglob("*")]:
            os.lchown(path, uid, uid)
        for above in (ctx.bench.root, ctx.folder.parent):  # the bench's folders, root's own: that user may pass through them
            above.chmod(above.stat().st_mode | 0o111)
        audit = ctx.new_audit()
        os.chown(audit, uid, uid)
        env = {k: v for k, v in ctx.env(spec, audit).items() if k not in ("HOME", "XDG_CACHE_HOME", "PNP_CACHE_KEY")}
        env["TMPDIR"] = str(ctx.folder)
        # this interpreter may live in root's home, which another user cannot enter: the system's, with this one's packages
        python = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
        env["PYTHONPATH"] = os.pathsep.join([env.get("PYTHONPATH", ""), *site.getsitepackages()])
        from hostile import CHILD, CPU_S, GIB

        child = subprocess.Popen([python if os.path.exists(python) else sys.executable, "-c", CHILD % {"gib": GIB, "cpu": CPU_S}, "--root", str(ctx.project),
                                  *spec.args],
                                 cwd=ctx.project, env=env, user=uid, group=uid, extra_groups=[], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, errors="replace", start_new_session=True)
        rc, out, timed_out = ctx.finish(child)
        return Outcome(rc, out, timed_out, ctx.read_audit(audit))

    return dataclasses.replace(run, custom=custom, label=f"pnp {' '.join(run.args)} (no HOME, no password entry, in the game's folder)")


@case("key", "a key shipped at .cache/ and ~/.cache/ for a user with no HOME and no password entry", _no_home(A("validate", WHY)), _no_home(A("build", WHY)))
def _(ctx):
    """Where a relative XDG_CACHE_HOME would lead, and where `~` is left unexpanded with no home to expand it to."""
    for where in ("project/.cache/pnp/cache-key", "project/~/.cache/pnp/cache-key"):
        _ship_key(where)(ctx)
