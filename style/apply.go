package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

func borderStyleOf(s string) (BorderStyle, bool) {
	switch s {
	case "none":
		return BorderNone, true
	case "hidden":
		return BorderHidden, true
	case "dotted":
		return BorderDotted, true
	case "dashed":
		return BorderDashed, true
	case "solid":
		return BorderSolid, true
	case "double":
		return BorderDouble, true
	case "groove":
		return BorderGroove, true
	case "ridge":
		return BorderRidge, true
	case "inset":
		return BorderInset, true
	case "outset":
		return BorderOutset, true
	}
	return 0, false
}

func displayOf(f []css.Token) (Display, bool) {
	if len(f) == 0 || len(f) > 3 {
		return 0, false
	}
	var words []string
	for _, t := range f {
		if t.Kind != css.Ident {
			return 0, false
		}
		words = append(words, strings.ToLower(t.Text))
	}
	if len(words) == 1 {
		switch words[0] {
		case "inline":
			return DisplayInline, true
		case "block", "run-in":
			return DisplayBlock, true
		case "inline-block":
			return DisplayInlineBlock, true
		case "list-item":
			return DisplayListItem, true
		case "none":
			return DisplayNone, true
		case "contents":
			return DisplayContents, true
		case "flow-root":
			return DisplayFlowRoot, true
		case "table":
			return DisplayTable, true
		case "inline-table":
			return DisplayInlineTable, true
		case "table-row-group":
			return DisplayTableRowGroup, true
		case "table-header-group":
			return DisplayTableHeaderGroup, true
		case "table-footer-group":
			return DisplayTableFooterGroup, true
		case "table-row":
			return DisplayTableRow, true
		case "table-column-group":
			return DisplayTableColumnGroup, true
		case "table-column":
			return DisplayTableColumn, true
		case "table-cell":
			return DisplayTableCell, true
		case "table-caption":
			return DisplayTableCaption, true
		case "flex", "-webkit-box", "-webkit-flex":
			return DisplayFlex, true
		case "inline-flex", "-webkit-inline-box":
			return DisplayInlineFlex, true
		case "grid":
			return DisplayGrid, true
		case "inline-grid":
			return DisplayInlineGrid, true
		}
		return 0, false
	}
	// multi-keyword syntax: outer inner [list-item]
	outer, inner, list := "", "", false
	for _, w := range words {
		switch w {
		case "block", "inline", "run-in":
			if outer != "" {
				return 0, false
			}
			outer = w
		case "flow", "flow-root", "table", "flex", "grid":
			if inner != "" {
				return 0, false
			}
			inner = w
		case "list-item":
			if list {
				return 0, false
			}
			list = true
		default:
			return 0, false
		}
	}
	if outer == "" || outer == "run-in" {
		outer = "block"
	}
	if inner == "" {
		inner = "flow"
	}
	if list {
		if inner != "flow" && inner != "flow-root" {
			return 0, false
		}
		return DisplayListItem, true
	}
	switch outer + " " + inner {
	case "block flow":
		return DisplayBlock, true
	case "block flow-root":
		return DisplayFlowRoot, true
	case "inline flow":
		return DisplayInline, true
	case "inline flow-root":
		return DisplayInlineBlock, true
	case "block table":
		return DisplayTable, true
	case "inline table":
		return DisplayInlineTable, true
	case "block flex":
		return DisplayFlex, true
	case "inline flex":
		return DisplayInlineFlex, true
	case "block grid":
		return DisplayGrid, true
	case "inline grid":
		return DisplayInlineGrid, true
	}
	return 0, false
}

func breakOf(s string, inside bool) (Break, bool) {
	switch s {
	case "auto":
		return BreakAuto, true
	case "avoid":
		return BreakAvoid, true
	case "avoid-page":
		return BreakAvoidPage, true
	case "avoid-column":
		return BreakAvoidColumn, true
	}
	if inside {
		return 0, false
	}
	switch s {
	case "page", "always", "all":
		return BreakPage, true
	case "left":
		return BreakLeft, true
	case "right":
		return BreakRight, true
	case "recto":
		return BreakRecto, true
	case "verso":
		return BreakVerso, true
	case "column":
		return BreakColumn, true
	}
	return 0, false
}

// fontSizeKeyword returns the size of an absolute font-size keyword.
func fontSizeKeyword(s string) (float64, bool) {
	switch s {
	case "xx-small":
		return mediumFontSize * 3 / 5, true
	case "x-small":
		return mediumFontSize * 3 / 4, true
	case "small":
		return mediumFontSize * 8 / 9, true
	case "medium":
		return mediumFontSize, true
	case "large":
		return mediumFontSize * 6 / 5, true
	case "x-large":
		return mediumFontSize * 3 / 2, true
	case "xx-large":
		return mediumFontSize * 2, true
	case "xxx-large":
		return mediumFontSize * 3, true
	}
	return 0, false
}

