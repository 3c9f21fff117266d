"""A live dealer's mistakes (games/engine/irregularities.py): one test per sentence of
seed 002's irregularity rules (quoted in each), the same under Omaha and short deck,
the PHH round trip, refused reports that change nothing, and random reports injected
into random dealer-driven hands."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from evaluator import parse_cards
from games import Table, phh
from games.engine import Remedy
from tests.engine_util import check_chips


def card(text: str) -> int:
    return int(parse_cards(text)[0])


def table(game: str = "holdem", seats: int = 3, **options: Any) -> Table:
    return Table(game, [200] * seats, blinds=(1, 2), auto=False, **options)


def deal_round(t: Table, *cards: str) -> None:
    """Deal one card at a time, p1 first, as a dealer does."""
    for k, c in enumerate(cards):
        t.act(f"d dh p{k % t.seats + 1} {c}")


def set_aside_by_events(t: Table) -> set[int]:
    """The cards the remedies set aside, followed through the events: a replaced card
    or an extra card waits for a burn, a board card turned early for its round's end,
    and a misdeal gathers everything."""
    aside: set[int] = set()
    for e in t.events:
        if e.kind in ("replace", "burn_next", "set_aside"):
            aside |= set(e.cards)
        elif e.kind in ("burn", "live_again"):
            aside -= set(e.cards)
        elif e.kind == "misdeal":
            aside = set()
    return aside


def check_card_places(t: Table) -> None:
    """Every card in one place, and the places agree with what the table shows."""
    for _seat, hand in enumerate(t.holes):
        for c in hand:
            if c is not None:
                assert t.place_of(c) == "hand", c
    for c in t.board:
        assert c is not None and t.place_of(c) == "board"
    for c in t.burned:
        assert c is None or t.place_of(c) == "burned"
    aside = {c for c in t.game.deck.tolist() if t.place_of(c) == "set aside"}
    assert aside == set(t.set_aside) == set_aside_by_events(t)
    unseen = sum(c is None for h in t.holes for c in h) + t.burned.count(None)
    assert len(t.deck) >= unseen
    assert all(t.place_of(c) is not None for c in t.game.deck.tolist())


def replays_the_same(t: Table) -> None:
    again = phh.replay(t.to_phh())
    assert again.events == t.events
    assert again.stacks == t.stacks and again.board == t.board and again.burned == t.burned
    assert again._snapshot() == t._snapshot()


# ------------------------------------------------ exposed hole cards (seed 002)

@pytest.mark.parametrize("which", [0, 1])
def test_first_or_second_card_exposed_is_a_misdeal(which):
    """Seed 002: "Wenn die erste oder zweite ausgeteilte Lochkarte aufgedeckt wird,
    kommt es zu einem Fehlgeschäft." """
    t = table()
    blinds = t.bets
    deal_round(t, "As", "Kd", "7h")
    assert t.expose(["As", "Kd"][which]) == Remedy.MISDEAL == "misdeal"
    assert t.holes == ((), (), ()) and t.bets == blinds           # the blinds stay
    assert [e.kind for e in t.events][-2:] == ["expose", "misdeal"]
    check_card_places(t)
    replays_the_same(t)


def test_after_a_misdeal_every_card_is_back_and_may_be_dealt_again():
    """Seed 002: "Der Dealer holt die Karte ab, mischt sie neu und schneidet die
    Karten zurück." """
    t = table()
    deal_round(t, "As", "Kd", "7h", "2c")
    t.expose("As")
    assert len(t.deck) == 52
    deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")          # the same cards again
    assert t.actor == 2 and t.holes[0] == (card("As"), card("2c"))
    replays_the_same(t)


def test_a_later_exposed_card_lets_the_deal_go_on():
    """Seed 002: "Wenn eine andere Holecard aufgrund eines Händlerfehlers entdeckt
    wird, wird das Geschäft fortgesetzt." """
    t = table()
    deal_round(t, "As", "Kd", "7h")
    assert t.expose("7h") == Remedy.REPLACE == "replace"
    assert t.actor is None and t.legal().replacement is None   # the deal is not over
    deal_round(t, "2c", "Qc", "8s")                            # p1, p2, p3 second cards
    assert t.legal().replacement == 2


def test_the_exposed_card_cannot_be_kept():
    """Seed 002: "Die aufgedeckte Karte kann nicht aufbewahrt werden." """
    t = table()
    deal_round(t, "As", "Kd", "7h")
    t.expose("7h")
    assert t.holes[2] == ()
    before = t._snapshot()
    with pytest.raises(ValueError, match="7h"):
        t.act("d dh p3 7h")
    assert t._snapshot() == before


