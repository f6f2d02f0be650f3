package style

import "testing"

// TestTargetTextParsed checks target-text() parses into a content item
// instead of invalidating the declaration.
func TestTargetTextParsed(t *testing.T) {
	tests := []struct {
		css              string
		name, attr, text string
		ok               bool
	}{
		{`#t::before{content: target-text(attr(href))}`, "", "href", "content", true},
		{`#t::before{content: "see " target-text("#a", first-letter)}`, "#a", "", "first-letter", true},
		{`#t::before{content: target-text(url(#b), before)}`, "#b", "", "before", true},
		{`#t::before{content: target-text(attr(href), middle)}`, "", "", "", false},
	}
	for _, tc := range tests {
		st, doc := compute(t, "<!DOCTYPE html><html><head><style>"+tc.css+"</style></head><body><a id=t href='#a'>x</a></body></html>", Options{})
		s := st.Of(find(doc, "t"), PseudoBefore)
		var got *ContentItem
		if s != nil {
			for _, c := range s.Content {
				if c.Kind == ContentTargetText {
					got = &c
				}
			}
		}
		if (got != nil) != tc.ok {
			t.Errorf("%s: target-text item %v, want %v", tc.css, got != nil, tc.ok)
			continue
		}
		if got != nil && (got.Name != tc.name || got.AttrName != tc.attr || got.Text != tc.text) {
			t.Errorf("%s: item %+v, want name %q attr %q text %q", tc.css, *got, tc.name, tc.attr, tc.text)
		}
	}
}
