package layout

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestForcedBreakAfterOverflowingWord checks that a word which does not
// fit before a <br> still wraps at the earlier break opportunity instead of
// overflowing the line the forced break ends.
func TestForcedBreakAfterOverflowingWord(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{`<div id=d>xxxx xxxx xxxxxxxxxx<br>x</div>`, []string{"xxxx xxxx ", "xxxxxxxxxx", "x"}},
		{`<div id=d>xxx&nbsp; xxx&nbsp; xxxxxxxxxx<br>x</div>`, []string{"xxx\u00a0 xxx\u00a0 ", "xxxxxxxxxx", "x"}},
		{`<div id=d>xxxx xxxx<br>x</div>`, []string{"xxxx xxxx", "x"}},
		{`<div id=d>xxxxxxxxxxxx<br>x</div>`, []string{"xxxxxxxxxxxx", "x"}},
		{`<div id=d>xx xxxx xx <br>x</div>`, []string{"xx xxxx xx ", "x"}}, // the trailing space hangs
	} {
		// 10pt text, 5pt a character: ten characters fit the 50pt width
		d := layoutHTML(t, tc.src, pageOf{w: 300, h: 300}, cssish{"d": func(s *style.Style) { s.MutSize().Width = pt(50) }})
		var got []string
		for _, ln := range strings.Split(Dump(d), "\n") {
			if i := strings.Index(ln, "line y="); i >= 0 {
				got = append(got, ln[strings.Index(ln, `"`)+1:strings.LastIndex(ln, `"`)])
			}
		}
		want := make([]string, len(tc.want))
		for i, w := range tc.want {
			want[i] = strings.ReplaceAll(w, "\u00a0", `\u00a0`)
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: lines %q, want %q", tc.src, got, want)
		}
	}
}
