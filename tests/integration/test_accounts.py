"""Accounts over the real client: register (and its refusals), login with a
wrong password, rate limiting after repeated failures, resume with a stored
token, logout invalidating exactly that token; and the human commands keeping
the token in a 0600 settings file."""

import os
import stat

from harness import Harness, check, register, run_main

PW = "correct horse"
LOGIN_ATTEMPTS = 5  # the daemon's default login_attempts (PROTOCOL.md, Limits)


def general(args):
    with Harness(args) as h:
        a = h.client("a")
        first = register(a, "alice", PW)
        a.error({"op": "register", "name": "alice", "password": PW}, "name_taken")
        a.error({"op": "register", "name": "ALICE", "password": PW}, "name_taken")
        a.error({"op": "register", "name": "al", "password": PW}, "bad_name")
        a.error({"op": "register", "name": "bad name!", "password": PW}, "bad_name")
        a.error({"op": "register", "name": "walter", "password": "short"}, "weak_password")
        a.error({"op": "login", "name": "alice", "password": "wrong password"},
                "bad_credentials")
        a.error({"op": "login", "name": "nobody", "password": PW}, "bad_credentials")

        # Two more sessions of alice; logging one out leaves the others.
        t2 = a.ok({"op": "login", "name": "alice", "password": PW})["token"]
        t3 = a.ok({"op": "login", "name": "Alice", "password": PW})["token"]
        check(len({first["token"], t2, t3}) == 3, "each login makes a new token")
        a.ok({"op": "logout"})  # logs out t3, the connection's latest login
        a.error({"op": "list", "which": "mine"}, "not_logged_in")

        b = h.client("b")
        b.error({"op": "resume", "token": t3}, "bad_token")
        b.error({"op": "resume", "token": "00" * 32}, "bad_token")
        r = b.ok({"op": "resume", "token": t2})
        check(r["user"]["name"] == "alice", f"resume user: {r}")
        b.ok({"op": "list", "which": "mine"})
        r = b.ok({"op": "resume", "token": first["token"]})
        check(r["user"]["name"] == "alice", f"resume first token: {r}")

        # The client forgot the token at logout: no resume on the next start.
        a.close()
        a.start()
        a.ok({"op": "games"})
        check(not any(m.get("id") == "cli-resume" for m in a.received[a.run_start:]),
              "the client resumed although logout should have forgotten the token")
        # It stores the token of a scripted login and resumes with it.
        a.ok({"op": "login", "name": "alice", "password": PW})
        a.close()
        a.start()
        _, resumed = a.wait_for(lambda m: m.get("id") == "cli-resume", 20)
        check(resumed.get("op") == "ok" and resumed["user"]["name"] == "alice",
              f"resume with the stored token: {resumed}")
        # A stored token that was logged out is refused on resume.
        stale = h.client("stale", start=False)
        with open(stale.config, "w") as f:
            f.write(f"server = {h.daemon.address}\ntrust = {h.daemon.cert}\ntoken = {t3}\n")
        stale.start()
        _, resumed = stale.wait_for(lambda m: m.get("id") == "cli-resume", 20)
        check(resumed.get("op") == "error" and resumed.get("code") == "bad_token",
              f"resume of a logged-out token must fail: {resumed}")
        stale.close()
        a.close()
        b.close()

        # Human commands: register/login/logout and the settings file.
        conf = os.path.join(h.tmp, "human.conf")
        env = {"TELEGRAPH_PASSWORD": PW}
        out = h.run_cli(["register", "henry"], conf, env=env)
        check(out.returncode == 0, f"register: {out.returncode} {out.stderr}")
        mode = stat.S_IMODE(os.stat(conf).st_mode)
        check(mode == 0o600, f"settings file mode {oct(mode)}, expected 0600")
        with open(conf) as f:
            text = f.read()
        check("token = " in text and "user = henry" in text, f"settings: {text}")
        out = h.run_cli(["list", "mine"], conf)
        check(out.returncode == 0, f"list mine with the stored token: {out.stderr}")
        out = h.run_cli(["login", "henry", "--password", "not his password"], conf)
        check(out.returncode == 1 and "bad_credentials" in out.stderr,
              f"wrong password: exit {out.returncode}, {out.stderr}")
        out = h.run_cli(["logout"], conf)
        check(out.returncode == 0, f"logout: {out.stderr}")
        with open(conf) as f:
            check(not any(ln.startswith("token") for ln in f.read().splitlines()),
                  "logout must forget the token")
        out = h.run_cli(["list", "mine"], conf)
        check(out.returncode == 4 and "not logged in" in out.stderr,
              f"list mine after logout: exit {out.returncode} {out.stderr}")
        out = h.run_cli(["login", "henry"], conf, env=env)
        check(out.returncode == 0, f"login: {out.stderr}")
        out = h.run_cli(["list", "mine"], conf)
        check(out.returncode == 0, f"list mine after login: {out.stderr}")

        n = h.validate_all()
        print(f"# {n} messages validated")
        h.daemon.stop()


def rate_limit(args):
    with Harness(args) as h:
        a = h.client("a")
        register(a, "alice", PW)
        register(a, "bob", PW)
        for i in range(LOGIN_ATTEMPTS):
            a.error({"op": "login", "name": "alice", "password": f"wrong {i}"},
                    "bad_credentials")
        # Over the limit even the right password is refused, with a retry time.
        r = a.error({"op": "login", "name": "alice", "password": PW}, "rate_limited")
        check(isinstance(r.get("retry_after"), int) and r["retry_after"] > 0,
              f"rate_limited needs a positive retry_after: {r}")
        # Another player behind the same address is not (issue 14: a venue
        # behind one NAT shares an address).
        a.ok({"op": "login", "name": "bob", "password": PW})
        # A session token is not a login attempt: resume still works.
        a.close()
        a.start()
        _, resumed = a.wait_for(lambda m: m.get("id") == "cli-resume", 20)
        check(resumed.get("op") == "ok", f"resume while login is rate limited: {resumed}")
        a.close()
        h.validate_all()
        h.daemon.stop()


def main(args):
    general(args)
    rate_limit(args)


if __name__ == "__main__":
    run_main(main)
