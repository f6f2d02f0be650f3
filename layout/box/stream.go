package box

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// Stream builds a box tree a body child at a time.
//
// It makes the tree Build makes, in pieces (issue 24): NewStream makes
// the root (html) box, whatever comes before the body in it, and the
// body box without its children; Append builds the boxes of each child
// of the body in turn and appends them to the body box; Finish appends
// what the end of the body brings and the root's content after the
// body. The body's inline content between block-level boxes gets the
// anonymous blocks Build gives it, so a run of it is held until the next
// block-level box (or the end) says what becomes of it.
//
// The tree's Scanned flag is set by Finish: until then StringSets,
// PageCounters and ClipURLs say what the boxes appended so far hold, and
// Scanned false tells layout to assume a tree may hold them. The root's
// Fixed boxes, Diagnostics and these flags are final after Finish only.
type Stream struct {
	bl   *builder
	tree *Tree
	// html and body are the frames of the root and body elements, open
	// until Finish
	html, body *frame
	// held are the body's boxes built but not appended yet: the last run
	// of inline-level content (with table parts and boxes out of flow),
	// whose anonymous boxes are known at the next block-level box
	held []*Box
	// blocks says a block-level box is among the body's children: every
	// later run of inline content gets an anonymous block
	blocks bool
	// buf holds the boxes of the child being appended; tmp stands for
	// the body in settle
	buf      []*Box
	tmp      Box
	nb       *numberer
	scan     *docScan
	whole    string
	finished bool
	// err is the error that ended the stream (its context's)
	err error
}

// NewStream begins the tree of doc, whose body element is body: the root
// (html) box and the body box (with its ::before, counters and quotes
// state entered) are made, the body box without its children. styles
// must give the styles of html, body and, by the time Append is called,
// of each child. body must be a child of doc's root element.
func NewStream(ctx context.Context, doc, body *html.Node, styles StyleSource, opts Options) (*Stream, error) {
	root := rootElement(doc)
	if root == nil || body == nil || body.Type != html.ElementNode || body.Parent != root {
		return nil, errors.New("building boxes a body child at a time: the body must be an element child of the document's root element")
	}
	bl := newBuilder(ctx, styles, opts)
	bl.root = root
	s := &Stream{bl: bl, tree: &Tree{PageImage: bl.pageImages()}}
	s.nb = &numberer{t: s.tree}
	s.startScan(root, body)
	s.html = s.open(root, nil, nil, "the root element")
	hb := s.html.b
	for c := root.FirstChild; c != body; c = c.NextSibling {
		first := len(hb.Children)
		hb.Children = bl.appendNode(hb.Children, c, s.html.st, s.html.deco)
		for _, k := range hb.Children[first:] {
			k.Parent = hb
		}
	}
	s.body = s.open(body, s.html.st, s.html.deco, "the body")
	bb := s.body.b
	hb.add(bb)
	if hb.Tag() == "html" && hb.Style.Overflow == style.OverflowVisible && bb.Style.Overflow != style.OverflowVisible {
		// as propagateBodyOverflow: the body's overflow goes to the
		// viewport (its used value is visible)
		st := *bb.Style
		st.MutBox().SetOverflow(style.OverflowVisible)
		bb.Style = &st
	}
	s.note(plainContainer(hb.Style, "the root element"))
	s.note(plainContainer(bb.Style, "the body"))
	s.hold(bb.Children)
	bb.Children = nil
	// what comes before the body in the root is complete: its anonymous
	// boxes are those Build makes (doing it again at the end changes
	// nothing)
	fixTableParts(hb)
	fixBlockContainer(hb)
	s.tree.Root = hb
	hb.Walk(s.nb.visit)
	s.checkAll([]*Box{hb})
	s.checkAll(s.held)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("building boxes: %w", err)
	}
	s.tree.Diagnostics = bl.diags
	return s, nil
}

// open enters element n (the root or the body, named what in Whole's
// reasons): a frame whose box takes children, a detached stand-in when
// n makes none (its stream then needs the whole document anyway).
func (s *Stream) open(n *html.Node, parent *style.Style, deco *[]Decoration, what string) *frame {
	f := new(frame)
	entered := s.bl.enter(f, n, parent, deco)
	if entered && f.b != nil && !f.leaf {
		if s.bl.styles != nil && (s.bl.styles.Of(n, style.PseudoFirstLetter) != nil || s.bl.styles.Of(n, style.PseudoFirstLine) != nil) {
			s.note(what + " has a ::first-letter or ::first-line style")
		}
		return f
	}
	s.note(what + " makes no block box (display: none, contents, or a replaced element)")
	st := Inherit(parent)
	if !entered {
		*f = frame{n: n, st: st, deco: deco}
	}
	f.b, f.leaf = &Box{Kind: KindBlock, Style: st, Anonymous: true}, false
	return f
}

