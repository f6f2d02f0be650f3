package box

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// StyleSource gives the computed style of an element or pseudo-element;
// *style.Styles implements it.
type StyleSource interface {
	Of(n *html.Node, p style.Pseudo) *style.Style
}

// Options configure Build.
type Options struct {
	// Loader fetches images under the caller's resource policy; nil allows
	// only data: URIs.
	Loader style.Loader
	// BaseURL is the base for relative URLs.
	BaseURL string
	// MaxImagePixels bounds decoded image size (default 50 megapixels).
	MaxImagePixels int
	// MaxImageBytes bounds the memory decoding and embedding the
	// document's images takes, all together, as estimated from their
	// headers (default DefaultMaxImageBytes); an image past it is not
	// loaded.
	MaxImageBytes int64
	// SVGLimits bound each SVG image and inline <svg> (zero fields take
	// svg.DefaultLimits).
	SVGLimits svg.Limits
}

// Diagnostic is a non-fatal problem met while building the tree, such as
// an image that could not be loaded.
type Diagnostic struct {
	// Stage is "resource" or "layout".
	Stage   string
	Message string
	Node    *html.Node
}

// Tree is the box tree of a document.
type Tree struct {
	// Root is the box of the root element.
	Root        *Box
	Diagnostics []Diagnostic
	// Scanned is set by Build: StringSets and PageCounters then say
	// what the tree holds (a tree made by hand leaves it false: layout
	// then assumes both).
	Scanned bool
	// StringSets says some box sets a named string (string-set).
	StringSets bool
	// PageCounters says some element resets, sets or increments the
	// page counter.
	PageCounters bool
	// ClipURLs says some box is clipped by a clipPath element
	// (clip-path: url(#id)), which painting looks up in the DOM around
	// the box's element: the DOM must then stay whole while the tree is
	// laid out and painted.
	ClipURLs bool
	// Texts, when set (render.ReadTexts), holds the text content of the
	// elements whose text the PDF's structure shows (headings, links,
	// figures), read before the DOM's text nodes were let go.
	Texts map[*html.Node]string
	// FigureAlts and THIDs, when set (render.ReadTexts), hold what the
	// structure reads below an element, read before the DOM is
	// unlinked: the alt text of the first img of each figure that has
	// one, the ids of the th elements of each table that has some.
	FigureAlts map[*html.Node]string
	THIDs      map[*html.Node]map[string]bool
	// LinkTargets, when set (render.ReadLinkTargets, as a streamed
	// body's children come), holds the ids the document's links point
	// at, read before the DOM was let go.
	LinkTargets map[string]bool
	// PageImage, set by Build, loads the image at url for a page box
	// background (@page background-image) like the document's images,
	// once per url (not concurrently); nil in a tree made by hand.
	PageImage func(url string) *Image
}

type builder struct {
	ctx       context.Context
	styles    StyleSource
	opts      Options
	counters  *counters
	styler    *counterStyler // counter styles, with the document's @counter-style rules
	quotes    int
	lastSpace bool
	diags     []Diagnostic
	steps     int
	// imageBytes is the decoding memory of the images loaded so far
	// (see chargeImage); charged holds their sources.
	imageBytes int64
	charged    map[string]bool
	// page is what inline SVG takes from the page (svgPage).
	page *svg.Page
	// root is the document's root element; targetIdx resolves
	// target-text() and target-counter() (targets.go), built on first use.
	root      *html.Node
	targetIdx *targetIndex
	// byID, when set, is elementByID's look-up (a stream's, which has
	// part of the document only)
	byID func(n *html.Node, id string) *html.Node
	// svgs counts the inline SVG elements built
	svgs int
	// hiddenStrings are the named strings display: none elements set,
	// for the next box built to carry (appendElement).
	hiddenStrings []NamedString
}

// childSlice returns an empty slice with room for n children. Each
// box's children have a slice of their own, not slots carved from a
// block shared with other boxes: layout lets go of finished boxes (issue
// 24), and a block stays alive while any box's children sit in it, with
// every pointer in it, among them the stale ones left behind when a
// box's children are wrapped or grow past their room, and through those
// the finished boxes and their DOM elements.
func (bl *builder) childSlice(n int) []*Box {
	return make([]*Box, 0, n)
}

