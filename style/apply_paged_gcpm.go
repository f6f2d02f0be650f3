package style

// FootnoteDisplay is the css-gcpm-3 footnote-display property: how a
// footnote element is laid out in the footnote area.
type FootnoteDisplay uint8

// footnote-display values.
const (
	FootnoteBlock FootnoteDisplay = iota
	FootnoteInline
	// FootnoteCompact is inline when the footnote fits on one line of
	// the footnote area, else block.
	FootnoteCompact
)

// FootnotePolicy is the css-gcpm-3 footnote-policy property: what moves
// to the next page with a footnote that does not fit on its call's page.
type FootnotePolicy uint8

// footnote-policy values.
const (
	// FootnotePolicyAuto lets the footnote follow on a later page; folio
	// moves the call's line with it, as for line.
	FootnotePolicyAuto FootnotePolicy = iota
	// FootnotePolicyLine moves the line holding the call.
	FootnotePolicyLine
	// FootnotePolicyBlock moves the whole paragraph holding the call.
	FootnotePolicyBlock
)

// applyPagedKeyword parses the one-keyword properties of footnotes, the
// outline and fragment decorations: footnote-display, footnote-policy,
// bookmark-state and box-decoration-break.
func applyPagedKeyword(_ applier, s *Style, id propID, x value) bool {
	if !x.single() {
		return false
	}
	switch id {
	case pFootnoteDisplay:
		switch x.kw {
		case "block":
			s.FootnoteDisplay = FootnoteBlock
		case "inline":
			s.FootnoteDisplay = FootnoteInline
		case "compact":
			s.FootnoteDisplay = FootnoteCompact
		default:
			return false
		}
	case pFootnotePolicy:
		switch x.kw {
		case "auto":
			s.FootnotePolicy = FootnotePolicyAuto
		case "line":
			s.FootnotePolicy = FootnotePolicyLine
		case "block":
			s.FootnotePolicy = FootnotePolicyBlock
		default:
			return false
		}
	case pBookmarkState:
		if x.kw != "open" && x.kw != "closed" {
			return false
		}
		s.BookmarkClosed = x.kw == "closed"
	case pBoxDecorationBreak:
		if x.kw != "slice" && x.kw != "clone" {
			return false
		}
		s.DecorationClone = x.kw == "clone"
	default:
		return false
	}
	return true
}

// copyPagedKeyword copies one of the properties applyPagedKeyword sets.
func copyPagedKeyword(d, s *Style, id propID) {
	switch id {
	case pFootnoteDisplay:
		d.FootnoteDisplay = s.FootnoteDisplay
	case pFootnotePolicy:
		d.FootnotePolicy = s.FootnotePolicy
	case pBookmarkState:
		d.BookmarkClosed = s.BookmarkClosed
	case pBoxDecorationBreak:
		d.DecorationClone = s.DecorationClone
	}
}
