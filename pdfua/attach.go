package pdfua

import (
	"crypto/md5"
	"slices"
	"strings"
	"time"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Attachment is a file embedded in the document (an embedded file
// specification in the /EmbeddedFiles name tree, listed in the catalog's
// /AF array).
type Attachment struct {
	// Name is the file name (/F and /UF); names are unique in a document.
	Name string
	// Description is the file's description (/Desc), which PDF/UA-1 7.11
	// wants for assistive technology: required.
	Description string
	// MIME is the media type (/Subtype of the embedded file stream), such
	// as "text/xml"; empty: application/octet-stream.
	MIME string
	// Relationship is how the file relates to the document
	// (/AFRelationship): Source, Data, Alternative, Supplement or
	// Unspecified (the default).
	Relationship string
	// Data is the file's content.
	Data []byte
	// ModTime is the file's modification date (/Params /ModDate); zero:
	// the document's date.
	ModTime time.Time
}

// Relationships are the /AFRelationship values of ISO 19005-3 and ISO
// 32000-2.
var relationships = []string{"Source", "Data", "Alternative", "Supplement", "Unspecified"}

// ParseRelationship returns the relationship named by s
// (case-insensitive), and whether it is one.
func ParseRelationship(s string) (string, bool) {
	if s == "" {
		return "Unspecified", true
	}
	for _, r := range relationships {
		if strings.EqualFold(r, s) {
			return r, true
		}
	}
	return "", false
}

// maxMIME bounds the length of a media type: it is written as a PDF name,
// which PDF/A limits to 127 bytes.
const maxMIME = 127

// Attach embeds a file. A missing name or description, a name used
// before, an unknown relationship or a malformed media type is recorded
// as the document's error.
func (d *Document) Attach(a Attachment) {
	if d.err != nil {
		return
	}
	switch {
	case strings.TrimSpace(a.Name) == "":
		d.failf("attachment without a name")
		return
	case strings.TrimSpace(a.Description) == "":
		d.failf("attachment %q has no description; PDF/UA-1 7.11 wants one (Attachment.Description)", a.Name)
		return
	}
	rel, ok := ParseRelationship(a.Relationship)
	if !ok {
		d.failf("attachment %q: unknown relationship %q (one of %s)", a.Name, a.Relationship, strings.Join(relationships, ", "))
		return
	}
	a.Relationship = rel
	if a.MIME == "" {
		a.MIME = "application/octet-stream"
	}
	if len(a.MIME) > maxMIME || !strings.Contains(a.MIME, "/") || strings.ContainsAny(a.MIME, " \t\r\n") {
		d.failf("attachment %q: %q is not a media type such as text/xml", a.Name, a.MIME)
		return
	}
	for _, b := range d.attachments {
		if b.Name == a.Name {
			d.failf("attachment %q added twice", a.Name)
			return
		}
	}
	d.attachments = append(d.attachments, a)
}

// attachmentObjects writes the embedded files and their file
// specifications, and returns the /EmbeddedFiles name tree and the
// specifications in the order attached (for /AF).
func (b *builder) attachmentObjects() (tree pdfobj.Ref, specs pdfobj.Array) {
	atts := b.d.attachments
	if len(atts) == 0 {
		return pdfobj.Ref{}, nil
	}
	specs = make(pdfobj.Array, len(atts))
	for i, a := range atts {
		sum := md5.Sum(a.Data)
		params := pdfobj.Dict{"Size": pdfobj.Int(len(a.Data)), "CheckSum": pdfobj.String(sum[:])}
		mod := a.ModTime
		if mod.IsZero() {
			mod = b.d.now()
		}
		if !mod.IsZero() {
			params["ModDate"] = pdfobj.String(pdfDate(mod.Truncate(time.Second)))
		}
		file := b.w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{
			"Type": pdfobj.Name("EmbeddedFile"), "Subtype": pdfobj.Name(a.MIME), "Params": params,
			"Filter": pdfobj.Name("FlateDecode"),
		}, Data: b.compress(a.Data)})
		specs[i] = b.w.Add(pdfobj.Dict{
			"Type":           pdfobj.Name("Filespec"),
			"F":              pdfobj.String(asciiName(a.Name)),
			"UF":             pdfobj.TextString(a.Name),
			"Desc":           pdfobj.TextString(a.Description),
			"AFRelationship": pdfobj.Name(a.Relationship),
			"EF":             pdfobj.Dict{"F": file, "UF": file},
		})
	}
	order := make([]int, len(atts))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int {
		return strings.Compare(string(pdfobj.TextString(atts[x].Name)), string(pdfobj.TextString(atts[y].Name)))
	})
	names := make(pdfobj.Array, 0, 2*len(atts))
	for _, i := range order {
		names = append(names, pdfobj.TextString(atts[i].Name), specs[i])
	}
	return b.w.Add(pdfobj.Dict{"Names": names}), specs
}

// asciiName is the /F file name: the name with bytes outside printable
// ASCII replaced by "_" (one per character) (/UF keeps the full name).
func asciiName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7E {
			return '_'
		}
		return r
	}, s)
}
