package templates

import (
	"embed"
	"fmt"
	"html/template"
	"slices"
	"sort"
	"sync"
)

//go:embed html/*.html.tmpl css/*.css schemas/*.schema.json samples/*.json
var files embed.FS

// Info describes a template.
type Info struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Required    []string `json:"required"` // top-level fields the data must have
}

// definition is a registry entry: what the template is and how its data
// becomes the value the HTML template executes on.
type definition struct {
	info Info
	// build decodes schema-valid data, checks the rules a schema cannot
	// express (adding to ps) and returns the template's view.
	build func(in input, ps *problems) (view any, lang, title string)
}

var definitions = []definition{
	{Info{ID: "accessible_report", Title: "Accessible report",
		Description: "A report with cover block, table of contents, abstract and sections with paragraphs, lists, tables and figures."},
		buildReport},
	{Info{ID: "invoice", Title: "Invoice",
		Description: "An invoice with seller and buyer, line items with computed net, tax and gross amounts, a tax breakdown, totals checked against gross_total, payment terms and bank details."},
		buildInvoice},
	{Info{ID: "scientific_paper", Title: "Scientific paper",
		Description: "A paper with authors and affiliations, abstract, keywords, numbered sections and subsections, numbered equations, figures and tables, and numbered references cited in the text."},
		buildPaper},
	{Info{ID: "official_certificate", Title: "Official certificate",
		Description: "A landscape certificate with issuing authority, recipient, achievement, date and place, certificate id, signatories and an optional seal."},
		buildCertificate},
	{Info{ID: "product_catalog", Title: "Product catalog",
		Description: "A catalog of categories with product cards (image, SKU, description, price, attribute table) that never split across pages, with the category in the page header."},
		buildCatalog},
}

// entry is a loaded template.
type entry struct {
	definition
	schema    *schema
	schemaDoc []byte
	sample    []byte
	// tmpl is the parsed template set; it is never executed itself (see
	// bakeLabels), only the copies in baked are.
	tmpl *template.Template
	// baked holds a copy of tmpl per labeler with its labels written
	// into the main template as text (see bakeLabels).
	baked map[labeler]*template.Template
	// textSize is the size of the template's own source file: with the
	// stylesheet and the data it sizes the output buffer.
	textSize int
	baseCSS  string // css/base.css
	css      string // css/<id>.css
	// sheets is the whole stylesheet per locale: base.css, the locale's
	// page footer and the template's own CSS, joined once.
	sheets map[*locale]template.CSS
}

// registry is the read-only set of loaded templates.
type registry struct {
	byID map[string]*entry
	ids  []string
}

// loadRegistry parses every embedded template, stylesheet and schema once.
var loadRegistry = sync.OnceValues(func() (*registry, error) {
	r := &registry{byID: map[string]*entry{}}
	base, err := files.ReadFile("css/base.css")
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	for _, d := range definitions {
		e := &entry{definition: d}
		id := d.info.ID
		if e.schemaDoc, err = files.ReadFile("schemas/" + id + ".schema.json"); err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		if e.schema, err = compileSchema(e.schemaDoc); err != nil {
			return nil, fmt.Errorf("templates: %s: %w", id, err)
		}
		e.info.Required = slices.Clone(e.schema.required)
		if e.sample, err = files.ReadFile("samples/" + id + ".json"); err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		css, err := files.ReadFile("css/" + id + ".css")
		if err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		e.baseCSS, e.css = string(base), string(css)
		e.sheets = map[*locale]template.CSS{}
		for _, loc := range locales {
			e.sheets[loc] = template.CSS(e.baseCSS + loc.pageCSS() + e.css) // embedded, trusted
		}
		src, err := files.ReadFile("html/" + id + ".html.tmpl")
		if err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		e.textSize = len(src)
		e.tmpl, err = template.New(id).Funcs(funcs).ParseFS(files, "html/common.html.tmpl", "html/"+id+".html.tmpl")
		if err != nil {
			return nil, fmt.Errorf("templates: %s: %w", id, err)
		}
		e.baked = make(map[labeler]*template.Template, len(labelSets))
		for lb, set := range labelSets {
			if e.baked[lb], err = bakeLabels(e.tmpl, id+".html.tmpl", set.T); err != nil {
				return nil, fmt.Errorf("templates: %s: %w", id, err)
			}
		}
		r.byID[id] = e
		r.ids = append(r.ids, id)
	}
	sort.Strings(r.ids)
	return r, nil
})

// lookup returns the entry for id or an *UnknownTemplateError.
func lookup(id string) (*entry, error) {
	r, err := loadRegistry()
	if err != nil {
		return nil, err
	}
	e, ok := r.byID[id]
	if !ok {
		return nil, &UnknownTemplateError{ID: id, Valid: slices.Clone(r.ids)}
	}
	return e, nil
}

// List returns every template, sorted by id.
func List() []Info {
	r, err := loadRegistry()
	if err != nil {
		return nil
	}
	out := make([]Info, 0, len(r.ids))
	for _, id := range r.ids {
		out = append(out, r.byID[id].infoCopy())
	}
	return out
}

// Get returns the template with the given id.
func Get(id string) (Info, bool) {
	e, err := lookup(id)
	if err != nil {
		return Info{}, false
	}
	return e.infoCopy(), true
}

// IDs returns the valid template ids, sorted.
func IDs() []string {
	r, err := loadRegistry()
	if err != nil {
		return nil
	}
	return slices.Clone(r.ids)
}

// Schema returns the JSON Schema (draft 2020-12) of a template's data.
func Schema(id string) ([]byte, error) {
	e, err := lookup(id)
	if err != nil {
		return nil, err
	}
	return slices.Clone(e.schemaDoc), nil
}

// Sample returns the sample data of a template (the file
// templates/samples/<id>.json).
func Sample(id string) ([]byte, error) {
	e, err := lookup(id)
	if err != nil {
		return nil, err
	}
	return slices.Clone(e.sample), nil
}

func (e *entry) infoCopy() Info {
	i := e.info
	i.Required = slices.Clone(i.Required)
	return i
}
