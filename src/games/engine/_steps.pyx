"""How a hand moves on, in C: forced bets, dealing, betting rounds, discards and draws,
placements, the showdown and settling, as the steps of the game's spec.

`advance` runs the steps until one waits for somebody (`Hand.wait`): a player (the
betting round's actor, a discard, a draw's declaration, a placement, a show), the
dealer when the table does not deal itself, or a rule module of the variant at a
point its spec names (games/engine/rules/); then `resume` (or the module's own call,
such as `open_round`) goes on.  Nothing here calls back into Python, so a batch of
tables steps every table with these same functions.

The steps, per street: deal (hole cards to each player still in, round by round,
then a burn and the board), a discard before or after the betting as the street
says (Crazy Pineapple: after the flop betting), a draw (every player still in
declares in turn from the button's left, then is served in the same order), a
placement, the betting round; then the showdown and the settlement.  When the betting
is over before the board is complete (everyone but one all-in), the hands are shown
as soon as no player has a decision left, then the board is dealt out: PHH's order.
Showdown order (RULES.md; PHH's reference engine): the last player to complete, bet or
raise in the last betting round shows first, or, if nobody did, the first player of
that round; then clockwise.  Pots are divided by the package's one pot routine
(games/showdown/_kernel.pxd: side pots, dead money, Hi/Lo halves, odd chips from the
button's left).
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from evaluator.keys cimport CARD_KEY, KEY_BASE, flush_suit
from evaluator.omaha_tables cimport combo_value
from evaluator.tables cimport badugi_value, hash_index, lookup_parts
from evaluator.typedefs cimport key_t, rank_t
from games.engine._chips cimport (
    add_dead, clockwise, collect, pay, post, pot_total, set_folded, start_round,
)
from games.engine._deck cimport deck_init, draw, move, name_cards, seed_deck, stub_size, take
from games.engine._prefetch cimport prefetch_read
from games.engine._state cimport (
    BET, BOARD, BURNED, DEAL, DISCARD, DISCARDED, DRAW, HOLE, K_ANTE, K_BLIND, K_BURN,
    K_CARRIED_IN, K_DEAL_BOARD, K_DEAL_HOLE, K_DISCARD, K_LIVE_AGAIN, K_MUCK, K_NEW_STUB,
    K_RETURN, K_SHOW, K_WIN, MAX_HOLE,
    MAX_SEATS, MUCKED, NO_CARD, O_HIGH_HAND, O_LOW_CARD, O_LOW_HAND, O_POSITION,
    P_DEALT, P_ROUND, P_ROUND_END, P_SERVE, P_SETTLE, PLACE, SHOWDOWN, STUB, V_BADUGI,
    V_BEST, V_COMBO, V_LOWMASK, W_DEALER, W_DONE, W_PLAYER, W_RULE, W_VALUES, Hand, Log,
    Spec, StreetSpec, Valuer, log_add, log_keeps,
)
from games.showdown._kernel cimport settle_deal


cdef inline int _log(Log *log, int kind, int seat, int64_t amount, bint has_amount,
                     const uint8_t *cards, int n) noexcept nogil:
    return E_MEMORY if log_add(log, kind, seat, amount, has_amount, cards, n, NULL) else 0


cdef inline bint _stops(const Spec *sp, int street, int point) noexcept nogil:
    return (sp.street[street].stops >> point) & 1


cdef inline int _wait_rule(Hand *h, int point) noexcept nogil:
    h.wait = W_RULE
    h.point = point
    h.actor = -1
    return 0


# ---------------------------------------------------------------- the start

cdef int new_hand(const Spec *sp, Hand *h, Log *log, const int64_t *stacks,
                  bint has_seed, uint64_t seed, bint autodeal) noexcept nogil:
    """A fresh hand of sp.seats seats with these stacks (checked by the caller), its
    deck seeded when a seed is given, posted and run to its first decision: what a
    table does when it is made, and a batch of tables for every hand it deals."""
    cdef int s
    # everything but the chips of seats not dealt in and the storage read below its
    # count (the tail of Hand, _state.pxd): lines a hand never touches stay out of the
    # cache; the seats' chips below, a few stores a seat
    memset(h, 0, <size_t>(<char *>&h.chips[0] - <char *>h))
    memset(&h.serving, 0, <size_t>(<char *>&h.where[0] - <char *>&h.serving))
    h.seats = sp.seats
    h.live = sp.seats
    h.opener = -1
    h.cap = -1
    h.actor = -1
    for s in range(sp.seats):
        h.chips[s].stack = stacks[s]
        h.chips[s].bet = 0
        h.chips[s].put = 0
        h.chips[s].dead = 0
    deck_init(sp, h)
    if has_seed:
        seed_deck(h, seed)
    return begin(sp, h, log, stacks, autodeal)


cdef int begin(const Spec *sp, Hand *h, Log *log, const int64_t *stacks,
               bint autodeal) noexcept nogil:
    """The forced bets, then the steps up to the first decision.  Antes first, then
    blinds and straddles, each what the stack allows (RULES.md).  With ante trimming a
    lone largest ante is cut to the second largest, as PHH's reference does; otherwise
    antes are dead money of the main pot."""
    cdef int64_t antes[MAX_SEATS]
    cdef int64_t first = 0, second = 0, posted
    cdef int s
    h.autodeal = autodeal
    h.opened = -1
    if sp.carried:                      # a pot carried from earlier deals, in the middle
        add_dead(h, h.seats - 1, sp.carried)
        if _log(log, K_CARRIED_IN, -1, sp.carried, True, NULL, 0):
            return E_MEMORY
    if sp.has_antes:
        for s in range(h.seats):
            antes[s] = sp.ante[s] if sp.ante[s] < stacks[s] else stacks[s]
            if antes[s] > first:
                second = first
                first = antes[s]
            elif antes[s] > second:
                second = antes[s]
        for s in range(h.seats):
            if sp.ante_trimming and antes[s] > second:
                antes[s] = second
            if antes[s]:
                posted = post(h, s, antes[s], False, not sp.ante_trimming)
                if _log(log, K_ANTE, s, posted, True, NULL, 0):
                    return E_MEMORY
    for s in range(h.seats):            # what is left once the antes are in
        if sp.blind[s] and h.chips[s].stack:
            posted = post(h, s, sp.blind[s], True, False)
            if _log(log, K_BLIND, s, posted, True, NULL, 0):
                return E_MEMORY
    return advance(sp, h, log)


# ---------------------------------------------------------------- the steps

cdef int advance(const Spec *sp, Hand *h, Log *log) noexcept nogil:
    """Run steps until one waits for a player, the dealer or a rule module."""
    cdef int kind, street, status = 0
    cdef bint done = False
    while h.wait != W_DONE:
        if h.live <= 1 and h.opened != -2:      # all folded to one, before a showdown
            return _settle(sp, h, log)
        if h.all_in and not h.shown and h.step > sp.last_decision:
            status = _showdown(sp, h, log, &done)
            if status or not done:
                return status
            continue
        kind = sp.step_kind[h.step]
        street = sp.step_street[h.step]
        if kind == DEAL:
            status = _deal(sp, h, log, street, &done)
        elif kind == DISCARD:
            done = _in_turn(sp, h, street, False)
        elif kind == DRAW:
            status = _draw_step(sp, h, log, street, &done)
        elif kind == PLACE:
            done = _in_turn(sp, h, street, True)
        elif kind == BET:
            status = _bet(sp, h, log, street, &done)
        elif kind == SHOWDOWN:
            status = _showdown(sp, h, log, &done)
        else:
            return _settle(sp, h, log)
        if status or not done:
            return status
        if h.reshow:                            # the hands are shown again (add_hole)
            h.reshow = 0
            h.shown = 0
        h.step += 1
    return 0


cdef int resume(const Spec *sp, Hand *h, Log *log) noexcept nogil:
    """Go on after a rule point the module is done with (P_ROUND_END: the pot is not
    carried; P_SERVE: the draw is served; P_DEALT: the replacements are owed)."""
    cdef int point = h.point
    h.point = 0
    h.wait = W_PLAYER
    if point == P_ROUND_END or point == P_SERVE:
        h.step += 1
    elif point == P_DEALT:
        if h.due_board or _any_due(h):
            h.wait = W_DEALER
            return 0
    return advance(sp, h, log)


cdef bint _any_due(const Hand *h) noexcept nogil:
    cdef int s
    for s in range(h.seats):
        if h.due_hole[s]:
            return True
    return False


cdef int _deal(const Spec *sp, Hand *h, Log *log, int index, bint *done) noexcept nogil:
    cdef const StreetSpec *st = &sp.street[index]
    cdef int s
    done[0] = True
    if h.live <= 1:
        return 0
    h.street = index
    if h.opened != h.step:
        h.opened = h.step
        if sp.has_deal_counts:
            for s in range(h.seats):
                h.due_hole[s] = 0 if h.folded[s] else sp.deal_count[index][s]
        elif st.hole:
            for s in range(h.seats):
                h.due_hole[s] = 0 if h.folded[s] else st.hole
        else:
            memset(h.due_hole, 0, MAX_SEATS)
        h.due_board = st.board
        if st.common and st.hole and h.live * st.hole > stub_size(sp, h) + _out_of_play(sp, h):
            # the stub and the cards out of play cannot give every player still in its
            # cards: they go to the board, common to all (stud's seventh street with
            # eight players still in; PHH's reference deals them so)
            for s in range(h.seats):
                h.due_hole[s] = 0
            h.due_board += st.hole
    if h.autodeal:
        return _deal_all(sp, h, log, st)
    if h.due_board or _any_due(h):
        h.actor = -1
        h.wait = W_DEALER
        done[0] = False
    return 0


cdef int _out_of_play(const Spec *sp, const Hand *h) noexcept nogil:
    """Known cards out of play: folded and mucked hands, burns and discards."""
    cdef int i, n = 0, w
    for i in range(sp.deck_size):
        w = h.where[sp.deck[i]]
        n += w == MUCKED or w == BURNED or w == DISCARDED
    return n


cdef int _draw_or_recycle(const Spec *sp, Hand *h, Log *log, int count,
                          uint8_t *cards) noexcept nogil:
    """`count` cards off the stub, as `draw`; when the stub runs out, the cards out of
    play (folded hands, burns, discards) are shuffled into a new stub for the rest
    (stud's seventh street, as PHH's reference deals it: the street is dealt to the
    players unless even these cannot serve them, `_deal`)."""
    cdef uint8_t fresh[52]
    cdef int stub = stub_size(sp, h), nfresh = 0, i, c, w
    if stub >= count:
        return E_STUB if draw(sp, h, count, HOLE, cards) else 0
    if stub and draw(sp, h, stub, HOLE, cards):
        return E_STUB
    for i in range(sp.deck_size):
        c = sp.deck[i]
        w = h.where[c]
        if w == MUCKED or w == BURNED or w == DISCARDED:
            fresh[nfresh] = c
            nfresh += 1
    move(h, fresh, nfresh, STUB)
    if _log(log, K_NEW_STUB, -1, 0, False, fresh, nfresh):
        return E_MEMORY
    return E_STUB if draw(sp, h, count - stub, HOLE, cards + stub) else 0


cdef int _deal_all(const Spec *sp, Hand *h, Log *log, const StreetSpec *st) noexcept nogil:
    """The table deals the street itself: round by round to each player (seat by seat
    where the spec says so: counts that differ), then the burn and the board."""
    cdef uint8_t cards[52]
    cdef uint8_t hand[MAX_HOLE]
    cdef int seats[MAX_SEATS]
    cdef int n = 0, k, j, s, count, status, first
    if st.hole or (sp.seat_by_seat and _any_due(h)):
        for s in range(h.seats):
            if h.due_hole[s]:
                seats[n] = s
                n += 1
        if not sp.seat_by_seat and n:
            if st.common:
                status = _draw_or_recycle(sp, h, log, st.hole * n, cards)
                if status:
                    return status
            elif draw(sp, h, st.hole * n, HOLE, cards):
                return E_STUB
        if not (sp.seat_by_seat or st.up or h.shown or log_keeps(log, K_DEAL_HOLE)):
            # round by round, face down, unrecorded (a batch of tables): card j of the
            # k-th seat dealt is cards[k + j * n].  What `add_hole` does when no card
            # is up and nothing was shown, without a copy and a call a seat: the
            # general loop below cost 500 instructions more a 6-max hand (callgrind)
            for k in range(n):
                s = seats[k]
                count = h.due_hole[s]
                first = h.nhole[s]
                for j in range(count):
                    h.hole[s][first + j] = cards[k + j * n]
                h.nhole[s] = <uint8_t>(first + count)
                h.due_hole[s] = 0
            n = 0
        for k in range(n):
            s = seats[k]
            count = h.due_hole[s]
            if sp.seat_by_seat:
                if draw(sp, h, count, HOLE, hand):
                    return E_STUB
            else:
                for j in range(count):
                    hand[j] = cards[k + j * n]
            if log_keeps(log, K_DEAL_HOLE) and _log_hole(sp, h, log, s, hand, count):
                return E_MEMORY
            add_hole(sp, h, s, hand, count)
    if h.due_board:
        if draw(sp, h, st.burn + h.due_board, BOARD, cards):
            return E_STUB
        if st.burn:
            move(h, cards, st.burn, BURNED)
            for j in range(st.burn):
                h.burned[h.nburned + j] = cards[j]
            h.nburned += st.burn
            if _log(log, K_BURN, -1, 0, False, cards, st.burn):
                return E_MEMORY
        for j in range(h.due_board):
            h.board[h.nboard + j] = cards[st.burn + j]
        h.nboard += h.due_board
        if _log(log, K_DEAL_BOARD, -1, 0, False, cards + st.burn, h.due_board):
            return E_MEMORY
        h.due_board = 0
    return 0


cdef int _log_hole(const Spec *sp, const Hand *h, Log *log, int seat, const uint8_t *cards,
                   int n) noexcept nogil:
    """The record of hole cards dealt to `seat` on the street in play, before they are
    added: on a street with cards face up, each card tagged 1 (face up) or 0."""
    cdef const StreetSpec *st = &sp.street[h.street]
    cdef int8_t tags[MAX_HOLE]
    cdef int total, j
    if not st.up:
        return _log(log, K_DEAL_HOLE, seat, 0, False, cards, n)
    total = st.hole
    for j in range(n):
        tags[j] = total - h.due_hole[seat] + j >= total - st.up
    return E_MEMORY if log_add(log, K_DEAL_HOLE, seat, 0, False, cards, n, tags) else 0


cdef void add_hole(const Spec *sp, Hand *h, int seat, const uint8_t *cards,
                   int n) noexcept nogil:
    """`n` cards of the street in play join the seat's hand, the last `up` of the
    street's cards face up (stud).  A card dealt face down after the hands were shown
    (stud's seventh street after an all-in) is shown again: the showdown reopens, as
    PHH's reference plays it."""
    cdef const StreetSpec *st = &sp.street[h.street]
    cdef int total = sp.deal_count[h.street][seat] if sp.has_deal_counts else st.hole
    cdef int first = total - h.due_hole[seat], j, k
    for j in range(n):
        k = h.nhole[seat] + j
        h.hole[seat][k] = cards[j]
        if st.up and first + j >= total - st.up:
            h.upmask[seat] |= <uint16_t>(1u << k)
        elif h.shown:
            h.reshow = 1                    # once the street is dealt (advance)
    h.nhole[seat] += n
    h.due_hole[seat] -= n


cdef bint _in_turn(const Spec *sp, Hand *h, int index, bint holding) noexcept nogil:
    """Open a step where the players still in act in turn from the button's left (a
    discard, a draw's declarations; with `holding`, only those holding cards: a
    placement); False while one of them is to act.  True also when nobody is left to
    act at all (one player in)."""
    cdef int s
    if h.live <= 1:
        return True
    h.street = index
    if h.opened != h.step:
        h.opened = h.step
        h.nturn = 0
        for s in range(h.seats):
            h.declared[s] = 0
            h.npending[s] = 0
            if not h.folded[s] and (h.nhole[s] or not holding):
                h.turn[h.nturn] = s
                h.draw_order[h.nturn] = s
                h.nturn += 1
        h.ndraw = h.nturn
        h.serving = 0
    if h.nturn:
        h.actor = h.turn[0]
        h.wait = W_PLAYER
        return False
    return True


cdef int _draw_step(const Spec *sp, Hand *h, Log *log, int index, bint *done) noexcept nogil:
    """A draw: every player still in declares a discard (0 cards: stands pat) in turn
    from the button's left; then the dealer serves them in the same order, each
    player's discards joining the discard pile once that player is served."""
    cdef int s
    done[0] = False
    if not _in_turn(sp, h, index, False):
        return 0                      # a declaration is due
    done[0] = True
    if h.live <= 1 or h.serving:
        return 0                      # nobody to serve, or the last card was served
    h.serving = 1
    h.actor = -1
    if h.autodeal:
        if _stops(sp, index, P_SERVE):
            done[0] = False           # a module serves (Italian poker: three at once)
            return _wait_rule(h, P_SERVE)
        return _serve_all(sp, h, log)
    for s in range(h.seats):
        h.due_hole[s] = h.npending[s]
    if _any_due(h):
        h.wait = W_DEALER
        done[0] = False
    return 0


cdef uint64_t _held(const Hand *h, uint64_t waiting) noexcept nogil:
    """The known discards of the seats in `waiting` (a bit per seat)."""
    cdef uint64_t held = 0
    cdef int s, k
    for s in range(h.seats):
        if (waiting >> s) & 1:
            for k in range(h.npending[s]):
                if h.pending[s][k] != NO_CARD:
                    held |= (<uint64_t>1) << h.pending[s][k]
    return held


cdef int _serve_all(const Spec *sp, Hand *h, Log *log) noexcept nogil:
    """The table serves a draw itself, in the declaring order, every player all it
    asked for; when the stub runs out, see `serve`."""
    cdef uint64_t drawing = 0, served = 0
    cdef int k, s, status
    for k in range(h.ndraw):
        s = h.draw_order[k]
        if h.npending[s]:
            drawing |= (<uint64_t>1) << s
    for k in range(h.ndraw):
        s = h.draw_order[k]
        if not h.npending[s]:
            continue
        status = serve(sp, h, log, s, h.npending[s],
                       _held(h, (drawing & ~served) | ((<uint64_t>1) << s)))
        if status:
            return status
        served |= (<uint64_t>1) << s
    return 0


cdef int serve(const Spec *sp, Hand *h, Log *log, int seat, int count,
               uint64_t held) noexcept nogil:
    """Serve `count` cards off the stub to `seat` (-1: burn them).  When the stub
    cannot serve them, the stub is dealt first, then every discard but those in
    `held` (the discards of players still waiting to be served, this one's own
    included) becomes the new stub (seeds 000 and 001); burns and folded hands stay
    out.  The stub's last card is dealt like any other."""
    cdef uint8_t cards[52]
    cdef uint8_t fresh[52]
    cdef int stub = stub_size(sp, h), nfresh = 0, i, c, got = 0
    if stub < count:
        for i in range(sp.deck_size):
            c = sp.deck[i]
            if h.where[c] == DISCARDED and not (held >> c) & 1:
                fresh[nfresh] = c
                nfresh += 1
        if stub + nfresh < count:
            return E_STUB
        if stub:
            if draw(sp, h, stub, HOLE, cards):
                return E_STUB
            got = stub
        move(h, fresh, nfresh, STUB)
        if _log(log, K_NEW_STUB, -1, 0, False, fresh, nfresh):
            return E_MEMORY
    if draw(sp, h, count - got, HOLE, cards + got):
        return E_STUB
    if seat < 0:
        move(h, cards, count, BURNED)
        for i in range(count):
            h.burned[h.nburned + i] = cards[i]
        h.nburned += count
        return _log(log, K_BURN, -1, 0, False, cards, count)
    for i in range(count):
        h.hole[seat][h.nhole[seat] + i] = cards[i]
    h.nhole[seat] += count
    return _log(log, K_DEAL_HOLE, seat, 0, False, cards, count)


cdef inline int _low_rank(uint8_t card) noexcept nogil:
    """A card's rank with the ace low: A = 0, 2 = 1, ..., K = 12."""
    return ((card >> 2) + 1) % 13


cdef int64_t _showing(const Hand *h, int s, bint ace_low) noexcept nogil:
    """The value of the hand a seat shows (its known up cards): the category (0 high
    cards, 1 a pair, 2 two pair, 3 trips, 4 quads; straights and flushes do not count),
    then the number of cards, then the ranks grouped (bigger groups first, then the
    higher rank), so a bigger value is the higher hand.  With `ace_low` the ace ranks
    below the deuce.  PHH's reference ranks the hands showing the same way."""
    cdef int counts[13]
    cdef int r, k, n = 0, pairs = 0, most = 0, category, size
    cdef int64_t ranks = 0
    cdef uint8_t c
    for r in range(13):
        counts[r] = 0
    for k in range(h.nhole[s]):
        c = h.hole[s][k]
        if (h.upmask[s] >> k) & 1 and c != NO_CARD:
            r = _low_rank(c) if ace_low else c >> 2
            counts[r] += 1
            n += 1
    for r in range(13):
        pairs += counts[r] == 2
        most = counts[r] if counts[r] > most else most
    category = 4 if most == 4 else 3 if most == 3 else 2 if pairs == 2 else pairs
    n = 0
    for size in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == size:
                for _ in range(size):
                    if n < 8:               # the first eight count (stud shows four)
                        ranks = ranks << 4 | r
                        n += 1
    return (<int64_t>category << 40) | (<int64_t>n << 32) | (ranks << (4 * (8 - n)))


cdef int _showing_opener(const Spec *sp, const Hand *h, int kind) noexcept nogil:
    """The seat the cards showing name to open (stud; see O_* in _state.pxd): the lowest
    or highest single card, or the best high or low hand; between equal hands the first
    seat from p1.  Cards nobody saw do not count; when nobody shows a known card, p1
    (the round then opens at the first seat still in after it)."""
    cdef int s, k, seat = 0
    cdef int64_t best = -1, v
    cdef uint8_t c
    for s in range(h.seats):
        if h.folded[s]:
            continue
        if kind == O_HIGH_HAND or kind == O_LOW_HAND:
            v = _showing(h, s, kind == O_LOW_HAND)
            if kind == O_LOW_HAND:
                v = (<int64_t>1 << 48) - v        # the lowest hand opens
            if v > best:
                best = v
                seat = s
            continue
        for k in range(h.nhole[s]):
            c = h.hole[s][k]
            if not (h.upmask[s] >> k) & 1 or c == NO_CARD:
                continue
            # the lowest card (ace high) or the highest (ace low); suits c < d < h < s
            v = 255 - c if kind == O_LOW_CARD else _low_rank(c) * 4 + (c & 3)
            if v > best:
                best = v
                seat = s
    return seat


cdef int default_opener(const Spec *sp, const Hand *h, int street) noexcept nogil:
    """Who opens a betting round: in stud, the seat the cards showing name (the
    street's opener); otherwise in the first round the seat after the largest blind or
    straddle, in later rounds the first seat left of the button."""
    cdef int s, top = 0
    cdef int64_t best = -1, v
    if sp.street[street].opener != O_POSITION:
        return _showing_opener(sp, h, sp.street[street].opener)
    if street != sp.first_round:
        return 0
    for s in range(h.seats):
        v = h.chips[s].bet if sp.blind[s] else 0
        if v >= best:
            best = v
            top = s
    return clockwise(top, h.seats)


cdef int _bet(const Spec *sp, Hand *h, Log *log, int index, bint *done) noexcept nogil:
    h.street = index
    done[0] = True
    if h.live <= 1 or h.all_in:
        return 0
    if _stops(sp, index, P_ROUND):            # a module opens the round (Italian poker)
        done[0] = False
        return _wait_rule(h, P_ROUND)
    return _open_at(sp, h, log, default_opener(sp, h, index), done)


cdef int _open_at(const Spec *sp, Hand *h, Log *log, int opener, bint *done) noexcept nogil:
    """Open the round of the street in play at `opener`; done when nobody acts in it
    (and its end did not stop for a module)."""
    cdef const StreetSpec *st = &sp.street[h.street]
    cdef int64_t size = sp.big_bet if st.big_bet else sp.small_bet
    cdef bint stopped = False
    cdef int status
    if start_round(sp, h, opener, size, sp.cap):
        if st.bring_in and sp.bring_in > 0:
            h.bring_in = 1                  # the first actor brings in or completes
        h.wait = W_PLAYER
        done[0] = False
        return 0
    status = _end_round(sp, h, log, &stopped)
    done[0] = not stopped
    return status


cdef int open_round(const Spec *sp, Hand *h, Log *log, int opener) noexcept nogil:
    """A module opens the round it stopped before (P_ROUND) at `opener` (-1: the
    default); the hand goes on when nobody acts in it."""
    cdef bint done = False
    cdef int status
    h.point = 0
    if opener < 0:
        opener = default_opener(sp, h, h.street)
    status = _open_at(sp, h, log, opener, &done)
    if status or not done:
        return status
    h.step += 1
    return advance(sp, h, log)


cdef int _end_round(const Spec *sp, Hand *h, Log *log, bint *stopped) noexcept nogil:
    """The round in play ended: a card a live dealer set aside for it is live again;
    the bets are collected (an uncalled bet goes back); the hand goes all-in when
    fewer than two players can still bet; a module may then end the hand (P_ROUND_END:
    Italian poker's pot carried when everyone checked)."""
    cdef int seat, able_after
    cdef int64_t amount
    cdef uint8_t card
    stopped[0] = False
    if h.set_aside_card >= 0 and h.set_aside_street == h.street:
        card = <uint8_t>h.set_aside_card
        h.set_aside_card = -1
        h.where[card] = STUB
        if _log(log, K_LIVE_AGAIN, -1, 0, False, &card, 1):
            return E_MEMORY
    if collect(h, &seat, &amount, &able_after):
        if _log(log, K_RETURN, seat, amount, True, NULL, 0):
            return E_MEMORY
    if h.live >= 2 and able_after <= 1:
        h.all_in = 1
    if _stops(sp, h.street, P_ROUND_END):
        stopped[0] = True
        return _wait_rule(h, P_ROUND_END)
    return 0


cdef int round_over(const Spec *sp, Hand *h, Log *log) noexcept nogil:
    """The betting round in play is over (the last action's `next_actor` said so): its
    end, then the steps on (games/engine/_actions.pxd)."""
    cdef bint stopped = False
    cdef int status
    status = _end_round(sp, h, log, &stopped)
    if status or stopped:
        return status
    h.step += 1
    return advance(sp, h, log)


cdef int _showdown(const Spec *sp, Hand *h, Log *log, bint *done) noexcept nogil:
    cdef int k, s, start, turns
    done[0] = True
    if h.shown:
        return 0
    if h.opened != -2:
        if h.live <= 1:
            h.shown = 1
            return 0
        h.opened = -2
        start = h.opener if h.opener >= 0 else 0
        s = start
        turns = 0
        for k in range(h.seats):            # clockwise from `start` (no division)
            if k:
                s = clockwise(s, h.seats)
            h.turn[turns] = s               # kept when it is still in (no branch)
            turns += h.folded[s] == 0
        h.nturn = turns
        if h.autodeal:
            for k in range(h.nturn):
                s = h.turn[k]
                if _log(log, K_SHOW, s, 0, False, h.hole[s], h.nhole[s]):
                    return E_MEMORY
            h.nturn = 0
            h.shown = 1
            return 0
    if h.nturn:
        h.actor = h.turn[0]
        h.wait = W_PLAYER
        done[0] = False
        return 0
    h.shown = 1
    h.actor = -1
    return 0


# ---------------------------------------------------------------- settling

cdef inline rank_t _value(const Valuer *v, const uint8_t *hole, int nh, const uint8_t *board,
                          int nb) noexcept nogil:
    """A hand's value by a ranking's C lookup of one hand at a time (the spec chose the
    kind; the best-five tables are read for every seat at once, `_best_ask`)."""
    cdef uint32_t hm = 0, bm = 0
    cdef int i
    if v.kind == V_COMBO:
        return combo_value(&v.combo, hole, board, nh, nb)
    if v.kind == V_LOWMASK:
        for i in range(nh):
            hm |= v.low_bits[hole[i]]
        for i in range(nb):
            bm |= v.low_bits[board[i]]
        return v.low_table[hm << 8 | bm]
    if v.kind == V_BADUGI and nh == 4 and nb == 0:
        return badugi_value(&v.badugi, hole)
    return 0


cdef inline void _best_ask(const Valuer *v, const Hand *h, Showdown *sd) noexcept nogil:
    """The first pass of the best-five lookup (V_BEST) of every seat: each key and the
    slot it hashes to, the slot's line asked for.  Then the values (`_best_read`).
    The ranks table is out of the cache by the next showdown at a batch of tables, and
    the seats' look-ups then wait for it at once rather than in turn, with no branch on
    who folded between them: a 6-max step played 1.01-1.03x as many hands
    (docs/benchmarks.md).  A folded seat's value is read and dropped, any card of it
    nobody saw read as the first card of the deck.  Its key still hashes inside the
    ranks table, which is padded for any key up to seven aces' (evaluator/tables.pyx):
    its cards are distinct but for those deuces, so even the eight of a Crazy Pineapple
    hand folded before its discard sum to less."""
    cdef key_t board = KEY_BASE
    cdef int s, j
    cdef uint8_t c
    for j in range(h.nboard):
        board += CARD_KEY[h.board[j]]
    for s in range(h.seats):
        sd.keys[s] = board
        for j in range(h.nhole[s]):
            c = h.hole[s][j]
            sd.keys[s] += CARD_KEY[c if c < 52 else 0]
        sd.slots[s] = hash_index(v.offsets, sd.keys[s])
        prefetch_read(&v.ranks[sd.slots[s]])


cdef inline void _best_read(const Valuer *v, const Hand *h, const Showdown *sd,
                            rank_t *out) noexcept nogil:
    """Every seat's value by the best-five lookup, 0 for a folded seat, from the keys
    and slots of `_best_ask`."""
    cdef uint8_t cards[16]
    cdef int s, j, n
    for s in range(h.seats):
        out[s] = v.ranks[sd.slots[s]] * (h.folded[s] == 0)
        if v.flush != NULL and flush_suit(sd.keys[s]) >= 0 and not h.folded[s]:
            n = h.nhole[s]                  # a flush (rare): the one lookup reads its cards
            for j in range(n):
                cards[j] = h.hole[s][j]
            for j in range(h.nboard):
                cards[n + j] = h.board[j]
            out[s] = lookup_parts(v.offsets, v.ranks, v.flush, sd.keys[s], cards, n + h.nboard)


cdef void _values(const Valuer *v, const Hand *h, rank_t *out) noexcept nogil:
    """Every seat's value by one ranking, 0 for a folded seat."""
    cdef Showdown sd
    cdef int s
    if v.kind == V_BEST:
        _best_ask(v, h, &sd)
        _best_read(v, h, &sd, out)
        return
    for s in range(h.seats):
        out[s] = 0
        if not h.folded[s]:
            out[s] = _value(v, h.hole[s], h.nhole[s], h.board, h.nboard)


cdef void showdown_ask(const Spec *sp, const Hand *h, Showdown *sd) noexcept nogil:
    """The first pass of valuing a showdown: where the best-five ranking is the high
    one, the seats' keys, their lines of the ranks table asked for (`_best_ask`)."""
    if sp.high.kind == V_BEST:
        _best_ask(&sp.high, h, sd)


cdef void _payouts(const Spec *sp, const Hand *h, const Showdown *sd,
                   int64_t *payouts) noexcept nogil:
    """The payouts of a showdown of the hands still in (every card known), asked for
    (`showdown_ask`), through the package's pot routine; the button is the last
    seat."""
    cdef rank_t high[MAX_SEATS]
    cdef rank_t low[MAX_SEATS]
    cdef int64_t put[MAX_SEATS]
    cdef int64_t dead[MAX_SEATS]
    cdef bint any_dead = False
    cdef int s
    for s in range(h.seats):
        put[s] = h.chips[s].put
        dead[s] = h.chips[s].dead
        any_dead = any_dead or dead[s] != 0
    if sp.high.kind == V_BEST:
        _best_read(&sp.high, h, sd, high)
    else:
        _values(&sp.high, h, high)
    if sp.split_low:
        _values(&sp.low, h, low)
    settle_deal(h.seats, put, dead if any_dead else NULL, h.folded, high,
                low if sp.split_low else NULL, h.seats - 1, payouts)


cdef int settle_values(const Spec *sp, const Hand *h, int64_t *payouts) noexcept nogil:
    """The payouts of a showdown of the hands still in (every card known)."""
    cdef Showdown sd
    showdown_ask(sp, h, &sd)
    _payouts(sp, h, &sd, payouts)
    return 0


cdef int _pay_out(const Spec *sp, Hand *h, Log *log, const int64_t *payouts) noexcept nogil:
    """The chips paid to the winners, recorded, and the hand over."""
    cdef int s
    for s in range(h.seats):
        if payouts[s]:
            pay(h, s, payouts[s])
            if _log(log, K_WIN, s, payouts[s], True, NULL, 0):
                return E_MEMORY
    finish(sp, h)
    return 0


cdef int showdown_pay(const Spec *sp, Hand *h, Log *log, const Showdown *sd) noexcept nogil:
    """A showdown left waiting (W_VALUES) valued from its first pass (`showdown_ask`)
    and settled: the hand is over."""
    cdef int64_t payouts[MAX_SEATS]
    _payouts(sp, h, sd, payouts)
    return _pay_out(sp, h, log, payouts)


cdef int _settle(const Spec *sp, Hand *h, Log *log) noexcept nogil:
    cdef int64_t payouts[MAX_SEATS]
    cdef int s
    if sp.settle_by_rule:
        return _wait_rule(h, P_SETTLE)
    if h.live == 1:
        for s in range(h.seats):
            payouts[s] = 0 if h.folded[s] else pot_total(h)
    elif h.values_later:        # a batch's table: valued with its neighbours'
        h.wait = W_VALUES
        h.actor = -1
        return 0
    else:
        settle_values(sp, h, payouts)
    return _pay_out(sp, h, log, payouts)


cdef void finish(const Spec *sp, Hand *h) noexcept nogil:
    """The hand is over."""
    h.wait = W_DONE
    h.point = 0
    h.actor = -1
    h.step = sp.nsteps - 1


# ---------------------------------------------------------------- the players' cards
# (the betting actions are inline, in games/engine/_actions.pxd)

cdef int name_in_hand(Hand *h, int seat, const uint8_t *cards, int n) noexcept nogil:
    """Known cards not in the seat's hand name its unknown cards, in order (checked by
    the caller: each is live and there are unknown cards enough); returns how many."""
    cdef int i, j, named = 0
    cdef bint held
    for i in range(n):
        if cards[i] == NO_CARD:
            continue
        held = False
        for j in range(h.nhole[seat]):
            if h.hole[seat][j] == cards[i]:
                held = True
                break
        if held:
            continue
        for j in range(h.nhole[seat]):
            if h.hole[seat][j] == NO_CARD:
                h.hole[seat][j] = cards[i]
                name_cards(h, &cards[i], 1, HOLE)
                named += 1
                break
    return named


cdef void _drop(Hand *h, int seat, uint8_t card) noexcept nogil:
    """The first `card` of the seat's hand leaves it (NO_CARD: an unknown card)."""
    cdef int j, k
    cdef uint32_t low
    for j in range(h.nhole[seat]):
        if h.hole[seat][j] == card:
            for k in range(j, h.nhole[seat] - 1):
                h.hole[seat][k] = h.hole[seat][k + 1]
            h.nhole[seat] -= 1
            low = h.upmask[seat] & ((1u << j) - 1)
            h.upmask[seat] = <uint16_t>(low | ((h.upmask[seat] >> (j + 1)) << j))
            return


cdef void remove_turn(Hand *h, int seat) noexcept nogil:
    """A seat leaves the queue of those still to discard, draw, place or show."""
    cdef int k, j
    for k in range(h.nturn):
        if h.turn[k] == seat:
            for j in range(k, h.nturn - 1):
                h.turn[j] = h.turn[j + 1]
            h.nturn -= 1
            return


cdef int discard(const Spec *sp, Hand *h, Log *log, const uint8_t *cards,
                 int n) noexcept nogil:
    """The player to act discards `cards` (checked; NO_CARD an unknown card of its
    hand); in a draw they are its declaration."""
    cdef int seat = h.turn[0], i
    name_in_hand(h, seat, cards, n)
    for i in range(n):
        _drop(h, seat, cards[i])
    move(h, cards, n, DISCARDED)
    if sp.step_kind[h.step] == DRAW:
        h.declared[seat] = 1
        h.npending[seat] = n
        for i in range(n):
            h.pending[seat][i] = cards[i]
    if _log(log, K_DISCARD, seat, 0, False, cards, n):
        return E_MEMORY
    remove_turn(h, seat)
    return advance(sp, h, log)


cdef int show(const Spec *sp, Hand *h, Log *log, int seat, const uint8_t *cards,
              int n) noexcept nogil:
    """`seat` shows its hand (the cards named, checked: they are its cards)."""
    name_in_hand(h, seat, cards, n)
    if _log(log, K_SHOW, seat, 0, False, h.hole[seat], h.nhole[seat]):
        return E_MEMORY
    remove_turn(h, seat)
    return advance(sp, h, log)


cdef int muck(const Spec *sp, Hand *h, Log *log, int seat) noexcept nogil:
    """`seat` gives up its hand unshown."""
    set_folded(h, seat)
    move(h, h.hole[seat], h.nhole[seat], MUCKED)
    if _log(log, K_MUCK, seat, 0, False, NULL, 0):
        return E_MEMORY
    remove_turn(h, seat)
    return advance(sp, h, log)


# ---------------------------------------------------------------- the dealer's steps

cdef int deal_hole(const Spec *sp, Hand *h, Log *log, int seat, const uint8_t *cards,
                   int n) noexcept nogil:
    """The dealer deals recorded cards to `seat` (checked)."""
    take(h, cards, n, HOLE)
    if _log_hole(sp, h, log, seat, cards, n):
        return E_MEMORY
    add_hole(sp, h, seat, cards, n)
    if h.due_board or _any_due(h):
        return 0
    if h.hold_deal:                   # a live dealer's replacements may be owed
        return _wait_rule(h, P_DEALT)
    h.wait = W_PLAYER
    return advance(sp, h, log)


cdef int burn(const Spec *sp, Hand *h, Log *log, int count) noexcept nogil:
    """A dealer's burn of `count` cards: cards set aside for the next burn first (a live
    dealer's error), then unseen ones."""
    cdef uint8_t cards[MAX_HOLE]
    cdef int known = count if count < h.nburn_next else h.nburn_next, i
    for i in range(count):
        cards[i] = h.burn_next[i] if i < known else NO_CARD
    for i in range(known, h.nburn_next):
        h.burn_next[i - known] = h.burn_next[i]
    h.nburn_next -= known
    move(h, cards, known, BURNED)
    take(h, cards + known, count - known, BURNED)
    for i in range(count):
        h.burned[h.nburned + i] = cards[i]
    h.nburned += count
    return _log(log, K_BURN, -1, 0, False, cards, count)


cdef int deal_board(const Spec *sp, Hand *h, Log *log, const uint8_t *cards,
                    int n) noexcept nogil:
    """The dealer turns recorded cards on the board (checked), after the street's burn
    unless a dealer's error took it."""
    cdef const StreetSpec *st = &sp.street[h.street]
    cdef int i, status
    if h.due_board == st.board and st.burn and not (h.no_burn >> h.street) & 1:
        status = burn(sp, h, log, st.burn)
        if status:
            return status
    take(h, cards, n, BOARD)
    for i in range(n):
        h.board[h.nboard + i] = cards[i]
    h.nboard += n
    h.due_board -= n
    if _log(log, K_DEAL_BOARD, -1, 0, False, cards, n):
        return E_MEMORY
    if h.due_board:
        return 0
    h.wait = W_PLAYER
    return advance(sp, h, log)
