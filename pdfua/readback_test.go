package pdfua

import (
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestReadBack reads the three-page document with pdfobj's reader and
// checks the catalog, that every MCID of every page resolves through the
// ParentTree to an element whose /K lists it, that every painting operator
// is inside tagged content or an artifact and that marked content never
// nests, and that every link annotation resolves to a Link element.
func TestReadBack(t *testing.T) {
	data, err := buildTestDocument(t).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := pdfobj.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	cat := f.Root()
	if got := f.Resolve(cat["Lang"]); pdfobj.Format(got) != "(en-US)" {
		t.Errorf("/Lang = %s", pdfobj.Format(got))
	}
	if mi, _ := f.Resolve(cat["MarkInfo"]).(pdfobj.Dict); mi["Marked"] != pdfobj.Bool(true) {
		t.Errorf("/MarkInfo = %s", pdfobj.Format(mi))
	}
	if vp, _ := f.Resolve(cat["ViewerPreferences"]).(pdfobj.Dict); vp["DisplayDocTitle"] != pdfobj.Bool(true) {
		t.Errorf("/ViewerPreferences = %s", pdfobj.Format(vp))
	}
	if cat["PageMode"] != pdfobj.Name("UseOutlines") || cat["Outlines"] == nil {
		t.Errorf("/PageMode = %v, /Outlines = %v", cat["PageMode"], cat["Outlines"])
	}
	if meta, _ := f.Resolve(cat["Metadata"]).(*pdfobj.Stream); meta == nil ||
		meta.Dict["Type"] != pdfobj.Name("Metadata") || meta.Dict["Subtype"] != pdfobj.Name("XML") || meta.Dict["Filter"] != nil {
		t.Errorf("/Metadata is not an uncompressed /Type /Metadata /Subtype /XML stream")
	}
	str, _ := f.Resolve(cat["StructTreeRoot"]).(pdfobj.Dict)
	if str["Type"] != pdfobj.Name("StructTreeRoot") {
		t.Fatalf("StructTreeRoot = %s", pdfobj.Format(str))
	}
	parentTree := f.NumberTree(f.Resolve(str["ParentTree"]))
	if next, _ := str["ParentTreeNextKey"].(pdfobj.Int); int(next) != len(parentTree) {
		t.Errorf("ParentTreeNextKey %d, ParentTree has %d keys", next, len(parentTree))
	}

	// reachesRoot follows /P up to the StructTreeRoot.
	reachesRoot := func(o pdfobj.Object) bool {
		for i := 0; i < 100; i++ {
			d, _ := f.Resolve(o).(pdfobj.Dict)
			if d == nil {
				return false
			}
			if d["Type"] == pdfobj.Name("StructTreeRoot") {
				return true
			}
			o = d["P"]
		}
		return false
	}

	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	for _, pg := range pages {
		n := pg.Dict["StructParents"].(pdfobj.Int)
		if pg.Dict["Tabs"] != pdfobj.Name("S") {
			t.Errorf("page %d: /Tabs = %v", n, pg.Dict["Tabs"])
		}
		mcids, _ := f.Resolve(parentTree[int(n)]).(pdfobj.Array)
		content, err := f.DecodeStream(f.Resolve(pg.Dict["Contents"]).(*pdfobj.Stream))
		if err != nil {
			t.Fatal(err)
		}
		ops, err := pdfobj.ParseContent(content)
		if err != nil {
			t.Fatal(err)
		}
		var stack []string // tags of open sequences
		tagged, artifact := 0, 0
		seen := 0
		for _, op := range ops {
			switch op.Operator {
			case "BMC", "BDC":
				tag := string(op.Operands[0].(pdfobj.Name))
				props, _ := f.Resolve(op.Operands[len(op.Operands)-1]).(pdfobj.Dict)
				if mcid, ok := props["MCID"].(pdfobj.Int); ok {
					if tagged+artifact > 0 {
						t.Errorf("page %d: MCID %d opened inside %v", n, mcid, stack)
					}
					tagged++
					seen++
					if int(mcid) >= len(mcids) {
						t.Errorf("page %d: MCID %d not in the ParentTree (%d entries)", n, mcid, len(mcids))
						break
					}
					elemRef := mcids[mcid].(pdfobj.Ref)
					if !reachesRoot(elemRef) {
						t.Errorf("page %d: MCID %d element does not reach the StructTreeRoot", n, mcid)
					}
					elem := f.Resolve(elemRef).(pdfobj.Dict)
					if !kidsList(f, elem, pg.Ref, int(mcid)) {
						t.Errorf("page %d: element %s /K does not list MCID %d", n, pdfobj.Format(elem["S"]), mcid)
					}
				} else if tag == "Artifact" {
					if tagged > 0 || artifact > 0 {
						t.Errorf("page %d: artifact opened inside %v", n, stack)
					}
					artifact++
				}
				stack = append(stack, tag)
			case "EMC":
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if top == "Artifact" {
					artifact--
				} else if top != "Span" {
					tagged--
				}
			case "Tj", "TJ", "'", "\"", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Do", "sh":
				if tagged == 0 && artifact == 0 {
					t.Errorf("page %d: %s outside tagged content and artifacts", n, op.Operator)
				}
			}
		}
		if seen != len(mcids) {
			t.Errorf("page %d: %d MCIDs in content, %d in the ParentTree", n, seen, len(mcids))
		}
		annots, _ := f.Resolve(pg.Dict["Annots"]).(pdfobj.Array)
		for _, a := range annots {
			ad := f.Resolve(a).(pdfobj.Dict)
			sp := ad["StructParent"].(pdfobj.Int)
			elem, _ := f.Resolve(parentTree[int(sp)]).(pdfobj.Dict)
			if elem["S"] != pdfobj.Name("Link") {
				t.Errorf("annotation StructParent %d resolves to %s, want a Link element", sp, pdfobj.Format(elem))
			}
			if c, _ := ad["Contents"].(pdfobj.String); len(c) == 0 {
				t.Errorf("annotation StructParent %d has empty /Contents", sp)
			}
		}
	}
	if len(pages) != 3 {
		t.Errorf("%d pages, want 3", len(pages))
	}
}

// kidsList reports whether elem's /K lists MCID mcid on page pg.
func kidsList(f *pdfobj.File, elem pdfobj.Dict, pg pdfobj.Ref, mcid int) bool {
	kids, ok := elem["K"].(pdfobj.Array)
	if !ok {
		kids = pdfobj.Array{elem["K"]}
	}
	for _, k := range kids {
		switch v := f.Resolve(k).(type) {
		case pdfobj.Int:
			if int(v) == mcid && elem["Pg"] == pg {
				return true
			}
		case pdfobj.Dict:
			if v["Type"] == pdfobj.Name("MCR") && v["MCID"] == pdfobj.Int(mcid) && v["Pg"] == pg {
				return true
			}
		}
	}
	return false
}
