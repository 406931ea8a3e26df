"""A knockout event's acts (issue 18): creating it from seeded players, pairing the next round,
entering a game's result (the tie-break games follow by themselves), a withdrawal, and what each
match stands at.

Every act is pure: ``(KnockoutTournament, arguments) -> (KnockoutTournament, [Change])``. The
rules of a match are :mod:`arbiter_cli.pairing.knockout_match`, those of the bracket
:mod:`arbiter_cli.pairing.knockout`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbiter_cli.core.errors import BadArgument, DomainError, Refused
from arbiter_cli.core.knockout import KnockoutMatch, KnockoutRound, KnockoutTournament, round_name
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Player, Settings, Status, System
from arbiter_cli.core.results import GameResult, parse_result
from arbiter_cli.lifecycle.guards import paired_rounds
from arbiter_cli.core.tpn import renumber
from arbiter_cli.core.words import count
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.results import UNSET, read_result_lines
from arbiter_cli.pairing.knockout import drawn_bracket, first_round_pairs, next_round_pairs, seeded_bracket
from arbiter_cli.pairing.knockout_match import Colours, Decision, decide, settle

__all__ = ["enter_knockout_results", "unpair_knockout_round", "knockout_event", "decision", "decisions", "pair_knockout_round", "enter_knockout_result",
           "withdraw_knockout_player", "parse_match_game", "champion", "Entered"]


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


def champion(tournament: KnockoutTournament) -> int | None:
    """The winner of the final, once it is decided."""
    if not tournament.rounds or tournament.last_round < tournament.total_rounds:
        return None
    final = decision(tournament, tournament.rounds[-1].matches[0])
    return final.winner if final.decided else None


def _not_finalised(tournament: KnockoutTournament) -> None:
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}")


def _new_match(tournament: KnockoutTournament, number: int, round_number: int, first: int | None,
               second: int | None) -> KnockoutMatch:
    """A new match, forfeited when a player withdrew before it, with its main games."""
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
                          f"{', '.join(map(str, open_))}")
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


@dataclass(frozen=True)
class Entered:
    """A result entered: the tournament, its journal lines, and what the person should know."""

    tournament: KnockoutTournament
    changes: tuple[Change, ...]
    notes: tuple[str, ...]


def _who(tournament: KnockoutTournament, number: int | None) -> str:
    return "nobody" if number is None else named(number, tournament.by_number[number].name)


def enter_knockout_result(tournament: KnockoutTournament, round_number: int, match_number: int, game_number: int,
                          code: str | GameResult | None, *, correct: bool = False, force: bool = False) -> Entered:
    """The act: a game's result. A match left tied gets its next stage's games; a correction that
    changes who went through is refused while a later round holds the old winner, unless ``force``,
    which unpairs the later rounds (journalled, with the results they held)."""
    _not_finalised(tournament)
    rnd = tournament.round(round_number)
    if rnd is None:
        raise BadArgument(f"there is no round {round_number}; {paired_rounds(tournament.last_round)}"
                          if tournament.rounds else "no round has been paired yet (use 'arbiter pair')",
                          field="round_number")
    match = rnd.match(match_number)
    if match is None:
        raise BadArgument(f"round {round_number} has matches 1 to {len(rnd.matches)}", field="MATCH.GAME")
    game = match.game(game_number)
    if game is None:
        games = f"games 1 to {len(match.games)}" if match.games else "no game (a walkover)"
        raise BadArgument(f"round {round_number} match {match_number} has {games}", field="MATCH.GAME")
    try:
        result = parse_result(code) if isinstance(code, str) else code
    except ValueError as error:
        raise BadArgument(str(error), field="result") from None
    if game.stage == "armageddon" and result in (GameResult.DOUBLE_FORFEIT, GameResult.DOUBLE_LOSS):
        raise BadArgument(f"{result.value} in the Armageddon game {match_number}.{game_number}: it must decide the "
                          "match (1-0, 0-1, 1/2 for Black, +/- or -/+)", field="result")
    if result == game.result:
        return Entered(tournament, (), (f"round {round_number} match {match_number}.{game_number}: nothing changed",))
    if game.result is not None and not correct:
        raise Refused(f"round {round_number} game {match_number}.{game_number} already has {game.result.value}; "
                      "give --correct to change it")
    before = decision(tournament, match)
    changed = replace(match, games=tuple(replace(g, result=result) if g.game == game_number else g
                                         for g in match.games))
    settled, dropped = settle(changed, tournament.knockout, tournament.settings.scoring, _ratings(tournament),
                              _colours(tournament, round_number))
    lost = [g for g in dropped if g.result is not None]
    if lost and not force:
        raise Refused(f"this correction decides match {match_number} before game"
                      f"{'s' if len(lost) > 1 else ''} {', '.join(f'{match_number}.{g.game}' for g in lost)}, "
                      "which have results; give --force to drop them")
    after_decision = decision(tournament, settled)
    changes = [Change(f"round {round_number} game {match_number}.{game_number} result",
                      game.result.value if game.result else "", result.value if result else "")]
    changes += [Change(f"round {round_number} game {match_number}.{g.game} dropped", g.result.value if g.result else "",
                       "") for g in dropped]
    added = [g for g in settled.games if match.game(g.game) is None]
    changes += [Change(f"round {round_number} game {match_number}.{g.game} added", "",
                       f"{g.stage}: {g.white} v {g.black}") for g in added]
    notes = [f"match {match_number} tied: {g.stage} game {match_number}.{g.game} added, {g.white} (White) v "
             f"{g.black} (Black)" for g in added]
    rounds = list(tournament.rounds)
    rounds[round_number - 1] = replace(rnd, matches=tuple(settled if m.number == match_number else m
                                                          for m in rnd.matches))
    if (before.decided, before.winner) != (after_decision.decided, after_decision.winner) \
            and tournament.last_round > round_number:
        if not force:
            raise Refused(f"round {round_number + 1} is paired with {_who(tournament, before.winner)} from match "
                          f"{match_number}; this correction changes who goes through: give --force to unpair "
                          f"round{'s' if tournament.last_round > round_number + 1 else ''} "
                          f"{round_number + 1}-{tournament.last_round}" if tournament.last_round > round_number + 1
                          else f"round {round_number + 1} is paired with {_who(tournament, before.winner)} from "
                          f"match {match_number}; this correction changes who goes through: give --force to unpair "
                          f"round {round_number + 1}")
        for later in reversed(rounds[round_number:]):
            kept = [f"{m.number}.{g.game} {g.result.value}" for m in later.matches for g in m.games if g.result]
            changes.append(Change(f"round {later.number} unpaired", "; ".join(kept) or "no result", ""))
        rounds = rounds[:round_number]
        notes.append(f"round{'s' if len(tournament.rounds) > round_number + 1 else ''} {round_number + 1}"
                     f"{'-' + str(tournament.last_round) if tournament.last_round > round_number + 1 else ''} "
                     "unpaired: pair again with 'arbiter pair'")
    if after_decision.decided and not before.decided:
        notes.append(f"match {match_number}: {_who(tournament, after_decision.winner)} goes through")
    elif after_decision.decided and before.winner != after_decision.winner:
        notes.append(f"match {match_number}: now {_who(tournament, after_decision.winner)} goes through "
                     f"(was {_who(tournament, before.winner)})")
    return Entered(replace(tournament, rounds=tuple(rounds)), tuple(changes), tuple(notes))


def enter_knockout_results(tournament: KnockoutTournament, round_number: int, text: str, source: str, *,
                           correct: bool = False, force: bool = False) -> Entered:
    """The act of ``result ROUND --from FILE``: lines ``MATCH.GAME RESULT [was OLD]``, entered in order
    (a tie-break game added by one line can be given on a later line), all or nothing; an error names
    the file and the line."""
    def place(text: str, line: int) -> tuple[int, int]:
        try:
            return parse_match_game(text)
        except BadArgument as error:
            raise BadArgument(error.message, source=source, line=line, field="MATCH.GAME") from None

    current = tournament
    changes: list[Change] = []
    notes: list[str] = []
    for line, (match, game), result, was in read_result_lines(text, source, place, "MATCH.GAME"):
        try:
            rnd = current.round(round_number)
            found = rnd.match(match) if rnd is not None else None
            stored = found.game(game) if found is not None else None
            if was is not UNSET and stored is not None and stored.result != was:
                raise Refused(f"game {match}.{game} now has {stored.result.value if stored.result else 'none'}, "
                              f"not {was.value if was else 'none'}: nothing was saved")
            entered = enter_knockout_result(current, round_number, match, game, result, correct=correct, force=force)
        except DomainError as error:
            raise type(error)(error.message, source=source, line=line, field=error.field) from None
        current = entered.tournament
        changes += entered.changes
        notes += [n for n in entered.notes if not n.endswith("nothing changed")]
    return Entered(current, tuple(changes), tuple(notes))


def withdraw_knockout_player(tournament: KnockoutTournament, start_number: int) -> tuple[KnockoutTournament,
                                                                                         list[Change]]:
    """The act: a player withdraws. In an undecided match of the last round the opponent goes through by
    forfeit (games without a result are dropped); a later match is forfeited when it is paired."""
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
    last = rounds[-1]
    withdrawn_after = tournament.last_round
    for match in last.matches:
        if start_number not in match.players:
            continue
        state = decision(tournament, match)
        if state.decided and state.how == "forfeit" and state.winner == start_number:
            # the opponent withdrew before the match, and now this player too: nobody goes through
            rounds[-1] = replace(last, matches=tuple(replace(m, forfeit=GameResult.DOUBLE_FORFEIT)
                                                     if m.number == match.number else m for m in last.matches))
            changes.append(Change(f"round {last.number} match {match.number} forfeit",
                                  match.forfeit.value if match.forfeit else "",
                                  f"{GameResult.DOUBLE_FORFEIT.value}: nobody goes through"))
            withdrawn_after = tournament.last_round - 1
            continue
        if state.decided:
            continue
        other = match.second if match.first == start_number else match.first
        forfeit = GameResult.BLACK_FORFEIT_WIN if match.first == start_number else GameResult.WHITE_FORFEIT_WIN
        forfeited = replace(match, forfeit=forfeit, games=tuple(g for g in match.games if g.result is not None))
        rounds[-1] = replace(last, matches=tuple(forfeited if m.number == match.number else m for m in last.matches))
        changes.append(Change(f"round {last.number} match {match.number} forfeit", "",
                              f"{forfeit.value}: {_who(tournament, other)} goes through"))
        # a match begun (a game with a result) was played in this round: the withdrawal comes after it
        begun = any(g.result is not None for g in match.games)
        withdrawn_after = tournament.last_round if begun else tournament.last_round - 1
    players = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": withdrawn_after})
                    if p.start_number == start_number else p for p in tournament.players)
    changes.insert(0, Change(f"player {named(start_number, player.name)} status", "active",
                             f"withdrawn after round {withdrawn_after}"))
    return replace(tournament, players=players, rounds=tuple(rounds)), changes
