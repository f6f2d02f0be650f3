//go:build unix

package resource

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPolicyRefusesNonRegularFiles: a named pipe, a directory or a device
// used as an image is refused at once with a message naming what it is
// (issue 28, finding 10: a FIFO image used to block the conversion
// forever, deaf to the deadline and to SIGTERM).
func TestPolicyRefusesNonRegularFiles(t *testing.T) {
	base := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(base, "pipe.png"), 0o644); err != nil {
		t.Skip(err)
	}
	os.Mkdir(filepath.Join(base, "dir.png"), 0o755)
	os.Symlink("/dev/zero", filepath.Join(base, "zero.png"))
	os.Symlink("pipe.png", filepath.Join(base, "link.png"))
	p := &Policy{BaseDir: base}
	tests := []struct{ ref, want string }{
		{"pipe.png", "is a named pipe"},
		{"link.png", "is a named pipe"},
		{"dir.png", "is a directory"},
		{"zero.png", "outside the base directory"},
	}
	for _, tt := range tests {
		done := make(chan error, 1)
		go func() {
			_, _, err := p.Load(context.Background(), tt.ref, "")
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load(%q) = %v; want a refusal saying %q", tt.ref, err, tt.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Load(%q) still blocked after 5s", tt.ref)
		}
	}
}

// TestOpenRegular: a file is read when it (and the link naming it) stays
// inside the directory; a link leading out or a pipe is refused with
// ErrOutside or ErrNotRegular.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree")
	os.MkdirAll(filepath.Join(tree, "sub"), 0o755)
	os.WriteFile(filepath.Join(tree, "sub", "a.html"), []byte("inside"), 0o644)
	os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o644)
	os.Symlink("sub/a.html", filepath.Join(tree, "in.html"))
	os.Symlink("../secret.txt", filepath.Join(tree, "leak.html"))
	os.Symlink(filepath.Join(dir, "secret.txt"), filepath.Join(tree, "abs.html"))
	syscall.Mkfifo(filepath.Join(tree, "fifo.html"), 0o644)
	tests := []struct {
		name string
		want string
		err  error
	}{
		{"sub/a.html", "inside", nil},
		{"in.html", "inside", nil},
		{filepath.Join(tree, "in.html"), "inside", nil},
		{"leak.html", "", ErrOutside},
		{"abs.html", "", ErrOutside},
		{"../secret.txt", "", ErrOutside},
		{"fifo.html", "", ErrNotRegular},
		{"sub", "", ErrNotRegular},
	}
	for _, tt := range tests {
		name := tt.name
		if !filepath.IsAbs(name) {
			name = filepath.Join(tree, name)
		}
		b, _, err := ReadRegular(tree, name, 0)
		if tt.err != nil {
			if !errors.Is(err, tt.err) || strings.Contains(string(b), "secret") {
				t.Errorf("ReadRegular(%q) = %q, %v; want %v", tt.name, b, err, tt.err)
			}
			continue
		}
		if err != nil || string(b) != tt.want {
			t.Errorf("ReadRegular(%q) = %q, %v; want %q", tt.name, b, err, tt.want)
		}
	}
}
