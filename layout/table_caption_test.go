package layout

import "testing"

// TestCaptionMargins checks that a caption's top margin separates it
// from what is above it: the table's top edge for a top caption, the
// table box for a bottom one.
func TestCaptionMargins(t *testing.T) {
	for _, side := range []string{"top", "bottom"} {
		d := layoutCSS(t, tableBase+`<table id=t><caption id=c style="caption-side:`+side+`;margin-top:7pt">c</caption><tr><td style="height:20pt">a</td></tr></table>`)
		p := d.Pages[0]
		tf, c := frags(p, "table", "t")[0], frags(p, "caption", "c")[0]
		want := tf.Y + 7
		if side == "bottom" {
			want = tf.Y + 20 + 7
		}
		if !near(c.Y, want) {
			t.Errorf("%s caption at %.2f, want %.2f", side, c.Y, want)
		}
	}
}
