package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// MaxVarExpansion is the largest size (in bytes of CSS text, approximately)
// a value may reach through var() substitution; a larger one is invalid
// at computed-value time.
const MaxVarExpansion = 64 << 10

// hasVar reports whether toks contain a var() function.
func hasVar(toks []css.Token) bool {
	for _, t := range toks {
		if t.Kind == css.Function && strings.EqualFold(t.Text, "var") {
			return true
		}
		if len(t.Args) > 0 && hasVar(t.Args) {
			return true
		}
	}
	return false
}

// tokenSize approximates the CSS text size of toks.
func tokenSize(toks []css.Token) int {
	n := 0
	for _, t := range toks {
		n += len(t.Text) + len(t.Unit) + 1
		if len(t.Args) > 0 {
			n += tokenSize(t.Args) + 1
		}
	}
	return n
}

// varResolver resolves custom properties of one element and substitutes
// var() in values.
type varResolver struct {
	// raw holds the element's own declared custom properties.
	raw map[string][]css.Token
	// inherited holds the parent's computed custom properties.
	inherited map[string][]css.Token
	// out receives the element's computed custom properties.
	out   map[string][]css.Token
	state map[string]uint8 // 1 resolving, 2 done
	// stack holds the names being resolved; poisoned marks the members
	// of a reference cycle, which are all invalid (css-variables-1 §2.3).
	stack    []string
	poisoned map[string]bool
}

// lookup returns the computed value of custom property name.
func (r *varResolver) lookup(name string) ([]css.Token, bool) {
	if raw, ok := r.raw[name]; ok {
		switch r.state[name] {
		case 1:
			// a cycle: every property from name up the stack is in it
			for i := len(r.stack) - 1; i >= 0; i-- {
				if r.poisoned == nil {
					r.poisoned = map[string]bool{}
				}
				r.poisoned[r.stack[i]] = true
				if r.stack[i] == name {
					break
				}
			}
			return nil, false
		case 2:
			v, ok := r.out[name]
			return v, ok
		}
		r.state[name] = 1
		r.stack = append(r.stack, name)
		v, ok := r.substitute(raw, 0)
		r.stack = r.stack[:len(r.stack)-1]
		r.state[name] = 2
		if ok && !r.poisoned[name] && tokenSize(v) <= MaxVarExpansion {
			r.out[name] = v
			return v, true
		}
		delete(r.out, name)
		return nil, false
	}
	v, ok := r.inherited[name]
	return v, ok
}

// substitute replaces every var() in toks. ok is false when a reference
// cannot be resolved and has no fallback, or the result grows beyond
// MaxVarExpansion.
func (r *varResolver) substitute(toks []css.Token, depth int) ([]css.Token, bool) {
	if depth > css.MaxNesting {
		return nil, false
	}
	if !hasVar(toks) {
		return toks, true
	}
	out := make([]css.Token, 0, len(toks))
	size := 0
	for _, t := range toks {
		if t.Kind == css.Function && strings.EqualFold(t.Text, "var") {
			args := css.TrimSpace(t.Args)
			if len(args) == 0 || args[0].Kind != css.Ident || !strings.HasPrefix(args[0].Text, "--") {
				return nil, false
			}
			name := args[0].Text
			v, ok := r.lookup(name)
			if !ok {
				rest := css.TrimSpace(args[1:])
				if len(rest) == 0 || rest[0].Kind != css.Comma {
					return nil, false
				}
				if v, ok = r.substitute(css.TrimSpace(rest[1:]), depth+1); !ok {
					return nil, false
				}
			}
			size += tokenSize(v)
			if size > MaxVarExpansion {
				return nil, false
			}
			out = append(out, v...)
			continue
		}
		if len(t.Args) > 0 && hasVar(t.Args) {
			a, ok := r.substitute(t.Args, depth+1)
			if !ok {
				return nil, false
			}
			t.Args = a
			t.Raw = ""
			if t.Kind == css.Function {
				t.Raw = ""
			}
			size += tokenSize(a)
		}
		size += len(t.Text) + 1
		if size > MaxVarExpansion {
			return nil, false
		}
		out = append(out, t)
	}
	return out, true
}
