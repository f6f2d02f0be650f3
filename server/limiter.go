package server

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"
)

// errQueueTimeout is the error of limiter.acquire after waiting too long.
var errQueueTimeout = errors.New("timed out waiting for a render slot")

// limiter bounds the renders running at once; callers wait for a slot for
// at most wait. How many may wait is bounded by the memory budget every
// caller holds a share of (memBudget), not here.
type limiter struct {
	slots  chan struct{}
	queued atomic.Int64
	wait   time.Duration
	m      *metrics
	idle   *idleNotifier // nil: nobody is told
}

func newLimiter(concurrent int, wait time.Duration, m *metrics) *limiter {
	return &limiter{slots: make(chan struct{}, concurrent), wait: wait, m: m}
}

// idleNotifier calls fn once the limiter has had no work for delay: after
// the last render of a busy spell, not between two renders of one.
type idleNotifier struct {
	fn     func()
	delay  time.Duration
	active func() bool // whether work is in flight or queued
	mu     sync.Mutex
	timer  *time.Timer
	gen    uint64 // counts acquires; a timer armed at an older count is stale
	armed  uint64 // gen when the timer was armed
}

func newIdleNotifier(fn func(), delay time.Duration, active func() bool) *idleNotifier {
	n := &idleNotifier{fn: fn, delay: delay, active: active}
	n.timer = time.AfterFunc(time.Hour, n.fire)
	n.timer.Stop()
	return n
}

// busy records that work started.
func (n *idleNotifier) busy() {
	n.mu.Lock()
	n.gen++
	n.mu.Unlock()
}

// quiet records that the last work in flight ended: fn runs after delay
// unless work starts again before.
func (n *idleNotifier) quiet() {
	n.mu.Lock()
	n.armed = n.gen
	n.timer.Reset(n.delay)
	n.mu.Unlock()
}

func (n *idleNotifier) fire() {
	n.mu.Lock()
	stale := n.armed != n.gen
	n.mu.Unlock()
	if !stale && !n.active() { // work still running re-arms the timer when it ends
		n.fn()
	}
}

// acquire takes a slot, queueing if none is free. It returns
// errQueueTimeout after waiting too long, or the context's error. On
// success the caller must call release.
func (l *limiter) acquire(ctx context.Context) error {
	if l.idle != nil {
		l.idle.busy()
	}
	select {
	case l.slots <- struct{}{}:
		l.m.inFlight.Inc()
		return nil
	default:
	}
	l.queued.Add(1)
	l.m.queued.Inc()
	l.m.waiting.Inc()
	defer func() {
		l.queued.Add(-1)
		l.m.queued.Dec()
		l.m.waiting.Dec()
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
	if l.idle != nil && !l.active() {
		l.idle.quiet()
	}
}

// active reports whether work holds a slot or waits for one.
func (l *limiter) active() bool { return len(l.slots) > 0 || l.queued.Load() > 0 }
