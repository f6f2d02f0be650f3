package style

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/seed28491532/folio/css"
)

// TestInitialValues checks that the property table's initial values all
// apply and give the initial style folio has always used.
func TestInitialValues(t *testing.T) {
	parent := Blank()
	a := applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize}, parent: &parent}
	for id := propID(0); id < numProps; id++ {
		s := Blank()
		if !a.apply(&s, id, css.Tokenize(longhands[id].initial, nil)) {
			t.Errorf("%s: initial value %q does not apply", longhands[id].name, longhands[id].initial)
		}
	}
	auto := Length{Unit: Auto}
	want := Style{
		FontGroup: &FontGroup{Color: Color{0, 0, 0, 255}, FontFamily: []string{"serif"}, FontSize: mediumFontSize,
			FontWeight: 400, FontVariant: "normal", LineHeight: auto},
		TextGroup:      &TextGroup{TabSize: 8, TextAlign: AlignStart, textAlignLastAuto: true, quotesAuto: true, TextUnderlineOffset: auto},
		ListTableGroup: &ListTableGroup{ListStyleType: "disc", Orphans: 2, Widows: 2},
		BoxGroup: &BoxGroup{Display: DisplayInline, ZAuto: true, Opacity: 1, UnicodeBidi: "normal",
			ObjectPosition: BackgroundPosition{X: PositionAxis{Offset: Length{Value: 50, Unit: Percent}}, Y: PositionAxis{Offset: Length{Value: 50, Unit: Percent}}}},
		SizeGroup: &SizeGroup{Inset: [4]Length{auto, auto, auto, auto},
			Width: auto, Height: auto, MinWidth: auto, MinHeight: auto, MaxWidth: auto, MaxHeight: auto},
		MarginGroup:  &MarginGroup{},
		PaddingGroup: &PaddingGroup{},
		BorderGroup: &BorderGroup{Border: [4]Border{{Width: 2.25}, {Width: 2.25}, {Width: 2.25}, {Width: 2.25}},
			Outline: Border{Width: 2.25, Color: Color{0, 0, 0, 255}}, outlineColorAuto: true},
		BackgroundGroup: &BackgroundGroup{TransformOrigin: center50, PerspectiveOrigin: center50},
		DecorationGroup: &DecorationGroup{TextDecorationStyle: BorderSolid, TextDecorationThickness: auto},
		ContentGroup:    &ContentGroup{},
		PagedGroup:      &PagedGroup{},
		FlexGroup: &FlexGroup{FlexDirection: "row", FlexWrap: "nowrap", FlexShrink: 1, FlexBasis: auto,
			JustifyContent: "normal", AlignItems: "normal", RowGap: auto, ColumnGap: auto},
		ColumnGroup: &ColumnGroup{ColumnWidth: auto, ColumnRule: Border{Width: 2.25, Color: Color{0, 0, 0, 255}}, ruleColorAuto: true},
		GridGroup:   &GridGroup{JustifyItems: "legacy", JustifySelf: "auto", AlignSelf: "auto", AlignContent: "normal"},
	}
	if got := initialStyle(); !reflect.DeepEqual(got, want) {
		t.Errorf("initial style\n got %s\nwant %s", dumpStyle(&got), dumpStyle(&want))
	}
}

// dumpStyle prints the values of s's groups.
func dumpStyle(s *Style) string {
	var b strings.Builder
	v := reflect.ValueOf(s).Elem()
	for i := range v.NumField() {
		fmt.Fprintf(&b, "%+v ", v.Field(i).Elem().Interface())
	}
	return b.String()
}

