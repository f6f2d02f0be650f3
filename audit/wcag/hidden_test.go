package wcag

import (
	"testing"

	"github.com/seed28491532/folio/audit"
)

// TestHiddenContent checks that content that does not render is not
// audited, and that visibility: visible inside visibility: hidden is.
func TestHiddenContent(t *testing.T) {
	src := page(`<h1>x</h1>
<div hidden><img src="a.png"></div>
<p style="display:none"><img src="b.png"></p>
<div style="visibility:hidden"><img src="c.png"><span style="visibility:visible"><img src="d.png"></span></div>
<template><img src="e.png"></template>
<p style="color:transparent">invisible ink</p>
<p style="color:#aaa;display:none">hidden grey</p>`)
	rep := auditString(t, src)
	var got []string
	for _, f := range rep.Errors {
		got = append(got, f.Rule+" "+f.Location.Snippet)
	}
	if len(got) != 1 || got[0] != `image-alt <img src="d.png">` {
		t.Errorf("errors %q, want only the image-alt of d.png", got)
	}
}

// TestContrastDetails checks the effective background through ancestors
// with alpha, large text thresholds, and what needs review: text over a
// background image or in a positioned box (text-shadow: TestContrastTextShadow).
func TestContrastDetails(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		fail   bool
		review int
	}{
		{"dark on light", `<p style="color:#222;background:#fafafa">t</p>`, false, 0},
		{"inherited ancestor background", `<div style="background:#000"><section><p style="color:#555">t</p></section></div>`, true, 0},
		{"white on ancestor navy", `<div style="background:navy"><p style="color:#fff">t</p></div>`, false, 0},
		{"alpha background blends with white", `<div style="background:rgba(0,0,0,0.1)"><p style="color:#fff">t</p></div>`, true, 0},
		{"alpha text", `<p style="color:rgba(0,0,0,0.3)">t</p>`, true, 0},
		{"opacity", `<p style="color:#000;opacity:0.3">t</p>`, true, 0},
		{"3.5:1 normal text fails", `<p style="color:#888;background:#fff;font-size:12pt">t</p>`, true, 0},
		{"3.5:1 at 18pt passes", `<p style="color:#888;background:#fff;font-size:18pt">t</p>`, false, 0},
		{"3.5:1 at 14pt bold passes", `<p style="color:#888;background:#fff;font-size:14pt;font-weight:bold">t</p>`, false, 0},
		{"3.5:1 at 14pt normal fails", `<p style="color:#888;background:#fff;font-size:14pt">t</p>`, true, 0},
		{"background image undecidable", `<div style="background:url(bg.png)"><p style="color:#777">t</p></div>`, false, 1},
		{"disabled control exempt", `<button disabled style="color:#ccc;background:#fff">Off</button>`, false, 0},
		{"gradient background needs review", `<div style="background:linear-gradient(#000,#fff)"><p style="color:#777">t</p></div>`, false, 1},
		{"opaque colour over the gradient decides", `<div style="background:linear-gradient(#000,#fff)"><p style="color:#999;background:#fff">t</p></div>`, true, 0},
		{"style sheet gradient needs review", `<style>.g{background:linear-gradient(#000,#fff)}</style><div class="g"><p style="color:#777">t</p></div>`, false, 1},
		{"absolutely positioned without background", `<div style="position:absolute;top:0"><p style="color:#ccc">t</p></div>`, false, 1},
		{"absolutely positioned with background", `<div style="position:absolute;background:#fff"><p style="color:#ccc">t</p></div>`, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := auditString(t, page(`<h1 style="color:#000;background:#fff">x</h1>`+tt.body))
			r, _ := result(rep, "color-contrast")
			if (r.Failed > 0) != tt.fail {
				t.Errorf("failed %d of %d, want fail=%t: %v", r.Failed, r.Checked, tt.fail, rep.Errors)
			}
			if len(rep.NeedsReview) != tt.review || len(rep.Notices) != 0 {
				t.Errorf("needs review %v (notices %v), want %d", rep.NeedsReview, rep.Notices, tt.review)
			}
			for _, f := range rep.NeedsReview {
				if f.Reason == "" || f.Severity != audit.NeedsReview || f.Location.Line == 0 {
					t.Errorf("needs-review finding without reason, severity or location: %+v", f)
				}
			}
		})
	}
}
