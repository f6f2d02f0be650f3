package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// RunConfig configures Run.
type RunConfig struct {
	// Addr is the listen address, e.g. ":8080".
	Addr string
	// Listener, when set, is used instead of listening on Addr.
	Listener net.Listener
	// ShutdownTimeout bounds the drain of in-flight requests after ctx
	// ends (default 30 s).
	ShutdownTimeout time.Duration
	// RenderTimeout sizes WriteTimeout (default DefaultRenderTimeout).
	RenderTimeout time.Duration
	// Logger logs start and stop; nil discards.
	Logger *slog.Logger
	// Ready, when set, is called with the bound address once listening.
	Ready func(addr net.Addr)
}

// NewHTTPServer returns an http.Server for h with timeouts fit for
// untrusted clients: slow headers and bodies are cut off, writes may take
// the default waits for memory and a render slot, the render deadline
// and a margin, idle connections are closed.
func NewHTTPServer(h http.Handler, renderTimeout time.Duration, log *slog.Logger) *http.Server {
	if renderTimeout <= 0 {
		renderTimeout = DefaultRenderTimeout
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// WriteTimeout: the render deadline, the default waits for memory
	// (BodyWait) and for a slot (QueueTimeout), a third of it each, and a
	// margin.
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      renderTimeout + 2*(renderTimeout/3) + 30*time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// Run serves h until ctx ends, then stops accepting connections and waits
// up to ShutdownTimeout for in-flight requests to finish.
func Run(ctx context.Context, h http.Handler, cfg RunConfig) error {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.ShutdownTimeout <= 0 {
		cfg.ShutdownTimeout = 30 * time.Second
	}
	ln := cfg.Listener
	if ln == nil {
		var err error
		ln, err = net.Listen("tcp", cfg.Addr)
		if err != nil {
			return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
		}
	}
	srv := NewHTTPServer(h, cfg.RenderTimeout, log)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String())
	if cfg.Ready != nil {
		cfg.Ready(ln.Addr())
	}
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "drain_timeout", cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}
