"""What `pnp list` shows of a game (its decks, boards, tokens, boxes and dice with their sheets and stamps) and the ink
its last build measured: the records `pnp list --format json` prints and `pnp mcp`'s list_games answers."""
from __future__ import annotations

from pathlib import Path


def game_listing(game, templates_dir: Path, paper: str = "letter", margin: float | None = None) -> dict:
    """What `pnp list` shows of one game: every deck, board and token set with its size (mm) and counts, each deck's and
    set's sheets on `paper` for a printer of `margin` mm (pnp.outputs.sheet_notes.sheet_listing), and each card's version
    stamp (None when the game says `stamps: false`)."""
    from pnp.cli.feedback import answer_tally
    from pnp.core.units import DEFAULT_PRINTABLE_MM
    from pnp.data.boxes import game_boxes
    from pnp.data.stamps import Stamper
    from pnp.data.tokens import token_sets, token_variants
    from pnp.outputs.sheet_notes import sheet_listing
    from pnp.outputs.stats import TOKENS_SHARED
    from pnp.outputs.tokens import TOKEN_BLEED_MM, TOKEN_GUTTER_MM, standee_height

    stamp = Stamper(templates_dir, game)
    margin = DEFAULT_PRINTABLE_MM if margin is None else margin
    given = answer_tally(game, stamp)

    def token_listing(spec, raw) -> dict:
        pieces = sum(v.count for v in token_variants(raw))
        w, h = spec.size
        printed = (w, standee_height(h, TOKEN_BLEED_MM)) if spec.standee else (w, h)  # a standee prints folded out: both sides and tabs
        return {"id": spec.id, "name": spec.name, "shape": spec.shape, "size": list(spec.size), "pieces": pieces,
                "sheet": sheet_listing(printed, pieces, paper, margin, TOKEN_GUTTER_MM, TOKEN_BLEED_MM)}

    boards = [{"id": b.id, "name": b.name, "size": list(b.size)} for b in (game.boards.boards if game.boards else [])]
    tokens = [token_listing(spec, raw) for spec, raw in token_sets(game)]
    shared = _shared_sets(game, paper, margin) if tokens else frozenset()  # printed on the last card sheet: no sheet of their own
    tokens = [dict(t, where=TOKENS_SHARED.removeprefix("tokens: ")) if t["id"] in shared else t for t in tokens]
    return {"game": game.slug, "title": game.title,
            "decks": [{"id": d.id, "name": d.name, "size": list(d.size), "cards": d.total, "faces": sum(1 for c in d.cards if c.count), "generated": "generate" in d.data,
                       "sheet": sheet_listing(d.size, d.total, paper, margin, shape=d.shape),
                       "card_list": [{"id": c.id, "count": c.count, "stamp": _stamp_json(stamp(d, c)),
                                      **dict(zip(("answers", "older_answers"), given.get(f"{d.id}/{c.id}", (0, 0)), strict=True))} for c in d.cards]} for d in game.decks.values()],
            "boards": boards, "tokens": tokens, "boxes": [contents.as_listing() for contents, _, _ in game_boxes(game)[0]],
            "dice": [{"id": d.id, "name": d.name or d.id, "shape": d.shape, "size": d.size, "count": d.count} for d in (game.dice.dice if game.dice else [])]}


def built_inks(out_root: Path, slug: str) -> list[dict]:
    """The ink of each PDF the last build of `slug` into `out_root` wrote, in fully inked page equivalents, as the build
    measured and reported it (pnp.render.ink), read from the build's cache; a file changed or gone since is left out."""
    from pnp.core.files import file_sha256
    from pnp.pipeline.cache import GameCache, cache_path

    cache = GameCache.load(cache_path(out_root, slug))
    out = []
    for name, (digest, ink) in sorted(cache.written(list(cache.outputs)).items()):
        path = out_root / slug / name
        if ink is not None and name.endswith(".pdf") and path.is_file() and file_sha256(path) == digest:
            out.append({"file": name, "ink": ink})
    return out


def _stamp_json(stamp) -> dict | None:
    return None if stamp is None else {"text": stamp.text, "code": stamp.code, "corner": stamp.corner, **({"link": stamp.link} if stamp.link else {})}


def _shared_sets(game, paper: str, margin: float) -> frozenset[str]:
    """The token sets a build on `paper` prints on the game's last card sheet (pnp.outputs.token_share)."""
    from pnp.outputs.options import Options
    from pnp.outputs.token_share import token_split

    return token_split(game, Options(paper=paper, printable_mm=margin)).shared
