"""The fork server: a process that has imported pnp and forks one child per command, which runs it as a new process would.

Only imports are shared. The server reads no game, registers no font, compiles
no template and builds nothing, so each child starts with every cache in memory
empty, as `python -m pnp` would: the same inputs give the same bytes, and a
removed build cache is a cold build. Each child takes its caller's streams,
folder, environment, umask, limits, priority and arguments, runs in a process
group of its own (so a Ctrl-C passed on by the client reaches its workers too),
and tells the client its exit code once its output is written, before its
memory is given back; the server tells the client how a child ended that died
before it could. A caller that sees the machine otherwise (namespaces, cgroups,
confinement, as /proc shows them for the caller's process, whose id comes with
the socket) or whose limits or priority are above the server's is refused, and
runs its command itself; so is every caller once a module the server imported
changed (an upgrade or an edit of pnp), and the server stops.
"""
from __future__ import annotations

import atexit
import contextlib
import fcntl
import importlib
import io
import json
import os
import pkgutil
import resource
import selectors
import signal
import socket
import struct
import sys
import time
import traceback

from pnp.core.processes import end_with_parent
from pnp.launch import exit_code
from pnp.launch.address import HEADER, LIMITS, NO_FD, Place, resource_limits, view_difference, view_of, why_not_a_guest

IDLE_SECONDS = 20 * 60
NOT_PRELOADED = ("pnp.serve", "pnp.launch", "pnp.__main__")  # `pnp serve` runs in its own process; the launcher is here; __main__ runs a command
MAX_REQUEST = 4 << 20
LOG_LIMIT = 64 << 10  # bytes of log kept (and as many in the one before)
# What commands import on their way, inside the libraries' own functions or pnp's: each a millisecond or so that
# every child would pay again (tests/test_launch.py checks that a child imports nothing).
IMPORTED_LATER = ("difflib", "pprint", "jinja2.ext", "multiprocessing.popen_fork", "multiprocessing.synchronize", "click._textwrap",
                  "encodings.utf_8_sig", "encodings.unicode_escape", "encodings.cp437")


def main(folder: str, key: str) -> None:
    """Serve commands at the socket `key` in `folder` until idle, stopped or stale; leave at once if another server holds the lock."""
    place = Place(folder, key, sys.path)
    lock = open(place.lock, "a+")  # noqa: SIM115 (held for the server's life)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return
    lock.truncate(0)
    lock.write(str(os.getpid()))
    lock.flush()
    preload()
    ForkServer(place, idle=float(os.environ.get("PNP_SERVER_IDLE", IDLE_SECONDS)), lock=lock).serve()


def preload() -> None:
    """Import every module of pnp a command may use, and the libraries they import inside functions (the SVG reader,
    numpy and pdfium for ink): the half second a new process spends before its first piece of work. Then
    read what pnp itself ships and every build reads: its fonts, and the digests of its code, fonts and icons."""
    import pnp
    from pnp.data.pydantic_plugins import find_none

    find_none()  # as a command run here: pnp's models run no pydantic plugin (pnp.launch)
    for info in pkgutil.walk_packages(pnp.__path__, "pnp."):
        if not info.name.startswith(NOT_PRELOADED) and ".assets" not in info.name:
            importlib.import_module(info.name)
    from pnp.layout.icons import warm_svg
    from pnp.render.ink import warm_ink

    warm_svg()
    warm_ink()
    for name in IMPORTED_LATER:
        importlib.import_module(name)
    from PIL import Image

    Image.preinit()  # the image formats Pillow registers when it first saves one (a preview, an export)
    from pnp.layout.fonts import read_bundled_fonts
    from pnp.pipeline.cache import hash_own_files

    hash_own_files()
    read_bundled_fonts()


