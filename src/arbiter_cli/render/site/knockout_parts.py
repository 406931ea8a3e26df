"""Pieces the pages of a knockout event share (issue 18): a player of the bracket as a link,
a game's stage in words, a result as people read it, and the legend of the knockout's rules.

The pages read :attr:`~arbiter_cli.render.site.sites.KnockoutSite.bracket`, the bracket as plain
data (:func:`arbiter_cli.render.knockout_views.bracket_data`): who played whom, each game, the
score, who went through and how. None of them decides a match.
"""

from __future__ import annotations

from typing import Any

from arbiter_cli.render.site.blocks import Cell, player_cell
from arbiter_cli.render.site.sites import KnockoutSite

__all__ = ["entrant", "stage_text", "result_text", "how_text", "rules_legend", "MAIN"]

#: The stage of a match's own games; every other stage is a tie-break.
MAIN = "main"


def entrant(player: dict[str, Any] | None, root: str, empty: str = "bye") -> Cell:
    """A player of the bracket data, linked to their card; ``empty`` for nobody (the template writes
    a cell of class ``nobody`` in italics)."""
    if player is None:
        return Cell(empty, cls="nobody")
    return player_cell(player["start_number"], player["name"], root)


def stage_text(stage: str) -> str:
    """A game's stage for people: ``game`` for the match's own games, else the tie-break stage."""
    return "game" if stage == MAIN else f"{stage} tie-break"


def result_text(code: str | None) -> str:
    """A stored result as the pages write it (``½-½``); empty with no result yet."""
    return "" if code is None else code.replace("1/2", "½")


def how_text(match: dict[str, Any]) -> str:
    """How a match of the bracket data was decided, in words (empty: by its own games, or not yet)."""
    if not match["decided"]:
        return "playing" if match["games"] else "waiting" if match.get("waiting") else ""
    how = str(match["how"] or "")
    return {"games": "", "nobody": "", "bye": "bye", "lower rating": "lower rating goes through"}.get(how, how)


def rules_legend(site: KnockoutSite) -> list[str]:
    """The knockout's rules in a few lines: the match, its tie-break stages, Armageddon."""
    knockout = site.tournament.knockout
    games = knockout.games_per_match
    lines = [f"A match is {games} game{'s' if games > 1 else ''}; the winner goes through, the loser is out.",
             "Tied matches go to the tie-break stages in order: " + ", ".join(knockout.tiebreak_stages) + "."]
    if any(stage.startswith("armageddon") for stage in knockout.tiebreak_stages):
        lines.append("Armageddon: one game, colours by lot; a draw sends Black through.")
    if any(stage.startswith("lower-rating") for stage in knockout.tiebreak_stages):
        from arbiter_cli.core.knockout_settings import LOWER_RATING_RULE

        lines.append(f"Lower rating: a match still tied sends the lower-rated player through ({LOWER_RATING_RULE}).")
    return lines
