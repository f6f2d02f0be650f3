package server

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestOnIdle: OnIdle runs once after the last render of a spell, not while
// a render is in flight, and again after the next spell.
func TestOnIdle(t *testing.T) {
	f := newFake()
	var calls atomic.Int32
	h := New(Config{Engine: f, OnIdle: func() { calls.Add(1) }, IdleDelay: 30 * time.Millisecond})

	// A render that outlasts the delay: no call while it runs.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		postJSON(t, h, "/api/v1/render", map[string]any{"html": "BLOCK"})
	}()
	<-f.started
	// A quick render alongside ends while the other still holds a slot.
	if rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": page}); rec.Code != 200 {
		t.Fatalf("render: %d", rec.Code)
	}
	time.Sleep(100 * time.Millisecond)
	if n := calls.Load(); n != 0 {
		t.Fatalf("OnIdle ran %d times while a render was in flight", n)
	}
	close(f.release)
	wg.Wait()
	waitFor(t, func() bool { return calls.Load() == 1 })

	// Renders in quick succession make one spell: one more call.
	for range 3 {
		postJSON(t, h, "/api/v1/render", map[string]any{"html": page})
	}
	waitFor(t, func() bool { return calls.Load() == 2 })
	time.Sleep(100 * time.Millisecond)
	if n := calls.Load(); n != 2 {
		t.Errorf("OnIdle ran %d times, want 2 (once per idle spell)", n)
	}
}
