package layout

import (
	"strings"
	"testing"
)

// TestClippingBoxIsMonolithic: a box with overflow: hidden and a definite
// height is not broken across pages: near the page bottom it moves whole
// to the next page, and content overflowing it is clipped rather than
// pushed onto a page of its own.
func TestClippingBoxIsMonolithic(t *testing.T) {
	const page = `<style>@page { size: 200pt 200pt; margin: 0 } body { margin: 0 } p { margin: 0; height: 150pt }</style>`
	tests := []struct {
		name, body string
		pages      int
		boxPage    int
		y          float64
	}{
		{"overflowing content stays on one page", `<p style="height:10pt"></p><div id=t style="height:100pt;overflow:hidden"><div style="height:400pt"></div></div>`, 1, 0, 10},
		{"moves whole to the next page", `<p></p><div id=t style="height:100pt;overflow:hidden">a<br>b<br>c</div>`, 2, 1, 0},
		{"visible overflow still breaks", `<p></p><div id=t style="height:100pt">a<br>b<br>c<br>d<br>e<br>f<br>g<br>h<br>i</div>`, 2, 0, 150},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, page+tt.body)
			if len(d.Pages) != tt.pages {
				t.Fatalf("%d pages, want %d", len(d.Pages), tt.pages)
			}
			f := fragByID(d.Pages[tt.boxPage], "t")
			if f == nil {
				t.Fatalf("no fragment of #t on page %d", tt.boxPage+1)
			}
			if !near1(f.Y, tt.y) {
				t.Errorf("#t at y=%v on page %d, want %v", f.Y, tt.boxPage+1, tt.y)
			}
			if strings.Contains(tt.name, "moves") && fragByID(d.Pages[0], "t") != nil {
				t.Errorf("#t also starts on page 1")
			}
		})
	}
}
