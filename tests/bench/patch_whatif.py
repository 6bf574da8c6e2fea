#!/usr/bin/env python3
"""patch_whatif.py — what a change to Lincoln's War's view would do to the
patch / view ratios, recomputed from a dump instead of built.

    python3 tests/bench/patch_whatif.py FILE [--drop-names] [--drop-false]
                                             [--static BYTES] [--forces-by-member [BYTES]]
                                             [--defaults LIST] [--promoted-kept]
    python3 tests/bench/patch_whatif.py FILE [--check-rediff] [--promoted-to-player]
                                             [--lists-whole] [--lists-apart]
                                             [--reinf-by-turn]
                                             [--arrivals-by-hex] [--log-no-removes]
                                             [--members BYTES]
                                             [--log-chunk N [--log-max M]]

FILE: `bench_views ... --ratios --dump-sampled FILE --dump-views 0` (every
patch with the view it made; tg_loadgen's --dump-sampled keeps only the
views of the large ones). Each line's patch and view are rewritten as the
options say and measured again (compact JSON, as views.c sends them):

  --drop-names        a general's record in /board/forces without "name"
                      (his id names him; a TCO's record keeps its name)
  --drop-false        a general's record without its members that are false
                      (cavalry, gic, out_of_supply, reluctant, promoted)
  --static BYTES      every view BYTES longer: a section that never changes
                      (e.g. the generals' names once), never in a patch
  --forces-by-member [BYTES]
                      a force of BYTES (0) or more replaced whole whose
                      members keep their names is patched member by member
                      where shorter (kit/view_sections.c does so from 384
                      bytes, MEMBERS_MIN: "An element diffed by its
                      members"; its bytes are the old force's)

Session 29's (session 26's form: the dump's operations rewritten):

  --labels event-text[,spend]
                      the offers' labels (in /actions, patch and view alike)
                      rewritten: event-text, a card event's label without
                      the card's text ("Play card 28 John Wilkinson for its
                      event"; the hand gives the text, the email would not);
                      spend, "to spend its PC (activate, remove IT, bank)"
                      as "for its PC". Session 29 landed the two it
                      measured first: the card text's "[reconstructed
                      text: ...]" note out of the event labels (d135ed2) and
                      a rail destination's label the city's name alone
                      (026d164); on a dump made before them, --labels
                      note,city computes them
                      admin29's (session 29, second round; spend was
                      landed as 52c3bea, " for its PC (10.6)"):
                      activation-city, a card activation's general
                      "NAME at CITY (HHHH)" as "NAME at CITY";
                      admin-once, the Administration's draft entry's
                      general list given once: where it equals the
                      promotion to 2 stars' list in the same /actions, the
                      param {"name","label","choices_as": that entry's
                      index} (a shape no client reads: a bound, and only
                      where /actions is replaced or shown whole);
                      fleet-param, the Administration's "Buy a Fleet for
                      N PC, placed in PORT (7.1.8)" entries (one a port)
                      as one entry, the port's hex its param "hex" (label
                      "Port", each choice the port's name; the action as
                      today), where /actions is replaced or shown whole
                      (landed in session 30, 7393edc)
                      fleet30's (session 30), the Confederate's Raider
                      purchase (where /actions is replaced or shown whole):
                      raider-city, a port's choice its city's name without
                      the hex; raider-label, the RAID hex entry's label
                      without " of the Commerce Raider Track"; raider-digit,
                      a RAID hex's choice "N", not "RAID hex N" (the three
                      landed together); raider-one, the two entries as one,
                      the param "to" ("raid:N" or "port:HEX", a form the
                      action does not take today)

Session 30's (unit30; the same form):

  --defaults LIST     the forces' and cities' records without their members
                      at a default (comma-separated): false, a unit's
                      cavalry, gic, out_of_supply, reluctant, promoted and
                      a force's out_of_supply when false; zero, a unit's
                      wounds and a force's it when 0; stars1, a unit's
                      stars when 1; indecisive, a unit's attack and defense
                      when -1; force-stars, a force's "stars" (the owner's
                      infantry stars, which his units' records sum to);
                      tco-name, a TCO's name (its stars and cavalry make
                      it); city-hex, a city's hex (map.json, which the
                      daemon serves, gives it); garrison, a city's
                      "garrison" when false
  --promoted-kept     a bound, the view as it is: a force's or unit's
                      replace that changes nothing but "promoted" (7.1's
                      flag, cleared at each turn's start) left out of the
                      patch, as if the view showed the flag so that the
                      turn's start does not change it

Session 27's options re-diff the sections they touch, between each role's
consecutive views of the dump as rewritten, with a model of the kit's diff
(an array on its elements: difflib's alignment, an element changed in
place replaced whole, or member by member from --members BYTES (384, the
kit's MEMBERS_MIN); an object member by member; any of them replaced whole
where that is shorter); the other sections keep the dump's operations:

  --check-rediff      the model alone, every section re-diffed: how many
                      patches' sections it gives other bytes than the dump
                      (7002844's 2,000-action tournament dump: the
                      forces and the boxes none, the log and the players
                      2, the navy 172, the offers 86: the kit diffs those
                      finer, no option re-diffs them) and its figures
  --promoted-to-player
                      "promoted" off the units' records, the owner's ids of
                      them in his player's "promoted" (built on branch
                      wire27, 9ca44d0, not landed: BENCHMARKS "The patch
                      p99, with margin (session 27, 2026-12-01)")
  --lists-whole       the players' section diffed with every list (and
                      object) inside replaced whole where shorter (a hand
                      drawn from empty: one replace, not an add a card);
                      built in session 28 for every list and object below
                      the root (json_patch_diff.c, view_object.c): the
                      model does so in every section it re-diffs, and
                      this option now only re-diffs the players' section
                      (on a dump of a build before it: what it gave)
  --lists-apart       the model as the kit was before session 28: lists
                      and objects inside a section never replaced whole
  --reinf-by-turn     the reinforcements box as one element a turn,
                      {"turn":T,"generals":[{"id","side","entry"}...]}
  --arrivals-by-hex   7.3's arrival lines as one line an entry hex
                      ("Reinforcements (7.3) at HEX: NAME, NAME.", split
                      below LW_LOG_LEN), the log rebuilt from the lines
  --log-no-removes    the log's removes left out (views as they are): a
                      bound, no shape gives it
  --members BYTES     forces diffed member by member from BYTES

Session 28's:

  --log-chunk N       the log's oldest lines dropped N at a time, not one
                      a line added: the view shows the lines from the
                      first multiple of N at or after (lines so far - M),
                      so most patches add lines and remove none, and one
                      in N lines added removes N at once (--log-max M: at
                      most M lines shown, 48 by default, LW_LOG_LINES;
                      more than 48 needs a longer ring in the state); the
                      game's lines are followed from its first view's
                      (the dump starts each game at its first action)

The ratio is the patch's operations over the new view, as bench_views
--ratios counts them. With no option the tool first checks that it gives
every line's bytes as the dump says, and stops if not; it prints the
median, the p99 (bench_views' rank), how many patches are at or above 25 %
(the p99 is under 25 % with at most 1 % of them), the mean patch and the
median view, and the actions that made the patches at or above 25 %.
A figure from here is a computation on a dump, not a measured build: say so
where it is quoted (BENCHMARKS.md, "The generals' records, smaller (session
26, 2026-12-01)"). Lincoln's War's forces only; the rest of the view as it
is.
"""
import argparse
import collections
import difflib
import json
import re
import sys

