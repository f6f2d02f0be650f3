package style

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

const cachedDoc = `<!DOCTYPE html><html lang=en><head><style>
p { color: #123456; margin: 2pt } .x { font-weight: bold } p { bogus: 1 }
</style></head><body><p class=x>a</p><p>b</p></body></html>`

// TestSheetCacheSameStyles checks that a Compute through the cache gives
// the styles and diagnostics of one without it, every time (the cached
// sheet is not consumed by the first use), and that the second use hits.
func TestSheetCacheSameStyles(t *testing.T) {
	doc := parseHTML(t, cachedDoc)
	plain, err := Compute(context.Background(), doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Diagnostics()) != 1 {
		t.Fatalf("diagnostics %v, want the bogus property", plain.Diagnostics())
	}
	cache := NewSheetCache(0, 0)
	for i := range 3 {
		got, err := Compute(context.Background(), doc, Options{Sheets: cache})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Diagnostics(), plain.Diagnostics()) {
			t.Errorf("use %d: diagnostics %v, want %v", i, got.Diagnostics(), plain.Diagnostics())
		}
		for n := range elementNodes(doc) {
			if a, b := got.Of(n, PseudoNone), plain.Of(n, PseudoNone); !reflect.DeepEqual(a, b) {
				t.Errorf("use %d: <%s> style differs through the cache", i, n.Data)
			}
		}
	}
	if st := cache.Stats(); st.Hits != 2 || st.Misses != 1 || st.Sheets != 1 || st.Bytes == 0 {
		t.Errorf("stats %+v, want 2 hits, 1 miss, 1 sheet", st)
	}
}

// TestSheetCacheBounds checks the eviction of the least recently used
// sheet and that oversized sheets are not kept.
func TestSheetCacheBounds(t *testing.T) {
	cache := NewSheetCache(2, 1000)
	use := func(css string) {
		t.Helper()
		doc := parseHTML(t, "<style>"+css+"</style><p>x</p>")
		if _, err := Compute(context.Background(), doc, Options{Sheets: cache}); err != nil {
			t.Fatal(err)
		}
	}
	use("p { color: red }")
	use("p { color: blue }")
	use("p { color: red }")   // hit: red is now the most recent
	use("p { color: green }") // evicts blue
	if st := cache.Stats(); st.Sheets != 2 || st.Hits != 1 || st.Misses != 3 {
		t.Fatalf("stats %+v, want 2 sheets, 1 hit, 3 misses", st)
	}
	use("p { color: red }") // still cached
	use("p { color: blue }")
	if st := cache.Stats(); st.Hits != 2 || st.Misses != 4 {
		t.Errorf("stats %+v: red should have stayed and blue been evicted", st)
	}
	big := "p { color: red }" + strings.Repeat(" ", 300)
	use(big)
	use(big)
	if st := cache.Stats(); st.Misses != 6 || st.Bytes > 1000 {
		t.Errorf("stats %+v: a sheet over a quarter of the byte budget must not be kept", st)
	}
}

// TestSheetCacheConcurrent runs Computes sharing one cache from several
// goroutines (run with -race).
func TestSheetCacheConcurrent(t *testing.T) {
	cache := NewSheetCache(4, 0)
	want, err := Compute(context.Background(), parseHTML(t, cachedDoc), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 4 {
				src := cachedDoc
				if (g+i)%2 == 1 {
					src = strings.Replace(cachedDoc, "#123456", "#654321", 1)
				}
				doc := parseHTML(t, src)
				st, err := Compute(context.Background(), doc, Options{Sheets: cache})
				if err != nil {
					errs <- err
					return
				}
				if len(st.Diagnostics()) != len(want.Diagnostics()) {
					errs <- fmt.Errorf("diagnostics %v", st.Diagnostics())
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if st := cache.Stats(); st.Sheets != 2 {
		t.Errorf("stats %+v, want the 2 distinct sheets", st)
	}
}

// invoiceDoc is a one-page invoice styled by the invoice template's
// stylesheets.
func invoiceDoc(tb testing.TB) string {
	tb.Helper()
	var css strings.Builder
	for _, name := range []string{"base.css", "invoice.css"} {
		data, err := os.ReadFile(filepath.Join("..", "templates", "css", name))
		if err != nil {
			tb.Fatalf("template stylesheet missing: %v", err)
		}
		css.Write(data)
	}
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang=en><head><title>Invoice</title><style>` + css.String() + `</style></head><body>
<header><h1>Invoice 2026-0042</h1><p class=meta>Issued 22 November 2026</p></header>
<section class=parties><div><h2>From</h2><p>Seller Ltd<br>1 Road</p></div><div><h2>To</h2><p>Buyer plc<br>2 Street</p></div></section>
<table><caption>Items</caption><thead><tr><th scope=col>Item</th><th scope=col>Qty</th><th scope=col>Price</th></tr></thead><tbody>`)
	for i := range 12 {
		fmt.Fprintf(&b, "<tr><td>Item %d</td><td class=num>%d</td><td class=num>%d.00</td></tr>", i, i+1, 10*i)
	}
	b.WriteString(`</tbody></table><p class=total>Total 660.00</p></body></html>`)
	return b.String()
}

// BenchmarkComputeInvoice cascades a one-page invoice, parsing its
// stylesheet every time (plain) or once through a SheetCache (cached), as
// a server rendering the same template does.
func BenchmarkComputeInvoice(b *testing.B) {
	doc := parseHTML(b, invoiceDoc(b))
	for _, bc := range []struct {
		name  string
		cache *SheetCache
	}{{"plain", nil}, {"cached", NewSheetCache(0, 0)}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				if _, err := Compute(context.Background(), doc, Options{Sheets: bc.cache}); err != nil {
					b.Fatal(err)
				}
			}
			cpu.report(b)
		})
	}
}
