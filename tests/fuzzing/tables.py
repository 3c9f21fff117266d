"""Target: `games.Tables` of every game it plays, one to six tables on one or two
threads, stepped with arrays chosen legal and hostile mixed: kinds and amounts of other
dtypes, shapes and values, masks, `until=`, checkpoints restored, steps in flight.
After every call: a refused one raised TypeError or ValueError and changed no table;
every table keeps its chips and deals no card twice (`engine_util.check_tables`); a
finished hand's PHH replays to its chips."""

from __future__ import annotations

from typing import Any

import numpy as np

from games import Tables, phh
from tests.engine_util import check_tables
from tests.fuzzing import pick

GAMES = ("holdem", "short-deck", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo")
BETTINGS = ("no-limit", "pot-limit", "fixed-limit")
REFUSED = (ValueError, TypeError)


def _column(fdp: Any, good: np.ndarray) -> Any:
    """The policy's column as it is (most often), or of another dtype, length, value
    or type."""
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind <= 5:
        return good
    if kind == 6:
        return good.astype(np.int32)
    if kind == 7:
        return [fdp.ConsumeIntInRange(-3, 4) for _ in range(len(good))]
    if kind == 8:
        size = len(good) + fdp.ConsumeIntInRange(-1, 1)
        return np.array([fdp.ConsumeIntInRange(-3, 4) for _ in range(size)])
    return (1.5, "x", None, True, object())[fdp.ConsumeIntInRange(0, 4)]


def _policy(env: Tables, fdp: Any) -> tuple[np.ndarray, np.ndarray]:
    """Legal actions: fold, call or raise by the provider's numbers."""
    lg = env.legal()
    r = np.array([fdp.ConsumeIntInRange(0, 255) for _ in range(env.n)]) / 256
    kinds = np.where(lg.fold & (r < 0.2), 0, np.where((lg.raise_min >= 0) & (r > 0.7), 2, 1))
    spread = ((lg.raise_max - lg.raise_min) * r).astype(np.int64)
    return kinds, np.where(kinds == 2, lg.raise_min + spread, 0)


def _call(env: Tables, fdp: Any, checkpoints: list[Any]) -> None:
    kinds, amounts = _policy(env, fdp)
    call = fdp.ConsumeIntInRange(0, 7)
    if call <= 3:
        env.step(_column(fdp, kinds), _column(fdp, amounts) if fdp.ConsumeBool() else amounts)
    elif call == 4:
        mask = np.array([fdp.ConsumeBool() for _ in range(env.n)])
        env.step(kinds, amounts, mask if fdp.ConsumeBool() else mask.astype(int))
    elif call == 5:
        env.step(kinds, amounts, until=fdp.ConsumeIntInRange(-1, env.seats),
                 at_most=fdp.ConsumeIntInRange(-1, 50))
    elif call == 6:
        if fdp.ConsumeBool() or not checkpoints:
            checkpoints.append(env.checkpoint())
        else:
            env.restore(pick(fdp, checkpoints))
    else:
        env.step_async(_column(fdp, kinds), amounts)
        if fdp.ConsumeBool():           # documented: nothing reads tables in flight
            try:
                env.legal()
            except RuntimeError:
                pass
            else:
                raise AssertionError("legal() read the tables of a step in flight")
        env.step_wait()


def one_input(fdp: Any) -> None:
    game = pick(fdp, GAMES)
    n, seats = fdp.ConsumeIntInRange(1, 6), fdp.ConsumeIntInRange(2, 6)
    settings: dict[str, Any] = {"betting": pick(fdp, BETTINGS)}
    if fdp.ConsumeBool():
        settings["antes"] = fdp.ConsumeIntInRange(0, 3)
    stacks = (fdp.ConsumeIntInRange(1, 60) if fdp.ConsumeBool()
              else [fdp.ConsumeIntInRange(1, 60) for _ in range(seats)])
    try:
        env = Tables(game, n=n, seats=seats, stacks=stacks, seed=fdp.ConsumeIntInRange(0, 99),
                     threads=fdp.ConsumeIntInRange(1, 2), carry=fdp.ConsumeBool(),
                     on_illegal=pick(fdp, ("raise", "fold", "check")),
                     **settings)
    except REFUSED:
        return
    chips = int(np.sum(env.stacks))
    checkpoints: list[Any] = []
    try:
        for _ in range(fdp.ConsumeIntInRange(0, 60)):
            if not fdp.remaining_bytes():
                break
            before = env.hands, env._batch.save()      # every table's state
            try:
                _call(env, fdp, checkpoints)
            except REFUSED:
                assert not env.in_flight
                assert (env.hands, env._batch.save()) == before, \
                    "a refused step changed the tables"
            check_tables(env, chips)
        for i in np.flatnonzero(env.finished):
            text = env.history(int(i))
            assert sum(phh.replay(text).stacks) == sum(phh.loads(text).starting_stacks)
    finally:
        env.close()
