"""Stub of games/engine/_state.pyx: its functions are C-level only (cimported by the
engine's other compiled parts through _state.pxd); Python sees nothing here."""
