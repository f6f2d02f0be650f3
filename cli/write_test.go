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

// TestWriteOutputSpecialFiles: a symbolic link at the destination is
// replaced by the new file, never followed (its target is unchanged); a
// named pipe named explicitly (like /dev/stdout or a process
// substitution) is written in place, and one that nobody reads is an
// error at once rather than a hang.
func TestWriteOutputSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	e := &env{ctx: context.Background()}
	victim := filepath.Join(dir, "victim.txt")
	os.WriteFile(victim, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.pdf")
	if err := os.Symlink(victim, link); err != nil {
		t.Skip(err)
	}
	if err := e.writeOutput(e.ctx, link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); !fi.Mode().IsRegular() {
		t.Errorf("destination is %v, want the new regular file", fi.Mode())
	}
	if b, _ := os.ReadFile(victim); string(b) != "old" {
		t.Errorf("the link was followed: its target holds %q", b)
	}
	if b, _ := os.ReadFile(link); string(b) != "new" {
		t.Errorf("destination holds %q", b)
	}

	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() { done <- e.writeOutput(e.ctx, fifo, []byte("%PDF-")) }()
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
	if err := e.writeOutput(e.ctx, fifo, []byte("%PDF-")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "%PDF-" {
		t.Errorf("pipe read %q", s)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Error("named pipe replaced by a file")
	}
}
