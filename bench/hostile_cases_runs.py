"""Cases of bench/hostile.py: `pnp pull` against the hostile server (pull), a poisoned or odd build cache (cache), builds
at once, killed and interrupted (fault), and `pnp serve` and `pnp watch` (live)."""
from __future__ import annotations

import os
import pickle
import shutil
import signal
import subprocess

from hostile import A, R, Run
from hostile_corpus import DECK, FRAME, GAME, QUICK, case, edit, fifo, frame, link, put
from hostile_live import concurrent_builds, killed, racing_saves, serve_requests, serve_until, watch_until

PULL = "pull tiny --timeout 5"
LIVE = "data/tiny/decks/live.yaml"
GOOD_SNAPSHOT = "id,name,stars\nold,Old card,1\n"


def live_deck(ctx, url: str, snapshot: bool = True) -> None:
    put(ctx, LIVE, f'name: Live\nsize: poker\nfront: tiny/hero.j2\ncards_from: "{url}"\n')
    if snapshot:
        put(ctx, "data/tiny/decks/live.pulled.csv", GOOD_SNAPSHOT)


# pull: a hostile sheet server ------------------------------------------------------------------------------------------
PULL_ANSWERS = {
    "a good sheet": ("good", "accept"),
    "a sheet sent as octet-stream": ("octet", "accept"),
    "a formula in a sheet": ("formula", "accept"),
    "500": ("s500", "refuse"), "404": ("s404", "refuse"), "304": ("s304", "refuse"), "401": ("s401", "refuse"),
    "a redirect loop": ("loop", "refuse"),
    "a redirect to a file": ("to_file", "refuse"),
    "a redirect to nowhere": ("to_nowhere", "refuse"),
    "a sheet that never ends": ("endless", "refuse"),
    "a body shorter than said": ("short", "refuse"),
    "a gzip bomb": ("gzip_bomb", "refuse"),
    "a deflate bomb": ("deflate_bomb", "refuse"),
    "brotli": ("brotli", "refuse"),
    "three layers of gzip": ("three_layers", "refuse"),
    "gzip that is not": ("bad_gzip", "refuse"),
    "a workbook zip bomb": ("zip_bomb", "refuse"),
    "a workbook with a far cell": ("far_cell", "refuse"),
    "a web page with a doctype": ("doctype", "refuse"),
    "a web page behind a BOM": ("bom_html", "refuse"),
    "30,000 rows": ("many_rows", "refuse"),
    "NUL bytes": ("nul", "accept"),
    "Latin-1 text": ("latin1", "refuse"),
    "a header of 200 KB": ("huge_header", "refuse"),
    "20,000 headers": ("many_headers", "refuse"),
    "no answer at all": ("silent", "refuse"),
    "headers trickling": ("slow_headers", "refuse"),
    "bad chunks": ("bad_chunks", "refuse"),
    "a status of 19 digits": ("garbage_status", "refuse"),
    "a zip that is no workbook": ("bad_sheet", "refuse"),
}

for _name, (_answer, _expect) in PULL_ANSWERS.items():
    _run = (R(PULL, "live.yaml", network=True) if _expect == "refuse" else
            A(PULL, "a whole sheet of cards: the snapshot is replaced", network=True))
    case("pull", _name, _run)(lambda ctx, answer=_answer: live_deck(ctx, f"{ctx.url}/{answer}.csv"))

for _name, _url in {
    "a port no one listens on": "http://127.0.0.1:1/x.csv",
    "TLS to a plain server": "https://{host}/good.csv",
    "an address with a line break": "{url}/good.csv\\r\\nX-Injected: 1",
    "an address to an unresolvable name": "http://no-such-host.invalid/x.csv",
}.items():
    def _make(ctx, url=_url):
        live_deck(ctx, url.format(url=ctx.url, host=ctx.url.split("//")[1].split("/")[0]))

    case("pull", _name, R(PULL, "live.yaml", network=True))(_make)


@case("pull", "an address of 20,000 characters", A(PULL, "a long address is the user's to give: a good sheet", network=True))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/good.csv?" + "q" * 20000)


@case("pull", "credentials in the address", A(PULL, "the user's address, as written: a good sheet", network=True))
def _(ctx):
    live_deck(ctx, ctx.url.replace("http://", "http://user:pass@") + "/good.csv")


