package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Costs of the admission tests: a request costs testBase plus its bytes.
const (
	testBase    = 1000
	testPerByte = 1
)

// admissionConfig is a server with one render slot whose memory budget
// holds budget bytes of estimate.
func admissionConfig(f *fakeEngine, budget int64, maxQueue int) Config {
	return Config{Engine: f, MaxConcurrent: 1, MaxQueue: maxQueue, QueueTimeout: time.Minute, BodyWait: time.Minute,
		RetryAfter: 3 * time.Second, MemoryBudget: budget, RenderBaseBytes: testBase, RenderBytesPerByte: testPerByte}
}

// TestCostModel checks the estimates of the model on sizes.
func TestCostModel(t *testing.T) {
	c := costModel{base: 2 << 20, perByte: 140}
	cases := []struct {
		name string
		got  int64
		want int64
	}{
		{"render body", c.admission("/api/v1/render", "application/json", 10_000), 2<<20 + 1_400_000},
		{"template data expands", c.admission("/api/v1/render-template", "application/json", 2_000), 2<<20 + 140*6*2_000},
		{"validate body", c.admission("/api/v1/validate", "multipart/form-data; boundary=x", 100), 2<<20 + 14_000},
		{"PDF body", c.admission("/api/v1/inspect", "application/pdf", 1_000), 2<<20 + 20*1_000},
		{"PDF audit", c.pdf(500), 2<<20 + 20*500},
		{"html and assets", c.render(1_000, 500), 2<<20 + 140_000 + 8*500},
		{"merged documents", c.documentsCost([][]byte{make([]byte, 300), make([]byte, 700)}, 0), 2<<20 + 140_000},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, tc.got, tc.want)
		}
	}
}

// TestAdmissionRefusesOnlyWhenBudgetAndQueueFull fills the only render
// slot with a blocked request, then sends one more request: it waits
// (for the slot or for memory) unless the budget and the queue are both
// full, and then it is refused at once with 503, Retry-After and a count
// in /metrics.
func TestAdmissionRefusesOnlyWhenBudgetAndQueueFull(t *testing.T) {
	body := mustJSON(map[string]any{"html": page})
	cost := int64(testBase + len(body))
	cases := []struct {
		name     string
		budget   int64
		maxQueue int
		waits    func(h *Server) bool // how the request waits; nil: refused
	}{
		{"budget has room: waits for the slot", 10 * cost, 1, func(h *Server) bool { return h.limiter.queued.Load() == 1 }},
		{"budget full, queue has room: waits for memory", cost, 1, func(h *Server) bool { return h.budget.waiting() == 1 }},
		{"budget has room, no queue: waits for the slot", 10 * cost, -1, func(h *Server) bool { return h.limiter.queued.Load() == 1 }},
		{"budget and queue full: refused", cost, -1, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			h := New(admissionConfig(f, tc.budget, tc.maxQueue))
			var wg sync.WaitGroup
			defer wg.Wait()
			wg.Add(1)
			go func() {
				defer wg.Done()
				postJSON(t, h, "/api/v1/render", map[string]any{"html": "BLOCK " + page})
			}()
			<-f.started
			if tc.waits == nil {
				rec := do(t, h, http.MethodPost, "/api/v1/render", "application/json", body)
				if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "3" {
					t.Errorf("status %d Retry-After %q, want 503 and 3", rec.Code, rec.Header().Get("Retry-After"))
				}
				metrics := do(t, h, http.MethodGet, "/metrics", "", nil).Body.String()
				if want := `folio_renders_rejected_total{reason="queue_full"} 1`; !strings.Contains(metrics, want) {
					t.Errorf("metrics lack %q", want)
				}
				close(f.release)
				return
			}
			code := make(chan int, 1)
			wg.Add(1)
			go func() {
				defer wg.Done()
				code <- do(t, h, http.MethodPost, "/api/v1/render", "application/json", body).Code
			}()
			waitFor(t, func() bool { return tc.waits(h) })
			close(f.release)
			if c := <-code; c != http.StatusOK {
				t.Errorf("waiting request: status %d, want 200", c)
			}
		})
	}
}

