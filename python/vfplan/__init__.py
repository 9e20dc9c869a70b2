# SPDX-License-Identifier: GPL-3.0-or-later
"""vfplan from Python: GPU memory, time and cost of LLM training, serving
and image generation, planned by libvfplan (the library the `vfplan`
command is built on) through ctypes and vfp_request_json.

    import vfplan
    p = vfplan.plan(model="8B", gpus="4xH100", strategy="zero3")
    p["memory"]["per_gpu"]["total_bytes"]

Each command answers a dict: the JSON `vfplan COMMAND --json` prints
(`raw=True`: that text itself). Options are the CLI's, dashes written as
underscores (micro_batch=2, lora=16); help(vfplan.plan) lists them all.
`model` is a name, a size ("8B"), a path, or a config.json's contents: a
dict, or anything with to_dict() (a transformers PretrainedConfig).
Errors raise vfplan.Error (a ValueError): .message, .exit_code (the
CLI's: 2 bad input, 3 nothing fits, 1 internal). The module's functions
share one database, loaded once; Planner(data_dir=..., offers=...) plans
against data of your own. See docs/python.md.
"""
import inspect
import json
import math
import os
import threading

from . import _lib
from ._options import LISTS, OPTIONS

__all__ = ["Error", "Planner", "plan", "rent", "serve", "infer", "image",
           "launch", "scaling", "doctor", "request", "request_json", "keys",
           "version", *LISTS]

# vfp_status (src/vfplan.h) -> the CLI's exit code (src/cli/cmd_request.c)
_ENOMEM, _ENUMERIC, _ENOFIT = -6, -7, -8


class Error(ValueError):
    """A request vfplan refuses: .message (the CLI's one line), .exit_code
    (2 bad input, 3 nothing fits, 1 internal), .code ("not_found",
    "invalid" ...), .status (the library's vfp_status), .answer (the error
    object), and .file, .line, .column when the error has a position."""

    def __init__(self, message, exit_code=2, answer=None):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.answer = answer or {}
        e = self.answer.get("error", {})
        self.code = e.get("code")
        self.status = e.get("status")
        self.file, self.line, self.column = (e.get("file"), e.get("line"),
                                             e.get("column"))


def _exit_code(status):
    if status == 0:
        return 0
    if status == _ENOFIT:
        return 3
    return 1 if status in (_ENOMEM, _ENUMERIC) else 2


def _error(status, text):
    answer = json.loads(text)
    e = answer.get("error", {})
    msg = e.get("message", text)
    if e.get("file") and e.get("line"):  # as vfp_error_format says it
        msg = f"{e['file']}:{e['line']}:{e['column']}: {msg}"
    elif e.get("file"):
        msg = f"{e['file']}: {msg}"
    return Error(msg, _exit_code(status), answer)


