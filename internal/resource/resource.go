// Package resource fetches the resources a document refers to (images,
// stylesheets, fonts) under folio's resource policy: data: URIs always;
// relative URLs only from in-memory assets or inside an explicit base
// directory (never escaping it, symlinks included); http(s) only for
// allow-listed hosts and never to loopback, private, link-local,
// unspecified or metadata addresses, checked on the dialed IP (so DNS
// tricks and redirects cannot reach them). Every refusal is an error
// naming the reason; callers turn it into a diagnostic.
package resource

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// ErrRefused is wrapped by every refusal of the policy.
var ErrRefused = errors.New("refused by the resource policy")

// Policy is a loader with folio's resource policy. The zero value allows
// data: URIs only.
type Policy struct {
	// BaseDir is the directory relative and file: URLs resolve in.
	BaseDir string
	// Assets are in-memory resources by relative name; they win over
	// BaseDir.
	Assets map[string][]byte
	// AllowHosts enables http(s) for these host names.
	AllowHosts []string
	// MaxBytes bounds one resource (default 20 MiB).
	MaxBytes int64
	// Timeout bounds one network fetch (default 10 s).
	Timeout time.Duration
}

func (p *Policy) max() int64 {
	if p.MaxBytes > 0 {
		return p.MaxBytes
	}
	return 20 << 20
}

// Load fetches ref, resolved against base, and returns its bytes and the
// resolved URL. It implements style.Loader.
func (p *Policy) Load(ctx context.Context, ref, base string) ([]byte, string, error) {
	b, resolved, _, err := p.Fetch(ctx, ref, base)
	return b, resolved, err
}

// Fetch is Load that also returns the Content-Type an http(s) server sent
// with the resource ("" for files, assets and data: URIs), for the charset
// of a fetched HTML page.
func (p *Policy) Fetch(ctx context.Context, ref, base string) ([]byte, string, string, error) {
	ref = strings.TrimSpace(ref)
	if strings.HasPrefix(strings.ToLower(ref), "data:") {
		b, err := DecodeDataURI(ref)
		return b, ref, "", err
	}
	u, err := url.Parse(ref)
	if err != nil {
		return nil, "", "", fmt.Errorf("bad URL %q: %w", ref, err)
	}
	if base != "" && !u.IsAbs() {
		if bu, err := url.Parse(base); err == nil {
			u = bu.ResolveReference(u)
		}
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		return p.fetch(ctx, u)
	case "", "file":
		b, resolved, err := p.file(u, ref)
		return b, resolved, "", err
	}
	return nil, "", "", fmt.Errorf("%q: scheme %s: %w", ref, u.Scheme, ErrRefused)
}

func (p *Policy) file(u *url.URL, ref string) ([]byte, string, error) {
	name := u.Path
	if u.Scheme == "" && p.Assets != nil {
		clean := strings.TrimPrefix(path.Clean("/"+name), "/")
		if b, ok := p.Assets[clean]; ok {
			return b, clean, nil
		}
		if b, ok := p.Assets[name]; ok {
			return b, name, nil
		}
	}
	if p.BaseDir == "" && p.Assets != nil {
		return nil, "", fmt.Errorf("%q is not among the request's file parts (send it as a part with that file name)", ref)
	}
	if p.BaseDir == "" {
		return nil, "", fmt.Errorf("%q: relative resources need a base directory: %w", ref, ErrRefused)
	}
	baseAbs, err := filepath.Abs(p.BaseDir)
	if err != nil {
		return nil, "", fmt.Errorf("base directory: %w", err)
	}
	full := filepath.FromSlash(name)
	if u.Scheme == "" && !filepath.IsAbs(full) {
		full = filepath.Join(baseAbs, full)
	}
	b, real, err := ReadRegular(baseAbs, full, p.max())
	var nre *NotRegularError
	switch {
	case errors.Is(err, ErrOutside):
		return nil, "", fmt.Errorf("%q is outside the base directory: %w", ref, ErrRefused)
	case errors.As(err, &nre):
		return nil, "", fmt.Errorf("%q is %s, not a regular file: %w", ref, nre.Kind, ErrRefused)
	case err != nil:
		return nil, "", fmt.Errorf("%q: %w", ref, err)
	}
	return b, (&url.URL{Scheme: "file", Path: filepath.ToSlash(real)}).String(), nil
}

