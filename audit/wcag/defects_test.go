package wcag

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/audit"
)

// outcome is what a rule did with a fixture: failed, passed (checked
// without failing), needs review, or not applicable.
type outcome string

const (
	failed  outcome = "fail"
	passed  outcome = "pass"
	review  outcome = "review"
	skipped outcome = "n/a"
)

// ruleOutcome sums up how rule went in rep.
func ruleOutcome(rep audit.Report, rule string) outcome {
	r, _ := result(rep, rule)
	if r.Failed > 0 {
		return failed
	}
	for _, f := range rep.NeedsReview {
		if f.Rule == rule {
			return review
		}
	}
	if r.Checked > 0 {
		return passed
	}
	return skipped
}

// dumpCase writes src to $FOLIO_FIXTURE_DIR/<prefix>.<rule>.<name>.html
// (callers put the expected outcome first in name)
// when the variable is set, for running axe-core over the same inputs
// (see RULES.md).
func dumpCase(t *testing.T, prefix, rule, name, src string) {
	dir := os.Getenv("FOLIO_FIXTURE_DIR")
	if dir == "" {
		return
	}
	file := prefix + "." + rule + "." + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '_'
	}, strings.ToLower(name)) + ".html"
	if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDefects covers the accuracy defects of issue 22: each case is a
