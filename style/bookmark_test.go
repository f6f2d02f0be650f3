package style

import "testing"

func TestBookmarkProperties(t *testing.T) {
	tests := []struct {
		css   string
		level int
		label string
	}{
		{"", 0, ""},
		{"#t{bookmark-level: none}", -1, ""},
		{"#t{bookmark-level: 3}", 3, ""},
		{"#t{bookmark-level: 0}", 0, ""},
		{"#t{bookmark-level: -2}", 0, ""},
		{"#t{bookmark-level: 2 3}", 0, ""},
		{`#t{bookmark-label: "Intro"}`, 0, "Intro"},
		{`#t{bookmark-label: "Intro"; bookmark-label: content()}`, 0, ""},
		{`#t{bookmark-label: attr(title)}`, 0, ""},
	}
	for _, tc := range tests {
		s := styleOf(t, tc.css, `<div id=t>x</div>`)
		if s.BookmarkLevel != tc.level || s.BookmarkLabel != tc.label {
			t.Errorf("%s: level %d label %q, want %d %q", tc.css, s.BookmarkLevel, s.BookmarkLabel, tc.level, tc.label)
		}
	}
}
