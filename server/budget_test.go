package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// bodyMeter counts the request body bytes read and not yet answered
// across concurrent requests, and the most ever held at once: what the
// body budget must bound.
type bodyMeter struct {
	live, peak atomic.Int64
	total      atomic.Int64
}

// meteredBody is a request body whose reads count in a bodyMeter.
type meteredBody struct {
	r    io.Reader
	m    *bodyMeter
	read int64
}

func (b *meteredBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.read += int64(n)
	b.m.total.Add(int64(n))
	live := b.m.live.Add(int64(n))
	for {
		peak := b.m.peak.Load()
		if live <= peak || b.m.peak.CompareAndSwap(peak, live) {
			break
		}
	}
	return n, err
}

func (b *meteredBody) Close() error { return nil }

// serveMetered sends body to h as a render request whose reads count in
// m; the bytes it read stop counting once its response is written.
// chunked sends no Content-Length.
func serveMetered(h http.Handler, m *bodyMeter, body []byte, chunked bool) *httptest.ResponseRecorder {
	mb := &meteredBody{r: bytes.NewReader(body), m: m}
	req := httptest.NewRequest(http.MethodPost, "/api/v1/render", nil)
	req.Body = mb
	req.ContentLength = int64(len(body))
	if chunked {
		req.ContentLength = -1
	}
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	m.live.Add(-mb.read)
	return rec
}

// renderBody is a render request of about size bytes whose HTML holds
// marker.
func renderBody(marker string, size int) []byte {
	return []byte(`{"html":"<p>` + marker + strings.Repeat("x", size) + `</p>"}`)
}

// TestBodyBudgetBoundsConcurrentBodies sends many concurrent bodies while
// the render slots are held: the bytes read and held at once never pass
// the budget (without it every body is read at once), and once the slots
// free up every request completes.
func TestBodyBudgetBoundsConcurrentBodies(t *testing.T) {
	const (
		bodySize = 40 << 10
		budget   = 160 << 10
		clients  = 20
	)
	for _, chunked := range []bool{false, true} {
		t.Run(fmt.Sprintf("chunked=%v", chunked), func(t *testing.T) {
			f := newFake()
			h := New(Config{Engine: f, MaxBodyBytes: 64 << 10, BodyBudget: budget, MaxConcurrent: 2,
				MaxQueue: 100, QueueTimeout: time.Minute, BodyWait: time.Minute})
			var m bodyMeter
			body := renderBody("BLOCK", bodySize)
			codes := make(chan int, clients)
			var wg sync.WaitGroup
			for i := 0; i < clients; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					codes <- serveMetered(h, &m, body, chunked).Code
				}()
			}
			// Reserved: a declared length each, or the body limit each.
			per := int64(len(body))
			if chunked {
				per = 64 << 10
			}
			admitted := budget / per
			waitFor(t, func() bool { return h.budget.waiting() == clients-int(admitted) })
			if got := m.live.Load(); got > budget {
				t.Errorf("%d body bytes held while saturated, budget %d", got, budget)
			}
			close(f.release)
			wg.Wait()
			close(codes)
			for c := range codes {
				if c != http.StatusOK {
					t.Errorf("status %d, want 200", c)
				}
			}
			// The meter drops a request's bytes after ServeHTTP returns, but
			// the handler frees its reservation just before: one more body
			// may be read in between, so the peak may pass the budget by one
			// body (without the budget every body would be held at once).
			if peak := m.peak.Load(); peak > budget+per || peak < 2*int64(len(body)) {
				t.Errorf("peak body bytes held %d, want within (%d, %d]", peak, 2*len(body), budget+per)
			}
			if got, want := m.total.Load(), int64(clients*len(body)); got != want {
				t.Errorf("read %d body bytes, want %d", got, want)
			}
			if peak := h.budget.peakBytes(); peak > budget {
				t.Errorf("peak reserved %d, budget %d", peak, budget)
			}
			if h.budget.reserved() != 0 {
				t.Errorf("%d bytes still reserved after every response", h.budget.reserved())
			}
		})
	}
}

