package layout

import (
	"math"
	"testing"

	"github.com/seed28491532/folio/style"
)

// absFrags returns the fragments of absolutely positioned boxes in f.
func absFrags(f *Fragment, out []*Fragment) []*Fragment {
	if f.Box != nil && f.Box.Style != nil && f.Box.Style.Position == style.PositionAbsolute {
		out = append(out, f)
	}
	for _, c := range f.Children {
		out = absFrags(c, out)
	}
	return out
}

// TestAbsoluteInColumns checks an absolutely positioned box inside
// columns: placed from the top of its containing block's first fragment
// (in the first column) even when its containing block ends in the
// second, sized against the whole containing block, and fragmented at
// the column's bottom, its rest at the top of the next column; one that
// fits its column stays whole.
func TestAbsoluteInColumns(t *testing.T) {
	const page = `<style>@page{size:400pt 300pt; margin:0} body{margin:0}
	  .mc { columns: 2; column-fill: auto; column-gap: 10pt; width: 90pt; height: 40pt }
	  .abs { position: absolute; top: 0; width: 100%; height: 20pt }</style>`
	tests := []struct {
		name string
		body string
		want []Rect
	}{
		{"containing block across columns", `<div class=mc><div style="height:30pt"></div><div style="position:relative"><div style="height:20pt"></div><div class=abs></div></div></div>`,
			[]Rect{{0, 30, 40, 10}, {50, 0, 40, 10}}},
		{"box past its column's bottom", `<div class=mc><div style="position:relative"><div style="height:30pt"></div><div class=abs style="top:25pt"></div></div></div>`,
			[]Rect{{0, 25, 40, 15}, {50, 0, 40, 5}}},
		{"percentage of the whole containing block", `<div class=mc><div style="position:relative"><div class=abs style="height:100%"></div><div style="height:60pt"></div></div></div>`,
			[]Rect{{0, 0, 40, 40}, {50, 0, 40, 20}}},
		{"box within its column", `<div class=mc><div style="position:relative"><div style="height:30pt"></div><div class=abs style="top:5pt"></div></div></div>`,
			[]Rect{{0, 5, 40, 20}}},
		{"absolute box inside an absolute one", `<div class=mc><div style="position:relative"><div class=abs style="height:auto"><div class=abs style="height:60pt"></div></div></div></div>`,
			[]Rect{{0, 0, 40, 0}, {0, 0, 40, 40}, {50, 0, 40, 20}}},
		{"inner box placed against the outer one across columns", `<div class=mc><div style="position:relative"><div class=abs style="top:60pt;height:auto"><div class=abs style="top:-60pt;height:60pt"></div></div></div></div>`,
			[]Rect{{50, 20, 40, 0}, {0, 0, 40, 40}, {50, 0, 40, 20}}},
		// the containing block is as tall as its fragments together,
		// not as the columns its overflowing content runs through
		{"percentage of a containing block its content overflows", `<div class=mc style="columns:3;width:140pt"><div style="position:relative;height:50pt"><div class=abs style="height:100%"></div><div style="height:100pt"></div></div></div>`,
			[]Rect{{0, 0, 40, 40}, {50, 0, 40, 10}}},
		// a spanner inside the containing block: its fragments in the
		// rows above and below the spanner are one containing block
		{"containing block across a spanner", `<div class=mc style="height:auto;column-fill:balance"><div style="position:relative"><div style="height:40pt"></div><div style="column-span:all;height:10pt"></div><div style="height:40pt"></div><div class=abs style="bottom:0;width:10pt;height:auto"></div></div></div>`,
			[]Rect{{0, 0, 10, 20}, {50, 0, 10, 20}, {0, 30, 10, 20}, {50, 30, 10, 20}}},
		// nested columns: the inner row fills the outer column, so the
		// box goes on in a new inner row in the outer's next column
		// rather than overflowing the inner's last column
		{"nested columns go on in the outer's next column", `<div class=mc style="column-gap:0"><div class=mc style="width:auto;height:auto;column-gap:0"><div style="position:relative"><div class=abs style="width:10pt;height:130pt"></div></div></div></div>`,
			[]Rect{{0, 0, 10, 40}, {22.5, 0, 10, 40}, {45, 0, 10, 40}, {67.5, 0, 10, 10}}},
		{"nested columns from an offset", `<div class=mc style="column-gap:0"><div class=mc style="width:auto;height:auto;column-gap:0"><div style="position:relative;height:80pt"><div class=abs style="top:60pt;width:10pt;height:50pt"></div></div></div></div>`,
			[]Rect{{22.5, 20, 10, 20}, {45, 0, 10, 30}}},
		{"nested columns: an inner box placed back across outer columns", `<div class=mc style="column-gap:0"><div class=mc style="width:auto;height:auto;column-gap:0"><div style="position:relative"><div class=abs style="top:160pt;width:10pt;height:auto"><div class=abs style="top:-160pt;width:10pt;height:160pt"></div></div></div></div></div>`,
			[]Rect{{90, 0, 10, 0}, {0, 0, 10, 40}, {22.5, 0, 10, 40}, {45, 0, 10, 40}, {67.5, 0, 10, 40}}},
		{"nested columns: a containing block across rows is taken whole", `<div class=mc style="column-gap:0"><div class=mc style="width:auto;height:auto;column-gap:0"><div style="height:40pt"></div><div style="position:relative"><div class=abs style="width:10pt;height:100%"></div><div style="height:80pt"></div></div></div></div>`,
			[]Rect{{22.5, 0, 10, 40}, {45, 0, 10, 40}}},
		{"nested columns go on into an overflow column of the outer", `<div class=mc style="column-gap:0"><div style="height:30pt"></div><div class=mc style="width:auto;height:auto;column-gap:0"><div style="position:relative"><div class=abs style="width:10pt;height:130pt"></div></div></div></div>`,
			[]Rect{{0, 30, 10, 10}, {22.5, 30, 10, 10}, {45, 0, 10, 40}, {67.5, 0, 10, 40}, {90, 0, 10, 30}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, page+tc.body)
			got := absFrags(d.Pages[0].Root, nil)
			if len(got) != len(tc.want) {
				t.Fatalf("%d fragments of the absolute box, want %d", len(got), len(tc.want))
			}
			for i, f := range got {
				if r := rectOf(f); !rectNear(r, tc.want[i]) {
					t.Errorf("fragment %d at %+v, want %+v", i, r, tc.want[i])
				}
			}
		})
	}
}

