"""``hall.html``: the screen of the playing hall (issue 26), for a TV or a projector. The current
round's pairings, then the standings, in large type (the page's class is ``hall``), reloaded by
the browser itself every ``site.options.refresh`` seconds (a ``<meta http-equiv="refresh">``, no
script): ``arbiter publish --refresh SECONDS``, or ``arbiter serve``, whose pages follow the folder.

What each kind of event shows:

* an individual event (``event``): the round's boards (board, White with the points before the
  round, the result, Black with theirs; the byes last), then the standings after that round
  (rank, name, points, the first :data:`TIEBREAKS` tie-breaks);
* a team event (``team``): the round's matches with their game points (``2½-1½``, or the match
  forfeit) and the team byes, then the team standings (rank, team, MP, GP, the first tie-breaks);
* a knockout (``knockout``): the round's matches, each with its score, then its games (the
  tie-break games marked);
* a group event (``groups``): while the groups are played, every group, each as an individual
  event's screen (its current round and its standings); once the final is paired, the final
  alone (a round robin's screen or a knockout's). Each part links to its stage's own hall screen
  (``stages/NAME/hall.html``), which a second screen can show.

**The current round** is the last one paired, as in result entry
(:class:`arbiter_cli.core.venue.Desk`); a round robin paired ahead (a group stage's, every round
at once) shows the first round still being played: the screen steps back over a round without
any result while the round before it is not complete. The page is there before the first
pairing, so that a screen can be set up early: it says that the pairings will follow.

Nothing here decides a rule: the pages read what the site holds (the standings after every
round, the bracket data) through the views of :mod:`arbiter_cli.render.views`,
:mod:`arbiter_cli.render.team_views` and the knockout's parts. The points before the round are
written by the templates' ``points`` filter (``2½``); a standings column by the rule of every table
(:func:`arbiter_cli.render.output.number_texts`: one style per column), as ``arbiter standings``
prints it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from arbiter_cli.core.model import Round
from arbiter_cli.core.points import format_points, parse_points
from arbiter_cli.render.output import View, table_columns
from arbiter_cli.render.printing import BYE_TEXT
from arbiter_cli.render.site.blocks import (CELL, PACKAGE, PLAIN, POINTS, Cell, RecordRows, Table, Way, align, cell_html,
                                            player_cell, points_html, site_page, team_cell, text_html)
from arbiter_cli.render.site.parts import shared_view
from arbiter_cli.render.site.standings_table import csv_of
from arbiter_cli.render.site.knockout_parts import MAIN, how_text, result_text
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import (EventSite, GroupSite, KnockoutSite, Made, TeamSite, keyed_page, points_after,
                                           site_inputs)
from arbiter_cli.render.templating import Markup, environment
from arbiter_cli.render.views import round_rows, table_heading

if TYPE_CHECKING:  # the team's, the knockout's and the group event's parts are loaded for their own sites only
    from arbiter_cli.core.team_tournament import MatchRound

SITES = frozenset({"event", "team", "knockout", "groups"})
ORDER = 90
PATH = "hall.html"
KEYED = True
#: The tie-breaks the screen shows after the points: the first ones announced.
TIEBREAKS = 3

_R = TypeVar("_R")


def nav(site: EventSite | TeamSite | KnockoutSite | GroupSite) -> Link:
    return Link("Hall screen", PATH)


class Board(NamedTuple):
    """A line of the pairings: a board (``3``), a match (``2``) or a knockout game (``2.1``) in
    ``place``; the two sides (a side's ``points`` before the round, when the screen shows them);
    the result as people read it. A bye has no second side (``black`` None) and says which bye it
    is in ``result``. ``cls``: ``match`` (a knockout match's line above its games), ``tiebreak``
    (a tie-break game), ``bye``."""

    place: str
    white: Cell
    result: str
    black: Cell | None = None
    white_points: Fraction | None = None
    black_points: Fraction | None = None
    cls: str = ""


class Pairings(NamedTuple):
    """The current round's lines under ``heading``; the first column's header (``Bd``, ``Match``,
    ``Game``), the sides' headers, whether the points before the round are shown, a note below."""

    heading: str
    boards: Sequence[Board]
    place: str = "Bd"
    sides: tuple[str, str] = ("White", "Black")
    points: bool = False
    note: str = ""


class Part(NamedTuple):
    """A part of the screen: an event's (or a stage's) pairings and standings. ``stage``: the
    stage's name (a group event), ``link``: its own hall screen; ``note``: what is not there yet."""

    pairings: Pairings | None = None
    standings: Table | None = None
    standings_heading: str = ""
    stage: str = ""
    title: str = ""
    link: str = ""
    note: str = ""


def hall_rows(pairings: Pairings) -> Markup:
    """The body rows of the pairings' table (a board: its place, White with the points before the round,
    the result, Black with theirs; a bye: empty cells for Black) as the ``hall_rows_jinja`` macro of
    ``macros.html`` writes them, each text escaped as Jinja2's autoescaping does (issue 29: a round of
    500 boards was a tenth of the Swiss's site after a result; a test pins the two on every sample
    event's screen)."""
    show = bool(pairings.points)
    out = []
    for board in pairings.boards:
        out.append(f'<tr class="{text_html(board.cls)}">' if board.cls else "<tr>")
        out.append('<td class="num">' + text_html(board.place) + "</td>")
        out.append(cell_html(board.white) if board.white else "<td></td>")
        if show:
            out.append('<td class="num">' + points_html(board.white_points) + "</td>")
        out.append('<td class="center">' + text_html(board.result) + "</td>")
        if board.black:
            if show:
                out.append('<td class="num">' + points_html(board.black_points) + "</td>")
            out.append(cell_html(board.black))
        else:
            out.append('<td class="num"></td><td></td>' if show else "<td></td>")
        out.append("</tr>\n")
    return Markup("".join(out))


environment(PACKAGE).globals["hall_rows"] = hall_rows


def current_round(rounds: Sequence[_R], started: Callable[[_R], bool], complete: Callable[[_R], bool]) -> int:
    """The round the screen shows (see the module): the last paired, stepped back over the rounds
    paired ahead (no result yet, the round before not complete); 0 before the first pairing.

    >>> current_round(["1/2", "0/2", "0/2"], lambda r: r[0] != "0", lambda r: r[0] == r[2])
    1
    >>> current_round(["2/2", "2/2", "0/2"], lambda r: r[0] != "0", lambda r: r[0] == r[2])
    3
    """
    number = len(rounds)
    while number > 1 and not started(rounds[number - 1]) and not complete(rounds[number - 2]):
        number -= 1
    return number


def _round_started(rnd: Round) -> bool:
    return any(game.result is not None for game in rnd.games)


def _round_complete(rnd: Round) -> bool:
    return rnd.complete


def _matches_started(rnd: MatchRound) -> bool:
    return any(match.forfeit is not None or any(b.result is not None for b in match.boards) for match in rnd.matches)


def _matches_complete(rnd: MatchRound) -> bool:
    return rnd.complete


def _round_title(number: int, total: int | None, what: str = "") -> str:
    """``Round 5 of 9`` (``Round 2 (semi-final) of 3`` with ``what``)."""
    return f"Round {number}{f' ({what})' if what else ''}{f' of {total}' if total else ''}"


def standings_table(view: View, keys: Sequence[str], tiebreaks: Sequence[str], name: Callable[[dict[str, Any]], Cell]) -> Table:
    """The view's columns ``keys`` and its first :data:`TIEBREAKS` tie-break columns, points written
    as every page of the site writes them (``2½``: :func:`arbiter_cli.render.site.blocks.points_cell`),
    the names by ``name``."""
    shown = [*keys, *[code for code in tiebreaks if code in {c.key for c in view.columns}][:TIEBREAKS]]
    columns = [c for c in table_columns(view) if c.key in shown]
    value = view.csv_value or (lambda record, key: record.get(key))
    ways = [Way(column.key, align(column), CELL, name) if column.key == "name" else
            Way(column.key, align(column), POINTS if column.number is not None else PLAIN, csv_of(value, column.key))
            for column in columns]  # found once
    rows = RecordRows(view.records, ways)
    return Table([Cell(c.header, key=c.key, cls=align(c)) for c in columns], rows, cls="hall-standings")


def _of_stage(stage: str) -> tuple[str, str, str]:
    """A group event's stage on its top screen: its title, its own screen, the root of its pages
    (all empty for a lone event)."""
    if not stage:
        return "", "", ""
    from arbiter_cli.render.site.group_parts import stage_root, stage_title

    return stage_title(stage), f"{stage_root(stage)}{PATH}", stage_root(stage)


def event_part(site: EventSite, stage: str = "") -> Part:
    """An individual event's (or a round-robin stage's) part: the current round and the standings
    after it."""
    tournament = site.tournament
    number = current_round(tournament.rounds, _round_started, _round_complete)
    title, link, base = _of_stage(stage)
    if not number:
        return Part(stage=stage, title=title, link=link, note="The pairings of round 1 will appear here.")
    rnd = tournament.rounds[number - 1]
    by_tpn = tournament.by_number
    before = points_after(site, number - 1)

    def side(start_number: int) -> Cell:
        player = by_tpn.get(start_number)
        return player_cell(start_number, player.name, base) if player else Cell(f"#{start_number}")

    boards = []
    for board, white, black, code in round_rows(rnd):
        if black is None:
            boards.append(Board("", side(white), BYE_TEXT.get(code or "", code or ""), None, before.get(white), cls="bye"))
        else:
            boards.append(Board(str(board), side(white), result_text(code), side(black), before.get(white),
                                before.get(black)))
    missing = rnd.missing
    note = f"No result yet on board{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}." if missing else ""
    pairings = Pairings(_round_title(number, tournament.settings.rounds), boards, points=True, note=note)
    table = site.standings[number]
    view = shared_view(site, number)
    heading = table_heading(tournament, "standings", number) + (" (not complete)" if table.incomplete else "")
    standings = standings_table(view, ("rank", "name", "points"), table.tiebreaks,
                                lambda r: player_cell(r["start_number"], r["name"], base, key="name"))
    return Part(pairings, standings, heading, stage, title, link)


def team_part(site: TeamSite) -> Part:
    """A team event's part: the current round's matches with their game points, and the team
    standings after it."""
    from arbiter_cli.render.team_views import pairing_place, pairing_records, pairing_result, team_standings_view

    tournament = site.tournament
    number = current_round(tournament.rounds, _matches_started, _matches_complete)
    if not number:
        return Part(note="The matches of round 1 will appear here.")
    rnd = tournament.rounds[number - 1]
    boards = []
    for record in pairing_records(tournament, rnd, {}):  # the matches and their scores only
        if record["board"] is not None:
            continue  # the screen shows the matches; their boards are on the round's page
        first = team_cell(record["first"], record["first_name"], "")
        if record["second"] is None:
            boards.append(Board("", first, pairing_result(record), cls="bye"))
        else:
            boards.append(Board(pairing_place(record), first, pairing_result(record),
                                team_cell(record["second"], record["second_name"], "")))
    pairings = Pairings(_round_title(number, tournament.settings.rounds), boards, "Match", ("Team", "Team"))
    heading = table_heading(tournament, "team standings", number)
    table = site.standings[number]
    view = team_standings_view(heading, table)
    heading += "" if rnd.complete else " (not complete)"
    standings = standings_table(view, ("rank", "name", "match_points", "game_points"), table.tiebreaks,
                                lambda r: team_cell(r["team_number"], r["name"], "", key="name"))
    return Part(pairings, standings, heading)


def knockout_part(site: KnockoutSite, stage: str = "") -> Part:
    """A knockout's part (or a knockout final's): the current round's matches, each with its score
    (and how it was decided, when not by its own games), then its games."""
    from arbiter_cli.render.knockout_views import empty_slot

    title, link, base = _of_stage(stage)
    rounds = site.bracket["rounds"]
    if not rounds:
        return Part(stage=stage, title=title, link=link, note="The matches of round 1 will appear here.")
    rnd = rounds[-1]
    total = site.bracket["rounds_total"]
    name = rnd["name"]

    def entrant(player: dict[str, Any] | None, match: dict[str, Any], side: int) -> Cell:
        if player is None:
            return Cell(empty_slot(match, side, "-" if side == 0 else "bye"), cls="nobody")
        return player_cell(player["start_number"], player["name"], base)

    by_number = site.tournament.by_number
    boards = []
    for match in rnd["matches"]:
        first, second = match["first"], match["second"]
        score = "" if first is None or second is None else "-".join(format_points(parse_points(p)) for p in match["score"])
        how = how_text(match)
        boards.append(Board(str(match["match"]), entrant(first, match, 0),
                            match["forfeit"] or " ".join(filter(None, (score, f"({how})" if how else ""))),
                            entrant(second, match, 1), cls="match"))
        for game in match["games"]:
            white, black = by_number[game["white"]], by_number[game["black"]]
            boards.append(Board(game["board"], player_cell(white.start_number, white.name, base),
                                result_text(game["result"]), player_cell(black.start_number, black.name, base),
                                cls="" if game["stage"] == MAIN else "tiebreak"))
    what = name if name != f"round {rnd['round']}" else ""
    waiting = [str(m["match"]) for m in rnd["matches"] if not m["decided"]]
    note = f"Not decided yet: match{'es' if len(waiting) > 1 else ''} {', '.join(waiting)}." if waiting else ""
    pairings = Pairings(_round_title(rnd["round"], total, what), boards, "Game", ("White", "Black"), note=note)
    return Part(pairings, stage=stage, title=title, link=link)


def group_parts(site: GroupSite) -> list[Part]:
    """A group event's parts: every group while they are played; the final alone once it is paired."""
    from arbiter_cli.core.group_settings import FINAL

    if FINAL in site.stages:
        stages = {FINAL: site.stages[FINAL]}
    else:
        stages = site.stages
    return [knockout_part(stage, stage=name) if isinstance(stage, KnockoutSite) else event_part(stage, stage=name)
            for name, stage in stages.items()]


def hall_page(site: EventSite | TeamSite | KnockoutSite | GroupSite, parts: Sequence[Part], title: str,
              note: str = "") -> str:
    return site_page(site, "hall.html", title, refresh=site.options.refresh, body_class="hall", parts=parts,
                     note=note)


def pages(site: EventSite | TeamSite | KnockoutSite | GroupSite) -> Iterator[tuple[str, Made]]:
    # The hall screen reads the whole event (an event's, made when a publish asks for it: issue 29; a
    # group event's, found made from the same inputs or made now).
    if isinstance(site, GroupSite):
        yield PATH, site.memo.value(("pages", "hall", site_inputs(site)), lambda: group_hall(site))
        return
    yield PATH, keyed_page(site, PATH, (site.digests.everything if site.digests else None,), lambda: event_hall(site))


def group_hall(site: GroupSite) -> str:
    from arbiter_cli.core.group_settings import FINAL
    from arbiter_cli.render.site.group_parts import stage_title

    note = "" if site.stages else "The groups have not started: their pairings will appear here."
    return hall_page(site, group_parts(site), stage_title(FINAL) if FINAL in site.stages else "Groups", note)


def event_hall(site: EventSite | TeamSite | KnockoutSite) -> str:
    part = (event_part(site) if isinstance(site, EventSite) else team_part(site) if isinstance(site, TeamSite)
            else knockout_part(site))
    return hall_page(site, [part], part.pairings.heading if part.pairings else site.name)
