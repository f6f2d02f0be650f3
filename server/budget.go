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

// Errors of memBudget.acquire.
var (
	errBudgetQueueFull = errors.New("the memory budget is taken and the queue waiting for it is full")
	errBudgetTimeout   = errors.New("timed out waiting for room in the memory budget")
)

// memBudget is the server's admission control. Every request with a body
// reserves, before any of the body is read, the memory its render is
// estimated to need (see costModel) and the bytes of its body, and keeps
// both until its response is written; renders waiting for a slot count as
// well as renders running. A request that does not fit waits in a queue
// of at most maxWait requests, served in arrival order so that a large
// request is not overtaken forever by small ones; only when the budget
// and the queue are both full is a request refused at once. Two
// capacities are checked together: the estimated memory (memCap) and
// the body bytes (bodyCap, Config.BodyBudget).
type memBudget struct {
	mu      sync.Mutex
	memCap  int64
	bodyCap int64
	mem     int64 // estimated memory reserved now
	body    int64 // body bytes reserved now
	peak    int64 // the most body bytes ever reserved at once (tests)
	peakMem int64 // the most memory ever reserved at once (tests)
	maxWait int   // waiters beyond this are refused at once
	waiters list.List
	m       *metrics
}

// budgetWaiter is a request waiting for mem and body bytes; ready is
// closed when they are granted.
type budgetWaiter struct {
	mem, body int64
	ready     chan struct{}
}

func newMemBudget(memCap, bodyCap int64, maxWait int, m *metrics) *memBudget {
	m.budgetBytes.Set(float64(memCap))
	return &memBudget{memCap: memCap, bodyCap: bodyCap, maxWait: maxWait, m: m}
}

// clamp bounds one request's memory reservation by the capacity, so that
// a request estimated above the whole budget still runs, alone.
func (b *memBudget) clamp(mem int64) int64 { return max(0, min(mem, b.memCap)) }

// acquire reserves mem bytes of estimated memory (at most the capacity,
// see clamp) and body bytes, waiting up to wait. It returns
// errBudgetQueueFull when too many requests wait already,
// errBudgetTimeout after waiting too long, or the context's error. On
// success the caller must call release with the same amounts.
func (b *memBudget) acquire(ctx context.Context, mem, body int64, wait time.Duration) error {
	b.mu.Lock()
	if b.waiters.Len() == 0 && b.fits(mem, body) {
		b.grant(mem, body)
		b.mu.Unlock()
		return nil
	}
	if b.waiters.Len() >= b.maxWait {
		b.mu.Unlock()
		b.m.rejected.WithLabelValues("queue_full").Inc()
		return errBudgetQueueFull
	}
	w := &budgetWaiter{mem: mem, body: body, ready: make(chan struct{})}
	elem := b.waiters.PushBack(w)
	b.setWaiting()
	b.m.waiting.Inc()
	b.mu.Unlock()
	defer b.m.waiting.Dec()

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
	b.setWaiting()
	if front {
		b.wake() // the next waiter may fit where this one did not
	}
	b.mu.Unlock()
	if err == errBudgetTimeout {
		b.m.rejected.WithLabelValues("memory_timeout").Inc()
	}
	return err
}

// fits reports whether mem and body bytes fit beside the reservations;
// b.mu is held.
func (b *memBudget) fits(mem, body int64) bool {
	return b.mem+mem <= b.memCap && b.body+body <= b.bodyCap
}

// release returns a reservation made by acquire (and resized by resize).
func (b *memBudget) release(mem, body int64) {
	b.mu.Lock()
	b.mem -= mem
	b.body -= body
	b.setGauges()
	b.wake()
	b.mu.Unlock()
}

// resize changes a granted memory reservation from old to new bytes at
// once, without waiting: a smaller one makes room for the queue, a larger
// one (the request turned out bigger than its body said) may take the
// reservations past the capacity, and later requests then wait until
// enough is released. Waiting instead could deadlock requests that each
// hold part of the budget and want more.
func (b *memBudget) resize(old, new int64) {
	if old == new {
		return
	}
	b.mu.Lock()
	b.mem += new - old
	b.peakMem = max(b.peakMem, b.mem)
	b.setGauges()
	if new < old {
		b.wake()
	}
	b.mu.Unlock()
}

