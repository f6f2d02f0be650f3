package ua

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestVisibility checks the visibility rules on real text (tagged, MCID 0
// of the H1): each hiding and its visible twin. The page is 200 × 200
// points; the text "Hi" at 12pt is about 10 points wide.
func TestVisibility(t *testing.T) {
	lib := loadTTF(t)
	var widths pdfobj.Array
	for c := rune(72); c <= 105; c++ {
		widths = append(widths, pdfobj.Int(lib.advance(lib.cmap[c])))
	}
	text := func(pre, post string) string {
		return "/H1 <</MCID 0>> BDC BT " + pre + " /F1 12 Tf 1 0 0 1 50 100 Tm (Hi) Tj ET EMC\n" + post
	}
	tests := []struct {
		name, content string
		want          string // the visibility rule failing, "" none
		severity      audit.Severity
	}{
		{"plain black text", text("", ""), "", ""},
		{"render mode 3", text("3 Tr", ""), ruleInvisibleText, audit.NeedsReview},
		{"render mode 3 with ActualText", "/Span <</ActualText (Hi)>> BDC " + text("3 Tr", "") + " EMC", "", ""},
		{"render mode 3 in an artifact", "/Artifact BMC BT 3 Tr /F1 12 Tf 50 100 Td (Hi) Tj ET EMC", "", ""},
		{"outside the crop box", strings.Replace(text("", ""), "50 100 Tm", "250 100 Tm", 1), ruleOutsideCrop, audit.Warning},
		{"moved outside by the CTM", "q 1 0 0 1 0 -300 cm " + text("", "") + " Q", ruleOutsideCrop, audit.Warning},
		{"covered by a later rectangle", text("", "/Artifact BMC 1 1 1 rg 40 90 60 30 re f EMC"), ruleCovered, audit.Warning},
		{"covered by a later image", text("", "/Artifact BMC q 60 0 0 30 40 90 cm /Im1 Do Q EMC"), ruleCovered, audit.Warning},
		{"later rectangle clipped away from the text", text("", "/Artifact BMC q 120 90 60 30 re W n 1 1 1 rg 40 90 60 30 re f Q EMC"), "", ""},
		{"later rectangle under a rectangular clip around the text", text("", "/Artifact BMC q 30 80 80 50 re W n 1 1 1 rg 40 90 60 30 re f Q EMC"), ruleCovered, audit.Warning},
		{"later rectangle under a curved clip", text("", "/Artifact BMC q 30 80 m 110 80 l 70 130 l h W n 1 1 1 rg 40 90 60 30 re f Q EMC"), "", ""},
		{"clip ends with its Q", text("", "/Artifact BMC q 120 90 60 30 re W n Q 1 1 1 rg 40 90 60 30 re f EMC"), ruleCovered, audit.Warning},
		{"rectangle beside the text", text("", "/Artifact BMC 1 1 1 rg 120 90 60 30 re f EMC"), "", ""},
		{"translucent rectangle over the text", text("", "/Artifact BMC /Half gs 1 1 1 rg 40 90 60 30 re f EMC"), "", ""},
		{"background painted first", "/Artifact BMC 0 0 1 rg 40 90 60 30 re f EMC " + text("1 1 1 rg", ""), "", ""},
		{"white on white page", text("1 g", ""), ruleLowContrast, audit.Warning},
		{"near white in CMYK", text("0 0 0 0.02 k", ""), ruleLowContrast, audit.Warning},
		{"blue on a blue rectangle", "/Artifact BMC 0 0 1 rg 40 90 60 30 re f EMC " + text("0 0 0.98 rg", ""), ruleLowContrast, audit.Warning},
		{"unknown background (a curve) is not judged", "/Artifact BMC 1 1 1 rg 40 90 m 100 90 l 100 120 l h f EMC " + text("1 1 1 rg", ""), "", ""},
		{"stroked text is not judged by its fill", text("1 Tr 1 g", ""), "", ""},
		// text the clipping path cuts away
		{"text outside a rectangular clip", "q 120 90 60 30 re W n " + text("", "") + " Q", ruleClipped, audit.Warning},
		{"text inside a rectangular clip", "q 30 80 80 50 re W n " + text("", "") + " Q", "", ""},
		{"text partly inside the clip", "q 55 80 80 50 re W n " + text("", "") + " Q", "", ""},
		{"text under an empty clip", "q 0 0 0 0 re W n " + text("", "") + " Q", ruleClipped, audit.Warning},
		{"text under two clips that do not meet", "q 0 0 40 40 re W n 100 100 40 40 re W n " + text("", "") + " Q", ruleClipped, audit.Warning},
		{"text outside a curved clip", "q 120 90 m 180 90 l 150 130 l h W* n " + text("", "") + " Q", ruleClipped, audit.Warning},
		{"clip moved by the CTM", "q 1 0 0 1 100 0 cm 30 80 80 50 re W n 1 0 0 1 -100 0 cm " + text("", "") + " Q", ruleClipped, audit.Warning},
		{"clip ended by Q before the text", "q 120 90 60 30 re W n Q " + text("", ""), "", ""},
		{"text outside its form's BBox", "/H1 <</MCID 0>> BDC /FmSmall Do EMC", ruleClipped, audit.Warning},
		{"text inside its form's BBox", "/H1 <</MCID 0>> BDC /FmPage Do EMC", "", ""},
		{"form BBox moved over the text by its Matrix", "/H1 <</MCID 0>> BDC /FmMoved Do EMC", "", ""},
		// text as a clip (render modes 4-7): mode 7 is seen only through
		// what is painted inside it before the clip ends
		{"render mode 7 with nothing painted through it", text("7 Tr", ""), ruleInvisibleText, audit.NeedsReview},
		{"render mode 7 with an image painted through it", text("7 Tr", "/Artifact BMC q 60 0 0 30 40 90 cm /Im1 Do Q EMC"), "", ""},
		{"render mode 7 with a shading painted through it", text("7 Tr", "/Artifact BMC /Sh0 sh EMC"), "", ""},
		{"render mode 7, painting only after its clip ended", "q " + text("7 Tr", "") + " Q /Artifact BMC q 60 0 0 30 40 90 cm /Im1 Do Q EMC", ruleInvisibleText, audit.NeedsReview},
		{"render mode 7, painting beside it", text("7 Tr", "/Artifact BMC 0 g 120 20 60 30 re f EMC"), ruleInvisibleText, audit.NeedsReview},
		{"render mode 7 with ActualText", "/Span <</ActualText (Hi)>> BDC " + text("7 Tr", "") + " EMC", "", ""},
		{"render mode 7 in an artifact", "/Artifact BMC BT 7 Tr /F1 12 Tf 50 100 Td (Hi) Tj ET EMC", "", ""},
		{"text outside the clip of earlier mode-4 text", "/H1 <</MCID 0>> BDC BT 4 Tr /F1 12 Tf 1 0 0 1 50 100 Tm (Hi) Tj ET BT 0 Tr /F1 12 Tf 1 0 0 1 120 40 Tm (Hi) Tj ET EMC", ruleClipped, audit.Warning},
		{"text inside the clip of earlier mode-5 text", "/H1 <</MCID 0>> BDC BT 5 Tr /F1 12 Tf 1 0 0 1 50 100 Tm (Hi) Tj ET BT 0 Tr /F1 12 Tf 1 0 0 1 50 100 Tm (Hi) Tj ET EMC", "", ""},
		{"a text clip takes effect at ET", "/H1 <</MCID 0>> BDC BT 6 Tr /F1 12 Tf 1 0 0 1 50 100 Tm (Hi) Tj 0 Tr 1 0 0 1 120 40 Tm (Hi) Tj ET EMC", "", ""},
		{"a text clip ends with its Q", "/H1 <</MCID 0>> BDC q BT 4 Tr /F1 12 Tf 1 0 0 1 50 100 Tm (Hi) Tj ET Q BT 0 Tr /F1 12 Tf 1 0 0 1 120 40 Tm (Hi) Tj ET EMC", "", ""},
		{"clipped text in an artifact", text("", "/Artifact BMC q 0 0 0 0 re W n BT /F1 12 Tf 50 100 Td (Hi) Tj ET Q EMC"), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mini{tree: doc(leaf("H1", nil)), content: tt.content,
				resources: func(w *pdfobj.Writer, e map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Dict {
					res := simpleFont(widths, false, 32, nil)(w, e, add)
					res["XObject"] = pdfobj.Dict{"Im1": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("Image"), "Width": pdfobj.Int(1), "Height": pdfobj.Int(1),
						"BitsPerComponent": pdfobj.Int(8), "ColorSpace": pdfobj.Name("DeviceGray")}, Data: []byte{0}})}
					form := func(bbox [4]int, matrix pdfobj.Array) pdfobj.Ref {
						d := pdfobj.Dict{"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Form"),
							"BBox": pdfobj.Array{pdfobj.Int(bbox[0]), pdfobj.Int(bbox[1]), pdfobj.Int(bbox[2]), pdfobj.Int(bbox[3])}}
						if matrix != nil {
							d["Matrix"] = matrix
						}
						return w.Add(&pdfobj.Stream{Dict: d, Data: []byte("BT /F1 12 Tf 1 0 0 1 50 100 Tm (Hi) Tj ET")})
					}
					xo := res["XObject"].(pdfobj.Dict)
					xo["FmSmall"] = form([4]int{0, 0, 10, 10}, nil)
					xo["FmPage"] = form([4]int{0, 0, 200, 200}, nil)
					// the Matrix moves the text at (50, 100) of form space to (10, 10) and the BBox with it
					xo["FmMoved"] = form([4]int{45, 95, 80, 120}, pdfobj.Array{pdfobj.Int(1), pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(1), pdfobj.Int(-40), pdfobj.Int(-90)})
					res["ExtGState"] = pdfobj.Dict{"Half": pdfobj.Dict{"ca": pdfobj.Real(0.5)}}
					return res
				}}
			rep, err := Audit(context.Background(), m.build(t), Options{SpecRules: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []audit.Finding
			for _, fs := range [][]audit.Finding{rep.Errors, rep.Warnings, rep.NeedsReview} {
				for _, f := range fs {
					if strings.HasPrefix(f.Rule, "folio-visibility") {
						got = append(got, f)
					}
				}
			}
			if len(rep.Errors) != 0 {
				t.Errorf("errors:%s", describe(rep))
			}
			checked := 0
			for _, r := range rep.CheckedRules {
				if strings.HasPrefix(r.Rule, "folio-visibility") {
					checked += r.Checked
				}
			}
			if checked == 0 && !strings.HasPrefix(tt.content, "/Artifact BMC BT") {
				t.Errorf("the visibility rules checked nothing")
			}
			if tt.want == "" {
				if len(got) != 0 {
					t.Errorf("findings %+v, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Rule != tt.want || got[0].Severity != tt.severity {
				t.Fatalf("findings %+v, want one %s (%s)", got, tt.want, tt.severity)
			}
			f := got[0]
			if f.Location.Page != 1 || !strings.HasSuffix(f.Location.StructPath, "H1[1]") || !strings.Contains(f.Message, "at (") || (f.Severity == audit.NeedsReview) != (f.Reason != "") {
				t.Errorf("finding lacks page, position or reason: %+v", f)
			}
		})
	}
}

// TestVisibilityNeedsSpecRules checks that a plain PDF/UA audit does not
// run the visibility check.
func TestVisibilityNeedsSpecRules(t *testing.T) {
	m := mini{tree: doc(leaf("H1", nil)), content: "/Artifact BMC 1 1 1 rg 0 0 200 200 re f EMC"}
	for _, r := range auditBytes(t, m.build(t)).CheckedRules {
		if strings.HasPrefix(r.Rule, "folio-visibility") {
			t.Errorf("%s ran without Options.SpecRules", r.Rule)
		}
	}
}

// TestVisibilityWorkBounded audits pages that each show maxVisTexts text
// runs and then paint maxVisRegions rectangles over them (the most a page
// costs): the check stops at its budget with a notice instead of
// comparing every page's text with every page's painting.
func TestVisibilityWorkBounded(t *testing.T) {
	var content strings.Builder
	content.WriteString("BT /F1 1 Tf\n")
	for i := 0; i < maxVisTexts; i++ {
		content.WriteString("1 0 0 1 10 10 Tm (x) Tj\n")
	}
	content.WriteString("ET 1 g\n")
	for i := 0; i < maxVisRegions; i++ {
		content.WriteString("0 0 200 200 re f\n")
	}
	perPage := maxVisTexts * maxVisRegions
	pages := maxVisWork/perPage + 3
	w := pdfobj.NewWriter()
	cat, pagesRef := w.Alloc(), w.Alloc()
	stream := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte(content.String())})
	font := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type1"), "BaseFont": pdfobj.Name("Helvetica")})
	var kids pdfobj.Array
	for i := 0; i < pages; i++ {
		kids = append(kids, w.Add(pdfobj.Dict{"Type": pdfobj.Name("Page"), "Parent": pagesRef, "Contents": stream,
			"MediaBox":  pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(200), pdfobj.Int(200)},
			"Resources": pdfobj.Dict{"Font": pdfobj.Dict{"F1": font}}}))
	}
	w.Set(pagesRef, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": kids, "Count": pdfobj.Int(pages)})
	w.Set(cat, pdfobj.Dict{"Type": pdfobj.Name("Catalog"), "Pages": pagesRef})
	var out strings.Builder
	if _, err := w.WriteTo(&out, pdfobj.Trailer{Root: cat}); err != nil {
		t.Fatal(err)
	}
	rep, err := Audit(context.Background(), []byte(out.String()), Options{SpecRules: true})
	if err != nil {
		t.Fatal(err)
	}
	var stopped []audit.Finding
	for _, f := range rep.Notices {
		if f.Rule == ruleVisBudget {
			stopped = append(stopped, f)
		}
	}
	if len(stopped) != 1 || stopped[0].Location.Page < 2 || stopped[0].Location.Page > pages {
		t.Fatalf("budget notices %+v, want one on a page before %d", stopped, pages)
	}
	for _, r := range rep.CheckedRules {
		if r.Rule == ruleCovered && r.Checked > maxVisWork/maxVisRegions+maxVisTexts {
			t.Errorf("%d texts compared with later painting, past the budget", r.Checked)
		}
	}
}
