package server_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/seed28491532/folio/server"
)

// ExampleNew serves the API from an http.Handler; here one request to the
// health endpoint and one malformed render request.
func ExampleNew() {
	h := server.New(server.Config{})

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/health", nil))
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	fmt.Print(rec.Body.String())

	req := httptest.NewRequest(http.MethodPost, "/api/v1/render", strings.NewReader(`{"html": "<p>hi</p>", "size": "A0"}`))
	req.Header.Set("Content-Type", "application/json")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	// Output:
	// 200 application/json
	// {"status":"healthy","version":"0.1.0","engine":"folio 0.1.0 (pure Go; PDF/UA-1, WCAG 2.1 AA)"}
	// 422 application/problem+json
}