func readCapped(r io.Reader, max int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("larger than %d bytes", max)
	}
	return b, nil
}

func (p *Policy) allowed(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	for _, h := range p.AllowHosts {
		if strings.EqualFold(strings.TrimSpace(h), host) {
			return true
		}
	}
	return false
}

// Forbidden reports whether ip is an address fetching must never reach:
// loopback, private, link-local (incl. cloud metadata), unspecified,
// multicast, CGNAT or IPv4-mapped forms of those.
func Forbidden(ip netip.Addr) bool {
	ip = ip.Unmap()
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsUnspecified() || ip.IsMulticast() || ip.IsInterfaceLocalMulticast() {
		return true
	}
	for _, pfx := range forbiddenPrefixes {
		if pfx.Contains(ip) {
			return true
		}
	}
	return false
}

var forbiddenPrefixes = []netip.Prefix{
	netip.MustParsePrefix("100.64.0.0/10"),     // CGNAT
	netip.MustParsePrefix("0.0.0.0/8"),         // this network
	netip.MustParsePrefix("192.0.0.0/24"),      // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"),     // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),       // reserved
	netip.MustParsePrefix("fd00:ec2::254/128"), // AWS metadata (IPv6)
	netip.MustParsePrefix("64:ff9b::/96"),      // NAT64 can reach IPv4 private space
}

func (p *Policy) fetch(ctx context.Context, u *url.URL) ([]byte, string, string, error) {
	if !p.allowed(u.Hostname()) {
		return nil, "", "", fmt.Errorf("%s: host %q is not in the allow-list: %w", u.Redacted(), u.Hostname(), ErrRefused)
	}
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	dialer := &net.Dialer{Timeout: timeout, Control: func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("dial %s: %w", address, ErrRefused)
		}
		if Forbidden(ap.Addr()) {
			return fmt.Errorf("address %s is loopback, private, link-local or reserved: %w", ap.Addr(), ErrRefused)
		}
		return nil
	}}
	client := &http.Client{
		Timeout:   timeout,
		Transport: &http.Transport{DialContext: dialer.DialContext, Proxy: nil, MaxResponseHeaderBytes: 64 << 10},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			if s := req.URL.Scheme; s != "http" && s != "https" || !p.allowed(req.URL.Hostname()) {
				return fmt.Errorf("redirect to %s: %w", req.URL.Redacted(), ErrRefused)
			}
			return nil
		},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, "", "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, "", "", fmt.Errorf("fetching %s: %w", u.Redacted(), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, "", "", fmt.Errorf("fetching %s: %s", u.Redacted(), resp.Status)
	}
	b, err := readCapped(resp.Body, p.max())
	if err != nil {
		return nil, "", "", fmt.Errorf("fetching %s: %w", u.Redacted(), err)
	}
	return b, resp.Request.URL.String(), resp.Header.Get("Content-Type"), nil
}

// DecodeDataURI returns the bytes of a data: URI (base64 or
// percent-encoded); white space inside base64 payloads is ignored and
// missing padding tolerated, as browsers do.
func DecodeDataURI(uri string) ([]byte, error) {
	if len(uri) < 5 || !strings.EqualFold(uri[:5], "data:") {
		return nil, errors.New("not a data: URI")
	}
	rest := uri[5:]
	meta, payload, ok := strings.Cut(rest, ",")
	if !ok {
		return nil, errors.New("data: URI without a comma")
	}
	if strings.HasSuffix(strings.ToLower(meta), ";base64") {
		payload = strings.Join(strings.Fields(payload), "")
		b, err := base64.StdEncoding.DecodeString(payload)
		if err != nil {
			b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(payload, "="))
		}
		if err != nil {
			return nil, fmt.Errorf("data: URI: bad base64: %w", err)
		}
		return b, nil
	}
	s, err := url.PathUnescape(payload)
	if err != nil {
		return nil, fmt.Errorf("data: URI: %w", err)
	}
	return []byte(s), nil
}
