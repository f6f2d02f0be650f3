package layout_test

import (
	"testing"

	"github.com/seed28491532/folio/layout"
)

// TestInlineFlexBaseline: an inline flex container sits on the line at
// its first item's first baseline, or at the baseline of the items
// aligned by baseline, not at its last line's (CSS Flexbox 1 §8.5).
func TestInlineFlexBaseline(t *testing.T) {
	tests := []struct {
		name, flex, item string
	}{
		{"first item, small then big", `display:inline-flex`,
			`<div id=i style="font-size:10pt;line-height:10pt">b</div><div style="font-size:20pt;line-height:20pt">c</div>`},
		{"first item, big then small", `display:inline-flex`,
			`<div id=i style="font-size:20pt;line-height:20pt">d</div><div style="font-size:10pt;line-height:10pt">e</div>`},
		{"the baseline-aligned item", `display:inline-flex;align-items:flex-end;height:50pt`,
			`<div style="font-size:10pt;line-height:10pt">d</div><div id=i style="align-self:baseline;font-size:20pt;line-height:20pt">e</div>`},
		{"a baseline item after items at other places", `display:inline-flex;height:50pt`,
			`<div style="align-self:flex-start;font-size:10pt;line-height:10pt">x</div><div style="align-self:flex-end;font-size:10pt;line-height:10pt">y</div>` +
				`<div id=i style="align-self:baseline;font-size:20pt;line-height:20pt">z</div>`},
		{"a nested flex container's baseline", `display:inline-flex;flex-direction:column`,
			`<div style="display:flex;align-items:flex-end;height:40pt"><div style="font-size:10pt;line-height:10pt">b</div>` +
				`<div id=i style="align-self:baseline;font-size:20pt;line-height:20pt">c</div></div>`},
		{"wrap: the second line's baseline item does not count", `display:inline-flex;flex-wrap:wrap;width:30pt`,
			`<div id=i style="width:20pt;font-size:10pt;line-height:10pt">b</div><div style="width:20pt;align-self:baseline;font-size:20pt;line-height:20pt">c</div>`},
		{"wrap-reverse: the first line is placed last", `display:inline-flex;flex-wrap:wrap-reverse;width:30pt`,
			`<div id=i style="width:20pt;font-size:10pt;line-height:10pt">b</div><div style="width:20pt;font-size:20pt;line-height:20pt">c</div>` +
				`<div style="width:20pt;align-self:baseline;font-size:20pt;line-height:20pt">d</div>`},
		{"inline grid: the first row's first item", `display:inline-grid;grid-auto-flow:column`,
			`<div id=i style="font-size:20pt;line-height:20pt">b</div><div style="font-size:10pt;line-height:10pt">c<br>d</div>`},
		{"inline grid: the first row's baseline item", `display:inline-grid;grid-auto-flow:column;grid-auto-rows:50pt`,
			`<div style="align-self:end;font-size:10pt;line-height:10pt">b</div><div id=i style="align-self:baseline;font-size:20pt;line-height:20pt">c</div>`},
		{"column: the first item", `display:inline-flex;flex-direction:column`,
			`<div id=i style="font-size:10pt;line-height:10pt">d</div><div style="font-size:20pt;line-height:20pt">e</div>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 300, 300, `<div id=w>a <div style="`+tt.flex+`">`+tt.item+`</div></div>`)
			w, it := fragmentOf(d, 0, "w"), fragmentOf(d, 0, "i")
			if len(w.Lines) == 0 || len(it.Lines) == 0 {
				t.Fatal("no line boxes")
			}
			if got, want := it.Lines[0].Baseline, w.Lines[0].Baseline; got != want {
				t.Errorf("item baseline %v, want the line's %v", got, want)
			}
		})
	}
}

// TestLastBaselineAndInlineTable: items aligned by their last baseline
// line up their last lines (§8.3), and an inline table sits on its line
// at its first row's baseline (CSS 2.1 §10.8.1).
func TestLastBaselineAndInlineTable(t *testing.T) {
	t.Run("last baseline", func(t *testing.T) {
		d := flowLayout(t, 300, 300, `<div style="display:flex;align-items:last baseline;height:80pt">`+
			`<div id=a style="font-size:10pt;line-height:10pt">a<br>b<br>c</div><div id=b style="font-size:20pt;line-height:20pt">d</div></div>`)
		a, b := fragmentOf(d, 0, "a"), fragmentOf(d, 0, "b")
		la, lb := a.Lines[len(a.Lines)-1].Baseline, b.Lines[len(b.Lines)-1].Baseline
		if la != lb {
			t.Errorf("last baselines %v and %v, want them lined up", la, lb)
		}
		if a.Y+a.H != 80 && b.Y+b.H != 80 {
			t.Errorf("items end at %v and %v, want one at the line's end 80", a.Y+a.H, b.Y+b.H)
		}
	})
	t.Run("inline table", func(t *testing.T) {
		d := flowLayout(t, 300, 300, `<div id=w>a <table style="display:inline-table;border-spacing:0"><tr><td id=c style="padding:0">b<br>c</td></tr></table></div>`)
		w, c := fragmentOf(d, 0, "w"), fragmentOf(d, 0, "c")
		if got, want := firstLineOf(c).Baseline, w.Lines[0].Baseline; got != want {
			t.Errorf("first row baseline %v, want the line's %v", got, want)
		}
	})
}

func firstLineOf(f *layout.Fragment) *layout.Line {
	if len(f.Lines) > 0 {
		return f.Lines[0]
	}
	for _, c := range f.Children {
		if ln := firstLineOf(c); ln != nil {
			return ln
		}
	}
	return nil
}
