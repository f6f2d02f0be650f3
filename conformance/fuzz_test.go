package conformance

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	folio "github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit/ua"
)

// fuzzDeadline is the Convert deadline under fuzzing; fuzzGrace is how
// long past it a conversion may take to notice and return (the fuzzer
// runs instrumented code on a loaded machine).
const (
	fuzzDeadline = 2 * time.Second
	fuzzGrace    = 5 * time.Second
)

// structuralRule reports whether a PDF/UA rule is about the file and its
// tagging machinery rather than the document's content: file structure,
// identification and metadata, marked content and artifacts, the role
// map, and fonts. Every PDF folio writes must pass these whatever the
// HTML; content rules (alternative text, heading order, table headers)
// can fail for content the author got wrong.
func structuralRule(id string) bool {
	for _, p := range []string{"pdfua-file-structure", "pdfua-content-stream", "pdfua-encrypted", "pdfua-5-", "pdfua-6.", "pdfua-7.1-", "pdfua-7.21"} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// acceptedError reports errors that are deliberate answers to bad input
// rather than failures: layout's refusal of a page whose margins leave no
// room (the fuzzer found "@page{size:1cm}" with the default 2 cm margins;
// kept in testdata/fuzz/FuzzConvert) and the refusal of input that is not
// text (ErrNotHTML; the fuzzer found "\x00"). Anything else that is not a
// limit error is a failure.
func acceptedError(err error) bool {
	return strings.Contains(err.Error(), "leave no room") || errors.Is(err, folio.ErrNotHTML)
}

// FuzzConvert converts arbitrary HTML with a small page limit and a short
// deadline. Invariants: no panic; the deadline is respected; failures are
// limit errors (wrapping folio.ErrLimit) or deliberate input errors;
// every PDF produced passes the structural PDF/UA rules.
func FuzzConvert(f *testing.F) {
	f.Add(`<!DOCTYPE html><html lang=en><title>t</title><h1>x</h1><p>y <a href="#z">z</a></p>`)
	f.Add(`<table><caption>c</caption><thead><tr><th>a<th>b</thead><tr><td>1<td>2</table>`)
	f.Add(`<ul><li>a<ol><li>b</ol></ul><dl><dt>t<dd>d</dl><pre>  x  </pre><blockquote>q</blockquote>`)
	f.Add(`<style>@page{size:A6 landscape;margin:5mm;@bottom-center{content:counter(page)" of "counter(pages)}} h2{break-before:page}</style><h2>a</h2><h2>b</h2>`)
	f.Add(`<p dir=rtl lang=he>שלום עולם</p><p lang=el>Ελληνικά</p><img src="dot.png" alt=""><img src="dot.png">`)
	f.Add(`<div style="float:left;width:50%">f</div><div style="display:flex"><span>a</span><span>b</span></div>`)
	f.Add(`<p style="font: bold 40pt/0.1 serif; letter-spacing: -5pt; word-spacing: 1e9px">x y</p>`)
	entries, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.html"))
	for _, e := range entries {
		if src, err := os.ReadFile(e); err == nil && len(src) < 8<<10 {
			f.Add(string(src))
		}
	}
	dot, err := os.ReadFile(filepath.Join("testdata", "corpus", "dot.png"))
	if err != nil {
		f.Fatal(err)
	}
	assets := map[string][]byte{"dot.png": dot}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 16<<10 {
			return
		}
		type outcome struct {
			res *folio.Result
			err error
		}
		done := make(chan outcome, 1)
		go func() {
			res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{
				MaxPages: 3, Deadline: fuzzDeadline, Assets: assets,
			})
			done <- outcome{res, err}
		}()
		var res *folio.Result
		var err error
		select {
		case o := <-done:
			res, err = o.res, o.err
		case <-time.After(fuzzDeadline + fuzzGrace):
			t.Fatalf("Convert did not return within %v of its %v deadline", fuzzGrace, fuzzDeadline)
		}
		if err != nil {
			if !errors.Is(err, folio.ErrLimit) && !acceptedError(err) {
				t.Errorf("Convert failed with an error that is not a limit: %v", err)
			}
			return
		}
		if !bytes.HasPrefix(res.PDF, []byte("%PDF-")) || res.Pages < 1 || res.Pages > 3 {
			t.Fatalf("result: %d pages, %d bytes starting %q", res.Pages, len(res.PDF), res.PDF[:min(8, len(res.PDF))])
		}
		rep, err := ua.Audit(context.Background(), res.PDF, ua.Options{})
		if err != nil {
			t.Fatalf("audit/ua: %v", err)
		}
		for _, e := range rep.Errors {
			if structuralRule(e.Rule) {
				t.Errorf("structural PDF/UA rule fails: %s %s (%+v)", e.Rule, e.Message, e.Location)
			}
		}
	})
}
