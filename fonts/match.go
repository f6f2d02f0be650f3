package fonts

import "strings"

// normalizeFamily turns a CSS family name into the registry's key: quotes
// and surrounding space stripped, inner runs of space collapsed to one,
// lower case.
func normalizeFamily(name string) string {
	if isNormalized(name) {
		return name
	}
	name = strings.TrimSpace(name)
	if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') && name[len(name)-1] == name[0] {
		name = strings.TrimSpace(name[1 : len(name)-1])
	}
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

// isNormalized reports whether name is already in normalizeFamily's form
// (the common case of lower-case unquoted CSS names), to avoid allocating.
func isNormalized(name string) bool {
	if name == "" || name[0] == ' ' || name[len(name)-1] == ' ' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 0x80, c >= 'A' && c <= 'Z', c == '"', c == '\'', c < ' ':
			return false
		case c == ' ' && name[i+1] == ' ':
			return false
		}
	}
	return true
}

// styleOrder lists the styles to try for a desired style (CSS Fonts 4
// §5.2 step 4, font-style): italic falls back to oblique then normal, oblique to
// italic then normal, normal to oblique then italic.
func styleOrder(s Style) [3]Style {
	switch s {
	case StyleItalic:
		return [3]Style{StyleItalic, StyleOblique, StyleNormal}
	case StyleOblique:
		return [3]Style{StyleOblique, StyleItalic, StyleNormal}
	default:
		return [3]Style{StyleNormal, StyleOblique, StyleItalic}
	}
}

// selectFace picks the face of one family that best matches weight and
// style following CSS Fonts 4 §5.2 step 4 (style first, then weight), and
// returns it with the synthesis it needs when it is upright for an italic
// request or light for a bold one (see synthesisFor). faces must not be
// empty.
func selectFace(faces []*Face, weight int, style Style) *Face {
	return selectFaceFor(faces, Query{Weight: weight, Style: style})
}

// selectFaceFor is selectFace for a whole query, matching font-stretch
// before style and weight (§5.2 step 4a) and synthesising only what
// q.NoSynthesis allows: a variable face is
// instanced at the axis values q asks for (see Query), and an instance
// slanted by its ital or slnt axis needs no synthesised oblique.
func selectFaceFor(faces []*Face, q Query) *Face {
	weight := q.Weight
	if weight <= 0 {
		weight = 400
	}
	f := bestFace(narrowStretch(faces, q.Stretch), weight, q.Style)
	synth := synthesisFor(f, weight, q.Style)
	if q.NoSynthesis&SynthesisWeight != 0 {
		synth &^= SynthBold
	}
	if q.NoSynthesis&SynthesisStyle != 0 {
		synth &^= SynthOblique
	}
	inst, slanted := f.instanceFor(q)
	if slanted {
		synth &^= SynthOblique
	}
	if f.autoWeight && synth&SynthBold != 0 {
		// an installed variable font's wght axis may reach the weight
		if _, hi := f.weightRange(f.Axes()); hi >= 600 {
			synth &^= SynthBold
		}
	}
	return inst.withSynthesis(synth)
}

// bestFace is selectFace's choice before synthesis.
func bestFace(faces []*Face, weight int, style Style) *Face {
	if weight <= 0 {
		weight = 400
	}
	var cands []*Face
	for _, s := range styleOrder(style) {
		for _, f := range faces {
			if f.hasStyle(s) {
				cands = append(cands, f)
			}
		}
		if len(cands) > 0 {
			break
		}
	}
	if len(cands) == 0 {
		cands = faces
	}
	var best *Face
	bestRank := 0
	for _, f := range cands {
		// A face covering a range of weights matches a weight inside it
		// exactly, else as the end nearer the desired weight.
		r := weightRank(weight, min(max(weight, f.weight), f.weightMax))
		// (<=: of equal faces the one added last wins, as the last
		// @font-face rule of equal descriptors does in browsers)
		if best == nil || r <= bestRank {
			best, bestRank = f, r
		}
	}
	return best
}

// weightRank orders available weight w for desired weight want (lower is
// better), encoding CSS Fonts 4 §5.2 step 4 for font-weight:
//   - want in 400–500: weights from want up to 500 ascending, then weights
//     below want descending, then weights above 500 ascending;
//   - want < 400: weights ≤ want descending, then heavier ascending;
//   - want > 500: weights ≥ want ascending, then lighter descending.
func weightRank(want, w int) int {
	const band = 10000
	switch {
	case want >= 400 && want <= 500:
		switch {
		case w >= want && w <= 500:
			return w - want
		case w < want:
			return band + (want - w)
		default:
			return 2*band + (w - want)
		}
	case want < 400:
		if w <= want {
			return want - w
		}
		return band + (w - want)
	default:
		if w >= want {
			return w - want
		}
		return band + (want - w)
	}
}