// TestOverflowClipFragments checks that a box with overflow: clip and a
// definite height taller than its column is fragmented across columns
// (it is no scroll container), while overflow: hidden keeps it whole
// (monolithic, clipped).
func TestOverflowClipFragments(t *testing.T) {
	for _, tc := range []struct {
		overflow string
		frags    int
	}{{"clip", 3}, {"hidden", 1}} {
		t.Run(tc.overflow, func(t *testing.T) {
			d := mustPaged(t, `<style>@page{size:400pt 300pt; margin:0} body{margin:0}
			  .mc { columns: 3; column-fill: auto; column-gap: 10pt; width: 140pt; height: 40pt }
			  .c { height: 100pt; overflow: `+tc.overflow+` }</style><div class=mc><div class=c>x</div></div>`)
			n := 0
			var walk func(f *Fragment)
			walk = func(f *Fragment) {
				if f.Box != nil && f.Box.Style != nil && f.Box.Style.Height.Value == 100 {
					n++
				}
				for _, c := range f.Children {
					walk(c)
				}
			}
			walk(d.Pages[0].Root)
			if n != tc.frags {
				t.Errorf("%d fragments of the box, want %d", n, tc.frags)
			}
		})
	}
}

// TestAbsoluteInColumnsNextPage checks a containing block in columns
// that began on an earlier page: its absolutely positioned boxes are
// placed against its part on their own page, not against the geometry
// of its first fragment there.
func TestAbsoluteInColumnsNextPage(t *testing.T) {
	d := mustPaged(t, `<style>@page{size:200pt 100pt; margin:0} body{margin:0}
	  .mc { columns: 2; column-gap: 10pt; width: 90pt; column-fill: auto }
	  .abs { position: absolute; top: 0; left: 0; width: 10pt; height: 10pt }</style>
	  <div class=mc><div style="height:150pt"></div><div style="position:relative"><div style="height:150pt"></div><div class=abs></div></div></div>`)
	if len(d.Pages) != 2 {
		t.Fatalf("%d pages, want 2", len(d.Pages))
	}
	got := absFrags(d.Pages[1].Root, nil)
	if len(got) != 1 || !rectNear(rectOf(got[0]), Rect{0, 0, 10, 10}) {
		t.Errorf("absolute box on page 2: %v, want one at {0 0 10 10}\n%s", got, Dump(d))
	}
}

// TestAbsoluteInSpanner checks the containing block of an absolutely
// positioned box inside a spanner: the spanner's containing block is
// its multicol container (css-multicol-1 §6.1), so a positioned box
// between the two holds nothing in the spanner, while a positioned
// spanner or multicol container does.
func TestAbsoluteInSpanner(t *testing.T) {
	const page = `<style>@page{size:400pt 300pt; margin:0} body{margin:0}
	  .mc { columns: 2; column-gap: 10pt; width: 90pt; margin-left: 5pt; position: relative }
	  .rel { position: relative; margin-left: 20pt }
	  .sp { column-span: all; height: 10pt; margin-left: 30pt }
	  .abs { position: absolute; top: 0; left: 0; width: 5pt; height: 5pt }</style>`
	tests := []struct {
		name string
		body string
		x    float64
	}{
		{"positioned box between spanner and multicol", `<div class=mc><div class=rel><div class=sp><div class=abs></div></div></div></div>`, 5},
		{"positioned spanner", `<div class=mc><div class=rel><div class=sp style="position:relative"><div class=abs></div></div></div></div>`, 35},
		{"no spanner", `<div class=mc><div class=rel><div style="height:10pt"><div class=abs></div></div></div></div>`, 25},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, page+tc.body)
			got := absFrags(d.Pages[0].Root, nil)
			if len(got) != 1 {
				t.Fatalf("%d fragments of the absolute box, want 1\n%s", len(got), Dump(d))
			}
			if r := rectOf(got[0]); math.Abs(r.X-tc.x) > 0.01 {
				t.Errorf("absolute box at x %g, want %g", r.X, tc.x)
			}
		})
	}
}
