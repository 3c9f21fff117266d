"""What :func:`games.equity.equity` returns: each player's share of the pot, the result
as a table or plain data, and the exception a progress callback raises to stop."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import threads
from games.equity import _exact

#: progress callback: progress(done, total) in outcomes (exact) or trials (sampling);
#: the one definition is evaluator.threads.Progress, shared with every kernel runner
Progress = threads.Progress

#: the kernels count a pot as this many units (so split pots stay integers)
POT = _exact.POT_UNITS


class StopSampling(Exception):
    """Raise from a progress callback to end sampling and keep the result so far."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's share of the pot.

    equity: expected share of the pot; win: share of outcomes where the player takes
    the whole pot alone; tie: share of outcomes where the player takes part of it.
    For Hi/Lo games `high` and `low` are the parts of `equity` won from each half and
    `scoop` the share of outcomes won whole (equal to `win`); for other games high is
    the equity, low 0.  `se` is the standard error of `equity` when sampled.
    """

    hand: str
    equity: float
    win: float
    tie: float
    high: float
    low: float
    scoop: float
    se: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`; iterate or index it for the players."""

    game: str
    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    outcomes: int          # equally likely deals enumerated (exact) or trials (sampling)
    hi_lo: bool
    seed: int | None = None
    threads: int = 1
    seconds: float = 0.0
    interrupted: bool = False

    def __len__(self) -> int:
        return len(self.players)

    def __getitem__(self, i: int) -> PlayerEquity:
        return self.players[i]

    def __iter__(self) -> Any:
        return iter(self.players)

    @property
    def equities(self) -> list[float]:
        return [p.equity for p in self.players]

    @property
    def method(self) -> str:
        """How it was computed, in words."""
        if self.exact:
            return f"exact: {self.outcomes:,} outcomes enumerated"
        text = f"Monte Carlo: {self.outcomes:,} trials, seed {self.seed}"
        return text + (" (interrupted)" if self.interrupted else "")

    def table(self) -> str:
        """The players as a text table."""
        cols = ["hand", "equity", "win", "tie"]
        if self.hi_lo:
            cols += ["high", "low", "scoop"]
        if not self.exact:
            cols.append("±se")
        rows = [["#", *cols]]
        for i, p in enumerate(self.players, 1):
            row = [str(i), p.hand] + [f"{100 * getattr(p, c):.3f}%" for c in cols[1:4]]
            if self.hi_lo:
                row += [f"{100 * p.high:.3f}%", f"{100 * p.low:.3f}%", f"{100 * p.scoop:.3f}%"]
            if not self.exact:
                row.append(f"{100 * (p.se or 0.0):.3f}%")
            rows.append(row)
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(c.rjust(w) if j > 1 else c.ljust(w)
                           for j, (c, w) in enumerate(zip(r, widths, strict=False))) for r in rows]
        return "\n".join(lines)

    def __repr__(self) -> str:
        where = f" board {self.board}" if self.board else ""
        dead = f" dead {self.dead}" if self.dead else ""
        return (f"<EquityResult {self.game}{where}{dead}; {self.method}; "
                f"{self.seconds * 1000:.1f} ms>\n{self.table()}")

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON)."""
        return {
            "game": self.game,
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "outcomes": self.outcomes,
            "seed": self.seed,
            "threads": self.threads,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
            "players": [p.to_dict() for p in self.players],
        }



def player_equities(texts: list[str], stats: npt.NDArray[np.float64],
             se: npt.NDArray[np.float64] | None) -> tuple[PlayerEquity, ...]:
    out = []
    for p, text in enumerate(texts):
        s = stats[p]
        out.append(PlayerEquity(
            hand=text, equity=float(s[2] / POT), win=float(s[0]), tie=float(s[1]),
            high=float(s[3] / POT), low=float(s[4] / POT), scoop=float(s[0]),
            se=None if se is None else float(se[p]),
        ))
    return tuple(out)

