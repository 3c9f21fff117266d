"""Canonical hand indexes: `index`, `unindex` and `size` for every community-card game.

A *situation* is a player's hole cards and the board at one round (preflop, flop, turn,
river), each an unordered set.  Two situations are *isomorphic* when a relabelling of
the four suits maps one onto the other; they then have the same strength against any
opponent, and the same index.  Indexes of a round run densely over 0..size-1, one per
class of isomorphic situations, in the numbering of Waugh's hand isomorphism indexer
(2013) set up for two rounds of cards (the hole, then the whole board); the kernel is
games/strength/_kernel.pyx, which says how the numbers are made.

Python validates, the kernel computes: shapes and types are checked here, then rows go
to the kernel without the GIL; the kernel reports whether a row holds a card outside the
deck or a card twice (at no extra cost), and only then is the bad cell found and named
here (evaluator.checks.first_bad_cell).
"""

from __future__ import annotations

import math
import threading
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from evaluator import RANKS, card_name, parse_cards
from evaluator.checks import bad_cell_error, card_array, count, first_bad_cell, integer_array
from evaluator.threads import run_split
from games.strength._kernel import Indexer, rank_sets
from games.variants import Variant, variant

__all__ = ["board_sizes", "index", "indexer", "size", "unindex"]

_INDEXERS: dict[tuple[int, int, int], Indexer] = {}
_LOCK = threading.Lock()


def _community(game: Variant | str) -> Variant:
    v = variant(game)
    if not v.is_community:
        raise ValueError(f"{v.title} has no community cards; hand indexes are for board "
                         "games")
    return v


def board_sizes(game: Variant | str) -> tuple[int, ...]:
    """Board cards at each round of a community-card game, from its streets: (0, 3, 4,
    5) for hold'em and Omaha."""
    v = _community(game)
    sizes = [0]
    for street in v.streets:
        if street.board:
            sizes.append(sizes[-1] + street.board)
    return tuple(sizes)


def _round_board(v: Variant, rnd: object) -> int:
    sizes = board_sizes(v)
    r = count(rnd, "rnd", 0, len(sizes) - 1)
    return sizes[r]


def indexer(game: Variant | str, board: int) -> Indexer:
    """The (cached) kernel indexer of a game's hole cards with `board` board cards."""
    v = _community(game)
    ranks = 13 - RANKS.index(v.lowest_rank)
    key = (ranks, v.hole_cards, board)
    with _LOCK:
        found = _INDEXERS.get(key)
        if found is None:
            found = _INDEXERS[key] = build_indexer(ranks, v.hole_cards, board)
    return found


#: a configuration: the first index of its block, each sorted suit's mixed-radix
#: weight (0 for an empty suit) and place in its group, its patterns a * (board + 1)
#: + b, and its block's length
CONFIG = np.dtype([("offset", np.uint64), ("mult", np.uint64, 4), ("g", np.uint8, 4),
                   ("pattern", np.uint8, 4), ("size", np.uint64)])


def _term(x: int, g: int) -> int:
    """C(x + g, g + 1): the term of the g-th smallest number of a group."""
    return math.comb(x + g, g + 1)


