"""Italian traditional poker on the engine (seed 001; docs/rules/italian.md).

Each hand-made deal cites the sentence of seed 001 it proves.  The cards are chosen
(a dealer-driven table, ``auto=False``) unless the rule is about how the table deals
by itself (the draw's serving, the reshuffle).
"""

from __future__ import annotations

from typing import Any

import pytest

from evaluator import italian, parse_cards
from games import Session, Table, phh
from games.engine.rules.opening import holds_opening
from tests.engine_util import check_cards, check_chips, dealt, play

INVITO = (0, 0, 0, 4)          # four players: the dealer (p4, the button) posts 4


def refused(t: Table, action: Any, message: str) -> None:
    before = t._snapshot()
    with pytest.raises(ValueError, match=message):
        action()
    assert t._snapshot() == before


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


# ---------------------------------------------------------------- the opening

@pytest.mark.parametrize(("hand", "opening", "opens"), [
    ("JsJh7c8d9h", "jacks", True),        # a dressed pair
    ("TsTh7c8d9h", "jacks", False),       # tens do not open
    ("7s7h8c8dAh", "kings", True),        # a better hand than a pair
    ("JsJh7c8d9h", "queens", False),      # after a deal nobody opened
    ("QsQh7c8d9h", "queens", True),
    ("QsQh7c8d9h", "kings", False),
    ("7h8h9hTh Qs", "jacks", True),       # four to a two-sided straight flush (A or J)
    ("JhQhKhAh 7s", "jacks", False),      # one-sided: only the ten completes it
    ("Ah7h8h9h Ks", "jacks", False),      # the ace below the seven: one side only
    ("8h9hThJh 7s", "kings", True),
])
def test_what_opens(hand: str, opening: str, opens: bool) -> None:
    """"Qualsiasi giocatore ... può aprire solo se in possesso almeno di una coppia
    vestita (coppia di figure o di assi) o di un punto superiore o di quattro quinti di
    scala reale bilaterale." """
    assert holds_opening(cards(hand), opening, italian(4), "7") is opens


def test_only_a_player_holding_the_opening_may_bet() -> None:
    t = dealt("italian", [100] * 4, ["TsTh7c8d9h", "JsJh7h8s9d", "AsKd9s8c7d", "QhQdKcAcTc"],
              antes=INVITO)
    assert t.actor == 0 and t.legal().raise_to is None and t.legal().call == 0
    refused(t, lambda: t.act("cbr 2"), r"seat 0 \(p1\) cannot open: opening needs a pair "
                                       "of jacks or better")
    t.act("cc")                                    # p1 passes
    assert t.legal().raise_to == (1, 4)            # p2 may open, at most the pot
    t.act("cbr 4")
    assert t.opening_seat == 1
    # "i giocatori seguenti possono ... passare, vedere o rilanciare ... al massimo
    # fino al doppio"; a player who passed before the opening may still play
    # (a raise is at least the bet it raises: after a pot-sized opening, exactly double)
    assert t.legal().raise_to == (8, 8)
    refused(t, lambda: t.raise_to(9), "the maximum is 8")
    refused(t, lambda: t.raise_to(7), "the minimum is 8")
    t.act("cbr 8")
    assert t.legal().raise_to == (12, 16) and t.actor == 3
    play(t, "f", "cc", "cc")                       # p4 folds, p1 and p2 call
    assert t.street == "draw" and t.legal().discard == (0, 5)


# ---------------------------------------------------------------- deals in a row

def deal_session(s: Session, holes: list[str]) -> Table:
    t = s.table
    for seat, hand in enumerate(holes):
        t.act(f"d dh p{seat + 1} {hand}")
    return t