FALSE_MEMBERS = ("cavalry", "gic", "out_of_supply", "reluctant", "promoted")
# session 30's --defaults: a unit's members left out at these values
UNIT_DEFAULTS = {"false": {k: False for k in FALSE_MEMBERS}, "zero": {"wounds": 0},
                 "stars1": {"stars": 1}, "indecisive": {"attack": -1, "defense": -1}}
FORCE_DEFAULTS = {"false": {"out_of_supply": False}, "zero": {"it": 0}}
EVENT = re.compile(r"^(Play card \d+ .*? for its event(?: \([^)]*\))?(?: on a general| at a hex)?): ",
                   re.S)
NOTE = " [reconstructed text: the rulebook does not print card texts]"
CITY = re.compile(r"^([^()]+) \(\d{4}\)$")  # a city's "NAME (HHHH)"
FLEET = re.compile(r"^Buy a Fleet for (\d+) PC, placed in (.*) \(7\.1\.8\)$")
AT_CITY = re.compile(r"^(.* at [^()]+?) \(\d{4}\)$")  # "NAME at CITY (HHHH)"
FORCE = re.compile(r"/board/forces/\d+$")
UNIT = re.compile(r"/board/forces/\d+/(co|subordinates/\d+)$")


def dumps(x):
    return json.dumps(x, separators=(",", ":"), ensure_ascii=False)


