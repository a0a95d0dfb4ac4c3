"""Where a fork server listens, and which commands and processes may use one.

A server is only a stand-in for a new process when it imported the same code
the same way: its socket's name is a digest of the Python executable, the
import path, the interpreter's flags and the environment variables read at
import time. Its folder belongs to the user alone (mode 0700), so no one else
can hand it a command.
"""
from __future__ import annotations

import os
import stat
import struct
import sys
from zlib import adler32, crc32

# Commands that run to an end and print a result: worth a warm start. `watch` and `serve` stay up (and keep their own
# warm state), `--help` and `--version` are quick anyway.
ROUTED = frozenset({"build", "validate", "list", "printed", "preview", "export", "calibrate", "icons", "new"})
GLOBAL_FLAGS = frozenset({"--debug"})
GLOBAL_VALUED = frozenset({"--root"})
# Environment read while modules are imported (locale, Python's own settings, reportlab's rl_config, BLAS threads):
# a server imported under other values is another server.
IMPORT_TIME_ENV = ("PYTHON", "RL_", "OPENBLAS", "OMP_", "MKL_", "LANG", "LC_", "PNP_")
OFF = frozenset({"0", "off", "no", "false"})
ON = frozenset({"1", "on", "yes", "true"})
# A request's header: the length of its JSON, then which of 0, 1, 2 each file descriptor sent with it stands for.
HEADER = struct.Struct("!I3B")
NO_FD = 255  # a slot of HEADER with no descriptor (the client had that one closed)


def enabled(env: os._Environ | dict = os.environ) -> bool:
    """Whether commands go through a fork server: only when the user turned it on, and only on Linux (fork and passing
    file descriptors). `PNP_SERVER=1` turns it on and `PNP_SERVER=0` off for one shell; without either, the user's
    config file (`server_setting_file`) decides. Off by default: a plain `pnp build` leaves nothing running."""
    if not sys.platform.startswith("linux"):
        return False
    setting = env.get("PNP_SERVER", "").strip().lower()
    return (setting if setting in ON | OFF else user_setting(env)) in ON


def server_setting_file(env: os._Environ | dict = os.environ) -> str:
    """The user's setting for the fork server: `$XDG_CONFIG_HOME/pnp/server` (else ~/.config/pnp/server), one word,
    `on` or `off` (`pnp server on|off` writes it)."""
    config = env.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(config, "pnp", "server")


def user_setting(env: os._Environ | dict = os.environ) -> str:
    """The word in the user's setting file, lower case; empty when there is none."""
    try:
        with open(server_setting_file(env), encoding="utf-8") as file:
            return file.read(64).strip().lower()
    except (OSError, UnicodeDecodeError):
        return ""


def command_of(argv: list[str]) -> str | None:
    """The command word of pnp's arguments (`build` in `pnp --root x build -q`), None with `--help`, `--version` or none."""
    words = iter(argv)
    for word in words:
        if word in GLOBAL_VALUED:
            next(words, None)  # its value, whatever it is (a folder named `build`)
        elif word not in GLOBAL_FLAGS and word.split("=", 1)[0] not in GLOBAL_VALUED:
            return None if word.startswith("-") else word
    return None


def routable(argv: list[str]) -> bool:
    """Whether this command line is one a fork server runs (a command that ends, asked without `--help`)."""
    return command_of(argv) in ROUTED and "--help" not in argv


class Place:
    """Where the server for one way of running pnp listens (its socket), the lock its one owner holds, its log, and
    the file where it says how it sees the machine (view_of), for `pnp server status` in a shell that may not look at
    the server's process itself (from inside a user namespace of its own).

    A plain class on plain paths: every `pnp` command makes one before it
    knows whether a server is up, and dataclasses and pathlib would add their
    imports to the fastest commands."""

    def __init__(self, folder: str, key: str, path: list[str]):
        self.folder = folder
        self.key = key
        self.path = path  # the import path the server sets before importing pnp (a command's child then takes its caller's)
        self.socket = os.path.join(folder, f"{key}.sock")
        self.lock = os.path.join(folder, f"{key}.lock")
        self.view = os.path.join(folder, f"{key}.view")
        self.log = os.path.join(folder, f"{key}.log")

    @classmethod
    def of_this_process(cls, env: os._Environ | dict = os.environ) -> Place:
        path = server_path()
        flags = (sys.flags, sys._xoptions, sys.warnoptions)
        read_at_import = sorted((k, v) for k, v in env.items() if k.startswith(IMPORT_TIME_ENV) and not k.startswith("PNP_SERVER"))
        identity = repr((sys.executable, sys.version, path, flags, read_at_import, os.getuid()))
        data = identity.encode()
        return cls(server_folder(env), f"{crc32(data):08x}{adler32(data):08x}", path)  # zlib: hashlib would load OpenSSL


def import_path() -> list[str]:
    """This process's import path, the empty entry made the working folder (site made the others absolute; an entry
    that is not a folder, such as an editable install's path hook, stays as it is)."""
    return [p or os.getcwd() for p in sys.path]


def server_path() -> list[str]:
    """The import path a server takes: this process's, less the working folder `python -m pnp` puts first (so one server
    serves every folder; a command's child takes its caller's path back), but with the folder pnp itself came from."""
    path = import_path()
    if path and path[0] == os.getcwd():
        home = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the folder holding pnp/
        path = path[1:] if home in path[1:] else [home, *path[1:]]
    return path


