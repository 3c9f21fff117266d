"""The dealer's seeded shuffle against a plain Python copy of its definition.

A seed must deal the same cards on every platform and in every release that keeps
the definition (games/engine/_deck.pxd): xoshiro256** seeded through splitmix64, a
partial Fisher-Yates over the deck in card order for the cards a hand needs, each
bounded draw by rejection then the remainder.  The kernel computes the remainder
with a multiply; this reference takes Python's `%`, so the two agree only if the
multiply is exact.
"""

from __future__ import annotations

import pytest

from games import Table

MASK = (1 << 64) - 1


def splitmix(state: int) -> tuple[int, int]:
    """(the next output, the advanced state)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


class Xoshiro:
    def __init__(self, seed: int) -> None:
        x, _ = splitmix(seed)
        self.s = []
        for _ in range(4):
            out, x = splitmix(x)
            self.s.append(out)

    def next(self) -> int:
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & MASK  # noqa: E731
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        threshold = (1 << 64) % n
        r = self.next()
        while r < threshold:
            r = self.next()
        return r % n


def shuffled(seed: int, need: int) -> list[int]:
    """The first `need` cards of a seed's shuffle of the 52-card deck."""
    pool = list(range(52))
    rng = Xoshiro(seed)
    for i in range(need):
        j = i + rng.below(52 - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:need]


@pytest.mark.parametrize("seats", [2, 6, 9])
def test_a_seed_deals_the_cards_of_its_shuffle(seats: int) -> None:
    """Hole cards round by round from the button's left, then burn and flop, burn and
    turn, burn and river, all from one shuffle of the cards the hand needs."""
    need = 2 * seats + 8
    for seed in [0, 1, 2**63 + 5, MASK, *range(12345, 12345 + 300)]:
        t = Table("holdem", [200] * seats, blinds=(1, 2), seed=seed)
        while not t.done:
            t.check_or_call()
        cards = shuffled(seed, need)
        holes = tuple(tuple(cards[k + j * seats] for j in range(2)) for k in range(seats))
        board = cards[2 * seats:]
        assert t.holes == holes, seed
        assert t.board == (*board[1:4], board[5], board[7]), seed
        assert t.burned == (board[0], board[4], board[6]), seed