// sampleValues holds a non-initial value of every longhand that does not
// depend on the other properties.
var sampleValues = map[propID]string{
	pColor: "red", pTextFillColor: "green", pDirection: "rtl", pFontSize: "20pt", pFontFamily: "Arial, sans-serif",
	pFontWeight: "bold", pFontStyle: "italic", pFontVariant: "small-caps", pLineHeight: "1.5",
	pDisplay: "block", pPosition: "running(header)", pFloat: "left", pClear: "both",
	pTop: "1pt", pRight: "2pt", pBottom: "3pt", pLeft: "4pt", pZIndex: "3",
	pWidth: "10pt", pHeight: "11pt", pMinWidth: "12pt", pMinHeight: "13pt", pMaxWidth: "14pt", pMaxHeight: "15pt",
	pBoxSizing: "border-box", pMarginTop: "1pt", pMarginRight: "2pt", pMarginBottom: "3pt", pMarginLeft: "auto",
	pPaddingTop: "1pt", pPaddingRight: "2pt", pPaddingBottom: "3pt", pPaddingLeft: "4pt",
	pBorderTopWidth: "1pt", pBorderRightWidth: "thick", pBorderBottomWidth: "3pt", pBorderLeftWidth: "4pt",
	pBorderTopStyle: "solid", pBorderRightStyle: "dashed", pBorderBottomStyle: "dotted", pBorderLeftStyle: "double",
	pBorderTopColor: "blue", pBorderRightColor: "green", pBorderBottomColor: "#123456", pBorderLeftColor: "yellow",
	pRadiusTopLeft: "1pt", pRadiusTopRight: "2pt 3pt", pRadiusBottomRight: "4pt", pRadiusBottomLeft: "5%",
	pOverflow: "hidden", pVisibility: "hidden", pOpacity: "0.5", pBackgroundColor: "silver",
	pBackgroundImage: "url(a.png), linear-gradient(red, blue)", pBackgroundSize: "cover, 10px auto",
	pBackgroundRepeat: "no-repeat", pBackgroundOrigin: "content-box", pBackgroundClip: "padding-box", pTextAlign: "center", pTextAlignLast: "right", pTextIndent: "2pt",
	pTextTransform: "uppercase", pTextDecorationLine: "underline", pTextDecorationColor: "red",
	pTextDecorationStyle: "dashed", pLetterSpacing: "1pt", pWordSpacing: "2pt", pWhiteSpace: "pre",
	pVerticalAlign: "middle", pOverflowWrap: "anywhere", pWordBreak: "break-all", pLineBreak: "strict", pHyphens: "auto", pUnicodeBidi: "isolate",
	pTabSize: "4", pListStyleType: "square", pListStylePosition: "inside", pListStyleImage: "url(b.png)",
	pContent: `"x"`, pQuotes: `"a" "b"`, pCounterReset: "c 2", pCounterIncrement: "c", pCounterSet: "d 3",
	pStringSet: "title content()", pBreakBefore: "page", pBreakAfter: "avoid", pBreakInside: "avoid",
	pOrphans: "3", pWidows: "4", pPage: "wide", pBookmarkLevel: "2", pBookmarkLabel: `"Intro"`, pBorderCollapse: "collapse", pBorderSpacing: "2pt 3pt",
	pCaptionSide: "bottom", pTableLayout: "fixed", pEmptyCells: "hide", pObjectFit: "cover", pObjectPosition: "right 10% top",
	pFlexDirection: "column", pFlexWrap: "wrap", pFlexGrow: "2", pFlexShrink: "3", pFlexBasis: "10pt",
	pJustifyContent: "center", pAlignItems: "end", pRowGap: "1pt", pColumnGap: "2pt",
	pColumnCount: "3", pColumnWidth: "100pt", pSize: "a5",
	pColumnRuleWidth: "2pt", pColumnRuleStyle: "dashed", pColumnRuleColor: "red", pColumnSpan: "all", pColumnFill: "auto",
	pTextShadow:          "1pt 2pt 3pt red",
	pGridTemplateColumns: "[a] 1fr repeat(2, 10pt)", pGridTemplateRows: "minmax(10pt, auto)",
	pGridTemplateAreas: `"a b" "a c"`, pGridAutoColumns: "10pt", pGridAutoRows: "min-content 1fr",
	pGridAutoFlow: "column dense", pGridRowStart: "2", pGridColumnStart: "span a", pGridRowEnd: "-1",
	pGridColumnEnd: "x 2", pJustifyItems: "center", pJustifySelf: "end", pAlignSelf: "start",
	pAlignContent: "space-between", pOrder: "-2",
	pBoxShadow:          "inset 1pt 2pt 3pt 4pt red",
	pHyphenateCharacter: "'='", pHyphenateLimitChars: "6 3 2", pFontFeatureSettings: "'liga' 0",
	pFontVariantLigatures: "none", pFontVariantNumeric: "tabular-nums", pFontKerning: "none",
	pTextDecorationThickness: "3pt", pTextUnderlineOffset: "-2pt", pTextOverflow: "ellipsis",
	pFootnoteDisplay: "inline", pFootnotePolicy: "line", pBookmarkState: "closed", pBoxDecorationBreak: "clone",
	// paint effects (issue #17)
	pTransform: "rotate(45deg) translate(10pt, 5%)", pTransformOrigin: "left top", pTranslate: "10pt 20%",
	pRotate: "x 30deg", pScale: "2 50%", pClipPath: "circle(10pt at left top) padding-box",
	pClip: "rect(1pt, auto, 3pt, 4pt)", pIsolation: "isolate",
	pBackgroundPositionX: "right 10px, center", pBackgroundPositionY: "bottom", pBackgroundAttachment: "scroll, fixed",
	pTransformBox: "fill-box",
	// variable fonts and more font-variant-* (issue #21)
	pFontStretch: "75%", pFontVariationSettings: "'wght' 650, 'wdth' 80", pFontVariantPosition: "super",
	pFontVariantEastAsian: "jis78 full-width", pFontOpticalSizing: "none",
	// 3D transforms (issue #17)
	pPerspective: "500px", pPerspectiveOrigin: "left 20%", pBackfaceVisibility: "hidden", pTransformStyle: "preserve-3d",
	// masks (issue #17)
	pMaskImage: "linear-gradient(red, blue), none", pMaskPosition: "right 10px", pMaskSize: "contain", pMaskRepeat: "no-repeat",
	pMaskOrigin: "content-box", pMaskClip: "padding-box", pMaskMode: "luminance",
	// font-synthesis (issue #21)
	pFontSynthesisWeight: "none", pFontSynthesisStyle: "none", pFontSynthesisSmallCaps: "none", pFontSynthesisPosition: "none",
	pOutlineWidth: "3pt", pOutlineStyle: "dotted", pOutlineColor: "red", pOutlineOffset: "2pt",
	// overflow-y (apply_overflow.go)
	pOverflowY: "clip",
	// contain (apply_contain.go)
	pContain: "size paint",
}

