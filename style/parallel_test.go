package style

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// parallelDocs returns the documents the parallel cascade is compared on:
// the sharing cases, the corpus and the benchmark documents.
func parallelDocs(t *testing.T) map[string]string {
	t.Helper()
	docs := map[string]string{}
	for name, src := range sharingCases {
		docs[name] = src
	}
	docs["benchmark"] = strings.Replace(benchDoc(5000), "<title>bench</title>", "<title>bench</title><style>"+benchSheet(500)+"</style>", 1)
	docs["benchmark small"] = strings.Replace(benchDoc(800), "<title>bench</title>", "<title>bench</title><style>"+benchSheet(200)+"</style>", 1)
	// style attributes with problems, spread over the document: their
	// diagnostics must come out in document order
	var b strings.Builder
	b.WriteString("<body>")
	for i := 0; i < 300; i++ {
		b.WriteString(`<div style="color: red; bogus` + strings.Repeat("x", i%7) + `: 1"><p style="margin: 1pt 2pt 3pt 4pt 5pt">p</p></div>`)
	}
	docs["bad style attributes"] = b.String()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus documents in %s: %v", corpusDir, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = string(data)
	}
	return docs
}

// TestParallelSameStyles checks that cascading a document's subtrees on
// several goroutines gives the styles and diagnostics (in the same order)
// of the sequential walk. The split threshold is lowered so that every
// document with enough children goes parallel; run it with -race.
func TestParallelSameStyles(t *testing.T) {
	for name, src := range parallelDocs(t) {
		t.Run(name, func(t *testing.T) {
			doc := parseHTML(t, src)
			seq, err := computeStyles(context.Background(), doc, Options{}, computeConfig{workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, cfg := range []computeConfig{
				{workers: 2, parallelMin: 1},
				{workers: 3, parallelMin: 1},
				{workers: 2, parallelMin: 1, noShare: true},
			} {
				par, err := computeStyles(context.Background(), doc, Options{}, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(seq.Diagnostics(), par.Diagnostics()) {
					t.Errorf("%+v: diagnostics differ:\nsequential %v\nparallel   %v", cfg, seq.Diagnostics(), par.Diagnostics())
				}
				if len(seq.nodes) != len(par.nodes) || len(seq.pseudos) != len(par.pseudos) {
					t.Errorf("%+v: %d/%d styles, %d/%d pseudo sets (sequential/parallel)", cfg, len(seq.nodes), len(par.nodes), len(seq.pseudos), len(par.pseudos))
				}
				for n := range elementNodes(doc) {
					for _, p := range []Pseudo{PseudoNone, PseudoBefore, PseudoAfter, PseudoMarker} {
						if a, b := seq.Of(n, p), par.Of(n, p); !reflect.DeepEqual(a, b) {
							t.Fatalf("%+v: <%s> pseudo %d: style differs:\nsequential %+v\nparallel   %+v", cfg, n.Data, p, a, b)
						}
					}
				}
				if !reflect.DeepEqual(seq.vars, par.vars) {
					t.Errorf("%+v: root custom properties differ", cfg)
				}
			}
		})
	}
}

// TestPlanSplit checks where the walk goes parallel: at body for the
// benchmark document, never for small documents or one worker.
func TestPlanSplit(t *testing.T) {
	big := parseHTML(t, benchDoc(5000))
	total := subtreeElements(big)
	p := planSplit(big, total, 2, parallelMin, nil)
	if p == nil || p.node.Data != "body" {
		t.Fatalf("split of the benchmark document = %+v, want body", p)
	}
	if len(p.groups) != 2*groupsPerWorker {
		t.Fatalf("%d groups, want %d", len(p.groups), 2*groupsPerWorker)
	}
	sum := 0
	for i, g := range p.groups {
		sum += g.elements
		if g.elements < total/(4*groupsPerWorker) || g.elements > total/groupsPerWorker {
			t.Errorf("unbalanced group of %d elements out of %d", g.elements, total)
		}
		if i > 0 && p.groups[i-1].end != g.first {
			t.Errorf("groups %d and %d are not contiguous", i-1, i)
		}
	}
	if want := subtreeElements(p.node); sum != want {
		t.Errorf("groups hold %d elements, body has %d", sum, want)
	}
	if p := planSplit(big, total, 1, parallelMin, nil); p != nil {
		t.Errorf("one worker: split at <%s>", p.node.Data)
	}
	small := parseHTML(t, benchDoc(500))
	if p := planSplit(small, subtreeElements(small), 2, parallelMin, nil); p != nil {
		t.Errorf("%d elements: split at <%s>", subtreeElements(small), p.node.Data)
	}
}

// countdownCtx is a context whose Err turns to Canceled after a number of
// calls, from any goroutine.
type countdownCtx struct {
	context.Context
	left atomic.Int64
}

func (c *countdownCtx) Err() error {
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

func (c *countdownCtx) Deadline() (time.Time, bool) { return time.Time{}, false }

// TestParallelCancel checks that the workers of a parallel cascade stop
// when the context is cancelled and Compute reports it.
func TestParallelCancel(t *testing.T) {
	doc := parseHTML(t, benchDoc(5000))
	for _, calls := range []int64{3, 8, 15} {
		ctx := &countdownCtx{Context: context.Background()}
		ctx.left.Store(calls)
		_, err := computeStyles(ctx, doc, Options{}, computeConfig{workers: 2})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled after %d checks: err = %v, want context.Canceled", calls, err)
		}
	}
}

// TestOptionsWorkers checks that Options.Workers = 1 keeps the cascade of
// a large document sequential with the same result, and that the default
// splits it on a machine with several cores.
func TestOptionsWorkers(t *testing.T) {
	doc := parseHTML(t, benchDoc(2000))
	var split *splitPlan
	for _, workers := range []int{1, 2} {
		ctx := context.Background()
		col := &collector{ctx: ctx, pseudo: map[string][]*entry{}}
		col.v = newValidator(col.report)
		st := &Styles{}
		cas := newCascader(newRuleIndex(), map[string]*ruleIndex{})
		w := &walker{ctx: ctx, st: st, cas: cas, col: col, sh: &walkShared{}, workers: workers, parallelMin: parallelMin}
		if err := w.run(doc); err != nil {
			t.Fatal(err)
		}
		if (w.split != nil) != (workers > 1) {
			t.Errorf("workers %d: split = %v", workers, w.split != nil)
		}
		split = w.split
	}
	if split == nil || split.node.Data != "body" {
		t.Fatalf("two workers: split at %+v, want body", split)
	}
	seq, err := Compute(context.Background(), doc, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	par, err := Compute(context.Background(), doc, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for n := range elementNodes(doc) {
		if a, b := seq.Of(n, PseudoNone), par.Of(n, PseudoNone); !reflect.DeepEqual(a, b) {
			t.Fatalf("<%s>: style differs between Workers 1 and 2", n.Data)
		}
	}
}
