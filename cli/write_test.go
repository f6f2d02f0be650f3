package cli

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteOutputSpecialFiles: a symlink is written through and a named
// pipe (like /dev/null or /dev/stdout) is written in place, never
// replaced by a regular file.
func TestWriteOutputSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.pdf")
	os.WriteFile(real, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.pdf")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	if err := writeFileAtomic(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("symlink replaced by a file")
	}
	if b, _ := os.ReadFile(real); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}

	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := writeFileAtomic(fifo, []byte("%PDF-")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "%PDF-" {
		t.Errorf("pipe read %q", s)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Error("named pipe replaced by a file")
	}
}
