"""The records that ``--format json`` prints, as pydantic models: the reference for scripts.

A command prints one JSON value on stdout: a list of objects, one per line of its table (``bracket``
and ``access add`` print one object; a group event's ``standings``, a list of stages). Each model is
one such object, key by key, with the type JSON gives it: a key that only some events or options
print is not ``required``; points and tie-breaks are numbers (``2``, ``2.5``); no value: ``null``.
:data:`SCHEMAS` lists them in the order a reader wants them, with the commands that print each; the
docs show each one's ``model_json_schema()``. The views build the records as plain dicts: these
models document them, and ``tests/test_json_schemas.py`` validates every record the named commands
print on the sample events against its model, strictly (a key missing or more, ``2.0`` for ``2``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import MISSING, BaseModel, ConfigDict, Field, JsonValue, model_validator

__all__ = [
    "Schema", "SCHEMAS", "Number", "Colour", "GameResultCode", "ByeCode", "CellResult", "TeamOutcomeCode", "Pairing",
    "TeamPairingLine", "KnockoutBoard", "GroupPlace", "Qualifier", "Standing", "TeamStanding", "KnockoutStanding",
    "StageStanding", "StageKnockoutStanding", "GroupStage", "CrosstableGame", "CrosstableRow", "TeamCrosstableMatch",
    "TeamCrosstableRow", "BracketPlayer", "BracketGame", "BracketMatch", "BracketRound", "Bracket", "PlayerRow",
    "RatingUpdate", "ByeRequestRow", "ForbiddenPair", "VirtualPoints", "RatingReportRow", "RatingReportGame", "Prize",
    "TeamPrize", "TeamRow", "RosterPlace", "TeamCardRound", "TeamCardLine", "BoardStatistics", "SettingRow",
    "JournalEntry", "Problem", "MemberRow", "ClubRating", "ClubRatingChange", "RatingHistoryLine", "ListedPlayer",
    "LoadedList", "AccessPerson", "IssuedCode", "SettingChanges", "KSource", "TimeControl", "AccessRole", "StageKind"
]

#: Points, tie-breaks and other scores: an integer when whole (``2``), else a decimal (``2.5``).
Number = int | float
#: A player's colour: ``w`` White, ``b`` Black.
Colour = Literal["w", "b"]
#: A board's result as stored (:class:`arbiter_cli.core.results.GameResult`).
GameResultCode = Literal["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-", "0-0", "*"]
#: A round without an opponent (:class:`arbiter_cli.core.results.ByeKind`).
ByeCode = Literal["PAB", "FPB", "HPB", "ZPB", "BYE"]
#: A round as a crosstable cell shows it (:class:`arbiter_cli.core.outcome.Outcome`).
CellResult = Literal["1", "½", "0", "+", "-", "PAB", "FPB", "HPB", "ZPB", "BYE", "?", "*"]
#: A team's round (:class:`arbiter_cli.core.team.TeamOutcome`).
TeamOutcomeCode = Literal["W", "D", "L", "+", "-", "PAB", "FPB", "HPB", "ZPB", "BYE", "?"]
#: When a setting may change (:class:`arbiter_cli.lifecycle.settings.When`).
SettingChanges = Literal["any time", "until finalised", "rounds not yet paired", "before round 1", "own command"]
#: Where a player's K comes from (:mod:`arbiter_cli.ratings.fide`).
KSource = Literal["given", "2400+", "junior", "default"]
#: The time controls of a club's ratings (:data:`arbiter_cli.ratings.ledger.TIME_CONTROLS`).
TimeControl = Literal["standard", "rapid", "blitz"]
#: Who may sign in to result entry (:class:`arbiter_cli.core.venue.Role`).
AccessRole = Literal["owner", "manager", "arbiter"]
#: A knockout game's stage (:data:`arbiter_cli.core.knockout_settings.StageKind`).
StageKind = Literal["main", "rapid", "blitz", "games", "armageddon", "lower-rating"]

_TIEBREAKS = ("Each tie-break code, as announced (BH/C1, SB, DE, ...), to its value; null when it has none "
              "(a DE that decides nothing, a rating tie-break with unrated players)")


class _Record(BaseModel):
    """A record of ``--format json``: its keys exactly, its values of exactly their JSON type."""

    model_config = ConfigDict(extra="forbid", strict=True)


# -- the rounds ---------------------------------------------------------------------------------
class Pairing(_Record):
    """A board of a round of a Swiss or a round robin, or a bye (no board, no Black)."""

    board: int | None = Field(description="The board; null for a bye")
    white: int = Field(description="White's start number (for a bye: the player's)")
    black: int | None = Field(description="Black's start number; null for a bye")
    result: GameResultCode | ByeCode | None = Field(
        description="The result as stored: 1-0, 0-1, 1/2-1/2, +/- -/+ -/- (forfeits), 0-0 (both lose), * (being "
                    "played); a bye: its kind (PAB, FPB, HPB, ZPB, BYE); null until entered")
    white_name: str = Field(description="White's name (for a bye: the player's)")
    black_name: str | None = Field(description="Black's name; null for a bye")
    white_virtual: Number | MISSING = Field(
        default=MISSING, description="An accelerated event (C.04.7) only: White's virtual points in the round")
    black_virtual: Number | None | MISSING = Field(
        default=MISSING, description="An accelerated event (C.04.7) only: Black's virtual points; null for a bye")


class TeamPairingLine(_Record):
    """A line of a team round (the first-named team 'first'): a match, then its boards; the byes last."""

    match: int | None = Field(description="The match number; null for a team's bye")
    board: int | None = Field(description="The board; null on a match's line and a bye's")
    first: int | None = Field(
        description="A match's or bye's line: the first team's number; a board: the first team's player's start "
                    "number (null for an empty board)")
    second: int | None = Field(
        description="A match's line: the second team's number; a board: the second team's player's start number "
                    "(null for an empty board); null for a bye")
    first_name: str | None = Field(description="The first team's name, or its player's; null for an empty board")
    second_name: str | None = Field(
        description="The second team's name, or its player's; null for a bye or an empty board")
    result: GameResultCode | ByeCode | None = Field(
        description="A board's result as stored (1-0, 1/2-1/2, +/-, ...); a match's line: its forfeit (+/-, -/+, "
                    "-/-), else null; a bye: its kind (PAB, FPB, HPB, ZPB, BYE); null until entered")
    score: str | None = Field(description="A match's line: its game points, first team first ('2½-1½'; '' before "
                                          "any result; CSV: '2.5-1.5'); null on a board's line and a bye's")
    finished: bool | None = Field(description="A match's line: every board has its result; else null")
    colour: Colour | None = Field(description="A board: the first team's player's colour; null otherwise")
    first_mp: Number | None = Field(description="A match's or bye's line: the first team's MP before the round")
    first_gp: Number | None = Field(description="The same, its game points (GP); null in round 1 and on a board's line")
    second_mp: Number | None = Field(description="A match's line: the second team's MP before the round; else null")
    second_gp: Number | None = Field(description="The same, its game points (GP)")


class KnockoutBoard(_Record):
    """A game of a knockout round (board MATCH.GAME), or a match decided without a game or forfeited
    after some (board MATCH, after its games: a bye, a match forfeit, a match waiting for a slot)."""

    board: str = Field(description="MATCH.GAME ('3.2'), or MATCH alone for a match's own line ('3')")
    stage: str = Field(
        description="A game: its stage (main, rapid, blitz, games, armageddon); a match's own line: how it "
                    "stands (bye, forfeit, nobody, waiting)")
    white: int | None = Field(description="White's start number (a match with no game: the upper slot's, or null)")
    black: int | None = Field(description="Black's start number (a match with no game: the lower slot's, or null)")
    result: GameResultCode | None = Field(
        description="The game's result as stored, null until entered; a match's own line: its forfeit, or null")
    white_name: str | None = Field(description="White's name; null when there is no player")
    black_name: str | None = Field(description="Black's name; null when there is no player")


class GroupPlace(_Record):
    """A player's place in a group of a group event, in the group's seeding order."""

    group: str = Field(description="The group: A, B, ...")
    seed: int = Field(description="The place in the group's seeding (1 first)")
    start_number: int = Field(description="The player's start number in the event")
    name: str = Field(description="The player's name")
    title: str | None = Field(description="The player's FIDE title; null for none")
    rating: int | None = Field(description="The player's rating; null for an unrated player")


class Qualifier(_Record):
    """A player of a group event's final, in the final's seeding order, with where they qualified."""

    seed: int = Field(description="The seed in the final: the player's start number there")
    event_number: int | None = Field(description="The player's start number in the event (null if not found)")
    group: str = Field(description="The group the player qualified from")
    place: int = Field(description="The player's place in that group")
    name: str = Field(description="The player's name")
    title: str | None = Field(description="The player's FIDE title; null for none")
    rating: int | None = Field(description="The player's rating; null for an unrated player")


# -- standings and crosstables --------------------------------------------------------------------
class Standing(_Record):
    """A player's line of the standings of a Swiss or a round robin, in rank order."""

    rank: int | None = Field(description="The rank (players sharing a place each have the first rank of it); "
                                         "null for a withdrawn player listed without one (rank_withdrawn = false)")
    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")
    rating: int | None = Field(description="The player's rating; null for an unrated player")
    points: Number = Field(description="The points")
    played: int = Field(description="Games played over the board")
    wins: int = Field(description="Games won over the board")
    draws: int = Field(description="Games drawn")
    losses: int = Field(description="Games lost over the board")
    forfeit_wins: int = Field(description="Games won by forfeit")
    forfeit_losses: int = Field(description="Games lost by forfeit")
    byes: int = Field(description="Rounds without an opponent (PAB, FPB, HPB, ZPB, BYE)")
    tiebreaks: dict[str, Number | None] = Field(description=_TIEBREAKS)
    virtual_points: Number | MISSING = Field(
        default=MISSING, description="An accelerated event (C.04.7) only: the next round's virtual points")
    rating_change: Number | None | MISSING = Field(
        default=MISSING, description="With --rating-change only: the expected FIDE rating change (B.02 8.3), "
                                     "exact; null for an unrated player")


