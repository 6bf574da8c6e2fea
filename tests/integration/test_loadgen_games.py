"""tg_loadgen plays whole games correctly (issue 17: the generator was made
cheap by applying each patch to its one kept view in place; the figures are
worth something only if it still plays as a client must).

Two pairs play two whole games each of Lincoln's War and of the fixture
game, the bot acting only with the actions its view offers. The generator
applies every patch in seq order (a gap or a patch that does not apply is
an error), and with --check-views it asks the server for a fresh view of
each finished match (open) and compares it with the view its patches made.
Here: no error, no offered action refused, every pair finished its games,
every first game's two views checked and equal to the server's. One pair
keeps whole views, the other lean ones (only the members the bot reads,
the patches' other operations skipped unparsed): its kept members are
checked against the server's view the same way."""

import json
import os
import tempfile

from harness import Harness, check, run_loadgen, run_main


def play(args, h, game, scenario, seed, extra=()):
    # --games 2: the first game's views are checked while the second is played
    # (the run ends when the last game does, before its checks could come).
    # --full-views 1: the second pair is lean (it keeps only the members the
    # bot reads, tg_loadgen's cheap players), and its views are checked too.
    rc, f, err = run_loadgen(args, h, ["--mode", "play", "--matches", 2, "--games", 2,
                                       "--duration", 500, "--check-views", "--seed", seed,
                                       "--full-views", 1, "--game", game,
                                       "--scenario", scenario] + list(extra), timeout=560)
    print(f"# {game}: exit {rc}, {f}\n# {err.strip()[-400:]}")
    return rc, f, err


def check_dump(game, dump, f):
    """--dump-sampled (issue 17, the wire's p99 broken down): a line for each
    patch behind the patch / view figures, whose ratio is its bytes over
    the view it made, written as the daemon writes a view (compact, ASCII),
    and which names the action that made it."""
    with open(dump) as fh:
        recs = [json.loads(line) for line in fh]
    os.remove(dump)
    os.rmdir(os.path.dirname(dump))
    check(len(recs) == f.get("patches_sized") and recs,
          f"{game}: {len(recs)} sampled patches dumped, {f.get('patches_sized')} sized")
    for r in recs:
        view = json.dumps(r["view"], separators=(",", ":"), ensure_ascii=True)
        check(r["view_bytes"] == len(view), f"{game}: view bytes {r['view_bytes']} "
              f"against the dumped view's {len(view)}")
        check(abs(r["ratio_pct"] - 100 * r["patch_bytes"] / r["view_bytes"]) < 0.01,
              f"{game}: ratio {r}")
        check(isinstance(r["patch"], list) and r["patch_bytes"] > len(json.dumps(r["patch"])) / 2,
              f"{game}: the patch's operations against its bytes: {r['patch_bytes']}")
        check(r["by"] in ("self", "opponent") and r["after"] != "?",
              f"{game}: the action that made the patch at seq {r['seq']}: {r['after']} {r['by']}")
    # the figure's p99 is the histogram's: its rank (histogram.c), its value
    # at most about 3 % above the dump's, less the basis point the
    # histogram's integer drops
    ratios = sorted(r["ratio_pct"] for r in recs)
    p99 = ratios[max(1, int(0.99 * len(ratios) + 0.5)) - 1]
    check(p99 - 0.011 <= f.get("patch_to_view_pct_p99", -1) <= p99 * 1.04 + 0.011,
          f"{game}: p99 {f.get('patch_to_view_pct_p99')} against the dump's {p99:.2f}")


def loadgen_games(args):
    cheap = ["--set", "scrypt_n_log2=10"]  # registrations quick even on a loaded box
    with Harness(args, daemon_args=cheap) as h:
        for seed, (game, scenario) in enumerate((("lincolns-war", "tournament"),
                                                 ("fixture-duel", "standard")), 1):
            dump = os.path.join(tempfile.mkdtemp(prefix="tg-lg-dump-"), "sampled.jsonl")
            rc, f, err = play(args, h, game, scenario, seed,
                              ["--dump-sampled", dump, "--dump-views", 0])
            check_dump(game, dump, f)
            check(rc == 0, f"{game}: exit {rc}: {err[-300:]}")
            check(f.get("play_pairs_played") == 2, f"{game}: pairs played: {f}")
            check(f.get("pairs_short_of_games") == 0, f"{game}: a pair did not finish: {f}")
            check(f.get("games_finished", 0) >= 4, f"{game}: games finished: {f}")
            check(f.get("errors") == 0, f"{game}: errors: {err[-300:]}")
            check(f.get("rejected_offered") == 0, f"{game}: an offered action was refused: {f}")
            check(f.get("patches_applied", 0) >= f.get("play_actions_measured", 1),
                  f"{game}: fewer patches applied than actions: {f}")
            check(f.get("views_checked", 0) >= 4 and f.get("view_mismatches") == 0,
                  f"{game}: the kept views against the server's: {f}")
            check(f.get("lean_pairs") == 1 and f.get("lean_patches_applied", 0) > 0,
                  f"{game}: the lean pair's patches: {f}")
            check(f.get("window_pairs_playing") == 2,
                  f"{game}: the window opened before both pairs played: {f}")


def extra(p):
    p.add_argument("--loadgen", required=True, help="tests/bench/tg_loadgen")


if __name__ == "__main__":
    run_main(loadgen_games, extra)
