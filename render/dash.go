package render

import "math"

// sideDash returns the dash pattern of a dashed border side of the given
// length (along the side, corners included) and width, as browsers draw
// it: dashes twice as long as the border is wide (three times under 3
// units), and the gaps between them (nominally the width, twice it under
// 3 units) stretched or shrunk so that the side begins and ends with a
// whole dash, which fills the corners. A side too short for two dashes
// and a gap is solid (nil).
func sideDash(length, w float64) []float64 {
	dash, gap := 2*w, w
	if w < 3 {
		dash, gap = 3*w, 2*w
	}
	if !(w > 0) || length <= 2*dash {
		return nil
	}
	// of the two dash counts around the nominal pattern, the one whose
	// gap is nearest the nominal gap
	fewer := math.Floor((length + gap) / (dash + gap))
	more := fewer + 1
	gapFewer := (length - fewer*dash) / (fewer - 1)
	gapMore := (length - more*dash) / (more - 1)
	if fewer < 2 || (gapMore > 0 && math.Abs(gapMore-gap) < math.Abs(gapFewer-gap)) {
		return []float64{dash, gapMore}
	}
	return []float64{dash, gapFewer}
}
