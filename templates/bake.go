package templates

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"text/template/parse"
)

// htmlEscaperName is the function html/template appends to an action
// printed in HTML element content.
const htmlEscaperName = "_html_template_htmlescaper"

// bakeLabels returns a copy of the template set t in which every action
// {{$.T.key}} of the template main that prints a label into HTML element
// content is replaced by the label's text from labels: a locale's labels
// are constant, so evaluating them on every execution (a variable, a field
// and a map look-up, then the escaper called by reflection) is work the
// output does not depend on. The copy writes exactly what t writes for a
// page with these labels.
//
// Only actions html/template has escaped with its HTML-content escaper
// alone are replaced: for a template.HTML value that escaper returns its
// argument unchanged, so the label text is what the action would print.
// Labels in attributes, or anywhere else, stay actions. Only the main
// template is rewritten, where $ is always the page; templates it calls
// may be called with another $.
//
// t must not have been executed (html/template allows Clone only before).
func bakeLabels(t *template.Template, main string, labels map[string]template.HTML) (*template.Template, error) {
	c, err := t.Clone()
	if err != nil {
		return nil, err
	}
	// html/template escapes a template the first time it is executed;
	// executing without data escapes it and then fails on the first field.
	// Only an escaping error is a problem here.
	var escErr *template.Error
	if err := c.ExecuteTemplate(io.Discard, main, nil); errors.As(err, &escErr) {
		return nil, fmt.Errorf("templates: escaping %s: %w", main, err)
	}
	m := c.Lookup(main)
	if m == nil || m.Tree == nil {
		return nil, fmt.Errorf("templates: no template %s", main)
	}
	if reassignsDollar(m.Tree.Root) {
		return c, nil // $ may not be the page: leave every action as it is
	}
	bakeList(m.Tree.Root, labels)
	return c, nil
}

// bakeList replaces the label actions in l and in the lists nested in it,
// then joins adjacent text.
func bakeList(l *parse.ListNode, labels map[string]template.HTML) {
	if l == nil {
		return
	}
	for i, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.ActionNode:
			if text, ok := labelText(n, labels); ok {
				l.Nodes[i] = &parse.TextNode{NodeType: parse.NodeText, Pos: n.Pos, Text: []byte(text)}
			}
		case *parse.IfNode:
			bakeList(n.List, labels)
			bakeList(n.ElseList, labels)
		case *parse.RangeNode:
			bakeList(n.List, labels)
			bakeList(n.ElseList, labels)
		case *parse.WithNode:
			bakeList(n.List, labels)
			bakeList(n.ElseList, labels)
		}
	}
	joined := l.Nodes[:0]
	for _, n := range l.Nodes {
		if t, ok := n.(*parse.TextNode); ok && len(joined) > 0 {
			if prev, ok := joined[len(joined)-1].(*parse.TextNode); ok {
				// A new node: the text of prev may be shared with the
				// original tree.
				text := make([]byte, 0, len(prev.Text)+len(t.Text))
				text = append(append(text, prev.Text...), t.Text...)
				joined[len(joined)-1] = &parse.TextNode{NodeType: parse.NodeText, Pos: prev.Pos, Text: text}
				continue
			}
		}
		joined = append(joined, n)
	}
	clear(l.Nodes[len(joined):])
	l.Nodes = joined
}

// labelText returns the label an action prints when it is exactly
// {{$.T.key | _html_template_htmlescaper}} and labels has the key.
func labelText(a *parse.ActionNode, labels map[string]template.HTML) (string, bool) {
	p := a.Pipe
	if p == nil || len(p.Decl) != 0 || p.IsAssign || len(p.Cmds) != 2 {
		return "", false
	}
	if len(p.Cmds[0].Args) != 1 || len(p.Cmds[1].Args) != 1 {
		return "", false
	}
	v, ok := p.Cmds[0].Args[0].(*parse.VariableNode)
	if !ok || len(v.Ident) != 3 || v.Ident[0] != "$" || v.Ident[1] != "T" {
		return "", false
	}
	esc, ok := p.Cmds[1].Args[0].(*parse.IdentifierNode)
	if !ok || esc.Ident != htmlEscaperName {
		return "", false
	}
	text, ok := labels[v.Ident[2]]
	return string(text), ok
}

// reassignsDollar reports whether a pipeline in l assigns to $ ({{$ = …}}),
// after which $ would no longer be the page.
func reassignsDollar(l *parse.ListNode) bool {
	if l == nil {
		return false
	}
	pipe := func(p *parse.PipeNode) bool {
		if p == nil {
			return false
		}
		for _, v := range p.Decl {
			if len(v.Ident) > 0 && v.Ident[0] == "$" {
				return true
			}
		}
		return false
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.ActionNode:
			if pipe(n.Pipe) {
				return true
			}
		case *parse.IfNode:
			if pipe(n.Pipe) || reassignsDollar(n.List) || reassignsDollar(n.ElseList) {
				return true
			}
		case *parse.RangeNode:
			if pipe(n.Pipe) || reassignsDollar(n.List) || reassignsDollar(n.ElseList) {
				return true
			}
		case *parse.WithNode:
			if pipe(n.Pipe) || reassignsDollar(n.List) || reassignsDollar(n.ElseList) {
				return true
			}
		}
	}
	return false
}
