package layout_test

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/display"
)

// raster paints page 1 of src as text, one character per 2.5pt square:
// '#' borders, '.' backgrounds, letters where glyphs start; the picture
// is cropped to what was painted.
func raster(t *testing.T, src string) string {
	t.Helper()
	d, err := paginate(t, `<style>@page { size: 200pt 200pt; margin: 0 }
body { margin: 0; font-size: 10pt; line-height: 1 } td, th { padding: 0 } table { border-spacing: 0 }</style>`+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	const s = 2.5
	const n = 80
	var g [n][n]byte
	for i := range g {
		for j := range g[i] {
			g[i][j] = ' '
		}
	}
	fill := func(r layout.Rect, c byte) {
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				cx, cy := (float64(x)+0.5)*s, (float64(y)+0.5)*s
				if cx >= r.X && cx < r.X+r.W && cy >= r.Y && cy < r.Y+r.H && (c == '#' || g[y][x] == ' ') {
					g[y][x] = c
				}
			}
		}
	}
	for _, it := range displayLists(t, d)[0].Items {
		switch it.Op {
		case display.OpFill:
			fill(it.Rect, '.')
		case display.OpBorder:
			// thin borders still take one square
			r := it.Rect
			if r.W < s {
				r.X, r.W = r.X+r.W/2-s/2, s
			}
			if r.H < s {
				r.Y, r.H = r.Y+r.H/2-s/2, s
			}
			fill(r, '#')
		case display.OpText:
			x := it.Text.X
			for _, c := range it.Text.Text {
				gx, gy := int(math.Floor(x/s)), int(math.Floor((it.Text.Baseline-1)/s))
				if gx >= 0 && gx < n && gy >= 0 && gy < n {
					g[gy][gx] = byte(c)
				}
				x += 5
			}
		}
	}
	var lines []string
	for y := range g {
		lines = append(lines, strings.TrimRight(string(g[y][:]), " "))
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

func TestTableRaster(t *testing.T) {
	tests := []struct{ name, src string }{
		{"collapsed borders with a column span",
			`<table style="border-collapse:collapse"><tr><td colspan=2 style="border:2.5pt solid">aaaa</td></tr><tr><td style="border:2.5pt solid">aa</td><td style="border:2.5pt solid">bb</td></tr></table>`},
		{"separated borders and spacing",
			`<table style="border-spacing:5pt;border:2.5pt solid"><tr><td style="border:2.5pt solid">a</td><td style="border:2.5pt solid">b</td></tr></table>`},
		{"row span and vertical-align middle",
			`<table style="border-collapse:collapse"><tr><td rowspan=3 style="border:2.5pt solid;vertical-align:middle">m</td><td style="border:2.5pt solid">1</td></tr><tr><td style="border:2.5pt solid">2</td></tr><tr><td style="border:2.5pt solid">3</td></tr></table>`},
		{"column and row backgrounds under cells",
			`<table style="border-spacing:5pt"><col style="background:#eee"><col><tr><td>aa</td><td style="background:#ccc">bb</td></tr></table>`},
		{"right-to-left columns",
			`<table style="direction:rtl;border-collapse:collapse"><tr><td style="border:2.5pt solid;border-left-width:5pt">a</td><td style="border:2.5pt solid">bbb</td></tr></table>`},
		{"fixed layout widths",
			`<table style="table-layout:fixed;width:50pt;border-collapse:collapse"><tr><td style="width:10pt;border:2.5pt solid">a</td><td style="border:2.5pt solid">b</td></tr></table>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := raster(t, tt.src) + "\n"
			goldenFile(t, filepath.Join("testdata", "table-raster-"+strings.ReplaceAll(tt.name, " ", "-")+".golden"), got)
		})
	}
}
