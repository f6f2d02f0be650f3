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
