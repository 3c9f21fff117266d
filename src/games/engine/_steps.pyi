"""Stub of games/engine/_steps.pyx: its functions are C-level only (cimported by the
engine's other compiled parts through _steps.pxd); Python sees nothing here."""
