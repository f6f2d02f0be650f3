package svg

import (
	"bytes"
	"image"
	_ "image/gif"  // GIF sizes
	_ "image/jpeg" // JPEG sizes
	_ "image/png"  // PNG sizes
	"math"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/internal/resource"
)

// Image is a raster image an <image> element embeds as a data: URI
// (other references are never fetched).
type Image struct {
	// Data is the encoded image, Format "png", "jpeg" or "gif", Width
	// and Height its size in pixels.
	Data          []byte
	Format        string
	Width, Height int
	// Err, when set by the document's user (a resource budget refusing
	// the image), leaves the image out of the drawing.
	Err error
}

// Images returns the raster images the document embeds, for the caller
// to check against its resource policy (setting Err refuses one).
func (d *Document) Images() []*Image {
	out := make([]*Image, 0, len(d.images))
	for _, n := range d.imageOrder {
		out = append(out, d.images[n])
	}
	return out
}

// loadImage decodes the data: URI of an <image> element, if it holds a
// raster image.
func (d *Document) loadImage(n *html.Node) {
	href, ok := attr(n, "href")
	if !ok {
		href, _ = attr(n, "xlink:href")
	}
	href = strings.TrimSpace(href)
	if !strings.HasPrefix(strings.ToLower(href), "data:") {
		return
	}
	data, err := resource.DecodeDataURI(href)
	if err != nil {
		return
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return
	}
	if d.images == nil {
		d.images = map[*html.Node]*Image{}
	}
	d.images[n] = &Image{Data: data, Format: format, Width: cfg.Width, Height: cfg.Height}
	d.imageOrder = append(d.imageOrder, n)
}

// image draws an <image> element: its raster image fitted into its
// x, y, width, height by preserveAspectRatio.
func (r *renderer) image(n *html.Node, st *computed, m Matrix, clips []Clip, op float64) {
	im := r.d.images[n]
	if im == nil || im.Err != nil || st.hidden {
		return
	}
	x, y := r.length(n, "x", r.vw), r.length(n, "y", r.vh)
	w, h := float64(im.Width), float64(im.Height)
	_, hasW := attr(n, "width")
	_, hasH := attr(n, "height")
	switch {
	case hasW && hasH:
		w, h = r.length(n, "width", r.vw), r.length(n, "height", r.vh)
	case hasW:
		w, h = r.length(n, "width", r.vw), r.length(n, "width", r.vw)*h/w
	case hasH:
		w, h = r.length(n, "height", r.vh)*w/h, r.length(n, "height", r.vh)
	}
	if w <= 0 || h <= 0 || math.IsInf(w+h, 0) {
		return
	}
	par := attrOr(n, "preserveAspectRatio", "")
	fit := viewBoxTransform([4]float64{0, 0, float64(im.Width), float64(im.Height)}, par, w, h)
	// the image's box inside the viewport
	ix, iy := fit.Apply(0, 0)
	ix2, iy2 := fit.Apply(float64(im.Width), float64(im.Height))
	if strings.Contains(par, "slice") {
		clips = append(clips[:len(clips):len(clips)], rectClip(x, y, w, h, m))
	}
	rect := [4]float64{x + ix, y + iy, ix2 - ix, iy2 - iy}
	s := Shape{M: m, Opacity: op, Image: im, ImageRect: &rect}
	b := outputBounds(m, rect[0], rect[1], rect[0]+rect[2], rect[1]+rect[3])
	if !saneMatrix(m) || !saneBox(b) {
		return
	}
	var ok bool
	if s.Clips, ok = saneClips(pruneClips(clips, b)); !ok {
		return
	}
	s.Link = r.link
	r.out = append(r.out, s)
}
