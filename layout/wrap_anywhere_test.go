package layout

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestBreakLongWordAnywhere breaks a word of 512 KiB with overflow-wrap:
// anywhere: every line is full but the last, the lines hold the whole
// word in order, and the work stays linear (scanning for a break from
// each line's start to the word's end, as the line breaker once did,
// took about 15 s of CPU here).
func TestBreakLongWordAnywhere(t *testing.T) {
	const size = 512 << 10
	word := strings.Repeat("abcdefghij", size/10)
	start := processCPU()
	d := layoutHTML(t, "<p id=p>"+word+"</p>", pageOf{w: 400, h: 100000, margin: 10},
		cssish{"p": func(st *style.Style) { st.MutText().OverflowWrap = style.WrapAnywhere }})
	took := processCPU() - start
	var lines []string
	for _, ln := range lineTexts(d) {
		if ln != "|" {
			lines = append(lines, ln)
		}
	}
	if got := strings.Join(lines, ""); got != word {
		t.Fatalf("the lines hold %d bytes, not the word", len(got))
	}
	// 380 points at 5 points a character
	for i, ln := range lines[:len(lines)-1] {
		if len(ln) != 76 {
			t.Fatalf("line %d holds %d characters, want 76", i, len(ln))
		}
	}
	if took > 3e9 {
		t.Errorf("breaking the word took %v of CPU", took)
	}
}
