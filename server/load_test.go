package server

// Load benchmarks: a real HTTP server on loopback (httptest) driven by 16
// concurrent clients, reporting throughput and latency percentiles.
//
//	go test ./server -run '^$' -bench Load -benchtime 20s
//
// FOLIO_LOAD_URL=http://host:8080 points the same load generator at a
// running `folio serve` instead.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// loadClients is the number of concurrent clients.
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

// runLoad sends n requests built by body from loadClients goroutines.
func runLoad(ctx context.Context, client *http.Client, url string, n int, body []byte) *loadResult {
	var mu sync.Mutex
	res := &loadResult{latencies: make([]time.Duration, 0, n)}
	next := make(chan struct{}, n)
	for i := 0; i < n; i++ {
		next <- struct{}{}
	}
	close(next)
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < loadClients; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range next {
				if ctx.Err() != nil {
					return
				}
				t0 := time.Now()
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url+"/api/v1/render-template", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				status := 0
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					status = resp.StatusCode
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

func benchmarkLoad(b *testing.B, templateID string) {
	requireConverter(b)
	d, err := DefaultEngine().Template(templateID)
	if err != nil {
		b.Fatal(err)
	}
	body := []byte(fmt.Sprintf(`{"template_id":%q,"data":%s}`, templateID, d.Sample))
	url := os.Getenv("FOLIO_LOAD_URL")
	if url == "" {
		srv := httptest.NewServer(New(Config{}))
		defer srv.Close()
		url = srv.URL
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadClients, MaxConnsPerHost: loadClients}}
	// Warm up fonts, templates and connections.
	runLoad(context.Background(), client, url, 2*loadClients, body)
	b.ResetTimer()
	res := runLoad(context.Background(), client, url, b.N, body)
	b.StopTimer()
	ok := len(res.latencies)
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
	if res.errors5xx > 0 || res.other > 0 {
		b.Errorf("%d 5xx responses and %d other failures (503s: %d)", res.errors5xx, res.other, res.rejected)
	}
}

// BenchmarkLoadInvoice renders the one-page invoice sample.
func BenchmarkLoadInvoice(b *testing.B) { benchmarkLoad(b, "invoice") }

// BenchmarkLoadReport renders the multi-page accessible_report sample.
func BenchmarkLoadReport(b *testing.B) { benchmarkLoad(b, "accessible_report") }

// BenchmarkHealth measures the handler overhead without rendering.
func BenchmarkHealth(b *testing.B) {
	h := New(Config{Engine: newFake()})
	req := httptest.NewRequest(http.MethodGet, "/api/v1/health", nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
}
