package audit_test

import (
	"fmt"
	"os"

	"github.com/seed28491532/folio/audit"
)

func ExampleScore() {
	// One error rule failing 1 of 4 images, one warning rule failing its
	// only link.
	fmt.Println(audit.Score([]audit.RuleResult{
		{Rule: "image-alt", Severity: audit.Error, Checked: 4, Failed: 1},
		{Rule: "link-text-vague", Severity: audit.Warning, Checked: 1, Failed: 1},
	}))
	// Output: 91
}

func ExampleReport_WriteText() {
	rep := audit.NewReport([]audit.Finding{{
		Rule:      "image-alt",
		Severity:  audit.Error,
		Standards: []string{"WCAG 2.1 1.1.1"},
		Message:   "The image has no alt attribute.",
		Location:  audit.Location{Line: 10, Column: 1, Selector: "body > img", Snippet: `<img src="bars.png">`},
		Hint:      `add alt="…" describing what bars.png shows, or alt="" if it is decorative`,
	}}, []audit.RuleResult{{Rule: "image-alt", Severity: audit.Error, Checked: 3, Failed: 1}})
	rep.WriteText(os.Stdout)
	// Output:
	// Accessibility audit: FAILED, score 93/100 (1 error, 0 warnings, 0 notices; 1 rule checked)
	//
	// Errors (1):
	//   image-alt [WCAG 2.1 1.1.1]
	//     10:1 body > img  The image has no alt attribute.
	//       <img src="bars.png">
	//     Hint: add alt="…" describing what bars.png shows, or alt="" if it is decorative
	//
	// Failing rules (failed/checked):
	//   image-alt                error   1/3
	//
	// Rules: 1 failed, 0 passed, 0 not applicable
}