class ForkServer:
    def __init__(self, place: Place, idle: float, lock):
        self.place, self.idle, self.lock = place, idle, lock  # the lock a child must not hold: it says the server is up
        self.pid = os.getpid()
        self.limits = resource_limits()  # a caller whose limits a child cannot take runs its command itself
        self.view = view_of()  # a caller that sees the machine otherwise (namespaces, cgroups) runs its command itself
        with open(f"{place.view}.{self.pid}", "w", encoding="utf-8") as file:
            json.dump(self.view, file)
        os.replace(f"{place.view}.{self.pid}", place.view)
        self.modules = module_files()  # what was imported, as it was on disk: a change makes the server stale
        self.children: dict[int, tuple[socket.socket, float, list[str]]] = {}  # child pid → its client's connection, when it started, its arguments
        self.log = open(place.log, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 (one line a command or event: what `pnp server status` shows)
        self.stopping = False
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        bound = f"{place.socket}.{self.pid}"
        with contextlib.suppress(FileNotFoundError):
            os.unlink(bound)
        self.listener.bind(bound)
        self.listener.listen(64)
        os.replace(bound, place.socket)  # clients see the socket only once it listens
        self.inode = os.stat(place.socket).st_ino
        self.wake_read, self.wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        signal.set_wakeup_fd(self.wake_write, warn_on_full_buffer=False)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # a child's end wakes the loop through the pipe
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ, "accept")
        self.selector.register(self.wake_read, selectors.EVENT_READ, "wake")

    def serve(self) -> None:
        self._note(f"server {self.pid} listening at {self.place.socket}")
        last = time.monotonic()
        try:
            while True:
                for key, _ in self.selector.select(timeout=1.0):
                    if key.data == "accept":
                        self._accept()
                        last = time.monotonic()
                    elif key.data == "wake":
                        with contextlib.suppress(BlockingIOError):
                            os.read(self.wake_read, 4096)
                    else:
                        self._hung_up(key.data, key.fileobj)
                self._reap()
                if self.children:
                    last = time.monotonic()
                elif self.stopping or time.monotonic() - last > self.idle or not self._still_ours():
                    why = "stopped" if self.stopping else "idle" if self._still_ours() else "its socket was taken"
                    self._note(f"server {self.pid} leaves: {why}")
                    return
        finally:
            self._unlink()
            self.listener.close()
            self.log.close()

    def _accept(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        conn.settimeout(5)
        fds: dict[int, int] = {}
        try:
            caller, uid, _ = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
            if uid != os.getuid():
                self._note(f"refused a command from user {uid}: a server takes commands from its own user alone")
                raise ValueError("another user")
            message, fds = receive_request(conn)
            # the caller's view as the kernel shows it (its process id from the socket), not as its request would say
            refused = view_difference(view_of(caller), self.view) or why_not_a_guest(message, self.limits, os.getpriority(os.PRIO_PROCESS, 0))
            if refused:
                conn.sendall(json.dumps({"refused": refused}).encode() + b"\n")
                self._note(f"ran nothing for pnp {' '.join(message.get('argv', [])[1:])}: {refused}; the caller runs it itself")
                raise ValueError("refused")
            if stale(self.modules):
                self._note("pnp's code changed since the server started: it stops, and the caller runs its command itself")
                conn.sendall(b'{"stale": true}\n')
                self._stop()
                raise ValueError("stale")
            pid = fork_with_signals_held()
        except (OSError, ValueError):
            conn.close()
            for fd in fds.values():
                os.close(fd)
            return
        if pid == 0:
            self._become_child(conn, message, fds)
        with contextlib.suppress(OSError):
            os.setpgid(pid, pid)  # as the child does: whichever runs first, a signal passed on reaches the group
        for fd in fds.values():
            os.close(fd)
        self.children[pid] = (conn, time.monotonic(), message["argv"][1:])
        try:
            conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
        except OSError:
            self._hung_up(pid, conn)
            return
        conn.setblocking(False)
        self.selector.register(conn, selectors.EVENT_READ, pid)

    def _become_child(self, conn: socket.socket, message: dict, fds: dict[int, int]) -> None:
        """In the forked child: become the process the client would have started, run the command, exit with its code."""
        code = 1
        try:
            with contextlib.suppress(OSError):
                os.setpgid(0, 0)
            end_with_parent(self.pid)  # a server killed outright has told no client how its command ended: it ends too
            self.selector.close()
            self.listener.close()
            for fd in (self.wake_read, self.wake_write):
                os.close(fd)
            for other, _, _ in self.children.values():
                other.close()
            self.log.close()
            self.lock.close()
            take_over(message, fds)
            become_guest(message)
            code = run_command(message.get("prog"))
        except BaseException:  # the child must never return into the server's loop
            with contextlib.suppress(Exception):
                traceback.print_exc()
        finally:
            with contextlib.suppress(Exception):
                sys.stdout.flush()
                sys.stderr.flush()
            with contextlib.suppress(Exception):
                # Its output is written: the client may go now, while this process's memory is given back. The
                # client's going looks like a hang-up to the server, whose SIGTERM must not end this process before
                # it exits with its code (its command is done): stop signals are ignored from here on.
                for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT):
                    signal.signal(sig, signal.SIG_IGN)
                conn.sendall(json.dumps({"exit": code}).encode() + b"\n")
            os._exit(code)

    def _reap(self) -> None:
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid not in self.children:
                continue
            conn, began, argv = self.children.pop(pid)
            ended = {"signal": os.WTERMSIG(status)} if os.WIFSIGNALED(status) else {"exit": os.waitstatus_to_exitcode(status)}
            how = f"exit {ended['exit']}" if "exit" in ended else f"signal {ended['signal']}"
            self._note(f"process {pid}: pnp {' '.join(argv)}: {how} after {time.monotonic() - began:.2f} s")
            with contextlib.suppress(OSError, KeyError, ValueError):
                self.selector.unregister(conn)
            with contextlib.suppress(OSError):
                conn.setblocking(True)
                conn.sendall(json.dumps(ended).encode() + b"\n")
            conn.close()

    def _note(self, line: str) -> None:
        """One line in the server's log, which stays small: past LOG_LIMIT bytes the older half goes to `.log.old`."""
        with contextlib.suppress(OSError, ValueError):
            self.log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")
            if self.log.tell() > LOG_LIMIT:
                self.log.close()
                os.replace(self.place.log, f"{self.place.log}.old")
                self.log = open(self.place.log, "a", encoding="utf-8", buffering=1)  # noqa: SIM115

    def _hung_up(self, pid: int, conn: socket.socket) -> None:
        """The client went away (killed, or its terminal closed) while its command runs: stop the command too."""
        with contextlib.suppress(BlockingIOError, OSError):
            if conn.recv(64):
                return  # a client sends nothing after its request; ignore stray bytes
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGTERM)
        with contextlib.suppress(OSError, KeyError, ValueError):
            self.selector.unregister(conn)

    def _stop(self, *_) -> None:
        self.stopping = True
        self._unlink()  # no new command comes; the running ones finish

    def _still_ours(self) -> bool:
        try:
            return os.stat(self.place.socket).st_ino == self.inode
        except OSError:
            return False

    def _unlink(self) -> None:
        if self._still_ours():
            with contextlib.suppress(OSError):
                os.unlink(self.place.socket)


