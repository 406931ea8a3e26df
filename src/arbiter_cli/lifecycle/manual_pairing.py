"""Pairing by hand (issue 17, part 4; C.04.1: a change is the arbiter's responsibility).

* :func:`swap_players`: two players of the last round exchange places (their opponents and colours;
  the PAB goes with its place).
* :func:`set_board`: a board gets WHITE against BLACK; the two players they leave are paired
  together on the other board (or the PAB goes to the one left over).
* :func:`pair_by_hand`: the next round written by hand, ``WHITE BLACK`` per line and ``PLAYER 0``
  for the PAB (the format ``arbiter trf pair`` prints; a first line with the number of pairs is
  allowed).

Each change is checked with the engine's criteria (:func:`arbiter_cli.pairing.check_by_hand`): a
broken absolute criterion (a rematch, a second PAB, a forbidden pair, an absolute colour) is
refused unless forced, and a forced change needs a reason, journaled with it; the quality criteria
the change does worse on than the engine are returned as notes. Only a round without results
changes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Bye, Game, Round, System, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.words import listed
from arbiter_cli.lifecycle.byes import take_byes
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.guards import find_player, not_finalised
from arbiter_cli.lifecycle.next_round import first_pairing_draws, ready_to_pair
from arbiter_cli.pairing import check_by_hand
from arbiter_cli.pairing.dutch.manual import ManualCheck
from arbiter_cli.pairing.swiss import round_from_pairing

__all__ = ["ByHand", "swap_players", "set_board", "pair_by_hand", "parse_pairing_text"]

_REQUESTED = (ByeKind.HPB, ByeKind.ZPB, ByeKind.FPB)


@dataclass(frozen=True)
class ByHand:
    tournament: Tournament
    round: Round
    changes: tuple[Change, ...]
    notes: tuple[str, ...]  # the quality criteria the change does worse on than the engine
    forced: tuple[str, ...]  # the absolute criteria broken on the arbiter's responsibility


def _last_round(tournament: Tournament, number: int) -> Round:
    not_finalised(tournament)
    if tournament.settings.system is not System.SWISS:
        raise Refused("a round robin's pairings come from the Berger tables (C.05); they are not changed by hand")
    if number != tournament.last_round or number < 1:
        raise BadArgument(f"only the last paired round ({tournament.last_round}) can be changed", field="round_number")
    rnd = tournament.rounds[-1]
    entered = [g.board for g in rnd.games if g.result is not None]
    if entered:
        raise Refused(f"round {number} has results (board{'s' if len(entered) > 1 else ''} "
                      f"{listed(entered)}): a pairing with results is not changed")
    return rnd


def _check_round(tournament: Tournament, number: int, rnd: Round) -> ManualCheck:
    pairs = [(g.white, g.black) for g in rnd.games]
    pab = [b.player for b in rnd.byes if b.kind is ByeKind.PAB]
    absent = frozenset(b.player for b in rnd.byes if b.kind in _REQUESTED)
    return check_by_hand(tournament, number, pairs, pab[0] if pab else None, absent)


def _checked(tournament: Tournament, number: int, new: Round, force: bool, reason: str | None,
             what: list[Change], previous: Round | None = None) -> ByHand:
    """The change checked: ``what`` it changes, from ``previous`` (the round as stored; None for a
    round paired by hand now). Only an absolute criterion that the change breaks needs ``force``
    (one an earlier forced change broke stays on that change's reason); no change is no act."""
    if previous is not None and not what:
        return ByHand(tournament, previous, (), (), ())
    check = _check_round(tournament, number, new)
    if check.errors:
        raise BadArgument(listed(check.errors, "; "))
    before = set(_check_round(tournament, number, previous).absolute) if previous is not None else set()
    broken = tuple(line for line in check.absolute if line not in before)
    if broken and not force:
        raise Refused(f"round {number}: the change breaks an absolute criterion; give --force --reason TEXT to make "
                      "it on your responsibility (C.04.1)", details=broken)
    if broken and not (reason or "").strip():
        raise BadArgument("a forced change needs --reason (it is journaled)", field="--reason")
    note = f" (by hand{': ' + reason.strip() if reason and reason.strip() else ''}"
    note += f"; forced: {'; '.join(broken)})" if broken else ")"
    changes = [replace(c, new=c.new + note) for c in what]
    after = replace(tournament, rounds=(*tournament.rounds[: number - 1], new))
    return ByHand(after, new, tuple(changes), check.quality, broken)


def _board_text(game: Game) -> str:
    return f"{game.white}-{game.black}"


def swap_players(tournament: Tournament, number: int, one: int, two: int, *, force: bool = False,
                 reason: str | None = None) -> ByHand:
    """Players ``one`` and ``two`` exchange places in round ``number`` (the last, without results)."""
    rnd = _last_round(tournament, number)
    for player in (one, two):
        find_player(tournament, player)
    if one == two:
        raise BadArgument("name two different players", field="PLAYER")
    places = {p: "board" for g in rnd.games for p in g.players} | {b.player: b.kind.value for b in rnd.byes}
    for player in (one, two):
        if player not in places:
            raise Refused(f"player {player} is not in round {number}")
        if places[player] in {k.value for k in _REQUESTED} | {ByeKind.BYE.value}:
            raise Refused(f"player {player} has a requested bye ({places[player]}) in round {number}; cancel it first")
    swap = {one: two, two: one}
    games = tuple(replace(g, white=swap.get(g.white, g.white), black=swap.get(g.black, g.black)) for g in rnd.games)
    byes = tuple(replace(b, player=swap.get(b.player, b.player)) for b in rnd.byes)
    new = replace(rnd, games=games, byes=byes)
    what = [Change(f"round {number} board {g.board}", _board_text(old), _board_text(g))
            for old, g in zip(rnd.games, games) if old != g]
    what += [Change(f"round {number} PAB", str(old.player), str(b.player)) for old, b in zip(rnd.byes, byes)
             if old != b]
    return _checked(tournament, number, new, force, reason, what, rnd)


def set_board(tournament: Tournament, number: int, board: int, white: int, black: int, *, force: bool = False,
              reason: str | None = None) -> ByHand:
    """Board ``board`` of round ``number`` becomes ``white`` against ``black``; the players they
    leave meet on the board they came from (or take the PAB)."""
    rnd = _last_round(tournament, number)
    target = rnd.game(board)
    if target is None:
        raise BadArgument(f"round {number} has no board {board} (boards 1 to {len(rnd.games)})", field="board")
    for player in (white, black):
        find_player(tournament, player)
    if white == black:
        raise BadArgument("a player cannot meet themself", field="BLACK")
    if {white, black} == set(target.players):
        new_games = tuple(replace(g, white=white, black=black) if g.board == board else g for g in rnd.games)
        new = replace(rnd, games=new_games)
        return _checked(tournament, number, new, force, reason,
                        [Change(f"round {number} board {board}", _board_text(target), f"{white}-{black}")]
                        if (white, black) != target.players else [], rnd)
    # the two players the board loses, and where the newcomers come from
    leaving = [p for p in target.players if p not in (white, black)]
    arriving = [p for p in (white, black) if p not in target.players]
    source = [g for g in rnd.games if g.board != board and set(g.players) & set(arriving)]
    pab = [b for b in rnd.byes if b.kind is ByeKind.PAB and b.player in arriving]
    for player in arriving:
        if not any(player in g.players for g in source) and not any(b.player == player for b in pab):
            raise Refused(f"player {player} is not paired in round {number} (absent, or a requested bye)")
    games = {g.board: g for g in rnd.games}
    games[board] = replace(target, white=white, black=black)
    byes = [b for b in rnd.byes if b not in pab]
    # each source board keeps its remaining player and takes one of the players who left
    free = list(leaving)
    for game in source:
        stay = [p for p in game.players if p not in arriving]
        if stay and free:
            partner = free.pop(0)
            white_stays = game.white in stay
            games[game.board] = replace(game, white=stay[0] if white_stays else partner,
                                        black=partner if white_stays else stay[0])
        elif not stay and len(free) >= 2:  # both newcomers came from this board: the two who left take it
            games[game.board] = replace(game, white=free.pop(0), black=free.pop(0))
    byes += [Bye(p, ByeKind.PAB) for p in free]
    new = replace(rnd, games=tuple(games[b] for b in sorted(games)), byes=tuple(sorted(
        byes, key=lambda b: (b.kind is not ByeKind.PAB, b.player))))
    what = [Change(f"round {number} board {g.board}", _board_text(old), _board_text(g))
            for old, g in zip(rnd.games, new.games) if old != g]
    old_pab = [b.player for b in rnd.byes if b.kind is ByeKind.PAB]
    new_pab = [b.player for b in new.byes if b.kind is ByeKind.PAB]
    if old_pab != new_pab:
        what.append(Change(f"round {number} PAB", " ".join(map(str, old_pab)), " ".join(map(str, new_pab))))
    return _checked(tournament, number, new, force, reason, what, rnd)


def parse_pairing_text(text: str, source: str, players: Collection[int] | None = None
                       ) -> tuple[list[tuple[int, int]], int | None]:
    """``WHITE BLACK`` per line and ``PLAYER 0`` for the PAB; a first line holding only the number
    of pairs (as ``trf pair`` prints it) is checked; ``#`` starts a comment. A player paired with
    themself, paired twice, or (given the event's start numbers, ``players``) nobody's number is
    named with its line."""
    lines = [(n, line.split("#", 1)[0].split()) for n, line in enumerate(text.splitlines(), start=1)]
    lines = [(n, fields) for n, fields in lines if fields]
    declared = None
    if lines and len(lines[0][1]) == 1:
        n, fields = lines.pop(0)
        if not fields[0].isdigit():
            raise BadArgument(f"{fields[0]!r}: expected 'WHITE BLACK' (two start numbers, separated by a space), "
                              "or 'PLAYER 0' for the PAB; a first line of one number is the number of pairs",
                              source=source, line=n)
        declared = int(fields[0])
    pairs: list[tuple[int, int]] = []
    bye = None
    seen: dict[int, int] = {}  # player -> the line that pairs them
    for n, fields in lines:
        if len(fields) != 2 or not all(f.isdigit() for f in fields):
            raise BadArgument("expected 'WHITE BLACK' (start numbers), or 'PLAYER 0' for the PAB", source=source,
                              line=n)
        white, black = int(fields[0]), int(fields[1])
        if white == black:
            raise BadArgument(f"player {white} is paired with themself", source=source, line=n)
        for player in (white, black) if black else (white,):
            if players is not None and player not in players:
                raise BadArgument(f"there is no player {player} (start numbers 1 to {len(players)})", source=source,
                                  line=n)
            if player in seen:
                raise BadArgument(f"player {player} is paired on line {seen[player]} already", source=source, line=n)
            seen[player] = n
        if black == 0:
            if bye is not None:
                raise BadArgument(f"a second PAB ({white}; {bye} has one)", source=source, line=n)
            bye = white
        else:
            pairs.append((white, black))
    if declared is not None and declared != len(pairs) + (bye is not None):
        raise BadArgument(f"the first line says {declared} pairs; the file has {len(pairs) + (bye is not None)}",
                          source=source, line=1)
    if not pairs and bye is None:
        raise BadArgument("no pairs in the input", source=source)
    return pairs, bye


def pair_by_hand(tournament: Tournament, pairs: list[tuple[int, int]], bye: int | None, *, force: bool = False,
                 reason: str | None = None) -> ByHand:
    """The next round, paired by hand (its requested byes kept).

    Refused when the last round is paired and has no result yet (the file is that round, paired
    again: it is unpaired first), and when the file pairs a player who is not in the round, with
    what brings them in: a withdrawn player is reinstated, a requested bye is cancelled."""
    not_finalised(tournament)
    if tournament.settings.system is not System.SWISS:
        raise Refused("a round robin's pairings come from the Berger tables (C.05)")
    last = tournament.rounds[-1] if tournament.rounds else None
    if last is not None and last.games and len(last.missing) == len(last.games):
        raise Refused(f"round {last.number} is already paired and has no result yet: to pair it by hand, "
                      f"'arbiter unpair' it first (or change it with 'arbiter pairing set|swap'); round "
                      f"{last.number + 1} is paired once round {last.number}'s results are in")
    ready_to_pair(tournament)
    prepared, first = first_pairing_draws(tournament) if not tournament.rounds else (tournament, [])
    number = prepared.last_round + 1
    prepared, requested = take_byes(prepared, number)
    _not_in_the_round(prepared, number, [p for pair in pairs for p in pair] + ([bye] if bye is not None else []),
                      requested)
    new = round_from_pairing(number, pairs, bye, requested)
    done = _checked(prepared, number, new, force, reason,
                    [Change(f"round {number} paired", "", f"{len(pairs)} boards"
                            + (f", PAB {bye}" if bye is not None else ""))])
    return replace(done, changes=(*first, *done.changes))


def _not_in_the_round(tournament: Tournament, number: int, paired: list[int], requested: Mapping[int, ByeKind]
                      ) -> None:
    """Refuse a round by hand that pairs a player who is not in it, naming each and what brings them
    in: a withdrawn player (C.04.2 3.2) is reinstated, a requested bye (3.3) is cancelled, a late
    entry waits for their round (2.4)."""
    reasons = []
    for tpn in paired:
        player = tournament.player(tpn)
        if player is None:
            continue  # no such player: the check of the pairing names it
        who = f"{tpn} ({player.name})"
        if player.withdrawn_after is not None and number > player.withdrawn_after:
            reasons.append(f"{who} withdrew after round {player.withdrawn_after}: 'arbiter player reinstate {tpn}' "
                           "brings them back")
        elif tpn in requested:
            reasons.append(f"{who} has a requested bye ({requested[tpn].value}) in round {number}: 'arbiter bye "
                           f"cancel {tpn} --round {number}' cancels it")
        elif player.entered_round is not None and number < player.entered_round:
            reasons.append(f"{who} enters in round {player.entered_round}")
    if reasons:
        raise Refused(f"round {number} by hand pairs players who are not in it: {'; '.join(reasons)}; or leave "
                      f"{'them' if len(reasons) > 1 else 'the player'} out of the file")
