"""`pnp server status|start|stop`: look at, start or stop the user's fork servers (pnp.launch.forkserver)."""
from __future__ import annotations

import fcntl
import os
import signal
import sys
import time
from pathlib import Path

from pnp.launch.address import Place, enabled, private_folder
from pnp.launch.client import start_server

USAGE = """Usage: pnp server status|start|stop

  status  whether a fork server for this Python and this copy of pnp is up
  start   start one now and wait until it listens (commands start one anyway)
  stop    stop every fork server of yours (commands running in them finish first)

pnp runs build, validate, list, export, preview and other commands that end in
a child forked from a warm fork server, which has pnp imported already. Set
PNP_SERVER=0 to run every command in a new process instead."""


def server(args: list[str]) -> int:
    """Run `pnp server ARGS`: an exit code."""
    place = Place.of_this_process()
    action = args[0] if args else "status"
    if action == "status":
        return status(place)
    if action == "start":
        return start(place)
    if action == "stop":
        return stop(Path(place.folder))
    print(USAGE, file=sys.stderr if action not in {"--help", "-h", "help"} else sys.stdout)
    return 0 if action in {"--help", "-h", "help"} else 2


def status(place: Place) -> int:
    pid = running_pid(place.lock)
    if pid is not None and os.path.exists(place.socket):
        print(f"pnp server: up (process {pid}), listening at {place.socket}")
        served = served_commands(place)
        if served:
            print(f"{len(served)} command{'s' * (len(served) != 1)} served; the last:\n  {served[-1]}")
        return 0
    why = "" if enabled() else " (and off here: PNP_SERVER=0 or CI is set)"
    print(f"pnp server: none for this Python and this copy of pnp{why}")
    return 1


def start(place: Place, wait: float = 30.0) -> int:
    """Start a server if none is up, and wait until it listens."""
    if not private_folder(place.folder):
        print(f"pnp server: {place.folder} is not a folder of yours alone (mode 0700): set PNP_SERVER_DIR", file=sys.stderr)
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


def stop(folder: Path, wait: float = 30.0) -> int:
    """SIGTERM to every server whose lock is held in `folder`, then wait for each to leave."""
    stopped = []
    for lock in sorted(folder.glob("*.lock")) if folder.is_dir() else []:
        pid = running_pid(lock)
        if pid is not None:
            try:
                os.kill(pid, signal.SIGTERM)
                stopped.append(lock)
            except OSError:
                pass
    deadline = time.monotonic() + wait
    while any(running_pid(lock) is not None for lock in stopped) and time.monotonic() < deadline:
        time.sleep(0.05)
    print(f"pnp server: stopped {len(stopped)} server{'s' * (len(stopped) != 1)}")
    return 0


def served_commands(place: Place) -> list[str]:
    """The lines of the server's log: one a command it ran, with how it ended and how long it took."""
    try:
        return Path(place.socket).with_suffix(".log").read_text(encoding="utf-8").splitlines()
    except OSError:
        return []


def running_pid(lock: Path | str) -> int | None:
    """The process id of the server holding `lock`, or None when no server holds it."""
    try:
        with open(lock) as file:
            try:
                fcntl.flock(file, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                text = file.read().strip()
                return int(text) if text.isdigit() else None
            fcntl.flock(file, fcntl.LOCK_UN)
            return None
    except OSError:
        return None