def size(x):
    return len(dumps(x).encode())


class Whatif:
    def __init__(self, a):
        self.a = a

    def unit(self, u):
        if not isinstance(u, dict) or "id" not in u:
            return u
        u = dict(u)
        general = not u["id"].startswith("tco-")
        if self.a.drop_names and general:
            u.pop("name", None)
        if self.a.drop_false:
            for k in FALSE_MEMBERS:
                if u.get(k) is False:
                    del u[k]
        for d in self.a.defaults:
            for k, v in UNIT_DEFAULTS.get(d, {}).items():
                if k in u and u[k] == v and type(u[k]) is type(v):
                    del u[k]
        if "tco-name" in self.a.defaults and not general:
            u.pop("name", None)
        return u

    def force(self, f):
        if not isinstance(f, dict):
            return f
        f = dict(f)
        for d in self.a.defaults:
            for k, v in FORCE_DEFAULTS.get(d, {}).items():
                if k in f and f[k] == v and type(f[k]) is type(v):
                    del f[k]
        if "force-stars" in self.a.defaults:
            f.pop("stars", None)
        if "co" in f:
            f["co"] = self.unit(f["co"])
        if "subordinates" in f:
            f["subordinates"] = [self.unit(x) for x in f["subordinates"]]
        return f

    def city(self, c):
        """--defaults city-hex: a city's record without its hex (map.json,
        which the daemon serves, gives each city's); garrison: without
        "garrison" when false"""
        if not isinstance(c, dict) or "id" not in c:
            return c
        c = dict(c)
        if "city-hex" in self.a.defaults:
            c.pop("hex", None)
        if "garrison" in self.a.defaults and c.get("garrison") is False:
            del c["garrison"]
        return c

    def label(self, t):
        lab = self.a.labels
        if "event-text" in lab:
            m = EVENT.match(t)
            if m:
                t = m.group(1)
        if "spend" in lab:
            t = t.replace(" to spend its PC (activate, remove IT, bank)", " for its PC")
        if "note" in lab:
            t = t.replace(NOTE, "")
        return t

    def entries(self, lst):
        """admin29's rewrites of a whole /actions list (rewritten copies)"""
        lab, prom = self.a.labels, None
        for i, e in enumerate(lst):
            if not isinstance(e, dict) or not isinstance(e.get("action"), dict):
                continue
            a, ps = e["action"], e.get("params") or []
            if "activation-city" in lab and a.get("use") == "activate":
                for p in ps:
                    if p.get("name") == "general":
                        for c in p.get("choices", []):
                            c["label"] = AT_CITY.sub(r"\1", c["label"])
            if "admin-once" in lab and ps and "choices" in ps[0]:
                if (a.get("type") == "promote" and prom is None and
                        e.get("label", "").startswith("Promote a general to 2 stars")):
                    prom = (i, ps[0]["choices"])
                elif a.get("type") == "draft" and prom and ps[0]["choices"] == prom[1]:
                    del ps[0]["choices"]
                    ps[0]["choices_as"] = prom[0]
            if a.get("type") == "buy_raider" and ps and "choices" in ps[0]:
                if "raider-city" in lab and a.get("to") == "port":
                    for c in ps[0]["choices"]:
                        c["label"] = CITY.sub(r"\1", c["label"])
                if "raider-label" in lab and a.get("to") == "raid":
                    e["label"] = e["label"].replace(" of the Commerce Raider Track", "")
                if "raider-digit" in lab and a.get("to") == "raid":
                    for c in ps[0]["choices"]:
                        c["label"] = c["label"].replace("RAID hex ", "")
        if "raider-one" in lab:
            out, one = [], None
            for e in lst:
                a = e.get("action") if isinstance(e, dict) else None
                if not isinstance(a, dict) or a.get("type") != "buy_raider" or not e.get("params"):
                    out.append(e)
                    continue
                if one is None:
                    m = re.match(r"^Buy a Raider for (\d+) PC", e.get("label", ""))
                    one = {"label": f"Buy a Raider for {m.group(1) if m else 1} PC (7.1.7)",
                           "action": {"type": "buy_raider"},
                           "params": [{"name": "to", "label": "Into", "choices": []}]}
                    out.append(one)
                for c in e["params"][0]["choices"]:
                    if a.get("to") == "raid":
                        one["params"][0]["choices"].append(
                            {"value": f"raid:{c['value'] + 1}", "label": c["label"]})
                    else:
                        one["params"][0]["choices"].append(
                            {"value": f"port:{c['value']}", "label": CITY.sub(r"\1", c["label"])})
            lst = out
        if "fleet-param" in lab:
            out, fleet = [], None
            for e in lst:
                m = FLEET.match(e.get("label", "")) if isinstance(e, dict) else None
                if not m or e.get("params"):
                    out.append(e)
                    continue
                if fleet is None:
                    fleet = {"label": f"Buy a Fleet for {m.group(1)} PC (7.1.8)",
                             "action": {"type": "buy_fleet"},
                             "params": [{"name": "hex", "label": "Port", "choices": []}]}
                    out.append(fleet)
                fleet["params"][0]["choices"].append({"value": e["action"]["hex"],
                                                      "label": m.group(2)})
            lst = out
        return lst

    def offers(self, x, rail_to=False, top=False):
        """the labels inside x (an /actions value) rewritten"""
        if isinstance(x, list):
            out = [self.offers(e, rail_to) for e in x]
            return self.entries(out) if top else out
        if not isinstance(x, dict):
            return x
        to = rail_to or (x.get("name") == "to" and x.get("by") == "unit")
        out = {}
        for k, v in x.items():
            if k == "label" and isinstance(v, str):
                m = CITY.match(v) if rail_to and "city" in self.a.labels else None
                out[k] = m.group(1) if m else self.label(v)
            else:
                out[k] = self.offers(v, to and k == "choices")
        return out

    def view(self, v):
        v = json.loads(dumps(v))
        v["board"]["forces"] = [self.force(f) for f in v["board"]["forces"]]
        v["board"]["cities"] = [self.city(c) for c in v["board"]["cities"]]
        if self.a.labels:
            v["actions"] = self.offers(v["actions"], top=True)
        return v

    def op(self, o):
        if "value" not in o:
            return o
        o = dict(o)
        p = o["path"]
        if self.a.labels and p.startswith("/actions"):
            # a list of choices' (or a choice's) labels: a rail "to" list
            # only as part of its whole param or entry (the kit replaces
            # an offer's list whole)
            if p.endswith("/label") and isinstance(o["value"], str):
                o["value"] = self.label(o["value"])
            else:
                o["value"] = self.offers(o["value"], top=p == "/actions")
            return o
        if FORCE.match(p):
            o["value"] = self.force(o["value"])
        elif UNIT.match(p):
            o["value"] = self.unit(o["value"])
        elif re.match(r"/board/cities/\d+$", p):
            o["value"] = self.city(o["value"])
        elif p == "/board/cities":
            o["value"] = [self.city(c) for c in o["value"]]
        elif p == "/board/forces":
            o["value"] = [self.force(f) for f in o["value"]]
        elif re.match(r"/board/forces/\d+/subordinates$", p):
            o["value"] = [self.unit(x) for x in o["value"]]
        return o


