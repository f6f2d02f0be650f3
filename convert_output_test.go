package folio_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

// recordingWriter keeps what it is given and counts the writes, failing
// once more than failAfter bytes would be held (0: never).
type recordingWriter struct {
	bytes.Buffer
	writes    int
	failAfter int
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	w.writes++
	if w.failAfter > 0 && w.Len()+len(p) > w.failAfter {
		return 0, errors.New("device full")
	}
	return w.Buffer.Write(p)
}

// rewindWriter is a recordingWriter that can start again (folio.Rewinder).
type rewindWriter struct {
	recordingWriter
	rewinds int
}

func (w *rewindWriter) Rewind() error {
	w.rewinds++
	w.Reset()
	return nil
}

// TestConvertToStreams: ConvertTo (Options.Output) writes the bytes
// Convert returns, in several writes for a file of some size, leaves
// Result.PDF nil and gives the size; with the audit the file is written
// after it; a strict audit that fails writes nothing; a failing writer
// and the output limit are errors.
func TestConvertToStreams(t *testing.T) {
	src := longSource("Gamma", 120)
	html, _ := readString(src)
	opts := folio.Options{Now: time.Unix(0, 0)}
	want, err := folio.Convert(context.Background(), strings.NewReader(html), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.PDF) < 150<<10 {
		t.Fatalf("test document is %d bytes: too small to stream in several writes", len(want.PDF))
	}
	for _, tc := range []struct {
		name       string
		audit      bool
		minWrites  int
		wantReport bool
	}{
		{"streamed", false, 2, false},
		{"after the audit", true, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w recordingWriter
			o := opts
			o.Audit = tc.audit
			res, err := folio.ConvertTo(context.Background(), &w, strings.NewReader(html), o)
			if err != nil {
				t.Fatal(err)
			}
			if res.PDF != nil || res.Size != int64(len(want.PDF)) || res.Pages != want.Pages {
				t.Errorf("result PDF %d bytes, size %d, %d pages; want none, %d, %d", len(res.PDF), res.Size, res.Pages, len(want.PDF), want.Pages)
			}
			if !bytes.Equal(w.Bytes(), want.PDF) {
				t.Errorf("wrote %d bytes that differ from Convert's %d", w.Len(), len(want.PDF))
			}
			if w.writes < tc.minWrites {
				t.Errorf("%d writes, want at least %d", w.writes, tc.minWrites)
			}
			if (res.Report != nil) != tc.wantReport {
				t.Errorf("report %v, want one: %v", res.Report != nil, tc.wantReport)
			}
		})
	}
	t.Run("strict audit fails", func(t *testing.T) {
		var w recordingWriter
		_, err := folio.ConvertTo(context.Background(), &w, strings.NewReader(`<!DOCTYPE html><html lang="en"><title>T</title><h2>No h1</h2><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==">`), folio.Options{Strict: true})
		if !errors.Is(err, folio.ErrAuditFailed) || w.Len() != 0 {
			t.Errorf("err %v, %d bytes written; want ErrAuditFailed and nothing", err, w.Len())
		}
	})
	t.Run("tagging fallback", func(t *testing.T) {
		// the structure check that sends the document to the flat
		// tagging runs before the first byte: the file streamed is the
		// flat one alone
		bad := `<!doctype html><html lang=en><title>t</title><body><p>Before the table.</p>` +
			`<table><tr><td>Cell one</td></tr><caption>Middle caption</caption><tr><td>Cell two</td></tr></table>`
		want, err := folio.Convert(context.Background(), strings.NewReader(bad), opts)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(fmt.Sprint(want.Diagnostics), "tagged as plain") {
			t.Fatalf("no tagging fallback to test: %v", want.Diagnostics)
		}
		var w recordingWriter
		res, err := folio.ConvertTo(context.Background(), &w, strings.NewReader(bad), opts)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(w.Bytes(), want.PDF) || len(res.Diagnostics) != len(want.Diagnostics) {
			t.Errorf("streamed %d bytes and %d diagnostics, want Convert's %d and %d", w.Len(), len(res.Diagnostics), len(want.PDF), len(want.Diagnostics))
		}
	})
	t.Run("tagging fallback past the first 100 pages", func(t *testing.T) {
		// the structure check fails once part of the file went out: a
		// Rewinder takes the flat file from its start, another writer
		// gets an error saying why
		var sb strings.Builder
		sb.WriteString(`<!doctype html><html lang=en><title>t</title><style>section { break-before: page }</style><body>`)
		for i := range 110 {
			fmt.Fprintf(&sb, "<section><h1>Part %d</h1><p>Text of part %d.</p></section>", i, i)
		}
		sb.WriteString(`<table><tr><td>Cell one</td></tr><caption>Middle caption</caption><tr><td>Cell two</td></tr></table>`)
		bad := sb.String()
		want, err := folio.Convert(context.Background(), strings.NewReader(bad), opts)
		if err != nil {
			t.Fatal(err)
		}
		if want.Pages < 110 || !strings.Contains(fmt.Sprint(want.Diagnostics), "tagged as plain") {
			t.Fatalf("%d pages, diagnostics %v: no long document with the tagging fallback to test", want.Pages, want.Diagnostics)
		}
		rw := &rewindWriter{}
		res, err := folio.ConvertTo(context.Background(), rw, strings.NewReader(bad), opts)
		if err != nil {
			t.Fatal(err)
		}
		if rw.rewinds != 1 || !bytes.Equal(rw.Bytes(), want.PDF) || !strings.Contains(fmt.Sprint(res.Diagnostics), "tagged as plain") {
			t.Errorf("%d rewinds, %d bytes (Convert's %d, equal %v), diagnostics %v; want one rewind and Convert's file",
				rw.rewinds, rw.Len(), len(want.PDF), bytes.Equal(rw.Bytes(), want.PDF), res.Diagnostics)
		}
		var w recordingWriter
		_, err = folio.ConvertTo(context.Background(), &w, strings.NewReader(bad), opts)
		if err == nil || !strings.Contains(err.Error(), "cannot start again") || !strings.Contains(err.Error(), "Caption") {
			t.Errorf("error %v, want one naming the rule and saying the output cannot start again", err)
		}
	})
	t.Run("failing writer", func(t *testing.T) {
		w := recordingWriter{failAfter: 64 << 10}
		_, err := folio.ConvertTo(context.Background(), &w, strings.NewReader(html), opts)
		if err == nil || !strings.Contains(err.Error(), "device full") {
			t.Errorf("err = %v, want the writer's", err)
		}
	})
	t.Run("output limit", func(t *testing.T) {
		var w recordingWriter
		o := opts
		o.MaxOutputBytes = 100 << 10
		_, err := folio.ConvertTo(context.Background(), &w, strings.NewReader(html), o)
		if !errors.Is(err, folio.ErrLimit) || !strings.Contains(err.Error(), "MaxOutputBytes") || w.Len() > o.MaxOutputBytes {
			t.Errorf("err = %v after %d bytes, want the output limit, at most %d bytes", err, w.Len(), o.MaxOutputBytes)
		}
	})
}

func readString(src folio.Source) (string, error) {
	var b bytes.Buffer
	_, err := b.ReadFrom(src.HTML)
	return b.String(), err
}