def test_a_deal_nobody_opens_is_carried_and_the_next_needs_queens_then_kings() -> None:
    """"Se nessuno dei giocatori apre, il mazziere del colpo seguente ... può versare un
    nuovo invito, e l'apertura minima sale a due Q ... e da questo colpo in avanti
    l'apertura minima sale a due K ... finché il piatto non verrà assegnato." """
    s = Session("italian", [100] * 4, invito=4, seed=1, auto=False)
    assert s.opening == "jacks" and s.table.starting_stacks[3] == 100
    t = deal_session(s, ["TsTh7c8d9c", "9s9h7h8sJh", "AsKdJc8c7d", "QhJdKcAc8h"])
    play(t, "cc", "cc", "cc", "cc")                # nobody opens
    assert t.done and t.carried == 4 and t.result is None
    assert str(t.events[-1]) == "nobody wins: 4 carried to the next deal"
    assert s.carried == 4 and sum(s.stacks) + s.carried == 400
    s.next()
    assert s.opening == "queens"
    t = s.table
    assert t.options.carried == 4 and t.total == 400     # the pot waits in the middle
    # the new dealer posts a new invito
    assert [e.amount for e in t.events if e.kind == "ante"] == [4]
    t = deal_session(s, ["JsJh7c8d9h", "QsQh7h8s9d", "AsKd9c8c7d", "TcTdKcAcJd"])
    assert t.legal().raise_to is None              # jacks no longer open
    play(t, "cc", "cbr 8", "f", "f", "f")          # queens open; everyone folds
    assert t.done and t.stacks[1] == 100 + 4 + 4 and s.carried == 0
    s.next()
    assert s.opening == "jacks"                    # the pot was won


def test_a_parol_carries_the_pot_to_a_deal_at_kings_without_an_invito() -> None:
    """"Se invece nessuno effettua alcuna puntata dopo l'accomodo (ossia, se tutti i
    giocatori rimasti in gioco dicono paròl) il piatto non viene assegnato. Il giocatore
    cui spetta fare il mazziere non può versare un nuovo invito, e l'apertura minima
    sarà pari a due K" """
    s = Session("italian", [100] * 4, invito=4, seed=1, auto=False)
    t = deal_session(s, ["JsJh7c8d9c", "9s9h7h8sTd", "AsKdTc8c7d", "QhJdKcAc8h"])
    play(t, "cbr 2", "cc", "f", "f")               # p1 opens, p2 calls
    play(t, "sd", "sd 7h8s")
    t.act("d dh p2 TsTh")
    # "Ultimati i cambi di carte il giocatore che ha aperto può effettuare una nuova
    # puntata o cedere la parola al giocatore successivo (dicendo 'paròl')"
    assert t.actor == 0 and t.legal().call == 0
    play(t, "cc", "cc")
    assert t.done and t.carried == 8 and t.opening_seat == 0
    # "Al termine della mano ... l'apertore dovrà mostrare l'apertura"
    assert str(t.events[-2]) == "p1 shows the opening Js Jh 7c 8d 9c"
    s.next()
    assert s.opening == "kings" and s.table.options.carried == 8
    assert not any(e.kind == "ante" for e in s.table.events)    # no invito
    assert sum(s.stacks) + s.carried == 400


def test_the_opener_speaks_first_after_the_draw() -> None:
    t = dealt("italian", [100] * 4, ["TsTh7c8d9c", "9s9h7h8sJh", "AsAdJc8c7d", "QhJdKcAc8h"],
              antes=INVITO)
    play(t, "cc", "cc", "cbr 3", "cc", "cc", "cc")  # p3 opens, everyone calls
    play(t, "sd", "sd", "sd", "sd")                 # all stand pat
    assert t.actor == 2


# ---------------------------------------------------------------- the deck

@pytest.mark.parametrize(("players", "size", "lowest", "below"), [
    (3, 28, "8", "7s"), (4, 32, "7", "6s"), (5, 36, "6", "5s"), (6, 40, "5", "4s")])
def test_the_deck_follows_the_players(players: int, size: int, lowest: str,
                                      below: str) -> None:
    """"la carta più bassa inclusa nel mazzo è determinata dalla formula 11 - numero di
    giocatori" """
    t = Table("italian", [50] * players, seed=4)
    assert len(t.deck) + 5 * players == size
    assert min(c >> 2 for h in t.holes for c in h if c is not None) >= "23456789TJQKA".index(
        lowest)
    d = Table("italian", [50] * players, auto=False)
    refused(d, lambda: d.act(f"d dh p1 {below}AsKsQsJs"), f"not in this game's {size}-card deck")
    d.act(f"d dh p1 {lowest}sAsKsQsJs")            # the lowest rank is in


# ---------------------------------------------------------------- the draw

def to_the_draw(players: int, seed_from: int, **options: Any) -> Table:
    """An auto-dealt deal where p1 opens and everyone calls, at the draw."""
    for seed in range(seed_from, seed_from + 500):
        t = Table("italian", [100] * players, antes=(0,) * (players - 1) + (2,), seed=seed,
                  **options)
        if t.legal().raise_to is not None:
            t.raise_to(1)
            while t.legal().discard is None:
                t.check_or_call()
            return t
    raise AssertionError("no deal opened by p1")


