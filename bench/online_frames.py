"""Frame time of the play screen during an online game, against the same game played locally.

The host's arcade runs here (the real App, SDL's dummy video driver, 1920x1080 by default) with
what an online host runs in its process: the broker inside Tafel (amqtt, a thread), the room's
session thread and paho-mqtt's thread. The guest is another process (``python main.py join CODE
--broker URL --as ai:random``) on loopback, so every move of the other side crosses the broker
twice and lands on this screen through the remote seat. This side's own seat is played by the
``easy`` AI through the worker process, so the game goes on by itself and moves land in both
directions. "local" is the same screen with both seats ``easy`` and no network: the figure the
online game is compared with, measured in the same run, taking turns.

Columns: p50/p99/max of wall-clock ms per frame, paced at 60 fps; "cpu99" is the p99 of the UI
thread's own CPU time (robust on a loaded machine); "moves" the plies that landed while
measuring; "move99" the p99 of the UI thread's CPU in the frames in which a move landed (the
frames that set the p99), "net99" the same for the moves of the other side that arrived from the
network. Target (bench/RESULTS.md, frame time): p99 <= 8 ms judged on
cpu, and the online game within 1.2x of the local one.

    python bench/online_frames.py [--game ataxx] [--frames 600] [--runs 3] [--size 1920x1080]

Each figure is the median over ``--runs`` pairs of runs (online, then local).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Seconds the guest process has to join, and a run to reach its frames.
JOIN_WAIT = 60.0
RUN_WAIT = 180.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(p / 100 * (len(ordered) - 1)))))
    return ordered[k]


def _frames(app, frames: int, remote_seat: int | None) -> dict[str, float]:
    """Step ``app`` ``frames`` times at 60 fps; the figures of those frames."""
    scene = app.scenes.stack[-1]
    for _ in range(30):  # the first frames build kept pictures and start the worker
        app.step(1 / 60)
    times: list[float] = []
    cpu: list[float] = []
    net_cpu: list[float] = []
    move_cpu: list[float] = []
    moves_before = len(scene.match.texts)
    deadline = time.perf_counter() + RUN_WAIT
    while len(times) < frames and time.perf_counter() < deadline:
        before = len(scene.match.texts)
        start, cpu_start = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        wall_ms = (time.perf_counter() - start) * 1000
        cpu_ms = (time.thread_time() - cpu_start) * 1000
        times.append(wall_ms)
        cpu.append(cpu_ms)
        match = scene.match
        if len(match.texts) == before + 1:
            move_cpu.append(cpu_ms)
            if match.states[-2].to_move == remote_seat:
                net_cpu.append(cpu_ms)
        rest = 1 / 60 - (time.perf_counter() - start)
        if rest > 0:
            time.sleep(rest)
    return {
        "p50": statistics.median(times),
        "p99": percentile(times, 99),
        "max": max(times),
        "cpu99": percentile(cpu, 99),
        "moves": float(len(scene.match.texts) - moves_before),
        "net99": percentile(net_cpu, 99) if net_cpu else float("nan"),
        "move99": percentile(move_cpu, 99) if move_cpu else float("nan"),
        "frames": float(len(times)),
    }


def online_run(registry, game_id: str, frames: int, size: tuple[int, int]) -> dict[str, float]:
    from tafel.net.broker import EmbeddedBroker
    from tafel.net.remote import host_room
    from tafel.ui.app import App
    from tafel.ui.scenes.online import match_for, remote_sources

    game = registry.game(game_id)
    broker = EmbeddedBroker("127.0.0.1").start()
    url = f"mqtt://127.0.0.1:{broker.port}"
    seat = host_room(game, game.resolve_options({}), registry.game, name="Bench", broker=url, seed=1)
    guest = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "join", seat.code, "--broker", url, "--as", "ai:random"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    app = None
    try:
        deadline = time.monotonic() + JOIN_WAIT
        while (seat.game is None or seat.game.status != "playing") and time.monotonic() < deadline:
            seat.wait(0.1)
        match = match_for(seat)
        if match is None:
            raise RuntimeError("the guest did not join in time")
        mine = seat.seat
        assert mine is not None
        match.players[mine] = "easy"  # this side plays by itself: moves land both ways
        app = App(registry, windowed=True, size=size, start=match, sources=remote_sources(seat))
        return _frames(app, frames, 1 - mine)
    finally:
        if app is not None:
            app.close()  # closes the remote seat with the play screen
        seat.close()
        guest.kill()
        guest.wait(10)
        broker.stop()


def local_run(registry, game_id: str, frames: int, size: tuple[int, int]) -> dict[str, float]:
    from tafel.match import Match
    from tafel.ui.app import App

    game = registry.game(game_id)
    match = Match(game, game.resolve_options({}), seed=1, players=["easy", "easy"])
    app = App(registry, windowed=True, size=size, start=match)
    try:
        return _frames(app, frames, None)
    finally:
        app.close()


def main() -> None:
    import pygame

    from tafel.plugins import load_registry

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ataxx")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--runs", type=int, default=3, help="pairs of runs (online, then local)")
    args = parser.parse_args()
    size = (int(args.size.split("x")[0]), int(args.size.split("x")[1]))
    registry = load_registry()
    pygame.init()
    print(
        f"online frame time, {args.game}, SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}, {size[0]}x{size[1]}, ms"
    )
    print("online: easy here against ai:random in another process, through the embedded broker on loopback")
    print("local: easy against easy, no network; cpu99 = p99 of the UI thread's CPU time")
    print(
        f"{'run':<8}{'p50':>8}{'p99':>8}{'max':>8}{'cpu99':>8}{'move99':>8}{'net99':>8}{'moves':>7}{'frames':>8}"
    )
    pairs = []
    for _ in range(max(1, args.runs)):
        online = online_run(registry, args.game, args.frames, size)
        local = local_run(registry, args.game, args.frames, size)
        pairs.append((online, local))
        for name, row in (("online", online), ("local", local)):
            print(
                f"{name:<8}{row['p50']:8.2f}{row['p99']:8.2f}{row['max']:8.2f}{row['cpu99']:8.2f}"
                f"{row['move99']:8.2f}{row['net99']:8.2f}{row['moves']:7.0f}{row['frames']:8.0f}",
                flush=True,
            )
    med = {
        side: {k: statistics.median(p[i][k] for p in pairs) for k in pairs[0][i]}
        for i, side in enumerate(("online", "local"))
    }
    ratio = statistics.median(o["cpu99"] / loc["cpu99"] for o, loc in pairs)
    print(
        f"median  online p99 {med['online']['p99']:.2f} ms wall, {med['online']['cpu99']:.2f} ms cpu; "
        f"local {med['local']['p99']:.2f} wall, {med['local']['cpu99']:.2f} cpu; "
        f"online/local cpu99 {ratio:.2f}; a move's frame cpu99 online {med['online']['move99']:.2f}, "
        f"local {med['local']['move99']:.2f}, a network move's {med['online']['net99']:.2f} ms"
    )
    pygame.quit()


if __name__ == "__main__":
    main()
