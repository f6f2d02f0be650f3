package ua

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// node is a structure element of a mini document. Elements with mcid
// true own one marked-content sequence painting a small rectangle.
type node struct {
	typ   string
	attrs pdfobj.Dict
	mcid  bool
	kids  []*node
}

func n(typ string, kids ...*node) *node { return &node{typ: typ, kids: kids} }

// leaf is an element owning content.
func leaf(typ string, attrs pdfobj.Dict) *node { return &node{typ: typ, attrs: attrs, mcid: true} }

func tableAttr(kv ...any) pdfobj.Dict {
	a := pdfobj.Dict{"O": pdfobj.Name("Table")}
	for i := 0; i+1 < len(kv); i += 2 {
		switch v := kv[i+1].(type) {
		case int:
			a[pdfobj.Name(kv[i].(string))] = pdfobj.Int(v)
		case string:
			a[pdfobj.Name(kv[i].(string))] = pdfobj.Name(v)
		case pdfobj.Object:
			a[pdfobj.Name(kv[i].(string))] = v
		}
	}
	return pdfobj.Dict{"A": a}
}

// mini configures a text-free document (paths only, so no font rules
// apply) with a catalog that satisfies every document-level rule.
type mini struct {
	tree     []*node
	roleMap  pdfobj.Dict
	classMap pdfobj.Dict
	// content is appended to the page content; resources are added to
	// the page resources.
	content   string
	resources func(w *pdfobj.Writer, elems map[string]pdfobj.Ref, add func(k int, v pdfobj.Object)) pdfobj.Dict
	// annots returns annotations; sp is the next free ParentTree key and
	// add registers a ParentTree entry.
	annots         func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(k int, v pdfobj.Object)) pdfobj.Array
	xmp            string
	noStructParent bool
	catalog        pdfobj.Dict
	// catalogFn returns more catalog entries, written with w.
	catalogFn func(w *pdfobj.Writer) pdfobj.Dict
	// noCatalogLang leaves /Lang out of the catalog.
	noCatalogLang bool
}

func (m mini) build(t testing.TB) []byte {
	t.Helper()
	w := pdfobj.NewWriter()
	w.Compress = false
	catalog, pagesRef, rootRef, pageRef := w.Alloc(), w.Alloc(), w.Alloc(), w.Alloc()
	var content bytes.Buffer
	var mcids pdfobj.Array
	elems := map[string]pdfobj.Ref{}
	counter := map[string]int{}
	var emit func(nd *node, parent pdfobj.Ref) pdfobj.Ref
	emit = func(nd *node, parent pdfobj.Ref) pdfobj.Ref {
		ref := w.Alloc()
		counter[nd.typ]++
		elems[fmt.Sprintf("%s%d", nd.typ, counter[nd.typ])] = ref
		d := pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name(nd.typ), "P": parent, "Pg": pageRef}
		for k, v := range nd.attrs {
			d[k] = v
		}
		var k pdfobj.Array
		if nd.mcid {
			id := len(mcids)
			mcids = append(mcids, ref)
			k = append(k, pdfobj.Int(id))
			fmt.Fprintf(&content, "/%s <</MCID %d>> BDC %d 0 5 5 re f EMC\n", strings.ReplaceAll(nd.typ, " ", ""), id, id*6)
		}
		for _, kid := range nd.kids {
			k = append(k, emit(kid, ref))
		}
		d["K"] = k
		w.Set(ref, d)
		return ref
	}
	var top pdfobj.Array
	for _, nd := range m.tree {
		top = append(top, emit(nd, rootRef))
	}
	content.WriteString(m.content)
	nums := pdfobj.Array{pdfobj.Int(0), mcids}
	add := func(k int, v pdfobj.Object) { nums = append(nums, pdfobj.Int(k), v) }
	res := pdfobj.Dict{}
	if m.resources != nil {
		res = m.resources(w, elems, add)
	}
	page := pdfobj.Dict{"Type": pdfobj.Name("Page"), "Parent": pagesRef, "MediaBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(200), pdfobj.Int(200)},
		"Resources": res, "StructParents": pdfobj.Int(0), "Tabs": pdfobj.Name("S"),
		"Contents": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: content.Bytes()})}
	if m.noStructParent {
		delete(page, "StructParents")
	}
	if m.annots != nil {
		page["Annots"] = m.annots(w, pageRef, elems, add)
	}
	w.Set(pageRef, page)
	w.Set(pagesRef, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": pdfobj.Array{pageRef}, "Count": pdfobj.Int(1)})
	str := pdfobj.Dict{"Type": pdfobj.Name("StructTreeRoot"), "K": top, "ParentTree": w.Add(pdfobj.Dict{"Nums": nums}), "ParentTreeNextKey": pdfobj.Int(100)}
	if m.roleMap != nil {
		str["RoleMap"] = m.roleMap
	}
	if m.classMap != nil {
		str["ClassMap"] = m.classMap
	}
	w.Set(rootRef, str)
	xmp := m.xmp
	if xmp == "" {
		xmp = xmpPacket("Mini", true)
	}
	cat := pdfobj.Dict{"Type": pdfobj.Name("Catalog"), "Pages": pagesRef, "Lang": pdfobj.String("en"),
		"MarkInfo": pdfobj.Dict{"Marked": pdfobj.Bool(true)}, "ViewerPreferences": pdfobj.Dict{"DisplayDocTitle": pdfobj.Bool(true)},
		"StructTreeRoot": rootRef,
		"Metadata":       w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("Metadata"), "Subtype": pdfobj.Name("XML")}, Data: []byte(xmp)})}
	for k, v := range m.catalog {
		cat[k] = v
	}
	if m.noCatalogLang {
		delete(cat, "Lang")
	}
	if m.catalogFn != nil {
		for k, v := range m.catalogFn(w) {
			cat[k] = v
		}
	}
	w.Set(catalog, cat)
	var out bytes.Buffer
	if _, err := w.WriteTo(&out, pdfobj.Trailer{Root: catalog}); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// miniCase is a mini document and the rules it must fail, in order (nil:
