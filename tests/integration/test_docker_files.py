#!/usr/bin/env python3
"""test_docker_files.py — what can be checked of docker/ without a Docker
engine (none exists where this was written):

  python3 test_docker_files.py --daemon build/server/telegraphd --cli build/clients/telegraph

1. Every shared library `ldd` says telegraphd and telegraph need comes from a
   package the runtime stage installs, or from one every Debian image has
   (Essential, or needed by coreutils, like libc6).
2. The image copies both programs and the entrypoint, has a HEALTHCHECK that
   runs the client, and an ENTRYPOINT.
3. docker/entrypoint.sh, run directly as root with a scratch data folder
   owned by root (a bind mount made by root on the host): the folder ends
   up owned by the unprivileged user with mode 0700 and the command runs as
   that user and can write there; TELEGRAPH_CERT_NAMES becomes --cert-names.
   (Needs root; 'nobody' stands in for the image's telegraph user.)
Not checked here: the image build, Docker's own handling of HEALTHCHECK,
volumes and signals.
"""
import argparse
import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAILURES = []


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what, flush=True)
    if not cond:
        FAILURES.append(what)


def runtime_stage(dockerfile):
    stages = re.split(r"^FROM ", open(dockerfile).read(), flags=re.M)
    return stages[-1]


def runtime_packages(stage):
    m = re.search(r"apt-get install[^\n]*\\\n(.*?)&&", stage, re.S)
    return set(m.group(1).replace("\\", " ").split()) if m else set()


def package_of(path):
    for p in (path, re.sub(r"^/usr", "", path)):
        r = subprocess.run(["dpkg", "-S", p], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.split(":")[0]
    return None


def essential(pkg):
    """In every Debian image: Essential, or what an Essential package like
    coreutils cannot run without (libc6)."""
    r = subprocess.run(["dpkg-query", "-W", "-f=${Essential}", pkg], capture_output=True,
                       text=True)
    if r.stdout.strip() == "yes":
        return True
    deps = subprocess.run(["dpkg-query", "-W", "-f=${Pre-Depends} ${Depends}", "coreutils"],
                          capture_output=True, text=True).stdout
    return pkg in re.findall(r"[a-z0-9][a-z0-9.+-]+", deps)


def with_dependencies(pkgs):
    """The packages and, recursively, what they depend on (apt installs
    those too): e.g. libcurl4 brings libnghttp2-14 and the rest."""
    seen, todo = set(), list(pkgs)
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        r = subprocess.run(["dpkg-query", "-W", "-f=${Pre-Depends}, ${Depends}", p],
                           capture_output=True, text=True)
        for alt in r.stdout.split(","):
            name = alt.split("|")[0].strip().split(" ")[0].split(":")[0]
            if name:
                todo.append(name)
    return seen


def test_libraries(args, stage):
    pkgs = runtime_packages(stage)
    check(bool(pkgs), f"runtime packages found in the Dockerfile: {sorted(pkgs)}")
    pkgs = with_dependencies(pkgs)
    for binary in (args.daemon, args.cli):
        out = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
        for lib in re.findall(r"=> (/\S+)", out):
            pkg = package_of(os.path.realpath(lib))
            check(pkg is not None and (pkg in pkgs or essential(pkg)),
                  f"{os.path.basename(binary)} needs {os.path.basename(lib)} from {pkg}, "
                  f"which the image has")


def test_dockerfile(stage):
    check("/usr/local/bin/telegraphd" in stage and "/usr/local/bin/telegraph\n" in stage,
          "the image holds the daemon and the client")
    check(re.search(r"^HEALTHCHECK .*CMD \[\"telegraph\"", stage, re.M | re.S) is not None,
          "HEALTHCHECK probes the TLS port with the client")
    check('ENTRYPOINT ["telegraph-entrypoint"]' in stage and "docker/entrypoint.sh" in stage,
          "the entrypoint is copied and used")
    check(not re.search(r"^USER ", stage, re.M), "no USER: the entrypoint drops privileges")


def test_entrypoint():
    if os.geteuid() != 0:
        print("note: not root; the entrypoint's chown and setpriv were not run")
        return
    nobody = pwd.getpwnam("nobody")
    tmp = tempfile.mkdtemp(prefix="tg-entry-")
    os.chmod(tmp, 0o755)  # the way in to a bind mount is open to the user
    try:
        data = os.path.join(tmp, "data")
        os.makedirs(os.path.join(data, "old"))
        open(os.path.join(data, "old", "telegraph.db"), "w").close()
        os.chmod(data, 0o755)
        env = dict(os.environ, TELEGRAPH_DATA=data, TELEGRAPH_USER="nobody")
        script = os.path.join(ROOT, "docker", "entrypoint.sh")
        r = subprocess.run(["sh", script, "sh", "-c", f'id -u; touch "{data}/written"'],
                           env=env, capture_output=True, text=True, timeout=30)
        check(r.returncode == 0, f"the entrypoint ran the command: {r.stderr.strip()}")
        check(r.stdout.strip() == str(nobody.pw_uid),
              f"the command runs as the unprivileged user: uid {r.stdout.strip()}")
        st = os.stat(data)
        check(st.st_uid == nobody.pw_uid and (st.st_mode & 0o777) == 0o700,
              "the data folder is the user's, mode 0700")
        check(os.stat(os.path.join(data, "old", "telegraph.db")).st_uid == nobody.pw_uid,
              "files already in it are handed over too")
        check(os.path.exists(os.path.join(data, "written")), "the user can write the folder")
        # A stand-in telegraphd that prints its arguments.
        fake = os.path.join(tmp, "telegraphd")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\necho "$@"\n')
        os.chmod(fake, 0o755)
        env = dict(env, TELEGRAPH_CERT_NAMES="game.example.org",
                   PATH=tmp + ":" + os.environ["PATH"])
        r = subprocess.run(["sh", script, "telegraphd", "--data", "/data"], env=env,
                           capture_output=True, text=True, timeout=30)
        check(r.stdout.strip() == "--cert-names game.example.org --data /data",
              f"TELEGRAPH_CERT_NAMES reaches telegraphd: {r.stdout.strip()!r} {r.stderr!r}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", required=True)
    p.add_argument("--cli", required=True)
    args = p.parse_args()
    stage = runtime_stage(os.path.join(ROOT, "docker", "Dockerfile"))
    test_libraries(args, stage)
    test_dockerfile(stage)
    test_entrypoint()
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
