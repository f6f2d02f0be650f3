package server

import (
	"encoding/json"
	"net/http"
	"testing"
)

// FuzzRequestBodies: arbitrary bodies under each accepted content type
// never cause a 5xx, and every error is a well-formed problem document.
func FuzzRequestBodies(f *testing.F) {
	f.Add(uint8(0), []byte(`{"html":"<p>x</p>","size":"a4"}`))
	f.Add(uint8(0), []byte(`{"html":5,"audit":"x","zzz":[1,2]}`))
	f.Add(uint8(1), []byte("--b\r\nContent-Disposition: form-data; name=\"html\"\r\n\r\n<p>x</p>\r\n--b--\r\n"))
	f.Add(uint8(1), []byte("--b\r\nContent-Disposition: form-data; name=\"a\"; filename=\"../x\"\r\n\r\nx\r\n--b--\r\n"))
	f.Add(uint8(2), []byte(`{"template_id":"invoice","data":{"number":"1"}}`))
	f.Add(uint8(3), []byte(`{"pdf":"JVBERi0xLjc="}`))
	f.Add(uint8(4), []byte("%PDF-1.7 broken"))
	h := New(Config{Engine: newFake(), MaxBodyBytes: 1 << 16})
	targets := []struct{ path, ct string }{
		{"/api/v1/render", "application/json"},
		{"/api/v1/render", "multipart/form-data; boundary=b"},
		{"/api/v1/render-template", "application/json"},
		{"/api/v1/validate", "application/json"},
		{"/api/v1/validate", "application/pdf"},
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		tg := targets[int(which)%len(targets)]
		rec := do(t, h, http.MethodPost, tg.path, tg.ct, body)
		if rec.Code >= 500 {
			t.Fatalf("%s %q: status %d: %s", tg.path, body, rec.Code, rec.Body)
		}
		if rec.Code >= 400 {
			var p Problem
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Status != rec.Code || p.Code == "" {
				t.Fatalf("bad problem %q: %v", rec.Body, err)
			}
		}
	})
}
