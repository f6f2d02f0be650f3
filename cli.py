#!/usr/bin/env python3
"""Run the folio command line: ``python3 cli.py <subcommand> [arguments]``.

This is a thin shim (standard library only). It builds the Go binary
``./cmd/folio`` once, caches it under a name derived from a hash of the
sources, and replaces itself with the binary (``exec``), so arguments,
standard input, standard output, standard error and the exit code are
exactly the binary's. See ``python3 cli.py help`` for the subcommands.

The binary is rebuilt only when what goes into it changes: the Go sources
(``*.go`` except tests), ``go.mod``, ``go.sum`` and the files the sources
embed (their ``//go:embed`` patterns: templates, stylesheets, the OpenAPI
document). Writing a PDF or any other file into the repository does not
trigger a build. Contents are hashed, with a stat cache so that unchanged
files are not read again. One binary is kept: a build replaces the
previous one. The cache lives in ``$FOLIO_CACHE_DIR``, else
``$XDG_CACHE_HOME/folio``, else ``.cache/`` in the repository.

Environment:
  FOLIO_CACHE_DIR  where binaries and the stat cache are kept
  FOLIO_GO         the go command to build with (default: go on PATH,
                   then /usr/local/go/bin/go)
"""

import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.abspath(__file__))

# Directories the go tool ignores (besides those starting with "." or "_").
SKIP_DIRS = {"testdata", "node_modules", "vendor"}
# Module files that are hashed besides the Go sources and embedded files.
MODULE_FILES = ("go.mod", "go.sum")

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


def go_sources():
    """Yields the repository-relative paths of the non-test Go files and of
    go.mod and go.sum, the files that always determine the binary."""
    for name in MODULE_FILES:
        if os.path.isfile(os.path.join(REPO, name)):
            yield name
    for root, dirs, files in os.walk(REPO):
        dirs[:] = sorted(d for d in dirs if d[0] not in "._" and d not in SKIP_DIRS)
        for name in sorted(files):
            if name.endswith(".go") and not name.endswith("_test.go") and name[0] not in "._":
                yield os.path.relpath(os.path.join(root, name), REPO)


def embed_patterns(data):
    """Returns the patterns of the //go:embed lines of Go source data: words
    separated by spaces, each bare, "double-quoted" or `back-quoted`."""
    patterns = []
    for line in data.decode("utf-8", "replace").splitlines():
        if not line.startswith("//go:embed"):
            continue
        rest = line[len("//go:embed"):].strip()
        while rest:
            if rest[0] in "\"`":
                end = rest.find(rest[0], 1)
                if end < 0:
                    break
                patterns.append(rest[1:end])
                rest = rest[end + 1:].lstrip()
            else:
                word, _, rest = rest.partition(" ")
                patterns.append(word)
                rest = rest.lstrip()
    return patterns


def glob_all(pattern):
    """Returns the paths pattern matches; like Go's path.Match, "*" also
    matches names starting with "." where Python allows it (3.11+)."""
    try:
        return glob.glob(pattern, include_hidden=True)
    except TypeError:
        return glob.glob(pattern)


def embedded_files(pkg_dir, patterns):
    """Yields the repository-relative paths a package's embed patterns name,
    as the go tool reads them: a matched directory contributes its files,
    except those starting with "." or "_" unless the pattern says "all:"."""
    for pattern in patterns:
        hidden = pattern.startswith("all:")
        if hidden:
            pattern = pattern[len("all:"):]
        for match in sorted(glob_all(os.path.join(REPO, pkg_dir, pattern))):
            if os.path.isfile(match):
                yield os.path.relpath(match, REPO)
                continue
            for root, dirs, files in os.walk(match):
                dirs[:] = sorted(d for d in dirs if hidden or d[0] not in "._")
                for name in sorted(files):
                    if hidden or name[0] not in "._":
                        yield os.path.relpath(os.path.join(root, name), REPO)


def file_digest(rel, old, new):
    """Returns the sha256 of a file and the embed patterns it declares
    (Go files only), reusing the stat cache entry old[rel] when the size
    and modification time are unchanged, and records the entry in new."""
    path = os.path.join(REPO, rel)
    try:
        st = os.stat(path)
    except OSError:
        return None
    key = [st.st_mtime_ns, st.st_size]
    prev = old.get(rel)
    if prev and prev[:2] == key and len(prev) == 4:
        new[rel] = prev
        return prev
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    patterns = embed_patterns(data) if rel.endswith(".go") else []
    entry = key + [hashlib.sha256(data).hexdigest(), patterns]
    new[rel] = entry
    return entry


def source_hash(cache):
    """Hashes what the binary is built from: the non-test Go files, go.mod,
    go.sum and the files named by //go:embed. A stat cache in the cache
    directory keeps unchanged files from being read again."""
    stat_path = os.path.join(cache, "stat-cache.json")
    try:
        with open(stat_path, "r", encoding="utf-8") as f:
            old = json.load(f)
    except (OSError, ValueError):
        old = {}
    if not isinstance(old, dict):
        old = {}
    new = {}
    digests = {}
    for rel in go_sources():
        entry = file_digest(rel, old, new)
        if entry is None:
            continue
        digests[rel] = entry[2]
        for emb in embedded_files(os.path.dirname(rel), entry[3]):
            if emb not in digests:
                got = file_digest(emb, old, new)
                if got is not None:
                    digests[emb] = got[2]
    total = hashlib.sha256()
    for rel in sorted(digests):
        total.update(rel.encode("utf-8") + b"\0" + digests[rel].encode("ascii") + b"\n")
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
    """Removes every cached binary but keep: one binary is kept, and a
    build replaces the binary of the previous sources."""
    try:
        names = os.listdir(cache)
    except OSError:
        return
    for name in names:
        path = os.path.join(cache, name)
        if name.startswith("folio-") and path != keep:
            try:
                os.remove(path)
            except OSError:
                pass


def main():
    cache = cache_dir()
    # A second attempt covers a binary removed by a concurrent build of
    # other sources between the hash and the exec.
    for attempt in (1, 2):
        binary = build(cache, source_hash(cache))
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            os.execv(binary, [binary] + sys.argv[1:])
        except FileNotFoundError:
            if attempt == 1:
                continue
            err = "the binary was removed"
        except OSError as e:
            err = e
        sys.stderr.write("cli.py: cannot run %s: %s\n" % (binary, err))
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
