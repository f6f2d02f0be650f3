package style

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestLongFeatureLists gives one element 200 000 classes or attributes:
// the cascade de-duplicates them with a set past smallFeatures, so the
// element costs linear work. (De-duplicating by scanning the list, as the
// cascade once did, took minutes here: 2·10¹⁰ string comparisons.)
func TestLongFeatureLists(t *testing.T) {
	const n = 200000
	distinct := func(prefix string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "%s%d ", prefix, i)
		}
		return b.String()
	}
	attrs := func(name func(int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(" " + name(i))
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, el      string
		classes, atts int // distinct features loadFeatures must keep
	}{
		{"distinct classes", `<p id=t data-hit class="` + distinct("c") + `hit">`, n + 1, 3},
		{"repeated class", `<p id=t data-hit class="` + strings.Repeat("hit ", n) + `">`, 1, 3},
		{"distinct attributes", `<p id=t data-hit` + attrs(func(i int) string { return fmt.Sprintf("data-a%d", i) }) + `>`, 0, n + 2},
		{"repeated attribute", `<p id=t data-hit` + attrs(func(int) string { return "data-x" }) + `>`, 0, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			css := `<style>.hit{color:green} [data-hit]{font-size:20px} [data-x]{margin-left:1px} [data-a7]{margin-right:1px}</style>`
			start := cpuNow()
			st, doc := compute(t, css+tc.el+"x", Options{})
			took := cpuNow() - start
			p := find(doc, "t")
			s := st.Of(p, PseudoNone)
			wantColor := "#000000"
			if tc.classes > 0 {
				wantColor = "#008000"
			}
			if got := prop(s, "color"); got != wantColor {
				t.Errorf("color = %q, want %q", got, wantColor)
			}
			if got := prop(s, "font-size"); got != "15pt" {
				t.Errorf("font-size = %q, want 15pt from [data-hit]", got)
			}
			var c cascader
			c.loadFeatures(p)
			if len(c.classes) != tc.classes || len(c.attrs) != tc.atts {
				t.Errorf("loadFeatures kept %d classes, %d attributes; want %d, %d",
					len(c.classes), len(c.attrs), tc.classes, tc.atts)
			}
			// linear work takes well under a second; a bound that
			// a loaded machine cannot reach but the quadratic scan
			// exceeds a hundredfold
			if took > 10*time.Second {
				t.Errorf("cascade took %v of CPU", took)
			}
		})
	}
}

// TestAppendUnique checks the list-then-set switch of appendUnique: order
// kept, duplicates dropped on both sides of smallFeatures, no set for
// short lists.
func TestAppendUnique(t *testing.T) {
	for _, count := range []int{1, smallFeatures, smallFeatures + 1, 5 * smallFeatures} {
		var list []string
		var set map[string]struct{}
		for round := range 2 {
			for i := range count {
				list, set = appendUnique(list, set, fmt.Sprint(i))
			}
			if len(list) != count {
				t.Fatalf("count %d, round %d: %d entries", count, round, len(list))
			}
		}
		for i, s := range list {
			if s != fmt.Sprint(i) {
				t.Fatalf("count %d: entry %d is %q", count, i, s)
			}
		}
		if (set != nil) != (count > smallFeatures) || set != nil && len(set) != count {
			t.Errorf("count %d: set of %d entries (nil %v)", count, len(set), set == nil)
		}
	}
}

// TestAncestorFilterSaturates gives an ancestor the same class 65 536
// times: the ancestor filter's 16-bit counter for it must not wrap to
// zero, which would hide the class from descendant selectors.
func TestAncestorFilterSaturates(t *testing.T) {
	src := `<style>.a p{color:green}</style><div class="` + strings.Repeat("a ", 1<<16) + `"><p id=t>x</p></div>`
	st, doc := compute(t, src, Options{})
	if got := prop(st.Of(find(doc, "t"), PseudoNone), "color"); got != "#008000" {
		t.Errorf("color = %q: .a p must match under an element with class a", got)
	}
}
