"""arbiter: a command-line tool for chess arbiters.

The package is split into a pure core (models, results, scoring, pairing,
standings) and thin edges: :mod:`arbiter_cli.store` owns the tournament folder
on disk and :mod:`arbiter_cli.cli` is the command line.
"""

__version__ = "0.1.0"
