package cli

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"
)

// startServe runs `folio serve` with args on a free port until the test
// ends and returns its base URL.
func startServe(t *testing.T, args ...string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan runResult, 1)
	go func() {
		done <- runCtx(t, ctx, newFake(), "", append([]string{"serve", "--addr", addr, "--shutdown-timeout", "5s"}, args...)...)
	}()
	t.Cleanup(func() {
		cancel()
		if r := <-done; r.code != 0 {
			t.Errorf("serve exit %d: %s", r.code, r.stderr)
		}
	})
	for i := 0; i < 200; i++ {
		resp, err := http.Get("http://" + addr + "/api/v1/health")
		if err == nil {
			resp.Body.Close()
			return "http://" + addr
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("serve did not come up on %s", addr)
	return ""
}

func TestServeUI(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		status int
		ctype  string
	}{
		{"default", nil, 200, "text/html; charset=utf-8"},
		{"--no-ui", []string{"--no-ui"}, 404, "application/problem+json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := startServe(t, tt.args...)
			resp, err := http.Get(base + "/")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.status || resp.Header.Get("Content-Type") != tt.ctype {
				t.Errorf("GET /: %d %q, want %d %q", resp.StatusCode, resp.Header.Get("Content-Type"), tt.status, tt.ctype)
			}
		})
	}
}

func TestServeUIEnvironment(t *testing.T) {
	tests := []struct {
		value   string
		noUI    bool
		invalid bool
	}{
		{"", false, false}, {"on", false, false}, {"OFF", true, false}, {"false", true, false}, {"0", true, false},
		{"maybe", false, true},
	}
	for _, tt := range tests {
		e := &env{getenv: func(k string) string { return map[string]string{"FOLIO_UI": tt.value}[k] }}
		s, err := e.serveDefaults()
		if (err != nil) != tt.invalid || s.noUI != tt.noUI {
			t.Errorf("FOLIO_UI=%q: noUI %v, err %v", tt.value, s.noUI, err)
		}
	}
}