def unit_of(view, uid):
    for f in view["board"]["forces"]:
        for u in [f.get("co")] + f.get("subordinates", []):
            if isinstance(u, dict) and u.get("id") == uid:
                return u
    return None


def no_promoted(x):
    """a force or unit with its units' "promoted" left out"""
    x = json.loads(dumps(x))
    for u in [x] if "id" in x else [x.get("co")] + x.get("subordinates", []):
        if isinstance(u, dict):
            u.pop("promoted", None)
    return x


def clears_promoted(o, before):
    """--promoted-kept: o replaces a force or a unit that changed in
    nothing but its units' "promoted" (the flag of 7.1, cleared at a turn's
    start: lw_initiative.c)"""
    if o["op"] != "replace" or before is None:
        return False
    new = o["value"]
    if FORCE.match(o["path"]):
        old = next((f for f in before["board"]["forces"]
                    if f.get("hex") == new.get("hex") and f.get("side") == new.get("side")), None)
    elif UNIT.match(o["path"]) and isinstance(new, dict):
        old = unit_of(before, new.get("id"))
    else:
        return False
    return old is not None and old != new and no_promoted(old) == no_promoted(new)


def by_member(o, before, bound):
    """A whole force's replace as the replaces of its changed members, when
    the old force is bound bytes or more, the names are the same and that is
    shorter; else the op itself. The kit's rule, a little less: a changed
    list member (subordinates) is replaced whole here, the kit diffs it on
    its elements. At 384 it gives the dump's own patches (the kit did it)."""
    if o["op"] != "replace" or not FORCE.match(o["path"]) or before is None:
        return [o]
    new = o["value"]
    old = next((f for f in before["board"]["forces"]
                if f.get("hex") == new.get("hex") and f.get("side") == new.get("side")), None)
    if old is None or set(old) != set(new) or size(old) < bound:
        return [o]
    ops = [{"op": "replace", "path": f"{o['path']}/{k}", "value": v}
           for k, v in new.items() if old[k] != v]
    # the operations inside the patch's list: each one's bytes and a comma
    return ops if sum(size(x) + 1 for x in ops) < size(o) + 1 else [o]


