"""Stub of games/engine/_chips.pyx: its functions are C-level only (cimported by the
engine's other compiled parts through _chips.pxd); Python sees nothing here."""
