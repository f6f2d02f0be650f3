package box

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed28491532/folio/style"
)

// Limits of counter formatting.
const (
	// maxCounterRepeat bounds the symbols a symbolic or additive style
	// writes for one value; a longer representation uses the fallback
	// style (CSS Counter Styles 3 lets UAs cap them).
	maxCounterRepeat = 60
	// maxCounterChain bounds the extends and fallback chains followed.
	maxCounterChain = 32
)

// counterDef is a counter style with extends resolved: what formatting
// needs.
type counterDef struct {
	name     string
	system   style.CounterSystem
	first    int
	symbols  []string
	additive []style.AdditiveSymbol
	negative [2]string
	prefix   string
	suffix   string
	// ranges nil is auto (the system's range)
	ranges    [][2]int
	pad       int
	padSymbol string
	fallback  string
	// algo, for the complex predefined styles, turns a non-negative
	// value in range into its representation
	algo func(int) (string, bool)
}

// counterStyler formats counter values in the predefined counter styles
// and those of the document's @counter-style rules.
type counterStyler struct {
	// user returns the document's style named name, or nil
	user  func(name string) *style.CounterStyle
	cache map[string]*counterDef
}

// newCounterStyler returns a styler for the @counter-style rules of
// styles, when it has any.
func newCounterStyler(styles StyleSource) *counterStyler {
	cs := &counterStyler{}
	if u, ok := styles.(interface {
		CounterStyle(string) *style.CounterStyle
	}); ok {
		cs.user = u.CounterStyle
	}
	return cs
}

// lookup returns the style named name, nil when there is none.
func (cs *counterStyler) lookup(name string) *counterDef {
	symbols := strings.HasPrefix(name, "symbols(")
	if cs.user == nil && !symbols {
		return predefinedStyles[name]
	}
	if d, ok := cs.cache[name]; ok {
		return d
	}
	var d *counterDef
	if symbols {
		// an anonymous style: symbols(cyclic "a" "b")
		if u, ok := style.SymbolsStyle(name); ok {
			d = fromRule(u)
		}
	} else {
		d = cs.resolve(name, nil)
	}
	if cs.cache == nil {
		cs.cache = map[string]*counterDef{}
	}
	cs.cache[name] = d
	return d
}

// resolve builds the style named name; chain holds the styles whose
// extends led here. A style in a cycle of extends, or at the end of a
// chain too long, extends decimal (§3.1.7).
func (cs *counterStyler) resolve(name string, chain []string) *counterDef {
	u := cs.user(name)
	if u == nil {
		return predefinedStyles[name]
	}
	if u.System != style.SystemExtends {
		return fromRule(u)
	}
	var base *counterDef
	if len(chain) < maxCounterChain && !cs.inCycle(name) {
		base = cs.resolve(u.Extends, append(chain, name))
	}
	if base == nil {
		base = predefinedStyles["decimal"]
	}
	d := *base
	d.name = u.Name
	given(&d, u)
	return &d
}

// inCycle reports whether the extends chain from the user style name
// comes back to it.
func (cs *counterStyler) inCycle(name string) bool {
	at := name
	for range maxCounterChain {
		u := cs.user(at)
		if u == nil || u.System != style.SystemExtends {
			return false
		}
		if strings.EqualFold(u.Extends, name) {
			return true
		}
		at = u.Extends
	}
	return true
}

// fromRule converts a rule of a system other than extends.
func fromRule(u *style.CounterStyle) *counterDef {
	d := &counterDef{name: u.Name, system: u.System, first: u.First, symbols: u.Symbols, additive: u.Additive,
		negative: [2]string{"-", ""}, suffix: ". ", fallback: "decimal"}
	given(d, u)
	return d
}

// given copies the descriptors u sets into d.
func given(d *counterDef, u *style.CounterStyle) {
	if u.Given&style.DescNegative != 0 {
		d.negative = u.Negative
	}
	if u.Given&style.DescPrefix != 0 {
		d.prefix = u.Prefix
	}
	if u.Given&style.DescSuffix != 0 {
		d.suffix = u.Suffix
	}
	if u.Given&style.DescRange != 0 {
		d.ranges = u.Ranges
	}
	if u.Given&style.DescPad != 0 {
		d.pad, d.padSymbol = u.Pad, u.PadSymbol
	}
	if u.Given&style.DescFallback != 0 {
		d.fallback = u.Fallback
	}
}

