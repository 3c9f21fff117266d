"""Equity of the games without a board of five: seven-card stud, stud Hi/Lo and razz
given the cards each player shows (and holds, where known), and the draw games (2-7
single and triple draw, badugi) before a draw, each player drawing by a stated
strategy.

Both are one problem: each player holds some known cards and is still to receive some
unknown ones from a deck that lacks every card known to be elsewhere (the players'
known cards, the dead cards seen, a draw's discards); the hands are then ranked with
the variant's rankings and the pot divided (half to the best high and half to the best
qualifying low in Hi/Lo, the high hand scooping when nobody has a low; ties split).
Every way of dealing the unknown cards is equally likely: `exact` enumerates them all
(each player's unknown cards as a set, player after player, with numpy), sampling
deals them by the first steps of a seeded shuffle, the same on every machine.  Ranking
goes through the rankings' batch calls (`evaluate_batch`).

* Stud: a player is the cards it holds so far, "??" for a card not seen (an
  opponent's hole cards), e.g. ``"????Kh"`` on third street or ``"AsAd9c7h"`` for a
  hand known whole; it is dealt the rest of its seven.  When the deck left cannot give
  every player its seventh card (eight players still in), one card is dealt to the
  board, common to all, as a stud table deals it (docs/rules/seven-card-stud.md).
* Draws: a player is its whole hand before the draw and keeps, by `keep`, every card
  ("pat", the default), its best k cards (an int: for badugi the lowest set of at most
  k cards with no suit and no rank twice; for 2-7 the k lowest cards of different
  ranks, so pairs go first, then the highest cards, straights and flushes not
  considered), or the cards given ("7h5c4d").  The discards are out of the deck; the
  replacements come from the rest, and the hands after this one draw are shown down.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import BADUGI, card_name, format_cards, parse_cards
from evaluator.checks import count
from evaluator.checks import seed as check_seed
from games.engine.cards import read_cards
from games.equity.result import EquityResult, PlayerEquity
from games.variants import Split, Variant

#: exact=None enumerates up to this many deals; exact=True refuses more than MAX_EXACT
AUTO_EXACT = 1_000_000
MAX_EXACT = 50_000_000
#: trials when sampling without trials=
DEFAULT_TRIALS = 200_000
#: deals ranked at once (memory: a few MB)
CHUNK = 1 << 15


def is_stud(v: Variant) -> bool:
    return v.board_cards == 0 and v.has_bring_in


def is_draw(v: Variant) -> bool:
    """A lowball draw game (2-7, badugi): the games whose "best k cards" this module
    defines.  Italian poker, a high draw game whose deck follows the player count, is
    not one of them."""
    return v.board_cards == 0 and any(s.draw for s in v.streets) and v.split is Split.LOW


# ---------------------------------------------------------------- inputs


def _cards(entry: Any, what: str, unknown: bool) -> list[int | None]:
    """A player's cards as text ("As Kd", "????Kh") or ints; None for "??"."""
    if isinstance(entry, str):
        if not entry.strip():
            return []
        if entry.strip().lower() in ("random", "*") or "%" in entry or "+" in entry:
            raise ValueError(f"{what}: give its cards (\"??\" for one not seen); ranges "
                             "and random hands are for the board games")
        try:
            read = list(read_cards(entry.strip()))
        except ValueError as error:
            raise ValueError(f"{what}: {error}") from None
    elif isinstance(entry, (list, tuple, np.ndarray)):
        read = [None if c is None else int(c) for c in parse_cards(
            [c for c in entry if c is not None]).tolist()]
        read += [None] * sum(1 for c in entry if c is None)
    else:
        raise TypeError(f"{what}: expected cards as text or a list of ints, got "
                        f"{type(entry).__name__}")
    if not unknown and None in read:
        raise ValueError(f"{what}: name every card (a draw is worked out from the whole hand)")
    return read


