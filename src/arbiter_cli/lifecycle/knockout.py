"""A knockout event's acts (issue 18): creating it from seeded players, pairing the next round,
entering a game's result (the tie-break games follow by themselves), a withdrawal, and what each
match stands at.

A correction reaches only what it changes (issue 25): a match whose winner changes sends the new
winner into the one match of the next round it feeds (paired again, with ``--force`` when it was
paired with the old winner; its results dropped and journalled), and from there only the matches
that one feeds; a match left without a winner makes the next round's match wait for it. The lines of
one entry are entered one after the other, and journaled as their net change (:func:`_net`).

Every act is pure: ``(KnockoutTournament, arguments) -> (KnockoutTournament, [Change])``. The
rules of a match are :mod:`arbiter_cli.pairing.knockout_match`, those of the bracket
:mod:`arbiter_cli.pairing.knockout`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbiter_cli.core.errors import BadArgument, DomainError, Refused
from arbiter_cli.core.knockout import KnockoutGame, KnockoutMatch, KnockoutRound, KnockoutTournament, round_name
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Player, Settings, Status, System
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.guards import paired_rounds
from arbiter_cli.core.tpn import renumber
from arbiter_cli.core.words import count, listed
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.unfinished import no_unfinished
from arbiter_cli.lifecycle.entry import (UNSET, Act, Applied, Check, Entry, Unset, Verdict, compare_and_set,
                                         read_result, read_result_lines, unchanged)
from arbiter_cli.pairing.knockout import drawn_bracket, fed_by, feeds, first_round_pairs, next_round_pairs, seeded_bracket
from arbiter_cli.pairing.knockout_match import Colours, Decision, decide, settle

__all__ = ["enter_knockout_results", "unpair_knockout_round", "knockout_event", "decision", "decisions", "pair_knockout_round", "enter_knockout_result",
           "withdraw_knockout_player", "parse_match_game", "parse_place", "champion", "Entered", "with_waiting"]


def knockout_event(settings: Settings, knockout: KnockoutSettings, players: Sequence[Player]) -> KnockoutTournament:
    """A knockout event of ``players`` given in seed order (seed 1 first): start numbers 1..N are
    the seeds. What a group stage's final is made with; round 1 is paired by
    :func:`pair_knockout_round`."""
    if settings.system is not System.KNOCKOUT:
        settings = settings.model_copy(update={"system": System.KNOCKOUT, "rounds": None})
    return KnockoutTournament(settings, knockout, renumber(players))


def _ratings(tournament: KnockoutTournament) -> dict[int, int]:
    return {p.start_number: p.rating for p in tournament.players}


def _colours(tournament: KnockoutTournament, round_number: int) -> Colours:
    return Colours(tournament.settings.seed, round_number, tournament.knockout.first_colour == "lot")


def decision(tournament: KnockoutTournament, match: KnockoutMatch) -> Decision:
    """Where ``match`` stands: decided or not, who goes through, the score."""
    return decide(match, tournament.knockout, tournament.settings.scoring, _ratings(tournament))


def decisions(tournament: KnockoutTournament, rnd: KnockoutRound) -> list[Decision]:
    return [decision(tournament, m) for m in rnd.matches]


def with_waiting(tournament: KnockoutTournament) -> KnockoutTournament:
    """The rounds as a folder stores them, each later round's match marked with the matches before it
    that it waits for: those not decided (a correction reopened them after its round was paired; their
    slot is stored empty). What the store reads."""
    rounds = list(tournament.rounds)
    for index in range(1, len(rounds)):
        if not _decidable(tournament, rounds[index - 1]):
            break  # a game between other players, or past the last stage: the folder's check names it
        before = decisions(tournament, rounds[index - 1])
        rounds[index] = replace(rounds[index], matches=tuple(
            replace(m, waiting=tuple(f for f in fed_by(m.number) if f <= len(before) and not before[f - 1].decided))
            for m in rounds[index].matches))
    return replace(tournament, rounds=tuple(rounds))


def _decidable(tournament: KnockoutTournament, rnd: KnockoutRound) -> bool:
    """Can the matches of ``rnd`` be decided: each game between its match's two players, in a stage?"""
    last = sum(stage.games for stage in tournament.knockout.stages)
    return all(len(m.players) == 2 and sorted(g.players) == sorted(m.players) and 1 <= g.game <= last
               for m in rnd.matches for g in m.games)


