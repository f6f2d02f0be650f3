package cli

import (
	"path/filepath"
	"strings"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/server"
)

// attachSpec is one --attach value: FILE[:DESCRIPTION[:RELATIONSHIP]].
type attachSpec struct {
	file, description, relationship string
}

// parseAttach splits an --attach value. FILE ends at the first colon;
// the rest is the description, except a last colon-separated part that
// names a relationship (Source, Data, Alternative, Supplement,
// Unspecified; any case), which is the relationship. So
// "data.csv:Raw data: 2025:Source" is data.csv, described as "Raw data:
// 2025", relationship Source.
func parseAttach(v string) (attachSpec, error) {
	file, rest, _ := strings.Cut(v, ":")
	if strings.TrimSpace(file) == "" {
		return attachSpec{}, usageErr("--attach %q: no file; want FILE[:DESCRIPTION[:RELATIONSHIP]]", v)
	}
	s := attachSpec{file: file, description: rest}
	if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		if rel, ok := lookup(strings.TrimSpace(rest[i+1:]), server.AttachmentRelationships); ok {
			s.description, s.relationship = rest[:i], rel
		}
	} else if rel, ok := lookup(strings.TrimSpace(rest), server.AttachmentRelationships); ok {
		s.description, s.relationship = "", rel
	}
	s.description = strings.TrimSpace(s.description)
	return s, nil
}

// attachments reads the --attach files into o.Attachments.
func (d *docFlags) attachments(o *folio.Options) error {
	for _, v := range d.attach {
		s, err := parseAttach(v)
		if err != nil {
			return err
		}
		data, err := readFileIn(filepath.Dir(s.file), s.file)
		if err != nil {
			return inputErr("--attach %s: %v", s.file, err)
		}
		o.Attachments = append(o.Attachments, folio.Attachment{Name: filepath.Base(s.file), Description: s.description,
			Relationship: s.relationship, Data: data})
	}
	return nil
}
