"""What :func:`games.parse_range` returns: a plain ``{(card, card): weight}`` dict that
also knows its starting-hand classes and can draw itself."""

from __future__ import annotations

import os
from typing import Any


class Range(dict[tuple[int, int], float]):
    """A hold'em range: {(higher card, lower card): weight}.  A dict in every way, plus
    the share of each starting-hand class it holds and a picture of them."""

    def class_weights(self) -> dict[str, float]:
        """Each class's share held, 0..1: the summed weights of its combos in the range
        over the number of combos of the class (AKs: 4, AKo: 12, pairs: 6)."""
        from games.ranges.notation import class_name
        totals: dict[str, float] = {}
        for (a, b), w in self.items():
            name = class_name(a, b)
            totals[name] = totals.get(name, 0.0) + w
        size = {"s": 4, "o": 12}
        return {n: t / size.get(n[2:], 6) for n, t in totals.items()}

    def plot(self, *, title: str = "", ax: Any = None,
             path: str | os.PathLike[str] | None = None) -> Any:
        """The 13 x 13 grid shaded by :meth:`class_weights` (needs ``pokerhands[plot]``);
        returns the matplotlib Axes, saved to `path` if given."""
        from games.pictures import grid_heatmap
        from games.ranges.grid import to_grid
        return grid_heatmap(to_grid(self.class_weights()), title=title, label="share held",
                            cmap="Blues", ax=ax, path=path)