class TeamStanding(_Record):
    """A team's line of a team event's standings, in rank order."""

    team_number: int = Field(description="The team's number (TRF 310)")
    name: str = Field(description="The team's name")
    match_points: Number = Field(description="Match points (MP)")
    game_points: Number = Field(description="Game points (GP)")
    rank: int = Field(description="The rank (teams sharing a place each have the first rank of it)")
    tiebreaks: dict[str, Number | None] = Field(
        description="Each tie-break code, as announced (MP, GP, EDE, EMGSB, ...), to its value; null when it has none")


class KnockoutStanding(_Record):
    """A player's line of a knockout's standings: by the round reached, then by rating."""

    rank: int = Field(description="The first rank of the player's place")
    rank_to: int = Field(description="The last rank of the place (the losers of a round share 5-8: 5 and 8)")
    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")
    rating: int | None = Field(description="The player's rating; null for an unrated player")
    reached: int = Field(description="The last round the player was in (0: none paired yet)")
    reached_name: str = Field(description="That round's name: 'final', 'semi-final', 'round 2', 'winner'; '-': none yet")
    state: Literal["registered", "in", "through", "out", "withdrawn", "winner"] = Field(description=(
        "What became of the player there: registered (no round yet), in (the match goes on), through (to the "
        "next round), out, withdrawn (out by withdrawal: no prize place), winner"))


