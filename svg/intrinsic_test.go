package svg

import (
	"context"
	"fmt"
	"testing"
)

// TestIntrinsicDimensions checks the dimensions and ratio CSS sizes a
// drawing by: only absolute width and height count, the ratio from both
// or else the viewBox.
func TestIntrinsicDimensions(t *testing.T) {
	tests := []struct{ src, want string }{
		{`<svg width="8" height="32"/>`, "8 32 0.25 viewBox false"},
		{`<svg width="8" viewBox="0 0 2 1"/>`, "8 0 2 viewBox true"},
		{`<svg width="50%" height="8"/>`, "0 8 0 viewBox false"},
		{`<svg viewBox="0 0 1 4"/>`, "0 0 0.25 viewBox true"},
		{`<svg/>`, "0 0 0 viewBox false"},
	}
	for _, tt := range tests {
		d := mustDoc(t, tt.src)
		w, h, r := d.Intrinsic()
		if got := fmt.Sprintf("%g %g %g viewBox %v", w, h, r, d.HasViewBox()); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.src, got, tt.want)
		}
	}
}

// TestZeroViewBoxDrawsNothing checks that a viewBox of zero width or
// height disables the drawing (SVG 1.1 §7.7).
func TestZeroViewBoxDrawsNothing(t *testing.T) {
	for _, vb := range []string{"0 0 8 0", "0 0 0 8"} {
		d := mustDoc(t, `<svg width="8" height="8" viewBox="`+vb+`"><rect width="8" height="8"/></svg>`)
		shapes, err := d.Render(context.Background(), RenderOptions{Width: 8, Height: 8})
		if err != nil || len(shapes) != 0 {
			t.Errorf("viewBox %q: %d shapes (%v), want none", vb, len(shapes), err)
		}
	}
	d := mustDoc(t, `<svg width="8" height="8" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>`)
	if shapes, _ := d.Render(context.Background(), RenderOptions{Width: 8, Height: 8}); len(shapes) != 1 {
		t.Errorf("a valid viewBox draws %d shapes, want 1", len(shapes))
	}
}
