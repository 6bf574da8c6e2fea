"""tg_loadgen --rx-stamps (issue 17): each reply's wait in the generator's
socket, from the kernel's software receive timestamp to the read, and the
round trips without it (act sent -> the kernel's receipt of the reply), the
round trip a client whose own scheduling cost nothing would see.

The generator plays 4 fixture matches as fast as it can, and is stopped
(SIGSTOP) for half a second in its window: the replies that arrive while it
is stopped wait in its sockets, so the longest wait must be near half a
second while the round trips without the wait stay short. Every reply
read must have its stamp, and no wait may be negative or longer than its
round trip."""

import signal
import subprocess
import threading
import time

from harness import Harness, check, loadgen_figures, run_main

STOP_S = 0.5


def loadgen_rx_stamps(args):
    with Harness(args, daemon_args=["--set", "scrypt_n_log2=10"]) as h:
        p = subprocess.Popen(
            [args.loadgen, "--server", f"127.0.0.1:{h.daemon.port}", "--mode", "play",
             "--matches", "4", "--rate", "0", "--duration", "3", "--warmup", "0",
             "--game", "fixture-duel", "--scenario", "standard", "--full-views", "0",
             "--size-every", "0", "--rx-stamps"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        err, playing = [], threading.Event()

        def drain():
            for ln in p.stderr:
                err.append(ln)
                if "pairs play after" in ln:
                    playing.set()

        t = threading.Thread(target=drain, daemon=True)
        t.start()
        check(playing.wait(90), f"the pairs never all played: {''.join(err)[-500:]}")
        time.sleep(0.8)  # inside the 3 s window, which opened with the line
        p.send_signal(signal.SIGSTOP)
        time.sleep(STOP_S)
        p.send_signal(signal.SIGCONT)
        out, _ = p.communicate(timeout=90)
        t.join(5)
        f = loadgen_figures(out)
        print(f"# exit {p.returncode}: " + ", ".join(
            f"{k} {v}" for k, v in sorted(f.items()) if "rx" in k or k.startswith("act_to")))
        check(p.returncode == 0, f"tg_loadgen exited {p.returncode}: {''.join(err)[-500:]}")
        for k in ("act_to_ok_rx_p99_us", "rx_wait_ok_p99_us", "act_to_patch_rx_p99_us",
                  "rx_wait_patch_p99_us", "rx_unstamped_reads", "rx_wait_out_of_range"):
            check(k in f, f"{k} is not reported: {f}")
        check(f["act_to_ok_count"] > 50, f"too few acts measured to judge: {f}")
        # every ok read brought its stamp
        check(f["act_to_ok_rx_count"] == f["act_to_ok_count"] and
              f["rx_wait_ok_count"] == f["act_to_ok_count"],
              f"oks without a receive stamp: {f}")
        check(f["act_to_patch_rx_count"] == f["act_to_patch_count"],
              f"patches without a receive stamp: {f}")
        # (rx_unstamped_reads may count a handshake's first reads: the
        # kernel turns receive stamps on for the whole box, maybe later)
        check(f["rx_wait_out_of_range"] == 0, f"waits below 0 or above the round trip: {f}")
        # the stop shows as a wait in the socket, and not in the round trip without it
        longest = max(f["rx_wait_ok_max_us"], f["rx_wait_patch_max_us"])
        check(longest >= 0.6 * STOP_S * 1e6,
              f"stopped {STOP_S} s, yet the longest wait in the socket is {longest} us: {f}")
        # (in an ok's round trip or a patch's: whichever was in flight)
        check(max(f["act_to_ok_max_us"], f["act_to_patch_max_us"]) >= 0.6 * STOP_S * 1e6,
              f"the stop does not show in the round trips with the wait: {f}")
        check(f["act_to_ok_rx_p99_us"] <= f["act_to_ok_p99_us"] and
              f["act_to_ok_rx_p50_us"] <= f["act_to_ok_p50_us"],
              f"the round trip without the wait is longer than with it: {f}")


def extra(p):
    p.add_argument("--loadgen", required=True, help="tests/bench/tg_loadgen")


if __name__ == "__main__":
    run_main(loadgen_rx_stamps, extra)
