"""A game and a table's options compiled into the C `Spec` of games/engine/_state.pxd.

Built once per set of options (games/engine/options.py remembers them) and shared,
read-only, by every hand played with them: one table after another, or a batch of
tables.  The variant is read only through its data: the streets become steps
(games/engine/steps.py), the deck a list of cards, the forced bets per-seat amounts,
and each ranking the raw pointers of its lookup tables (the public `.pxd` files of
`evaluator`), or V_RULE when it has none a kernel can read (Italian poker's rankings,
whose straight flushes beat each other in a cycle): a rule module then settles.
"""

from libc.string cimport memset

from evaluator.omaha_tables cimport ComboTables, MaskTables
from evaluator.tables cimport BadugiTables, HandTables
from games.engine._state cimport (
    FIXED_LIMIT, MAX_SEATS, MAX_STEPS, MAX_STREETS, NO_LIMIT, O_HIGH_CARD, O_HIGH_HAND,
    O_LOW_CARD, O_LOW_HAND, O_POSITION, POT_LIMIT, V_BADUGI, V_BEST, V_COMBO, V_LOWMASK,
    V_RULE, Spec, Valuer,
)

from games.engine import steps as _plan
from games.variants import Betting, Opener, Split

_STRUCTURES = {Betting.NO_LIMIT: NO_LIMIT, Betting.POT_LIMIT: POT_LIMIT,
               Betting.FIXED_LIMIT: FIXED_LIMIT}
_OPENERS = {Opener.POSITION: O_POSITION, Opener.LOW_CARD: O_LOW_CARD,
            Opener.HIGH_CARD: O_HIGH_CARD, Opener.HIGH_HAND: O_HIGH_HAND,
            Opener.LOW_HAND: O_LOW_HAND}
# steps.py numbers the steps as _state.pxd does; checked once here
assert (_plan.DEAL, _plan.DISCARD, _plan.BET, _plan.SHOWDOWN, _plan.SETTLE, _plan.DRAW,
        _plan.PLACE) == (0, 1, 2, 3, 4, 5, 6)


cdef bint _valuer(Valuer *v, object ranking, int cards) except -1:
    """Point `v` at a ranking's tables; False (v.kind V_RULE) when no kernel can value
    its hands (no tables a kernel reads, or values that do not order every showdown)."""
    v.kind = V_RULE
    if ranking is None or not ranking.total_order:
        return False
    tables = ranking.tables
    if isinstance(tables, HandTables):
        if cards > (<HandTables>tables).max_cards:
            return False
        v.kind = V_BEST
        v.offsets = (<HandTables>tables).t.offsets
        v.ranks = (<HandTables>tables).t.ranks
        v.flush = (<HandTables>tables).t.flush
    elif isinstance(tables, ComboTables):
        v.kind = V_COMBO
        v.combo = (<ComboTables>tables).c
    elif isinstance(tables, MaskTables):
        v.kind = V_LOWMASK
        v.low_table = (<MaskTables>tables).c_table
        v.low_bits = (<MaskTables>tables).c_bits
    elif isinstance(tables, BadugiTables) and cards == 4:
        v.kind = V_BADUGI
        v.badugi = (<BadugiTables>tables).t
    else:
        return False
    return True


cdef class GameSpec:
    """The C spec of one game played with one set of table options.

    options: a `TableOptions` (checked); stops: {street index: bits of the rule points
    a rule module takes there}; deal_counts: None, or each street's hole cards per
    seat where seats are dealt different counts (fantasyland); settle_by_rule: a rule
    module settles every hand (placement games, Italian poker)."""

    def __init__(self, options, stops=None, deal_counts=None, bint settle_by_rule=False):
        cdef Spec *sp = &self.sp
        cdef int i, s, k
        game = options.game
        plan = options.plan
        seats = options.seats
        memset(sp, 0, sizeof(Spec))
        if not 2 <= seats <= MAX_SEATS:
            raise ValueError(f"the engine seats 2..{MAX_SEATS} players, got {seats}")
        if len(game.streets) > MAX_STREETS or len(plan.steps) > MAX_STEPS:
            raise ValueError(f"{game.title} has more streets than the engine plays "
                             f"({MAX_STREETS})")
        self.options = options
        sp.seats = seats
        sp.structure = _STRUCTURES[options.betting]
        sp.cap = -1 if options.raise_cap is None else options.raise_cap
        sp.min_bet = options.min_bet
        sp.small_bet = options.small_bet
        sp.big_bet = options.big_bet
        for s, amount in enumerate(options.posted_blinds):
            sp.blind[s] = amount
        for s, amount in enumerate(options.posted_antes):
            sp.ante[s] = amount
        sp.carried = options.carried
        sp.bring_in = options.bring_in
        sp.has_antes = any(options.antes)
        sp.ante_trimming = options.ante_trimming
        sp.double_raise = game.raise_at_most_double
        sp.rows = bool(game.rows)
        sp.nstreets = len(game.streets)
        stops = stops or {}
        for i, street in enumerate(game.streets):
            st = &sp.street[i]
            st.hole = street.hole
            st.board = street.board
            st.burn = street.burn
            st.discard = street.discard
            st.draw = street.draw
            st.place = street.place
            st.betting = street.betting
            st.big_bet = street.big_bet
            st.stops = stops.get(i, 0)
            st.up = street.up
            st.opener = _OPENERS[street.opener]
            st.bring_in = street.bring_in
            st.common = street.common_if_short
        if deal_counts is not None:
            sp.has_deal_counts = 1
            sp.seat_by_seat = 1
            for i, counts in enumerate(deal_counts):
                for s in range(seats):
                    sp.deal_count[i][s] = counts[s]
        sp.nsteps = len(plan.steps)
        for k, (kind, street_index) in enumerate(plan.steps):
            sp.step_kind[k] = kind
            sp.step_street[k] = street_index
        sp.first_round = plan.first_round
        sp.last_decision = plan.last_decision
        deck = options.deck
        sp.deck_size = len(deck)
        for i, card in enumerate(deck):
            sp.deck[i] = card
        sp.need = plan.cards_needed
        cards = game.hole_cards + game.board_cards
        split_low = game.split is Split.HIGH_LOW and game.low is not None
        sp.split_low = split_low
        known = _valuer(&sp.high, game.high, cards)
        if split_low:
            known = _valuer(&sp.low, game.low, cards) and known
        sp.settle_by_rule = settle_by_rule or not known
        self._keep = (game.high.tables if sp.high.kind != V_RULE else None,
                      game.low.tables if split_low and sp.low.kind != V_RULE else None)
