"""Every public entry point, fuzzed as an attacker or a careless caller would: arbitrary
values, arrays of every dtype, shape and stride, huge integers, any unicode, nested
containers and absurd options.  Each call returns a valid answer or raises a clear
TypeError or ValueError (tests/fuzz.py, `call`); where it returns, a second property
checks the answer (values in range, chips conserved, the same answer as the same cards
in canonical form).  POKERHANDS_FUZZ=long runs about a million examples."""

from __future__ import annotations

import contextlib
import io
from unittest import mock

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from evaluator import (
    ACE_TO_FIVE,
    BADUGI,
    DEUCE_TO_SEVEN,
    EIGHT_OR_BETTER,
    HIGH,
    OFC_TOP,
    OMAHA,
    OMAHA_EIGHT_OR_BETTER,
    SHORT_DECK,
    SHORT_DECK_TRIPS,
    card_name,
    checks,
    deck,
    format_cards,
    italian,
    parse_cards,
    threads,
)
from games import cli, ofc, ranges
from games.equity import compute as equity_compute
from tests.fuzz import (
    FUZZ_SETTINGS,
    Rejected,
    anything,
    arrays,
    call,
    cards_like,
    counts,
    flags,
)

HAND_TYPES = [HIGH, DEUCE_TO_SEVEN, ACE_TO_FIVE, EIGHT_OR_BETTER, SHORT_DECK, SHORT_DECK_TRIPS,
              BADUGI, OFC_TOP]
OMAHAS = [OMAHA, OMAHA_EIGHT_OR_BETTER]
GAMES = st.one_of(st.sampled_from(sorted(games.VARIANTS)), st.sampled_from(
    list(games.VARIANTS.values())), anything)
boards = st.one_of(st.none(), cards_like)
threads_arg = st.one_of(st.none(), st.integers(-2, 4), st.integers(1000, 2**70), anything)
outs = st.one_of(st.none(), arrays(), anything)


def canonical(cards) -> list[int]:
    return parse_cards(cards).tolist()


def rejected(fn, *args, **kwargs):
    """The call's answer, or None when it was (clearly) rejected."""
    try:
        return call(fn, *args, **kwargs)
    except Rejected:
        return None


# ---------------------------------------------------------------- cards


@FUZZ_SETTINGS
@given(cards_like, flags)
def test_parse_cards(cards, allow):
    got = rejected(parse_cards, cards, allow_duplicates=allow)
    if got is not None:
        assert got.dtype == np.uint8 and got.ndim == 1
        assert got.size == 0 or int(got.max()) <= 51
        if allow is False:
            assert len(set(got.tolist())) == got.size


@FUZZ_SETTINGS
@given(cards_like, st.one_of(st.just(" "), st.text(max_size=3), anything))
def test_format_cards(cards, sep):
    text = rejected(format_cards, cards, sep=sep)
    if text is not None:
        assert isinstance(text, str)
        if sep in (" ", "", ","):
            assert parse_cards(text, allow_duplicates=True).tolist() == \
                parse_cards(cards, allow_duplicates=True).tolist()


@FUZZ_SETTINGS
@given(st.one_of(st.integers(-5, 60), anything))
def test_card_name(card):
    name = rejected(card_name, card)
    if name is not None:
        assert len(name) == 2 and canonical(name) == [int(card)]


@FUZZ_SETTINGS
@given(st.one_of(st.sampled_from([*list("23456789TJQKAtjqka"), "10", "KA", ""]), anything))
def test_deck(rank):
    cards = rejected(deck, rank)
    if cards is not None:
        assert cards[-1] == 51 and len(cards) % 4 == 0 and len(cards) >= 4


# ---------------------------------------------------------------- hand types


def _check_value(kind, value) -> None:
    assert isinstance(value, int)
    assert 0 <= value <= (kind.scale_size if kind is OFC_TOP else kind.n_classes)
    if value:
        assert isinstance(kind.describe(value), str) and isinstance(kind.category(value), str)


@pytest.mark.parametrize("kind", HAND_TYPES, ids=lambda k: k.name)
def test_hand_type_evaluate(kind):
    @FUZZ_SETTINGS
    @given(cards_like, boards)
    def run(cards, board):
        value = rejected(kind.evaluate, cards, board)
        if value is not None:
            _check_value(kind, value)
            joined = canonical(cards) + ([] if board is None else canonical(board))
            assert kind.evaluate(joined) == value

    run()


