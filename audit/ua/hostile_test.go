package ua

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

func TestNotPDF(t *testing.T) {
	for _, in := range [][]byte{nil, []byte("<html><body>hi</body></html>"), []byte("PK\x03\x04 zip")} {
		_, err := Audit(context.Background(), in, Options{})
		if !errors.Is(err, ErrNotPDF) {
			t.Errorf("%q: err = %v, want ErrNotPDF", in, err)
		}
	}
}

func TestDamagedInputs(t *testing.T) {
	good := build(t, breakage{})
	xref := bytes.LastIndex(good, []byte("xref\n"))
	tests := []struct {
		name string
		data []byte
		rule string // a rule that must fail
	}{
		{"truncated before xref", good[:xref], ruleDamaged},
		{"truncated mid-file", good[:len(good)/2], ruleDamaged},
		{"header only", []byte("%PDF-1.7\n%%EOF\n"), ruleDamaged},
		{"encrypted", bytes.Replace(good, []byte("trailer\n<<"), []byte("trailer\n<</Encrypt<</Filter/Standard/V 2/R 3/P -3904>>"), 1), ruleEncrypted},
		{"encryption forbids extraction", bytes.Replace(good, []byte("trailer\n<<"), []byte("trailer\n<</Encrypt<</Filter/Standard/V 2/R 3/P -516>>"), 1), "pdfua-7.16-1"},
		{"huge declared length", bytes.Replace(good, []byte("<</Length "), []byte("<</Length 1073741824/X "), 1), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Audit(context.Background(), tt.data, Options{})
			if err != nil {
				t.Fatalf("Audit: %v", err)
			}
			if tt.rule == "" {
				return
			}
			found := false
			for _, f := range rep.Errors {
				found = found || f.Rule == tt.rule
			}
			if !found || rep.Passed {
				t.Errorf("want a %s finding, got%s", tt.rule, describe(rep))
			}
		})
	}
}

func TestContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Audit(ctx, build(t, breakage{}), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// TestQpdfRewritesStillPass audits the conforming fixture after qpdf has
// rewritten it with object streams and an xref stream, and in QDF form.
func TestQpdfRewritesStillPass(t *testing.T) {
	qpdf, err := exec.LookPath("qpdf")
	if err != nil {
		t.Fatal("qpdf is required for this test but is not installed (apt-get install qpdf)")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, build(t, breakage{pages: 2}), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--object-streams=generate"}, {"--qdf"}, {"--linearize"}} {
		out := filepath.Join(dir, "out.pdf")
		if b, err := exec.Command(qpdf, append(args, in, out)...).CombinedOutput(); err != nil {
			t.Fatalf("qpdf %v: %v\n%s", args, err, b)
		}
		data, _ := os.ReadFile(out)
		rep := auditBytes(t, data)
		if len(rep.Errors) != 0 {
			t.Errorf("qpdf %v output has findings:%s", args, describe(rep))
		}
		if rep.Document.Pages != 2 {
			t.Errorf("qpdf %v: pages = %d", args, rep.Document.Pages)
		}
	}
}

func FuzzAudit(f *testing.F) {
	f.Add(build(f, breakage{}))
	f.Add(build(f, breakage{noStructTree: true, thNoScope: true}))
	f.Add([]byte("%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R/StructTreeRoot 3 0 R>>endobj 2 0 obj<</Type/Pages/Kids[4 0 R]>>endobj 3 0 obj<</Type/StructTreeRoot/K 5 0 R/RoleMap<</A/B/B/A>>>>endobj 4 0 obj<</Type/Page/Contents 6 0 R/StructParents 0>>endobj 5 0 obj<</S/Table/P 3 0 R/K[5 0 R]>>endobj 6 0 obj<<>>stream\n/P<</MCID 0>>BDC (x) Tj EMC\nendstream endobj trailer<</Root 1 0 R>>"))
	// Issue 28: an empty-array bfrange, a negative CID, an XMP attribute list.
	cidText := "/Artifact BMC BT /F1 12 Tf <000000010024> Tj ET EMC\n"
	f.Add(mini{tree: doc(leaf("P", nil)), content: cidText,
		resources: type0FontToUnicode("1 begincidrange <0000> <FFFF> 0 endcidrange", "1 beginbfrange <0000> <0001> [] endbfrange")}.build(f))
	f.Add(mini{tree: doc(leaf("P", nil)), content: cidText, resources: type0Font("1 begincidchar <0024> -5 endcidchar", 0, "Identity")}.build(f))
	f.Add(mini{tree: doc(leaf("P", nil)), xmp: attrBomb(3, 2)}.build(f))
	// Issue 22: encrypted files (decrypted with the empty user password)
	// and the visibility check's painting model.
	for _, name := range []string{"rc4-40.pdf", "aes-128.pdf", "aes-256.pdf"} {
		data, err := os.ReadFile(filepath.Join("testdata", "encrypted", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(mini{tree: doc(leaf("H1", nil)), content: "q 2 0 0 2 5 5 cm /H1 <</MCID 0>> BDC BT 3 Tr /F1 12 Tf 1 0 0 1 50 100 Tm (Hi) ' 0 Tr 1 g [(a) -250 (b)] TJ ET EMC Q 1 1 1 rg 0 0 200 200 re f 0 0 m 5 5 l h f",
		resources: simpleFont(nil, false, 32, nil)}.build(f))
	f.Add(mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC BT /F1 12 Tf (Hi) Tj ET EMC\n", resources: func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
		fd := w.Add(pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name("ABCDEF+Test"), "CharSet": pdfobj.String("/H/i"),
			"FontFile3": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("Type1C")}, Data: fakeCFF("H", "i", "H.alt")})})
		return pdfobj.Dict{"Font": pdfobj.Dict{"F1": w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type1"), "BaseFont": pdfobj.Name("ABCDEF+Test"), "FontDescriptor": fd})}}
	}}.build(f))
	// A CID-keyed CFF program with a CIDSet, and text under a clip.
	f.Add(mini{tree: doc(leaf("P", nil)), content: "q 0 0 5 5 re W n " + cidText + "Q", resources: type0FontWith("1 begincidrange <0000> <FFFF> 0 endcidrange", 0, "Identity", "",
		func(w *pdfobj.Writer, d pdfobj.Dict) {
			d["Subtype"], d["BaseFont"] = pdfobj.Name("CIDFontType0"), pdfobj.Name("ABCDEF+Test")
			d["FontDescriptor"] = w.Add(pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name("ABCDEF+Test"),
				"CIDSet":    w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte{0x80, 0, 0, 0, 0x08}}),
				"FontFile3": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("CIDFontType0C")}, Data: fakeCIDCFF(true, 1, 2, 36, 40)})})
		})}.build(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		Audit(context.Background(), data, Options{MaxDecodedSize: 1 << 20, SpecRules: true})
	})
}

