"""A command handed to the fork server behaves as the same command run in a new process: same bytes, same output and
exit code, the caller's folder, environment and terminal; a server stops when its code changes or when told to, and
takes no command from a folder others can reach."""
from __future__ import annotations

import contextlib
import os
import pty
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from conftest import ROOT, pdfs

from pnp.launch.address import Place, command_of, enabled, private_folder, routable
from pnp.launch.forkserver import module_files, stale, text_stream

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fork server runs on Linux")


@pytest.fixture
def server_env():
    """The environment of a command that may use a fork server, in a folder of this test's own (short enough for a
    socket's path), stopped afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="pnps-"))
    env = {**os.environ, "PNP_SERVER": "1", "PNP_SERVER_DIR": str(folder / "s"), "PNP_SERVER_IDLE": "120", "PYTHONPATH": str(ROOT)}
    env.pop("CI", None)
    yield env
    subprocess.run([sys.executable, "-m", "pnp", "server", "stop", "--all"], env=env, cwd=ROOT, capture_output=True, timeout=60)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def _module_server():
    """[environment, process id] of the fork server the tests of this module share (`shared_server`)."""
    folder = Path(tempfile.mkdtemp(prefix="pnps-"))
    env = {**os.environ, "PNP_SERVER": "1", "PNP_SERVER_DIR": str(folder / "s"), "PNP_SERVER_IDLE": "600", "PYTHONPATH": str(ROOT)}
    env.pop("CI", None)
    try:
        yield [env, start_server(env)]
    finally:
        subprocess.run([sys.executable, "-m", "pnp", "server", "stop", "--all"], env=env, cwd=ROOT, capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def shared_server(_module_server) -> tuple[dict, int]:
    """(environment, process id) of one fork server that the tests of this module which leave it running share: starting
    one costs seconds. Each such test counts the commands it finds in the log before its own (`served_after`). A server
    that left (stale: pnp's code was edited while the tests ran) is started again, in the same folder."""
    env, pid = _module_server
    if not alive(pid):
        _module_server[1] = pid = start_server(env)
    return env, pid


@pytest.fixture(scope="module")
def big_project(tmp_path_factory) -> Path:
    """A project of one 600-card deck (bench/cards.py) whose every face works through 30,000 empty loop steps: its build
    takes tens of seconds however fast pnp becomes, so a test stops it midway and never races its end (a plain deck of
    3,000 cards built within the second it took a loaded machine to see the command's child)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from cards import make_project

    root = tmp_path_factory.mktemp("big") / "big"
    make_project(root, 600, 1)
    front = root / "templates/bench/front.j2"
    front.write_text(front.read_text() + "{% for i in range(10000) %}{% for j in range(3) %}{% endfor %}{% endfor %}\n")
    return root


def pnp(env: dict, *args: str, cwd: Path = ROOT, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=300, **kwargs)


def start_server(env: dict) -> int:
    """Start the server and wait until it listens: its process id."""
    started = pnp(env, "server", "start")
    assert started.returncode == 0, started.stdout + started.stderr
    assert "up: process" in started.stdout
    return int(started.stdout.split("process ")[1].split(",")[0])


def served(env: dict, count: int = 1) -> list[str]:
    """The commands the test's server has run (its log; this process's import path is not a command's, so its key is not
    the server's: the folder holds the one server), once it logged `count` of them: a child tells its caller how it
    ended before the server waits for it and logs it."""
    logs = list(Path(env["PNP_SERVER_DIR"]).glob("*.log"))
    assert len(logs) == 1, logs

    def commands() -> list[str]:  # the log's other lines say when the server started and left
        return [line for line in logs[0].read_text(encoding="utf-8").splitlines() if " server " not in line]

    wait_until(lambda: len(commands()) >= count, 10)
    return commands()


def served_after(env: dict, before: list[str], needle: str) -> str:
    """The line the server logged, after the commands `before` (what `served(env, 0)` gave), for a command whose line
    holds `needle`; else every line logged since, for the failure to show. A shared server may log the last test's
    command late: its child told its caller how it ended before the server logged it."""
    found: list[str] = []

    def logged() -> bool:
        found[:] = served(env, 0)[len(before):]
        return any(needle in line for line in found)

    wait_until(logged, 10)
    return next((line for line in found if needle in line), "\n".join(found))


def alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie waiting to be reaped does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def children_of(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(stat.parent.name))
    return found


def test_a_build_through_the_server_writes_the_bytes_of_a_new_process(project, tmp_path, shared_server):
    """Both routes start from no build cache: the server shares only imports, so the child's build is a cold one. Its
    summary gives the same pages, sizes and ink figures (an idle worker of the child measures half of a PDF's pages)."""
    server_env, _ = shared_server
    before = served(server_env, 0)
    out = tmp_path / "served"
    built = pnp(server_env, "--root", str(project), "build", "--out", str(out))
    assert built.returncode == 0, built.stderr
    assert f"pnp --root {project} build --out {out}: exit 0" in served_after(server_env, before, str(out))  # the server ran it
    fresh_out = tmp_path / "fresh"
    fresh = pnp({**server_env, "PNP_SERVER": "0"}, "--root", str(project), "build", "--out", str(fresh_out))
    assert fresh.returncode == 0, fresh.stderr
    assert pdfs(fresh_out) and pdfs(out) == pdfs(fresh_out)
    assert " ink " in built.stdout and built.stdout.replace(str(out), "OUT") == fresh.stdout.replace(str(fresh_out), "OUT")


def test_the_child_stands_in_for_the_caller(project, tmp_path, shared_server):
    """Its folder (a project found from the working folder), its umask, its exit codes and what it prints."""
    server_env, server = shared_server
    elsewhere = tmp_path / "here"
    shutil.copytree(project, elsewhere)
    nested = elsewhere / "data"
    before = served(server_env, 0)
    listed = pnp(server_env, "list", cwd=nested)  # no --root: the project is found from the caller's folder
    assert listed.returncode == 0, listed.stderr
    assert "tiny" in listed.stdout
    line = served_after(server_env, before, ": pnp list: ")
    assert line.endswith(": pnp list: exit 0 after " + line.rsplit(" after ", 1)[1])
    assert children_of(server) == []  # the command's child has ended and been waited for

    before = served(server_env, 0)
    wrong = pnp(server_env, "--root", str(elsewhere), "build", "no-such-game")
    local = pnp({**server_env, "PNP_SERVER": "0"}, "--root", str(elsewhere), "build", "no-such-game")
    assert wrong.returncode == local.returncode == 2
    assert "build no-such-game: exit 2" in served_after(server_env, before, "no-such-game")
    assert wrong.stderr == local.stderr and "no game 'no-such-game'" in wrong.stderr  # the usage line names `python -m pnp` both times

    out = tmp_path / "umask"
    masked = subprocess.run(["sh", "-c", f"umask 077 && {sys.executable} -m pnp --root {elsewhere} build -q --only cards --out {out}"],
                            env=server_env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert masked.returncode == 0, masked.stderr
    assert all(p.stat().st_mode & 0o077 == 0 for p in out.rglob("*.pdf"))



def test_a_caller_with_its_input_closed_is_served(project, tmp_path, shared_server):
    """A caller started with no standard input (a service, a cron job) sends the two descriptors it has; the request
    that follows them is read whole."""
    server_env, _ = shared_server
    before = served(server_env, 0)
    out = tmp_path / "out"
    closed = subprocess.run(["sh", "-c", f"exec {sys.executable} -m pnp --root {project} build -q --only cards --out {out} 0<&-"],
                            env=server_env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert closed.returncode == 0, closed.stderr
    assert f"build -q --only cards --out {out}: exit 0" in served_after(server_env, before, str(out))
    assert (out / "tiny" / "tiny-cards.pdf").is_file()


def test_the_child_writes_to_the_callers_terminal(project, tmp_path, shared_server):
    """On a terminal `pnp build` prints each game's seconds; into a pipe it does not. The child gets the caller's own file
    descriptors, so it sees what the caller has."""
    server_env, _ = shared_server
    primary, secondary = pty.openpty()
    try:
        on_tty = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "tiny", "--only", "cards", "--out", str(tmp_path / "a")],
                                env=server_env, cwd=ROOT, stdin=secondary, stdout=secondary, stderr=subprocess.PIPE, timeout=300)
        os.close(secondary)
        shown = b""
        with contextlib.suppress(OSError):
            while chunk := os.read(primary, 65536):
                shown += chunk
    finally:
        os.close(primary)
    assert on_tty.returncode == 0, on_tty.stderr
    assert b"tiny: " in shown and b" s\r\n" in shown
    piped = pnp(server_env, "--root", str(project), "build", "tiny", "--only", "cards", "--out", str(tmp_path / "b"))
    assert piped.returncode == 0 and "tiny-cards.pdf" in piped.stdout
    assert "tiny: " not in piped.stdout


def test_the_childs_streams_buffer_as_a_new_processs_do():
    """Python buffers stdout by line on a terminal and by block into a pipe or file, and writes stderr through at once:
    the child's streams, made on the caller's descriptors, do the same (the server's own were made on /dev/null)."""
    primary, secondary = pty.openpty()
    read, write = os.pipe()
    try:
        assert text_stream(secondary, "stdout", "utf-8", "strict").line_buffering
        into_pipe = text_stream(write, "stdout", "utf-8", "strict")
        assert not into_pipe.line_buffering and into_pipe.encoding == "utf-8"
        errors = text_stream(write, "stderr", "utf-8", "backslashreplace")
        assert errors.line_buffering and errors.write_through and errors.errors == "backslashreplace"
    finally:
        for fd in (primary, secondary, read, write):
            os.close(fd)


def long_build(tmp_path: Path, env: dict, big: Path, server: int | None = None) -> tuple[int, subprocess.Popen, list[int], Path]:
    """The long deck's build handed to `server` (a new one when None): (the server, the caller, the child running
    the build once it runs, the PDF the build would write)."""
    server = start_server(env) if server is None else server
    wait_until(lambda: not children_of(server), 30)  # the last test's command has ended
    earlier = set(children_of(server))  # on a loaded machine, one may still be giving back its memory: not this command's
    out = tmp_path / "out"
    caller = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(big), "build", "-q", "--out", str(out)], env=env, cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until(lambda: set(children_of(server)) - earlier, 30)
    child = sorted(set(children_of(server)) - earlier)
    assert child, "the command never reached the server; its log ends:\n" + server_log_tail(env)
    return server, caller, child, out / "bench" / "bench-cards.pdf"


def server_log_tail(env: dict, lines: int = 8) -> str:
    """The last lines the test's server logged (why it refused or left), for a failure to show."""
    return "\n".join(line for log in Path(env["PNP_SERVER_DIR"]).glob("*.log") for line in log.read_text(encoding="utf-8").splitlines()[-lines:])


def wait_until(done, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.02)


def test_a_killed_caller_stops_its_command(tmp_path, shared_server, big_project):
    """A command whose caller is gone (killed, its terminal closed) is stopped with it, not left building."""
    server, caller, _, pdf = long_build(tmp_path, shared_server[0], big_project, shared_server[1])
    caller.kill()
    caller.communicate()
    wait_until(lambda: not children_of(server), 30)
    assert children_of(server) == []
    assert not pdf.exists()  # stopped before it wrote


def test_ctrl_c_reaches_the_command(tmp_path, shared_server, big_project):
    """Ctrl-C at the caller stops the command in the server's child as it would stop one run here: exit 130, one line,
    no traceback from the child or its workers."""
    server, caller, _, pdf = long_build(tmp_path, shared_server[0], big_project, shared_server[1])
    time.sleep(0.3)
    caller.send_signal(signal.SIGINT)
    _, err = caller.communicate(timeout=60)
    assert caller.returncode == 130 and "pnp: stopped (Ctrl-C)" in err and "Traceback" not in err, err
    assert len([line for line in err.splitlines() if line.strip()]) == 1, err
    wait_until(lambda: not children_of(server), 10)  # the child says how it ended before its memory is given back
    assert children_of(server) == []
    assert not pdf.exists()


def test_the_child_tells_its_caller_how_it_ended_without_waiting_for_the_server(tmp_path, shared_server):
    """A command's child sends its exit code to the caller itself once its output is written, so the caller ends while
    the child's memory is given back: here the server is stopped (SIGSTOP) while the build runs, and the caller still
    ends with the build's code and its PDF written. A 300-card deck: the build runs on well after the server stops."""
    sys.path.insert(0, str(ROOT / "bench"))
    from cards import make_project

    make_project(tmp_path / "deck", 300, 1)
    server, caller, _, pdf = long_build(tmp_path, shared_server[0], tmp_path / "deck", shared_server[1])
    os.kill(server, signal.SIGSTOP)
    try:
        _, err = caller.communicate(timeout=120)
    finally:
        os.kill(server, signal.SIGCONT)
    assert caller.returncode == 0, err
    assert pdf.exists()


def test_a_server_is_stale_once_a_module_it_imported_changes(tmp_path, monkeypatch):
    module = tmp_path / "pnp_probe_module.py"
    module.write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import pnp_probe_module  # noqa: F401

    seen = module_files()
    assert str(module) in seen and not stale(seen)
    module.write_text("VALUE = 22\n")
    assert stale(seen)
    monkeypatch.delitem(sys.modules, "pnp_probe_module")


def test_a_folder_others_can_reach_is_not_used(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    assert not private_folder(shared)
    mine = tmp_path / "mine"
    assert private_folder(mine) and mine.stat().st_mode & 0o777 == 0o700


def test_which_commands_and_processes_use_a_server():
    assert routable(["--root", "x", "build", "-q"]) and routable(["validate", "--strict"]) and routable(["--root=x", "--debug", "list"])
    assert not routable(["watch"]) and not routable(["serve"]) and not routable(["--help"]) and not routable(["build", "--help"])
    assert command_of(["--root", "build", "validate"]) == "validate"  # a folder named build is --root's value
    assert enabled({"PNP_SERVER": "1", "CI": "true"}) and enabled({"PNP_SERVER": "on"})
    assert not enabled({"PNP_SERVER": "0"}) and not enabled({"CI": "true"}) and not enabled({"PNP_SERVER": "off"})


def test_the_server_is_off_unless_the_user_turns_it_on_and_off_stops_it(project, tmp_path):
    """Off by default; a user's setting file (`pnp server on`) turns it on, and PNP_SERVER for one shell wins over it.
    `pnp server off` stops this install's server, and the next command runs in its own process and leaves nothing running."""
    config = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    assert not enabled(config)
    folder = Path(tempfile.mkdtemp(prefix="pnps-"))  # short enough for a socket's path
    env = {k: v for k, v in os.environ.items() if k not in {"PNP_SERVER", "CI"}}
    env.update(config, PNP_SERVER_DIR=str(folder / "s"), PNP_SERVER_IDLE="120", PYTHONPATH=str(ROOT))
    try:
        turned = pnp(env, "server", "on")
        assert turned.returncode == 0, turned.stderr
        assert enabled(config) and not enabled({**config, "PNP_SERVER": "0"})
        pid = start_server(env)
        off = pnp(env, "server", "off")
        assert off.returncode == 0 and "stopped 1 server" in off.stdout, off.stdout + off.stderr
        assert not enabled(config) and enabled({**config, "PNP_SERVER": "1"})
        wait_until(lambda: not alive(pid), 10)
        assert not alive(pid)
        listed = pnp(env, "--root", str(project), "list")
        assert listed.returncode == 0 and "tiny: Tiny Test Game" in listed.stdout, listed.stderr
        assert _processes_mentioning(env["PNP_SERVER_DIR"]) == [], "a command with the server off started one"
    finally:
        for pid in _processes_mentioning(str(folder)):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_plain_build_leaves_no_process_behind(project, tmp_path):
    """A user who never turned the server on (no PNP_SERVER, no CI, no setting file) runs a build, and nothing of pnp
    is left running once it ends: no server started for a next command."""
    folder = tmp_path / "servers"
    env = {k: v for k, v in os.environ.items() if k not in {"PNP_SERVER", "CI"}}
    env.update(PNP_SERVER_DIR=str(folder), XDG_CONFIG_HOME=str(tmp_path / "config"))
    built = pnp(env, "--root", str(project), "build", "-q", "--only", "cards", "--out", str(tmp_path / "out"))
    assert built.returncode == 0, built.stderr  # a server for a next command would be started before the command's process ends
    left = [pid for pid in _processes_mentioning(str(folder))]
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
    assert left == [], "a plain pnp build left a process running"


def _processes_mentioning(text: str) -> list[int]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(OSError):
            if text.encode() in cmdline.read_bytes():
                found.append(int(cmdline.parent.name))
    return found


def test_a_command_through_the_server_runs_under_the_callers_cpu_limit(tmp_path, shared_server, big_project):
    """`ulimit -t 1; pnp build` of a deck that takes more than a second of CPU fails through the server as it does in a
    new process (SIGXCPU), not silently unlimited."""
    server_env, _ = shared_server
    before = served(server_env, 0)
    out = tmp_path / "out"
    limited = f"ulimit -t 1; exec {sys.executable} -m pnp --root {big_project} build -q --only cards --out {out}"
    served_run = subprocess.run(["bash", "-c", limited], env=server_env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert "build -q --only cards" in served_after(server_env, before, str(out))  # the server's child ran it
    assert served_run.returncode != 0, "the server's child ran without the caller's limit"  # which process the limit stops first varies
    assert not (out / "bench" / "bench-cards.pdf").exists()


def test_stop_ends_this_installs_server_all_ends_every_one_and_the_next_command_runs_here(project, tmp_path, server_env):
    """Two installs of pnp (two import paths: another folder on the second's) have two servers in the user's folder:
    `stop` ends its own (whose status then says none is up), `--all` both; the next command then runs here, with no server."""
    other_path = tmp_path / "site"  # what a second install's import path may hold
    other_path.mkdir()
    other_env = {**server_env, "PYTHONPATH": f"{ROOT}{os.pathsep}{other_path}"}
    mine = start_server(server_env)
    theirs = subprocess.run([sys.executable, "-m", "pnp", "server", "start"], env=other_env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert theirs.returncode == 0, theirs.stderr
    other = int(theirs.stdout.split("process ")[1].split(",")[0])
    assert other != mine
    stopped = pnp(server_env, "server", "stop")
    assert stopped.returncode == 0 and "stopped 1 server" in stopped.stdout, stopped.stdout + stopped.stderr
    wait_until(lambda: not alive(mine), 10)
    assert not alive(mine) and alive(other)
    assert pnp(server_env, "server", "status").returncode == 1
    assert "stopped 1 server" in pnp(server_env, "server", "stop", "--all").stdout
    wait_until(lambda: not alive(other), 10)
    assert not alive(other)
    listed = pnp({**server_env, "PNP_SERVER_IDLE": "5"}, "--root", str(project), "list")
    assert listed.returncode == 0 and "tiny: Tiny Test Game" in listed.stdout, listed.stderr  # run here, with no server


def test_another_python_or_import_path_is_another_server(monkeypatch):
    one = Place.of_this_process({"PNP_SERVER_DIR": "/x"})
    assert Place.of_this_process({"PNP_SERVER_DIR": "/x", "PNP_SERVER": "1"}).key == one.key  # the server's own settings do not count
    assert Place.of_this_process({"PNP_SERVER_DIR": "/x", "PYTHONHASHSEED": "3"}).key != one.key
    monkeypatch.setattr(sys, "path", [*sys.path, "/somewhere/else"])
    assert Place.of_this_process({"PNP_SERVER_DIR": "/x"}).key != one.key


READ_AHEAD_ONCE = """
from reportlab.pdfbase.ttfonts import TTFont

from pnp.layout import fonts

fonts.read_bundled_fonts()
assert len(fonts._READ_AHEAD) == sum(len(files) for files in fonts.FontBook().families.values()) >= 16


class NoParse(fonts.KeptParses):
    def get(self, kind, key, parse, version):
        raise AssertionError(f"{key} was read again")


book = fonts.FontBook(kept=NoParse())
name = book.font_name("noto-sans", bold=True)
assert name == "noto-sans-bold"
fresh = TTFont("probe", str(book.file("noto-sans", "bold")))
assert book.face(name).stringWidth("Organ Match 42", 10) == fresh.stringWidth("Organ Match 42", 10)
print("read ahead once")
"""


def test_the_server_reads_pnps_own_fonts_once_for_every_child():
    """What a fork server reads ahead is pnp's own: each bundled style under the name a build registers it by, so a
    child's FontBook takes it from memory, and gives the same widths as a reading of the file. Run in a new process,
    as a server starts: nothing read ahead or registered yet."""
    result = subprocess.run([sys.executable, "-c", READ_AHEAD_ONCE], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "read ahead once" in result.stdout, result.stdout + result.stderr


def test_a_command_ends_with_a_killed_server(tmp_path, shared_server, big_project):
    """A server killed outright (SIGKILL, out of memory) cannot say how a command ended: its caller says the server
    stopped, and the command does not go on building unseen. The module's server, killed by its last test (keep it last):
    its lock goes with it."""
    server_env = shared_server[0]
    server, caller, child, pdf = long_build(tmp_path, server_env, big_project, shared_server[1])
    os.kill(server, signal.SIGKILL)
    _, err = caller.communicate(timeout=60)
    assert caller.returncode == 3 and "the fork server stopped before the command ended" in err, \
        f"exit {caller.returncode}, child {child}: {err}\nthe server's log ends:\n{server_log_tail(server_env, 20)}"
    wait_until(lambda: not any(alive(pid) for pid in child), 20)
    assert not any(alive(pid) for pid in child)
    assert not pdf.exists()  # stopped, not finished unseen
    assert pnp(server_env, "server", "status").returncode == 1  # its lock went with it: the next command may start one
