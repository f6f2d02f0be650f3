package layout

import (
	"fmt"
	"math"
	"testing"
)

// TestFieldsetLegend checks the rendered legend of a fieldset: placed
// over the top border at the content box's start (its end in rtl), the
// border box moved down to the legend's middle when the legend is taller
// than the border (else the legend is centred in it), the content below
// the legend, and a definite height reduced by what the border does not
// cover of the legend, so the border box ends where it would without it.
func TestFieldsetLegend(t *testing.T) {
	const head = `<style>@page{size:400pt 400pt;margin:0}body{margin:0}
fieldset{margin:0;padding:5pt;border:10pt solid}legend{margin:0;padding:0;width:50pt}
#c{height:20pt}</style>`
	for _, tt := range []struct {
		name, html  string
		fsY, fsH    float64 // the fieldset's border box
		lgX, lgY    float64 // the legend's
		contentY    float64 // #c's
		fieldsetBot float64 // bottom of the fieldset's border box
	}{
		{"tall legend", `<fieldset id=f><legend id=l style="height:30pt"></legend><div id=c></div></fieldset>`,
			10, 60, 15, 0, 35, 70},
		{"short legend, centred in the border", `<fieldset id=f><legend id=l style="height:4pt"></legend><div id=c></div></fieldset>`,
			0, 50, 15, 3, 15, 50},
		{"definite height", `<fieldset id=f style="height:100pt"><legend id=l style="height:30pt"></legend><div id=c></div></fieldset>`,
			10, 120, 15, 0, 35, 130},
		{"rtl", `<fieldset id=f dir=rtl><legend id=l style="height:30pt"></legend><div id=c></div></fieldset>`,
			10, 60, 400 - 15 - 50, 0, 35, 70},
		{"no legend", `<fieldset id=f><div id=c></div></fieldset>`,
			0, 50, math.NaN(), math.NaN(), 15, 50},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, head+tt.html)
			p := d.Pages[0]
			f, c := fragByID(p, "f"), fragByID(p, "c")
			if f == nil || c == nil {
				t.Fatal("no fragment of #f or #c")
			}
			near := func(a, b float64) bool { return math.Abs(a-b) < 0.01 }
			if !near(f.Y, tt.fsY) || !near(f.H, tt.fsH) || !near(f.Y+f.H, tt.fieldsetBot) {
				t.Errorf("fieldset at y %.2f, %.2f high; want %.2f, %.2f", f.Y, f.H, tt.fsY, tt.fsH)
			}
			if !near(c.Y, tt.contentY) {
				t.Errorf("content at y %.2f, want %.2f", c.Y, tt.contentY)
			}
			if l := fragByID(p, "l"); !math.IsNaN(tt.lgX) && (l == nil || !near(l.X, tt.lgX) || !near(l.Y, tt.lgY)) {
				t.Errorf("legend %v, want at %.2f, %.2f", l, tt.lgX, tt.lgY)
			}
		})
	}
}

// TestFieldsetLegendMonolithic checks that a legend taller than the page
// is not broken: it stays whole on the fieldset's first page, and the
// fieldset's content goes on on the next pages.
func TestFieldsetLegendMonolithic(t *testing.T) {
	d := mustPaged(t, `<style>@page{size:200pt 100pt;margin:0}body{margin:0}
fieldset{margin:0;padding:0;border:10pt solid;height:290pt}legend{margin:0;padding:0;width:50pt;height:150pt}</style>
<fieldset id=f><legend id=l></legend></fieldset>`)
	if got := pageIndexOf(d, "legend", "l"); fmt.Sprint(got) != "[1]" {
		t.Errorf("legend on pages %v, want [1]", got)
	}
	if l := fragByID(d.Pages[0], "l"); l == nil || math.Abs(l.H-150) > 0.01 {
		t.Errorf("legend fragment %v, want 150pt high", l)
	}
	// 290 - 140 (the legend's height past the border) = 150 of content:
	// 100 on page 2, 50 and the bottom border on page 3
	if got := pageIndexOf(d, "fieldset", "f"); fmt.Sprint(got) != "[1 2 3]" {
		t.Fatalf("fieldset on pages %v, want [1 2 3]", got)
	}
	if f := fragByID(d.Pages[2], "f"); f == nil || math.Abs(f.H-60) > 0.01 {
		t.Errorf("fieldset's last fragment %v, want 60pt high", f)
	}
}