def _claim(owner: dict[int, str], cards: Sequence[int | None], what: str,
           v: Variant) -> None:
    for c in cards:
        if c is None:
            continue
        if not (v.deck_mask >> c) & 1:
            raise ValueError(f"{what}: card {card_name(c)} is not in the {v.title} deck")
        if c in owner:
            raise ValueError(f"card {card_name(c)} is in {owner[c]} and in {what}")
        owner[c] = what


def _best_kept(v: Variant, hand: list[int], k: int) -> list[int]:
    """The cards a player keeping its best k keeps (see the module)."""
    if v.high is BADUGI:
        best: list[int] = BADUGI.best_cards(hand).tolist()
        return best[:k] if len(best) > k else best
    # 2-7: the k lowest cards of different ranks, aces high
    by_rank: dict[int, int] = {}
    for c in sorted(hand):
        by_rank.setdefault(c >> 2, c)
    return sorted(by_rank.values())[:k]


def _kept(v: Variant, hand: list[int], keep: Any, what: str) -> list[int]:
    if keep is None or (isinstance(keep, str) and keep.strip().lower() == "pat"):
        return list(hand)
    if isinstance(keep, (int, np.integer)) and not isinstance(keep, bool):
        k = int(keep)
        if not 0 <= k <= len(hand):
            raise ValueError(f"{what}: keep 0..{len(hand)} cards, got {k}")
        return _best_kept(v, hand, k)
    if isinstance(keep, str):
        kept = [c for c in _cards(keep, what, False) if c is not None]
        stray = [c for c in kept if c not in hand]
        if stray:
            raise ValueError(f"{what}: keeps {card_name(stray[0])}, which it does not hold")
        return kept
    raise TypeError(f"{what}: keep is 'pat', a number of cards or the cards kept, got "
                    f"{type(keep).__name__}")


# ---------------------------------------------------------------- dealing


