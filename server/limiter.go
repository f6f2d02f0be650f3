package server

import (
	"context"
	"errors"
	"sync"
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
	idle     *idleNotifier // nil: nobody is told
}

func newLimiter(concurrent, maxQueue int, wait time.Duration, m *metrics) *limiter {
	return &limiter{slots: make(chan struct{}, concurrent), maxQueue: int64(maxQueue), wait: wait, m: m}
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

// acquire takes a slot, queueing if none is free. It returns errQueueFull
// when the queue is full, errQueueTimeout after waiting too long, or the
// context's error. On success the caller must call release.
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
	if l.idle != nil && !l.active() {
		l.idle.quiet()
	}
}

// active reports whether work holds a slot or waits for one.
func (l *limiter) active() bool { return len(l.slots) > 0 || l.queued.Load() > 0 }
