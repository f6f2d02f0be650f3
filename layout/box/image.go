package box

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // GIF intrinsic sizes
	_ "image/jpeg" // JPEG intrinsic sizes
	_ "image/png"  // PNG intrinsic sizes
	"math"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/internal/resource"
	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// Image is the content of a replaced element.
type Image struct {
	// Src is the URL as written in the document.
	Src string
	// Alt is the text alternative; HasAlt says whether the attribute was
	// present. Decorative images (alt="" or role=presentation/none) become
	// artifacts.
	Alt        string
	HasAlt     bool
	Decorative bool
	// Data holds the encoded image; Format is "jpeg", "png", "gif" or
	// "svg".
	Data   []byte
	Format string
	// SVG is the drawing of an SVG image (Format "svg"; Data is then
	// nil): it is painted as vector shapes.
	SVG *svg.Document
	// PixelWidth and PixelHeight are the intrinsic size in CSS pixels
	// (an SVG's rounded, at least 1).
	PixelWidth, PixelHeight int
	// svgW and svgH are an SVG's exact intrinsic size in CSS pixels: an
	// extreme viewBox gives a side far below a pixel (see Size).
	svgW, svgH float64
	// Err is why the image could not be loaded; the box then lays out as
	// a placeholder of its declared size.
	Err error
}

// ErrImageTooLarge is wrapped when an image exceeds the pixel limit.
var ErrImageTooLarge = errors.New("image exceeds the decoded pixel limit")

// ErrImageMemory is wrapped when decoding an image would take the
// document's images past their memory budget (Options.MaxImageBytes).
var ErrImageMemory = errors.New("image memory budget exceeded")

// DefaultMaxImageBytes is the default of Options.MaxImageBytes: the
// memory decoding and embedding all of a document's images may take.
const DefaultMaxImageBytes = 128 << 20

