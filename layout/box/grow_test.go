package box

import "testing"

func TestGrow(t *testing.T) {
	parent := &Box{Kind: KindBlock}
	kids := []*Box{{Kind: KindBlock}, {Kind: KindBlock}}
	calls := 0
	parent.SetGrow(func() bool {
		calls++
		if len(kids) == 0 {
			return false
		}
		kids[0].Parent = parent
		parent.Children = append(parent.Children, kids[0])
		kids = kids[1:]
		return true
	})
	if !parent.Pending() {
		t.Fatal("a box with a grow function is not pending")
	}
	parent.GrowAll()
	if len(parent.Children) != 2 || parent.Pending() || parent.Grow() {
		t.Fatalf("after GrowAll: %d children, pending %v", len(parent.Children), parent.Pending())
	}
	if calls != 3 {
		t.Errorf("grow called %d times, want 3 (two children, then the end once)", calls)
	}
}
