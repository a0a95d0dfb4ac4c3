"""The single-file program's entry point: `pnp` as PyInstaller freezes it (packaging/freeze.py).

A frozen program that starts worker processes by spawning (Windows, macOS)
must let multiprocessing take over a child before pnp's command line runs.
"""
import multiprocessing

from pnp.launch import run

if __name__ == "__main__":
    multiprocessing.freeze_support()
    run()