// grant reserves mem and body bytes; b.mu is held.
func (b *memBudget) grant(mem, body int64) {
	b.mem += mem
	b.body += body
	b.peak = max(b.peak, b.body)
	b.peakMem = max(b.peakMem, b.mem)
	b.setGauges()
}

// setGauges exports the reservations; b.mu is held.
func (b *memBudget) setGauges() {
	b.m.bodyBytes.Set(float64(b.body))
	b.m.reservedBytes.Set(float64(b.mem))
}

// setWaiting exports the length of the queue; b.mu is held.
func (b *memBudget) setWaiting() { b.m.memoryQueue.Set(float64(b.waiters.Len())) }

// wake grants waiters in order while they fit; b.mu is held.
func (b *memBudget) wake() {
	for e := b.waiters.Front(); e != nil; e = b.waiters.Front() {
		w := e.Value.(*budgetWaiter)
		if !b.fits(w.mem, w.body) {
			break
		}
		b.grant(w.mem, w.body)
		b.waiters.Remove(e)
		close(w.ready)
	}
	b.setWaiting()
}

// reserved returns the body bytes reserved now.
func (b *memBudget) reserved() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.body
}

// reservedMem returns the estimated memory reserved now.
func (b *memBudget) reservedMem() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.mem
}

// waiting returns the number of requests waiting for room.
func (b *memBudget) waiting() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.waiters.Len()
}

// peakBytes returns the most body bytes ever reserved at once.
func (b *memBudget) peakBytes() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.peak
}

// reservation is one request's share of the memory budget, held from
// before its body is read until its response is written. The zero value
// (a request without a body) holds nothing. Its methods are called from
// the request's own goroutine.
type reservation struct {
	b         *memBudget
	mem, body int64
}

// refit sets the reservation to the estimate mem (clamped to the
// budget's capacity) once the request's content is known: a template's
// HTML, the documents and assets of a parsed body.
func (r *reservation) refit(mem int64) {
	if r.b == nil {
		return
	}
	mem = r.b.clamp(mem)
	r.b.resize(r.mem, mem)
	r.mem = mem
}

// release returns the reservation to the budget; later calls do nothing.
func (r *reservation) release() {
	if r.b == nil {
		return
	}
	r.b.release(r.mem, r.body)
	r.b = nil
}

// admitBody reserves r's share of the memory budget before any of its
// body is read: the render memory its size suggests (costModel.admission)
// and its body bytes, by the declared Content-Length or, when it declares
// none, the body limit. A declared length over the limit is refused with
// 413 at once, without reading the body. It waits up to BodyWait for
// room; when the queue is full too, or the wait ends, the answer is 503
// with Retry-After. The caller must release the reservation once its
// response is written (it holds nothing for requests without a body).
func (s *Server) admitBody(r *http.Request) (*reservation, error) {
	if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
		return &reservation{}, nil
	}
	if r.ContentLength > s.cfg.MaxBodyBytes {
		return nil, tooLarge(s.cfg.MaxBodyBytes)
	}
	n := s.cfg.MaxBodyBytes
	if r.ContentLength > 0 {
		n = r.ContentLength
	}
	mem := s.budget.clamp(s.cost.admission(r.URL.Path, r.Header.Get("Content-Type"), n))
	if err := s.budget.acquire(r.Context(), mem, n, s.cfg.BodyWait); err != nil {
		switch {
		case errors.Is(err, errBudgetQueueFull), errors.Is(err, errBudgetTimeout):
			return nil, s.overloaded(fmt.Sprintf("%v: the server admits requests estimated at %d bytes of memory at once (%d reserved now) and queues at most %d more",
				err, s.cfg.MemoryBudget, s.budget.reservedMem(), s.cfg.MaxQueue))
		}
		return nil, newProblem(499, CodeClientClosed, "client closed the request while it waited for memory")
	}
	return &reservation{b: s.budget, mem: mem, body: n}, nil
}

// tooLarge is the problem of a body over limit bytes.
func tooLarge(limit int64) *Problem {
	return newProblem(http.StatusRequestEntityTooLarge, CodeBodyTooLarge,
		fmt.Sprintf("request body exceeds the limit of %d bytes", limit))
}