class StageStanding(Standing):
    """A player's line of a stage's standings in a group event (a group, or a round-robin final)."""

    event_number: int | None = Field(
        description="The player's start number in the event (start_number is the stage's own); null if not found")


class StageKnockoutStanding(KnockoutStanding):
    """A player's line of a group event's knockout final."""

    event_number: int | None = Field(
        description="The player's start number in the event (start_number is the final's own); null if not found")


class GroupStage(_Record):
    """A stage of a group event with its standings: each group in turn, then the final."""

    stage: str = Field(description="The stage: a group's letter (A, B, ...) or 'final'")
    after_round: int = Field(description="The round the stage's standings are after")
    standings: list[StageStanding] | list[StageKnockoutStanding] = Field(
        description="The stage's standings, in rank order: a knockout final's as a knockout ranks them")


class CrosstableGame(_Record):
    """A round of a player in the crosstable."""

    round: int = Field(description="The round")
    opponent: int | None = Field(description="The opponent's start number; null for a bye")
    colour: Colour | None = Field(description="The player's colour; null for a bye")
    result: CellResult = Field(
        description="The cell's symbol: 1, ½, 0 (games), + - (forfeits), ? (no result yet), * (still being "
                    "played), or the bye's kind (PAB, FPB, HPB, ZPB, BYE)")


class CrosstableRow(_Record):
    """A player's row of the crosstable: the rounds in order, the points, the rank and the tie-breaks."""

    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")
    rating: int | None = Field(description="The player's rating; null for an unrated player")
    points: Number = Field(description="The points")
    rank: int | None = Field(description="The rank; null for a withdrawn player listed without one")
    games: list[CrosstableGame] = Field(description="The player's rounds, in round order")
    tiebreaks: dict[str, Number | None] = Field(description=_TIEBREAKS)


class TeamCrosstableMatch(_Record):
    """A round of a team in the team crosstable."""

    round: int = Field(description="The round")
    opponent: int | None = Field(description="The opposing team's number; null for a bye")
    outcome: TeamOutcomeCode = Field(
        description="W, D, L (a match played), + - (a match won or lost by forfeit), ? (boards still to enter), "
                    "or the bye's kind (PAB, FPB, HPB, ZPB, BYE)")
    colour: Colour | None = Field(description="The team's colour: its board-1 player's; null without a game")
    match_points: Number = Field(description="The match points the team scored")
    game_points: Number = Field(description="The game points the team scored")


class TeamCrosstableRow(_Record):
    """A team's row of the team crosstable."""

    team_number: int = Field(description="The team's number")
    name: str = Field(description="The team's name")
    match_points: Number = Field(description="Match points (MP)")
    game_points: Number = Field(description="Game points (GP)")
    rank: int = Field(description="The rank")
    tiebreaks: dict[str, Number | None] = Field(
        description="Each tie-break code, as announced, to its value; null when it has none")
    matches: list[TeamCrosstableMatch] = Field(description="The team's rounds, in round order")


# -- a knockout's bracket ------------------------------------------------------------------------------
class BracketPlayer(_Record):
    """A player in a knockout's bracket."""

    start_number: int = Field(description="The player's start number (the seed)")
    name: str = Field(description="The player's name")
    rating: int | None = Field(description="The player's rating; null for an unrated player")
    title: str | None = Field(description="The player's FIDE title; null for none")
    federation: str | None = Field(description="The player's federation; null when not known")
    withdrawn: bool = Field(description="Whether the player has withdrawn")


class BracketGame(_Record):
    """A game of a knockout match."""

    board: str = Field(description="MATCH.GAME, as 'result' takes it ('3.2')")
    game: int = Field(description="The game's number in the match (1 first)")
    stage: StageKind = Field(description="The stage the game belongs to")
    white: int = Field(description="White's start number")
    black: int = Field(description="Black's start number")
    result: GameResultCode | None = Field(description="The result as stored; null until entered")