// TestBodyBudgetRefuses checks the answers to requests the budget cannot
// take: 503 with Retry-After when it stays full past the wait or when the
// wait queue is full, 413 at once for a declared length over the limit,
// before any of the body is read; health answers meanwhile.
func TestBodyBudgetRefuses(t *testing.T) {
	cases := []struct {
		name     string
		maxQueue int
		declared int64 // 0: the body's length
		status   int
		code     string
		read     bool // whether the refused body may be read
	}{
		{"budget full past the wait", 10, 0, http.StatusServiceUnavailable, CodeOverloaded, false},
		{"no queue", -1, 0, http.StatusServiceUnavailable, CodeOverloaded, false},
		{"declared length over the limit", 10, 1 << 20, http.StatusRequestEntityTooLarge, CodeBodyTooLarge, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			defer close(f.release)
			h := New(Config{Engine: f, MaxBodyBytes: 64 << 10, BodyBudget: 64 << 10, MaxConcurrent: 1,
				MaxQueue: tc.maxQueue, BodyWait: 30 * time.Millisecond, RetryAfter: 3 * time.Second})
			var m bodyMeter
			// One request holding the slot and the whole budget.
			go serveMetered(h, &m, renderBody("BLOCK", 63<<10+400), false)
			<-f.started

			body := renderBody("", 1<<10)
			mb := &meteredBody{r: bytes.NewReader(body), m: &m}
			req := httptest.NewRequest(http.MethodPost, "/api/v1/render", nil)
			req.Body, req.ContentLength = mb, int64(len(body))
			if tc.declared > 0 {
				req.ContentLength = tc.declared
			}
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if p := problemOf(t, rec); p.Code != tc.code {
				t.Errorf("code %q, want %q", p.Code, tc.code)
			}
			if tc.status == http.StatusServiceUnavailable && rec.Header().Get("Retry-After") != "3" {
				t.Errorf("Retry-After %q, want 3", rec.Header().Get("Retry-After"))
			}
			if mb.read > 0 && !tc.read {
				t.Errorf("the refused body was read (%d bytes)", mb.read)
			}
			if rec := do(t, h, http.MethodGet, "/api/v1/health", "", nil); rec.Code != http.StatusOK {
				t.Errorf("health while the budget is full: %d", rec.Code)
			}
		})
	}
}

// TestHealthDuringBodySaturation keeps the budget full with waiters
// queued behind it: health still answers at once.
func TestHealthDuringBodySaturation(t *testing.T) {
	f := newFake()
	h := New(Config{Engine: f, MaxBodyBytes: 8 << 10, BodyBudget: 16 << 10, MaxConcurrent: 1,
		MaxQueue: 50, QueueTimeout: time.Minute, BodyWait: time.Minute})
	var m bodyMeter
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			serveMetered(h, &m, renderBody("BLOCK", 7<<10), false)
		}()
	}
	waitFor(t, func() bool { return h.budget.waiting() == 18 })
	for i := 0; i < 10; i++ {
		start := time.Now()
		if rec := do(t, h, http.MethodGet, "/api/v1/health", "", nil); rec.Code != http.StatusOK {
			t.Fatalf("health: %d", rec.Code)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("health took %v while saturated", d)
		}
	}
	close(f.release)
	wg.Wait()
}

// unknownKeysBody is a render body with n unknown members besides html;
// deep adds one more unknown member nested in arrays past maxSplitDepth,
// so that encoding/json decodes the body, and escaped spells the names with escapes.
func unknownKeysBody(n int, deep, escaped bool) []byte {
	var b bytes.Buffer
	b.WriteString(`{"html":"<p>x</p>"`)
	for i := 0; i < n; i++ {
		if escaped {
			fmt.Fprintf(&b, `,"\u006b%07d%s":1`, i, strings.Repeat("y", 100))
		} else {
			fmt.Fprintf(&b, `,"k%07d%s":1`, i, strings.Repeat("y", 100))
		}
	}
	if deep {
		b.WriteString(`,"zz":` + strings.Repeat("[", maxSplitDepth+5) + strings.Repeat("]", maxSplitDepth+5))
	}
	b.WriteString("}")
	return b.Bytes()
}

