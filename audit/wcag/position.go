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
	z := html.NewTokenizer(bytes.NewReader(src))
	offset := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		n := len(z.Raw())
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			name, _ := z.TagName()
			t := startTag{atom: atom.Lookup(name), span: span{offset, offset + n}}
			if t.atom == 0 {
				t.name = string(name)
			}
			tags = append(tags, t)
		}
		offset += n
	}
	// Tokens are matched at most once. The search starts at the first
	// unmatched tag (so an element the parser moved earlier, as foster
	// parenting does, does not make the tags it jumped over unreachable),
	// but never more than lookahead tags behind the last match (so tags the
	// parser ignored do not pin the window), and ends lookahead tags after
	// the last match.
	used := make([]bool, len(tags))
	firstUnused, last := 0, -1
	for n := range elements(doc) {
		lo := max(firstUnused, last-lookahead)
		hi := min(len(tags), max(lo, last)+lookahead)
		for k := lo; k < hi; k++ {
			if !used[k] && tags[k].matches(n) {
				p.at[n] = tags[k].span
				used[k] = true
				last = k
				for firstUnused < len(tags) && used[firstUnused] {
					firstUnused++
				}
				break
			}
		}
	}
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