// newBox returns a zero box. Boxes are allocated one by one, not from
// blocks: layout lets go of the boxes of the pages it has handed on
// (issue 24), and a block is freed only when none of its boxes is
// reachable, while boxes refer to their parents, which sit in earlier
// blocks: one box kept (a structure element's, a float's) would keep
// its block and, block by block, the document's boxes before it.
func (bl *builder) newBox() *Box {
	return new(Box)
}

// Build creates the box tree of doc. It fails only when ctx is done.
func Build(ctx context.Context, doc *html.Node, styles StyleSource, opts Options) (*Tree, error) {
	bl := newBuilder(ctx, styles, opts)
	root := rootElement(doc)
	bl.root = root
	t := &Tree{PageImage: bl.pageImages()}
	if root == nil {
		st := Inherit(nil)
		t.Root = &Box{Kind: KindBlock, Style: st, Anonymous: true}
		return t, nil
	}
	boxes := bl.appendElement(nil, root, nil, nil)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("building boxes: %w", err)
	}
	if len(boxes) == 1 && !boxes[0].IsInlineLevel() {
		t.Root = boxes[0]
	} else {
		t.Root = &Box{Kind: KindBlock, Style: Inherit(nil), Anonymous: true}
		for _, b := range boxes {
			b.Parent = t.Root
		}
		t.Root.Children = boxes
		fixBlockContainer(t.Root)
	}
	t.Root.Parent = nil
	propagateBodyOverflow(t.Root)
	nb := &numberer{t: t}
	t.Root.Walk(nb.visit)
	t.Scanned = true
	if nb.fixed != nil {
		t.Root.SetRare().Fixed = nb.fixed
	}
	t.Diagnostics = bl.diags
	return t, nil
}

// newBuilder returns a builder of the tree of a document styled by
// styles.
func newBuilder(ctx context.Context, styles StyleSource, opts Options) *builder {
	bl := &builder{ctx: ctx, styles: styles, opts: opts, counters: newCounters(), styler: newCounterStyler(styles)}
	bl.counters.start = bl.reversedStart
	bl.counters.items = bl.ownedItems
	return bl
}

// rootElement returns the root element of doc: its html element, else
// its first element (nil for none).
func rootElement(doc *html.Node) *html.Node {
	if root := findElement(doc, "html"); root != nil {
		return root
	}
	return firstElement(doc)
}

// numberer numbers boxes in tree order (Index) and notes what the tree
// holds (Tree's flags, its fixed boxes).
type numberer struct {
	t     *Tree
	next  int
	fixed []*Box
}

// visit numbers b; it is a Walk function.
func (nb *numberer) visit(b *Box) bool {
	t := nb.t
	if fn := b.Footnote(); fn != nil {
		// the footnote body follows its call in the numbering
		defer fn.Walk(nb.visit)
	}
	b.Index = nb.next
	nb.next++
	if b != t.Root && b.Style != nil && b.Style.Position == style.PositionFixed && b.OutOfFlow() && TransformedAncestor(b) == nil {
		nb.fixed = append(nb.fixed, b)
	}
	if len(b.Strings()) > 0 {
		t.StringSets = true
	}
	if b.Style != nil && b.IsElement() && !t.PageCounters {
		t.PageCounters = countsPages(b.Style)
	}
	if b.Style != nil && b.Style.ClipPath != nil && b.Style.ClipPath.Shape == style.ClipURL {
		t.ClipURLs = true
	}
	return true
}

// propagateBodyOverflow gives the body a used overflow of visible when
// its overflow goes to the viewport (CSS Overflow 3 §3.3: the root's is
// visible): it then neither clips nor establishes a block formatting
// context of its own. (The page area clips the content anyway.)
func propagateBodyOverflow(root *Box) {
	if root.Tag() != "html" || root.Style == nil || root.Style.Overflow != style.OverflowVisible {
		return
	}
	for _, c := range root.Children {
		if c.Tag() == "body" && c.IsElement() {
			if c.Style != nil && c.Style.Overflow != style.OverflowVisible {
				st := *c.Style
				st.MutBox().SetOverflow(style.OverflowVisible)
				c.Style = &st
			}
			return
		}
	}
}