def champion(tournament: KnockoutTournament) -> int | None:
    """The winner of the final, once it is decided."""
    if not tournament.rounds or tournament.last_round < tournament.total_rounds:
        return None
    final = decision(tournament, tournament.rounds[-1].matches[0])
    return final.winner if final.decided else None


def _not_finalised(tournament: KnockoutTournament, but: str = "") -> None:
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}{but}")


FINALISED_CORRECTION = ("; only a correction (--correct) can change it now, one that keeps every match decided by its "
                        "games and who went through before the final")


def _finalised_correction(before: KnockoutTournament, after: KnockoutTournament) -> None:
    """A correction after finalising (C.04.2 4.3) keeps the bracket as it was played: every match still
    decided, and the same player through in every match before the final (the later rounds were played
    by them). Only the final's winner may change, and the final files with it."""
    if before.settings.status is not Status.FINALISED:
        return
    total = before.total_rounds
    for old_round, new_round in zip(before.rounds, after.rounds):
        for old, new in zip(old_round.matches, new_round.matches):
            was, now = decision(before, old), decision(after, new)
            where = f"round {new_round.number} match {new.number}"
            if not now.decided or len(new.games) != len(old.games):
                how = "leave {} undecided (tied: it would need more games)" if not now.decided else \
                    "change the games {} was decided by"
                raise Refused(f"the event was finalised on {before.settings.finalised_on}: this correction would "
                              f"{how.format(where)}; after finalising, every match keeps its games and stays decided")
            if was.winner != now.winner and new_round.number < total:
                raise Refused(f"the event was finalised on {before.settings.finalised_on}: this correction would "
                              f"send {_who(after, now.winner)} through in {where} instead of "
                              f"{_who(before, was.winner)}, who played the rounds after it; after finalising, only "
                              "the final's winner may change")


def _new_match(tournament: KnockoutTournament, number: int, round_number: int, first: int | None,
               second: int | None, waiting: tuple[int, ...] = ()) -> KnockoutMatch:
    """A new match, forfeited when a player withdrew before it, with its main games; one that waits
    for the winner of a match before it (``waiting``) has no game yet."""
    if waiting:
        return KnockoutMatch(number, first, second, waiting=waiting)
    match = KnockoutMatch(number, first, second)
    alone = [p for p in (first, second) if p is not None]
    if len(alone) == 1 and tournament.by_number[alone[0]].is_withdrawn:
        match = replace(match, forfeit=GameResult.DOUBLE_FORFEIT)
    if first is not None and second is not None:
        gone = [tournament.by_number[p].is_withdrawn for p in (first, second)]
        if any(gone):
            match = replace(match, forfeit=GameResult.DOUBLE_FORFEIT if all(gone) else
                            GameResult.BLACK_FORFEIT_WIN if gone[0] else GameResult.WHITE_FORFEIT_WIN)
    settled, _ = settle(match, tournament.knockout, tournament.settings.scoring, _ratings(tournament),
                        _colours(tournament, round_number))
    return settled


def pair_knockout_round(tournament: KnockoutTournament) -> tuple[KnockoutTournament, KnockoutRound, list[Change]]:
    """The act: pair the next round. Round 1 closes the registration and makes the bracket (seeded,
    or drawn by lot from the stored seed); a later round needs every match of the one before
    decided, and pairs their winners."""
    _not_finalised(tournament)
    changes: list[Change] = []
    if not tournament.rounds:
        active = [p for p in tournament.players if not p.is_withdrawn]
        if len(active) != len(tournament.players):
            raise Refused("a player withdrew before round 1: remove them ('arbiter player remove') before the draw")
        if len(active) < 2:
            raise Refused("at least 2 players are needed for a knockout")
        numbers = [p.start_number for p in tournament.players]
        if tournament.knockout.seeding == "seeded":
            bracket = seeded_bracket(len(numbers))
            how = "seeded"
        else:
            bracket = drawn_bracket(numbers, tournament.settings.seed)
            how = f"drawn by lot (seed {tournament.settings.seed})"
        tournament = replace(tournament, bracket=bracket,
                             settings=tournament.settings.model_copy(update={"status": Status.RUNNING}))
        changes.append(Change("bracket", "", f"{how}: " + " ".join("-" if s is None else str(s) for s in bracket)))
        changes.append(Change("status", Status.REGISTRATION.value, Status.RUNNING.value))
        pairs = first_round_pairs(bracket)
    else:
        last = tournament.rounds[-1]
        if tournament.last_round >= tournament.total_rounds:
            raise Refused("the final is paired: the knockout has no round left")
        states = decisions(tournament, last)
        open_ = [m.number for m, d in zip(last.matches, states) if not d.decided]
        if open_:
            raise Refused(f"round {last.number} has no winner yet in match{'es' if len(open_) > 1 else ''} "
                          f"{listed(open_)}")
        pairs = next_round_pairs([d.winner for d in states])
    number = tournament.last_round + 1
    new = KnockoutRound(number, tuple(_new_match(tournament, i, number, a, b) for i, (a, b) in enumerate(pairs, 1)))
    after = replace(tournament, rounds=(*tournament.rounds, new))
    played = sum(1 for m in new.matches if m.games)
    changes.append(Change(f"round {number} paired", "", f"{round_name(number, after.total_rounds)}: "
                          f"{played} match{'es' if played != 1 else ''}, {count(len(new.matches) - played, 'walkover')}"))
    return after, new, changes


