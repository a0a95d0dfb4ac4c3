"""Cases of bench/hostile.py for issue 74's smaller classes: a folder of more files than a game prints (counted before
any is hashed), terminal control sequences in names, a server's answers and a manifest, names with a final line break,
stale temporaries a killed command left, Markdown and templates nested or repeated past the stack, one deadline for a
whole `pnp pull`, and messages that misled (each run checks what it says as well as where)."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys

from hostile import A, R, Run
from hostile_cases_runs import _tmpfs, live_deck
from hostile_corpus import DECK, GAME, HERO, QUICK, RULEBOOK, case, edit, put

CARDS = "build --only cards --cards knight"
PULL = "pull tiny --timeout 5"
CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # C0 and C1 controls but tab and line feed
ESCAPES = "\x1b]0;owned\x07\x1b[2J\x9b31m\x08"
EXPORT = "export tiny --format png --dpi 72 --deck heroes --no-validate"


def checked(must: str = "", forbid: tuple[str, ...] = (), files: tuple[str, ...] = (), gone: tuple[str, ...] = ()):
    """A runner of the run's own command that also holds it to what it says: no raw control character in what it
    printed or in `files` (under the case's folder), `must` said, nothing of `forbid` said, each of `gone` removed."""

    def run_it(ctx, run: Run):
        outcome = ctx.pnp(run.args, run)
        texts = {"what pnp printed": outcome.output}
        texts.update({rel: (ctx.folder / rel).read_text(encoding="utf-8", errors="replace") for rel in files if (ctx.folder / rel).is_file()})
        outcome.problems += [f"raw control characters in {where}" for where, text in texts.items() if CONTROLS.search(text)]
        outcome.problems += [f"did not say {must!r}" for _ in [1] if must and must not in outcome.output]
        outcome.problems += [f"said {said!r}" for said in forbid if said in outcome.output]
        outcome.problems += [f"left {rel}" for rel in gone if os.path.lexists(ctx.folder / rel)]
        return outcome

    return run_it


def C(command: str, at: str = "", why: str = "", **check) -> Run:
    """A run refused at `at` (accepted, when `why` is given) whose output `checked` also holds to `check`."""
    return Run(tuple(shlex.split(command)), "accept" if why else "refuse", why=why, at=at, custom=checked(**check))


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def empty_files(folder, count: int, suffix: str = ".png") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        os.close(os.open(folder / f"c{i:05d}{suffix}", os.O_CREAT | os.O_WRONLY, 0o644))


def hero(ctx, body: str) -> None:
    """The hero template with `body` on its line 3, in the block the frame draws."""
    put(ctx, HERO, '{% extends "tiny/frame.j2" %}\n{% block body %}\n' + body + "\n{% endblock %}\n")


# counts before hashing --------------------------------------------------------------------------------------------
@case("data", "a game folder of 30,001 images", R(QUICK, "data/tiny"), R("build --only cards", "data/tiny"))
def _(ctx):
    empty_files(ctx.project / "data/tiny/art", 30_001)


@case("data", "a cards_from folder of 20,001 images", R(QUICK, "art.yaml"))
def _(ctx):
    empty_files(ctx.project / "data/tiny/decks/art", 20_001)
    put(ctx, "data/tiny/decks/art.yaml", "name: Art\nsize: poker\nfront: tiny/hero.j2\ncards_from: art/\n")


# control characters -------------------------------------------------------------------------------------------------
@case("name", "a game folder named with terminal escapes", C(QUICK, "heroes.yaml"))
def _(ctx):
    put(ctx, DECK, "name: [\n")
    (ctx.project / "data/tiny").rename(ctx.project / f"data/ti{ESCAPES}ny")


@case("name", "a card named with terminal escapes", C(EXPORT, why="a name is the designer's: the manifest writes its controls out",
                                                       files=("project/output/tiny/png/manifest.csv",)))
def _(ctx):
    edit(ctx, DECK, "name: Rogue,", 'name: "Ro\\e[31mgue\\x9b\\a",')


@case("pull", "card ids holding terminal escapes", Run(tuple(shlex.split(PULL)), "accept", why="a whole sheet: its ids are printed written out",
                                                       network=True, custom=checked(must="\\x1b")))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/escapes.csv")


# names matched whole ------------------------------------------------------------------------------------------------
@case("name", "a deck file named d\\n.yaml", R(QUICK, "d\\x0a.yaml"), R(CARDS, "d\\x0a.yaml"))
def _(ctx):
    put(ctx, "data/tiny/decks/d\n.yaml", (ctx.project / DECK).read_bytes())


@case("data", "a palette colour with a line break after it", R(QUICK, "game.yaml"))
def _(ctx):
    edit(ctx, GAME, 'red: "#c0392b"', 'red: "#c0392b\\n"')


# stale temporaries --------------------------------------------------------------------------------------------------
_STAGING = "project/output/tiny/.png.{pid}-k9x2ab7q.tmp"
_LEFT = "project/output/.pnp-cache/.tiny.json.{pid}-k9x2ab7q.tmp"


@case("fault", "a killed export's staging folder of 5,000 files", C(EXPORT, why="what a killed export left is swept", gone=(_STAGING.format(pid=1),)))
def _(ctx):
    empty_files(ctx.folder / _STAGING.format(pid=1), 5000)  # a process id that is no pnp's: stale by its age
    os.utime(ctx.folder / _STAGING.format(pid=1), (1, 1))
    empty_files(ctx.folder / _STAGING.format(pid=dead_pid()), 3)  # a killed export's: its process is gone


@case("fault", "a killed build's cache temporary", C("build --only cards", why="what a killed build left is swept", gone=(_LEFT.format(pid=1),)))
def _(ctx):
    put(ctx, _LEFT.format(pid=1).removeprefix("project/"), b"half")
    os.utime(ctx.folder / _LEFT.format(pid=1), (1, 1))
    edit(ctx, DECK, "Rogue", "Rogue the Second")


# nesting and long flat input ---------------------------------------------------------------------------------------
@case("markdown", "1,000 headings in a row", A(RULEBOOK, "a flat list of headings typesets"))
def _(ctx):
    put(ctx, "data/tiny/rulebook.md", "".join(f"## Step {i}\n\n" for i in range(1000)))


@case("markdown", "emphasis 80 deep after a components() call", R(RULEBOOK, "rulebook.md:5:"))
def _(ctx):
    put(ctx, "data/tiny/rulebook.md", "# Rules\n\n{{ components() }}\n\n" + "*a " * 80 + "b" + " c*" * 80 + "\n")


@case("escape", "ifs nested past what Python compiles", C(CARDS, "hero.j2:3:", forbid=("IndentationError",)))
def _(ctx):
    hero(ctx, "{% if true %}" * 120 + "x" + "{% endif %}" * 120)


@case("escape", "an expression nested past the stack", R(CARDS, "hero.j2:3:"))
def _(ctx):
    hero(ctx, "{{ " + "-" * 2000 + "1 }}")


# one deadline for a pull --------------------------------------------------------------------------------------------
@case("pull", "a hundred trickling sheets under --timeout 2", R("pull tiny --timeout 2", "live-", network=True))
def _(ctx):
    for i in range(100):
        put(ctx, f"data/tiny/decks/live-{i:03d}.yaml", f"name: Live\nsize: poker\nfront: tiny/hero.j2\ncards_from: \"{ctx.url}/slow_headers.csv\"\n")


# messages that misled -----------------------------------------------------------------------------------------------
@case("draw", "a QR text over its level's capacity", C(CARDS, "hero.j2:3:", must="at error level q holds at most 1,663 bytes"))
def _(ctx):
    hero(ctx, '{{ qr("' + "x" * 2000 + '", 10, 10, 40, error="q") }}')


@case("draw", "a number too long to print", C(CARDS, "hero.j2:3:", forbid=("set_int_max_str_digits",)))
def _(ctx):
    hero(ctx, "{% set ns = namespace(n=(10 ** 100) ** 39) %}{% for i in range(2000) %}{% set ns.n = ns.n + ns.n %}{% endfor %}"
              "{{ text(ns.n|string, 5, 5, 10, 10) }}")


@case("data", "a board size of no known form", C(QUICK, "boards.yaml", forbid=("one of ,",)))
def _(ctx):
    edit(ctx, "data/tiny/boards.yaml", "size: 380 x 300", "size: huge")


@case("cache", "a key check cut short", C("build --only cards", why="the cache is made again, said as cut short", forbid=("another user",),
                                          must="cut short"))
def _(ctx):
    check = ctx.project / "output/.pnp-cache/key-check"
    check.write_bytes(check.read_bytes()[:-5])


@case("fault", "an export to a read-only --out", C("export tiny --format png --dpi 72 --deck heroes --no-validate --out disk", "disk/tiny", forbid=(".tmp",)))
def _(ctx):
    if not _tmpfs(ctx, "20m"):
        raise RuntimeError("cannot mount a tmpfs here")
    subprocess.run(["mount", "-o", "remount,ro", str(ctx.folder / "disk")], check=True)