// countsPages reports whether st resets, sets or increments the page
// counter.
func countsPages(st *style.Style) bool {
	for _, ops := range [...][]style.CounterOp{st.CounterReset, st.CounterSet, st.CounterIncrement} {
		for _, op := range ops {
			if op.Name == "page" {
				return true
			}
		}
	}
	return false
}

func findElement(n *html.Node, tag string) *html.Node {
	if n.Type == html.ElementNode && n.Data == tag {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findElement(c, tag); f != nil {
			return f
		}
	}
	return nil
}

func firstElement(n *html.Node) *html.Node {
	if n.Type == html.ElementNode {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := firstElement(c); f != nil {
			return f
		}
	}
	return nil
}

func (bl *builder) styleOf(n *html.Node, parent *style.Style) *style.Style {
	if bl.styles != nil {
		if s := bl.styles.Of(n, style.PseudoNone); s != nil {
			return s
		}
	}
	return fallbackStyle(n, parent)
}

func kindOf(d style.Display) Kind {
	switch d {
	case style.DisplayInline:
		return KindInline
	case style.DisplayInlineBlock, style.DisplayInlineFlex, style.DisplayInlineGrid:
		return KindInlineBlock
	case style.DisplayTable, style.DisplayInlineTable:
		return KindTable
	case style.DisplayTableRowGroup, style.DisplayTableHeaderGroup, style.DisplayTableFooterGroup:
		return KindTableRowGroup
	case style.DisplayTableRow:
		return KindTableRow
	case style.DisplayTableCell:
		return KindTableCell
	case style.DisplayTableCaption:
		return KindTableCaption
	case style.DisplayTableColumn, style.DisplayTableColumnGroup:
		return KindTableColumn
	}
	return KindBlock
}

// appendElement appends the boxes of element n to out (usually one; none
// for display: none; its children's for display: contents). deco is the
// text decoration propagated from ancestors.
func (bl *builder) appendElement(out []*Box, n *html.Node, parent *style.Style, deco *[]Decoration) []*Box {
	var fr frame
	if !bl.enter(&fr, n, parent, deco) {
		return out
	}
	f := &fr
	switch {
	case f.b == nil:
		out = bl.appendChildren(out, n, f.st, f.deco)
	case !f.leaf:
		first := len(f.b.Children)
		f.b.Children = bl.appendChildren(f.b.Children, n, f.st, f.deco)
		for _, c := range f.b.Children[first:] {
			c.Parent = f.b
		}
	}
	return bl.leave(f, out)
}

// blockifyItems makes the in-flow children of flex container b block-level
// flex items (CSS Flexbox 1 §4): inline boxes and inline-blocks become
// blocks; runs of text are wrapped in anonymous items by
// fixBlockContainer.
func blockifyItems(b *Box) {
	dropSpaceRuns(b)
	for _, c := range b.Children {
		switch c.Kind {
		case KindInline, KindInlineBlock:
			if c.Pseudo == style.PseudoMarker {
				continue
			}
			c.Kind = KindBlock
			c.FlexItem = true
			fixBlockContainer(c)
		case KindReplaced, KindTable:
			c.FlexItem = true
		}
	}
}

// dropSpaceRuns removes from flex or grid container b the runs of
// child text that hold white space only, whatever their white-space
// value: such a run makes no item (CSS Flexbox 1 §4, CSS Grid 1 §6.1).
func dropSpaceRuns(b *Box) {
	kept := b.Children[:0]
	for i := 0; i < len(b.Children); {
		j := i
		blank := true
		for ; j < len(b.Children) && b.Children[j].Kind == KindText; j++ {
			blank = blank && isWhiteSpaceOnly(b.Children[j].Text)
		}
		if j == i {
			kept = append(kept, b.Children[i])
			i++
			continue
		}
		if !blank {
			kept = append(kept, b.Children[i:j]...)
		}
		i = j
	}
	clear(b.Children[len(kept):])
	b.Children = kept
}

// isWhiteSpaceOnly reports whether s holds only the characters the
// white-space property affects (spaces, tabs, segment breaks).
func isWhiteSpaceOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\f':
		default:
			return false
		}
	}
	return true
}