# ---- session 27: a section re-diffed (the kit's diff, modelled) ----------

def esc(k):
    return k.replace("~", "~0").replace("/", "~1")


def mkop(o, p, v=None):
    return {"op": o, "path": p} if o == "remove" else {"op": o, "path": p, "value": v}


def whole_or(ops, path, new):
    """replace_if_shorter: one replace where the operations are longer"""
    if len(ops) >= 2 and sum(size(x) + 1 for x in ops) > size(mkop("replace", path, new)) + 1:
        return [mkop("replace", path, new)]
    return ops


def arr_diff(old, new, path, members_min, whole):
    """whole: replaced whole where shorter (a section, a force's list;
    not a list inside an object section, unless --lists-whole)"""
    ot, nt = [dumps(x) for x in old], [dumps(x) for x in new]
    ops = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ot, nt, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        npair = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        for k in range(npair):
            o, n, p = old[i1 + k], new[j1 + k], f"{path}/{j1 + k}"
            sub = None
            if (isinstance(o, dict) and isinstance(n, dict) and list(o) == list(n)
                    and size(o) >= members_min):
                sub = []
                for m in n:
                    if o[m] != n[m]:
                        q = p + "/" + esc(m)
                        sub += (arr_diff(o[m], n[m], q, members_min, True)
                                if isinstance(n[m], list) and isinstance(o[m], list)
                                else [mkop("replace", q, n[m])])
                if sum(size(x) + 1 for x in sub) >= size(mkop("replace", p, n)) + 1:
                    sub = None
            ops += sub if sub is not None else [mkop("replace", p, n)]
        ops += [mkop("remove", f"{path}/{j1 + npair}") for _ in range(i1 + npair, i2)]
        ops += [mkop("add", f"{path}/{k}", new[k]) for k in range(j1 + npair, j2)]
    return whole_or(ops, path, new) if whole else ops


