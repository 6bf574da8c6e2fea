"""RFC 6902 JSON Patch apply (and RFC 6901 pointers), independent of the C
implementation so that the integration tests check the server's patches
against a second reading of the RFC."""

import copy


class PatchError(Exception):
    pass


def parse_pointer(ptr):
    if not isinstance(ptr, str):
        raise PatchError(f"a pointer is a string, not {ptr!r}")
    if ptr == "":
        return []
    if not ptr.startswith("/"):
        raise PatchError(f"bad pointer {ptr!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in ptr[1:].split("/")]


def _index(container, token, allow_end):
    if token == "-" and allow_end:
        return len(container)
    if not token.isdigit() or (token != "0" and token.startswith("0")):
        raise PatchError(f"bad array index {token!r}")
    i = int(token)
    if i > len(container) or (i == len(container) and not allow_end):
        raise PatchError(f"array index {i} out of range")
    return i


def _resolve(doc, tokens):
    cur = doc
    for t in tokens:
        if isinstance(cur, dict):
            if t not in cur:
                raise PatchError(f"no member {t!r}")
            cur = cur[t]
        elif isinstance(cur, list):
            cur = cur[_index(cur, t, False)]
        else:
            raise PatchError("pointer goes through a scalar")
    return cur


def _add(doc, tokens, value):
    if not tokens:
        return value
    parent = _resolve(doc, tokens[:-1])
    last = tokens[-1]
    if isinstance(parent, dict):
        parent[last] = value
    elif isinstance(parent, list):
        parent.insert(_index(parent, last, True), value)
    else:
        raise PatchError("add into a scalar")
    return doc


def _remove(doc, tokens):
    if not tokens:
        return None, doc
    parent = _resolve(doc, tokens[:-1])
    last = tokens[-1]
    if isinstance(parent, dict):
        if last not in parent:
            raise PatchError(f"no member {last!r} to remove")
        return doc, parent.pop(last)
    if isinstance(parent, list):
        return doc, parent.pop(_index(parent, last, False))
    raise PatchError("remove from a scalar")


def json_equal(a, b):
    # JSON equality: 1 == 1.0 but True != 1
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    return a == b


def apply_patch(doc, patch):
    """Returns the patched copy of doc; doc itself is never changed."""
    if not isinstance(patch, list):
        raise PatchError("a patch is an array")
    doc = copy.deepcopy(doc)
    for op in patch:
        if not isinstance(op, dict):
            raise PatchError("an operation is an object")
        for member in {"add": ("value",), "replace": ("value",), "test": ("value",),
                       "move": ("from",), "copy": ("from",)}.get(op.get("op"), ()):
            if member not in op:
                raise PatchError(f"{op.get('op')} needs {member!r}")
        kind = op.get("op")
        tokens = parse_pointer(op.get("path"))
        if kind == "add":
            doc = _add(doc, tokens, copy.deepcopy(op["value"]))
        elif kind == "remove":
            doc, _ = _remove(doc, tokens)
        elif kind == "replace":
            _resolve(doc, tokens)
            doc, _ = _remove(doc, tokens)
            doc = _add(doc, tokens, copy.deepcopy(op["value"]))
        elif kind == "move":
            frm = parse_pointer(op["from"])
            if tokens[: len(frm)] == frm and len(tokens) > len(frm):
                raise PatchError("move into its own child")
            doc, value = _remove(doc, frm)
            doc = _add(doc, tokens, value)
        elif kind == "copy":
            value = copy.deepcopy(_resolve(doc, parse_pointer(op["from"])))
            doc = _add(doc, tokens, value)
        elif kind == "test":
            if not json_equal(_resolve(doc, tokens), op["value"]):
                raise PatchError(f"test failed at {op['path']}")
        else:
            raise PatchError(f"unknown op {kind!r}")
    return doc