// TestUnknownFieldsErrorBounded sends 100k unknown members: the 422 lists
// the first 20, shortened, counts the rest, and stays a few kilobytes.
func TestUnknownFieldsErrorBounded(t *testing.T) {
	h := New(Config{Engine: newFake(), MaxBodyBytes: 32 << 20})
	for _, tc := range []struct {
		name            string
		deep, escaped   bool
		wantFirstListed string
	}{
		{"plain names", false, false, "k0000000"},
		{"escaped names", false, true, "k0000000"},
		{"deep body", true, false, "k0000000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 100000
			body := unknownKeysBody(n, tc.deep, tc.escaped)
			if tc.deep {
				n++
			}
			rec := postJSON(t, h, "/api/v1/render", string(body))
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d: %.300s", rec.Code, rec.Body)
			}
			if rec.Body.Len() > 16<<10 {
				t.Errorf("problem body is %d bytes, want a bounded size", rec.Body.Len())
			}
			p := problemOf(t, rec)
			var unknown int
			for _, e := range p.Errors {
				if e.Code == "unknown" {
					unknown++
					if len(e.Field) > maxEcho+len("…") {
						t.Errorf("field name not shortened: %d bytes", len(e.Field))
					}
				}
			}
			if unknown != maxListed || !strings.HasPrefix(p.Errors[0].Field, tc.wantFirstListed) {
				t.Errorf("%d unknown fields listed, first %q; want %d, first %s…", unknown, p.Errors[0].Field, maxListed, tc.wantFirstListed)
			}
			if want := fmt.Sprintf("and %d more problems", n-maxListed); !strings.Contains(p.Detail, want) {
				t.Errorf("detail %.200q does not say %q", p.Detail, want)
			}
		})
	}
}

// TestUnknownFieldsAllocationBounded: decoding a body allocates for the
// members the endpoint reads, not for each unknown one.
func TestUnknownFieldsAllocationBounded(t *testing.T) {
	allocs := func(n int) float64 {
		body := unknownKeysBody(n, false, false)
		return testing.AllocsPerRun(5, func() {
			f, err := decodeJSONObject(body, renderFormFields)
			if err != nil {
				t.Fatal(err)
			}
			f.fieldErrors()
		})
	}
	small, large := allocs(100), allocs(20000)
	if large > small+10 {
		t.Errorf("allocations grow with unknown members: %v for 100, %v for 20,000", small, large)
	}
}

// TestProblemBounded: whatever builds a problem, the response lists at
// most maxListed field errors with bounded texts.
func TestProblemBounded(t *testing.T) {
	p := newProblem(http.StatusUnprocessableEntity, CodeTemplateData, strings.Repeat("d", 100000))
	for i := 0; i < 5000; i++ {
		p.Errors = append(p.Errors, FieldError{Field: "/" + strings.Repeat("f", 10000), Code: "invalid", Message: strings.Repeat("m", 10000)})
	}
	rec := httptest.NewRecorder()
	writeProblem(rec, httptest.NewRequest(http.MethodPost, "/api/v1/render-template", nil), p)
	if rec.Body.Len() > maxListed*(maxFieldName+maxFieldMessage+100)+maxDetail+1000 {
		t.Errorf("problem body %d bytes", rec.Body.Len())
	}
	var got Problem
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Errors) != maxListed || !strings.Contains(got.Detail, "4980 more") {
		t.Errorf("%d errors listed, detail %.100q", len(got.Errors), got.Detail)
	}
}

