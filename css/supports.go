package css

import "strings"

// supports evaluates an @supports condition: (property: value),
// selector(…), not, and, or.
func (p *parser) supports(toks []Token) bool {
	f := Fields(toks)
	if len(f) == 0 {
		return false
	}
	if f[0].Is("not") {
		return len(f) == 2 && !p.supportsInParens(f[1])
	}
	result := p.supportsInParens(f[0])
	for i := 1; i+1 < len(f); i += 2 {
		v := p.supportsInParens(f[i+1])
		switch {
		case f[i].Is("and"):
			result = result && v
		case f[i].Is("or"):
			result = result || v
		default:
			return false
		}
	}
	return len(f)%2 == 1 && result
}

func (p *parser) supportsInParens(t Token) bool {
	switch {
	case t.Kind == Function && strings.EqualFold(t.Text, "selector"):
		_, err := CompileSelector(t.Args)
		return err == nil
	case t.Kind == Block && t.Text == "(":
		args := TrimSpace(t.Args)
		if len(args) > 0 && args[0].Kind == Ident && colonFollows(args, 1) {
			sub := &parser{}
			d, ok := sub.declaration(args)
			if !ok {
				return false
			}
			if p.opts.Supports == nil {
				return true
			}
			return p.opts.Supports(d)
		}
		return p.supports(args)
	}
	return false
}
