package layout_test

import "testing"

// TestOverflowWrapMinContent: overflow-wrap: anywhere (and the legacy
// word-break: break-word, which acts as it) lets min-content break a
// word between any two characters, while break-word does not (CSS Text 3
// §5.5): its breaks are taken only when a word overflows its line.
func TestOverflowWrapMinContent(t *testing.T) {
	d := flowLayout(t, 200, 400, `<div id=a style="width:min-content;overflow-wrap:anywhere">abcdef</div>`+
		`<div id=b style="width:min-content;overflow-wrap:break-word">abcdef</div>`+
		`<div id=c style="width:min-content;word-break:break-word">abcdef</div>`+
		`<div id=d style="width:min-content">abcdef</div>`+
		`<div id=e style="width:12pt;overflow-wrap:break-word">abcdef</div>`+
		`<div style="float:left;overflow-wrap:break-word"><div id=f style="width:min-content">abc de</div></div>`)
	want := "a:0,0 5x60 b:0,60 30x10 c:0,70 5x60 d:0,130 30x10 e:0,140 12x30 f:0,170 15x20"
	if got := rects(d, 0, "a", "b", "c", "d", "e", "f"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
