"""pnp's command group: which module holds each command, imported only when named, and the group's options read
wherever they are written."""
from __future__ import annotations

import click

# The commands a build never runs, by the module that holds each: imported when named (or when --help lists them), so a
# plain `pnp build` does not pay for the dice simulator, the exporters and the vendors' tables (tests/test_plain_imports.py).
LAZY_COMMANDS = {"export": "pnp.cli.targets", "calibrate": "pnp.cli.targets", "bundle": "pnp.cli.targets", "new": "pnp.cli.scaffold",
                 "icons": "pnp.cli.scaffold", "draw": "pnp.cli.draw", "showcase": "pnp.cli.showcase", "changes": "pnp.cli.revisions",
                 "pull": "pnp.cli.revisions", "feedback": "pnp.cli.feedback", "translate": "pnp.cli.translate", "sellsheet": "pnp.cli.sellsheet"}


class Pnp(click.Group):
    """pnp's commands. `--root DIR` and `--debug` may also come after the command (`pnp build --root ../games`), where
    hints and other tools' habits put them: they are moved before it, where click reads the group's options."""

    def parse_args(self, ctx, args):
        return super().parse_args(ctx, group_options_first(args))

    def list_commands(self, ctx):
        return sorted({*self.commands, *LAZY_COMMANDS})

    def get_command(self, ctx, cmd_name):
        """A command of LAZY_COMMANDS is imported the first time it is asked for (a misspelt one is offered the closest
        of all of them by `resolve_command`, from their names alone)."""
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            import importlib

            self.add_command(getattr(importlib.import_module(LAZY_COMMANDS[cmd_name]), cmd_name))
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx, args):
        """click's own, but a misspelt command is offered the closest one here: click 8.2, pnp's floor, offers none."""
        if args and not ctx.resilient_parsing and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            import difflib

            close = difflib.get_close_matches(args[0], self.list_commands(ctx), n=1)
            ctx.fail(f"No such command {args[0]!r}." + (f" Did you mean {close[0]!r}?" if close else ""))
        return super().resolve_command(ctx, args)


GROUP_FLAGS, GROUP_VALUED = ("--debug",), ("--root",)


def group_options_first(args: list[str]) -> list[str]:
    """`args` with the group's own options (GROUP_FLAGS, GROUP_VALUED and their values) moved to the front; nothing
    after a `--` moves."""
    front, rest, i = [], [], 0
    while i < len(args):
        word = args[i]
        if word == "--":
            rest += args[i:]
            break
        if word in GROUP_VALUED and i + 1 < len(args):
            front += args[i:i + 2]
            i += 2
            continue
        if word in GROUP_FLAGS or word.startswith(tuple(f"{name}=" for name in GROUP_VALUED)):
            front.append(word)
        else:
            rest.append(word)
        i += 1
    return front + rest
