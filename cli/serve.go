package cli

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/seed28491532/folio/internal/resource"
	"github.com/seed28491532/folio/server"
)

func serveCommand() *command {
	return &command{
		name:    "serve",
		summary: "run the HTTP API (/api/v1) and the playground page (/)",
		usage:   "[--addr :8080] [--api-keys-file FILE] [--concurrency N] [--render-timeout D] …",
		help: `Serves /api/v1/render, /api/v1/render-template, /api/v1/templates,
/api/v1/validate, /api/v1/inspect, /api/v1/health, /api/v1/openapi.json and
/metrics, and at / a playground page (embedded, no API key needed to load
it) to render HTML or a template and see the PDF, its audit and its
structure tree; --no-ui (or FOLIO_UI=off) turns the page off.
Access logs are JSON lines on standard error. SIGINT or SIGTERM stops
accepting connections and drains in-flight requests (--shutdown-timeout).

Every flag has an environment variable (FOLIO_ADDR, FOLIO_API_KEYS_FILE,
FOLIO_MAX_BODY_BYTES, FOLIO_RENDER_TIMEOUT, FOLIO_CONCURRENCY, FOLIO_QUEUE,
FOLIO_QUEUE_TIMEOUT, FOLIO_SHUTDOWN_TIMEOUT, FOLIO_MAX_PAGES,
FOLIO_CORS_ORIGINS, FOLIO_LOG_LEVEL, FOLIO_GC_PERCENT, FOLIO_MEMORY_LIMIT,
FOLIO_BODY_BUDGET_BYTES, FOLIO_BODY_WAIT, FOLIO_ALLOW_HOSTS,
FOLIO_MAX_TEXT_BYTES, FOLIO_UI, FOLIO_MEMORY_BUDGET,
FOLIO_RENDER_BASE_BYTES, FOLIO_RENDER_BYTES_PER_BYTE, FOLIO_GC_HEADROOM);
the flag wins.

Admission: every request reserves the memory its render is estimated to
need (--render-base-bytes, default 2MiB, plus --render-bytes-per-byte,
default 140, for each byte of its body, or six times that for template
data; corrected once the HTML is known) in a budget of --memory-budget
(default half the soft memory limit, 128MiB with the default limit)
before its body is read. Requests that do not fit wait in arrival order,
up to --queue of them for up to --body-wait; only when the budget and the
queue are full is a request answered 503 with Retry-After at once.
Admitted requests wait up to --queue-timeout for one of --concurrency
render slots. Refusals are logged at WARN at most once a second (the line
says how many it stands for) and counted in folio_renders_rejected_total;
folio_requests_waiting is the queue depth to autoscale on.

Garbage collection: serve sets GOGC to --gc-percent (default 400: the heap
may grow to five times the live data between collections, a quarter as
many collections as Go's default of 100; while the live data are large
enough for that growth to pass FOLIO_GC_GROWTH, default 64MiB or "off",
GOGC is lowered to allow just that growth, down to 200, because the
runtime metadata of the peak heap stay resident after the load)
and a soft memory limit of --memory-limit (default 256MiB; "off" for none)
at which the collector works harder instead of growing the heap. A live
heap above the limit (one request larger than the memory budget) would
make the collector run back to back for up to half the CPU (3.6 times the
CPU of a 1,500-page render) while freeing little: serve then keeps the
limit --gc-headroom (default 0.5) of the live heap above it, and puts it
back after the next collection that finds the live heap small. A GOGC or
GOMEMLIMIT environment variable is used instead of the default when
neither the flag nor the FOLIO_ variable is given. In a container, set
the memory limit to about 80% of the container's memory. Ten seconds after
the last render of a burst, serve returns the freed memory to the
operating system (runtime/debug.FreeOSMemory), so resident memory falls
back to its baseline; heap profiling is off (serve exposes no profiler,
and the runtime never frees the stacks it samples).

The API keys file has one key per line; blank lines and lines starting
with # are ignored. Without it the API is open.`,
		run:    runServe,
		drains: true,
	}
}

// serveFlags are serve's settings.
type serveFlags struct {
	addr, keysFile, cors, logLevel     string
	allowHosts                         string
	maxBody, bodyBudget                int64
	memoryBudget, renderBase           int64
	renderPerByte                      int64
	bodyWait                           time.Duration
	renderTimeout, queueTimeout, drain time.Duration
	concurrency, queue, maxPages       int
	maxText                            int
	noUI                               bool
	gc                                 gcSettings
}

