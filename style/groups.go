package style

import (
	"slices"

	"github.com/seed28491532/folio/internal/slab"
)

// The computed Style is a set of pointers to groups of properties
// (computed.go), as in Servo's style system. The cascade shares them:
//
//   - an inherited group nobody set on an element is its parent's;
//   - a non-inherited group nobody set is the initial style's;
//   - a group the element sets is copied first into the cascader's
//     scratch (own) and, once the style is computed, into storage of its
//     own (commit) — or replaced by an equal group committed before, for
//     the groups that compare with == (intern).
//
// Everything per group goes through the groups table, so adding a group
// takes its type, its field in Style, its groupID, its entry here and its
// Mut method.

// groupID identifies a group of Style.
type groupID uint8

// The groups, inherited ones first.
const (
	gFont groupID = iota
	gText
	gListTable
	gBox
	gSize
	gMargin
	gPadding
	gBorder
	gBackground
	gDecoration
	gContent
	gPaged
	gFlex
	gColumn
	gGrid
	numGroups
)

// groupSet is a set of groups, one bit per groupID.
type groupSet uint16

const _ = groupSet(1<<numGroups - 1) // a compile error when groups outgrow it

// groupDef describes a group of Style.
type groupDef struct {
	name      string
	inherited bool
	// share makes dst's group src's (the same pointer).
	share func(dst, src *Style)
	// same reports whether a and b have the same group (pointer).
	same func(a, b *Style) bool
	// equal reports whether a's and b's groups hold equal values
	// (slices compared by identity).
	equal func(a, b *Style) bool
	// fresh points s's group to a new copy of its current value (of
	// zero values when s has none).
	fresh func(s *Style)
	// assign copies the values of src's group into dst's.
	assign func(dst, src *Style)
	// own copies s's group into scratch's, and points s to the copy.
	own func(s, scratch *Style)
	// commit points s's group to storage from st: an equal group
	// stored before (interned groups), or a new copy.
	commit func(s *Style, st *groupStore)
}

// groupOf returns the definition of the group field selects in a Style;
// slab selects its storage in a groupStore.
func groupOf[T any](name string, inh bool, field func(*Style) **T, equal func(a, b *T) bool, slab func(*groupStore) *groupSlab[T]) groupDef {
	return groupDef{
		name:      name,
		inherited: inh,
		share:     func(d, s *Style) { *field(d) = *field(s) },
		same:      func(a, b *Style) bool { return *field(a) == *field(b) },
		equal:     func(a, b *Style) bool { return equal(*field(a), *field(b)) },
		fresh: func(s *Style) {
			g := new(T)
			if p := *field(s); p != nil {
				*g = *p
			}
			*field(s) = g
		},
		assign: func(d, s *Style) { **field(d) = **field(s) },
		own: func(s, scratch *Style) {
			p := *field(scratch)
			*p = **field(s)
			*field(s) = p
		},
		commit: func(s *Style, st *groupStore) { *field(s) = slab(st).store(*field(s), equal) },
	}
}

// comparableGroup is groupOf for a group whose values compare with ==:
// the cascade interns them.
func comparableGroup[T comparable](name string, inh bool, field func(*Style) **T, slab func(*groupStore) *groupSlab[T]) groupDef {
	return groupOf(name, inh, field, func(a, b *T) bool { return *a == *b }, slab)
}

