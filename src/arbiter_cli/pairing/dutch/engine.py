"""The FIDE Dutch system (C.04.3, applied from 1 Feb 2026) as one weighted matching.

The criteria are not checked candidate by candidate. Instead every possible
pair gets one integer weight whose bit-fields encode the criteria in priority
order (C4 completion and C5 at the top, then C6, C7, C8, C9, C10-C13 and the
float criteria C14-C21), and a maximum-weight matching over all players to be
paired is the best pairing by C4-C21. Brackets are then settled from the top
score group down, and the generation order of Article 4 (MDP sets,
transpositions, resident exchanges) is reproduced by small nudges in the
lowest bits, each followed by a new solve: "among all pairings optimal so far,
can this preference also be met?" The design, and how it matches
bbpPairings v6 (the endorsed engine), is written up in docs/dutch-engine-notes.md.

The solver is :mod:`.matching`, a dense primal-dual blossom algorithm, exact on Python integers.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace, dataclass, field
from fractions import Fraction
from typing import TypeVar
from itertools import compress, islice, repeat
from operator import add as plus, mul as times

from arbiter_cli.core.errors import NoPairing
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.pairing.dutch.colours import allocate_colours
from arbiter_cli.pairing.dutch.matching import max_weight_matching
from arbiter_cli.pairing.dutch.completion import (
    _augment_from, blossom_families, can_complete, first_choices, first_choices_among, first_choices_in_chain,
    is_completable, lowest_pab_level, maximum_matching, pairs_greedily,
)
from arbiter_cli.pairing.dutch.state import PairingRequest, PlayerState, Strength, derive_states

_T = TypeVar("_T")

__all__ = ["NoValidPairing", "DutchResult", "BracketReport", "pair_round"]


class NoValidPairing(NoPairing):
    """No pairing satisfies C1-C3 with at most one PAB (C.04.3 1.9: the arbiter decides).
    ``blocking``: the forbidden pairs without which the round pairs (lower number first)."""

    blocking: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class BracketReport:
    """What happened in one bracket, for explaining the pairing (C.04.1 Art. 9)."""

    score: Fraction  # the residents' score
    mdps: tuple[int, ...]  # moved-down players entering the bracket (TPNs)
    residents: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]  # (higher, lower) TPNs paired in this bracket
    downfloaters: tuple[int, ...]  # left unpaired: they move down (or take the PAB)


@dataclass(frozen=True)
class DutchResult:
    pairs: tuple[tuple[int, int], ...]  # (White TPN, Black TPN) in board order
    bye: int | None
    colour_rules: dict[tuple[int, int], str] = field(default_factory=dict)
    brackets: tuple[BracketReport, ...] = ()


@dataclass
class _Player:
    state: PlayerState
    rank: int  # rank index among valid players (0-based), the pairing number bbp uses
    eligible: bool  # C2
    pref: str | None
    absolute: bool  # absolute colour preference
    abs_imbalance: bool  # |CD| > 1
    strong: bool
    repeated: str | None  # the colour of the last two played games, if equal
    played_games: int
    df1: bool = False
    uf1: bool = False
    df2: bool = False
    uf2: bool = False

    @property
    def score(self) -> Fraction:
        return self.state.score


def _player(state: PlayerState, rank: int, rounds: int) -> _Player:
    colour, strength = state.preference
    cd = state.colour_difference
    repeated = state.colours[-1] if len(state.colours) >= 2 and state.colours[-1] == state.colours[-2] else None
    floats = state.floats
    p = _Player(state, rank, state.pab_eligible, colour, strength == Strength.ABSOLUTE, abs(cd) > 1,
                strength == Strength.STRONG, repeated, len(state.colours))
    if rounds >= 1:
        p.df1, p.uf1 = floats[rounds - 1] == "down", floats[rounds - 1] == "up"
    if rounds >= 2:
        p.df2, p.uf2 = floats[rounds - 2] == "down", floats[rounds - 2] == "up"
    return p


class _Engine:
    #: S1 players in a remainder from which step F first solves for the zero-slack edges
    #: (then :meth:`_first_choices`). Since step F settles the S1 players by augmenting
    #: paths, every remainder does (1000 players, round 5: 2.3 s -> 1.9 s); the tests
    #: raise it to pair without the zero-slack edges, as before.
    MANY_S1 = 0
    #: Start local solves from the previous one. A warm start may return another optimum
    #: of equal weight than a cold one; the steps read only what all optima share
    #: (docs/dutch-engine-notes.md §4.4a, item 5), and the tests pair corpus cases both ways.
    WARM = True
    #: Step F by :func:`.completion.first_choices` on the zero-slack edges, instead of a
    #: solve with digits, when the tight solve's conditions allow (:meth:`_first_choices`).
    FIRST_CHOICES = True
    #: Step E without its solve when the last solve's zero-slack edges hold an optimal
    #: pairing with no exchange (:meth:`_natural_roles`), and step F then on those edges
    #: without its tight solve; the tests turn it off to compare with the solves.
    NATURAL = True

    def __init__(self, request: PairingRequest) -> None:
        self.request = request
        self.rounds = request.round_number - 1
        states = derive_states(request)
        participated: dict[int, bool] = {
            e.tpn: any(r.played or r.outcome.forfeit or r.outcome is Outcome.PAB for r in e.history[: self.rounds])
            for e in request.entrants
        }
        valid = [e for e in sorted(request.entrants, key=lambda e: e.tpn) if e.present or participated[e.tpn]]
        rank = {e.tpn: i for i, e in enumerate(valid)}
        present = [e for e in valid if e.present]
        players = [_player(states[e.tpn], rank[e.tpn], self.rounds) for e in present]
        players.sort(key=lambda p: (-p.score, p.rank))
        self.players = players
        self.n = len(players)
        last_round = self.rounds >= request.total_rounds - 1
        threshold = self.rounds * request.win / 2
        self.topscorer = [last_round and p.score > threshold for p in players]
        # Score groups: sizes, bit widths, shifts (lowest score has shift 0).
        scores = sorted({p.score for p in players}, reverse=True)
        self.groups = [[i for i, p in enumerate(players) if p.score == s] for s in scores]
        bits = {s: len(g).bit_length() for s, g in zip(scores, self.groups)}
        self.shift: dict[Fraction, int] = {}
        total = 0
        for s in reversed(scores):
            self.shift[s] = total
            total += bits[s]
        self.S = total
        self.sgb = max((len(g) for g in self.groups), default=0).bit_length()
        self.width = self._width()
        self.max_weight = (1 << (self.width + 2)) - 1
        self.bye_score: Fraction | None = None
        self.single = False
        # Written weights (0: no edge), keyed by a * n + b for the pair a < b (an int key:
        # a tuple costs ~40 bytes more, and at 5000 players this holds millions of pairs).
        self.weights: dict[int, int] = {}
        self.deep_single = False
        self.mate: dict[int, int] = {}
        self.frozen: dict[int, int] = {}
        self.low_mask = (1 << self.width) - 1  # every field below F0
        self.local: list[int] | None = None  # the window being solved locally, if any
        self.local_mdps: set[int] = set()
        self.local_pos: dict[int, int] = {}  # window vertex -> row of local_matrix
        self.interned: dict[int, int] = {}  # one object per distinct weight (memory of big windows)
        self.low_doubled: dict[int, int] = {0: 0}  # weight -> its local-matrix entry
        self._compact: Callable[[int], int] = lambda weight: weight & self.low_mask
        self.local_matrix: list[list[int]] = []
        self.local_full: list[list[int | None]] = []  # the window's weights as written (None: not)
        self.warm: tuple[list[int], list[int]] | None = None  # duals and mates of the last local solve
        self.progress: Callable[[int, int], None] | None = None  # see pair_round
        self.tight: list[list[int]] | None = None  # see solve(tight=True)
        self.tight_mate: list[int] = []  # the tight solve's matching, by window position
        self.conditions: list[list[int]] = []  # its complementary slackness conditions
        #: While set, each local solve also keeps its zero-slack edges, conditions and
        #: matching in ``self.optimum`` (step E reads the last one: :meth:`_natural_roles`).
        self.keep_optimum = False
        self.optimum: tuple[list[list[int]], list[list[int]], list[int]] | None = None
        self.below_c9 = self.width - (2 * self.sgb + self.sgb + self.S + self.sgb + self.S)
        self.group_bits = bits
        self.segments = self._segments()
        self._prepare()

    # -- weights -----------------------------------------------------------------------

    def _width(self) -> int:
        sgb, S = self.sgb, self.S
        width = sgb + S + sgb + S + 2 * sgb + 4 * sgb
        if self.rounds >= 1:
            width += 2 * sgb + 2 * S
        if self.rounds >= 2:
            width += 2 * sgb + 2 * S
        return width + sgb + 2 * sgb + 1

    def _prepare(self) -> None:
        """Per-player integers for the weight: score order, its C7 bit, colour and float flags."""
        players = self.players
        ascending = sorted({p.score for p in players})
        self.order = [ascending.index(p.score) for p in players]  # higher score, larger number
        self.bit = [1 << self.shift[p.score] for p in players]
        self.pref_code = [{None: 0, "w": 1, "b": 2}[p.pref] for p in players]
        self.mild = [not p.strong and not p.absolute for p in players]  # for C13
        vertex = {p.state.tpn: v for v, p in enumerate(players)}
        self.incompatible: list[set[int]] = [{vertex[t] for t in p.state.opponents if t in vertex} for p in players]
        for one, two in self.request.forbidden:  # forbidden pairs: absolute, as a second meeting (C1)
            if one in vertex and two in vertex:
                self.incompatible[vertex[one]].add(vertex[two])
                self.incompatible[vertex[two]].add(vertex[one])
        absolute = [v for v, p in enumerate(players) if p.absolute]
        for a in absolute:
            for b in absolute:
                if a != b and players[a].pref == players[b].pref and not (self.topscorer[a] or self.topscorer[b]):
                    self.incompatible[a].add(b)
        self.candidate = [False] * self.n
        self.c9_value = [0] * self.n
        self._signatures()

    def _set_bye_score(self, score: Fraction) -> None:
        self.bye_score = score
        self.candidate = [p.eligible and p.score <= score for p in self.players]
        self._signatures()

    def _set_c9_ranks(self, ranks: dict[int, int]) -> None:
        self.c9_value = [ranks.get(p.played_games, 0) if p.score == self.bye_score else 0 for p in self.players]
        self._signatures()

    def _signatures(self) -> None:
        """Number the players by everything :meth:`_weight` reads of one player, so
        that players alike share their weights (a 1000-player field has a few
        hundred kinds of player and a few dozen distinct weights)."""
        kinds: dict[tuple[object, ...], int] = {}
        self.kind = [kinds.setdefault(
            (self.order[v], self.candidate[v], self.c9_value[v], self.pref_code[v], self.mild[v], p.absolute,
             p.abs_imbalance, abs(p.state.colour_difference), p.repeated, p.df1, p.uf1, p.df2, p.uf2),
            len(kinds)) for v, p in enumerate(self.players)]
        self.kinds = len(kinds)
        self.weight_memo: dict[int, int] = {}

    def compatible(self, a: int, b: int) -> bool:
        """C1 (no second meeting) and C3 (no equal absolute preferences), with the topscorer exception."""
        return b not in self.incompatible[a]

    def bye_candidate(self, i: int) -> bool:
        return self.candidate[i]

    def edge_weight(self, hi: int, lo: int, in_cur: bool, in_next: bool, single: bool | None = None) -> int:
        """The weight of pair (hi, lo), hi ranked higher; 0 when they cannot meet.
        Computed once per kind of pair (see :meth:`_signatures`)."""
        if lo in self.incompatible[hi]:
            return 0
        if single is None:
            single = self.single
        key = ((self.kind[hi] * self.kinds + self.kind[lo]) << 3) | (in_cur << 2) | (in_next << 1) | single
        weight = self.weight_memo.get(key)
        if weight is None:
            weight = self._weight(hi, lo, in_cur, in_next, single)
            weight = self.weight_memo[key] = self.interned.setdefault(weight, weight)
        return weight

    def _weight(self, hi: int, lo: int, in_cur: bool, in_next: bool, single: bool) -> int:
        """The weight of pair (hi, lo), hi ranked higher, if they can meet.

        The bit-fields, most significant first: C4 completion with C2/C5 (F0), C6,
        C7, C8 (pairs and scores in the next bracket), C9, C10, C11, C12, C13,
        C14-C17 (float counts), C18-C21 (float scores), then room for Article 4's
        tie-breaks. See docs/dutch-engine-notes.md §2.3.
        """
        h, l = self.players[hi], self.players[lo]
        sgb, S, bit = self.sgb, self.S, self.bit
        candidate = self.candidate
        w = 1 + (not candidate[hi]) + (not candidate[lo])  # C4 / C2 / C5
        w = (w << sgb) | in_cur  # C6
        w = (w << S) + (bit[hi] if in_cur else 0)  # C7
        w = (w << sgb) | in_next  # C8: pairs in the next bracket
        w = (w << S) + (bit[hi] if in_next else 0)  # C8: their scores
        w = (w << (2 * sgb)) + ((self.c9_value[hi] + self.c9_value[lo]) if single else 0)  # C9
        if in_cur:
            ph, pl = self.pref_code[hi], self.pref_code[lo]
            same = ph == pl
            same_absolute = same and h.absolute and l.absolute
            w = (w << sgb) | (not (same and h.abs_imbalance and l.abs_imbalance))  # C10
            w = (w << sgb) | (not same_absolute or self._c11_ok(h, l))  # C11
            w = (w << sgb) | (not same or ph == 0)  # C12
            w = (w << sgb) | (self.mild[hi] or self.mild[lo] or (h.absolute and l.absolute) or not same)  # C13
            higher_score = self.order[hi] > self.order[lo]
            if self.rounds >= 1:
                w = (w << sgb) + (l.df1 + (not higher_score and h.df1))  # C14
                w = (w << sgb) | (not (higher_score and l.uf1))  # C15
            if self.rounds >= 2:
                w = (w << sgb) + (l.df2 + (not higher_score and h.df2))  # C16
                w = (w << sgb) | (not (higher_score and l.uf2))  # C17
            if self.rounds >= 1:
                w = (w << S) + ((bit[lo] if l.df1 else 0) + (bit[hi] if h.df1 else 0))  # C18
                w = (w << S) + (0 if (l.uf1 and higher_score) else bit[hi])  # C19
            if self.rounds >= 2:
                w = (w << S) + ((bit[lo] if l.df2 else 0) + (bit[hi] if h.df2 else 0))  # C20
                w = (w << S) + (0 if (l.uf2 and higher_score) else bit[hi])  # C21
            # Article 4.3 exchange count, BSN sum, probe bit: filled in by the bracket steps.
            return w << (3 * sgb + 1)
        return w << self.below_c9  # C10-C21 and the tie-break room are all zero

    @staticmethod
    def _c11_ok(h: _Player, l: _Player) -> bool:
        hcd, lcd = abs(h.state.colour_difference), abs(l.state.colour_difference)
        if hcd == lcd:
            return not (h.repeated is not None and h.repeated == l.repeated)
        denied = h if hcd < lcd else l
        receives = "b" if denied.pref == "w" else "w"
        return denied.repeated != receives

    # -- the solver --------------------------------------------------------------------

    def set(self, a: int, b: int, weight: int) -> None:
        self.set_row(a, (b,), (weight,))

    def set_row(self, a: int, others: Sequence[int], weights: Sequence[int], add: int = 0) -> None:
        """Give the edges from ``a`` to each of ``others`` their weight (plus ``add``,
        a tie-break in the lowest field, on the non-zero ones), and keep the local
        window's matrix in step: MDP-MDP edges left out, the rest in the window's
        compact form (:meth:`_compact`), doubled (the solver's ``even=True`` form)."""
        if not others:
            return
        values = [w + add if w else 0 for w in weights] if add else weights
        position = self.local_pos
        x = position.get(a)
        if x is None:
            written, n = self.weights, self.n
            if min(others) > a:  # the usual case, a row or a column: keys made in one pass
                written.update(zip(map(plus, repeat(a * n), others), values))
            elif max(others) < a:
                written.update(zip(map(plus, map(times, others, repeat(n)), repeat(a)), values))
            else:
                written.update((a * n + b if a < b else b * n + a, w) for b, w in zip(others, values))
            return
        # A local window's weights go to its full matrix (self.weights gets those still
        # needed when the bracket stands: _keep_local) and, compacted, to the solver's.
        full = self.local_full
        written_row = full[x]
        mdps = self.local_mdps
        a_mdp = a in mdps
        lows, compact, intern = self.low_doubled, self._compact, self.interned
        add <<= 1
        matrix = self.local_matrix
        row = matrix[x]
        for b, w, value in zip(others, weights, values):
            y = position[b]  # (a window's edges stay inside it)
            written_row[y] = full[y][x] = value
            if a_mdp and b in mdps:
                continue
            low = lows.get(w)
            if low is None:
                low = compact(w) << 1
                low = lows[w] = intern.setdefault(low, low)
            row[y] = matrix[y][x] = low + add if low else 0

    def _set_lower_row(self, a: int, others: Sequence[int], weights: Sequence[int]) -> None:
        """:meth:`set_row` for a fresh local window's build, row by row in window order:
        ``others`` are the window players before ``a`` (none an MDP pair with it), so the
        row's first entries are written in C-level passes, and the entries above the
        diagonal are left to :meth:`_mirror_local` (the same matrices as ``set_row``'s)."""
        x = self.local_pos[a]
        assert len(others) == x, "a window's build writes each row's lower part whole"
        lows, compact, intern = self.low_doubled, self._compact, self.interned
        for w in set(weights).difference(lows):
            low = compact(w) << 1
            lows[w] = intern.setdefault(low, low)
        self.local_full[x][:x] = weights
        self.local_matrix[x][:x] = map(lows.__getitem__, weights)

    def _mirror_local(self) -> None:
        """Copy the lower triangles of the local matrices (as built by :meth:`_set_lower_row`)
        to their upper ones: both are symmetric."""
        _mirror(self.local_matrix)
        _mirror(self.local_full)

    def _segments(self) -> list[tuple[bool, int]]:
        """The fields below F0, least significant first: (is a score field, width).
        A score field (C7, C8's scores, C18-C21) holds one sub-field per score group."""
        sgb, S, rounds = self.sgb, self.S, self.rounds
        segments = [(False, 3 * sgb + 1)]  # Article 4's tie-breaks
        if rounds >= 2:
            segments += [(True, S), (True, S)]  # C21, C20
        if rounds >= 1:
            segments += [(True, S), (True, S)]  # C19, C18
        if rounds >= 2:
            segments.append((False, 2 * sgb))  # C17, C16
        if rounds >= 1:
            segments.append((False, 2 * sgb))  # C15, C14
        segments += [(False, 4 * sgb + 2 * sgb), (True, S), (False, sgb), (True, S), (False, sgb)]  # C13-C9, C8, C7, C6
        assert sum(width for _, width in segments) == self.width
        return segments

    def _compact_for(self, window: list[int]) -> None:
        """Set :meth:`_compact` for a local window: the weight below F0 with the
        score fields cut down to the sub-fields of the score groups present in the
        window (the others are zero on every window edge). Each kept sub-field keeps
        its width, so no sum over a matching carries from one field to another and
        matchings compare exactly as before, on numbers about a third as long."""
        groups = sorted({(self.shift[score], self.group_bits[score])
                         for score in {self.players[v].score for v in window}})
        pieces: list[tuple[int, int, int]] = []  # (global offset, mask, local offset)
        source = target = 0
        for is_score, width in self.segments:
            if is_score:
                for shift, bits in groups:
                    pieces.append((source + shift, (1 << bits) - 1, target))
                    target += bits
                source += width
                continue
            pieces.append((source, (1 << width) - 1, target))
            source += width
            target += width
        merged: list[tuple[int, int, int]] = []
        for offset, mask, local in pieces:  # runs that stay contiguous are copied at once
            if merged and merged[-1][0] + merged[-1][1].bit_length() == offset \
                    and merged[-1][2] + merged[-1][1].bit_length() == local:
                first = merged[-1]
                merged[-1] = (first[0], (mask << first[1].bit_length()) | first[1], first[2])
            else:
                merged.append((offset, mask, local))

        def compact(weight: int) -> int:
            value = 0
            for offset, mask, local in merged:
                value |= ((weight >> offset) & mask) << local
            return value

        self._compact = compact
        self.low_doubled = {0: 0}

    def get(self, a: int, b: int) -> int:
        """The edge's weight: as last written, or else its "deep" weight from phase 0."""
        frozen = self.frozen
        if a in frozen or b in frozen:
            return self.max_weight if frozen.get(a) == b else 0
        if a > b:
            a, b = b, a
        key = a * self.n + b
        weight = self.weights.get(key)
        if weight is None:
            weight = self.weights[key] = self.edge_weight(a, b, False, False, self.deep_single)
        return weight

    def linked(self, a: int, b: int) -> bool:
        """Is the edge there at all (a non-zero weight)? Deep edges are there if compatible."""
        frozen = self.frozen
        if a in frozen or b in frozen:
            return frozen.get(a) == b
        weight = self.weights.get(a * self.n + b if a < b else b * self.n + a)
        return self.compatible(a, b) if weight is None else weight != 0

    def solve(self, bonus: dict[tuple[int, int], int] | None = None, bonus_bits: int = 0,
              tight: bool = False, only: list[list[int]] | None = None) -> None:
        """A maximum-weight matching; ``bonus`` adds tie-break values below every
        weight, which is first shifted left by ``bonus_bits``. A local solve starts
        warm from the window's previous one when there is one (``self.warm``).

        Local solves only: with ``tight``, ``self.tight`` receives, per window
        position, the positions joined to it by a zero-slack edge under the
        optimal duals (the only edges any optimal matching uses); ``only`` keeps
        just those edges in a solve with a bonus."""
        extra = bonus or {}
        assert only is None or (extra and self.local is not None), "only= goes with a bonus, in a local solve"
        keeping = self.keep_optimum and self.local is not None and not extra
        found_tight: list[list[int]] | None = [] if tight or keeping else None
        if self.local is not None:
            # The local window's matrix, kept up to date by set_row() and freeze(): F0 is
            # dropped (constant over complete pairings), and so are MDP-MDP edges;
            # completability is checked afterwards.
            vertices = self.local
            size = len(vertices)
            if not extra:
                matrix = self.local_matrix
            else:
                shifted: dict[int, int] = {0: 0}  # one object per distinct weight (memory)
                if only is None:
                    matrix = [[shifted[w] if w in shifted else shifted.setdefault(w, w << bonus_bits) for w in row]
                              for row in self.local_matrix]
                else:
                    matrix = []
                    for row, keep in zip(self.local_matrix, only):
                        kept = [0] * size
                        for y in keep:
                            w = row[y]
                            kept[y] = shifted[w] if w in shifted else shifted.setdefault(w, w << bonus_bits)
                        matrix.append(kept)
                position = self.local_pos
                for (a, b), value in extra.items():
                    x, y = position[a], position[b]
                    if matrix[x][y]:
                        matrix[x][y] = matrix[y][x] = matrix[x][y] + (value << 1)
        else:
            vertices = list(range(self.n))
            size = self.n
            get = self.get
            matrix = [[0] * size for _ in range(size)]
            for a in vertices:
                row = matrix[a]
                for b in range(a + 1, size):
                    w = get(a, b)
                    if w:
                        w = (w << bonus_bits) + extra.get((a, b), 0)
                        row[b] = w
                        matrix[b][a] = w
        # Warm start from the window's previous solve: the same vertices, with a few
        # players' edges changed (steps C, D and E) or tie-breaks added (E).
        duals: list[int] | None = [] if self.local is not None else None
        start = self.warm if self.local is not None and not bonus_bits and self.WARM else None
        conditions: list[list[int]] | None = [] if tight or keeping else None
        found = max_weight_matching(size, matrix, start, duals, even=self.local is not None, validate=False,
                                    tight=found_tight, conditions=conditions)
        self.optimum = (found_tight, conditions, found) if keeping and found_tight is not None \
            and conditions is not None else None
        if tight:
            self.tight = found_tight
            if conditions is not None:
                self.tight_mate, self.conditions = found, conditions
        else:
            self.tight = None
        if duals is not None and not bonus_bits:  # (a shifted solve's duals fit no later one)
            self.warm = (duals, found)
        mate: dict[int, int] = {}
        for x, y in enumerate(found):
            if y >= 0:
                mate[vertices[x]] = vertices[y]
        self.mate = mate

    def freeze(self, a: int, b: int) -> None:
        """Fix the pair a-b: from now on their edge has bbp's ``maxEdgeWeight`` and
        every other edge at a or b is gone (see :meth:`get`)."""
        self.frozen[a], self.frozen[b] = b, a
        if self.local_pos:
            matrix = self.local_matrix
            for x in (self.local_pos.get(a), self.local_pos.get(b)):
                if x is not None:
                    row = matrix[x]
                    for y in compress(range(len(row)), row):  # (the matrix is symmetric)
                        matrix[y][x] = 0
                    row[:] = repeat(0, len(row))
            self.set(a, b, self.max_weight)

    # -- phase 0: completion, the PAB score (C5), C9 ranks ------------------------------

    def phase_zero(self) -> None:
        """C4 and C5 before any bracket: is a complete pairing possible, and what is
        the lowest score the PAB receiver can have (bbp's first solve, done here
        with unweighted matchings)? Then every edge gets its "deep" weight."""
        n, players = self.n, self.players
        top = self.groups[0] if self.groups else []
        top_score = players[top[0]].score if top else Fraction(0)
        built: list[list[list[int]]] = []
        apart = self.incompatible.__getitem__

        def adjacency() -> list[list[int]]:
            """Every neighbour list (compatible(a, b), b > a, both ways): for the exact
            checks, needed only when a quick pairing pass finds nothing."""
            if not built:
                lists: list[list[int]] = [[] for _ in range(n)]
                for a in range(n):
                    later = sorted(set(range(a + 1, n)) - self.incompatible[a])
                    lists[a] += later
                    for b in later:
                        lists[b].append(a)
                built.append(lists)
            return built[0]

        def quickly(group: Sequence[int], may_leave: Sequence[int] | None) -> bool:
            """A complete pairing of the group found by the quick pass (leaving out
            one of ``may_leave``, the last few tried, when the group is odd)."""
            if len(group) % 2 == 0:
                return pairs_greedily(group, apart)
            return any(pairs_greedily(group, apart, v) for v in list(may_leave or ())[-3:])

        if n % 2:
            ascending = sorted({p.score for p in players})
            level = [ascending.index(p.score) if p.eligible else None for p in players]
            levels = [lv for lv in level if lv is not None]
            least = min(levels, default=None)
            lowest = least if least is not None and quickly(
                range(n), [v for v in range(n) if level[v] == least]) else None
            if lowest is None:  # (the quick pass proves the lowest level possible, or finds nothing)
                lowest = lowest_pab_level(adjacency(), level)
            if lowest is None:
                raise NoValidPairing("no pairing satisfies C1-C3 with at most one eligible PAB receiver")
            bye_score = ascending[lowest]
            self._set_bye_score(bye_score)
            self.single = False
            if bye_score >= top_score:
                # Can the top score group pair inside itself, one player left for the PAB?
                in_top = set(top)
                rest = [v for v in range(n) if v not in in_top]

                def linked(a: int, b: int) -> bool:
                    return b in adjacency_sets[a]

                adjacency_sets: list[set[int]] = []
                if not quickly(top, [v for v in top if players[v].eligible]):
                    adjacency_sets = [set(neighbours) for neighbours in adjacency()]
                    top_complete = can_complete(top, linked, lambda v: players[v].eligible)
                else:
                    top_complete = True
                if top_complete and not quickly(rest, None):
                    adjacency_sets = adjacency_sets or [set(neighbours) for neighbours in adjacency()]
                    self.single = can_complete(rest, linked, lambda v: False)
                else:
                    self.single = top_complete
            played = sorted((p.played_games for p in players if p.score == self.bye_score), reverse=True)
            ranks: dict[int, int] = {}
            for position, games in enumerate(played):
                ranks[games] = position  # a repeated value keeps its last position, as bbp does
            self._set_c9_ranks(ranks)
        else:
            if not quickly(range(n), None) and any(m == -1 for m in maximum_matching(adjacency())):
                raise NoValidPairing("no pairing satisfies C1-C3 with at most one eligible PAB receiver")
            self._set_bye_score(Fraction(0))
            self.single = False
        # Every edge now has its "deep" weight (C9 with this flag), computed when first read.
        self.deep_single = self.single

    # -- the brackets --------------------------------------------------------------------

    def run(self) -> DutchResult:
        if self.n == 0:
            return DutchResult((), None)
        if self.rounds == 0 and len(self.groups) == 1 and not any(self.incompatible):
            return self.first_round()
        self.phase_zero()
        self.reports: list[BracketReport] = []
        groups = list(self.groups)
        window: list[int] = list(groups.pop(0))
        mdp_end = 0
        while len(window) > 1 or groups:
            cur_end = len(window)
            if groups:
                window += groups.pop(0)
            before = set(self.frozen)
            self.bracket_local_first(window, mdp_end, cur_end, groups)
            if self.progress is not None:
                self.progress(len(self.frozen), self.n)
            paired = set(self.frozen)
            floaters = [v for v in window[:cur_end] if v not in paired]
            tpn = [p.state.tpn for p in self.players]
            new_pairs = sorted({(min(a, b), max(a, b)) for a, b in self.frozen.items() if a not in before})
            if cur_end > mdp_end or new_pairs:
                self.reports.append(BracketReport(
                    self.players[window[mdp_end]].score if cur_end > mdp_end else self.players[window[0]].score,
                    tuple(tpn[v] for v in window[:mdp_end]), tuple(tpn[v] for v in window[mdp_end:cur_end]),
                    tuple((tpn[a], tpn[b]) for a, b in new_pairs), tuple(tpn[v] for v in floaters)))
            next_group = window[cur_end:]
            if self.n % 2 and next_group and self.bye_score is not None \
                    and self.bye_score >= self.players[next_group[0]].score:
                # The coming bracket may float no one but the PAB receiver (note to C9):
                # exactly one of its players is not paired inside it.
                coming = set(floaters + next_group)
                self.single = sum(1 for v in coming if self.mate.get(v) not in coming) == 1
            else:
                self.single = False
            window = floaters + next_group
            mdp_end = len(floaters)
        bye_vertex = window[0] if window else None
        if self.progress is not None:
            self.progress(self.n, self.n)
        return self.result(bye_vertex)

    def first_round(self) -> DutchResult:
        """Round 1 with everyone on the same score (C.04.3 Art. 3-4 on a single, history-free
        bracket): nobody has met, nobody has a colour preference or a float, so every pair
        is equally good on C6-C21. The first candidate in Article 4's order is then S1
        against S2 in order, and with an odd number the last player (in S2) is left over
        for the PAB (C5 and C9 tie for everyone). Colours come from rule 5.2.5."""
        n = self.n
        half = n // 2
        for i in range(half):
            self.frozen[i], self.frozen[i + half] = i + half, i
        bye = n - 1 if n % 2 else None
        tpn = [p.state.tpn for p in self.players]
        self.reports = [BracketReport(self.players[0].score, (), tuple(tpn),
                                      tuple((tpn[i], tpn[i + half]) for i in range(half)),
                                      (tpn[bye],) if bye is not None else ())]
        return self.result(bye)

    def bracket_local_first(self, window: list[int], mdp_end: int, cur_end: int,
                            deeper: list[list[int]]) -> None:
        """Settle one bracket on its local window, falling back to the whole field.

        Solving only the window (MDPs, residents, next score group) is exact
        whenever its outcome can be completed (C4) by the rest of the field;
        otherwise the bracket is run again on the global graph, as bbpPairings
        does (docs/dutch-engine-notes.md §4.4).
        """
        saved = dict(self.frozen), self.single  # (self.weights is not written while local)
        self.local = [v for v in window if v not in self.frozen]
        self.local_mdps = set(window[:mdp_end])
        self.local_pos = {v: x for x, v in enumerate(self.local)}
        self.local_matrix = [[0] * len(self.local) for _ in self.local]
        self.local_full = [[None] * len(self.local) for _ in self.local]
        self.warm = None
        self._compact_for(self.local)
        self.keep_optimum = self.NATURAL
        stands = False
        try:
            self.bracket(window, mdp_end, cur_end)
            stands = self._completable([v for v in window if v not in self.frozen and v not in self.mate],
                                       [v for group in deeper for v in group])
            if stands:
                self._keep_local()
        finally:
            self.local, self.local_pos, self.local_matrix, self.local_full = None, {}, [], []
        if stands:
            return
        self.frozen, self.single = dict(saved[0]), saved[1]
        self.bracket(window, mdp_end, cur_end)

    def _keep_local(self) -> None:
        """The local bracket stands: record the weights written between its players
        still unpaired, which later brackets and the whole-field solve read (a frozen
        player's edges are read as frozen, and pairs never written keep their entry)."""
        position, full, frozen, written, n = self.local_pos, self.local_full, self.frozen, self.weights, self.n
        for a, b in frozen.items():
            if a < b and a in position:
                written.pop(a * n + b, None)
        free = sorted(v for v in position if v not in frozen)
        for i, a in enumerate(free):
            row = full[position[a]]
            at = a * n
            for b in free[i + 1:]:
                w = row[position[b]]
                if w is not None:
                    written[at + b] = w

    def _written_among(self, players: list[int]) -> Callable[[int], int | None]:
        """The weight last written on a pair of these players (keyed a * n + b, a < b), None
        if none was: from the local window's full matrix while it is kept, else self.weights."""
        position, full, weights, n = self.local_pos, self.local_full, self.weights, self.n
        if not position:
            return weights.get
        found: dict[int, int | None] = {}
        for i, a in enumerate(players):
            row = full[position[a]]
            for b in players[i + 1:]:
                w = row[position[b]]
                key = a * n + b if a < b else b * n + a
                found[key] = weights.get(key) if w is None else w
        return found.__getitem__

    def _completable(self, unpaired: list[int], deep: list[int]) -> bool:
        """Can the window's unpaired players and everyone deeper still be paired (C4),
        with at most one PAB candidate left over? Deep players' edges are still
        their phase-0 ones (present when compatible), so their neighbour lists are
        set differences; only edges between two window players need looking up."""
        players = unpaired + deep
        n = self.n
        odd = n % 2
        # First a quick pass over the few pairs that may not meet: deep players are
        # kept apart only by C1/C3, window players also by the weights written.
        written = self._written_among(unpaired)
        away: dict[int, set[int]] = {}
        for v in unpaired:
            incompatible = self.incompatible[v]
            apart = set(incompatible)
            for u in unpaired:
                if u != v:
                    w = written(v * n + u if v < u else u * n + v)
                    if not ((u not in incompatible) if w is None else w != 0):
                        apart.add(u)
            away[v] = apart

        def kept_apart(v: int) -> set[int]:
            return away[v] if v in away else self.incompatible[v]

        if len(players) % 2 == 0:
            if pairs_greedily(players, kept_apart):
                return True
        elif odd and any(pairs_greedily(players, kept_apart, v)
                         for v in [v for v in players if self.candidate[v]][-3:]):
            return True
        # Then the exact check, built as before the quick pass existed (it reads
        # each direction of a pair the way the blossom search always has).
        index = {v: i for i, v in enumerate(players)}
        deep_set = set(deep)
        adjacency: list[list[int]] = []
        for v in unpaired:  # linked(v, u), written out: unpaired players are not frozen
            incompatible = self.incompatible[v]
            near = []
            for u in unpaired:
                if u != v:
                    w = written(v * n + u if v < u else u * n + v)
                    if (u not in incompatible) if w is None else w != 0:
                        near.append(index[u])
            adjacency.append(near + [index[u] for u in deep_set - incompatible])
        # unpaired u is linked to deep v unless v is in incompatible[u]: few are
        blocked: dict[int, set[int]] = {}
        for u in unpaired:
            for v in self.incompatible[u]:
                blocked.setdefault(v, set()).add(u)
        near_all = [index[u] for u in unpaired]
        for v in deep:
            others = deep_set - self.incompatible[v]
            others.discard(v)
            stop = blocked.get(v)
            near = [index[u] for u in unpaired if u not in stop] if stop else near_all[:]
            adjacency.append(near + [index[u] for u in others])
        return is_completable(adjacency, [self.candidate[v] for v in players] if odd else [False] * len(players))

    def bracket(self, window: list[int], mdp_end: int, cur_end: int) -> None:
        size = len(window)
        # base[i * size + j]: the weight of window positions i < j (0: none, or not written). A
        # flat list: at 5000 players a window of 3000 has 4.5 million pairs, and a dict of
        # them took ~360 MB where the list takes 8 bytes a pair.
        base = [0] * (size * size)
        frozen = self.frozen
        kind, kinds, memo, incompatible = self.kind, self.kinds, self.weight_memo, self.incompatible
        # edge_weight(a, b, in_cur, not in_cur) for every a before b, in C-level passes: a
        # column's weights by the kind of a (one table per kind of b and flags), then 0
        # for the a that may not meet b (b in incompatible[a]: few).
        meets_not: dict[int, list[int]] = {}
        at = {v: i for i, v in enumerate(window)}
        for a in window:
            for b in incompatible[a]:
                if b in at:
                    meets_not.setdefault(b, []).append(at[a])
        kind_at = [kind[v] for v in window]
        tables: dict[int, list[int]] = {}
        whole = not any(v in frozen for v in window)  # (then every row's players are slices)
        higher: Sequence[int]
        for j in range(mdp_end, size):
            b = window[j]
            if b in frozen:
                continue
            in_cur = j < cur_end
            higher = range(j) if whole else [i for i in range(j) if window[i] not in frozen]
            others = window[:j] if whole else [window[i] for i in higher]
            column, flags = kind[b], (in_cur << 2) | ((not in_cur) << 1) | self.single
            table = tables.get((column << 3) | flags)
            if table is None:
                table = tables[(column << 3) | flags] = [-1] * kinds
            kinds_before = kind_at[:j] if whole else [kind_at[i] for i in higher]
            for k in set(kinds_before):
                if table[k] < 0:
                    pair_kind = ((k * kinds + column) << 3) | flags
                    w = memo.get(pair_kind)
                    if w is None:  # (the weight of a pair reads only its kinds)
                        w = self._weight(others[kinds_before.index(k)], b, in_cur, not in_cur, self.single)
                        w = memo[pair_kind] = self.interned.setdefault(w, w)
                    table[k] = w
            weights = list(map(table.__getitem__, kinds_before))
            for i in meets_not.get(b, ()):
                t = bisect_left(higher, i)
                if t < len(higher) and higher[t] == i:
                    weights[t] = 0
            if whole:
                base[j:j * size:size] = weights
            else:
                deque(map(base.__setitem__, [i * size + j for i in higher], weights), maxlen=0)
            if self.local is None:
                self.set_row(b, others, weights)
            else:
                self._set_lower_row(b, others, weights)
        if self.local is not None:
            self._mirror_local()
        self.solve()
        residents = range(mdp_end, cur_end)
        resident_vertices = {window[r] for r in residents}
        marked: set[int] = set()  # window positions of paired players

        def partner_is_resident(i: int) -> bool:
            return self.mate.get(window[i]) in resident_vertices

        # C: which MDPs are paired (Art. 4.4: the first valid MDP set, by BSN).
        i = 0
        r_cnt = cur_end - mdp_end
        while i < mdp_end:
            score = self.players[window[i]].score
            j = i
            while j < mdp_end and self.players[window[j]].score == score:
                j += 1
            left = j - i
            can_pair = sum(1 for k in range(i, j) if partner_is_resident(k))
            for k in range(i, j):
                if can_pair == 0:
                    continue
                if left <= can_pair:
                    marked.add(k)
                    left -= 1
                    can_pair -= 1
                    continue
                left -= 1
                if not partner_is_resident(k):
                    for r in residents:
                        if base[k * size + r]:
                            self.set(window[k], window[r], base[k * size + r] | 1)
                    self.solve()
                if partner_is_resident(k):
                    marked.add(k)
                    can_pair -= 1
                    for r in residents:
                        if base[k * size + r]:
                            self.set(window[k], window[r], (base[k * size + r] | r_cnt) + 1)
            i = j

        # D: the opponents of the paired MDPs (the first S2 transposition).
        order = sorted(marked)
        for k in order:
            # (only the last solve before step E need keep its zero-slack edges)
            self.keep_optimum = self.NATURAL and k == order[-1]
            bonus = size
            for r in reversed(residents):
                if r in marked or not base[k * size + r]:
                    continue
                self.set(window[k], window[r], base[k * size + r] + bonus)
                bonus += 1
            self.solve()
            partner = self.mate[window[k]]
            self.freeze(window[k], partner)
            marked.add(window.index(partner))

        # E: the remainder, its S1R/S2R and the resident exchanges (Art. 4.3).
        mdp_vertices = {window[k] for k in range(mdp_end)}
        rem = [r for r in residents if r not in marked and self.mate.get(window[r]) not in mdp_vertices]
        position = {window[r]: a for a, r in enumerate(rem)}
        pairs = sum(1 for r in rem if self.mate.get(window[r]) in position
                    and position[self.mate[window[r]]] > position[window[r]])
        sgb = self.sgb

        def key(a: int, b: int) -> int:
            return rem[a] * size + rem[b]

        def tie(a: int) -> int:
            return (((a < pairs) << (2 * sgb)) - a) << 1

        players = [window[r] for r in rem]

        def reweight(a: int, extra: int = 0) -> None:
            # a's edges to the players after it in the remainder: base, tie-break, probe
            row = rem[a] * size
            self.set_row(players[a], players[a + 1:], [base[row + rem[b]] for b in range(a + 1, len(rem))],
                         tie(a) + extra)

        def s1_role(a: int) -> bool:
            mate = self.mate.get(window[rem[a]])
            return mate in position and position[mate] > a

        # E's solve is skipped when the pairings optimal so far include one without an
        # exchange: its answer is then known (every S1 role to the first `pairs` players).
        natural_mate = self._natural_roles([window[r] for r in rem], pairs) if pairs else None
        natural = natural_mate is not None
        self.keep_optimum = False
        if natural:
            exch = 0
        else:
            for a in range(len(rem)):
                reweight(a)
            self.solve()
            exch = sum(1 for a in range(pairs) if not s1_role(a))
        placed = 0
        for a in range(pairs - 1, -1, -1):
            if placed >= exch:
                break
            if s1_role(a):
                reweight(a, -1)
                self.solve()
            if not s1_role(a):
                for b in range(a + 1, len(rem)):
                    base[key(a, b)] = 0
                placed += 1
            reweight(a)
        moved_in = 0
        for a in range(pairs, len(rem)):
            if exch - moved_in <= 1:
                break
            if not s1_role(a):
                reweight(a, +1)
                self.solve()
            if s1_role(a):
                moved_in += 1
                for b in range(a):
                    base[key(b, a)] = 0
                self.set_row(players[a], players[:a], [0] * a)
                for n in range(cur_end, size):
                    base[rem[a] * size + n] = 0
                self.set_row(players[a], window[cur_end:], [0] * (size - cur_end))
            reweight(a)
        roles = [a < pairs for a in range(len(rem))] if natural else [s1_role(a) for a in range(len(rem))]
        for a in range(len(rem)):
            if natural:  # (no tie-break was written: only the pairs inside S1 or S2 change)
                end = pairs if a < pairs else len(rem)
                for b in range(a + 1, end):
                    base[key(a, b)] = 0
                self.set_row(players[a], players[a + 1:end], [0] * (end - a - 1))
                continue
            for b in range(a + 1, len(rem)):
                if not (roles[a] and not roles[b]):
                    base[key(a, b)] = 0
            row = rem[a] * size
            self.set_row(players[a], players[a + 1:], [base[row + rem[b]] for b in range(a + 1, len(rem))])

        # F: the opponents inside the remainder (transpositions of S2R, Art. 4.2).
        # Each S1 player in turn takes the first S2 player (by BSN) that still allows
        # an optimal pairing: a lexicographic choice, so one solve settles them all.
        # Below every criterion, S1 player i gets a digit for its partner, larger for
        # an earlier rem position b, in a mixed radix whose most significant digit is
        # the first S1 player's. (The digit is b's rank from the end among i's possible
        # partners, so that the last rem position ties with no partner, as the digit
        # r-1-b in base r would; the radix is the number of such digits.)
        s1 = [a for a in range(len(rem)) if roles[a]]
        if s1:
            r = len(rem)
            options: list[list[int]] = []
            for a in s1:
                row = rem[a] * size
                options.append([b for b in range(a + 1, r) if base[row + rem[b]]])
            only = None
            if self.local is not None and len(s1) >= self.MANY_S1:
                # Every pairing optimal so far uses only zero-slack edges of an optimal
                # solve (complementary slackness), so the solve with digits may drop the
                # other edges: fewer edges to scan, and fewer digits to write. Its duals
                # also let _first_choices settle step F without digits at all.
                given = options
                at = self.local_pos
                for reuse in ((True, False) if natural_mate is not None and self.optimum is not None else (False,)):
                    if reuse:
                        # The pairings optimal so far are those optimal at E's start that use
                        # only the edges left (natural_mate is one): the last solve's zero-slack
                        # edges among those, under its conditions, so no solve is needed (unless
                        # _first_choices declines their shape).
                        assert self.optimum is not None and natural_mate is not None
                        matrix = self.local_matrix
                        self.tight = [[y for y in ys if row[y]] for ys, row in zip(self.optimum[0], matrix)]
                        # (a frozen player is paired in every such pairing: covered, to be plain)
                        covered = set(self.optimum[1][0])
                        covered.update(at[v] for v in self.frozen if v in at)
                        self.conditions = [sorted(covered)] + self.optimum[1][1:]
                        self.tight_mate = natural_mate
                    else:
                        self.warm = None  # (E's duals price its tie-breaks: a cold start is quicker)
                        self.solve(tight=True)
                    only = self.tight
                    assert only is not None
                    options = []
                    for a, bs in zip(s1, given):
                        zero = set(only[at[window[rem[a]]]])
                        options.append([b for b in bs if at[window[rem[b]]] in zero])
                    tops = [len(bs) - (bool(bs) and bs[-1] == r - 1) for bs in options]
                    if self.FIRST_CHOICES and self._first_choices(window, rem, s1, options, tops):
                        return
            tops = [len(bs) - (bool(bs) and bs[-1] == r - 1) for bs in options]
            place = 1
            places = [0] * len(s1)
            for i in reversed(range(len(s1))):
                places[i] = place
                place *= tops[i] + 1
            digits: dict[tuple[int, int], int] = {}
            for a, bs, top, weight in zip(s1, options, tops, places):
                u = window[rem[a]]
                for rank, b in enumerate(bs):
                    v = window[rem[b]]
                    digits[(u, v) if u < v else (v, u)] = (top - rank) * weight
            # Cold: the digits move most S1 partners, so a warm start would not pay.
            self.solve(digits, place.bit_length(), only=only)
            for a in s1:
                partner = self.mate[window[rem[a]]]
                assert partner in position, "an S1 player left the remainder"
                self.freeze(window[rem[a]], partner)

    def _natural_roles(self, players: list[int], pairs: int) -> list[int] | None:
        """Step E without its solve (C.04.3 Art. 4.3): a pairing optimal so far in which
        exactly the first ``pairs`` remainder players (``players``, in order) take the S1
        role, so that no exchange is needed, by window position; None if none is found.

        E's tie-breaks reward first the S1 roles among the first ``pairs`` players, then a
        low sum of S1 positions; both are at their best in such a pairing, and only in
        one, so every optimum of E's solve gives those roles. The pairings optimal so far
        are, by complementary slackness, the matchings over the last solve's zero-slack
        edges (``self.optimum``) that cover its vertices of positive dual and hold
        (size - 1) / 2 pairs inside each blossom of positive dual, the pairs frozen since
        (step D) kept. One is sought from the last solve's matching by augmenting paths
        over the edges it may use (inside the remainder, only from a first player to a
        later one; from a first player, none leaving the remainder), covering every first
        player and every vertex of positive dual (:func:`mend_cover`, exact); the blossoms
        are then checked, not sought, so None is only "not found": E solves as before."""
        optimum = self.optimum
        if optimum is None:
            return None
        tight, (covered, *blossoms), found = optimum
        at, local, frozen = self.local_pos, self.local, self.frozen
        assert local is not None
        size = len(local)
        side = [0] * size  # 1: one of the first `pairs` players, 2: a later one, 0: outside
        for a, v in enumerate(players):
            side[at[v]] = 1 if a < pairs else 2
        must = [False] * size
        for x in covered:
            must[x] = True
        blocked = [False] * size
        mate = list(found)
        for x, v in enumerate(local):
            if v in frozen:
                blocked[x] = True  # (frozen from this solve's matching: kept as it is)
            elif side[x] == 1:
                must[x] = True
        graph: list[list[int]] = []
        for x in range(size):
            sx = side[x]
            if blocked[x]:
                graph.append([])
            elif sx == 0:
                graph.append([y for y in tight[x] if side[y] != 1])
            else:
                graph.append([y for y in tight[x] if side[y] + sx == 3 or (sx == 2 and side[y] == 0)])
        parted = []
        for x in range(size):
            y = mate[x]
            if y >= 0 and not blocked[x] and (side[x] + side[y] not in (0, 3) and not
                                              (side[x] + side[y] == 2 and side[x] != 1)):
                mate[x] = mate[y] = -1
                parted += [x, y]
        if not mend_cover(graph, mate, must, blocked, parted):
            return None
        # Each blossom of positive dual must hold (size - 1) / 2 pairs: checked, not sought.
        for blossom in blossoms:
            inside = set(blossom)
            if sum(1 for x in blossom if mate[x] in inside) != len(blossom) - 1:
                return None
        return mate

    def _first_choices(self, window: list[int], rem: list[int], s1: list[int], options: list[list[int]],
                       tops: list[int]) -> bool:
        """Step F without digits, when the tight solve allows: each S1 player takes its
        first option that an optimal pairing still allows (:func:`.completion.first_choices`
        on the zero-slack edges). It applies when no blossom has a positive dual, or one
        holds the whole window, or one holds every vertex of dual zero, the others being
        even in number (then the zero-slack edges between the two sets are dropped), or one
        holds any other part of the window (then the optimal pairings are a union of a few
        families, :func:`.completion.blossom_families`, docs/dutch-engine-notes.md §4.4a item
        20), or several blossoms, nested, or one with too many families (then the choosers
        take their first options in the innermost blossom, whose possible exits are read from
        the levels around it, :func:`.completion.first_choices_in_chain`, item 21); an S1
        player left with no option of positive digit (only the tie of the last
        position) must meet that last position in every optimal pairing, or the choice is
        left to the solve with digits."""
        covered, *blossoms = self.conditions
        size = len(self.tight_mate)
        assert self.tight is not None
        adjacency: Sequence[Sequence[int]] = self.tight
        at = self.local_pos
        choosers = [at[window[rem[a]]] for a in s1]
        choices = [[at[window[rem[b]]] for b in bs[:top]] for bs, top in zip(options, tops)]
        ties = [at[window[rem[bs[-1]]]] if top < len(bs) else -1 for bs, top in zip(options, tops)]
        must = [False] * size
        for x in covered:
            must[x] = True
        found: list[int] | None
        if blossoms and len(blossoms[0]) < size:
            if len(blossoms) > 1:
                return self._settle(window, rem, s1, first_choices_in_chain(
                    self.tight, must, blossoms, self.tight_mate, choosers, choices, ties))
            inside = [False] * size
            for x in blossoms[0]:
                inside[x] = True
            # One blossom B of positive dual beside the vertices of positive dual O, which
            # are all the others, with |O| even (the usual shape: B holds the player left
            # over). An optimal pairing covers O and has (|B| - 1) / 2 pairs inside B: one
            # vertex of B is single or meets O, and as |O| is even, no pair joins O and B
            # (their number has |O|'s parity and is at most 1). So the optimal pairings are
            # the maximum matchings, one vertex single, over the zero-slack edges inside O
            # and inside B: the case of one blossom holding the whole window, on that graph.
            if len(covered) + len(blossoms[0]) == size and not len(covered) % 2 \
                    and not any(inside[x] for x in covered):
                if any(y >= 0 and inside[x] != inside[y] for x, y in enumerate(self.tight_mate)):
                    return False  # (an optimal pair never joins O and B, as above)
                adjacency = [[y for y in ys if inside[y] == inside[x]] for x, ys in enumerate(self.tight)]
            else:
                if size - len(blossoms[0]) + 1 > self.MOST_FAMILIES:
                    return self._settle(window, rem, s1, first_choices_in_chain(
                        self.tight, must, blossoms, self.tight_mate, choosers, choices, ties))
                families = blossom_families(self.tight, inside, must)
                found = first_choices_among(families, self.tight_mate, choosers, choices, ties)
                if found is not None:  # (the dummy z stands for no partner)
                    found = [y if y < size else -1 for y in found[:size]]
                return self._settle(window, rem, s1, found)
        found = first_choices(adjacency, self.tight_mate, must, bool(blossoms), choosers, choices, ties)
        return self._settle(window, rem, s1, found)

    #: At most this many families (the vertices outside the blossom, plus one) in step F
    #: by :func:`.completion.blossom_families`; beyond it, the solve with digits.
    MOST_FAMILIES = 16

    def _settle(self, window: list[int], rem: list[int], s1: list[int], found: list[int] | None) -> bool:
        """Freeze each S1 player with its partner in ``found`` (window positions); False if None."""
        if found is None:
            return False
        vertices = self.local
        assert vertices is not None
        self.mate = {vertices[x]: vertices[y] for x, y in enumerate(found) if y >= 0}
        for a in s1:
            self.freeze(window[rem[a]], self.mate[window[rem[a]]])
        return True

    # -- output ------------------------------------------------------------------------

    def result(self, bye_vertex: int | None) -> DutchResult:
        players = self.players
        seen: set[int] = set()
        rows = []
        rules: dict[tuple[int, int], str] = {}
        initial = self.request.initial_colour
        for a, b in self.frozen.items():
            if a in seen:
                continue
            seen.update((a, b))
            hi, lo = (a, b) if a < b else (b, a)  # vertices are in score, rank order
            higher, lower = players[hi], players[lo]
            white, black, rule = allocate_colours(
                _ranked(higher), _ranked(lower), initial)
            # The board order reads the scores without virtual points (bbpPairings' order).
            if (lower.state.standing, -lower.rank) > (higher.state.standing, -higher.rank):
                higher, lower = lower, higher
            rows.append((higher, lower, (white, black)))
            rules[(white, black)] = rule
        rows.sort(key=lambda row: (-row[0].state.standing, -row[1].state.standing, row[0].rank))
        by_rank = {p.rank + 1: p.state.tpn for p in players}
        pairs = tuple(_tpn(by_rank, pair) for _, _, pair in rows)
        rules = {_tpn(by_rank, k): v for k, v in rules.items()}
        bye = players[bye_vertex].state.tpn if bye_vertex is not None else None
        return DutchResult(pairs, bye, rules, tuple(getattr(self, "reports", ())))


def _mirror(rows: list[list[_T]]) -> None:
    """Copy a square matrix's lower triangle to its upper one, a row at a time."""
    for x, row in enumerate(rows):
        row[x + 1:] = [below[x] for below in islice(rows, x + 1, None)]


def mend_cover(graph: list[list[int]], mate: list[int], must: list[bool], blocked: list[bool],
               parted: list[int]) -> bool:
    """Mend the matching ``mate`` (changed in place) over ``graph`` so that it covers
    every vertex marked ``must`` (blocked vertices left out); False if it cannot.
    The vertices ``parted`` (just made single) are first matched again by augmenting
    paths to any single vertex, so that the matching regains its size where it can;
    then each uncovered vertex that must be covered is covered by an augmenting path,
    which may end at a vertex that need not be covered (a "twin" vertex joined to it
    alone stands for leaving it single). An augmentation never uncovers a vertex, and
    a vertex from which no path exists cannot be covered together with those covered
    already (the symmetric difference with a matching that covers them all holds such
    a path; Berge), so the answer is exact."""
    n = len(graph)
    for x in parted:
        if mate[x] == -1:
            for y in graph[x]:
                if mate[y] == -1 and not blocked[y]:
                    mate[x], mate[y] = y, x
                    break
    for x in parted:
        if mate[x] == -1:
            _augment_from(x, graph, mate, blocked)
    roots = [x for x in range(n) if mate[x] == -1 and must[x] and not blocked[x]]
    if not roots:
        return True
    free = [x for x in range(n) if not must[x] and not blocked[x]]
    twin = {x: n + k for k, x in enumerate(free)}
    extended_graph = [neighbours + [twin[x]] if x in twin else neighbours for x, neighbours in enumerate(graph)]
    extended_graph += [[x] for x in free]
    extended_blocked = blocked + [False] * len(free)
    extended = mate + [-1] * len(free)
    for root in roots:
        if extended[root] == -1 and not _augment_from(root, extended_graph, extended, extended_blocked):
            return False
    mate[:] = [-1 if y >= n else y for y in extended[:n]]
    return True


def _ranked(player: _Player) -> PlayerState:
    """The state with the rank index as pairing number, for rule 5.2.5's parity."""
    state = player.state
    return PlayerState(player.rank + 1, state.score, state.colours, state.floats, state.opponents,
                       state.pab_eligible, state.unplayed, state.rating)


def _tpn(by_rank: dict[int, int], pair: tuple[int, int]) -> tuple[int, int]:
    return by_rank[pair[0]], by_rank[pair[1]]


def pair_round(request: PairingRequest, progress: Callable[[int, int], None] | None = None) -> DutchResult:
    """Pair one round by the Dutch system. Raises :class:`NoValidPairing` when none exists.

    ``progress(settled, players)``, if given, is called after each bracket with the
    number of players paired so far, and at the end with everyone settled."""
    engine = _Engine(request)
    engine.progress = progress
    try:
        return engine.run()
    except NoValidPairing as error:
        if not request.forbidden:
            raise
        try:
            free = pair_round(replace(request, forbidden=frozenset()))
        except NoValidPairing:
            raise error from None
        used = sorted(pair for pair in free.pairs if (min(pair), max(pair)) in
                      {(min(f), max(f)) for f in request.forbidden})
        named = ", ".join(f"{a}-{b}" for a, b in used)
        blocked = NoValidPairing(f"{error}; the forbidden pair{'s' if len(used) != 1 else ''} {named} "
                                 f"{'block' if len(used) != 1 else 'blocks'} it (without "
                                 f"{'them' if len(used) != 1 else 'it'} the round pairs)")
        blocked.blocking = tuple((min(pair), max(pair)) for pair in used)
        raise blocked from None
