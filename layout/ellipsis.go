package layout

import (
	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/style"
)

// ellipsisCut applies text-overflow: ellipsis to the line of units s to
// te (trailing hanging spaces excluded) in room points: when the block
// clips its overflow (overflow other than visible) and the line is wider
// than room, it returns where the line ends so that it and the ellipsis
// glyphs fit (at least one unit stays, as in browsers the first
// character does) and the glyphs.
func (p *para) ellipsisCut(s, te int, room float64) (int, []fonts.Glyph, bool) {
	st := p.block.Style
	if !st.TextOverflowEllipsis || st.Overflow == style.OverflowVisible || te <= s || p.cum[te]-p.cum[s] <= room+1e-6 {
		return 0, nil, false
	}
	gl := p.ellipsis()
	if len(gl) == 0 {
		return 0, nil, false
	}
	ew := glyphsWidth(gl)
	k := te
	for k > s+1 && (p.cum[k]-p.cum[s]+ew > room+1e-6 || p.units[k-1].space) {
		k--
	}
	return k, gl, true
}

// ellipsis returns the glyphs of "…" (or "..." when the block's font
// lacks it) in the block's style, shaped once per style.
func (p *para) ellipsis() []fonts.Glyph {
	st := p.block.Style
	tc := &p.l.texts
	if gl, ok := tc.ellGlyphs[st]; ok {
		return gl
	}
	var gl []fonts.Glyph
	for _, text := range []string{"\u2026", "..."} {
		runs, diags := p.l.shaper.Shape(text, query(st), st.FontSize, fonts.ShapeOptions{Lang: st.Lang})
		gl = gl[:0]
		for _, r := range runs {
			gl = append(gl, r.Glyphs...)
		}
		if len(diags) == 0 {
			break
		}
	}
	if tc.ellGlyphs == nil {
		tc.ellGlyphs = map[*style.Style][]fonts.Glyph{}
	}
	if len(tc.ellGlyphs) < maxHyphenStyles {
		tc.ellGlyphs[st] = gl
	}
	return gl
}

// glyphsWidth is the sum of the advances of gl.
func glyphsWidth(gl []fonts.Glyph) float64 {
	w := 0.0
	for _, g := range gl {
		w += g.XAdvance
	}
	return w
}