def val_diff(old, new, path, lists_whole=True):
    """lists_whole: every list and object inside replaced whole where
    shorter, as the kit does since session 28 (json_patch_diff.c's
    whole_if_shorter, view_object.c alike); False: as it did before"""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        ops = [mkop("remove", path + "/" + esc(k)) for k in old if k not in new]
        for k in new:
            if k not in old:
                ops.append(mkop("add", path + "/" + esc(k), new[k]))
            elif old[k] != new[k]:
                ops += val_diff(old[k], new[k], path + "/" + esc(k), lists_whole)
        return whole_or(ops, path, new) if lists_whole else ops
    if isinstance(old, list) and isinstance(new, list):
        return arr_diff(old, new, path, 10 ** 9, lists_whole)
    return [mkop("replace", path, new)]


def sections(v):
    for k in v:
        if k == "board":
            for b in v["board"]:
                yield "/board/" + b, v["board"][b]
        else:
            yield "/" + k, v[k]


def sec_of(path):
    q = path.split("/")
    return "/".join(q[:3]) if len(q) > 2 and q[1] == "board" else "/".join(q[:2])


ITEMS = {"/log", "/board/forces", "/board/cities"}  # the kit's member rule: items
ARRIVAL = re.compile(r"^Reinforcement: (.*) arrives at (.*) \(7\.3\)\.$")


def by_hex(lines):
    out, i = [], 0
    while i < len(lines):
        if not ARRIVAL.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        j, hexes = i, {}
        while j < len(lines) and ARRIVAL.match(lines[j]):
            n, h = ARRIVAL.match(lines[j]).groups()
            hexes.setdefault(h, []).append(n)
            j += 1
        for h, names in hexes.items():
            while names:
                k = len(names)
                while k > 1 and len(f"Reinforcements (7.3) at {h}: {', '.join(names[:k])}.".encode()) > 199:
                    k -= 1
                out.append(f"Reinforcements (7.3) at {h}: {', '.join(names[:k])}.")
                names = names[k:]
        i = j
    return out


def log_follow(hist, prev_log, now_log, patch):
    """hist (every line of the game so far) grown by the lines now_log
    adds to prev_log (the view's last LW_LOG_LINES): the patch's adds at
    /log/N counted, checked against the two windows' overlap"""
    k = sum(1 for o in patch if o["op"] == "add" and re.match(r"/log/\d+$", o["path"]))
    keep = len(prev_log) + k - len(now_log)  # the previous lines dropped
    if k > len(now_log) or keep < 0 or prev_log[keep:] != now_log[:len(now_log) - k]:
        sys.exit("the log's lines cannot be followed (a replaced log?)")
    hist += now_log[len(now_log) - k:]


