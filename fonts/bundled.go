package fonts

import (
	"sync"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/go-fonts/dejavu/dejavusansboldoblique"
	"github.com/go-fonts/dejavu/dejavusansextralight"
	"github.com/go-fonts/dejavu/dejavusansmono"
	"github.com/go-fonts/dejavu/dejavusansmonobold"
	"github.com/go-fonts/dejavu/dejavusansmonoboldoblique"
	"github.com/go-fonts/dejavu/dejavusansmonooblique"
	"github.com/go-fonts/dejavu/dejavusansoblique"
	"github.com/go-fonts/dejavu/dejavuserif"
	"github.com/go-fonts/dejavu/dejavuserifbold"
	"github.com/go-fonts/dejavu/dejavuserifbolditalic"
	"github.com/go-fonts/dejavu/dejavuserifitalic"
	"github.com/go-fonts/liberation/liberationmonobold"
	"github.com/go-fonts/liberation/liberationmonobolditalic"
	"github.com/go-fonts/liberation/liberationmonoitalic"
	"github.com/go-fonts/liberation/liberationmonoregular"
	"github.com/go-fonts/liberation/liberationsansbold"
	"github.com/go-fonts/liberation/liberationsansbolditalic"
	"github.com/go-fonts/liberation/liberationsansitalic"
	"github.com/go-fonts/liberation/liberationsansregular"
	"github.com/go-fonts/liberation/liberationserifbold"
	"github.com/go-fonts/liberation/liberationserifbolditalic"
	"github.com/go-fonts/liberation/liberationserifitalic"
	"github.com/go-fonts/liberation/liberationserifregular"
)

// Bundled family names.
const (
	FamilySans      = "Liberation Sans"
	FamilySerif     = "Liberation Serif"
	FamilyMono      = "Liberation Mono"
	FamilyDejaVu    = "DejaVu Sans"
	FamilyDejaVuSer = "DejaVu Serif"
	FamilyDejaVuMon = "DejaVu Sans Mono"
)

// bundledSet is the immutable set of bundled faces, keyed by normalized
// family name. Faces parse their font program lazily.
type bundledSet struct {
	families map[string][]*Face
}

// bundled returns the process-wide bundled faces. The set is built once and
// never modified afterwards; each face parses itself on first use, so
// registries share parsed fonts and creating a Registry is cheap.
var bundled = sync.OnceValue(func() *bundledSet {
	type spec struct {
		family string
		weight int
		style  Style
		data   []byte
	}
	specs := []spec{
		{FamilySans, 400, StyleNormal, liberationsansregular.TTF},
		{FamilySans, 700, StyleNormal, liberationsansbold.TTF},
		{FamilySans, 400, StyleItalic, liberationsansitalic.TTF},
		{FamilySans, 700, StyleItalic, liberationsansbolditalic.TTF},
		{FamilySerif, 400, StyleNormal, liberationserifregular.TTF},
		{FamilySerif, 700, StyleNormal, liberationserifbold.TTF},
		{FamilySerif, 400, StyleItalic, liberationserifitalic.TTF},
		{FamilySerif, 700, StyleItalic, liberationserifbolditalic.TTF},
		{FamilyMono, 400, StyleNormal, liberationmonoregular.TTF},
		{FamilyMono, 700, StyleNormal, liberationmonobold.TTF},
		{FamilyMono, 400, StyleItalic, liberationmonoitalic.TTF},
		{FamilyMono, 700, StyleItalic, liberationmonobolditalic.TTF},
		{FamilyDejaVu, 400, StyleNormal, dejavusans.TTF},
		{FamilyDejaVu, 700, StyleNormal, dejavusansbold.TTF},
		{FamilyDejaVu, 400, StyleOblique, dejavusansoblique.TTF},
		{FamilyDejaVu, 700, StyleOblique, dejavusansboldoblique.TTF},
		{FamilyDejaVu, 200, StyleNormal, dejavusansextralight.TTF},
		{FamilyDejaVuSer, 400, StyleNormal, dejavuserif.TTF},
		{FamilyDejaVuSer, 700, StyleNormal, dejavuserifbold.TTF},
		{FamilyDejaVuSer, 400, StyleItalic, dejavuserifitalic.TTF},
		{FamilyDejaVuSer, 700, StyleItalic, dejavuserifbolditalic.TTF},
		{FamilyDejaVuMon, 400, StyleNormal, dejavusansmono.TTF},
		{FamilyDejaVuMon, 700, StyleNormal, dejavusansmonobold.TTF},
		{FamilyDejaVuMon, 400, StyleOblique, dejavusansmonooblique.TTF},
		{FamilyDejaVuMon, 700, StyleOblique, dejavusansmonoboldoblique.TTF},
	}
	b := &bundledSet{families: map[string][]*Face{}}
	for _, s := range specs {
		key := normalizeFamily(s.family)
		f := newFace(s.family, s.weight, s.style, s.data)
		f.static = true // Liberation and DejaVu have no variations
		b.families[key] = append(b.families[key], f)
	}
	return b
})

// aliases maps normalized CSS generic families and common font names to
// the bundled family that stands in for them. Liberation is metric
// compatible with Arial/Helvetica, Times New Roman and Courier New.
var aliases = map[string]string{
	"sans-serif":               FamilySans,
	"system-ui":                FamilySans,
	"ui-sans-serif":            FamilySans,
	"cursive":                  FamilySans,
	"fantasy":                  FamilySans,
	"-apple-system":            FamilySans,
	"blinkmacsystemfont":       FamilySans,
	"arial":                    FamilySans,
	"helvetica":                FamilySans,
	"helvetica neue":           FamilySans,
	"arimo":                    FamilySans,
	"verdana":                  FamilySans,
	"tahoma":                   FamilySans,
	"segoe ui":                 FamilySans,
	"serif":                    FamilySerif,
	"ui-serif":                 FamilySerif,
	"times":                    FamilySerif,
	"times new roman":          FamilySerif,
	"tinos":                    FamilySerif,
	"georgia":                  FamilySerif,
	"monospace":                FamilyMono,
	"ui-monospace":             FamilyMono,
	"courier":                  FamilyMono,
	"courier new":              FamilyMono,
	"cousine":                  FamilyMono,
	"dejavu sans condensed":    FamilyDejaVu,
	"bitstream vera sans":      FamilyDejaVu,
	"bitstream vera serif":     FamilyDejaVuSer,
	"bitstream vera sans mono": FamilyDejaVuMon,
	"dejavu mono":              FamilyDejaVuMon,
}
