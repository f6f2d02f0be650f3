package ua

import (
	"github.com/seed28491532/folio/audit"
)

// rule describes one check: its id, the standards it comes from and how
// to repair a failure.
type rule struct {
	id         string
	clause     string   // ISO 14289-1 clause, e.g. "7.1"
	matterhorn []string // Matterhorn failure conditions
	severity   audit.Severity
	hint       string
	// refs, when set, are the standards of a rule that is not PDF/UA's
	// (spec_rules.go).
	refs []string
	// reason says why a needs-review rule's findings need a person.
	reason string
}

func (r rule) standards() []string {
	if r.refs != nil {
		return r.refs
	}
	s := []string{"PDF/UA-1 " + r.clause}
	for _, m := range r.matterhorn {
		s = append(s, "Matterhorn "+m)
	}
	return s
}

// Rule ids that are not veraPDF rules.
const (
	ruleEncrypted = "pdfua-encrypted"
	ruleDamaged   = "pdfua-file-structure"
	ruleContent   = "pdfua-content-stream"
)

func r(id, clause, hint string, mh ...string) rule {
	return rule{id: "pdfua-" + id, clause: clause, matterhorn: mh, severity: audit.Error, hint: hint}
}

// ruleFor returns the rule with the given id.
func ruleFor(id string) (rule, bool) {
	switch id {
	case "pdfua-5-1":
		return r("5-1", "5", "add the PDF/UA identification schema (pdfuaid:part 1, namespace http://www.aiim.org/pdfua/ns/id/) to the catalog's XMP metadata", "06-002"), true
	case "pdfua-5-2":
		return r("5-2", "5", "set pdfuaid:part to 1 in the XMP metadata", "06-002"), true
	case "pdfua-5-3":
		return r("5-3", "5", "bind the namespace http://www.aiim.org/pdfua/ns/id/ to the prefix pdfuaid", "06-002"), true
	case "pdfua-5-4":
		return r("5-4", "5", "write pdfuaid:amd with the prefix pdfuaid"), true
	case "pdfua-5-5":
		return r("5-5", "5", "write pdfuaid:corr with the prefix pdfuaid"), true
	case "pdfua-6.1-1":
		return r("6.1-1", "6.1", "write the header %PDF-1.7 (PDF/UA-1 files must be PDF 1.0–1.7)"), true
	case "pdfua-6.2-1":
		return r("6.2-1", "6.2", "add /MarkInfo <</Marked true>> to the catalog"), true
	case "pdfua-7.1-1":
		return r("7.1-1", "7.1", "close the tagged marked-content sequence before opening the /Artifact sequence; never nest an artifact in real content", "01-003"), true
	case "pdfua-7.1-2":
		return r("7.1-2", "7.1", "move MCID content out of /Artifact sequences; never nest real content in an artifact", "01-004"), true
	case "pdfua-7.1-3":
		return r("7.1-3", "7.1", "wrap every painted item in a marked-content sequence with an MCID owned by a structure element, or in /Artifact BMC … EMC when it is decorative (backgrounds, borders, running headers)", "01-005"), true
	case "pdfua-7.1-4":
		return r("7.1-4", "7.1", "remove /Suspects true from /MarkInfo after fixing the tagging", "01-007"), true
	case "pdfua-7.1-5":
		return r("7.1-5", "7.1", "map every non-standard structure type to a standard one in the /RoleMap", "02-001"), true
	case "pdfua-7.1-6":
		return r("7.1-6", "7.1", "remove the circular /RoleMap entries (an identity entry such as /P /P counts as circular)", "02-003"), true
	case "pdfua-7.1-7":
		return r("7.1-7", "7.1", "remove standard structure types from the /RoleMap keys", "02-004"), true
	case "pdfua-7.1-8":
		return r("7.1-8", "7.1", "add an XMP metadata stream (/Type /Metadata /Subtype /XML) as the catalog's /Metadata", "06-001"), true
	case "pdfua-7.1-9":
		return r("7.1-9", "7.1", "add dc:title as an rdf:Alt with an x-default rdf:li to the XMP metadata", "06-003"), true
	case "pdfua-7.1-10":
		return r("7.1-10", "7.1", "add /ViewerPreferences <</DisplayDocTitle true>> to the catalog", "07-001", "07-002"), true
	case "pdfua-7.1-11":
		return r("7.1-11", "7.1", "tag the document: add a structure tree (/StructTreeRoot) to the catalog"), true
	case "pdfua-7.1-12":
		return r("7.1-12", "7.1", "give every structure element a /P entry pointing at its parent"), true
	case "pdfua-7.2-2":
		return r("7.2-2", "7.2", "set the catalog /Lang so the language of the outline entries is known", "11-003"), true
	case "pdfua-7.2-3":
		return r("7.2-3", "7.2", "give Table only TR, THead, TBody, TFoot and Caption children", "09-004"), true
	case "pdfua-7.2-4":
		return r("7.2-4", "7.2", "put TR elements only in Table, THead, TBody or TFoot", "09-004"), true
	case "pdfua-7.2-5":
		return r("7.2-5", "7.2", "put THead only directly in a Table", "09-004"), true
	case "pdfua-7.2-6":
		return r("7.2-6", "7.2", "put TBody only directly in a Table", "09-004"), true
	case "pdfua-7.2-7":
		return r("7.2-7", "7.2", "put TFoot only directly in a Table", "09-004"), true
	case "pdfua-7.2-8":
		return r("7.2-8", "7.2", "put TH only in a TR", "09-004"), true
	case "pdfua-7.2-9":
		return r("7.2-9", "7.2", "put TD only in a TR", "09-004"), true
	case "pdfua-7.2-10":
		return r("7.2-10", "7.2", "give TR only TH and TD children", "09-004"), true
	case "pdfua-7.2-11":
		return r("7.2-11", "7.2", "use at most one THead per Table", "09-004"), true
	case "pdfua-7.2-12":
		return r("7.2-12", "7.2", "use at most one TFoot per Table", "09-004"), true
	case "pdfua-7.2-13":
		return r("7.2-13", "7.2", "add a TBody to a Table that has a TFoot", "09-004"), true
	case "pdfua-7.2-14":
		return r("7.2-14", "7.2", "add a TBody to a Table that has a THead", "09-004"), true
	case "pdfua-7.2-15":
		return r("7.2-15", "7.2", "fix /RowSpan and /ColSpan so that no two table cells overlap", "09-004"), true
	case "pdfua-7.2-16":
		return r("7.2-16", "7.2", "put the table Caption first or last", "09-004"), true
	case "pdfua-7.2-17":
		return r("7.2-17", "7.2", "put LI only in an L", "09-005"), true
	case "pdfua-7.2-18":
		return r("7.2-18", "7.2", "put LBody only in an LI", "09-005"), true
	case "pdfua-7.2-19":
		return r("7.2-19", "7.2", "give L only L, LI and Caption children", "09-005"), true
	case "pdfua-7.2-20":
		return r("7.2-20", "7.2", "give LI only Lbl and LBody children", "09-005"), true
	case "pdfua-7.2-21":
		return r("7.2-21", "7.2", "set /Lang on the element, an ancestor or the catalog so the language of /ActualText is known", "11-002"), true
	case "pdfua-7.2-22":
		return r("7.2-22", "7.2", "set /Lang on the element, an ancestor or the catalog so the language of /Alt is known", "11-002"), true
	case "pdfua-7.2-23":
		return r("7.2-23", "7.2", "set /Lang on the element, an ancestor or the catalog so the language of /E is known", "11-002"), true
	case "pdfua-7.2-24":
		return r("7.2-24", "7.2", "set the catalog /Lang (or /Lang on the annotation's structure element)", "11-004"), true
	case "pdfua-7.2-25":
		return r("7.2-25", "7.2", "set the catalog /Lang (or the Form element's /Lang) so the language of form field tooltips (/TU) is known", "11-005"), true
	case "pdfua-7.2-26":
		return r("7.2-26", "7.2", "put TOCI only in a TOC", "09-006"), true
	case "pdfua-7.2-27":
		return r("7.2-27", "7.2", "give TOC only TOC, TOCI and Caption children", "09-006"), true
	case "pdfua-7.2-28":
		return r("7.2-28", "7.2", "put the TOC Caption first", "09-006"), true
	case "pdfua-7.2-29":
		return r("7.2-29", "7.2", "write /Lang as a BCP 47 tag such as en-US (letters, digits and hyphens; no underscore, not empty)", "11-001"), true
	case "pdfua-7.2-30":
		return r("7.2-30", "7.2", "set /Lang so the language of the Span's /ActualText is known", "11-002"), true
	case "pdfua-7.2-31":
		return r("7.2-31", "7.2", "set /Lang so the language of the Span's /Alt is known", "11-002"), true
	case "pdfua-7.2-32":
		return r("7.2-32", "7.2", "set /Lang so the language of the Span's /E is known", "11-002"), true
	case "pdfua-7.2-33":
		return r("7.2-33", "7.2", "set the catalog /Lang, or give XMP language alternatives an item with a concrete language besides x-default", "11-006"), true
	case "pdfua-7.2-34":
		return r("7.2-34", "7.2", "set the catalog /Lang (or /Lang on the structure elements or marked content) so the language of the text is known", "11-001"), true
	case "pdfua-7.2-36":
		return r("7.2-36", "7.2", "give THead only TR children", "09-004"), true
	case "pdfua-7.2-37":
		return r("7.2-37", "7.2", "give TBody only TR children", "09-004"), true
	case "pdfua-7.2-38":
		return r("7.2-38", "7.2", "give TFoot only TR children", "09-004"), true
	case "pdfua-7.2-39":
		return r("7.2-39", "7.2", "use at most one Caption per Table", "09-004"), true
	case "pdfua-7.2-40":
		return r("7.2-40", "7.2", "put the list Caption first", "09-005"), true
	case "pdfua-7.2-41":
		return r("7.2-41", "7.2", "clamp /RowSpan so no cell extends past the last row", "01-006"), true
	case "pdfua-7.2-42":
		return r("7.2-42", "7.2", "make every table row span the same number of columns as the first row (fix /ColSpan)", "01-006"), true
	case "pdfua-7.2-43":
		return r("7.2-43", "7.2", "pad short table rows with empty TD elements so every row spans all columns", "01-006"), true
	case "pdfua-7.3-1":
		return r("7.3-1", "7.3", "give the Figure a non-empty /Alt describing the image, or mark a decorative image as an artifact", "13-004"), true
	case "pdfua-7.4.2-1":
		return r("7.4.2-1", "7.4.2", "number headings without skipping levels: the first heading is H1 and each is at most one level deeper than the previous", "14-002", "14-003"), true
	case "pdfua-7.4.4-1":
		return r("7.4.4-1", "7.4.4", "use at most one H child per structure element", "14-006"), true
	case "pdfua-7.4.4-2":
		return r("7.4.4-2", "7.4.4", "use either H or H1–H6 in a document, not both", "14-007"), true
	case "pdfua-7.4.4-3":
		return r("7.4.4-3", "7.4.4", "use either H or H1–H6 in a document, not both", "14-007"), true
	case "pdfua-7.5-1":
		return r("7.5-1", "7.5", "give every TH a /Scope (Column, Row or Both), or give TDs /Headers naming TH /IDs", "15-003"), true
	case "pdfua-7.5-2":
		return r("7.5-2", "7.5", "make TD /Headers name only existing TH /IDs", "15-003"), true
	case "pdfua-7.7-1":
		return r("7.7-1", "7.7", "give the Formula a non-empty /Alt", "17-002"), true
	case "pdfua-7.9-1":
		return r("7.9-1", "7.9", "give every Note a non-empty /ID", "19-003"), true
	case "pdfua-7.9-2":
		return r("7.9-2", "7.9", "give every Note a unique /ID", "19-004"), true
	case "pdfua-7.10-1":
		return r("7.10-1", "7.10", "give every optional content configuration a non-empty /Name", "20-001", "20-002"), true
	case "pdfua-7.10-2":
		return r("7.10-2", "7.10", "remove /AS from optional content configurations", "20-003"), true
	case "pdfua-7.11-1":
		return r("7.11-1", "7.11", "give embedded file specifications non-empty /F and /UF", "21-001"), true
	case "pdfua-7.15-1":
		return r("7.15-1", "7.15", "remove dynamic XFA (dynamicRender required)", "25-001"), true
	case "pdfua-7.16-1":
		return r("7.16-1", "7.16", "allow content extraction for accessibility: set bit 10 (512) of the encryption /P", "26-001", "26-002"), true
	case "pdfua-7.18.1-1":
		return r("7.18.1-1", "7.18.1", "put the annotation in an Annot structure element (OBJR and /StructParent)", "28-002"), true
	case "pdfua-7.18.1-2":
		return r("7.18.1-2", "7.18.1", "give the annotation a non-empty /Contents (or /Alt on its structure element)", "28-004"), true
	case "pdfua-7.18.1-3":
		return r("7.18.1-3", "7.18.1", "give the form field a /TU tooltip (or /Alt on its Form element)", "28-005"), true
	case "pdfua-7.18.2-1":
		return r("7.18.2-1", "7.18.2", "remove TrapNet annotations or hide them", "28-007"), true
	case "pdfua-7.18.3-1":
		return r("7.18.3-1", "7.18.3", "set /Tabs /S on every page that has annotations", "28-008", "28-009"), true
	case "pdfua-7.18.4-1":
		return r("7.18.4-1", "7.18.4", "put widget annotations in a Form structure element", "28-010"), true
	case "pdfua-7.18.4-2":
		return r("7.18.4-2", "7.18.4", "give a Form element exactly one OBJR child pointing at its widget, or a PrintField /Role attribute"), true
	case "pdfua-7.18.5-1":
		return r("7.18.5-1", "7.18.5", "put every link annotation in a Link structure element: an OBJR kid plus /StructParent pointing at the element in the ParentTree", "28-011"), true
	case "pdfua-7.18.5-2":
		return r("7.18.5-2", "7.18.5", "give every link annotation a non-empty /Contents describing the target (an /Alt on the Link element is not enough)", "28-012"), true
	case "pdfua-7.18.6.2-1":
		return r("7.18.6.2-1", "7.18.6.2", "give the media clip a /CT content type", "28-014"), true
	case "pdfua-7.18.6.2-2":
		return r("7.18.6.2-2", "7.18.6.2", "give the media clip an /Alt array of pairs of a language and a non-empty description", "28-015"), true
	case "pdfua-7.18.8-1":
		return r("7.18.8-1", "7.18.8", "keep PrinterMark annotations out of the structure tree", "28-017"), true
	case "pdfua-7.20-1":
		return r("7.20-1", "7.20", "replace reference XObjects (/Ref) with their content", "30-001"), true
	case "pdfua-7.20-2":
		return r("7.20-2", "7.20", "do not paint a form XObject that has /StructParents more than once", "30-002"), true
	case "pdfua-7.21.3.1-1":
		return r("7.21.3.1-1", "7.21.3.1", "use Identity-H, or a CMap whose Registry/Ordering match the CIDFont's CIDSystemInfo", "31-001", "31-002", "31-003"), true
	case "pdfua-7.21.3.2-1":
		return r("7.21.3.2-1", "7.21.3.2", "add /CIDToGIDMap /Identity (or a stream) to the embedded CIDFontType2", "31-004", "31-005"), true
	case "pdfua-7.21.3.3-1":
		return r("7.21.3.3-1", "7.21.3.3", "embed the CMap or use a predefined one such as Identity-H", "31-006"), true
	case "pdfua-7.21.4.1-1":
		return r("7.21.4.1-1", "7.21.4.1", "embed the font program (FontFile2 for TrueType); standard 14 fonts must be embedded too", "31-009"), true
	case "pdfua-7.21.4.1-2":
		return r("7.21.4.1-2", "7.21.4.1", "embed every glyph that the text uses (check the subset)", "31-011"), true
	case "pdfua-7.21.4.2-1":
		return r("7.21.4.2-1", "7.21.4.2", "make /CharSet list exactly the glyphs of the subset Type 1 program (or omit it)", "31-012", "31-013"), true
	case "pdfua-7.21.4.2-2":
		return r("7.21.4.2-2", "7.21.4.2", "make /CIDSet list exactly the CIDs of the subset (or omit it)", "31-014", "31-015"), true
	case "pdfua-7.21.5-1":
		return r("7.21.5-1", "7.21.5", "write /W (or /Widths) equal to the font program's advance × 1000 / unitsPerEm for every glyph used", "31-016"), true
	case "pdfua-7.21.3.3-2":
		return r("7.21.3.3-2", "7.21.3.3", "make the embedded CMap's /WMode equal to the WMode in its data", "31-007"), true
	case "pdfua-7.21.3.3-3":
		return r("7.21.3.3-3", "7.21.3.3", "refer (usecmap) only to predefined CMaps", "31-008"), true
	case "pdfua-7.21.6-1":
		return r("7.21.6-1", "7.21.6", "give non-symbolic TrueType programs a (3,1) or (1,0) cmap subtable", "31-017", "31-018"), true
	case "pdfua-7.21.6-4":
		return r("7.21.6-4", "7.21.6", "give symbolic TrueType programs a single cmap subtable or a (3,0) one", "31-025", "31-026"), true
	case "pdfua-7.21.6-2":
		return r("7.21.6-2", "7.21.6", "give non-symbolic TrueType fonts /Encoding /WinAnsiEncoding or /MacRomanEncoding, with /Differences naming only Adobe Glyph List glyphs of a program that has a (3,1) cmap", "31-019", "31-020", "31-021", "31-022", "31-023"), true
	case "pdfua-7.21.6-3":
		return r("7.21.6-3", "7.21.6", "remove /Encoding from symbolic TrueType fonts", "31-024"), true
	case "pdfua-7.21.7-1":
		return r("7.21.7-1", "7.21.7", "add a /ToUnicode CMap with an entry for every character code the text uses", "10-001", "31-027"), true
	case "pdfua-7.21.7-2":
		return r("7.21.7-2", "7.21.7", "map character codes to real characters in /ToUnicode, never to U+0000, U+FEFF or U+FFFE", "31-028", "31-029"), true
	case "pdfua-7.21.8-1":
		return r("7.21.8-1", "7.21.8", "never show glyph 0 (.notdef): fall back to a font that has the character", "31-030"), true
	case ruleEncrypted:
		return rule{id: ruleEncrypted, clause: "7.16", severity: audit.Error, hint: "audit the unencrypted file, or one encrypted with an empty user password (standard security handler, RC4 or AES), which folio decrypts"}, true
	case ruleDamaged:
		return rule{id: ruleDamaged, clause: "6.1", severity: audit.Error, hint: "rewrite the file with a correct cross-reference table (e.g. qpdf in.pdf out.pdf)"}, true
	case ruleContent:
		return rule{id: ruleContent, clause: "7.1", matterhorn: []string{"01-005"}, severity: audit.Error, hint: "fix the content stream so it decodes and parses"}, true
	}
	if r, ok := specRule(id); ok {
		return r, true
	}
	return visRule(id)
}

