package style

import "slices"

// FirstLineBox returns the style of the fictional inline box wrapping the
// first formatted line of a block container of style block whose
// ::first-line style is fl (CSS Pseudo 4 §2.1, §2.1.1): fl's font, color,
// text, background, text-decoration and vertical-align properties on an
// inline box; the properties ::first-line does not accept (margins,
// paddings, borders, sizes, positioning …) keep their initial values.
func FirstLineBox(fl *Style) *Style {
	ini := initialOnce()
	w := *fl
	w.SizeGroup, w.MarginGroup, w.PaddingGroup = ini.SizeGroup, ini.MarginGroup, ini.PaddingGroup
	// the initial border is medium wide but of style none: its used
	// width is 0 (CSS Backgrounds 3 §4.3), which the cascade computes for
	// styled boxes; the first-line box is made here, so set it here (its
	// medium start edge moved the first line 3px right)
	bd := *ini.BorderGroup
	for i := range bd.Border {
		if bd.Border[i].Style == BorderNone || bd.Border[i].Style == BorderHidden {
			bd.Border[i].Width = 0
		}
	}
	w.BorderGroup = &bd
	w.ContentGroup, w.PagedGroup, w.FlexGroup, w.ColumnGroup, w.GridGroup = ini.ContentGroup, ini.PagedGroup, ini.FlexGroup, ini.ColumnGroup, ini.GridGroup
	bg := w.MutBackground()
	bg.BoxShadow, bg.Transform, bg.Translate, bg.Rotate, bg.Scale, bg.ClipPath, bg.Clip, bg.Isolate = nil, nil, nil, nil, nil, nil, nil, false
	bx := w.MutBox()
	va, val := fl.VerticalAlign, fl.VerticalAlignLength
	*bx = *ini.BoxGroup
	bx.Display, bx.VerticalAlign, bx.VerticalAlignLength = DisplayInline, va, val
	return &w
}

// FirstLineStyle returns the style content of style s has on the first
// line of a block container of style block whose first-line box (see
// FirstLineBox) has style line: the inherited properties ::first-line
// accepts take line's values where s inherited block's (its value equals
// block's), as s would have inherited them from the first-line box. A
// font size of s other than block's is taken as relative and scaled by
// the first line's. It returns s itself when nothing changes.
func FirstLineStyle(block, line, s *Style) *Style {
	if s == nil {
		return s
	}
	ns := *s
	changed := false
	if s.FontGroup != line.FontGroup {
		f := *s.FontGroup
		take := func(eq bool, set func()) {
			if eq {
				set()
			}
		}
		take(slices.Equal(f.FontFamily, block.FontFamily), func() { f.FontFamily = line.FontFamily })
		take(f.FontVariant == block.FontVariant, func() { f.FontVariant = line.FontVariant })
		switch {
		case f.FontSize == block.FontSize:
			f.FontSize = line.FontSize
		case block.FontSize > 0:
			f.FontSize *= line.FontSize / block.FontSize
		}
		take(f.FontWeight == block.FontWeight, func() { f.FontWeight = line.FontWeight })
		take(f.LineHeight == block.LineHeight && f.LineHeightNum == block.LineHeightNum, func() {
			f.LineHeight, f.LineHeightNum = line.LineHeight, line.LineHeightNum
		})
		take(f.FontStyle == block.FontStyle, func() { f.FontStyle = line.FontStyle })
		take(f.Color == block.Color, func() { f.Color = line.Color })
		take(f.FontVariantLigatures == block.FontVariantLigatures, func() { f.FontVariantLigatures = line.FontVariantLigatures })
		take(f.FontVariantNumeric == block.FontVariantNumeric, func() { f.FontVariantNumeric = line.FontVariantNumeric })
		take(f.FontKerning == block.FontKerning, func() { f.FontKerning = line.FontKerning })
		take(f.FontFeatureSettings == block.FontFeatureSettings, func() { f.FontFeatureSettings = line.FontFeatureSettings })
		if !fontEqual(&f, s.FontGroup) {
			*ns.MutFont() = f
			changed = true
		}
	}
	if s.TextGroup != line.TextGroup {
		ls, ws, tt := s.LetterSpacing, s.WordSpacing, s.TextTransform
		if ls == block.LetterSpacing {
			ls = line.LetterSpacing
		}
		if ws == block.WordSpacing {
			ws = line.WordSpacing
		}
		if tt == block.TextTransform {
			tt = line.TextTransform
		}
		if ls != s.LetterSpacing || ws != s.WordSpacing || tt != s.TextTransform {
			t := ns.MutText()
			t.LetterSpacing, t.WordSpacing, t.TextTransform = ls, ws, tt
			changed = true
		}
	}
	if !changed {
		return s
	}
	return &ns
}