def log_chunked(hist, n, most):
    """--log-chunk: the lines shown, from the first multiple of n at or
    after len(hist) - most"""
    start = max(0, -(-(len(hist) - most) // n) * n)
    return hist[start:]


def reshape(a, v, role, log):
    v = json.loads(dumps(v))
    if log is not None:
        v["log"] = log[-len(v["log"]):] if v["log"] else []
    b = v["board"]
    if a.reinf_by_turn:
        g = {}
        for e in b["reinforcements"]:
            g.setdefault(e["turn"], []).append({"id": e["id"], "side": e["side"],
                                                "entry": e["entry"]})
        b["reinforcements"] = [{"turn": t, "generals": x} for t, x in g.items()]
    if a.promoted_to_player:
        prom = []
        for f in b["forces"]:
            for u in [f["co"]] + f.get("subordinates", []):
                if u.pop("promoted", False):
                    prom.append(u["id"])
        if role in b["players"] and "hand" in b["players"][role]:
            b["players"][role]["promoted"] = prom
    return v


def rediff_main(a):
    touched = set()
    if a.promoted_to_player:
        touched |= {"/board/forces", "/board/players"}
    if a.lists_whole:
        touched.add("/board/players")
    if a.reinf_by_turn:
        touched.add("/board/reinforcements")
    if a.arrivals_by_hex:
        touched.add("/log")
    if a.members != 384:
        touched.add("/board/forces")
    if a.log_chunk:
        touched.add("/log")
    if a.check_rediff:
        touched = None  # every section (the options' sections among them)
    prev, logs, rows, differ = {}, {}, [], collections.Counter()
    with open(a.file) as f:
        for n, line in enumerate(f, 1):
            d = json.loads(line)
            if d.get("view") is None:
                sys.exit(f"{a.file}:{n}: no view (dump with --dump-views 0)")
            key = (d.get("match"), d["role"])
            if a.arrivals_by_hex:
                if key not in logs:
                    logs[key] = by_hex(list(d["view"]["log"]))
                else:
                    logs[key] += by_hex([o["value"] for o in d["patch"]
                                         if o["op"] == "add" and o["path"].startswith("/log/")])
            if a.log_chunk:
                if key not in logs:
                    logs[key] = (list(d["view"]["log"]), d["view"]["log"])
                else:
                    log_follow(logs[key][0], logs[key][1], d["view"]["log"], d["patch"])
                    logs[key] = (logs[key][0], d["view"]["log"])
                v = json.loads(dumps(d["view"]))
                v["log"] = log_chunked(logs[key][0], a.log_chunk, a.log_max)
                v = reshape(a, v, d["role"], None)
            else:
                v = reshape(a, d["view"], d["role"], logs.get(key))
            if key not in prev:  # a role's first patch: no view before it to diff
                prev[key] = v
                rows.append((100.0 * size(d["patch"]) / size(v), size(d["patch"]), size(v),
                             d["after"]))
                continue
            ops = [o for o in d["patch"] if touched is not None and sec_of(o["path"]) not in touched]
            if a.log_no_removes:
                ops = [o for o in ops if not (o["op"] == "remove" and o["path"].startswith("/log/"))]
            old = dict(sections(prev[key]))
            for p, now in sections(v):
                if (touched is None or p in touched) and old.get(p) != now:
                    if isinstance(now, list) and isinstance(old[p], list):
                        ops += arr_diff(old[p], now, p, a.members if p in ITEMS else 384, True)
                    else:
                        sub = val_diff(old[p], now, p, not a.lists_apart)
                        ops += whole_or(sub, p, now)  # the section's replace_if_shorter
            if a.check_rediff:
                x, y = collections.Counter(), collections.Counter()
                for o in d["patch"]:
                    x[sec_of(o["path"])] += size(o) + 1
                for o in ops:
                    y[sec_of(o["path"])] += size(o) + 1
                for sct in set(x) | set(y):
                    differ[sct] += x[sct] != y[sct]
            pb, vb = size(ops), size(v)
            rows.append((100.0 * pb / vb, pb, vb, d["after"]))
            prev[key] = v
    if a.check_rediff:
        print("patches whose section the model gives other bytes: " +
              (", ".join(f"{k} {m}" for k, m in differ.most_common() if m) or "none"))
    return rows


def report(rows):
    if not rows:
        sys.exit("no patches")
    r = sorted(x[0] for x in rows)
    k = len(r)
    over = [x for x in rows if x[0] >= 25.0]
    # bench_views' and patch_breakdown.py's rank: the p99 is r[int(0.99 k)]
    print(f"patches {k}; median {r[int(0.5 * k)]:.2f} %, p99 {r[min(k - 1, int(0.99 * k))]:.2f} %, "
          f"max {r[-1]:.2f} %; at or above 25 %: {len(over)} (the p99 is under 25 % with "
          f"{k - int(0.99 * k) - 1} or fewer)")
    print(f"patch bytes mean {sum(x[1] for x in rows) / k:.0f}, view bytes median "
          f"{sorted(x[2] for x in rows)[k // 2]}")
    c = collections.Counter(x[3] for x in over)
    print("at or above 25 % after: " + ", ".join(f"{t} {m}" for t, m in c.most_common()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--drop-names", action="store_true")
    ap.add_argument("--drop-false", action="store_true")
    ap.add_argument("--static", type=int, default=0, metavar="BYTES")
    ap.add_argument("--forces-by-member", type=int, nargs="?", const=0, default=None,
                    metavar="BYTES")
    ap.add_argument("--labels", type=lambda x: set(x.split(",")), default=set(),
                    metavar="event-text,spend,note,city,activation-city,admin-once,fleet-param,raider-...")
    ap.add_argument("--defaults", type=lambda x: set(x.split(",")), default=set(),
                    metavar="false,zero,stars1,indecisive,force-stars,tco-name,city-hex,garrison")
    ap.add_argument("--promoted-kept", action="store_true")
    ap.add_argument("--check-rediff", action="store_true")
    ap.add_argument("--promoted-to-player", action="store_true")
    ap.add_argument("--lists-whole", action="store_true")
    ap.add_argument("--lists-apart", action="store_true")
    ap.add_argument("--reinf-by-turn", action="store_true")
    ap.add_argument("--arrivals-by-hex", action="store_true")
    ap.add_argument("--log-no-removes", action="store_true")
    ap.add_argument("--members", type=int, default=384, metavar="BYTES")
    ap.add_argument("--log-chunk", type=int, default=0, metavar="N")
    ap.add_argument("--log-max", type=int, default=48, metavar="M")
    a = ap.parse_args()
    rediff = (a.check_rediff or a.promoted_to_player or a.lists_whole or a.reinf_by_turn or
              a.arrivals_by_hex or a.log_no_removes or a.members != 384 or a.log_chunk)
    if rediff:
        if (a.drop_names or a.drop_false or a.static or a.forces_by_member is not None or
                a.labels or a.defaults or a.promoted_kept):
            sys.exit("session 26's options and session 27's re-diff do not mix")
        report(rediff_main(a))
        return
    w = Whatif(a)
    plain = not (a.drop_names or a.drop_false or a.forces_by_member is not None or a.labels or
                 a.defaults or a.promoted_kept)
    before = {}
    rows = []
    with open(a.file) as f:
        for n, line in enumerate(f, 1):
            d = json.loads(line)
            v = d.get("view")
            if v is None:
                sys.exit(f"{a.file}:{n}: no view (dump with --dump-views 0)")
            ops = d["patch"]
            if plain and (size(ops) != d["patch_bytes"] or size(v) != d["view_bytes"]):
                sys.exit(f"{a.file}:{n}: {size(ops)} / {size(v)} bytes where the dump says "
                         f"{d['patch_bytes']} / {d['view_bytes']}: not the views.c form")
            key = (d.get("match"), d["role"])
            if a.promoted_kept:
                ops = [o for o in ops if not clears_promoted(o, before.get(key))]
            if a.forces_by_member is not None:
                ops = [x for o in ops for x in by_member(o, before.get(key), a.forces_by_member)]
            before[key] = v
            nv = w.view(v) if not plain else v
            nops = [w.op(o) for o in ops]
            pb, vb = size(nops), size(nv) + a.static
            rows.append((100.0 * pb / vb, pb, vb, d["after"]))
    report(rows)


if __name__ == "__main__":
    main()
