package css

import (
	"strings"
)

// MediaList is a parsed media query list; an empty list matches all media.
type MediaList struct {
	Queries []MediaQuery
}

// MediaQuery is one media query: [not|only] type [and (feature)]*.
type MediaQuery struct {
	Not  bool
	Type string // lower-cased media type; "" means all
	// Features are the parenthesised conditions joined by and; Or holds
	// alternatives of a top-level "or" condition list (each one a list
	// of features joined by and).
	Features []MediaFeature
	Or       [][]MediaFeature
	// Invalid queries never match (and a "not" does not invert them).
	Invalid bool
}

// MediaFeature is one (name: value) or (name) or (name op value)
// condition; Not negates it.
type MediaFeature struct {
	Name  string
	Op    string // ":" for name: value, "<", "<=", ">", ">=", "=" for ranges, "" for boolean
	Value []Token
	Not   bool
}

// MediaEnv is what media queries are evaluated against: the page box of
// the printed document.
type MediaEnv struct {
	// Width and Height of the page box in points.
	Width, Height float64
}

// ParseMediaList parses a media query list. Malformed queries become
// invalid queries (which never match), as mediaqueries-4 says.
func ParseMediaList(toks []Token) MediaList {
	var ml MediaList
	toks = TrimSpace(toks)
	if len(toks) == 0 {
		return ml
	}
	for _, part := range SplitCommas(toks) {
		ml.Queries = append(ml.Queries, parseMediaQuery(Fields(part)))
	}
	return ml
}

func parseMediaQuery(f []Token) MediaQuery {
	var q MediaQuery
	if len(f) == 0 {
		q.Invalid = true
		return q
	}
	i := 0
	if f[0].Kind == Ident {
		switch strings.ToLower(f[0].Text) {
		case "not":
			if len(f) > 1 && f[1].Kind == Ident {
				q.Not = true
				i = 1
			}
		case "only":
			i = 1
		}
	}
	if i < len(f) && f[i].Kind == Ident {
		q.Type = strings.ToLower(f[i].Text)
		switch q.Type {
		case "and", "or", "not", "only", "layer":
			q.Invalid = true
			return q
		}
		i++
		if i < len(f) && !f[i].Is("and") {
			q.Invalid = true
			return q
		}
		if i < len(f) {
			i++
			if i == len(f) {
				q.Invalid = true
				return q
			}
		}
	}
	// a condition: features joined by "and" or by "or"
	joiner := ""
	cur := []MediaFeature{}
	for i < len(f) {
		neg := false
		if f[i].Is("not") {
			neg = true
			i++
		}
		if i >= len(f) || f[i].Kind != Block || f[i].Text != "(" {
			q.Invalid = true
			return q
		}
		mf, ok := parseFeature(f[i].Args)
		if !ok {
			q.Invalid = true
			return q
		}
		mf.Not = neg
		cur = append(cur, mf)
		i++
		if i == len(f) {
			break
		}
		j := strings.ToLower(f[i].Text)
		if f[i].Kind != Ident || (j != "and" && j != "or") || (joiner != "" && joiner != j) || (j == "or" && q.Type != "") {
			q.Invalid = true
			return q
		}
		joiner = j
		i++
		if i == len(f) {
			q.Invalid = true
			return q
		}
	}
	if joiner == "or" {
		for _, c := range cur {
			q.Or = append(q.Or, []MediaFeature{c})
		}
	} else {
		q.Features = cur
	}
	return q
}

func parseFeature(args []Token) (MediaFeature, bool) {
	f := Fields(args)
	if len(f) == 0 {
		return MediaFeature{}, false
	}
	if f[0].Kind == Block && f[0].Text == "(" && len(f) == 1 {
		// nested condition: support one level of plain feature
		return parseFeature(f[0].Args)
	}
	if f[0].Kind != Ident {
		return MediaFeature{}, false
	}
	mf := MediaFeature{Name: strings.ToLower(f[0].Text)}
	if len(f) == 1 {
		return mf, true
	}
	switch {
	case f[1].Kind == Colon:
		mf.Op = ":"
		mf.Value = f[2:]
	case f[1].Kind == Delim && (f[1].Text == "<" || f[1].Text == ">" || f[1].Text == "="):
		mf.Op = f[1].Text
		rest := f[2:]
		if len(rest) > 0 && rest[0].IsDelim("=") && f[1].Text != "=" {
			mf.Op += "="
			rest = rest[1:]
		}
		mf.Value = rest
	default:
		return mf, false
	}
	return mf, len(mf.Value) > 0
}

