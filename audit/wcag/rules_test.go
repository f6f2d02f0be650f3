package wcag

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/audit"
)

// page wraps body content in a document that passes the document-level
// rules, so a fixture only trips the rule under test.
func page(body string) string {
	return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test</title></head><body>` +
		"\n" + body + "\n</body></html>"
}

func auditString(t *testing.T, src string) audit.Report {
	t.Helper()
	rep, err := AuditHTML(context.Background(), []byte(src), Options{})
	if err != nil {
		t.Fatalf("AuditHTML: %v", err)
	}
	return rep
}

func findings(rep audit.Report) []audit.Finding {
	var all []audit.Finding
	all = append(all, rep.Errors...)
	all = append(all, rep.Warnings...)
	return append(all, rep.Notices...)
}

func result(rep audit.Report, rule string) (audit.RuleResult, bool) {
	for _, r := range rep.CheckedRules {
		if r.Rule == rule {
			return r, true
		}
	}
	return audit.RuleResult{}, false
}

// ruleFixtures has, for every rule, HTML that fails it and HTML that
// passes it (the rule must have checked something for the pass to count).
var ruleFixtures = []struct {
	rule       string
	fail, pass string
}{
	{"html-has-lang",
		`<!DOCTYPE html><html><head><title>T</title></head><body><h1>x</h1></body></html>`,
		`<!DOCTYPE html><html lang="en-GB"><head><title>T</title></head><body><h1>x</h1></body></html>`},
	{"html-lang-valid",
		`<!DOCTYPE html><html lang="english"><head><title>T</title></head><body><h1>x</h1></body></html>`,
		`<!DOCTYPE html><html lang="de-CH"><head><title>T</title></head><body><h1>x</h1></body></html>`},
	{"valid-lang", page(`<h1>x</h1><p lang="fr_FR">bonjour</p>`), page(`<h1>x</h1><p lang="fr-FR">bonjour</p>`)},
	{"document-title",
		`<!DOCTYPE html><html lang="en"><head></head><body><h1>x</h1></body></html>`,
		`<!DOCTYPE html><html lang="en"><head><title>Annual report</title></head><body><h1>x</h1></body></html>`},
	{"page-has-heading-one", page(`<h2>Only a subheading</h2>`), page(`<h1>Title</h1>`)},
	{"heading-one-unique", page(`<h1>One</h1><h1>Two</h1>`), page(`<h1>One</h1><h2>Two</h2>`)},
	{"heading-order", page(`<h1>One</h1><h3>Three</h3>`), page(`<h1>One</h1><h2>Two</h2><h3>Three</h3><h2>Two again</h2>`)},
	{"empty-heading", page(`<h1>Title</h1><h2> </h2>`), page(`<h1>Title</h1><h2><img src="x.png" alt="Logo of ACME"></h2>`)},
	{"image-alt", page(`<h1>x</h1><img src="chart.png">`), page(`<h1>x</h1><img src="chart.png" alt="Sales rose 20% in May"><img src="line.png" role="presentation">`)},
	{"image-alt-meaningful", page(`<h1>x</h1><img src="a.png" alt="image">`), page(`<h1>x</h1><img src="a.png" alt="Map of the survey sites">`)},
	{"image-redundant-alt", page(`<h1>x</h1><a href="/home"><img src="h.png" alt="Home"> Home</a><figure><img src="c.png" alt="Sales by month"><figcaption>Sales by month.</figcaption></figure>`), page(`<h1>x</h1><a href="/home"><img src="h.png" alt="House icon"> Home</a>`)},
	{"input-image-alt", page(`<h1>x</h1><form><input type="image" src="go.png"></form>`), page(`<h1>x</h1><form><input type="image" src="go.png" alt="Search"></form>`)},
	{"svg-img-alt", page(`<h1>x</h1><svg role="img"><circle r="4"></circle></svg>`), page(`<h1>x</h1><svg role="img"><title>Status: online</title><circle r="4"></circle></svg>`)},
	{"role-img-alt", page(`<h1>x</h1><div role="img"></div>`), page(`<h1>x</h1><div role="img" aria-label="Five stars"></div>`)},
	{"area-alt", page(`<h1>x</h1><img src="m.png" alt="Map" usemap="#m"><map name="m"><area href="/n" shape="rect" coords="0,0,5,5"></map>`),
		page(`<h1>x</h1><img src="m.png" alt="Map" usemap="#m"><map name="m"><area href="/n" alt="North" shape="rect" coords="0,0,5,5"></map>`)},
	{"link-name", page(`<h1>x</h1><a href="/next"><img src="arrow.png"></a>`), page(`<h1>x</h1><a href="/next"><img src="arrow.png" alt="Next page"></a><a href="/a">About us</a>`)},
	{"link-text-vague", page(`<h1>x</h1><a href="/r">Click here</a>`), page(`<h1>x</h1><a href="/r">Download the annual report</a>`)},
	{"button-name", page(`<h1>x</h1><button></button>`), page(`<h1>x</h1><button>Save</button><input type="submit">`)},
	{"frame-title", page(`<h1>x</h1><iframe src="a.html"></iframe>`), page(`<h1>x</h1><iframe src="a.html" title="Opening hours"></iframe>`)},
	{"label", page(`<h1>x</h1><input type="text" name="q">`),
		page(`<h1>x</h1><label for="q">Query</label><input id="q"><label>Name <input name="n"></label><select aria-label="Size"></select>`)},
	{"table-caption", page(`<h1>x</h1><table><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table>`),
		page(`<h1>x</h1><table><caption>Scores</caption><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table>`)},
	{"table-has-header", page(`<h1>x</h1><table><caption>C</caption><tr><td>A</td></tr><tr><td>1</td></tr></table>`),
		page(`<h1>x</h1><table><caption>C</caption><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table>`)},
	{"th-has-scope", page(`<h1>x</h1><table><caption>C</caption><tr><th>A</th></tr><tr><td>1</td></tr></table>`),
		page(`<h1>x</h1><table><caption>C</caption><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table>`)},
	{"scope-attr-valid", page(`<h1>x</h1><table><caption>C</caption><tr><th scope="column">A</th></tr><tr><td>1</td></tr></table>`),
		page(`<h1>x</h1><table><caption>C</caption><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table>`)},
	{"th-has-data-cells", page(`<h1>x</h1><table><caption>C</caption><tr><th scope="col">A</th><th scope="col">B</th></tr><tr><td>1</td></tr></table>`),
		page(`<h1>x</h1><table><caption>C</caption><tr><th scope="col">A</th><th scope="col">B</th></tr><tr><td>1</td><td>2</td></tr></table>`)},
	{"td-headers-attr", page(`<h1>x</h1><table><caption>C</caption><tr><th scope="col" id="h">A</th></tr><tr><td headers="nope">1</td></tr></table>`),
		page(`<h1>x</h1><table><caption>C</caption><tr><th scope="col" id="h">A</th></tr><tr><td headers="h">1</td></tr></table>`)},
	{"list", page(`<h1>x</h1><ul><li>a</li><p>b</p></ul>`), page(`<h1>x</h1><ul><li>a</li><li>b</li></ul>`)},
	{"listitem", page(`<h1>x</h1><div><li>a</li></div>`), page(`<h1>x</h1><ol><li>a</li></ol>`)},
	{"definition-list", page(`<h1>x</h1><dl><dt>T</dt><p>D</p></dl>`), page(`<h1>x</h1><dl><dt>T</dt><dd>D</dd><div><dt>U</dt><dd>E</dd></div></dl>`)},
	{"dlitem", page(`<h1>x</h1><div><dt>T</dt></div>`), page(`<h1>x</h1><dl><dt>T</dt><dd>D</dd></dl>`)},
	{"duplicate-id", page(`<h1>x</h1><p id="a">1</p><p id="a">2</p>`), page(`<h1>x</h1><p id="a">1</p><p id="b">2</p>`)},
	{"aria-roles", page(`<h1>x</h1><div role="navgation">n</div>`), page(`<h1>x</h1><div role="navigation">n</div>`)},
	{"aria-valid-attr", page(`<h1>x</h1><div aria-labeledby="h">n</div>`), page(`<h1 id="h">x</h1><div role="region" aria-labelledby="h">n</div>`)},
	{"aria-valid-attr-value", page(`<h1>x</h1><div role="tablist"><div role="tab" aria-selected="yes" aria-controls="nope">t</div></div>`),
		page(`<h1>x</h1><div role="tablist"><div role="tab" aria-selected="true" aria-controls="p">t</div></div><div id="p" role="tabpanel" aria-live="polite">p</div>`)},
	{"object-alt", page(`<h1>x</h1><object data="movie.swf"></object>`), page(`<h1>x</h1><object data="chart.svg" title="Sales chart"></object><object data="m.pdf">The May report</object>`)},
	{"aria-hidden-body", `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body aria-hidden="true"><h1>x</h1></body></html>`, page(`<h1>x</h1>`)},
	{"aria-hidden-focus", page(`<h1>x</h1><div aria-hidden="true"><a href="/x">x</a></div>`), page(`<h1>x</h1><div aria-hidden="true"><a href="/x" tabindex="-1">x</a></div>`)},
	{"aria-required-attr", page(`<h1>x</h1><div role="checkbox" tabindex="0">Agree</div>`),
		page(`<h1>x</h1><div role="checkbox" tabindex="0" aria-checked="false">Agree</div><input type="checkbox" role="switch" aria-label="Dark mode">`)},
	{"aria-allowed-attr", page(`<h1>x</h1><div role="link" tabindex="0" aria-checked="true">Home</div>`),
		page(`<h1>x</h1><div role="button" tabindex="0" aria-pressed="true">Bold</div>`)},
	{"aria-prohibited-attr", page(`<h1>x</h1><span role="strong" aria-label="warning"></span>`),
		page(`<h1>x</h1><nav aria-label="Main">n</nav>`)},
	{"aria-deprecated-role", page(`<h1>x</h1><ul role="directory"><li>a</li></ul>`), page(`<h1>x</h1><div role="list"><div role="listitem">a</div></div>`)},
	{"aria-required-children", page(`<h1>x</h1><ul role="menubar"><li><a href="/a">A</a></li></ul>`),
		page(`<h1>x</h1><div role="tablist"><div role="tab" aria-selected="true">A</div><span><div role="tab">B</div></span></div>`)},
	{"aria-required-parent", page(`<h1>x</h1><div role="tab">Orphan</div>`),
		page(`<h1>x</h1><div role="tablist"><div><div role="tab">A</div></div></div><div aria-owns="t2" role="tablist"></div><div id="t2" role="tab">B</div>`)},
	{"aria-conditional-attr", page(`<h1>x</h1><input type="checkbox" aria-label="a" aria-checked="true"><table><tr aria-level="1"><td>a</td></tr></table>`),
		page(`<h1>x</h1><div role="treegrid"><div role="row" aria-level="1" aria-expanded="true"><div role="gridcell">a</div></div></div><input type="checkbox" checked aria-checked="true" aria-label="b">`)},
	{"aria-braille-equivalent", page(`<h1>x</h1><div role="img" aria-braillelabel="***"></div>`),
		page(`<h1>x</h1><div role="img" aria-label="Rating: 3 stars" aria-braillelabel="***"></div>`)},
	{"aria-command-name", page(`<h1>x</h1><div role="menu"><div role="menuitem"></div></div>`),
		page(`<h1>x</h1><div role="menu"><div role="menuitem">Open</div></div>`)},
	{"aria-input-field-name", page(`<h1>x</h1><div role="textbox" contenteditable="true"></div>`),
		page(`<h1>x</h1><div role="textbox" contenteditable="true" aria-label="Comment"></div>`)},
	{"aria-toggle-field-name", page(`<h1>x</h1><div role="switch" aria-checked="true" tabindex="0"></div>`),
		page(`<h1>x</h1><div role="switch" aria-checked="true" tabindex="0">Wi-Fi</div>`)},
	{"aria-meter-name", page(`<h1>x</h1><div role="meter" aria-valuenow="3"></div>`),
		page(`<h1>x</h1><div role="meter" aria-valuenow="3" aria-label="Disk use"></div>`)},
	{"aria-progressbar-name", page(`<h1>x</h1><div role="progressbar" aria-valuenow="3"></div>`),
		page(`<h1>x</h1><div role="progressbar" aria-valuenow="3" aria-label="Upload"></div>`)},
	{"aria-tooltip-name", page(`<h1>x</h1><div role="tooltip"></div>`), page(`<h1>x</h1><div role="tooltip">Saves the file</div>`)},
	{"aria-tab-name", page(`<h1>x</h1><div role="tablist"><div role="tab"></div></div>`),
		page(`<h1>x</h1><div role="tablist"><div role="tab">Overview</div></div>`)},
	{"nested-interactive", page(`<h1>x</h1><button>Buy <a href="/info">info</a></button>`), page(`<h1>x</h1><button>Buy <span>now</span></button>`)},
	{"summary-name", page(`<h1>x</h1><details><summary></summary>More</details>`), page(`<h1>x</h1><details><summary>Shipping terms</summary>More</details>`)},
	{"form-field-multiple-labels", page(`<h1>x</h1><label for="e">Email</label><label>Address <input id="e"></label>`),
		page(`<h1>x</h1><label for="e">Email</label><input id="e">`)},
	{"autocomplete-valid", page(`<h1>x</h1><input aria-label="Mail" autocomplete="e-mail">`),
		page(`<h1>x</h1><input aria-label="Mail" autocomplete="section-a shipping work email"><input aria-label="Zip" autocomplete="billing postal-code">`)},
	{"frame-title-unique", page(`<h1>x</h1><iframe src="a.html" title="Map"></iframe><iframe src="b.html" title="map"></iframe>`),
		page(`<h1>x</h1><iframe src="a.html" title="Map of Bern"></iframe><iframe src="b.html" title="Map of Basel"></iframe>`)},
	{"frame-focusable-content", page(`<h1>x</h1><iframe title="Ad" tabindex="-1" srcdoc="<a href='/x'>x</a>"></iframe>`),
		page(`<h1>x</h1><iframe title="Ad" tabindex="-1" srcdoc="<p>static</p>"></iframe>`)},
	{"server-side-image-map", page(`<h1>x</h1><a href="/map"><img src="m.png" alt="Map" ismap></a>`), page(`<h1>x</h1><img src="m.png" alt="Map">`)},
	{"html-xml-lang-mismatch",
		`<!DOCTYPE html><html lang="en" xml:lang="fr"><head><title>T</title></head><body><h1>x</h1></body></html>`,
		`<!DOCTYPE html><html lang="en-GB" xml:lang="en"><head><title>T</title></head><body><h1>x</h1></body></html>`},
	{"meta-refresh",
		`<!DOCTYPE html><html lang="en"><head><title>T</title><meta http-equiv="refresh" content="30; url=/next"></head><body><h1>x</h1></body></html>`,
		`<!DOCTYPE html><html lang="en"><head><title>T</title><meta http-equiv="refresh" content="0; url=/next"></head><body><h1>x</h1></body></html>`},
	{"blink", page(`<h1>x</h1><blink>Sale</blink>`), page(`<h1>x</h1><strong>Sale</strong>`)},
	{"marquee", page(`<h1>x</h1><marquee>News</marquee>`), page(`<h1>x</h1><p>News</p>`)},
	{"no-autoplay-audio", page(`<h1>x</h1><audio src="a.mp3" autoplay loop></audio>`), page(`<h1>x</h1><audio src="a.mp3" autoplay controls></audio><video src="v.mp4" autoplay muted><track kind="captions" src="c.vtt"></video>`)},
	{"video-caption", page(`<h1>x</h1><video src="v.mp4" controls></video>`), page(`<h1>x</h1><video src="v.mp4" controls><track kind="captions" src="c.vtt" srclang="en"></video>`)},
	{"avoid-inline-spacing", page(`<h1>x</h1><p style="word-spacing: 0.1em !important">t</p>`),
		page(`<h1>x</h1><p style="line-height: 1.5 !important; letter-spacing: 0.2em !important">t</p>`)},
	{"link-in-text-block", page(`<h1>x</h1><p style="color:#000">Read the <a href="/t" style="text-decoration:none;color:#222">terms</a> first.</p>`),
		page(`<h1>x</h1><p style="color:#000">Read the <a href="/t">terms</a> first.</p>`)},
	{"color-contrast", page(`<h1>x</h1><p style="color:#999;background:#fff">grey</p>`),
		page(`<h1>x</h1><p style="color:#333;background:#fff">dark</p><p style="color:#888;font-size:24pt">large grey</p>`)},
}

// reviewOnly lists the rules whose failing fixture can only be judged by
// a person (needs review), as axe-core reports them incomplete.
var reviewOnly = map[string]bool{
	"video-caption": true, "server-side-image-map": true, "form-field-multiple-labels": true,
	"frame-title-unique": true, "aria-braille-equivalent": true, "th-has-data-cells": true,
	"no-autoplay-audio": true,
}

func TestRuleFixtures(t *testing.T) {
	// FOLIO_FIXTURE_DIR=dir writes the fixtures as dir/<rule>.fail.html and
	// dir/<rule>.pass.html, for running axe-core over them (see RULES.md).
	dump := os.Getenv("FOLIO_FIXTURE_DIR")
	covered := map[string]bool{}
	for _, fx := range ruleFixtures {
		covered[fx.rule] = true
		if dump != "" {
			for kind, src := range map[string]string{"fail": fx.fail, "pass": fx.pass} {
				if err := os.WriteFile(filepath.Join(dump, fx.rule+"."+kind+".html"), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Run(fx.rule+"/fail", func(t *testing.T) {
			rep := auditString(t, fx.fail)
			r, ok := result(rep, fx.rule)
			if reviewOnly[fx.rule] {
				if ruleOutcome(rep, fx.rule) != review {
					t.Fatalf("rule %s: %s, want needs review; findings: %v", fx.rule, ruleOutcome(rep, fx.rule), rep.NeedsReview)
				}
			} else if !ok || r.Failed == 0 {
				t.Fatalf("rule %s did not fail (result %+v); findings: %v", fx.rule, r, findings(rep))
			}
			var got *audit.Finding
			for _, f := range append(findings(rep), rep.NeedsReview...) {
				if f.Rule == fx.rule {
					got = &f
					break
				}
			}
			if got == nil {
				t.Fatalf("rule %s failed but reported no finding", fx.rule)
			}
			if got.Location.Line == 0 || got.Location.Selector == "" || got.Location.Snippet == "" {
				t.Errorf("finding has incomplete location: %+v", got.Location)
			}
			if got.Hint == "" || len(got.Standards) == 0 || !strings.HasPrefix(got.Standards[0], "WCAG 2.1 ") {
				t.Errorf("finding lacks hint or WCAG reference: %+v", got)
			}
		})
		t.Run(fx.rule+"/pass", func(t *testing.T) {
			rep := auditString(t, fx.pass)
			r, ok := result(rep, fx.rule)
			if !ok || r.Checked == 0 {
				t.Fatalf("rule %s checked nothing in the passing fixture", fx.rule)
			}
			if r.Failed != 0 {
				t.Fatalf("rule %s failed %d of %d: %v", fx.rule, r.Failed, r.Checked, findings(rep))
			}
		})
	}
	for _, ri := range Rules() {
		if !covered[ri.ID] {
			t.Errorf("rule %s has no fixtures", ri.ID)
		}
	}
}
