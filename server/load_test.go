package server

// Load benchmarks: a real HTTP server on loopback (httptest) driven by
// concurrent clients, reporting throughput and latency percentiles.
//
//	go test ./server -run '^$' -bench Load -benchtime 20s
//	FOLIO_LOAD=20s go test ./server -run TestLoadLevels -v -timeout 0
//
// FOLIO_LOAD_URL=http://host:8080 points the same load generator at a
// running `folio serve` instead.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

// loadClients is the number of concurrent clients of the benchmarks and
// the soak.
const loadClients = 16

// loadResult summarises a load run.
type loadResult struct {
	requests  int
	errors5xx int
	rejected  int // deliberate 503s
	other     int
	latencies []time.Duration
	elapsed   time.Duration
}

func (r *loadResult) percentile(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	sort.Slice(r.latencies, func(i, j int) bool { return r.latencies[i] < r.latencies[j] })
	i := int(float64(len(r.latencies)-1) * p)
	return r.latencies[i]
}

// varyingBody returns a request body for template id whose data differ in
// every request: the first string value of field in data gets the request
// number appended, so that no cache of identical requests could answer.
func varyingBody(t testing.TB, id string, data []byte, field string) func(i int64) []byte {
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	orig, ok := v[field].(string)
	if !ok {
		t.Fatalf("%s data has no string field %q", id, field)
	}
	const marker = "\x00VARY\x00"
	v[field] = marker
	tmpl, err := json.Marshal(map[string]any{"template_id": id, "data": v})
	if err != nil {
		t.Fatal(err)
	}
	quoted, _ := json.Marshal(marker)
	before, after, found := bytes.Cut(tmpl, quoted)
	if !found {
		t.Fatal("marker lost in JSON encoding")
	}
	return func(i int64) []byte {
		b := make([]byte, 0, len(tmpl)+32)
		b = append(b, before...)
		b = strconv.AppendQuote(b, orig+"-"+strconv.FormatInt(i, 10))
		return append(b, after...)
	}
}