// wrapGridText wraps the content of grid container b in one anonymous
// grid item when it is inline-level only (CSS Grid 1 §6.1: each run of
// text is an item; fixBlockContainer wraps the runs beside blocks).
// Content of collapsible white space only makes no item.
func wrapGridText(b *Box) {
	if !b.HasInlineChildren() {
		return
	}
	keep := false
	for _, c := range b.Children {
		keep = keep || !isCollapsibleSpaceOnly(c)
	}
	if !keep {
		b.Children = nil
		return
	}
	anon := &Box{Kind: KindBlock, Style: Inherit(b.Style), Anonymous: true, Parent: b}
	for _, c := range b.Children {
		anon.add(c)
	}
	b.Children = []*Box{anon}
}

// appendChildren appends the boxes of n's child nodes to out.
func (bl *builder) appendChildren(out []*Box, n *html.Node, st *style.Style, deco *[]Decoration) []*Box {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		out = bl.appendNode(out, c, st, deco)
	}
	return out
}

// appendNode appends the boxes of child node c of an element styled st.
func (bl *builder) appendNode(out []*Box, c *html.Node, st *style.Style, deco *[]Decoration) []*Box {
	switch c.Type {
	case html.ElementNode:
		out = bl.appendElement(out, c, st, deco)
	case html.TextNode:
		if t := bl.text(c, st, c.Data, deco); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// childNodes counts the element and text children of n.
func childNodes(n *html.Node) int {
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode || c.Type == html.TextNode {
			k++
		}
	}
	return k
}

// text makes a text box for s in an element styled st.
func (bl *builder) text(n *html.Node, st *style.Style, s string, deco *[]Decoration) *Box {
	txt, last := processWhiteSpace(s, st.WhiteSpace, st.TabSize, bl.lastSpace)
	if txt == "" {
		return nil
	}
	bl.lastSpace = last
	txt = transform(txt, st.TextTransform)
	b := bl.newBox()
	b.Kind, b.Style, b.Text, b.deco = KindText, st, txt, deco
	if n.Type != html.TextNode {
		b.Node = n // generated content: its element
	}
	return b
}

func (b *Box) add(c *Box) {
	c.Parent = b
	b.Children = append(b.Children, c)
}

// image loads the content of an img box.
func (bl *builder) image(b *Box) {
	src, _ := b.Attr("src")
	img, err := bl.loadImage(bl.ctx, src)
	img.Alt, img.HasAlt = b.Attr("alt")
	role, _ := b.Attr("role")
	role = strings.ToLower(strings.TrimSpace(role))
	img.Decorative = (img.HasAlt && strings.TrimSpace(img.Alt) == "") || role == "presentation" || role == "none"
	if !img.HasAlt {
		// aria-labelledby, aria-label, then an SVG image's own <title>
		img.Alt = bl.svgTitle(b.Node)
		if img.Alt == "" && img.SVG != nil {
			img.Alt = img.SVG.Title
		}
	}
	if err != nil {
		img.Err = err
		name := clipURL(src)
		bl.diags = append(bl.diags, Diagnostic{Stage: "resource", Node: b.Node,
			Message: fmt.Sprintf("image %q not loaded: %v; a placeholder is drawn", name, err)})
	}
	b.Image = img
}

// fixBlockContainer makes a block container's children all block-level or
// all inline-level: inline boxes holding blocks are split around them and
// runs of inline-level boxes among blocks are wrapped in anonymous blocks
// (runs of collapsible white space only are dropped).
func fixBlockContainer(b *Box) {
	for _, c := range b.Children {
		if blockish(c) {
			wrapInlineRuns(b)
			return
		}
	}
}

// blockish reports whether child c makes its block container's
// children block-level: it is block-level and in flow, or an inline
// box holding such a box.
func blockish(c *Box) bool {
	return !c.IsInlineLevel() && !c.OutOfFlow() || (c.Kind == KindInline && containsBlock(c))
}

// wrapInlineRuns is fixBlockContainer for a container known to have
// block-level children (b's children may all be inline-level: the
// block-level ones are elsewhere, as in a body built a child at a
// time).
func wrapInlineRuns(b *Box) {
	var flat []*Box
	for _, c := range b.Children {
		if c.Kind == KindInline && containsBlock(c) {
			flat = append(flat, splitInline(c)...)
		} else {
			flat = append(flat, c)
		}
	}
	var out, run []*Box
	flush := func() {
		keep, inflow := false, false
		for _, r := range run {
			if !isCollapsibleSpaceOnly(r) {
				keep = true
				if !r.OutOfFlow() {
					inflow = true
				}
			}
		}
		if keep && !inflow {
			// floats and positioned boxes between blocks stay block-level
			for _, r := range run {
				if r.OutOfFlow() {
					r.Parent = b
					out = append(out, r)
				}
			}
		} else if keep {
			anon := &Box{Kind: KindBlock, Style: Inherit(b.Style), Anonymous: true, Parent: b}
			for _, r := range run {
				anon.add(r)
			}
			out = append(out, anon)
		}
		run = run[:0]
	}
	for _, c := range flat {
		if c.IsInlineLevel() || c.OutOfFlow() {
			run = append(run, c)
			continue
		}
		flush()
		c.Parent = b
		out = append(out, c)
	}
	flush()
	b.Children = out
}

func containsBlock(b *Box) bool {
	for _, c := range b.Children {
		if !c.IsInlineLevel() && !c.OutOfFlow() {
			return true
		}
		if c.Kind == KindInline && containsBlock(c) {
			return true
		}
	}
	return false
}

// splitInline splits inline box in around its block-level descendants
// (CSS 2.1 §9.2.1.1): every block ends a part of the box and starts
// the next, even when a part is empty, and every part but the last is
// marked Continued (and every one but the first Continuation), so that
// the box's start and end edges are drawn once.
func splitInline(in *Box) []*Box {
	var out []*Box
	cur := in.cloneEmpty(false)
	flush := func() {
		cur.SetRare().Continued = true
		out = append(out, cur)
		cur = in.cloneEmpty(true)
	}
	for _, c := range in.Children {
		switch {
		case !c.IsInlineLevel() && !c.OutOfFlow():
			flush()
			c.SetRare().InInline = out[len(out)-1]
			out = append(out, c)
		case c.Kind == KindInline && containsBlock(c):
			for _, p := range splitInline(c) {
				if p.IsInlineLevel() {
					cur.add(p)
				} else {
					// p keeps the inner part it was in, which is in
					// the part of in before it
					flush()
					out = append(out, p)
				}
			}
		default:
			cur.add(c)
		}
	}
	return append(out, cur)
}

// cloneEmpty returns a part of b without children, a Continuation when
// cont (or when b is one); it has its own rare fields.
func (b *Box) cloneEmpty(cont bool) *Box {
	c := *b
	c.Children = nil
	c.Continuation = cont || b.Continuation
	if b.rare != nil {
		r := *b.rare
		r.Continued = false
		c.rare = &r
	}
	return &c
}

// dropSpaceChildren removes white-space-only text between table parts.
func dropSpaceChildren(b *Box) {
	out := b.Children[:0]
	for _, c := range b.Children {
		if c.Kind == KindText && strings.TrimSpace(c.Text) == "" {
			continue
		}
		out = append(out, c)
	}
	b.Children = out
}

// svgTitle is the text alternative of an inline svg: aria-label, else its
// title child.
func (bl *builder) svgTitle(n *html.Node) string {
	if ids := strings.Fields(attrOf(n, "aria-labelledby")); len(ids) > 0 {
		var parts []string
		for _, id := range ids {
			if ref := bl.elementByID(n, id); ref != nil {
				if t := strings.Join(strings.Fields(textContent(ref)), " "); t != "" {
					parts = append(parts, t)
				}
			}
		}
		if len(parts) > 0 {
			return strings.Join(parts, " ")
		}
	}
	if v, ok := Attr(n, "aria-label"); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "title" {
			return textContent(c)
		}
	}
	return ""
}

// clipURL shortens data: URIs for messages.
func clipURL(u string) string {
	if strings.HasPrefix(strings.ToLower(u), "data:") && len(u) > 40 {
		return u[:40] + "…"
	}
	return u
}