// note records reason, if any, as why the stream needs the whole
// document, unless it has a reason already.
func (s *Stream) note(reason string) {
	if s.whole == "" {
		s.whole = reason
	}
}

// plainContainer returns "" when st, the style of the root or the body
// (what), makes a plain block container a stream can build and lay out
// a child at a time, else why not.
func plainContainer(st *style.Style, what string) string {
	switch {
	case st.Display != style.DisplayBlock:
		return what + " is not display: block (list-item, flex, grid, table, inline…)"
	case st.ColumnCount > 0 || !st.ColumnWidth.IsAuto():
		return what + " is a multi-column container"
	case st.Overflow != style.OverflowVisible:
		return what + " has an overflow other than visible"
	case st.Float != style.FloatNone:
		return what + " floats"
	case st.Position != style.PositionStatic:
		return what + " is positioned"
	case st.HasTransform():
		return what + " is transformed"
	case st.BackgroundImages != nil:
		return what + " has a background image (the canvas's, sized to the whole document)"
	}
	return ""
}

// Tree returns the tree being built: Root is the html box (as Build
// makes it), whose children are complete after Finish only.
func (s *Stream) Tree() *Tree { return s.tree }

// Body returns the body box.
func (s *Stream) Body() *Box { return s.body.b }

// Whole returns "" or why the boxes built so far need the
// whole-document path: a box that is position: running() or fixed,
// float: footnote, content with target-counter/target-text or leader(),
// a named page (page property not auto), clip-path: url(), a named
// string showing counter(pages); or an html or body box that is not a
// plain block container (display other than block, multi-column, flex,
// grid, table, overflow other than visible, float, position not static,
// a transform, a ::first-line/::first-letter on either, a canvas
// background image). It also says when what an element reads from the
// whole document is not in the part the stream has: a style sheet or
// an SVG id coming after an inline SVG (which takes them from the whole
// page), an aria-labelledby naming an element of an earlier body child
// or one not built yet, a counter-reset: reversed() without a value on
// the root, the body or a body child (which counts the body's children
// to come).
func (s *Stream) Whole() string { return s.whole }

// Append builds the boxes of n, the next child of the body, as Build
// would inside the whole body, appends them to the body box's Children
// and numbers them (Index) in tree order after the boxes before; it
// returns the boxes it appended (possibly none: white space, display:
// none, or inline content held until it is known whether it gets an
// anonymous block). Texts stay in the boxes (n's DOM may be let go
// after).
func (s *Stream) Append(n *html.Node) ([]*Box, error) {
	switch {
	case s.err != nil:
		return nil, s.err
	case s.finished:
		return nil, errors.New("building boxes: Append after Finish")
	case n == nil:
		return nil, errors.New("building boxes: Append of a nil node")
	}
	bb := s.body.b
	s.building(n, bodyChildDepth, nil)
	ids := s.scanNode(n, bodyChildDepth)
	clear(s.buf)
	boxes := s.bl.appendNode(s.buf[:0], n, s.body.st, s.body.deco)
	s.buf = boxes
	s.building(nil, 0, ids)
	if err := s.bl.ctx.Err(); err != nil {
		return nil, s.fail(err)
	}
	for _, b := range boxes {
		b.Parent = bb
	}
	s.checkAll(boxes)
	s.hold(boxes)
	s.tree.Diagnostics = s.bl.diags
	cut := -1
	for i := len(s.held) - 1; i >= 0; i-- {
		if endsRun(s.held[i]) {
			cut = i
			break
		}
	}
	if cut < 0 {
		return nil, nil
	}
	done := s.settle(s.held[:cut+1])
	s.held = append(s.held[:0:0], s.held[cut+1:]...)
	s.blocks = true
	return done, nil
}

// Built returns the boxes the last call of Append or Finish built, at
// the top of what it built: those it appended and those it holds, the
// latter before an anonymous block may wrap them (Finish's include
// those of the root's content after the body). What the document's
// structure reads from the DOM (render.ReadTexts) is to be read from
// them before the DOM they come from is let go: a box held is appended
// by a later call. The slice is valid until the next call.
func (s *Stream) Built() []*Box { return s.buf }

