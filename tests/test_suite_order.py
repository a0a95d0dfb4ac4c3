"""The order the suite hands its files to the workers (tests/conftest.py): the long files of FIRST_FILES first, then
the others by their number of tests, so that no long file is left to end the run on one core."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import conftest


def test_every_file_named_first_is_a_test_file_of_the_suite():
    """A file renamed or removed would silently lose its place at the front."""
    here = Path(__file__).parent
    assert [name for name in conftest.FIRST_FILES if not (here / name).is_file()] == []
    assert len(set(conftest.FIRST_FILES)) == len(conftest.FIRST_FILES)


def test_the_named_files_come_first_in_their_order_then_the_most_tests_first_each_files_tests_in_order():
    heavy, second = conftest.FIRST_FILES[:2]
    files = {"test_a.py": 1, second: 2, "test_b.py": 3, heavy: 1, "test_c.py": 2}
    items = [SimpleNamespace(path=Path("tests") / name, nodeid=f"{name}::t{i}") for name, n in files.items() for i in range(n)]
    conftest.pytest_collection_modifyitems(None, None, items)
    assert [item.nodeid for item in items] == [f"{heavy}::t0", f"{second}::t0", f"{second}::t1",
                                               "test_b.py::t0", "test_b.py::t1", "test_b.py::t2", "test_c.py::t0", "test_c.py::t1", "test_a.py::t0"]


def test_xdist_keeps_the_order_it_is_given():
    """xdist re-sorts the files by their number of tests unless told not to (its --loadscope-reorder, on by default)."""
    config = SimpleNamespace(option=SimpleNamespace(loadscopereorder=True))
    conftest.pytest_configure(config)
    assert config.option.loadscopereorder is False
