package style

import (
	"slices"
	"strconv"

	"github.com/seed28491532/folio/css"
)

// ruleSet is what the cascade of a document takes from its stylesheets:
// rule indexes for elements and pseudo-elements, @page and @font-face
// rules, the default page box, and the problems found converting the
// rules. Once built it is read-only, so a SheetCache can share it between
// documents whose stylesheets are the same.
type ruleSet struct {
	// entries is every style rule entry, user-agent ones first, in
	// cascade order (for test hooks)
	entries []*entry
	index   *ruleIndex
	pseudo  map[string]*ruleIndex
	pages   []*pageEntry
	faces   []FontFace
	// counterStyles are the @counter-style rules by name
	counterStyles map[string]*CounterStyle
	// diags are the problems reported while converting the rules (the
	// sheets' parse problems are reported before them, by the parse)
	diags []Diagnostic
	// size and margins are the default page box (see defaultPage)
	size    [2]float64
	margins [4]float64
}

// buildRuleSet converts the user-agent rules and the document's sheets
// into a ruleSet, reporting through col (whose diagnostics so far are the
// parse problems).
func buildRuleSet(col *collector, sheets []sheetSource, force [2]float64) *ruleSet {
	mark := len(col.diags)
	ua := uaCascade()
	col.entries = append(col.entries, ua.entries...)
	for k, v := range ua.pseudo {
		col.pseudo[k] = append(col.pseudo[k], v...)
	}
	col.pages = append(col.pages, ua.pages...)
	col.order = ua.order
	// the page box that media queries and viewport units see: the size
	// of plain @page rules (or the override), margins from the same rules
	size, margins := defaultPage(sheets, force)
	col.env = css.MediaEnv{Width: size[0], Height: size[1]}
	col.preconvert(sheets)
	for _, sh := range sheets {
		col.addSheet(sh, nil)
	}
	col.pre = nil
	col.rankLayers()
	rs := &ruleSet{entries: col.entries, index: newRuleIndexFor(len(col.entries)), pseudo: map[string]*ruleIndex{},
		pages: col.pages, faces: col.faces, counterStyles: col.counterStyles, diags: slices.Clone(col.diags[mark:]), size: size, margins: margins}
	for _, e := range col.entries {
		rs.index.add(e)
	}
	for name, es := range col.pseudo {
		pix := newRuleIndexFor(len(es))
		for _, e := range es {
			pix.add(e)
		}
		rs.pseudo[name] = pix
	}
	return rs
}

// ruleSetKey returns the key under which a SheetCache keeps the rule set
// of sheets, false when it must not be kept: a sheet not held by the
// cache (its id is 0). The key names each sheet by its id in the cache
// with what else its rules depend on (name for diagnostics, base URL,
// media attribute, origin) and the page size override.
func ruleSetKey(sheets []sheetSource, force [2]float64) (string, bool) {
	b := make([]byte, 0, 64)
	b = strconv.AppendFloat(b, force[0], 'g', -1, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, force[1], 'g', -1, 64)
	for _, sh := range sheets {
		if sh.id == 0 {
			return "", false
		}
		b = append(b, 0)
		b = strconv.AppendUint(b, sh.id, 10)
		b = append(b, 0, byte(sh.origin))
		b = append(b, sh.name...)
		b = append(b, 0)
		b = append(b, sh.base...)
		b = append(b, 0)
		b = append(b, sh.mediaText...)
	}
	return string(b), true
}
