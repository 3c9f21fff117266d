"""What a showdown returns: each seat's payout, the pots and who took them, in words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Award:
    """One part of a pot ("pot" whole, or its "high" or "low" half) and who took it."""

    part: str
    amount: int
    winners: tuple[int, ...]     # seats, clockwise from the button
    shares: tuple[int, ...]      # chips per winner, same order
    hands: tuple[str, ...]       # each winner's hand in words, same order


@dataclass(frozen=True)
class PotResult:
    """A main or side pot: its chips, the seats that could win it, and the awards."""

    amount: int
    eligible: tuple[int, ...]
    awards: tuple[Award, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat taking chips from this pot, in seat order."""
        return tuple(sorted({s for a in self.awards for s in a.winners}))


@dataclass(frozen=True)
class ShowdownResult:
    """The outcome of a showdown: chips collected per seat, and the pots."""

    payouts: tuple[int, ...]          # chips each seat collects (sums to the pot)
    contributions: tuple[int, ...]    # chips each seat put in
    pots: tuple[PotResult, ...]       # main pot first
    hands: tuple[str | None, ...]     # each seat's hand in words; None for folded seats

    @property
    def net(self) -> tuple[int, ...]:
        """Chips won (positive) or lost (negative) per seat."""
        return tuple(p - c for p, c in zip(self.payouts, self.contributions, strict=True))

    def log(self) -> list[str]:
        """The showdown in lines of text, one per award."""
        lines = []
        for i, pot in enumerate(self.pots):
            name = "main pot" if i == 0 else f"side pot {i}"
            for a in pot.awards:
                part = "" if a.part == "pot" else f" ({a.part})"
                who = ", ".join(f"seat {s} wins {x} with {h}"
                                for s, x, h in zip(a.winners, a.shares, a.hands, strict=True))
                lines.append(f"{name}{part} of {a.amount}: {who}")
        return lines