def unpair_knockout_round(tournament: KnockoutTournament) -> tuple[KnockoutTournament, KnockoutRound, list[Change]]:
    """The act: take the last round back while none of its games has a result; round 1 takes the
    bracket with it and opens the registration again."""
    _not_finalised(tournament)
    if not tournament.rounds:
        raise Refused("no round has been paired")
    last = tournament.rounds[-1]
    played = [f"{m.number}.{g.game}" for m in last.matches for g in m.games if g.result is not None]
    if played:
        raise Refused(f"round {last.number} has results ({', '.join(played[:5])}{', ...' if len(played) > 5 else ''}); "
                      "correct them to none first")
    after = replace(tournament, rounds=tournament.rounds[:-1])
    changes = [Change(f"round {last.number} unpaired", f"{len(last.matches)} matches", "")]
    if last.number == 1:
        after = replace(after, bracket=(), settings=after.settings.model_copy(update={"status": Status.REGISTRATION}))
        changes += [Change("bracket", " ".join("-" if s is None else str(s) for s in tournament.bracket), ""),
                    Change("status", Status.RUNNING.value, Status.REGISTRATION.value)]
    return after, last, changes


def parse_match_game(text: str) -> tuple[int, int]:
    """``MATCH.GAME`` as typed: ``3.2`` is match 3, game 2."""
    match, dot, game = text.partition(".")
    if not dot or not match.isdigit() or not game.isdigit() or int(match) < 1 or int(game) < 1:
        raise BadArgument(f"{text!r} is not MATCH.GAME (e.g. 3.2: match 3, game 2)", field="MATCH.GAME")
    return int(match), int(game)


def parse_place(text: str) -> tuple[int, int | None]:
    """A place as typed: ``3.2`` a game (match 3, game 2), ``3`` the whole match 3 (its forfeit)."""
    if text.isdigit() and int(text) >= 1:
        return int(text), None
    try:
        return parse_match_game(text)
    except BadArgument:
        raise BadArgument(f"{text!r} is neither MATCH.GAME (e.g. 3.2: match 3, game 2) nor MATCH (3: a whole "
                          "match, forfeited with +/- or -/+)", field="MATCH.GAME") from None


#: A whole match's forfeit as typed, read from the match's line (the upper slot's player first, as the
#: bracket and the pairings name them): ``+/-`` the first player goes through, ``-/+`` the second.
MATCH_FORFEITS = {GameResult.WHITE_FORFEIT_WIN: 0, GameResult.BLACK_FORFEIT_WIN: 1}


def _no_game_to_forfeit(tournament: KnockoutTournament, round_number: int, match: KnockoutMatch, what: str) -> None:
    """A match with no game of its own (a bye, a withdrawal's forfeit, one waiting for its players) has
    none to ``what`` (forfeit, clear) as a whole: refused, saying what it is."""
    if match.forfeit is not None or not match.games or match.first is None or match.second is None:
        how = decision(tournament, match).how
        kinds = {"bye": "a bye", "forfeit": f"forfeited already ({match.forfeit.value if match.forfeit else ''}: a "
                                             "withdrawal)", "waiting": "waiting for its players"}
        raise Refused(f"round {round_number} match {match.number} has no game to {what}: it is "
                      f"{kinds.get(how, 'a walkover')}")


