package wcag

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// span is the byte range of an element's start tag in the source.
type span struct {
	start, end int
}

// startTag is one start tag the tokenizer saw.
type startTag struct {
	atom atom.Atom
	name string // only for tags without an atom
	span
}

// lookahead bounds how far the position tracker searches the tokenizer's
// start tags for the one that created a parse-tree element. Elements the
// parser creates without a tag (implied html, head, body, tbody) or moves
// (foster parenting) find no match within the window and keep no position,
// without derailing the elements that follow.
const lookahead = 48

// positions maps elements to the source ranges of their start tags. The
// mapping is built on first use (index), so audits without findings never
// pay for tokenizing the source a second time.
type positions struct {
	doc        *html.Node
	src        []byte
	done       bool
	lineStarts []int
	at         map[*html.Node]span
}

// locate returns the lazily built positions of doc's elements in src.
// Call index before changing doc (Fix) so that positions refer to the
// source as written.
func locate(doc *html.Node, src []byte) *positions {
	return &positions{doc: doc, src: src}
}

// index tokenizes src alongside the parse tree and maps each element to
// the start tag that produced it. The parse tree and the token stream list
// elements in the same order for well-formed documents; for the others a
// bounded search keeps the mapping in step.
func (p *positions) index() {
	if p.done {
		return
	}
	p.done = true
	doc, src := p.doc, p.src
	p.at = map[*html.Node]span{}
	p.lineStarts = append(p.lineStarts, 0)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		p.lineStarts = append(p.lineStarts, i)
	}
	if len(src) == 0 || doc == nil {
		return
	}
	var tags []startTag
	var d dropper
	z := html.NewTokenizer(bytes.NewReader(src))
	offset := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		n := len(z.Raw())
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			t := startTag{atom: atom.Lookup(name), span: span{offset, offset + n}}
			if t.atom == 0 {
				t.name = string(name)
			}
			if !d.start(t.atom) {
				tags = append(tags, t)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			d.end(atom.Lookup(name))
		}
		offset += n
	}
	// Tokens are matched at most once. The search starts at the first
	// unmatched tag (so an element the parser moved earlier, as foster
	// parenting does, does not make the tags it jumped over unreachable),
	// but never more than lookahead tags behind the last match (so tags the
	// parser ignored do not pin the window), and ends lookahead tags after
	// the last match. After several elements in a row found no tag (a long
	// run of tags the parser dropped, such as stray <td> outside a table),
	// the search reaches further ahead to get back in step; elements the
	// parser routinely invents are never used for that.
	used := make([]bool, len(tags))
	firstUnused, last, misses := 0, -1, 0
	for n := range elements(doc) {
		lo := max(firstUnused, last-lookahead)
		reach := lookahead
		if misses >= resyncAfter && !implied(n) {
			reach = resyncReach
		}
		hi := min(len(tags), max(lo, last)+reach)
		found := false
		for k := lo; k < hi; k++ {
			if !used[k] && tags[k].matches(n) {
				p.at[n] = tags[k].span
				used[k] = true
				last = k
				for firstUnused < len(tags) && used[firstUnused] {
					firstUnused++
				}
				found = true
				break
			}
		}
		if found {
			misses = 0
		} else {
			misses++
		}
	}
}

// Resynchronisation of the position tracker: after resyncAfter elements
// in a row without a tag, search resyncReach tags ahead.
const (
	resyncAfter = 3
	resyncReach = 4096
)

// implied reports whether the parser creates elements like n without a
// start tag: html, head, body, table sections and rows, column groups,
// and reopened formatting elements (misnested b, i, a …).
func implied(n *html.Node) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.Html, atom.Head, atom.Body, atom.Tbody, atom.Tr, atom.Colgroup, atom.P, atom.Br,
		atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr, atom.S,
		atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		return true
	}
	return false
}

func (t startTag) matches(n *html.Node) bool {
	if t.atom != 0 {
		return t.atom == n.DataAtom || (n.DataAtom == 0 && strings.EqualFold(t.atom.String(), n.Data))
	}
	return strings.EqualFold(t.name, n.Data)
}

// lineCol returns the 1-based line and column (in characters) of element
// n's start tag, falling back to the nearest ancestor with a known
// position; 0, 0 when none has one.
func (p *positions) lineCol(n *html.Node) (int, int) {
	sp, ok := p.span(n)
	if !ok {
		return 0, 0
	}
	line := sort.Search(len(p.lineStarts), func(i int) bool { return p.lineStarts[i] > sp.start })
	col := utf8.RuneCount(p.src[p.lineStarts[line-1]:sp.start]) + 1
	return line, col
}

// span returns the start-tag range of n or of its nearest positioned
// ancestor.
func (p *positions) span(n *html.Node) (span, bool) {
	p.index()
	for ; n != nil; n = n.Parent {
		if sp, ok := p.at[n]; ok {
			return sp, true
		}
	}
	return span{}, false
}

// startTagText returns the source text of n's own start tag, or "".
func (p *positions) startTagText(n *html.Node) string {
	p.index()
	sp, ok := p.at[n]
	if !ok {
		return ""
	}
	return string(p.src[sp.start:sp.end])
}

// dropper predicts the start tags the HTML parser ignores, so that they do
// not take part in matching: a second html, head or body tag (the parser
// merges its attributes into the first element) and table parts outside
// any table or template. It is a heuristic; the bounded search of index
// absorbs what it misses.
type dropper struct {
	seenHTML, seenHead, seenBody bool
	tables, templates            int
}

// start reports whether the start tag a will be ignored, and tracks the
// open tables and templates.
func (d *dropper) start(a atom.Atom) bool {
	switch a {
	case atom.Html:
		drop := d.seenHTML
		d.seenHTML = true
		return drop
	case atom.Head:
		drop := d.seenHead || d.seenBody
		d.seenHead = true
		return drop
	case atom.Body:
		drop := d.seenBody
		d.seenBody = true
		return drop
	case atom.Table:
		d.tables++
	case atom.Template:
		d.templates++
	case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr, atom.Td, atom.Th:
		return d.tables == 0 && d.templates == 0
	}
	return false
}

// end tracks closing tables and templates.
func (d *dropper) end(a atom.Atom) {
	switch a {
	case atom.Table:
		if d.tables > 0 {
			d.tables--
		}
	case atom.Template:
		if d.templates > 0 {
			d.templates--
		}
	}
}
