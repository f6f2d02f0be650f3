#!/usr/bin/env python3
"""Run the folio command line: ``python3 cli.py <subcommand> [arguments]``.

This is a thin shim (standard library only). It builds the Go binary
``./cmd/folio`` once, caches it under a name derived from a hash of the
sources, and replaces itself with the binary (``exec``), so arguments,
standard input, standard output, standard error and the exit code are
exactly the binary's. See ``python3 cli.py help`` for the subcommands.

The binary is rebuilt when any source changes: every file of the module
except tests, test data and hidden directories is hashed (contents, with a
stat cache so that unchanged files are not read again). The cache lives in
``$FOLIO_CACHE_DIR``, else ``$XDG_CACHE_HOME/folio``, else ``.cache/`` in
the repository.

Environment:
  FOLIO_CACHE_DIR  where binaries and the stat cache are kept
  FOLIO_GO         the go command to build with (default: go on PATH,
                   then /usr/local/go/bin/go)
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.abspath(__file__))

# Directories never hashed: VCS data, caches, test data, dependencies.
SKIP_DIRS = {"testdata", "node_modules", "__pycache__", "out", "bin"}
# Files never hashed besides tests: build outputs and editor leftovers.
SKIP_SUFFIXES = ("_test.go", ".pyc", ".test", ".prof", ".swp", ".pdf~")

EXIT_INTERNAL = 3


def cache_dir():
    """Returns the directory binaries are cached in, creating it."""
    for candidate in (
        os.environ.get("FOLIO_CACHE_DIR"),
        os.path.join(os.environ["XDG_CACHE_HOME"], "folio") if os.environ.get("XDG_CACHE_HOME") else None,
        os.path.join(REPO, ".cache"),
    ):
        if not candidate:
            continue
        try:
            os.makedirs(candidate, exist_ok=True)
            if os.access(candidate, os.W_OK):
                return candidate
        except OSError:
            continue
    return tempfile.gettempdir()


def source_files():
    """Yields the repository-relative paths that determine the binary."""
    for root, dirs, files in os.walk(REPO):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
        for name in sorted(files):
            if name.startswith(".") or name.endswith(SKIP_SUFFIXES):
                continue
            if name == os.path.basename(__file__) and root == REPO:
                continue
            yield os.path.relpath(os.path.join(root, name), REPO)


def source_hash(cache):
    """Hashes the sources, reusing digests of files whose size and
    modification time have not changed since the last call."""
    stat_path = os.path.join(cache, "stat-cache.json")
    try:
        with open(stat_path, "r", encoding="utf-8") as f:
            old = json.load(f)
    except (OSError, ValueError):
        old = {}
    new = {}
    total = hashlib.sha256()
    for rel in source_files():
        path = os.path.join(REPO, rel)
        try:
            st = os.stat(path)
        except OSError:
            continue
        key = [st.st_mtime_ns, st.st_size]
        prev = old.get(rel)
        if prev and prev[:2] == key:
            digest = prev[2]
        else:
            h = hashlib.sha256()
            try:
                with open(path, "rb") as f:
                    for chunk in iter(lambda: f.read(1 << 20), b""):
                        h.update(chunk)
            except OSError:
                continue
            digest = h.hexdigest()
        new[rel] = key + [digest]
        total.update(rel.encode("utf-8") + b"\0" + digest.encode("ascii") + b"\n")
    if new != old:
        try:
            fd, tmp = tempfile.mkstemp(dir=cache, prefix=".stat-cache.")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(new, f)
            os.replace(tmp, stat_path)
        except OSError:
            pass
    return total.hexdigest()[:16]


def go_command():
    """Finds the go tool."""
    explicit = os.environ.get("FOLIO_GO")
    if explicit:
        return explicit
    found = shutil.which("go")
    if found:
        return found
    if os.access("/usr/local/go/bin/go", os.X_OK):
        return "/usr/local/go/bin/go"
    return None


def build(cache, digest):
    """Returns the path of the binary for digest, building it if needed."""
    binary = os.path.join(cache, "folio-" + digest)
    if os.access(binary, os.X_OK):
        return binary
    go = go_command()
    if go is None:
        sys.stderr.write("cli.py: the go command was not found (set FOLIO_GO or add go to PATH)\n")
        sys.exit(EXIT_INTERNAL)
    fd, tmp = tempfile.mkstemp(dir=cache, prefix=".folio-build.")
    os.close(fd)
    # Plain go build (no -trimpath, the environment's CGO setting) so that
    # the build reuses what go test and go build already compiled.
    proc = subprocess.run(
        [go, "build", "-o", tmp, "./cmd/folio"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    if proc.returncode != 0:
        try:
            os.remove(tmp)
        except OSError:
            pass
        sys.stderr.write("cli.py: building folio failed:\n")
        sys.stderr.write(proc.stdout.decode("utf-8", "replace"))
        sys.exit(EXIT_INTERNAL)
    os.chmod(tmp, 0o755)
    os.replace(tmp, binary)
    prune(cache, keep=binary)
    return binary


def prune(cache, keep):
    """Removes binaries of older sources (keeping the three newest)."""
    try:
        olds = [
            os.path.join(cache, n) for n in os.listdir(cache)
            if n.startswith("folio-") and os.path.join(cache, n) != keep
        ]
        olds.sort(key=lambda p: os.stat(p).st_mtime, reverse=True)
        for path in olds[2:]:
            os.remove(path)
    except OSError:
        pass


def main():
    cache = cache_dir()
    binary = build(cache, source_hash(cache))
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execv(binary, [binary] + sys.argv[1:])
    except OSError as err:
        sys.stderr.write("cli.py: cannot run %s: %s\n" % (binary, err))
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
