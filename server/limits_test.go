package server

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRenderDeadlineGives504(t *testing.T) {
	f := newFake()
	h := New(Config{Engine: f, RenderTimeout: 50 * time.Millisecond})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": "BLOCK"})
	if rec.Code != http.StatusGatewayTimeout {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if p := problemOf(t, rec); p.Code != CodeDeadlineExceeded || !strings.Contains(p.Detail, "50ms") {
		t.Errorf("problem %+v", p)
	}
	// The engine saw a context with the deadline, and the option.
	if d := f.lastOptions().Deadline; d != 50*time.Millisecond {
		t.Errorf("Options.Deadline = %v", d)
	}
}

// TestConcurrencyLimit runs one render at a time under a memory budget
// of two requests and a queue of one: the first request renders, the
// second is admitted and waits for the slot, the third waits for memory,
// and only the fourth, with budget and queue full, gets 503 with
// Retry-After; releasing the slot lets the first three finish.
func TestConcurrencyLimit(t *testing.T) {
	f := newFake()
	h := New(Config{Engine: f, MaxConcurrent: 1, MaxQueue: 1, QueueTimeout: time.Minute, RetryAfter: 2 * time.Second,
		MemoryBudget: 2500, RenderBaseBytes: 1000, RenderBytesPerByte: 1})
	var wg sync.WaitGroup
	codes := make([]int, 3)
	wg.Add(1)
	go func() {
		defer wg.Done()
		codes[0] = postJSON(t, h, "/api/v1/render", map[string]any{"html": "BLOCK"}).Code
	}()
	<-f.started // first request holds the slot
	wg.Add(1)
	go func() {
		defer wg.Done()
		codes[1] = postJSON(t, h, "/api/v1/render", map[string]any{"html": page}).Code
	}()
	waitFor(t, func() bool { return h.limiter.queued.Load() == 1 })
	wg.Add(1)
	go func() {
		defer wg.Done()
		codes[2] = postJSON(t, h, "/api/v1/render", map[string]any{"html": page}).Code
	}()
	waitFor(t, func() bool { return h.budget.waiting() == 1 })

	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": page})
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "2" {
		t.Fatalf("fourth request: status %d Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	if p := problemOf(t, rec); p.Code != CodeOverloaded {
		t.Errorf("code %q", p.Code)
	}
	// Validate shares the limit.
	if rec := postJSON(t, h, "/api/v1/validate", map[string]any{"html": page}); rec.Code != 503 {
		t.Errorf("validate while full: %d", rec.Code)
	}
	// Health is never limited.
	if rec := do(t, h, "GET", "/api/v1/health", "", nil); rec.Code != 200 {
		t.Errorf("health while full: %d", rec.Code)
	}
	close(f.release)
	wg.Wait()
	if codes[0] != 200 || codes[1] != 200 || codes[2] != 200 {
		t.Errorf("held, admitted and queued requests: %v", codes)
	}
}

func TestQueueTimeoutGives503(t *testing.T) {
	f := newFake()
	h := New(Config{Engine: f, MaxConcurrent: 1, MaxQueue: 5, QueueTimeout: 20 * time.Millisecond})
	done := make(chan struct{})
	go func() {
		defer close(done)
		postJSON(t, h, "/api/v1/render", map[string]any{"html": "BLOCK"})
	}()
	<-f.started
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": page})
	if rec.Code != 503 || rec.Header().Get("Retry-After") != "1" {
		t.Errorf("status %d Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	close(f.release)
	<-done
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if cond() {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatal("condition not reached")
}

// TestRunDrainsOnShutdown starts a real server, cancels its context while a
// render is in flight and expects the render to complete and Run to
// return cleanly.
func TestRunDrainsOnShutdown(t *testing.T) {
	f := newFake()
	h := New(Config{Engine: f})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() { runErr <- Run(ctx, h, RunConfig{Listener: ln, ShutdownTimeout: 5 * time.Second}) }()

	url := "http://" + ln.Addr().String()
	status := make(chan int, 1)
	go func() {
		resp, err := http.Post(url+"/api/v1/render", "application/json", strings.NewReader(`{"html":"BLOCK"}`))
		if err != nil {
			status <- -1
			return
		}
		resp.Body.Close()
		status <- resp.StatusCode
	}()
	<-f.started
	cancel()
	time.Sleep(50 * time.Millisecond) // let Shutdown close the listener
	if _, err := http.Get(url + "/api/v1/health"); err == nil {
		t.Error("new connections accepted after shutdown began")
	}
	close(f.release)
	if got := <-status; got != 200 {
		t.Errorf("in-flight request: %d", got)
	}
	if err := <-runErr; err != nil {
		t.Errorf("Run: %v", err)
	}
}

func TestHTTPServerTimeouts(t *testing.T) {
	s := NewHTTPServer(http.NotFoundHandler(), 30*time.Second, nil)
	if s.ReadHeaderTimeout == 0 || s.ReadTimeout == 0 || s.WriteTimeout <= 30*time.Second || s.IdleTimeout == 0 {
		t.Errorf("timeouts %v %v %v %v", s.ReadHeaderTimeout, s.ReadTimeout, s.WriteTimeout, s.IdleTimeout)
	}
}
