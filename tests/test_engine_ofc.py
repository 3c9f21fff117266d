"""Open Face Chinese and Pineapple OFC on the engine (docs/rules/ofc.md).

Hand-made hands dealt by a live dealer (the cards chosen), each proving one rule:
the placement order and `legal().place`, scoring through `games.ofc.score` times the
stake, a foul, a scoop, the stack limit, Pineapple's discard, fantasyland dealing and
the session keeping it; then random placement policies over thousands of seeded
hands, and the refusals that leave a table as it was.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import parse_cards
from games import Session, Table, ofc, phh
from games.engine.rules.placement import PlacementResult, next_fantasyland, settle_points
from tests.engine_util import check_cards, check_chips, names, place_at_random

ROWS = ("bottom", "middle", "top")


def row_cards(board: tuple[str, str, str]) -> list[tuple[str, int]]:
    """A board's (row, card) pairs, bottom first."""
    return [(row, int(c)) for row, text in zip(ROWS, board, strict=True)
            for c in parse_cards(text)]


def placed(pairs: list[tuple[str, int]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for row, card in pairs:
        out.setdefault(row, []).append(card)
    return out


def deal_and_place(boards: list[tuple[str, str, str]], stacks: list[int] | None = None,
                   **options: Any) -> Table:
    """A dealer-driven OFC hand ending with these boards: each player is dealt its
    first five cards (bottom first) and places them, then one card a street."""
    t = Table("ofc", stacks or [1000] * len(boards), auto=False, **options)
    cards = [row_cards(b) for b in boards]
    for street, (start, stop) in enumerate([(0, 5), *((k, k + 1) for k in range(5, 13))]):
        for seat, pairs in enumerate(cards):
            t.act(f"d dh p{seat + 1} {names([c for _, c in pairs[start:stop]])}")
        for seat, pairs in enumerate(cards):
            assert t.actor == seat, street
            t.place(**placed(pairs[start:stop]))
    return t


def refused(t: Table, action: Any, message: str) -> None:
    before = t._snapshot()
    with pytest.raises(ValueError, match=message):
        action()
    assert t._snapshot() == before


# ---------------------------------------------------------------- the order of play

def test_the_player_left_of_the_button_places_five_then_one_card_at_a_time() -> None:
    t = Table("ofc", [100, 100, 100], seed=11)
    assert t.actor == 0 and t.to_place == 5
    assert [len(h) for h in t.holes] == [5, 5, 5]
    assert dict(t.legal().place) == {"bottom": 5, "middle": 5, "top": 3}
    first = t.holes[0]
    t.place(bottom=first[:2], middle=first[2:4], top=first[4:])
    assert t.rows[0] == (first[:2], first[2:4], first[4:])
    assert t.holes[0] == () and t.actor == 1
    for seat in (1, 2):
        hand = t.holes[seat]
        t.place(bottom=hand[:3], middle=hand[3:])
    assert [len(h) for h in t.holes] == [1, 1, 1] and t.actor == 0 and t.to_place == 1
    assert dict(t.legal().place) == {"bottom": 3, "middle": 3, "top": 2}
    card = t.holes[0][0]
    t.place(top=[card])
    assert t.rows[0][2] == (first[4], card)       # placed cards never move
    assert str(t.events[-1]) == f"p1 places {names([card])} top"


def test_a_full_row_leaves_legal_place_and_refuses_more() -> None:
    t = Table("ofc", [100, 100], seed=3)
    hand = t.holes[0]
    t.place(top=hand[:3], middle=hand[3:])
    t.place(bottom=t.holes[1])
    assert dict(t.legal().place) == {"bottom": 5, "middle": 3}
    refused(t, lambda: t.place(top=t.holes[0]), "top row of p1 has room for 0")
    t.place(bottom=t.holes[0])


# ---------------------------------------------------------------- scoring

BOARDS = [("AsAhAdKsKh", "QsQhQdJsJh", "2c3c4c"),        # full house, trips, 4-high
          ("2d3d4d5d7d", "8c9hTcJdQc", "6h7s8s")]        # flush, straight, 8-high


def test_the_end_scores_every_pair_with_ofc_score_times_the_stake() -> None:
    t = deal_and_place(BOARDS, stake=5)
    assert t.done and isinstance(t.result, PlacementResult)
    expected = ofc.score(BOARDS)
    assert t.result.score == expected
    assert t.result.points == expected.points == (11, -11)
    assert t.stacks == (1055, 945) and t.result.chips == (55, -55)
    assert t.result.payouts == (55, 0)
    assert [(e.kind, e.seat, e.amount) for e in t.events[-2:]] == [
        ("pay", 1, 55), ("win", 0, 55)]
    check_chips(t)


def test_a_foul_pays_six_to_the_other_board_and_earns_no_royalties() -> None:
    fouled = ("2d3d4d5d7d", "AsAhAdKsKh", "2c3c4c")      # middle beats bottom
    t = deal_and_place([fouled, ("8c9hTcJdQc", "6s6h7c8d9s", "QhJh2h")])
    assert t.result.score.fouled == (True, False)
    pair = t.result.score.pairs[0]
    assert pair.row_points == -6 and pair.royalties[0] == 0
    # the unfouled board: a straight in the bottom earns 2, nothing else
    assert t.result.points == (-8, 8)


def test_a_scoop_scores_six_for_the_three_rows() -> None:
    winner = ("AsKsQsJsTs", "AhAdAcKhKd", "QhQdQc")      # royal, full house, trips
    loser = ("2c2d4c5c7d", "3d4h5h8s9c", "2h3h6d")       # a pair, 9-high, 6-high
    t = deal_and_place([winner, loser])
    pair = t.result.score.pairs[0]
    assert t.result.score.fouled == (False, False)
    assert pair.rows == (1, 1, 1) and pair.scoop == 3 and pair.row_points == 6
    assert pair.royalties == (15 + 12 + 15, 0)       # royal 15, full house 12, trips 15
    assert t.result.points == (48, -48)


def test_a_loser_pays_at_most_its_stack_and_the_winners_share_it() -> None:
    assert settle_points((12, -3, -9), 10, (500, 500, 50)) == (80, -30, -50)
    # 70 paid for 120 won by two winners in proportion 2:1, the odd chip to the larger
    assert settle_points((8, 4, -12), 10, (500, 500, 70)) == (47, 23, -70)
    assert settle_points((0, 0), 3, (1, 1)) == (0, 0)
    # through the table: 11 points at 100 a point, but the loser has 7 chips
    t = deal_and_place(BOARDS, [1000, 7], stake=100)
    assert t.result.points == (11, -11) and t.result.chips == (7, -7)
    assert t.stacks == (1007, 0)


# ---------------------------------------------------------------- Pineapple OFC

def test_pineapple_places_two_of_three_and_discards_the_third_face_down() -> None:
    t = Table("pineapple-ofc", [100, 100, 100], seed=5)
    for seat in range(3):
        t.place(bottom=t.holes[seat][:5])
    assert [len(h) for h in t.holes] == [3, 3, 3] and t.to_place == 2
    a, b, c = t.holes[0]
    refused(t, lambda: t.place(middle=[a, b], discard=[a]), "placed and discarded")
    refused(t, lambda: t.place(middle=[a]), "must place 2 card")
    t.place(middle=[a], top=[b])
    assert t.discards == (c,) and t.holes[0] == ()
    assert phh.notation.line(t.events[-1]) == f"p1 pl /{names([a])}/{names([b])}/{names([c])}"
    while not t.done:
        hand = t.holes[t.actor]
        free = dict(t.legal().place)
        rows: dict[str, list[int]] = {}
        for card in hand[:2]:
            row = next(r for r in ROWS if free.get(r, 0) > 0)
            free[row] -= 1
            rows.setdefault(row, []).append(card)   # type: ignore[arg-type]
        t.place(**rows)
    assert all(sum(len(r) for r in rows) == 13 for rows in t.rows)
    assert len(t.discards) == 12
    check_cards(t)


# ---------------------------------------------------------------- fantasyland

def test_fantasyland_deals_fourteen_and_places_thirteen_at_once() -> None:
    t = Table("ofc", [100, 100, 100], seed=9, fantasyland=(1,))
    assert [len(h) for h in t.holes] == [5, 14, 5]
    t.place(bottom=t.holes[0])
    assert t.to_place == 13
    hand = t.holes[1]
    refused(t, lambda: t.place(bottom=hand[:5], middle=hand[5:10]), "must place 13")
    t.place(bottom=hand[:5], middle=hand[5:10], top=hand[10:13])
    assert t.discards == (hand[13],)
    t.place(bottom=t.holes[2])
    for _ in range(8):                       # the other two take one card a street
        assert t.actor == 0 and len(t.holes[1]) == 0
        t.place(middle=t.holes[0]) if len(t.rows[0][1]) < 5 else t.place(top=t.holes[0])
        t.place(middle=t.holes[2]) if len(t.rows[2][1]) < 5 else t.place(top=t.holes[2])
    assert t.done


def test_four_players_leave_no_fourteenth_card_for_fantasyland() -> None:
    t = Table("ofc", [100] * 4, seed=9, fantasyland=(0,))
    assert [len(h) for h in t.holes] == [13, 5, 5, 5]


def test_the_thresholds_of_fantasyland() -> None:
    qq_top = ("AsAhAd2c2d", "KsKh3c4d5h", "QsQh7c")      # no foul, queens on top
    jj_top = ("AsAhAd2c2d", "KsKh3c4d5h", "JsJh7c")
    boards = [qq_top, ("9c9d9h9s2h", "8c8d8h3d4c", "6c6d5c")]
    t = deal_and_place(boards)
    assert next_fantasyland(t.result, t.rows, ()) == (0,)      # QQ earns it, 66 does not
    assert next_fantasyland(t.result, t.rows, (1,)) == (0, 1)  # quads in the bottom stay
    t = deal_and_place([jj_top, boards[1]])
    assert next_fantasyland(t.result, t.rows, ()) == ()
    assert next_fantasyland(t.result, t.rows, (0,)) == (0,)    # full house bottom stays


def test_a_session_carries_fantasyland_to_the_next_hand_and_points_add_up() -> None:
    s = Session("ofc", [500, 500], seed=2, fantasyland=True, auto=False)
    t = s.table
    boards = [("AsAhAd2c2d", "KsKh3c4d5h", "QsQh7c"), ("9c9d8h7s2h", "8c8d6h3d4c", "6c6d5c")]
    order = [row_cards(b) for b in boards]
    hand_seat = {s.in_hand[k]: k for k in range(2)}
    for start, stop in [(0, 5), *((k, k + 1) for k in range(5, 13))]:
        for k in range(2):
            t.act(f"d dh p{k + 1} {names([c for _, c in order[k][start:stop]])}")
        for k in range(2):
            t.place(**placed(order[k][start:stop]))
    lucky = next(seat for seat, k in hand_seat.items() if k == 0)
    assert sum(s.points) == 0 and s.points[lucky] == t.result.points[0]
    s.next()
    assert s.fantasyland == (lucky,)
    k = s.in_hand.index(lucky)
    assert s.table.options.fantasyland == (k,)
    stub = list(s.table.deck)
    with pytest.raises(ValueError, match=f"p{k + 1} is due 14 hole card"):
        s.table.deal_hole(k, stub[:15])
    s.table.deal_hole(k, stub[:14])


# ---------------------------------------------------------------- refusals

def test_bad_placements_are_refused_and_change_nothing() -> None:
    t = Table("ofc", [100, 100], seed=21)
    hand = t.holes[0]
    other = t.holes[1][0]
    refused(t, lambda: t.place(bottom=hand[:4]), "must place 5 card")
    refused(t, lambda: t.place(top=hand[:4], bottom=hand[4:]), "top row of p1 has room for 3")
    refused(t, lambda: t.place(bottom=[*hand[:4], other]), "does not hold")
    refused(t, lambda: t.place(bottom="?? " + names(hand[1:])), "face up")
    refused(t, lambda: t.act(f"p2 pl {names(hand)}//"), "p2 is not to act")
    refused(t, lambda: t.act("p1 pl AsKs"), "pl takes bottom/middle/top")
    refused(t, lambda: t.fold(), "cannot fold now: p1 must place 5 of its 5 card")
    refused(t, lambda: t.discard(hand[:1]), "no discard is due")
    refused(t, lambda: t.place(bottom="Xx"), "cannot read")
    t.place(bottom=hand)
    t.place(middle=t.holes[1])
    refused(t, lambda: t.place(bottom=t.holes[0]), "bottom row of p1 has room for 0")
    with pytest.raises(ValueError, match="stake and fantasyland are options of the placement"):
        Table("holdem", [100, 100], stake=2)
    with pytest.raises(ValueError, match="has no blinds"):
        Table("ofc", [100, 100], blinds=(1, 2))
    with pytest.raises(ValueError, match="has no betting"):
        Table("ofc", [100, 100], betting="pot-limit")
    with pytest.raises(ValueError, match="fantasyland\\[0\\] = 2"):
        Table("ofc", [100, 100], fantasyland=(2,))
    with pytest.raises(TypeError, match="fantasyland must be a sequence"):
        Table("ofc", [100, 100], fantasyland=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"played by 2\.\.3 players"):
        Table("pineapple-ofc", [100] * 4)
    h = Table("holdem", [100, 100], seed=1)
    refused(h, lambda: h.place(bottom="As"), "no placement is due")
    d = Table("ofc", [100, 100], auto=False)
    refused(d, lambda: d.expose("As"), "irregularity rules are the Hold'em family's")


# ---------------------------------------------------------------- random policies

def random_hand(game: str, seats: int, seed: int, lucky: tuple[int, ...] = (),
                stake: int = 1) -> Table:
    rng = random.Random(seed)
    t = Table(game, [rng.randint(1, 300) for _ in range(seats)], seed=seed,
              fantasyland=lucky, stake=stake)
    while not t.done:
        place_at_random(t, rng)
    return t


@pytest.mark.parametrize(("game", "seats"), [("ofc", 2), ("ofc", 3), ("ofc", 4),
                                             ("pineapple-ofc", 2), ("pineapple-ofc", 3)])
def test_random_placement_policies_over_many_seeded_hands(game: str, seats: int) -> None:
    fouls = scoops = 0
    for seed in range(600):
        lucky = (seed % seats,) if seed % 5 == 0 else ()
        t = random_hand(game, seats, seed, lucky, stake=1 + seed % 3)
        result = t.result
        assert isinstance(result, PlacementResult)
        boards = [tuple(names(r) for r in rows) for rows in t.rows]
        assert result.score == ofc.score(boards)          # the engine's score is ofc's
        assert sum(result.points) == 0 and sum(result.chips) == 0
        assert all(s >= 0 for s in t.stacks)
        assert sum(t.stacks) == sum(t.starting_stacks)
        for net, points, start in zip(result.chips, result.points, t.starting_stacks,
                                      strict=True):
            owed = points * result.stake
            assert (0 <= net <= owed if owed > 0 else owed <= net <= 0) and -net <= start
        placed_cards = [c for rows in t.rows for r in rows for c in r]
        assert len(placed_cards) == 13 * seats == len(set(placed_cards))   # once each
        check_cards(t)
        fouls += sum(result.score.fouled)
        scoops += sum(abs(p.scoop) == 3 for p in result.score.pairs)
    assert fouls and scoops


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["ofc", "pineapple-ofc"]), seats=st.integers(2, 3),
       seed=st.integers(0, 2**32), lucky=st.booleans())
def test_placement_hands_replay_from_phh_and_repeat_for_a_seed(
        game: str, seats: int, seed: int, lucky: bool) -> None:
    t = random_hand(game, seats, seed, (0,) if lucky else ())
    again = random_hand(game, seats, seed, (0,) if lucky else ())
    assert again.events == t.events
    text = t.to_phh()
    hh = phh.loads(text)
    assert phh.loads(phh.dumps(hh)) == hh
    r = phh.replay(text)
    assert r.done and r.stacks == t.stacks and r.rows == t.rows and r.events == t.events
    assert hh.variant == ("OFC" if game == "ofc" else "OFCP")
