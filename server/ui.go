package server

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strconv"
)

// uiFiles is the playground page served at / and its assets under /ui/:
// plain HTML, CSS and JavaScript with no build step and nothing loaded
// from elsewhere, so the page works offline.
//
//go:embed ui
var uiFiles embed.FS

// UIContentSecurityPolicy is the Content-Security-Policy of the
// playground and its assets: scripts and styles from this server only
// (no inline script or style), requests to this server only, and the
// rendered PDF shown from a blob: URL.
const UIContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data: blob:; connect-src 'self'; frame-src 'self' blob:; object-src 'self' blob:; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// uiTypes are the content types of the playground's files (fixed here
// rather than taken from the system's MIME table, which varies).
var uiTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
}

// registerUI adds the playground's routes to the mux.
func (s *Server) registerUI() {
	s.mux.HandleFunc("GET /{$}", s.handleUIPage)
	s.mux.HandleFunc("GET /ui/{file...}", s.handleUIAsset)
}

func (s *Server) handleUIPage(w http.ResponseWriter, r *http.Request) {
	s.serveUIFile(w, r, "index.html")
}

func (s *Server) handleUIAsset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	if name == "index.html" || !fs.ValidPath(name) {
		uiNotFound(w, r)
		return
	}
	s.serveUIFile(w, r, name)
}

// serveUIFile writes one embedded file with its content type and the
// playground's security headers, or a 404 problem when there is none.
func (s *Server) serveUIFile(w http.ResponseWriter, r *http.Request, name string) {
	data, err := fs.ReadFile(uiFiles, path.Join("ui", name))
	if err != nil {
		uiNotFound(w, r)
		return
	}
	ct, ok := uiTypes[path.Ext(name)]
	if !ok {
		ct = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	h.Set("Content-Security-Policy", UIContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

// uiNotFound answers a path under /ui/ that names no file (notFound would
// say 405, the route's pattern matching every name).
func uiNotFound(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, r, newProblem(http.StatusNotFound, CodeNotFound, "no file at "+r.URL.Path))
}