class BracketMatch(_Record):
    """A match of a knockout round: its two slots, its games, its score and who went through."""

    match: int = Field(description="The match's number in its round")
    first: BracketPlayer | None = Field(description="The upper slot's player; null for nobody")
    second: BracketPlayer | None = Field(description="The lower slot's player; null for nobody (a bye)")
    games: list[BracketGame] = Field(description="The match's games, in order")
    forfeit: GameResultCode | None = Field(description="A whole match's forfeit (+/-, -/+); else null")
    score: tuple[Number, Number] = Field(
        description="The points each slot's player scored in the match, upper slot first")
    decided: bool = Field(description="Whether the match is decided")
    winner: int | None = Field(
        description="The start number of who went through; null while undecided, or when nobody does")
    how: str | None = Field(
        description="How the match stands or was decided: games, a tie-break stage (rapid, blitz, armageddon), "
                    "lower rating, bye, forfeit (a match forfeit, or its own games won by forfeit), a tie-break "
                    "stage won by forfeit (rapid forfeit...), nobody, waiting; null while it is being played")
    waiting: list[int] = Field(description="The matches of the round before whose winner a slot still waits for")


class BracketRound(_Record):
    """A round of a knockout with its matches."""

    round: int = Field(description="The round")
    name: str = Field(description="The round as people name it: 'round 1', 'quarter-final', 'semi-final', 'final'")
    matches: list[BracketMatch] = Field(description="The round's matches, in bracket order")


class Bracket(_Record):
    """A knockout's whole bracket: one object (not a list)."""

    event: str = Field(description="The event's name")
    seeding: Literal["seeded", "drawn"] = Field(description="How the bracket was made: by seeding or drawn by lot")
    seed: int = Field(description="The event's random seed")
    slots: list[int | None] = Field(description="The start number in each slot of round 1, top first; null for a "
                                                "bye; empty until round 1 is paired")
    rounds_total: int = Field(description="The number of rounds of the knockout")
    rounds: list[BracketRound] = Field(description="The rounds paired so far")
    champion: BracketPlayer | None = Field(description="The winner; null until the final is decided")


# -- players, byes and pairing rules ------------------------------------------------------------------------
class PlayerRow(_Record):
    """A registered player, by start number (players.csv)."""

    start_number: int = Field(description="The start number")
    name: str = Field(description="The name, 'Family, Given'")
    title: str | None = Field(description="The FIDE title (GM, IM, WGM, ...); null for none")
    rating: int | None = Field(description="The rating; null for an unrated player")
    fide_id: int | None = Field(description="The FIDE ID; null when not known")
    federation: str | None = Field(description="The federation (three letters); null when not known")
    sex: Literal["m", "w"] | None = Field(description="m or w; null when not known")
    birth_date: str | None = Field(description="The date of birth (YYYY-MM-DD, or the year alone); null when not known")
    club: str | None = Field(description="The club; null for none")
    status: Literal["active", "withdrawn"] = Field(description="active or withdrawn")
    withdrawn_after: int | None = Field(description="A withdrawn player's last round; null otherwise")
    entered_round: int | None | MISSING = Field(
        default=MISSING, description="Only when some player entered late: the first round the player plays; null "
                                     "for the others")
    member_id: int | None | MISSING = Field(
        default=MISSING, description="Only when some player has one (a club tournament): the club member's id")
    national_rating: int | None | MISSING = Field(
        default=MISSING, description="Only when some player has one: the national rating; null for the others")
    k_factor: int | None | MISSING = Field(
        default=MISSING, description="Only when some player has one: the player's K on the FIDE list (B.02 "
                                     "8.3.3); null for the others")


class RatingUpdate(_Record):
    """A field of a player that 'player update-ratings' changed from the loaded rating list."""

    start_number: int = Field(description="The player's start number (before any renumbering)")
    name: str = Field(description="The player's name")
    fide_id: int = Field(description="The player's FIDE ID, by which the list was read")
    field: Literal["rating", "title", "federation", "national_rating", "k_factor"] = Field(
        description="The field that changed")
    old: str = Field(description="The old value, as text ('unrated' or 'none' for no value)")
    new: str = Field(description="The new value, as text")


class ByeRequestRow(_Record):
    """A requested bye of a round not yet paired (C.04.2 3.3)."""

    round: int = Field(description="The round")
    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")
    kind: Literal["HPB", "ZPB"] = Field(description="The bye: HPB (a half point) or ZPB (no point)")


class ForbiddenPair(_Record):
    """A forbidden pairing: players no two of whom are paired, numbered as 'avoid remove N' takes
    them; then each setting that forbids players of one club or federation."""

    n: int | None = Field(description="The number 'avoid remove N' takes; null for a setting's rule")
    players: list[int] = Field(description="The players' start numbers; empty for a setting's rule")
    names: str = Field(description="Their names, separated by '; ' (a rule: 'players of one club')")
    first_round: int | None = Field(description="The first round it applies in; null from the first")
    last_round: int | None = Field(description="The last round it applies in; null to the last")
    rule: Literal["avoid_same_club_rounds", "avoid_same_federation_rounds"] | None = Field(
        description="The setting that makes the rule; null for a pair given with 'avoid'")


