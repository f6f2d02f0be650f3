package server

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/seed28491532/folio"
)

// Server is the folio HTTP API. Create it with New; it is an http.Handler.
type Server struct {
	cfg        Config
	engine     Engine
	log        *slog.Logger
	mux        *http.ServeMux
	metrics    *metrics
	limiter    *limiter
	budget     *memBudget
	cost       costModel
	keyDigests [][sha256.Size]byte
	// fonts is shared by every render so the shaping cache stays warm.
	fonts *folio.Fonts
	// tmplIDs are the engine's template ids (see templateIDs).
	tmplIDs []string
	// refusals thins the log lines of 503 answers (ratelog.go).
	refusals refusalLog
	// now is the clock of refusals (tests set their own).
	now func() time.Time
}

// New returns the API handler configured by cfg (zero fields take their
// defaults; see Config).
func New(cfg Config) *Server {
	private := cfg.Registerer == nil || cfg.Gatherer == nil
	cfg = cfg.withDefaults()
	s := &Server{
		fonts:   folio.NewFonts(),
		cfg:     cfg,
		engine:  cfg.Engine,
		log:     cfg.Logger,
		mux:     http.NewServeMux(),
		metrics: newMetrics(cfg.Registerer, private, cfg.Logger),
		now:     time.Now,
	}
	s.tmplIDs = engineTemplateIDs(s.engine)
	s.limiter = newLimiter(cfg.MaxConcurrent, cfg.QueueTimeout, s.metrics)
	s.budget = newMemBudget(cfg.MemoryBudget, cfg.BodyBudget, cfg.MaxQueue, s.metrics)
	s.cost = costModel{base: cfg.RenderBaseBytes, perByte: cfg.RenderBytesPerByte}
	if cfg.OnIdle != nil {
		// once idle, the shaped words of the last renders (a cache that
		// varying text fills to its bound) go before the memory is given
		// back, and so do the pools' contents (see emptyPools)
		fonts, onIdle := s.fonts, cfg.OnIdle
		s.limiter.idle = newIdleNotifier(func() {
			fonts.Trim()
			emptyPools()
			onIdle()
		}, cfg.IdleDelay, s.limiter.active)
	}
	for _, k := range cfg.APIKeys {
		if k != "" {
			s.keyDigests = append(s.keyDigests, sha256.Sum256([]byte(k)))
		}
	}
	s.mux.HandleFunc("POST /api/v1/render", s.handleRender)
	s.mux.HandleFunc("POST /api/v1/render-template", s.handleRenderTemplate)
	s.mux.HandleFunc("GET /api/v1/templates", s.handleTemplates)
	s.mux.HandleFunc("GET /api/v1/templates/{id}", s.handleTemplate)
	s.mux.HandleFunc("POST /api/v1/validate", s.handleValidate)
	s.mux.HandleFunc("GET /api/v1/health", s.handleHealth)
	s.mux.HandleFunc("GET /api/v1/openapi.json", s.handleOpenAPI)
	s.mux.Handle("GET /metrics", promhttp.HandlerFor(cfg.Gatherer, promhttp.HandlerOpts{}))
	s.mux.HandleFunc("POST /api/v1/inspect", s.handleInspect)
	if !cfg.DisableUI {
		s.registerUI()
	}
	s.mux.HandleFunc("/", s.notFound)
	return s
}

// Health is the body of GET /api/v1/health.
type Health struct {
	Status  string `json:"status"`
	Version string `json:"version"`
	Engine  string `json:"engine"`
}

// EngineDescription names the rendering engine in health responses.
func EngineDescription() string {
	return "folio " + folio.Version + " (pure Go; PDF/UA-1, WCAG 2.1 AA)"
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, Health{Status: "healthy", Version: folio.Version, Engine: EngineDescription()})
}

