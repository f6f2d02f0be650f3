package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// CSS Grid Layout 1: the longhands, their shorthands, and the box
// alignment properties grid items use (justify-items, justify-self,
// align-self, align-content).

// applyGridTemplate sets grid-template-columns or -rows.
func applyGridTemplate(a applier, s *Style, id propID, x value) bool {
	var g *GridTemplate
	var ok bool
	switch {
	case x.kw == "none" && x.single():
	case x.kw == "subgrid":
		if g, ok = parseSubgrid(a.lengths(s), x.f); !ok {
			return false
		}
	default:
		if g, ok = parseGridTemplate(a.lengths(s), x.f); !ok {
			return false
		}
	}
	if id == pGridTemplateColumns {
		s.GridTemplateColumns = g
	} else {
		s.GridTemplateRows = g
	}
	return true
}

func copyGridTemplate(d, s *Style, id propID) {
	if id == pGridTemplateColumns {
		d.GridTemplateColumns = s.GridTemplateColumns
	} else {
		d.GridTemplateRows = s.GridTemplateRows
	}
}

func applyGridAreas(_ applier, s *Style, _ propID, x value) bool {
	if x.kw == "none" && x.single() {
		s.GridTemplateAreas = nil
		return true
	}
	g, ok := parseGridAreas(x.f)
	if ok {
		s.GridTemplateAreas = g
	}
	return ok
}

// applyGridAuto sets grid-auto-columns or -rows (nil is auto).
func applyGridAuto(a applier, s *Style, id propID, x value) bool {
	var sizes []GridTrackSize
	if x.kw != "auto" || !x.single() {
		for _, t := range x.f {
			ts, ok := parseTrackSize(a.lengths(s), t)
			if !ok {
				return false
			}
			sizes = append(sizes, ts)
		}
	}
	if id == pGridAutoColumns {
		s.GridAutoColumns = sizes
	} else {
		s.GridAutoRows = sizes
	}
	return true
}

func copyGridAuto(d, s *Style, id propID) {
	if id == pGridAutoColumns {
		d.GridAutoColumns = s.GridAutoColumns
	} else {
		d.GridAutoRows = s.GridAutoRows
	}
}

func applyGridAutoFlow(_ applier, s *Style, _ propID, x value) bool {
	var v GridAutoFlow
	dir, dense := false, false
	for _, t := range x.f {
		switch {
		case (t.Is("row") || t.Is("column")) && !dir:
			dir = true
			if t.Is("column") {
				v |= GridFlowColumn
			}
		case t.Is("dense") && !dense:
			dense = true
			v |= GridFlowDense
		default:
			return false
		}
	}
	s.GridAutoFlow = v
	return true
}

// gridLineField returns the field of s longhand id sets.
func gridLineField(s *Style, id propID) *GridLine {
	switch id {
	case pGridRowStart:
		return &s.GridRowStart
	case pGridRowEnd:
		return &s.GridRowEnd
	case pGridColumnStart:
		return &s.GridColumnStart
	}
	return &s.GridColumnEnd
}

func applyGridLine(a applier, s *Style, id propID, x value) bool {
	g, ok := parseGridLine(a.lengths(s), x.f)
	if ok {
		*gridLineField(s, id) = g
	}
	return ok
}

func copyGridLine(d, s *Style, id propID) { *gridLineField(d, id) = *gridLineField(s, id) }

// gridAlignField returns the field of s alignment longhand id sets.
func gridAlignField(s *Style, id propID) *string {
	switch id {
	case pJustifyItems:
		return &s.JustifyItems
	case pJustifySelf:
		return &s.JustifySelf
	case pAlignSelf:
		return &s.AlignSelf
	}
	return &s.AlignContent
}

// applyGridAlign sets justify-items, justify-self, align-self or
// align-content: identifiers, kept as written in lower case.
func applyGridAlign(_ applier, s *Style, id propID, x value) bool {
	var words []string
	for _, t := range x.f {
		if t.Kind != css.Ident || len(words) == 3 {
			return false
		}
		words = append(words, strings.ToLower(t.Text))
	}
	*gridAlignField(s, id) = strings.Join(words, " ")
	return true
}

func copyGridAlign(d, s *Style, id propID) { *gridAlignField(d, id) = *gridAlignField(s, id) }

// splitSlash splits f at top-level "/" delimiters.
func splitSlash(f []css.Token) [][]css.Token {
	var out [][]css.Token
	start := 0
	for i, t := range f {
		if t.IsDelim("/") {
			out = append(out, f[start:i])
			start = i + 1
		}
	}
	return append(out, f[start:])
}

// gridLineOmitted is the value of an omitted grid line longhand: the
// other side's name when it is a lone custom identifier, else auto.
func gridLineOmitted(from []css.Token) []css.Token {
	if len(from) == 1 && from[0].Kind == css.Ident && !from[0].Is("auto") && !from[0].Is("span") {
		return from
	}
	return one(ident("auto"))
}

// expandGridLines expands grid-row, grid-column and grid-area: up to
// len(members) slash-separated lines; omitted ones follow css-grid-1
// §8.4.
func expandGridLines(sh *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	parts := splitSlash(f)
	n := len(sh.members)
	if len(parts) > n {
		return nil, false
	}
	vals := make([][]css.Token, n)
	for i, p := range parts {
		if len(p) == 0 {
			return nil, false
		}
		vals[i] = p
	}
	// grid-area: row-start, column-start, row-end, column-end;
	// grid-row and grid-column: start, end
	for i := len(parts); i < n; i++ {
		src := 0
		if n == 4 && i == 3 {
			src = 1
		}
		vals[i] = gridLineOmitted(vals[src])
	}
	out := make([]longhand, n)
	for i := range out {
		out[i] = longhand{sh.members[i], vals[i]}
	}
	return out, true
}