_ROUND_KEY = re.compile(r"round_[1-9][0-9]*")


def _round_keys(schema: dict[str, Any]) -> None:
    """The JSON schema of :class:`VirtualPoints`: the ``round_N`` keys, numbers, and no other."""
    schema["patternProperties"] = {f"^{_ROUND_KEY.pattern}$": {
        "anyOf": [{"type": "integer"}, {"type": "number"}],
        "description": "The virtual points in round N (0 in a round before a late entry's first)"}}
    schema["additionalProperties"] = False


class VirtualPoints(_Record):
    """A player's virtual points, round by round, under acceleration (C.04.7): 'round_1',
    'round_2', ... up to the last round that gives anyone some (none when no round does)."""

    model_config = ConfigDict(extra="allow", strict=True,
                              json_schema_extra=_round_keys)
    __pydantic_extra__: dict[str, Number] = Field(init=False)

    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")

    @model_validator(mode="after")
    def _only_rounds(self) -> VirtualPoints:
        """The only keys besides the player's are ``round_N``."""
        for key in self.__pydantic_extra__ or {}:
            if not _ROUND_KEY.fullmatch(key):
                raise ValueError(f"{key!r}: not a key of the record (the rounds are round_1, round_2, ...)")
        return self


# -- ratings ----------------------------------------------------------------------------------------
class RatingReportRow(_Record):
    """A player's line of the rating report: the expected FIDE rating change (B.02 8.3)."""

    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")
    fide_id: int | None = Field(description="The FIDE ID; null when not known")
    rating_before: int | None = Field(description="Ro, the rating; null for an unrated player")
    rated: bool = Field(description="Whether the player has a rating (false: no change is computed)")
    k: int | None = Field(description="K (B.02 8.3.3); null for an unrated player")
    k_source: KSource | None = Field(
        description="Where K comes from: given (players.csv's k_factor), 2400+, junior, default (20, not known: "
                    "check it); null for an unrated player")
    games: int = Field(description="The games rated (an unrated player: the games against rated opponents)")
    score: Number = Field(description="W, the points in those games")
    expected: Number | None = Field(description="Σ PD, the expected score; null for an unrated player")
    change: Number | None = Field(description="Δ = K × (W − Σ PD), exact; null for an unrated player")
    change_rounded: int | None = Field(description="Δ rounded (.5 away from zero); null for an unrated player")
    rating_after: int | None = Field(description="Rn = Ro + Δ rounded once (8.3.4); null for an unrated player")


class RatingReportGame(_Record):
    """A round of one player as B.02 rates it: a game rated, or a round not rated and why."""

    round: int = Field(description="The round")
    opponent: int | None = Field(description="The opponent's start number; null for a bye")
    opponent_name: str | None = Field(description="The opponent's name; null for a bye")
    opponent_rating: int | None = Field(description="The opponent's rating; null for a bye or an unrated opponent")
    score: Number | None = Field(description="W, the player's score; null for a round not rated")
    difference: int | None = Field(
        description="D, the rating difference after the 400-point rule; null for a round not rated")
    expected: Number | None = Field(description="PD, the expected score; null for a round not rated")
    change: Number | None = Field(description="K × (W − PD); null for a round not rated, or an unrated player")
    rated: bool = Field(description="Whether the round is rated")
    reason: str | None = Field(
        description="Why the round is not rated: 'bye', 'forfeit', 'no result yet', 'the opponent is unrated', "
                    "...; null for a rated game")


# -- prizes -----------------------------------------------------------------------------------------
class Prize(_Record):
    """A prize given, in the order of prizes.toml's lists (the places, then the categories)."""

    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")
    prize: str = Field(description="The place or category: 'place 1', 'places 2-4' (shared), 'Best woman', 'U1800 (2)'")
    amount: str = Field(description="The amount, as a decimal string: '233.33'")
    why: str = Field(description="The prize taken against the best other one open to the player ('Senior 250.00 "
                                 "> places 4-10 227.50'), or 'no other prize open'")


class TeamPrize(_Record):
    """A prize of a team event: the team prizes, then the board prizes."""

    kind: Literal["team", "board"] = Field(description="team (a team prize) or board (a board prize)")
    start_number: int = Field(description="A team prize: the team's number; a board prize: the player's start number")
    name: str = Field(description="The team's or the player's name")
    prize: str = Field(description="The place, or the board prize's name")
    amount: str = Field(description="The amount, as a decimal string: '233.33'")
    why: str = Field(description="The prize taken against the best other one open, or 'no other prize open'")


# -- teams ------------------------------------------------------------------------------------------
class TeamRow(_Record):
    """A team of a team event, by number."""

    number: int = Field(description="The team's number")
    name: str = Field(description="The team's name")
    short: str | None = Field(description="The short code; null for none")
    rating: int | None = Field(description="The team rating, a whole number (halves rounded up); null: no rated player")
    players: int = Field(description="The players on the roster")
    status: Literal["active", "withdrawn"] = Field(description="active or withdrawn")
    withdrawn_after: int | None = Field(description="A withdrawn team's last round; null otherwise")
    entered_round: int | None | MISSING = Field(default=MISSING, description="Only when some team of a Swiss entered "
                                                "late: the first round the team plays; null for the others")