def test_more_than_three_cards_are_served_three_then_the_rest_after_the_round() -> None:
    """"Nel momento in cui un giocatore decida di cambiare più di tre carte il mazziere
    è obbligato a dargliene soltanto tre e a servirlo dopo aver chiuso il giro" """
    t = to_the_draw(4, 0)
    start = len(t.events)
    hands = [t.holes[s] for s in range(4)]
    t.discard(list(hands[0][:5]))                  # p1 changes five
    t.discard(list(hands[1][:1]))
    t.discard(list(hands[2][:4]))                  # p3 changes four
    t.discard([])
    served = [(e.seat, len(e.cards)) for e in t.events[start:] if e.kind == "deal_hole"]
    assert served == [(0, 3), (1, 1), (2, 3), (0, 2), (2, 1)]
    assert not t.burned
    check_cards(t)


def test_the_fourth_card_is_burned_when_only_the_last_player_asks_for_more() -> None:
    """"Nel caso in cui a chiedere più di tre carte sia unicamente l'ultimo giocatore
    servito, il mazziere deve bruciare (ossia eliminare) la quarta carta servendolo in
    seguito con le carte residue" """
    t = to_the_draw(4, 0)
    start = len(t.events)
    for seat, count in enumerate((1, 0, 2, 5)):
        t.discard(list(t.holes[seat][:count]))
    kinds = [(e.kind, e.seat, len(e.cards)) for e in t.events[start:]
             if e.kind in ("deal_hole", "burn")]
    assert kinds == [("deal_hole", 0, 1), ("deal_hole", 2, 2), ("deal_hole", 3, 3),
                     ("burn", None, 1), ("deal_hole", 3, 2)]
    assert len(t.burned) == 1
    check_cards(t)


def test_a_draw_that_runs_the_deck_out_reshuffles_the_served_players_discards() -> None:
    """"Nel momento in cui le carte non dovessero bastare il mazziere è tenuto a
    mischiare gli scarti di tutti i partecipanti che hanno già effettuato il cambio per
    poter servire i giocatori residui." """
    t = to_the_draw(6, 0)                          # 40 cards: 30 dealt, 10 in the stub
    assert len(t.deck) == 10
    start = len(t.events)
    discarded = {}
    for seat in range(6):
        discarded[seat] = t.holes[seat]
        t.discard(list(t.holes[seat]))              # everyone changes five
    log = t.events[start:]
    stubs = [(k, e) for k, e in enumerate(log) if e.kind == "new_stub"]
    assert stubs
    for k, stub in stubs:
        served = {e.seat for e in log[:k] if e.kind == "deal_hole"}
        pending = next(e for e in log[k:] if e.kind == "deal_hole").seat
        allowed = {c for s in served if s != pending for c in discarded[s]}
        assert set(stub.cards) <= allowed           # only the served players' discards
    assert all(len(h) == 5 for h in t.holes)
    check_cards(t)
    check_chips(t)


def test_keep_opening_keeps_the_openers_discards_out_of_a_reshuffle() -> None:
    """"In alcuni tavoli ... il suo scarto non sarà mischiato con gli altri in caso di
    esaurimento del mazzetto." (the option; RULES.md decides the main rule)"""
    t = to_the_draw(6, 0, keep_opening=True)
    opener = t.holes[0]
    for seat in range(6):
        t.discard(list(t.holes[seat]))
    reshuffled = {c for e in t.events if e.kind == "new_stub" for c in e.cards}
    assert reshuffled and not reshuffled & set(opener)
    check_cards(t)


# ---------------------------------------------------------------- bad actions

def test_bad_draws_are_refused_and_change_nothing() -> None:
    t = to_the_draw(4, 0)
    hand = t.holes[0]
    other = t.holes[1][0]
    refused(t, lambda: t.act("p2 sd"), "p2 is not to act")
    refused(t, lambda: t.discard([*hand, other]), "may discard 0..5 card")
    refused(t, lambda: t.discard([other]), "does not hold")
    refused(t, lambda: t.raise_to(4), "cannot raise now")
    with pytest.raises(ValueError, match="has no blinds"):
        Table("italian", [100] * 4, blinds=(1, 2))
    with pytest.raises(TypeError, match="the session sets them"):
        Session("italian", [100] * 4, antes=2)
    with pytest.raises(ValueError, match="invito is Italian poker's"):
        Session("holdem", [100] * 4, invito=2)


