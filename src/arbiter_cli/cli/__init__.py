"""The command line (Typer only): :mod:`.app` holds the table of commands, the entry point and the
exit codes; :mod:`.common` what every command shares; one module per group of commands. The
everyday commands of :data:`.app.QUICK`, with nothing after their name, run without loading Typer:
their modules write their options with :mod:`.params`, made Typer's when the app is built.

Its modules do not write ``from __future__ import annotations``: a command's annotations are then
values made once as the module loads, which Typer reads as they are, where it would evaluate each
string again, twice per option, whenever it builds the command line (``arbiter --help`` builds
every command: about 80 ms more)."""
