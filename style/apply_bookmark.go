package style

import "github.com/seed28491532/folio/css"

// applyBookmarkLevel parses bookmark-level (css-gcpm-3 §3.1): none or a
// level from 1. Its initial value, written "auto" here, leaves headings
// to their own level and other elements out of the outline (the UA
// style sheet's h1–h6 levels, which the tag normalisation may change).
func applyBookmarkLevel(a applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	switch x.kw {
	case "none":
		s.BookmarkLevel = -1
		return true
	case "auto":
		s.BookmarkLevel = 0
		return true
	}
	n, ok := a.lengths(s).integer(x.f[0])
	if !ok || n < 1 {
		return false
	}
	s.BookmarkLevel = min(n, 1000)
	return true
}

// applyBookmarkLabel parses bookmark-label: content() (the element's text,
// also content(text)) or a string.
func applyBookmarkLabel(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	t := x.f[0]
	switch {
	case t.Kind == css.String:
		s.BookmarkLabel = t.Text
		return true
	case t.Kind == css.Function && asciiLower(t.Text) == "content":
		s.BookmarkLabel = ""
		return true
	}
	return false
}
