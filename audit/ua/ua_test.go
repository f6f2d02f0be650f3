package ua

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/seed28491532/folio/audit"
)

func auditBytes(t testing.TB, data []byte) audit.Report {
	t.Helper()
	rep, err := Audit(context.Background(), data, Options{})
	if err != nil {
		t.Fatalf("Audit: %v", err)
	}
	return rep
}

func failedRules(rep audit.Report) []string {
	seen := map[string]bool{}
	var ids []string
	for _, f := range append(append([]audit.Finding{}, rep.Errors...), rep.Warnings...) {
		if !seen[f.Rule] {
			seen[f.Rule] = true
			ids = append(ids, f.Rule)
		}
	}
	sort.Strings(ids)
	return ids
}

func describe(rep audit.Report) string {
	var b strings.Builder
	for _, f := range rep.Errors {
		b.WriteString("\n  " + f.Rule + ": " + f.Message)
	}
	return b.String()
}

func TestConformingFixturePasses(t *testing.T) {
	data := build(t, breakage{})
	rep := auditBytes(t, data)
	if len(rep.Errors) != 0 || len(rep.Warnings) != 0 {
		t.Fatalf("conforming fixture has findings:%s", describe(rep))
	}
	if rep.Score != 100 || !rep.Passed {
		t.Errorf("score %d passed %v", rep.Score, rep.Passed)
	}
	d := rep.Document
	if d == nil || d.Pages != 1 || !d.Tagged || d.Lang != "en-US" || d.Title != "Fixture report" || d.PDFUAPart != 1 || d.PDFVersion != "1.7" {
		t.Errorf("document info = %+v", d)
	}
	// The rules that matter for this file actually ran.
	ran := map[string]int{}
	for _, r := range rep.CheckedRules {
		ran[r.Rule] = r.Checked
	}
	for _, id := range []string{"pdfua-7.1-3", "pdfua-7.21.7-1", "pdfua-7.21.5-1", "pdfua-7.21.8-1", "pdfua-7.3-1", "pdfua-7.4.2-1",
		"pdfua-7.18.5-1", "pdfua-7.18.5-2", "pdfua-7.18.3-1", "pdfua-5-1", "pdfua-7.1-9", "pdfua-7.2-29", "pdfua-7.21.4.1-1", "pdfua-7.2-10", "pdfua-7.2-20"} {
		if ran[id] == 0 {
			t.Errorf("rule %s did not check anything", id)
		}
	}
	if ran["pdfua-7.1-3"] < 10 {
		t.Errorf("7.1-3 checked only %d items", ran["pdfua-7.1-3"])
	}
}

