package style

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/net/html"
)

// Streaming a long document's body (issue 24): ComputeStream computes the
// styles of everything before the body's children, ComputeChild those of
// each child of the body as the parser completes it, Release lets them go
// once the boxes are built. Each child is computed by the same walk as in
// Compute, with the ancestor filter holding html and body, the sibling
// index following the body's children as they are appended, and the
// matched-properties cache, memos and custom property scopes carried
// over from child to child, so that the computed values are those of
// Compute on the whole document.
//
// Selectors that look at later siblings or descendants could give a body
// child (or the body) another style once the rest of the document is
// there, and some properties need the whole document before layout:
// Streamable names them, and the caller then computes the whole document
// with Compute.
//
// Assumption: a body child is computed only once its next element sibling
// is in the tree, or the document has ended, so that :last-child and
// :only-child (and cascadia's own sibling tests) see what Compute sees.
// ComputeChild checks it when the sheets have such selectors.

// ErrWholeDocument is wrapped by the errors of ComputeChild for a body
// child that brings what only the whole document's cascade computes (a
// style sheet inside the body, which applies to every element) or what
// needs the whole document before layout (a style attribute with
// position: fixed, …): the caller starts over with Compute.
var ErrWholeDocument = errors.New("style: the document needs the whole-document cascade")

// streamState is what ComputeChild needs between calls.
type streamState struct {
	w    *walker
	body *html.Node
	// open is the last child computed when no element followed it yet:
	// another child computed after it breaks the rule that :last-child
	// relies on. needsNext says whether a selector relies on it.
	open      *html.Node
	needsNext bool
	// needsEarlier says a selector may match a body child by its earlier
	// siblings (ReadsEarlierSiblings).
	needsEarlier bool
	// computed lists the elements of each child computed and not yet
	// released, so that Release finds them when the caller has unlinked
	// the child's descendants first.
	computed map[*html.Node][]*html.Node
	// spare is a released list, for the next child to reuse.
	spare []*html.Node
}

// ComputeStream is Compute for a document whose body is still being
// parsed: doc holds everything before the body (complete) and the body
// element, whose children come later. It computes the styles of the
// elements outside the body and of the body itself (and their
// pseudo-elements), keeps the rule set, and leaves the body's children to
// ComputeChild.
func ComputeStream(ctx context.Context, doc *html.Node, body *html.Node, opts Options) (*Styles, error) {
	if doc == nil || body == nil || body.Type != html.ElementNode {
		return nil, errors.New("style: ComputeStream needs a document and its body element")
	}
	if !isAncestor(doc, body) {
		return nil, fmt.Errorf("style: ComputeStream: <%s> is not in the document", body.Data)
	}
	st, w, rs, err := prepareStyles(ctx, doc, opts, computeConfig{})
	if err != nil {
		return nil, err
	}
	// (a large style sheet is still parsed on several goroutines; the
	// elements are computed on this one)
	w.workers = 1
	w.stop = body
	if err := w.run(doc); err != nil {
		return nil, err
	}
	if w.stopStyle == nil {
		// inside an SVG drawing the walk does not reach
		return nil, fmt.Errorf("style: ComputeStream: <%s> has no style of its own", body.Data)
	}
	// the body's children are matched with their ancestors in the filter
	for a := body; a != nil && a.Type == html.ElementNode; a = a.Parent {
		w.cas.pushAncestor(a, true)
	}
	st.diags = w.col.diags
	reason := streamReason(rs, st, body)
	if reason == "" && w.whole != "" {
		reason = "style attribute with " + w.whole
	}
	w.whole = ""
	st.stream = &streamState{w: w, body: body, needsNext: looksAtNext(rs), needsEarlier: looksAtEarlier(rs)}
	st.streamed, st.streamReason = true, reason
	return st, nil
}

