"""What :func:`games.equity_table` returns: a labelled matrix of equities, as numpy,
pandas, CSV, JSON or a picture."""

from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from games.ranges.grid import GRID, grid_cell


@dataclass(frozen=True, eq=False)
class EquityTable:
    """equities[i, j]: the equity of row hand i against column hand j, heads-up (NaN
    where the two can never be dealt together, e.g. AhAs against AhKd).

    rows, cols: the labels as given (classes such as "AKs", hands, or ranges); exact:
    every entry enumerated; trials: samples per sampled entry (0 when exact);
    seed: the table's seed (entry (i, j) draws from its own stream of it).
    """

    game: str
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    equities: npt.NDArray[np.float64] = field(repr=False)
    board: str = ""
    dead: str = ""
    exact: bool = True
    trials: int = 0
    seed: int | None = None
    seconds: float = 0.0

    @property
    def shape(self) -> tuple[int, int]:
        return (len(self.rows), len(self.cols))

    def __getitem__(self, key: tuple[str, str]) -> float:
        """table["AKs", "QQ"]: one entry by its labels."""
        if not (isinstance(key, tuple) and len(key) == 2):
            raise TypeError('index a table by (row label, column label), e.g. t["AKs", "QQ"]')
        row, col = key
        try:
            i, j = self.rows.index(row), self.cols.index(col)
        except ValueError:
            raise KeyError(f"no entry ({row!r}, {col!r}) in this table") from None
        return float(self.equities[i, j])

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"{self.trials:,} trials each"
        where = f", board {self.board}" if self.board else ""
        return (f"<EquityTable {self.game}{where}: {len(self.rows)} x {len(self.cols)}, "
                f"{how}, {self.seconds:.1f} s>")

    # ---------------------------------------------------------------- as data

    def to_pandas(self) -> Any:
        """A pandas DataFrame indexed by the row labels, one column per column label
        (needs pandas: ``pip install 'pokerhands[pandas]'``)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install 'pokerhands[pandas]'") from None
        return pd.DataFrame(self.equities, index=pd.Index(self.rows, name="hand"),
                            columns=list(self.cols))

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The table as CSV (a header of column labels, a row per row label, equities
        to 6 decimals, empty where NaN); written to `path` when given, returned always."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["hand", *self.cols])
        for label, values in zip(self.rows, self.equities, strict=True):
            w.writerow([label, *("" if np.isnan(v) else f"{v:.6f}" for v in values)])
        text = buf.getvalue()
        if path is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        return text

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready; NaN entries become None)."""
        return {
            "game": self.game, "board": self.board, "dead": self.dead,
            "exact": self.exact, "trials": self.trials, "seed": self.seed,
            "seconds": round(self.seconds, 3), "rows": list(self.rows),
            "cols": list(self.cols),
            "equities": [[None if np.isnan(v) else round(float(v), 6) for v in r]
                         for r in self.equities],
        }

    def to_json(self, path: str | os.PathLike[str] | None = None) -> str:
        text = json.dumps(self.to_dict(), indent=1)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return text

    # ---------------------------------------------------------------- pictures

    def plot(self, column: str | None = None, *, ax: Any = None,
             path: str | os.PathLike[str] | None = None) -> Any:
        """A heat map (needs ``pokerhands[plot]``); returns the matplotlib Axes, saved
        to `path` if given.

        When the rows are hand classes, one column is drawn as the 13 x 13 grid
        (pairs on the diagonal, suited above, offsuit below): `column` names it, and
        may be left out when there is only one.  Otherwise the whole matrix is drawn.
        """
        from games.pictures import grid_heatmap, matrix_heatmap
        where = f" on {self.board}" if self.board else ""
        if not all(_is_class(r) for r in self.rows):
            return matrix_heatmap(self.equities, list(self.rows), list(self.cols),
                                  title=f"{self.game} equity{where}", label="equity",
                                  ax=ax, path=path)
        if column is None:
            if len(self.cols) != 1:
                raise ValueError(
                    f"this table has {len(self.cols)} columns: name the one to draw, "
                    f"e.g. plot(column={self.cols[0]!r})"
                )
            column = self.cols[0]
        if column not in self.cols:
            raise ValueError(f"no column {column!r} in this table")
        j = self.cols.index(column)
        grid = np.full((13, 13), np.nan)
        for label, v in zip(self.rows, self.equities[:, j], strict=True):
            grid[grid_cell(label)] = v
        return grid_heatmap(grid, title=f"{self.game}: equity against {column}{where}",
                            label="equity", ax=ax, path=path)


_CLASSES = {name for row in GRID for name in row}


def _is_class(label: str) -> bool:
    return label in _CLASSES
