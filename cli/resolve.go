package cli

import (
	"context"
	"errors"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/internal/resource"
)

// dirURL is the file URL of directory dir, ending in a slash.
func dirURL(dir string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir) + "/"}).String()
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// resources sets where the document's resources come from: files only
// inside --root (default docDir, the input's directory), relative URLs
// resolved against --base-url (default the input's location, so ../ works
// inside the root), and the user style sheets. With standard input
// (docDir ""), the root is the only base.
func (d *docFlags) resources(o *folio.Options, docDir string) error {
	root := docDir
	if d.root != "" {
		abs, err := filepath.Abs(d.root)
		if err != nil {
			return usageErr("--root %q: %v", d.root, err)
		}
		root = abs
	}
	o.BaseDir = root
	switch {
	case d.baseURL != "":
		u, err := url.Parse(d.baseURL)
		if err != nil || u.Scheme == "" {
			return usageErr("--base-url %q: want an absolute URL such as file:///site/docs/ or https://example.org/", d.baseURL)
		}
		o.BaseURL = d.baseURL
	case docDir != "":
		o.BaseURL = dirURL(docDir)
	}
	for _, name := range d.stylesheets {
		css, err := readFileIn(filepath.Dir(name), name)
		if err != nil {
			return inputErr("--stylesheet %s: %v", name, err)
		}
		o.UserCSS = string(css) + "\n" + o.UserCSS
	}
	return d.attachments(o)
}

// fetchPage fetches the page to convert from an http(s) URL under the
// resource policy: its host must be among hosts, and loopback, private
// and metadata addresses stay refused whatever the host list says. It
// returns the page and the Content-Type its server sent.
func fetchPage(ctx context.Context, pageURL string, hosts []string) ([]byte, string, error) {
	u, err := url.Parse(pageURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, "", usageErr("--url %q: want an http or https URL", pageURL)
	}
	p := &resource.Policy{AllowHosts: hosts}
	data, _, contentType, err := p.Fetch(ctx, pageURL, "")
	if err != nil {
		if errors.Is(err, resource.ErrRefused) && len(hosts) == 0 {
			return nil, "", inputErr("--url %s: %v (allow the host with --allow-host; loopback and private addresses are never fetched)", pageURL, err)
		}
		return nil, "", inputErr("--url %s: %v", pageURL, err)
	}
	return data, contentType, nil
}