class RosterPlace(_Record):
    """A player of a team's roster, in roster order: the main players, then the reserves."""

    place: int = Field(description="The place on the roster (1 first)")
    role: Literal["main", "reserve"] = Field(description="main (a place up to the number of boards) or reserve")
    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")
    title: str | None = Field(description="The FIDE title; null for none")
    fide_id: int | None = Field(description="The FIDE ID; null when not known")
    federation: str | None = Field(description="The federation; null when not known")
    rating: int | None = Field(description="The rating; null for an unrated player")
    national_rating: int | None | MISSING = Field(
        default=MISSING, description="Only when some player of the event has one, or the rosters follow it "
                                     "(roster_rating = national): the national rating")


class TeamCardRound(_Record):
    """A round of a player's team card (or the team's own: a match forfeit, a bye)."""

    round: int = Field(description="The round")
    board: int | None = Field(description="The board; null on the team's own line")
    colour: Colour | None = Field(description="The player's colour; null on the team's own line")
    opponent: int | None = Field(description="The opponent's start number; null for an empty board or a match forfeit")
    opponent_name: str | None = Field(
        description="The opponent's name (a match forfeit: the opposing team's); null: an empty board, a bye")
    opponent_rating: int | None = Field(description="The opponent's rating; null for none")
    opponent_team: int | None = Field(description="The opposing team's number; null for a bye")
    result: CellResult = Field(
        description="1, ½, 0 (a game), + - (a forfeit), ? (no result yet), * (being played), a bye's kind (PAB...)")
    points: Number = Field(description="The points (the team's own line: the game points)")
    counted: bool = Field(description="Whether the round counts (false: a match the half rule counts for nobody)")


class TeamCardLine(_Record):
    """A player of a team card, with their rounds; a team's match forfeits and byes come before its
    players, as a line of role 'match' with no player (its other keys null)."""

    team_number: int = Field(description="The team's number")
    team: str = Field(description="The team's name")
    place: int | None = Field(description="The player's place on the roster; null on a match line")
    role: Literal["main", "reserve", "match"] = Field(description="main, reserve, or match (forfeits, byes)")
    start_number: int | None = Field(description="The player's start number; null on a match line")
    name: str | None = Field(description="The player's name; null on a match line")
    rating: int | None = Field(description="The player's rating; null for an unrated player and on a match line")
    points: Number | None = Field(description="The points over the board; null on a match line")
    games: int | None = Field(description="The games played over the board; null on a match line")
    forfeit_wins: int | None = Field(description="Forfeits won; null on a match line")
    forfeit_losses: int | None = Field(description="Forfeits lost; null on a match line")
    rounds: list[TeamCardRound] = Field(description="The rounds, in order")


class BoardStatistics(_Record):
    """A player's line in the board statistics for board prizes, board by board."""

    board: int = Field(description="The board the player is counted on (the one played most)")
    start_number: int = Field(description="The player's start number")
    name: str = Field(description="The player's name")
    team_number: int = Field(description="The team's number")
    team: str = Field(description="The team's name")
    rating: int | None = Field(description="The player's rating; null for an unrated player")
    games: int = Field(description="Games over the board")
    points: Number = Field(description="Points in them (1, ½, 0)")
    percentage: float | None = Field(
        description="The points as a percentage of the games, one decimal; null without a game")
    performance: int | None = Field(
        description="The performance rating (B.02 8.1.1) over rated opponents; null without one")
    qualifies: bool = Field(description="Whether the player played enough games for a board prize")
    forfeit_wins: int = Field(description="Forfeits won, counted apart")
    forfeit_losses: int = Field(description="Forfeits lost, counted apart")
    other_boards: str = Field(
        description="The games played on other boards, 'BOARD:GAMES' separated by spaces ('3:1'); empty when none")


# -- the folder -------------------------------------------------------------------------------------
class SettingRow(_Record):
    """A setting of the event, with its value, its default and when it may change."""

    key: str = Field(description="The key, as 'settings set' takes it ('rounds', 'team.boards')")
    value: JsonValue = Field(description="The value, typed: true/false, a number, a text, a list, or null")
    default: JsonValue = Field(description="The default value, typed as value")
    changes: SettingChanges = Field(description="When it may change")
    now: bool = Field(description="Whether it may change now")
    description: str = Field(description="What it does")


class JournalEntry(_Record):
    """A change in the folder's journal (journal.csv), oldest first."""

    time: str = Field(description="When, in UTC (ISO 8601: '2026-03-01T09:30:00Z')")
    by: str = Field(description="Who ('--by', ARBITER_USER or the login name); empty when not known")
    change: str = Field(description="What changed")
    old: str = Field(description="The old value; empty for none")
    new: str = Field(description="The new value; empty for none")
    command: str = Field(description="The command that made the change")


class Problem(_Record):
    """A problem that 'verify' found, or a file edited by hand since the last change."""

    file: str = Field(description="The file, from the folder")
    line: int | None = Field(description="The line; null when it is about the whole file")
    field: str | None = Field(description="The field (column or key); null when not one")
    kind: Literal["broken", "incomplete", "hand edit"] = Field(
        description="broken (the folder is not sound), incomplete (a result still missing in an earlier round), or "
                    "hand edit")
    message: str = Field(description="What is wrong")