// groups describes every group of Style, indexed by groupID (read-only).
var groups = [numGroups]groupDef{
	gFont: groupOf("font", inherited, func(s *Style) **FontGroup { return &s.FontGroup }, fontEqual,
		func(st *groupStore) *groupSlab[FontGroup] { return &st.font }),
	gText: groupOf("text", inherited, func(s *Style) **TextGroup { return &s.TextGroup }, textEqual,
		func(st *groupStore) *groupSlab[TextGroup] { return &st.text }),
	gListTable: comparableGroup("list-table", inherited, func(s *Style) **ListTableGroup { return &s.ListTableGroup },
		func(st *groupStore) *groupSlab[ListTableGroup] { return &st.listTable }),
	gBox: comparableGroup("box", notInherited, func(s *Style) **BoxGroup { return &s.BoxGroup },
		func(st *groupStore) *groupSlab[BoxGroup] { return &st.box }),
	gSize: comparableGroup("size", notInherited, func(s *Style) **SizeGroup { return &s.SizeGroup },
		func(st *groupStore) *groupSlab[SizeGroup] { return &st.size }),
	gMargin: comparableGroup("margin", notInherited, func(s *Style) **MarginGroup { return &s.MarginGroup },
		func(st *groupStore) *groupSlab[MarginGroup] { return &st.margin }),
	gPadding: comparableGroup("padding", notInherited, func(s *Style) **PaddingGroup { return &s.PaddingGroup },
		func(st *groupStore) *groupSlab[PaddingGroup] { return &st.padding }),
	gBorder: comparableGroup("border", notInherited, func(s *Style) **BorderGroup { return &s.BorderGroup },
		func(st *groupStore) *groupSlab[BorderGroup] { return &st.border }),
	gBackground: groupOf("background", notInherited, func(s *Style) **BackgroundGroup { return &s.BackgroundGroup },
		backgroundEqual, func(st *groupStore) *groupSlab[BackgroundGroup] { return &st.background }),
	gDecoration: comparableGroup("decoration", notInherited, func(s *Style) **DecorationGroup { return &s.DecorationGroup },
		func(st *groupStore) *groupSlab[DecorationGroup] { return &st.decoration }),
	gContent: groupOf("content", notInherited, func(s *Style) **ContentGroup { return &s.ContentGroup },
		contentEqual, func(st *groupStore) *groupSlab[ContentGroup] { return &st.content }),
	gPaged: comparableGroup("paged", notInherited, func(s *Style) **PagedGroup { return &s.PagedGroup },
		func(st *groupStore) *groupSlab[PagedGroup] { return &st.paged }),
	gFlex: comparableGroup("flex", notInherited, func(s *Style) **FlexGroup { return &s.FlexGroup },
		func(st *groupStore) *groupSlab[FlexGroup] { return &st.flex }),
	gColumn: comparableGroup("column", notInherited, func(s *Style) **ColumnGroup { return &s.ColumnGroup },
		func(st *groupStore) *groupSlab[ColumnGroup] { return &st.column }),
	gGrid: groupOf("grid", notInherited, func(s *Style) **GridGroup { return &s.GridGroup }, gridEqual,
		func(st *groupStore) *groupSlab[GridGroup] { return &st.grid }),
}

func fontEqual(a, b *FontGroup) bool {
	return sameSlice(a.FontFamily, b.FontFamily) && a.FontVariant == b.FontVariant && a.FontSize == b.FontSize &&
		a.FontWeight == b.FontWeight && a.LineHeight == b.LineHeight && a.LineHeightNum == b.LineHeightNum &&
		a.FontStyle == b.FontStyle && a.Color == b.Color &&
		a.FontVariantLigatures == b.FontVariantLigatures && a.FontVariantNumeric == b.FontVariantNumeric &&
		a.FontKerning == b.FontKerning && a.FontFeatureSettings == b.FontFeatureSettings &&
		a.FontStretch == b.FontStretch && a.FontVariationSettings == b.FontVariationSettings &&
		a.FontVariantPosition == b.FontVariantPosition && a.FontVariantEastAsian == b.FontVariantEastAsian &&
		a.FontOpticalSizingNone == b.FontOpticalSizingNone && a.FontSynthesisNone == b.FontSynthesisNone
}

func textEqual(a, b *TextGroup) bool {
	return a.Lang == b.Lang && sameSlice(a.Quotes, b.Quotes) && a.TextIndent == b.TextIndent &&
		a.LetterSpacing == b.LetterSpacing && a.WordSpacing == b.WordSpacing && a.TabSize == b.TabSize &&
		a.TextAlign == b.TextAlign && a.TextAlignLast == b.TextAlignLast && a.TextTransform == b.TextTransform &&
		a.WhiteSpace == b.WhiteSpace && a.OverflowWrap == b.OverflowWrap && a.Hyphens == b.Hyphens &&
		a.WordBreak == b.WordBreak && a.LineBreak == b.LineBreak &&
		a.HyphenateCharacter == b.HyphenateCharacter && a.HyphenateLimitChars == b.HyphenateLimitChars &&
		a.TextUnderlineOffset == b.TextUnderlineOffset &&
		a.Direction == b.Direction && a.Visibility == b.Visibility &&
		a.textAlignLastAuto == b.textAlignLastAuto && a.quotesAuto == b.quotesAuto && sameSlice(a.TextShadow, b.TextShadow) &&
		a.TextFill == b.TextFill
}