// none).
type miniCase struct {
	name string
	m    mini
	want []string
}

// runMiniCases audits each case's document and compares the failed rules.
func runMiniCases(t *testing.T, tests []miniCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := auditBytes(t, tt.m.build(t))
			got := failedRules(rep)
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("failed rules = %v, want %v%s", got, tt.want, describe(rep))
			}
		})
	}
}

func doc(kids ...*node) []*node { return []*node{n("Document", kids...)} }

func row(cells ...*node) *node { return n("TR", cells...) }

func TestStructureRules(t *testing.T) {
	th := func(kv ...any) *node { return leaf("TH", tableAttr(kv...)) }
	td := func(kv ...any) *node { return leaf("TD", tableAttr(kv...)) }
	ids := func(s ...string) pdfobj.Array {
		var a pdfobj.Array
		for _, x := range s {
			a = append(a, pdfobj.String(x))
		}
		return a
	}
	withID := func(nd *node, id string) *node { nd.attrs["ID"] = pdfobj.String(id); return nd }
	tests := []miniCase{
		{"regular table with spans", mini{tree: doc(n("Table",
			row(th("Scope", "Column", "ColSpan", 2), th("Scope", "Column")),
			row(td("RowSpan", 2), td(), td()),
			row(td(), td())))}, nil},
		{"THead/TBody/TFoot", mini{tree: doc(n("Table", leaf("Caption", nil),
			n("THead", row(th("Scope", "Column"))), n("TBody", row(td())), n("TFoot", row(td()))))}, nil},
		{"Div is transparent", mini{tree: doc(n("Table", n("Div", row(th("Scope", "Column"))), row(td())))}, nil},
		{"overlapping cells", mini{tree: doc(n("Table",
			row(th("Scope", "Column"), th("Scope", "Column")),
			row(td("RowSpan", 2), td()),
			row(td(), td(), td())))}, []string{"pdfua-7.2-42"}},
		{"row span past the end", mini{tree: doc(n("Table",
			row(th("Scope", "Column"), th("Scope", "Column")),
			row(td(), td("RowSpan", 3))))}, []string{"pdfua-7.2-41"}},
		{"cells overlap", mini{tree: doc(n("Table",
			row(td("ColSpan", 2), td("RowSpan", 2)),
			row(td(), td("ColSpan", 2))))}, []string{"pdfua-7.2-15"}},
		{"headers by ID", mini{tree: doc(n("Table",
			row(withID(th(), "h1"), withID(th(), "h2")),
			row(td("Headers", ids("h1")), td("Headers", ids("h2")))))}, nil},
		{"headers naming unknown IDs", mini{tree: doc(n("Table",
			row(withID(th(), "h1"), th()),
			row(td("Headers", ids("h1")), td("Headers", ids("nope")))))}, []string{"pdfua-7.5-2"}},
		{"row headers", mini{tree: doc(n("Table",
			row(th("Scope", "Row"), td()),
			row(th(), td())))}, []string{"pdfua-7.5-1"}},
		{"row headers scoped", mini{tree: doc(n("Table",
			row(th("Scope", "Row"), td()),
			row(th("Scope", "Row"), td())))}, nil},
		{"scope from class map", mini{tree: doc(n("Table",
			row(&node{typ: "TH", mcid: true, attrs: pdfobj.Dict{"C": pdfobj.Name("hdr")}}, th()),
			row(td(), td()))),
			classMap: pdfobj.Dict{"hdr": pdfobj.Dict{"O": pdfobj.Name("Table"), "Scope": pdfobj.Name("Column")}}}, []string{"pdfua-7.5-1"}},
		{"THead without TBody", mini{tree: doc(n("Table", n("THead", row(th("Scope", "Column"))), row(td())))}, []string{"pdfua-7.2-14"}},
		{"Caption in the middle", mini{tree: doc(n("Table", row(td()), leaf("Caption", nil), row(td())))}, []string{"pdfua-7.2-16"}},
		{"TD outside TR", mini{tree: doc(n("Table", row(td())), leaf("TD", nil))}, []string{"pdfua-7.2-9"}},
		{"P in a TR", mini{tree: doc(n("Table", row(td(), leaf("P", nil))))}, []string{"pdfua-7.2-10"}},
		{"list ok", mini{tree: doc(n("L", leaf("Caption", nil), n("LI", leaf("Lbl", nil), leaf("LBody", nil)), n("L", n("LI", leaf("LBody", nil)))))}, nil},
		{"LI outside L", mini{tree: doc(n("LI", leaf("LBody", nil)))}, []string{"pdfua-7.2-17"}},
		{"P directly in L", mini{tree: doc(n("L", leaf("P", nil)))}, []string{"pdfua-7.2-19"}},
		{"TOC ok", mini{tree: doc(n("TOC", n("TOCI", leaf("P", nil))))}, nil},
		{"TOCI outside TOC", mini{tree: doc(n("TOCI", leaf("P", nil)))}, []string{"pdfua-7.2-26"}},
		{"heading order ok", mini{tree: doc(leaf("H1", nil), leaf("H2", nil), leaf("H3", nil), leaf("H2", nil), leaf("H1", nil), leaf("H2", nil))}, nil},
		{"first heading H2", mini{tree: doc(leaf("H2", nil))}, []string{"pdfua-7.4.2-1"}},
		{"H and Hn mixed", mini{tree: doc(leaf("H1", nil), n("Sect", leaf("H", nil)))}, []string{"pdfua-7.4.4-2"}},
		{"two H in a node", mini{tree: doc(n("Sect", leaf("H", nil), leaf("H", nil)))}, []string{"pdfua-7.4.4-1"}},
		{"custom type mapped", mini{tree: doc(leaf("Heading1", nil), leaf("Para", nil)), roleMap: pdfobj.Dict{"Heading1": pdfobj.Name("H1"), "Para": pdfobj.Name("Custom"), "Custom": pdfobj.Name("P")}}, nil},
		{"custom type unmapped", mini{tree: doc(leaf("Para", nil))}, []string{"pdfua-7.1-5"}},
		{"circular role map", mini{tree: doc(leaf("A", nil)), roleMap: pdfobj.Dict{"A": pdfobj.Name("B"), "B": pdfobj.Name("A")}}, []string{"pdfua-7.1-5", "pdfua-7.1-6"}},
		{"identity role map", mini{tree: doc(leaf("P", nil)), roleMap: pdfobj.Dict{"P": pdfobj.Name("P")}}, []string{"pdfua-7.1-6"}},
		// The element's content is also written as /Artifact <</MCID 0>> BDC.
		{"Artifact is not a structure type", mini{tree: doc(leaf("Artifact", nil))}, []string{"pdfua-7.1-2", "pdfua-7.1-5"}},
		{"Formula without Alt", mini{tree: doc(leaf("Formula", nil))}, []string{"pdfua-7.7-1"}},
		{"Figure with ActualText", mini{tree: doc(leaf("Figure", pdfobj.Dict{"ActualText": pdfobj.String("x")}))}, nil},
		{"Figure with empty Alt", mini{tree: doc(leaf("Figure", pdfobj.Dict{"Alt": pdfobj.String("")}))}, []string{"pdfua-7.3-1"}},
		{"Notes", mini{tree: doc(leaf("Note", pdfobj.Dict{"ID": pdfobj.String("n1")}), leaf("Note", pdfobj.Dict{"ID": pdfobj.String("n1")}), leaf("Note", nil))}, []string{"pdfua-7.9-1", "pdfua-7.9-2"}},
		{"element Lang invalid", mini{tree: doc(leaf("P", pdfobj.Dict{"Lang": pdfobj.String("en_GB")}))}, []string{"pdfua-7.2-29"}},
		{"Alt without any Lang", mini{tree: doc(leaf("Figure", pdfobj.Dict{"Alt": pdfobj.String("x")})), catalog: pdfobj.Dict{"Lang": pdfobj.Int(1)}}, []string{"pdfua-7.2-22", "pdfua-7.2-33"}},
		{"Alt with ancestor Lang", mini{tree: doc(&node{typ: "Sect", attrs: pdfobj.Dict{"Lang": pdfobj.String("de")}, kids: []*node{leaf("Figure", pdfobj.Dict{"Alt": pdfobj.String("x")})}}),
			catalog: pdfobj.Dict{"Lang": pdfobj.Int(1)}, xmp: strings.Replace(xmpPacket("Mini", true), "</rdf:Alt>", "<rdf:li xml:lang=\"de\">Mini</rdf:li></rdf:Alt>", 1)}, nil},
		{"Suspects", mini{tree: doc(leaf("P", nil)), catalog: pdfobj.Dict{"MarkInfo": pdfobj.Dict{"Marked": pdfobj.Bool(true), "Suspects": pdfobj.Bool(true)}}}, []string{"pdfua-7.1-4"}},
		{"Marked missing", mini{tree: doc(leaf("P", nil)), catalog: pdfobj.Dict{"MarkInfo": pdfobj.Dict{}}}, []string{"pdfua-6.2-1"}},
		{"outlines without Lang", mini{tree: doc(leaf("P", nil)), catalog: pdfobj.Dict{"Lang": pdfobj.Int(0),
			"Outlines": pdfobj.Dict{"First": pdfobj.Dict{"Title": pdfobj.String("x")}}}}, []string{"pdfua-7.2-2", "pdfua-7.2-33"}},
		{"optional content", mini{tree: doc(leaf("P", nil)), catalog: pdfobj.Dict{"OCProperties": pdfobj.Dict{"D": pdfobj.Dict{"AS": pdfobj.Array{}}}}}, []string{"pdfua-7.10-1", "pdfua-7.10-2"}},
		{"page without StructParents", mini{tree: doc(leaf("P", nil)), noStructParent: true}, []string{"pdfua-7.1-3"}},
		{"MCID in artifact", mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC /P <</MCID 0>> BDC 0 0 1 1 re f EMC EMC\n"}, []string{"pdfua-7.1-2"}},
		{"invalid MC Lang", mini{tree: doc(leaf("P", nil)), content: "/Span <</Lang (x_y)>> BDC /Artifact BMC 0 0 1 1 re f EMC EMC\n"}, []string{"pdfua-7.2-29"}},
		{"clipping is not content", mini{tree: doc(leaf("P", nil)), content: "q 0 0 10 10 re W n Q 0 0 m 1 1 l n\n"}, nil},
	}
	runMiniCases(t, tests)
}
