package css

import (
	"fmt"
	"strings"
)

// Limits that keep pathological stylesheets bounded.
const (
	// MaxStylesheetSize is the largest stylesheet parsed; the rest is
	// dropped with a diagnostic.
	MaxStylesheetSize = 8 << 20
	// MaxRuleNesting is the deepest nesting of style rules (CSS nesting)
	// and conditional at-rules kept.
	MaxRuleNesting = 32
)

// ParseOptions adjust parsing.
type ParseOptions struct {
	// Supports reports whether a declaration is supported, for
	// @supports (property: value). Nil treats every declaration as
	// supported.
	Supports func(Declaration) bool
	// ShareValues lets declarations whose values are written alike
	// share one value slice (whose tokens carry the position of the first
	// occurrence): a large stylesheet repeats the same colors, lengths and
	// keywords thousands of times. Declarations keep their own Pos.
	ShareValues bool
	// Workers bounds the goroutines that parse a large stylesheet, each a
	// run of whole statements (0 or 1: one). The rules and diagnostics
	// are those of a parse on one goroutine. Supports must then be safe
	// for concurrent use.
	Workers int
}

type parser struct {
	opts  ParseOptions
	diags []Diagnostic
	// importsAllowed is true until the first rule other than @charset,
	// @import or @layer statements.
	importsAllowed bool
	// shared maps the key of a value (see valueKey) to its shared slice
	// when opts.ShareValues is set.
	shared map[string][]Token
	key    []byte
	// compounds shares compiled compound selectors within the sheet
	compounds compoundCache
	// items is a stack of block contents: blockContents appends a
	// block's items and its caller pops them (see release) when done, so
	// nested blocks stack above their parent's items.
	items []item
}

// release pops the items of a block whose contents started at mark.
func (p *parser) release(mark int) {
	clear(p.items[mark:])
	p.items = p.items[:mark]
}

