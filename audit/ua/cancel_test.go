package ua

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// tripCtx is a context that is done once trip reports true, so that a
// test can cancel an audit at a chosen point of its work.
type tripCtx struct {
	context.Context
	trip func() bool
}

func (t tripCtx) Err() error {
	if t.trip() {
		return context.Canceled
	}
	return nil
}

// TestCancelStopsInnerLoops cancels an audit in the middle of one page's
// content, of one structure tree and of one text operator showing many
// codes, and checks that the audit stops within pollEvery steps of the
// cancellation rather than at the next page.
func TestCancelStopsInnerLoops(t *testing.T) {
	const at = 1000
	var codes strings.Builder
	for i := 1; i <= 20000; i++ {
		fmt.Fprintf(&codes, "%04X", i)
	}
	cmap := "1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidrange <0000> <FFFF> 0 endcidrange"
	many := make([]*node, 5000)
	for i := range many {
		many[i] = leaf("P", nil)
	}
	tests := []struct {
		name     string
		m        mini
		progress func(c *checker) int
		total    int // the progress of the whole audit
	}{
		{"content operations", mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC " + strings.Repeat("0 0 1 1 re f ", 100000) + "EMC\n"},
			func(c *checker) int { return c.ops }, 200006},
		{"structure elements", mini{tree: doc(many...)},
			func(c *checker) int {
				if c.st == nil {
					return 0
				}
				return len(c.st.all)
			}, 5001},
		{"codes of one text operator", mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC BT /F1 12 Tf <" + codes.String() + "> Tj ET EMC\n",
			resources: type0Font(cmap, 0, "Identity")},
			func(c *checker) int {
				if rc := c.counts["pdfua-7.21.7-1"]; rc != nil {
					return rc.checked
				}
				return 0
			}, 20000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := pdfobj.Open(tt.m.build(t))
			if err != nil {
				t.Fatal(err)
			}
			whole := newChecker(context.Background(), f, Options{}.withDefaults())
			whole.run()
			if got := tt.progress(whole); got != tt.total {
				t.Fatalf("uncancelled audit: progress %d, want %d", got, tt.total)
			}
			var c *checker
			ctx := tripCtx{Context: context.Background(), trip: func() bool { return tt.progress(c) >= at }}
			c = newChecker(ctx, f, Options{}.withDefaults())
			c.run()
			if !errors.Is(c.ctxErr, context.Canceled) {
				t.Fatalf("the audit did not see the cancellation (progress %d)", tt.progress(c))
			}
			if got := tt.progress(c); got > at+pollEvery {
				t.Errorf("cancelled at %d, the audit went on to %d", at, got)
			}
		})
	}
}

// TestAuditDeadline: an expired deadline ends Audit with an error that
// wraps context.DeadlineExceeded and no report.
func TestAuditDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	<-ctx.Done()
	m := mini{tree: doc(leaf("P", nil)), content: strings.Repeat("0 0 1 1 re f ", 1000)}
	rep, err := Audit(ctx, m.build(t), Options{})
	if !errors.Is(err, context.DeadlineExceeded) || rep.CheckedRules != nil {
		t.Errorf("err = %v, report %+v; want DeadlineExceeded and no report", err, rep)
	}
}
