"""A workbook's number as its cell's format shows it (pnp.data.shown_numbers.shown; docs/data-format.md: "prints as
Excel shows it"). The expected texts follow the number format codes of ECMA-376 part 1, 18.8.31: `0` a digit always
shown, `.` the decimal point with as many places as zeros after it, `,` between `#` and `0` a thousands separator, `%`
the number times 100; Excel rounds half away from zero. A number that rounds to zero shows no minus sign."""
from __future__ import annotations

import pytest

from pnp.data.shown_numbers import is_plain, shown


@pytest.mark.parametrize("value, code, expected", [
    (0.25, "0%", "25%"),
    (0.255, "0.0%", "25.5%"),
    (3.14159, "0.00", "3.14"),
    (1234.5, "0.00", "1234.50"),  # no `#,##` in the code: no thousands separator
    (1234.5, "#,##0.00", "1,234.50"),
    (1234567, "#,##0", "1,234,567"),
    (2.5, "0", "3"),  # half away from zero
    (-2.5, "0", "-3"),
    (0.125, "0.00", "0.13"),
    (1.005, "0.00", "1.01"),  # Excel shows the 1.005 typed, rounded up; its double lies just under it (Python's round gives 1.0)
    (-0.25, "0.0", "-0.3"),  # a negative that stays one keeps its sign
    (-0.001, "0.00", "0.00"),  # rounded to zero: no minus
    (0.001, "0.00", "0.00"),
    (0, "0.00", "0.00"),
    (-0.004, "0%", "0%"),
])
def test_a_number_shows_as_its_plain_format_writes_it(value, code, expected):
    assert shown(value, code) == expected


@pytest.mark.parametrize("code, plain", [("0", True), ("0.00", True), ("#,##0.0", True), ("0%", True), ("0.000%", True),
                                         ("General", False), ("$#,##0.00", False), ("0.00;[Red]-0.00", False), ("dd/mm/yyyy", False),
                                         ("# ?/?", False), ("0.##", False)])
def test_only_a_plain_whole_fixed_decimal_or_percentage_format_is_read(code, plain):
    """A currency, a date, a fraction, a format of two sections or of varying decimals gives the stored number."""
    assert is_plain(code) is plain
