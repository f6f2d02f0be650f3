package wcag

import (
	"bytes"
	"context"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/audit"
)

// FuzzAudit feeds arbitrary bytes through parsing, positions, the rules and
// Fix: nothing may panic, and every finding must be well-formed.
func FuzzAudit(f *testing.F) {
	seeds := []string{
		"",
		"<",
		"<html lang=en_US><title></title><h2>x</h2><img src=a.png>",
		"<table><tr><th rowspan=0 colspan=9999>a<td headers='a b'>b</table>",
		"<table><td>x</td><div>fostered</div><caption>late</caption></table>",
		"<ul><p>x</p><li><dl><div><dt>a</div></dl></ul><li>stray",
		"<svg role=img><title>t</title><foreignObject><p>x</p></foreignObject></svg>",
		"<a href=x><img></a><a href=y aria-labelledby='nope z'>  </a><map><area href=q></map>",
		"<div aria-hidden=true><button>b</button><p tabindex=0 role='bogus foo'>p</p></div>",
		"<b><p>mis</b>nested</p><select><option>o</select><textarea><p></textarea>",
		"<p id=a><p id=a><label for=a>l</label><input id=a><iframe></iframe>",
		"<script><p id=x></script><style>p{}</style><template><img></template>",
		"<ul role=menubar><li role=none><a role=menuitem aria-owns=t>m</a></li></ul><div id=t role=tab aria-owns=t></div>",
		"<div role='row' aria-level=2><span role=cell aria-checked=mixed aria-braillelabel=b></span></div><input type=checkbox aria-checked=mixed>",
		"<p style='text-shadow:1px 1px #000;color:#ccc;position:absolute'>t<a href=x style='text-decoration:none'>l</a></p>",
		"<details><summary></summary></details><video autoplay loop><track kind=captions></video><marquee>m</marquee><blink>b</blink>",
		"<input aria-invalid=true aria-errormessage='e f' autocomplete='section-x billing work tel webauthn'><p id=e hidden>e</p>",
		"<iframe tabindex=-1 srcdoc='<a href=x>x</a>' title=t></iframe><iframe title=T></iframe><img ismap alt=' '>",
		"<div id=d><img aria-labelledby=d><a href=x id=l aria-labelledby=m><img aria-labelledby=l></a><span id=m aria-labelledby=l>m</span></div><label><input type=image><input type=image><select><option selected>o</select></label>",
		"<label><input type=checkbox><span role=listbox aria-owns=o></span></label><span role=option id=o aria-selected=true><span role=combobox aria-owns=o></span></span>",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		rep, err := AuditHTML(context.Background(), src, Options{Fix: true, FixOptions: FixOptions{Lang: "en"}})
		if err != nil {
			t.Fatalf("AuditHTML: %v", err)
		}
		if rep.Score < 0 || rep.Score > 100 {
			t.Fatalf("score %d out of range", rep.Score)
		}
		if rep.Passed != (len(rep.Errors) == 0) {
			t.Fatalf("passed %t with %d errors", rep.Passed, len(rep.Errors))
		}
		for _, fs := range [][]auditFinding{rep.Errors, rep.Warnings, rep.Notices, rep.NeedsReview} {
			for _, fd := range fs {
				if fd.Rule == "" || fd.Message == "" {
					t.Fatalf("malformed finding %+v", fd)
				}
				if fd.Location.Line < 0 || fd.Location.Column < 0 || fd.Location.Line > len(src)+1 {
					t.Fatalf("bad location %+v", fd.Location)
				}
			}
		}
		doc, err := html.Parse(bytesReader(src))
		if err != nil {
			return
		}
		Fix(doc, FixOptions{Lang: "de", Title: "T"})
		if _, err := Audit(context.Background(), doc, nil, nil, Options{}); err != nil {
			t.Fatalf("Audit without source: %v", err)
		}
	})
}

type auditFinding = audit.Finding

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
