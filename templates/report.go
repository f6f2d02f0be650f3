package templates

import (
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
	ID, Label string
	Table     Table
}

type numberedFigure struct {
	ID, Label string
	Figure    figure
}

type reportView struct {
	reportData
	DateText string
	Sections []reportSectionView
}

type reportSectionView struct {
	reportSection
	Anchor, Number string
	Tables         []numberedTable
	Figures        []numberedFigure
}

func buildReport(data []byte, ps *problems) (any, string, string) {
	var d reportData
	if !decodeInto(data, &d, ps) {
		return nil, "", ""
	}
	v := reportView{reportData: d, DateText: formatDate(d.Lang, d.Date)}
	ids := map[string]int{}
	tableN, figureN := 0, 0
	for i, s := range d.Sections {
		path := "data.sections[" + strconv.Itoa(i) + "]"
		sv := reportSectionView{reportSection: s, Number: strconv.Itoa(i + 1), Anchor: s.ID}
		if sv.Anchor == "" {
			sv.Anchor = "section-" + strconv.Itoa(i+1)
		} else if j, dup := ids[s.ID]; dup {
			ps.add(path+".id", "expected a unique id, %q is also used by data.sections[%d]", s.ID, j)
		}
		ids[sv.Anchor] = i
		for j, t := range s.Tables {
			checkTable(path+".tables["+strconv.Itoa(j)+"]", t, ps)
			tableN++
			sv.Tables = append(sv.Tables, numberedTable{Label: "Table " + strconv.Itoa(tableN) + ".", Table: t})
		}
		for j, f := range s.Figures {
			checkImage(path+".figures["+strconv.Itoa(j)+"].image", f.Image, ps)
			figureN++
			sv.Figures = append(sv.Figures, numberedFigure{Label: "Figure " + strconv.Itoa(figureN) + ".", Figure: f})
		}
		v.Sections = append(v.Sections, sv)
	}
	return v, d.Lang, d.Title
}
