package svg

// clipRect trims a rectangle s fills with a plain colour (no stroke,
// no gradient, no text or image) to the viewports it is drawn in, in
// its user space, and drops those viewports' clips, which it no longer
// needs. A rasteriser then paints the shape's edge where the
// viewport's edge is, instead of anti-aliasing the clip's edge on its
// own, which lets a sliver of the shape show one pixel past the
// viewport. Other shapes are returned as they are.
func clipRect(s Shape) Shape {
	m := s.M
	if s.Fill == nil || s.Fill.Gradient != nil || s.Stroke != nil || s.Text != nil || s.Image != nil ||
		len(s.Clips) == 0 || m[1] != 0 || m[2] != 0 || m[0] == 0 || m[3] == 0 || !isRect(s.Path) {
		return s
	}
	x0, y0, x1, y1, _ := s.Path.Bounds()
	viewports := 0
	for _, c := range s.Clips {
		if !c.viewport || c.rect == nil {
			continue
		}
		viewports++
		// the viewport in user space (m only scales and translates)
		ux0, ux1 := (c.rect[0]-m[4])/m[0], (c.rect[2]-m[4])/m[0]
		uy0, uy1 := (c.rect[1]-m[5])/m[3], (c.rect[3]-m[5])/m[3]
		x0, x1 = max(x0, min(ux0, ux1)), min(x1, max(ux0, ux1))
		y0, y1 = max(y0, min(uy0, uy1)), min(y1, max(uy0, uy1))
	}
	if viewports == 0 || x1 <= x0 || y1 <= y0 {
		return s // no viewport, or wholly outside: the clips stay as they are
	}
	s.Clips = withoutViewports(s.Clips, viewports)
	if !rectIs(s.Path, x0, y0, x1-x0, y1-y0) {
		s.Path = rectPath(x0, y0, x1-x0, y1-y0)
	}
	return s
}

// withoutViewports returns clips without its n viewport clips (nil when
// they are all), in a new slice: clips is shared with other shapes.
func withoutViewports(clips []Clip, n int) []Clip {
	if n == len(clips) {
		return nil
	}
	kept := make([]Clip, 0, len(clips)-n)
	for _, c := range clips {
		if !c.viewport || c.rect == nil {
			kept = append(kept, c)
		}
	}
	return kept
}

// rectIs reports whether p is exactly the path rectPath(x, y, w, h)
// makes: a rectangle wholly inside its viewports keeps its own path.
func rectIs(p *Path, x, y, w, h float64) bool {
	s := p.Segs
	return len(s) == 5 && s[0].Op == MoveTo && s[1].Op == LineTo && s[2].Op == LineTo && s[3].Op == LineTo && s[4].Op == Close &&
		s[0].Pts[0] == [2]float64{x, y} && s[1].Pts[0] == [2]float64{x + w, y} &&
		s[2].Pts[0] == [2]float64{x + w, y + h} && s[3].Pts[0] == [2]float64{x, y + h}
}

// isRect reports whether p is one axis-aligned rectangle of some
// area: a move, then lines (and a close) along its four sides in turn.
func isRect(p *Path) bool {
	if p == nil || len(p.Segs) < 4 || len(p.Segs) > 6 || p.Segs[0].Op != MoveTo {
		return false
	}
	var buf [6][2]float64 // a move and up to five lines
	pts := append(buf[:0], p.Segs[0].Pts[0])
	for i, sg := range p.Segs[1:] {
		switch {
		case sg.Op == LineTo:
			pts = append(pts, sg.Pts[0])
		case sg.Op == Close && i == len(p.Segs)-2:
		default:
			return false
		}
	}
	if len(pts) == 5 && pts[4] == pts[0] {
		pts = pts[:4]
	}
	if len(pts) != 4 {
		return false
	}
	for i := range pts {
		a, b, c := pts[i], pts[(i+1)%4], pts[(i+2)%4]
		horizontal := a[1] == b[1] && a[0] != b[0]
		vertical := a[0] == b[0] && a[1] != b[1]
		nextVertical := b[0] == c[0] && b[1] != c[1]
		if !(horizontal && nextVertical) && !(vertical && !nextVertical) {
			return false
		}
	}
	return true
}