def _match_lines(tournament: KnockoutTournament, round_number: int, match_number: int, code: str | GameResult | None,
                 correct: bool, line: int | None = None) -> list[_GameLine]:
    """A whole match forfeited at once (``result ROUND MATCH +/-``) as one line per game of the match's
    own (main) games, each the forfeit seen from that game's White: the games the match is decided by, so
    that no tie-break game follows. A match with no game (a bye, a walkover, one waiting for its
    players), a result that is not a one-sided forfeit, or a match with results already (entered game by
    game, unless ``--correct`` replaces them), is named and refused by the game lines' own checks."""
    if not correct:
        _not_finalised(tournament, FINALISED_CORRECTION)
    result = read_result(code) if isinstance(code, str) else code
    if result is GameResult.DOUBLE_FORFEIT:
        raise BadArgument(f"-/- on match {match_number}: a whole match forfeited by both players sends nobody "
                          "through; withdraw both ('arbiter player withdraw N'), and the next round's opponent "
                          "goes through", field="result")
    rnd = tournament.round(round_number)
    match = rnd.match(match_number) if rnd is not None else None
    if result is None and correct and match is not None and match.forfeit is None and match.games:
        # 'ROUND MATCH none --correct': every game of the match cleared at once, as a team's match forfeit is
        # (the trial of issue 30: a whole match's forfeit could only be taken back game by game)
        # every game, the last first: the tie-break games' results go before the main games that led to them,
        # and once the match is open again the tie-break games it no longer reaches are dropped
        return [_GameLine(match_number, g.game, None, line) for g in reversed(match.games) if g.result is not None]
    if result is None and correct and match is not None:
        _no_game_to_forfeit(tournament, round_number, match, "clear")  # a bye, a withdrawal's forfeit, a waiting match
    if result not in MATCH_FORFEITS:
        shown = result.value if result is not None else "none"
        raise BadArgument(f"{shown} on match {match_number}: a whole match takes only a forfeit, +/- (the first "
                          f"player goes through) or -/+ (the second), or none with --correct to clear every game; a "
                          f"game's result goes by MATCH.GAME (e.g. {match_number}.1 {shown})", field="result")
    if rnd is None or match is None:  # named as a game's line would name it
        return [_GameLine(match_number, 1, result, line)]
    _no_game_to_forfeit(tournament, round_number, match, "forfeit")
    winner = (match.first, match.second)[MATCH_FORFEITS[result]]
    main = [g for g in match.games if g.game <= tournament.knockout.games_per_match]
    lines = [_GameLine(match_number, g.game, GameResult.WHITE_FORFEIT_WIN if g.white == winner
                       else GameResult.BLACK_FORFEIT_WIN, line) for g in main]
    played = _results(match)
    if played and not correct and [g.result for g in match.games] != [x.code for x in lines]:
        left = next((g.game for g in match.games if g.result is None), None)
        one_by_one = f"enter the games left one by one (e.g. {match_number}.{left} +/-), or " if left else ""
        raise Refused(f"round {round_number} match {match_number} has results ({', '.join(played)}): a whole match "
                      f"is forfeited before it is played; {one_by_one}give --correct to replace every result of "
                      "the match")
    return lines


@dataclass(frozen=True)
class Entered:
    """A result entered: the tournament, its journal lines, and what the person should know."""

    tournament: KnockoutTournament
    changes: tuple[Change, ...]
    notes: tuple[str, ...]


def _who(tournament: KnockoutTournament, number: int | None) -> str:
    return "nobody" if number is None else named(number, tournament.by_number[number].name)


@dataclass(frozen=True)
class _GameLine:
    """A knockout's line: the match, the game, the result as given (a code is read once the game is
    found), the line of the bulk input, and the stored result it expects (``was``)."""

    match: int
    game: int
    code: str | GameResult | None
    line: int | None = None
    was: GameResult | None | Unset = UNSET


_Place = tuple[KnockoutRound, KnockoutMatch, KnockoutGame]


def _armageddon_decides(entry: Entry[_Place], act: Act) -> Verdict:
    """The Armageddon game decides the match: no double loss, no double forfeit."""
    _, match, game = entry.at
    if entry.result is not None and game.stage == "armageddon" \
            and entry.result in (GameResult.DOUBLE_FORFEIT, GameResult.DOUBLE_LOSS):
        raise BadArgument(f"{entry.result.value} in the Armageddon game {match.number}.{game.game}: it must decide "
                          "the match (1-0, 0-1, 1/2 for Black, +/- or -/+)", field="result")
    return None


