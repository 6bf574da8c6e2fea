"""The harness cleans up after itself:
- it leaves no daemon behind: a test that ends without stopping its daemon
  (most do) must not leave an orphaned telegraphd running (one session's
  runs left 146 of them on the shared machine);
- a passing run leaves no folder behind, even one that something still
  wrote into while the harness removed it (notify_rig's SMTP sink stops
  after the harness), nor one a harness made but never entered;
- a harness prunes the folders of runs older than a day (killed runs and
  failures nobody looked at: 193 had piled up in /tmp);
- and it never changes the temp folder itself (its first version made /tmp
  mode 0700 when a folder's last rmdir failed)."""

import errno
import os
import shutil
import stat
import tempfile
import threading
import time

import harness
from harness import Harness, check, register, run_main


def no_orphan_daemon(args):
    with Harness(args) as h:
        c = h.client("alice")
        register(c, "alice")
        proc = h.daemon.proc
    # __exit__ has run: the daemon must be gone.
    try:
        proc.wait(timeout=20)
    except Exception:
        os.kill(proc.pid, 9)
        proc.wait()
        check(False, "the harness left its daemon running after a test that passed")


def old_folders_pruned(args):
    root = tempfile.gettempdir()
    old = tempfile.mkdtemp(prefix=harness.TMP_PREFIX + "zz-old-", dir=root)
    young = tempfile.mkdtemp(prefix=harness.TMP_PREFIX + "zz-young-", dir=root)
    os.makedirs(os.path.join(old, "data"))
    with open(os.path.join(old, "data", "telegraph.db"), "w") as f:
        f.write("x")
    two_days_ago = time.time() - 2 * 24 * 3600
    os.utime(old, (two_days_ago, two_days_ago))
    os.utime(young, (time.time() - 3600, time.time() - 3600))
    try:
        h = Harness(args)  # made, never entered: removed by the pass below
        check(not os.path.exists(old), f"{old}, two days old, was not pruned")
        check(os.path.isdir(young), f"{young}, an hour old, was pruned")
        check(os.path.isdir(h.tmp), "the new harness has no folder")
    finally:
        harness.remove_folder(young)
        harness.remove_folder(old)
    return h.tmp


def written_while_removed(args):
    stop = threading.Event()
    with Harness(args) as h:
        mail = os.path.join(h.tmp, "mail")
        os.makedirs(mail)

        def writer():
            n = 0
            while not stop.is_set():
                n += 1
                try:  # as the SMTP sink: a file into the folder if it is there
                    with open(os.path.join(mail, f"msg-{n:05d}.eml"), "w") as f:
                        f.write("Subject: your move\n")
                except OSError:
                    pass
                time.sleep(0.002)

        t = threading.Thread(target=writer, daemon=True)
        t.start()
        time.sleep(0.05)
    # The writer outlives the harness by a moment, as the SMTP sink does.
    time.sleep(0.05)
    stop.set()
    t.join()
    return h.tmp


def parent_left_alone():
    """remove_folder, when the folder's own last rmdir fails once, retries
    and never touches the folder's parent (its first version chmodded the
    parent, /tmp, to 0700)."""
    parent = tempfile.mkdtemp(prefix="tg-harness-parent-")
    os.chmod(parent, 0o755)
    top = os.path.join(parent, "telegraph-it-x")
    os.makedirs(os.path.join(top, "mail"))
    real_rmdir = os.rmdir
    failed = []

    def rmdir_busy_once(p, *a, **k):
        if os.path.abspath(p) == top and not failed:
            failed.append(p)
            raise OSError(errno.ENOTEMPTY, "Directory not empty (a late writer)", p)
        return real_rmdir(p, *a, **k)

    os.rmdir = rmdir_busy_once
    try:
        gone = harness.remove_folder(top)
    finally:
        os.rmdir = real_rmdir
    mode = stat.S_IMODE(os.stat(parent).st_mode)
    shutil.rmtree(parent, ignore_errors=True)
    check(failed, "the test's failing rmdir was not called")
    check(gone, "remove_folder gave up after one failed rmdir")
    check(mode == 0o755, f"remove_folder changed its parent's mode to {oct(mode)}")


def body(args):
    check(not args.keep, "run without --keep")
    root = tempfile.gettempdir()
    mode = os.stat(root).st_mode
    parent_left_alone()
    no_orphan_daemon(args)
    never_entered = old_folders_pruned(args)
    written = written_while_removed(args)
    # What run_main does after a passing body:
    check(harness.remove_made_folders(), "a folder could not be removed")
    for path in (never_entered, written):
        check(not os.path.exists(path), f"{path} is left after a passing run")
    check(os.stat(root).st_mode == mode, f"the harness changed the mode of {root} from "
          f"{oct(mode)} to {oct(os.stat(root).st_mode)}")


if __name__ == "__main__":
    run_main(body)
