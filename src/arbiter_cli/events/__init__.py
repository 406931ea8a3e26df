"""One event, many kinds: the floor below the command line (issue 24).

:func:`~arbiter_cli.events.registry.open_event` opens a folder as its kind of event (an individual
Swiss or round robin, a team event, a knockout, a group stage, a club); every command makes one
call on it (:class:`~arbiter_cli.events.base.Event`). Each kind lives in a module of its own.
"""
