"""Short deck (36 cards, 6..A): exhaustive counts under both rule sets, and agreement
with the plain reference evaluator."""

import itertools

import numpy as np
import pytest

from evaluator import SHORT_DECK, SHORT_DECK_TRIPS, _kernel, deck, format_cards
from tests import ref_lows as ref
from tests.util import random_hands

SHORT = deck("6")


def category_counts(hand_type, counts):
    return {name: int(counts[lo:hi + 1].sum())
            for name, (lo, hi) in hand_type.category_bounds().items()}


@pytest.mark.parametrize("hand_type", [SHORT_DECK, SHORT_DECK_TRIPS])
def test_five_card_counts(hand_type):
    counts = _kernel.rank_histogram(hand_type.tables, SHORT, 5)
    assert counts.sum() == 376_992
    assert counts[0] == 0
    assert (counts[1:] > 0).sum() == hand_type.n_classes == 1404
    assert category_counts(hand_type, counts) == {
        "High Card": 122_400, "Pair": 193_536, "Two Pair": 36_288,
        "Three of a Kind": 16_128, "Straight": 6_120, "Full House": 1_728,
        "Flush": 480, "Four of a Kind": 288, "Straight Flush": 24,
    }
    bounds = hand_type.category_bounds()
    assert bounds["Flush"][0] == bounds["Full House"][1] + 1          # flush above full house


@pytest.mark.parametrize(
    ("hand_type", "classes", "straight", "trips"),
    [(SHORT_DECK, 752, 1_169_940, 607_200), (SHORT_DECK_TRIPS, 762, 1_139_580, 637_560)],
    ids=["straight>trips", "trips>straight"],
)
def test_seven_card_counts(hand_type, classes, straight, trips):
    counts = _kernel.rank_histogram(hand_type.tables, SHORT, 7)
    assert counts.sum() == 8_347_680
    assert counts[0] == 0
    assert (counts[1:] > 0).sum() == classes
    by_category = category_counts(hand_type, counts)
    assert by_category["Straight"] == straight
    assert by_category["Three of a Kind"] == trips


def test_rule_sets_differ_only_in_straight_versus_trips():
    straight, trips = "6c 7d 8h 9s Tc", "Tc Td Th 6s 8c"
    assert SHORT_DECK.evaluate(straight) > SHORT_DECK.evaluate(trips)
    assert SHORT_DECK_TRIPS.evaluate(straight) < SHORT_DECK_TRIPS.evaluate(trips)
    assert list(SHORT_DECK.categories).index("Straight") == 4
    assert list(SHORT_DECK_TRIPS.categories).index("Three of a Kind") == 4


@pytest.mark.parametrize("hand_type", [SHORT_DECK, SHORT_DECK_TRIPS])
def test_special_hands(hand_type):
    ev = hand_type.evaluate
    wheel = ev("Ac 6d 7h 8s 9c")
    assert hand_type.describe(wheel) == "Straight, Nine high"
    assert wheel == hand_type.category_bounds()["Straight"][0]        # lowest straight
    assert ev("Ac 6c 7c 8c 9c") == hand_type.category_bounds()["Straight Flush"][0]
    assert ev("As Ks Qs Js Ts") == hand_type.n_classes
    assert hand_type.describe(ev("As Ks Qs Js Ts")) == "Royal Flush"
    assert ev("6c 7c 8c 9c Jc") > ev("Ac Ad Ah Kc Kd")                # flush > full house
    assert ev("6c 7c 8c 9c Jc") < ev("6d 6c 6h 6s 7d")                # quads > flush
    assert ev("6c 7c 8c 9c Jc Jd Jh") == ev("6c 7c 8c 9c Jc")         # flush over full house
    assert ev("Ac 6c 7c 8c 9c Ad Ah") == ev("Ac 6c 7c 8c 9c")           # SF over trips


def test_every_five_card_hand_matches_reference():
    hands = ref.class_representatives(range(4, 13), with_flushes=True)
    arr = np.array(hands, dtype=np.uint8)
    for hand_type, trips in ((SHORT_DECK, False), (SHORT_DECK_TRIPS, True)):
        ref.assert_same_order(hand_type.evaluate_batch(arr),
                              [ref.short_deck(h, trips) for h in hands], hands,
                              hand_type.name)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("trips", [False, True], ids=["straight>trips", "trips>straight"])
def test_random_hands_match_reference(rng, k, trips):
    hand_type = SHORT_DECK_TRIPS if trips else SHORT_DECK
    hands = random_hands(rng, 1500, k, deck=36)
    ref.assert_same_order(hand_type.evaluate_batch(hands),
                          [ref.short_deck(h.tolist(), trips) for h in hands], hands,
                          f"{hand_type.name} {k} cards")


def flush_configurations(n):
    """One n-card hand per (flush rank mask, other ranks) configuration of the short
    deck: 5+ clubs, the other cards' ranks in diamonds, hearts, spades.  The value
    depends on nothing else, so these cover every n-card hand holding a flush."""
    from itertools import combinations, combinations_with_replacement
    hands = []
    for size in range(5, n + 1):
        for mask in combinations(range(4, 13), size):
            for others in combinations_with_replacement(range(4, 13), n - size):
                if max([others.count(r) for r in others] or [0]) > 3:
                    continue
                suit = {r: 1 for r in others}
                hand = [4 * r for r in mask]
                for r in others:
                    hand.append(4 * r + suit[r])
                    suit[r] += 1
                hands.append(hand)
    return hands


@pytest.mark.parametrize("n", [6, 7])
def test_flush_priority_is_right_for_every_flush_configuration(n):
    """The tables return the flush table's value whenever 5+ cards share a suit; with a
    flush above the full house that must still be the best hand (7 cards cannot hold
    quads or a second straight flush beside a flush), under both orders."""
    hands = flush_configurations(n)
    arr = np.array(hands, dtype=np.uint8)
    for hand_type, trips in ((SHORT_DECK, False), (SHORT_DECK_TRIPS, True)):
        fast = hand_type.evaluate_batch(arr)
        for hand, value in zip(hands, fast, strict=True):
            best_five = max(itertools.combinations(hand, 5),
                            key=lambda five: ref.short_deck(list(five), trips))
            assert value == hand_type.evaluate(list(best_five)), (
                f"{hand_type.name}: {format_cards(hand)} is worth {value}, its best five "
                f"{format_cards(list(best_five))} {hand_type.evaluate(list(best_five))}")
