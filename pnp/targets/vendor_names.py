"""The print services `--vendor` names, apart from their records (pnp.targets.vendors): the command line lists them for
its options and --help without building the vendors' tables, which a plain build never reads.
tests/test_plain_imports.py holds this list to pnp.targets.vendors.vendor_names()."""

VENDOR_NAMES = ("thegamecrafter", "makeplayingcards", "drivethrucards", "printplay", "longpack", "mbprint", "offset")