// textAlignOf resolves a text-align keyword (start/end against dir).
func textAlignOf(s string, dir Direction, parent TextAlign) (TextAlign, bool) {
	switch s {
	case "left", "-webkit-left":
		return AlignLeft, true
	case "right", "-webkit-right":
		return AlignRight, true
	case "center", "-webkit-center":
		return AlignCenter, true
	case "justify", "justify-all":
		return AlignJustify, true
	case "start":
		if dir == RTL {
			return AlignRight, true
		}
		return AlignLeft, true
	case "end":
		if dir == RTL {
			return AlignLeft, true
		}
		return AlignRight, true
	case "match-parent":
		return parent, true
	}
	return 0, false
}

// applier computes one element's longhands.
type applier struct {
	lc     lengthCtx
	parent *Style
}

// apply sets longhand id of s from its (substituted) value. It returns
// false when the value is invalid for the property.
func (a *applier) apply(s *Style, id propID, v []css.Token) bool {
	return a.applyFields(s, id, v, css.Fields(v))
}

// applyFields is apply with the value's non-whitespace tokens f given.
func (a *applier) applyFields(s *Style, id propID, v, f []css.Token) bool {
	if len(f) == 0 {
		return false
	}
	t := f[0]
	kw := ""
	if t.Kind == css.Ident {
		kw = strings.ToLower(t.Text)
	}
	single := len(f) == 1
	lc := a.lc
	lc.em = s.FontSize
	switch id {
	case pColor:
		c, ok := ParseColor(t, a.parent.Color)
		if ok && single {
			s.Color = c
		}
		return ok && single
	case pDirection:
		switch kw {
		case "ltr":
			s.Direction = LTR
		case "rtl":
			s.Direction = RTL
		default:
			return false
		}
	case pFontSize:
		if !single {
			return false
		}
		pfs := a.parent.FontSize
		if v, ok := fontSizeKeyword(kw); ok {
			s.FontSize = v
			return true
		}
		switch kw {
		case "smaller":
			s.FontSize = pfs / 1.2
			return true
		case "larger":
			s.FontSize = pfs * 1.2
			return true
		}
		lc.em = pfs
		l, ok := lc.length(t, true, false)
		if !ok {
			return false
		}
		s.FontSize = l.Resolve(pfs, pfs)
		if l.Unit == Percent && t.Kind != css.Function {
			s.FontSize = pfs * l.Value / 100
		}
	case pFontFamily:
		var fams []string
		for _, part := range css.SplitCommas(v) {
			p := css.Fields(part)
			if len(p) == 0 {
				return false
			}
			if len(p) == 1 && p[0].Kind == css.String {
				fams = append(fams, p[0].Text)
				continue
			}
			var words []string
			for _, w := range p {
				if w.Kind != css.Ident {
					return false
				}
				words = append(words, w.Text)
			}
			name := strings.Join(words, " ")
			switch lower := strings.ToLower(name); lower {
			case "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
				"ui-sans-serif", "ui-monospace", "math", "emoji", "fangsong":
				name = lower
			}
			fams = append(fams, name)
		}
		s.FontFamily = fams
	case pFontWeight:
		if !single {
			return false
		}
		pw := a.parent.FontWeight
		switch kw {
		case "normal":
			s.FontWeight = 400
		case "bold":
			s.FontWeight = 700
		case "bolder":
			switch {
			case pw < 350:
				s.FontWeight = 400
			case pw < 550:
				s.FontWeight = 700
			default:
				s.FontWeight = max(pw, 900)
			}
		case "lighter":
			switch {
			case pw < 550:
				s.FontWeight = min(pw, 100)
			case pw < 750:
				s.FontWeight = 400
			default:
				s.FontWeight = 700
			}
		default:
			n, ok := lc.number(t)
			if !ok || n < 1 || n > 1000 {
				return false
			}
			s.FontWeight = int(math.Round(n))
		}
	case pFontStyle:
		switch kw {
		case "normal":
			s.FontStyle = 0
		case "italic":
			s.FontStyle = 1
		case "oblique":
			s.FontStyle = 2
		default:
			return false
		}
	case pFontVariant:
		switch kw {
		case "normal", "none":
			s.FontVariant = "normal"
		case "small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "titling-caps":
			s.FontVariant = "small-caps"
		default:
			return false
		}
	case pLineHeight:
		if !single {
			return false
		}
		if kw == "normal" {
			s.LineHeight, s.LineHeightNum = Length{Unit: Auto}, 0
			return true
		}
		if n, ok := lc.number(t); ok {
			if n < 0 {
				return false
			}
			s.LineHeight, s.LineHeightNum = Length{Value: n * 100, Unit: Percent}, n
			return true
		}
		l, ok := lc.length(t, true, false)
		if !ok {
			return false
		}
		s.LineHeight, s.LineHeightNum = Length{Value: l.Resolve(s.FontSize, 0), Unit: Pt}, 0
	case pDisplay:
		d, ok := displayOf(f)
		if !ok {
			return false
		}
		s.Display = d
	case pPosition:
		switch {
		case kw == "static":
			s.Position = PositionStatic
		case kw == "relative":
			s.Position = PositionRelative
		case kw == "absolute":
			s.Position = PositionAbsolute
		case kw == "fixed":
			s.Position = PositionFixed
		case kw == "sticky" || kw == "-webkit-sticky":
			s.Position = PositionSticky
		case t.Kind == css.Function && strings.EqualFold(t.Text, "running") && single:
			a := css.Fields(t.Args)
			if len(a) != 1 || a[0].Kind != css.Ident {
				return false
			}
			s.Position = PositionRunning
			s.RunningName = a[0].Text
			return true
		default:
			return false
		}
		s.RunningName = ""
	case pFloat:
		switch kw {
		case "none":
			s.Float = FloatNone
		case "left", "inline-start":
			s.Float = FloatLeft
		case "right", "inline-end":
			s.Float = FloatRight
		case "footnote":
			s.Float = FloatNone
		default:
			return false
		}
	case pClear:
		switch kw {
		case "none":
			s.Clear = ClearNone
		case "left", "inline-start":
			s.Clear = ClearLeft
		case "right", "inline-end":
			s.Clear = ClearRight
		case "both":
			s.Clear = ClearBoth
		default:
			return false
		}
	case pTop, pRight, pBottom, pLeft:
		l, ok := a.lengthOrAuto(lc, f, true, "auto")
		if !ok {
			return false
		}
		s.Inset[id-pTop] = l
	case pZIndex:
		if kw == "auto" {
			s.ZIndex, s.ZAuto = 0, true
			return single
		}
		n, ok := lc.integer(t)
		if !ok || !single {
			return false
		}
		s.ZIndex, s.ZAuto = n, false
	case pWidth, pHeight, pMinWidth, pMinHeight:
		l, ok := a.lengthOrAuto(lc, f, false, "auto")
		if !ok {
			return false
		}
		switch id {
		case pWidth:
			s.Width = l
		case pHeight:
			s.Height = l
		case pMinWidth:
			s.MinWidth = l
		default:
			s.MinHeight = l
		}
	case pMaxWidth, pMaxHeight:
		l, ok := a.lengthOrAuto(lc, f, false, "none")
		if !ok {
			return false
		}
		if id == pMaxWidth {
			s.MaxWidth = l
		} else {
			s.MaxHeight = l
		}
	case pBoxSizing:
		switch kw {
		case "content-box":
			s.BoxSizing = ContentBox
		case "border-box":
			s.BoxSizing = BorderBox
		default:
			return false
		}
	case pMarginTop, pMarginRight, pMarginBottom, pMarginLeft:
		l, ok := a.lengthOrAuto(lc, f, true, "auto")
		if !ok {
			return false
		}
		s.Margin[id-pMarginTop] = l
	case pPaddingTop, pPaddingRight, pPaddingBottom, pPaddingLeft:
		if !single {
			return false
		}
		l, ok := lc.length(t, true, false)
		if !ok {
			return false
		}
		s.Padding[id-pPaddingTop] = l
	case pBorderTopWidth, pBorderRightWidth, pBorderBottomWidth, pBorderLeftWidth:
		if !single {
			return false
		}
		w, ok := borderWidth(lc, t)
		if !ok {
			return false
		}
		s.Border[id-pBorderTopWidth].Width = w
	case pBorderTopStyle, pBorderRightStyle, pBorderBottomStyle, pBorderLeftStyle:
		bs, ok := borderStyleOf(kw)
		if !ok || !single {
			return false
		}
		s.Border[id-pBorderTopStyle].Style = bs
	case pBorderTopColor, pBorderRightColor, pBorderBottomColor, pBorderLeftColor:
		c, ok := ParseColor(t, s.Color)
		if !ok || !single {
			return false
		}
		s.Border[id-pBorderTopColor].Color = c
	case pRadiusTopLeft, pRadiusTopRight, pRadiusBottomRight, pRadiusBottomLeft:
		if len(f) > 2 {
			return false
		}
		h, ok := lc.length(f[0], true, false)
		if !ok {
			return false
		}
		vv := h
		if len(f) == 2 {
			if vv, ok = lc.length(f[1], true, false); !ok {
				return false
			}
		}
		s.BorderRadius[id-pRadiusTopLeft] = [2]Length{h, vv}
	case pOverflow:
		switch kw {
		case "visible":
			s.Overflow = OverflowVisible
		case "hidden":
			s.Overflow = OverflowHidden
		case "clip":
			s.Overflow = OverflowClip
		case "scroll":
			s.Overflow = OverflowScroll
		case "auto", "overlay":
			s.Overflow = OverflowAuto
		default:
			return false
		}
	case pVisibility:
		switch kw {
		case "visible":
			s.Visibility = Visible
		case "hidden":
			s.Visibility = Hidden
		case "collapse":
			s.Visibility = Collapse
		default:
			return false
		}
	case pOpacity:
		n, ok := lc.number(t)
		if t.Kind == css.Percentage {
			n, ok = t.Num/100, true
		}
		if !ok || !single {
			return false
		}
		s.Opacity = math.Max(0, math.Min(1, n))
	case pBackgroundColor:
		c, ok := ParseColor(t, s.Color)
		if !ok || !single {
			return false
		}
		s.BackgroundColor = c
	case pBackgroundImage:
		u, ok := imageURL(v)
		if !ok {
			return false
		}
		s.BackgroundImage = u
	case pTextAlign, pTextAlignLast:
		if !single {
			return false
		}
		if id == pTextAlignLast && kw == "auto" {
			s.textAlignLastAuto = true
			return true
		}
		ta, ok := textAlignOf(kw, s.Direction, a.parent.TextAlign)
		if !ok {
			return false
		}
		if id == pTextAlign {
			s.TextAlign = ta
		} else {
			s.TextAlignLast, s.textAlignLastAuto = ta, false
		}
	case pTextIndent:
		var l Length
		ok := false
		for _, x := range f {
			if x.Is("hanging") || x.Is("each-line") {
				continue
			}
			if l, ok = lc.length(x, true, true); !ok {
				return false
			}
		}
		if !ok {
			return false
		}
		s.TextIndent = l
	case pTextTransform:
		switch kw {
		case "none":
			s.TextTransform = TransformNone
		case "uppercase":
			s.TextTransform = TransformUppercase
		case "lowercase":
			s.TextTransform = TransformLowercase
		case "capitalize":
			s.TextTransform = TransformCapitalize
		case "full-width", "full-size-kana":
			s.TextTransform = TransformNone
		default:
			return false
		}
	case pTextDecorationLine:
		var d TextDecoration
		for _, x := range f {
			switch strings.ToLower(x.Text) {
			case "none":
				if len(f) != 1 {
					return false
				}
			case "underline":
				d |= DecoUnderline
			case "overline":
				d |= DecoOverline
			case "line-through":
				d |= DecoLineThrough
			case "blink", "spelling-error", "grammar-error":
			default:
				return false
			}
			if x.Kind != css.Ident {
				return false
			}
		}
		s.TextDecoration = d
	case pTextDecorationColor:
		if kw == "currentcolor" && single {
			s.TextDecorationColor = Color{}
			return true
		}
		c, ok := ParseColor(t, s.Color)
		if !ok || !single {
			return false
		}
		s.TextDecorationColor = c
	case pTextDecorationStyle:
		switch kw {
		case "solid":
			s.TextDecorationStyle = BorderSolid
		case "double":
			s.TextDecorationStyle = BorderDouble
		case "dotted":
			s.TextDecorationStyle = BorderDotted
		case "dashed":
			s.TextDecorationStyle = BorderDashed
		case "wavy":
			s.TextDecorationStyle = BorderSolid
		default:
			return false
		}
	case pLetterSpacing, pWordSpacing:
		var w float64
		if kw != "normal" {
			l, ok := lc.length(t, id == pWordSpacing, true)
			if !ok || !single {
				return false
			}
			w = l.Resolve(s.FontSize*0.25, 0) // word-spacing % of a space (≈0.25em)
		}
		if id == pLetterSpacing {
			s.LetterSpacing = w
		} else {
			s.WordSpacing = w
		}
	case pWhiteSpace:
		switch kw {
		case "normal":
			s.WhiteSpace = WhiteSpaceNormal
		case "pre":
			s.WhiteSpace = WhiteSpacePre
		case "nowrap":
			s.WhiteSpace = WhiteSpaceNowrap
		case "pre-wrap":
			s.WhiteSpace = WhiteSpacePreWrap
		case "pre-line":
			s.WhiteSpace = WhiteSpacePreLine
		case "break-spaces":
			s.WhiteSpace = WhiteSpaceBreakSpaces
		default:
			return false
		}
	case pVerticalAlign:
		if !single {
			return false
		}
		va := map[string]VerticalAlign{"baseline": VAlignBaseline, "sub": VAlignSub, "super": VAlignSuper,
			"top": VAlignTop, "middle": VAlignMiddle, "bottom": VAlignBottom, "text-top": VAlignTextTop, "text-bottom": VAlignTextBottom}
		if x, ok := va[kw]; ok && kw != "" {
			s.VerticalAlign, s.VerticalAlignLength = x, Length{}
			return true
		}
		l, ok := lc.length(t, true, true)
		if !ok {
			return false
		}
		s.VerticalAlign, s.VerticalAlignLength = VAlignLength, l
	case pOverflowWrap:
		switch kw {
		case "normal":
			s.OverflowWrap = WrapNormal
		case "break-word":
			s.OverflowWrap = WrapBreakWord
		case "anywhere":
			s.OverflowWrap = WrapAnywhere
		default:
			return false
		}
	case pHyphens:
		switch kw {
		case "manual":
			s.Hyphens = HyphensManual
		case "none":
			s.Hyphens = HyphensNone
		case "auto":
			s.Hyphens = HyphensAuto
		default:
			return false
		}
	case pUnicodeBidi:
		switch kw {
		case "normal", "embed", "isolate", "bidi-override", "isolate-override", "plaintext":
			s.UnicodeBidi = kw
		default:
			return false
		}
	case pTabSize:
		if n, ok := lc.number(t); ok && n >= 0 && single {
			s.TabSize = n
			return true
		}
		l, ok := lc.length(t, false, false)
		if !ok || !single {
			return false
		}
		s.TabSize = l.Value / math.Max(s.FontSize*0.25, 0.01)
	case pListStyleType:
		if !single {
			return false
		}
		switch t.Kind {
		case css.String:
			s.ListStyleType = `"` + t.Text + `"`
		case css.Ident:
			if isCSSWideKeyword(kw) {
				return false
			}
			s.ListStyleType = kw
		case css.Function:
			if !strings.EqualFold(t.Text, "symbols") {
				return false
			}
			for _, x := range css.Fields(t.Args) {
				if x.Kind == css.String {
					s.ListStyleType = `"` + x.Text + ` "`
					return true
				}
			}
			return false
		default:
			return false
		}
	case pListStylePosition:
		switch kw {
		case "outside":
			s.ListStylePosition = ListOutside
		case "inside":
			s.ListStylePosition = ListInside
		default:
			return false
		}
	case pListStyleImage:
		u, ok := imageURL(v)
		if !ok {
			return false
		}
		s.ListStyleImage = u
	case pContent:
		if single && (kw == "normal" || kw == "none") {
			s.Content = nil
			s.ContentMode = ContentNormal
			if kw == "none" {
				s.ContentMode = ContentNone
			}
			return true
		}
		items, ok := contentList(v, false)
		if !ok {
			return false
		}
		s.Content, s.ContentMode = items, ContentList
	case pQuotes:
		switch {
		case single && kw == "auto":
			s.Quotes, s.quotesAuto = nil, true
		case single && kw == "none":
			s.Quotes, s.quotesAuto = []string{}, false
		default:
			if len(f)%2 != 0 {
				return false
			}
			q := make([]string, 0, len(f))
			for _, x := range f {
				if x.Kind != css.String {
					return false
				}
				q = append(q, x.Text)
			}
			s.Quotes, s.quotesAuto = q, false
		}
	case pCounterReset, pCounterIncrement, pCounterSet:
		def := 0
		if id == pCounterIncrement {
			def = 1
		}
		ops, ok := counterOps(lc, f, def)
		if !ok {
			return false
		}
		switch id {
		case pCounterReset:
			s.CounterReset = ops
		case pCounterIncrement:
			s.CounterIncrement = ops
		default:
			s.CounterSet = ops
		}
	case pStringSet:
		if single && kw == "none" {
			s.StringSet = nil
			return true
		}
		var sets []StringSet
		for _, part := range css.SplitCommas(v) {
			p := css.TrimSpace(part)
			if len(p) < 2 || p[0].Kind != css.Ident {
				return false
			}
			items, ok := contentList(p[1:], true)
			if !ok {
				return false
			}
			sets = append(sets, StringSet{Name: p[0].Text, Value: items})
		}
		s.StringSet = sets
	case pBreakBefore, pBreakAfter, pBreakInside:
		b, ok := breakOf(kw, id == pBreakInside)
		if !ok || !single {
			return false
		}
		switch id {
		case pBreakBefore:
			s.BreakBefore = b
		case pBreakAfter:
			s.BreakAfter = b
		default:
			s.BreakInside = b
		}
	case pOrphans, pWidows:
		n, ok := lc.integer(t)
		if !ok || n < 1 || !single {
			return false
		}
		if id == pOrphans {
			s.Orphans = n
		} else {
			s.Widows = n
		}
	case pPage:
		if !single || t.Kind != css.Ident {
			return false
		}
		if kw == "auto" {
			s.Page = ""
		} else {
			s.Page = t.Text
		}
	case pBorderCollapse:
		switch kw {
		case "separate":
			s.BorderCollapse = BorderSeparate
		case "collapse":
			s.BorderCollapse = BorderCollapsed
		default:
			return false
		}
	case pBorderSpacing:
		if len(f) > 2 {
			return false
		}
		h, ok := lc.length(f[0], false, false)
		if !ok {
			return false
		}
		vv := h
		if len(f) == 2 {
			if vv, ok = lc.length(f[1], false, false); !ok {
				return false
			}
		}
		s.BorderSpacing = [2]float64{h.Value, vv.Value}
	case pCaptionSide:
		switch kw {
		case "top", "block-start":
			s.CaptionSide = CaptionTop
		case "bottom", "block-end":
			s.CaptionSide = CaptionBottom
		default:
			return false
		}
	case pTableLayout:
		switch kw {
		case "auto":
			s.TableLayout = TableLayoutAuto
		case "fixed":
			s.TableLayout = TableLayoutFixed
		default:
			return false
		}
	case pEmptyCells:
		switch kw {
		case "show":
			s.EmptyCellsHide = false
		case "hide":
			s.EmptyCellsHide = true
		default:
			return false
		}
	case pObjectFit:
		m := map[string]ObjectFit{"fill": FitFill, "contain": FitContain, "cover": FitCover, "none": FitNone, "scale-down": FitScaleDown}
		x, ok := m[kw]
		if !ok || !single {
			return false
		}
		s.ObjectFit = x
	case pFlexDirection:
		switch kw {
		case "row", "row-reverse", "column", "column-reverse":
			s.FlexDirection = kw
		default:
			return false
		}
	case pFlexWrap:
		switch kw {
		case "nowrap", "wrap", "wrap-reverse":
			s.FlexWrap = kw
		default:
			return false
		}
	case pFlexGrow, pFlexShrink:
		n, ok := lc.number(t)
		if !ok || n < 0 || !single {
			return false
		}
		if id == pFlexGrow {
			s.FlexGrow = n
		} else {
			s.FlexShrink = n
		}
	case pFlexBasis:
		if kw == "content" && single {
			s.FlexBasis = Length{Unit: Auto}
			return true
		}
		l, ok := a.lengthOrAuto(lc, f, false, "auto")
		if !ok {
			return false
		}
		s.FlexBasis = l
	case pJustifyContent, pAlignItems:
		var words []string
		for _, x := range f {
			if x.Kind != css.Ident {
				return false
			}
			words = append(words, strings.ToLower(x.Text))
		}
		w := strings.Join(words, " ")
		if id == pJustifyContent {
			s.JustifyContent = w
		} else {
			s.AlignItems = w
		}
	case pRowGap, pColumnGap:
		l, ok := a.lengthOrAuto(lc, f, false, "normal")
		if !ok {
			return false
		}
		if id == pRowGap {
			s.RowGap = l
		} else {
			s.ColumnGap = l
		}
	case pColumnCount:
		if kw == "auto" && single {
			s.ColumnCount = 0
			return true
		}
		n, ok := lc.integer(t)
		if !ok || n < 1 || !single {
			return false
		}
		s.ColumnCount = min(n, 1000)
	case pColumnWidth:
		l, ok := a.lengthOrAuto(lc, f, false, "auto")
		if !ok || l.Unit == Percent {
			return false
		}
		s.ColumnWidth = l
	case pSize:
		sz, ok := pageSize(lc, f)
		if !ok {
			return false
		}
		s.pageSize = sz
	default:
		return false
	}
	return true
}

