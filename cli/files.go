package cli

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/seed28491532/folio/internal/resource"
)

// Every file the CLI reads is a regular file that, with its symbolic
// links resolved, stays in the directory it is named in (for a batch
// directory: the tree given); named pipes, devices, sockets and
// directories are refused, since reading them can block forever. Outputs
// are written through a temporary file created in the output tree and
// renamed into place, so a symbolic link at a destination the CLI derived
// (batch, convert without -o) is replaced, never followed. Standard input
// is read under the context.

// readInput reads a file or standard input ("-") and returns its data and
// the directory relative URLs resolve in ("" for standard input).
func (e *env) readInput(ctx context.Context, name string) ([]byte, string, error) {
	if name == "-" {
		data, err := readContext(ctx, e.stdin)
		if err != nil {
			return nil, "", readErr("standard input", err)
		}
		return data, "", nil
	}
	data, err := readFileIn(filepath.Dir(name), name)
	if errors.Is(err, resource.ErrNotRegular) {
		return nil, "", inputErr("%v (give - to read standard input)", err)
	}
	if err != nil {
		return nil, "", err
	}
	dir, err := filepath.Abs(filepath.Dir(name))
	if err != nil {
		return nil, "", inputErr("%v", err)
	}
	return data, dir, nil
}

// reopener returns how to open the input file name again (the conversion
// reads a long document a second time rather than keep a copy of it),
// nil for standard input.
func reopener(name string) func() (io.ReadCloser, error) {
	if name == "-" {
		return nil
	}
	return func() (io.ReadCloser, error) { return openFileIn(filepath.Dir(name), name) }
}

// readFileIn reads the regular file name, which must stay in directory
// tree (see openFileIn).
func readFileIn(tree, name string) ([]byte, error) {
	f, err := openFileIn(tree, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := readSized(f)
	if err != nil {
		return nil, inputErr("%v", err)
	}
	return data, nil
}

// readSized reads the file f into a buffer of its size (io.ReadAll grows
// one by doubling, a copy each step: twice a long document's memory).
func readSized(f *os.File) ([]byte, error) {
	st, err := f.Stat()
	if err != nil || st.Size() <= 0 || st.Size() >= 1<<31 {
		return io.ReadAll(f)
	}
	var buf bytes.Buffer
	buf.Grow(int(st.Size()) + bytes.MinRead)
	_, err = buf.ReadFrom(f)
	return buf.Bytes(), err
}

// openFileIn opens the regular file name, which with its links resolved
// must stay in directory tree (see resource.OpenRegular); a refusal is an
// input error naming the file and the reason.
func openFileIn(tree, name string) (*os.File, error) {
	f, _, err := resource.OpenRegular(tree, name)
	switch {
	case errors.Is(err, resource.ErrNotRegular):
		return nil, &exitError{code: ExitUsage, msg: err.Error() + ": refused", cause: err}
	case errors.Is(err, resource.ErrOutside):
		return nil, inputErr("%v: refused", err)
	case err != nil:
		return nil, inputErr("%v", err)
	}
	return f, nil
}

// readContext reads r to the end, giving up when ctx is done: a pipe that
// never closes cannot outlive a signal or the deadline. The read goes on
// in the background until r returns (at the latest when the process
// exits).
func readContext(ctx context.Context, r io.Reader) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		b, err := io.ReadAll(r)
		done <- result{b, err}
	}()
	select {
	case res := <-done:
		return res.data, res.err
	case <-ctx.Done():
		return nil, ctxErr(ctx)
	}
}

// readErr classifies an error reading what: interruption and the deadline
// are exit 3, anything else bad input.
func readErr(what string, err error) error {
	switch {
	case errors.Is(err, context.Canceled):
		return internalErr("reading %s: interrupted (%v)", what, err)
	case errors.Is(err, context.DeadlineExceeded):
		return internalErr("reading %s: %v", what, err)
	}
	return inputErr("reading %s: %v", what, err)
}

// output is where a command writes: a file, or standard output ("-").
type output struct {
	name string
	// derived is set when the CLI chose the name (convert without -o,
	// next to the input): a link there is replaced, never followed.
	derived bool
	// stream, when set, is the temporary file the conversion wrote the
	// PDF to as it was assembled (folio.Options.Output), renamed into
	// place once it succeeds (see openStream).
	stream *streamFile
}

// streamFile is a temporary file in an output tree that a conversion
// writes to, renamed over rel by commit; abort removes it.
type streamFile struct {
	root     *os.Root
	tmp, rel string
	display  string
	f        *os.File
	w        *bufio.Writer
	done     bool
}

// openStream opens the temporary file a conversion streams the PDF of o
// to, so that a long document's file is not held in memory, with the
// same rules as writeOutput (links at a derived name replaced, at a
// given name followed; the directory must exist). It returns nil for an
// output written in place (standard output, a named pipe, a device).
func (e *env) openStream(o output) (*streamFile, error) {
	if o.name == "-" {
		return nil, nil
	}
	target := o.name
	if !o.derived {
		if fi, err := os.Stat(o.name); err == nil && fi.Mode()&(os.ModeNamedPipe|os.ModeCharDevice) != 0 {
			return nil, nil
		}
		if real, err := filepath.EvalSymlinks(o.name); err == nil {
			target = real
		}
	}
	dir, rel := filepath.Dir(target), filepath.Base(target)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, inputErr("cannot write %s: its directory %s does not exist", o.name, dir)
	}
	display := filepath.Join(dir, rel)
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, internalErr("write %s: %v", display, err)
	}
	if fi, err := root.Lstat(rel); err == nil && fi.IsDir() {
		root.Close()
		return nil, internalErr("write %s: it is a directory", display)
	}
	tmp, f, err := createTemp(root, rel)
	if err != nil {
		root.Close()
		return nil, internalErr("write %s: %v", display, treeErr(err, dir))
	}
	return &streamFile{root: root, tmp: tmp, rel: rel, display: display, f: f, w: bufio.NewWriterSize(f, 256<<10)}, nil
}

