package layout

import (
	"slices"
	"strings"

	"github.com/seed28491532/folio/layout/box"
)

// stringAssign is one string-set assignment met on a page.
type stringAssign struct {
	name, value string
	// atStart says the assigning element starts the page (nothing of the
	// page's content comes before it).
	atStart bool
}

// pageStrings are the named-string values visible on one page.
type pageStrings struct {
	entry   stringValues   // values carried in from earlier pages
	assigns []stringAssign // this page's assignments, in document order
}

// stringValue is the value of one named string.
type stringValue struct{ name, value string }

// stringValues are named-string values sorted by name: a few names, most
// documents one or two, copied whole when one changes and kept for later
// (lateRecords), where a map would cost hundreds of bytes a copy.
type stringValues []stringValue

// find returns the index of name in vs, or where it goes.
func (vs stringValues) find(name string) (int, bool) {
	return slices.BinarySearchFunc(vs, name, func(v stringValue, name string) int { return strings.Compare(v.name, name) })
}

// get returns the value of name ("" for none).
func (vs stringValues) get(name string) string {
	if i, ok := vs.find(name); ok {
		return vs[i].value
	}
	return ""
}

// value resolves string(name, policy) (css-gcpm-3 §1.2): first (the
// default) is the page's first assignment, start the entry value unless
// the assigning element starts the page, last the page's last assignment,
// first-except empty on a page that assigns the string. Without an
// assignment on the page, each gives the entry value.
func (ps pageStrings) value(name, policy string) string {
	first, last := -1, -1
	for i, a := range ps.assigns {
		if a.name != name {
			continue
		}
		if first < 0 {
			first = i
		}
		last = i
	}
	if first < 0 {
		return ps.entry.get(name)
	}
	switch policy {
	case "start":
		if ps.assigns[first].atStart {
			return ps.assigns[first].value
		}
		return ps.entry.get(name)
	case "last":
		return ps.assigns[last].value
	case "first-except":
		return ""
	}
	return ps.assigns[first].value
}

// stringTracker carries named strings from page to page.
type stringTracker struct {
	carried stringValues
	// assigns are the last page's assignments: they join carried when
	// the next page is asked for (its values are used by then).
	assigns []stringAssign
	// frozen says carried is kept by a page recorded for later
	// (lateRecords): a change goes to a copy.
	frozen bool
}

// freeze says the entry values handed out last are kept: the
// tracker copies them before one changes (most pages change none, and
// share them).
func (t *stringTracker) freeze() { t.frozen = true }

// page returns the named-string values of p and records its exit
// values. What it returns is valid until the next call.
func (t *stringTracker) page(p *Page) pageStrings {
	for _, a := range t.assigns {
		i, ok := t.carried.find(a.name)
		if ok && t.carried[i].value == a.value {
			continue
		}
		if t.frozen {
			t.carried, t.frozen = slices.Clip(slices.Clone(t.carried)), false
		}
		if ok {
			t.carried[i].value = a.value
		} else {
			t.carried = slices.Insert(t.carried, i, stringValue{a.name, a.value})
		}
	}
	t.assigns = t.assigns[:0]
	if p.Root != nil {
		seenContent := false
		collectAssigns(p.Root, &seenContent, &t.assigns)
		for i := range t.assigns {
			// counter(page) in a value is the page of its element
			t.assigns[i].value = box.ReplacePageCounters(t.assigns[i].value, p.Number, -1)
		}
	}
	return pageStrings{entry: t.carried, assigns: t.assigns}
}

// collectAssigns appends the string-set assignments of the boxes that
// start in f, in document order. seen records whether content (a line,
// an atomic box, or a block of some height without children) came
// earlier on the page: a box's margins do not keep it from starting the
// page (string(name, start)).
func collectAssigns(f *Fragment, seen *bool, out *[]stringAssign) {
	if f.First && f.Box != nil {
		for _, s := range f.Box.Strings() {
			*out = append(*out, stringAssign{name: s.Name, value: s.Value, atStart: !*seen})
		}
	}
	if len(f.Lines) > 0 || len(f.Children) == 0 && f.H > 0.01 {
		*seen = true
	}
	for _, c := range f.Children {
		collectAssigns(c, seen, out)
	}
}

// stringsShowPageCount reports whether a string-set value of the tree
// shows counter(pages): the margin boxes showing it need the page count.
func stringsShowPageCount(tree *box.Tree) bool {
	if tree == nil || tree.Root == nil || tree.Scanned && !tree.StringSets {
		return false
	}
	mark := box.PageCounterMark("pages", "")
	mark = mark[:strings.Index(mark, ":")+1]
	found := false
	tree.Root.Walk(func(b *box.Box) bool {
		for _, s := range b.Strings() {
			found = found || strings.Contains(s.Value, mark)
		}
		return !found
	})
	return found
}
