package style

import (
	"github.com/seed28491532/folio/css"
)

// CSS masking on HTML elements (CSS Masking 1 §6–7, issue #17): the
// mask-* longhands are lists of layers parsed as their background-*
// counterparts are (images and gradients, position, size, repeat,
// origin and clip), with mask-mode, and the mask shorthand;
// -webkit-mask-* are aliases. layout/display paints the layers as a
// soft mask of the element's group.

// applyMaskLayer parses the mask longhands that share the syntax of a
// background longhand: through the background function, on a copy of
// the background group, whose result it keeps in the mask field.
func applyMaskLayer(a applier, s *Style, id propID, x value) bool {
	bg := *s.BackgroundGroup
	tmp := *s
	tmp.BackgroundGroup = &bg
	switch id {
	case pMaskImage:
		if !applyBackgroundImage(a, &tmp, pBackgroundImage, x) {
			return false
		}
		s.MaskImages, s.MaskImage = bg.BackgroundImages, bg.BackgroundImage
	case pMaskPosition:
		if !applyBackgroundPosition(a, &tmp, pBackgroundImage, x) {
			return false
		}
		s.MaskPosition = bg.BackgroundPosition
	case pMaskSize:
		if !applyBackgroundSize(a, &tmp, pBackgroundSize, x) {
			return false
		}
		s.MaskSize = bg.BackgroundSize
	case pMaskRepeat:
		if !applyBackgroundRepeat(a, &tmp, pBackgroundRepeat, x) {
			return false
		}
		s.MaskRepeat = bg.BackgroundRepeat
	default:
		return false
	}
	return true
}

// applyMaskBox parses mask-origin and mask-clip: lists of boxes (no-clip
// is the border box's overflow, taken as the border box), nil for the
// initial border-box.
func applyMaskBox(_ applier, s *Style, id propID, x value) bool {
	l, ok := parseLayers(x.v, func(f []css.Token) (BoxArea, bool) {
		if len(f) == 1 && (f[0].Is("no-clip") && id == pMaskClip || f[0].Is("fill-box") || f[0].Is("stroke-box") || f[0].Is("view-box")) {
			return BorderBoxArea, true
		}
		return boxArea(f)
	})
	if !ok {
		return false
	}
	l = initialIfOne(l, BorderBoxArea)
	if id == pMaskOrigin {
		s.MaskOrigin = l
	} else {
		s.MaskClip = l
	}
	return true
}

// applyMaskMode parses mask-mode: a list of alpha, luminance or
// match-source (alpha for images and gradients), stored as whether
// each layer is a luminance mask (nil for none).
func applyMaskMode(_ applier, s *Style, _ propID, x value) bool {
	l, ok := parseLayers(x.v, func(f []css.Token) (bool, bool) {
		if len(f) != 1 {
			return false, false
		}
		switch {
		case f[0].Is("luminance"):
			return true, true
		case f[0].Is("alpha"), f[0].Is("match-source"):
			return false, true
		}
		return false, false
	})
	if !ok {
		return false
	}
	s.MaskLuminance = initialIfOne(l, false)
	return true
}

func isCompositeToken(t css.Token) bool {
	return t.Is("add") || t.Is("subtract") || t.Is("intersect") || t.Is("exclude")
}

func isModeToken(t css.Token) bool {
	return t.Is("alpha") || t.Is("luminance") || t.Is("match-source")
}

func copyMask(d, s *Style, id propID) {
	switch id {
	case pMaskImage:
		d.MaskImages, d.MaskImage = s.MaskImages, s.MaskImage
	case pMaskPosition:
		d.MaskPosition = s.MaskPosition
	case pMaskSize:
		d.MaskSize = s.MaskSize
	case pMaskRepeat:
		d.MaskRepeat = s.MaskRepeat
	case pMaskOrigin:
		d.MaskOrigin = s.MaskOrigin
	case pMaskClip:
		d.MaskClip = s.MaskClip
	case pMaskMode:
		d.MaskLuminance = s.MaskLuminance
	}
}

// expandMask expands the mask shorthand (CSS Masking 1 §7.9): each
// comma-separated layer sets its image, position / size, repeat, origin
// and clip boxes and mode (a composite operator is accepted); omitted
// values are reset to their initial values.
func expandMask(_ *shorthandDef, vals, _ []css.Token) ([]longhand, bool) {
	layers, ok := layersOf(vals)
	if !ok {
		return nil, false
	}
	var lists [7][]css.Token // image, position, size, repeat, origin, clip, mode
	for li, f := range layers {
		mode := orDefault(nil, "match-source")
		rest := make([]css.Token, 0, len(f))
		for _, t := range f {
			switch {
			case isModeToken(t):
				mode = []css.Token{t}
			case isCompositeToken(t):
			default:
				rest = append(rest, t)
			}
		}
		l, ok := parseBgLayer(rest, false)
		if !ok || l.attachment != nil {
			return nil, false
		}
		origin, clip := orDefault(nil, "border-box"), orDefault(nil, "border-box")
		switch len(l.boxes) {
		case 1:
			origin, clip = l.boxes, l.boxes
		case 2:
			origin, clip = l.boxes[:1], l.boxes[1:]
		}
		vals := [7][]css.Token{orDefault(l.image, "none"), orDefault(l.position, "0%", "0%"),
			orDefault(l.size, "auto"), orDefault(l.repeat, "repeat"), origin, clip, mode}
		for k, v := range vals {
			if li > 0 {
				lists[k] = append(lists[k], css.Token{Kind: css.Comma, Text: ","})
			}
			for i, t := range v {
				if i > 0 {
					lists[k] = append(lists[k], css.Token{Kind: css.Whitespace, Text: " "})
				}
				lists[k] = append(lists[k], t)
			}
		}
	}
	return []longhand{{pMaskImage, lists[0]}, {pMaskPosition, lists[1]}, {pMaskSize, lists[2]},
		{pMaskRepeat, lists[3]}, {pMaskOrigin, lists[4]}, {pMaskClip, lists[5]}, {pMaskMode, lists[6]}}, true
}

// HasMask reports whether s has a mask image layer other than none.
func (s *Style) HasMask() bool { return s.MaskImages != nil }

// MaskLayers returns a view of s whose background layers are s's mask
// layers (and no background colour, attachment or shadow), for painting
// the mask as backgrounds are painted.
func (s *Style) MaskLayers() *Style {
	bg := *s.BackgroundGroup
	bg.BackgroundImages, bg.BackgroundImage, bg.BackgroundLayers = s.MaskImages, s.MaskImage, len(s.MaskImages)
	bg.BackgroundPosition, bg.BackgroundSize, bg.BackgroundRepeat = s.MaskPosition, s.MaskSize, s.MaskRepeat
	bg.BackgroundOrigin, bg.BackgroundClip = s.MaskOrigin, s.MaskClip
	if bg.BackgroundOrigin == nil {
		bg.BackgroundOrigin = []BoxArea{BorderBoxArea}
	}
	bg.BackgroundColor, bg.BackgroundFixed, bg.BackgroundLocal, bg.BoxShadow = Color{}, nil, nil, nil
	bg.bgPositionX, bg.bgPositionY = nil, nil
	out := *s
	out.BackgroundGroup = &bg
	return &out
}
