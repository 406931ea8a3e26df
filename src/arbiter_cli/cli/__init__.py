"""The command line (Typer only): :mod:`.app` holds the table of commands, the entry point and the
exit codes; :mod:`.common` what every command shares; one module per group of commands."""
