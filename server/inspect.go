package server

import (
	"context"
	"net/http"

	"github.com/seed28491532/folio/pdfinfo"
)

// handleInspect answers POST /api/v1/inspect: the metadata, pages, fonts
// and structure tree of the PDF in the body (application/pdf), as
// `folio inspect-pdf --json` prints them.
func (s *Server) handleInspect(w http.ResponseWriter, r *http.Request) {
	if _, _, err := mediaType(r, bodyPDF); err != nil {
		s.fail(w, r, err)
		return
	}
	resv, err := s.admitBody(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer resv.release()
	doc, err := s.readBody(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !isPDF(doc) {
		s.fail(w, r, fieldProblem([]FieldError{{Field: "body", Code: "invalid", Message: "body does not start with a %PDF- header"}}, 0))
		return
	}
	var info *pdfinfo.Info
	// The reading is bounded (pdfinfo.MaxStructNodes and the reader's own
	// limits) but takes CPU like an audit, so it takes a render slot and
	// the render deadline.
	err = s.work(r, "inspect", func(ctx context.Context) error {
		var err error
		info, err = pdfinfo.ReadContext(ctx, doc)
		if err != nil && ctx.Err() == nil {
			return newProblem(http.StatusUnprocessableEntity, CodeInvalidInput, "the PDF could not be read: "+err.Error())
		}
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, info)
}
