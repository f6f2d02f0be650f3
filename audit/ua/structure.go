package ua

import (
	"strconv"
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// isStandard reports whether t is one of the PDF 1.7 standard structure
// types used by PDF/UA-1.
func isStandard(t string) bool {
	switch t {
	case "Document", "Part", "Art", "Sect", "Div", "BlockQuote", "Caption", "TOC", "TOCI", "Index", "NonStruct", "Private",
		"P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "L", "LI", "Lbl", "LBody", "Table", "TR", "TH", "TD", "THead", "TBody", "TFoot",
		"Span", "Quote", "Note", "Reference", "BibEntry", "Code", "Link", "Annot", "Ruby", "RB", "RT", "RP", "Warichu", "WT", "WP",
		"Figure", "Formula", "Form":
		return true
	}
	return false
}

func isPassThrough(t string) bool { return t == "NonStruct" || t == "Div" || t == "Part" }

// maxElements bounds the structure tree walk.
const maxElements = 1 << 20

// elem is a structure element.
type elem struct {
	ref    int // object number, 0 when direct
	dict   pdfobj.Dict
	typ    string // /S
	std    string // standard type after role mapping, "" when unresolved
	parent *elem  // nil for top-level elements (parent is the root)
	kids   []*elem
	page   int // from /Pg, 1-based, 0 unknown
	path   string
	objrs  []pdfobj.Object // OBJR targets
	mcids  int             // content item kids
}

// structTree is the parsed structure tree.
type structTree struct {
	rootRef    int
	root       pdfobj.Dict
	roleMap    map[string]string
	classMap   pdfobj.Dict
	parentTree map[int]pdfobj.Object
	top        []*elem
	all        []*elem // pre-order
	byRef      map[int]*elem
	reachable  map[int]bool // element object numbers whose /P chain reaches the root (cache)
}

func (c *checker) buildStructTree() {
	f := c.f
	rootObj := c.catalog["StructTreeRoot"]
	root, ok := f.Resolve(rootObj).(pdfobj.Dict)
	if !ok {
		return
	}
	st := &structTree{rootRef: objNum(rootObj), root: root, roleMap: map[string]string{}, byRef: map[int]*elem{}, reachable: map[int]bool{}}
	if rm, ok := f.Resolve(root["RoleMap"]).(pdfobj.Dict); ok {
		for k, v := range rm {
			if n, ok := f.Resolve(v).(pdfobj.Name); ok {
				st.roleMap[string(k)] = string(n)
			}
		}
	}
	st.classMap, _ = f.Resolve(root["ClassMap"]).(pdfobj.Dict)
	st.parentTree = f.NumberTree(root["ParentTree"])
	c.st = st
	visited := map[int]bool{}
	if st.rootRef != 0 {
		visited[st.rootRef] = true
	}
	counter := map[string]int{}
	var walk func(o pdfobj.Object, parent *elem, depth int, counter map[string]int)
	walk = func(o pdfobj.Object, parent *elem, depth int, counter map[string]int) {
		if depth > 256 || len(st.all) >= maxElements || c.tick() {
			return
		}
		if a, ok := o.(pdfobj.Array); ok {
			for _, k := range a {
				walk(k, parent, depth+1, counter)
			}
			return
		}
		ref := objNum(o)
		if ref != 0 && visited[ref] {
			return
		}
		v := f.Resolve(o)
		switch x := v.(type) {
		case pdfobj.Int:
			if parent != nil {
				parent.mcids++
			}
			return
		case pdfobj.Array:
			if ref != 0 {
				visited[ref] = true
			}
			for _, k := range x {
				walk(k, parent, depth+1, counter)
			}
			return
		case pdfobj.Dict:
			t, _ := x["Type"].(pdfobj.Name)
			if t == "MCR" {
				if parent != nil {
					parent.mcids++
					if pg := c.pageIndex[objNum(x["Pg"])]; parent.page == 0 && pg != 0 {
						parent.page = pg
					}
				}
				return
			}
			if t == "OBJR" {
				if parent != nil {
					parent.objrs = append(parent.objrs, x["Obj"])
				}
				return
			}
			s, hasS := f.Resolve(x["S"]).(pdfobj.Name)
			if !hasS && t != "StructElem" {
				return
			}
			if ref != 0 {
				visited[ref] = true
			}
			e := &elem{ref: ref, dict: x, typ: string(s), parent: parent}
			e.std = st.standardType(e.typ)
			if pg := objNum(x["Pg"]); pg != 0 {
				e.page = c.pageIndex[pg]
			}
			if e.page == 0 && parent != nil {
				e.page = parent.page
			}
			counter[e.typ]++
			seg := e.typ + "[" + strconv.Itoa(counter[e.typ]) + "]"
			if parent != nil {
				e.path = parent.path + "/" + seg
				parent.kids = append(parent.kids, e)
			} else {
				e.path = seg
				st.top = append(st.top, e)
			}
			st.all = append(st.all, e)
			if ref != 0 {
				st.byRef[ref] = e
			}
			kc := map[string]int{}
			walk(x["K"], e, depth+1, kc)
		}
	}
	walk(root["K"], nil, 0, counter)
	// Elements without /Pg take the page of their first content.
	for i := len(st.all) - 1; i >= 0; i-- {
		e := st.all[i]
		if e.page != 0 {
			continue
		}
		for _, k := range e.kids {
			if k.page != 0 {
				e.page = k.page
				break
			}
		}
	}
}

// standardType resolves t through the role map (§1.2 of the rules).
func (st *structTree) standardType(t string) string {
	seen := map[string]bool{}
	for i := 0; i < 64; i++ {
		next, mapped := st.roleMap[t]
		if isStandard(t) && (!mapped || seen[next]) {
			return t
		}
		if seen[t] || !mapped {
			return ""
		}
		seen[t] = true
		t = next
	}
	return ""
}

// circular reports whether the role-map chain from t revisits a type.
func (st *structTree) circular(t string) bool {
	seen := map[string]bool{}
	for i := 0; i < 64; i++ {
		if seen[t] {
			return true
		}
		seen[t] = true
		next, ok := st.roleMap[t]
		if !ok {
			return false
		}
		t = next
	}
	return true
}

// kidTypes lists the standard types of e's kids, flattening pass-through
// elements and dropping unresolved ones.
func kidTypes(e *elem) []string {
	kids := kidElems(e)
	out := make([]string, len(kids))
	for i, k := range kids {
		out[i] = k.std
	}
	return out
}

// kidElems lists e's kids, flattening pass-through elements (up to 64
// levels) and dropping unresolved ones.
func kidElems(e *elem) []*elem {
	var out []*elem
	var add func(k *elem, depth int)
	add = func(k *elem, depth int) {
		if isPassThrough(k.std) && depth < 64 {
			for _, g := range k.kids {
				add(g, depth+1)
			}
			return
		}
		if k.std != "" {
			out = append(out, k)
		}
	}
	for _, k := range e.kids {
		add(k, 0)
	}
	return out
}

// parentType is the standard type of the nearest non-pass-through
// ancestor, "StructTreeRoot" at the top.
func parentType(e *elem) string {
	for p := e.parent; p != nil; p = p.parent {
		if !isPassThrough(p.std) {
			return p.std
		}
	}
	return "StructTreeRoot"
}

func count(list []string, t string) int {
	n := 0
	for _, x := range list {
		if x == t {
			n++
		}
	}
	return n
}

func onlyOf(list []string, allowed ...string) bool {
	for _, x := range list {
		ok := false
		for _, a := range allowed {
			if x == a {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// captionOnlyFirst reports whether Caption appears only as the first kid.
func captionOnlyFirst(list []string) bool {
	for i, x := range list {
		if i > 0 && x == "Caption" {
			return false
		}
	}
	return true
}

func (c *checker) elemLoc(e *elem) loc { return loc{page: e.page, obj: e.ref, path: e.path} }

// hasLang reports whether e or an ancestor has /Lang.
func (c *checker) inheritedLang(e *elem) bool {
	for p, n := e, 0; p != nil && n < 512; p, n = p.parent, n+1 {
		if p.dict["Lang"] != nil {
			return true
		}
	}
	return false
}

func (c *checker) text(o pdfobj.Object) (string, bool) {
	switch v := c.f.Resolve(o).(type) {
	case pdfobj.String, pdfobj.HexString:
		return pdfobj.Text(v), true
	}
	return "", false
}

// checkStructure runs the structure-tree rules in pre-order.
func (c *checker) checkStructure() {
	st := c.st
	if st == nil {
		return
	}
	f := c.f
	lastLevel := 0
	usesH, usesHn := false, false
	noteIDs := map[string]int{}
	for _, e := range st.all {
		if c.tick() {
			return
		}
		l := c.elemLoc(e)
		d := e.dict
		c.check("pdfua-7.1-12", d["P"] != nil, l, "structure element %s has no /P (parent) entry", e.typ)
		if !isStandard(e.typ) || st.roleMap[e.typ] != "" {
			circ := st.circular(e.typ)
			c.check("pdfua-7.1-6", !circ, l, "the role mapping of %s is circular", e.typ)
			if isStandard(e.typ) {
				to := st.roleMap[e.typ]
				c.check("pdfua-7.1-7", to == e.typ, l, "the standard type %s is remapped to %s in the /RoleMap", e.typ, to)
			}
		} else {
			c.pass("pdfua-7.1-6")
		}
		if !isStandard(e.typ) {
			c.check("pdfua-7.1-5", e.std != "", l, "structure type %q is not mapped to a standard type", e.typ)
		}
		if lo := d["Lang"]; lo != nil {
			lang, _ := c.text(lo)
			c.checkLang(lang, l, "structure element "+e.typ)
		}
		langOK := c.catalogLang || c.inheritedLang(e)
		for _, a := range []struct{ key, id string }{{"ActualText", "pdfua-7.2-21"}, {"Alt", "pdfua-7.2-22"}, {"E", "pdfua-7.2-23"}} {
			if d[pdfobj.Name(a.key)] != nil {
				c.check(a.id, langOK, l, "the language of %s's /%s cannot be determined (no /Lang on it, its ancestors or the catalog)", e.typ, a.key)
			}
		}
		kids := kidTypes(e)
		if count(kids, "H") > 1 {
			c.fail("pdfua-7.4.4-1", l, "%s has %d H children", e.typ, count(kids, "H"))
		} else {
			c.pass("pdfua-7.4.4-1")
		}
		switch e.std {
		case "H":
			c.check("pdfua-7.4.4-2", !usesHn, l, "H is used in a document that also uses H1–H6")
			usesH = true
		case "H1", "H2", "H3", "H4", "H5", "H6":
			level := int(e.std[1] - '0')
			c.check("pdfua-7.4.2-1", level <= lastLevel+1, l, "heading %s follows %s: a level is skipped", e.std, headingName(lastLevel))
			lastLevel = level
			c.check("pdfua-7.4.4-3", !usesH, l, "%s is used in a document that also uses H", e.std)
			usesHn = true
		case "Table":
			c.check("pdfua-7.2-3", onlyOf(kids, "TR", "THead", "TBody", "TFoot", "Caption"), l, "Table has children other than TR, THead, TBody, TFoot and Caption: %s", strings.Join(kids, ", "))
			c.check("pdfua-7.2-11", count(kids, "THead") <= 1, l, "Table has %d THead children", count(kids, "THead"))
			c.check("pdfua-7.2-12", count(kids, "TFoot") <= 1, l, "Table has %d TFoot children", count(kids, "TFoot"))
			c.check("pdfua-7.2-13", count(kids, "TFoot") == 0 || count(kids, "TBody") > 0, l, "Table has a TFoot but no TBody")
			c.check("pdfua-7.2-14", count(kids, "THead") == 0 || count(kids, "TBody") > 0, l, "Table has a THead but no TBody")
			c.check("pdfua-7.2-16", middleCaptionFree(kids), l, "the table Caption is neither the first nor the last child")
			c.check("pdfua-7.2-39", count(kids, "Caption") < 2, l, "Table has %d Caption children", count(kids, "Caption"))
			c.checkTable(e)
		case "TR":
			c.check("pdfua-7.2-4", oneOf(parentType(e), "Table", "THead", "TBody", "TFoot"), l, "TR is inside %s instead of Table, THead, TBody or TFoot", parentType(e))
			c.check("pdfua-7.2-10", onlyOf(kids, "TH", "TD"), l, "TR has children other than TH and TD: %s", strings.Join(kids, ", "))
		case "THead", "TBody", "TFoot":
			id := map[string]string{"THead": "pdfua-7.2-5", "TBody": "pdfua-7.2-6", "TFoot": "pdfua-7.2-7"}[e.std]
			c.check(id, parentType(e) == "Table", l, "%s is inside %s instead of Table", e.std, parentType(e))
			id = map[string]string{"THead": "pdfua-7.2-36", "TBody": "pdfua-7.2-37", "TFoot": "pdfua-7.2-38"}[e.std]
			c.check(id, onlyOf(kids, "TR"), l, "%s has children other than TR: %s", e.std, strings.Join(kids, ", "))
		case "TH":
			c.check("pdfua-7.2-8", parentType(e) == "TR", l, "TH is inside %s instead of TR", parentType(e))
		case "TD":
			c.check("pdfua-7.2-9", parentType(e) == "TR", l, "TD is inside %s instead of TR", parentType(e))
		case "L":
			c.check("pdfua-7.2-19", onlyOf(kids, "L", "LI", "Caption"), l, "L has children other than L, LI and Caption: %s", strings.Join(kids, ", "))
			c.check("pdfua-7.2-40", captionOnlyFirst(kids), l, "the list Caption is not the first child")
		case "LI":
			c.check("pdfua-7.2-17", parentType(e) == "L", l, "LI is inside %s instead of L", parentType(e))
			c.check("pdfua-7.2-20", onlyOf(kids, "Lbl", "LBody"), l, "LI has children other than Lbl and LBody: %s", strings.Join(kids, ", "))
		case "LBody":
			c.check("pdfua-7.2-18", parentType(e) == "LI", l, "LBody is inside %s instead of LI", parentType(e))
		case "TOC":
			c.check("pdfua-7.2-27", onlyOf(kids, "TOC", "TOCI", "Caption"), l, "TOC has children other than TOC, TOCI and Caption: %s", strings.Join(kids, ", "))
			c.check("pdfua-7.2-28", captionOnlyFirst(kids), l, "the TOC Caption is not the first child")
		case "TOCI":
			c.check("pdfua-7.2-26", parentType(e) == "TOC", l, "TOCI is inside %s instead of TOC", parentType(e))
		case "Figure", "Formula":
			alt, _ := c.text(d["Alt"])
			ok := alt != "" || d["ActualText"] != nil
			if e.std == "Figure" {
				c.check("pdfua-7.3-1", ok, l, "Figure has no alternate text (/Alt)")
			} else {
				c.check("pdfua-7.7-1", ok, l, "Formula has no alternate text (/Alt)")
			}
		case "Note":
			id, _ := c.text(d["ID"])
			c.check("pdfua-7.9-1", id != "", l, "Note has no /ID")
			if id != "" {
				noteIDs[id]++
				c.check("pdfua-7.9-2", noteIDs[id] == 1, l, "Note /ID %q is used by another Note", clipStr(id))
			}
		case "Form":
			role := c.attr(e, "PrintField", "Role") != nil
			oneWidget := len(e.kids) == 0 && e.mcids == 0 && len(e.objrs) == 1
			if oneWidget {
				w, _ := f.Resolve(e.objrs[0]).(pdfobj.Dict)
				oneWidget = w["Subtype"] == pdfobj.Name("Widget")
			}
			c.check("pdfua-7.18.4-2", role || oneWidget, l, "Form element has neither a PrintField /Role nor exactly one widget OBJR child")
		}
	}
}

func middleCaptionFree(kids []string) bool {
	for i, k := range kids {
		if k == "Caption" && i > 0 && i < len(kids)-1 {
			return false
		}
	}
	return true
}

func oneOf(s string, list ...string) bool {
	for _, x := range list {
		if s == x {
			return true
		}
	}
	return false
}

func headingName(level int) string {
	if level == 0 {
		return "the start of the document"
	}
	return "H" + strconv.Itoa(level)
}

// attr reads an attribute of owner o from /A (dict or array with revision
// numbers) or, failing that, from the class map entries named by /C.
func (c *checker) attr(e *elem, owner, key string) pdfobj.Object {
	f := c.f
	look := func(o pdfobj.Object) pdfobj.Object {
		d, ok := f.Resolve(o).(pdfobj.Dict)
		if !ok || d["O"] != pdfobj.Name(owner) {
			return nil
		}
		return f.Resolve(d[pdfobj.Name(key)])
	}
	switch a := f.Resolve(e.dict["A"]).(type) {
	case pdfobj.Dict:
		if v := look(a); v != nil {
			return v
		}
	case pdfobj.Array:
		for _, x := range a {
			if v := look(x); v != nil {
				return v
			}
		}
	}
	if c.st.classMap == nil {
		return nil
	}
	var classes []pdfobj.Name
	switch cl := f.Resolve(e.dict["C"]).(type) {
	case pdfobj.Name:
		classes = []pdfobj.Name{cl}
	case pdfobj.Array:
		for _, x := range cl {
			if n, ok := f.Resolve(x).(pdfobj.Name); ok {
				classes = append(classes, n)
			}
		}
	}
	for _, cn := range classes {
		switch a := f.Resolve(c.st.classMap[cn]).(type) {
		case pdfobj.Dict:
			if v := look(a); v != nil {
				return v
			}
		case pdfobj.Array:
			for _, x := range a {
				if v := look(x); v != nil {
					return v
				}
			}
		}
	}
	return nil
}

// reachesRoot reports whether the struct element o's /P chain reaches a
// dictionary with /Type /StructTreeRoot (isTaggedContent, §1.3).
func (c *checker) reachesRoot(o pdfobj.Object) bool {
	if c.st == nil {
		return false
	}
	ref := objNum(o)
	if ref != 0 {
		if v, ok := c.st.reachable[ref]; ok {
			return v
		}
	}
	res := false
	seen := map[int]bool{}
	cur := o
	for i := 0; i < 1024; i++ {
		if r := objNum(cur); r != 0 {
			if seen[r] {
				break
			}
			seen[r] = true
		}
		d, ok := c.f.Resolve(cur).(pdfobj.Dict)
		if !ok {
			break
		}
		if d["Type"] == pdfobj.Name("StructTreeRoot") {
			res = i > 0
			break
		}
		cur = d["P"]
		if cur == nil {
			break
		}
	}
	if ref != 0 {
		c.st.reachable[ref] = res
	}
	return res
}

// parentTreeElem returns ParentTree[key] (a struct element for annotations
// and forms with /StructParent).
func (c *checker) parentTreeEntry(key int) pdfobj.Object {
	if c.st == nil {
		return nil
	}
	return c.st.parentTree[key]
}

// elemOf returns the parsed element for a reference, if it is in the tree.
func (c *checker) elemOf(o pdfobj.Object) *elem {
	if c.st == nil {
		return nil
	}
	return c.st.byRef[objNum(o)]
}

// stdTypeOf returns the standard type of a struct element object.
func (c *checker) stdTypeOf(o pdfobj.Object) string {
	if e := c.elemOf(o); e != nil {
		return e.std
	}
	d, ok := c.f.Resolve(o).(pdfobj.Dict)
	if !ok || c.st == nil {
		return ""
	}
	s, _ := c.f.Resolve(d["S"]).(pdfobj.Name)
	return c.st.standardType(string(s))
}
