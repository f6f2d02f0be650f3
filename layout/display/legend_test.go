package display

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestLegendNotch checks that a fieldset's top border is not painted
// behind its rendered legend (the parts left and right of it are), that
// the other sides are whole, and that a fieldset without a legend keeps
// its whole top border.
func TestLegendNotch(t *testing.T) {
	const head = `<style>@page{size:400pt 400pt;margin:0}body{margin:0}
fieldset{margin:0;padding:0 10pt;border:4pt solid red;width:200pt}legend{margin:0;padding:0;width:50pt;height:20pt}</style>`
	for _, tt := range []struct {
		name, html string
		want       string // the top side's parts: x..x+w
	}{
		{"legend", `<fieldset><legend></legend>x</fieldset>`, "0-14 64-228"},
		{"rtl legend", `<fieldset dir=rtl><legend></legend>x</fieldset>`, "0-164 214-228"},
		{"no legend", `<fieldset><div>x</div></fieldset>`, "0-228"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var parts []string
			sides := 0
			for _, it := range styledList(t, head+tt.html).Items {
				if it.Op != OpBorder {
					continue
				}
				sides++
				if it.Side == style.Top {
					parts = append(parts, fmt.Sprintf("%g-%g", it.Rect.X, it.Rect.X+it.Rect.W))
				}
			}
			if got := strings.Join(parts, " "); got != tt.want {
				t.Errorf("top border parts %q, want %q", got, tt.want)
			}
			if sides != 3+len(parts) {
				t.Errorf("%d border items, want the top's %d parts and three sides", sides, len(parts))
			}
		})
	}
}
