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
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/internal/resource"
	"github.com/seed28491532/folio/style"
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
	// Data holds the encoded image; Format is "jpeg", "png" or "gif".
	Data   []byte
	Format string
	// PixelWidth and PixelHeight are the intrinsic size in CSS pixels.
	PixelWidth, PixelHeight int
	// Err is why the image could not be loaded; the box then lays out as
	// a placeholder of its declared size.
	Err error
}

// ErrImageTooLarge is wrapped when an image exceeds the pixel limit.
var ErrImageTooLarge = errors.New("image exceeds the decoded pixel limit")

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
	img.Data, img.Format = data, format
	img.PixelWidth, img.PixelHeight = cfg.Width, cfg.Height
	return img, nil
}

// loadBackgrounds loads the images of the background layers of st that
// are URLs into b.Backgrounds and b.Background, reporting those that fail
// to load (a URL used by several layers is loaded once).
func (bl *builder) loadBackgrounds(b *Box, n *html.Node, st *style.Style) {
	if strings.TrimSpace(st.BackgroundImage) == "" {
		return
	}
	b.Backgrounds = make([]*Image, len(st.BackgroundImages))
	for i, layer := range st.BackgroundImages {
		u := strings.TrimSpace(layer.URL)
		if u == "" {
			continue
		}
		for j := 0; j < i; j++ {
			if b.Backgrounds[j] != nil && st.BackgroundImages[j].URL == layer.URL {
				b.Backgrounds[i] = b.Backgrounds[j]
				break
			}
		}
		if b.Backgrounds[i] == nil {
			img, err := bl.loadImage(bl.ctx, u)
			img.Decorative = true
			if err != nil {
				img.Err = err
				bl.diags = append(bl.diags, Diagnostic{Stage: "resource", Node: n,
					Message: fmt.Sprintf("background image %q not loaded: %v", clipURL(u), err)})
			}
			b.Backgrounds[i] = img
		}
		if b.Background == nil {
			b.Background = b.Backgrounds[i]
		}
	}
}