def test_the_replacement_comes_after_the_deal_and_the_exposed_card_is_the_burn():
    """Seed 002: "Nach Abschluss der Hand ersetzt der Dealer die Karte durch die
    oberste Karte auf dem Deck, und die freiliegende Karte wird dann für die Burncard
    verwendet." """
    t = table()
    deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")
    t.expose("8s")                          # the last card of the deal
    assert t.legal().replacement == 2 and t.actor is None
    with pytest.raises(ValueError):
        t.act("p3 cc")                      # no betting before the replacement
    t.act("d dh p3 Qh")
    assert t.holes[2] == (card("7h"), card("Qh")) and t.actor == 2
    for _ in range(3):
        t.check_or_call()
    t.act("d db Th9h2s")
    assert t.burned == (card("8s"),)
    check_card_places(t)
    replays_the_same(t)


def test_two_exposed_cards_are_a_misdeal():
    """Seed 002: "Wenn mehr als eine Hole-Karte aufgedeckt wird, ist dies ein
    Fehlgeschäft und es muss eine Wiedergutmachung geben." """
    t = table()
    deal_round(t, "As", "Kd", "7h", "2c")
    assert t.expose("7h") == "replace"
    assert t.expose("2c") == "misdeal"
    assert t.holes == ((), (), ()) and len(t.deck) == 52 and t.burned == ()
    replays_the_same(t)


# ------------------------------------------------ the flop (seed 002)

def preflop_done(t: Table) -> None:
    deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")
    for _ in range(3):
        t.check_or_call()


def test_a_flop_of_too_many_cards_is_turned_again():
    """Seed 002: "Wenn der Flop zu viele Karten enthält, muss er erneut gespielt
    werden." """
    t = table()
    preflop_done(t)
    assert t.board_error("Th9h2s3d") == Remedy.RESHUFFLE == "reshuffle"
    assert t.board == () and t.actor is None            # the flop is still due
    t.act("d db Th9h2s")
    assert len(t.board) == 3 and t.actor == 0


def test_the_flop_cards_go_back_the_burn_stays_and_no_new_burn():
    """Seed 002: "... werden die Brettkarten mit dem Rest des Decks gemischt. Die
    Brennkarte bleibt auf dem Tisch liegen. Nach dem Mischen schneidet der Dealer das
    Deck und teilt einen neuen Flop aus, ohne eine Karte zu verbrennen." """
    t = table()
    preflop_done(t)
    t.board_error("Th9h2s3d")
    assert t.burned == (None,)                      # the burn stays out
    t.act("d db 3d2s9h")                             # the same cards are live again
    assert t.burned == (None,)                       # no second burn
    check_card_places(t)
    replays_the_same(t)


def test_a_flop_turned_before_the_betting_ended():
    """Seed 002: "Wenn der Flop wiederhergestellt werden muss, weil die Karten
    vorzeitig versenkt wurden, bevor die Wette abgeschlossen war ..." """
    t = table()
    deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")
    t.check_or_call()                                 # p3 calls; p1 and p2 still to act
    assert t.board_error("Th9h2s") == "reshuffle"
    assert t.actor == 0 and t.board == ()             # the betting goes on
    t.check_or_call()
    t.check_or_call()
    t.act("d db Th9h2s")
    assert t.burned == (None,) and len(t.board) == 3
    replays_the_same(t)


# ------------------------------------------------ the turn and the river (seed 002)

def flop_round_open(game: str = "holdem") -> Table:
    t = table(game)
    preflop_done(t)
    t.act("d db Th9h2s")
    return t


def test_an_early_turn_is_set_aside_even_if_players_fold():
    """Seed 002: "Wenn der Dealer die vierte Karte auf dem Brett dreht, bevor die
    Einsatzrunde abgeschlossen ist, wird die Karte für diese Runde aus dem Spiel
    genommen, auch wenn nachfolgende Spieler aussteigen." """
    t = flop_round_open()
    assert t.board_error("Js") == Remedy.SET_ASIDE == "set-aside"
    t.raise_to(10)
    t.fold()
    t.fold()
    assert t.done and t.place_of(card("Js")) == "set aside"
    check_chips(t)
    check_card_places(t)
    replays_the_same(t)


def test_the_next_card_takes_the_turns_place_after_a_burn():
    """Seed 002: "Der Einsatz ist dann abgeschlossen. Der Dealer verbrennt und dreht
    die fünfte Karte, die an der Stelle der vierten Karte gewesen wäre." """
    t = flop_round_open()
    t.board_error("Js")
    for _ in range(3):
        t.check_or_call()
    with pytest.raises(ValueError, match="Js"):
        t.act("d db Js")                             # the set-aside card is not live
    t.act("d db 3d")
    assert t.board[3] == card("3d") and t.burned == (None, None)


