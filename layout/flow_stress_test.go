package layout_test

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
)

// TestFlowFeaturesAlwaysProgress lays out mixes of floats, clears,
// positioned boxes and flex containers on pages from tiny to small:
// layout must finish (no "made no progress" error, no panic) and paint
// every word of the text exactly once, inside the page when the page
// is tall enough for every monolithic box.
func TestFlowFeaturesAlwaysProgress(t *testing.T) {
	parts := []string{
		`<div style="float:left;width:30pt;height:45pt">fa</div>`,
		`<p>w1 w2 w3 w4 w5 w6 w7 w8 w9<span style="float:right;width:20pt;height:25pt">fb</span> w10 w11 w12</p>`,
		`<p style="clear:both">w13</p>`,
		`<div style="position:relative"><span style="position:absolute;top:0;right:0">ab</span>w14 w15</div>`,
		`<div style="display:flex;flex-wrap:wrap;gap:5pt"><div style="width:40pt">w16</div><div style="flex:1">w17 w18</div><div style="width:60pt;height:35pt">w19</div></div>`,
		`<div style="overflow:hidden">w20 w21</div>`,
		`<div style="display:flex;flex-direction:column"><div>w22</div><div>w23</div></div>`,
		`<div style="float:right;width:90pt">w24 w25 w26 w27 w28 w29</div><p>w30</p>`,
	}
	for _, h := range []float64{20, 35, 60, 120} {
		for rot := range parts {
			src := strings.Join(append(parts[rot:], parts[:rot]...), "")
			d, err := paginate(t, `<style>@page { size: 100pt `+ftoa(h)+`pt; margin: 0 } body { margin: 0; font-size: 10pt; line-height: 1 } p { margin: 0 }</style>`+src, 200)
			if err != nil {
				t.Fatalf("page height %v, rotation %d: %v", h, rot, err)
			}
			seen := map[string]int{}
			for i := range d.Pages {
				var walk func(f *layout.Fragment)
				walk = func(f *layout.Fragment) {
					for _, ln := range f.Lines {
						for _, tx := range ln.Texts {
							for _, w := range strings.Fields(tx.Text) {
								seen[w]++
							}
							if h >= 60 && ln.Y+ln.H > h+0.01 {
								t.Errorf("page height %v, rotation %d: line %q ends at %v, below the page", h, rot, tx.Text, ln.Y+ln.H)
							}
						}
					}
					for _, c := range f.Children {
						walk(c)
					}
				}
				if d.Pages[i].Root != nil {
					walk(d.Pages[i].Root)
				}
			}
			for n := 1; n <= 30; n++ {
				if w := "w" + ftoa(float64(n)); seen[w] != 1 {
					t.Errorf("page height %v, rotation %d: word %s laid out %d times (%d pages)", h, rot, w, seen[w], len(d.Pages))
				}
			}
		}
	}
}
