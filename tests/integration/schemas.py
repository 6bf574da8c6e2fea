"""The protocol's JSON Schemas (protocol/schema/): server message op X is
checked against X.json; requests against request/X.json when that exists,
else X.json. Cross-file $refs resolve relative to the file."""

import json
import os
import pathlib
import warnings

import jsonschema

from harness_check import CheckFailed


class SchemaBook:
    def __init__(self, folder):
        self.folder = pathlib.Path(folder).resolve()
        if not self.folder.is_dir():
            raise CheckFailed(f"no schema folder {self.folder}")
        self.store = {}
        for path in self.folder.rglob("*.json"):
            with open(path) as f:
                doc = json.load(f)
            self.store[path.as_uri()] = doc
            if isinstance(doc, dict) and "$id" in doc:
                self.store[doc["$id"]] = doc
        self.validators = {}

    def _validator(self, path):
        v = self.validators.get(path)
        if v is None:
            uri = path.as_uri()
            if uri not in self.store:
                return None
            schema = self.store[uri]
            cls = jsonschema.validators.validator_for(schema, jsonschema.Draft7Validator)
            cls.check_schema(schema)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                resolver = jsonschema.RefResolver(uri, schema, store=self.store)
                v = cls(schema, resolver=resolver)
            self.validators[path] = v
        return v

    def validate(self, msg, where="message"):
        op = msg.get("op") if isinstance(msg, dict) else None
        if not isinstance(op, str) or "/" in op or op.startswith("."):
            raise CheckFailed(f"{where}: message without a valid op: {msg}")
        v = self._validator(self.folder / f"{op}.json")
        if v is None:
            raise CheckFailed(f"{where}: no schema for op {op!r} in {self.folder}")
        self._run(v, msg, where)

    def validate_request(self, msg, where="request"):
        op = msg.get("op")
        v = self._validator(self.folder / "request" / f"{op}.json") or \
            self._validator(self.folder / f"{op}.json")
        if v is None:
            raise CheckFailed(f"{where}: no schema for request {op!r}")
        self._run(v, msg, where)

    @staticmethod
    def _run(v, msg, where):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            errors = sorted(v.iter_errors(msg), key=lambda e: list(e.path))
        if errors:
            e = errors[0]
            path = "/".join(str(p) for p in e.path)
            raise CheckFailed(f"{where}: {msg.get('op')} does not match its schema at "
                              f"/{path}: {e.message}\n  message: {json.dumps(msg)[:500]}")
