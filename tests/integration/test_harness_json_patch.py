"""The integration tests rebuild views with their own RFC 6902 apply
(json_patch.py), a second reading of the RFC next to the C one. It must pass
the same json-patch-tests conformance cases (tests/data/json-patch-tests)."""

import json
import os
import sys

from json_patch import PatchError, apply_patch, json_equal


def main():
    folder = sys.argv[1]
    failures, count = [], 0
    for name in ("tests.json", "spec_tests.json"):
        with open(os.path.join(folder, name)) as f:
            cases = json.load(f)
        for case in cases:
            if case.get("disabled") or "patch" not in case:
                continue
            count += 1
            what = f"{name}: {case.get('comment', case['patch'])}"
            original = json.loads(json.dumps(case["doc"]))
            try:
                out = apply_patch(case["doc"], case["patch"])
            except PatchError as e:
                if "error" not in case:
                    failures.append(f"{what}: refused ({e})")
                continue
            if not json_equal(case["doc"], original):
                failures.append(f"{what}: the input document was changed")
            if "error" in case:
                failures.append(f"{what}: applied, expected error {case['error']!r}")
            elif "expected" in case and not json_equal(out, case["expected"]):
                failures.append(f"{what}: got {out!r}")
    if count < 100:
        failures.append(f"only {count} cases found in {folder}")
    for f in failures:
        print("FAILED:", f)
    print(f"{count} cases, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