func (e *env) serveDefaults() (serveFlags, error) {
	s := serveFlags{
		addr:       e.envDefault("FOLIO_ADDR", ":8080"),
		keysFile:   e.getenv("FOLIO_API_KEYS_FILE"),
		cors:       e.getenv("FOLIO_CORS_ORIGINS"),
		logLevel:   e.envDefault("FOLIO_LOG_LEVEL", "info"),
		allowHosts: e.getenv("FOLIO_ALLOW_HOSTS"),
	}
	switch v := strings.ToLower(strings.TrimSpace(e.getenv("FOLIO_UI"))); v {
	case "", "on", "true", "1", "yes":
	case "off", "false", "0", "no":
		s.noUI = true
	default:
		return s, inputErr("FOLIO_UI=%q: want on or off", v)
	}
	var err error
	if s.renderTimeout, err = e.envDuration("FOLIO_RENDER_TIMEOUT", server.DefaultRenderTimeout); err != nil {
		return s, err
	}
	if s.queueTimeout, err = e.envDuration("FOLIO_QUEUE_TIMEOUT", 0); err != nil {
		return s, err
	}
	if s.drain, err = e.envDuration("FOLIO_SHUTDOWN_TIMEOUT", 30*time.Second); err != nil {
		return s, err
	}
	if s.bodyWait, err = e.envDuration("FOLIO_BODY_WAIT", 0); err != nil {
		return s, err
	}
	if raw := e.getenv("FOLIO_BODY_BUDGET_BYTES"); raw != "" {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n <= 0 {
			return s, inputErr("FOLIO_BODY_BUDGET_BYTES=%q is not a positive integer", raw)
		}
		s.bodyBudget = n
	}
	sizes := []struct {
		name string
		dst  *int64
	}{{"FOLIO_MEMORY_BUDGET", &s.memoryBudget}, {"FOLIO_RENDER_BASE_BYTES", &s.renderBase}}
	for _, v := range sizes {
		if raw := e.getenv(v.name); raw != "" {
			if *v.dst, err = parseByteSize(raw); err != nil {
				return s, inputErr("%s=%q: %v", v.name, raw, err)
			}
		}
	}
	if raw := e.getenv("FOLIO_RENDER_BYTES_PER_BYTE"); raw != "" {
		if s.renderPerByte, err = strconv.ParseInt(raw, 10, 64); err != nil || s.renderPerByte < 0 {
			return s, inputErr("FOLIO_RENDER_BYTES_PER_BYTE=%q is not a non-negative integer", raw)
		}
	}
	ints := []struct {
		name string
		dst  *int
	}{{"FOLIO_CONCURRENCY", &s.concurrency}, {"FOLIO_QUEUE", &s.queue}, {"FOLIO_MAX_PAGES", &s.maxPages}, {"FOLIO_MAX_TEXT_BYTES", &s.maxText}}
	for _, v := range ints {
		if raw := e.getenv(v.name); raw != "" {
			n, err := strconv.Atoi(raw)
			if err != nil {
				return s, inputErr("%s=%q is not an integer", v.name, raw)
			}
			*v.dst = n
		}
	}
	if s.gc, err = e.gcDefaults(); err != nil {
		return s, err
	}
	s.maxBody = server.DefaultMaxBodyBytes
	if raw := e.getenv("FOLIO_MAX_BODY_BYTES"); raw != "" {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n <= 0 {
			return s, inputErr("FOLIO_MAX_BODY_BYTES=%q is not a positive integer", raw)
		}
		s.maxBody = n
	}
	return s, nil
}