// center50 is the position 50% 50%.
var center50 = BackgroundPosition{X: PositionAxis{Offset: Length{Value: 50, Unit: Percent}}, Y: PositionAxis{Offset: Length{Value: 50, Unit: Percent}}}

// TestPropertyCopy checks each longhand's copy function against its
// apply function: copying a property from a style where every property
// is set must change exactly what applying its value changes, and both
// must write to the property's group only (the cascade makes that group
// alone private before applying the property).
func TestPropertyCopy(t *testing.T) {
	init := initialStyle()
	a := applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize}, parent: &init}
	all := *privateStyle(&init)
	for id := propID(0); id < numProps; id++ {
		v, ok := sampleValues[id]
		if !ok {
			t.Fatalf("no sample value for %s", longhands[id].name)
		}
		if !a.apply(&all, id, css.Tokenize(v, nil)) {
			t.Fatalf("%s: sample value %q does not apply", longhands[id].name, v)
		}
	}
	for id := propID(0); id < numProps; id++ {
		want := *privateStyle(&init)
		a.apply(&want, id, css.Tokenize(sampleValues[id], nil))
		if reflect.DeepEqual(want, init) {
			t.Errorf("%s: sample value %q is the initial value", longhands[id].name, sampleValues[id])
		}
		if changed := changedGroups(&want, &init); changed != 1<<longhands[id].group {
			t.Errorf("%s: applying %q changes groups %v, want only %s", longhands[id].name, sampleValues[id],
				groupNames(changed), groups[longhands[id].group].name)
		}
		got := *privateStyle(&init)
		copyProp(&got, &all, id)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: copying from a style gives\n%s\nwant\n%s", longhands[id].name, dumpStyle(&got), dumpStyle(&want))
		}
	}
}

// changedGroups returns the groups whose values differ between a and b.
func changedGroups(a, b *Style) groupSet {
	var set groupSet
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for g := range numGroups {
		if !reflect.DeepEqual(va.Field(int(g)).Elem().Interface(), vb.Field(int(g)).Elem().Interface()) {
			set |= 1 << g
		}
	}
	return set
}