// Matches reports whether the media list applies to printed output with
// the given page box.
func (ml MediaList) Matches(env MediaEnv) bool {
	if len(ml.Queries) == 0 {
		return true
	}
	for _, q := range ml.Queries {
		if q.matches(env) {
			return true
		}
	}
	return false
}

func (q MediaQuery) matches(env MediaEnv) bool {
	if q.Invalid {
		return false
	}
	ok := q.Type == "" || q.Type == "all" || q.Type == "print"
	if ok {
		for _, f := range q.Features {
			if !f.matches(env) {
				ok = false
				break
			}
		}
	}
	if ok && len(q.Or) > 0 {
		any := false
		for _, alt := range q.Or {
			all := true
			for _, f := range alt {
				all = all && f.matches(env)
			}
			any = any || all
		}
		ok = any
	}
	if q.Not {
		return !ok
	}
	return ok
}

func (f MediaFeature) matches(env MediaEnv) bool {
	r := f.eval(env)
	if f.Not {
		return !r
	}
	return r
}

func (f MediaFeature) eval(env MediaEnv) bool {
	name := f.Name
	prefix := ""
	if strings.HasPrefix(name, "min-") || strings.HasPrefix(name, "max-") {
		prefix, name = name[:3], name[4:]
	}
	var actual float64
	switch name {
	case "width", "device-width":
		actual = env.Width
	case "height", "device-height":
		actual = env.Height
	case "orientation":
		if f.Op != ":" || len(f.Value) != 1 {
			return false
		}
		land := env.Width > env.Height
		return f.Value[0].Is("landscape") && land || f.Value[0].Is("portrait") && !land
	case "color", "monochrome", "color-index", "grid", "hover", "pointer", "any-hover", "any-pointer", "prefers-reduced-motion", "scripting", "update":
		switch f.Op {
		case "":
			return name == "color"
		case ":":
			if len(f.Value) == 1 && (f.Value[0].Is("none") || f.Value[0].Is("no-preference")) {
				return true
			}
			if name == "color" && len(f.Value) == 1 && f.Value[0].Kind == Number {
				return f.Value[0].Num <= 8
			}
			if name == "monochrome" && len(f.Value) == 1 && f.Value[0].Kind == Number {
				return f.Value[0].Num == 0
			}
		}
		return false
	case "prefers-color-scheme":
		return f.Op == ":" && len(f.Value) == 1 && f.Value[0].Is("light")
	case "resolution":
		return f.Op == ""
	default:
		return false
	}
	if f.Op == "" {
		return actual > 0
	}
	if len(f.Value) != 1 {
		return false
	}
	v, ok := AbsoluteLength(f.Value[0], 12)
	if !ok {
		return false
	}
	const eps = 1e-6
	switch {
	case prefix == "min" && f.Op == ":":
		return actual+eps >= v
	case prefix == "max" && f.Op == ":":
		return actual-eps <= v
	case prefix != "":
		return false
	case f.Op == ":" || f.Op == "=":
		return actual > v-eps && actual < v+eps
	case f.Op == "<":
		return actual < v
	case f.Op == "<=":
		return actual <= v+eps
	case f.Op == ">":
		return actual > v
	case f.Op == ">=":
		return actual+eps >= v
	}
	return false
}

// UnitFactor returns the number of points in one unit of an absolute
// length unit (px, pt, pc, cm, mm, q, in).
func UnitFactor(unit string) (float64, bool) {
	switch unit {
	case "px":
		return 0.75, true
	case "pt":
		return 1, true
	case "pc":
		return 12, true
	case "in":
		return 72, true
	case "cm":
		return 72 / 2.54, true
	case "mm":
		return 72 / 25.4, true
	case "q":
		return 72 / 101.6, true
	}
	return 0, false
}

// AbsoluteLength converts a dimension in an absolute unit, or em/rem
// against emPt, to points; a plain 0 is accepted.
func AbsoluteLength(t Token, emPt float64) (float64, bool) {
	switch t.Kind {
	case Number:
		return 0, t.Num == 0
	case Dimension:
		if f, ok := UnitFactor(t.Unit); ok {
			return t.Num * f, true
		}
		if t.Unit == "em" || t.Unit == "rem" {
			return t.Num * emPt, true
		}
	}
	return 0, false
}
