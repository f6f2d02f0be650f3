package fonts

// synthesisFor returns what must be synthesised to draw weight and style
// with f: bold when 600 or more is asked of a face whose weights all lie
// below 600, oblique when italic or oblique is asked of an upright face
// (as Chromium and Firefox do when font-synthesis is auto).
func synthesisFor(f *Face, weight int, style Style) Synthesis {
	var s Synthesis
	if weight >= 600 && f.weightMax < 600 {
		s |= SynthBold
	}
	if style != StyleNormal && f.style == StyleNormal && !f.autoSlant {
		s |= SynthOblique
	}
	return s
}

// withSynthesis returns f, or its variant that synthesises s: a face that
// draws with f's font program (sharing its parsed tables) and reports s
// from Synthesis. Variants are made once per face and flag set, so each
// stays one font for caches and the PDF writer.
func (f *Face) withSynthesis(s Synthesis) *Face {
	if f.base != nil {
		return f.base.withSynthesis(s | f.synth)
	}
	if s == 0 {
		return f
	}
	slot := &f.variants[s-1]
	if v := slot.Load(); v != nil {
		return v
	}
	v := &Face{family: f.family, weight: f.weight, weightMax: f.weightMax, style: f.style, data: f.data, synth: s, base: f,
		stretch: f.stretch, stretchMax: f.stretchMax, autoSlant: f.autoSlant}
	if slot.CompareAndSwap(nil, v) {
		return v
	}
	return slot.Load()
}

// Synthesis returns what a renderer must synthesise when drawing with f:
// non-zero only for the faces Match and Shape choose to stand in for a
// bold or italic face the family lacks. Draw such a face's glyphs with
// Unsynthesized's font program, emboldened and/or slanted.
func (f *Face) Synthesis() Synthesis { return f.synth }

// Unsynthesized returns the face whose font program f draws with: f
// itself unless f is a synthesised variant.
func (f *Face) Unsynthesized() *Face {
	if f.base != nil {
		return f.base
	}
	return f
}