func gridEqual(a, b *GridGroup) bool {
	return a.GridTemplateColumns == b.GridTemplateColumns && a.GridTemplateRows == b.GridTemplateRows &&
		a.GridTemplateAreas == b.GridTemplateAreas && sameSlice(a.GridAutoColumns, b.GridAutoColumns) &&
		sameSlice(a.GridAutoRows, b.GridAutoRows) && a.GridAutoFlow == b.GridAutoFlow &&
		a.GridRowStart == b.GridRowStart && a.GridRowEnd == b.GridRowEnd && a.GridColumnStart == b.GridColumnStart &&
		a.GridColumnEnd == b.GridColumnEnd && a.JustifyItems == b.JustifyItems && a.JustifySelf == b.JustifySelf &&
		a.AlignSelf == b.AlignSelf && a.AlignContent == b.AlignContent && a.Order == b.Order
}

func backgroundEqual(a, b *BackgroundGroup) bool {
	return a.BackgroundImage == b.BackgroundImage && a.BackgroundColor == b.BackgroundColor &&
		sameSlice(a.BackgroundImages, b.BackgroundImages) && sameSlice(a.BackgroundPosition, b.BackgroundPosition) &&
		sameSlice(a.BackgroundSize, b.BackgroundSize) && sameSlice(a.BackgroundRepeat, b.BackgroundRepeat) &&
		sameSlice(a.BackgroundOrigin, b.BackgroundOrigin) && sameSlice(a.BackgroundClip, b.BackgroundClip) &&
		sameSlice(a.BoxShadow, b.BoxShadow) &&
		sameSlice(a.Transform, b.Transform) && a.Translate == b.Translate && a.Rotate == b.Rotate && a.Scale == b.Scale &&
		a.TransformOrigin == b.TransformOrigin && a.ClipPath == b.ClipPath && a.Clip == b.Clip && a.Isolate == b.Isolate &&
		sameSlice(a.BackgroundFixed, b.BackgroundFixed) && sameSlice(a.bgPositionX, b.bgPositionX) && sameSlice(a.bgPositionY, b.bgPositionY) &&
		a.TransformBox == b.TransformBox &&
		a.TransformOriginZ == b.TransformOriginZ && a.Perspective == b.Perspective && a.PerspectiveOrigin == b.PerspectiveOrigin &&
		a.BackfaceHidden == b.BackfaceHidden && a.Preserve3D == b.Preserve3D &&
		a.MaskImage == b.MaskImage && sameSlice(a.MaskImages, b.MaskImages) && sameSlice(a.MaskPosition, b.MaskPosition) &&
		sameSlice(a.MaskSize, b.MaskSize) && sameSlice(a.MaskRepeat, b.MaskRepeat) && sameSlice(a.MaskOrigin, b.MaskOrigin) &&
		sameSlice(a.MaskClip, b.MaskClip) && sameSlice(a.MaskLuminance, b.MaskLuminance) &&
		sameSlice(a.BackgroundLocal, b.BackgroundLocal) && a.BackgroundLayers == b.BackgroundLayers
}

func contentEqual(a, b *ContentGroup) bool {
	return a.ContentMode == b.ContentMode && sameSlice(a.Content, b.Content) && sameSlice(a.CounterReset, b.CounterReset) &&
		sameSlice(a.CounterIncrement, b.CounterIncrement) && sameSlice(a.CounterSet, b.CounterSet) &&
		sameSlice(a.StringSet, b.StringSet)
}

// sameSlice reports whether two slices are the same slice (same elements
// in the same memory), a cheap stand-in for equal contents.
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// inheritedGroups are the groups a child shares with its parent unless it
// sets one of their properties.
var inheritedGroups = func() (set groupSet) {
	for g := range numGroups {
		if groups[g].inherited {
			set |= 1 << g
		}
	}
	return set
}()

// inheritGroups points the inherited groups of s to p's.
func inheritGroups(s, p *Style) {
	s.FontGroup, s.TextGroup, s.ListTableGroup = p.FontGroup, p.TextGroup, p.ListTableGroup
	if s.calcs == nil {
		// inherited lengths may index the parent's math functions
		s.calcs = p.calcs
	}
}

