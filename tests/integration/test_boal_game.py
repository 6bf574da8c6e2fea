"""A complete game of Birth of a Legend over TLS (issue 21), played by a
random legal-action bot through two real `telegraph --json` clients
(game_complete.py) from the 16.1 bids to the victory check: the views kept
from patches must equal fresh views, every message must validate against
the protocol's schemas, and the finished game's record must pass the
shipped `telegraph verify` (and fail it with a tampered secret).

--options picks the match options (JSON); by default the Advanced game
with 16.1 bidding, so that the bids, 15.1-15.6 and the seats' sides are
on the wire. The result must be one of 14's (its summary names the
section)."""

import json

from game_complete import play_complete
from harness import Harness, check, run_main


def main(args):
    options = json.loads(args.options)
    with Harness(args) as h:
        seq, view = play_complete(h, "birth-of-a-legend", "seven-days", options,
                                  max_actions=args.max_actions, max_seconds=args.max_seconds)
        summary = view["result"].get("summary", "")
        check("14." in summary, f"the result cites its victory condition (14): {summary!r}")
        if options.get("bidding"):
            bids = view["board"]["track"]["bid"]
            check(bids.get("revealed") is True, f"the bids were revealed: {bids}")
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main, lambda p: (p.add_argument("--options",
                                             default='{"advanced": true, "bidding": true}'),
                              p.add_argument("--max-actions", type=int, default=20000),
                              p.add_argument("--max-seconds", type=int, default=400)))