// lengthOrAuto parses a single length/percentage or the keyword kw
// (auto, none or normal), which yields an Auto length.
func (a *applier) lengthOrAuto(lc lengthCtx, f []css.Token, neg bool, kw string) (Length, bool) {
	if len(f) != 1 {
		return Length{}, false
	}
	if f[0].Is(kw) {
		return Length{Unit: Auto}, true
	}
	switch {
	case f[0].Is("min-content") || f[0].Is("max-content") || f[0].Is("fit-content"):
		return Length{Unit: Auto}, kw == "auto" || kw == "none"
	}
	return lc.length(f[0], true, neg)
}

func borderWidth(lc lengthCtx, t css.Token) (float64, bool) {
	switch {
	case t.Is("thin"):
		return 0.75, true
	case t.Is("medium"):
		return 2.25, true
	case t.Is("thick"):
		return 3.75, true
	}
	l, ok := lc.length(t, false, false)
	return l.Value, ok
}

// imageURL parses none | url(…) | a gradient (kept as "") for the first
// image of a list.
func imageURL(v []css.Token) (string, bool) {
	layers := css.SplitCommas(v)
	f := css.Fields(layers[0])
	if len(f) != 1 {
		return "", false
	}
	t := f[0]
	switch {
	case t.Is("none"):
		return "", true
	case t.Kind == css.URL:
		return t.Text, true
	case t.Kind == css.Function && strings.EqualFold(t.Text, "url"):
		a := css.Fields(t.Args)
		if len(a) == 1 && a[0].Kind == css.String {
			return a[0].Text, true
		}
	case t.Kind == css.Function && (strings.HasSuffix(strings.ToLower(t.Text), "gradient") || strings.EqualFold(t.Text, "image-set")):
		return "", true
	}
	return "", false
}

