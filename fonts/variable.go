package fonts

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype/tables"
)

// This file holds variable fonts (OpenType font variations): the axes of
// a face's fvar table, the instance CSS asks for (CSS Fonts 4 §"Font
// Feature and Variation Resolution": font-weight, font-stretch and
// font-style applied to the wght, wdth, ital and slnt axes, then
// font-variation-settings), and the instance faces that shape and embed
// at those coordinates (instance.go writes their outlines).

// Axis is one variation axis of a variable font, in design units.
type Axis struct {
	Tag               string
	Min, Default, Max float64
}

// Variation is a value on one axis, in design units.
type Variation struct {
	Tag   string
	Value float64
}

// maxAxes bounds the axes read from an fvar table (fonts have a handful).
const maxAxes = 64

// maxInstances bounds the instances made of one variable face: past it,
// further coordinates are drawn with the default instance, so a document
// with a thousand font-variation-settings values embeds a bounded number
// of fonts.
const maxInstances = 64

// parseFvar returns the axes of an fvar table (nil when absent or
// malformed).
func parseFvar(fvar []byte) []Axis {
	if len(fvar) < 16 || u16(fvar, 0) != 1 {
		return nil
	}
	off, n, size := int(u16(fvar, 4)), int(u16(fvar, 8)), int(u16(fvar, 10))
	if n == 0 || n > maxAxes || size < 20 || off+n*size > len(fvar) {
		return nil
	}
	axes := make([]Axis, n)
	fixed := func(p int) float64 { return float64(int32(u32(fvar, p))) / 65536 }
	for i := range axes {
		p := off + i*size
		a := Axis{Tag: string(fvar[p : p+4]), Min: fixed(p + 4), Default: fixed(p + 8), Max: fixed(p + 12)}
		if a.Min > a.Default || a.Default > a.Max {
			return nil
		}
		axes[i] = a
	}
	return axes
}

// Axes returns the variation axes of the face's font program, nil for a
// static font. TrueType-flavoured (glyf) and CFF2 variable fonts are
// instanced.
func (f *Face) Axes() []Axis {
	pf, err := f.load()
	if err != nil {
		return nil
	}
	return pf.axes
}

// Variations returns the axis values the face draws with (design units,
// every axis of the font), or nil for a static font or the default
// instance.
func (f *Face) Variations() []Variation {
	return f.design
}

// variableState is what a variable face keeps of its instances.
type variableState struct {
	mu        sync.Mutex
	instances map[string]*Face // by normalised coordinates
}

