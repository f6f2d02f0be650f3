package server

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Errors of bodyBudget.acquire.
var (
	errBudgetQueueFull = errors.New("too many requests wait for body memory")
	errBudgetTimeout   = errors.New("timed out waiting for body memory")
)

// bodyBudget bounds the request body bytes the server holds at once. A
// request reserves its body's size before reading any of it and keeps the
// reservation until its response is written, so bodies queued for a
// render slot count as well as bodies being rendered. Waiters are served
// in arrival order: a large body is not overtaken forever by small ones.
type bodyBudget struct {
	mu       sync.Mutex
	capacity int64
	used     int64
	peak     int64 // the most ever reserved at once (tests and metrics)
	maxWait  int   // waiters beyond this are refused at once
	waiters  list.List
	m        *metrics
}

// budgetWaiter is a request waiting for n bytes; ready is closed when
// they are granted.
type budgetWaiter struct {
	n     int64
	ready chan struct{}
}

func newBodyBudget(capacity int64, maxWait int, m *metrics) *bodyBudget {
	return &bodyBudget{capacity: capacity, maxWait: maxWait, m: m}
}

// acquire reserves n bytes (at most the capacity), waiting up to wait.
// It returns errBudgetQueueFull when too many requests wait already,
// errBudgetTimeout after waiting too long, or the context's error. On
// success the caller must call release with the same n.
func (b *bodyBudget) acquire(ctx context.Context, n int64, wait time.Duration) error {
	b.mu.Lock()
	if b.waiters.Len() == 0 && b.used+n <= b.capacity {
		b.grant(n)
		b.mu.Unlock()
		return nil
	}
	if b.waiters.Len() >= b.maxWait {
		b.mu.Unlock()
		b.m.rejected.WithLabelValues("body_budget_full").Inc()
		return errBudgetQueueFull
	}
	w := &budgetWaiter{n: n, ready: make(chan struct{})}
	elem := b.waiters.PushBack(w)
	b.mu.Unlock()

	t := time.NewTimer(wait)
	defer t.Stop()
	var err error
	select {
	case <-w.ready:
		return nil
	case <-t.C:
		err = errBudgetTimeout
	case <-ctx.Done():
		err = ctx.Err()
	}
	b.mu.Lock()
	select {
	case <-w.ready:
		// Granted while giving up: keep it, the caller releases it.
		b.mu.Unlock()
		return nil
	default:
	}
	front := b.waiters.Front() == elem
	b.waiters.Remove(elem)
	if front {
		b.wake() // the next waiter may fit where this one did not
	}
	b.mu.Unlock()
	if err == errBudgetTimeout {
		b.m.rejected.WithLabelValues("body_budget_timeout").Inc()
	}
	return err
}

// release returns n bytes reserved by acquire.
func (b *bodyBudget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.m.bodyBytes.Set(float64(b.used))
	b.wake()
	b.mu.Unlock()
}

// grant reserves n bytes; b.mu is held.
func (b *bodyBudget) grant(n int64) {
	b.used += n
	b.peak = max(b.peak, b.used)
	b.m.bodyBytes.Set(float64(b.used))
}

// wake grants waiters in order while they fit; b.mu is held.
func (b *bodyBudget) wake() {
	for e := b.waiters.Front(); e != nil; e = b.waiters.Front() {
		w := e.Value.(*budgetWaiter)
		if b.used+w.n > b.capacity {
			return
		}
		b.grant(w.n)
		b.waiters.Remove(e)
		close(w.ready)
	}
}

// reserved returns the bytes reserved now.
func (b *bodyBudget) reserved() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// waiting returns the number of requests waiting for room.
func (b *bodyBudget) waiting() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.waiters.Len()
}

// peakBytes returns the most body bytes ever reserved at once.
func (b *bodyBudget) peakBytes() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.peak
}

// admitBody reserves r's body in the body budget before any of it is
// read: the declared Content-Length when there is one, else the body
// limit. A declared length over the limit is refused with 413 at once,
// without reading the body. The returned release must be called once the
// response is written (it is a no-op for requests without a body).
func (s *Server) admitBody(r *http.Request) (release func(), err error) {
	if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
		return func() {}, nil
	}
	if r.ContentLength > s.cfg.MaxBodyBytes {
		return nil, tooLarge(s.cfg.MaxBodyBytes)
	}
	n := s.cfg.MaxBodyBytes
	if r.ContentLength > 0 {
		n = r.ContentLength
	}
	if err := s.budget.acquire(r.Context(), n, s.cfg.BodyWait); err != nil {
		switch {
		case errors.Is(err, errBudgetQueueFull), errors.Is(err, errBudgetTimeout):
			return nil, s.overloaded(fmt.Sprintf("the server holds as many request bodies as its memory budget of %d bytes allows; %v", s.cfg.BodyBudget, err))
		}
		return nil, newProblem(499, CodeClientClosed, "client closed the request while it waited for body memory")
	}
	return func() { s.budget.release(n) }, nil
}

// tooLarge is the problem of a body over limit bytes.
func tooLarge(limit int64) *Problem {
	return newProblem(http.StatusRequestEntityTooLarge, CodeBodyTooLarge,
		fmt.Sprintf("request body exceeds the limit of %d bytes", limit))
}