def _needs_correct(entry: Entry[_Place], act: Act) -> Verdict:
    """A game's result, once entered, changes only with ``--correct``: refused at once, as a knockout's
    lines are entered one after the other."""
    if entry.stored is not None and not act.correct:
        raise Refused(f"round {act.round_number} {entry.where} already has {entry.stored.value}; "
                      "give --correct to change it")
    return None


@dataclass(frozen=True)
class _Games:
    """A knockout's result entry: a line is a game of a match (``MATCH.GAME``), entered on the event as
    the lines before left it (a tie-break game one line adds can be given on a later line). A match left
    tied gets its next stage's games; a correction that changes who went through reaches only the match
    of the next round that the winner goes on to (and, from there, the matches it feeds): that match is
    refused while it is paired with the old winner, unless ``force``, which pairs it again (:func:`_carry`)."""

    force: bool
    finalised_refuses_conflicts = True  # a finalised knockout takes only corrections: it says so first

    @property
    def checks(self) -> tuple[Check[_Place], ...]:
        return (no_unfinished, _armageddon_decides, unchanged, _needs_correct)

    def find(self, tournament: KnockoutTournament, line: _GameLine, act: Act) -> Entry[_Place]:
        rnd = tournament.round(act.round_number)
        match = rnd.match(line.match) if rnd is not None else None
        game = match.game(line.game) if match is not None else None
        if game is not None and not isinstance(line.was, Unset) and game.result != line.was:  # before all else
            raise Refused(f"game {line.match}.{line.game} now has {game.result.value if game.result else 'none'}, "
                          f"not {line.was.value if line.was else 'none'}: nothing was saved")
        if not act.correct:
            _not_finalised(tournament, FINALISED_CORRECTION)
        if rnd is None:
            raise BadArgument(f"there is no round {act.round_number}; {paired_rounds(tournament.last_round)}"
                              if tournament.rounds else "no round has been paired yet (use 'arbiter pair')",
                              field="round_number")
        if match is None:
            raise BadArgument(f"round {act.round_number} has matches 1 to {len(rnd.matches)}", field="MATCH.GAME")
        if game is None and match.waiting:
            raise Refused(f"round {act.round_number} match {line.match} has no game yet: it waits for the winner of "
                          f"round {act.round_number - 1} match {' and '.join(map(str, match.waiting))}")
        if game is None:
            games = f"games 1 to {len(match.games)}" if match.games else "no game (a walkover)"
            raise BadArgument(f"round {act.round_number} match {line.match} has {games}", field="MATCH.GAME")
        result = read_result(line.code) if isinstance(line.code, str) else line.code
        return Entry(f"game {line.match}.{line.game}", game.result, result, line.was, (rnd, match, game))

    def apply(self, tournament: KnockoutTournament, entry: Entry[_Place], act: Act) -> Applied[KnockoutTournament]:
        rnd, match, game = entry.at
        number = act.round_number
        settled, dropped = settle(replace(match, games=tuple(replace(g, result=entry.result) if g.game == game.game
                                                             else g for g in match.games)),
                                  tournament.knockout, tournament.settings.scoring, _ratings(tournament),
                                  _colours(tournament, number))
        lost = [g for g in dropped if g.result is not None]
        if lost and not self.force:
            raise Refused(f"this correction decides match {match.number} before game"
                          f"{'s' if len(lost) > 1 else ''} {', '.join(f'{match.number}.{g.game}' for g in lost)}, "
                          "which have results; give --force to drop them")
        rounds = list(tournament.rounds)
        rounds[number - 1] = replace(rnd, matches=tuple(settled if m.number == match.number else m
                                                        for m in rnd.matches))
        rounds = _carry(tournament, rounds, number, match.number, self.force, [], [])
        # the journal and the notes are the net change of all the lines (:func:`_net`)
        return Applied(replace(tournament, rounds=tuple(rounds)),
                       (Change(f"round {number} {entry.where} result", _code(entry.stored), _code(entry.result)),))


def _pairing_text(tournament: KnockoutTournament, match: KnockoutMatch) -> str:
    """A match's players in words, a slot that waits named by the match it waits for."""
    def slot(player: int | None, feeder: int) -> str:
        return f"the winner of match {feeder}" if feeder in match.waiting else _who(tournament, player)

    first, second = fed_by(match.number)
    return f"{slot(match.first, first)} v {slot(match.second, second)}"


