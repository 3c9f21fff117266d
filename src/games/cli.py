"""The `pokerhands` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import evaluator
from evaluator import HIGH, format_cards, parse_cards


def _eval(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    value = HIGH.evaluate(cards)
    print(f"value:    {value} of {HIGH.n_classes}")
    print(f"category: {HIGH.category(value)}")
    print(f"hand:     {HIGH.describe(value)}")
    print(f"best:     {format_cards(HIGH.best_five(cards))}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerhands",
        description="Poker hand ranking at native speed.",
    )
    parser.add_argument("--version", action="version", version=evaluator.__version__)
    commands = parser.add_subparsers(dest="command", required=True)
    ev = commands.add_parser(
        "eval",
        help="rank a 5-7 card high hand",
        description="Rank the best five of 5, 6 or 7 cards, "
        "e.g. pokerhands eval As Ks Qs Js Ts 2c 3d",
    )
    ev.add_argument("cards", nargs="+", help='cards such as "As Kd" or AsKd (10h and ♠ accepted)')
    ev.set_defaults(run=_eval)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except ValueError as error:
        print(f"pokerhands: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