@case("pull", "the snapshot linked to the user's file", A(PULL, "the link at the snapshot's name is replaced, never written through", network=True))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/good.csv", snapshot=False)
    link(ctx, "data/tiny/decks/live.pulled.csv", ctx.outside / "notes.txt")


@case("pull", "the other snapshot linked to the user's file", A(PULL, "the other format's snapshot, a link, is removed as a link", network=True))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/good.csv")
    link(ctx, "data/tiny/decks/live.pulled.xlsx", ctx.outside / "notes.txt")


@case("pull", "a link at every temporary name", A(PULL, "temporary names are new, never followed", network=True))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/good.csv")
    for name in (".live.pulling.csv", ".live.pulled.csv.tmp", ".live.pulled.csv", "live.pulling.csv"):
        link(ctx, f"data/tiny/decks/{name}", ctx.outside / "notes.txt")


@case("pull", "decks/ linked to the user's folder", R(PULL, "decks", network=True))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/good.csv")
    shutil.copytree(ctx.project / "data/tiny/decks", ctx.outside / "mine/decks")
    link(ctx, "data/tiny/decks", ctx.outside / "mine/decks")


@case("pull", "a live deck linked out", R(PULL, "live.yaml", network=True))
def _(ctx):
    (ctx.outside / "live.yaml").write_text(f'name: Live\nsize: poker\nfront: tiny/hero.j2\ncards_from: "{ctx.url}/good.csv"\n')
    link(ctx, LIVE, ctx.outside / "live.yaml")


@case("pull", "the game's folder linked out", R(PULL, "data/tiny", network=True))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/good.csv")
    shutil.copytree(ctx.project / "data/tiny", ctx.outside / "mine/tiny")
    link(ctx, "data/tiny", ctx.outside / "mine/tiny")


@case("pull", "a snapshot that is a named pipe", A(PULL, "the old snapshot, not a file, is replaced unread", network=True))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/good.csv", snapshot=False)
    fifo(ctx, "data/tiny/decks/live.pulled.csv")


@case("pull", "a build with a pulled snapshot that is a named pipe", R("build --only cards", "live.yaml"))
def _(ctx):
    live_deck(ctx, f"{ctx.url}/good.csv", snapshot=False)
    fifo(ctx, "data/tiny/decks/live.pulled.csv")


# cache: a build cache that came with the game ------------------------------------------------------------------------
class _Payload:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return exec, (f"open({self.marker!r}, 'a').write('ran\\n')",)


def _poison_all(ctx, keep_names: bool = True) -> None:
    (ctx.folder / "markers").mkdir(exist_ok=True)
    cache = ctx.project / "output/.pnp-cache"
    for path in (p for p in cache.rglob("*") if p.is_file() and p.name != ".gitignore"):
        path.write_bytes(pickle.dumps(_Payload(str(ctx.folder / "markers" / path.name))))
    for pdf in (ctx.project / "output/tiny").glob("*.pdf"):
        os.utime(pdf, (0, 0))


@case("cache", "every cache entry a pickle that writes a marker", A("build", "no entry is unpickled unsealed: the cache is made again, said once"),
      A("validate", "no entry is unpickled unsealed"), A("preview tiny --dpi 30 --card knight", "no entry is unpickled unsealed"))
def _(ctx):
    _poison_all(ctx)


@case("cache", "payload pickles under the names of entries not yet made", A("build", "no entry is unpickled unsealed"))
def _(ctx):
    (ctx.folder / "markers").mkdir(exist_ok=True)
    parsed = ctx.project / "output/.pnp-cache/parsed"
    for name in ("yaml-" + "0" * 64 + ".pickle", "svg-" + "1" * 64 + ".pickle", "ttf-" + "2" * 64 + ".pickle"):
        (parsed / name).write_bytes(pickle.dumps(_Payload(str(ctx.folder / "markers" / name))))
    _poison_all(ctx)


@case("cache", "a cache sealed with another user's key", A("build --only cards", "another key's cache is made again, said once",
                                                          env={"PNP_CACHE_KEY": "{xdg}/other-key"}))
def _(ctx):
    edit(ctx, DECK, "Steal 1 coin", "Steal 2 coins")


