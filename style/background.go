package style

// The computed values of the background longhands (CSS Backgrounds 3 §3).
// Each list-valued longhand holds one entry per comma-separated layer, the
// first layer on top; nil is the initial value (one layer of it). The
// number of layers is that of background-image: the other lists repeat to
// match (Layer).

// BackgroundImage is one layer's image: a URL, a gradient, or neither
// (none).
type BackgroundImage struct {
	URL      string
	Gradient *Gradient
}

// PositionAxis is one coordinate of a background-position: Offset from
// the start edge (left or top), or from the end edge when FromEnd.
// Percentages resolve against the positioning area minus the image size.
type PositionAxis struct {
	Offset  Length
	FromEnd bool
}

// Resolve returns the offset in points of an image of size img in an area
// of size area.
func (p PositionAxis) Resolve(area, img float64) float64 {
	o := p.Offset.Resolve(area-img, 0)
	if p.FromEnd {
		return area - img - o
	}
	return o
}

// BackgroundPosition is one layer's background-position.
type BackgroundPosition struct {
	X, Y PositionAxis
}

// SizeMode is the keyword form of a background-size.
type SizeMode uint8

// Background size modes.
const (
	// SizeExplicit sizes the image by W and H (each a length, a
	// percentage of the positioning area, or auto).
	SizeExplicit SizeMode = iota
	SizeCover
	SizeContain
)

// BackgroundSize is one layer's background-size.
type BackgroundSize struct {
	Mode SizeMode
	W, H Length
}

// RepeatStyle is how a background image repeats along one axis.
type RepeatStyle uint8

// Repeat styles.
const (
	Repeat RepeatStyle = iota
	NoRepeat
	RepeatSpace
	RepeatRound
)

// BackgroundRepeat is one layer's background-repeat, per axis.
type BackgroundRepeat struct {
	X, Y RepeatStyle
}

// BoxArea names one of a box's areas for background-origin and
// background-clip.
type BoxArea uint8

// Box areas.
const (
	BorderBoxArea BoxArea = iota
	PaddingBoxArea
	ContentBoxArea
)

// GradientKind is the kind of a CSS gradient.
type GradientKind uint8

// Gradient kinds.
const (
	LinearGradient GradientKind = iota
	RadialGradient
	// ConicGradient turns around Center from Angle (CSS Images 4 §3.3);
	// its stops' positions are fractions of a turn, as percentages.
	ConicGradient
)

// RadialExtent is a radial gradient's size keyword.
type RadialExtent uint8

// Radial gradient extents (ExtentExplicit: Radius holds the radii).
const (
	FarthestCorner RadialExtent = iota
	ClosestSide
	FarthestSide
	ClosestCorner
	ExtentExplicit
)

// ColorStop is a gradient colour stop; Pos is Auto when not given, and a
// percentage of the gradient line (linear) or ray (radial) otherwise.
// Current says the colour is currentcolor: the painted element's color,
// even when the gradient is inherited (Color holds the declaring
// element's). Hint marks a transition hint (a lone position between two
// colour stops): its Color is the neighbours' even mix, exact only when
// the hint is midway; the painter bends the transition through it.
type ColorStop struct {
	Color   Color
	Pos     Length
	Current bool
	Hint    bool
}

// Gradient is a computed linear or radial gradient.
type Gradient struct {
	Kind      GradientKind
	Repeating bool
	// Angle is the direction of a linear gradient in degrees (0 towards
	// the top, 90 towards the right), used when Corner is false.
	Angle float64
	// Corner, for "to <corner>", with CornerX (-1 left, 1 right) and
	// CornerY (-1 top, 1 bottom): the angle depends on the box.
	Corner           bool
	CornerX, CornerY int8
	// Circle, Extent, Radius and Center describe a radial gradient.
	Circle bool
	Extent RadialExtent
	Radius [2]Length
	Center BackgroundPosition
	Stops  []ColorStop
}

// Layer returns layer i's value of a background list l, repeating the list
// as CSS does; def (the initial value) for an empty list.
func Layer[T any](l []T, i int, def T) T {
	if len(l) == 0 {
		return def
	}
	return l[i%len(l)]
}

// InitialPosition returns the initial background-position, 0% 0%.
func InitialPosition() BackgroundPosition {
	return BackgroundPosition{X: PositionAxis{Offset: Length{Unit: Percent}}, Y: PositionAxis{Offset: Length{Unit: Percent}}}
}

// InitialSize returns the initial background-size, auto auto.
func InitialSize() BackgroundSize {
	return BackgroundSize{W: Length{Unit: Auto}, H: Length{Unit: Auto}}
}
