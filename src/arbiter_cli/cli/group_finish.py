"""``arbiter finalize`` in a group event's top folder (issue 18): every stage, then the event.

Each stage is closed in its own folder as its own ``finalize`` would (its final standings in
``stages/NAME/final/``), and the event's top folder keeps ``final/standings.csv`` and ``.json``,
which are ``arbiter standings --format csv|json`` there. Every folder is locked, the top one first,
then each stage, for the whole act; a stage finalised before stays as it was.
"""

from __future__ import annotations

from contextlib import ExitStack

from arbiter_cli.cli.common import arguments, command_line, in_stage, say, waiting
from arbiter_cli.cli.groups import group_folder
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.group_settings import FINAL
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import Tournament
from arbiter_cli.core.words import count
from arbiter_cli.store.group_folder import STAGES_DIR
from arbiter_cli.store.tournament import TournamentFolder

__all__ = ["group_finalize"]


def group_finalize(when: str, after_round: int | None, yes: bool) -> None:
    """Close every stage and the event on ``when``, once the final is over."""
    from arbiter_cli.lifecycle.group_finish import final_winner, finalise_groups
    from arbiter_cli.store.prizes import read_prizes
    from arbiter_cli.render.final import final_outputs, group_final_outputs, knockout_final_outputs

    if after_round is not None or yes:
        raise BadArgument("a group event ends with its final: --after-round and --yes are for a Swiss")
    with group_folder(exclusive=True) as (folder, event), ExitStack() as stack:
        cup = folder.knockout_final()
        folders: dict[str, TournamentFolder] = {}
        stages: dict[str, Tournament] = {}
        for name in folder.stage_names():
            if cup is not None and name == FINAL:
                continue
            stage = folders[name] = folder.stage(name)
            stage.by = folder.by
            stack.enter_context(stage.lock(exclusive=True, holder=command_line(), waiting=waiting))
            with in_stage(f"{STAGES_DIR}/{name}/"):
                stages[name] = stage.load()
        knockout: KnockoutTournament | None = None
        if cup is not None:
            cup.by = folder.by
            stack.enter_context(cup.lock(exclusive=True, holder=command_line(), waiting=waiting))
            with in_stage(f"{STAGES_DIR}/{FINAL}/"):
                knockout = cup.load_knockout()
        with arguments(date="--date"):
            done = finalise_groups(event, stages, knockout, when)
        for name, changes in done.stage_changes.items():
            if not changes:
                continue
            if name in folders:
                folders[name].save(stages[name], done.stages[name], command_line(), changes,
                                   outputs=final_outputs(done.stages[name], read_prizes(folders[name].path)))
            elif cup is not None and knockout is not None and done.knockout is not None:
                cup.save_knockout(knockout, done.knockout, command_line(), changes,
                                  outputs=knockout_final_outputs(done.knockout, read_prizes(cup.path)))
        folder.save_event(event, done.event, command_line(), done.changes,
                          outputs=group_final_outputs(done.event, done.stages, done.knockout))
    closed = [name for name, changes in done.stage_changes.items() if changes]
    winner = final_winner(done)
    say(f"finalised on {when}: {count(len(closed), 'stage')} closed ({', '.join(closed) or 'none'})"
        + (f"; {winner} won the final" if winner else "")
        + f"; final standings in {folder.path / 'final'}/standings.csv and standings.json")