// InheritFrom gives s the inherited properties of parent (sharing its
// groups), as for an anonymous box inside parent.
func (s *Style) InheritFrom(parent *Style) { inheritGroups(s, parent) }

// privateStyle returns a copy of s whose groups are all its own.
func privateStyle(s *Style) *Style {
	c := *s
	for g := range numGroups {
		groups[g].fresh(&c)
	}
	return &c
}

// Blank returns a style whose groups are its own and hold zero values
// (not the initial values): for building a style from scratch.
func Blank() Style {
	var s Style
	for g := range numGroups {
		groups[g].fresh(&s)
	}
	return s
}

// assignValues copies the values of src's groups into dst's (which must
// be dst's own).
func assignValues(dst, src *Style) {
	for g := range numGroups {
		groups[g].assign(dst, src)
	}
}

// Clone returns a copy of s with groups of its own, which it may write
// to: for styles built once and changed in many places (tests, fallback
// styles). Deriving a style from another with a few changes is cheaper
// with the Mut methods.
func (s *Style) Clone() *Style { return privateStyle(s) }

// The Mut methods replace a group of s with a private copy and return it
// for writing: the way to derive a style (s is typically a copy of
// another Style, whose groups other styles share).

// MutFont returns a private copy of s's font group.
func (s *Style) MutFont() *FontGroup { groups[gFont].fresh(s); return s.FontGroup }

// MutText returns a private copy of s's text group.
func (s *Style) MutText() *TextGroup { groups[gText].fresh(s); return s.TextGroup }

// MutListTable returns a private copy of s's list and table group.
func (s *Style) MutListTable() *ListTableGroup { groups[gListTable].fresh(s); return s.ListTableGroup }

// MutBox returns a private copy of s's box group.
func (s *Style) MutBox() *BoxGroup { groups[gBox].fresh(s); return s.BoxGroup }

// MutSize returns a private copy of s's size group.
func (s *Style) MutSize() *SizeGroup { groups[gSize].fresh(s); return s.SizeGroup }

// MutMargin returns a private copy of s's margins.
func (s *Style) MutMargin() *MarginGroup { groups[gMargin].fresh(s); return s.MarginGroup }

// MutPadding returns a private copy of s's paddings.
func (s *Style) MutPadding() *PaddingGroup { groups[gPadding].fresh(s); return s.PaddingGroup }

// MutBorder returns a private copy of s's border group.
func (s *Style) MutBorder() *BorderGroup { groups[gBorder].fresh(s); return s.BorderGroup }

// MutBackground returns a private copy of s's background group.
func (s *Style) MutBackground() *BackgroundGroup {
	groups[gBackground].fresh(s)
	return s.BackgroundGroup
}

// MutDecoration returns a private copy of s's text decoration group.
func (s *Style) MutDecoration() *DecorationGroup {
	groups[gDecoration].fresh(s)
	return s.DecorationGroup
}

// MutContent returns a private copy of s's content group.
func (s *Style) MutContent() *ContentGroup { groups[gContent].fresh(s); return s.ContentGroup }

// MutPaged returns a private copy of s's fragmentation group.
func (s *Style) MutPaged() *PagedGroup { groups[gPaged].fresh(s); return s.PagedGroup }

// MutFlex returns a private copy of s's flex group.
func (s *Style) MutFlex() *FlexGroup { groups[gFlex].fresh(s); return s.FlexGroup }

// MutColumn returns a private copy of s's multi-column group.
func (s *Style) MutColumn() *ColumnGroup { groups[gColumn].fresh(s); return s.ColumnGroup }

// MutGrid returns s's grid group, first made s's own.
func (s *Style) MutGrid() *GridGroup { groups[gGrid].fresh(s); return s.GridGroup }

// groupSlab hands out storage for committed groups of one type, and
// interns them: a group equal to one of the last few stored is shared.
type groupSlab[T any] struct {
	slab slab.Slab[T]
	// recent holds the last groups stored (a ring, next is the oldest):
	// siblings and cousins often compute equal groups apart.
	recent [slabRecent]*T
	next   int
}

// slabRecent is the number of groups a groupSlab compares a new one with
// before storing it.
const slabRecent = 8