func (p *parser) errorf(pos Pos, format string, args ...any) {
	p.diags = append(p.diags, Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// Parse parses a stylesheet. It never fails: what is invalid is dropped
// and reported in the diagnostics.
func Parse(src string, opts ParseOptions) (*Stylesheet, []Diagnostic) {
	if opts.Workers > 1 {
		if sheet, diags, ok := parseParallel(src, opts); ok {
			return sheet, diags
		}
	}
	p := &parser{opts: opts, importsAllowed: true}
	if len(src) > MaxStylesheetSize {
		p.errorf(Pos{1, 1}, "stylesheet larger than %d bytes: the rest is dropped", MaxStylesheetSize)
		src = src[:MaxStylesheetSize]
	}
	return &Stylesheet{Rules: p.parse(src, Pos{1, 1}, nil)}, p.diags
}

// parse appends to rules the rules of src, whose first character is at
// start.
func (p *parser) parse(src string, start Pos, rules []Rule) []Rule {
	// Top-level statements are tokenised and parsed one at a time, so a
	// large stylesheet never exists as one token tree.
	tz := newTokenizer(src, &p.diags)
	tz.line, tz.col = start.Line, start.Col
	tz.transientTop = true
	var stmt []Token
	atRule := false
	for {
		tok, ok := tz.next()
		if !ok {
			break
		}
		if len(stmt) == 0 {
			if tok.Kind == Whitespace || tok.Kind == CDO || tok.Kind == CDC || tok.Kind == Semicolon {
				continue
			}
			atRule = tok.Kind == AtKeyword
		}
		stmt = append(stmt, tok)
		if tok.Kind == Block && tok.Text == "{" || atRule && tok.Kind == Semicolon {
			rules = p.ruleList(rules, stmt, true, 0)
			if atRule {
				stmt = nil // at-rules may keep their prelude tokens (media lists)
			} else {
				// style rules keep nothing of their prelude but strings:
				// reuse the buffer
				clear(stmt)
				stmt = stmt[:0]
			}
		}
	}
	if len(stmt) > 0 {
		rules = p.ruleList(rules, stmt, true, 0)
	}
	return rules
}

// ParseDeclarations parses a declaration list such as a style attribute.
// Nested rules are not allowed there and are reported.
func ParseDeclarations(src string) ([]Declaration, []Diagnostic) {
	p := &parser{}
	if len(src) > MaxStylesheetSize {
		p.errorf(Pos{1, 1}, "declarations longer than %d bytes: the rest is dropped", MaxStylesheetSize)
		src = src[:MaxStylesheetSize]
	}
	toks := Tokenize(src, &p.diags)
	var decls []Declaration
	for _, it := range p.blockContents(toks) {
		switch {
		case it.isDecl:
			decls = append(decls, it.decl)
		default:
			p.errorf(it.pos, "rule not allowed in a declaration list: dropped")
		}
	}
	return decls, p.diags
}

// ruleList parses the top level of a stylesheet or the block of a
// conditional at-rule, appending its rules to rules.
func (p *parser) ruleList(rules []Rule, toks []Token, top bool, depth int) []Rule {
	for i := 0; i < len(toks); {
		t := toks[i]
		switch t.Kind {
		case Whitespace, Semicolon:
			i++
			continue
		case CDO, CDC:
			if top {
				i++
				continue
			}
		case AtKeyword:
			end, block := atRuleEnd(toks, i+1)
			prelude := TrimSpace(toks[i+1 : end])
			rules = p.atRule(rules, t, prelude, block, depth)
			i = end
			if block != nil || (i < len(toks) && toks[i].Kind == Semicolon) {
				i++
			}
			continue
		}
		// qualified rule: prelude up to a {} block
		j := i
		for j < len(toks) && !(toks[j].Kind == Block && toks[j].Text == "{") {
			j++
		}
		if j == len(toks) {
			p.errorf(t.Pos, "rule without a { } block: dropped")
			break
		}
		p.importsAllowed = false
		rules = p.styleRule(rules, toks[i:j], toks[j], nil, depth)
		i = j + 1
	}
	return rules
}

// atRuleEnd finds the end of an at-rule's prelude starting at i: the index
// of the terminating ; or {} block (len(toks) at EOF) and the block.
func atRuleEnd(toks []Token, i int) (int, *Token) {
	for ; i < len(toks); i++ {
		if toks[i].Kind == Semicolon {
			return i, nil
		}
		if toks[i].Kind == Block && toks[i].Text == "{" {
			return i, &toks[i]
		}
	}
	return i, nil
}

// item is one entry of a block's contents.
type item struct {
	pos     Pos
	decl    Declaration
	isDecl  bool
	at      *Token // at-keyword
	prelude []Token
	block   *Token // the {} block of a nested rule or at-rule
}

// blockContents parses the contents of a {} block (css-syntax-3 "consume a
// block's contents" with nesting): declarations, nested style rules and
// at-rules in order. Invalid declarations are reported and dropped. The
// items are pushed on p.items: the caller releases them.
func (p *parser) blockContents(toks []Token) []item {
	mark := len(p.items)
	items := p.items
	for i := 0; i < len(toks); {
		t := toks[i]
		switch t.Kind {
		case Whitespace, Semicolon:
			i++
			continue
		case AtKeyword:
			end, block := atRuleEnd(toks, i+1)
			tt := t
			items = append(items, item{pos: t.Pos, at: &tt, prelude: TrimSpace(toks[i+1 : end]), block: block})
			i = end + 1
			continue
		}
		// up to the next ; at this level
		j := i
		blockAt := -1
		for j < len(toks) && toks[j].Kind != Semicolon {
			if blockAt < 0 && toks[j].Kind == Block && toks[j].Text == "{" {
				blockAt = j
			}
			j++
		}
		isDecl := t.Kind == Ident && colonFollows(toks, i+1)
		custom := isDecl && strings.HasPrefix(t.Text, "--")
		if blockAt >= 0 && !custom {
			// a nested qualified rule; it ends at its block
			items = append(items, item{pos: t.Pos, prelude: toks[i:blockAt], block: &toks[blockAt]})
			i = blockAt + 1
			continue
		}
		if !isDecl {
			p.errorf(t.Pos, "invalid declaration %q: dropped", clip(Serialize(TrimSpace(toks[i:j]))))
			i = j + 1
			continue
		}
		if d, ok := p.declaration(toks[i:j]); ok {
			items = append(items, item{pos: t.Pos, decl: d, isDecl: true})
		}
		i = j + 1
	}
	p.items = items
	items = items[mark:len(items):len(items)]
	p.compactValues(items)
	return items
}

// compactValues moves the declaration values of a block into one exactly
// sized slice, so that the block's tokens (names, colons, whitespace
// between declarations) are not kept alive by the values: a large
// stylesheet then holds about a quarter of its tokens after parsing. With
// ShareValues, values written alike share one slice instead.
func (p *parser) compactValues(items []item) {
	n := 0
	for i := range items {
		it := &items[i]
		if !it.isDecl {
			continue
		}
		if p.opts.ShareValues && p.valueKey(it.decl.Value) {
			if v, ok := p.shared[string(p.key)]; ok {
				it.decl.Value = v
				continue
			}
		}
		n += len(it.decl.Value)
	}
	if n == 0 {
		return
	}
	slab := make([]Token, 0, n)
	for i := range items {
		it := &items[i]
		if !it.isDecl {
			continue
		}
		share := p.opts.ShareValues && p.valueKey(it.decl.Value)
		if share {
			if v, ok := p.shared[string(p.key)]; ok {
				it.decl.Value = v
				continue
			}
		}
		start := len(slab)
		slab = append(slab, it.decl.Value...)
		it.decl.Value = slab[start:len(slab):len(slab)]
		if share && len(p.shared) < maxSharedValues {
			if p.shared == nil {
				p.shared = make(map[string][]Token)
			}
			p.shared[string(p.key)] = it.decl.Value
		}
	}
}

// maxSharedValues bounds the table of shared values.
const maxSharedValues = 1 << 16

// valueKey sets p.key to a key identifying a value by its tokens' kinds
// and source text; it reports false for values that are not shared
// (nested tokens, tokens without source text, long values).
func (p *parser) valueKey(val []Token) bool {
	p.key = p.key[:0]
	if len(val) == 0 || len(val) > 16 {
		return false
	}
	for _, t := range val {
		if len(t.Args) > 0 || t.Raw == "" || t.Kind == Function || t.Kind == Block {
			return false
		}
		p.key = append(p.key, byte(t.Kind))
		p.key = append(p.key, t.Raw...)
		p.key = append(p.key, 0)
	}
	return true
}

func colonFollows(toks []Token, i int) bool {
	for ; i < len(toks); i++ {
		switch toks[i].Kind {
		case Whitespace:
			continue
		case Colon:
			return true
		}
		return false
	}
	return false
}

// declaration parses name: value [!important].
func (p *parser) declaration(toks []Token) (Declaration, bool) {
	name := toks[0].Text
	if !strings.HasPrefix(name, "--") {
		name = strings.ToLower(name)
	}
	i := 1
	for toks[i].Kind != Colon {
		i++
	}
	val := TrimSpace(toks[i+1:])
	d := Declaration{Name: name, Pos: toks[0].Pos}
	// !important
	if n := len(val); n >= 2 && val[n-1].Is("important") {
		k := n - 2
		for k >= 0 && val[k].Kind == Whitespace {
			k--
		}
		if k >= 0 && val[k].IsDelim("!") {
			d.Important = true
			val = TrimSpace(val[:k])
		}
	}
	for _, t := range val {
		if t.IsDelim("!") {
			p.errorf(t.Pos, "misplaced ! in declaration of %s: dropped", name)
			return d, false
		}
		if t.Kind == BadString || t.Kind == BadURL || t.Kind == Closer {
			p.errorf(t.Pos, "bad token in declaration of %s: dropped", name)
			return d, false
		}
	}
	if len(val) == 0 && !strings.HasPrefix(name, "--") {
		p.errorf(d.Pos, "empty value for %s: dropped", name)
		return d, false
	}
	if strings.HasPrefix(name, "--") {
		// custom properties keep their value as written, including blocks
		d.Value = val
		return d, true
	}
	for _, t := range val {
		if t.Kind == Block && t.Text == "{" {
			p.errorf(t.Pos, "{ } block in the value of %s: dropped", name)
			return d, false
		}
	}
	d.Value = val
	return d, true
}

// styleRule builds a style rule (and the rules nested in it) from a
// prelude and its block. parents are the resolved selectors of the
// enclosing rule for nested rules.
func (p *parser) styleRule(out []Rule, prelude []Token, block Token, parents [][]Token, depth int) []Rule {
	pos := Pos{}
	if len(prelude) > 0 {
		pos = prelude[0].Pos
	} else {
		pos = block.Pos
	}
	if depth > MaxRuleNesting {
		p.errorf(pos, "rules nested deeper than %d levels: dropped", MaxRuleNesting)
		return out
	}
	selToks, err := resolveNesting(prelude, parents)
	if err != nil {
		p.errorf(pos, "%v: rule dropped", err)
		return out
	}
	sels := make([]*Selector, 0, len(selToks))
	for _, st := range selToks {
		s, err := compileSelector(st, &p.compounds)
		if err != nil {
			p.errorf(pos, "invalid selector %q (%v): rule dropped", clip(Serialize(prelude)), err)
			return out
		}
		sels = append(sels, s)
	}
	return p.styleBlock(out, sels, selToks, block.Args, pos, depth)
}

// styleBlock turns the contents of a style rule's block into the rule and
// the flattened nested rules, appended to out.
func (p *parser) styleBlock(out []Rule, sels []*Selector, selToks [][]Token, contents []Token, pos Pos, depth int) []Rule {
	start := len(out)
	cur := &StyleRule{Selectors: sels, Pos: pos}
	out = append(out, cur)
	nestedSeen := false
	mark := len(p.items)
	items := p.blockContents(contents)
	defer p.release(mark)
	n := 0
	for _, it := range items {
		if it.isDecl {
			n++
		}
	}
	cur.Decls = make([]Declaration, 0, n)
	for _, it := range items {
		switch {
		case it.isDecl:
			if nestedSeen {
				// declarations after nested rules form their own rule
				// with the parent's selectors (css-nesting-1).
				cur = &StyleRule{Selectors: sels, Pos: it.pos}
				out = append(out, cur)
				nestedSeen = false
			}
			cur.Decls = append(cur.Decls, it.decl)
		case it.at != nil:
			nestedSeen = true
			out = p.nestedAtRule(out, it, sels, selToks, depth+1)
		default:
			nestedSeen = true
			out = p.styleRule(out, it.prelude, *it.block, selToks, depth+1)
		}
	}
	// drop rules left without declarations
	kept := out[:start]
	for _, r := range out[start:] {
		if sr, ok := r.(*StyleRule); ok && len(sr.Decls) == 0 {
			continue
		}
		kept = append(kept, r)
	}
	clear(out[len(kept):])
	return kept
}

// nestedAtRule handles an at-rule inside a style rule: conditional rules
// whose contents apply to the parent selectors.
func (p *parser) nestedAtRule(out []Rule, it item, sels []*Selector, selToks [][]Token, depth int) []Rule {
	name := strings.ToLower(it.at.Text)
	if depth > MaxRuleNesting {
		p.errorf(it.pos, "rules nested deeper than %d levels: dropped", MaxRuleNesting)
		return out
	}
	if it.block == nil {
		p.errorf(it.pos, "@%s without a block inside a style rule: dropped", name)
		return out
	}
	switch name {
	case "media":
		mq := ParseMediaList(it.prelude)
		inner := p.styleBlock(nil, sels, selToks, it.block.Args, it.pos, depth)
		return append(out, &MediaRule{Media: mq, Rules: inner, Pos: it.pos})
	case "supports":
		if !p.supports(it.prelude) {
			return out
		}
		return p.styleBlock(out, sels, selToks, it.block.Args, it.pos, depth)
	case "layer":
		lname, ok := layerName(it.prelude)
		if !ok {
			p.errorf(it.pos, "invalid @layer name: dropped")
			return out
		}
		return append(out, &LayerRule{Name: lname, Block: true, Rules: p.styleBlock(nil, sels, selToks, it.block.Args, it.pos, depth), Pos: it.pos})
	}
	p.errorf(it.pos, "@%s not supported inside a style rule: dropped", name)
	return out
}

// atRule parses a top-level (or conditional-nested) at-rule.
func (p *parser) atRule(out []Rule, t Token, prelude []Token, block *Token, depth int) []Rule {
	name := strings.ToLower(t.Text)
	if depth > MaxRuleNesting {
		p.errorf(t.Pos, "rules nested deeper than %d levels: dropped", MaxRuleNesting)
		return out
	}
	switch name {
	case "charset":
		return out
	case "import":
		if block != nil {
			p.errorf(t.Pos, "@import with a block: dropped")
			return out
		}
		if !p.importsAllowed {
			p.errorf(t.Pos, "@import after other rules: ignored")
			return out
		}
		return append(out, p.importRule(t, prelude)...)
	case "namespace":
		return out
	case "layer":
		if block == nil {
			var names []string
			for _, part := range SplitCommas(prelude) {
				n, ok := layerName(TrimSpace(part))
				if !ok || n == "" {
					p.errorf(t.Pos, "invalid @layer statement: dropped")
					return out
				}
				names = append(names, n)
			}
			return append(out, &LayerRule{Names: names, Pos: t.Pos})
		}
		p.importsAllowed = false
		n, ok := layerName(prelude)
		if !ok {
			p.errorf(t.Pos, "invalid @layer name: dropped")
			return out
		}
		return append(out, &LayerRule{Name: n, Block: true, Rules: p.ruleList(nil, block.Args, false, depth+1), Pos: t.Pos})
	}
	p.importsAllowed = false
	if block == nil {
		p.errorf(t.Pos, "@%s without a block: dropped", name)
		return out
	}
	switch name {
	case "media":
		return append(out, &MediaRule{Media: ParseMediaList(prelude), Rules: p.ruleList(nil, block.Args, false, depth+1), Pos: t.Pos})
	case "supports":
		if !p.supports(prelude) {
			return out
		}
		return p.ruleList(out, block.Args, false, depth+1)
	case "page":
		return append(out, p.pageRule(t, prelude, block)...)
	case "font-face":
		ff := &FontFaceRule{Pos: t.Pos}
		mark := len(p.items)
		for _, it := range p.blockContents(block.Args) {
			if it.isDecl {
				ff.Decls = append(ff.Decls, it.decl)
			} else {
				p.errorf(it.pos, "rule inside @font-face: dropped")
			}
		}
		p.release(mark)
		return append(out, ff)
	case "counter-style":
		return p.counterStyleRule(out, t, prelude, block)
	case "keyframes", "-webkit-keyframes", "font-feature-values", "property", "view-transition", "container", "scope", "starting-style", "color-profile":
		// meaningful for screens only, or not modelled for print output
		return out
	}
	p.errorf(t.Pos, "unknown at-rule @%s: dropped", name)
	return out
}

// counterStyleRule parses @counter-style name { descriptors }. The name
// is one identifier other than none and the CSS-wide keywords; decimal,
// disc, square, circle and the disclosure styles cannot be redefined.
func (p *parser) counterStyleRule(out []Rule, t Token, prelude []Token, block *Token) []Rule {
	f := Fields(prelude)
	if len(f) != 1 || f[0].Kind != Ident {
		p.errorf(t.Pos, "@counter-style needs one name: dropped")
		return out
	}
	name := f[0].Text
	switch strings.ToLower(name) {
	case "none", "initial", "inherit", "unset", "revert", "revert-layer", "default":
		p.errorf(t.Pos, "@counter-style %s: not a valid name: dropped", name)
		return out
	case "decimal", "disc", "square", "circle", "disclosure-open", "disclosure-closed":
		p.errorf(t.Pos, "@counter-style %s: this style cannot be redefined: dropped", name)
		return out
	}
	r := &CounterStyleRule{Name: name, Pos: t.Pos}
	mark := len(p.items)
	for _, it := range p.blockContents(block.Args) {
		if it.isDecl {
			r.Decls = append(r.Decls, it.decl)
		} else {
			p.errorf(it.pos, "rule inside @counter-style: dropped")
		}
	}
	p.release(mark)
	return append(out, r)
}

func (p *parser) importRule(t Token, prelude []Token) []Rule {
	f := Fields(prelude)
	if len(f) == 0 {
		p.errorf(t.Pos, "@import without a URL: dropped")
		return nil
	}
	var url string
	switch {
	case f[0].Kind == String || f[0].Kind == URL:
		url = f[0].Text
	case f[0].Kind == Function && strings.EqualFold(f[0].Text, "url") && len(Fields(f[0].Args)) == 1 && Fields(f[0].Args)[0].Kind == String:
		url = Fields(f[0].Args)[0].Text
	default:
		p.errorf(t.Pos, "@import needs a string or url(): dropped")
		return nil
	}
	// skip the URL token, layer(...) and supports(...), keep the media list
	rest := prelude
	for k := range rest {
		if rest[k].Kind != Whitespace {
			rest = rest[k+1:]
			break
		}
	}
	rest = TrimSpace(rest)
	ir := &ImportRule{URL: url, Pos: t.Pos}
	for len(rest) > 0 && (rest[0].Is("layer") || (rest[0].Kind == Function && (strings.EqualFold(rest[0].Text, "layer") || strings.EqualFold(rest[0].Text, "supports")))) {
		switch {
		case rest[0].Kind == Function && strings.EqualFold(rest[0].Text, "supports"):
			if !p.supports(rest[0].Args) {
				return nil
			}
		case rest[0].Kind == Function:
			n, ok := layerName(TrimSpace(rest[0].Args))
			if !ok || n == "" {
				p.errorf(t.Pos, "invalid layer() in @import: dropped")
				return nil
			}
			ir.Layer, ir.HasLayer = n, true
		default:
			ir.HasLayer = true
		}
		rest = TrimSpace(rest[1:])
	}
	ir.Media = ParseMediaList(rest)
	return []Rule{ir}
}

func (p *parser) pageRule(t Token, prelude []Token, block *Token) []Rule {
	pr := &PageRule{Pos: t.Pos}
	if len(prelude) > 0 {
		for _, part := range SplitCommas(prelude) {
			ps, ok := parsePageSelector(TrimSpace(part))
			if !ok {
				p.errorf(t.Pos, "invalid @page selector %q: rule dropped", clip(Serialize(prelude)))
				return nil
			}
			pr.Selectors = append(pr.Selectors, ps)
		}
	}
	mark := len(p.items)
	defer p.release(mark)
	for _, it := range p.blockContents(block.Args) {
		switch {
		case it.isDecl:
			pr.Decls = append(pr.Decls, it.decl)
		case it.at != nil && (MarginBoxIndex(strings.ToLower(it.at.Text)) >= 0 || strings.EqualFold(it.at.Text, "footnote")) && it.block != nil:
			mr := MarginRule{Name: strings.ToLower(it.at.Text), Pos: it.pos}
			inner := len(p.items)
			for _, in := range p.blockContents(it.block.Args) {
				if in.isDecl {
					mr.Decls = append(mr.Decls, in.decl)
				} else {
					p.errorf(in.pos, "rule inside @%s: dropped", mr.Name)
				}
			}
			p.release(inner)
			pr.Margins = append(pr.Margins, mr)
		case it.at != nil:
			p.errorf(it.pos, "unknown at-rule @%s inside @page: dropped", it.at.Text)
		default:
			p.errorf(it.pos, "style rule inside @page: dropped")
		}
	}
	return []Rule{pr}
}

func parsePageSelector(toks []Token) (PageSelector, bool) {
	var ps PageSelector
	i := 0
	if i < len(toks) && toks[i].Kind == Ident {
		ps.Name = toks[i].Text
		ps.Spec[0]++
		i++
	}
	for i < len(toks) {
		if toks[i].Kind == Colon && i+1 < len(toks) && toks[i+1].Kind == Function && strings.EqualFold(toks[i+1].Text, "nth") {
			n, ok := parsePageNth(toks[i+1].Args)
			if !ok {
				return ps, false
			}
			ps.Nth = append(ps.Nth, n)
			ps.Spec[1]++
			i += 2
			continue
		}
		if toks[i].Kind != Colon || i+1 >= len(toks) || toks[i+1].Kind != Ident {
			return ps, false
		}
		switch strings.ToLower(toks[i+1].Text) {
		case "first":
			ps.First = true
			ps.Spec[1]++
		case "blank":
			ps.Blank = true
			ps.Spec[1]++
		case "left":
			ps.Left = true
			ps.Spec[2]++
		case "right":
			ps.Right = true
			ps.Spec[2]++
		default:
			return ps, false
		}
		i += 2
	}
	return ps, i > 0 || len(toks) == 0
}

// parsePageNth parses the argument of :nth(): An+B, optionally followed
// by "of" and a page name.
func parsePageNth(args []Token) (PageNth, bool) {
	var n PageNth
	for j, t := range args {
		if t.Kind != Ident || !strings.EqualFold(t.Text, "of") {
			continue
		}
		rest := TrimSpace(args[j+1:])
		if len(rest) != 1 || rest[0].Kind != Ident {
			return n, false
		}
		n.Of = rest[0].Text
		args = args[:j]
		break
	}
	a, b, ok := parseAnB(Serialize(args))
	n.A, n.B = a, b
	return n, ok
}

// layerName parses a layer name (ident ("." ident)*); empty input is an
// anonymous layer.
func layerName(toks []Token) (string, bool) {
	toks = TrimSpace(toks)
	if len(toks) == 0 {
		return "", true
	}
	var b strings.Builder
	for i, t := range toks {
		switch {
		case i%2 == 0 && t.Kind == Ident:
			b.WriteString(t.Text)
		case i%2 == 1 && t.IsDelim("."):
			b.WriteByte('.')
		default:
			return "", false
		}
	}
	return b.String(), len(toks)%2 == 1
}

// clip shortens text for a diagnostic message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "…"
	}
	return s
}