// TestLargeRequestQueuedWhileBudgetFrees sends a request estimated above
// the whole budget while small requests hold it: it is queued, not
// refused; a small request arriving after it does not overtake it; once
// the budget frees it renders (alone, its reservation clamped to the
// budget), and every reservation is returned at the end.
func TestLargeRequestQueuedWhileBudgetFrees(t *testing.T) {
	f := newFake()
	small := mustJSON(map[string]any{"html": "BLOCK " + page})
	budget := 2 * int64(testBase+len(small))
	h := New(admissionConfig(f, budget, 10))
	var wg sync.WaitGroup
	codes := make(chan int, 4)
	send := func(body []byte) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- do(t, h, http.MethodPost, "/api/v1/render", "application/json", body).Code
		}()
	}
	send(small)
	send(small)
	<-f.started
	waitFor(t, func() bool { return h.limiter.queued.Load() == 1 }) // both admitted

	large := mustJSON(map[string]any{"html": "<p>LARGE " + strings.Repeat("x", 4*int(budget)) + "</p>"})
	send(large)
	waitFor(t, func() bool { return h.budget.waiting() == 1 })
	send(mustJSON(map[string]any{"html": "<p>LATE</p>"}))
	waitFor(t, func() bool { return h.budget.waiting() == 2 })

	close(f.release)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusOK {
			t.Errorf("status %d, want 200", c)
		}
	}
	f.mu.Lock()
	order := strings.Join(f.htmls, "\n")
	f.mu.Unlock()
	if i, j := strings.Index(order, "LARGE"), strings.Index(order, "LATE"); i < 0 || j < i {
		t.Errorf("the large request did not render before the later small one (at %d and %d)", i, j)
	}
	if h.budget.peakMem > budget {
		t.Errorf("peak reservation %d, over the budget %d", h.budget.peakMem, budget)
	}
	if r := h.budget.reservedMem(); r != 0 {
		t.Errorf("%d bytes still reserved", r)
	}
}

// TestReservationRefitsToContent checks that a request holds what its
// content is estimated to need once that is known: a template's HTML
// rather than six times its data, a render's document rather than its
// whole body.
func TestReservationRefitsToContent(t *testing.T) {
	pad := strings.Repeat("p", 5000)
	cases := []struct {
		name, path string
		body       map[string]any
		html       string // what the engine receives
	}{
		{"render", "/api/v1/render", map[string]any{"html": "<p>BLOCK</p>", "title": pad}, "<p>BLOCK</p>"},
		{"render-template", "/api/v1/render-template", map[string]any{"template_id": "invoice",
			"data": map[string]any{"number": "BLOCK", "note": pad}}, "<html><title>Invoice</title><h1>Invoice BLOCK</h1></html>"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			h := New(admissionConfig(f, 1<<30, 10))
			done := make(chan struct{})
			go func() {
				defer close(done)
				postJSON(t, h, tc.path, tc.body)
			}()
			<-f.started
			if got, want := h.budget.reservedMem(), int64(testBase+len(tc.html)); got != want {
				t.Errorf("reserved %d while rendering, want %d", got, want)
			}
			close(f.release)
			<-done
			if r := h.budget.reservedMem(); r != 0 {
				t.Errorf("%d bytes still reserved", r)
			}
		})
	}
}

