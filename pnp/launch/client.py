"""Hand a command to the fork server: this process's terminal, folder and environment go with it; its exit code comes back.

The request is one message: a length, then JSON (arguments, working folder,
environment, umask, the text settings of stdin, stdout and stderr), sent with
the three standard file descriptors themselves (SCM_RIGHTS), so the child
writes straight to this terminal or pipe and sees it as this process would
(a tty or not). The answers are lines of JSON: the child's process id (from
the server), then how it ended (from the child itself once its output is
written, or from the server for a child that died first). Ctrl-C and other
stop signals are passed on to the child's process group, as a terminal would
signal a process run here.
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sys

from pnp.launch.address import HEADER, NO_FD, Place, import_path, private_folder, resource_limits

FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


def hand_over(place: Place, argv: list[str]) -> int | None:
    """Run `pnp argv` in a child of the server at `place`: its exit code, or None when no server took it (none is up,
    or it is stale and leaves), so the caller runs the command here."""
    if not private_folder(place.folder):
        return None
    fds = [fd for fd in (0, 1, 2) if _open(fd)]  # before the socket, which would take the number of a closed one
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        try:
            sock.connect(place.socket)
        except OSError:
            return None
        with _Signals() as signals:
            try:
                send_request(sock, request(argv), fds)
                replies = sock.makefile("r", encoding="utf-8")
                first = _reply(replies)
            except OSError:
                return None
            if "exit" in first:
                return int(first["exit"])  # the command ended before the server said which process runs it
            if "pid" not in first:
                return None  # stale (the server saw pnp's code change, and stops), or refused: it cannot run as this process would
            signals.forward_to(first["pid"])
            return _wait_for(replies)


def leave(code: int) -> None:
    """End this process as the child ended, once what it wrote itself is out: with its exit code, or (a negative code)
    by the signal that ended it, as a shell would have seen a command run here end (a CPU limit's SIGXCPU, say). It
    holds nothing to clean up, and the interpreter's own teardown would add a few milliseconds to every command."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    if code < 0:
        with contextlib.suppress(OSError, ValueError):
            signal.signal(-code, signal.SIG_DFL)
            os.kill(os.getpid(), -code)
        os._exit(128 - code)
    os._exit(code)


def request(argv: list[str]) -> dict:
    """What the child needs to stand in for this process."""
    streams = {name: {"encoding": getattr(sys, name).encoding, "errors": getattr(sys, name).errors}
               for name in ("stdin", "stdout", "stderr") if getattr(sys, name) is not None}
    umask = os.umask(0)
    os.umask(umask)
    return {"argv": [sys.argv[0], *argv], "prog": program_name(), "path": import_path(), "cwd": os.getcwd(), "env": dict(os.environ), "umask": umask,
            "streams": streams, "limits": resource_limits(), "nice": os.getpriority(os.PRIO_PROCESS, 0)}


def program_name() -> str:
    """The name usage lines give pnp, as click finds it for this process: `pnp`, or `python -m pnp`."""
    package = getattr(sys.modules["__main__"], "__package__", None)
    if not package:
        return os.path.basename(sys.argv[0])
    name = os.path.splitext(os.path.basename(sys.argv[0]))[0]
    return f"python -m {package if name == '__main__' else f'{package}.{name}'}"


def send_request(sock: socket.socket, message: dict, fds: list[int]) -> None:
    """The header (HEADER) with the standard descriptors `fds` this process has open, then the JSON."""
    data = json.dumps(message).encode()
    socket.send_fds(sock, [HEADER.pack(len(data), *fds, *[NO_FD] * (3 - len(fds)))], fds)
    sock.sendall(data)


def _open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _reply(replies) -> dict:
    line = replies.readline()
    return json.loads(line) if line else {}


class _Signals:
    """Stop signals (Ctrl-C, a closed terminal, kill) passed on to the child's process group once its id is known;
    one that comes before is held until then."""

    def __init__(self):
        self.pid: int | None = None
        self.held: list[int] = []

    def __enter__(self) -> _Signals:
        self.before = {sig: signal.signal(sig, self._caught) for sig in FORWARDED}
        return self

    def __exit__(self, *exc) -> None:
        for sig, handler in self.before.items():
            signal.signal(sig, handler)
        if self.pid is None and self.held:
            signal.raise_signal(self.held[0])  # no child took the command: this process stops as it would have

    def forward_to(self, pid: int) -> None:
        self.pid = pid
        for signum in self.held:
            self._send(signum)

    def _caught(self, signum, frame) -> None:
        if self.pid is None:
            self.held.append(signum)
        else:
            self._send(signum)

    def _send(self, signum: int) -> None:
        with contextlib.suppress(OSError):
            os.killpg(self.pid, signum)


def _wait_for(replies) -> int:
    """The child's exit code once the server says how it ended; minus the signal's number when a signal ended it."""
    try:
        ended = _reply(replies)
    except OSError:
        ended = {}
    if not ended:
        print("pnp: the fork server stopped before the command ended (set PNP_SERVER=0 to run commands without it)", file=sys.stderr)
        return 3
    if "signal" in ended:
        return -int(ended["signal"])
    return int(ended["exit"])


def start_server(place: Place) -> None:
    """Start a fork server for the next command, in the background and in a session of its own, once this one is done:
    it imports pnp while the designer looks at what this command made. The first of several started at once to take
    the lock serves, the others leave."""
    if not private_folder(place.folder):
        return
    import subprocess

    code = ("import sys, json; sys.path[:] = json.loads(sys.argv[1]); from pnp.launch.forkserver import main; main(sys.argv[2], sys.argv[3])")
    flags = subprocess._args_from_interpreter_flags()  # -X, -O, -W …: what multiprocessing gives the processes it spawns
    with contextlib.suppress(OSError):
        subprocess.Popen([sys.executable, *flags, "-c", code, json.dumps(place.path), place.folder, place.key],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd="/", start_new_session=True,
                         close_fds=True)