func counterOps(lc lengthCtx, f []css.Token, def int) ([]CounterOp, bool) {
	if len(f) == 1 && f[0].Is("none") {
		return nil, true
	}
	var ops []CounterOp
	for i := 0; i < len(f); i++ {
		t := f[i]
		name := ""
		switch {
		case t.Kind == css.Ident && !isCSSWideKeyword(t.Text) && !t.Is("none"):
			name = t.Text
		case t.Kind == css.Function && strings.EqualFold(t.Text, "reversed"):
			a := css.Fields(t.Args)
			if len(a) != 1 || a[0].Kind != css.Ident {
				return nil, false
			}
			name = a[0].Text
		default:
			return nil, false
		}
		op := CounterOp{Name: name, Value: def}
		if i+1 < len(f) {
			if n, ok := lc.integer(f[i+1]); ok {
				op.Value = n
				i++
			}
		}
		ops = append(ops, op)
	}
	return ops, true
}

// contentList parses a content (or string-set) value list.
func contentList(v []css.Token, stringSet bool) ([]ContentItem, bool) {
	var items []ContentItem
	for _, t := range css.Fields(v) {
		switch t.Kind {
		case css.String:
			items = append(items, ContentItem{Kind: ContentString, Text: t.Text})
		case css.URL:
			items = append(items, ContentItem{Kind: ContentURL, Text: t.Text})
		case css.Ident:
			switch strings.ToLower(t.Text) {
			case "open-quote":
				items = append(items, ContentItem{Kind: ContentOpenQuote})
			case "close-quote":
				items = append(items, ContentItem{Kind: ContentCloseQuote})
			case "no-open-quote":
				items = append(items, ContentItem{Kind: ContentNoOpenQuote})
			case "no-close-quote":
				items = append(items, ContentItem{Kind: ContentNoCloseQuote})
			case "contents":
				items = append(items, ContentItem{Kind: ContentContents})
			default:
				return nil, false
			}
		case css.Function:
			it, ok := contentFunction(t)
			if !ok {
				return nil, false
			}
			items = append(items, it)
		case css.Delim:
			if t.Text == "/" && !stringSet {
				// alternative text follows: not part of the rendered content
				return items, len(items) > 0
			}
			return nil, false
		default:
			return nil, false
		}
	}
	return items, len(items) > 0
}

