package templates

import (
	"html/template"
	"strconv"
)

// reportData is the accessible_report template's data
// (schemas/accessible_report.schema.json).
type reportData struct {
	Lang         string          `json:"lang"`
	Title        string          `json:"title"`
	Subtitle     string          `json:"subtitle"`
	Authors      []string        `json:"authors"`
	Organization string          `json:"organization"`
	Date         string          `json:"date"`
	Abstract     string          `json:"abstract"`
	Sections     []reportSection `json:"sections"`
}

type reportSection struct {
	ID         string   `json:"id"`
	Heading    string   `json:"heading"`
	Paragraphs []string `json:"paragraphs"`
	Bullets    []string `json:"bullets"`
	Tables     []Table  `json:"tables"`
	Figures    []figure `json:"figures"`
}

type figure struct {
	Image   Image  `json:"image"`
	Alt     string `json:"alt"`
	Caption string `json:"caption"`
}

// numberedTable and numberedFigure carry the caption label ("Table 2.")
// the shared "table" and "figure" templates print.
type numberedTable struct {
	ID    string
	Label template.HTML // escaped, from labeler.F
	Table Table
}

type numberedFigure struct {
	ID     string
	Label  template.HTML // escaped, from labeler.F
	Figure figure
}

// reportView is what accessible_report.html.tmpl executes on. Like
// invoiceView it copies the data fields the template reads rather than
// embedding reportData, so that text/template finds them without
// reflect's allocating search through embedded structs.
type reportView struct {
	Organization, Title, Subtitle, Date, Abstract string
	Authors                                       []string
	DateText                                      string
	Sections                                      []reportSectionView
}

type reportSectionView struct {
	Heading             string
	Paragraphs, Bullets []string
	Anchor, Number      string
	Tables              []numberedTable
	Figures             []numberedFigure
}

func buildReport(in input, ps *problems) (any, string, string) {
	var d reportData
	if !decodeInto(in, &d, ps) {
		return nil, "", ""
	}
	v := reportView{
		Organization: d.Organization, Title: d.Title, Subtitle: d.Subtitle, Date: d.Date, Abstract: d.Abstract,
		Authors: d.Authors, DateText: formatDate(d.Lang, d.Date),
	}
	lb := labelerFor(d.Lang)
	anchors := reportAnchors(d.Sections, ps)
	tableN, figureN := 0, 0
	for i, s := range d.Sections {
		path := "data.sections[" + strconv.Itoa(i) + "]"
		sv := reportSectionView{Heading: s.Heading, Paragraphs: s.Paragraphs, Bullets: s.Bullets,
			Number: strconv.Itoa(i + 1), Anchor: anchors[i]}
		for j, t := range s.Tables {
			checkTable(path+".tables["+strconv.Itoa(j)+"]", t, ps)
			tableN++
			sv.Tables = append(sv.Tables, numberedTable{Label: lb.F("table", tableN), Table: t})
		}
		for j, f := range s.Figures {
			checkImage(path+".figures["+strconv.Itoa(j)+"].image", f.Image, ps)
			figureN++
			sv.Figures = append(sv.Figures, numberedFigure{Label: lb.F("figure", figureN), Figure: f})
		}
		v.Sections = append(v.Sections, sv)
	}
	return v, d.Lang, d.Title
}

// reportAnchors returns each section's anchor — its id, or section-N — and
// reports ids that collide with another section's anchor or with the
// document's own "abstract".
func reportAnchors(sections []reportSection, ps *problems) []string {
	anchors := make([]string, len(sections))
	for i, s := range sections {
		anchors[i] = s.ID
		if s.ID == "" {
			anchors[i] = "section-" + strconv.Itoa(i+1)
		}
	}
	seen := map[string]int{"abstract": -1}
	for i, a := range anchors {
		j, dup := seen[a]
		if !dup {
			seen[a] = i
			continue
		}
		// Blame a section that chose its id, preferring this one.
		at := i
		if sections[i].ID == "" && j >= 0 {
			at = j
		}
		switch {
		case j < 0:
			ps.add("data.sections["+strconv.Itoa(at)+"].id", "%q is reserved for the abstract", a)
		case at == i:
			ps.add("data.sections["+strconv.Itoa(at)+"].id", "expected a unique id, %q is also the anchor of data.sections[%d]", a, j)
		default:
			ps.add("data.sections["+strconv.Itoa(at)+"].id", "expected a unique id, %q is also the anchor of data.sections[%d]", a, i)
		}
	}
	return anchors
}