def test_after_that_round_the_set_aside_card_is_live_and_the_river_unburned():
    """Seed 002: "Nach dieser Wettrunde mischt der Dealer das Deck neu, einschließlich
    der Karte, die aus dem Spiel genommen wurde, aber nicht einschließlich der
    brennenden Karten oder Abwürfe. Der Dealer schneidet dann das Deck und dreht die
    letzte Karte, ohne eine Karte zu verbrennen." """
    t = flop_round_open()
    t.board_error("Js")
    for _ in range(3):
        t.check_or_call()
    t.act("d db 3d")
    for _ in range(3):
        t.check_or_call()
    assert t.place_of(card("Js")) == "stub"
    t.act("d db Js")
    assert t.board[4] == card("Js") and t.burned == (None, None)     # no river burn
    check_card_places(t)
    replays_the_same(t)


def test_an_early_river_is_handled_the_same_way():
    """Seed 002: "Wenn die fünfte Karte vorzeitig aufgedeckt wird, wird das Deck neu
    gemischt und auf die gleiche Weise behandelt." """
    t = flop_round_open()
    for _ in range(3):
        t.check_or_call()
    t.act("d db 3d")
    assert t.board_error("Js") == "set-aside"
    for _ in range(3):
        t.check_or_call()
    assert t.place_of(card("Js")) == "stub"
    t.act("d db Js")
    assert t.burned == (None, None)
    replays_the_same(t)


# ------------------------------------------------ an extra card (seed 002)

def test_an_extra_card_goes_back_as_the_burn():
    """Seed 002: "Wenn der Dealer dem ersten Spieler versehentlich eine zusätzliche
    Karte austeilt (nachdem alle Spieler ihre Starthände erhalten haben), wird die
    Karte auf das Deck zurückgegeben und für die Brennkarte verwendet." """
    t = table()
    deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")
    assert t.extra_card("9d") == Remedy.BURN == "burn"
    for _ in range(3):
        t.check_or_call()
    with pytest.raises(ValueError, match="9d is set aside"):
        t.act("d db 9dTh9h")                         # it cannot be dealt any more
    t.act("d db Th9h2s")
    assert t.burned == (card("9d"),)
    replays_the_same(t)


def test_more_than_one_extra_card_is_a_misdeal():
    """Seed 002: "Wenn der Dealer versehentlich mehr als eine zusätzliche Karte
    austeilt, ist es ein Fehler." (a misdeal)"""
    t = table()
    deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")
    t.extra_card("9d")
    assert t.extra_card("9c") == "misdeal"
    assert t.holes == ((), (), ()) and len(t.deck) == 52
    replays_the_same(t)


def test_the_floor_may_declare_a_misdeal_before_anyone_acts():
    t = table()
    deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")
    assert t.misdeal() == "misdeal"
    assert [e.kind for e in t.events][-2:] == ["floor_misdeal", "misdeal"]
    deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")
    t.check_or_call()
    with pytest.raises(ValueError, match="before anyone acts"):
        t.misdeal()
    replays_the_same(t)


# ------------------------------------------------ other games of the family

def test_omaha_exposed_card_and_early_turn():
    t = table("omaha")
    deal_round(t, "As", "Kd", "7h", "2c", "Qc")
    assert t.expose("Qc") == "replace"                # the fifth card of the deal
    for seat, c in zip("1231233", ["8s", "3h", "4h", "5h", "6c", "7c", "8c"], strict=True):
        t.act(f"d dh p{seat} {c}")                    # p2 was dealt its four already
    assert t.legal().replacement == 1
    t.act("d dh p2 Jc")
    assert all(len(h) == 4 for h in t.holes)
    for _ in range(3):
        t.check_or_call()
    t.act("d db Th9h2s")
    assert t.burned == (card("Qc"),)
    assert t.board_error("Js") == "set-aside"
    check_card_places(t)
    replays_the_same(t)


def test_short_deck_flop_of_too_many_cards():
    t = table("short-deck")
    deal_round(t, "As", "Kd", "7h", "6c", "Qc", "8s")
    for _ in range(3):
        t.check_or_call()
    with pytest.raises(ValueError, match="not in this game's 36-card deck"):
        t.board_error("Th9h2s3d")
    assert t.board_error("Th9h6s7d") == "reshuffle"
    t.act("d db Th9h6s")
    assert t.burned == (None,)
    replays_the_same(t)


# ------------------------------------------------ refused reports change nothing

