package conformance

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// inlineElements do not start a new block: their text runs on with the
// text around them. Everything else separates words.
var inlineElements = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Bdi: true, atom.Bdo: true, atom.Cite: true,
	atom.Code: true, atom.Data: true, atom.Dfn: true, atom.Em: true, atom.I: true, atom.Kbd: true,
	atom.Label: true, atom.Mark: true, atom.Q: true, atom.S: true, atom.Samp: true, atom.Small: true,
	atom.Span: true, atom.Strong: true, atom.Sub: true, atom.Sup: true, atom.Time: true, atom.U: true,
	atom.Var: true, atom.Del: true, atom.Ins: true, atom.Img: true,
}

// skipped elements contribute no text to the page.
var skipped = map[atom.Atom]bool{
	atom.Head: true, atom.Script: true, atom.Style: true, atom.Template: true, atom.Noscript: true,
}

// domWords returns the words of the document's rendered text in DOM order:
// the text nodes of <body>, with block boundaries as word breaks and soft
// hyphens removed. Generated content (list markers, quotes, margin boxes)
// is not included; the comparison allows it in between.
func domWords(src []byte) ([]string, error) {
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(strings.ReplaceAll(n.Data, "\u00ad", ""))
			return
		case html.ElementNode:
			if skipped[n.DataAtom] {
				return
			}
			for _, a := range n.Attr {
				if a.Key == "hidden" {
					return
				}
			}
			if !inlineElements[n.DataAtom] {
				b.WriteByte(' ')
				defer b.WriteByte(' ')
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return comparableWords(b.String()), nil
}

// comparableWords splits text into words for comparing document text with
// extracted text. It drops the bidi controls pdftotext puts around
// right-to-left runs and quotation marks, which CSS generates around <q>
// (so they are in the PDF but not in the DOM).
func comparableWords(text string) []string {
	text = strings.Map(func(r rune) rune {
		switch {
		case r == '\u200e' || r == '\u200f', r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069':
			return -1
		case strings.ContainsRune("“”‘’«»„‚‹›\"", r):
			return -1
		}
		return r
	}, text)
	return strings.Fields(text)
}

// missingInOrder checks that want is a subsequence of got and returns the
// index in want of the first word that could not be found in order after
// the previous one, or -1.
func missingInOrder(want, got []string) int {
	j := 0
	for i, w := range want {
		for j < len(got) && got[j] != w {
			j++
		}
		if j == len(got) {
			return i
		}
		j++
	}
	return -1
}

// missingInStream is missingInOrder for text whose word boundaries are not
// reliable (the strings of the structure tree, split at element
// boundaries): every word of want must occur in stream, with its white
// space removed, after the previous one. It returns the index of the first
// word that does not, or -1.
func missingInStream(want []string, stream string) int {
	stream = strings.Join(comparableWords(stream), "")
	pos := 0
	for i, w := range want {
		j := strings.Index(stream[pos:], w)
		if j < 0 {
			return i
		}
		pos += j + len(w)
	}
	return -1
}