# -- a club and the rating lists --------------------------------------------------------------------------
class MemberRow(_Record):
    """A club member with their initial and current club ratings, per time control."""

    id: int = Field(description="The member's id")
    name: str = Field(description="The member's name")
    birth_date: str | None = Field(description="The date of birth; null when not known")
    standard_initial: int = Field(description="The initial standard rating (the club's default when not given)")
    standard: int = Field(description="The current standard rating")
    rapid_initial: int = Field(description="The initial rapid rating")
    rapid: int = Field(description="The current rapid rating")
    blitz_initial: int = Field(description="The initial blitz rating")
    blitz: int = Field(description="The current blitz rating")


class ClubRating(_Record):
    """A member's current club ratings and rated games. Each time control shown has its two keys:
    all three by default, one with --time-control (then the strongest first)."""

    member_id: int = Field(description="The member's id")
    name: str = Field(description="The member's name")
    standard: int | MISSING = Field(default=MISSING, description="The standard rating")
    standard_games: int | MISSING = Field(default=MISSING, description="The standard games rated")
    rapid: int | MISSING = Field(default=MISSING, description="The rapid rating")
    rapid_games: int | MISSING = Field(default=MISSING, description="The rapid games rated")
    blitz: int | MISSING = Field(default=MISSING, description="The blitz rating")
    blitz_games: int | MISSING = Field(default=MISSING, description="The blitz games rated")


class ClubRatingChange(_Record):
    """A member's line of a club tournament's rating changes (B.02)."""

    member_id: int = Field(description="The member's id")
    name: str = Field(description="The member's name")
    rating_before: int = Field(description="Ro, the club rating before")
    k: int = Field(description="K")
    games: int = Field(description="The games rated")
    score: Number = Field(description="The points in them")
    expected: Number = Field(description="The expected score")
    change: int = Field(description="The rating change")
    rating_after: int = Field(description="Rn, the club rating after")
    performance: int | None = Field(description="The performance rating (B.02 8.1.1); null without one")


class RatingHistoryLine(_Record):
    """A member's club rating after a tournament, per time control; the first line of each, the initial rating."""

    time_control: TimeControl = Field(description="standard, rapid or blitz")
    tournament: str = Field(description="The tournament's folder, or '(initial)'")
    date: str | None = Field(description="The tournament's last day; null for the initial rating")
    rating: int = Field(description="The rating after it")
    change: int | None = Field(description="The change; null for the initial rating")


class ListedPlayer(_Record):
    """A player found in the loaded rating lists, with every field of the list (null: the list
    gives none, or a rating or K of 0)."""

    list: str = Field(description="The list: 'fide', or a national list's name")
    fide_id: int | None = Field(description="The FIDE ID")
    national_id: str | None = Field(description="A national list's id")
    name: str = Field(description="The name")
    federation: str | None = Field(description="The federation")
    sex: str | None = Field(description="M or F")
    title: str | None = Field(description="The FIDE title")
    w_title: str | None = Field(description="A woman's title held beside it")
    o_title: str | None = Field(description="The arbiter's and trainer's titles")
    foa_title: str | None = Field(description="FIDE Online Arena's title")
    standard_rating: int | None = Field(description="The standard rating")
    standard_games: int | None = Field(description="The standard games of the last period (0 kept)")
    standard_k: int | None = Field(description="The standard K")
    rapid_rating: int | None = Field(description="The rapid rating")
    rapid_games: int | None = Field(description="The rapid games of the last period")
    rapid_k: int | None = Field(description="The rapid K")
    blitz_rating: int | None = Field(description="The blitz rating")
    blitz_games: int | None = Field(description="The blitz games of the last period")
    blitz_k: int | None = Field(description="The blitz K")
    national_rating: int | None = Field(description="A national list's rating")
    birth_year: int | None = Field(description="The year of birth")
    flag: str | None = Field(description="FIDE's flag: i (inactive), w (woman), wi")


class LoadedList(_Record):
    """A rating list loaded in the user's data folder."""

    list: str = Field(description="'fide', or a national list's name")
    date: str = Field(description="The list's date (YYYY-MM-DD)")
    players: int = Field(description="The players in it")
    form: str = Field(description="The file's form: txt, xml or csv")
    source: str = Field(description="The file it was loaded from")
    loaded: str = Field(description="When it was loaded (UTC)")


# -- the venue's access list -------------------------------------------------------------------------------
class AccessPerson(_Record):
    """A person who may sign in to result entry (never their code or its hash)."""

    name: str = Field(description="The person, as the journal's 'by' shows their changes")
    role: AccessRole = Field(description="owner, manager or arbiter")
    added: str = Field(description="When they were added (YYYY-MM-DD)")


class IssuedCode(_Record):
    """What 'access add' prints once: one object on one line (not a list)."""

    name: str = Field(description="The person")
    role: AccessRole = Field(description="owner, manager or arbiter")
    code: str = Field(description="The sign-in code: shown this once, only its hash is kept")
    link: str = Field(description="The sign-in link, with the code")


