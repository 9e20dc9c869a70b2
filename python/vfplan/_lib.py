# SPDX-License-Identifier: GPL-3.0-or-later
"""libvfplan through ctypes: where it is found, its few functions typed,
and the database opened and freed (src/vfplan.h)."""
import ctypes
import ctypes.util
import os
import subprocess
import threading

SONAME = "libvfplan.so.0"
_lock = threading.Lock()
_lib = None


class _Error(ctypes.Structure):
    """vfp_error, as src/vfplan.h declares it."""
    _fields_ = [("code", ctypes.c_int), ("message", ctypes.c_char * 320),
                ("file", ctypes.c_char * 256), ("line", ctypes.c_uint),
                ("column", ctypes.c_uint)]


def _pkg_config_path():
    """libvfplan.so.0 in pkg-config's libdir of libvfplan, or None."""
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "libvfplan"],
                             capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    libdir = out.stdout.strip()
    path = os.path.join(libdir, SONAME) if out.returncode == 0 else ""
    return path if libdir and os.path.exists(path) else None


def candidates():
    """Where the library is looked for, in order: $VFPLAN_LIBRARY (a
    path), the copy installed beside the package, pkg-config's libdir,
    then the system's loader (ldconfig's cache, LD_LIBRARY_PATH)."""
    env = os.environ.get("VFPLAN_LIBRARY")
    if env:
        return [env]  # what the user names is the one tried
    found = [os.path.join(os.path.dirname(os.path.abspath(__file__)), SONAME)]
    found = [p for p in found if os.path.exists(p)]
    pc = _pkg_config_path()
    if pc:
        found.append(pc)
    found.append(ctypes.util.find_library("vfplan") or SONAME)
    return found


def _typed(lib):
    c = ctypes
    pp = c.POINTER(c.c_void_p)
    err = c.POINTER(_Error)
    for name, res, args in (
            ("vfp_db_open", c.c_int, [pp, c.c_char_p, err]),
            ("vfp_db_open_default", c.c_int, [pp, err]),
            ("vfp_db_new", c.c_int, [pp, err]),
            ("vfp_db_add_embedded", c.c_int, [c.c_void_p, err]),
            ("vfp_db_add_data_dir", c.c_int, [c.c_void_p, c.c_char_p, err]),
            ("vfp_db_add_path", c.c_int, [c.c_void_p, c.c_char_p, err]),
            ("vfp_db_finish", c.c_int, [c.c_void_p, err]),
            ("vfp_db_free", None, [c.c_void_p]),
            # the answer as a char * that ctypes copies itself (out.value:
            # no Python-level string_at call on every answer)
            ("vfp_request_json", c.c_int,
             [c.POINTER(c.c_char_p), c.c_void_p, c.c_char_p]),
            ("vfp_request_json_flags", c.c_int,
             [c.POINTER(c.c_char_p), c.c_void_p, c.c_char_p, c.c_uint]),
            ("vfp_request_keys", c.c_size_t,
             [c.c_char_p, c.POINTER(c.c_char_p), c.c_size_t]),
            ("vfp_free", None, [c.c_void_p]),
            ("vfp_version_string", c.c_char_p, [])):
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


def load():
    """The library, loaded once (under a lock: threads share it)."""
    global _lib
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is None:
            tried = []
            for path in candidates():
                try:
                    lib = ctypes.CDLL(path)
                    _lib = _typed(lib)
                    _lib.vfplan_path = path
                    break
                except (OSError, AttributeError) as e:
                    tried.append(f"{path}: {e}")
            else:
                raise OSError("vfplan: cannot load libvfplan (set "
                              "VFPLAN_LIBRARY to its path); tried "
                              + "; ".join(tried))
    return _lib


def open_db(data_dir=None, offers=None):
    """A database as the CLI's --data DIR and --offers PATH open it
    (src/front/open_db.c): DIR's models/ and hwdb/, else the data compiled
    into the library, with a user's offers added. Returns (lib, handle);
    raises OSError/ValueError with the library's one line."""
    lib = load()
    db = ctypes.c_void_p()
    err = _Error()
    d = os.fsencode(data_dir) if data_dir else None
    if offers is None:
        rc = (lib.vfp_db_open(ctypes.byref(db), d, ctypes.byref(err)) if d
              else lib.vfp_db_open_default(ctypes.byref(db),
                                           ctypes.byref(err)))
    else:
        rc = lib.vfp_db_new(ctypes.byref(db), ctypes.byref(err))
        if rc == 0:
            rc = (lib.vfp_db_add_data_dir(db, d, ctypes.byref(err)) if d
                  else lib.vfp_db_add_embedded(db, ctypes.byref(err)))
        if rc == 0:
            rc = lib.vfp_db_add_path(db, os.fsencode(offers),
                                     ctypes.byref(err))
        if rc == 0:
            rc = lib.vfp_db_finish(db, ctypes.byref(err))
        if rc and db:
            lib.vfp_db_free(db)
    if rc:
        return lib, None, error_line(err), rc
    return lib, db, None, 0


def error_line(err):
    """vfp_error_format()'s line: "file:line:column: message"."""
    msg = err.message.decode("utf-8", "replace")
    f = err.file.decode("utf-8", "replace")
    if f and err.line:
        return f"{f}:{err.line}:{err.column}: {msg}"
    return f"{f}: {msg}" if f else msg


def request(lib, db, text, flags=0):
    """vfp_request_json_flags: (status, answer text)."""
    out = ctypes.c_char_p()
    rc = lib.vfp_request_json_flags(ctypes.byref(out), db, text, flags)
    answer = out.value
    lib.vfp_free(out)
    if answer is None:
        raise MemoryError("vfplan: no answer (out of memory)")
    return rc, answer.decode("utf-8")


def keys(lib, command):
    """vfp_request_keys: the keys a command's requests take."""
    name = command.encode()
    n = lib.vfp_request_keys(name, None, 0)
    arr = (ctypes.c_char_p * max(n, 1))()
    lib.vfp_request_keys(name, arr, n)
    return [arr[i].decode() for i in range(n)]