def fork_with_signals_held() -> int:
    """Fork a child (0 in the child, its id in the server) whose stop signals take a command's default meaning from its
    first instruction. A SIGTERM that reached a child still holding the server's handlers (the server killed as it
    forked, a caller hanging up at once) ran the server's `_stop` there: the child unlinked the live server's socket,
    and its command went on building unseen. So the signals are held across the fork, and the child lets them in once
    their defaults are back."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, (signal.SIGTERM, signal.SIGINT, signal.SIGCHLD))  # those the server handles
    try:
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            for sig in (signal.SIGCHLD, signal.SIGTERM):
                signal.signal(sig, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.default_int_handler)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
    return pid


def receive_request(conn: socket.socket) -> tuple[dict, dict[int, int]]:
    """The client's request and its standard file descriptors: {0: fd, 1: fd, 2: fd} as received here (fewer when the
    client had one closed)."""
    head, fds, _, _ = socket.recv_fds(conn, HEADER.size, 3)
    try:
        head = _read_exactly(conn, HEADER.size, bytearray(head))
        length, *targets = HEADER.unpack(head)
        received = dict(zip([t for t in targets if t != NO_FD], fds, strict=True))
        if length > MAX_REQUEST:
            raise ValueError("request too large")
        return json.loads(_read_exactly(conn, length, bytearray())), received
    except (OSError, ValueError):  # a request the server cannot take keeps none of the descriptors sent with it
        for fd in fds:
            os.close(fd)
        raise


def _read_exactly(conn: socket.socket, size: int, data: bytearray) -> bytearray:
    while len(data) < size:
        chunk = conn.recv(min(65536, size - len(data)))
        if not chunk:
            raise ValueError("request cut short")
        data += chunk
    return data


def take_over(message: dict, fds: dict[int, int]) -> None:
    """Take the client's standard streams, folder, environment, umask and arguments."""
    for target, fd in fds.items():
        os.dup2(fd, target)
        if fd != target:
            os.close(fd)
    os.chdir(message["cwd"])
    os.environ.clear()
    os.environ.update(message["env"])
    time.tzset()
    os.umask(message["umask"])
    streams = message["streams"]
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        if fd in fds and name in streams:
            setattr(sys, name, text_stream(fd, name, **streams[name]))
            setattr(sys, f"__{name}__", getattr(sys, name))
    sys.argv = list(message["argv"])
    sys.path[:] = message["path"]


