"""tg_loadgen's play mode counts the pairs the daemon refused (issue 17:
the figures must be those of the matches they say). Before, a pair whose
registration was refused (a per-address limit) played nothing and the run
reported its figures as if --matches matches had played, with exit status
0: the bench's 400-match figures may have been fewer matches.

Against a daemon that lets one address register only 3 accounts, 4 pairs
(8 players) cannot all play: the load generator must say how many played
and how many were refused, and exit non-zero. Against one that lets all of
them register, every pair plays and it exits 0."""

from harness import Harness, check, run_loadgen, run_main


def play(args, h, matches, warmup=0):
    return run_loadgen(args, h, ["--mode", "play", "--matches", matches, "--duration", 2,
                                 "--warmup", warmup, "--game", "fixture-duel",
                                 "--scenario", "standard"], timeout=120)


def loadgen_refused(args):
    cheap = ["--set", "scrypt_n_log2=10"]  # registrations quick even on a loaded box
    with Harness(args, daemon_args=cheap + ["--set", "registrations_per_address=3"]) as h:
        # --warmup 0 here too: the window opens once every pair plays or
        # was refused, so the counts are final before it (a warm-up of 4 s
        # was 4 s of this test's 9, in both CI passes since session 27)
        rc, f, err = play(args, h, 4)
        print(f"# limited: exit {rc}, {f}\n# {err.strip()[-300:]}")
        check("play_pairs_played" in f and "play_pairs_refused" in f,
              f"the pairs played and refused are not reported: {f}")
        check(f["play_pairs_played"] < 4 and f["play_pairs_refused"] >= 1,
              f"3 registrations cannot make 4 pairs, yet: {f}")
        check(f["play_pairs_played"] + f["play_pairs_refused"] <= 4, f"counted twice: {f}")
        check(rc != 0, f"a run short of pairs exits {rc}")
        check("refused" in err, f"nothing said on stderr: {err[-300:]}")
    with Harness(args, daemon_args=cheap) as h:
        # --warmup 0: the window opens once every pair plays, not at the
        # start (before session 17 it opened --warmup s after the start, and
        # on a loaded box 400 matches were still setting up: the window
        # measured registrations and handshakes)
        rc, f, err = play(args, h, 4)
        print(f"# unlimited: exit {rc}, {f}")
        check(f.get("play_pairs_played") == 4 and f.get("play_pairs_refused") == 0,
              f"every pair should play: {f}\n{err[-300:]}")
        check(rc == 0, f"a full run exits {rc}: {err[-300:]}")
        check(f.get("window_pairs_playing") == 4,
              f"the window opened before every pair played: {f}")


def extra(p):
    p.add_argument("--loadgen", required=True, help="tests/bench/tg_loadgen")


if __name__ == "__main__":
    run_main(loadgen_refused, extra)
