package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

// statusWriter records the status and size of a response.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ServeHTTP is the outermost layer: request id, access log, metrics and
// panic recovery around the authenticated router.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := r.Header.Get("X-Request-ID")
	if !validRequestID(id) {
		id = newRequestID()
	}
	w.Header().Set("X-Request-ID", id)
	r = r.WithContext(context.WithValue(r.Context(), requestIDKey, id))
	route := s.route(r)
	sw := &statusWriter{ResponseWriter: w}

	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.ErrorContext(r.Context(), "panic in handler",
				"request_id", id, "route", route, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if sw.status == 0 {
				writeProblem(sw, r, newProblem(http.StatusInternalServerError, CodeInternal,
					"internal error; quote request id "+id+" when reporting it"))
			}
		}
		status := sw.status
		if status == 0 {
			status = http.StatusOK
		}
		elapsed := time.Since(start)
		s.metrics.observeRequest(route, r.Method, status, elapsed)
		level := slog.LevelInfo
		var refused []slog.Attr
		switch {
		case status == http.StatusServiceUnavailable:
			// refusals under load come in bursts: one WARN a second
			level = slog.LevelDebug
			if warn, n := s.refusals.admit(s.now()); warn {
				level = slog.LevelWarn
				refused = append(refused, slog.Int("refused_since_last_warning", n))
			}
		case status >= 500:
			level = slog.LevelError
		case openRoutes[route] && status < 400:
			level = slog.LevelDebug // probes and scrapes every few seconds
		}
		attrs := append([]slog.Attr{
			slog.String("request_id", id),
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.String("route", route),
			slog.Int("status", status),
			slog.Int64("bytes_in", r.ContentLength),
			slog.Int64("bytes_out", sw.bytes),
			slog.Float64("duration_ms", float64(elapsed.Microseconds())/1000),
			slog.String("remote", r.RemoteAddr),
			slog.String("user_agent", r.UserAgent()),
		}, refused...)
		s.log.LogAttrs(r.Context(), level, "request", attrs...)
	}()

	if s.cors(sw, r) {
		return
	}
	if !s.authorized(r, route) {
		sw.Header().Set("WWW-Authenticate", `Bearer realm="folio"`)
		writeProblem(sw, r, newProblem(http.StatusUnauthorized, CodeUnauthorized,
			"a valid API key is required: send Authorization: Bearer <key> or X-API-Key: <key>"))
		return
	}
	s.mux.ServeHTTP(sw, r)
}

// route returns the mux pattern r matches, or "unmatched" for requests
// only the catch-all (404/405) answers. It labels metrics and logs.
func (s *Server) route(r *http.Request) string {
	if _, pattern := s.mux.Handler(r); pattern != "" && pattern != "/" {
		return pattern
	}
	return "unmatched"
}

// openRoutes need no API key.
var openRoutes = map[string]bool{
	"GET /api/v1/health":       true,
	"GET /api/v1/openapi.json": true,
	"GET /metrics":             true,
	"GET /{$}":                 true, // the playground (ui.go)
	"GET /ui/{file...}":        true,
}

// authorized reports whether r may proceed: no keys configured, an open
// route, or a key matching one of the configured keys. Keys are compared
// as SHA-256 digests in constant time, and every key is compared.
func (s *Server) authorized(r *http.Request, route string) bool {
	if len(s.keyDigests) == 0 || openRoutes[route] {
		return true
	}
	key := r.Header.Get("X-API-Key")
	if auth := r.Header.Get("Authorization"); key == "" && auth != "" {
		scheme, rest, ok := strings.Cut(auth, " ")
		if ok && strings.EqualFold(scheme, "Bearer") {
			key = strings.TrimSpace(rest)
		}
	}
	if key == "" {
		return false
	}
	d := sha256.Sum256([]byte(key))
	match := 0
	for _, k := range s.keyDigests {
		match |= subtle.ConstantTimeCompare(d[:], k[:])
	}
	return match == 1
}

// cors applies the CORS policy. It reports whether it answered the
// request (a preflight).
func (s *Server) cors(w http.ResponseWriter, r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if len(s.cfg.CORSOrigins) == 0 || origin == "" {
		return false
	}
	allowed := false
	for _, o := range s.cfg.CORSOrigins {
		if o == "*" || strings.EqualFold(o, origin) {
			allowed = true
			break
		}
	}
	if !allowed {
		return false
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Add("Vary", "Origin")
	h.Set("Access-Control-Expose-Headers", "X-Request-ID, X-Audit-Score, X-Audit-Passed, X-Pages, Retry-After, Content-Disposition")
	if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
		h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
		h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-API-Key, X-Request-ID, Accept")
		h.Set("Access-Control-Max-Age", "600")
		w.WriteHeader(http.StatusNoContent)
		return true
	}
	return false
}

// notFound answers requests no route matches: 405 with Allow when the
// path exists for other methods, 404 otherwise.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, p := s.mux.Handler(probe); p != "" && p != "/" {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeProblem(w, r, newProblem(http.StatusMethodNotAllowed, CodeMethodNotAllowed,
			fmt.Sprintf("%s is not allowed on %s; allowed: %s", r.Method, r.URL.Path, strings.Join(allow, ", "))))
		return
	}
	writeProblem(w, r, newProblem(http.StatusNotFound, CodeNotFound, "no endpoint at "+r.URL.Path))
}

// retryAfter returns the Retry-After header value in whole seconds.
func (s *Server) retryAfter() string {
	secs := int((s.cfg.RetryAfter + time.Second - 1) / time.Second)
	return strconv.Itoa(max(secs, 1))
}