@case("cache", "the stamps record nested 100,000 deep", A("changes tiny", "the stamps record, plain data, is no record when it is not one", accept_rc=1),
      A("build --only cards", "the stamps record is no record when it is not one"))
def _(ctx):
    edit(ctx, GAME, "stamps: false", "stamps: true")
    put(ctx, "output/.pnp-cache/tiny.stamps.json", "[" * 100_000 + "]" * 100_000)


@case("cache", "the stamps record of the wrong shape", A("changes tiny", "the stamps record is no record when it is not one", accept_rc=1),
      A("printed tiny", "the stamps record is no record when it is not one"))
def _(ctx):
    edit(ctx, GAME, "stamps: false", "stamps: true")
    put(ctx, "output/.pnp-cache/tiny.stamps.json", '{"cards": 5, "printed": [1, {"a": null}], "decks": "x"}')


@case("cache", "the stamps record of 60 MB", A("changes tiny", "the stamps record is read within its limit or ignored", accept_rc=1))
def _(ctx):
    edit(ctx, GAME, "stamps: false", "stamps: true")
    put(ctx, "output/.pnp-cache/tiny.stamps.json", '{"x": "' + "y" * 60_000_000 + '"}')


@case("cache", "the stamps record linked to /dev/zero", A("changes tiny", "a record that is not a plain file inside the project is no record", accept_rc=1))
def _(ctx):
    edit(ctx, GAME, "stamps: false", "stamps: true")
    link(ctx, "output/.pnp-cache/tiny.stamps.json", "/dev/zero")


@case("cache", "the cache's record linked to /dev/zero", A("build --only cards", "a cache entry that is not a plain file is no entry"))
def _(ctx):
    link(ctx, "output/.pnp-cache/tiny.json", "/dev/zero")


@case("cache", "the cache's record linked to the user's file", A("build --only cards", "a cache entry through a link is never read"))
def _(ctx):
    link(ctx, "output/.pnp-cache/tiny.json", ctx.outside / "secret.txt")


@case("cache", "every cache entry a folder", A("build --only cards", "an entry that cannot be read or written costs work only"))
def _(ctx):
    cache = ctx.project / "output/.pnp-cache"
    for path in [p for p in cache.rglob("*") if p.is_file() and p.name != ".gitignore"]:
        path.unlink()
        path.mkdir()


@case("cache", "every cache entry cut short", A("build --only cards", "an entry whose seal fails is made again"))
def _(ctx):
    for path in [p for p in (ctx.project / "output/.pnp-cache").rglob("*") if p.is_file()]:
        path.write_bytes(path.read_bytes()[: max(1, path.stat().st_size // 3)])


# fault: builds at once, kills and Ctrl-C -------------------------------------------------------------------------------
def _edit_card(ctx) -> None:
    edit(ctx, DECK, "Steal 1 coin", "Steal 2 coins")


def _cold(ctx) -> None:
    """A card changed and the build cache gone: the build draws everything again, for seconds in which a signal lands."""
    _edit_card(ctx)
    shutil.rmtree(ctx.project / "output/.pnp-cache")


BUILD = ("build", "--no-validate")
FULL_BUILD = ("build", "--paper", "letter,a4", "--booklet")  # checked and drawn for two papers: a second or two cold, for a signal to land in
case("fault", "four builds at once into one folder",
     Run(expect="accept", why="each build keeps its own temporary files; all succeed", custom=concurrent_builds([BUILD] * 4), label="pnp build ×4 at once"))(_edit_card)
case("fault", "a build, an export and a preview at once",
     Run(expect="accept", why="each command keeps its own temporary files", label="pnp build + export + preview at once",
         custom=concurrent_builds([BUILD, ("export", "tiny", "--format", "png", "--dpi", "72", "--no-validate"), ("preview", "tiny", "--dpi", "30")])))(_edit_card)
case("fault", "two bundles at once", Run(expect="accept", why="each keeps its own temporary files", label="pnp bundle ×2 at once",
                                         custom=concurrent_builds([("bundle", "tiny", "--paper", "letter")] * 2)))(_edit_card)
for _delay in (0.3, 0.6, 0.9, 1.2):
    case("fault", f"a build killed after {_delay} s", Run(expect="accept", why="the previous outputs stay whole; the next build succeeds",
                                                         custom=killed(FULL_BUILD, signal.SIGKILL, _delay), label=f"pnp build (2 papers), kill -9 after {_delay} s, build"))(_cold)
for _delay in (0.2, 0.4, 0.6, 0.8, 1.0, 1.2):
    case("fault", f"a build interrupted after {_delay} s", Run(expect="interrupt", why="exit 130 (or done), the previous outputs whole",
                                                              custom=killed(FULL_BUILD, signal.SIGINT, _delay), label=f"pnp build (2 papers), Ctrl-C after {_delay} s"))(_cold)
case("fault", "an export interrupted", Run(expect="interrupt", why="exit 130 (or done)", label="pnp export png, Ctrl-C after 0.7 s",
                                           custom=killed(("export", "tiny", "--format", "png", "--dpi", "72", "--no-validate"), signal.SIGINT, 0.7)))(_cold)


def _tmpfs(ctx, size: str) -> bool:
    disk = ctx.folder / "disk"
    disk.mkdir()
    return os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)], capture_output=True).returncode == 0


