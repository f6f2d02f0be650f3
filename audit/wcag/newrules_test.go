package wcag

import "testing"

// TestNewRuleCases covers the edges of the rules added for issue 22
// beyond their fixtures: what passes, fails, needs review or does not
// apply.
func TestNewRuleCases(t *testing.T) {
	tests := []struct {
		name, rule, body string
		want             outcome
	}{
		{"refresh after 20 hours", "meta-refresh", `<meta http-equiv="refresh" content="72000">`, failed},
		{"refresh after more than 20 hours", "meta-refresh", `<meta http-equiv="refresh" content="72001">`, passed},
		{"refresh without delay number", "meta-refresh", `<meta http-equiv="refresh" content="url=/x">`, skipped},
		{"autoplay of unknown length", "no-autoplay-audio", `<video src="v.mp4" autoplay><track kind="captions" src="c.vtt"></video>`, review},
		{"autoplay in a loop", "no-autoplay-audio", `<audio src="a.mp3" autoplay loop></audio>`, review},
		{"autoplay in a loop with controls", "no-autoplay-audio", `<audio src="a.mp3" autoplay loop controls></audio>`, passed},
		{"no autoplay", "no-autoplay-audio", `<audio src="a.mp3" controls></audio>`, skipped},
		{"subtitles are not captions", "video-caption", `<video src="v.mp4"><track kind="subtitles" src="s.vtt"></video>`, review},
		{"frame with src and tabindex -1", "frame-focusable-content", `<iframe src="a.html" title="A" tabindex="-1"></iframe>`, review},
		{"frame without tabindex", "frame-focusable-content", `<iframe src="a.html" title="A"></iframe>`, skipped},
		{"untitled frames are frame-title's", "frame-title-unique", `<iframe src="a.html"></iframe><iframe src="b.html"></iframe>`, skipped},
		{"contact type before non-contact field", "autocomplete-valid", `<input aria-label="n" autocomplete="work given-name">`, failed},
		{"two field names", "autocomplete-valid", `<input aria-label="n" autocomplete="email tel">`, failed},
		{"autocomplete off", "autocomplete-valid", `<input aria-label="n" autocomplete="off">`, passed},
		{"webauthn suffix", "autocomplete-valid", `<input aria-label="n" autocomplete="username webauthn">`, passed},
		{"spacing without important", "avoid-inline-spacing", `<p style="line-height:1">t</p>`, skipped},
		{"letter-spacing below minimum", "avoid-inline-spacing", `<p style="letter-spacing:0.05em!important">t</p>`, failed},
		{"line-height below minimum", "avoid-inline-spacing", `<p style="line-height:1.2 !important">t</p>`, review},
		{"line-height in percent", "avoid-inline-spacing", `<p style="line-height:160% !important">t</p>`, passed},
		{"link set apart by colour only at 3:1", "link-in-text-block", `<p style="color:#000">See <a href="/t" style="text-decoration:none;color:#c00">terms</a> now.</p>`, review},
		{"bold link", "link-in-text-block", `<p style="color:#000">See <a href="/t" style="text-decoration:none;color:#222;font-weight:bold">terms</a> now.</p>`, passed},
		{"link alone in its block", "link-in-text-block", `<p><a href="/t" style="text-decoration:none">terms</a></p>`, skipped},
		{"link in a tab", "nested-interactive", `<div role="tablist"><div role="tab" tabindex="0">A <a href="/a">x</a></div></div>`, failed},
		{"unfocusable content in a button", "nested-interactive", `<button>A <a>not a link</a></button>`, passed},
		{"summary with aria-label", "summary-name", `<details><summary aria-label="More"></summary>x</details>`, passed},
		{"label for and wrapping the same", "form-field-multiple-labels", `<label for="a">A <input id="a"></label>`, passed},
		{"hidden second label", "form-field-multiple-labels", `<label for="a">A</label><label for="a" hidden>B</label><input id="a">`, passed},
		{"same language, other region", "html-xml-lang-mismatch", `<p>t</p>`, skipped},
		{"empty tablist", "aria-required-children", `<div role="tablist"></div>`, review},
		{"busy empty list", "aria-required-children", `<div role="list" aria-busy="true"></div>`, passed},
		{"owned through aria-owns", "aria-required-children", `<div role="list" aria-owns="i"></div><div id="i" role="listitem">a</div>`, passed},
		{"row in a grid with aria-level", "aria-conditional-attr", `<div role="grid"><div role="row" aria-level="2"><div role="gridcell">a</div></div></div>`, failed},
		{"indeterminate checkbox", "aria-conditional-attr", `<input type="checkbox" aria-label="a" aria-checked="mixed">`, failed},
		{"braille role description without role description", "aria-braille-equivalent", `<div role="region" aria-label="r" aria-brailleroledescription="rgn">x</div>`, review},
		{"span with a name and text", "aria-prohibited-attr", `<span aria-label="x">text</span>`, review},
		{"div with a name and no text", "aria-prohibited-attr", `<div aria-label="x"></div>`, failed},
		{"generic with non-global attribute", "aria-allowed-attr", `<span aria-checked="true">x</span>`, failed},
		{"native checkbox provides checked", "aria-required-attr", `<input type="checkbox" role="checkbox" aria-label="a">`, passed},
		{"slider without value", "aria-required-attr", `<div role="slider" tabindex="0" aria-label="Volume"></div>`, failed},
		{"option outside listbox", "aria-required-parent", `<div role="option">a</div>`, failed},
		{"menu item in an li of a menu", "aria-required-parent", `<ul role="menu"><li><a role="menuitem" href="/a">A</a></li></ul>`, failed},
		{"menu item in an li role=none of a menu", "aria-required-parent", `<ul role="menu"><li role="none"><a role="menuitem" href="/a">A</a></li></ul>`, passed},
		{"link in an li of a menubar", "aria-required-children", `<ul role="menubar"><li><a href="/a">A</a></li></ul>`, failed},
		{"caption in a table role", "aria-required-children", `<table role="table"><caption>C</caption><tr><td>a</td></tr></table>`, passed},
		{"separator in a menu", "aria-required-children", `<div role="menu"><div role="menuitem">A</div><div role="separator"></div></div>`, passed},
		{"named section", "aria-prohibited-attr", `<section aria-label="News">n</section><form aria-label="Search"></form>`, passed},
		{"option in group in listbox", "aria-required-parent", `<div role="listbox" aria-label="l"><div role="group"><div role="option">a</div></div></div>`, passed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := page(`<h1>x</h1>` + tt.body)
			if tt.rule == "meta-refresh" {
				src = `<!DOCTYPE html><html lang="en"><head><title>T</title>` + tt.body + `</head><body><h1>x</h1></body></html>`
			}
			dumpCase(t, "case", tt.rule, string(tt.want)+"."+tt.name, src)
			rep := auditString(t, src)
			if got := ruleOutcome(rep, tt.rule); got != tt.want {
				t.Errorf("%s: %s, want %s; findings %v %v", tt.rule, got, tt.want, findings(rep), rep.NeedsReview)
			}
		})
	}
}
