"""Whole equity tables (every row hand against every column hand), on local threads or
a Dask cluster, as numpy, pandas, CSV, JSON or a heat map."""

from games.tables.compute import ALL_CLASSES, equity_table
from games.tables.result import EquityTable

__all__ = ["ALL_CLASSES", "EquityTable", "equity_table"]