def _finite(x):
    """JSON has no NaN or Infinity: a config's such values become null."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {str(k): _finite(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_finite(v) for v in x]
    return x


def _model_value(model):
    """A name or path as it is; a config (a dict, or an object with
    to_dict(): transformers' PretrainedConfig) as its contents."""
    if isinstance(model, (str, os.PathLike)):
        return os.fspath(model)
    if hasattr(model, "to_dict") and not isinstance(model, dict):
        model = model.to_dict()
    if isinstance(model, dict):
        # to_dict() may hold a torch.dtype or other objects: their str()
        return _finite(json.loads(json.dumps(model, default=str)))
    return model


# One encoder for every request: json.dumps(..., allow_nan=False) would
# build a new one per call (a third of a small request's cost).
_ENCODE = json.JSONEncoder(allow_nan=False).encode


def _request_text(command, options):
    req = {"command": command}
    for key, value in options.items():
        if value is None:
            continue  # not given: the library's default
        if key == "model":
            value = _model_value(value)
        elif key == "links" and isinstance(value, str):
            value = value.split(",")  # --links A,B
        elif isinstance(value, os.PathLike):
            value = os.fspath(value)
        req[key] = value
    return _ENCODE(req)


class Planner:
    """Plans against one database: the data compiled into the library
    (the default), or data_dir's models/ and hwdb/ (the CLI's --data),
    with an offers file or directory of your own added (--offers). The
    database is loaded once, on the first call, and shared by every
    thread (it is immutable); close() or `with` frees it.

    no_files=True: a "model" that names a file is refused unread
    (VFP_REQUEST_NO_FILES, as `vfplan serve` answers)."""

    def __init__(self, data_dir=None, offers=None, no_files=False):
        # (not self.offers: that is the offers() listing)
        self.data_dir = os.fspath(data_dir) if data_dir else None
        self.offers_path = os.fspath(offers) if offers else None
        self._flags = 1 if no_files else 0
        self._lock = threading.Lock()
        self._db = None
        self._lib = None

    def _open(self):
        with self._lock:
            if self._db is None:
                lib, db, msg, rc = _lib.open_db(self.data_dir,
                                                   self.offers_path)
                if db is None:
                    raise Error(msg, _exit_code(rc),
                                {"error": {"message": msg, "status": rc}})
                self._lib, self._db = lib, db
        return self._lib, self._db

    def close(self):
        """Frees the database (no call may be running on it)."""
        with self._lock:
            if self._db is not None:
                self._lib.vfp_db_free(self._db)
                self._db = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    def request_json(self, request):
        """The answer's JSON text to a request (a dict or JSON text, as
        vfp_request_json takes it: {"command": ..., options}); raises
        Error on an error answer."""
        lib, db = (self._lib, self._db) if self._db else self._open()
        text = request if isinstance(request, str) else _ENCODE(request)
        status, answer = _lib.request(lib, db, text.encode("utf-8"),
                                      self._flags)
        if status:
            raise _error(status, answer)
        return answer

    def request(self, command, raw=False, **options):
        """Any command by name, with its options: a dict (raw: text)."""
        text = self.request_json(_request_text(command, options))
        return text if raw else json.loads(text)


def keys(command):
    """The keys a command's requests take (vfp_request_keys)."""
    return _lib.keys(_lib.load(), command)


def version():
    """The library's version string."""
    return _lib.load().vfp_version_string().decode()


_default = None
_default_lock = threading.Lock()


def default_planner():
    """The module functions' Planner (the embedded data, or $VFPLAN_DATA
    as the CLI reads it), created once."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = Planner(os.environ.get("VFPLAN_DATA") or None)
    return _default


def request_json(request):
    """The default Planner's request_json()."""
    return default_planner().request_json(request)


def request(command, raw=False, **options):
    """The default Planner's request()."""
    return default_planner().request(command, raw=raw, **options)


_SUMMARY = {
    "plan": "Plans a training job: memory per GPU, fit, step time, cost "
            "(`vfplan plan --json`).",
    "rent": "Ranks the catalog's offers for a training job, or with "
            "image=True an image job (`vfplan rent --json`).",
    "serve": "Ranks the offers for serving a model (`vfplan rent --serve "
             "--json`).",
    "infer": "Plans serving a model: weights, KV cache, speed, engine "
             "command (`vfplan infer --json`).",
    "image": "Plans image or video generation, or LoRA training on it "
             "(`vfplan image --json`).",
    "launch": "Writes a plan's launch files: DeepSpeed, Accelerate, "
              "torchtune ... (`vfplan launch --json`).",
    "scaling": "Speed-up on 1..max GPUs, link by link (`vfplan scaling "
               "--json`).",
    "doctor": "Checks a rented machine's tools' outputs (outputs={FILE: "
              "TEXT}) against the plan: a verdict, each check, the plan "
              "re-run on what was found (`vfplan doctor --json`).",
}
# positional-or-keyword parameters, first (the rest are keyword-only)
_POSITIONAL = ("model", "gpus")


def _doc(command):
    lines = [_SUMMARY[command], "",
             "Returns the answer as a dict, or its JSON text with raw=True;",
             "raises vfplan.Error when vfplan refuses the request.", "",
             "Options (the CLI's, dashes as underscores; None: not given):"]
    for key, kind, value, text in OPTIONS[command]:
        lines.append(f"  {key} ({kind}{', ' + value if value else ''}):")
        lines.append(f"      {text}")
    return "\n".join(lines)


def _signature(command, with_self):
    P = inspect.Parameter
    params = [P("self", P.POSITIONAL_OR_KEYWORD)] if with_self else []
    names = {key: kind for key, kind, _, _ in OPTIONS[command]}
    for key in _POSITIONAL:
        if key in names:
            params.append(P(key, P.POSITIONAL_OR_KEYWORD, default=None,
                            annotation=names[key]))
    for key, kind in names.items():
        if key not in _POSITIONAL:
            params.append(P(key, P.KEYWORD_ONLY, default=None,
                            annotation=kind))
    params.append(P("raw", P.KEYWORD_ONLY, default=False,
                    annotation="bool"))
    return inspect.Signature(params, return_annotation="dict | str")


def _method(command):
    order = [k for k in _POSITIONAL
             if k in {o[0] for o in OPTIONS[command]}]
    compact = "compact" in {o[0] for o in OPTIONS[command]}

    def method(self, *args, raw=False, **options):
        if len(args) > len(order):
            raise TypeError(f"{command}() takes at most {len(order)} "
                            "positional arguments (model, gpus)")
        for key, value in zip(order, args):
            if key in options:
                raise TypeError(f"{command}() got two values for '{key}'")
            options[key] = value
        if compact and not raw and "compact" not in options:
            options["compact"] = True  # the same dict, less text to parse
        text = self.request_json(_request_text(command, options))
        return text if raw else json.loads(text)

    method.__name__ = method.__qualname__ = command
    method.__doc__ = _doc(command)
    method.__signature__ = _signature(command, True)
    return method


def _function(command):
    def function(*args, raw=False, **options):
        return getattr(default_planner(), command)(*args, raw=raw,
                                                   **options)

    function.__name__ = function.__qualname__ = command
    function.__doc__ = _doc(command)
    function.__signature__ = _signature(command, False)
    return function


def _list_method(name):
    def method(self, raw=False):
        text = self.request_json({"command": name})
        return text if raw else json.loads(text)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = (f"The database's {name}, as `vfplan {name} --json` "
                      "lists them (raw=True: the JSON text).")
    return method


def _list_function(name):
    def function(raw=False):
        return getattr(default_planner(), name)(raw=raw)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = getattr(Planner, name).__doc__
    return function


for _name in OPTIONS:
    setattr(Planner, _name, _method(_name))
    globals()[_name] = _function(_name)
for _name in LISTS:
    setattr(Planner, _name, _list_method(_name))
    globals()[_name] = _list_function(_name)
del _name