def test_italian_hands_replay_from_phh() -> None:
    s = Session("italian", [100] * 4, invito=2, seed=8)
    carried = won = 0
    for _ in range(40):
        t = s.table
        while not t.done:
            legal = t.legal()
            if legal.discard is not None:
                t.discard(list(t.holes[t.actor][:2]))  # type: ignore[index]
            elif legal.raise_to and not t.bets[t.actor or 0] and sum(t.bets) == 0:
                t.raise_to(legal.raise_to[0])
            else:
                t.check_or_call()
        text = t.to_phh()
        r = phh.replay(text)
        assert r.stacks == t.stacks and r.carried == t.carried
        assert phh.loads(text).variant == "PIT"
        carried += t.carried > 0
        won += t.result is not None
        s.next()
    assert sum(s.stacks) + s.carried == 400
    assert carried and won           # deals carried and deals won both replayed


# ---------------------------------------------------------------- the blind opening

BLIND_HOLES = ["TsTh7c8d9c", "9s9h7h8sJh", "AsKdJc8c7d", "QhJdKcAc8h"]   # nobody opens


def test_a_buio_opens_blind_for_twice_the_pot_and_the_others_call_or_fold() -> None:
    """"Quest'apertura può essere effettuata soltanto prima della distribuzione delle
    carte, soltanto nei colpi con apertura ai J e soltanto dal giocatore alla sinistra
    del mazziere, che verserà nel piatto una somma pari al doppio di quanto già
    presente nel piatto stesso. Gli altri giocatori ... potranno decidere se vedere o
    passare, senza possibilità di rilancio: se tutti gli altri giocatori passano, il
    buiante si aggiudica il piatto." """
    t = dealt("italian", [100] * 4, BLIND_HOLES, antes=INVITO, buio=True)
    assert t.bets == (8, 0, 0, 0) and t.actor == 1
    assert t.legal().raise_to is None and t.legal().call == 8   # no opening needed
    refused(t, lambda: t.raise_to(16), "nobody has called the blind opening yet")
    play(t, "f", "f", "f")
    assert t.done and t.stacks == (104, 100, 100, 96)


def test_after_a_call_the_buiante_may_raise_and_speaks_last_after_the_draw() -> None:
    """"Se almeno uno di loro vede l'apertura al buio ... il buiante ha invece facoltà
    di rilanciare ... Dopo il cambio delle carte il buiante ha diritto a parlare per
    ultimo: questo significa che il primo a parlare sarà il giocatore alla sua sinistra
    nel giro." """
    t = dealt("italian", [100] * 4, BLIND_HOLES, antes=INVITO, buio=True)
    play(t, "cc", "f", "f")                        # p2 calls the buio
    assert t.actor == 0 and t.legal().raise_to == (16, 16)
    play(t, "cbr 16", "cc")
    play(t, "sd", "sd")                            # both stand pat
    assert t.actor == 1                            # left of the buiante
    play(t, "cc", "cc")                            # paròl: the pot is carried
    assert t.carried == 4 + 16 + 16 and t.opening_seat == 0


def test_a_controbuio_doubles_the_buio_and_takes_its_place() -> None:
    """"il giocatore alla sinistra del buiante - prima di ricevere le carte - può
    annunciare il controbuio, versando nel piatto una ammontare doppio rispetto al buio.
    In questo caso si approprierà dei vantaggi che sarebbero spettati al buiante" """
    t = dealt("italian", [100] * 4, BLIND_HOLES, antes=INVITO, buio=True, controbuio=True)
    assert t.bets == (8, 16, 0, 0) and t.actor == 2
    play(t, "cc", "f", "cc")                       # p3 calls, p1 (the buio) calls
    assert t.actor == 1 and t.legal().raise_to == (32, 32)
    play(t, "cc")
    play(t, "sd", "sd", "sd")
    assert t.actor == 2                            # left of the controbuiante