@pytest.mark.parametrize("kind", HAND_TYPES, ids=lambda k: k.name)
def test_hand_type_evaluate_batch(kind):
    @FUZZ_SETTINGS
    @given(st.one_of(arrays(ints_only=True), arrays(), anything), st.one_of(st.none(), arrays()),
           threads_arg, outs)
    def run(cards, board_rows, n_threads, out):
        values = rejected(kind.evaluate_batch, cards, board_rows, threads=n_threads, out=out)
        if values is not None:
            assert values.dtype == np.int32 and values.ndim == 1
            rows = np.asarray(cards)
            for i in range(min(3, len(values))):
                both = rows[i].tolist() + ([] if board_rows is None else
                                           np.asarray(board_rows)[i].tolist())
                assert kind.evaluate(both) == values[i]

    run()


@pytest.mark.parametrize("kind", [*HAND_TYPES, *OMAHAS], ids=lambda k: k.name)
def test_hand_type_names(kind):
    @FUZZ_SETTINGS
    @given(st.one_of(st.integers(-2, 8000), anything))
    def run(value):
        for method in (kind.describe, kind.category):
            text = rejected(method, value)
            assert text is None or (isinstance(text, str) and text)

    run()


@pytest.mark.parametrize("kind", [*HAND_TYPES, *OMAHAS], ids=lambda k: k.name)
def test_hand_type_winners(kind):
    @FUZZ_SETTINGS
    @given(st.one_of(st.lists(cards_like, max_size=4), anything), boards)
    def run(hands, board):
        won = rejected(kind.winners, hands, board)
        if won is not None:
            assert all(isinstance(i, int) and 0 <= i < len(hands) for i in won)
            assert won == sorted(set(won))

    run()


@FUZZ_SETTINGS
@given(cards_like)
def test_best_five(cards):
    five = rejected(HIGH.best_five, cards)
    if five is not None:
        assert len(five) == 5 and set(five.tolist()) <= set(canonical(cards))
        assert HIGH.evaluate(five.tolist()) == HIGH.evaluate(cards)


@FUZZ_SETTINGS
@given(st.one_of(st.integers(-2, 8000), arrays(), anything),
       st.one_of(st.integers(-2, 8000), arrays(), anything))
def test_ofc_top_row_scale(high, top):
    place = rejected(OFC_TOP.from_high, high)
    if place is not None:
        assert np.all((np.asarray(place) >= 1) & (np.asarray(place) <= OFC_TOP.scale_size))
    foul = rejected(OFC_TOP.fouls, high, top)
    if foul is not None:
        assert np.asarray(foul).dtype == np.bool_
    category = rejected(OFC_TOP.category_and_rank, top)
    if category is not None:
        assert np.all(np.asarray(category[0]) >= 0)


@pytest.mark.parametrize("kind", OMAHAS, ids=lambda k: k.name)
def test_omaha(kind):
    @FUZZ_SETTINGS
    @given(cards_like, boards, st.one_of(arrays(ints_only=True), anything),
           st.one_of(arrays(ints_only=True), anything), threads_arg, outs)
    def run(hole, board, holes, board_rows, n_threads, out):
        value = rejected(kind.evaluate, hole, board)
        if value is not None:
            _check_value(kind, value)
            assert kind.evaluate(canonical(hole), canonical(board)) == value
        values = rejected(kind.evaluate_batch, holes, board_rows, threads=n_threads, out=out)
        if values is not None and len(values):
            assert kind.evaluate(np.asarray(holes)[0].tolist(),
                                 np.asarray(board_rows)[0].tolist()) == values[0]

    run()


@FUZZ_SETTINGS
@given(st.one_of(st.none(), st.integers(0, 11), anything), st.one_of(st.none(), flags), flags,
       flags, cards_like, cards_like, st.one_of(arrays(ints_only=True), anything))
def test_italian(players, suits, split, american, a, b, rows):
    kind = rejected(italian, players, suits=suits, royal_flush_split=split, american=american)
    if kind is None:
        return
    value = rejected(kind.evaluate, a)
    if value is not None:
        assert kind.evaluate(canonical(a)) == value and kind.describe(value)
    outcome = rejected(kind.compare, a, b)
    assert outcome in (None, -1, 0, 1)
    won = rejected(kind.winners, [a, b])
    assert won is None or set(won) <= {0, 1}
    values = rejected(kind.evaluate_batch, rows)
    assert values is None or values.dtype == np.int32


