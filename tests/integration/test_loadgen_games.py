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
checked against the server's view the same way. Then four pairs play
Lincoln's War with --dump-largest, which keeps the largest patch's message
and so applies every patch by copying (gen24's path, run only then): the
views are checked the same way, and the dump must be the patch as it came
and the view it made."""

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


def pointer(doc, path):
    """(found, value) at the JSON Pointer path of doc."""
    for tok in path.split("/")[1:]:
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(doc, dict) and tok in doc:
            doc = doc[tok]
        elif isinstance(doc, list) and tok.isdigit() and int(tok) < len(doc):
            doc = doc[int(tok)]
        else:
            return False, None
    return True, doc


def check_largest(game, path, f):
    """--dump-largest: the largest patch measured, as it came (its compact
    bytes are the size it was measured at: the generator keeps the message,
    so it applies that patch by copying, never giving the view the
    message's values, gen24's copying path), and the view it made (each
    added or replaced value is there, as the patch has it). A view that
    shared the message's values would have changed them with the patches
    after it."""
    with open(path) as fh:
        d = json.load(fh)
    os.remove(path)
    os.rmdir(os.path.dirname(path))
    m, view = d["message"], d["view_after"]
    text = json.dumps(m, separators=(",", ":"), ensure_ascii=True)
    check(m.get("op") == "patch" and isinstance(m.get("patch"), list),
          f"{game}: the largest is a patch: {text[:300]}")
    check(d["patch_bytes"] == len(text) + 1,
          f"{game}: the dumped patch is {len(text) + 1} bytes with its newline, it was measured "
          f"at {d['patch_bytes']}: it changed after it came")
    checked = 0
    for op in m["patch"]:
        if op.get("op") not in ("add", "replace") or op["path"].endswith("/-"):
            continue
        found, v = pointer(view, op["path"])
        if not found and not pointer(view, "/" + op["path"].split("/")[1])[0]:
            continue  # a member a lean player does not keep
        check(found and v == op["value"], f"{game}: the view after the largest patch has "
              f"{json.dumps(v)[:200]} at {op['path']}, the patch {json.dumps(op['value'])[:200]}")
        checked += 1
    check(checked > 0, f"{game}: no value of the largest patch checked in its view: {text[:300]}")
    check(f.get("errors") == 0, f"{game}: errors with --dump-largest: {f}")
    print(f"# {game}: the largest patch, {d['patch_bytes']} bytes, {checked} values in its view")


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
            # every sampled view was written whole too (--dump-views 0): its
            # counted size (tg_loadgen's per-container cache) was its length
            check(f.get("view_size_mismatches") == 0, f"{game}: view sizes: {f}")
            check(f.get("rejected_offered") == 0, f"{game}: an offered action was refused: {f}")
            check(f.get("patches_applied", 0) >= f.get("play_actions_measured", 1),
                  f"{game}: fewer patches applied than actions: {f}")
            check(f.get("views_checked", 0) >= 4 and f.get("view_mismatches") == 0,
                  f"{game}: the kept views against the server's: {f}")
            check(f.get("lean_pairs") == 1 and f.get("lean_patches_applied", 0) > 0,
                  f"{game}: the lean pair's patches: {f}")
            # Lincoln's War's offers change by entries: the lean players
            # applied those operations to their actions kept as entries
            # (session 27), which the views' check above then compared
            if game == "lincolns-war":
                check(f.get("lean_actions_text_ops", 0) > 0,
                      f"{game}: no operation applied to the actions kept as entries: {f}")
            check(f.get("window_pairs_playing") == 2,
                  f"{game}: the window opened before both pairs played: {f}")


def dump_largest(args):
    """Lincoln's War with --dump-largest (a whole-view pair and a lean one,
    as above; four pairs, so that more patches follow the largest)."""
    cheap = ["--set", "scrypt_n_log2=10"]
    with Harness(args, daemon_args=cheap) as h:
        largest = os.path.join(tempfile.mkdtemp(prefix="tg-lg-largest-"), "largest.json")
        rc, f, err = run_loadgen(args, h, ["--mode", "play", "--matches", 4, "--games", 2,
                                           "--duration", 500, "--check-views", "--seed", 3,
                                           "--full-views", 2, "--game", "lincolns-war",
                                           "--scenario", "tournament", "--dump-largest",
                                           largest], timeout=560)
        print(f"# --dump-largest: exit {rc}\n# {err.strip()[-400:]}")
        check(rc == 0 and f.get("pairs_short_of_games") == 0, f"exit {rc}: {f} {err[-300:]}")
        check(f.get("views_checked", 0) >= 8 and f.get("view_mismatches") == 0,
              f"the copying apply's views against the server's: {f}")
        check_largest("lincolns-war", largest, f)


def main(args):
    loadgen_games(args)
    dump_largest(args)


def extra(p):
    p.add_argument("--loadgen", required=True, help="tests/bench/tg_loadgen")


if __name__ == "__main__":
    run_main(main, extra)
