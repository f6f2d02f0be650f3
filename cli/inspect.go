package cli

import (
	"encoding/json"

	"github.com/seed28491532/folio/pdfinfo"
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

// The types of inspect-pdf's --json output, kept under their old names.
type (
	PDFInfo    = pdfinfo.Info
	PageInfo   = pdfinfo.Page
	FontInfo   = pdfinfo.Font
	RoleMapped = pdfinfo.RoleMapped
	StructNode = pdfinfo.Node
)

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
		err = info.WriteText(e.stdout)
	}
	if err != nil {
		return internalErr("%v", err)
	}
	return nil
}

// inspectPDF reads the facts inspect-pdf reports.
func inspectPDF(data []byte) (*PDFInfo, error) { return pdfinfo.Read(data) }
