package folio

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/go-fonts/dejavu/dejavusansmono"
)

// A shared font registry must not change the output: the same document
// converted with a warm shared cache, a cold one, and no shared registry
// gives identical bytes.
func TestSharedFontsSameOutput(t *testing.T) {
	src, err := os.ReadFile("conformance/testdata/corpus/multilingual.html")
	if err != nil {
		t.Fatalf("corpus document missing (expected in conformance/testdata/corpus): %v", err)
	}
	convert := func(f *Fonts) []byte {
		t.Helper()
		// A fixed date: the default, the current time, may tick between runs.
		res, err := Convert(context.Background(), bytes.NewReader(src), Options{Fonts: f, Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		return res.PDF
	}
	private := convert(nil)
	shared := NewFonts()
	cold := convert(shared)
	afterCold := shared.embedded.Stats()
	warm := convert(shared)
	if !bytes.Equal(private, cold) || !bytes.Equal(cold, warm) {
		t.Fatalf("output differs: private %d bytes, shared cold %d, shared warm %d", len(private), len(cold), len(warm))
	}
	// The warm run takes every embedded font program from the cache the
	// cold run filled.
	afterWarm := shared.embedded.Stats()
	if afterCold.Entries == 0 || afterWarm.Hits <= afterCold.Hits || afterWarm.Misses != afterCold.Misses {
		t.Fatalf("embedded font cache not used: after cold run %+v, after warm run %+v", afterCold, afterWarm)
	}
	if st := shared.sheets.Stats(); st.Hits == 0 {
		t.Fatalf("the warm run parsed the document's stylesheet again: %+v", st)
	}
}

// The HTML audit shares parsed stylesheets through Options.Fonts too, with
// the same report as without.
func TestSharedFontsAuditHTML(t *testing.T) {
	src, err := os.ReadFile("conformance/testdata/corpus/field-survey.html")
	if err != nil {
		t.Fatalf("corpus document missing (expected in conformance/testdata/corpus): %v", err)
	}
	audit := func(f *Fonts) string {
		t.Helper()
		rep, err := AuditHTML(context.Background(), bytes.NewReader(src), Options{Fonts: f})
		if err != nil {
			t.Fatalf("AuditHTML: %v", err)
		}
		return fmt.Sprintf("%d %v %d %d", rep.Score, rep.Passed, len(rep.Errors), len(rep.Warnings))
	}
	private := audit(nil)
	shared := NewFonts()
	cold, warm := audit(shared), audit(shared)
	if private != cold || cold != warm {
		t.Fatalf("reports differ: private %s, shared cold %s, shared warm %s", private, cold, warm)
	}
	if st := shared.sheets.Stats(); st.Hits == 0 {
		t.Fatalf("the second audit parsed the stylesheet again: %+v", st)
	}
}

// A document's @font-face fonts stay private to it even when a shared
// registry is passed: a later document naming the same family without the
// rule gets the bundled default, not the first document's font.
func TestSharedFontsIgnoreDocumentFaces(t *testing.T) {
	face := "data:font/ttf;base64," + base64.StdEncoding.EncodeToString(dejavusansmono.TTF)
	withFace := `<!DOCTYPE html><html lang="en"><head><title>A</title><style>
@font-face { font-family: Special; src: url(` + face + `) }
body { font-family: Special }</style></head><body><h1>Special font</h1></body></html>`
	withoutFace := `<!DOCTYPE html><html lang="en"><head><title>B</title><style>
body { font-family: Special }</style></head><body><h1>Special font</h1></body></html>`
	shared := NewFonts()
	convert := func(doc string) []byte {
		t.Helper()
		res, err := Convert(context.Background(), strings.NewReader(doc), Options{Fonts: shared})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		return res.PDF
	}
	if pdf := convert(withFace); !bytes.Contains(pdf, []byte("DejaVuSansMono")) {
		t.Fatalf("the @font-face font is not embedded in the document that declares it")
	}
	if st := shared.embedded.Stats(); st.Entries != 0 || st.Hits+st.Misses != 0 {
		t.Fatalf("a document with @font-face used the shared embedded-font cache: %+v", st)
	}
	if pdf := convert(withoutFace); bytes.Contains(pdf, []byte("DejaVuSansMono")) {
		t.Fatalf("a later document on the shared registry picked up the first document's @font-face font")
	}
}
