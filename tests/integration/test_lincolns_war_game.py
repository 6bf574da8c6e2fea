"""A complete Lincoln's War game of the scenario given by --scenario
(tournament, introductory, campaign), played by a random legal-action bot
through two real `telegraph --json` clients (game_complete.py): the views
kept from patches must equal fresh views, every message must validate, and
the finished game's record must pass `telegraph verify`."""

from game_complete import play_complete
from harness import Harness, pick_action, run_main

# Bounds per scenario: a Campaign game is about ten times a Tournament's.
LIMITS = {"tournament": (6000, 420), "introductory": (40000, 1500),
          "campaign": (60000, 2400)}


BUYS = ("promote", "draft", "rehabilitate", "appoint_gic", "appoint_co")


def spends_pc(entry):
    t = entry["action"].get("type", "")
    return t in BUYS or t.startswith("buy_")


def prudent(rng, view, role):
    """lw_bot.c's prudent policy: a purchase (7.1) in one choice of five where
    other actions are offered, and none below 4 PC, so that games reach the
    late turns instead of collapsing (21.1) after a spending spree."""
    pc = view["board"]["players"][role]["pc"]
    buys = [a for a in view["actions"] if spends_pc(a)]
    if len(buys) < len(view["actions"]) and (pc < 4 or rng.randrange(5) != 0):
        return pick_action(rng, view, lambda a: not spends_pc(a))
    return pick_action(rng, view)


def main(args):
    max_actions, max_seconds = LIMITS[args.scenario]
    with Harness(args) as h:
        policy = prudent if args.scenario != "tournament" else None
        play_complete(h, "lincolns-war", args.scenario, max_actions=max_actions,
                      max_seconds=max_seconds, policy=policy)
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main, lambda p: p.add_argument("--scenario", choices=sorted(LIMITS),
                                            default="tournament"))
