"""Fief's combat tables ("Phase 5: The Combat"), exactly as printed, and one
exchange of fire.

"From 1 to 6 counters an attacker or defender can roll one; from 7 to 12
pieces, two of them and 13 pieces or more, three of them." The Combat
Results Table gives, for each sum of the dice, the counters the other side
loses, "in open ground" or "in a castle".
"""

from __future__ import annotations

import random
from dataclasses import dataclass

#: Losses by the sum of the dice (index 1 to 18), in open ground.
OPEN_GROUND = (0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9)
#: Losses by the sum of the dice (index 1 to 18), in a castle.
IN_CASTLE = (0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6)


def dice_for(counters: int) -> int:
    """The Dice Throws Table: 1-6 counters one die, 7-12 two, 13 or more three."""
    if counters <= 0:
        return 0
    return 1 if counters <= 6 else 2 if counters <= 12 else 3


def losses(dice_sum: int, in_castle: bool) -> int:
    """The Combat Results Table: counters lost by the side that was fired on."""
    table = IN_CASTLE if in_castle else OPEN_GROUND
    return table[max(0, min(dice_sum, len(table) - 1))]


@dataclass(frozen=True)
class Exchange:
    """One exchange: the attacker's roll and the defender's losses, then the
    defender's roll (with its forces counted before the losses) and the
    attacker's losses."""

    attacker_roll: tuple[int, ...]
    defender_loses: int
    defender_roll: tuple[int, ...]
    attacker_loses: int


def exchange(attackers: int, defenders: int, defender_in_castle: bool,
             rng: random.Random) -> Exchange:
    """The attacker rolls the dice its counters give and the defender loses by
    the table (castle row if it is in a castle); "the defender - who always
    plays second - counts the number of his forces which are present before the
    elimination of these counters" and the attacker, always in open ground,
    loses by the table."""
    a_roll = tuple(rng.randint(1, 6) for _ in range(dice_for(attackers)))
    d_roll = tuple(rng.randint(1, 6) for _ in range(dice_for(defenders)))
    return Exchange(a_roll, min(defenders, losses(sum(a_roll), defender_in_castle)),
                    d_roll, min(attackers, losses(sum(d_roll), False)))
