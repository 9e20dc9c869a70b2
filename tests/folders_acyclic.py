#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The include graph between src/'s folders has no circle
(docs/architecture.md, "Checking for circles").

A folder X depends on a folder Y when a file of X (.c, .h, .cu, .cpp,
.def, in X or below it) includes a file of Y: `#include "Y/name.h"` found
under src/ (the build's -I), or a name found beside the including file (the
same folder, or a relative path). src/'s own top-level headers (vfplan.h,
vfplan_image.h) are the public API, no folder; vfplan_export.h and
vfplan_version.h are generated into the build directory.

Fails naming each circle, with the include that makes each of its arrows.
With the architecture page given, also fails when its folder table does
not bear the graph out: each row's "depends on" cell, up to a ';', must
name exactly the folders that folder includes (words that are no folder's
name -- libyaml, the library -- are not looked at; after the ';' come the
arrows no include shows, calls through vfplan.h or base.h's declarations,
which tests/cycles_test.sh checks), every folder has a row, and a folder
depends only on folders whose rows are above its own.

usage: folders_acyclic.py SRC_DIR [ARCHITECTURE_MD]
"""
import os
import re
import sys

SOURCES = (".c", ".h", ".cu", ".cpp", ".def")
GENERATED = {"vfplan_export.h", "vfplan_version.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def folder_of(src, path):
    """The folder under src that holds path; None for src's own files."""
    rel = os.path.relpath(path, src).split(os.sep)
    return rel[0] if len(rel) > 1 else None


def read_graph(src):
    """{folder: {folder it includes: first 'file includes name'}}, and the
    includes that could not be placed."""
    folders = sorted(d for d in os.listdir(src)
                     if os.path.isdir(os.path.join(src, d)))
    edges = {f: {} for f in folders}
    unplaced = []
    for f in folders:
        for root, _, files in os.walk(os.path.join(src, f)):
            for name in sorted(files):
                if not name.endswith(SOURCES):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    text = fh.read()
                for inc in INCLUDE.findall(text):
                    beside = os.path.normpath(os.path.join(root, inc))
                    under = os.path.normpath(os.path.join(src, inc))
                    if os.path.isfile(beside):
                        target = beside
                    elif os.path.isfile(under):
                        target = under
                    elif os.path.basename(inc) in GENERATED:
                        continue
                    else:
                        unplaced.append("%s: %s" % (
                            os.path.relpath(path, src), inc))
                        continue
                    to = folder_of(src, target)
                    if to is not None and to != f:
                        edges[f].setdefault(to, "src/%s includes %s" % (
                            os.path.relpath(path, src), inc))
    return edges, unplaced


def circles(edges):
    """Circles (lists of folders, the first repeated last): within each
    strongly connected set of folders (Tarjan's algorithm), the shortest
    through each of its folders."""
    index, low, on, stack, sets = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                sets.append(set(scc))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    found = []
    for scc in sets:
        # the shortest circle through each folder of the set, each once
        for start in sorted(scc):
            paths, seen = [[start]], set()
            while paths:
                path = paths.pop(0)
                nxt = [w for w in sorted(edges[path[-1]]) if w in scc]
                if start in nxt:
                    ring = path
                    i = ring.index(min(ring))
                    ring = ring[i:] + ring[:i]
                    if ring + [ring[0]] not in found:
                        found.append(ring + [ring[0]])
                    break
                for w in nxt:
                    if w not in seen:
                        seen.add(w)
                        paths.append(path + [w])
    return found


def table(md):
    """[(folder, the folders its "depends on" cell names before any ';')]
    from the page's folder table, in its order."""
    rows = []
    for line in open(md, encoding="utf-8"):
        m = re.match(r"\|\s*`src/([^/`]+)/`\s*\|", line)
        if m:
            cell = line.rstrip().rstrip("|").split("|")[-1]
            rows.append((m.group(1), cell.split(";")[0]))
    return rows


def check_table(md, edges):
    """The table's lines that the include graph does not bear out."""
    rows, bad = table(md), []
    order = [f for f, _ in rows]
    names = sorted(edges)
    for f, cell in rows:
        if f not in edges:
            bad.append("a row for src/%s/, which is not there" % f)
            continue
        said = {g for g in names if g != f and
                re.search(r"(?<![\w/])%s(?![\w/])" % re.escape(g), cell)}
        for g in sorted(set(edges[f]) - said):
            bad.append("src/%s/ depends on %s (%s); its row does not say "
                       "so" % (f, g, edges[f][g]))
        for g in sorted(said - set(edges[f])):
            bad.append("src/%s/'s row says it depends on %s; it includes "
                       "nothing of it" % (f, g))
        for g in sorted(edges[f]):
            if g in order and order.index(g) > order.index(f):
                bad.append("src/%s/ depends on %s, whose row is below its "
                           "own" % (f, g))
    for f in names:
        if f not in order:
            bad.append("no row for src/%s/" % f)
    return ["%s: %s" % (md, b) for b in bad]


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__.split("\n\n")[-1] + "\n")
        return 2
    src = argv[1]
    edges, unplaced = read_graph(src)
    status = 0
    for u in unplaced:
        print("folders: cannot place the include %s" % u, file=sys.stderr)
        status = 1
    loops = circles(edges)
    for loop in loops:
        print("folders: a circle: %s" % " -> ".join(loop), file=sys.stderr)
        for a, b in zip(loop, loop[1:]):
            print("  %s -> %s: %s" % (a, b, edges[a][b]), file=sys.stderr)
        status = 1
    if len(argv) == 3:
        for line in check_table(argv[2], edges):
            print("folders: " + line, file=sys.stderr)
            status = 1
    if status == 0:
        print("folders: %d folders under src, %d arrows between them, no "
              "circle%s" % (len(edges), sum(len(e) for e in edges.values()),
                            "; the folder table agrees" if len(argv) == 3
                            else ""))
    if os.environ.get("FOLDERS_GRAPH") == "1":
        for f in sorted(edges):
            print("%s: %s" % (f, ", ".join(sorted(edges[f]))))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
