"""PHH variant codes: the standard's, and private ones for our other games.

A code is a betting structure letter (N no-limit, P pot-limit, F fixed-limit) and a
game.  The standard names eleven games, all of which this engine plays: ``NT``,
``NS`` (short deck, a straight beats trips, as the standard's reference ranks it),
``PO``, ``FT``, ``FO/8``, ``F2L3D`` (2-7 Triple Draw), ``F7S`` (seven-card stud),
``F7S/8`` (stud Hi/Lo), ``FR`` (razz), ``N2L1D`` (2-7 Single Draw) and ``FB``
(badugi).  The stud games are fixed limit only.  Every other combination of our games and
structures gets a private code built the same way (documented in the README); a reader that
does not know them refuses them rather than playing another game.  The placement games
have no betting, so their private codes are the game's letters alone: ``OFC`` (Open
Face Chinese) and ``OFCP`` (Pineapple OFC).  Italian poker is ``PIT`` (pot-limit, a
raise at most doubling the bet), its deck following the number of players.
"""

from __future__ import annotations

from games.variants import VARIANTS, Betting, Variant, variant

#: game letters after the structure letter, by variant name
GAMES = {
    "holdem": "T",
    "short-deck": "S",
    "omaha": "O",
    "omaha5": "O5",
    "omaha6": "O6",
    "omaha-hilo": "O/8",
    "omaha5-hilo": "O5/8",
    "crazy-pineapple": "CP",
    "2-7-triple-draw": "2L3D",
    "2-7-single-draw": "2L1D",
    "badugi": "B",
    "seven-card-stud": "7S",
    "seven-card-stud-hilo": "7S/8",
    "razz": "R",
    "italian": "IT",
}
STRUCTURES = {Betting.NO_LIMIT: "N", Betting.POT_LIMIT: "P", Betting.FIXED_LIMIT: "F"}
#: the placement games' codes (no betting structure), by variant name
PLACEMENT = {"ofc": "OFC", "pineapple-ofc": "OFCP"}

#: the codes the PHH standard defines (all played by this engine)
STANDARD = ("NT", "NS", "PO", "FT", "FO/8", "F2L3D", "F7S", "F7S/8", "FR", "N2L1D", "FB")


def _structures(name: str) -> tuple[Betting, ...]:
    """The betting structures a game is played with: fixed limit alone for a game with
    a bring-in (stud), any otherwise."""
    return (Betting.FIXED_LIMIT,) if variant(name).has_bring_in else tuple(STRUCTURES)


#: every code this engine plays -> (variant name, betting structure)
CODES: dict[str, tuple[str, Betting]] = {
    STRUCTURES[b] + letters: (name, b) for name, letters in GAMES.items()
    for b in _structures(name)
} | {letters: (name, variant(name).betting) for name, letters in PLACEMENT.items()}


def code_of(game: Variant, betting: Betting) -> str:
    """The PHH code of a game played with a betting structure."""
    if game.name in PLACEMENT and variant(game.name) == game:
        return PLACEMENT[game.name]
    letters = GAMES.get(game.name)
    base = variant(game.name) if game.name in VARIANTS else None
    if letters is None or base is None or game not in (
            base, *(base.for_players(n) for n in range(2, base.max_players + 1))):
        raise ValueError(f"{game.title} ({game.name!r}) has no PHH variant code")
    return STRUCTURES[betting] + letters


def game_of(code: str) -> tuple[Variant, Betting]:
    """The game and betting structure of a PHH code."""
    found = CODES.get(code)
    if found is None:
        raise ValueError(f"variant {code!r} is not played by this engine (it plays "
                         f"{', '.join(STANDARD)} and the private codes of the README)")
    return variant(found[0]), found[1]