def _carry(tournament: KnockoutTournament, rounds: list[KnockoutRound], number: int, match_number: int, force: bool,
           changes: list[Change], notes: list[str]) -> list[KnockoutRound]:
    """Match ``match_number`` of round ``number`` (in ``rounds``) has changed: its winner goes into the
    one match of the next round it feeds (its slot is emptied, and the match waits, while it has no
    winner), and on from there, round after round, as far as the change reaches. Every other match
    stays as it is, with its results.

    A match that waited for this one gets its player and its games. A match paired with another player
    is paired again only with ``force`` (refused otherwise, naming each match and the results it would
    lose); its games go, and the results dropped are journalled match by match."""
    again: list[tuple[int, int, str, int, list[str]]] = []  # (round, match, who was in the slot, from, results)
    while number < len(rounds):
        state = decision(tournament, rounds[number - 1].matches[match_number - 1])
        fed, side = feeds(match_number)
        nxt = rounds[number]
        old = nxt.matches[fed - 1]
        slots = [old.first, old.second]
        slots[side] = state.winner if state.decided else None
        waiting = tuple(sorted({*old.waiting} - {match_number} | (set() if state.decided else {match_number})))
        if (slots[0], slots[1], waiting) == (old.first, old.second, old.waiting):
            break
        new = _new_match(tournament, fed, number + 1, slots[0], slots[1], waiting)
        if match_number not in old.waiting:  # a player in it is replaced: paired again
            again.append((number + 1, fed, _who(tournament, (old.first, old.second)[side]), match_number,
                          _results(old)))
        change, dropped = _repaired(tournament, number + 1, old, new)
        changes.append(change)
        notes += dropped
        rounds[number] = replace(nxt, matches=tuple(new if m.number == fed else m for m in nxt.matches))
        was, now = decision(tournament, old), decision(tournament, new)
        if (was.decided, was.winner) == (now.decided, now.winner):
            break
        number, match_number = number + 1, fed
    if again and not force:
        first_round, first_match, who, source, _ = again[0]
        named_ = "; ".join(f"round {r} match {m}" + (f" (dropping {', '.join(lost)})" if lost else "")
                           for r, m, _, _, lost in again)
        raise Refused(f"round {first_round} match {first_match} is paired with {who} from match {source}; this "
                      f"correction changes who goes through: give --force to pair again {named_}")
    return rounds


def _results(match: KnockoutMatch) -> list[str]:
    """The results ``match`` holds, each as ``MATCH.GAME CODE``."""
    return [f"{match.number}.{g.game} {g.result.value}" for g in match.games if g.result is not None]


def _repaired(tournament: KnockoutTournament, number: int, old: KnockoutMatch,
              new: KnockoutMatch) -> tuple[Change, list[str]]:
    """The journal line of round ``number``'s match paired anew, ``old`` -> ``new``, and its note:
    *paired*, when each slot that changed waited for its feeder's winner; *paired again* when a
    player in it is replaced (or its slot emptied to wait), with the results it held, which go."""
    feeders = fed_by(new.number)
    if all(was == now or (was is None and feeder in old.waiting)
           for was, now, feeder in zip((old.first, old.second), (new.first, new.second), feeders)):
        return Change(f"round {number} match {new.number} paired", _pairing_text(tournament, old),
                      _pairing_text(tournament, new)), []
    results = _results(old)
    notes = [f"round {number} match {new.number}: its results dropped ({', '.join(results)}); every other match "
             "keeps its own"] if results else []
    return Change(f"round {number} match {new.number} paired again", "; ".join([_pairing_text(tournament, old),
                                                                               *results]),
                  _pairing_text(tournament, new)), notes


def _game_text(game: KnockoutGame) -> str:
    """A game in words for the journal: its stage, its players (White first), its result if any."""
    return f"{game.stage}: {game.white} v {game.black}" + (f", {game.result.value}" if game.result else "")