// TestRefusalsLoggedAtWarnRateLimited refuses requests in bursts: each
// burst within a second gives one WARN line naming how many refusals it
// stands for, the others go out at DEBUG, and the metrics count all.
func TestRefusalsLoggedAtWarnRateLimited(t *testing.T) {
	var logs bytes.Buffer
	f := newFake()
	cfg := admissionConfig(f, testBase, -1)
	cfg.Logger = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h := New(cfg)
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h.now = func() time.Time { return clock }
	done := make(chan struct{})
	go func() {
		defer close(done)
		postJSON(t, h, "/api/v1/render", map[string]any{"html": "BLOCK"})
	}()
	<-f.started
	body := mustJSON(map[string]any{"html": page})
	refuse := func(n int) {
		for range n {
			if rec := do(t, h, http.MethodPost, "/api/v1/render", "application/json", body); rec.Code != http.StatusServiceUnavailable {
				t.Fatalf("status %d, want 503", rec.Code)
			}
		}
	}
	refuse(5)
	clock = clock.Add(500 * time.Millisecond)
	refuse(5)
	clock = clock.Add(time.Second)
	refuse(2)
	close(f.release)
	<-done

	var warns []float64
	debug := 0
	for _, line := range bytes.Split(bytes.TrimSpace(logs.Bytes()), []byte("\n")) {
		var e map[string]any
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if e["status"] != float64(http.StatusServiceUnavailable) {
			continue
		}
		switch e["level"] {
		case "WARN":
			warns = append(warns, e["refused_since_last_warning"].(float64))
		case "DEBUG":
			debug++
		default:
			t.Errorf("refusal logged at %v", e["level"])
		}
	}
	if len(warns) != 2 || warns[0] != 1 || warns[1] != 10 || debug != 10 {
		t.Errorf("WARN lines standing for %v refusals and %d DEBUG lines; want [1 10] and 10", warns, debug)
	}
	metrics := do(t, h, http.MethodGet, "/metrics", "", nil).Body.String()
	if want := `folio_renders_rejected_total{reason="queue_full"} 12`; !strings.Contains(metrics, want) {
		t.Errorf("metrics lack %q", want)
	}
}

// TestAdmissionMetrics checks the gauges of the budget and the queues
// while one request renders, one waits for the slot and one for memory.
func TestAdmissionMetrics(t *testing.T) {
	f := newFake()
	block := mustJSON(map[string]any{"html": "BLOCK"})
	// Each request reserves its body's estimate, then its HTML's: two fit.
	cost, admit := int64(testBase+len(`BLOCK`)), int64(testBase+len(block))
	h := New(admissionConfig(f, cost+admit, 10))
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do(t, h, http.MethodPost, "/api/v1/render", "application/json", block)
		}()
		switch i {
		case 0:
			<-f.started
		case 1:
			waitFor(t, func() bool { return h.limiter.queued.Load() == 1 })
		case 2:
			waitFor(t, func() bool { return h.budget.waiting() == 1 })
		}
	}
	metrics := do(t, h, http.MethodGet, "/metrics", "", nil).Body.String()
	for _, want := range []string{
		"folio_memory_budget_bytes " + strconv.FormatInt(cost+admit, 10),
		"folio_memory_budget_reserved_bytes " + strconv.FormatInt(2*cost, 10),
		"folio_memory_queue_length 1",
		"folio_render_queue_length 1",
		"folio_requests_waiting 2",
		"folio_renders_in_flight 1",
	} {
		if !strings.Contains(metrics, want+"\n") {
			t.Errorf("metrics lack %q", want)
		}
	}
	close(f.release)
	wg.Wait()
}

// TestMemoryBudgetDefaults checks the defaults of admission: half the
// soft memory limit, DefaultMemoryBudget without one, an explicit budget
// kept, and the queue per render slot.
func TestMemoryBudgetDefaults(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	cases := []struct {
		limit  int64
		in     Config
		budget int64
		queue  int
	}{
		{300 << 20, Config{MaxConcurrent: 2}, 150 << 20, 2 * DefaultQueuePerSlot},
		{math.MaxInt64, Config{MaxConcurrent: 1}, DefaultMemoryBudget, DefaultQueuePerSlot},
		{300 << 20, Config{MaxConcurrent: 4, MemoryBudget: 1 << 30, MaxQueue: 7}, 1 << 30, 7},
		{300 << 20, Config{MaxConcurrent: 1, MaxQueue: -1}, 150 << 20, 0},
	}
	for i, tc := range cases {
		debug.SetMemoryLimit(tc.limit)
		tc.in.Engine = newFake()
		c := tc.in.withDefaults()
		if c.MemoryBudget != tc.budget || c.MaxQueue != tc.queue || c.RenderBaseBytes != DefaultRenderBaseBytes || c.RenderBytesPerByte != DefaultRenderBytesPerByte {
			t.Errorf("case %d: budget %d, queue %d, cost %d + %d/byte; want %d, %d", i, c.MemoryBudget, c.MaxQueue, c.RenderBaseBytes, c.RenderBytesPerByte, tc.budget, tc.queue)
		}
	}
}
