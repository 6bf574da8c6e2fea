"""16.1's secret bid on the raw wire (issue 21): the bytes themselves.

Birth of a Legend's side bid (README decision 40) is written by each seat
and held unseen until both are in. This test speaks the protocol over bare
TLS sockets (raw_tls.py, the Wire of test_lincolns_war_hidden_raw.py) as the
two seats and a spectator, so no client program stands between the daemon
and the check, and keeps every line each connection receives as bytes.

Each round plays the bids of two matches that differ only in the amount the
first bidder writes (x in one, y in the other; which seat bids first, the
amounts and the preferred side are drawn at random). In each match, from
just before the first bid until the other seat's bid: the first bid is
sent; the other seat and the spectator read up to it; each then sends what
the server must refuse (the other seat a bid beyond the Record Track, the
spectator a bid of his own), so that the error texts are among the bytes
and every push the bid caused has arrived. Those lines (views, patches,
the log, lobby pushes, errors) are the window.

For the other seat and the spectator the two matches' windows must be the
same bytes once each line's match id, timestamps and seed commitment (the
only members that differ between two matches) are replaced: any trace of
the amount, in any form or place, would differ between x and y. The first
bidder's own windows must differ (his view shows his bid: the comparison
can fail), and after the second bid the other seat's bytes must carry both
amounts (the reveal reaches the wire). Run under ASan too; a round takes
a fraction of a second."""

import json
import re

from harness import Harness, check, run_main
from test_lincolns_war_hidden_raw import wire

SEATS = ("union", "confederate")
VOLATILE = ("created", "last_move", "commitment", "token", "updated", "time", "at")


def normalize(raw, match):
    """A received line with what differs between any two matches replaced."""
    def walk(v):
        if isinstance(v, dict):
            out = {}
            for k, x in v.items():
                if k == "match" and x == match:
                    out[k] = "M"
                elif k in VOLATILE and x is not None:
                    out[k] = "T"
                else:
                    out[k] = walk(x)
            return out
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, str):  # "You do not sit in match 7."
            return re.sub(rf"\b(match) {match}\b", r"\1 M", v, flags=re.I)
        return v
    msg = walk(json.loads(raw))
    if "id" in msg:
        msg["id"] = "I"  # the connection's request counter
    return json.dumps(msg, sort_keys=True)


def play_bids(conns, first, x, other_bid, for_union):
    """One match to its reveal; returns ({role: [window lines]}, match id,
    {role: [lines after the reveal]})."""
    owner = conns["union"]
    options = {"bidding": True, "bid_for_union": for_union}
    match = owner.ok({"op": "create", "game": "birth-of-a-legend", "scenario": "seven-days",
                      "side": "union", "options": options})["match"]
    for c in conns.values():
        c.follow(match)
    conns["confederate"].ok({"op": "join", "match": match})
    conns["observer"].ok({"op": "watch", "match": match})
    owner.ok({"op": "open", "match": match})
    for c in conns.values():
        c.view_at(0)
    second = SEATS[1 - SEATS.index(first)]
    start = {r: len(c.lines) for r, c in conns.items()}
    conns[first].ok({"op": "act", "match": match, "seq": 0,
                     "action": {"type": "bid", "rp": x}})
    for c in conns.values():
        c.view_at(1)
    r = conns[second].request({"op": "act", "match": match, "seq": 1,
                               "action": {"type": "bid", "rp": 100}})
    check(r and r.get("op") == "error" and "16.1.1" in r.get("message", ""),
          f"a bid beyond the Record Track is refused with its rule: {r}")
    r = conns["observer"].request({"op": "act", "match": match, "seq": 1,
                                   "action": {"type": "bid", "rp": 3}})
    check(r and r.get("op") == "error", f"the spectator cannot bid: {r}")
    r = conns[first].request({"op": "act", "match": match, "seq": 1,
                              "action": {"type": "bid", "rp": 4}})
    check(r and r.get("op") == "error", f"a second bid by the same seat is refused: {r}")
    window = {role: c.lines[start[role]:] for role, c in conns.items()}
    after = {role: len(c.lines) for role, c in conns.items()}
    conns[second].ok({"op": "act", "match": match, "seq": 1,
                      "action": {"type": "bid", "rp": other_bid}})
    for c in conns.values():
        c.view_at(2)
    conns[second].request({"op": "ping"})  # the reveal's pushes have all arrived
    revealed = {role: c.lines[after[role]:] for role, c in conns.items()}
    return window, match, revealed


def main(args):
    with Harness(args) as h:
        rng = h.rng
        conns = {"union": wire(h, "ann"), "confederate": wire(h, "ben"),
                 "observer": wire(h, "cat")}
        compared = 0
        for rnd in range(args.rounds):
            first = rng.choice(SEATS)
            x, y = rng.sample(range(0, 100), 2)
            other_bid = rng.randrange(0, 100)
            for_union = rng.random() < 0.5
            wa, ma, ra = play_bids(conns, first, x, other_bid, for_union)
            wb, mb, rb = play_bids(conns, first, y, other_bid, for_union)
            second = SEATS[1 - SEATS.index(first)]
            for role in (second, "observer"):
                na = [normalize(raw, ma) for raw in wa[role]]
                nb = [normalize(raw, mb) for raw in wb[role]]
                check(len(na) >= 2, f"round {rnd}: the {role} connection's window holds the "
                      f"bid's pushes and the errors: {wa[role]}")
                for i, (la, lb) in enumerate(zip(na, nb)):
                    check(la == lb, f"round {rnd}: before the reveal the {role} connection's "
                          f"bytes depend on the {first} seat's bid ({x} or {y}), line {i}:\n"
                          f"  {wa[role][i][:400]!r}\n  {wb[role][i][:400]!r}")
                check(len(na) == len(nb), f"round {rnd}: the {role} connection received "
                      f"{len(na)} lines with a bid of {x} and {len(nb)} with {y}")
                compared += len(na)
            # the comparison can fail: the bidder's own bytes show his bid
            own_a = [normalize(raw, ma) for raw in wa[first]]
            own_b = [normalize(raw, mb) for raw in wb[first]]
            check(own_a != own_b, f"round {rnd}: the {first} seat's own bytes show his bid")
            # the reveal reaches the other seat and the spectator, both amounts
            for role in (second, "observer"):
                for amounts, lines in (((x, other_bid), ra[role]), ((y, other_bid), rb[role])):
                    bids = {first: amounts[0], second: amounts[1]}
                    want = json.dumps({"union": bids["union"],
                                       "confederate": bids["confederate"]},
                                      separators=(",", ":")).encode()
                    check(any(want in raw and b"bids" in raw for raw in lines),
                          f"round {rnd}: the reveal {want!r} reached the {role} connection: "
                          f"{[raw[:300] for raw in lines]}")
        print(f"# {args.rounds} rounds, {compared} lines compared byte for byte", flush=True)
        for c in conns.values():
            c.close()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main, lambda p: p.add_argument("--rounds", type=int, default=12))
