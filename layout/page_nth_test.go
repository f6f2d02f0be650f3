package layout

import (
	"fmt"
	"testing"
)

// TestPageNthSelectors checks that layout gives every page its index and
// its position in the page group of its name, so @page :nth() rules
// reach the right pages.
func TestPageNthSelectors(t *testing.T) {
	src := `<style>@page { size: 200pt 200pt; margin: 10pt }
@page :nth(2n) { margin-top: 30pt }
@page :nth(1 of chap) { margin-top: 50pt }
body { margin: 0; font-size: 10pt; line-height: 1 }
.chap { page: chap }
</style>
<div>a</div>
<div style="break-before:page">b</div>
<div class=chap>c</div>
<div class=chap style="break-before:page">d</div>
<div style="break-before:page">e</div>`
	d := layoutCSS(t, src)
	var got []string
	for _, p := range d.Pages {
		c := p.Context
		got = append(got, fmt.Sprintf("%d:%s#%d@%.0f", c.Index, c.Name, c.Group, p.Area.Y))
	}
	want := "[1:#1@10 2:#2@30 3:chap#1@50 4:chap#2@30 5:#1@10]"
	if fmt.Sprint(got) != want {
		t.Errorf("pages %v, want %s", got, want)
	}
}
