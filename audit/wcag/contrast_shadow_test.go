package wcag

import (
	"strings"
	"testing"
)

// TestContrastTextShadow checks that the contrast rule measures a
// text-shadow as axe-core 4.x does: an outline (blur under 0.2em, or a
// stroke of unblurred shadows on all four sides) passes the text when
// it contrasts with the text or the background, a wider shadow darkens
// or lightens the background, a stroke on two or three sides needs
// review, and a shadow on one side or offset beyond its blur counts for
// nothing. Font size 12pt (16px).
func TestContrastTextShadow(t *testing.T) {
	tests := []struct {
		name, body string
		want       string // pass, fail or review
	}{
		{"no shadow fails", `<p style="color:#fff;background:#fff">t</p>`, "fail"},
		{"solid black stroke on four sides passes", `<p style="color:#fff;background:#fff;text-shadow:0 -2px #000, 2px 0 #000, 0 2px #000, -2px 0 #000">t</p>`, "pass"},
		{"stacked blurred outline passes", `<p style="color:#fff;background:#fff;text-shadow:0 0 1px #000, 0 0 1px #000, 0 0 1px #000">t</p>`, "pass"},
		{"one faint blurred outline fails", `<p style="color:#fff;background:#fff;text-shadow:0 0 1px #000">t</p>`, "fail"},
		{"outline too faint on light grey fails", `<p style="color:#fff;background:#eee;text-shadow:0 0 2px #000">t</p>`, "fail"},
		{"style sheet shadow measured", `<style>.s{text-shadow:0 0 3px black}</style><p class="s" style="color:#ccc">t</p>`, "fail"},
		{"stroke on two sides needs review", `<p style="color:#fff;background:#eee;text-shadow:1px 1px #000">t</p>`, "review"},
		{"inherited two-sided stroke needs review", `<div style="text-shadow:1px 1px #000"><p style="color:#fff;background:#eee">t</p></div>`, "review"},
		{"text-shadow none resets the inherited one", `<div style="text-shadow:1px 1px #000"><p style="color:#ccc;text-shadow:none">t</p></div>`, "fail"},
		{"raised letters (one side) ignored", `<p style="color:#ccc;text-shadow:1px 0 #000">t</p>`, "fail"},
		{"offset beyond the blur ignored", `<p style="color:#fff;background:#fff;text-shadow:3px 3px 1px #000, 3px 3px 1px #000, 3px 3px 1px #000">t</p>`, "fail"},
		{"wide shadow darkens the background", `<p style="color:#fff;background:#777;text-shadow:0 0 8px #000">t</p>`, "pass"},
		{"4.48:1 without the wide shadow fails", `<p style="color:#fff;background:#777">t</p>`, "fail"},
		{"colourless shadow takes the inheriting text's colour", `<div style="color:#000;text-shadow:0 0 1px, 0 0 1px, 0 0 1px"><p style="color:#fff;background:#fff">t</p></div>`, "fail"},
		{"coloured inherited outline passes", `<div style="text-shadow:0 0 1px #000, 0 0 1px #000, 0 0 1px #000"><p style="color:#fff;background:#fff">t</p></div>`, "pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := auditString(t, page(`<h1 style="color:#000;background:#fff">x</h1>`+tt.body))
			r, _ := result(rep, "color-contrast")
			got := "pass"
			switch {
			case r.Failed > 0:
				got = "fail"
			case len(rep.NeedsReview) > 0:
				got = "review"
			}
			if got != tt.want {
				t.Fatalf("%s, want %s: errors %v, needs review %v", got, tt.want, rep.Errors, rep.NeedsReview)
			}
			if got == "fail" && strings.Contains(tt.body, "text-shadow:0 0") {
				for _, f := range rep.Errors {
					if f.Rule == "color-contrast" && !strings.Contains(f.Message, "outlined by a text-shadow of #") {
						t.Errorf("message does not name the shadow: %q", f.Message)
					}
				}
			}
			for _, f := range rep.NeedsReview {
				if f.Rule == "color-contrast" && !strings.Contains(f.Reason, "text-shadow") {
					t.Errorf("needs-review reason does not name the shadow: %q", f.Reason)
				}
			}
		})
	}
}
