//go:build unix

package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWriteOutputSpecialFiles: a symbolic link at a derived destination
// (convert without -o) is replaced by the new file, never followed; one
// named explicitly with -o is written through, the link kept (-o
// /dev/stdout). A named pipe named explicitly (like /dev/stdout or a
// process substitution) is written in place, and one that nobody reads is
// an error at once rather than a hang.
func TestWriteOutputSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	e := &env{ctx: context.Background()}
	for _, derived := range []bool{true, false} {
		victim := filepath.Join(dir, "victim.txt")
		os.WriteFile(victim, []byte("old"), 0o644)
		link := filepath.Join(dir, "link.pdf")
		os.Remove(link)
		if err := os.Symlink(victim, link); err != nil {
			t.Skip(err)
		}
		if err := e.writeOutput(e.ctx, output{name: link, derived: derived}, []byte("new")); err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Lstat(link)
		target, _ := os.ReadFile(victim)
		if derived && (!fi.Mode().IsRegular() || string(target) != "old") {
			t.Errorf("derived name: the link was followed (destination %v, its target holds %q)", fi.Mode(), target)
		}
		if !derived && (fi.Mode()&os.ModeSymlink == 0 || string(target) != "new") {
			t.Errorf("-o name: the link was not written through (destination %v, its target holds %q)", fi.Mode(), target)
		}
		if b, _ := os.ReadFile(link); string(b) != "new" {
			t.Errorf("destination holds %q", b)
		}
	}

	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() { done <- e.writeOutput(e.ctx, output{name: fifo}, []byte("%PDF-")) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "is anything reading it") {
			t.Errorf("pipe without a reader: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("writing a pipe nobody reads blocked")
	}
	got := make(chan string)
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		defer r.Close()
		var b []byte
		for len(b) < 5 {
			buf := make([]byte, 16)
			n, err := r.Read(buf)
			b = append(b, buf[:n]...)
			if err != nil && err != io.EOF {
				break
			}
		}
		got <- string(b)
	}()
	if err := e.writeOutput(e.ctx, output{name: fifo}, []byte("%PDF-")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "%PDF-" {
		t.Errorf("pipe read %q", s)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Error("named pipe replaced by a file")
	}
}
