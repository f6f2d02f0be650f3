package resource

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPolicy(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base")
	os.MkdirAll(base, 0o755)
	os.WriteFile(filepath.Join(base, "in.txt"), []byte("inside"), 0o644)
	os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o644)
	os.Symlink(filepath.Join(dir, "secret.txt"), filepath.Join(base, "link.txt"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("net")) }))
	defer srv.Close()
	p := &Policy{BaseDir: base, Assets: map[string][]byte{"a.png": []byte("asset")}, AllowHosts: []string{"127.0.0.1"}}
	tests := []struct {
		ref     string
		want    string
		refused bool
	}{
		{"data:,hello%20x", "hello x", false},
		{"data:text/plain;base64,aGk=", "hi", false},
		{"in.txt", "inside", false},
		{"a.png", "asset", false},
		{"../secret.txt", "", true},
		{"link.txt", "", true},
		{"file://" + filepath.Join(dir, "secret.txt"), "", true},
		{"/etc/passwd", "", true},
		{srv.URL + "/x", "", true}, // allow-listed but loopback: refused on the dialed IP
		{"http://example.com/x", "", true},
		{"ftp://example.com/x", "", true},
	}
	for _, tt := range tests {
		b, _, err := p.Load(context.Background(), tt.ref, "")
		if tt.refused {
			if err == nil || !errors.Is(err, ErrRefused) {
				t.Errorf("Load(%q) = %q, %v; want refusal", tt.ref, b, err)
			}
			continue
		}
		if err != nil || string(b) != tt.want {
			t.Errorf("Load(%q) = %q, %v; want %q", tt.ref, b, err, tt.want)
		}
	}
	if _, _, err := (&Policy{}).Load(context.Background(), "x.png", ""); !errors.Is(err, ErrRefused) {
		t.Errorf("relative without base: %v", err)
	}
}

func TestForbidden(t *testing.T) {
	for _, s := range []string{"127.0.0.1", "10.1.2.3", "192.168.0.1", "172.16.5.4", "169.254.169.254", "::1", "fe80::1", "::ffff:127.0.0.1", "0.0.0.0", "100.64.1.1", "fd00:ec2::254"} {
		if !Forbidden(netip.MustParseAddr(s)) {
			t.Errorf("%s allowed", s)
		}
	}
	for _, s := range []string{"93.184.216.34", "2606:4700::1"} {
		if Forbidden(netip.MustParseAddr(s)) {
			t.Errorf("%s refused", s)
		}
	}
}

func TestDecodeDataURI(t *testing.T) {
	for _, tc := range []struct {
		uri, want, err string
	}{
		{uri: "data:text/plain;base64,aGVs bG8=", want: "hello"},
		{uri: "DATA:text/plain;BASE64,aGVsbG8", want: "hello"},
		{uri: "data:,a%20b", want: "a b"},
		{uri: "data:text/plain", err: "without a comma"},
		{uri: "data:;base64,***", err: "bad base64"},
		{uri: "http://x/y", err: "not a data: URI"},
	} {
		got, err := DecodeDataURI(tc.uri)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err = %v, want %q", tc.uri, err, tc.err)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%q = %q, %v; want %q", tc.uri, got, err, tc.want)
		}
	}
}

// TestMissingAssetMessage: a relative URL missing from a request's parts
// says so, rather than blaming a base directory the server never has.
func TestMissingAssetMessage(t *testing.T) {
	p := &Policy{Assets: map[string][]byte{"logo.png": {1}}}
	if _, _, err := p.Load(context.Background(), "logo.png", ""); err != nil {
		t.Fatalf("present part: %v", err)
	}
	_, _, err := p.Load(context.Background(), "img/chart.png", "")
	if err == nil || !strings.Contains(err.Error(), "not among the request's file parts") || strings.Contains(err.Error(), "base directory") {
		t.Errorf("missing part: %v", err)
	}
}
