package pdfobj

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sampleDoc writes a three-page document whose page tree inherits
// /Resources and /MediaBox, with a number tree split over kids and a name
// tree, and returns its bytes.
func sampleDoc(t testing.TB) []byte {
	t.Helper()
	w := NewWriter()
	catalog := w.Alloc()
	pagesRef := w.Alloc()
	font := w.Add(Dict{"Type": Name("Font"), "Subtype": Name("Type1"), "BaseFont": Name("Helvetica")})
	var kids Array
	for i := 0; i < 3; i++ {
		content := w.Add(&Stream{Dict: Dict{}, Data: []byte(fmt.Sprintf("BT /F1 12 Tf 72 700 Td (Page %d) Tj ET\n%s", i+1, strings.Repeat("0 0 m 10 10 l S\n", 10)))})
		page := Dict{"Type": Name("Page"), "Parent": pagesRef, "Contents": content}
		if i == 2 {
			page["MediaBox"] = Array{Int(0), Int(0), Int(300), Real(400.5)}
		}
		kids = append(kids, w.Add(page))
	}
	w.Set(pagesRef, Dict{"Type": Name("Pages"), "Kids": kids, "Count": Int(3),
		"MediaBox":  Array{Int(0), Int(0), Int(595), Int(842)},
		"Resources": Dict{"Font": Dict{"F1": font}}})
	leafA := w.Add(Dict{"Limits": Array{Int(0), Int(1)}, "Nums": Array{Int(0), String("zero"), Int(1), String("one")}})
	leafB := w.Add(Dict{"Limits": Array{Int(5), Int(7)}, "Nums": Array{Int(5), String("five"), Int(7), Ref{Num: 999}}})
	numTree := w.Add(Dict{"Kids": Array{leafA, leafB}})
	names := w.Add(Dict{"Kids": Array{w.Add(Dict{"Limits": Array{String("a"), String("b")}, "Names": Array{String("a"), Int(1), String("b"), Int(2)}})}})
	w.Set(catalog, Dict{"Type": Name("Catalog"), "Pages": pagesRef, "PageLabels": numTree, "Names": Dict{"Dests": names}})
	info := w.Add(Dict{"Title": TextString("Tëst")})
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf, Trailer{Root: catalog, Info: info, ID: []byte("0123456789abcdef")}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func startxref(t testing.TB, data []byte) int {
	t.Helper()
	i := bytes.LastIndex(data, []byte("startxref"))
	var n int
	if _, err := fmt.Sscan(strings.Fields(string(data[i+len("startxref"):]))[0], &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func requireTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is required for this test but is not installed (apt-get install %s)", name, name)
	}
	return p
}

func runQpdf(t testing.TB, in []byte, args ...string) []byte {
	t.Helper()
	qpdf := requireTool(t, "qpdf")
	dir := t.TempDir()
	src := filepath.Join(dir, "in.pdf")
	dst := filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(src, in, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(qpdf, append(append(args, src), dst)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("qpdf %v: %v\n%s", args, err, out)
	}
	out, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWriterXrefOffsets(t *testing.T) {
	data := sampleDoc(t)
	xref := startxref(t, data)
	if !bytes.HasPrefix(data[xref:], []byte("xref\n")) {
		t.Fatalf("startxref %d does not point at the xref table", xref)
	}
	lines := strings.Split(string(data[xref:]), "\n")
	var n int
	fmt.Sscanf(lines[1], "0 %d", &n)
	for num := 1; num < n; num++ {
		entry := lines[2+num]
		if len(entry) != 19 { // 20 bytes with the \n
			t.Fatalf("entry %d is %q, not 20 bytes", num, entry)
		}
		var off int
		fmt.Sscanf(entry, "%d", &off)
		want := fmt.Sprintf("%d 0 obj\n", num)
		if !bytes.HasPrefix(data[off:], []byte(want)) {
			t.Errorf("object %d: offset %d holds %q", num, off, data[off:off+12])
		}
	}
	qpdf := requireTool(t, "qpdf")
	path := filepath.Join(t.TempDir(), "w.pdf")
	os.WriteFile(path, data, 0o644)
	out, err := exec.Command(qpdf, "--check", path).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "No syntax or stream encoding errors") {
		t.Fatalf("qpdf --check: %v\n%s", err, out)
	}
}

// checkSample verifies what the reader sees in sampleDoc, however the
// file was rewritten.
func checkSample(t *testing.T, data []byte) {
	t.Helper()
	f, err := Open(data)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if f.Version() == "" || !strings.HasPrefix(f.Header(), "%PDF-1.") {
		t.Errorf("version %q header %q", f.Version(), f.Header())
	}
	if got := Text(f.Info()["Title"]); got != "Tëst" {
		t.Errorf("Info Title = %q", got)
	}
	pages, err := f.Pages()
	if err != nil || len(pages) != 3 {
		t.Fatalf("Pages = %d, %v", len(pages), err)
	}
	if pages[0].MediaBox != [4]float64{0, 0, 595, 842} || pages[2].MediaBox != [4]float64{0, 0, 300, 400.5} {
		t.Errorf("MediaBox inheritance: %v %v", pages[0].MediaBox, pages[2].MediaBox)
	}
	for i, p := range pages {
		fonts, _ := f.Resolve(p.Resources["Font"]).(Dict)
		fd, _ := f.Resolve(fonts["F1"]).(Dict)
		if fd["BaseFont"] != Name("Helvetica") {
			t.Errorf("page %d: inherited font resource missing: %v", i+1, p.Resources)
		}
		s, ok := f.Resolve(p.Dict["Contents"]).(*Stream)
		if !ok {
			t.Fatalf("page %d: no content stream", i+1)
		}
		data, err := f.DecodeStream(s)
		if err != nil {
			t.Fatalf("page %d: decode: %v", i+1, err)
		}
		ops, err := ParseContent(data)
		if err != nil {
			t.Fatalf("page %d: content: %v", i+1, err)
		}
		var shown string
		for _, op := range ops {
			if op.Operator == "Tj" {
				shown = Text(op.Operands[0])
			}
		}
		if shown != fmt.Sprintf("Page %d", i+1) {
			t.Errorf("page %d shows %q", i+1, shown)
		}
	}
	root := f.Root()
	nt := f.NumberTree(root["PageLabels"])
	if len(nt) != 4 || Text(f.Resolve(nt[5])) != "five" {
		t.Errorf("NumberTree = %v", nt)
	}
	if v, ok := f.LookupNumber(root["PageLabels"], 1); !ok || Text(f.Resolve(v)) != "one" {
		t.Errorf("LookupNumber(1) = %v %v", v, ok)
	}
	if _, ok := f.LookupNumber(root["PageLabels"], 6); ok {
		t.Errorf("LookupNumber(6) found a missing key")
	}
	if v, ok := f.LookupNumber(root["PageLabels"], 7); !ok || (f.Resolve(v) != nil && f.Resolve(v) != Object(Null{})) {
		t.Errorf("LookupNumber(7) = %v %v, want a dangling ref resolving to nil", v, ok)
	}
	names, _ := f.Resolve(root["Names"]).(Dict)
	if v, ok := f.LookupName(names["Dests"], "b"); !ok || f.Resolve(v) != Int(2) {
		t.Errorf("LookupName(b) = %v %v", v, ok)
	}
	id1, id2 := f.ID()
	if len(id1) == 0 || len(id2) == 0 {
		t.Errorf("ID missing")
	}
}

func TestReadWriterOutput(t *testing.T) {
	f, err := Open(sampleDoc(t))
	if err != nil {
		t.Fatal(err)
	}
	if f.Repaired() {
		t.Errorf("writer output needed repair: %v", f.Warnings())
	}
	checkSample(t, sampleDoc(t))
}

func TestReadQpdfRewrites(t *testing.T) {
	for _, args := range [][]string{
		{"--object-streams=generate"},
		{"--object-streams=generate", "--compress-streams=y", "--stream-data=compress"},
		{"--qdf", "--object-streams=disable"},
		{"--object-streams=generate", "--linearize"},
		{"--stream-data=uncompress", "--object-streams=preserve"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out := runQpdf(t, sampleDoc(t), args...)
			if args[0] == "--object-streams=generate" && !bytes.Contains(out, []byte("/ObjStm")) {
				t.Fatalf("qpdf output has no object streams")
			}
			f, err := Open(out)
			if err != nil {
				t.Fatal(err)
			}
			if f.Repaired() {
				t.Errorf("qpdf output needed repair: %v", f.Warnings())
			}
			checkSample(t, out)
		})
	}
}

// TestIncrementalUpdate appends a revision (classic table with /Prev) that
// redefines the Info dictionary; the newest definition must win.
func TestIncrementalUpdate(t *testing.T) {
	base := sampleDoc(t)
	f, _ := Open(base)
	infoRef := f.Trailer()["Info"].(Ref)
	rootRef := f.Trailer()["Root"].(Ref)
	prev := startxref(t, base)
	var b bytes.Buffer
	b.Write(base)
	off := b.Len()
	fmt.Fprintf(&b, "%d 0 obj\n<</Title (Updated)>>\nendobj\n", infoRef.Num)
	x := b.Len()
	fmt.Fprintf(&b, "xref\n%d 1\n%010d 00000 n \ntrailer\n<</Size %d /Root %d 0 R /Info %d 0 R /Prev %d>>\nstartxref\n%d\n%%%%EOF\n",
		infoRef.Num, off, f.Trailer()["Size"].(Int), rootRef.Num, infoRef.Num, prev, x)
	g, err := Open(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if g.Repaired() {
		t.Fatalf("repaired: %v", g.Warnings())
	}
	if got := Text(g.Info()["Title"]); got != "Updated" {
		t.Errorf("Title = %q, want the updated one", got)
	}
	if _, err := g.Pages(); err != nil {
		t.Errorf("older objects lost: %v", err)
	}
	// The same update run through qpdf as an xref stream.
	out := runQpdf(t, b.Bytes(), "--object-streams=generate")
	h, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := Text(h.Info()["Title"]); got != "Updated" {
		t.Errorf("qpdf rewrite Title = %q", got)
	}
}

// xrefStreamUpdate builds a file whose second revision is an xref stream
// with /Index and /Prev, written by hand so /W and /Index are exercised.
func TestXrefStreamWithIndexAndPrev(t *testing.T) {
	base := sampleDoc(t)
	f, _ := Open(base)
	infoRef := f.Trailer()["Info"].(Ref)
	rootRef := f.Trailer()["Root"].(Ref)
	size := int(f.Trailer()["Size"].(Int))
	prev := startxref(t, base)
	var b bytes.Buffer
	b.Write(base)
	off := b.Len()
	fmt.Fprintf(&b, "%d 0 obj\n<</Title (ViaStream)>>\nendobj\n", infoRef.Num)
	x := b.Len()
	// Entries: the info object (type 1) and the xref stream itself.
	rows := []byte{1, byte(off >> 16), byte(off >> 8), byte(off), 0, 1, byte(x >> 16), byte(x >> 8), byte(x), 0}
	hexRows := fmt.Sprintf("%X", rows)
	d := fmt.Sprintf("<</Type/XRef/W[1 3 1]/Index[%d 1 %d 1]/Size %d/Root %d 0 R/Info %d 0 R/Prev %d/Filter/ASCIIHexDecode/Length %d>>",
		infoRef.Num, size, size+1, rootRef.Num, infoRef.Num, prev, len(hexRows)+1)
	fmt.Fprintf(&b, "%d 0 obj\n%s\nstream\n%s>\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", size, d, hexRows, x)
	g, err := Open(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if g.Repaired() {
		t.Fatalf("repaired: %v", g.Warnings())
	}
	if got := Text(g.Info()["Title"]); got != "ViaStream" {
		t.Errorf("Title = %q", got)
	}
	if pages, err := g.Pages(); err != nil || len(pages) != 3 {
		t.Errorf("pages %d %v", len(pages), err)
	}
}

func TestHostileFiles(t *testing.T) {
	base := sampleDoc(t)
	xrefAt := bytes.LastIndex(base, []byte("xref\n0 "))
	tests := []struct {
		name   string
		data   []byte
		repair bool
		pages  int
		err    error
	}{
		{"truncated tail", base[:len(base)-200], true, 3, nil},
		{"truncated before xref", base[:xrefAt], true, 3, nil},
		{"garbage startxref", append(append([]byte{}, base[:len(base)-12]...), []byte("99999999\n%%EOF\n")...), true, 3, nil},
		{"prev loop", bytes.Replace(base, []byte("/Root"), []byte(fmt.Sprintf("/Prev %d/Root", xrefAt)), 1), false, 3, nil},
		{"not a pdf", []byte("hello world, this is text"), false, 0, ErrNotPDF},
		{"empty", nil, false, 0, ErrNotPDF},
		{"header only", []byte("%PDF-1.7\n"), false, 0, errors.New("any")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Open(tt.data)
			if tt.err != nil {
				if err == nil {
					t.Fatalf("Open succeeded, want error")
				}
				if errors.Is(tt.err, ErrNotPDF) && !errors.Is(err, ErrNotPDF) {
					t.Fatalf("err = %v, want ErrNotPDF", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			if f.Repaired() != tt.repair {
				t.Errorf("Repaired = %v, want %v (%v)", f.Repaired(), tt.repair, f.Warnings())
			}
			pages, _ := f.Pages()
			if len(pages) != tt.pages {
				t.Errorf("pages = %d, want %d", len(pages), tt.pages)
			}
		})
	}
}

func TestHugeDeclaredLength(t *testing.T) {
	doc := "%PDF-1.7\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n2 0 obj\n<</Type/Pages/Kids[3 0 R]/Count 1>>\nendobj\n" +
		"3 0 obj\n<</Type/Page/Parent 2 0 R/Contents 4 0 R>>\nendobj\n" +
		"4 0 obj\n<</Length 1073741824>>\nstream\n0 0 m 1 1 l S\nendstream\nendobj\n"
	doc += "trailer\n<</Root 1 0 R>>\n%%EOF\n"
	f, err := Open([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	s, ok := f.Resolve(Ref{Num: 4}).(*Stream)
	if !ok {
		t.Fatal("stream not read")
	}
	if string(s.Data) != "0 0 m 1 1 l S" {
		t.Errorf("data = %q", s.Data)
	}
}

func TestDeepNesting(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	if _, err := ParseObject([]byte(deep)); err == nil {
		t.Fatal("no error for 100000 nested arrays")
	}
	doc := "%PDF-1.7\n1 0 obj\n<</Type/Catalog/X " + deep + ">>\nendobj\ntrailer\n<</Root 1 0 R>>\n"
	f, err := Open([]byte(doc))
	if err == nil && f.Root() != nil {
		t.Fatal("deeply nested catalog was accepted")
	}
}

func TestSelfReferences(t *testing.T) {
	doc := "%PDF-1.7\n1 0 obj\n<</Type/Catalog/Pages 2 0 R/Loop 3 0 R>>\nendobj\n" +
		"2 0 obj\n<</Type/Pages/Kids[2 0 R 5 0 R 6 0 R]/Count 1>>\nendobj\n6 0 obj\n<</Type/Page>>\nendobj\n" +
		"3 0 obj\n4 0 R\nendobj\n4 0 obj\n3 0 R\nendobj\n" +
		"5 0 obj\n<</Length 5 0 R>>\nstream\nabc\nendstream\nendobj\n" +
		"trailer\n<</Root 1 0 R>>\n"
	f, err := Open([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if f.Resolve(f.Root()["Loop"]) != nil {
		t.Error("ref loop resolved to a value")
	}
	pages, err := f.Pages()
	if err == nil {
		t.Error("page tree cycle not reported")
	}
	if len(pages) != 1 {
		t.Errorf("pages = %d", len(pages))
	}
}

func TestEncryptedDetected(t *testing.T) {
	data := sampleDoc(t)
	data = bytes.Replace(data, []byte("trailer\n<<"), []byte("trailer\n<</Encrypt<</Filter/Standard/V 2/R 3/P -3904>>"), 1)
	f, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Encrypted() {
		t.Fatal("Encrypted() = false")
	}
	pages, _ := f.Pages()
	if _, err := f.DecodeStream(f.Resolve(pages[0].Dict["Contents"]).(*Stream)); !errors.Is(err, ErrEncrypted) {
		t.Errorf("DecodeStream err = %v, want ErrEncrypted", err)
	}
}

// TestShiftedObjects prepends junk so every xref offset is wrong; objects
// are then found by scanning.
func TestShiftedObjects(t *testing.T) {
	base := sampleDoc(t)
	shifted := append([]byte("%PDF-1.7\n% some junk that moves everything\n"), base[9:]...)
	f, err := Open(shifted)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := f.Pages()
	if err != nil || len(pages) != 3 {
		t.Fatalf("pages = %d, %v", len(pages), err)
	}
	if Text(f.Info()["Title"]) != "Tëst" {
		t.Errorf("Info not found after shift")
	}
}

// TestHybridXRefStm appends an update whose classic trailer points with
// /XRefStm at a cross-reference stream holding the only entry of a new
// object, as hybrid-reference files do.
func TestHybridXRefStm(t *testing.T) {
	base := sampleDoc(t)
	f, _ := Open(base)
	rootRef := f.Trailer()["Root"].(Ref)
	size := int(f.Trailer()["Size"].(Int))
	prev := startxref(t, base)
	var b bytes.Buffer
	b.Write(base)
	off := b.Len()
	fmt.Fprintf(&b, "%d 0 obj\n<</Title (Hybrid)>>\nendobj\n", size)
	xs := b.Len()
	row := fmt.Sprintf("%02X%06X%02X", 1, off, 0)
	fmt.Fprintf(&b, "%d 0 obj\n<</Type/XRef/W[1 3 1]/Index[%d 1]/Size %d/Filter/ASCIIHexDecode/Length %d>>\nstream\n%s>\nendstream\nendobj\n",
		size+1, size, size+2, len(row)+1, row)
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 1\n0000000000 65535 f \ntrailer\n<</Size %d/Root %d 0 R/Info %d 0 R/Prev %d/XRefStm %d>>\nstartxref\n%d\n%%%%EOF\n",
		size+2, rootRef.Num, size, prev, xs, x)
	g, err := Open(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if g.Repaired() {
		t.Fatalf("repaired: %v", g.Warnings())
	}
	if got := Text(g.Info()["Title"]); got != "Hybrid" {
		t.Errorf("Title = %q, want the object found through /XRefStm", got)
	}
	if pages, _ := g.Pages(); len(pages) != 3 {
		t.Errorf("pages = %d", len(pages))
	}
}
