"""What tests/bench/callgrind_loadgen.py and callgrind_loop.py share: their
arguments, the daemon's folder and settings (run_bench.py's BENCH_CONFIG),
the load generator's command line (whole Lincoln's War tournament games),
the wait for its measuring window, the load average and a dump's totals."""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_bench  # noqa: E402


def parser(default_port):
    """BUILD, --port (the daemon's; give one of your own) and --out."""
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--port", type=int, default=default_port)
    ap.add_argument("--out", default="")
    return ap


def bin_path(build, other, *rel):
    """other (an A/B's binary) or BUILD's REL, both absolute."""
    return os.path.abspath(other) if other else os.path.join(os.path.abspath(build), *rel)


class Run:
    """A fresh folder (work) with the daemon's data folder and its settings:
    BENCH_CONFIG plus extra_conf."""

    def __init__(self, prefix, port, extra_conf=""):
        self.port = port
        self.work = tempfile.mkdtemp(prefix=prefix)
        self.data = os.path.join(self.work, "data")
        os.makedirs(self.data)
        self.conf = os.path.join(self.data, "bench.conf")
        with open(self.conf, "w") as f:
            f.write(run_bench.BENCH_CONFIG + extra_conf)

    def daemon_args(self, daemon):
        return [daemon, "--data", self.data, "--listen", f"127.0.0.1:{self.port}",
                "--config", self.conf]

    def loadgen_args(self, loadgen, seed, extra):
        """tg_loadgen playing whole tournament games against the daemon."""
        return [loadgen, "--server", f"127.0.0.1:{self.port}", "--mode", "play",
                "--games", "1", "--duration", "900", "--seed", str(seed), "--game",
                "lincolns-war", "--scenario", "tournament"] + list(extra)

    def wait_window(self, g, log):
        """Until the load generator g says in log that its window opened."""
        while "measuring until" not in open(log).read():
            if g.poll() is not None:
                sys.exit("the load generator ended before its window; see " + self.work)
            time.sleep(0.2)


def loadavg():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def totals(path):
    """A callgrind dump's "totals:" (its "summary:" counts from the start)."""
    with open(path) as fh:
        for line in fh:
            if line.startswith("totals:"):
                return int(line.split()[1])
    return 0


def callgrind_control(*args):
    subprocess.run(["callgrind_control"] + [str(a) for a in args], capture_output=True)
