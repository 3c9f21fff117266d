"""pokerhands' games: the variants of poker as data, showdowns and equity, built on
the `evaluator` core."""

__all__: list[str] = []
