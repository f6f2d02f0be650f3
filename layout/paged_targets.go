package layout

import (
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// maxTargetPasses bounds the layout passes spent settling the page
// numbers of target-counter().
const maxTargetPasses = 4

// targetSet holds the generated-content boxes (::before, ::after) whose
// content uses target-counter(…, page): their text depends on where the
// targets land, so it is filled in between layout passes.
type targetSet struct {
	boxes []*targetBox
	ids   map[string]bool
}

type targetBox struct {
	b *box.Box
	// orig is the text the box builder resolved (target-counter() as "").
	orig string
	// leader is the leader string (leader('.')) when the content has one;
	// post is then the text box after it, which the leader pushes to the
	// end of its line.
	leader string
	post   *box.Box
}

// findTargets collects the boxes using target-counter(…, page); nil when
// there are none.
func findTargets(tree *box.Tree) *targetSet {
	if tree == nil || tree.Root == nil {
		return nil
	}
	var t *targetSet
	tree.Root.Walk(func(b *box.Box) bool {
		if b.Pseudo == style.PseudoNone || b.Style == nil || b.Style.ContentMode != style.ContentList {
			return true
		}
		has, url := false, false
		for _, it := range b.Style.Content {
			has = has || it.Kind == style.ContentTargetCounter && it.Text == "page"
			url = url || it.Kind == style.ContentURL
		}
		if !has || url {
			return true
		}
		if t == nil {
			t = &targetSet{ids: map[string]bool{}}
		}
		tb := &targetBox{b: b}
		for _, it := range b.Style.Content {
			if it.Kind == style.ContentLeader && tb.leader == "" {
				tb.leader = it.Text
				if tb.leader == "" {
					tb.leader = "."
				}
			}
		}
		for _, c := range b.Children {
			if c.Kind == box.KindText {
				tb.orig += c.Text
			}
		}
		for _, it := range b.Style.Content {
			if it.Kind == style.ContentTargetCounter && it.Text == "page" {
				if id := targetID(b, it); id != "" {
					t.ids[id] = true
				}
			}
		}
		t.boxes = append(t.boxes, tb)
		return true
	})
	return t
}

func (t *targetSet) any() bool { return t != nil }

// targetID is the fragment identifier target-counter() points at: the
// URL from the named attribute (attr(href)) or as written; only links
// inside the document ("#id") have a target.
func targetID(b *box.Box, it style.ContentItem) string {
	url := it.Name
	if it.AttrName != "" {
		url, _ = b.Attr(it.AttrName)
	}
	url = strings.TrimSpace(url)
	if !strings.HasPrefix(url, "#") {
		return ""
	}
	return url[1:]
}

// fill sets the text of every target box with the page numbers known so
// far (before the first pass, "0" stands in for each number).
func (t *targetSet) fill(known map[string]int) {
	if t == nil {
		return
	}
	for _, tb := range t.boxes {
		text := tb.resolve(known)
		b := tb.b
		if tb.leader != "" {
			tb.fillLeader(text)
			continue
		}
		var tc *box.Box
		kept := b.Children[:0]
		for _, c := range b.Children {
			if c.Kind == box.KindText {
				if tc == nil {
					tc = c
					kept = append(kept, c)
				}
				continue
			}
			kept = append(kept, c)
		}
		b.Children = kept
		if tc == nil {
			ts := box.InheritInline(b.Style)
			tc = &box.Box{Kind: box.KindText, Node: b.Node, Pseudo: b.Pseudo, Style: ts, Parent: b, Index: b.Index}
			b.Children = append(b.Children, tc)
		}
		tc.Text = text
	}
}

// fillLeader gives a box with a leader two text children: the text
// before the leader and the text after it (post), which applyLeaders
// moves to the end of its line, filling the gap with the leader string.
func (tb *targetBox) fillLeader(text string) {
	pre, post, _ := strings.Cut(text, "\x00")
	post = strings.ReplaceAll(post, "\x00", "")
	b := tb.b
	var texts []*box.Box
	kept := b.Children[:0]
	for _, c := range b.Children {
		if c.Kind == box.KindText {
			texts = append(texts, c)
			continue
		}
		kept = append(kept, c)
	}
	mk := func() *box.Box {
		ts := box.InheritInline(b.Style)
		return &box.Box{Kind: box.KindText, Node: b.Node, Pseudo: b.Pseudo, Style: ts, Parent: b, Index: b.Index}
	}
	for len(texts) < 2 {
		texts = append(texts, mk())
	}
	if tb.post == nil {
		tb.post = texts[1]
	}
	texts[0].Text, tb.post.Text = pre, post
	if texts[0] == tb.post {
		texts[0] = texts[1]
	}
	b.Children = append(kept, texts[0], tb.post)
}

// resolve builds the box's text: strings, attr() and target-counter()
// are resolved here; the text of items the box builder resolved from
// state gone by now (counters, quotes) is recovered from its original
// text when there is one such run.
func (tb *targetBox) resolve(known map[string]int) string {
	items := tb.b.Style.Content
	segs := make([]string, len(items))
	ok := make([]bool, len(items))
	unknown := 0
	parts := tb.b.ContentParts()
	for i, it := range items {
		ok[i] = true
		if len(parts) == len(items) && !pageCounter(it) && it.Kind != style.ContentLeader {
			segs[i] = parts[i] // as the box builder resolved it
			continue
		}
		switch it.Kind {
		case style.ContentString:
			segs[i] = it.Text
		case style.ContentAttr:
			segs[i], _ = tb.b.Attr(it.Name)
		case style.ContentLeader:
			segs[i] = "\x00" // splits the text where the leader goes
		case style.ContentTargetCounter:
			if it.Text != "page" {
				// resolved by the box builder: recovered from its text
				ok[i] = false
				unknown++
			}
		case style.ContentNoOpenQuote, style.ContentNoCloseQuote:
		default:
			ok[i] = false
			unknown++
		}
	}
	// recover the single run the builder resolved from its state
	if unknown == 1 {
		pre, post := 0, 0
		i := 0
		for ; ok[i]; i++ {
			if !pageCounter(items[i]) && items[i].Kind != style.ContentLeader {
				pre += len(segs[i])
			}
		}
		for j := i + 1; j < len(items); j++ {
			if !pageCounter(items[j]) && items[j].Kind != style.ContentLeader {
				post += len(segs[j])
			}
		}
		if pre+post <= len(tb.orig) {
			segs[i] = tb.orig[pre : len(tb.orig)-post]
		}
	}
	var sb strings.Builder
	for i, it := range items {
		if pageCounter(it) {
			n := 0
			if known != nil {
				n = known[targetID(tb.b, it)]
			}
			if known != nil && n == 0 {
				continue // no such target: nothing to show
			}
			sb.WriteString(box.FormatCounter(n, counterStyleName(it.Style)))
			continue
		}
		sb.WriteString(segs[i])
	}
	return sb.String()
}

// pageCounter reports whether it is target-counter(…, page), which
// layout resolves (the other counters the box builder does).
func pageCounter(it style.ContentItem) bool {
	return it.Kind == style.ContentTargetCounter && it.Text == "page"
}

// pages finds the page number of every target id in doc.
func (t *targetSet) pages(doc *Document) map[string]int {
	out := make(map[string]int, len(t.ids))
	for _, p := range doc.Pages {
		t.page(p, out)
	}
	return out
}

// page records in out the targets that start on p (numbered).
func (t *targetSet) page(p *Page, out map[string]int) {
	if t != nil && p.Root != nil {
		t.collect(p.Root, p.Number, out)
	}
}

func (t *targetSet) note(b *box.Box, n int, out map[string]int) {
	if b == nil || b.Node == nil {
		return
	}
	if id, ok := b.Attr("id"); ok && t.ids[id] {
		if _, seen := out[id]; !seen {
			out[id] = n
		}
	}
}

func (t *targetSet) collect(f *Fragment, n int, out map[string]int) {
	if f.First && f.Box != nil && f.Box.IsElement() {
		t.note(f.Box, n, out)
	}
	for _, ln := range f.Lines {
		for _, in := range ln.Inlines {
			if in.First && in.Box.IsElement() {
				t.note(in.Box, n, out)
			}
		}
		for _, a := range ln.Atomics {
			t.collect(a, n, out)
		}
	}
	for _, c := range f.Children {
		t.collect(c, n, out)
	}
}

// settled reports whether the page numbers found match those the pass
// was laid out with.
func (t *targetSet) settled(known, found map[string]int) bool {
	if known == nil {
		return false
	}
	for id := range t.ids {
		if known[id] != found[id] {
			return false
		}
	}
	return true
}
