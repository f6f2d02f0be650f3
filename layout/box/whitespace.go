package box

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/seed28491532/folio/style"
)

// collapses reports whether white-space ws collapses spaces.
func collapses(ws style.WhiteSpace) bool {
	return ws == style.WhiteSpaceNormal || ws == style.WhiteSpaceNowrap || ws == style.WhiteSpacePreLine
}

// processWhiteSpace applies CSS Text 3 §4.1 phase I to text under ws.
// lastSpace says whether the inline content before ended in a collapsible
// space (a leading space is then removed); the second result is the new
// value of lastSpace.
func processWhiteSpace(text string, ws style.WhiteSpace, tabSize float64, lastSpace bool) (string, bool) {
	if ws == style.WhiteSpaceNormal || ws == style.WhiteSpaceNowrap {
		return collapseSpaces(text, lastSpace)
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	var b strings.Builder
	b.Grow(len(text))
	switch ws {
	case style.WhiteSpacePreLine:
		// Collapse spaces and tabs; drop them around newlines.
		pending := false
		for _, r := range text {
			switch r {
			case ' ', '\t', '\f':
				pending = true
			case '\n':
				pending = false
				b.WriteByte('\n')
				lastSpace = true
			default:
				if pending && !lastSpace {
					b.WriteByte(' ')
				}
				pending = false
				b.WriteRune(r)
				lastSpace = false
			}
		}
		if pending && !lastSpace {
			b.WriteByte(' ')
			lastSpace = true
		}
		return b.String(), lastSpace
	}
	// pre, pre-wrap, break-spaces: keep everything, expand tabs.
	if tabSize <= 0 {
		tabSize = 8
	}
	col := 0
	for _, r := range text {
		switch r {
		case '\t':
			n := int(tabSize) - col%int(tabSize)
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n':
			b.WriteByte('\n')
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String(), false
}

// isSpaceByte reports whether c is white space that collapses under
// white-space: normal (a carriage return becomes a line feed first).
func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// collapseSpaces applies phase I for white-space: normal and nowrap: each
// run of white space becomes one space, none after a collapsible space
// (lastSpace), and invalid UTF-8 becomes U+FFFD. Text that needs no change
// (the common case) is returned as it is, without copying.
func collapseSpaces(text string, lastSpace bool) (string, bool) {
	clean, ascii, prev := true, true, lastSpace
	for i := 0; i < len(text) && clean; i++ {
		switch c := text[i]; {
		case c == ' ':
			clean = !prev
			prev = true
		case isSpaceByte(c):
			clean = false
		default:
			ascii = ascii && c < utf8.RuneSelf
			prev = false
		}
	}
	if clean && (ascii || utf8.ValidString(text)) {
		return text, prev
	}
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case isSpaceByte(c):
			if !lastSpace {
				b.WriteByte(' ')
				lastSpace = true
			}
			i++
			continue
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(text[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteRune(utf8.RuneError)
			} else {
				b.WriteString(text[i : i+size])
			}
			i += size
		}
		lastSpace = false
	}
	return b.String(), lastSpace
}

// isCollapsibleSpaceOnly reports whether a text box holds only white space
// that collapses away between blocks.
func isCollapsibleSpaceOnly(b *Box) bool {
	if b.Kind != KindText || !collapses(b.Style.WhiteSpace) {
		return false
	}
	for _, r := range b.Text {
		if r != ' ' && !(r == '\n' && b.Style.WhiteSpace != style.WhiteSpacePreLine) {
			return false
		}
	}
	return true
}

// Transform applies text-transform t to s, as the box tree does to the
// text of elements (layout applies it to generated margin-box text).
func Transform(s string, t style.TextTransform) string { return transform(s, t) }

// transform applies text-transform.
func transform(s string, t style.TextTransform) string {
	switch t {
	case style.TransformUppercase:
		return strings.ToUpper(s)
	case style.TransformLowercase:
		return strings.ToLower(s)
	case style.TransformCapitalize:
		var b strings.Builder
		start := true
		for _, r := range s {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				if start {
					r = unicode.ToTitle(r)
				}
				start = false
			} else {
				start = unicode.IsSpace(r) || unicode.IsPunct(r) && r != '\'' && r != '’'
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	return s
}