// ParseVariations reads a list of "tag=value" items joined by commas (the
// computed font-variation-settings); malformed items are skipped.
func ParseVariations(list string) []Variation {
	var out []Variation
	for item := range strings.SplitSeq(list, ",") {
		tag, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok || len(tag) != 4 {
			continue
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		out = append(out, Variation{Tag: tag, Value: v})
	}
	return out
}

// cssVariations returns the axis values CSS asks of face f for q, in the
// order they apply (a later value of a tag wins), and whether they slant
// the face (ital or slnt set for an italic or oblique query, so that no
// oblique need be synthesised):
//   - wght: the weight, clamped to the face's @font-face weight range;
//   - wdth: the font-stretch percentage, clamped to the face's range;
//   - ital 1 for italic (else slnt −14 when the font has no ital axis), slnt
//     −14 for oblique (CSS's default oblique angle);
//   - opsz: the font size in CSS px (font-optical-sizing: auto);
//   - then font-variation-settings.
func cssVariations(f *Face, axes []Axis, q Query) ([]Variation, bool) {
	has := func(tag string) bool {
		for _, a := range axes {
			if a.Tag == tag {
				return true
			}
		}
		return false
	}
	var vs []Variation
	if has("wght") {
		w := q.Weight
		if w <= 0 {
			w = 400
		}
		lo, hi := f.weightRange(axes)
		vs = append(vs, Variation{"wght", float64(min(max(w, lo), hi))})
	}
	if has("wdth") && (q.Stretch > 0 || f.stretchMax > 0) {
		want := q.Stretch
		if want <= 0 {
			want = 100
		}
		lo, hi := f.stretchRange()
		if f.stretchMax == 0 {
			lo, hi = 0, math.Inf(1) // unknown: the axis clamps
		}
		vs = append(vs, Variation{"wdth", min(max(want, lo), hi)})
	}
	switch {
	case q.Style == StyleItalic && has("ital"):
		vs = append(vs, Variation{"ital", 1})
	case q.Style != StyleNormal && has("slnt"):
		vs = append(vs, Variation{"slnt", -SynthObliqueAngle})
	}
	if has("opsz") && q.OpticalSize > 0 {
		vs = append(vs, Variation{"opsz", q.OpticalSize})
	}
	vs = append(vs, ParseVariations(q.Variations)...)
	// slanted by the values that apply last (font-variation-settings may
	// take the slant back)
	slanted := false
	if q.Style != StyleNormal {
		for _, v := range vs {
			switch {
			case v.Tag == "ital" && has("ital"):
				slanted = v.Value >= 0.5
			case v.Tag == "slnt" && has("slnt"):
				slanted = v.Value != 0
			}
		}
	}
	return vs, slanted
}

// weightRange returns the weights face f covers: those its @font-face
// declares, or for an installed variable font (no descriptor) the range
// of its wght axis.
func (f *Face) weightRange(axes []Axis) (lo, hi int) {
	if f.autoWeight {
		for _, a := range axes {
			if a.Tag == "wght" {
				return int(math.Ceil(a.Min)), int(math.Floor(a.Max))
			}
		}
	}
	return f.weight, f.weightMax
}

// noteAxes records that face f of the registry has an opsz axis (see
// Registry.opsz).
func (r *Registry) noteAxes(f *Face) {
	for _, a := range f.Axes() {
		if a.Tag == "opsz" {
			r.opsz.Store(true)
		}
	}
}

// instanceFor returns the instance of f that q asks for (f itself for a
// static font or the default instance) and whether it is slanted by an
// axis.
func (f *Face) instanceFor(q Query) (*Face, bool) {
	if f.base != nil || f.varBase != nil || f.static {
		return f, false
	}
	pf, err := f.load()
	if err != nil || len(pf.axes) == 0 {
		return f, false
	}
	vs, slanted := cssVariations(f, pf.axes, q)
	if len(vs) == 0 {
		return f, false
	}
	design := make([]float64, len(pf.axes))
	for i, a := range pf.axes {
		design[i] = a.Default
		for _, v := range vs {
			if v.Tag == a.Tag {
				design[i] = min(max(v.Value, a.Min), a.Max)
			}
		}
	}
	d32 := make([]float32, len(design))
	for i, v := range design {
		d32[i] = float32(v)
	}
	coords := pf.font.NormalizeVariations(d32)
	key := coordsKey(coords)
	if key == "" {
		return f, slanted
	}
	st := &f.vars
	st.mu.Lock()
	defer st.mu.Unlock()
	if inst, ok := st.instances[key]; ok {
		return inst, slanted
	}
	if len(st.instances) >= maxInstances {
		return f, false
	}
	vars := make([]Variation, len(design))
	for i, a := range pf.axes {
		vars[i] = Variation{Tag: a.Tag, Value: design[i]}
	}
	inst := &Face{family: f.family, weight: f.weight, weightMax: f.weightMax, style: f.style, data: f.data,
		stretch: f.stretch, stretchMax: f.stretchMax, autoSlant: f.autoSlant,
		varBase: f, coords: coords, design: vars}
	if inst.Err() != nil {
		// variation data that cannot be read: the default instance
		inst = f
	}
	if st.instances == nil {
		st.instances = map[string]*Face{}
	}
	st.instances[key] = inst
	return inst, slanted && inst != f
}

// coordsKey is the map key of normalised coordinates, "" when all are
// zero (the default instance).
func coordsKey(coords []tables.Coord) string {
	zero := true
	b := make([]byte, 0, 2*len(coords))
	for _, c := range coords {
		zero = zero && c == 0
		b = append(b, byte(uint16(c)>>8), byte(c))
	}
	if zero {
		return ""
	}
	return string(b)
}

// parseInstance returns the parsed form of instance face f of variable
// face base: base's tables, shaped at f's coordinates, with the advances
// of the instance (from HVAR, else the gvar phantom points of each glyph
// used).
func (f *Face) parseInstance() (pf *parsedFace, err error) {
	bpf, err := f.varBase.load()
	if err != nil {
		return nil, err
	}
	table := "gvar/HVAR"
	defer func() {
		if err != nil {
			pf = nil
		}
	}()
	defer recoverMalformed(f.family, &table, &err)
	pf = &parsedFace{font: bpf.font, sfnt: bpf.sfnt, numGlyphs: bpf.numGlyphs, metrics: bpf.metrics,
		cff: bpf.cff, cff2: bpf.cff2, ascii: bpf.ascii, axes: bpf.axes, coords: f.coords}
	// no Latin-1 shortcut: kerning may vary with the coordinates
	pf.simpleData = &simpleFace{}
	pf.simpleOnce.Do(func() {})
	if _, ok := bpf.sfnt.tables["HVAR"]; ok {
		// HVAR gives every advance cheaply
		fc := font.NewFace(bpf.font)
		fc.SetCoords(f.coords)
		pf.advances = make([]uint16, pf.numGlyphs)
		for g := range pf.advances {
			pf.advances[g] = uint16(min(max(math.Round(float64(fc.HorizontalAdvance(font.GID(g)))), 0), math.MaxUint16))
		}
	} else {
		// the phantom points cost a glyph's deltas: per glyph, when used
		pf.advances, pf.lazyAdv = bpf.advances, make([]atomic.Uint32, pf.numGlyphs)
	}
	var suffix strings.Builder
	for i, v := range f.design {
		if tag := sanitizePS(v.Tag); tag != "" && v.Value != bpf.axes[i].Default {
			suffix.WriteString(tag)
			suffix.WriteString(strconv.FormatFloat(math.Round(v.Value*100)/100, 'f', -1, 64))
		}
		if v.Tag == "wght" {
			w := int(v.Value)
			pf.metrics.StemV = 50 + (w*w)/(65*65)
		}
	}
	pf.psName = instanceName(bpf.psName, suffix.String())
	return pf, nil
}

// instanceName is the PostScript name of an instance: the variable
// font's with the values of the axes off their default appended
// ("Family-Regular_wght700"), within
// the 63 characters PostScript allows, and made of what sanitizePS keeps.
func instanceName(base, suffix string) string {
	s := sanitizePS(base + "_" + strings.ReplaceAll(suffix, "-", "m"))
	if len(s) > 63 {
		s = s[:63]
	}
	return s
}

// String form of an instance for diagnostics.
func (f *Face) variationString() string {
	if len(f.design) == 0 {
		return ""
	}
	var b strings.Builder
	for i, v := range f.design {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s=%g", v.Tag, v.Value)
	}
	return " [" + b.String() + "]"
}
