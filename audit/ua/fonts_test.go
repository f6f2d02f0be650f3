package ua

import (
	"strings"
	"testing"

	"github.com/go-fonts/liberation/liberationsansregular"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// simpleFont returns resources with a simple TrueType font F1 (Liberation
// Sans, embedded unless noFile) modified by edit.
func simpleFont(widths pdfobj.Array, noFile bool, flags int, edit func(font, fd pdfobj.Dict)) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
	return func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
		fd := pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name("LiberationSans"), "Flags": pdfobj.Int(flags),
			"FontBBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(1000), pdfobj.Int(1000)}, "ItalicAngle": pdfobj.Int(0),
			"Ascent": pdfobj.Int(905), "Descent": pdfobj.Int(-212), "CapHeight": pdfobj.Int(688), "StemV": pdfobj.Int(80)}
		if !noFile {
			fd["FontFile2"] = w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: liberationsansregular.TTF})
		}
		font := pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("TrueType"), "BaseFont": pdfobj.Name("LiberationSans"),
			"FirstChar": pdfobj.Int(72), "LastChar": pdfobj.Int(105), "Encoding": pdfobj.Name("WinAnsiEncoding"), "Widths": widths}
		if edit != nil {
			edit(font, fd)
		}
		font["FontDescriptor"] = w.Add(fd)
		return pdfobj.Dict{"Font": pdfobj.Dict{"F1": w.Add(font)}}
	}
}

// type0Font returns resources with a Type0 font whose encoding is an
// embedded CMap stream.
func type0Font(cmap string, dictWMode int, csiOrdering string) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
	return type0FontWith(cmap, dictWMode, csiOrdering, "1 beginbfrange <0000> <FFFF> <0041> endbfrange")
}

// type0FontToUnicode is type0Font with the given ToUnicode CMap.
func type0FontToUnicode(cmap, toUnicode string) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
	return type0FontWith(cmap, 0, "Identity", toUnicode)
}

// type0FontWith returns resources with a Type0 font; edits change the
// CIDFont dictionary before it is written.
func type0FontWith(cmap string, dictWMode int, csiOrdering, toUnicode string, edits ...func(w *pdfobj.Writer, desc pdfobj.Dict)) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
	return func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
		fd := w.Add(pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name("LiberationSans"), "Flags": pdfobj.Int(32),
			"FontFile2": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: liberationsansregular.TTF})})
		csi := pdfobj.Dict{"Registry": pdfobj.String("Adobe"), "Ordering": pdfobj.String(csiOrdering), "Supplement": pdfobj.Int(0)}
		dd := pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("CIDFontType2"), "BaseFont": pdfobj.Name("LiberationSans"),
			"CIDSystemInfo": csi, "FontDescriptor": fd, "CIDToGIDMap": pdfobj.Name("Identity"), "W": pdfobj.Array{pdfobj.Int(36), pdfobj.Array{pdfobj.Int(667)}}}
		for _, e := range edits {
			e(w, dd)
		}
		desc := w.Add(dd)
		enc := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("CMap"), "CMapName": pdfobj.Name("Custom"), "WMode": pdfobj.Int(dictWMode),
			"CIDSystemInfo": pdfobj.Dict{"Registry": pdfobj.String("Adobe"), "Ordering": pdfobj.String("Identity"), "Supplement": pdfobj.Int(0)}}, Data: []byte(cmap)})
		tu := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte(toUnicode)})
		return pdfobj.Dict{"Font": pdfobj.Dict{"F1": w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type0"), "BaseFont": pdfobj.Name("LiberationSans"),
			"Encoding": enc, "DescendantFonts": pdfobj.Array{desc}, "ToUnicode": tu})}}
	}
}

func TestFontRules(t *testing.T) {
	lib := loadTTF(t)
	var widths, wrong pdfobj.Array
	for c := rune(72); c <= 105; c++ {
		widths = append(widths, pdfobj.Int(lib.advance(lib.cmap[c])))
		wrong = append(wrong, pdfobj.Int(500))
	}
	text := "/Artifact BMC BT /F1 12 Tf 10 10 Td (Hi) Tj ET EMC\n"
	cidText := "/Artifact BMC BT /F1 12 Tf 10 10 Td <0024> Tj ET EMC\n"
	cmapBody := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Custom def /WMode 0 def 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidrange <0000> <FFFF> 0 endcidrange endcmap end end"
	tests := []miniCase{
		{"simple TrueType", mini{tree: doc(leaf("P", nil)), content: text, resources: simpleFont(widths, false, 32, nil)}, nil},
		{"standard 14 font not embedded", mini{tree: doc(leaf("P", nil)), content: text, resources: simpleFont(widths, true, 32, nil)}, []string{"pdfua-7.21.4.1-1"}},
		{"invisible text needs no embedding", mini{tree: doc(leaf("P", nil)), content: strings.Replace(text, "BT", "BT 3 Tr", 1), resources: simpleFont(widths, true, 32, nil)}, nil},
		{"simple widths differ", mini{tree: doc(leaf("P", nil)), content: text, resources: simpleFont(wrong, false, 32, nil)}, []string{"pdfua-7.21.5-1"}},
		{"non-symbolic without encoding", mini{tree: doc(leaf("P", nil)), content: text, resources: simpleFont(widths, false, 32, func(f, _ pdfobj.Dict) {
			f["Encoding"] = pdfobj.Name("MacExpertEncoding")
		})}, []string{"pdfua-7.21.6-2"}},
		{"symbolic with encoding", mini{tree: doc(leaf("P", nil)), content: text, resources: simpleFont(widths, false, 4, nil)}, []string{"pdfua-7.21.6-3", "pdfua-7.21.6-4"}},
		{"symbolic without ToUnicode", mini{tree: doc(leaf("P", nil)), content: text, resources: simpleFont(widths, false, 4, func(f, _ pdfobj.Dict) {
			delete(f, "Encoding")
		})}, []string{"pdfua-7.21.6-4", "pdfua-7.21.7-1"}},
		{"embedded CMap", mini{tree: doc(leaf("P", nil)), content: cidText, resources: type0Font(cmapBody, 0, "Identity")}, nil},
		{"embedded CMap WMode mismatch", mini{tree: doc(leaf("P", nil)), content: cidText, resources: type0Font(cmapBody, 1, "Identity")}, []string{"pdfua-7.21.3.3-2"}},
		{"embedded CMap using a custom CMap", mini{tree: doc(leaf("P", nil)), content: cidText, resources: type0Font("/Other usecmap "+cmapBody, 0, "Identity")}, []string{"pdfua-7.21.3.3-3"}},
		{"CMap ordering differs from the CIDFont", mini{tree: doc(leaf("P", nil)), content: cidText, resources: type0Font(cmapBody, 0, "Japan1")}, []string{"pdfua-7.21.3.1-1"}},
	}
	runMiniCases(t, tests)
}