// runLoad sends n requests built by body from clients goroutines. A
// client answered 503 waits as long as Retry-After says (or until ctx
// ends) before its next request, as a well-behaved client does.
func runLoad(ctx context.Context, client *http.Client, url string, clients, n int, body func(i int64) []byte) *loadResult {
	var mu sync.Mutex
	res := &loadResult{latencies: make([]time.Duration, 0, min(n, 1<<16))}
	var remaining atomic.Int64
	remaining.Store(int64(n))
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := remaining.Add(-1)
				if i < 0 || ctx.Err() != nil {
					return
				}
				t0 := time.Now()
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url+"/api/v1/render-template", bytes.NewReader(body(i)))
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				status := 0
				if err != nil && ctx.Err() != nil {
					return // the run is over, not a failure
				}
				var retry time.Duration
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					status = resp.StatusCode
					secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
					retry = time.Duration(secs) * time.Second
				}
				d := time.Since(t0)
				mu.Lock()
				res.requests++
				switch {
				case status == http.StatusOK:
					res.latencies = append(res.latencies, d)
				case status == http.StatusServiceUnavailable:
					res.rejected++
				case status >= 500:
					res.errors5xx++
				default:
					res.other++
				}
				mu.Unlock()
				if status == http.StatusServiceUnavailable && retry > 0 {
					select {
					case <-time.After(retry):
					case <-ctx.Done():
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

// maxRSS returns the peak resident set size of this process in MB
// (VmHWM), 0 where /proc is unavailable.
func maxRSS() float64 { return rss("VmHWM:") }

// rss reads a /proc/self/status memory line in MB.
func rss(field string) float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, field) {
			f := strings.Fields(line)
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// serveGC applies the garbage-collector settings of `folio serve`
// (DefaultGCPercent capped by DefaultGCGrowth, DefaultMemoryLimit) unless
// GOGC or GOMEMLIMIT is set
// in the environment, and heap profiling off (StopHeapProfiling) unless
// -test.memprofile asks for a profile, and returns a function restoring
// the previous ones.
func serveGC() (restore func()) {
	var undo []func()
	if f := flag.Lookup("test.memprofile"); f == nil || f.Value.String() == "" {
		undo = append(undo, StopHeapProfiling())
	}
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(DefaultGCPercent)
		stop := CapGCGrowth(DefaultGCPercent, DefaultGCGrowth)
		undo = append(undo, func() { stop(); debug.SetGCPercent(old) })
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(DefaultMemoryLimit)
		undo = append(undo, func() { debug.SetMemoryLimit(old) })
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}

// benchmarkLoad runs b.N renders of template id; field names the data's
// string field varied per request. The in-process server runs with the
// garbage-collector settings of `folio serve` (see serveGC). cpu-ms/op is
// the CPU of the whole process per render: server, and the load generator
// unless FOLIO_LOAD_URL points elsewhere.
func benchmarkLoad(b *testing.B, templateID string, data []byte, field string) {
	body := varyingBody(b, templateID, data, field)
	url := os.Getenv("FOLIO_LOAD_URL")
	if url == "" {
		defer serveGC()()
		srv := httptest.NewServer(New(Config{}))
		defer srv.Close()
		url = srv.URL
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadClients, MaxConnsPerHost: loadClients}}
	// Warm up fonts, templates and connections; count the pages.
	pages := 0
	runLoad(context.Background(), client, url, loadClients, 2*loadClients, body)
	if resp, err := client.Post(url+"/api/v1/render-template", "application/json", bytes.NewReader(body(-1))); err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		pages, _ = strconv.Atoi(resp.Header.Get("X-Pages"))
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	res := runLoad(context.Background(), client, url, loadClients, b.N, body)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	ok := len(res.latencies)
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(ok)/res.elapsed.Seconds(), "renders/s")
	b.ReportMetric(float64(res.percentile(0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(res.percentile(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(res.rejected), "503s")
	b.ReportMetric(float64(res.errors5xx), "other-5xx")
	b.ReportMetric(maxRSS(), "peak-RSS-MB")
	runtime.GC()
	debug.FreeOSMemory()
	b.ReportMetric(rss("VmRSS:"), "RSS-after-MB")
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "procs")
	b.ReportMetric(float64(pages), "pages")
	if res.errors5xx > 0 || res.other > 0 {
		b.Errorf("%d 5xx responses and %d other failures (503s: %d)", res.errors5xx, res.other, res.rejected)
	}
}

// sample returns a template's sample data.
func sample(b *testing.B, id string) []byte {
	d, err := DefaultEngine().Template(id)
	if err != nil {
		b.Fatal(err)
	}
	return d.Sample
}

// BenchmarkLoadInvoice renders the invoice sample (one A4 page) with a
// different invoice number in every request.
func BenchmarkLoadInvoice(b *testing.B) {
	benchmarkLoad(b, "invoice", sample(b, "invoice"), "invoice_number")
}

// BenchmarkLoadReport renders testdata/load/report-12pages.json: the
// accessible_report sample with its sections repeated eight times, a report
// of about twelve pages (13 when this was written; the pages metric reports
// it), with a different title in every request. The wrk measurement in
// BENCHMARKS.md sends the same file.
func BenchmarkLoadReport(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "load", "report-12pages.json"))
	if err != nil {
		b.Fatal(err)
	}
	benchmarkLoad(b, "accessible_report", data, "title")
}

// BenchmarkHealth measures the handler overhead without rendering.
func BenchmarkHealth(b *testing.B) {
	h := New(Config{Engine: newFake()})
	req := httptest.NewRequest(http.MethodGet, "/api/v1/health", nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
}

// TestLoadSoak runs the invoice load for FOLIO_SOAK (e.g. 10m) with 16
// clients against a server set up as `folio serve` sets it (GC settings,
// memory returned to the OS when idle), sampling resident memory every
// second. It fails on any 5xx other than deliberate 503s and on resident
// memory above 300 MB. With FOLIO_SOAK it also checks #24's soak goals:
// resident memory at the end of the load within 20 % of what it was after
// the first minute (see soakGrowth for the windows and short runs), and
// 30 s after the load stops within 20 % of the idle server's. Without
// FOLIO_SOAK it runs for 3 s (skipped with -short), so CI exercises the
// same load:
//
//	FOLIO_SOAK=10m go test ./server -run 'TestLoadSoak$' -v -timeout 0
func TestLoadSoak(t *testing.T) {
	d := 3 * time.Second
	soak := os.Getenv("FOLIO_SOAK")
	if soak != "" {
		var err error
		if d, err = time.ParseDuration(soak); err != nil || d <= 0 {
			t.Fatalf("FOLIO_SOAK=%q is not a positive duration such as 60s", soak)
		}
	} else if testing.Short() {
		t.Skip("3 s load run; set FOLIO_SOAK for a longer soak")
	}
	tmpl, _ := DefaultEngine().Template("invoice")
	body := varyingBody(t, "invoice", tmpl.Sample, "invoice_number")
	defer serveGC()()
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = NewHTTPServer(New(Config{OnIdle: debug.FreeOSMemory}), 0, nil)
	srv.Start()
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadClients}}
	// idle is a server that has rendered once (fonts and templates
	// loaded) and given its free memory back; its client has gone
	warm, cancelWarm := context.WithTimeout(context.Background(), 10*time.Second)
	runLoad(warm, client, srv.URL, 1, 1, body)
	cancelWarm()
	client.CloseIdleConnections()
	runtime.GC()
	debug.FreeOSMemory()
	baseline := rss("VmRSS:")
	t.Logf("idle: RSS %.1f MB;%s", baseline, memClasses())
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	samples := make([]float64, 0, int(d/time.Second)+2)
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				samples = append(samples, rss("VmRSS:"))
				if n := len(samples); n%10 == 0 || n == 60 {
					t.Logf("%3d s: RSS %.1f MB", n, samples[n-1])
				}
			case <-stop:
				return
			}
		}
	}()
	res := runLoad(ctx, client, srv.URL, loadClients, 1<<30, body)
	close(stop)
	<-stopped
	last := rss("VmRSS:")
	samples = append(samples, last)
	t.Logf("end: RSS %.1f MB;%s", last, memClasses())
	summary := fmt.Sprintf("%d renders in %v: %.1f/s, p50 %v, p99 %v, 503s %d, other 5xx %d",
		len(res.latencies), res.elapsed.Round(time.Millisecond), float64(len(res.latencies))/res.elapsed.Seconds(),
		res.percentile(0.5), res.percentile(0.99), res.rejected, res.errors5xx)
	errors5xx := res.errors5xx
	res = nil // the load generator's latencies are not the server's memory
	// The load stops as it does when a load generator such as wrk exits:
	// its clients close their connections, and the server's goroutines
	// and buffers for them go. (Connections a client leaves open stay
	// until the server's IdleTimeout, 120 s in `folio serve`.)
	client.CloseIdleConnections()
	settle := time.Second
	if soak != "" {
		settle = 30 * time.Second // the server returns memory after 10 s idle
	}
	time.Sleep(settle)
	after := rss("VmRSS:")
	t.Logf("%v after: RSS %.1f MB;%s", settle, after, memClasses())
	peak := slices.Max(samples)
	refWhen, endWhen, ref, end, checked := soakGrowth(samples)
	t.Logf("%s; RSS idle %.0f MB, highest %s %.0f MB, highest %s %.0f MB, peak %.0f MB, at the end %.0f MB, %v after %.0f MB",
		summary, baseline, refWhen, ref, endWhen, end, peak, last, settle, after)
	if errors5xx > 0 {
		t.Errorf("%d 5xx responses other than 503", errors5xx)
	}
	if peak > 300 {
		t.Errorf("resident memory peaked at %.0f MB", peak)
	}
	if soak != "" {
		if !checked {
			t.Logf("growth not checked: a soak shorter than 2 min is still warming up at its end")
		} else if end > 1.2*ref {
			t.Errorf("resident memory grew from %.0f MB (highest %s) to %.0f MB (highest %s), more than 20 %%", ref, refWhen, end, endWhen)
		}
		if after > 1.2*baseline {
			t.Errorf("resident memory %.0f MB %v after the load, more than 20 %% above the idle %.0f MB", after, settle, baseline)
		}
	}
}

