"""Colour allocation for a pair (C.04.3 2026 Art. 5.2; 2017 E).

The first rule that decides wins:

* 5.2.1 grant both colour preferences;
* 5.2.2 grant the stronger preference (absolute > strong > mild); when both
  are absolute (topscorers only), the player with the wider colour difference;
* 5.2.3 alternate from the most recent round in which one player had White
  and the other Black (histories of played games, aligned to the right);
* 5.2.4 grant the preference of the higher-ranked player;
* 5.2.5 give the higher-ranked player the initial colour if their TPN is odd,
  otherwise the other colour.
"""

from __future__ import annotations

from typing import Literal

from arbiter_cli.pairing.dutch.state import PlayerState, Strength

__all__ = ["allocate_colours", "ColourRule"]

ColourRule = Literal["5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"]


def _other(colour: str) -> str:
    return "b" if colour == "w" else "w"


def allocate_colours(higher: PlayerState, lower: PlayerState, initial_colour: str) -> tuple[int, int, ColourRule]:
    """(White TPN, Black TPN, the rule that decided) for a pair; ``higher`` ranks higher."""
    hp, hs = higher.preference
    lp, ls = lower.preference

    def give(player: PlayerState, colour: str, rule: ColourRule) -> tuple[int, int, ColourRule]:
        other = lower if player is higher else higher
        return (player.tpn, other.tpn, rule) if colour == "w" else (other.tpn, player.tpn, rule)

    # 5.2.1: both preferences can be granted (a player with no preference takes what is left).
    if hp is not None and lp is not None and hp != lp:
        return give(higher, hp, "5.2.1")
    if hp is not None and lp is None:
        return give(higher, hp, "5.2.1")
    if lp is not None and hp is None:
        return give(lower, lp, "5.2.1")
    if hp is not None and lp is not None:
        # 5.2.2: the same colour is preferred; the stronger preference wins.
        if hs != ls:
            return give(higher, hp, "5.2.2") if hs > ls else give(lower, lp, "5.2.2")
        if hs == Strength.ABSOLUTE:
            hcd, lcd = abs(higher.colour_difference), abs(lower.colour_difference)
            if hcd != lcd:
                return give(higher, hp, "5.2.2") if hcd > lcd else give(lower, lp, "5.2.2")
        # 5.2.3: alternate from the last round where their colours differed.
        for h, l in zip(reversed(higher.colours), reversed(lower.colours)):
            if h != l:
                return give(higher, _other(h), "5.2.3")
        # 5.2.4: the higher-ranked player's preference.
        return give(higher, hp, "5.2.4")
    # 5.2.5: neither has a preference.
    colour = initial_colour if higher.tpn % 2 == 1 else _other(initial_colour)
    return give(higher, colour, "5.2.5")