func contentFunction(t css.Token) (ContentItem, bool) {
	args := css.SplitCommas(t.Args)
	arg := func(i int) (css.Token, bool) {
		if i >= len(args) {
			return css.Token{}, false
		}
		f := css.Fields(args[i])
		if len(f) != 1 {
			return css.Token{}, false
		}
		return f[0], true
	}
	identArg := func(i int) (string, bool) {
		a, ok := arg(i)
		if !ok || a.Kind != css.Ident {
			return "", false
		}
		return a.Text, true
	}
	styleArg := func(i int) (string, bool) {
		if i >= len(args) {
			return "decimal", true
		}
		a, ok := arg(i)
		if !ok {
			return "", false
		}
		switch a.Kind {
		case css.Ident:
			return strings.ToLower(a.Text), true
		case css.String:
			return `"` + a.Text + `"`, true
		}
		return "", false
	}
	switch strings.ToLower(t.Text) {
	case "attr":
		f := css.Fields(t.Args)
		if len(f) < 1 || f[0].Kind != css.Ident {
			return ContentItem{}, false
		}
		return ContentItem{Kind: ContentAttr, Name: strings.ToLower(f[0].Text)}, true
	case "counter":
		name, ok := identArg(0)
		st, ok2 := styleArg(1)
		if !ok || !ok2 || len(args) > 2 {
			return ContentItem{}, false
		}
		return ContentItem{Kind: ContentCounter, Name: name, Style: st}, true
	case "counters":
		name, ok := identArg(0)
		sep, ok2 := arg(1)
		st, ok3 := styleArg(2)
		if !ok || !ok2 || !ok3 || sep.Kind != css.String || len(args) > 3 {
			return ContentItem{}, false
		}
		return ContentItem{Kind: ContentCounters, Name: name, Text: sep.Text, Style: st}, true
	case "string":
		name, ok := identArg(0)
		if !ok || len(args) > 2 {
			return ContentItem{}, false
		}
		which := "first"
		if len(args) == 2 {
			w, ok := identArg(1)
			if !ok {
				return ContentItem{}, false
			}
			which = strings.ToLower(w)
			switch which {
			case "first", "start", "last", "first-except":
			default:
				return ContentItem{}, false
			}
		}
		return ContentItem{Kind: ContentNamedString, Name: name, Text: which}, true
	case "target-counter", "target-counters":
		target, ok := arg(0)
		if !ok {
			return ContentItem{}, false
		}
		it := ContentItem{Kind: ContentTargetCounter}
		switch {
		case target.Kind == css.URL || target.Kind == css.String:
			it.Name = target.Text
		case target.Kind == css.Function && strings.EqualFold(target.Text, "attr"):
			a := css.Fields(target.Args)
			if len(a) < 1 || a[0].Kind != css.Ident {
				return ContentItem{}, false
			}
			it.AttrName = strings.ToLower(a[0].Text)
		default:
			return ContentItem{}, false
		}
		name, ok := identArg(1)
		if !ok {
			return ContentItem{}, false
		}
		it.Text = name
		si := 2
		if strings.EqualFold(t.Text, "target-counters") {
			si = 3 // the separator is not modelled
		}
		st, ok := styleArg(si)
		if !ok {
			return ContentItem{}, false
		}
		it.Style = st
		return it, true
	case "leader":
		a, ok := arg(0)
		if !ok {
			return ContentItem{}, false
		}
		switch {
		case a.Is("dotted"):
			return ContentItem{Kind: ContentLeader, Text: ". "}, true
		case a.Is("solid"):
			return ContentItem{Kind: ContentLeader, Text: "_"}, true
		case a.Is("space"):
			return ContentItem{Kind: ContentLeader, Text: " "}, true
		case a.Kind == css.String:
			return ContentItem{Kind: ContentLeader, Text: a.Text}, true
		}
	case "element":
		name, ok := identArg(0)
		if !ok {
			return ContentItem{}, false
		}
		return ContentItem{Kind: ContentElement, Name: name}, true
	case "content":
		return ContentItem{Kind: ContentContents}, true
	case "url":
		a, ok := arg(0)
		if ok && a.Kind == css.String {
			return ContentItem{Kind: ContentURL, Text: a.Text}, true
		}
	}
	return ContentItem{}, false
}

