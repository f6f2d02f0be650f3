package server

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
)

// maxParts bounds the parts of a multipart body.
const maxParts = 1000

// bodyKind is how a request body is encoded.
type bodyKind int

const (
	bodyJSON bodyKind = iota
	bodyMultipart
	bodyPDF
	bodyHTML
)

// mediaType classifies r's Content-Type among accepted. It returns a 415
// problem for anything else.
func mediaType(r *http.Request, accepted ...bodyKind) (bodyKind, map[string]string, error) {
	ct := r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	kind := bodyKind(-1)
	if err == nil {
		switch {
		case mt == "application/json" || strings.HasSuffix(mt, "+json"):
			kind = bodyJSON
		case mt == "multipart/form-data":
			kind = bodyMultipart
		case mt == "application/pdf":
			kind = bodyPDF
		case mt == "text/html" || mt == "application/xhtml+xml":
			kind = bodyHTML
		}
	}
	var names []string
	for _, a := range accepted {
		if a == kind {
			return kind, params, nil
		}
		names = append(names, [...]string{"application/json", "multipart/form-data", "application/pdf", "text/html"}[a])
	}
	if ct == "" {
		ct = "none"
	}
	return 0, nil, newProblem(http.StatusUnsupportedMediaType, CodeUnsupportedMedia,
		fmt.Sprintf("Content-Type %s is not accepted here; send one of: %s", shorten(ct), strings.Join(names, ", ")))
}

// maxPrealloc bounds the buffer readBody sizes from Content-Length before
// any of the body has arrived: a client announcing a large body and
// sending little must not make the server allocate it.
const maxPrealloc = 1 << 20

// readBody reads the whole body under the size limit. With a declared
// Content-Length the buffer starts at up to maxPrealloc bytes and, once
// that much has arrived, grows once to the declared length, so that a
// large body costs its own size rather than the doublings of a growing
// buffer and their copies. The body's bytes were reserved in the body
// budget by admitBody.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	declared := int64(-1)
	if r.ContentLength > 0 && r.ContentLength <= s.cfg.MaxBodyBytes {
		declared = r.ContentLength + 1 // the extra byte lets the reader see EOF without growing
	}
	size := int64(512)
	if declared > 0 {
		size = min(declared, maxPrealloc)
	}
	body := http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes)
	buf := make([]byte, 0, size)
	for {
		if len(buf) == cap(buf) {
			grow := cap(buf) // double without a declared length
			if declared > int64(cap(buf)) {
				grow = int(declared) - cap(buf)
			}
			buf = slices.Grow(buf, grow)
		}
		n, err := body.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, s.bodyError(err)
		}
	}
}

// bodyError turns a body read error into a problem.
func (s *Server) bodyError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return tooLarge(mbe.Limit)
	}
	return newProblem(http.StatusBadRequest, CodeMalformedBody, "reading request body: "+err.Error())
}

// multipartForm is a parsed multipart/form-data body: plain fields by
// name, and file parts by their (cleaned, relative) file name.
type multipartForm struct {
	fields map[string]string
	files  []formFile
}

type formFile struct {
	field, name string
	charset     string // of the part's Content-Type, "" for none
	xhtml       bool   // the part's Content-Type is application/xhtml+xml
	data        []byte
}

// docKind is how to read one document of a render: the charset its
// transport declared ("" for none) and whether it is XHTML, parsed as XML.
type docKind struct {
	charset string
	xhtml   bool
}

// kind is how to read the part as a document: XHTML when its Content-Type
// says application/xhtml+xml or its file name ends in .xhtml or .xht.
func (f formFile) kind() docKind {
	ext := strings.ToLower(path.Ext(f.name))
	return docKind{charset: f.charset, xhtml: f.xhtml || ext == ".xhtml" || ext == ".xht"}
}

// readMultipart reads a whole multipart body under the size limit.
func (s *Server) readMultipart(w http.ResponseWriter, r *http.Request, params map[string]string) (*multipartForm, error) {
	boundary := params["boundary"]
	if boundary == "" {
		return nil, newProblem(http.StatusBadRequest, CodeMalformedMultipart, "multipart Content-Type has no boundary parameter")
	}
	mr := multipart.NewReader(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes), boundary)
	form := &multipartForm{fields: map[string]string{}}
	for n := 0; ; n++ {
		part, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, s.multipartError(err)
		}
		if n >= maxParts {
			return nil, newProblem(http.StatusBadRequest, CodeMalformedMultipart, fmt.Sprintf("more than %d parts", maxParts))
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, s.multipartError(err)
		}
		disp, dp, err := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
		if err != nil || disp != "form-data" || dp["name"] == "" {
			return nil, newProblem(http.StatusBadRequest, CodeMalformedMultipart,
				fmt.Sprintf("part %d has no form-data Content-Disposition with a name", n+1))
		}
		filename, isFile := dp["filename"]
		if !isFile {
			form.fields[dp["name"]] = string(data)
			continue
		}
		name, ok := cleanAssetName(filename)
		if !ok {
			p := newProblem(http.StatusUnprocessableEntity, CodeInvalidField,
				fmt.Sprintf("file part %q: file name %q must be a relative path inside the document", dp["name"], filename))
			p.Errors = []FieldError{{Field: dp["name"], Code: "invalid", Message: "file name " + strconv.Quote(filename) + " is not a relative path"}}
			return nil, p
		}
		var charset string
		var xhtml bool
		if mt, cp, err := mime.ParseMediaType(part.Header.Get("Content-Type")); err == nil {
			charset, xhtml = cp["charset"], mt == "application/xhtml+xml"
		}
		form.files = append(form.files, formFile{field: dp["name"], name: name, charset: charset, xhtml: xhtml, data: data})
	}
	return form, nil
}

func (s *Server) multipartError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return s.bodyError(err)
	}
	return newProblem(http.StatusBadRequest, CodeMalformedMultipart, "malformed multipart body: "+err.Error())
}

// cleanAssetName normalises a multipart file name to a slash-separated
// relative path. Absolute names and names leaving the document's directory
// are refused.
func cleanAssetName(name string) (string, bool) {
	name = strings.ReplaceAll(name, `\`, "/")
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, ":") {
		return "", false
	}
	clean := path.Clean(name)
	if clean == "." || clean == ".." || strings.HasPrefix(clean, "../") {
		return "", false
	}
	return clean, true
}

// formBool parses a multipart boolean field.
func formBool(v string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "false", "0", "no", "off":
		return false, true
	case "true", "1", "yes", "on":
		return true, true
	}
	return false, false
}