// writeJSON sends v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, `{"error":"encoding response"}`, http.StatusInternalServerError)
		return
	}
	body = append(body, '\n')
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// work runs fn under the concurrency limit and the render deadline and
// records its duration under op. Capacity and context failures are
// returned as *Problem.
func (s *Server) work(r *http.Request, op string, fn func(ctx context.Context) error) error {
	if err := s.limiter.acquire(r.Context()); err != nil {
		if errors.Is(err, errQueueTimeout) {
			return s.overloaded("timed out waiting for a render slot")
		}
		return newProblem(499, CodeClientClosed, "client closed the request while it was queued")
	}
	defer s.limiter.release()
	// Let requests that arrived meanwhile reach the queue before this
	// render takes the processor. A released slot is handed to the next
	// queued request on the releasing processor ahead of everything else,
	// so with every processor rendering, connections the runtime's network
	// poller has readied wait in the global run queue for several renders,
	// and later requests overtake them in the queue: with 16 clients on 2
	// CPUs a request was admitted up to 30-40 places after the order the
	// client sent them in (p99 29), which is the latency tail. Yielding
	// here costs about a microsecond and keeps admission near arrival
	// order (p99 9-11 places).
	runtime.Gosched()
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RenderTimeout)
	defer cancel()
	start := time.Now()
	err := fn(ctx)
	s.metrics.renderDuration.WithLabelValues(op).Observe(time.Since(start).Seconds())
	if err == nil {
		return nil
	}
	var p *Problem
	if errors.As(err, &p) {
		return p
	}
	if r.Context().Err() != nil {
		return newProblem(499, CodeClientClosed, "client closed the request")
	}
	if ctx.Err() == context.DeadlineExceeded || errors.Is(err, context.DeadlineExceeded) {
		return newProblem(http.StatusGatewayTimeout, CodeDeadlineExceeded,
			"the "+op+" did not finish within the "+s.cfg.RenderTimeout.String()+" deadline")
	}
	return err
}

// overloadedProblem carries a Retry-After value.
type overloadedProblem struct {
	*Problem
	retryAfter string
}

func (s *Server) overloaded(detail string) error {
	return &overloadedProblem{Problem: newProblem(http.StatusServiceUnavailable, CodeOverloaded, detail), retryAfter: s.retryAfter()}
}

// Error makes *Problem usable as an error inside the handlers.
func (p *Problem) Error() string { return p.Code + ": " + p.Detail }

// fail writes err as a problem: *Problem and overload errors as they are,
// folio's sentinel errors mapped to their status, anything else as 500.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var op *overloadedProblem
	if errors.As(err, &op) {
		w.Header().Set("Retry-After", op.retryAfter)
		writeProblem(w, r, op.Problem)
		return
	}
	var p *Problem
	if errors.As(err, &p) {
		writeProblem(w, r, p)
		return
	}
	var tde *TemplateDataError
	switch {
	case errors.As(err, &tde):
		p = newProblem(http.StatusUnprocessableEntity, CodeTemplateData, tde.Error())
		p.Errors = tde.Errors
	case errors.Is(err, folio.ErrLimit):
		p = newProblem(http.StatusUnprocessableEntity, CodeLimitExceeded, err.Error())
	case errors.Is(err, folio.ErrNotHTML), errors.Is(err, folio.ErrXML):
		p = newProblem(http.StatusUnprocessableEntity, CodeInvalidInput, err.Error())
	default:
		// The error text may name files or internals: it goes to the log,
		// the client gets the request id to quote.
		id := requestID(r.Context())
		s.log.ErrorContext(r.Context(), "request failed", "request_id", id, "error", err.Error())
		p = newProblem(http.StatusInternalServerError, CodeInternal, "internal error; quote request id "+id+" when reporting it")
	}
	writeProblem(w, r, p)
}

// MemoryBudget is the memory budget the server admits requests into
// (Config.MemoryBudget after defaults), for start-up logs.
func (s *Server) MemoryBudget() int64 { return s.cfg.MemoryBudget }