// pageSize parses the size property: auto | length{1,2} | name ||
// orientation. It returns the size in points ([0,0] for auto).
func pageSize(lc lengthCtx, f []css.Token) ([2]float64, bool) {
	if len(f) == 1 && f[0].Is("auto") {
		return [2]float64{}, true
	}
	var size [2]float64
	var lens []float64
	orient := ""
	named := false
	for _, t := range f {
		switch {
		case t.Is("portrait") || t.Is("landscape"):
			if orient != "" {
				return size, false
			}
			orient = strings.ToLower(t.Text)
		case t.Kind == css.Ident:
			sz, ok := namedPageSize(strings.ToLower(t.Text))
			if !ok || named {
				return size, false
			}
			size, named = sz, true
		default:
			l, ok := lc.length(t, false, false)
			if !ok || l.Value <= 0 {
				return size, false
			}
			lens = append(lens, l.Value)
		}
	}
	switch {
	case len(lens) > 0 && (named || orient != "" || len(lens) > 2):
		return size, false
	case len(lens) == 1:
		size = [2]float64{lens[0], lens[0]}
	case len(lens) == 2:
		size = [2]float64{lens[0], lens[1]}
	case !named:
		size, _ = namedPageSize("a4")
	}
	if orient == "landscape" && size[0] < size[1] || orient == "portrait" && size[0] > size[1] {
		size[0], size[1] = size[1], size[0]
	}
	return size, true
}

// namedPageSize returns the portrait size of a page-size name in points.
func namedPageSize(name string) ([2]float64, bool) {
	mm := func(w, h float64) [2]float64 { return [2]float64{w * 72 / 25.4, h * 72 / 25.4} }
	in := func(w, h float64) [2]float64 { return [2]float64{w * 72, h * 72} }
	switch name {
	case "a3":
		return mm(297, 420), true
	case "a4":
		return mm(210, 297), true
	case "a5":
		return mm(148, 210), true
	case "a6":
		return mm(105, 148), true
	case "b4":
		return mm(250, 353), true
	case "b5":
		return mm(176, 250), true
	case "jis-b4":
		return mm(257, 364), true
	case "jis-b5":
		return mm(182, 257), true
	case "letter":
		return in(8.5, 11), true
	case "legal":
		return in(8.5, 14), true
	case "ledger", "tabloid":
		return in(11, 17), true
	case "executive":
		return in(7.25, 10.5), true
	}
	return [2]float64{}, false
}
