"""`pnp server status|start|stop|on|off`: look at, start, stop or turn on and off the user's fork servers (pnp.launch.forkserver)."""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import sys
import time
from pathlib import Path

from pnp.launch.address import OFF, ON, Place, enabled, folder_refusal, server_setting_file, user_setting, view_difference, view_of
from pnp.launch.client import start_server

USAGE = """Usage: pnp server status|start|stop [--all]|on|off

  status  whether this copy of pnp's fork server is up: its process, memory, age, socket and log
  start   start one now and wait until it listens
  stop    stop this copy of pnp's server (--all: every fork server of yours)
  on      turn the fork server on for your user: commands then start one and use it
  off     turn it off for your user (and stop this copy's server)

The fork server is off unless you turn it on (`pnp server on`, or PNP_SERVER=1
for one shell; PNP_SERVER=0 turns it off for one shell). When on, pnp runs
build, validate, list, export, preview and other commands that end in a child
forked from a warm server, which has pnp imported already: a command then
starts sooner, by what importing pnp takes (docs/performance.md). The child takes your limits (ulimit) and
priority (nice); a command whose limits it cannot take runs in a new process,
and so does one from a shell that sees the machine otherwise than the server
(another mount, user or other namespace, another cgroup: a sandbox, a
container, a scope with its own limits); `status` says which. A server stops
after 20 idle minutes or when pnp's code changes."""


def server(args: list[str]) -> int:
    """Run `pnp server ARGS`: an exit code."""
    place = Place.of_this_process()
    action = args[0] if args else "status"
    if action == "status":
        return status(place)
    if action == "start":
        return start(place)
    if action == "stop":
        return stop(place, every="--all" in args[1:])
    if action in {"on", "off"}:
        return turn(action, place)
    print(USAGE, file=sys.stderr if action not in {"--help", "-h", "help"} else sys.stdout)
    return 0 if action in {"--help", "-h", "help"} else 2


def status(place: Place) -> int:
    refused = folder_refusal(place.folder)
    pid = running_pid(place.lock)
    print(f"pnp server: {'on' if enabled() else 'off'} ({_why_setting()})")
    if refused:
        print(f"  refused its folder: {refused}: set PNP_SERVER_DIR to a folder of yours alone")
    if pid is not None and os.path.exists(place.socket):
        print(f"  up: process {pid}, {_memory(pid)}, up for {_age(place.lock)}")
        print(f"  socket: {place.socket}")
        different = view_difference(view_of(), _read(place.view, json.loads), "your")  # as the server wrote it as it started
        print("  commands from this shell run in the server" if different is None else f"  commands from this shell run here: {different}")
    else:
        print("  none running for this Python and this copy of pnp")
    lines = _read(place.log, str.splitlines) or []  # one a command it ran (how it ended, how long it took) or an event
    print(f"  log: {place.log}" + ("" if lines else " (empty)"))
    for line in lines[-3:]:
        print(f"    {line}")
    return 0 if pid is not None else 1


def _read(path: str, parse):
    """`parse` of a file's text, None when it cannot be read."""
    try:
        return parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _why_setting() -> str:
    setting = os.environ.get("PNP_SERVER", "").strip().lower()
    if setting in ON | OFF:
        return f"PNP_SERVER={os.environ['PNP_SERVER']}"
    word = user_setting()
    return f"{server_setting_file()} says {word}" if word else "the default; `pnp server on` turns it on"


def _memory(pid: int) -> str:
    """The process's resident memory, from /proc."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return f"{int(line.split()[1]) / 1024:.0f} MB resident"
    except (OSError, ValueError):
        pass
    return "memory unknown"


def _age(lock: str) -> str:
    """How long ago the server took its lock (it writes its process id there as it starts)."""
    try:
        seconds = time.time() - os.stat(lock).st_mtime
    except OSError:
        return "an unknown time"
    return f"{seconds / 60:.0f} min" if seconds >= 120 else f"{seconds:.0f} s"


def start(place: Place, wait: float = 30.0) -> int:
    """Start a server if none is up, and wait until it listens."""
    refused = folder_refusal(place.folder)
    if refused:
        print(f"pnp server: {refused}: set PNP_SERVER_DIR to a folder of yours alone", file=sys.stderr)
        return 1
    if running_pid(place.lock) is None:
        start_server(place)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if os.path.exists(place.socket) and running_pid(place.lock) is not None:
            return status(place)
        time.sleep(0.05)
    print("pnp server: did not start in time", file=sys.stderr)
    return 1


def stop(place: Place, every: bool = False, wait: float = 30.0) -> int:
    """SIGTERM to the server of `place` (`every`: to every server whose lock is held in its folder), then wait for each
    to leave."""
    stopped = []
    for lock in sorted(Path(place.folder).glob("*.lock")) if every else [place.lock]:
        pid = running_pid(lock)
        if pid is not None:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
                stopped.append(lock)
    deadline = time.monotonic() + wait
    while any(running_pid(lock) is not None for lock in stopped) and time.monotonic() < deadline:
        time.sleep(0.05)
    print(f"pnp server: stopped {len(stopped)} server{'s' * (len(stopped) != 1)}")
    return 0


def turn(word: str, place: Place) -> int:
    """Write the user's setting (address.server_setting_file); `off` also stops this copy's server."""
    file = Path(server_setting_file())
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(word + "\n", encoding="utf-8")
    except OSError as exc:
        print(f"pnp server: could not write {file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"pnp server: {word} for your user ({file})" + ("; PNP_SERVER in this shell still decides" if os.environ.get("PNP_SERVER") else ""))
    return stop(place) if word == "off" else 0


def running_pid(lock: Path | str) -> int | None:
    """The process id of the server holding `lock`, or None when no server holds it."""
    try:
        with open(lock) as file:
            try:
                fcntl.flock(file, fcntl.LOCK_SH | fcntl.LOCK_NB)
                return None  # no server holds it (the lock taken here goes as the file closes)
            except OSError:
                text = file.read().strip()
                return int(text) if text.isdigit() else None
    except OSError:
        return None
