package svg

import (
	"math"
	"strings"

	"golang.org/x/net/html"
)

// Link is an <a> element of a drawing with an href: the shapes drawn
// inside it point to the same *Link.
type Link struct {
	// Href is the target as written (href, else xlink:href).
	Href string
	// Title describes the link: the a element's aria-label, else its
	// <title> child, else "".
	Title string
}

// linkOf returns the link of a element n, nil when it has no href.
func linkOf(n *html.Node) *Link {
	v, ok := attr(n, "href")
	if !ok {
		v, ok = attr(n, "xlink:href")
	}
	if v = strings.TrimSpace(v); !ok || v == "" {
		return nil
	}
	title, _ := attr(n, "aria-label")
	if title = strings.TrimSpace(title); title == "" {
		title = childText(n, "title")
	}
	return &Link{Href: v, Title: title}
}

// inLink runs draw with r.link set to the link of a element n (when it
// has one), so the shapes drawn point to it.
func (r *renderer) inLink(n *html.Node, draw func()) {
	if l := linkOf(n); l != nil {
		saved := r.link
		r.link = l
		defer func() { r.link = saved }()
	}
	draw()
}

// Bounds returns the box x0, y0, x1, y1 in output space a painting shape
// covers (a stroke's reach included, a text run's em box); ok is false
// for a group or mask mark and an empty shape.
func (s *Shape) Bounds() (b [4]float64, ok bool) {
	switch {
	case s.Group != NoGroup && s.Group != TextClipBegin:
		return b, false
	case s.Path != nil:
		return s.pathBounds()
	case s.Text != nil:
		t := s.Text
		return outputBounds(s.M, t.X, t.Y-0.8*t.Size, t.X+t.advance, t.Y+0.2*t.Size), true
	case s.Image != nil:
		ir := *s.ImageRect
		return outputBounds(s.M, ir[0], ir[1], ir[0]+ir[2], ir[1]+ir[3]), true
	}
	return b, false
}

// pathBounds returns the output box of a path shape, its stroke's reach
// included: exactly for a line with butt caps (a chart's grid line
// then stays inside its viewport, unclipped), else grown on all sides.
func (s *Shape) pathBounds() ([4]float64, bool) {
	p, st := s.Path, s.Stroke
	if st != nil && st.Cap == 0 && len(p.Segs) == 2 && p.Segs[0].Op == MoveTo && p.Segs[1].Op == LineTo {
		a, b := p.Segs[0].Pts[0], p.Segs[1].Pts[0]
		if l := math.Hypot(b[0]-a[0], b[1]-a[1]); l > 0 {
			nx, ny := (a[1]-b[1])/l*st.Width/2, (b[0]-a[0])/l*st.Width/2
			box := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
			for _, c := range [4][2]float64{{a[0] + nx, a[1] + ny}, {a[0] - nx, a[1] - ny}, {b[0] + nx, b[1] + ny}, {b[0] - nx, b[1] - ny}} {
				x, y := s.M.Apply(c[0], c[1])
				box = [4]float64{min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)}
			}
			return box, true
		}
	}
	x0, y0, x1, y1, ok := p.Bounds()
	if !ok {
		return [4]float64{}, false
	}
	g := strokeReach(st)
	return outputBounds(s.M, x0-g, y0-g, x1+g, y1+g), true
}