def _net(before: KnockoutTournament, after: KnockoutTournament) -> tuple[tuple[Change, ...], tuple[str, ...]]:
    """What a result entry changed, as a whole (its lines are entered one after the other, each on
    the event the lines before left): for each match, the results changed, the games dropped and the
    tie-break games added, and each later match paired anew (:func:`_repaired`), from ``before`` to
    ``after`` only. A game one line adds and a later line drops again, or a match paired again and
    back, is no change (issue 25). The notes: the tie-break games added, the results dropped, who
    goes through now."""
    changes: list[Change] = []
    tied: list[str] = []
    dropped: list[str] = []
    through: list[str] = []
    for old_round, new_round in zip(before.rounds, after.rounds):
        number = new_round.number
        for old, new in zip(old_round.matches, new_round.matches):
            if old == new:
                continue
            if (old.first, old.second, old.waiting) != (new.first, new.second, new.waiting):
                change, notes = _repaired(before, number, old, new)
                changes.append(change)
                dropped += notes
                continue
            had = {g.game: g for g in old.games}
            has = {g.game for g in new.games}
            changes += [Change(f"round {number} game {new.number}.{g.game} result", _code(had[g.game].result),
                               _code(g.result)) for g in new.games if g.game in had and had[g.game].result != g.result]
            changes += [Change(f"round {number} game {old.number}.{g.game} dropped", _game_text(g), "")
                        for g in old.games if g.game not in has]
            added = [g for g in new.games if g.game not in had]
            changes += [Change(f"round {number} game {new.number}.{g.game} added", "", _game_text(g)) for g in added]
            tied += [f"match {new.number} tied: {g.stage} game {new.number}.{g.game} added, {g.white} (White) v "
                     f"{g.black} (Black)" for g in added]
            through += _goes_through(before, number, new.number, decision(before, old), decision(after, new))
    return tuple(changes), (*tied, *dropped, *through)


def _code(result: GameResult | None) -> str:
    return result.value if result is not None else ""


def _goes_through(tournament: KnockoutTournament, round_number: int, match: int, before: Decision,
                  after: Decision) -> list[str]:
    """What a result did to a match: who goes through now, or, in the final, who wins it."""
    does = "wins the final" if round_number == tournament.total_rounds else "goes through"
    if after.decided and not before.decided:
        return [f"match {match}: {_who(tournament, after.winner)} {does}"]
    if after.decided and before.winner != after.winner:
        return [f"match {match}: now {_who(tournament, after.winner)} {does} "
                f"(was {_who(tournament, before.winner)})"]
    return []


def enter_knockout_result(tournament: KnockoutTournament, round_number: int, match_number: int,
                          game_number: int | None, code: str | GameResult | None, *, correct: bool = False,
                          force: bool = False) -> Entered:
    """The act: a game's result (:mod:`.entry`), or a whole match's forfeit (``game_number`` None:
    :func:`_match_lines`, every game of the match's own forfeited). A match left tied gets its next stage's games; a
    correction that changes who went through is refused while the next round's match holds the old
    winner, unless ``force``, which pairs that match again, and only it and the matches it feeds
    (journalled match by match, with the results they held; :func:`_carry`)."""
    lines = [_GameLine(match_number, game_number, code)] if game_number is not None else \
        _match_lines(tournament, round_number, match_number, code, correct)
    force = force or tournament.settings.status is Status.FINALISED  # what a correction changes: refused below
    entered = _entered(compare_and_set(_Games(force), tournament, lines,
                                       Act(round_number, correct, tournament.settings)), tournament)
    if not entered.changes:
        where = f"game {match_number}.{game_number}" if game_number is not None else f"match {match_number}"
        return Entered(tournament, (), (f"round {round_number} {where}: nothing changed",))
    return entered


def _entered(applied: Applied[KnockoutTournament], before: KnockoutTournament) -> Entered:
    """Lines entered on ``before``: the event after them, with the net change as its journal and notes."""
    if not applied.changes:
        return Entered(before, (), ())
    changes, notes = _net(before, applied.state)
    if changes:
        _finalised_correction(before, applied.state)
    return Entered(applied.state if changes else before, changes, notes)