func runServe(e *env, args []string) error {
	c := serveCommand()
	s, err := e.serveDefaults()
	if err != nil {
		return err
	}
	fs := newFlags(c)
	fs.StringVar(&s.addr, "addr", s.addr, "listen `address`")
	fs.StringVar(&s.keysFile, "api-keys-file", s.keysFile, "`file` of API keys, one per line (none: no authentication)")
	fs.StringVar(&s.cors, "cors-origins", s.cors, "comma-separated `origins` allowed by CORS (* for any; none: CORS off)")
	fs.StringVar(&s.logLevel, "log-level", s.logLevel, "`level`: debug, info, warn or error")
	fs.Int64Var(&s.maxBody, "max-body-bytes", s.maxBody, "request body limit in `bytes`")
	fs.Int64Var(&s.bodyBudget, "body-budget-bytes", s.bodyBudget, "`bytes` of request bodies held at once, read or waiting (0: max(4, 2×concurrency)×max-body-bytes)")
	fs.DurationVar(&s.bodyWait, "body-wait", s.bodyWait, "longest wait for room in the memory and body budgets before 503 (0: queue-timeout)")
	fs.Var(byteSizeFlag{&s.memoryBudget}, "memory-budget", "estimated render `memory` admitted at once, e.g. 128MiB (0: half the memory limit, 512MiB without one)")
	fs.Var(byteSizeFlag{&s.renderBase}, "render-base-bytes", "memory a render is estimated to need whatever its size (0: 2MiB)")
	fs.Int64Var(&s.renderPerByte, "render-bytes-per-byte", s.renderPerByte, "memory a render is estimated to need per byte of HTML (0: 140)")
	fs.StringVar(&s.allowHosts, "allow-host", s.allowHosts, "comma-separated `hosts` documents may load http(s) resources and pages from (loopback and private addresses never)")
	fs.DurationVar(&s.renderTimeout, "render-timeout", s.renderTimeout, "deadline of one render")
	fs.DurationVar(&s.queueTimeout, "queue-timeout", s.queueTimeout, "longest wait for a render slot before 503 (0: render-timeout/3)")
	fs.DurationVar(&s.drain, "shutdown-timeout", s.drain, "how long to drain in-flight requests on shutdown")
	fs.IntVar(&s.concurrency, "concurrency", s.concurrency, "renders at once (0: GOMAXPROCS)")
	fs.IntVar(&s.queue, "queue", s.queue, "requests that may wait for room in the memory budget (0: 256×concurrency, -1: none)")
	fs.IntVar(&s.maxPages, "max-pages", s.maxPages, "page limit per render (0: 2000)")
	fs.IntVar(&s.maxText, "max-text-bytes", s.maxText, "bytes of text one document may hold (0: 2 MiB, -1: no limit)")
	fs.BoolVar(&s.noUI, "no-ui", s.noUI, "do not serve the playground page at / (/ answers 404)")
	fs.IntVar(&s.gc.percent, "gc-percent", s.gc.percent, "GOGC of the server process (negative: collector off)")
	fs.Var(byteSizeFlag{&s.gc.limit}, "memory-limit", "soft memory `limit` of the process, e.g. 256MiB (off: none)")
	fs.Float64Var(&s.gc.headroom, "gc-headroom", s.gc.headroom, "keep the memory limit this `fraction` of the live heap above it when a render's live data pass it (0: never move the limit)")
	pos, err := e.parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "gc-percent":
			s.gc.percentFromEnv = false
		case "memory-limit":
			s.gc.limitFromEnv = false
		}
	})
	if len(pos) > 0 {
		return usageErr("unexpected argument %q", pos[0])
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(s.logLevel)); err != nil {
		return usageErr("--log-level %q: want debug, info, warn or error", s.logLevel)
	}
	log := slog.New(slog.NewJSONHandler(e.stderr, &slog.HandlerOptions{Level: level}))
	cfg := server.Config{
		Engine: e.engine, Logger: log, MaxBodyBytes: s.maxBody, RenderTimeout: s.renderTimeout,
		MaxConcurrent: s.concurrency, MaxQueue: s.queue, QueueTimeout: s.queueTimeout, MaxPages: s.maxPages,
		BodyBudget: s.bodyBudget, BodyWait: s.bodyWait, MaxTextBytes: s.maxText, DisableUI: s.noUI,
		MemoryBudget: s.memoryBudget, RenderBaseBytes: s.renderBase, RenderBytesPerByte: s.renderPerByte,
		// After a burst of renders the heap (up to five times the live
		// data with GOGC 400) would stay resident until the runtime's own
		// periodic collection and scavenging; give it back once idle.
		OnIdle: func() {
			debug.FreeOSMemory()
			log.Debug("idle: returned free memory to the operating system")
		},
	}
	if s.keysFile != "" {
		if cfg.APIKeys, err = readKeys(s.keysFile); err != nil {
			return inputErr("%v", err)
		}
	}
	for _, h := range strings.Split(s.allowHosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			cfg.AllowHosts = append(cfg.AllowHosts, h)
		}
	}
	for _, o := range strings.Split(s.cors, ",") {
		if o = strings.TrimSpace(o); o != "" {
			cfg.CORSOrigins = append(cfg.CORSOrigins, o)
		}
	}
	defer s.gc.apply()()
	h := server.New(cfg)
	err = server.Run(e.ctx, h, server.RunConfig{
		Addr: s.addr, ShutdownTimeout: s.drain, RenderTimeout: s.renderTimeout, Logger: log,
		Ready: func(a net.Addr) {
			log.Info("folio serving", "addr", a.String(), "api_keys", len(cfg.APIKeys), "ui", !cfg.DisableUI,
				"gogc", s.gc.describePercent(e), "gc_growth", s.gc.describeGrowth(), "memory_limit", formatByteSize(debug.SetMemoryLimit(-1)),
				"memory_budget", formatByteSize(h.MemoryBudget()))
		},
	})
	if err != nil {
		return internalErr("%v", err)
	}
	return nil
}

// readKeys reads an API keys file: one key per line, # comments.
func readKeys(name string) ([]string, error) {
	// The file may be a link anywhere (mounted secrets are) but must be
	// a regular file of at most 1 MiB.
	data, _, err := resource.ReadRegular(string(filepath.Separator), name, 1<<20)
	if err != nil {
		return nil, fmt.Errorf("API keys: %w", err)
	}
	var keys []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		keys = append(keys, line)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("API keys file %s has no keys", name)
	}
	return keys, nil
}
