#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A stand-in for the Hugging Face Hub, for tests/hub_test.sh: the standard
library's http.server on 127.0.0.1, a free port written to PORTFILE, every
request logged to LOGFILE ("GET <path> <Range or -> <status>").

ROOT/<org>/<name>/<revision>/<file> is served at
/<org>/<name>/resolve/<revision>/<file>, as the Hub lays out its URLs
(huggingface_hub constants.py: "{endpoint}/{repo_id}/resolve/{revision}/
{filename}"). A <file>.safetensors is made from <file>.safetensors.header.json:
the u64 little-endian header length, the header, then zeros for the tensors
(the safetensors format). Range: bytes=A-B answers 206 with those bytes,
except in a repository with a NORANGE file (a server that ignores Range). A
repository with a GATED file answers 401 unless "Authorization: Bearer
<the file's first line>" comes. A 404 carries the Hub's X-Error-Code
(RepoNotFound, RevisionNotFound, EntryNotFound).
"""
import json
import os
import re
import struct
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT, PORTFILE, LOGFILE = sys.argv[1], sys.argv[2], sys.argv[3]


def safetensors(header_path):
    with open(header_path) as f:
        header = json.load(f)
    text = json.dumps(header, separators=(",", ":")).encode()
    size = max((t["data_offsets"][1] for k, t in header.items()
                if k != "__metadata__"), default=0)
    return struct.pack("<Q", len(text)) + text + bytes(size)


class Hub(BaseHTTPRequestHandler):
    def log_message(self, fmt, *args):
        pass

    def log(self, status):
        with open(LOGFILE, "a") as f:
            f.write("GET %s %s %d\n" % (self.path,
                    self.headers.get("Range") or "-", status))

    def fail(self, status, code=None):
        self.log(status)
        self.send_response(status)
        if code:
            self.send_header("X-Error-Code", code)
        body = b'{"error": "%d"}' % status
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        m = re.fullmatch(r"/([^/]+)/([^/]+)/resolve/([^/]+)/([^/]+)",
                         self.path)
        if not m:
            return self.fail(404, "RepoNotFound")
        org, name, rev, file = (urllib.parse.unquote(g) for g in m.groups())
        repo = os.path.join(ROOT, org, name)
        if not os.path.isdir(repo):
            return self.fail(404, "RepoNotFound")
        gated = os.path.join(repo, "GATED")
        if os.path.exists(gated):
            with open(gated) as f:
                token = f.readline().strip()
            if self.headers.get("Authorization") != "Bearer " + token:
                return self.fail(401, "GatedRepo")
        if not os.path.isdir(os.path.join(repo, rev)):
            return self.fail(404, "RevisionNotFound")
        path = os.path.join(repo, rev, file)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                data = f.read()
        elif os.path.isfile(path + ".header.json"):
            data = safetensors(path + ".header.json")
        else:
            return self.fail(404, "EntryNotFound")
        self.send_data(data, not os.path.exists(os.path.join(repo,
                                                              "NORANGE")))

    def send_data(self, data, ranges):
        r = re.fullmatch(r"bytes=(\d+)-(\d+)", self.headers.get("Range", ""))
        r = r if ranges else None
        status, first = 200, 0
        if r:
            first, last = int(r.group(1)), min(int(r.group(2)), len(data) - 1)
            if first > last:
                return self.fail(416)
            status = 206
            data = data[first:last + 1]
        self.log(status)
        self.send_response(status)
        if status == 206:
            self.send_header("Content-Range", "bytes %d-%d/*" %
                             (first, first + len(data) - 1))
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client had the bytes it wanted


server = ThreadingHTTPServer(("127.0.0.1", 0), Hub)
with open(PORTFILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORTFILE + ".tmp", PORTFILE)
server.serve_forever()