// Finish appends what the end of the body brings (held inline content,
// the body's ::after) and leaves the body (counters, quotes); it
// returns the boxes it appended. No Append after. The root's content
// after the body is built too, and the tree is then complete.
func (s *Stream) Finish() ([]*Box, error) {
	switch {
	case s.err != nil:
		return nil, s.err
	case s.finished:
		return nil, errors.New("building boxes: Finish called twice")
	}
	s.finished = true
	bl, bf, hf := s.bl, s.body, s.html
	clear(s.buf)
	s.buf = s.buf[:0]
	if pa := bl.pseudo(bf.n, bf.st, style.PseudoAfter, bf.deco); pa != nil {
		pa.Parent = bf.b
		s.buf = append(s.buf, pa)
		s.checkAll(s.buf)
		s.hold(s.buf)
	}
	done := s.settle(s.held)
	s.held = nil
	// leaving the body as leave does: after a block a new white space
	// run starts
	bl.lastSpace = bf.b.Kind != KindInlineBlock
	if bf.keepSpace {
		bl.lastSpace = bf.saved
	}
	bl.counters.leave(bf.n)
	hb := hf.b
	at := len(hb.Children)
	for c := bf.n.NextSibling; c != nil; c = c.NextSibling {
		ids := s.scanNode(c, rootDepth+1)
		s.building(c, rootDepth+1, nil)
		hb.Children = bl.appendNode(hb.Children, c, hf.st, hf.deco)
		s.building(nil, 0, ids)
	}
	for _, k := range hb.Children[at:] {
		k.Parent = hb
	}
	s.checkAll(hb.Children[at:])
	s.buf = append(s.buf, hb.Children[at:]...)
	bl.leave(hf, nil)
	if err := bl.ctx.Err(); err != nil {
		return nil, s.fail(err)
	}
	// number what follows the body in the root (fixed up by leave)
	after := false
	for _, k := range hb.Children {
		if after {
			k.Walk(s.nb.visit)
		}
		after = after || k == bf.b
	}
	if s.nb.fixed != nil {
		hb.SetRare().Fixed = s.nb.fixed
	}
	s.tree.Scanned = true
	s.tree.Diagnostics = bl.diags
	return done, nil
}

// fail ends the stream with ctx's error err: the tree is incomplete,
// and every later call returns the error.
func (s *Stream) fail(err error) error {
	s.err = fmt.Errorf("building boxes: %w", err)
	return s.err
}

// hold adds boxes, children of the body, to the run held.
func (s *Stream) hold(boxes []*Box) {
	s.held = append(s.held, boxes...)
}

// endsRun reports whether body child c ends the run of inline content
// before it: it is block-level, in flow and no table part (the anonymous
// table parts around table parts and the anonymous blocks around inline
// content stop at it).
func endsRun(c *Box) bool {
	return !c.IsInlineLevel() && !c.OutOfFlow() && !isTableInternal(c)
}

// settle fixes up the run of body children run, as leave fixes up the
// body's children (anonymous tables and blocks), appends the result to
// the body box and numbers it. The fix-ups of a run ended by a
// block-level box, or of the last run, are those of the whole body.
func (s *Stream) settle(run []*Box) []*Box {
	bb := s.body.b
	// the fix-ups run on a stand-in of the body holding the run
	tmp := &s.tmp
	*tmp = *bb
	tmp.Children = run
	fixTableParts(tmp)
	if s.blocks {
		wrapInlineRuns(tmp)
	} else {
		fixBlockContainer(tmp)
	}
	out := tmp.Children
	*tmp = Box{}
	for _, c := range out {
		c.Parent = bb
	}
	bb.Children = append(bb.Children, out...)
	for _, c := range out {
		c.Walk(s.nb.visit)
	}
	if s.nb.fixed != nil {
		s.html.b.SetRare().Fixed = s.nb.fixed
	}
	return out
}

// checkAll notes in s.whole why boxes (and their descendants) need the
// whole document, if they do.
func (s *Stream) checkAll(boxes []*Box) {
	if s.bl.targetIdx != nil {
		s.note("content or a named string uses target-text() or target-counter()")
	}
	for _, b := range boxes {
		if s.whole != "" {
			return
		}
		b.Walk(func(c *Box) bool {
			if s.whole == "" {
				s.whole = wholeReason(c)
			}
			return s.whole == ""
		})
	}
}

// wholeReason returns why box b needs the whole document, or "".
func wholeReason(b *Box) string {
	st := b.Style
	if st == nil {
		return ""
	}
	switch {
	case st.Position == style.PositionRunning:
		return "position: running() takes an element out to the page margins"
	case st.Position == style.PositionFixed:
		return "position: fixed repeats a box on every page"
	case st.Float == style.FloatFootnote || b.Footnote() != nil:
		return "float: footnote"
	case b.ContentParts() != nil:
		return "content uses target-counter(…, page)"
	case b.Leader() != "":
		return "content uses leader()"
	case st.Page != "" && b.IsElement():
		return "a named page (page: " + st.Page + ")"
	case st.ClipPath != nil && st.ClipPath.Shape == style.ClipURL:
		return "clip-path: url() looks the clip path up in the whole DOM"
	}
	for _, ns := range b.Strings() {
		if containsPagesMark(ns.Value) {
			return "the named string " + ns.Name + " shows counter(pages)"
		}
	}
	return ""
}

// containsPagesMark reports whether a named string's value holds the
// mark of counter(pages) (PageCounterMark).
func containsPagesMark(v string) bool {
	return strings.Contains(v, markStart+"pages:")
}