def server_folder(env: os._Environ | dict) -> str:
    """The user's own folder for servers: `PNP_SERVER_DIR`, else $XDG_RUNTIME_DIR/pnp, else pnp-<uid> in the temp folder."""
    if env.get("PNP_SERVER_DIR"):
        return env["PNP_SERVER_DIR"]
    runtime = env.get("XDG_RUNTIME_DIR")
    return os.path.join(runtime, "pnp") if runtime else os.path.join(env.get("TMPDIR") or "/tmp", f"pnp-{os.getuid()}")


def private_folder(folder: str) -> bool:
    """Make `folder` if need be; whether it is ours alone (owned by this user, no access for group or others)."""
    return folder_refusal(folder) is None


def folder_refusal(folder: str) -> str | None:
    """Why `folder` cannot hold a server's socket (made if need be), or None when it is this user's alone."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        status = os.lstat(folder)
    except OSError as exc:
        return f"{folder} cannot be made or read: {exc.strerror or exc}"
    if not stat.S_ISDIR(status.st_mode):
        return f"{folder} is not a folder (a link or a file)"
    if status.st_uid != os.getuid():
        return f"{folder} belongs to user {status.st_uid}, not to you"
    if status.st_mode & 0o077:
        return f"{folder} is open to others (mode {stat.S_IMODE(status.st_mode):o}, not 700)"
    return None


# The resource limits a command runs under (`ulimit`): a child of the server takes its caller's.
LIMITS = ("RLIMIT_CPU", "RLIMIT_AS", "RLIMIT_DATA", "RLIMIT_RSS", "RLIMIT_FSIZE", "RLIMIT_NOFILE", "RLIMIT_NPROC", "RLIMIT_STACK",
          "RLIMIT_CORE", "RLIMIT_MEMLOCK")


def resource_limits() -> dict[str, list[int]]:
    """This process's resource limits, by name: [soft, hard] (-1 for none)."""
    import resource

    return {name: list(resource.getrlimit(getattr(resource, name))) for name in LIMITS if hasattr(resource, name)}


def why_not_a_guest(caller: dict, limits: dict[str, list[int]], nice: int) -> str | None:
    """Why a child of this process (its `limits`, its `nice`) cannot run the command of a caller whose request is
    `caller` as the caller would (None when it can): a child can lower a hard limit or its priority, never raise them."""
    for name, (_, hard) in (caller.get("limits") or {}).items():
        cap = limits[name][1] if name in limits else -1  # -1 (RLIM_INFINITY): no limit at all
        if cap >= 0 and not 0 <= hard <= cap:
            return f"the caller's {name} limit ({hard}) is above the server's ({cap})"
    if int(caller.get("nice", nice)) < nice:
        return f"the caller's priority (nice {caller['nice']}) is above the server's (nice {nice})"
    return None


# What a process sees of the machine, as /proc shows it: a command's child stands in for its caller only when they see
# the same. Namespaces first (the files above all: a caller in a read-only mount namespace must not have its outputs
# written through the server's), then cgroups (limits beyond ulimit: memory, CPU, process count) and confinement.
NAMESPACES = (("mnt", "mount namespace"), ("user", "user namespace"), ("pid", "process namespace"), ("net", "network namespace"),
              ("ipc", "IPC namespace"), ("uts", "host name namespace"), ("cgroup", "cgroup namespace"))
CONFINEMENT = ("NoNewPrivs:", "Seccomp:", "Seccomp_filters:")  # lines of /proc/PID/status


def view_of(pid: int | str = "self") -> dict[str, str] | None:
    """How process `pid` sees the machine: its namespaces (by device and inode), its cgroups and its confinement
    (no_new_privs, seccomp, security label); None when /proc does not show them (another process namespace, a process
    of another user, no /proc)."""
    view = {}
    try:
        for name, _ in NAMESPACES:
            status = os.stat(f"/proc/{pid}/ns/{name}")
            view[name] = f"{status.st_dev}:{status.st_ino}"
        with open(f"/proc/{pid}/cgroup", encoding="utf-8") as file:
            view["cgroups"] = file.read()
        with open(f"/proc/{pid}/status", encoding="utf-8") as file:
            view["confinement"] = " ".join("".join(line.split()) for line in file if line.startswith(CONFINEMENT))
    except OSError:
        return None
    try:
        with open(f"/proc/{pid}/attr/current", encoding="utf-8", errors="replace") as file:
            view["confinement"] += " label:" + file.read().strip("\0\n")
    except OSError:  # no security module that labels processes
        pass
    return view


def view_difference(caller: dict[str, str] | None, server: dict[str, str] | None, whose: str = "the caller's") -> str | None:
    """Why a caller that sees the machine as `caller` does cannot have its command run by a server that sees it as
    `server` (`whose` names the caller in the sentence), or None when they see the same."""
    if caller is None:
        return f"{whose} namespaces cannot be read from /proc"
    if server is None:
        return "the server's namespaces cannot be read from /proc"
    for name, what in (*NAMESPACES, ("cgroups", "cgroup"), ("confinement", "confinement (seccomp, no_new_privs or security label)")):
        if caller.get(name) != server.get(name):
            return f"{whose} {what} differs from the server's"
    return None
