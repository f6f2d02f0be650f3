package style

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The groups of a computed Style are shared between elements (see
// groups.go): a write through a Style to one of their fields, outside the
// cascade's copy-on-write path, would change the style of every element
// sharing the group. TestNoWritesThroughSharedGroups type-checks every
// package of the module, its tests included, and fails on any such write:
// code that derives a style writes to a group it got from a Mut method
// (a private copy) instead, or through a variable it declared as a Clone
// (x := *y.Clone(), never assigned again), whose groups are all its own.

const modulePath = "github.com/seed28491532/folio"

// groupWriters are the functions of package style allowed to write
// through a Style ("file.go" for every function of a file, "file.go:name"
// for one, "var" for the package-level variables): the property table's
// apply and copy functions (every apply_*.go file), which run on groups
// the cascade made private (cow.own), the cascade's fix-ups, which make a
// group private before writing to it, and the building of the initial
// style.
var groupWriters = []string{
	"proptable.go", "groups.go", "inherit.go:var",
	"cascade.go:compute", "cascade.go:reset", "cascade.go:finish", "cascade.go:setDisplay",
}

// listedPackage is what the test reads of `go list -json`.
type listedPackage struct {
	ImportPath, Dir, Export            string
	GoFiles, TestGoFiles, XTestGoFiles []string
	Imports, TestImports, XTestImports []string
	Deps                               []string
}

func goList(t *testing.T, args ...string) []listedPackage {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-e", "-json"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, stderr.String())
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// moduleImporter type-checks the module's packages from source and
// imports the others from their export data.
type moduleImporter struct {
	fset    *token.FileSet
	pkgs    map[string]*listedPackage
	checked map[string]*types.Package
	// override maps a package to its version with in-package tests, for
	// the external tests of that package.
	override map[string]*types.Package
	gc       types.Importer
	err      error
}

func (m *moduleImporter) Import(path string) (*types.Package, error) {
	if p := m.override[path]; p != nil {
		return p, nil
	}
	if p := m.checked[path]; p != nil {
		return p, nil
	}
	lp := m.pkgs[path]
	if lp == nil {
		return m.gc.Import(path)
	}
	pkg, _, _ := m.check(lp, lp.GoFiles, path)
	if pkg == nil {
		return nil, fmt.Errorf("cannot parse %s", path)
	}
	m.checked[path] = pkg
	return pkg, nil
}

// check parses and type-checks files of lp as package path.
func (m *moduleImporter) check(lp *listedPackage, files []string, path string) (*types.Package, []*ast.File, *types.Info) {
	var asts []*ast.File
	for _, f := range files {
		af, err := parser.ParseFile(m.fset, filepath.Join(lp.Dir, f), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, nil
		}
		asts = append(asts, af)
	}
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}, Types: map[ast.Expr]types.TypeAndValue{},
		Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: m, Error: func(err error) {
		// the test variants of a package see its importers built
		// against the plain one (mismatched types there do not hide
		// field selections); the plain packages must check cleanly
		if m.err == nil && !strings.HasSuffix(path, "_test") && len(files) == len(lp.GoFiles) {
			m.err = err
		}
	}}
	pkg, _ := conf.Check(path, m.fset, asts, info)
	return pkg, asts, info
}

// groupType reports whether t (or what it points to) is Style or one of
// its groups.
func groupType(t types.Type) (isStyle, isGroup bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != modulePath+"/style" {
		return false, false
	}
	name := n.Obj().Name()
	return name == "Style", strings.HasSuffix(name, "Group")
}

// groupWrites returns the writes through a Style to group fields in
// files, as "file:line: func: expr". Function declarations and the
// package-level variables (function literals there) are checked.
func groupWrites(fset *token.FileSet, files []*ast.File, info *types.Info, allowed func(file, fn string) bool) []string {
	var found []string
	for _, f := range files {
		file := filepath.Base(fset.Position(f.Pos()).Filename)
		for _, decl := range f.Decls {
			name := "var"
			var body ast.Node = decl
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if fd.Body == nil {
					continue
				}
				name, body = fd.Name.Name, fd.Body
			}
			if allowed(file, name) {
				continue
			}
			for _, lhs := range writes(body, info, clonedVars(body, info)) {
				pos := fset.Position(lhs.Pos())
				found = append(found, fmt.Sprintf("%s:%d: %s: %s", file, pos.Line, name, types.ExprString(lhs)))
			}
		}
	}
	return found
}

// writes returns the expressions written to under n that write through a
// Style into a group.
func writes(n ast.Node, info *types.Info, cloned map[types.Object]bool) []ast.Expr {
	var out []ast.Expr
	check := func(lhs ast.Expr) {
		if lhs != nil && throughStyle(lhs, info, true, cloned) {
			out = append(out, lhs)
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					check(l)
				}
			}
		case *ast.IncDecStmt:
			check(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				check(n.X)
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				check(n.Key)
				check(n.Value)
			}
		}
		return true
	})
	return out
}

// clonedVars returns the variables declared under n as a Clone of a Style
// (x := y.Clone() or x := *y.Clone()) and never assigned again.
func clonedVars(n ast.Node, info *types.Info) map[types.Object]bool {
	cloned := map[types.Object]bool{}
	var reassigned []types.Object
	ast.Inspect(n, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				continue
			}
			if as.Tok != token.DEFINE || len(as.Rhs) != len(as.Lhs) {
				reassigned = append(reassigned, info.Uses[id])
				continue
			}
			if isClone(as.Rhs[i], info) {
				cloned[info.Defs[id]] = true
			}
		}
		return true
	})
	for _, o := range reassigned {
		delete(cloned, o)
	}
	return cloned
}

