package resource

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotRegular is wrapped by the refusal of a file that is not a regular
// file: a named pipe, a device, a socket or a directory. Reading one could
// block forever (a pipe without a writer) or never end (a device).
var ErrNotRegular = errors.New("not a regular file")

// ErrOutside is wrapped by the refusal of a path that, with its symbolic
// links resolved, leaves the directory it must stay in.
var ErrOutside = errors.New("outside the directory")

// NotRegularError is the refusal of a file that is not a regular file; it
// matches ErrNotRegular with errors.Is.
type NotRegularError struct {
	Name string // the path as given
	Kind string // "a named pipe", "a directory", "a device", …
}

func (e *NotRegularError) Error() string {
	return e.Name + " is " + e.Kind + ", " + ErrNotRegular.Error()
}

// Is reports whether target is ErrNotRegular.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// OpenRegular opens name (absolute, or relative to the working directory)
// for reading. With its symbolic links resolved the file must lie inside
// dir and be a regular file; otherwise the error wraps ErrOutside or
// ErrNotRegular. The file is opened without blocking (a named pipe
// without a writer does not hang the open), through an os.Root of the
// resolved directory so that a link swapped in after the check cannot
// lead out, and its type is checked on the open descriptor. It returns
// the file and its resolved path.
func OpenRegular(dir, name string) (*os.File, string, error) {
	realDir, err := resolveDir(dir)
	if err != nil {
		return nil, "", err
	}
	full, err := filepath.Abs(name)
	if err != nil {
		return nil, "", err
	}
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		if !Inside(realDir, full) {
			return nil, "", fmt.Errorf("%s is %w %s", name, ErrOutside, dir)
		}
		return nil, "", err
	}
	if !Inside(realDir, real) {
		how := "resolves to"
		if fi, err := os.Lstat(full); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			how = "is a symbolic link to"
		}
		return nil, "", fmt.Errorf("%s %s %s, %w %s", name, how, real, ErrOutside, dir)
	}
	rel, err := filepath.Rel(realDir, real)
	if err != nil {
		return nil, "", err
	}
	root, err := os.OpenRoot(realDir)
	if err != nil {
		return nil, "", err
	}
	defer root.Close()
	f, err := root.OpenFile(rel, os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", name, err)
	}
	if err := checkRegular(f, name); err != nil {
		f.Close()
		return nil, "", err
	}
	return f, real, nil
}

// ReadRegular reads the regular file name inside dir (see OpenRegular),
// refusing one larger than max bytes (no limit when max <= 0).
func ReadRegular(dir, name string, max int64) ([]byte, string, error) {
	f, real, err := OpenRegular(dir, name)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	if max <= 0 {
		max = 1<<63 - 2
	}
	b, err := readCapped(f, max)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", name, err)
	}
	return b, real, nil
}

// resolveDir returns dir made absolute with its symbolic links resolved.
func resolveDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("directory %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("directory %s: %w", dir, err)
	}
	return real, nil
}

// checkRegular refuses an open file that is not a regular file.
func checkRegular(f *os.File, name string) error {
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if !st.Mode().IsRegular() {
		return &NotRegularError{Name: name, Kind: Kind(st.Mode())}
	}
	return nil
}

// Kind names the type of a file mode for messages: "a named pipe", "a
// directory", "a device", "a socket", "a symbolic link", "a regular file".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "an irregular file"
}

// Inside reports whether path p lies in (or is) directory dir; both must
// be clean and absolute, with their links resolved.
func Inside(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