def _deals_exact(deck: int, groups: list[int]) -> npt.NDArray[np.int64]:
    """Every way of dealing `groups[i]` cards (as a set) to slot group i from `deck`
    cards, one after the other: (deals, sum(groups)) indices into the deck."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for size in groups:
        if size == 0:
            continue
        used = rows.shape[1]
        left = deck - used
        pick = np.array(list(combinations(range(left), size)), dtype=np.int64)
        # each row's remaining deck indices, in order
        free = np.ones((len(rows), deck), dtype=bool)
        if used:
            np.put_along_axis(free, rows, False, axis=1)
        remaining = np.nonzero(free)[1].reshape(len(rows), left)
        chosen = remaining[:, pick].reshape(-1, size)
        rows = np.concatenate([np.repeat(rows, len(pick), axis=0), chosen], axis=1)
    return rows


def _deals_sampled(rng: np.random.Generator, rows: int, deck: int,
                   need: int) -> npt.NDArray[np.int64]:
    """`rows` random deals of `need` cards from a deck of `deck`, as deck positions in
    the order dealt (the first cards go to the first player): the first `need` steps of
    a Fisher-Yates shuffle, all rows at once.  Step j swaps position j with position
    j + floor(u * (deck - j)), u one uniform double (each position's chance is exact to
    within deck / 2^53), so every ordered deal is equally likely and a seed deals the
    same cards on every machine and numpy.

    Not `np.argpartition` of one uniform key a card, as before: it picks the right
    cards but leaves them in an order of its own algorithm, neither random nor the same
    everywhere.  numpy's scalar introselect (numpy 1.x; numpy 2.x on ARM, and on x86
    without AVX2) dealt some deck positions first far more often than chance, and stud
    players holding the same unknown cards read 7 to 56 standard errors off their equal
    shares.  The shuffle's steps draw `need` numbers a deal, not `deck`, and cost less:
    1.5-3.6 ms for 32,768 deals of 6-15 cards from 37-47, against 12-16 ms for numpy's
    SIMD partition and 21-28 ms for its introselect (Zen 4)."""
    u = rng.random((need, rows))
    u *= np.arange(deck, deck - need, -1)[:, None]
    at = np.arange(0, rows * deck, deck)                # each row's first position
    there = u.astype(np.intp)
    there += at
    there += np.arange(need)[:, None]
    cards = np.tile(np.arange(deck, dtype=np.int8), rows)
    for j in range(need):
        here = at + j
        swapped = cards[there[j]]
        cards[there[j]] = cards[here]
        cards[here] = swapped
    return cards.reshape(rows, deck)[:, :need].astype(np.int64)


def _count_exact(deck: int, groups: list[int]) -> int:
    total, left = 1, deck
    for size in groups:
        total *= math.comb(left, size)
        left -= size
    return total


def _share(values: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """(N, P) values -> each player's share of a pot among the best values (0 when the
    best is 0: nobody qualifies), and whether anybody qualified."""
    best = values.max(axis=1, keepdims=True)
    winners = (values == best) & (best > 0)
    n = winners.sum(axis=1, keepdims=True)
    share = np.divide(winners, n, out=np.zeros(values.shape, dtype=np.float64), where=n > 0)
    return share, (n[:, 0] > 0)


class _Tally:
    def __init__(self, players: int) -> None:
        self.equity = np.zeros(players)
        self.win = np.zeros(players)
        self.tie = np.zeros(players)
        self.high = np.zeros(players)
        self.low = np.zeros(players)
        self.sq_equity = np.zeros(players)
        self.n = 0

    def add(self, v: Variant, hands: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8] | None
            ) -> None:
        n, players, width = hands.shape
        flat = hands.reshape(-1, width)
        boards = None if board is None else np.repeat(board, players, axis=0)
        assert v.high is not None
        high = v.high.evaluate_batch(flat, boards).reshape(n, players).astype(np.int64)
        high_share, _ = _share(high)
        if v.split is Split.HIGH_LOW and v.low is not None:
            low = v.low.evaluate_batch(flat, boards).reshape(n, players).astype(np.int64)
            low_share, has_low = _share(low)
            hi = np.where(has_low[:, None], 0.5 * high_share, high_share)
            lo = np.where(has_low[:, None], 0.5 * low_share, 0.0)
        else:
            hi, lo = high_share, np.zeros_like(high_share)
        total = hi + lo
        self.equity += total.sum(axis=0)
        self.sq_equity += (total * total).sum(axis=0)
        self.high += hi.sum(axis=0)
        self.low += lo.sum(axis=0)
        whole = np.isclose(total, 1.0)
        self.win += whole.sum(axis=0)
        self.tie += ((total > 0) & ~whole).sum(axis=0)
        self.n += n


# ---------------------------------------------------------------- the calculation


def dealout_equity(v: Variant, players: Sequence[Any], dead: Any, keep: Any, *,
                   exact: bool | None, trials: int | None, seed: Any) -> EquityResult:
    """Equity of a stud or draw game (see the module); called by `games.equity.equity`."""
    t0 = time.perf_counter()
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a list with one hand per player, got "
                        f"{type(players).__name__}")
    n = len(players)
    if not 2 <= n <= v.max_players:
        raise ValueError(f"{v.title} equity needs 2..{v.max_players} players, got {n}")
    stud = is_stud(v)
    if not stud and not is_draw(v):
        raise ValueError(f"{v.title} is not a stud or draw game")
    if stud and keep is not None:
        raise ValueError("keep= is the drawing strategy of the draw games; a stud hand "
                         "draws nothing")
    if isinstance(keep, (str, bytes)) or (keep is not None and not isinstance(keep, Sequence)):
        raise TypeError("keep must be a list with one strategy per player")
    if keep is not None and len(keep) != n:
        raise ValueError(f"keep has {len(keep)} entries for {n} players")
    owner: dict[int, str] = {}
    dead_cards = [c for c in _cards(dead, "dead cards", False) if c is not None]
    _claim(owner, dead_cards, "the dead cards", v)
    known: list[list[int]] = []
    unknown: list[int] = []
    texts: list[str] = []
    out = set(dead_cards)
    for i, entry in enumerate(players):
        what = f"player {i + 1}"
        cards = _cards(entry, what, stud)
        _claim(owner, cards, what, v)
        if stud:
            if len(cards) > 7 or not cards:
                raise ValueError(f"{what}: a stud hand holds 1..7 cards, got {len(cards)}")
            held = [c for c in cards if c is not None]
            known.append(held)
            unknown.append(7 - len(held))
            texts.append("".join("??" if c is None else card_name(c) for c in cards))
        else:
            hand = [c for c in cards if c is not None]
            if len(hand) != v.hole_cards:
                raise ValueError(f"{what}: a {v.title} hand has {v.hole_cards} cards, "
                                 f"got {len(hand)}")
            kept = _kept(v, hand, None if keep is None else keep[i], what)
            out.update(c for c in hand if c not in kept)
            known.append(kept)
            unknown.append(len(hand) - len(kept))
            texts.append(f"{format_cards(hand, sep='')} keeps "
                         f"{format_cards(kept, sep='') or 'nothing'}")
    out.update(c for hand in known for c in hand)
    deck = np.array([c for c in v.deck.tolist() if c not in out], dtype=np.uint8)
    common = 0
    if stud and all(u > 0 for u in unknown) and 7 * n > v.deck_size:
        # eight players to seventh street: the deck (with the cards out of play) cannot
        # give each its last card, which goes to the board, common to all
        common = 1
        unknown = [u - 1 for u in unknown]
    need = sum(unknown) + common
    if need > len(deck):
        raise ValueError(f"the deck has {len(deck)} cards left, the hands need {need}")
    groups = [*unknown, common]
    outcomes = _count_exact(len(deck), groups)
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact must be True, False or None, got {type(exact).__name__}")
    if exact is True and trials is not None:
        raise ValueError("exact=True enumerates; trials are for sampling")
    if exact is True and outcomes > MAX_EXACT:
        raise ValueError(f"exact enumeration would deal {outcomes:,} ways; sample instead "
                         "(exact=False)")
    if trials is not None:
        trials = count(trials, "trials", 1, 1 << 40)
    use_exact = exact is True or (exact is None and trials is None and outcomes <= AUTO_EXACT)
    run_seed = check_seed(seed)

    width = max(len(k) + u for k, u in zip(known, unknown, strict=True))
    tally = _Tally(n)

    def rank(picks: npt.NDArray[np.int64]) -> None:
        rows = len(picks)
        hands = np.empty((rows, n, width), dtype=np.uint8)
        at = 0
        for p in range(n):
            hands[:, p, :len(known[p])] = known[p]
            hands[:, p, len(known[p]):] = deck[picks[:, at:at + unknown[p]]]
            at += unknown[p]
        board = deck[picks[:, at:at + common]] if common else None
        tally.add(v, hands, board)

    if use_exact:
        picks = _deals_exact(len(deck), groups)
        for a in range(0, len(picks), CHUNK):
            rank(picks[a:a + CHUNK])
    else:
        rng = np.random.default_rng(run_seed)
        total = DEFAULT_TRIALS if trials is None else trials
        done = 0
        while done < total:
            rows = min(CHUNK, total - done)
            rank(_deals_sampled(rng, rows, len(deck), need))
            done += rows
    m = max(tally.n, 1)
    equities = tally.equity / m
    se = None if use_exact else np.sqrt(np.maximum(tally.sq_equity / m - equities**2, 0) / m)
    result = tuple(PlayerEquity(
        hand=texts[p], equity=float(equities[p]), win=float(tally.win[p] / m),
        tie=float(tally.tie[p] / m), high=float(tally.high[p] / m), low=float(tally.low[p] / m),
        scoop=float(tally.win[p] / m), se=None if se is None else float(se[p]),
    ) for p in range(n))
    return EquityResult(v.name, result, "", format_cards(dead_cards, sep=""), use_exact,
                        tally.n, v.split is Split.HIGH_LOW, None if use_exact else run_seed,
                        1, time.perf_counter() - t0)