// small document and the outcome the rule must have (axe-core's, where
// axe has the rule).
func TestDefects(t *testing.T) {
	tests := []struct {
		name, rule, body string
		want             outcome
	}{
		// role=none/presentation conflict resolution
		{"presentational img", "image-alt", `<img src="a.png" role="presentation">`, passed},
		{"focusable presentational img", "image-alt", `<img src="a.png" role="presentation" tabindex="0">`, failed},
		{"presentational img with global aria", "image-alt", `<img src="a.png" role="none" aria-live="polite">`, failed},
		{"presentational iframe", "frame-title", `<iframe src="a.html" role="presentation" tabindex="-1"></iframe>`, skipped},
		{"focusable presentational iframe", "frame-title", `<iframe src="a.html" role="presentation"></iframe>`, failed},
		{"first valid role of a list", "aria-required-attr", `<div role="foo checkbox" tabindex="0">a</div>`, failed},
		// disabled controls with presentational roles need no name
		{"disabled presentational button", "button-name", `<button role="presentation" disabled></button>`, skipped},
		{"enabled presentational button", "button-name", `<button role="none"></button>`, failed},
		{"disabled presentational input", "label", `<input role="none" disabled>`, skipped},
		// <label> names buttons and button inputs
		{"label names button", "button-name", `<label for="b">Send</label><button id="b"></button>`, passed},
		{"label names input button", "button-name", `<label>Go <input type="button"></label>`, passed},
		{"label names input image", "input-image-alt", `<label for="i">Search</label><input type="image" id="i" src="s.png">`, passed},
		{"empty value does not name", "button-name", `<input type="button" value="">`, failed},
		// explicit roles in lists and tables
		{"li in ul role=menubar", "listitem", `<ul role="menubar"><li>a</li></ul>`, failed},
		{"li in ul role=list", "listitem", `<ul role="list"><li>a</li></ul>`, passed},
		{"li in presentational ul", "listitem", `<ul role="none"><li>a</li></ul>`, skipped},
		{"th role=cell has no scope need", "th-has-scope", `<table><caption>C</caption><tr><th role="cell">A</th><th scope="col">B</th></tr><tr><td>1</td><td>2</td></tr></table>`, passed},
		{"td role=columnheader counts as header", "table-has-header", `<table><caption>C</caption><tr><td role="columnheader">A</td></tr><tr><td>1</td></tr></table>`, passed},
		{"table role=list is no data table", "table-caption", `<table role="list"><tr role="listitem"><td>1</td></tr></table>`, skipped},
		// headings honour role and aria-level
		{"role=heading aria-level=1 is an h1", "page-has-heading-one", `<div role="heading" aria-level="1">Title</div>`, passed},
		{"h2 aria-level=1 is an h1", "page-has-heading-one", `<h2 aria-level="1">Title</h2>`, passed},
		{"h1 role=presentation is no heading", "page-has-heading-one", `<h1 role="presentation">Title</h1>`, failed},
		{"h1 role=button is no heading", "page-has-heading-one", `<h1 role="button">Title</h1>`, failed},
		{"heading order by aria-level", "heading-order", `<h1>A</h1><div role="heading" aria-level="3">C</div>`, failed},
		{"heading order aria-level fixes h3", "heading-order", `<h1>A</h1><h3 aria-level="2">B</h3>`, passed},
		// aria-errormessage
		{"errormessage not pertinent", "aria-valid-attr-value", `<h1>x</h1><input aria-label="a" aria-errormessage="nope">`, passed},
		{"errormessage missing id", "aria-valid-attr-value", `<h1>x</h1><input aria-label="a" aria-invalid="true" aria-errormessage="nope">`, review},
		{"errormessage not announced", "aria-valid-attr-value", `<h1>x</h1><input aria-label="a" aria-invalid="true" aria-errormessage="e"><p id="e">Wrong</p>`, failed},
		{"errormessage hidden", "aria-valid-attr-value", `<h1>x</h1><input aria-label="a" aria-invalid="true" aria-errormessage="e"><p id="e" role="alert" hidden>Wrong</p>`, failed},
		{"errormessage alert", "aria-valid-attr-value", `<h1>x</h1><input aria-label="a" aria-invalid="true" aria-errormessage="e"><p id="e" role="alert">Wrong</p>`, passed},
		{"errormessage describedby", "aria-valid-attr-value", `<h1>x</h1><input aria-label="a" aria-invalid="true" aria-errormessage="e" aria-describedby="e"><p id="e">Wrong</p>`, passed},
		// valid-lang
		{"lang on element without text", "valid-lang", `<h1>x</h1><p lang="xx"></p>`, skipped},
		{"lang on image has text", "valid-lang", `<h1>x</h1><img src="a.png" alt="Bild" lang="xx">`, failed},
		{"registered subtag isv", "valid-lang", `<h1>x</h1><p lang="isv">zdravo</p>`, review},
		{"unknown two-letter", "valid-lang", `<h1>x</h1><p lang="xx">a</p>`, failed},
		{"bad xml:lang", "valid-lang", `<h1>x</h1><p xml:lang="fr_FR">a</p>`, failed},
		{"white-space lang", "valid-lang", `<h1>x</h1><p lang=" ">a</p>`, failed},
		{"empty lang", "valid-lang", `<h1>x</h1><p lang="">a</p>`, skipped},
		// hidden and inert content
		{"inert image", "image-alt", `<div inert><img src="a.png"></div>`, skipped},
		{"inert link in aria-hidden", "aria-hidden-focus", `<div aria-hidden="true" inert><a href="/x">x</a></div>`, skipped},
		{"inert low contrast", "color-contrast", `<h1>x</h1><p inert style="color:#ccc">faint</p>`, passed},
		// a role list is a list of fallbacks (axe-core's invalidrole)
		{"role list with a valid fallback", "aria-roles", `<h1>x</h1><div role="foo checkbox" aria-checked="false" tabindex="0">a</div>`, passed},
		{"role list without a valid token", "aria-roles", `<h1>x</h1><div role="foo bar">a</div>`, failed},
		{"hidden bad role", "aria-roles", `<h1>x</h1><div hidden role="nope">a</div>`, skipped},
		{"aria-hidden bad attr", "aria-valid-attr", `<h1>x</h1><div aria-hidden="true" aria-labeledby="h">a</div>`, skipped},
		{"display none bad value", "aria-valid-attr-value", `<h1>x</h1><div style="display:none" aria-busy="yes">a</div>`, skipped},
		// alt of white space
		{"alt space", "image-alt", `<img src="a.png" alt=" ">`, failed},
		{"alt empty", "image-alt", `<img src="a.png" alt="">`, passed},
		// redundant alt in surrounding text
		{"alt repeats paragraph", "image-redundant-alt", `<p><img src="a.png" alt="Sunset"> Sunset</p>`, failed},
		{"alt repeats table cell", "image-redundant-alt", `<table><tr><td><img src="a.png" alt="Paris">Paris</td></tr></table>`, failed},
		{"alt repeats list item", "image-redundant-alt", `<ul><li><img src="a.png" alt="Home">home</li></ul>`, failed},
		{"alt differs from paragraph", "image-redundant-alt", `<p><img src="a.png" alt="Red sky over the bay"> Sunset</p>`, passed},
		{"alt repeats role=button", "image-redundant-alt", `<div role="button" tabindex="0"><img src="a.png" alt="Save">Save</div>`, failed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dumpCase(t, "defect", tt.rule, string(tt.want)+"."+tt.name, page(tt.body))
			rep := auditString(t, page(tt.body))
			if got := ruleOutcome(rep, tt.rule); got != tt.want {
				t.Errorf("%s: %s, want %s; findings %v %v", tt.rule, got, tt.want, findings(rep), rep.NeedsReview)
			}
		})
	}
}