# ---------------------------------------------------------------- public helpers


@FUZZ_SETTINGS
@given(anything, st.sampled_from([(5,), (5, 6, 7), (3,)]), st.one_of(st.integers(0, 2**52),
                                                                        anything))
def test_checks(cards, widths, allowed):
    rows = rejected(checks.card_rows, cards, widths, allowed)
    if rows is not None:
        assert rows.dtype == np.uint8 and rows.shape[1] in widths
    cell = rejected(checks.first_bad_cell, cards)
    assert cell is None or len(cell) == 3
    for check, args in ((checks.count, ("n",)), (checks.seed, ()), (checks.hand_value, ()),
                        (checks.check_card, ()), (threads.thread_count, ())):
        got = rejected(check, cards, *args)
        assert got is None or isinstance(got, int)


# ---------------------------------------------------------------- games


@FUZZ_SETTINGS
@given(GAMES, st.one_of(st.none(), counts))
def test_variant(game, players):
    v = rejected(games.variant, game, players=players)
    if v is not None:
        assert isinstance(v, games.Variant) and v.deck_size >= 20


hands_lists = st.one_of(st.lists(st.one_of(cards_like, st.none()), max_size=5), anything)
chip_lists = st.one_of(st.lists(st.one_of(st.integers(-2, 100), st.integers(0, 2**70)),
                                min_size=1, max_size=5), anything)


@FUZZ_SETTINGS
@given(GAMES, hands_lists, boards, chip_lists,
       st.one_of(st.none(), st.lists(st.booleans(), max_size=5), anything),
       st.one_of(st.integers(-1, 5), anything))
def test_showdown(game, hands, board, contributions, folded, button):
    r = rejected(games.showdown, game, hands, board, contributions=contributions,
                 folded=folded, button=button)
    if r is not None:
        assert sum(r.payouts) == sum(contributions)
        assert all(p >= 0 for p in r.payouts)
        if folded is not None:
            assert all(p == 0 for p, f in zip(r.payouts, folded, strict=True) if f)


@FUZZ_SETTINGS
@given(st.sampled_from(["holdem", "omaha-hilo", "short-deck", "2-7-triple-draw", "ofc",
                        "italian"]) | anything,
       st.one_of(arrays(ints_only=True), anything), st.one_of(st.none(), arrays(), anything),
       st.one_of(arrays(ints_only=True),
                 st.integers(0, 2**63 - 1).map(lambda x: np.full((3, 2), x, np.int64)),
                 anything),
       st.one_of(st.none(), arrays(), anything), st.one_of(st.integers(-1, 3), arrays(),
                                                           anything))
def test_showdown_batch(game, holes, board_rows, contributions, folded, button):
    out = rejected(games.showdown_batch, game, holes, board_rows, contributions, folded,
                   button)
    if out is not None:
        chips = np.asarray(contributions).astype(object)
        assert (out.astype(object).sum(axis=1) == chips.sum(axis=1)).all()
        assert (out >= 0).all()


@FUZZ_SETTINGS
@given(GAMES, st.one_of(st.lists(st.one_of(cards_like, st.sampled_from(
    ["AA", "random", "TT+,AKs", "AKs:0", "15%", "AhKh"])), max_size=4), anything),
    boards, boards, st.one_of(st.sampled_from([None, False, True]), anything),
    st.one_of(st.none(), st.integers(-1, 300), st.integers(2**62, 2**70), anything),
    st.one_of(st.none(), st.floats(0.001, 0.01), st.floats(allow_nan=True), anything),
    st.one_of(st.none(), st.integers(-1, 2**64 + 1), anything), threads_arg)
def test_equity(game, players, board, dead, exact, trials, seconds, seed, n_threads):
    # bound the work an accepted call may do: the contract is about what is refused.
    # The module itself, not "games.equity.compute": games.equity is also the function,
    # and Python 3.10's mock follows that attribute and fails
    with mock.patch.multiple(equity_compute, AUTO_EXACT_LOOKUPS=2_000_000,
                             MAX_EXACT_LOOKUPS=20_000_000, DEFAULT_TRIALS=500):
        r = rejected(games.equity, game, players, board, dead, exact=exact, trials=trials,
                     seconds=seconds, seed=seed, threads=n_threads)
    if r is not None:
        assert sum(r.equities) == pytest.approx(1.0)
        assert all(0 <= e <= 1 for e in r.equities)