def enter_knockout_results(tournament: KnockoutTournament, round_number: int, text: str, source: str, *,
                           correct: bool = False, force: bool = False) -> Entered:
    """The act of ``result ROUND --from FILE``: lines ``MATCH.GAME RESULT [was OLD]``, entered in order
    (a tie-break game added by one line can be given on a later line), all or nothing; an error names
    the file and the line. A round not paired is no line's fault: refused before the file is read, as
    ``ROUND`` names it on the command line."""
    if tournament.round(round_number) is None:
        raise BadArgument(f"there is no round {round_number}; {paired_rounds(tournament.last_round)}"
                          if tournament.rounds else "no round has been paired yet (use 'arbiter pair')",
                          field="round_number")

    def place(text: str, line: int) -> tuple[int, int | None]:
        try:
            return parse_place(text)
        except BadArgument as error:
            raise BadArgument(error.message, source=source, line=line, field="MATCH.GAME") from None

    lines: list[_GameLine] = []
    whole: dict[int, int] = {}  # a match forfeited whole -> its line
    read = read_result_lines(text, source, place, "MATCH.GAME")
    for line, (match, game), result, was in read:
        if game is not None:
            lines.append(_GameLine(match, game, result, line, was))
            continue
        if not isinstance(was, Unset):
            raise BadArgument(f"match {match}: 'was' is given game by game (MATCH.GAME RESULT was OLD)",
                              source=source, line=line, field="was")
        whole[match] = line
        try:
            lines += _match_lines(tournament, round_number, match, result, correct, line)
        except DomainError as error:
            raise type(error)(error.message, source=source, line=line, field=error.field) from None
    for line, (match, game), _, _ in read:
        if game is not None and match in whole:
            raise BadArgument(f"game {match}.{game}: match {match} is forfeited whole on line {whole[match]}",
                              source=source, line=line, field="MATCH.GAME")
    force = force or tournament.settings.status is Status.FINALISED  # what a correction changes: refused below
    return _entered(compare_and_set(_Games(force), tournament, lines, Act(round_number, correct, tournament.settings,
                                                                          source)), tournament)


def withdraw_knockout_player(tournament: KnockoutTournament, start_number: int) -> tuple[KnockoutTournament,
                                                                                         list[Change]]:
    """The act: a player withdraws. In their undecided match the opponent goes through by forfeit (games
    without a result are dropped; a later round's match that waited for it gets the opponent); a later
    match, and one still waiting for the opponent, is forfeited when it is paired."""
    _not_finalised(tournament)
    player = tournament.by_number.get(start_number)
    if player is None:
        raise BadArgument(f"there is no player with start number {start_number}", field="start_number")
    if player.is_withdrawn:
        raise Refused(f"{_who(tournament, start_number)} has already withdrawn")
    if not tournament.rounds:
        raise Refused("no round is paired yet: remove the player instead ('arbiter player remove')")
    for played in tournament.rounds:  # only a player still in the event can withdraw from it
        for match in played.matches:
            if start_number in match.players and (state := decision(tournament, match)).decided \
                    and state.winner != start_number:
                raise Refused(f"{_who(tournament, start_number)} is already out (round {played.number}, match "
                              f"{match.number}): there is nothing to withdraw from")
    changes: list[Change] = []
    rounds = list(tournament.rounds)
    # the player's match now: their last one (in the last round, or a match a correction reopened that a
    # later round's match waits for)
    played, match = max(((rnd, m) for rnd in rounds for m in rnd.matches if start_number in m.players),
                        key=lambda found: found[0].number)
    state = decision(tournament, match)
    withdrawn_after = played.number
    forfeited = match
    if match.waiting:  # the opponent is not known yet: the match is forfeited when they are
        withdrawn_after = played.number - 1
    elif state.decided and match.forfeit is not None and state.winner == start_number:
        # the opponent withdrew before the match, and now this player too: nobody goes through
        forfeited = replace(match, forfeit=GameResult.DOUBLE_FORFEIT)
        changes.append(Change(f"round {played.number} match {match.number} forfeit",
                              match.forfeit.value if match.forfeit else "",
                              f"{GameResult.DOUBLE_FORFEIT.value}: nobody goes through"))
        withdrawn_after = played.number - 1
    elif not state.decided:
        other = match.second if match.first == start_number else match.first
        forfeit = GameResult.BLACK_FORFEIT_WIN if match.first == start_number else GameResult.WHITE_FORFEIT_WIN
        forfeited = replace(match, forfeit=forfeit, games=tuple(g for g in match.games if g.result is not None))
        changes.append(Change(f"round {played.number} match {match.number} forfeit", "",
                              f"{forfeit.value}: {_who(tournament, other)} goes through"))
        # a match begun (a game with a result) was played in this round: the withdrawal comes after it
        begun = any(g.result is not None for g in match.games)
        withdrawn_after = played.number if begun else played.number - 1
    players = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": withdrawn_after})
                    if p.start_number == start_number else p for p in tournament.players)
    after = replace(tournament, players=players)
    rounds[played.number - 1] = replace(played, matches=tuple(forfeited if m.number == match.number else m
                                                              for m in played.matches))
    rounds = _carry(after, rounds, played.number, match.number, False, changes, [])  # a later match waiting for it
    changes.insert(0, Change(f"player {named(start_number, player.name)} status", "active",
                             f"withdrawn after round {withdrawn_after}"))
    return replace(after, rounds=tuple(rounds)), changes