// text returns the representation of v in the style named name (decimal
// for unknown names), following fallbacks, and the style itself.
func (cs *counterStyler) text(v int, name string) (string, *counterDef) {
	d := cs.lookup(name)
	if d == nil {
		d = predefinedStyles["decimal"]
	}
	first := d
	for range maxCounterChain {
		if s, ok := d.represent(v); ok {
			return s, first
		}
		next := cs.lookup(d.fallback)
		if next == nil || next == d {
			break
		}
		d = next
	}
	return strconv.Itoa(v), first // decimal, whatever the value
}

// format is the text of counter() and counters(): v in the style named
// name, or a quoted string's text.
func (cs *counterStyler) format(v int, name string) string {
	if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') {
		return name[1 : len(name)-1]
	}
	if name == "none" {
		return ""
	}
	s, _ := cs.text(v, name)
	return s
}

// marker returns the text of a list marker: the style's prefix, v's
// representation and its suffix; a quoted string's text; "" for none.
func (cs *counterStyler) marker(v int, name string) string {
	switch name {
	case "none", "":
		return ""
	}
	if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') {
		return name[1 : len(name)-1]
	}
	s, d := cs.text(v, name)
	return d.prefix + s + d.suffix
}

// inRange reports whether v is in d's range.
func (d *counterDef) inRange(v int) bool {
	if d.ranges == nil {
		switch d.system {
		case style.SystemAlphabetic, style.SystemSymbolic:
			return v >= 1
		case style.SystemAdditive:
			return v >= 0
		}
		return true
	}
	for _, r := range d.ranges {
		if v >= r[0] && v <= r[1] {
			return true
		}
	}
	return false
}

// represent is the counter representation of v (§1.3 "generate a
// counter representation" without the fallback); ok is false when v is
// out of range or the system cannot write it.
func (d *counterDef) represent(v int) (string, bool) {
	if !d.inRange(v) {
		return "", false
	}
	neg := false
	switch d.system {
	case style.SystemSymbolic, style.SystemAlphabetic, style.SystemNumeric, style.SystemAdditive:
		neg = v < 0
	}
	if neg {
		if v == math.MinInt {
			return "", false
		}
		v = -v
	}
	s, ok := d.initial(v)
	if !ok {
		return "", false
	}
	if d.pad > 0 {
		target := d.pad
		if neg {
			target -= utf8.RuneCountInString(d.negative[0] + d.negative[1])
		}
		if n := target - utf8.RuneCountInString(s); n > 0 {
			s = strings.Repeat(d.padSymbol, n) + s
		}
	}
	if neg {
		s = d.negative[0] + s + d.negative[1]
	}
	return s, true
}

// initial is the representation of v by the style's system alone (v is
// not negative for the systems that use a negative sign).
func (d *counterDef) initial(v int) (string, bool) {
	if d.algo != nil {
		return d.algo(v)
	}
	n := len(d.symbols)
	switch d.system {
	case style.SystemCyclic:
		if n == 0 {
			return "", false
		}
		return d.symbols[((v-1)%n+n)%n], true
	case style.SystemFixed:
		if v < d.first || v-d.first >= n {
			return "", false
		}
		return d.symbols[v-d.first], true
	case style.SystemSymbolic:
		if n == 0 || v < 1 || (v-1)/n+1 > maxCounterRepeat {
			return "", false
		}
		return strings.Repeat(d.symbols[(v-1)%n], (v-1)/n+1), true
	case style.SystemAlphabetic:
		if n < 2 || v < 1 {
			return "", false
		}
		var out []string
		for v > 0 {
			v--
			out = append(out, d.symbols[v%n])
			v /= n
		}
		return joinReversed(out), true
	case style.SystemNumeric:
		if n < 2 {
			return "", false
		}
		if v == 0 {
			return d.symbols[0], true
		}
		var out []string
		for v > 0 {
			out = append(out, d.symbols[v%n])
			v /= n
		}
		return joinReversed(out), true
	case style.SystemAdditive:
		return additive(v, d.additive)
	}
	return "", false
}

// additive is the additive system: the largest weights first, each as
// often as it fits.
func additive(v int, tuples []style.AdditiveSymbol) (string, bool) {
	if v == 0 {
		for _, t := range tuples {
			if t.Weight == 0 {
				return t.Symbol, true
			}
		}
		return "", false
	}
	var b strings.Builder
	count := 0
	for _, t := range tuples {
		if t.Weight == 0 || t.Weight > v {
			continue
		}
		reps := v / t.Weight
		count += reps
		if count > maxCounterRepeat {
			return "", false
		}
		b.WriteString(strings.Repeat(t.Symbol, reps))
		v -= reps * t.Weight
		if v == 0 {
			return b.String(), true
		}
	}
	return "", false
}

func joinReversed(parts []string) string {
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
	}
	return b.String()
}