// TestPropertyNames checks that names and aliases are unique and that
// every shorthand expands into its members only.
func TestPropertyNames(t *testing.T) {
	seen := map[string]bool{}
	for id := propID(0); id < numProps; id++ {
		n := longhands[id].name
		if n == "" || seen[n] {
			t.Errorf("longhand %d: empty or duplicate name %q", id, n)
		}
		seen[n] = true
		if got := propByName()[n]; got != id {
			t.Errorf("propByName(%s) = %d, want %d", n, got, id)
		}
	}
	for alias := range propAliases {
		if seen[alias] {
			t.Errorf("alias %s shadows a longhand", alias)
		}
	}
	samples := map[string]string{
		"margin": "1pt 2pt", "padding": "1pt", "inset": "1pt 2pt 3pt", "border-width": "thin",
		"border-style": "solid none", "border-color": "red blue", "margin-inline": "1pt 2pt",
		"margin-block": "1pt", "padding-inline": "1pt", "padding-block": "1pt 2pt",
		"border-radius": "1pt / 2pt", "background": "url(a.png) red", "font": "italic bold 12pt/1.2 serif",
		"font-variant": "small-caps", "list-style": "square inside", "flex": "1 0 10pt", "flex-flow": "column wrap",
		"gap": "1pt 2pt", "grid-gap": "1pt", "columns": "2 100pt", "column-rule": "thin dotted blue", "outline": "thin dotted blue", "text-decoration": "underline red dashed",
		"place-items": "center", "place-content": "start center", "place-self": "center", "overflow": "hidden",
		"grid-row": "1 / span 2", "grid-column": "a", "grid-area": "a / 2", "grid-template": `"a b" 10pt / 1fr 2fr`,
		"grid":              "auto-flow dense 10pt / 1fr 1fr",
		"page-break-before": "always", "page-break-after": "avoid", "page-break-inside": "avoid",
		"white-space-collapse": "collapse", "all": "inherit", "background-position": "right 1pt top, center",
		"mask": "url(m.svg) center / contain no-repeat luminance, linear-gradient(red, blue)", "-webkit-mask": "none",
		"font-synthesis": "style small-caps",
	}
	for i := range shorthands {
		sh := &shorthands[i]
		v, ok := samples[sh.name]
		if !ok {
			v = "1pt solid red" // the border shorthands
		}
		out, ok := expandShorthand(shortID(i), css.Tokenize(v, nil))
		if !ok {
			t.Errorf("%s: %q does not expand", sh.name, v)
		}
		for _, l := range out {
			found := false
			for _, m := range sh.members {
				found = found || m == l.prop
			}
			if !found {
				t.Errorf("%s: %q sets %s, not one of its members", sh.name, v, longhands[l.prop].name)
			}
		}
	}
}

// TestGroupTable checks the groups table against Style and the
// property table: groupID g is Style's field g, of the group's type; a
// group is inherited exactly when its longhands are; and inheritGroups
// shares the inherited groups, and only them.
func TestGroupTable(t *testing.T) {
	typ := reflect.TypeFor[Style]()
	// the groups, then the document's math function table
	if typ.NumField() != int(numGroups)+1 || typ.Field(int(numGroups)).Name != "calcs" {
		t.Fatalf("Style has %d fields, want the %d groups and calcs", typ.NumField(), numGroups)
	}
	for id := propID(0); id < numProps; id++ {
		if g := longhands[id].group; groups[g].inherited != longhands[id].inherited {
			t.Errorf("%s (inherited %v) is in group %s (inherited %v)", longhands[id].name, longhands[id].inherited,
				groups[g].name, groups[g].inherited)
		}
	}
	a, b := Blank(), Blank()
	inheritGroups(&a, &b)
	for g := range numGroups {
		if groups[g].same(&a, &b) != groups[g].inherited {
			t.Errorf("group %s: inheritGroups shares it: %v, inherited: %v", groups[g].name, groups[g].same(&a, &b), groups[g].inherited)
		}
		c := Blank()
		reflect.ValueOf(&c).Elem().Field(int(g)).Elem().Field(0).Set(reflect.ValueOf(&a).Elem().Field(int(g)).Elem().Field(0))
		if changedGroups(&c, &a) != 0 || groups[g].same(&c, &a) {
			t.Errorf("group %s: is not Style's field %d", groups[g].name, g)
		}
	}
}

// TestIgnoredProperties checks that no property the table knows is also
// listed as accepted and ignored.
func TestIgnoredProperties(t *testing.T) {
	for name := range propByName() {
		if ignoredProperty(name) {
			t.Errorf("%s is in the table and ignored", name)
		}
	}
	for name := range shorthandByName() {
		if ignoredProperty(name) {
			t.Errorf("shorthand %s is in the table and ignored", name)
		}
	}
}