// ComputeChild computes the styles of n, a child of the body, and of its
// descendants, as Compute on the whole document would: n is complete, its
// earlier siblings are still linked in the body (possibly without their
// descendants) and later ones may exist. Non-element n is a no-op.
//
// n's next element sibling, if the document has one, must be linked
// already when a selector looks at it (:last-child, :only-child; see the
// package's streaming notes): computing another child after one that was
// computed as the last element fails, naming both.
//
// A style sheet inside n (<style>, <link rel=stylesheet>), or a style
// attribute with what Streamable refuses in a sheet (position: fixed, a
// named page, …), fails with an error wrapping ErrWholeDocument (the
// styles of n are computed all the same in the second case). Diagnostics
// of style attributes are added to Diagnostics in document order: read
// the new ones after each call.
//
// ComputeChild may run while Page does on another goroutine, not while
// Of, Release or another ComputeChild does.
func (s *Styles) ComputeChild(ctx context.Context, n *html.Node) error {
	if n == nil || n.Type != html.ElementNode {
		return nil
	}
	ss := s.stream
	if ss == nil {
		return errors.New("style: ComputeChild without ComputeStream, or after Done")
	}
	if n.Parent != ss.body {
		return fmt.Errorf("style: ComputeChild: <%s> is not a child of the body", n.Data)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("style: %w", err)
	}
	if ss.open != nil && ss.open != n {
		return fmt.Errorf("style: ComputeChild: <%s> was computed before the element after it, <%s>, was in the tree (:last-child saw it last)", ss.open.Data, n.Data)
	}
	count, sheet := scanChild(n)
	if sheet != "" {
		return fmt.Errorf("%w: %s inside the body", ErrWholeDocument, sheet)
	}
	// page styles (Page, under s.mu) use the cascader too
	s.mu.Lock()
	defer s.mu.Unlock()
	w := ss.w
	w.ctx = ctx
	w.remaining += count
	w.visitRange(n, n.NextSibling, w.stopStyle, w.stopVars)
	// later children's selectors look at n (an earlier sibling), never
	// inside it
	w.cas.sib.ForgetUnder(n)
	els := ss.spare[:0]
	ss.spare = nil
	eachElement(n, func(c *html.Node) { els = append(els, c) })
	if ss.computed == nil {
		ss.computed = make(map[*html.Node][]*html.Node)
	}
	ss.computed[n] = els
	ss.open = nil
	if ss.needsNext && nextElement(n) == nil {
		ss.open = n
	}
	s.diags = w.col.diags
	if w.err == nil && w.whole != "" {
		reason := w.whole
		w.whole = ""
		return fmt.Errorf("%w: style attribute with %s", ErrWholeDocument, reason)
	}
	return w.err
}

// Release lets go of the computed styles of n and of its descendants (Of
// returns nil for them after): those ComputeChild computed for n, even if
// they have been unlinked from n since, or else those of n's subtree.
func (s *Styles) Release(n *html.Node) {
	if n == nil {
		return
	}
	drop := func(c *html.Node) {
		delete(s.nodes, c)
		if s.pseudos != nil {
			delete(s.pseudos, c)
		}
	}
	if ss := s.stream; ss != nil {
		if els, ok := ss.computed[n]; ok {
			for _, c := range els {
				drop(c)
			}
			delete(ss.computed, n)
			if cap(els) > cap(ss.spare) {
				clear(els)
				ss.spare = els[:0]
			}
			return
		}
	}
	eachElement(n, drop)
}

// Streamable reports "" when the styles of each body child computed by
// ComputeChild equal the whole-document ones and nothing in the sheets
// needs the whole document before layout; otherwise a short reason
// ("selector :nth-last-child", "position: running()", …). Styles not made
// by ComputeStream are not streamable.
func (s *Styles) Streamable() string {
	if !s.streamed {
		return "styles not computed by ComputeStream"
	}
	return s.streamReason
}

// ReadsEarlierSiblings reports whether a selector of the style sheets may
// match a body child by its earlier siblings (a sibling combinator,
// :first-child, :nth-child(), … outside table parts and the children of
// a named element): when it does not, the caller may unlink the body's
// children it has computed from the body, and ComputeChild never looks
// for them. True for styles not made by ComputeStream.
func (s *Styles) ReadsEarlierSiblings() bool {
	return s.stream == nil || s.stream.needsEarlier
}

// nextElement returns the element sibling after n, nil for none.
func nextElement(n *html.Node) *html.Node {
	for c := n.NextSibling; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

// isAncestor reports whether a is n or one of its ancestors.
func isAncestor(a, n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == a {
			return true
		}
	}
	return false
}

// eachElement calls f for n and every element under it in tree order,
// without recursion.
func eachElement(n *html.Node, f func(*html.Node)) {
	for c := n; ; {
		if c.Type == html.ElementNode {
			f(c)
		}
		if c.FirstChild != nil {
			c = c.FirstChild
			continue
		}
		for c != n && c.NextSibling == nil {
			c = c.Parent
		}
		if c == n {
			return
		}
		c = c.NextSibling
	}
}

// scanChild counts the elements of n's subtree (n included) and names the
// first style sheet in it that documentSheets would take ("" for none).
func scanChild(n *html.Node) (int, string) {
	count, sheet := 0, ""
	eachElement(n, func(c *html.Node) {
		count++
		if sheet != "" || c.Namespace != "" {
			return
		}
		found := ""
		switch c.Data {
		case "style":
			typ := strings.ToLower(strings.TrimSpace(attr(c, "type")))
			if typ == "" || typ == "text/css" {
				found = "<style>"
			}
		case "link":
			rel := attr(c, "rel")
			if hasToken(rel, "stylesheet") && !hasToken(rel, "alternate") && strings.TrimSpace(attr(c, "href")) != "" {
				found = "<link rel=stylesheet>"
			}
		}
		if found != "" && !inTemplate(n, c) {
			sheet = found
		}
	})
	return count, sheet
}

// inTemplate reports whether c, under top, is in the contents of a
// <template> (inert: documentSheets takes no sheet from there).
func inTemplate(top, c *html.Node) bool {
	for a := c.Parent; a != nil && a != top.Parent; a = a.Parent {
		if a.Type == html.ElementNode && a.Data == "template" {
			return true
		}
	}
	return false
}
