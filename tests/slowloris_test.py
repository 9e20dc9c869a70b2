#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Slowloris against `vfplan serve` (issue 36, D6; adapted from the
reproducer ../shared/reference/crashes-2/slowloris_hold.py): with --timeout T
and --max-connections M, N connections each send one header byte every T/2 s
(never idle for T, so libmicrohttpd's idle timeout never ends them) for HOLD
s, while a normal client asks GET /healthz once a second from the first
second on. Passes when at least 80 % of the normal client's requests got a
200 and no trickling connection outlived the deadline (T, plus the
watchdog's tick) by more than 2 s. docs/http.md, "Slow clients".

  tests/slowloris_test.py VFPLAN [T=2] [M=20] [N=40] [HOLD=8]"""
import re, select, socket, subprocess, sys, threading, time

cli = sys.argv[1]
T = int(sys.argv[2]) if len(sys.argv) > 2 else 2
M = int(sys.argv[3]) if len(sys.argv) > 3 else 20
N = int(sys.argv[4]) if len(sys.argv) > 4 else 40
HOLD = float(sys.argv[5]) if len(sys.argv) > 5 else 8
p = subprocess.Popen([cli, "serve", "--no-config", "--port", "0",
                      "--timeout", str(T), "--max-connections", str(M)],
                     stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
port = None
while port is None:
    line = p.stderr.readline()
    if not line:
        sys.exit("slowloris_test: the server did not start")
    m = re.search(rb"listening on http://127\.0\.0\.1:(\d+)", line)
    if m:
        port = int(m.group(1))
threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()

# lived[i]: seconds connection i stayed open from its connect; None: still
# open at HOLD; -1: refused at connect
lived = [None] * N
t0 = time.time()


def trickle(i):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=HOLD + 5)
    except OSError:
        lived[i] = -1
        return
    start = time.time()
    msg = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 10000
    try:
        for k in range(len(msg)):
            if time.time() - t0 > HOLD:
                s.close()
                return  # still open: lived stays None
            s.sendall(msg[k:k + 1])
            # wait T/2, but see at once the server's end of the stream
            r, _, _ = select.select([s], [], [], T / 2)
            if r and not s.recv(4096):
                break
    except OSError:
        pass
    lived[i] = time.time() - start
    s.close()


threads = [threading.Thread(target=trickle, args=(i,)) for i in range(N)]
for t in threads:
    t.start()
time.sleep(1)
got = {}
while time.time() - t0 < HOLD - 1:
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=T + 1)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        d = s.recv(100)
        s.close()
        st = d[9:12].decode() if d else "closed"
    except OSError as e:
        st = type(e).__name__
    got[st] = got.get(st, 0) + 1
    time.sleep(1)
for t in threads:
    t.join()
p.terminate()
p.wait(timeout=30)

asked = sum(got.values())
ok = got.get("200", 0)
still = sum(1 for x in lived if x is None)
longest = max((x for x in lived if x is not None), default=0.0)
refused = sum(1 for x in lived if x == -1)
print("slowloris_test: --timeout %d --max-connections %d, %d trickling "
      "connections (%d refused at connect): the longest lived %.1f s, %d still "
      "open after %.0f s; the normal client's answers: %s"
      % (T, M, N, refused, longest, still, HOLD, got))
bad = []
if asked == 0 or ok < 0.8 * asked:
    bad.append("under 80 %% of the normal requests answered 200 (%d of %d)"
               % (ok, asked))
if still:
    bad.append("%d trickling connections were still open at the end" % still)
if longest > T + 2:
    bad.append("a trickling connection lived %.1f s, past the %d s deadline "
               "+ 2 s" % (longest, T))
for b in bad:
    print("slowloris_test: FAIL: " + b)
sys.exit(1 if bad else 0)