def build_indexer(ranks: int, hole: int, board: int, two_card: bool = True,
                  count_bits: bool = True) -> Indexer:
    """The indexer of `hole` and `board` cards from the `ranks` highest ranks, its
    tables built here from the definition (games/strength/_kernel.pyx says how the
    kernel reads them):

    * the configurations (tuples of four (a, b) patterns, largest first) in increasing
      order, each with its block's offset and each suit's mixed-radix weight;
    * `digits`, the same as the kernel applies them: offset, the weight of each sorted
      suit's number (the first of its group) or of its group term C(x + g, g + 1),
      where that term's row starts and the mask keeping reads in the row, and a last
      all-zero configuration that the kernel lands on for a row with a bad card;
    * `conf_of`: the configuration of the first three sorted suits' codes (a code is
      the pattern's place counted from the largest, so that increasing keys put the
      largest patterns first);
    * `tk`: for a hole ranks in a suit and the suit's board mask (hole ranks taken out),
      code << 20 | C(R, a) * colex(board) -- a suit's sort key less its hole colex;
    * `bits` and `above`: a card (shifted down to the deck's ranks) as its bit in a
      64-bit word of four 16-bit suits, and the bits above it in its suit; a card
      outside the deck sets bit 15, which no card has;
    * for two cards before the flop, `pre`: the class of every two cards;
    * for two cards and three to five board cards (hold'em after the flop), the
      two-card kernel's tables (_two_card_tables), unless `two_card` is False (the
      general kernel then runs, as the tests compare).

    `count_bits=False` keeps the two-card kernel on its portable loops where the CPU
    could count bits in one instruction (see Indexer; the tests run both).
    """
    if not (1 <= ranks <= 13 and 0 <= hole <= 6 and 0 <= board <= 5
            and hole + board <= 4 * ranks):
        raise ValueError(f"no indexer for {hole} hole and {board} board cards of "
                         f"{ranks} ranks")
    npat = (hole + 1) * (board + 1)
    patterns = [(a, b) for a in range(hole + 1) for b in range(board + 1) if a + b <= ranks]
    found: list[tuple[tuple[int, int], ...]] = []

    def extend(prefix: list[tuple[int, int]], left_a: int, left_b: int) -> None:
        if len(prefix) == 4:
            if left_a == 0 and left_b == 0:
                found.append(tuple(prefix))
            return
        for p in patterns:
            if p[0] <= left_a and p[1] <= left_b and (not prefix or p <= prefix[-1]):
                extend([*prefix, p], left_a - p[0], left_b - p[1])

    extend([], hole, board)
    found.sort()
    # numbers of a suit in a group of two or more: such a suit holds at most hole // 2
    # hole and board // 2 board cards; rows a power of two long, read through a mask
    nterms = max(math.comb(ranks, a) * math.comb(ranks - a, b)
                 for a in range(hole // 2 + 1) for b in range(board // 2 + 1)
                 if a + b <= ranks)
    width = 1 << max(0, (nterms - 1).bit_length())
    terms = np.zeros((4, width), dtype=np.uint64)
    for g in range(4):
        terms[g, :nterms] = [_term(x, g) for x in range(nterms)]
    configs = np.zeros(len(found), dtype=CONFIG)
    digits = np.zeros((len(found) + 1, 16), dtype=np.uint64)   # + the all-zero one
    dview = digits.view(np.uint32)
    conf_of = np.full(npat ** 3, len(found), dtype=np.int32)
    offset = 0
    for n, conf in enumerate(found):
        mult = 1
        i = 0
        while i < 4:
            j = i
            while j < 4 and conf[j] == conf[i]:
                j += 1
            a, b = conf[i]
            per_suit = math.comb(ranks, a) * math.comb(ranks - a, b)
            for q in range(i, j):
                weight = mult if conf[i] != (0, 0) else 0
                g = q - i
                configs[n]["mult"][q] = weight
                configs[n]["g"][q] = g
                digits[n, 1 + q] = weight if g == 0 else 0        # m1: the number's
                digits[n, 5 + q] = weight if g > 0 else 0         # m2: the term's
                dview[n, 18 + q] = g * width                       # the term's row
                dview[n, 22 + q] = width - 1 if g > 0 else 0       # its mask
            mult *= math.comb(per_suit + j - i - 1, j - i)
            i = j
        configs[n]["offset"] = offset
        digits[n, 0] = offset
        configs[n]["size"] = mult
        configs[n]["pattern"] = [a * (board + 1) + b for a, b in conf]
        codes = [npat - 1 - (a * (board + 1) + b) for a, b in conf]
        conf_of[(codes[0] * npat + codes[1]) * npat + codes[2]] = n
        offset += mult
    if offset >= 1 << 63:
        raise ValueError("the index would not fit in 63 bits")
    bits = np.full(256, 1 << 15, dtype=np.uint64)
    above = np.zeros(256, dtype=np.uint64)
    for c in range(4 * ranks):
        pos = 16 * (c & 3) + (c >> 2)
        bits[c] = 1 << pos
        above[c] = ((1 << ((pos | 15) + 1)) - 1) ^ ((1 << (pos + 1)) - 1)
    popc, colex = rank_sets()
    masks = np.arange(1 << 13)
    tk = np.zeros((hole + 1, 1 << 13), dtype=np.uint32)
    for a in range(hole + 1):
        ok = (popc <= board) & (masks < (1 << max(ranks - a, 0)))
        code = npat - 1 - (a * (board + 1) + np.minimum(popc, board))
        tk[a] = np.where(ok, (code << 20) + math.comb(ranks, a) * colex, 0)
    # every read of the kernel stays inside the tables: configurations and term rows
    # in range, codes below npat (for any row, bad cards included)
    if (not ((conf_of >= 0) & (conf_of <= len(found))).all() or width & (width - 1)
            or (dview[:, 18:22] > 3 * width).any() or (dview[:, 22:26] >= width).any()
            or ((tk >> 20) >= npat).any() or tk.shape != (hole + 1, 1 << 13)
            or conf_of.shape != (npat ** 3,) or digits.shape != (len(found) + 1, 16)):
        raise AssertionError("indexer tables out of range")
    offsets = np.ascontiguousarray(configs["offset"])
    patterns_of = np.ascontiguousarray(configs["pattern"])
    tables: list[Any] = [bits, above, tk, digits, conf_of, terms, offsets, patterns_of, None,
                         None, None]
    if two_card and hole == 2 and 3 <= board <= 5:
        arena, digits2 = _two_card_tables(ranks, board, found, configs, width)
        tables[9:] = [arena, digits2.view(np.uint8)]
    ix = Indexer(ranks, hole, board, offset, tuple(tables), count_bits)
    if hole == 2 and board == 0:
        # two cards before the flop: a table of the classes, from the indexer itself
        low = 13 - ranks
        pairs = np.array([(a, b) for a in range(4 * ranks) for b in range(4 * ranks)
                          if a != b], dtype=np.int64)
        out = np.empty(len(pairs), dtype=np.int64)
        ix.index(np.ascontiguousarray(pairs + 4 * low, dtype=np.uint8),
                 np.empty((len(pairs), 0), np.uint8), out)
        pre = np.zeros(64 * 64, dtype=np.uint16)
        pre[(pairs[:, 0] << 6) | pairs[:, 1]] = out
        tables[8] = pre
        ix = Indexer(ranks, hole, board, offset, tuple(tables))
    return ix


#: the byte offsets of the two-card indexer's tables in its one block (`arena`)
ARENA = {"bits": 0, "tk": 32768, "pair": 131072, "perm": 163840, "conf": 167936,
         "end": 184320}
#: a configuration's mixed radix as the two-card kernel applies it (128 bytes): the
#: first index of its block, and for each sorted suit its weight, where its group
#: term's row starts, the mask keeping reads in the row, and the mask of its number
#: (all ones for the first suit of a group, whose term is the number itself)
DIGITS2 = np.dtype([("offset", np.uint64), ("w", np.uint64, 4), ("toff", np.uint32, 4),
                    ("msk", np.uint32, 4), ("xm", np.uint32, 4), ("pad", np.uint8, 40)])
_MARK = 1 << 47            # a card outside the deck: bit 15 of the third suit


def _code_weights(npat: int, codes: list[list[int]]) -> list[int]:
    """Increasing weights of the codes 0..npat-1, each below 1024, whose sums over
    the four codes of each configuration are all different: the first increasing
    sequence drawn (from a fixed seed) that keeps the configurations apart."""
    rng = np.random.default_rng(28)
    for _ in range(10_000):
        f = np.sort(rng.choice(1024, size=npat, replace=False)).tolist()
        if len({sum(f[c] for c in conf) for conf in codes}) == len(codes):
            return [int(x) for x in f]
    raise AssertionError("no code weights below 1024")


def _above(pos: int) -> int:
    """The bits above bit `pos` in its 16-bit suit."""
    return ((1 << ((pos | 15) + 1)) - 1) ^ ((1 << (pos + 1)) - 1)


def _two_card_tables(ranks: int, board: int, found: list[tuple[tuple[int, int], ...]],
                     configs: npt.NDArray[Any], width: int
                     ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[Any]]:
    """The tables of the two-card kernel (hold'em on the flop, turn and river).  It
    relabels the suits of every row so that the first hole card's suit is suit 0 and
    the second's suit 1 when it differs (the others follow in order): only suits 0
    and 1 then hold hole ranks, what they hold depends on the two ranks and whether
    the hand is suited alone, and suits with hole cards sort before those without, so
    four compare-exchanges sort the keys.  One block (`arena`, offsets in ARENA):

    * `bits` [16][256] uint64: for each relabelling (first suit * 4 + second) a card
      byte as its relabelled bit in four 16-bit suits, _MARK for a byte outside the
      deck (the sum and the union of a row's bits then differ, or hold _MARK);
    * `tk` [3][8192] uint32: the general `tk` with F(code) << 20 in place of
      code << 20 (F increasing: the keys sort alike, and the sum of a row's four F
      tells its configuration);
    * `pair` [64][16][2] of (uint32 keep, uint32 one, uint16 colex0, uint16 colex1,
      uint32 two), by the two hole ranks (card >> 2) and suitedness: in suits 0 and
      1, the board bits that stay, those that move down one place (above one hole
      rank of their suit) and two places (above both), which takes the hole ranks
      out of the board's rank lines, and the colex rank of suit 0's and suit 1's
      hole ranks;
    * `perm` [256] of four uint32, by ((first card & 3) << 6) + second card (the low
      byte of first * 64 + second): the byte offset of the relabelling's `bits` row,
      the second card's and suitedness's part of the byte offset of the `pair`
      entry, and each suit's hole count a at bit 13 (suit 0) and 29 (suit 1);
    * `conf` [4096] uint32: by the sum of F over a row's four suits, the byte offset
      of its configuration's DIGITS2 row (the last, all zero, for none);

    and the DIGITS2 rows of the configurations."""
    shift = 4 * (13 - ranks)
    npat = 3 * (board + 1)
    low = 13 - ranks
    popc, colex = rank_sets()
    codes = [[npat - 1 - (a * (board + 1) + b) for a, b in conf] for conf in found]
    f = _code_weights(npat, codes)
    arena = np.zeros(ARENA["end"], np.uint8)

    def view(name: str, dtype: Any, shape: tuple[int, ...]) -> npt.NDArray[Any]:
        start = ARENA[name]
        part: npt.NDArray[Any] = arena[start:start + int(np.prod(shape))
                                       * np.dtype(dtype).itemsize].view(dtype)
        return part.reshape(shape)

    lane = np.zeros((16, 4), np.int64)     # the relabelled suit of each suit
    for first in range(4):
        for second in range(4):
            order = list(dict.fromkeys([first, second, 0, 1, 2, 3]))
            lane[first * 4 + second, order] = range(4)
    bits = view("bits", np.uint64, (16, 256))
    bits[:] = _MARK
    for p in range(16):
        for c in range(shift, 52):
            bits[p, c] = 1 << int(16 * lane[p, c & 3] + ((c - shift) >> 2))
    tk = view("tk", np.uint32, (3, 1 << 13))
    masks = np.arange(1 << 13)
    fa = np.array(f, dtype=np.int64)
    for a in range(3):
        ok = (popc <= board) & (masks < (1 << max(ranks - a, 0)))
        code = npat - 1 - (a * (board + 1) + np.minimum(popc, board))
        tk[a] = np.where(ok, (fa[code] << 20) + math.comb(ranks, a) * colex, 0)
    pair = view("pair", np.uint32, (64, 16, 2, 4))
    pair16 = pair.view(np.uint16)
    for r1 in range(low, 13):
        for r2 in range(low, 13):
            x, y = r1 - low, r2 - low
            # offsuit: suit 0 holds x, suit 1 holds y
            one = _above(x) | _above(16 + y)
            pair[r1, r2, 0, [0, 1, 3]] = [~one & 0xFFFFFFFF, one, 0]
            pair16[r1, r2, 0, 4:6] = [x, y]
            if x != y:      # suited: suit 0 holds both
                two = _above(max(x, y))
                one = _above(min(x, y)) & ~two
                pair[r1, r2, 1, [0, 1, 3]] = [~(one | two) & 0xFFFFFFFF, one, two]
                pair16[r1, r2, 1, 4:6] = [colex[(1 << x) | (1 << y)], 0]
    perm = view("perm", np.uint32, (256, 4))
    for e in range(256):
        first, second = e >> 6, e & 63
        suited = int(first == second & 3)
        perm[e, :3] = [(first * 4 + (second & 3)) * 256 * 8,
                       ((second >> 2) * 2 + suited) * 16,
                       (2 << 13) if suited else (1 << 13) | (1 << 29)]
    conf = view("conf", np.uint32, (4096,))
    conf[:] = len(found) * DIGITS2.itemsize
    digits = np.zeros(len(found) + 1, dtype=DIGITS2)
    for n, cs in enumerate(codes):
        conf[sum(f[c] for c in cs)] = n * DIGITS2.itemsize
        digits[n]["offset"] = configs[n]["offset"]
        for q in range(4):
            g = int(configs[n]["g"][q])
            digits[n]["w"][q] = configs[n]["mult"][q]
            digits[n]["toff"][q] = g * width
            digits[n]["msk"][q] = width - 1 if g else 0
            digits[n]["xm"][q] = 0 if g else (1 << 20) - 1
    # the kernel counts on these: the first suit's weight is one, and keys below
    # 2**30 whose hole colex ranks (below 128) never carry into F
    if (not (configs["mult"][:, 0] == 1).all() or (tk >> 20).max() >= 1024
            or int(pair16[..., 4:6].max()) >= 128 or (tk & 0xfffff).max() >= 1 << 19
            or int(conf.max()) >= digits.nbytes or int(digits["toff"].max()) >= 4 * width):
        raise AssertionError("two-card indexer tables out of range")
    return arena, digits


def size(game: Variant | str, rnd: int) -> int:
    """The number of canonical situations at round `rnd` (0 preflop, 1 flop, 2 turn, 3
    river): 169, 1,286,792, 13,960,050 and 123,156,254 for hold'em.

    >>> tuple(size("holdem", r) for r in range(4))
    (169, 1286792, 13960050, 123156254)
    """
    v = _community(game)
    return int(indexer(v, _round_board(v, rnd)).size)


def _cards(value: Any, name: str, v: Variant, widths: tuple[int, ...]
           ) -> tuple[npt.NDArray[np.uint8], bool]:
    """Rows of cards as (N, k) uint8 and whether one situation was given (a string or
    a 1-d sequence of cards) rather than rows."""
    if isinstance(value, str):
        return parse_cards(value).reshape(1, -1), True
    arr = np.asarray(value) if not isinstance(value, np.ndarray) else value
    if arr.ndim == 1 and arr.size == 0:
        return np.zeros((1, 0), np.uint8), True
    if arr.ndim == 1 and arr.dtype != object:
        return card_array(arr.reshape(1, -1), name, lambda a: True, "(k,)"), True
    if arr.ndim == 1 and arr.size and all(isinstance(x, str) for x in arr.tolist()):
        rows = [parse_cards(x) for x in arr.tolist()]
        if len({len(r) for r in rows}) > 1:
            raise ValueError(f"{name}: every hand must have the same number of cards")
        return np.array(rows, dtype=np.uint8).reshape(len(rows), -1), False
    shape_text = f"(N, {' or '.join(str(w) for w in widths)})"
    return card_array(arr, name, lambda a: a.ndim == 2, shape_text), False


@overload
def index(game: Variant | str, holes: str, boards: str | None = None, *,
          threads: int | None = 1) -> int: ...
@overload
def index(game: Variant | str, holes: Any, boards: Any = None, *,
          threads: int | None = 1) -> Any: ...
def index(game: Variant | str, holes: Any, boards: Any = None, *,
          threads: int | None = 1) -> Any:
    """The canonical index of each situation (hole cards, board cards).

    holes: an (N, h) integer array of hole cards (h = the game's hole cards: 2 in
    hold'em, 4 in Omaha), or one hand ("AhKd", [51, 45]); boards: (N, 0, 3, 4 or 5)
    board cards, one board for one hand, or None for preflop.  Returns an int64 array
    of N indexes, or an int for one situation.  The index is the same for situations
    that differ by the order of their hole cards, the order of their board cards or a
    relabelling of the suits, and different otherwise; indexes run over 0..size-1 for
    each round.

    >>> index("holdem", "AhKh"), index("holdem", "AsKs"), index("holdem", "KdAd")
    (168, 168, 168)
    >>> index("holdem", "AhKd", "Td7s2c") == index("holdem", "AsKc", "2h7dTc")
    True
    """
    v = _community(game)
    sizes = board_sizes(v)
    h = v.hole_cards
    hole_rows, single = _cards(holes, "holes", v, (h,))
    if boards is None:
        board_rows = np.zeros((len(hole_rows), 0), np.uint8)
    else:
        board_rows, single_board = _cards(boards, "boards", v, sizes)
        if single_board != single:
            raise ValueError("give one hand with one board, or rows of hands with as many "
                             "rows of boards")
    if hole_rows.shape[1] != h:
        raise ValueError(f"holes: a {v.title} hand has {h} cards, got "
                         f"{hole_rows.shape[1]}")
    if board_rows.shape[1] not in sizes:
        raise ValueError(f"boards: a {v.title} board has "
                         f"{', '.join(map(str, sizes[:-1]))} or {sizes[-1]} cards, got "
                         f"{board_rows.shape[1]}")
    if board_rows.shape[0] != hole_rows.shape[0]:
        raise ValueError(f"holes has {hole_rows.shape[0]} rows but boards has "
                         f"{board_rows.shape[0]}")
    ix = indexer(v, board_rows.shape[1])
    out = np.empty(len(hole_rows), dtype=np.int64)
    bad = [False]

    def work(a: int, b: int) -> None:
        if ix.index(hole_rows[a:b], board_rows[a:b], out[a:b]):
            bad[0] = True

    run_split(len(out), threads, work, (out,))
    if bad[0]:
        _refuse(v, hole_rows, board_rows, single, threads)
    return int(out[0]) if single else out


def _refuse(v: Variant, hole_rows: npt.NDArray[np.uint8],
            board_rows: npt.NDArray[np.uint8], single: bool, threads: int | None) -> None:
    """Name the first bad cell of rows the kernel found a bad card in."""
    h = hole_rows.shape[1]
    cell = first_bad_cell(hole_rows, v.deck_mask, threads, more=board_rows)
    if cell is None:        # the kernel and the check disagree: a bug, not bad input
        raise AssertionError("the indexer reported a bad card that the check cannot find")
    row, col, reason = cell
    if reason == "duplicate":
        value = int(np.concatenate([hole_rows[row], board_rows[row]])[col])
        where = "" if single else f"[{row}]"
        on_board = col >= h and value in hole_rows[row].tolist()
        what = (f"hole card {card_name(value)} is also on the board" if on_board
                else f"duplicate card {card_name(value)}")
        raise ValueError(f"situation{where}: {what}")
    if col < h:
        raise bad_cell_error(hole_rows, (row, col, reason), "holes", f"{v.title} deck")
    raise bad_cell_error(board_rows, (row, col - h, reason), "boards", f"{v.title} deck")


@overload
def unindex(game: Variant | str, rnd: int, idx: int
            ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
@overload
def unindex(game: Variant | str, rnd: int, idx: Any
            ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
def unindex(game: Variant | str, rnd: int, idx: Any
            ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """A canonical representative (hole cards, board cards) of each index of round
    `rnd` (0 preflop, 1 flop, 2 turn, 3 river), each set of cards in decreasing order.

    For an int, two 1-d uint8 arrays; for an array of N indexes, (N, h) and (N, b).
    ``index(game, *unindex(game, rnd, i)) == i`` for every i in 0..size-1.

    >>> from evaluator import format_cards
    >>> hole, board = unindex("holdem", 1, index("holdem", "AhKd", "Td7s2c"))
    >>> format_cards(hole), format_cards(board)
    ('Ad Kc', 'Tc 7s 2h')
    """
    v = _community(game)
    board = _round_board(v, rnd)
    ix = indexer(v, board)
    single = isinstance(idx, (int, np.integer)) and not isinstance(idx, (bool, np.bool_))
    if isinstance(idx, (bool, np.bool_)):
        raise TypeError("idx must be an int or an integer array, got bool")
    arr = integer_array(idx, "idx").reshape(-1) if not single else np.array([int(idx)])
    total = int(ix.size)
    if arr.size:
        low, high = int(arr.min()), int(arr.max())
        if low < 0 or high >= total:
            bad = low if low < 0 else high
            where = int(np.argmax(arr == bad))
            raise ValueError(f"idx[{where}]: {bad} is outside 0..{total - 1} (round {rnd} "
                             f"of {v.title})" if not single else
                             f"idx {bad} is outside 0..{total - 1} (round {rnd} of "
                             f"{v.title})")
    values = np.require(arr, np.int64, ("C", "A"))
    holes = np.empty((len(values), v.hole_cards), np.uint8)
    boards = np.empty((len(values), board), np.uint8)
    ix.unindex(values, holes, boards)
    if single:
        return holes[0], boards[0]
    return holes, boards
