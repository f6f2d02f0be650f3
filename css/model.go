package css

// Diagnostic is a construct of a stylesheet that was dropped or ignored,
// with where it starts.
type Diagnostic struct {
	Pos
	Message string
}

// Declaration is one property: value pair.
type Declaration struct {
	// Name is the lower-cased property name; custom properties (--x)
	// keep their case.
	Name string
	// Value is the value without surrounding whitespace and without
	// !important.
	Value     []Token
	Important bool
	Pos       Pos
}

// Rule is one rule of a stylesheet: *StyleRule, *MediaRule, *LayerRule,
// *PageRule, *FontFaceRule, *CounterStyleRule or *ImportRule.
type Rule interface {
	Position() Pos
}

// Stylesheet is a parsed stylesheet. Nested style rules are flattened:
// each nested rule appears after its parent with its selectors resolved.
type Stylesheet struct {
	Rules []Rule
}

// StyleRule is a style rule with a non-empty selector list.
type StyleRule struct {
	Selectors []*Selector
	Decls     []Declaration
	Pos       Pos
}

// MediaRule is @media: Rules apply when Media matches. @supports rules
// whose condition holds are flattened into their parent; those whose
// condition fails are dropped.
type MediaRule struct {
	Media MediaList
	Rules []Rule
	Pos   Pos
}

// PageRule is @page with its selectors, declarations and margin boxes.
type PageRule struct {
	// Selectors is empty for a plain @page (matches every page).
	Selectors []PageSelector
	Decls     []Declaration
	Margins   []MarginRule
	Pos       Pos
}

// PageSelector is one selector of @page: an optional page name and
// pseudo-classes.
type PageSelector struct {
	Name  string
	First bool
	Left  bool
	Right bool
	Blank bool
	// Spec is the specificity (names, :first/:blank/:nth(), :left/:right),
	// as css-page-3 defines it (:nth() counts as :first does).
	Spec [3]int
	// Nth holds the :nth() pseudo-classes; the page matches all of them.
	Nth []PageNth
}

// PageNth is a :nth(An+B [of <custom-ident>]) page pseudo-class
// (css-page-3 §4.3): it matches the page whose 1-based index is A*n+B for
// some n >= 0, in the document, or with Of in the page group of that
// named page.
type PageNth struct {
	A, B int32
	Of   string
}

// Matches reports whether the page with 1-based index i matches.
func (n PageNth) Matches(i int) bool {
	if i <= 0 {
		return false
	}
	d := int64(i) - int64(n.B)
	if n.A == 0 {
		return d == 0
	}
	return d%int64(n.A) == 0 && d/int64(n.A) >= 0
}

// MarginRule is one of the sixteen margin-box at-rules inside @page, or
// @footnote (Name "footnote", css-gcpm-3 §2.3).
type MarginRule struct {
	// Name is the at-keyword without "@", e.g. "top-center".
	Name  string
	Decls []Declaration
	Pos   Pos
}

// FontFaceRule is @font-face.
type FontFaceRule struct {
	Decls []Declaration
	Pos   Pos
}

// CounterStyleRule is @counter-style (CSS Counter Styles 3 §3): a
// counter style named Name, described by the descriptors Decls.
type CounterStyleRule struct {
	// Name keeps its case (counter style names are case-sensitive).
	Name  string
	Decls []Declaration
	Pos   Pos
}

// Position returns where the rule starts.
func (r *CounterStyleRule) Position() Pos { return r.Pos }

// LayerRule is @layer. The statement form (@layer a, b;) only declares
// the order of its Names; the block form holds Rules in layer Name ("" for
// an anonymous layer). Nested layer names are joined with ".".
type LayerRule struct {
	Names []string
	Name  string
	Rules []Rule
	// Block is true for the block form.
	Block bool
	Pos   Pos
}

// Position returns where the rule starts.
func (r *LayerRule) Position() Pos { return r.Pos }

// ImportRule is @import; the cascade loads URL and applies it where the
// rule stands when Media matches.
type ImportRule struct {
	URL   string
	Media MediaList
	// Layer is the layer of layer(name) or layer ("" anonymous) when
	// HasLayer is set.
	Layer    string
	HasLayer bool
	Pos      Pos
}

// Position returns where the rule starts.
func (r *StyleRule) Position() Pos { return r.Pos }

// Position returns where the rule starts.
func (r *MediaRule) Position() Pos { return r.Pos }

// Position returns where the rule starts.
func (r *PageRule) Position() Pos { return r.Pos }

// Position returns where the rule starts.
func (r *FontFaceRule) Position() Pos { return r.Pos }

// Position returns where the rule starts.
func (r *ImportRule) Position() Pos { return r.Pos }

// MarginBoxIndex returns the index of a margin-box at-rule name in
// css-page-3 order (top-left-corner = 0 … left-top = 15), or -1.
func MarginBoxIndex(name string) int {
	switch name {
	case "top-left-corner":
		return 0
	case "top-left":
		return 1
	case "top-center":
		return 2
	case "top-right":
		return 3
	case "top-right-corner":
		return 4
	case "right-top":
		return 5
	case "right-middle":
		return 6
	case "right-bottom":
		return 7
	case "bottom-right-corner":
		return 8
	case "bottom-right":
		return 9
	case "bottom-center":
		return 10
	case "bottom-left":
		return 11
	case "bottom-left-corner":
		return 12
	case "left-bottom":
		return 13
	case "left-middle":
		return 14
	case "left-top":
		return 15
	}
	return -1
}