@pytest.mark.parametrize(
    ("setup", "report", "error", "match"),
    [
        ("deal3", lambda t: t.expose("Qs"), ValueError, "nobody holds Qs"),
        ("deal3", lambda t: t.expose(5), TypeError, "cards are given as text"),
        ("deal3", lambda t: t.expose("AsKd"), ValueError, "exactly 1 card"),
        ("deal3", lambda t: t.expose("Xx"), ValueError, "expose"),
        ("deal3", lambda t: t.extra_card("9d"), ValueError, "everyone holds"),
        ("dealt", lambda t: t.extra_card("As"), ValueError, "already in a hand"),
        ("dealt", lambda t: t.board_error("As"), ValueError, "already in a hand"),
        ("dealt", lambda t: t.board_error(""), ValueError, "name the card"),
        ("flop", lambda t: t.board_error("JsQs"), ValueError, "one card"),
        ("flop", lambda t: t.board_error("Th"), ValueError, "already in the board"),
        ("acted", lambda t: t.expose("As"), ValueError, "once a player has acted"),
        ("acted", lambda t: t.extra_card("9d"), ValueError, "before anyone acts"),
        ("flop", lambda t: t.misdeal(), ValueError, "before anyone acts"),
        ("flop", lambda t: t.report("spill"), ValueError, "unknown irregularity"),
    ],
)
def test_refused_reports_change_nothing(setup, report, error, match):
    t = table()
    if setup == "deal3":
        deal_round(t, "As", "Kd", "7h")
    else:
        deal_round(t, "As", "Kd", "7h", "2c", "Qc", "8s")
    if setup == "acted":
        t.check_or_call()
    if setup == "flop":
        preflop_done_from_dealt(t)
    before = t._snapshot()
    with pytest.raises(error, match=match):
        report(t)
    assert t._snapshot() == before


def preflop_done_from_dealt(t: Table) -> None:
    for _ in range(3):
        t.check_or_call()
    t.act("d db Th9h2s")


def test_a_second_set_aside_card_is_refused():
    t = flop_round_open()
    t.board_error("Js")
    before = t._snapshot()
    with pytest.raises(ValueError, match="already set aside"):
        t.board_error("Jd")
    assert t._snapshot() == before


def test_a_self_dealing_table_takes_no_reports():
    t = Table("holdem", [200, 200], seed=1)
    with pytest.raises(ValueError, match="auto=True"):
        t.misdeal()


def test_a_bad_irregularities_field_is_refused():
    t = table()
    deal_round(t, "As", "Kd", "7h")
    t.expose("As")
    text = t.to_phh()
    assert '_irregularities = [\n  "3 expose As",' in text or '"3 expose As"' in text
    with pytest.raises(ValueError, match="_irregularities"):
        phh.replay(text.replace('"3 expose As"', '"99 expose As"'))
    with pytest.raises(ValueError, match="nobody holds"):
        phh.replay(text.replace('"3 expose As"', '"3 expose Qs"'))


# ------------------------------------------------ random reports in random hands

@settings(max_examples=150, deadline=None)
@given(data=st.data(), game=st.sampled_from(["holdem", "omaha", "short-deck"]),
       seats=st.integers(2, 6))
def test_random_irregularities_keep_chips_and_cards_and_hands_end(data, game, seats):
    t = table(game, seats)
    rng_cards = data.draw(st.permutations(t.game.deck.tolist()))
    from evaluator import card_name
    for _ in range(2000):
        if t.done:
            break
        before = t._snapshot()
        move = data.draw(st.sampled_from(["go"] * 12 + ["expose", "extra", "board",
                                                         "misdeal"]))
        try:
            if move == "expose":
                held = [c for h in t.holes for c in h if c is not None]
                if held:
                    event(f"expose: {t.expose(card_name(data.draw(st.sampled_from(held))))}")
            elif move == "extra":
                event(f"extra: {t.extra_card(card_name(data.draw(st.sampled_from(t.deck))))}")
            elif move == "board":
                n = data.draw(st.integers(1, 4))
                event(f"board: {t.board_error(''.join(card_name(c) for c in t.deck[:n]))}")
            elif move == "misdeal":
                event(f"floor: {t.misdeal()}")
            else:
                step(t, rng_cards, data)
        except ValueError:
            assert t._snapshot() == before          # a refused report changed nothing
        check_chips(t)
        check_card_places(t)
    assert t.done, "the hand did not end"
    assert sum(t.stacks) == t.total
    replays_the_same(t)


def step(t: Table, order: list[int], data: st.DataObject) -> None:
    """One ordinary move: the dealer deals what is due, or the player to act acts."""
    from evaluator import card_name
    legal = t.legal()
    if t.actor is None and not t.done:
        live = [c for c in order if c in set(t.deck)]
        due = t.due
        if due is not None and due.seat is not None:
            t.act(f"d dh p{due.seat + 1} {card_name(live[0])}")
        elif due is not None:
            t.act("d db " + "".join(card_name(c) for c in live[:due.cards]))
        return
    if legal.show:
        t.show()
        return
    kind = data.draw(st.sampled_from(["call", "call", "fold", "raise"]))
    if kind == "fold" and legal.fold:
        t.fold()
    elif kind == "raise" and legal.raise_to:
        t.raise_to(legal.raise_to[0])
    else:
        t.check_or_call()