// commit flushes and closes the file and renames it into place.
func (s *streamFile) commit() error {
	err := s.w.Flush()
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = s.root.Rename(s.tmp, s.rel)
	}
	s.done = true
	if err != nil {
		s.root.Remove(s.tmp)
	}
	s.root.Close()
	if err != nil {
		return internalErr("write %s: %v", s.display, err)
	}
	return nil
}

// Write writes p to the temporary file (buffered).
func (s *streamFile) Write(p []byte) (int, error) { return s.w.Write(p) }

// Rewind empties the temporary file so that the conversion can write the
// file again from its start (folio.Rewinder): a long document found to
// need flat tags after part of it went out.
func (s *streamFile) Rewind() error {
	s.w.Reset(s.f)
	if err := s.f.Truncate(0); err != nil {
		return err
	}
	_, err := s.f.Seek(0, io.SeekStart)
	return err
}

// abort removes the file unless commit ran.
func (s *streamFile) abort() {
	if s == nil || s.done {
		return
	}
	s.done = true
	s.f.Close()
	s.root.Remove(s.tmp)
	s.root.Close()
}

// writeOutput writes data to standard output ("-") or to a file through a
// temporary file renamed into place (see writeInTree), replacing a link at
// a derived name. A name given explicitly is honoured as the user gave
// it: a link there is written through (-o /dev/stdout with standard
// output redirected to a file), and a named pipe or character device
// (/dev/null, /dev/stdout on a terminal or pipe) is written in place.
func (e *env) writeOutput(ctx context.Context, o output, data []byte) error {
	if o.name == "-" {
		if _, err := e.stdout.Write(data); err != nil {
			return internalErr("writing standard output: %v", err)
		}
		return nil
	}
	target := o.name
	if !o.derived {
		if fi, err := os.Stat(o.name); err == nil && fi.Mode()&(os.ModeNamedPipe|os.ModeCharDevice) != 0 {
			if err := writeStream(ctx, o.name, data); err != nil {
				return internalErr("%v", err)
			}
			return nil
		}
		if real, err := filepath.EvalSymlinks(o.name); err == nil {
			target = real
		}
	}
	if fi, err := os.Stat(filepath.Dir(target)); err != nil || !fi.IsDir() {
		return inputErr("cannot write %s: its directory %s does not exist", o.name, filepath.Dir(target))
	}
	if err := writeInTree(filepath.Dir(target), filepath.Base(target), data); err != nil {
		return internalErr("%v", err)
	}
	return nil
}

// writeStream writes data in place to a named pipe or character device.
// The open does not block (a pipe nobody reads is an error at once) and
// the write gives up when ctx is done.
func writeStream(ctx context.Context, name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|oNonblock, 0)
	if err != nil {
		return fmt.Errorf("write %s: %w (is anything reading it?)", name, err)
	}
	defer f.Close()
	stop := context.AfterFunc(ctx, func() { f.SetWriteDeadline(time.Now()) })
	defer stop()
	if _, err := f.Write(data); err != nil {
		if ctx.Err() != nil {
			err = ctxErr(ctx)
		}
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// writeInTree writes data to rel inside the existing directory tree,
// creating rel's directories in it: through a temporary file created in
// the tree with mode 0644, then renamed over rel. Every directory on the
// way must stay in the tree (os.Root refuses links leading out), and
// whatever is at rel — a regular file, a symbolic link, a pipe — is
// replaced, never followed. A reader never sees half a file.
func writeInTree(tree, rel string, data []byte) error {
	display := filepath.Join(tree, rel)
	root, err := os.OpenRoot(tree)
	if err != nil {
		return fmt.Errorf("write %s: %w", display, err)
	}
	defer root.Close()
	if dir := filepath.Dir(rel); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("write %s: %w", display, treeErr(err, tree))
		}
	}
	if fi, err := root.Lstat(rel); err == nil && fi.IsDir() {
		return fmt.Errorf("write %s: it is a directory", display)
	}
	tmp, f, err := createTemp(root, rel)
	if err != nil {
		return fmt.Errorf("write %s: %w", display, treeErr(err, tree))
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = root.Rename(tmp, rel)
	}
	if werr != nil {
		root.Remove(tmp)
		return fmt.Errorf("write %s: %w", display, treeErr(werr, tree))
	}
	return nil
}

// createTemp creates a new file next to rel in root, named
// ".base.RANDOM.tmp", exclusively (never an existing file or link).
func createTemp(root *os.Root, rel string) (string, *os.File, error) {
	var b [6]byte
	for range 10 {
		rand.Read(b[:])
		tmp := filepath.Join(filepath.Dir(rel), "."+filepath.Base(rel)+"."+hex.EncodeToString(b[:])+".tmp")
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		return tmp, f, err
	}
	return "", nil, errors.New("cannot create a temporary file")
}

// treeErr explains an os.Root error about a path leaving the tree.
func treeErr(err error, tree string) error {
	for e := err; e != nil; e = errors.Unwrap(e) {
		if e.Error() == "path escapes from parent" {
			return fmt.Errorf("%w: a symbolic link leads outside the output directory %s: refused", err, tree)
		}
	}
	return err
}
