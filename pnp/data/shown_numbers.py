"""A workbook's number as its spreadsheet program shows it, where the cell's format is a plain percentage or a fixed
count of decimals.

A workbook stores the number (0.25, 3.14159) and, apart, the format the cell
shows it in (`0%`, `0.00`): Excel shows `25%` and `3.14`, and that is what the
designer proofreads on the sheet and expects on the card. pnp gives the
template the number as it is shown (pnp.data.spreadsheet.Written: the
text when printed, the stored number in a sum or a check). Only plain formats
are read so: a whole or fixed-decimal number, with or without a thousands
separator, or the same as a percentage (ECMA-376 part 1, 18.8.30, built-in
formats 1–4, 9 and 10, and custom codes of that form; an ODS sheet's number styles
of that form are read as these codes, pnp.data.ods_numbers); a currency, a date, a
fraction or a format of several sections reaches the template as the number
stored.
"""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

PLAIN = re.compile(r"(#,##)?0(?:\.(0+))?(%?)")  # the formats read: 0, 0.00, #,##0.0, 0%, 0.0%
BUILT_IN = {1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%"}  # ECMA-376's numbered formats of that form


def is_plain(code: str) -> bool:
    """Whether a number format code is one this module shows numbers in."""
    return PLAIN.fullmatch(code.strip()) is not None


def shown(value: float, code: str) -> str:
    """`value` as a cell of format `code` (`is_plain`) shows it: rounded half away from zero, as Excel rounds, to the
    format's decimals; times 100 with `%` for a percentage; with `,` between thousands where the format says so."""
    match = PLAIN.fullmatch(code.strip())
    thousands, decimals, percent = bool(match[1]), len(match[2] or ""), match[3]
    number = Decimal(repr(float(value))) * (100 if percent else 1)
    rounded = number.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    text = f"{rounded:,.{decimals}f}" if thousands else f"{rounded:.{decimals}f}"
    return ("0" + text[2:] if text.startswith("-0") and not rounded else text) + percent
