package display

// turnStops cuts the stops of a conic gradient (offsets in turns) to one
// turn, [0, 1]: the colours at 0 and 1 are those the stops give there,
// and the end colours extend to them (CSS Images 4 §3.3).
func turnStops(s []Stop) []Stop {
	for len(s) > 1 && s[1].Offset <= 0 {
		s = s[1:]
	}
	if len(s) > 1 && s[0].Offset < 0 {
		t := -s[0].Offset / (s[1].Offset - s[0].Offset)
		s[0] = Stop{Offset: 0, Color: lerp(s[0].Color, s[1].Color, t)}
	}
	for n := len(s); n > 1 && s[n-2].Offset >= 1; n = len(s) {
		s = s[:n-1]
	}
	if n := len(s); n > 1 && s[n-1].Offset > 1 {
		t := (1 - s[n-2].Offset) / (s[n-1].Offset - s[n-2].Offset)
		s[n-1] = Stop{Offset: 1, Color: lerp(s[n-2].Color, s[n-1].Color, t)}
	}
	for i := range s {
		s[i].Offset = min(max(s[i].Offset, 0), 1)
	}
	return s
}