// TestConformingFixtureIsValidPDF keeps the fixture honest: qpdf accepts it.
func TestConformingFixtureIsValidPDF(t *testing.T) {
	qpdf, err := exec.LookPath("qpdf")
	if err != nil {
		t.Fatal("qpdf is required for this test but is not installed (apt-get install qpdf)")
	}
	path := filepath.Join(t.TempDir(), "fixture.pdf")
	if err := os.WriteFile(path, build(t, breakage{pages: 2}), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(qpdf, "--check", path).CombinedOutput()
	if err != nil {
		t.Fatalf("qpdf --check: %v\n%s", err, out)
	}
}

func TestBrokenFixtures(t *testing.T) {
	tests := []struct {
		name string
		b    breakage
		want []string
	}{
		// Without a catalog language, every piece of text, the Figure's
		// /Alt, the link's /Contents and the x-default-only dc:title have
		// no determinable language.
		{"missing Lang", breakage{noLang: true}, []string{"pdfua-7.2-22", "pdfua-7.2-24", "pdfua-7.2-33", "pdfua-7.2-34"}},
		{"invalid Lang", breakage{badLang: true}, []string{"pdfua-7.2-29"}},
		{"untagged text", breakage{untaggedText: true}, []string{"pdfua-7.1-3"}},
		{"untagged background", breakage{untaggedRect: true}, []string{"pdfua-7.1-3"}},
		// veraPDF's literal tests flag the nested artifact twice: it is an
		// Artifact inside tagged content (7.1-1), and, resolving to the
		// enclosing MCID, tagged content with an Artifact tag (7.1-2).
		{"artifact inside tagged content", breakage{artifactInTagged: true}, []string{"pdfua-7.1-1", "pdfua-7.1-2"}},
		{"Figure without Alt", breakage{figureNoAlt: true}, []string{"pdfua-7.3-1"}},
		{"TH without Scope", breakage{thNoScope: true}, []string{"pdfua-7.5-1"}},
		{"irregular table", breakage{irregularTable: true}, []string{"pdfua-7.2-43"}},
		{"link without Contents", breakage{linkNoContents: true}, []string{"pdfua-7.18.1-2", "pdfua-7.18.5-2"}},
		{"link not in structure", breakage{linkNotTagged: true}, []string{"pdfua-7.18.5-1"}},
		{"no Tabs", breakage{noTabs: true}, []string{"pdfua-7.18.3-1"}},
		{"font without ToUnicode", breakage{noToUnicode: true}, []string{"pdfua-7.21.7-1"}},
		{"font not embedded", breakage{fontNotEmbedded: true}, []string{"pdfua-7.21.4.1-1"}},
		{"wrong widths", breakage{wrongWidths: true}, []string{"pdfua-7.21.5-1"}},
		{"notdef shown", breakage{extraGlyphs: []uint16{0}}, []string{"pdfua-7.21.4.1-2", "pdfua-7.21.7-1", "pdfua-7.21.8-1"}},
		{"glyph missing from the program", breakage{extraGlyphs: []uint16{60000}}, []string{"pdfua-7.21.4.1-2", "pdfua-7.21.7-1", "pdfua-7.21.8-1"}},
		{"invisible missing glyph", breakage{extraGlyphs: []uint16{60000}, textRenderMode3: true}, []string{"pdfua-7.21.7-1", "pdfua-7.21.8-1"}},
		{"ToUnicode maps to U+0000", breakage{toUnicodeZero: true}, []string{"pdfua-7.21.7-2"}},
		{"CIDSet of the used CIDs", breakage{cidSet: 1}, nil},
		{"CIDSet missing shown CIDs", breakage{cidSet: 2}, []string{"pdfua-7.21.4.2-2"}},
		{"CIDSet lists absent CIDs", breakage{cidSet: 3}, []string{"pdfua-7.21.4.2-2"}},
		{"missing pdfuaid", breakage{noPDFUAID: true}, []string{"pdfua-5-1"}},
		{"DisplayDocTitle false", breakage{displayTitleFalse: true}, []string{"pdfua-7.1-10"}},
		{"heading skip", breakage{headingSkip: true}, []string{"pdfua-7.4.2-1"}},
		{"standard type remapped", breakage{roleMapStandard: true}, []string{"pdfua-7.1-7"}},
		{"list structure", breakage{listBroken: true}, []string{"pdfua-7.2-20"}},
		{"PDF 2.0 header", breakage{header20: true}, []string{"pdfua-6.1-1"}},
		{"untagged document", breakage{noStructTree: true}, []string{"pdfua-7.1-11", "pdfua-7.1-3", "pdfua-7.18.5-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := auditBytes(t, build(t, tt.b))
			got := failedRules(rep)
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("failed rules = %v, want %v%s", got, tt.want, describe(rep))
			}
			if len(tt.want) > 0 && (rep.Passed || rep.Score >= 100) {
				t.Errorf("broken file passed with score %d", rep.Score)
			}
			for _, f := range rep.Errors {
				if len(f.Standards) == 0 || !strings.HasPrefix(f.Standards[0], "PDF/UA-1 ") || f.Hint == "" || f.Message == "" {
					t.Errorf("finding lacks standards, hint or message: %+v", f)
				}
			}
		})
	}
}
