package style

import (
	"fmt"
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// CounterSystem is the algorithm of a counter style (CSS Counter Styles
// 3 §3.1).
type CounterSystem uint8

// Counter systems.
const (
	SystemSymbolic CounterSystem = iota // the initial value
	SystemCyclic
	SystemNumeric
	SystemAlphabetic
	SystemAdditive
	SystemFixed
	SystemExtends
)

// CounterDesc is a set of counter style descriptors.
type CounterDesc uint16

// Counter style descriptors, for CounterStyle.Given.
const (
	DescNegative CounterDesc = 1 << iota
	DescPrefix
	DescSuffix
	DescRange
	DescPad
	DescFallback
)

// AdditiveSymbol is one tuple of additive-symbols.
type AdditiveSymbol struct {
	Weight int
	Symbol string
}

// CounterStyle is a counter style defined by an @counter-style rule,
// its descriptors computed. Given says which of negative, prefix,
// suffix, range, pad and fallback the rule sets (the others have their
// initial values, or those of the extended style).
type CounterStyle struct {
	Name    string
	System  CounterSystem
	First   int    // fixed: the value of the first symbol
	Extends string // extends: the extended style's name
	Symbols []string
	// Additive holds additive-symbols, by descending weight.
	Additive []AdditiveSymbol
	// Negative is the text before and after a negative value.
	Negative       [2]string
	Prefix, Suffix string
	// Ranges are the inclusive ranges the style covers (math.MinInt and
	// math.MaxInt stand for infinite); nil is auto.
	Ranges    [][2]int
	Pad       int
	PadSymbol string
	Fallback  string
	Given     CounterDesc
}

// maxCounterSymbols bounds the symbols and additive tuples of one
// @counter-style rule.
const maxCounterSymbols = 1000

// counterStyle converts an @counter-style rule; a rule whose system
// lacks the symbols it needs is reported and dropped, as are invalid
// descriptors.
func (c *collector) counterStyle(r *css.CounterStyleRule) (*CounterStyle, bool) {
	cs := &CounterStyle{Name: r.Name, First: 1, Negative: [2]string{"-", ""}, Suffix: ". ", Fallback: "decimal"}
	var hasSymbols, hasAdditive bool
	for _, d := range r.Decls {
		f := css.Fields(d.Value)
		ok := true
		switch d.Name {
		case "system":
			ok = parseCounterSystem(cs, f)
		case "symbols":
			cs.Symbols, ok = counterSymbols(f)
			ok = ok && len(cs.Symbols) > 0 && len(cs.Symbols) <= maxCounterSymbols
			hasSymbols = ok
		case "additive-symbols":
			cs.Additive, ok = additiveSymbols(d.Value)
			hasAdditive = ok
		case "negative":
			var s []string
			s, ok = counterSymbols(f)
			if ok = ok && len(s) >= 1 && len(s) <= 2; ok {
				cs.Negative = [2]string{s[0], ""}
				if len(s) == 2 {
					cs.Negative[1] = s[1]
				}
				cs.Given |= DescNegative
			}
		case "prefix", "suffix":
			var s []string
			s, ok = counterSymbols(f)
			if ok = ok && len(s) == 1; ok {
				if d.Name == "prefix" {
					cs.Prefix, cs.Given = s[0], cs.Given|DescPrefix
				} else {
					cs.Suffix, cs.Given = s[0], cs.Given|DescSuffix
				}
			}
		case "range":
			cs.Ranges, ok = counterRanges(d.Value)
			if ok {
				cs.Given |= DescRange
			}
		case "pad":
			ok = counterPad(cs, f)
		case "fallback":
			if ok = len(f) == 1 && f[0].Kind == css.Ident && !strings.EqualFold(f[0].Text, "none"); ok {
				cs.Fallback, cs.Given = f[0].Text, cs.Given|DescFallback
			}
		case "speak-as":
			// speech only
		default:
			c.report(d.Pos, fmt.Sprintf("unknown descriptor %s in @counter-style %s: dropped", d.Name, r.Name))
			continue
		}
		if !ok {
			c.report(d.Pos, fmt.Sprintf("invalid value for %s in @counter-style %s: %q: dropped", d.Name, r.Name, clip(css.Serialize(d.Value))))
		}
	}
	if why := cs.missing(hasSymbols, hasAdditive); why != "" {
		c.report(r.Pos, fmt.Sprintf("@counter-style %s: %s: dropped", r.Name, why))
		return nil, false
	}
	if cs.System != SystemAdditive {
		cs.Additive = nil
	}
	if cs.System == SystemAdditive || cs.System == SystemExtends {
		cs.Symbols = nil
	}
	return cs, true
}

// missing says why the symbols of cs do not suit its system, "" if they do.
func (cs *CounterStyle) missing(hasSymbols, hasAdditive bool) string {
	switch cs.System {
	case SystemCyclic, SystemFixed, SystemSymbolic:
		if !hasSymbols {
			return "the system needs symbols"
		}
	case SystemNumeric, SystemAlphabetic:
		if !hasSymbols || len(cs.Symbols) < 2 {
			return "the system needs at least two symbols"
		}
	case SystemAdditive:
		if !hasAdditive {
			return "the system needs additive-symbols"
		}
	case SystemExtends:
		if hasSymbols || hasAdditive {
			return "extends takes no symbols or additive-symbols"
		}
	}
	return ""
}

// parseCounterSystem parses the system descriptor into cs.
func parseCounterSystem(cs *CounterStyle, f []css.Token) bool {
	if len(f) == 0 || f[0].Kind != css.Ident {
		return false
	}
	switch kw := strings.ToLower(f[0].Text); {
	case len(f) == 1 && kw == "cyclic":
		cs.System = SystemCyclic
	case len(f) == 1 && kw == "numeric":
		cs.System = SystemNumeric
	case len(f) == 1 && kw == "alphabetic":
		cs.System = SystemAlphabetic
	case len(f) == 1 && kw == "symbolic":
		cs.System = SystemSymbolic
	case len(f) == 1 && kw == "additive":
		cs.System = SystemAdditive
	case kw == "fixed" && len(f) <= 2:
		cs.System = SystemFixed
		if len(f) == 2 {
			n, ok := counterInt(f[1])
			if !ok {
				return false
			}
			cs.First = n
		}
	case kw == "extends" && len(f) == 2 && f[1].Kind == css.Ident && !strings.EqualFold(f[1].Text, "none"):
		cs.System, cs.Extends = SystemExtends, f[1].Text
	default:
		return false
	}
	return true
}

// counterInt reads an integer token, clamped to ±1e9.
func counterInt(t css.Token) (int, bool) {
	if t.Kind != css.Number || strings.ContainsAny(t.Text, ".eE") {
		return 0, false
	}
	return int(math.Max(-1e9, math.Min(1e9, t.Num))), true
}

// counterSymbols reads <symbol>+: strings and identifiers.
func counterSymbols(f []css.Token) ([]string, bool) {
	out := make([]string, 0, len(f))
	for _, t := range f {
		if t.Kind != css.String && t.Kind != css.Ident {
			return nil, false
		}
		out = append(out, t.Text)
	}
	return out, true
}

// additiveSymbols reads [<integer [0,∞]> && <symbol>]# with weights in
// strictly descending order.
func additiveSymbols(v []css.Token) ([]AdditiveSymbol, bool) {
	parts := css.SplitCommas(v)
	if len(parts) > maxCounterSymbols {
		return nil, false
	}
	out := make([]AdditiveSymbol, 0, len(parts))
	for _, p := range parts {
		f := css.Fields(p)
		if len(f) != 2 {
			return nil, false
		}
		if f[0].Kind != css.Number {
			f[0], f[1] = f[1], f[0]
		}
		w, ok := counterInt(f[0])
		if !ok || w < 0 || f[1].Kind != css.String && f[1].Kind != css.Ident {
			return nil, false
		}
		if len(out) > 0 && w >= out[len(out)-1].Weight {
			return nil, false
		}
		out = append(out, AdditiveSymbol{Weight: w, Symbol: f[1].Text})
	}
	return out, len(out) > 0
}

// counterRanges reads auto | [[<integer> | infinite]{2}]#.
func counterRanges(v []css.Token) ([][2]int, bool) {
	if f := css.Fields(v); len(f) == 1 && f[0].Kind == css.Ident && strings.EqualFold(f[0].Text, "auto") {
		return nil, true
	}
	var out [][2]int
	for _, p := range css.SplitCommas(v) {
		f := css.Fields(p)
		if len(f) != 2 || len(out) >= maxCounterSymbols {
			return nil, false
		}
		var r [2]int
		for i, t := range f {
			if t.Kind == css.Ident && strings.EqualFold(t.Text, "infinite") {
				r[i] = math.MinInt
				if i == 1 {
					r[i] = math.MaxInt
				}
				continue
			}
			n, ok := counterInt(t)
			if !ok {
				return nil, false
			}
			r[i] = n
		}
		if r[0] > r[1] {
			return nil, false
		}
		out = append(out, r)
	}
	return out, len(out) > 0
}

// maxCounterPad bounds the pad descriptor's length.
const maxCounterPad = 100

// counterPad reads <integer [0,∞]> && <symbol> into cs.
func counterPad(cs *CounterStyle, f []css.Token) bool {
	if len(f) != 2 {
		return false
	}
	if f[0].Kind != css.Number {
		f = []css.Token{f[1], f[0]}
	}
	n, ok := counterInt(f[0])
	if !ok || n < 0 || f[1].Kind != css.String && f[1].Kind != css.Ident {
		return false
	}
	cs.Pad, cs.PadSymbol, cs.Given = min(n, maxCounterPad), f[1].Text, cs.Given|DescPad
	return true
}

// SymbolsStyle returns the anonymous counter style of a symbols()
// function (CSS Counter Styles 3 §6.1), given as the function token or
// its serialization (how list-style-type and counter() keep it): its
// system (symbolic when omitted) and string symbols, suffix " ". ok is
// false for anything else, or when the system lacks the symbols it
// needs.
func SymbolsStyle(fn string) (*CounterStyle, bool) {
	toks := css.Fields(css.Tokenize(fn, nil))
	if len(toks) != 1 || toks[0].Kind != css.Function || !strings.EqualFold(toks[0].Text, "symbols") {
		return nil, false
	}
	return symbolsStyle(toks[0])
}

// symbolsStyle is SymbolsStyle for a parsed symbols() token.
func symbolsStyle(t css.Token) (*CounterStyle, bool) {
	f := css.Fields(t.Args)
	cs := &CounterStyle{Name: css.Serialize([]css.Token{t}), System: SystemSymbolic, First: 1, Negative: [2]string{"-", ""},
		Suffix: " ", Fallback: "decimal", Given: DescSuffix}
	if len(f) > 0 && f[0].Kind == css.Ident {
		switch strings.ToLower(f[0].Text) {
		case "cyclic":
			cs.System = SystemCyclic
		case "numeric":
			cs.System = SystemNumeric
		case "alphabetic":
			cs.System = SystemAlphabetic
		case "symbolic":
		case "fixed":
			cs.System = SystemFixed
		default:
			return nil, false
		}
		f = f[1:]
	}
	for _, s := range f {
		if s.Kind != css.String || len(cs.Symbols) >= maxCounterSymbols {
			return nil, false
		}
		cs.Symbols = append(cs.Symbols, s.Text)
	}
	if cs.missing(len(cs.Symbols) > 0, false) != "" {
		return nil, false
	}
	return cs, true
}
