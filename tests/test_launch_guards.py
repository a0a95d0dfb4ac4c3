"""The fork server's guards, stated from the outside (issue #49 item 8): it runs no command for another user, never runs
old code once pnp's files changed, and runs no command of a caller whose limits, priority or view of the machine
(namespaces, confinement) a child of its own could not take. Each was seen failing with its check removed
(bench/hand_mutants.py, FS1–FS3, FS9 and FS10)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, TEST_PROJECT
from test_launch import pnp, served, server_env, start_server  # noqa: F401 (server_env: the fixture)

from pnp.launch.client import request

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fork server runs on Linux")

# A client that needs nothing of pnp: it sends the request in a file as pnp's client does (pnp.launch.client.send_request:
# the header, its standard descriptors, the JSON) and prints the server's replies to its standard error.
CLIENT = """
import json, socket, struct, sys
data = open(sys.argv[2], "rb").read()
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(sys.argv[1])
try:
    socket.send_fds(sock, [struct.pack("!I3B", len(data), 0, 1, 2)], [0, 1, 2])
    sock.sendall(data)
    for line in sock.makefile("r"):
        print("reply:", line.strip(), file=sys.stderr)
except OSError as e:
    print("hung up:", e, file=sys.stderr)
"""


def _as(user: list[str], client: Path, sock: Path, message: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*user, sys.executable, "-I", str(client), str(sock), str(message)], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, cwd="/")


@pytest.mark.skipif(os.getuid() != 0 or not shutil.which("setpriv"), reason="runs a client as user nobody: needs root and setpriv")
def test_the_server_runs_no_command_for_another_user(tmp_path, server_env):  # noqa: F811
    """Even with its folder and socket opened to everyone (the folder's own check is then the one that failed), a
    request from user nobody runs nothing: no output, no reply, and the refusal is in the server's log."""
    start_server(server_env)
    folder = Path(server_env["PNP_SERVER_DIR"])
    (sock,) = folder.glob("*.sock")
    for opened in (folder, folder.parent):
        opened.chmod(0o711)
    sock.chmod(0o777)
    client = folder.parent / "client.py"
    client.write_text(CLIENT, encoding="utf-8")
    message = folder.parent / "request.json"
    message.write_text(json.dumps({**request(["--root", str(TEST_PROJECT), "list"]), "cwd": str(ROOT), "env": server_env}), encoding="utf-8")
    for f in (client, message):
        f.chmod(0o644)

    mine = _as([], client, sock, message)  # the same request from the server's own user is run: the request is sound
    assert "tiny: Tiny Test Game" in mine.stdout and '"exit": 0' in mine.stderr, mine.stdout + mine.stderr
    theirs = _as(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"], client, sock, message)
    assert "Traceback" not in theirs.stderr, theirs.stderr
    assert "tiny" not in theirs.stdout and "reply:" not in theirs.stderr, theirs.stdout + theirs.stderr
    log = pnp(server_env, "server", "status")
    assert "refused a command from user 65534" in "".join(p.read_text(encoding="utf-8") for p in folder.glob("*.log")), log.stdout


def test_a_server_never_runs_old_code_after_pnp_changed(tmp_path, server_env):  # noqa: F811
    """A copy of pnp with its server up; a module of the copy is edited; the next command prints what the edited code
    prints (the server saw its code change, and the caller ran the command itself), and the server is gone."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "pnp", copy / "pnp")  # its bytecode too, still valid for the copied files' times: nothing to compile
    env = {**server_env, "PYTHONPATH": str(copy)}
    pid = int(subprocess.run([sys.executable, "-m", "pnp", "server", "start"], env=env, cwd=copy, capture_output=True, text=True,
                             timeout=120).stdout.split("process ")[1].split(",")[0])
    listed = pnp(env, "--root", str(TEST_PROJECT), "list", cwd=copy)
    assert listed.returncode == 0 and " boards, " in listed.stdout, listed.stderr
    assert "list: exit 0" in served(env)[-1], "the server ran it"
    cli = copy / "pnp/cli/__init__.py"
    text = cli.read_text(encoding="utf-8")
    anchor = "'board')}, "  # pnp list's line: "… (N cards, N boards, …)"
    assert text.count(anchor) == 1
    cli.write_text(text.replace(anchor, "'board')} (edited), "), encoding="utf-8")
    again = pnp(env, "--root", str(TEST_PROJECT), "list", cwd=copy)
    assert again.returncode == 0, again.stderr
    assert " boards (edited), " in again.stdout, again.stdout
    from test_launch import alive, wait_until

    wait_until(lambda: not alive(pid), 10)
    assert not alive(pid), "a stale server leaves"


def test_a_caller_of_higher_priority_or_limits_than_the_server_runs_its_command_itself(project, server_env):  # noqa: F811
    """A child can lower its priority and its limits, never raise them: a server started under `nice -n 5` and
    `ulimit -n 512` refuses the command of a caller at its own nice (0, say) and the server's open-files limit, and that of
    a caller at nice 5 allowed more open files; each runs its command in a new process (same result), and the server's
    log says why, and its status shows its limits. One server for both: each caller crosses one of the two bounds."""
    started = subprocess.run(["bash", "-c", f"ulimit -n 512; exec nice -n 5 {sys.executable} -m pnp server start"], env=server_env, cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, started.stderr
    callers = {"priority": f"ulimit -n 512; exec {sys.executable}", "files": f"exec nice -n 5 {sys.executable}"}
    for n, (bound, caller) in enumerate(callers.items(), 1):
        listed = subprocess.run(["bash", "-c", f"{caller} -m pnp --root {project} list"], env=server_env, cwd=ROOT, capture_output=True, text=True,
                                timeout=300)
        assert listed.returncode == 0 and "tiny: Tiny Test Game" in listed.stdout, (bound, listed.stdout + listed.stderr)
        line = served(server_env, n)[-1]
        assert "the caller runs it itself" in line, (bound, line)
        if bound == "priority":
            assert f"priority (nice {os.getpriority(os.PRIO_PROCESS, 0)})" in line and "RLIMIT" not in line, line
        else:
            assert "RLIMIT_NOFILE" in line and "priority" not in line, line
    status = pnp(server_env, "server", "status")
    assert "RLIMIT_NOFILE" in status.stdout and "MB resident" in status.stdout and "log: " in status.stdout, status.stdout


def _no_namespaces() -> str | None:
    """Why this machine cannot give a process a mount namespace of its own (None when it can)."""
    if not shutil.which("unshare"):
        return "no unshare command"
    tried = subprocess.run(["unshare", "-rm", "true"], capture_output=True, text=True, timeout=60)
    return None if tried.returncode == 0 else f"`unshare -rm` is not allowed here: {tried.stderr.strip()}"


def test_a_caller_in_a_read_only_mount_namespace_runs_its_command_itself(project, server_env):  # noqa: F811
    """A shell in a mount namespace of its own, where the project is read-only (a sandbox): its build is not run by the
    server (whose children would write where the shell cannot), but by the shell itself, which can write nothing and says
    so; `pnp server status` tells that shell why, and tells a shell outside that its commands run in the server."""
    why = _no_namespaces()
    if why:
        pytest.skip(why)
    start_server(server_env)
    read_only = f"mount --bind {project} {project} && mount -o remount,bind,ro {project} && exec {sys.executable} -m pnp "

    def inside(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["unshare", "-rm", "sh", "-c", read_only + " ".join(args)], env=server_env, cwd=ROOT, capture_output=True, text=True,
                              timeout=300)

    status = inside("server", "status")
    assert "commands from this shell run here: your mount namespace differs from the server's" in status.stdout, status.stdout + status.stderr
    built = inside("--root", str(project), "build", "tiny", "--only", "tokens")
    assert built.returncode != 0 and "read-only" in built.stderr, built.stdout + built.stderr
    assert not (project / "output").exists(), "nothing was written into the read-only project"
    assert "the caller's mount namespace differs from the server's; the caller runs it itself" in served(server_env)[-1]
    outside = pnp(server_env, "server", "status")
    assert "commands from this shell run in the server" in outside.stdout, outside.stdout


@pytest.mark.skipif(not shutil.which("setpriv"), reason="sets no_new_privs with setpriv (util-linux)")
def test_a_confined_caller_runs_its_command_itself(project, server_env):  # noqa: F811
    """A caller that may not gain privileges (no_new_privs, as a sandbox or a systemd service sets it) sees the machine
    otherwise than the server does: a child of the server would run unconfined. Its `pnp list` is not run by the
    server but by itself (the same listing), and the server's log says why; a caller as the server is served."""
    start_server(server_env)
    confined = subprocess.run(["setpriv", "--no-new-privs", sys.executable, "-m", "pnp", "--root", str(project), "list"], env=server_env, cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
    assert confined.returncode == 0 and "tiny: Tiny Test Game" in confined.stdout, confined.stdout + confined.stderr
    line = served(server_env)[-1]
    assert "the caller's confinement (seccomp, no_new_privs or security label) differs from the server's; the caller runs it itself" in line, line
    plain = pnp(server_env, "--root", str(project), "list")
    assert plain.returncode == 0 and plain.stdout == confined.stdout
    assert "pnp --root" in served(server_env, 2)[-1] and ": exit 0 after " in served(server_env, 2)[-1]
