package server

import (
	"log/slog"
	"math"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Defaults for Config fields left zero.
const (
	DefaultMaxBodyBytes  = 20 << 20
	DefaultRenderTimeout = 30 * time.Second
	DefaultRetryAfter    = time.Second
	DefaultIdleDelay     = 10 * time.Second
	// DefaultMemoryBudget is Config.MemoryBudget when the process has no
	// soft memory limit (runtime/debug.SetMemoryLimit); with one, the
	// default is half of it.
	DefaultMemoryBudget = 512 << 20
	// DefaultQueuePerSlot is Config.MaxQueue per render slot: a request
	// waiting for memory costs a goroutine and a connection, not its body.
	DefaultQueuePerSlot = 256
	// DefaultMaxTextBytes bounds the text of one document (see
	// Config.MaxTextBytes): about 260 MB of layout memory.
	DefaultMaxTextBytes = 2 << 20
)

// Garbage-collector settings `folio serve` applies to its process (the
// handler itself changes no process-wide setting). A render allocates
// several times its live data, so with Go's default GOGC of 100 the
// collector runs every few renders; letting the heap grow to five times
// the live data collects a quarter as often, and the soft memory limit
// makes the collector work harder instead of letting the heap pass it
// when many large documents are in flight. The growth is capped at
// DefaultGCGrowth (CapGCGrowth), which keeps the peak heap, and the
// runtime metadata that stay resident after it, down when the live heap
// is larger than a few renders (gctrace, 16 clients rendering invoices:
// the collector's share of the time 3-6 % at GOGC 400, 6-8 % at 200,
// 11 % at 100).
const (
	DefaultGCPercent   = 400
	DefaultMemoryLimit = 256 << 20
)

// Config configures the handler returned by New. The zero value is usable:
// every zero field takes its default.
type Config struct {
	// Engine does the conversions and audits; nil means DefaultEngine().
	Engine Engine
	// Logger receives access logs and errors; nil discards them.
	Logger *slog.Logger
	// APIKeys, when non-empty, are required on every endpoint except
	// /api/v1/health, /api/v1/openapi.json and /metrics, as
	// "Authorization: Bearer KEY" or "X-API-Key: KEY".
	APIKeys []string
	// MaxBodyBytes limits request bodies (default 20 MiB). A body whose
	// Content-Length is over the limit is refused with 413 before any of
	// it is read.
	MaxBodyBytes int64
	// MemoryBudget is the admission control: the memory, in bytes, that
	// the requests admitted at once (rendering or waiting for a render
	// slot) are estimated to need. Before any of its body is read a
	// request reserves RenderBaseBytes + RenderBytesPerByte × its
	// Content-Length (six times that for render-template, whose data
	// expand into HTML; 20 bytes a byte for a PDF to audit or inspect;
	// see cost.go for the calibration), corrected once the document is
	// known, and keeps it until its response is written. A
	// request that does not fit waits, in arrival order, up to BodyWait;
	// at most MaxQueue requests wait, and only when the budget and the
	// queue are both full is a request refused at once, with 503 and
	// Retry-After. A request estimated above the whole budget runs alone;
	// so does, for the time it takes to read its body, a request without
	// a Content-Length, estimated from MaxBodyBytes (clients should
	// declare their length).
	// Default: half the process's soft memory limit when one is set (as
	// `folio serve` does), else DefaultMemoryBudget; the other half is
	// the garbage collector's room.
	MemoryBudget int64
	// RenderBaseBytes and RenderBytesPerByte are the cost model of
	// MemoryBudget (defaults DefaultRenderBaseBytes,
	// DefaultRenderBytesPerByte).
	RenderBaseBytes    int64
	RenderBytesPerByte int64
	// BodyBudget bounds the request body bytes held at once, from before
	// a body is read until its response is written: a request reserves
	// its Content-Length (MaxBodyBytes when it declares none) in it as
	// well as its memory estimate in MemoryBudget, and waits for both in
	// the same queue. At least MaxBodyBytes; default
	// max(4, 2×MaxConcurrent)×MaxBodyBytes. A client that declares a
	// large body and sends it slowly holds its reservation until the body
	// is read or the http.Server's ReadTimeout ends the request.
	BodyBudget int64
	// BodyWait is how long a request waits for room in MemoryBudget and
	// BodyBudget (default QueueTimeout); it then waits up to QueueTimeout
	// more for a render slot.
	BodyWait time.Duration
	// RenderTimeout is the deadline of one render or audit, not counting
	// the time spent queued (default 30 s).
	RenderTimeout time.Duration
	// MaxConcurrent is the number of renders and audits running at once
	// (default GOMAXPROCS). Rendering is CPU-bound: more renders than
	// processors only share the processors, so each takes longer and more
	// memory is live, while throughput stays the same.
	MaxConcurrent int
	// MaxQueue is the number of requests that may wait for room in the
	// memory budget (default DefaultQueuePerSlot×MaxConcurrent; -1: none);
	// further requests get 503 at once. Requests admitted into the budget
	// wait for a render slot without a further bound: the budget bounds
	// them.
	MaxQueue int
	// QueueTimeout is how long an admitted request waits for a render
	// slot before 503 (default RenderTimeout/3).
	QueueTimeout time.Duration
	// RetryAfter is the Retry-After sent with 503 (default 1 s).
	RetryAfter time.Duration
	// MaxPages limits the pages of one render (0: the folio default).
	MaxPages int
	// MaxTextBytes bounds the text of one document (default 2 MiB, -1:
	// none): layout holds about 130 bytes a character, so this is what
	// keeps one request's memory bounded; a longer document is refused
	// with 422 limit_exceeded naming the limit.
	MaxTextBytes int
	// AllowHosts are the hosts documents may load http(s) resources
	// from, and pages may be fetched from (the url field of render);
	// loopback, private, link-local and metadata addresses are refused
	// whatever the list says. Empty: nothing is fetched.
	AllowHosts []string
	// CORSOrigins enables CORS for these origins ("*" for any). Empty:
	// CORS is off.
	CORSOrigins []string
	// OnIdle, when set, is called once IdleDelay (default 10 s) has passed
	// without a render or audit after the last one ended. `folio serve`
	// returns freed memory to the operating system there, so that resident
	// memory falls back after a burst of work. Before it, the server drops
	// its shaping cache and runs a collection so that OnIdle's own frees
	// what sync.Pools hold (see emptyPools).
	OnIdle    func()
	IdleDelay time.Duration
	// DisableUI turns off the playground page at / and its files under
	// /ui/; / then answers 404 like any unknown path.
	DisableUI bool
	// Registerer receives the server's Prometheus metrics and Gatherer
	// serves them on /metrics. Nil: a registry private to this handler
	// (with the Go and process collectors).
	Registerer prometheus.Registerer
	Gatherer   prometheus.Gatherer
}

// withDefaults returns c with zero fields replaced by their defaults.
func (c Config) withDefaults() Config {
	if c.Engine == nil {
		c.Engine = DefaultEngine()
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.MaxTextBytes == 0 {
		c.MaxTextBytes = DefaultMaxTextBytes
	}
	if c.RenderTimeout <= 0 {
		c.RenderTimeout = DefaultRenderTimeout
	}
	if c.MaxConcurrent <= 0 {
		c.MaxConcurrent = runtime.GOMAXPROCS(0)
	}
	if c.MaxQueue < 0 {
		c.MaxQueue = 0
	} else if c.MaxQueue == 0 {
		c.MaxQueue = DefaultQueuePerSlot * c.MaxConcurrent
	}
	if c.QueueTimeout <= 0 {
		c.QueueTimeout = c.RenderTimeout / 3
	}
	if c.BodyBudget <= 0 {
		c.BodyBudget = int64(max(4, 2*c.MaxConcurrent)) * c.MaxBodyBytes
	}
	c.BodyBudget = max(c.BodyBudget, c.MaxBodyBytes)
	if c.BodyWait <= 0 {
		c.BodyWait = c.QueueTimeout
	}
	if c.MemoryBudget <= 0 {
		c.MemoryBudget = DefaultMemoryBudget
		if limit := debug.SetMemoryLimit(-1); limit < math.MaxInt64 {
			c.MemoryBudget = limit / 2
		}
	}
	if c.RenderBaseBytes <= 0 {
		c.RenderBaseBytes = DefaultRenderBaseBytes
	}
	if c.RenderBytesPerByte <= 0 {
		c.RenderBytesPerByte = DefaultRenderBytesPerByte
	}
	if c.RetryAfter <= 0 {
		c.RetryAfter = DefaultRetryAfter
	}
	if c.IdleDelay <= 0 {
		c.IdleDelay = DefaultIdleDelay
	}
	if c.Registerer == nil || c.Gatherer == nil {
		reg := prometheus.NewRegistry()
		c.Registerer, c.Gatherer = reg, reg
	}
	return c
}
