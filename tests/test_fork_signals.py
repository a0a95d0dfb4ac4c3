"""A fork server's child is a command from its first instruction: a stop signal that reaches it as it is forked ends
it, and never runs the server's own handler there (which unlinked the live server's socket and left the command
building unseen when the server was killed as it forked: a .ci/run's test_a_command_ends_with_a_killed_server)."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

FORK_AND_STOP = """
import os, signal, sys, time
from pnp.launch.forkserver import fork_with_signals_held

ran = []
signal.signal(signal.SIGTERM, lambda *_: os.write(1, b"the server's handler ran in a child\\n"))
for _ in range(40):
    pid = fork_with_signals_held()
    if pid == 0:
        time.sleep(5)  # a command at work: the signal must end it first
        os._exit(0)
    os.kill(pid, signal.SIGTERM)  # at once: the child has not run a line yet
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM, f"a child ended with status {status}"
print("every child ended by its signal")
"""


def test_a_stop_signal_sent_as_a_child_is_forked_ends_the_child_not_the_servers_handler():
    done = subprocess.run([sys.executable, "-c", FORK_AND_STOP], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and done.stdout == "every child ended by its signal\n", done.stdout + done.stderr