// RuleIDs returns the ids of all rules the audit runs.
func RuleIDs() []string {
	ids := []string{
		"pdfua-5-1",
		"pdfua-5-2",
		"pdfua-5-3",
		"pdfua-5-4",
		"pdfua-5-5",
		"pdfua-6.1-1",
		"pdfua-6.2-1",
		"pdfua-7.1-1",
		"pdfua-7.1-2",
		"pdfua-7.1-3",
		"pdfua-7.1-4",
		"pdfua-7.1-5",
		"pdfua-7.1-6",
		"pdfua-7.1-7",
		"pdfua-7.1-8",
		"pdfua-7.1-9",
		"pdfua-7.1-10",
		"pdfua-7.1-11",
		"pdfua-7.1-12",
		"pdfua-7.2-2",
		"pdfua-7.2-3",
		"pdfua-7.2-4",
		"pdfua-7.2-5",
		"pdfua-7.2-6",
		"pdfua-7.2-7",
		"pdfua-7.2-8",
		"pdfua-7.2-9",
		"pdfua-7.2-10",
		"pdfua-7.2-11",
		"pdfua-7.2-12",
		"pdfua-7.2-13",
		"pdfua-7.2-14",
		"pdfua-7.2-15",
		"pdfua-7.2-16",
		"pdfua-7.2-17",
		"pdfua-7.2-18",
		"pdfua-7.2-19",
		"pdfua-7.2-20",
		"pdfua-7.2-21",
		"pdfua-7.2-22",
		"pdfua-7.2-23",
		"pdfua-7.2-24",
		"pdfua-7.2-25",
		"pdfua-7.2-26",
		"pdfua-7.2-27",
		"pdfua-7.2-28",
		"pdfua-7.2-29",
		"pdfua-7.2-30",
		"pdfua-7.2-31",
		"pdfua-7.2-32",
		"pdfua-7.2-33",
		"pdfua-7.2-34",
		"pdfua-7.2-36",
		"pdfua-7.2-37",
		"pdfua-7.2-38",
		"pdfua-7.2-39",
		"pdfua-7.2-40",
		"pdfua-7.2-41",
		"pdfua-7.2-42",
		"pdfua-7.2-43",
		"pdfua-7.3-1",
		"pdfua-7.4.2-1",
		"pdfua-7.4.4-1",
		"pdfua-7.4.4-2",
		"pdfua-7.4.4-3",
		"pdfua-7.5-1",
		"pdfua-7.5-2",
		"pdfua-7.7-1",
		"pdfua-7.9-1",
		"pdfua-7.9-2",
		"pdfua-7.10-1",
		"pdfua-7.10-2",
		"pdfua-7.11-1",
		"pdfua-7.15-1",
		"pdfua-7.16-1",
		"pdfua-7.18.1-1",
		"pdfua-7.18.1-2",
		"pdfua-7.18.1-3",
		"pdfua-7.18.2-1",
		"pdfua-7.18.3-1",
		"pdfua-7.18.4-1",
		"pdfua-7.18.4-2",
		"pdfua-7.18.5-1",
		"pdfua-7.18.5-2",
		"pdfua-7.18.6.2-1",
		"pdfua-7.18.6.2-2",
		"pdfua-7.18.8-1",
		"pdfua-7.20-1",
		"pdfua-7.20-2",
		"pdfua-7.21.3.1-1",
		"pdfua-7.21.3.2-1",
		"pdfua-7.21.3.3-1",
		"pdfua-7.21.4.1-1",
		"pdfua-7.21.4.1-2",
		"pdfua-7.21.4.2-1",
		"pdfua-7.21.4.2-2",
		"pdfua-7.21.5-1",
		"pdfua-7.21.3.3-2",
		"pdfua-7.21.3.3-3",
		"pdfua-7.21.6-1",
		"pdfua-7.21.6-4",
		"pdfua-7.21.6-2",
		"pdfua-7.21.6-3",
		"pdfua-7.21.7-1",
		"pdfua-7.21.7-2",
		"pdfua-7.21.8-1",
		ruleEncrypted,
		ruleDamaged,
		ruleContent,
	}
	ids = append(ids, specRuleIDs...)
	ids = append(ids, visRuleIDs...)
	sortStrings(ids)
	return ids
}
