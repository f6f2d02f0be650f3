package fonts

import (
	"unicode"
	"unicode/utf8"
)

// This file holds font-variant-caps beyond small capitals and
// font-variant-position (CSS Fonts 4 §6.5, §6.6): the face's OpenType
// feature when it has one, else the synthesis the spec asks for.

// resolveCaps turns opts.Caps into the features or small-caps synthesis
// that draw it with face f:
//   - small-caps, all-small-caps: SmallCaps (smcp, c2sc or synthesised);
//   - petite-caps: pcap, else as small-caps; all-petite-caps: pcap and
//     c2pc, else as all-small-caps;
//   - unicase: unic, else capitals as small capitals (c2sc, or
//     synthesised: capitals at the small-caps size);
//   - titling-caps: titl, else nothing (the spec synthesises none).
func resolveCaps(f *Face, opts ShapeOptions) ShapeOptions {
	caps := opts.Caps
	opts.Caps = ""
	feature := func(list string) ShapeOptions {
		if opts.Features != "" {
			list += "," + opts.Features
		}
		opts.Features = list
		return opts
	}
	switch caps {
	case "small-caps":
		opts.SmallCaps = true
	case "all-small-caps":
		opts.SmallCaps, opts.AllSmallCaps = true, true
	case "petite-caps":
		if f.HasFeature("pcap") {
			return feature("pcap=1")
		}
		opts.SmallCaps = true
	case "all-petite-caps":
		if f.HasFeature("pcap") && f.HasFeature("c2pc") {
			return feature("pcap=1,c2pc=1")
		}
		opts.SmallCaps, opts.AllSmallCaps = true, true
	case "unicase":
		switch {
		case f.HasFeature("unic"):
			return feature("unic=1")
		case f.HasFeature("c2sc"):
			return feature("c2sc=1")
		}
		opts.SmallCaps, opts.capitalsOnly = true, true
	case "titling-caps":
		if f.HasFeature("titl") {
			return feature("titl=1")
		}
	}
	return opts
}

// Synthesised subscripts and superscripts when the face's OS/2 table
// gives no usable size or offset: the size relative to the font size and
// the shift in ems.
const (
	positionScale       = 2.0 / 3
	subscriptShift      = 0.2
	superscriptShift    = 0.34
	minPositionScale    = 0.4
	maxPositionScale    = 0.9
	maxPositionShiftEms = 0.6
)

// shapePosition is shape for opts.Position (sub or super): the face's
// subs or sups feature when it has a variant glyph for every character
// of text but spaces (CSS Fonts 4 §6.5), else (unless q.NoSynthesis
// forbids it) synthesised: the text
// shaped smaller (Run.Size says so) and moved down or up through
// Glyph.YOffset, its text and clusters the source's.
func (r *Registry) shapePosition(runs []Run, dst []Glyph, own bool, text string, q Query, size float64, opts ShapeOptions, fast bool) ([]Run, []Diagnostic, []Glyph) {
	pos := opts.Position
	opts.Position = ""
	f := r.fallbackChain(q)[0]
	tag := "sups"
	if pos == "sub" {
		tag = "subs"
	}
	if f.HasFeature(tag) {
		plain, _ := r.Shape(text, q, size, opts)
		withFeat := opts
		withFeat.Features = tag + "=1"
		if opts.Features != "" {
			withFeat.Features += "," + opts.Features
		}
		varied, _ := r.Shape(text, q, size, withFeat)
		if allVaried(plain, varied) {
			return r.shape(runs, dst, own, text, q, size, withFeat, fast)
		}
	}
	if q.NoSynthesis&SynthesisPosition != 0 {
		// font-synthesis-position: none: normal glyphs
		return r.shape(runs, dst, own, text, q, size, opts, fast)
	}
	scale, shift := positionMetrics(f, pos == "sub")
	base := len(runs)
	runs, diags, dst := r.shape(runs, dst, own, text, q, size*scale, opts, fast)
	for k := base; k < len(runs); k++ {
		for g := range runs[k].Glyphs {
			runs[k].Glyphs[g].YOffset += shift * size
		}
	}
	return runs, diags, dst
}

// allVaried reports whether the feature changed the glyph of every
// character but white space: the runs of the same text shaped without
// (a) and with (b) it have the same clusters, and each non-space
// cluster's glyph differs.
func allVaried(a, b []Run) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		ga, gb := a[i].Glyphs, b[i].Glyphs
		if a[i].Face != b[i].Face || len(ga) != len(gb) {
			return false
		}
		for j := range ga {
			if ga[j].Cluster != gb[j].Cluster {
				return false
			}
			c, _ := utf8.DecodeRuneInString(a[i].Text[ga[j].Cluster:])
			if ga[j].ID == gb[j].ID && !unicode.IsSpace(c) {
				return false
			}
		}
	}
	return true
}

// positionMetrics returns the size (relative to the font size) and the
// vertical shift (in ems, up positive) of synthesised subscripts (sub) or
// superscripts, from the face's OS/2 table when its values are sensible.
func positionMetrics(f *Face, sub bool) (scale, shift float64) {
	scale, shift = positionScale, superscriptShift
	if sub {
		shift = -subscriptShift
	}
	pf, err := f.load()
	if err != nil {
		return scale, shift
	}
	os2 := pf.sfnt.tables["OS/2"]
	upem := float64(pf.metrics.UnitsPerEm)
	if len(os2) < 26 || upem <= 0 {
		return scale, shift
	}
	ySize, yOff := 12, 16 // ySubscriptYSize, ySubscriptYOffset
	if !sub {
		ySize, yOff = 20, 24 // ySuperscriptYSize, ySuperscriptYOffset
	}
	if s := float64(i16(os2, ySize)) / upem; s >= minPositionScale && s <= maxPositionScale {
		scale = s
	}
	if o := float64(i16(os2, yOff)) / upem; o > 0 && o <= maxPositionShiftEms {
		// OS/2 gives the subscript offset downwards, positive
		shift = o
		if sub {
			shift = -o
		}
	}
	return scale, shift
}
