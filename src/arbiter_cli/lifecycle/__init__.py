"""The tournament's acts, as pure functions.

Each act takes a :class:`~arbiter_cli.core.model.Tournament` and its arguments
and returns the tournament after it, with the :class:`.change.Change` lines for
the journal, or raises a :class:`~arbiter_cli.core.errors.DomainError`. Nothing
here reads or writes a file or talks to a terminal: the command line loads the
folder (:mod:`arbiter_cli.store`), calls one act, saves what it returns and
renders it (:mod:`arbiter_cli.render`).
"""