// soakGrowth picks the two resident-memory figures of a soak (samples in
// MB, one a second) that its growth check compares: the highest sample of
// the minute after the first minute, and of the last minute, so that
// where a sample falls in a sawtooth does not decide. The windows are a
// minute long because the slowest sawtooth is that long: the shaping
// cache fills with the varying invoice numbers up to its bound of 32,768
// words and is emptied, and resident memory follows the live heap from
// about 65 to 130 MB and back every 50-70 s (10-minute soak at GOGC 200,
// 400 renders/s); a 10-s window caught 109 MB at 1 min in one phase of
// it and 136 MB at the end in another. For a run of three minutes or
// more checked is true. A shorter run is still warming up (resident
// memory still rises at 60 s of a 1-minute soak as the cache fills for
// the first time), so its growth says nothing about a leak: it gets the
// middle and last thirds, for the log only, and checked is false. refWhen
// and endWhen name the windows.
func soakGrowth(samples []float64) (refWhen, endWhen string, ref, end float64, checked bool) {
	n := len(samples)
	if n >= 180 {
		return "in the second minute", "in the last minute", slices.Max(samples[60:120]), slices.Max(samples[n-60:]), true
	}
	third := n / 3
	if third == 0 {
		m := slices.Max(samples)
		return "of the run", "of the run", m, m, false
	}
	return fmt.Sprintf("in the middle %d s", third), fmt.Sprintf("in the last %d s", third),
		slices.Max(samples[third : 2*third]), slices.Max(samples[n-third:]), false
}