// loadImage fetches and sizes the image at src.
func (bl *builder) loadImage(ctx context.Context, src string) (*Image, error) {
	img := &Image{Src: src}
	var data []byte
	var err error
	switch {
	case strings.TrimSpace(src) == "":
		return img, errors.New("img without src")
	case strings.HasPrefix(strings.ToLower(src), "data:"):
		data, err = resource.DecodeDataURI(src)
	case bl.opts.Loader == nil:
		err = errors.New("no resource loader (external resources are disabled)")
	default:
		data, _, err = bl.opts.Loader.Load(ctx, src, bl.opts.BaseURL)
	}
	if err != nil {
		return img, err
	}
	if err := ctx.Err(); err != nil {
		return img, fmt.Errorf("image not read: %w", err)
	}
	if svg.Sniff(data) {
		return bl.svgImage(img, data)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return img, fmt.Errorf("undecodable image: %w", err)
	}
	limit := bl.opts.MaxImagePixels
	if limit <= 0 {
		limit = 50_000_000
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(limit) {
		return img, fmt.Errorf("%dx%d pixels: %w (%d)", cfg.Width, cfg.Height, ErrImageTooLarge, limit)
	}
	if err := bl.chargeImage(src, data, cfg.Width, cfg.Height); err != nil {
		return img, err
	}
	img.Data, img.Format = data, format
	img.PixelWidth, img.PixelHeight = cfg.Width, cfg.Height
	return img, nil
}

// chargeImage counts what decoding the w×h image at src (data) will take
// against the document's image memory budget, or refuses it when the
// budget cannot hold it; an image used again is counted once. The
// estimate comes from the image's headers: nothing is decoded here.
func (bl *builder) chargeImage(src string, data []byte, w, h int) error {
	if bl.charged[src] {
		return nil
	}
	cost, err := resource.DecodeCost(data)
	if err != nil {
		// headers image.DecodeConfig read but the estimate could not:
		// assume the most a pixel costs (a 16-bit interlaced PNG with
		// alpha)
		cost = resource.ImageCost{Format: "image", Detail: "unusual", Width: w, Height: h, Bytes: 32 * int64(w) * int64(h)}
	}
	budget := bl.opts.MaxImageBytes
	if budget <= 0 {
		budget = DefaultMaxImageBytes
	}
	if cost.Bytes > budget-bl.imageBytes {
		return fmt.Errorf("%dx%d %s %s: decoding it would take about %s, more than the %s left of the %s the document's images may take: %w",
			cost.Width, cost.Height, cost.Detail, strings.ToUpper(cost.Format), byteSize(cost.Bytes), byteSize(budget-bl.imageBytes), byteSize(budget), ErrImageMemory)
	}
	bl.imageBytes += cost.Bytes
	if bl.charged == nil {
		bl.charged = map[string]bool{}
	}
	bl.charged[src] = true
	return nil
}

// byteSize formats a byte count for a message.
func byteSize(n int64) string {
	switch {
	case n < 10<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 10<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// loadBackgrounds loads the images of the background layers of st that
// are URLs into b's Backgrounds, reporting those that fail to load (a URL
// used by several layers is loaded once).
func (bl *builder) loadBackgrounds(b *Box, n *html.Node, st *style.Style) {
	if strings.TrimSpace(st.MaskImage) != "" {
		b.SetRare().Masks = bl.layerImages(n, st.MaskImages, "mask image")
	}
	if strings.TrimSpace(st.BackgroundImage) == "" {
		return
	}
	b.SetRare().Backgrounds = bl.layerImages(n, st.BackgroundImages, "background image")
}

// layerImages loads the images of the layers that are URLs (nil for the
// others), reporting those that fail to load as what (a URL used by
// several layers is loaded once).
func (bl *builder) layerImages(n *html.Node, layers []style.BackgroundImage, what string) []*Image {
	bgs := make([]*Image, len(layers))
	for i, layer := range layers {
		u := strings.TrimSpace(layer.URL)
		if u == "" {
			continue
		}
		for j := 0; j < i; j++ {
			if bgs[j] != nil && layers[j].URL == layer.URL {
				bgs[i] = bgs[j]
				break
			}
		}
		if bgs[i] == nil {
			img, err := bl.loadImage(bl.ctx, u)
			img.Decorative = true
			if err != nil {
				img.Err = err
				bl.diags = append(bl.diags, Diagnostic{Stage: "resource", Node: n,
					Message: fmt.Sprintf("%s %q not loaded: %v", what, clipURL(u), err)})
			}
			bgs[i] = img
		}
	}
	return bgs
}

// svgImage parses the SVG document data into img.
func (bl *builder) svgImage(img *Image, data []byte) (*Image, error) {
	root, err := svg.Parse(bytes.NewReader(data), bl.opts.SVGLimits)
	if err != nil {
		return img, fmt.Errorf("undecodable SVG image: %w", err)
	}
	doc, err := svg.New(root, bl.opts.SVGLimits, nil)
	if err != nil {
		return img, fmt.Errorf("SVG image not drawn: %w", err)
	}
	img.setSVG(doc)
	bl.svgRasters(nil, doc)
	return img, nil
}

// Size returns the intrinsic size in CSS pixels: an SVG's exact one, so
// that its aspect ratio survives however extreme it is, else the pixel
// size.
func (img *Image) Size() (w, h float64) {
	if img.SVG != nil {
		return img.svgW, img.svgH
	}
	return float64(img.PixelWidth), float64(img.PixelHeight)
}

// setSVG makes img the drawing doc.
func (img *Image) setSVG(doc *svg.Document) {
	img.SVG, img.Format = doc, "svg"
	img.PixelWidth, img.PixelHeight = svgPixels(doc.Width), svgPixels(doc.Height)
	img.svgW, img.svgH = doc.Width, doc.Height
}

// svgPixels rounds an SVG's intrinsic length to whole pixels, at least 1
// and at most 100,000.
func svgPixels(v float64) int {
	return int(min(max(math.Round(v), 1), 100_000))
}

// pageImages returns the loader of Tree.PageImage: an image that fails
// to load keeps its error in Err.
func (bl *builder) pageImages() func(url string) *Image {
	loaded := map[string]*Image{}
	return func(url string) *Image {
		url = strings.TrimSpace(url)
		if img, ok := loaded[url]; ok {
			return img
		}
		img, err := bl.loadImage(bl.ctx, url)
		img.Decorative = true
		if err != nil {
			img.Err = fmt.Errorf("page background image %q not loaded: %w", clipURL(url), err)
		}
		loaded[url] = img
		return img
	}
}
