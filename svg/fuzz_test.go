package svg

import (
	"bytes"
	"context"
	"testing"
)

// FuzzParse feeds arbitrary documents through Parse, New and Render:
// none may panic, and Render always ends.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`<svg width="10" height="10"><rect width="5" height="5"/></svg>`,
		`<svg viewBox="0 0 1 1"><path d="M0 0A1 1 0 1 1 1 1z" stroke="red" stroke-dasharray="1 2"/></svg>`,
		`<svg><defs><g id="a"><circle r="1"/></g></defs><use href="#a" x="1"/><use href="#b"/></svg>`,
		`<svg><style>.a{fill:url(#g) red}</style><linearGradient id="g" href="#g"><stop/></linearGradient><rect class="a" clip-path="url(#c)"/><clipPath id="c"><use href="#c"/></clipPath></svg>`,
		`<svg><text x="1" y="2">a<tspan dy="3">b</tspan></text><svg width="5" height="5" viewBox="0 0 0 1"/></svg>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := Parse(bytes.NewReader(data), Limits{MaxElements: 2000, MaxExpanded: 5000})
		if err != nil {
			return
		}
		d, err := New(root, Limits{MaxElements: 2000, MaxExpanded: 5000}, nil)
		if err != nil {
			return
		}
		_, _ = d.Render(context.Background(), RenderOptions{Width: 100, Height: 100, Measure: func(t *Text) float64 { return float64(len(t.Content)) }})
	})
}