@FUZZ_SETTINGS
@given(st.one_of(st.text(alphabet="AKQJT98765432soxr+-,:.%* 0", max_size=16), anything),
       st.one_of(st.sampled_from([*list("26A"), "KA"]), anything),
       st.one_of(st.integers(-2, 60), anything), st.one_of(st.integers(-2, 60), anything),
       st.one_of(st.floats(-1, 101), anything))
def test_ranges(text, lowest, a, b, percent):
    combos = rejected(games.parse_range, text, lowest)
    if combos is not None:
        assert combos and all(w > 0 for w in combos.values())
        assert all(x > y for x, y in combos)
    for fn, args in ((ranges.class_combos, (text,)), (ranges.class_name, (a, b)),
                     (ranges.top_classes, (percent,)), (ranges.range_arrays, (text, lowest))):
        rejected(fn, *args)


@FUZZ_SETTINGS
@given(st.one_of(st.lists(st.one_of(st.tuples(cards_like, cards_like, cards_like), anything),
                          max_size=4), anything),
       st.one_of(arrays(ints_only=True), anything), anything, anything, anything)
def test_ofc(boards_, table, bottom, middle, top):
    s = rejected(ofc.score, boards_)
    if s is not None:
        assert sum(s.points) == 0
    points = rejected(ofc.score_batch, table)
    if points is not None:
        assert (points.sum(axis=1) == 0).all()
    rejected(ofc.fouled, bottom, middle, top)
    rejected(ofc.royalties, bottom, middle, top)


WORDS = ["eval", "equity", "--board", "--dead", "--game", "--exact", "--trials", "--seed",
         "--threads", "--json", "--seconds", "AhAs", "KdKc", "As", "Ks", "Qs", "Js", "Ts",
         "omaha", "holdem", "random", "TT+", "3", "0", "-1", "0.01", "x", "ññ", ""]


@FUZZ_SETTINGS
@given(st.lists(st.sampled_from(WORDS), max_size=8))
def test_cli(argv):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
            mock.patch.multiple(equity_compute, AUTO_EXACT_LOOKUPS=2_000_000,
                                MAX_EXACT_LOOKUPS=20_000_000, DEFAULT_TRIALS=500):
        try:
            status = cli.main(argv)
        except SystemExit as e:     # argparse's own usage errors
            status = e.code
    assert status in (0, 2)


REPORTS = st.sampled_from(["expose", "extra_card", "board_error", "misdeal"])


@FUZZ_SETTINGS
@given(game=st.sampled_from(["holdem", "omaha", "short-deck"]), dealt=st.integers(0, 8),
       kind=REPORTS, cards=st.one_of(cards_like, anything))
def test_irregularity_reports(game, dealt, kind, cards):
    """A dealer's report with any argument at any moment of the deal: a remedy, or a
    clear refusal that changes nothing."""
    t = games.Table(game, [100, 100, 100], auto=False)
    for card in t.game.deck.tolist()[::-1][:dealt]:
        if t.actor is not None:
            break
        due = t.due
        assert due is not None and due.seat is not None
        t.act(f"d dh p{due.seat + 1} {card_name(card)}")
    before = t._snapshot()
    method = getattr(t, kind)
    answer = rejected(method) if kind == "misdeal" else rejected(method, cards)
    if answer is None:
        assert t._snapshot() == before
    else:
        assert answer in ("misdeal", "replace", "burn", "reshuffle", "set-aside")


@FUZZ_SETTINGS
@given(rows=st.one_of(st.sampled_from(["AA", "72o", "AhKd", "QQ+", "random"]),
                      st.lists(st.sampled_from(["AA", "KK", "AhAs", "T9s", "x"]), max_size=3),
                      anything),
       cols=st.one_of(st.none(), st.lists(st.sampled_from(["QQ", "AKs", "AsKs"]),
                                          max_size=2), anything),
       board=st.one_of(st.just(""), cards_like),
       trials=st.one_of(st.none(), st.integers(-3, 300), anything))
def test_equity_table(rows, cols, board, trials):
    t = rejected(games.equity_table, "holdem", rows, cols, board, trials=trials, seed=1,
                 threads=1)
    if t is not None:
        m = t.equities
        assert m.shape == (len(t.rows), len(t.cols))
        assert ((m >= 0) & (m <= 1) | np.isnan(m)).all()
