package style

import (
	"fmt"
	"strings"

	"github.com/seed28491532/folio/css"
)

// origin is the cascade origin of a declaration.
type origin uint8

const (
	originUA origin = iota
	originAuthor
	originAttr // style attributes: author origin, above every selector
)

// cdecl is a validated declaration ready for the cascade.
type cdecl struct {
	prop      propID // longhand; numProps for custom and deferred shorthands
	custom    string // custom property name (--x)
	short     string // shorthand name when expansion waits for var()
	value     []css.Token
	fields    []css.Token // value without whitespace (nil: compute on use)
	important bool
	hasVar    bool
	wide      string // css-wide keyword (inherit, initial, unset, revert), lower-case
}

// entry is one selector of a style rule, the unit of rule indexes.
type entry struct {
	sel    *css.Selector
	decls  []cdecl
	origin origin
	order  int32
	// layer is the cascade layer's path ("" unlayered) and layerRank its
	// precedence for normal declarations (unlayered highest).
	layer     *layerNode
	layerRank uint8
}

// pageEntry is one @page rule.
type pageEntry struct {
	sels    []css.PageSelector
	decls   []cdecl
	margins [NumMarginBoxes][]cdecl
	origin  origin
	order   int32
}

// ruleIndex buckets entries by the key of their rightmost compound. The
// buckets hold sort keys (origin, specificity, source order and the
// entry's index packed in a uint64), so that collecting and ordering the
// candidates of an element moves no pointers.
type ruleIndex struct {
	all                  []*entry
	byID, byClass, byTag map[string][]uint64
	universal            []uint64
}

const (
	keyIndexBits = 24
	keyIndexMask = 1<<keyIndexBits - 1
	maxEntries   = 1 << keyIndexBits
)

func newRuleIndex() *ruleIndex {
	return &ruleIndex{byID: map[string][]uint64{}, byClass: map[string][]uint64{}, byTag: map[string][]uint64{}}
}

// add indexes e; entries must be added in source order.
func (ix *ruleIndex) add(e *entry) {
	if len(ix.all) >= maxEntries {
		return
	}
	sp := func(v int) uint64 { return uint64(min(v, 1023)) }
	key := uint64(e.origin)<<62 | uint64(e.layerRank)<<54 | sp(e.sel.Spec[0])<<44 | sp(e.sel.Spec[1])<<34 | sp(e.sel.Spec[2])<<24 | uint64(len(ix.all))
	ix.all = append(ix.all, e)
	switch e.sel.KeyKind {
	case css.KeyID:
		ix.byID[e.sel.Key] = append(ix.byID[e.sel.Key], key)
	case css.KeyClass:
		ix.byClass[e.sel.Key] = append(ix.byClass[e.sel.Key], key)
	case css.KeyTag:
		ix.byTag[e.sel.Key] = append(ix.byTag[e.sel.Key], key)
	default:
		ix.universal = append(ix.universal, key)
	}
}

// validator turns css declarations into cdecls, reporting invalid ones.
type validator struct {
	scratch Style
	a       applier
	report  func(pos css.Pos, msg string)
}

func newValidator(report func(css.Pos, string)) *validator {
	v := &validator{report: report}
	init := initialStyle()
	v.a = applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize, vw: 5.95, vh: 8.42}, parent: &init}
	return v
}

// supports reports whether a declaration would be accepted (@supports).
func (v *validator) supports(d css.Declaration) bool {
	saved := v.report
	v.report = func(css.Pos, string) {}
	out := v.convert([]css.Declaration{d}, false)
	v.report = saved
	return len(out) > 0
}

// convert validates declarations and expands shorthands. page allows the
// page-only descriptor size.
func (v *validator) convert(decls []css.Declaration, page bool) []cdecl {
	var out []cdecl
	for _, d := range decls {
		if strings.HasPrefix(d.Name, "--") {
			out = append(out, cdecl{prop: numProps, custom: d.Name, value: d.Value, important: d.Important})
			continue
		}
		wide := ""
		if cssWide(d.Value) {
			wide = strings.ToLower(d.Value[0].Text)
			if wide == "revert-layer" {
				wide = "revert"
			}
		}
		hv := hasVar(d.Value)
		if id, ok := propByName()[d.Name]; ok {
			if id == pSize && !page {
				v.report(d.Pos, "size applies to @page only: dropped")
				continue
			}
			if wide == "" && !hv {
				v.scratch = initialStyle()
				if !v.a.apply(&v.scratch, id, d.Value) {
					v.report(d.Pos, fmt.Sprintf("invalid value for %s: %q: dropped", d.Name, clip(css.Serialize(d.Value))))
					continue
				}
			}
			out = append(out, cdecl{prop: id, value: d.Value, fields: css.Fields(d.Value), important: d.Important, hasVar: hv, wide: wide})
			continue
		}
		if isShorthand(d.Name) {
			if hv {
				out = append(out, cdecl{prop: numProps, short: d.Name, value: d.Value, important: d.Important, hasVar: true})
				continue
			}
			lh, ok, _ := expand(d.Name, d.Value)
			if ok {
				for _, l := range lh {
					if wide != "" {
						continue
					}
					v.scratch = initialStyle()
					if !v.a.apply(&v.scratch, l.prop, l.value) {
						ok = false
						break
					}
				}
			}
			if !ok {
				v.report(d.Pos, fmt.Sprintf("invalid value for %s: %q: dropped", d.Name, clip(css.Serialize(d.Value))))
				continue
			}
			for _, l := range lh {
				out = append(out, cdecl{prop: l.prop, value: l.value, fields: css.Fields(l.value), important: d.Important, wide: wide})
			}
			continue
		}
		if ignoredProperty(d.Name) {
			continue
		}
		v.report(d.Pos, fmt.Sprintf("unknown property %s: dropped", d.Name))
	}
	return out
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "…"
	}
	return s
}
