package layout

import (
	"context"
	"strings"
	"testing"
)

// TestNestedFloatsMeasuredOnce lays out floats nested n deep: every float
// is measured to lay it out and by each float around it, so without the
// kept sizes the work grew with n², and 400 nested floats took seconds.
// The measurements must grow linearly, and the layout stay the same.
func TestNestedFloatsMeasuredOnce(t *testing.T) {
	measured := func(n int) (int, string) {
		src := `<body>` + strings.Repeat(`<div style="float:left">x`, n)
		tree, st := boxTree(t, src)
		opts := Options{Shaper: fixedShaper{}, Pages: st}
		l := newLayouter(context.Background(), opts)
		doc, err := l.paginate(tree, opts)
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		for _, p := range doc.Pages {
			sb.WriteString(fragText(p.Root))
		}
		return l.measured, sb.String()
	}
	m50, text50 := measured(50)
	m100, text100 := measured(100)
	if m100 > m50*5/2 {
		t.Errorf("100 nested floats took %d measurements, 50 took %d: want linear growth", m100, m50)
	}
	if strings.Count(text50, "x") != 50 || strings.Count(text100, "x") != 100 {
		t.Errorf("laid out %d and %d x's, want 50 and 100", strings.Count(text50, "x"), strings.Count(text100, "x"))
	}
}
