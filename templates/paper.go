package templates

import (
	"html/template"
	"regexp"
	"strconv"
	"strings"
)

// paperData is the scientific_paper template's data
// (schemas/scientific_paper.schema.json).
type paperData struct {
	Lang       string         `json:"lang"`
	Title      string         `json:"title"`
	Authors    []paperAuthor  `json:"authors"`
	Venue      string         `json:"venue"`
	Date       string         `json:"date"`
	Abstract   string         `json:"abstract"`
	Keywords   []string       `json:"keywords"`
	Sections   []paperSection `json:"sections"`
	References []reference    `json:"references"`
}

type paperAuthor struct {
	Name         string   `json:"name"`
	Affiliations []string `json:"affiliations"`
	Email        string   `json:"email"`
}

type paperSection struct {
	Heading     string         `json:"heading"`
	Content     []block        `json:"content"`
	Subsections []paperSection `json:"subsections"`
}

// block is one content block of a section; Type selects which fields apply.
type block struct {
	Type    string     `json:"type"` // paragraph, list, equation, figure, table
	Text    string     `json:"text"`
	Items   []string   `json:"items"`
	Ordered bool       `json:"ordered"`
	Alt     string     `json:"alt"`
	Image   Image      `json:"image"`
	Caption string     `json:"caption"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

type reference struct {
	Key  string `json:"key"`
	Text string `json:"text"`
	URL  string `json:"url"`
	DOI  string `json:"doi"`
}

type paperView struct {
	paperData
	DateText     string
	Authors      []authorView
	Affiliations []string
	Sections     []sectionView
	References   []referenceView
}

type authorView struct {
	Name, Email string
	Marks       string // "1,2"
}

type sectionView struct {
	Anchor, Number, Heading string
	Blocks                  []blockView
	Subsections             []sectionView
}

type blockView struct {
	Type   string
	HTML   template.HTML // paragraph text with citation links, escaped
	Items  []template.HTML
	Text   string
	Alt    string
	Label  string
	Anchor string
	// Table or Figure hold the numbered table/figure for the shared templates.
	Table   numberedTable
	Figure  numberedFigure
	Ordered bool
}

type referenceView struct {
	reference
	N      int
	Anchor string
	Link   string // plain string: html/template filters unsafe schemes
}

// citation matches [@key] in paragraph text; several keys are separated by
// ";" or ",": [@smith2020; @lee2021].
var citation = regexp.MustCompile(`\[@[A-Za-z0-9_:.-]+(?:\s*[;,]\s*@[A-Za-z0-9_:.-]+)*\]`)

// paperBuilder numbers sections, equations, figures and tables and resolves
// citations while converting the data into the view.
type paperBuilder struct {
	lb           labeler
	ps           *problems
	refs         map[string]int // key → number
	eq, fig, tab int
}

func buildPaper(in input, ps *problems) (any, string, string) {
	var d paperData
	if !decodeInto(in, &d, ps) {
		return nil, "", ""
	}
	b := &paperBuilder{ps: ps, refs: map[string]int{}, lb: labelerFor(d.Lang)}
	v := paperView{paperData: d}
	if d.Date != "" {
		v.DateText = formatDate(d.Lang, d.Date)
	}
	for i, r := range d.References {
		if j, dup := b.refs[r.Key]; dup {
			ps.add("data.references["+strconv.Itoa(i)+"].key", "expected a unique key, %q is also used by data.references[%d]", r.Key, j-1)
			continue
		}
		b.refs[r.Key] = i + 1
		rv := referenceView{reference: r, N: i + 1, Anchor: "ref-" + strconv.Itoa(i+1)}
		switch {
		case r.URL != "":
			rv.Link = r.URL
		case r.DOI != "":
			rv.Link = "https://doi.org/" + r.DOI
		}
		v.References = append(v.References, rv)
	}
	// Affiliations are numbered in order of first appearance.
	affN := map[string]int{}
	for _, a := range d.Authors {
		av := authorView{Name: a.Name, Email: a.Email}
		var marks []string
		for _, aff := range a.Affiliations {
			n, ok := affN[aff]
			if !ok {
				v.Affiliations = append(v.Affiliations, aff)
				n = len(v.Affiliations)
				affN[aff] = n
			}
			marks = append(marks, strconv.Itoa(n))
		}
		av.Marks = strings.Join(marks, ",")
		v.Authors = append(v.Authors, av)
	}
	for i, s := range d.Sections {
		v.Sections = append(v.Sections, b.section(s, "data.sections["+strconv.Itoa(i)+"]", strconv.Itoa(i+1)))
	}
	return v, d.Lang, d.Title
}

func (b *paperBuilder) section(s paperSection, path, number string) sectionView {
	sv := sectionView{Anchor: "sec-" + strings.ReplaceAll(number, ".", "-"), Number: number, Heading: s.Heading}
	for i, bl := range s.Content {
		sv.Blocks = append(sv.Blocks, b.block(bl, path+".content["+strconv.Itoa(i)+"]"))
	}
	for i, sub := range s.Subsections {
		sv.Subsections = append(sv.Subsections, b.section(sub, path+".subsections["+strconv.Itoa(i)+"]", number+"."+strconv.Itoa(i+1)))
	}
	return sv
}

func (b *paperBuilder) block(bl block, path string) blockView {
	v := blockView{Type: bl.Type, Text: bl.Text, Alt: bl.Alt, Ordered: bl.Ordered}
	switch bl.Type {
	case "paragraph":
		v.HTML = b.cite(bl.Text, path+".text")
	case "list":
		for i, it := range bl.Items {
			v.Items = append(v.Items, b.cite(it, path+".items["+strconv.Itoa(i)+"]"))
		}
	case "equation":
		b.eq++
		v.Label = "(" + strconv.Itoa(b.eq) + ")"
		v.Anchor = "eq-" + strconv.Itoa(b.eq)
	case "figure":
		checkImage(path+".image", bl.Image, b.ps)
		b.fig++
		v.Figure = numberedFigure{ID: "fig-" + strconv.Itoa(b.fig), Label: b.lb.F("figure", b.fig),
			Figure: figure{Image: bl.Image, Alt: bl.Alt, Caption: bl.Caption}}
	case "table":
		t := Table{Caption: bl.Caption, Columns: bl.Columns, Rows: bl.Rows}
		checkTable(path, t, b.ps)
		b.tab++
		v.Table = numberedTable{ID: "tab-" + strconv.Itoa(b.tab), Label: b.lb.F("table", b.tab), Table: t}
	}
	return v
}

// cite escapes text and turns each [@key] into a link "[n]" to the
// reference; unknown keys are problems.
func (b *paperBuilder) cite(text, path string) template.HTML {
	var out strings.Builder
	last := 0
	for _, m := range citation.FindAllStringIndex(text, -1) {
		out.WriteString(template.HTMLEscapeString(text[last:m[0]]))
		last = m[1]
		keys := strings.FieldsFunc(text[m[0]+1:m[1]-1], func(r rune) bool { return r == ';' || r == ',' || r == ' ' })
		out.WriteString(`<span class="cite">[`)
		for i, k := range keys {
			k = strings.TrimPrefix(k, "@")
			n, ok := b.refs[k]
			if !ok {
				b.ps.add(path, "cites unknown reference key %q", k)
				continue
			}
			if i > 0 {
				out.WriteString(", ")
			}
			out.WriteString(`<a href="#ref-` + strconv.Itoa(n) + `">` + strconv.Itoa(n) + `</a>`)
		}
		out.WriteString(`]</span>`)
	}
	out.WriteString(template.HTMLEscapeString(text[last:]))
	return template.HTML(out.String()) //nolint:gosec // every piece of user text above is escaped
}
