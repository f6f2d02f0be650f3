package ua

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// form returns a form XObject painting body, with extra dictionary entries.
func form(w *pdfobj.Writer, body string, extra pdfobj.Dict) pdfobj.Ref {
	d := pdfobj.Dict{"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Form"), "BBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(10), pdfobj.Int(10)}}
	for k, v := range extra {
		d[k] = v
	}
	return w.Add(&pdfobj.Stream{Dict: d, Data: []byte(body)})
}

func xobjects(entries func(w *pdfobj.Writer, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Dict) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
	return func(w *pdfobj.Writer, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Dict {
		return pdfobj.Dict{"XObject": entries(w, elems, add)}
	}
}

func annot(sub string, extra pdfobj.Dict) pdfobj.Dict {
	d := pdfobj.Dict{"Type": pdfobj.Name("Annot"), "Subtype": pdfobj.Name(sub), "Rect": pdfobj.Array{pdfobj.Int(10), pdfobj.Int(10), pdfobj.Int(50), pdfobj.Int(20)}}
	for k, v := range extra {
		d[k] = v
	}
	return d
}

func TestContentAndAnnotationRules(t *testing.T) {
	square := "0 0 5 5 re f"
	tests := []miniCase{
		{"form in artifact", mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC /Fm1 Do EMC\n",
			resources: xobjects(func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
				return pdfobj.Dict{"Fm1": form(w, square, nil)}
			})}, nil},
		{"form content untagged", mini{tree: doc(leaf("P", nil)), content: "/Fm1 Do\n",
			resources: xobjects(func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
				return pdfobj.Dict{"Fm1": form(w, square, nil)}
			})}, []string{"pdfua-7.1-3"}},
		{"nested form inherits the call site", mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC /Fm1 Do EMC\n",
			resources: xobjects(func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
				inner := form(w, square, nil)
				return pdfobj.Dict{"Fm1": form(w, "/Fm2 Do", pdfobj.Dict{"Resources": pdfobj.Dict{"XObject": pdfobj.Dict{"Fm2": inner}}})}
			})}, nil},
		{"form with StructParent", mini{tree: doc(leaf("Figure", pdfobj.Dict{"Alt": pdfobj.String("chart")})), content: "/Fm1 Do\n",
			resources: xobjects(func(w *pdfobj.Writer, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Dict {
				add(7, elems["Figure1"])
				return pdfobj.Dict{"Fm1": form(w, square, pdfobj.Dict{"StructParent": pdfobj.Int(7)})}
			})}, nil},
		{"form with StructParents painted twice", mini{tree: doc(leaf("P", nil), leaf("P", nil)), content: "/Fm1 Do /Fm1 Do\n",
			resources: xobjects(func(w *pdfobj.Writer, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Dict {
				add(8, pdfobj.Array{elems["P2"]})
				return pdfobj.Dict{"Fm1": form(w, "/P <</MCID 0>> BDC "+square+" EMC", pdfobj.Dict{"StructParents": pdfobj.Int(8)})}
			})}, []string{"pdfua-7.20-2"}},
		{"reference XObject", mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC /Fm1 Do EMC\n",
			resources: xobjects(func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
				return pdfobj.Dict{"Fm1": form(w, square, pdfobj.Dict{"Ref": pdfobj.Dict{"F": pdfobj.String("x.pdf")}})}
			})}, []string{"pdfua-7.20-1"}},
		{"self-painting form terminates", mini{tree: doc(leaf("P", nil)), content: "/Artifact BMC /Fm1 Do EMC\n",
			resources: func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
				ref := w.Alloc()
				res := pdfobj.Dict{"XObject": pdfobj.Dict{"Fm1": ref}}
				w.Set(ref, &pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("Form"), "Resources": res}, Data: []byte("/Fm1 Do " + square)})
				return res
			}}, nil},
		{"image XObject untagged", mini{tree: doc(leaf("P", nil)), content: "/Im1 Do\n",
			resources: xobjects(func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
				return pdfobj.Dict{"Im1": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("Image"), "Width": pdfobj.Int(1), "Height": pdfobj.Int(1), "BitsPerComponent": pdfobj.Int(8), "ColorSpace": pdfobj.Name("DeviceGray")}, Data: []byte{0}})}
			})}, []string{"pdfua-7.1-3"}},
		{"inline image untagged", mini{tree: doc(leaf("P", nil)), content: "BI /W 1 /H 1 /BPC 8 /CS /G ID \x80 EI\n"}, []string{"pdfua-7.1-3"}},
		{"shading untagged", mini{tree: doc(leaf("P", nil)), content: "/Sh0 sh\n"}, []string{"pdfua-7.1-3"}},
		{"annotation in Annot", mini{tree: doc(leaf("Annot", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				add(5, elems["Annot1"])
				return pdfobj.Array{w.Add(annot("Text", pdfobj.Dict{"Contents": pdfobj.String("note"), "StructParent": pdfobj.Int(5)}))}
			}}, nil},
		{"annotation outside structure", mini{tree: doc(leaf("P", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				return pdfobj.Array{w.Add(annot("Text", pdfobj.Dict{"Contents": pdfobj.String("note")}))}
			}}, []string{"pdfua-7.18.1-1"}},
		{"hidden and off-page annotations are exempt", mini{tree: doc(leaf("P", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				return pdfobj.Array{w.Add(annot("Link", pdfobj.Dict{"F": pdfobj.Int(2)})),
					w.Add(annot("Link", pdfobj.Dict{"Rect": pdfobj.Array{pdfobj.Int(500), pdfobj.Int(500), pdfobj.Int(600), pdfobj.Int(600)}}))}
			}}, nil},
		{"link in a P element", mini{tree: doc(leaf("P", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				add(5, elems["P1"])
				return pdfobj.Array{w.Add(annot("Link", pdfobj.Dict{"Contents": pdfobj.String("go"), "StructParent": pdfobj.Int(5)}))}
			}}, []string{"pdfua-7.18.5-1"}},
		{"link Alt is not Contents", mini{tree: doc(leaf("Link", pdfobj.Dict{"Alt": pdfobj.String("go")})),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				add(5, elems["Link1"])
				return pdfobj.Array{w.Add(annot("Link", pdfobj.Dict{"StructParent": pdfobj.Int(5)}))}
			}}, []string{"pdfua-7.18.5-2"}},
		{"widget outside Form without TU", mini{tree: doc(leaf("P", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				return pdfobj.Array{w.Add(annot("Widget", pdfobj.Dict{"FT": pdfobj.Name("Tx")}))}
			}}, []string{"pdfua-7.18.1-3", "pdfua-7.18.4-1"}},
		{"TrapNet", mini{tree: doc(leaf("P", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				return pdfobj.Array{w.Add(annot("TrapNet", nil))}
			}}, []string{"pdfua-7.18.2-1"}},
		{"appearance streams are exempt from tagging", mini{tree: doc(leaf("Annot", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				add(5, elems["Annot1"])
				ap := form(w, "0 0 1 rg 0 0 10 10 re f", nil)
				return pdfobj.Array{w.Add(annot("Square", pdfobj.Dict{"Contents": pdfobj.String("box"), "StructParent": pdfobj.Int(5), "AP": pdfobj.Dict{"N": ap}}))}
			}}, nil},
		{"fonts in appearance streams are checked", mini{tree: doc(leaf("Annot", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				add(5, elems["Annot1"])
				font := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type1"), "BaseFont": pdfobj.Name("Helvetica")})
				ap := form(w, "BT /F1 9 Tf (x) Tj ET", pdfobj.Dict{"Resources": pdfobj.Dict{"Font": pdfobj.Dict{"F1": font}}})
				return pdfobj.Array{w.Add(annot("FreeText", pdfobj.Dict{"Contents": pdfobj.String("x"), "StructParent": pdfobj.Int(5), "AP": pdfobj.Dict{"N": ap}}))}
			}}, []string{"pdfua-7.21.4.1-1"}},
		{"media clip without CT", mini{tree: doc(leaf("Annot", nil)),
			annots: func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
				add(5, elems["Annot1"])
				clip := pdfobj.Dict{"S": pdfobj.Name("MCD"), "Alt": pdfobj.Array{pdfobj.String("en"), pdfobj.String("A video")}}
				act := pdfobj.Dict{"S": pdfobj.Name("Rendition"), "R": pdfobj.Dict{"S": pdfobj.Name("MR"), "C": clip}}
				return pdfobj.Array{w.Add(annot("Screen", pdfobj.Dict{"Contents": pdfobj.String("video"), "StructParent": pdfobj.Int(5), "A": act}))}
			}}, []string{"pdfua-7.18.6.2-1"}},
		{"embedded file without UF", mini{tree: doc(leaf("P", nil)), catalog: pdfobj.Dict{"Names": pdfobj.Dict{"EmbeddedFiles": pdfobj.Dict{"Names": pdfobj.Array{
			pdfobj.String("a.txt"), pdfobj.Dict{"Type": pdfobj.Name("Filespec"), "F": pdfobj.String("a.txt"), "EF": pdfobj.Dict{}}}}}}}, []string{"pdfua-7.11-1"}},
	}
	runMiniCases(t, tests)
}

func TestXMPRules(t *testing.T) {
	base := xmpPacket("T", true)
	tests := []struct {
		name string
		xmp  string
		cat  pdfobj.Dict
		want []string
	}{
		{"plain dc:title", strings.Replace(base, `<rdf:Alt><rdf:li xml:lang="x-default">T</rdf:li></rdf:Alt>`, "T", 1), nil, []string{"pdfua-7.1-9"}},
		{"part 2", strings.Replace(base, "<pdfuaid:part>1<", "<pdfuaid:part>2<", 1), nil, []string{"pdfua-5-2"}},
		{"other prefix", strings.ReplaceAll(strings.Replace(base, "xmlns:pdfuaid=", "xmlns:ua=", 1), "pdfuaid:part", "ua:part"), nil, []string{"pdfua-5-3"}},
		{"part as attribute", strings.Replace(strings.Replace(base, "<pdfuaid:part>1</pdfuaid:part>\n", "", 1), `rdf:about=""`, `rdf:about="" pdfuaid:part="1"`, 1), nil, nil},
		{"title with a concrete language", strings.Replace(base, `xml:lang="x-default"`, `xml:lang="en"`, 1), nil, nil},
		{"dc bound to another prefix", strings.ReplaceAll(strings.Replace(base, "xmlns:dc=", "xmlns:d=", 1), "dc:title", "d:title"), nil, []string{"pdfua-7.1-9"}},
		{"malformed XML", "<x:xmpmeta><rdf:RDF", nil, []string{"pdfua-5-1", "pdfua-7.1-9"}},
		{"no metadata", base, pdfobj.Dict{"Metadata": pdfobj.Int(0)}, []string{"pdfua-5-1", "pdfua-7.1-8", "pdfua-7.1-9"}},
		{"DisplayDocTitle missing", base, pdfobj.Dict{"ViewerPreferences": pdfobj.Dict{}}, []string{"pdfua-7.1-10"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := auditBytes(t, mini{tree: doc(leaf("P", nil)), xmp: tt.xmp, catalog: tt.cat}.build(t))
			got := failedRules(rep)
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("failed rules = %v, want %v%s", got, tt.want, describe(rep))
			}
		})
	}
}
