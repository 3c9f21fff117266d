"""Equity of the stud and draw games (games/equity/dealout.py) against a plain
enumerator written here: every way the cards still to come can fall, listed with
itertools, each hand ranked one at a time (the single-hand API, ref_equity's
eight-or-better low, ref_badugi's keys) and each pot divided as the rules say.  The
cases are small (one or two cards to come) so the reference stays readable."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest

from evaluator import ACE_TO_FIVE, DEUCE_TO_SEVEN, HIGH, parse_cards
from games.equity import dealout, equity
from tests import ref_badugi
from tests.ref_equity import low_value


def cards(text: str) -> list[int]:
    return parse_cards(text).tolist()


def split(values: list[object]) -> list[Fraction]:
    """One pot among the best values (None: does not qualify)."""
    best = max((v for v in values if v is not None), default=None)
    if best is None:
        return [Fraction(0)] * len(values)
    winners = [v == best for v in values]
    return [Fraction(1, sum(winners)) if w else Fraction(0) for w in winners]


def reference(game: str, hands: list[list[int]], to_come: list[int], dead: list[int],
              common: int = 0) -> list[Fraction]:
    """Each player's exact share: every deal of `to_come[p]` cards to player p (and
    `common` to the board) from the cards nobody holds, all equally likely."""
    deck = [c for c in range(52) if c not in dead and all(c not in h for h in hands)]
    total = [Fraction(0)] * len(hands)
    deals = 0

    def deal(p: int, left: list[int], got: list[list[int]]) -> None:
        nonlocal deals
        if p == len(hands):
            for board in combinations(left, common):
                final = [h + g + list(board) for h, g in zip(hands, got, strict=True)]
                for i, share in enumerate(pot(game, final)):
                    total[i] += share
                deals += 1
            return
        for extra in combinations(left, to_come[p]):
            deal(p + 1, [c for c in left if c not in extra], [*got, list(extra)])

    deal(0, deck, [])
    return [t / deals for t in total]


def pot(game: str, final: list[list[int]]) -> list[Fraction]:
    if game == "seven-card-stud":
        return split([HIGH.evaluate(h) for h in final])
    if game == "razz":
        return split([ACE_TO_FIVE.evaluate(h) for h in final])
    if game == "seven-card-stud-hilo":
        high = split([HIGH.evaluate(h) for h in final])
        lows = [max(low_value(list(five)) for five in combinations(h, 5)) or None
                for h in final]
        low = split(lows)
        if not any(lows):
            return high
        return [(a + b) / 2 for a, b in zip(high, low, strict=True)]
    if game == "badugi":
        return split([ref_badugi.key(h) for h in final])
    if game == "2-7-single-draw":
        return split([DEUCE_TO_SEVEN.evaluate(h) for h in final])
    raise AssertionError(game)


@pytest.mark.parametrize(("game", "players", "dead"), [
    ("seven-card-stud", ["AsAdKc9h5s2d", "QhQcJs8d7c3h"], "2c7d"),
    ("seven-card-stud", ["AsKsQsJs2d3d", "9c9d9h4c4d5h", "2h3c6d7s8hTd"], ""),
    ("razz", ["As2s3sKdQh9c", "4c5c6c7cKcTd"], "8h"),
    ("seven-card-stud-hilo", ["As2s3sKdQh9c", "4c5c6c7cKcTd"], ""),
    ("seven-card-stud-hilo", ["AsAd2c3h8s8d", "KcKdQh9sTsJs"], "4c5d6h"),
])
def test_stud_on_sixth_street(game: str, players: list[str], dead: str) -> None:
    r = equity(game, players, dead=dead)
    assert r.exact
    want = reference(game, [cards(p) for p in players], [1] * len(players), cards(dead))
    assert [p.equity for p in r] == pytest.approx([float(w) for w in want], abs=1e-12)


def test_stud_with_unseen_cards_and_two_to_come() -> None:
    """A hole card nobody saw is one more card to come, from the same deck."""
    players = ["??Kd9c7h5s3d", "QhQcJs8d7c6d"]
    r = equity("seven-card-stud", players, dead="AsAh2c3c4c5c6c8cTcJcKc")
    assert r.exact and r.outcomes == 435 * 28
    want = reference("seven-card-stud", [cards("Kd9c7h5s3d"), cards("QhQcJs8d7c6d")], [2, 1],
                     cards("AsAh2c3c4c5c6c8cTcJcKc"))
    assert [p.equity for p in r] == pytest.approx([float(w) for w in want], abs=1e-12)


def test_eight_players_share_the_last_card() -> None:
    """Eight players on sixth street hold 48 cards: the four left go one to the board,
    common to all, as a table deals it."""
    deck = list(range(52))
    hands = [deck[6 * p:6 * p + 6] for p in range(8)]
    r = equity("seven-card-stud", [hands[p] for p in range(8)])
    assert r.exact and r.outcomes == 4
    want = reference("seven-card-stud", hands, [0] * 8, [], common=1)
    assert [p.equity for p in r] == pytest.approx([float(w) for w in want], abs=1e-12)


@pytest.mark.parametrize(("game", "players", "keep", "kept"), [
    ("badugi", ["Ac2d3h4s", "KcKd5h9s"], ["pat", 2], ["Ac2d3h4s", "5h9s"]),
    ("badugi", ["Ac2c3h4s", "7c8d9hKs"], [3, "pat"], ["Ac3h4s", "7c8d9hKs"]),
    ("2-7-single-draw", ["7c5d4h3s2c", "KdQhJs9c8d"], ["pat", 3], ["7c5d4h3s2c", "9c8dJs"]),
    ("2-7-single-draw", ["2c2d4h5s7c", "3c4d6h8s8d"], [4, "3c4d6h"], ["2c4h5s7c", "3c4d6h"]),
])
def test_draws_with_a_strategy(game: str, players: list[str], keep: list[object],
                               kept: list[str]) -> None:
    r = equity(game, players, keep=keep)
    assert r.exact
    held = [cards(k) for k in kept]
    thrown = [c for p, k in zip(players, held, strict=True) for c in cards(p) if c not in k]
    size = len(cards(players[0]))
    want = reference(game, held, [size - len(k) for k in held], thrown)
    assert [p.equity for p in r] == pytest.approx([float(w) for w in want], abs=1e-12)


def test_sampling_agrees_with_the_enumeration_and_is_seeded() -> None:
    players = ["Kd9c7h5s2c3d", "QhQc8d6d4h5h"]
    exact = equity("razz", players, exact=True)
    a = equity("razz", players, exact=False, trials=60_000, seed=3)
    b = equity("razz", players, exact=False, trials=60_000, seed=3)
    assert exact.exact and not a.exact and a.outcomes == 60_000
    assert [p.equity for p in a] == [p.equity for p in b]
    for e, s in zip(exact, a, strict=True):
        assert s.se is not None and abs(e.equity - s.equity) < 5 * s.se


def shuffled_first(u: np.ndarray, deck: int) -> list[list[int]]:
    """The first cards of a Fisher-Yates shuffle of each row, plainly: step j swaps
    position j with position j + floor(u[j, row] * (deck - j))."""
    need, rows = u.shape
    deals = []
    for row in range(rows):
        cards = list(range(deck))
        for j in range(need):
            k = j + int(u[j, row] * (deck - j))
            cards[j], cards[k] = cards[k], cards[j]
        deals.append(cards[:need])
    return deals


@pytest.mark.parametrize(("rows", "deck", "need"), [
    (300, 52, 7), (200, 37, 15), (50, 8, 8), (40, 2, 1), (30, 45, 0)])
def test_sampled_deals_are_a_shuffles_first_cards(rows: int, deck: int, need: int) -> None:
    """The deal is pinned to its definition, with no sort or partition of numpy's in it
    (their orders differ by numpy version and machine): a seed deals the same cards in
    the same order everywhere."""
    got = dealout._deals_sampled(np.random.default_rng(9), rows, deck, need)
    u = np.random.default_rng(9).random((need, rows))
    assert got.shape == (rows, need) and got.dtype == np.int64
    assert got.tolist() == shuffled_first(u, deck)


def test_every_place_of_a_deal_takes_every_card_evenly() -> None:
    """Counts of each deck position at each place of 120,000 deals of 12 from 36: each
    within five standard errors of an even share (numpy's introselect order put some
    places' counts dozens of standard errors off)."""
    rows, deck, need = 120_000, 36, 12
    got = dealout._deals_sampled(np.random.default_rng(21), rows, deck, need)
    assert all(len(set(row)) == need for row in got[:2000].tolist())
    counts = np.stack([np.bincount(got[:, j], minlength=deck) for j in range(need)])
    p = 1 / deck
    z = (counts - rows * p) / np.sqrt(rows * p * (1 - p))
    assert np.abs(z).max() < 5, np.abs(z).max()


@pytest.mark.parametrize(("game", "players"), [
    ("seven-card-stud", ["??????", "??????", "??????"]),
    ("razz", ["????5h", "????5d"]),
])
def test_seats_dealt_alike_share_alike(game: str, players: list[str]) -> None:
    """Players holding the same unknown cards are the same seat: each holds its equal
    share to within four standard errors (numpy's introselect, dealing in its order,
    put stud's third player 56 standard errors under a third)."""
    r = equity(game, players, trials=200_000, seed=11)
    assert not r.exact
    for p in r:
        assert p.se is not None and abs(p.equity - 1 / len(players)) < 4 * p.se, p


def test_the_order_of_the_players_does_not_matter() -> None:
    players = ["As2s3sKdQh9c", "4c5c6c7cKcTd", "8h8d9s9hTh3c"]
    base = {p: e.equity for p, e in zip(players, equity("razz", players, dead="2h"),
                                        strict=True)}
    assert sum(base.values()) == pytest.approx(1.0)
    for order in permutations(players):
        r = equity("razz", list(order), dead="2h")
        assert r.exact and r.outcomes == 33 * 32 * 31
        for p, e in zip(order, r, strict=True):
            assert e.equity == pytest.approx(base[p], abs=1e-12)


@pytest.mark.parametrize(("args", "kwargs", "match"), [
    (("razz", ["As2s3s", "As4d5d"]), {}, "card As is in player 1 and in player 2"),
    (("razz", ["As2s3s", "Kd"]), {"keep": ["pat", "pat"]}, "keep= is the drawing strategy"),
    (("badugi", ["Ac2d3h4s", "KcKd5h9s"]), {"keep": ["pat", 5]}, "keep 0..4 cards"),
    (("badugi", ["Ac2d3h4s", "KcKd5h9s"]), {"keep": ["pat", "2c"]}, "which it does not hold"),
    (("badugi", ["Ac2d3h4s", "KcKd5h9s"]), {"keep": ["pat"]}, "keep has 1 entries"),
    (("badugi", ["Ac2d3h4s", "????5h9s"]), {}, "name every card"),
    (("seven-card-stud", ["AsKd", "QhQd"]), {"board": "2c"}, "has no board"),
    # a board given as an array: refused by name, not by numpy's "truth value of an
    # array is ambiguous" (hypothesis' fuzz found it)
    (("2-7-single-draw", ["7c5d4h3s2c", "KdQh9s8c3d"]),
     {"board": np.array([0, 0], dtype=np.uint8)}, "has no board"),
])
def test_bad_input_is_refused_by_name(args: tuple[object, ...], kwargs: dict[str, object],
                                      match: str) -> None:
    with pytest.raises(ValueError, match=match):
        equity(*args, **kwargs)  # type: ignore[arg-type]
