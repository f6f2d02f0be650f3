package wcag

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestEmbeddedControlNames checks the names that take the value of a
// control embedded in a label, an aria-labelledby target or content
// (accname 1.2, step 2C), and that references which loop end.
func TestEmbeddedControlNames(t *testing.T) {
	tests := []struct {
		name, body, id, want string
	}{
		{"text field value inside the checkbox's label", `<label>Flash the screen <input type="text" value="5"> times <input id="x" type="checkbox"></label>`, "x", "Flash the screen 5 times"},
		{"the labelled field leaves out its own value", `<label>Repeat <input id="x" type="text" value="5"> times</label>`, "x", "Repeat times"},
		{"selected option inside a label", `<label for="x">Every</label><label for="x"><select><option>day</option><option selected>week</option></select></label><input id="x" type="checkbox">`, "x", "Every week"},
		{"first option when none is selected", `<label><input id="x" type="checkbox"> Every <select><option label="day">d</option><option>week</option></select></label>`, "x", "Every day"},
		{"textarea text", `<label><input id="x" type="checkbox"> Note: <textarea>call back</textarea></label>`, "x", "Note: call back"},
		{"range without value is at its middle", `<label><input id="x" type="checkbox"> Volume <input type="range" min="0" max="10"></label>`, "x", "Volume 5"},
		{"aria slider gives its valuetext", `<label><input id="x" type="checkbox"> Volume <span role="slider" tabindex="0" aria-valuenow="3" aria-valuetext="loud"></span></label>`, "x", "Volume loud"},
		{"aria spinbutton gives its valuenow", `<label><input id="x" type="checkbox"> Copies <span role="spinbutton" tabindex="0" aria-valuenow="3"></span></label>`, "x", "Copies 3"},
		{"aria listbox gives its selected option", `<label><input id="x" type="checkbox"> Size <span role="listbox"><span role="option">S</span><span role="option" aria-selected="true">M</span></span></label>`, "x", "Size M"},
		{"aria textbox gives its text", `<label><input id="x" type="checkbox"> To <span role="textbox">Ann</span></label>`, "x", "To Ann"},
		{"password fields give nothing", `<label><input id="x" type="checkbox"> PIN <input type="password" value="1234"></label>`, "x", "PIN"},
		{"progress bars give nothing", `<label><input id="x" type="checkbox"> Done <span role="progressbar" aria-valuenow="40"></span></label>`, "x", "Done"},
		{"aria-labelledby naming a text field", `<button id="x" aria-labelledby="f"></button><input id="f" type="text" value="10 EUR">`, "x", "10 EUR"},
		{"button content with a text field", `<div id="x" role="button" tabindex="0">Pay <input type="text" value="10"> now</div>`, "x", "Pay 10 now"},
		// loops: aria-labelledby is followed once, labels are not followed
		// again inside a label's text
		{"image labelled by its own ancestor", `<div id="x"><img id="i" aria-labelledby="x" alt="pic"> caption</div>`, "i", "pic caption"},
		{"labelledby cycle", `<span id="x" role="button" aria-labelledby="y">a</span><span id="y" aria-labelledby="x">b</span>`, "x", "b"},
		{"image with aria-labelledby inside a label", `<label><input id="x" type="checkbox"> Pay with <img src="v.png" alt="card" aria-labelledby="v"></label><span id="v">Visa</span>`, "x", "Pay with Visa"},
		{"labelledby and label loop", `<label id="l"><input id="x" type="checkbox" aria-labelledby="l"> A <input type="image" src="s.png" aria-labelledby="l"></label>`, "x", "A"},
		{"image inputs in one label", `<label><input id="x" type="image" src="a.png"><input type="image" src="b.png"> Go</label>`, "x", "Go"},
		{"listbox owning itself", `<label><input id="x" type="checkbox"> Pick <span role="listbox" id="l" aria-owns="o"></span></label><span role="option" id="o" aria-selected="true">one <span role="listbox" aria-owns="o"></span></span>`, "x", "Pick one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader(page(tt.body)))
			if err != nil {
				t.Fatal(err)
			}
			c, err := newChecker(t.Context(), doc, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			n := c.byID(tt.id)
			if n == nil {
				t.Fatalf("no #%s", tt.id)
			}
			if got := c.accessibleName(n, true); got != tt.want {
				t.Errorf("name %q, want %q", got, tt.want)
			}
		})
	}
}