// store returns a group equal to *g: one stored recently, or a new copy.
func (sl *groupSlab[T]) store(g *T, equal func(a, b *T) bool) *T {
	for _, r := range sl.recent {
		if r != nil && equal(r, g) {
			return r
		}
	}
	p := sl.slab.One(4, 256)
	*p = *g
	sl.recent[sl.next] = p
	sl.next = (sl.next + 1) % slabRecent
	return p
}

// groupStore holds the storage of one walker's committed groups.
type groupStore struct {
	font       groupSlab[FontGroup]
	text       groupSlab[TextGroup]
	listTable  groupSlab[ListTableGroup]
	box        groupSlab[BoxGroup]
	size       groupSlab[SizeGroup]
	margin     groupSlab[MarginGroup]
	padding    groupSlab[PaddingGroup]
	border     groupSlab[BorderGroup]
	background groupSlab[BackgroundGroup]
	decoration groupSlab[DecorationGroup]
	content    groupSlab[ContentGroup]
	paged      groupSlab[PagedGroup]
	flex       groupSlab[FlexGroup]
	column     groupSlab[ColumnGroup]
	grid       groupSlab[GridGroup]
}

// cow is the copy-on-write state of the style a cascader computes.
type cow struct {
	// scratch's groups receive the groups the style being computed sets
	// (its own storage, never shared).
	scratch Style
	// owned is the set of groups of the style being computed that point
	// to scratch.
	owned groupSet
	store *groupStore
	// borders maps a color to the initial borders whose color
	// (currentColor) is that color, widths zero (style none).
	borders map[Color]*BorderGroup
	// noRule is the initial multi-column group with its rule's width
	// computed (0: style none).
	noRule *ColumnGroup
}

// maxBorderMemo bounds cow.borders.
const maxBorderMemo = 64

// newCow returns copy-on-write state with its own scratch and storage.
func newCow(initial *Style) cow {
	return cow{scratch: *privateStyle(initial), store: &groupStore{}}
}

// own makes group g of s, the style being computed, writable.
func (c *cow) own(s *Style, g groupID) {
	if c.owned&(1<<g) == 0 {
		groups[g].own(s, &c.scratch)
		c.owned |= 1 << g
	}
}

// commit gives the groups of s it owns storage of their own, and starts
// the next style.
func (c *cow) commit(s *Style) {
	for g := groupID(0); c.owned != 0; g++ {
		if c.owned&(1<<g) != 0 {
			groups[g].commit(s, c.store)
			c.owned &^= 1 << g
		}
	}
}

// initialBorders sets the border colors of s to its color (the initial
// currentColor) before the border colors are cascaded.
func (c *cow) initialBorders(s *Style) {
	if c.owned&(1<<gBorder) != 0 {
		for i := range s.Border {
			s.Border[i].Color = s.Color
		}
		return
	}
	// untouched: the initial borders, shared per color
	if b := c.borders[s.Color]; b != nil {
		s.BorderGroup = b
		return
	}
	b := *s.BorderGroup
	for i := range b.Border {
		b.Border[i].Color = s.Color
		b.Border[i].Width = 0 // style none (see finish)
	}
	if c.borders == nil {
		c.borders = make(map[Color]*BorderGroup)
	}
	if len(c.borders) < maxBorderMemo {
		c.borders[s.Color] = &b
	}
	s.BorderGroup = &b
}

// noColumnRule returns the multi-column group of s, which nobody set
// (the initial one), with no rule width.
func (c *cow) noColumnRule(s *Style) *ColumnGroup {
	if c.noRule == nil {
		g := *s.ColumnGroup
		g.ColumnRule.Width = 0
		c.noRule = &g
	}
	return c.noRule
}

// inheritedEqual reports whether a and b have the same inherited
// properties, which are all that computing a child reads from its parent
// unless the child says inherit for a non-inherited property. Slices
// compare by identity (a false negative only costs a cache miss).
func inheritedEqual(a, b *Style) bool {
	for g := range numGroups {
		if groups[g].inherited && !groups[g].same(a, b) && !groups[g].equal(a, b) {
			return false
		}
	}
	return true
}

// groupNames returns the names of the groups in set (for test messages).
func groupNames(set groupSet) []string {
	var out []string
	for g := range numGroups {
		if set&(1<<g) != 0 {
			out = append(out, groups[g].name)
		}
	}
	return slices.Clip(out)
}