def become_guest(message: dict) -> None:
    """Take the caller's resource limits and priority (`ulimit`, `nice`): the server checked that a child may
    (why_not_a_guest). The child's CPU time starts from nothing, as a new process's does."""
    for name, (soft, hard) in (message.get("limits") or {}).items():
        if name in LIMITS and hasattr(resource, name):
            which = getattr(resource, name)
            if resource.getrlimit(which) != (soft, hard):
                resource.setrlimit(which, (soft, hard))
    nice = int(message.get("nice", 0))
    if os.getpriority(os.PRIO_PROCESS, 0) != nice:
        os.setpriority(os.PRIO_PROCESS, 0, nice)


def text_stream(fd: int, name: str, encoding: str, errors: str) -> io.TextIOWrapper:
    """A text stream on `fd` as Python makes its own at start-up: line-buffered on a terminal, stderr always."""
    if name == "stdin":
        return io.TextIOWrapper(io.BufferedReader(io.FileIO(fd, "r", closefd=False)), encoding=encoding, errors=errors)
    tty = os.isatty(fd)
    raw = io.BufferedWriter(io.FileIO(fd, "w", closefd=False))
    return io.TextIOWrapper(raw, encoding=encoding, errors=errors, line_buffering=tty or name == "stderr", write_through=name == "stderr")


def run_command(prog: str | None) -> int:
    """Run pnp's command line as the client would have, exit handlers included; its exit code."""
    from pnp.cli import run

    try:
        run(prog)
        code = 0
    except SystemExit as stop:
        code = exit_code(stop.code)
    except KeyboardInterrupt:  # before pnp.cli.run took it: one line, as a new process gives
        print("\npnp: stopped (Ctrl-C)", file=sys.stderr)
        code = 128 + signal.SIGINT
    with contextlib.suppress(Exception):
        sys.stdout.flush()
        sys.stderr.flush()
    atexit._run_exitfuncs()
    return code


def module_files(paths=None) -> dict[str, tuple[int, int]]:
    """(mtime, size) of each of `paths` that can be read; by default, of the file of every imported module."""
    if paths is None:
        paths = [getattr(module, "__file__", None) for module in list(sys.modules.values())]
    found = {}
    for path in paths:
        if path:
            with contextlib.suppress(OSError):
                status = os.stat(path)
                found[path] = (status.st_mtime_ns, status.st_size)
    return found


def stale(modules: dict[str, tuple[int, int]]) -> bool:
    """Whether a module file the server imported changed or went since (pnp edited or upgraded): its children would run
    old code."""
    return module_files(modules) != modules
