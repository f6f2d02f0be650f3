package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

func inspectCommand() *command {
	return &command{
		name:    "inspect-pdf",
		summary: "show a PDF's metadata, pages, fonts and structure tree (/StructTreeRoot)",
		usage:   "file.pdf [--json]",
		help: `Prints the metadata (title, author, language, producer, PDF version, the
PDF/UA identification from the XMP metadata, whether the file is tagged and
DisplayDocTitle), the pages and their sizes, the fonts (embedded? subset?
ToUnicode?) and the structure tree as an indented outline: each element's
type (with its role-mapped standard type), alternate text, scope, language,
page and the number of marked-content sequences it owns. - reads standard
input. Exit code 2 when the file is not a readable PDF.`,
		run: runInspect,
	}
}

// PDFInfo is what inspect-pdf reports (its --json form).
type PDFInfo struct {
	Version         string       `json:"pdf_version"`
	Title           string       `json:"title,omitempty"`
	Author          string       `json:"author,omitempty"`
	Subject         string       `json:"subject,omitempty"`
	Producer        string       `json:"producer,omitempty"`
	Creator         string       `json:"creator,omitempty"`
	Lang            string       `json:"lang,omitempty"`
	PDFUAPart       int          `json:"pdfua_part,omitempty"`
	Tagged          bool         `json:"tagged"`
	DisplayDocTitle bool         `json:"display_doc_title"`
	HasXMP          bool         `json:"has_xmp_metadata"`
	Encrypted       bool         `json:"encrypted,omitempty"`
	Pages           []PageInfo   `json:"pages"`
	Fonts           []FontInfo   `json:"fonts"`
	Structure       *StructNode  `json:"structure,omitempty"`
	Elements        int          `json:"structure_elements"`
	MarkedContent   int          `json:"marked_content_refs"`
	Warnings        []string     `json:"warnings,omitempty"`
	RoleMap         []RoleMapped `json:"role_map,omitempty"`
}

