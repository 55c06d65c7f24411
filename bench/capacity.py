"""How far one coyote-server goes: real server and coyote-bot --lite processes on 127.0.0.1.

Two series, each point a fresh server on the playground loaded for --seconds:
  rooms:    1, 8, 32 and 64 rooms of 8 players;
  one room: 8, 16, 32, 64 and 128 players in one room.
For each point: the server thread's tick CPU (p50, p99, from /metrics: every room stepped and its
frames sent), the tick's wall time p99, the server process's CPU (receiving included), its resident
memory idle and loaded, the bytes each room holds, and what the load generator observed. Writes
bench/results/<machine>/capacity.csv and capacity.png (docs/performance.md#cost-per-player).

  bench/capacity [--build DIR] [--server BINARY] [--config TOML] [--seconds S] [--machine NAME]
                 [--series rooms one-room] [--output CSV]
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

GOAL_TICK_CPU_MS = 8.0  # 64 rooms x 8 players on one core
GOAL_ROOM_MB = 2.0  # per room of 8 players on the playground
GOAL_IDLE_MB = 10.0
FIELDS = [
    "series", "rooms", "players", "playing", "tick_cpu_p50_ms", "tick_cpu_p99_ms",
    "tick_wall_p99_ms", "server_cpu_percent", "rss_idle_mb", "rss_mb", "room_kb",
    "loadgen_cpu_percent",
]


def scrape(port):
    """The samples of a /metrics page as {(name, labels): value}."""
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    samples = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name_labels, value = line.rsplit(" ", 1)
        name, _, labels = name_labels.partition("{")
        samples[(name, labels.rstrip("}"))] = float(value)
    return samples


def quantile(samples, family, q):
    return samples[(family, f'quantile="{q}"')]


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid):
    """User + system CPU of a process so far (clock ticks of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_file(path, seconds=10.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if os.path.exists(path) and open(path).read().strip():
            return int(open(path).read())
        time.sleep(0.05)
    raise RuntimeError(f"{path} never written")


def run_point(args, series, rooms, players):
    """One fresh server loaded by `players` lite clients over `rooms` rooms."""
    work = tempfile.mkdtemp(prefix="coyote-capacity-")
    env = dict(os.environ, COYOTE_ROOMS_MAX_ROOMS="64", COYOTE_ROOMS_OPENS_PER_ADDRESS="64",
               COYOTE_NET_METRICS_INTERVAL="0")
    server = subprocess.Popen(
        [args.server, "--config", args.config, "--level",
         "configs/levels/playground.tmj", "--port", "0", "--port-file", f"{work}/port",
         "--metrics-port", "-1", "--metrics-port-file", f"{work}/metrics", "--peers-per-address",
         "4095", "--max-players", str(max(16, players // rooms))],
        stdout=open(f"{work}/server.log", "w"), stderr=subprocess.STDOUT, env=env)
    try:
        port = wait_for_file(f"{work}/port")
        metrics = wait_for_file(f"{work}/metrics")
        time.sleep(2.0)
        idle = rss_mb(server.pid)
        bots = subprocess.Popen(
            [args.bot, "--connect", f"127.0.0.1:{port}", "--lite", "--count", str(players),
             "--rooms", str(rooms), "--seconds", str(args.seconds + 5)],
            stdout=subprocess.PIPE, stderr=open(f"{work}/bots.log", "w"))
        time.sleep(5.0)  # joined and steady
        cpu_start, wall_start = cpu_seconds(server.pid), time.time()
        bot_cpu_start = cpu_seconds(bots.pid)
        time.sleep(args.seconds - 1.0)
        page = scrape(metrics)
        loaded = rss_mb(server.pid)
        server_cpu = (cpu_seconds(server.pid) - cpu_start) / (time.time() - wall_start)
        bot_cpu = (cpu_seconds(bots.pid) - bot_cpu_start) / (time.time() - wall_start)
        out, _ = bots.communicate(timeout=args.seconds + 60)
        summary = json.loads(out.decode().strip().splitlines()[-1])
    finally:
        server.terminate()
        server.wait(timeout=30)
    room_bytes = [v for (name, _), v in page.items() if name == "coyote_room_memory_bytes"]
    return {
        "series": series, "rooms": rooms, "players": players,
        "playing": summary["total"]["playing"],
        "tick_cpu_p50_ms": round(quantile(page, "coyote_tick_cpu_seconds", "0.5") * 1e3, 3),
        "tick_cpu_p99_ms": round(quantile(page, "coyote_tick_cpu_seconds", "0.99") * 1e3, 3),
        "tick_wall_p99_ms": round(quantile(page, "coyote_tick_duration_seconds", "0.99") * 1e3, 3),
        "server_cpu_percent": round(100.0 * server_cpu, 1),
        "rss_idle_mb": round(idle, 2), "rss_mb": round(loaded, 2),
        "room_kb": round(sum(room_bytes) / max(1, len(room_bytes)) / 1024.0, 1),
        "loadgen_cpu_percent": round(100.0 * bot_cpu, 1),
    }


def plot(rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, axes = plt.subplots(2, 2, figsize=(11, 8))
    for column, (series, label) in enumerate([("rooms", "rooms of 8 players"),
                                              ("one-room", "players in one room")]):
        points = [r for r in rows if r["series"] == series]
        players = [r["players"] for r in points]
        cpu = axes[0][column]
        cpu.plot(players, [r["tick_cpu_p50_ms"] for r in points], "o-", label="tick CPU p50")
        cpu.plot(players, [r["tick_cpu_p99_ms"] for r in points], "s-", label="tick CPU p99")
        cpu.axhline(GOAL_TICK_CPU_MS, color="red", linestyle="--", label="goal: p99 ≤ 8 ms")
        cpu.set_title(f"Tick CPU, {label}")
        cpu.set_xlabel("players")
        cpu.set_ylabel("ms per tick (server thread)")
        cpu.legend()
        memory = axes[1][column]
        memory.plot(players, [r["rss_mb"] for r in points], "o-", label="RSS loaded")
        memory.plot(players, [r["rss_idle_mb"] for r in points], "x:", label="RSS idle")
        if series == "rooms":
            idle = points[0]["rss_idle_mb"]
            memory.plot(players, [idle + GOAL_ROOM_MB * r["rooms"] for r in points], "r--",
                        label="goal: idle + 2 MB a room")
        memory.axhline(GOAL_IDLE_MB, color="orange", linestyle=":", label="goal: idle ≤ 10 MB")
        memory.set_title(f"Resident memory, {label}")
        memory.set_xlabel("players")
        memory.set_ylabel("MB")
        memory.legend()
    figure.suptitle("coyote-server on the playground, loaded by coyote-bot --lite (one process)")
    figure.tight_layout()
    figure.savefig(path, dpi=80)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build/gcc")
    parser.add_argument("--server", help="coyote-server binary (default: the build's)")
    parser.add_argument("--config", default="configs/server.toml",
                        help="server TOML (an older server may not know every key of today's)")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--machine", default="epyc-2core")
    parser.add_argument("--series", nargs="*", default=["rooms", "one-room"])
    parser.add_argument("--output", help="CSV file (default bench/results/MACHINE/capacity.csv)")
    args = parser.parse_args()
    args.server = args.server or f"{args.build}/server/coyote-server"
    args.bot = f"{args.build}/client/coyote-bot"
    points = []
    if "rooms" in args.series:
        points += [("rooms", rooms, 8 * rooms) for rooms in (1, 8, 32, 64)]
    if "one-room" in args.series:
        points += [("one-room", 1, players) for players in (8, 16, 32, 64, 128)]
    rows = []
    for series, rooms, players in points:
        row = run_point(args, series, rooms, players)
        print(json.dumps(row), flush=True)
        if row["playing"] != players:
            print(f"only {row['playing']} of {players} clients were playing at the end",
                  file=sys.stderr)
        rows.append(row)
    output = args.output or f"bench/results/{args.machine}/capacity.csv"
    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    if len(args.series) == 2:
        plot(rows, output.replace(".csv", ".png"))
    print(f"wrote {output}")
    return 0 if all(r["playing"] == r["players"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