@case("fault", "a full disk", R("build --no-validate --out disk", "disk/tiny"))
def _(ctx):
    if not _tmpfs(ctx, "2m"):
        raise RuntimeError("cannot mount a tmpfs here")
    with open(ctx.folder / "disk/filler", "wb") as f, __import__("contextlib").suppress(OSError):
        while f.write(b"\0" * 65536):
            pass


@case("fault", "a read-only disk", R("build --no-validate --out disk", "disk/tiny"))
def _(ctx):
    if not _tmpfs(ctx, "20m"):
        raise RuntimeError("cannot mount a tmpfs here")
    subprocess.run(["mount", "-o", "remount,ro", str(ctx.folder / "disk")], check=True)


# live: serve and watch ----------------------------------------------------------------------------------------------
LOOPING = "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}"


def _fix_frame(ctx) -> None:
    path = ctx.project / FRAME
    path.write_text(path.read_text().replace(LOOPING, "{# fixed #}"))


FACE_S = {"PNP_FACE_SECONDS": "2"}
case("live", "serve with a looping face, then fixed",
     Run(expect="accept", why="the face stops after its processor time; the fix is drawn", env=FACE_S, label="pnp serve (loop, then fix)",
         custom=serve_until("processor time", _fix_frame)))(lambda ctx: frame(ctx, LOOPING))
case("live", "serve with a face asking for a gigabyte",
     Run(expect="accept", why="the face is refused at its line; the server keeps serving", label="pnp serve (bomb)",
         custom=serve_until("would be")))(lambda ctx: frame(ctx, "{% set t = 'x'.ljust(999999999) %}"))
case("live", "serve with a deck that is a named pipe",
     Run(expect="accept", why="the pipe is refused by its kind; the server keeps serving", label="pnp serve (pipe)",
         custom=serve_until("named pipe")))(lambda ctx: fifo(ctx, DECK))
case("live", "serve asked for odd paths",
     Run(expect="accept", why="no path reaches a file; errors, no traceback, still serving", label="pnp serve (odd requests)", custom=serve_requests))(
    lambda ctx: None)
case("live", "watch with a looping face, then fixed",
     Run(expect="accept", why="the face stops after its processor time; the fix is built", env=FACE_S, label="pnp watch (loop, then fix)",
         custom=watch_until("processor time", _fix_frame, "built after")))(lambda ctx: frame(ctx, LOOPING))
case("live", "watch with saves racing its builds",
     Run(expect="accept", why="every save is seen; the last one is built", label="pnp watch (25 racing saves)",
         custom=watch_until("watching", racing_saves(), "built after")))(lambda ctx: None)


def _link_output(ctx) -> None:
    import time

    shutil.rmtree(ctx.project / "output/tiny")
    (ctx.project / "output/tiny").symlink_to(ctx.outside / "mine")
    time.sleep(0.3)
    _edit_card(ctx)


case("live", "watch while output/<game> is linked out",
     Run(expect="accept", why="the linked folder is refused at the next build; watch keeps watching", label="pnp watch (output linked meanwhile)",
         custom=watch_until("watching", _link_output, "is a link")))(lambda ctx: None)
case("live", "validate of a looping face", R(QUICK.replace(" --quick", ""), "frame.j2", env=FACE_S))(lambda ctx: frame(ctx, LOOPING))
