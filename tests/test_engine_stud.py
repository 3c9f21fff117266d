"""The stud flow, hand by hand (docs/rules/seven-card-stud.md, razz.md): who brings
in, completing, the cap, who opens the later streets, the small and big bets, the
common card with eight players, and hostile actions refused with nothing changed.
The random hands of test_engine_stateful.py and the pokerkit differential tests
(test_engine_pokerkit_games.py) cover the same rules at large; these pin each one."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games import Table, phh
from tests.engine_util import check_round

STUD = dict(antes=1, bring_in=1, small_bet=2, big_bet=4)


def dealt(game: str, *hands: str, stacks: int = 100) -> Table:
    """A dealer-driven table with third street dealt: one hand a seat."""
    t = Table(game, [stacks] * len(hands), auto=False, **STUD)
    for seat, cards in enumerate(hands):
        t.act(f"d dh p{seat + 1} {cards}")
    return t


def street(t: Table, *cards: str) -> None:
    for seat, card in enumerate(cards):
        if card:
            t.act(f"d dh p{seat + 1} {card}")


def refused(t: Table, move: Callable[[], object], match: str) -> None:
    before = t._snapshot()
    with pytest.raises(ValueError, match=match):
        move()
    assert t._snapshot() == before, "a refused move changed the table"


@pytest.mark.parametrize(("game", "hands", "seat"), [
    ("seven-card-stud", ("AsKs2d", "QhQd2c", "JcJd3d"), 1),    # 2c: clubs are lowest
    ("seven-card-stud", ("2s3sAc", "QhQdKc", "JcJd4d"), 2),    # aces are high in stud
    ("seven-card-stud-hilo", ("2s3s5h", "QhQd5c", "JcJd9d"), 1),
    ("razz", ("As2s3c", "4h5dKd", "6c7dKh"), 2),               # Kh is above Kd
    ("razz", ("2s3sKc", "QhQdAs", "JcJdQc"), 0),               # aces are low in razz
])
def test_the_bring_in_is_the_card_showing(game: str, hands: tuple[str, ...],
                                          seat: int) -> None:
    t = dealt(game, *hands)
    assert t.actor == seat
    legal = t.legal()
    assert legal.bring_in and legal.call is None and not legal.fold
    assert legal.raise_to == (2, 2)                           # completing: the small bet
    assert t.up_cards == tuple((t.holes[s][2],) for s in range(len(hands)))


def test_the_bring_in_may_not_check_or_fold_and_is_posted_once() -> None:
    t = dealt("seven-card-stud", "AsKs2c", "QhQd3d", "JcJd4d")
    refused(t, t.check_or_call, "must post the bring-in")
    refused(t, t.fold, "must post the bring-in")
    refused(t, lambda: t.act("cc"), "must post the bring-in")
    refused(t, lambda: t.act("p2 pb"), "p2 is not to act: p1 is")
    refused(t, lambda: t.raise_to(3), "the maximum is 2")     # completing is to 2
    t.act("p1 pb")
    assert t.stacks[0] == 98 and t.bets[0] == 1                # ante 1, bring-in 1
    refused(t, t.bring_in, "none is due")                      # twice
    refused(t, lambda: t.act("p2 pb"), "none is due")
    assert t.legal().fold and t.legal().call == 1 and t.legal().raise_to == (2, 2)


def test_a_bring_in_all_in_is_not_due_again_after_the_completion() -> None:
    """The short stack posts the bring-in with its last chip: the completion makes the
    others due, not it (`Hand.behind`), and the round ends when they have called."""
    t = Table("seven-card-stud", [2, 100, 100], auto=False, **STUD)
    for seat, cards in enumerate(("AsKs2c", "QhQd3d", "JcJd4d")):
        t.act(f"d dh p{seat + 1} {cards}")
    t.bring_in()
    assert t.stacks[0] == 0
    check_round(t)
    t.raise_to(2)
    assert t.actor == 2
    t.check_or_call()
    assert t.actor is None and t.bets == (0, 0, 0)          # the dealer's turn


def test_completing_and_the_cap() -> None:
    t = dealt("seven-card-stud", "AsKs2c", "QhQd3d", "JcJd4d")
    t.bring_in()
    t.raise_to(2)                                              # p2 completes
    refused(t, lambda: t.raise_to(2), "the minimum is 4")      # p3 may not complete again
    refused(t, lambda: t.act("p1 cbr 4"), "p1 is not to act: p3 is")
    t.raise_to(4)
    t.raise_to(6)
    t.raise_to(8)                                              # the completion and 3 raises
    legal = t.legal()
    assert legal.raise_to is None and legal.call == 4          # capped
    t.check_or_call()
    t.check_or_call()
    assert t.street == "fourth street" and t.pots[0].amount == 3 + 3 * 8


def test_the_bets_and_who_opens_the_later_streets() -> None:
    t = dealt("seven-card-stud", "AsKs2c", "QhQd3d", "JcJd4d")
    t.bring_in()
    t.check_or_call()
    t.check_or_call()
    street(t, "Ah", "4c", "4h")       # showing 2c Ah, 3d 4c, 4d 4h: the open pair opens
    assert t.actor == 2
    refused(t, t.bring_in, "none is due")
    assert t.legal().raise_to == (2, 2)             # an open pair: still the small bet
    for _ in range(3):
        t.check_or_call()
    street(t, "9h", "Kd", "5c")       # 2c Ah 9h, 3d 4c Kd, 4d 4h 5c
    assert t.actor == 2 and t.legal().raise_to == (4, 4)    # fifth street: the big bet
    for _ in range(3):
        t.check_or_call()
    street(t, "9s", "Kh", "6c")       # kings showing beat nines and fours
    assert t.actor == 1
    for _ in range(3):
        t.check_or_call()
    street(t, "7d", "8d", "8s")       # seventh street: down cards change nothing
    assert t.actor == 1 and t.legal().raise_to == (4, 4)
    assert t.up_cards[1] == tuple(t.holes[1][2:6])


def test_legal_shows_the_up_cards_as_the_actor_decides() -> None:
    """legal().up_cards: every seat's face-up cards, () once folded; None where the
    game deals face down; and they take no part in comparing two Legal values."""
    from evaluator import parse_cards
    t = dealt("seven-card-stud", "AsKs2c", "QhQd3d", "JcJd4d")
    up = t.legal().up_cards
    assert up == ((parse_cards("2c")[0],), (parse_cards("3d")[0],), (parse_cards("4d")[0],))
    assert up == t.up_cards
    t.bring_in()
    t.fold()                                                  # p2 folds
    assert t.legal().up_cards == (up[0], (), up[2])
    t.check_or_call()
    street(t, "Ah", "", "4h")
    assert t.legal().up_cards == (up[0] + (parse_cards("Ah")[0],), (),
                                  up[2] + (parse_cards("4h")[0],))
    assert t.legal() == type(t.legal())(fold=False, call=0, raise_to=(2, 2))
    holdem = Table("holdem", [100, 100], blinds=(1, 2))
    assert holdem.legal().up_cards is None


def test_equal_hands_showing_open_from_p1_and_razz_opens_low() -> None:
    t = dealt("seven-card-stud", "AsKs5c", "QhQd5d", "JcJd2d")
    t.bring_in()
    t.check_or_call()
    t.check_or_call()
    street(t, "Td", "Tc", "Th")     # p1 5c Td, p2 5d Tc: equal, suits do not count
    assert t.actor == 0
    r = dealt("razz", "AsKs5c", "QhQd6d", "JcJd7d")
    r.bring_in()                    # p3's 7d is the highest
    r.check_or_call()
    r.check_or_call()
    street(r, "5h", "2c", "8h")     # 5c 5h (a pair), 6d 2c, 7d 8h: 6-2 is the lowest
    assert r.actor == 1


def test_eight_players_share_a_common_last_card() -> None:
    t = Table("seven-card-stud", [100] * 8, seed=4, **STUD)
    while not t.done:
        t.bring_in() if t.legal().bring_in else t.check_or_call()
    assert len(t.board) == 1 and all(len(h) == 6 for h in t.holes)
    assert any(e.kind == "deal_board" for e in t.events)
    assert sum(t.stacks) == 800
    again = phh.replay(t.to_phh())
    assert again.stacks == t.stacks and again.board == t.board


def test_seven_players_never_run_short_and_the_folded_cards_serve_eight() -> None:
    t = Table("razz", [100] * 7, seed=2, **STUD)
    while not t.done:
        t.bring_in() if t.legal().bring_in else t.check_or_call()
    assert t.board == () and all(len(h) == 7 for h in t.holes)
    # eight players, one folding on fourth street: the stub's six cards and its four
    # serve the seven left, the folded cards reshuffled into the stub
    t = Table("seven-card-stud", [100] * 8, seed=4, **STUD)
    t.bring_in()
    while t.street == "third street":
        t.check_or_call()
    t.raise_to(2)
    t.fold()
    while not t.done:
        t.check_or_call()
    assert t.board == () and sum(len(h) == 7 for h in t.holes) == 7
    assert any(e.kind == "new_stub" for e in t.events)


@pytest.mark.parametrize(("options", "match"), [
    (dict(blinds=(1, 2)), "has no blinds"),
    (dict(betting="no-limit"), "played fixed limit"),
    (dict(bring_in=2), "must be less than the small bet"),
    (dict(bring_in=-1), "bring_in"),
])
def test_bad_stud_options_are_refused(options: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        Table("seven-card-stud", [100, 100], **{**STUD, **options})


def test_the_bring_in_is_refused_outside_stud() -> None:
    with pytest.raises(ValueError, match="bring_in is an option of the stud games"):
        Table("holdem", [100, 100], bring_in=1)
    t = Table("badugi", [100, 100], blinds=(1, 2), small_bet=2, big_bet=4)
    refused(t, t.bring_in, "Badugi has no bring-in")
    assert t.legal().bring_in is False