// TestReadBodyAllocatesDeclaredSize: a body with a Content-Length is read
// into one buffer of that size after the first MiB, not into doublings.
func TestReadBodyAllocatesDeclaredSize(t *testing.T) {
	const size = 3 << 20
	s := New(Config{Engine: newFake(), MaxBodyBytes: 8 << 20})
	body := bytes.Repeat([]byte("x"), size)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	req := httptest.NewRequest(http.MethodPost, "/api/v1/validate", bytes.NewReader(body))
	got, err := s.readBody(httptest.NewRecorder(), req)
	runtime.ReadMemStats(&after)
	if err != nil || len(got) != size {
		t.Fatalf("read %d bytes, %v", len(got), err)
	}
	// 1 MiB, then the declared size; doubling would allocate 1+2+4 MiB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size+maxPrealloc+size/4 {
		t.Errorf("reading %d bytes allocated %d", size, alloc)
	}
}

// TestJSONFieldsKnownMembers: the decoder keeps the members an endpoint
// reads however their names are spelled, with encoding/json's last-wins
// rule, and counts the others.
func TestJSONFieldsKnownMembers(t *testing.T) {
	cases := []struct {
		body         string
		html         string
		unknown      int
		firstUnknown string
	}{
		{`{"html":"a","html":"b"}`, "b", 0, ""},
		{`{"\u0068tml":"<p>é</p>","x":1,"x":2}`, "<p>é</p>", 2, "x"},
		{`{"html":"a\nb","` + strings.Repeat("k", 500) + `":1}`, "a\nb", 1, strings.Repeat("k", maxEcho) + "…"},
	}
	for _, tc := range cases {
		f, err := decodeJSONObject([]byte(tc.body), renderFormFields)
		if err != nil {
			t.Fatalf("%s: %v", tc.body, err)
		}
		if got := string(f.text("html")); got != tc.html {
			t.Errorf("%.40s: html %q, want %q", tc.body, got, tc.html)
		}
		errs, unlisted := f.fieldErrors()
		if len(errs)+unlisted != tc.unknown {
			t.Errorf("%.40s: %d unknown listed + %d unlisted, want %d", tc.body, len(errs), unlisted, tc.unknown)
		}
		if tc.unknown > 0 && errs[0].Field != tc.firstUnknown {
			t.Errorf("%.40s: first unknown %q, want %q", tc.body, errs[0].Field, tc.firstUnknown)
		}
	}
}

// TestKnownFieldErrorsListedFirst: with more unknown members than a
// problem lists, the error about a known field is still listed.
func TestKnownFieldErrorsListedFirst(t *testing.T) {
	h := New(Config{Engine: newFake()})
	var b strings.Builder
	b.WriteString(`{"html":"x"`)
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, `,"k%d":1`, i)
	}
	b.WriteString(`,"size":"A0"}`)
	p := problemOf(t, postJSON(t, h, "/api/v1/render", b.String()))
	if len(p.Errors) != maxListed || p.Errors[0].Field != "size" || !strings.Contains(p.Detail, "and 81 more") {
		t.Errorf("errors %d, first %+v, detail %.120q", len(p.Errors), p.Errors[0], p.Detail)
	}
}

func TestBodyBudgetDefaults(t *testing.T) {
	queueWait := DefaultRenderTimeout / 3
	cases := []struct {
		in     Config
		budget int64
		wait   time.Duration
	}{
		{Config{MaxConcurrent: 2}, 4 * DefaultMaxBodyBytes, queueWait},
		{Config{MaxConcurrent: 8, MaxBodyBytes: 1 << 20}, 16 << 20, queueWait},
		{Config{MaxConcurrent: 1, MaxBodyBytes: 1 << 20, BodyBudget: 1000}, 1 << 20, queueWait},
		{Config{MaxConcurrent: 1, QueueTimeout: time.Second, BodyBudget: 5 << 30}, 5 << 30, time.Second},
		{Config{MaxConcurrent: 1, BodyWait: time.Minute}, 4 * DefaultMaxBodyBytes, time.Minute},
	}
	for i, tc := range cases {
		tc.in.Engine = newFake()
		c := tc.in.withDefaults()
		if c.BodyBudget != tc.budget || c.BodyWait != tc.wait {
			t.Errorf("case %d: budget %d, wait %v; want %d, %v", i, c.BodyBudget, c.BodyWait, tc.budget, tc.wait)
		}
	}
}