// overheadEngine answers instantly with a fixed 70 KB "PDF", so that
// BenchmarkHandlerOverhead measures only the server's own work.
type overheadEngine struct {
	Engine
	pdf []byte
}

func (e overheadEngine) Convert(_ context.Context, r io.Reader, _ folio.Options) (*folio.Result, error) {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return nil, err
	}
	return &folio.Result{PDF: e.pdf, Pages: 1}, nil
}

func (overheadEngine) RenderTemplate(_ context.Context, _ string, data json.RawMessage) ([]byte, error) {
	return append([]byte("<!doctype html><title>t</title><p>"), data...), nil
}

// discardWriter is a ResponseWriter that keeps nothing but the headers.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(int)             {}

// BenchmarkHandlerOverhead measures what the server adds to a render:
// routing, request id, body reading and JSON decoding, validation of the
// fields, the render slot, metrics, the access log (JSON, discarded) and
// writing a 70 KB response.
func BenchmarkHandlerOverhead(b *testing.B) {
	eng := overheadEngine{Engine: DefaultEngine(), pdf: bytes.Repeat([]byte("x"), 70<<10)}
	h := New(Config{Engine: eng, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	invoice := sample(b, "invoice")
	for _, tc := range []struct{ name, path, body string }{
		{"render", "/api/v1/render", `{"html":"<!doctype html><title>t</title><p>Hello","title":"Invoice","size":"a4"}`},
		{"render-template", "/api/v1/render-template", `{"template_id":"invoice","data":` + string(invoice) + `}`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			w := &discardWriter{h: http.Header{}}
			cpu0 := cpuTime()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, tc.path, strings.NewReader(tc.body))
				req.Header.Set("Content-Type", "application/json")
				clear(w.h)
				h.ServeHTTP(w, req)
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// memClasses summarises the runtime's /memory/classes metrics in MB, to
// tell apart what resident memory holds: live and free heap, unused
// spans, goroutine stacks, runtime metadata, and what was released.
func memClasses() string {
	names := []string{
		"/memory/classes/heap/objects:bytes",
		"/memory/classes/heap/free:bytes",
		"/memory/classes/heap/unused:bytes",
		"/memory/classes/heap/released:bytes",
		"/memory/classes/heap/stacks:bytes",
		"/memory/classes/os-stacks:bytes",
		"/memory/classes/metadata/other:bytes",
		"/memory/classes/metadata/mspan/inuse:bytes",
		"/memory/classes/metadata/mspan/free:bytes",
		"/memory/classes/metadata/mcache/inuse:bytes",
		"/memory/classes/other:bytes",
		"/memory/classes/profiling/buckets:bytes",
		"/memory/classes/total:bytes",
	}
	samples := make([]rtmetrics.Sample, len(names))
	for i, n := range names {
		samples[i].Name = n
	}
	rtmetrics.Read(samples)
	var b strings.Builder
	for _, s := range samples {
		if s.Value.Kind() != rtmetrics.KindUint64 {
			continue
		}
		name := strings.TrimSuffix(strings.TrimPrefix(s.Name, "/memory/classes/"), ":bytes")
		fmt.Fprintf(&b, " %s=%.1f", name, float64(s.Value.Uint64())/(1<<20))
	}
	fmt.Fprintf(&b, " goroutines=%d RssAnon=%.1f RssFile=%.1f", runtime.NumGoroutine(), rss("RssAnon:"), rss("RssFile:"))
	return b.String()
}
