"""Showdowns: one hand's pots settled with every hand in words (`showdown`), millions at
once from numpy arrays (`showdown_batch`), and the trusted entry for code that checked
its own cards (`settle`, used by the engine).  `pots` is the pot arithmetic both follow,
free of cards; `_kernel` the batch kernel."""

from games.showdown.batch import showdown_batch
from games.showdown.result import Award, PotResult, ShowdownResult
from games.showdown.single import settle, showdown

__all__ = ["Award", "PotResult", "ShowdownResult", "settle", "showdown", "showdown_batch"]