// isClone reports whether e is y.Clone() or *y.Clone() for a Style y.
func isClone(e ast.Expr, info *types.Info) bool {
	e = ast.Unparen(e)
	if st, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(st.X)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Clone" || info.Selections[sel] == nil {
		return false
	}
	isStyle, _ := groupType(info.Selections[sel].Recv())
	return isStyle
}

// throughStyle reports whether writing to e writes into a group of a
// Style: e selects a field through a Style or a group, other than a
// Style's group pointer itself (outer: e is the whole left-hand side).
func throughStyle(e ast.Expr, info *types.Info, outer bool, cloned map[types.Object]bool) bool {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.IndexExpr:
			e, outer = x.X, false
			continue
		case *ast.StarExpr:
			e, outer = x.X, false
			continue
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return false
			}
			isStyle, isGroup := groupType(sel.Recv())
			if isStyle {
				if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && cloned[info.Uses[id]] {
					return false // a clone's groups are its own
				}
				_, fieldGroup := groupType(sel.Obj().Type())
				_, isPtr := sel.Obj().Type().(*types.Pointer)
				// replacing a group pointer is how styles are derived;
				// anything else writes into a (maybe shared) group
				return !(outer && len(sel.Index()) == 1 && fieldGroup && isPtr)
			}
			if isGroup {
				// a group reached through a Style (s.FontGroup.X), not
				// one held in a variable from a Mut method
				if inner, ok := ast.Unparen(x.X).(*ast.SelectorExpr); ok {
					if s := info.Selections[inner]; s != nil {
						if st, _ := groupType(s.Recv()); st {
							return true
						}
					}
				}
				return false
			}
			e, outer = x.X, false
		default:
			return false
		}
	}
}

func TestNoWritesThroughSharedGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole module")
	}
	pkgs := goList(t, modulePath+"/...")
	m := &moduleImporter{fset: token.NewFileSet(), pkgs: map[string]*listedPackage{},
		checked: map[string]*types.Package{}, override: map[string]*types.Package{}}
	var external []string
	all := map[string]*listedPackage{}
	for i := range pkgs {
		all[pkgs[i].ImportPath] = &pkgs[i]
	}
	// only the packages that see Style can write to it: style, the
	// packages depending on it (type-checked from source) and those
	// whose tests import one of them; the others come from export data
	stylePath := modulePath + "/style"
	seesStyle := func(path string) bool {
		p := all[path]
		return p != nil && (path == stylePath || slices.Contains(p.Deps, stylePath))
	}
	for path, p := range all {
		if seesStyle(path) {
			m.pkgs[path] = p
		}
	}
	var selected []*listedPackage
	for i := range pkgs {
		p := &pkgs[i]
		if seesStyle(p.ImportPath) || slices.ContainsFunc(slices.Concat(p.TestImports, p.XTestImports), seesStyle) {
			selected = append(selected, p)
		}
	}
	for _, p := range selected {
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if m.pkgs[imp] == nil && imp != "C" && imp != "unsafe" && !slices.Contains(external, imp) {
				external = append(external, imp)
			}
		}
	}
	exports := map[string]string{}
	for _, p := range goList(t, append([]string{"-export", "-deps"}, external...)...) {
		exports[p.ImportPath] = p.Export
	}
	m.gc = importer.ForCompiler(m.fset, "gc", func(path string) (io.ReadCloser, error) {
		if f := exports[path]; f != "" {
			return os.Open(f)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	var found []string
	for _, lp := range selected {
		allowed := func(string, string) bool { return false }
		if lp.ImportPath == modulePath+"/style" {
			allowed = func(file, fn string) bool {
				return strings.HasPrefix(file, "apply_") && !strings.HasSuffix(file, "_test.go") ||
					slices.Contains(groupWriters, file) || slices.Contains(groupWriters, file+":"+fn)
			}
		}
		withTests := slices.Concat(lp.GoFiles, lp.TestGoFiles)
		pkg, files, info := m.check(lp, withTests, lp.ImportPath)
		if pkg == nil {
			t.Fatalf("%s: cannot parse", lp.ImportPath)
		}
		found = append(found, prefixed(lp.ImportPath, groupWrites(m.fset, files, info, allowed))...)
		if len(lp.XTestGoFiles) > 0 {
			m.override = map[string]*types.Package{lp.ImportPath: pkg}
			_, files, info := m.check(lp, lp.XTestGoFiles, lp.ImportPath+"_test")
			m.override = nil
			found = append(found, prefixed(lp.ImportPath, groupWrites(m.fset, files, info, func(string, string) bool { return false }))...)
		}
	}
	if m.err != nil {
		t.Fatalf("type-checking the module: %v", m.err)
	}
	for _, f := range found {
		t.Errorf("write through a Style's shared group (use a Mut method): %s", f)
	}
}

func prefixed(pkg string, lines []string) []string {
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, modulePath), "/")
	for i := range lines {
		lines[i] = rel + "/" + lines[i]
	}
	return lines
}
