package layout

import (
	"testing"
)

// fragByID finds the first fragment of the element with id on page p.
func fragByID(p *Page, id string) *Fragment {
	var find func(f *Fragment) *Fragment
	find = func(f *Fragment) *Fragment {
		if v, ok := f.Box.Attr("id"); ok && v == id {
			return f
		}
		for _, c := range f.Children {
			if r := find(c); r != nil {
				return r
			}
		}
		return nil
	}
	if p.Root == nil {
		return nil
	}
	return find(p.Root)
}

// TestTopMarginsNested checks the margins at the top of a page, nested
// in boxes that start the page too: kept on the first page and after a
// forced break (the first child of a flow-root once lost its margin
// there), truncated after an unforced break when they adjoin it (CSS
// Fragmentation 3 §5.2), kept inside a flow-root or below a border.
func TestTopMarginsNested(t *testing.T) {
	const page = `<style>@page { size: 200pt 200pt; margin: 0 } body { margin: 0 } p { margin: 0; height: 150pt }</style>`
	tests := []struct {
		name, body string
		page       int
		y          float64
	}{
		{"first page, flow-root", `<div style="display:flow-root"><div id=t style="margin-top:50pt;height:10pt"></div></div>`, 0, 50},
		{"first page, two levels", `<div style="display:flow-root"><div style="display:flow-root"><div id=t style="margin-top:30pt;height:10pt"></div></div></div>`, 0, 30},
		{"first page, collapsing", `<div><div id=t style="margin-top:40pt;height:10pt"></div></div>`, 0, 40},
		{"after a forced break", `<p></p><div style="display:flow-root;break-before:page"><div id=t style="margin-top:50pt;height:10pt"></div></div>`, 1, 50},
		{"after an unforced break", `<p></p><div><div id=t style="margin-top:60pt;height:10pt"></div></div>`, 1, 0},
		{"after an unforced break, own margin", `<p></p><div id=t style="margin-top:60pt;height:10pt"></div>`, 1, 0},
		// inside a flow-root or below a border the margin does not adjoin
		// the break: it stays (WPT css-page/page-box-004)
		{"after an unforced break, flow-root", `<p></p><div style="display:flow-root"><div id=t style="margin-top:60pt;height:10pt"></div></div>`, 1, 60},
		{"after an unforced break, border", `<p></p><div style="border-top:5pt solid"><div id=t style="margin-top:60pt;height:10pt"></div></div>`, 1, 65},
		{"resumed flow-root", `<div style="display:flow-root"><p></p><div id=t style="margin-top:60pt;height:10pt"></div></div>`, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, page+tt.body)
			if len(d.Pages) <= tt.page {
				t.Fatalf("%d pages, want the box on page %d", len(d.Pages), tt.page+1)
			}
			f := fragByID(d.Pages[tt.page], "t")
			if f == nil {
				t.Fatalf("no fragment of #t on page %d", tt.page+1)
			}
			if !near1(f.Y, tt.y) {
				t.Errorf("#t at y=%v, want %v", f.Y, tt.y)
			}
		})
	}
}