# -- the table of contents --------------------------------------------------------------------------
@dataclass(frozen=True)
class Schema:
    """A record shape of ``--format json``: its name, the commands that print it (a command and
    its arguments or options, ``rating-report --player``), its model, and a note for the reader
    (which events, the shape of the whole output)."""

    name: str
    commands: tuple[str, ...]
    model: type[BaseModel]
    note: str


#: Every record shape, in the order a reader wants them.
SCHEMAS: tuple[Schema, ...] = (
    Schema("Pairings", ("pair", "pairings", "pairing set", "pairing swap"), Pairing,
           "A Swiss or a round robin (a group event: one stage, --group A): a list, the boards in order, then "
           "the byes."),
    Schema("Team pairings", ("pair", "pairings"), TeamPairingLine,
           "A team event: a list, each match's line followed by its boards, then the byes."),
    Schema("Knockout pairings", ("pair", "pairings"), KnockoutBoard,
           "A knockout (and a group event's knockout final, --group final): a list of the round's games and "
           "walkovers."),
    Schema("Standings", ("standings", "standings --rating-change", "trf standings"), Standing,
           "A Swiss or a round robin (a group event: one stage, --group A), and a TRF file of one: a list in "
           "rank order."),
    Schema("Team standings", ("standings", "trf standings"), TeamStanding,
           "A team event, and a team TRF file: a list in rank order."),
    Schema("Knockout standings", ("standings",), KnockoutStanding,
           "A knockout (a group event's knockout final: --group final): a list, by the round reached, then rating."),
    Schema("Group-stage standings", ("standings",), GroupStage,
           "A group event without --group: a list of the stages (each group, then the final), each with its "
           "standings."),
    Schema("Crosstable", ("crosstable",), CrosstableRow,
           "A Swiss or a round robin: a list of rows, in rank order (a round robin: in start-number order)."),
    Schema("Team crosstable", ("crosstable",), TeamCrosstableRow,
           "A team event: a list of rows, in rank order (a team round robin: in team-number order)."),
    Schema("Bracket", ("bracket",), Bracket,
           "A knockout (a group event's knockout final: --group final): one object, the whole bracket."),
    Schema("Groups", ("groups show", "pair"), GroupPlace,
           "A group event: a list of the players, group by group; 'pair' prints it when it starts the groups."),
    Schema("Qualifiers", ("pair",), Qualifier,
           "A group event: what 'pair' prints when it pairs the final, a list in the final's seeding order."),
    Schema("Players", ("player list",), PlayerRow, "A list, by start number."),
    Schema("Rating updates", ("player update-ratings",), RatingUpdate,
           "A list of the fields changed, player by player (nothing at all, not even [], when nothing changed)."),
    Schema("Requested byes", ("bye list",), ByeRequestRow, "A list, by round then start number."),
    Schema("Forbidden pairs", ("avoid list",), ForbiddenPair,
           "A list: the pairs given with 'avoid', then the settings' rules."),
    Schema("Virtual points", ("acceleration", "acceleration show"), VirtualPoints,
           "An accelerated Swiss: a list, by start number. The round keys vary with the event."),
    Schema("Rating report", ("rating-report",), RatingReportRow, "A list, by start number."),
    Schema("Rating report of one player", ("rating-report --player",), RatingReportGame,
           "A list, one object per round."),
    Schema("Prizes", ("prizes",), Prize, "A Swiss, a round robin or a knockout: a list of the prizes given."),
    Schema("Team prizes", ("prizes",), TeamPrize, "A team event: a list, the team prizes then the board prizes."),
    Schema("Teams", ("team list",), TeamRow, "A list, by team number."),
    Schema("Roster", ("team roster",), RosterPlace, "A list, in roster order."),
    Schema("Team cards", ("team card",), TeamCardLine,
           "A list of the players of one team, or of every team in turn."),
    Schema("Board statistics", ("team boards",), BoardStatistics, "A list, board by board."),
    Schema("Settings", ("settings",), SettingRow, "A list, one object per key."),
    Schema("Journal", ("log",), JournalEntry, "A list, oldest first."),
    Schema("Problems", ("verify",), Problem,
           "A list: the problems, then the files edited by hand; [] when there are none. A file that cannot be read "
           "at all is an error on stderr instead, with nothing on stdout (exit code 3)."),
    Schema("Club members", ("member list",), MemberRow, "A club: a list, by id."),
    Schema("Club ratings", ("ratings",), ClubRating, "A club: a list, by id (one time control: strongest first)."),
    Schema("Club rating changes", ("ratings changes",), ClubRatingChange, "A club tournament: a list."),
    Schema("Club rating history", ("ratings history",), RatingHistoryLine,
           "A list, time control by time control, oldest first."),
    Schema("Players found in the rating lists", ("lists find",), ListedPlayer, "A list."),
    Schema("Rating lists loaded", ("lists show",), LoadedList, "A list."),
    Schema("Access list", ("access list",), AccessPerson, "A list, in the order the people were added."),
    Schema("Sign-in code", ("access add",), IssuedCode, "One object on one line."),
)