// PageInfo is one page's size in points.
type PageInfo struct {
	Number int     `json:"number"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Name   string  `json:"name,omitempty"`
	Rotate int     `json:"rotate,omitempty"`
}

// FontInfo describes a font resource.
type FontInfo struct {
	Name      string `json:"name"`
	Subtype   string `json:"subtype"`
	Embedded  bool   `json:"embedded"`
	Subset    bool   `json:"subset"`
	ToUnicode bool   `json:"to_unicode"`
	Pages     []int  `json:"pages"`
}

// RoleMapped is one /RoleMap entry.
type RoleMapped struct {
	Type     string `json:"type"`
	Standard string `json:"standard"`
}

// StructNode is a structure element.
type StructNode struct {
	Type       string `json:"type"`
	Standard   string `json:"standard,omitempty"` // role-mapped type when different
	Alt        string `json:"alt,omitempty"`
	ActualText string `json:"actual_text,omitempty"`
	Lang       string `json:"lang,omitempty"`
	Scope      string `json:"scope,omitempty"`
	Title      string `json:"title,omitempty"`
	// Text is the text of the element's own marked content (clipped).
	Text     string        `json:"text,omitempty"`
	Page     int           `json:"page,omitempty"`
	MCIDs    int           `json:"mcids,omitempty"`
	Objects  int           `json:"object_refs,omitempty"`
	Children []*StructNode `json:"children,omitempty"`

	refs []mcKey // the element's own marked-content sequences
}

func runInspect(e *env, args []string) error {
	c := inspectCommand()
	fs := newFlags(c)
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := e.parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErr("give exactly one PDF file")
	}
	data, _, err := e.readInput(e.ctx, pos[0])
	if err != nil {
		return err
	}
	info, err := inspectPDF(data)
	if err != nil {
		return inputErr("%s: %v", displayName(pos[0]), err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(info)
	} else {
		err = info.writeText(e.stdout)
	}
	if err != nil {
		return internalErr("%v", err)
	}
	return nil
}

// maxStructDepth and maxStructNodes bound the walk of hostile trees.
const (
	maxStructDepth = 200
	maxStructNodes = 200000
)

// inspectPDF reads the facts inspect-pdf reports.
func inspectPDF(data []byte) (*PDFInfo, error) {
	f, err := pdfobj.Open(data)
	if err != nil {
		return nil, err
	}
	root := f.Root()
	if root == nil {
		return nil, fmt.Errorf("no document catalog")
	}
	info := &PDFInfo{Version: f.Version(), Encrypted: f.Encrypted(), Pages: []PageInfo{}, Fonts: []FontInfo{}}
	if v, ok := f.Resolve(root["Version"]).(pdfobj.Name); ok && string(v) > info.Version {
		info.Version = string(v)
	}
	if d := f.Info(); d != nil {
		info.Title = pdfobj.Text(f.Resolve(d["Title"]))
		info.Author = pdfobj.Text(f.Resolve(d["Author"]))
		info.Subject = pdfobj.Text(f.Resolve(d["Subject"]))
		info.Producer = pdfobj.Text(f.Resolve(d["Producer"]))
		info.Creator = pdfobj.Text(f.Resolve(d["Creator"]))
	}
	info.Lang = pdfobj.Text(f.Resolve(root["Lang"]))
	if mi, ok := f.Resolve(root["MarkInfo"]).(pdfobj.Dict); ok {
		b, _ := f.Resolve(mi["Marked"]).(pdfobj.Bool)
		info.Tagged = bool(b)
	}
	if vp, ok := f.Resolve(root["ViewerPreferences"]).(pdfobj.Dict); ok {
		b, _ := f.Resolve(vp["DisplayDocTitle"]).(pdfobj.Bool)
		info.DisplayDocTitle = bool(b)
	}
	if s, ok := f.Resolve(root["Metadata"]).(*pdfobj.Stream); ok {
		info.HasXMP = true
		if xmp, err := f.DecodeStream(s); err == nil {
			info.PDFUAPart = xmpPDFUAPart(xmp)
			if info.Title == "" {
				info.Title = xmpTitle(xmp)
			}
		} else {
			info.Warnings = append(info.Warnings, "XMP metadata: "+err.Error())
		}
	}

	pages, err := f.Pages()
	if err != nil {
		info.Warnings = append(info.Warnings, "page tree: "+err.Error())
	}
	pageOf := map[int]int{}
	fonts := map[string]*FontInfo{}
	for i, p := range pages {
		w, h := p.MediaBox[2]-p.MediaBox[0], p.MediaBox[3]-p.MediaBox[1]
		if p.CropBox != [4]float64{} {
			w, h = p.CropBox[2]-p.CropBox[0], p.CropBox[3]-p.CropBox[1]
		}
		w, h = math.Abs(w), math.Abs(h)
		info.Pages = append(info.Pages, PageInfo{Number: i + 1, Width: round2(w), Height: round2(h), Name: paperName(w, h), Rotate: p.Rotate})
		if p.Ref.Num != 0 {
			pageOf[p.Ref.Num] = i + 1
		}
		collectFonts(f, p.Resources, i+1, fonts, 0)
	}
	for _, fi := range fonts {
		info.Fonts = append(info.Fonts, *fi)
	}
	sort.Slice(info.Fonts, func(a, b int) bool { return info.Fonts[a].Name < info.Fonts[b].Name })

	if str, ok := f.Resolve(root["StructTreeRoot"]).(pdfobj.Dict); ok {
		roles := map[string]string{}
		if rm, ok := f.Resolve(str["RoleMap"]).(pdfobj.Dict); ok {
			for k, v := range rm {
				if n, ok := f.Resolve(v).(pdfobj.Name); ok {
					roles[string(k)] = string(n)
					info.RoleMap = append(info.RoleMap, RoleMapped{Type: string(k), Standard: string(n)})
				}
			}
			sort.Slice(info.RoleMap, func(a, b int) bool { return info.RoleMap[a].Type < info.RoleMap[b].Type })
		}
		w := &structWalker{f: f, roles: roles, pageOf: pageOf, seen: map[int]bool{}}
		info.Structure = &StructNode{Type: "StructTreeRoot"}
		w.kids(info.Structure, str["K"], 0, 0)
		info.Elements, info.MarkedContent = w.elements, w.mcrs
		fillText(info.Structure, markedText(f, pages))
		if w.truncated {
			info.Warnings = append(info.Warnings, "structure tree truncated (too deep, too large or cyclic)")
		}
	}
	info.Warnings = append(info.Warnings, f.Warnings()...)
	return info, nil
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// paperSizes are common page sizes in points (portrait).
var paperSizes = []struct {
	name string
	w, h float64
}{
	{"A3", 841.89, 1190.55}, {"A4", 595.28, 841.89}, {"A5", 419.53, 595.28}, {"A6", 297.64, 419.53},
	{"B4", 708.66, 1000.63}, {"B5", 498.9, 708.66}, {"Letter", 612, 792}, {"Legal", 612, 1008},
	{"Ledger", 1224, 792}, {"Tabloid", 792, 1224}, {"Executive", 522, 756},
}

// paperName names a page size within 1.5 pt, with "landscape" when turned.
func paperName(w, h float64) string {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1.5 }
	for _, p := range paperSizes {
		if near(w, p.w) && near(h, p.h) {
			return p.name
		}
	}
	for _, p := range paperSizes {
		if near(w, p.h) && near(h, p.w) {
			return p.name + " landscape"
		}
	}
	return ""
}

var (
	pdfuaAttr  = regexp.MustCompile(`pdfuaid:part\s*=\s*["'](\d+)["']`)
	pdfuaElem  = regexp.MustCompile(`<pdfuaid:part>\s*(\d+)\s*</pdfuaid:part>`)
	xmpTitleRe = regexp.MustCompile(`(?s)<dc:title>.*?<rdf:li[^>]*>(.*?)</rdf:li>`)
)

func xmpPDFUAPart(xmp []byte) int {
	for _, re := range []*regexp.Regexp{pdfuaElem, pdfuaAttr} {
		if m := re.FindSubmatch(xmp); m != nil {
			n, _ := strconv.Atoi(string(m[1]))
			return n
		}
	}
	return 0
}

func xmpTitle(xmp []byte) string {
	if m := xmpTitleRe.FindSubmatch(xmp); m != nil {
		r := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&")
		return r.Replace(string(m[1]))
	}
	return ""
}

// collectFonts records the fonts of a resource dictionary and of the form
// XObjects it uses (to a small depth).
func collectFonts(f *pdfobj.File, res pdfobj.Dict, page int, fonts map[string]*FontInfo, depth int) {
	if res == nil || depth > 4 {
		return
	}
	if fd, ok := f.Resolve(res["Font"]).(pdfobj.Dict); ok {
		for key, v := range fd {
			font, ok := f.Resolve(v).(pdfobj.Dict)
			if !ok {
				continue
			}
			id := "direct:" + string(key)
			if r, ok := v.(pdfobj.Ref); ok {
				id = strconv.Itoa(r.Num)
			}
			fi := fonts[id]
			if fi == nil {
				fi = describeFont(f, font)
				fonts[id] = fi
			}
			if len(fi.Pages) == 0 || fi.Pages[len(fi.Pages)-1] != page {
				fi.Pages = append(fi.Pages, page)
			}
		}
	}
	if xd, ok := f.Resolve(res["XObject"]).(pdfobj.Dict); ok {
		for _, v := range xd {
			if s, ok := f.Resolve(v).(*pdfobj.Stream); ok {
				if st, _ := f.Resolve(s.Dict["Subtype"]).(pdfobj.Name); st == "Form" {
					r, _ := f.Resolve(s.Dict["Resources"]).(pdfobj.Dict)
					collectFonts(f, r, page, fonts, depth+1)
				}
			}
		}
	}
}

var subsetTag = regexp.MustCompile(`^[A-Z]{6}\+`)

func describeFont(f *pdfobj.File, font pdfobj.Dict) *FontInfo {
	name := pdfobj.Text(f.Resolve(font["BaseFont"]))
	subtype := pdfobj.Text(f.Resolve(font["Subtype"]))
	desc, _ := f.Resolve(font["FontDescriptor"]).(pdfobj.Dict)
	if subtype == "Type0" {
		if arr, ok := f.Resolve(font["DescendantFonts"]).(pdfobj.Array); ok && len(arr) > 0 {
			if d, ok := f.Resolve(arr[0]).(pdfobj.Dict); ok {
				desc, _ = f.Resolve(d["FontDescriptor"]).(pdfobj.Dict)
				subtype += "/" + pdfobj.Text(f.Resolve(d["Subtype"]))
			}
		}
	}
	embedded := false
	if desc != nil {
		embedded = desc["FontFile"] != nil || desc["FontFile2"] != nil || desc["FontFile3"] != nil
	}
	if subtype == "Type3" {
		embedded = true // glyphs are content streams in the font
	}
	return &FontInfo{Name: name, Subtype: subtype, Embedded: embedded, Subset: subsetTag.MatchString(name), ToUnicode: font["ToUnicode"] != nil}
}

// structWalker builds the outline of the structure tree.
type structWalker struct {
	f         *pdfobj.File
	roles     map[string]string
	pageOf    map[int]int
	seen      map[int]bool
	elements  int
	mcrs      int
	truncated bool
}

// kids adds the children in k (an element, MCID, MCR, OBJR or an array of
// them) to parent. page is the inherited /Pg.
func (w *structWalker) kids(parent *StructNode, k pdfobj.Object, page, depth int) {
	if r, ok := k.(pdfobj.Ref); ok {
		if w.seen[r.Num] {
			w.truncated = true
			return
		}
	}
	switch v := w.f.Resolve(k).(type) {
	case pdfobj.Array:
		for _, item := range v {
			w.kids(parent, item, page, depth)
		}
	case pdfobj.Int:
		parent.MCIDs++
		w.mcrs++
		parent.refs = append(parent.refs, mcKey{page, int(v)})
	case pdfobj.Dict:
		switch t, _ := w.f.Resolve(v["Type"]).(pdfobj.Name); t {
		case "MCR":
			parent.MCIDs++
			w.mcrs++
			pg := page
			if r, ok := v["Pg"].(pdfobj.Ref); ok {
				if p, ok := w.pageOf[r.Num]; ok {
					pg = p
				}
			}
			if id, ok := w.f.Resolve(v["MCID"]).(pdfobj.Int); ok {
				parent.refs = append(parent.refs, mcKey{pg, int(id)})
			}
			return
		case "OBJR":
			parent.Objects++
			return
		}
		if depth >= maxStructDepth || w.elements >= maxStructNodes {
			w.truncated = true
			return
		}
		if r, ok := k.(pdfobj.Ref); ok {
			w.seen[r.Num] = true
		}
		parent.Children = append(parent.Children, w.element(v, page, depth))
	}
}

func (w *structWalker) element(d pdfobj.Dict, page, depth int) *StructNode {
	w.elements++
	f := w.f
	n := &StructNode{Type: pdfobj.Text(f.Resolve(d["S"]))}
	if std := w.standard(n.Type); std != n.Type {
		n.Standard = std
	}
	n.Alt = pdfobj.Text(f.Resolve(d["Alt"]))
	n.ActualText = pdfobj.Text(f.Resolve(d["ActualText"]))
	n.Lang = pdfobj.Text(f.Resolve(d["Lang"]))
	n.Title = pdfobj.Text(f.Resolve(d["T"]))
	n.Scope = w.scope(d["A"])
	if r, ok := d["Pg"].(pdfobj.Ref); ok {
		if p, ok := w.pageOf[r.Num]; ok {
			page = p
		}
	}
	n.Page = page
	w.kids(n, d["K"], page, depth+1)
	return n
}

// standard follows the role map to a standard type (bounded).
func (w *structWalker) standard(t string) string {
	for i := 0; i < 10; i++ {
		m, ok := w.roles[t]
		if !ok || m == t {
			break
		}
		t = m
	}
	return t
}

// scope finds a table /Scope in the attribute object(s) a.
func (w *structWalker) scope(a pdfobj.Object) string {
	var list pdfobj.Array
	switch v := w.f.Resolve(a).(type) {
	case pdfobj.Dict:
		list = pdfobj.Array{v}
	case pdfobj.Array:
		list = v
	}
	for _, item := range list {
		if d, ok := w.f.Resolve(item).(pdfobj.Dict); ok {
			if s, ok := w.f.Resolve(d["Scope"]).(pdfobj.Name); ok {
				return string(s)
			}
		}
	}
	return ""
}

// writeText prints the report for people.
func (info *PDFInfo) writeText(out io.Writer) error {
	var b strings.Builder
	yes := func(v bool) string {
		if v {
			return "yes"
		}
		return "no"
	}
	field := func(name, v string) {
		if v == "" {
			v = "(none)"
		}
		fmt.Fprintf(&b, "%-17s %s\n", name+":", v)
	}
	field("PDF version", info.Version)
	field("Title", info.Title)
	field("Author", info.Author)
	if info.Subject != "" {
		field("Subject", info.Subject)
	}
	field("Producer", info.Producer)
	field("Language", info.Lang)
	ua := "(none)"
	if info.PDFUAPart > 0 {
		ua = fmt.Sprintf("PDF/UA-%d (XMP pdfuaid:part %d)", info.PDFUAPart, info.PDFUAPart)
	}
	field("PDF/UA", ua)
	field("Tagged", yes(info.Tagged))
	field("DisplayDocTitle", fmt.Sprint(info.DisplayDocTitle))
	field("XMP metadata", yes(info.HasXMP))
	if info.Encrypted {
		field("Encrypted", "yes")
	}
	fmt.Fprintf(&b, "%-17s %d\n", "Pages:", len(info.Pages))
	for _, g := range groupPages(info.Pages) {
		fmt.Fprintf(&b, "  %s\n", g)
	}
	fmt.Fprintf(&b, "Fonts: %d\n", len(info.Fonts))
	for _, fi := range info.Fonts {
		var attrs []string
		attrs = append(attrs, fi.Subtype)
		if fi.Embedded {
			attrs = append(attrs, "embedded")
		} else {
			attrs = append(attrs, "NOT embedded")
		}
		if fi.Subset {
			attrs = append(attrs, "subset")
		}
		if fi.ToUnicode {
			attrs = append(attrs, "ToUnicode")
		} else {
			attrs = append(attrs, "no ToUnicode")
		}
		fmt.Fprintf(&b, "  %s (%s)\n", fi.Name, strings.Join(attrs, ", "))
	}
	if len(info.RoleMap) > 0 {
		fmt.Fprintf(&b, "Role map:")
		for _, r := range info.RoleMap {
			fmt.Fprintf(&b, " %s→%s", r.Type, r.Standard)
		}
		b.WriteString("\n")
	}
	if info.Structure == nil {
		b.WriteString("Structure tree: none (no /StructTreeRoot)\n")
	} else {
		fmt.Fprintf(&b, "Structure tree: %d elements, %d marked-content references\n", info.Elements, info.MarkedContent)
		for _, c := range info.Structure.Children {
			writeNode(&b, c, 1)
		}
	}
	for _, w := range info.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	_, err := io.WriteString(out, b.String())
	return err
}

// groupPages describes runs of pages with the same size.
func groupPages(pages []PageInfo) []string {
	var out []string
	for i := 0; i < len(pages); {
		j := i
		for j+1 < len(pages) && pages[j+1].Width == pages[i].Width && pages[j+1].Height == pages[i].Height && pages[j+1].Rotate == pages[i].Rotate {
			j++
		}
		rng := strconv.Itoa(pages[i].Number)
		if j > i {
			rng += "-" + strconv.Itoa(pages[j].Number)
		}
		s := fmt.Sprintf("%s: %g × %g pt", rng, pages[i].Width, pages[i].Height)
		if pages[i].Name != "" {
			s += " (" + pages[i].Name + ")"
		}
		if pages[i].Rotate != 0 {
			s += fmt.Sprintf(" rotated %d°", pages[i].Rotate)
		}
		out = append(out, s)
		i = j + 1
	}
	return out
}

func writeNode(b *strings.Builder, n *StructNode, depth int) {
	b.WriteString(strings.Repeat("  ", depth))
	b.WriteString(n.Type)
	if n.Standard != "" {
		b.WriteString(" → " + n.Standard)
	}
	if n.Lang != "" {
		fmt.Fprintf(b, " lang=%s", n.Lang)
	}
	if n.Scope != "" {
		fmt.Fprintf(b, " scope=%s", n.Scope)
	}
	if n.Alt != "" {
		fmt.Fprintf(b, " alt=%q", clip(n.Alt))
	}
	if n.ActualText != "" {
		fmt.Fprintf(b, " actualtext=%q", clip(n.ActualText))
	}
	if n.Title != "" {
		fmt.Fprintf(b, " title=%q", clip(n.Title))
	}
	if n.Text != "" {
		fmt.Fprintf(b, " %q", n.Text)
	}
	var notes []string
	if n.Page > 0 {
		notes = append(notes, "p."+strconv.Itoa(n.Page))
	}
	if n.MCIDs > 0 {
		notes = append(notes, fmt.Sprintf("%d mcid", n.MCIDs))
	}
	if n.Objects > 0 {
		notes = append(notes, fmt.Sprintf("%d obj", n.Objects))
	}
	if len(notes) > 0 {
		b.WriteString(" [" + strings.Join(notes, ", ") + "]")
	}
	b.WriteString("\n")
	for _, c := range n.Children {
		writeNode(b, c, depth+1)
	}
}

// fillText sets each element's Text from its marked-content sequences.
func fillText(n *StructNode, text map[mcKey]string) {
	var b strings.Builder
	for _, k := range n.refs {
		b.WriteString(text[k])
	}
	n.Text = clip(strings.Join(strings.Fields(b.String()), " "))
	for _, c := range n.Children {
		fillText(c, text)
	}
}

func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