// expandPlace expands place-items, place-self and place-content: the
// first value is the align- longhand's, the second (or the first) the
// justify- longhand's.
func expandPlace(sh *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	if len(f) < 1 || len(f) > 2 {
		return nil, false
	}
	return []longhand{{sh.members[0], one(f[0])}, {sh.members[1], one(f[len(f)-1])}}, true
}

// expandGridTemplate expands grid-template: none, rows / columns, or
// the areas form ([names] "string" size? [names])+ [/ columns]?.
func expandGridTemplate(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	rows, cols, areas, ok := gridTemplateParts(f)
	if !ok {
		return nil, false
	}
	return []longhand{{pGridTemplateRows, rows}, {pGridTemplateColumns, cols}, {pGridTemplateAreas, areas}}, true
}

// gridTemplateParts splits a grid-template value into its longhands'
// values.
func gridTemplateParts(f []css.Token) (rows, cols, areas []css.Token, ok bool) {
	none := one(ident("none"))
	if len(f) == 1 && f[0].Is("none") {
		return none, none, none, true
	}
	parts := splitSlash(f)
	if len(parts) > 2 {
		return nil, nil, nil, false
	}
	hasString := false
	for _, t := range parts[0] {
		hasString = hasString || t.Kind == css.String
	}
	if !hasString {
		if len(parts) != 2 || len(parts[0]) == 0 || len(parts[1]) == 0 {
			return nil, nil, nil, false
		}
		return parts[0], parts[1], none, true
	}
	cols = none
	if len(parts) == 2 {
		if len(parts[1]) == 0 {
			return nil, nil, nil, false
		}
		cols = parts[1]
	}
	// each string is a row: a size may follow it, names around it
	for i, t := range parts[0] {
		switch {
		case t.Kind == css.String:
			areas = append(areas, t)
			rows = append(rows, t) // replaced by the size below
		case t.Kind == css.Block && t.Text == "[":
			rows = append(rows, t)
		default:
			if i == 0 || parts[0][i-1].Kind != css.String {
				return nil, nil, nil, false
			}
			rows[len(rows)-1] = t
		}
	}
	for i, t := range rows {
		if t.Kind == css.String {
			rows[i] = ident("auto")
		}
	}
	return rows, cols, areas, true
}

// expandGrid expands grid: a grid-template value, or an auto-flow form
// (rows / auto-flow dense? columns?, or auto-flow dense? rows? /
// columns). The auto-flow longhands it does not set are reset.
func expandGrid(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	auto := one(ident("auto"))
	parts := splitSlash(f)
	flowAt := -1
	for i, p := range parts {
		for _, t := range p {
			if t.Is("auto-flow") {
				flowAt = i
			}
		}
	}
	if flowAt < 0 {
		rows, cols, areas, ok := gridTemplateParts(f)
		if !ok {
			return nil, false
		}
		return []longhand{{pGridTemplateRows, rows}, {pGridTemplateColumns, cols}, {pGridTemplateAreas, areas},
			{pGridAutoRows, auto}, {pGridAutoColumns, auto}, {pGridAutoFlow, one(ident("row"))}}, true
	}
	if len(parts) != 2 || len(parts[1-flowAt]) == 0 {
		return nil, false
	}
	flow := []css.Token{ident("row")}
	if flowAt == 1 {
		flow[0] = ident("column")
	}
	var sizes []css.Token
	keywords := true
	for _, t := range parts[flowAt] {
		isKw := t.Is("auto-flow") || t.Is("dense")
		if isKw && !keywords {
			return nil, false
		}
		keywords = isKw
		switch {
		case t.Is("dense"):
			flow = append(flow, t)
		case !isKw:
			sizes = append(sizes, t)
		}
	}
	if len(sizes) == 0 {
		sizes = auto
	}
	out := []longhand{{pGridTemplateAreas, one(ident("none"))}, {pGridAutoFlow, flow}}
	if flowAt == 0 {
		return append(out, longhand{pGridAutoRows, sizes}, longhand{pGridAutoColumns, auto},
			longhand{pGridTemplateRows, one(ident("none"))}, longhand{pGridTemplateColumns, parts[1]}), true
	}
	return append(out, longhand{pGridAutoColumns, sizes}, longhand{pGridAutoRows, auto},
		longhand{pGridTemplateColumns, one(ident("none"))}, longhand{pGridTemplateRows, parts[0]}), true
}

// applyOrder sets order, an integer (clamped to ±1e9).
func applyOrder(a applier, s *Style, _ propID, x value) bool {
	n, ok := a.lengths(s).integer(x.f[0])
	if !ok || !x.single() {
		return false
	}
	s.Order = max(-1e9, min(n, 1e9))
	return true
}

// SizeKeyword is an intrinsic size keyword of width or height.
type SizeKeyword uint8

// Intrinsic size keywords (the zero value is none: a length or auto).
const (
	SizeMinContent SizeKeyword = iota + 1
	SizeMaxContent
	SizeFitContent
)

// sizeKeywordField returns the keyword field of longhand id (width or
// height), or nil.
func sizeKeywordField(s *Style, id propID) *SizeKeyword {
	switch id {
	case pWidth:
		return &s.WidthKeyword
	case pHeight:
		return &s.HeightKeyword
	}
	return nil
}

// sizeKeywordOf returns the intrinsic size keyword value x is, if any.
func sizeKeywordOf(x value) SizeKeyword {
	if !x.single() {
		return 0
	}
	switch x.kw {
	case "min-content":
		return SizeMinContent
	case "max-content":
		return SizeMaxContent
	case "fit-content":
		return SizeFitContent
	}
	return 0
}
