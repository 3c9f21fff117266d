"""Stub of games/engine/_deck.pyx: its functions are C-level only (cimported by the
engine's other compiled parts through _deck.pxd); Python sees nothing here."""
