#!/usr/bin/env python3
"""Network scenarios with real processes on 127.0.0.1 (called by bench/network_bench.sh).

Each scenario starts coyote-server on a free port, optionally coyote-netsim in front of it, and
coyote-bot processes; it reads the bots' JSON summaries and the server's final summary and prints
one row of a Markdown table. Nothing is inferred: every figure is what a bot or the server said.
"""
import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Processes:
    """The server, netsim and bots of one scenario, in one temporary folder."""

    def __init__(self, build, work):
        self.build, self.work = build, work
        self.children = []

    def start(self, name, argv, env=None):
        log = open(os.path.join(self.work, name + ".log"), "w")
        child = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                 env={**os.environ, **(env or {})}, cwd=ROOT)
        self.children.append(child)
        return child

    def port_from(self, name):
        path = os.path.join(self.work, name)
        for _ in range(200):
            if os.path.exists(path) and open(path).read().strip():
                return int(open(path).read())
            time.sleep(0.05)
        raise RuntimeError(f"{name} never appeared")

    def server(self, max_players):
        self.server_process = self.start("server", [
            f"{self.build}/server/coyote-server", "--config", "configs/server.toml", "--port", "0",
            "--port-file", os.path.join(self.work, "port"), "--max-players", str(max_players)],
            env={"COYOTE_NET_PEERS_PER_ADDRESS": "256"})  # every bot comes from 127.0.0.1
        return self.port_from("port")

    def netsim(self, port, link):
        self.start("netsim", [f"{self.build}/tools/netsim/coyote-netsim", "--listen", "0",
                              "--forward", f"127.0.0.1:{port}", "--seed", "7", "--port-file",
                              os.path.join(self.work, "netsim-port")] + link)
        return self.port_from("netsim-port")

    def bots(self, name, port, count, seconds, seed=1):
        return self.start(name, [f"{self.build}/client/coyote-bot", "--connect",
                                 f"127.0.0.1:{port}", "--count", str(count), "--seconds",
                                 str(seconds), "--seed", str(seed), "--name", name])

    def summary(self, name):
        lines = [l for l in open(os.path.join(self.work, name + ".log")) if l.startswith("{")]
        return json.loads(lines[-1]) if lines else None

    def stop_server(self):
        self.server_process.send_signal(signal.SIGTERM)
        self.server_process.wait(timeout=20)
        return self.summary("server")

    def close(self):
        for child in self.children:
            if child.poll() is None:
                child.kill()
                child.wait()


def row(name, clients, server, seconds, refused=None):
    """One table row from every client's summary and the server's."""
    n = len(clients)
    playing = sum(c["state"] == "playing" for c in clients)
    joins = [c["joined_after_seconds"] for c in clients if c["joined_after_seconds"] >= 0]
    mean = lambda key: sum(c[key] for c in clients) / max(n, 1)
    return {
        "link": name,
        "join s (max)": f"{max(joins):.2f}" if joins else "—",
        "converged": f"{sum(c['converged'] for c in clients)}/{n}",
        "dropped": f"{n - playing}" + (f" (refused {refused})" if refused is not None else ""),
        "rejoins": f"{sum(c.get('reconnects', 0) for c in clients)}",
        "own rollbacks/min": f"{mean('own_input_rollbacks') * 60 / seconds:.2f}",
        "late inputs": f"{sum(c['late_inputs'] for c in clients)}",
        "loss down/up %": f"{mean('loss_percent'):.1f} / {mean('up_loss_percent'):.1f}",
        "margin (target)": f"{mean('input_margin'):.1f} ({mean('target_margin'):.1f})",
        "KB/s down/up": f"{mean('down_bytes_per_second') / 1000:.2f} / "
                        f"{mean('up_bytes_per_second') / 1000:.2f}",
        "server p95/max ms": f"{server['tick_ms_p95']:.3f} / {server['tick_ms_max']:.3f}",
        "CPU p95/max ms": f"{server['tick_cpu_ms_p95']:.3f} / {server['tick_cpu_ms_max']:.3f}",
    }


def steady(build, name, bots, seconds, link):
    """`bots` bots for `seconds`, directly or through netsim with `link`."""
    with tempfile.TemporaryDirectory() as work:
        p = Processes(build, work)
        try:
            port = p.server(max(16, bots))
            target = p.netsim(port, link) if link else port
            p.bots("bots", target, bots, seconds).wait(timeout=seconds + 60)
            result = p.summary("bots")
            server = p.stop_server()
        finally:
            p.close()
    return row(name, result["clients"], server, seconds)


def churn(build, seconds, seed):
    """2 long-lived bots, and bots of 1-3 joining for 2-8 s every 0.5-2 s (default 16 players)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as work:
        p = Processes(build, work)
        try:
            port = p.server(16)
            p.bots("stay", port, 2, seconds + 4)
            start, waves = time.time(), []
            while time.time() - start < seconds:
                wave = f"wave{len(waves)}"
                p.bots(wave, port, rng.randint(1, 3), rng.uniform(2, 8), seed=len(waves) * 10)
                waves.append(wave)
                time.sleep(rng.uniform(0.5, 2.0))
            for child in p.children[1:]:
                child.wait(timeout=60)
            summaries = [p.summary(name) for name in ["stay"] + waves]
            server = p.stop_server()
        finally:
            p.close()
    clients = [c for s in summaries if s for c in s["clients"]]
    refused = sum(c["state"] == "refused" for c in clients)
    # A churning bot that played to its end counts as not dropped.
    return row(f"churn ({len(waves)} waves, {len(clients)} bots)", clients, server, seconds,
               refused)


SCENARIOS = {
    "direct": lambda a: steady(a.build, f"direct, {a.bots} bots", a.bots, a.seconds, []),
    "jitter": lambda a: steady(a.build, "100 ms ±20 ms, 5 % loss", 4, a.seconds,
                               ["--latency", "50", "--jitter", "20", "--loss", "0.05"]),
    "loss20": lambda a: steady(a.build, "100 ms, 20 % loss", 4, a.seconds,
                               ["--latency", "50", "--loss", "0.2"]),
    "soak": lambda a: steady(a.build, "300 ms, 25 % loss, 25 % dup", 4, a.seconds,
                             ["--latency", "150", "--loss", "0.25", "--dup", "0.25"]),
    "churn": lambda a: churn(a.build, 60, 3),
    "crowd": lambda a: steady(a.build, "direct, 64 bots", 64, a.seconds, []),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", default="build/gcc")
    parser.add_argument("--bots", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--runs", type=int, default=1, help="repeat each scenario")
    parser.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    args = parser.parse_args()
    rows = []
    for name in args.scenarios:
        for _ in range(args.runs):
            rows.append(SCENARIOS[name](args))
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for r in rows:
        print("| " + " | ".join(r[k] for k in keys) + " |")


if __name__ == "__main__":
    main()
