package server

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// Errors of limiter.acquire.
var (
	errQueueFull    = errors.New("render queue is full")
	errQueueTimeout = errors.New("timed out waiting for a render slot")
)

// limiter bounds the renders running at once; up to maxQueue callers may
// wait for a slot, each for at most wait.
type limiter struct {
	slots    chan struct{}
	maxQueue int64
	queued   atomic.Int64
	wait     time.Duration
	m        *metrics
}

func newLimiter(concurrent, maxQueue int, wait time.Duration, m *metrics) *limiter {
	return &limiter{slots: make(chan struct{}, concurrent), maxQueue: int64(maxQueue), wait: wait, m: m}
}

// acquire takes a slot, queueing if none is free. It returns errQueueFull
// when the queue is full, errQueueTimeout after waiting too long, or the
// context's error. On success the caller must call release.
func (l *limiter) acquire(ctx context.Context) error {
	select {
	case l.slots <- struct{}{}:
		l.m.inFlight.Inc()
		return nil
	default:
	}
	if l.queued.Add(1) > l.maxQueue {
		l.queued.Add(-1)
		l.m.rejected.WithLabelValues("queue_full").Inc()
		return errQueueFull
	}
	l.m.queued.Inc()
	defer func() {
		l.queued.Add(-1)
		l.m.queued.Dec()
	}()
	t := time.NewTimer(l.wait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		l.m.inFlight.Inc()
		return nil
	case <-t.C:
		l.m.rejected.WithLabelValues("queue_timeout").Inc()
		return errQueueTimeout
	case <-ctx.Done():
		return ctx.Err()
	}
}

// release frees a slot taken by acquire.
func (l *limiter) release() {
	<-l.slots
	l.m.inFlight.Dec()
}
