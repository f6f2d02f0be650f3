package server

import (
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the Prometheus series the server exports on /metrics.
type metrics struct {
	requests        *prometheus.CounterVec
	requestDuration *prometheus.HistogramVec
	renderDuration  *prometheus.HistogramVec
	pages           prometheus.Counter
	inFlight        prometheus.Gauge
	queued          prometheus.Gauge
	rejected        *prometheus.CounterVec
	bodyBytes       prometheus.Gauge
	budgetBytes     prometheus.Gauge
	reservedBytes   prometheus.Gauge
	memoryQueue     prometheus.Gauge
	waiting         prometheus.Gauge
	auditScore      *prometheus.HistogramVec
}

// newMetrics registers the server's series with reg. Servers sharing a
// registerer share the series; a series that cannot be registered (another
// collector holds its name) is logged and still counts, unexported.
func newMetrics(reg prometheus.Registerer, private bool, log *slog.Logger) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "folio_http_requests_total",
			Help: "HTTP requests by route, method and status code.",
		}, []string{"route", "method", "status"}),
		requestDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "folio_http_request_duration_seconds",
			Help:    "HTTP request latency by route.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route"}),
		renderDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "folio_render_duration_seconds",
			Help:    "Time spent converting or auditing, excluding queueing, by operation.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"operation"}),
		pages: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "folio_pages_rendered_total",
			Help: "PDF pages produced.",
		}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "folio_renders_in_flight",
			Help: "Renders and audits running now.",
		}),
		queued: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "folio_render_queue_length",
			Help: "Requests waiting for a render slot.",
		}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "folio_renders_rejected_total",
			Help: "Requests refused with 503 for lack of capacity, by reason: queue_full (the memory budget and the queue waiting for it are full), memory_timeout (waited too long for memory), queue_timeout (waited too long for a render slot).",
		}, []string{"reason"}),
		bodyBytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "folio_request_body_bytes_reserved",
			Help: "Request body bytes reserved in the body budget now (read or about to be read, until the response is written).",
		}),
		budgetBytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "folio_memory_budget_bytes",
			Help: "The memory budget: estimated render memory admitted at once (Config.MemoryBudget).",
		}),
		reservedBytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "folio_memory_budget_reserved_bytes",
			Help: "Estimated render memory reserved now by admitted requests (rendering or waiting for a render slot); may pass the budget while a request found bigger than its body said runs.",
		}),
		memoryQueue: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "folio_memory_queue_length",
			Help: "Requests waiting for room in the memory budget (their bodies not yet read).",
		}),
		waiting: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "folio_requests_waiting",
			Help: "Requests waiting, for memory or for a render slot: the queue depth an autoscaler can target.",
		}),
		auditScore: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "folio_audit_score",
			Help:    "Accessibility audit scores (0–100) by kind of input.",
			Buckets: []float64{10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 100},
		}, []string{"kind"}),
	}
	m.requests = register(reg, log, m.requests)
	m.requestDuration = register(reg, log, m.requestDuration)
	m.renderDuration = register(reg, log, m.renderDuration)
	m.pages = register(reg, log, m.pages)
	m.inFlight = register(reg, log, m.inFlight)
	m.queued = register(reg, log, m.queued)
	m.rejected = register(reg, log, m.rejected)
	m.bodyBytes = register(reg, log, m.bodyBytes)
	m.budgetBytes = register(reg, log, m.budgetBytes)
	m.reservedBytes = register(reg, log, m.reservedBytes)
	m.memoryQueue = register(reg, log, m.memoryQueue)
	m.waiting = register(reg, log, m.waiting)
	m.auditScore = register(reg, log, m.auditScore)
	if private {
		register(reg, log, collectors.NewGoCollector())
		register(reg, log, collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	return m
}

// register adds c to reg and returns it, or the collector of the same
// series already registered (so that two Servers on one registry share
// it). Any other registration error is logged and c is returned unexported.
func register[C prometheus.Collector](reg prometheus.Registerer, log *slog.Logger, c C) C {
	err := reg.Register(c)
	if err == nil {
		return c
	}
	var are prometheus.AlreadyRegisteredError
	if errors.As(err, &are) {
		if existing, ok := are.ExistingCollector.(C); ok {
			return existing
		}
	}
	log.Warn("metrics: collector not registered", "error", err.Error())
	return c
}

func (m *metrics) observeRequest(route, method string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.requestDuration.WithLabelValues(route).Observe(d.Seconds())
}
