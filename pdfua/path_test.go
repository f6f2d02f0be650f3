package pdfua

import (
	"bytes"
	"strings"
	"testing"
)

func TestDrawPath(t *testing.T) {
	tests := []struct {
		name  string
		path  *Path
		style PathStyle
		want  string
	}{
		{"fill rect", new(Path).Rect(Rect{1, 2, 3, 4}), PathStyle{Fill: true, FillColor: Color{1, 0.5, 0}},
			"1 0.5 0 rg\n1 2 3 4 re\nf\n"},
		{"stroke line", new(Path).MoveTo(0, 0).LineTo(10, 0), PathStyle{Stroke: &Stroke{Color: Color{0, 0, 1}, Width: 2, Dash: []float64{3, 1}, DashPhase: 1, Cap: CapRound, Join: JoinBevel}},
			"0 0 1 RG\n2 w\n[3 1] 1 d\n1 J 2 j\n0 0 m\n10 0 l\nS\n"},
		{"fill and stroke even-odd", new(Path).MoveTo(0, 0).CurveTo(1, 2, 3, 4, 5, 6).Close(), PathStyle{Fill: true, EvenOdd: true, Stroke: &Stroke{Width: 1}},
			"0 0 0 rg\n0 0 0 RG\n1 w\n[] 0 d\n0 J 0 j\n0 0 m\n1 2 3 4 5 6 c\nh\nB*\n"},
		{"colors clamp", new(Path).Rect(Rect{0, 0, 1, 1}), PathStyle{Fill: true, FillColor: Color{2, -1, 0.25}},
			"1 0 0.25 rg\n0 0 1 1 re\nf\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newTestDoc()
			p := d.AddPage(100, 100)
			p.BeginArtifact(Artifact{})
			p.content = p.content[:0]
			p.DrawPath(tc.path, tc.style)
			if got := string(p.content); got != tc.want {
				t.Errorf("content:\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestRoundedRect(t *testing.T) {
	// Radii larger than the box are scaled down (CSS): a 10×10 box with
	// 10-unit radii becomes a circle of radius 5.
	got := string(new(Path).RoundedRect(Rect{0, 0, 10, 10}, [4][2]float64{{10, 10}, {10, 10}, {10, 10}, {10, 10}}).ops)
	for _, want := range []string{"5 10 m\n", "10 5 c\n", "5 0 c\n", "0 5 c\n", "5 10 c\nh\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("rounded rect lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, " c\n"); n != 4 {
		t.Errorf("%d curves, want 4", n)
	}
	// Zero radii: a plain closed rectangle with no curves.
	if got := string(new(Path).RoundedRect(Rect{0, 0, 4, 2}, [4][2]float64{}).ops); strings.Contains(got, " c\n") {
		t.Errorf("square corners drew curves:\n%s", got)
	}
}

func TestClipAndState(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	p.Save()
	p.Transform(Matrix{1, 0, 0, 1, 5, 5})
	p.Clip(new(Path).Rect(Rect{0, 0, 10, 10}), true)
	p.Restore()
	if got, want := string(p.content), "q\n1 0 0 1 5 5 cm\n0 0 10 10 re\nW* n\nQ\n"; got != want {
		t.Errorf("content %q, want %q", got, want)
	}
}

func TestExtGStateShared(t *testing.T) {
	d := newTestDoc()
	for i := 0; i < 3; i++ {
		p := d.AddPage(100, 100)
		p.BeginArtifact(Artifact{})
		p.Save()
		p.SetAlpha(0.5, 1)
		p.DrawPath(new(Path).Rect(Rect{0, 0, 1, 1}), PathStyle{Fill: true})
		p.SetAlpha(0.5, 1)
		p.Restore()
		p.Save()
		p.SetAlpha(0.25, 0.25)
		p.Restore()
		p.End()
	}
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("/Type /ExtGState")); n != 2 {
		t.Errorf("%d ExtGStates, want 2 shared by all pages", n)
	}
	if !bytes.Contains(data, []byte("/CA 1/Type /ExtGState/ca 0.5")) {
		t.Errorf("ExtGState values wrong")
	}
}

// TestPathReset checks that a reset path paints exactly what a fresh one
// does: no operators and no bounds are left from before.
func TestPathReset(t *testing.T) {
	draw := func(pa *Path) []byte {
		d := New(Info{Title: "t", Lang: "en"})
		p := d.AddPage(200, 200)
		p.BeginArtifact(Artifact{Type: ArtifactLayout})
		p.DrawPath(pa, PathStyle{Fill: true})
		p.End()
		return p.content
	}
	want := draw(new(Path).Rect(Rect{X: 10, Y: 20, W: 30, H: 40}))
	var reused Path
	reused.MoveTo(150, 150).LineTo(190, 5).Close()
	reused.Reset()
	if !reused.Empty() {
		t.Fatal("a reset path is not empty")
	}
	if reused.bounds != (box{}) {
		t.Errorf("a reset path keeps bounds %+v", reused.bounds)
	}
	got := draw(reused.Rect(Rect{X: 10, Y: 20, W: 30, H: 40}))
	if string(got) != string(want) {
		t.Errorf("reset path paints\n%s\nwant\n%s", got, want)
	}
}
