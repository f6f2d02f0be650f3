package box

import (
	"fmt"
	"testing"
)

// TestSplitInlineParts checks the parts an inline box holding blocks is
// split into (CSS 2.1 §9.2.1.1): one before, between and after every
// block, empty ones included, each marked as a Continuation (not the
// first) and Continued (not the last), with rare fields of its own.
func TestSplitInlineParts(t *testing.T) {
	tests := []struct {
		src  string
		want string // each span part: c for Continuation, d for Continued, and its child count
	}{
		{`<span id=s>a<div>x</div>b</span>`, "[-d1 c-1]"},
		{`<span id=s><div>x</div><div>y</div></span>`, "[-d0 cd0 c-0]"},
		{`<span id=s>a<div>x</div></span>`, "[-d1 c-0]"},
		{`<span id=s><b>a<div>x</div></b></span>`, "[-d1 c-1]"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			tr := build(t, `<body>`+tt.src+`</body>`, nil)
			var parts []string
			var first *Box
			tr.Root.Walk(func(b *Box) bool {
				if v, _ := b.Attr("id"); v == "s" && b.Kind == KindInline {
					flags := []byte("--")
					if b.Continuation {
						flags[0] = 'c'
					}
					if b.Continued() {
						flags[1] = 'd'
					}
					parts = append(parts, fmt.Sprintf("%s%d", flags, len(b.Children)))
					if first == nil {
						first = b
					} else if b.rare != nil && b.rare == first.rare {
						t.Errorf("parts share their rare fields")
					}
				}
				return true
			})
			if got := fmt.Sprint(parts); got != tt.want {
				t.Errorf("parts %s, want %s", got, tt.want)
			}
		})
	}
}
