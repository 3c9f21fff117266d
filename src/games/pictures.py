"""Heat maps of hold'em grids and equity tables, drawn with matplotlib (the optional
extra ``pokerhands[plot]``).

Figures are made with ``matplotlib.figure.Figure`` rather than pyplot: no window, no
global state, safe on servers and threads.  Each function returns the Axes it drew on
(pass ``ax=`` to draw into your own figure) and saves the figure when given ``path``.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import numpy.typing as npt

from games.ranges.grid import GRID


def _matplotlib() -> Any:
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError(
            "drawing needs matplotlib: pip install 'pokerhands[plot]'"
        ) from None
    return matplotlib, Figure


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    if ax is not None:
        return ax
    _, Figure = _matplotlib()
    return Figure(figsize=size, layout="constrained").subplots()


def _finish(ax: Any, image: Any, label: str, path: str | os.PathLike[str] | None) -> Any:
    ax.figure.colorbar(image, ax=ax, label=label, shrink=0.8)
    if path is not None:
        ax.figure.savefig(os.fspath(path), dpi=100)
    return ax


def grid_heatmap(
    values: npt.ArrayLike,
    *,
    title: str = "",
    label: str = "",
    cmap: str = "RdYlGn",
    vmin: float = 0.0,
    vmax: float = 1.0,
    fmt: str = "{:.0%}",
    ax: Any = None,
    path: str | os.PathLike[str] | None = None,
) -> Any:
    """Draw a (13, 13) array laid out as :data:`games.ranges.grid.GRID` (NaN cells blank),
    each cell showing its class and its value formatted with `fmt`."""
    grid = np.asarray(values, dtype=np.float64)
    if grid.shape != (13, 13):
        raise ValueError(f"a hand-class grid is (13, 13), got shape {grid.shape}")
    _matplotlib()
    ax = _axes(ax, (9.0, 8.0))
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=vmin, vmax=vmax)
    for i in range(13):
        for j in range(13):
            text, color = GRID[i][j], "black"
            if not np.isnan(grid[i, j]):
                text += "\n" + fmt.format(grid[i, j])
                r, g, b, _ = image.cmap(image.norm(grid[i, j]))
                if 0.299 * r + 0.587 * g + 0.114 * b < 0.5:     # dark cell: light text
                    color = "white"
            ax.text(j, i, text, ha="center", va="center", fontsize=6.5, color=color)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title)
    return _finish(ax, image, label, path)


def matrix_heatmap(
    values: npt.ArrayLike,
    rows: list[str],
    cols: list[str],
    *,
    title: str = "",
    label: str = "",
    cmap: str = "RdYlGn",
    ax: Any = None,
    path: str | os.PathLike[str] | None = None,
) -> Any:
    """Draw an (R, C) array with its row and column labels (ticks only where they fit)."""
    m = np.asarray(values, dtype=np.float64)
    if m.shape != (len(rows), len(cols)):
        raise ValueError(f"values of shape {m.shape} do not match {len(rows)} rows "
                         f"and {len(cols)} columns")
    _matplotlib()
    ax = _axes(ax, (max(4.0, 0.35 * len(cols) + 2), max(3.0, 0.3 * len(rows) + 1.5)))
    image = ax.imshow(np.ma.masked_invalid(m), cmap=cmap, vmin=0.0, vmax=1.0, aspect="auto")
    if len(cols) <= 40:
        ax.set_xticks(range(len(cols)), cols, rotation=90)
    if len(rows) <= 60:
        ax.set_yticks(range(len(rows)), rows)
    ax.set_title(title)
    return _finish(ax, image, label, path)