// TestFormFanOutBounded paints a chain of forms, each painting the next
// ten times (10^10 paints in all); the operation budget stops it.
func TestFormFanOutBounded(t *testing.T) {
	m := mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC /Fm0 Do EMC\n",
		resources: func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
			next := form(w, "0 0 1 1 re f", nil)
			for i := 0; i < 10; i++ {
				next = form(w, strings.Repeat("/X Do ", 10), pdfobj.Dict{"Resources": pdfobj.Dict{"XObject": pdfobj.Dict{"X": next}}})
			}
			return pdfobj.Dict{"XObject": pdfobj.Dict{"Fm0": next}}
		}}
	rep, err := Audit(context.Background(), m.build(t), Options{MaxOperations: 100000})
	if err != nil {
		t.Fatal(err)
	}
	if got := failedRules(rep); strings.Join(got, " ") != ruleContent {
		t.Errorf("failed rules = %v, want only %s%s", got, ruleContent, describe(rep))
	}
}

func TestDecodeBudget(t *testing.T) {
	rep, err := Audit(context.Background(), build(t, breakage{pages: 3}), Options{MaxTotalDecoded: 2000})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range rep.Errors {
		found = found || (f.Rule == ruleContent && strings.Contains(f.Message, "stopped"))
	}
	if !found {
		t.Errorf("no budget finding:%s", describe(rep))
	}
}

// TestConcurrentAudits runs audits in parallel (run with -race): Audit
// shares no state between calls.
func TestConcurrentAudits(t *testing.T) {
	data := build(t, breakage{pages: 2})
	broken := build(t, breakage{figureNoAlt: true})
	done := make(chan error)
	for i := 0; i < 8; i++ {
		go func(i int) {
			in := data
			if i%2 == 1 {
				in = broken
			}
			rep, err := Audit(context.Background(), in, Options{})
			if err == nil && rep.Passed != (i%2 == 0) {
				err = errors.New("wrong verdict under concurrency")
			}
			done <- err
		}(i)
	}
	for i := 0; i < 8; i++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