@pytest.mark.parametrize(("seats", "options", "message"), [
    (4, dict(opening="queens", buio=True), "only for deals opened at jacks"),
    (2, dict(buio=True), "a buio needs three players"),
    (3, dict(buio=True, controbuio=True), "a controbuio four"),
    (4, dict(controbuio=True), "controbuio needs buio=True"),
    (4, dict(buio="yes"), "buio must be True or False"),
])
def test_blind_openings_the_rules_do_not_allow_are_refused(
        seats: int, options: dict[str, Any], message: str) -> None:
    """"per l'apertura al buio sono necessari almeno tre giocatori, per il controbuio
    quattro" """
    with pytest.raises((TypeError, ValueError), match=message):
        Table("italian", [100] * seats, antes=(0,) * (seats - 1) + (2,), **options)
    with pytest.raises(ValueError, match="the pot is empty"):
        Table("italian", [100] * 4, buio=True)


def test_a_session_opens_blind_only_in_deals_at_jacks() -> None:
    s = Session("italian", [100] * 4, invito=2, seed=5, auto=False, buio=True)
    t = deal_session(s, BLIND_HOLES)
    assert t.options.blind_opening == 1 and t.bets[0] == 4
    play(t, "f", "f", "f")                         # everyone folds to the buio
    s.next()
    assert s.opening == "jacks" and s.table.options.blind_opening == 1
    text = deal_session(s, BLIND_HOLES)
    play(text, "f", "f", "f")
    r = phh.replay(text.to_phh())
    assert r.stacks == text.stacks and r.options.blind_opening == 1


# ---------------------------------------------------------------- false openings

HOLES = ["TsTh7c8d9c", "9s9h7h8sJh", "AsKdJc8c7d", "QhJdKcAc8h"]   # p1 holds tens


def test_false_openings_let_anyone_open() -> None:
    t = dealt("italian", [100] * 4, HOLES, antes=INVITO, false_openings=True)
    assert t.legal().raise_to == (1, 4)            # tens may open under the option
    play(t, "cbr 4", "cc", "f", "f", "sd", "sd", "cc", "cc")    # then a paròl
    assert t.done and t.carried == 12 and t.events[-1].kind == "carry"


def test_a_false_opener_who_wins_collects_nothing_and_the_bets_go_back() -> None:
    """"Se l'apertore, vinto il colpo, risulta sprovvisto della combinazione minima
    necessaria per aprire, non può ritirare la vincita: tutti i giocatori ritirano le
    proprie messe." """
    t = dealt("italian", [100] * 4, HOLES, antes=INVITO, false_openings=True)
    play(t, "cbr 4", "cc", "f", "f", "sd", "sd", "cbr 2", "cc", "sm -", "sm -")
    assert t.done and t.result is None             # tens beat nines, but nobody collects
    assert str(t.events[-2]) == "p1 opened falsely with Ts Th 7c 8d 9c: the bets go back"
    assert t.stacks == (100, 100, 100, 96) and t.carried == 4      # the invito waits


def test_when_another_player_wins_the_false_opener_refunds_the_initial_pot() -> None:
    """"Se invece è stato un altro giocatore a vincere il colpo ... tale giocatore si
    aggiudica la vincita, ma l'apertore dovrà rifondere il piatto iniziale." """
    holes = ["TsTh7c8d9c", "9s9h9d8sJh", "AsKdJc8c7d", "QhJdKcAc8h"]   # p2: three nines
    t = dealt("italian", [100] * 4, holes, antes=INVITO, false_openings=True)
    play(t, "cbr 4", "cc", "f", "f", "sd", "sd", "cbr 2", "cc", "sm -", "sm -")
    assert t.stacks[1] == 100 + 4 + 6 and t.stacks[0] == 100 - 6 - 4 and t.carried == 4
    assert str(t.events[-2]) == "p1 opened falsely with Ts Th 7c 8d 9c: it refunds 4"
    assert t.result is not None and t.result.payouts[1] == 16
    assert sum(t.stacks) + t.carried == t.total
    r = phh.replay(t.to_phh())
    assert r.stacks == t.stacks and r.carried == t.carried


def test_an_opener_holding_the_opening_is_paid_as_usual_under_the_option() -> None:
    holes = ["JsJh7c8d9c", "9s9h7h8sTh", "AsKdJc8c7d", "QhJdKcAc8h"]
    t = dealt("italian", [100] * 4, holes, antes=INVITO, false_openings=True)
    play(t, "cbr 4", "cc", "f", "f", "sd", "sd", "cbr 2", "cc", "sm -", "sm -")
    assert t.stacks[0] == 100 + 6 + 4 and t.carried == 0
    assert not any(e.kind == "false_opening" for e in t.events)
