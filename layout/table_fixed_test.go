package layout

import (
	"fmt"
	"testing"
)

// TestFixedLayoutPercentCells checks fixed table layout with a
// percentage cell width in the content-box model: the column is the
// percentage of the table plus the cell's padding and borders, and the
// cells of the columns left with no room are as wide as their columns
// (their padding overflows), not as wide as their padding.
func TestFixedLayoutPercentCells(t *testing.T) {
	tests := []struct {
		name, cell string
		want       string
	}{
		{"padding", "padding:0 25pt", "[0 100 0]"},
		{"padding and borders", "padding:0 10pt;border-left:15pt solid;border-right:15pt solid", "[0 100 0]"},
		{"no padding", "padding:0", "[25 50 25]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := layoutCSS(t, tableBase+`<style>td{`+tt.cell+`}</style><table id=t style="table-layout:fixed;width:100pt"><tr><td>`+
				`</td><td style="width:50%"></td><td></td></tr></table>`)
			if got := fmt.Sprint(cellWidths(d, "t")); got != tt.want {
				t.Errorf("cell widths %s, want %s", got, tt.want)
			}
		})
	}
}

// TestFixedLayoutMinMaxWidth checks that a fixed-layout table's width
// is its specified width within its min-width and max-width (CSS 2.1
// §10.4), and that its columns share that width.
func TestFixedLayoutMinMaxWidth(t *testing.T) {
	tests := []struct {
		name, table string
		want        string
	}{
		{"max-width", "width:300pt;max-width:100pt", "[50 50]"},
		{"min-width", "width:100pt;min-width:200pt", "[100 100]"},
		{"min-width over max-width", "width:100pt;max-width:50pt;min-width:80pt", "[40 40]"},
		{"within both", "width:100pt;max-width:300pt;min-width:50pt", "[50 50]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := layoutCSS(t, tableBase+`<style>td{padding:0}</style><table id=t style="table-layout:fixed;`+tt.table+`"><tr><td></td><td></td></tr></table>`)
			if got := fmt.Sprint(cellWidths(d, "t")); got != tt.want {
				t.Errorf("cell widths %s, want %s", got, tt.want)
			}
		})
	}
}
