package style

import (
	"reflect"
	"testing"

	"github.com/seed28491532/folio/css"
)

// TestInitialValues checks that the property table's initial values all
// apply and give the initial style folio has always used.
func TestInitialValues(t *testing.T) {
	var parent Style
	a := applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize}, parent: &parent}
	for id := propID(0); id < numProps; id++ {
		var s Style
		if !a.apply(&s, id, css.Tokenize(longhands[id].initial, nil)) {
			t.Errorf("%s: initial value %q does not apply", longhands[id].name, longhands[id].initial)
		}
	}
	auto := Length{Unit: Auto}
	want := Style{
		Display: DisplayInline, ZAuto: true, Inset: [4]Length{auto, auto, auto, auto},
		Width: auto, Height: auto, MinWidth: auto, MinHeight: auto, MaxWidth: auto, MaxHeight: auto,
		Border:  [4]Border{{Width: 2.25}, {Width: 2.25}, {Width: 2.25}, {Width: 2.25}},
		Opacity: 1, Color: Color{0, 0, 0, 255}, FontFamily: []string{"serif"}, FontSize: mediumFontSize,
		FontWeight: 400, FontVariant: "normal", LineHeight: auto, TextDecorationStyle: BorderSolid,
		UnicodeBidi: "normal", TabSize: 8, ListStyleType: "disc", Orphans: 2, Widows: 2,
		FlexDirection: "row", FlexWrap: "nowrap", FlexShrink: 1, FlexBasis: auto,
		JustifyContent: "normal", AlignItems: "normal", RowGap: auto, ColumnGap: auto, ColumnWidth: auto,
		textAlignLastAuto: true, quotesAuto: true,
		JustifyItems: "legacy", JustifySelf: "auto", AlignSelf: "auto", AlignContent: "normal",
	}
	if got := initialStyle(); !reflect.DeepEqual(got, want) {
		t.Errorf("initial style\n got %+v\nwant %+v", got, want)
	}
}

// sampleValues holds a non-initial value of every longhand that does not
// depend on the other properties.
var sampleValues = map[propID]string{
	pColor: "red", pDirection: "rtl", pFontSize: "20pt", pFontFamily: "Arial, sans-serif",
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
	pBackgroundImage: "url(a.png), linear-gradient(red, blue)", pBackgroundPosition: "right 10px top", pBackgroundSize: "cover, 10px auto",
	pBackgroundRepeat: "no-repeat", pBackgroundOrigin: "content-box", pBackgroundClip: "padding-box", pTextAlign: "center", pTextAlignLast: "right", pTextIndent: "2pt",
	pTextTransform: "uppercase", pTextDecorationLine: "underline", pTextDecorationColor: "red",
	pTextDecorationStyle: "dashed", pLetterSpacing: "1pt", pWordSpacing: "2pt", pWhiteSpace: "pre",
	pVerticalAlign: "middle", pOverflowWrap: "anywhere", pHyphens: "auto", pUnicodeBidi: "isolate",
	pTabSize: "4", pListStyleType: "square", pListStylePosition: "inside", pListStyleImage: "url(b.png)",
	pContent: `"x"`, pQuotes: `"a" "b"`, pCounterReset: "c 2", pCounterIncrement: "c", pCounterSet: "d 3",
	pStringSet: "title content()", pBreakBefore: "page", pBreakAfter: "avoid", pBreakInside: "avoid",
	pOrphans: "3", pWidows: "4", pPage: "wide", pBorderCollapse: "collapse", pBorderSpacing: "2pt 3pt",
	pCaptionSide: "bottom", pTableLayout: "fixed", pEmptyCells: "hide", pObjectFit: "cover",
	pFlexDirection: "column", pFlexWrap: "wrap", pFlexGrow: "2", pFlexShrink: "3", pFlexBasis: "10pt",
	pJustifyContent: "center", pAlignItems: "end", pRowGap: "1pt", pColumnGap: "2pt",
	pColumnCount: "3", pColumnWidth: "100pt", pSize: "a5",
	pGridTemplateColumns: "[a] 1fr repeat(2, 10pt)", pGridTemplateRows: "minmax(10pt, auto)",
	pGridTemplateAreas: `"a b" "a c"`, pGridAutoColumns: "10pt", pGridAutoRows: "min-content 1fr",
	pGridAutoFlow: "column dense", pGridRowStart: "2", pGridColumnStart: "span a", pGridRowEnd: "-1",
	pGridColumnEnd: "x 2", pJustifyItems: "center", pJustifySelf: "end", pAlignSelf: "start",
	pAlignContent: "space-between", pOrder: "-2",
}

// TestPropertyCopy checks each longhand's copy function against its
// apply function: copying a property from a style where every property
// is set must change exactly what applying its value changes.
func TestPropertyCopy(t *testing.T) {
	init := initialStyle()
	a := applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize}, parent: &init}
	all := initialStyle()
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
		want := initialStyle()
		a.apply(&want, id, css.Tokenize(sampleValues[id], nil))
		if reflect.DeepEqual(want, init) {
			t.Errorf("%s: sample value %q is the initial value", longhands[id].name, sampleValues[id])
		}
		got := initialStyle()
		copyProp(&got, &all, id)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: copying from a style gives\n%+v\nwant\n%+v", longhands[id].name, got, want)
		}
	}
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
		"gap": "1pt 2pt", "grid-gap": "1pt", "columns": "2 100pt", "text-decoration": "underline red dashed",
		"place-items": "center", "place-content": "start center", "place-self": "center", "overflow": "hidden",
		"grid-row": "1 / span 2", "grid-column": "a", "grid-area": "a / 2", "grid-template": `"a b" 10pt / 1fr 2fr`,
		"grid":              "auto-flow dense 10pt / 1fr 1fr",
		"page-break-before": "always", "page-break-after": "avoid", "page-break-inside": "avoid",
		"white-space-collapse": "collapse", "all": "inherit",
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

// TestInheritFrom checks the hand-written inheritFrom (kept for speed: it
// runs for every computed style) against the table: it must copy the
// inherited longhands, and nothing else but the language.
func TestInheritFrom(t *testing.T) {
	init := initialStyle()
	a := applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize}, parent: &init}
	parent := initialStyle()
	for id := propID(0); id < numProps; id++ {
		a.apply(&parent, id, css.Tokenize(sampleValues[id], nil))
	}
	parent.Lang = "fr"
	want := initialStyle()
	for id := propID(0); id < numProps; id++ {
		if longhands[id].inherited {
			copyProp(&want, &parent, id)
		}
	}
	want.Lang = "fr"
	got := initialStyle()
	inheritFrom(&got, &parent)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("inheritFrom gives\n%+v\nthe table's inherited properties give\n%+v", got, want)
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
