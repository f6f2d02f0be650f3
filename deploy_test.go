package folio_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// kustomizations are the deploy directories applied with kubectl apply -k.
var kustomizations = []string{"deploy/kubernetes", "deploy/kubernetes/batch"}

// kustomizationResources returns the files the resources list of
// dir/kustomization.yaml names, relative to the repository root.
func kustomizationResources(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "kustomization.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case line == "resources:":
			in = true
		case in && strings.HasPrefix(trimmed, "- "):
			files = append(files, filepath.Join(dir, strings.TrimSpace(trimmed[2:])))
		case in && trimmed != "" && !strings.HasPrefix(trimmed, "#"):
			in = false
		}
	}
	if len(files) == 0 {
		t.Fatalf("%s/kustomization.yaml lists no resources", dir)
	}
	return files
}

// yamlValues returns the values of every "key: value" line of data.
func yamlValues(data, key string) []string {
	re := regexp.MustCompile(`(?m)^[\s-]*` + regexp.QuoteMeta(key) + `:\s*(\S+)\s*$`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(data, -1) {
		out = append(out, strings.Trim(m[1], `"'`))
	}
	return out
}

// TestDeployKustomizations checks the deploy files hang together: each
// kustomization lists files that exist and no Secret (the API keys Secret
// is an example that is never applied), every volume claim a workload
// mounts is defined beside it, every manifest outside examples/ is applied
// by some kustomization, and every image is the one the Dockerfile builds,
// tagged with folio.Version.
func TestDeployKustomizations(t *testing.T) {
	dockerfile, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`docker build .*-t (\S+) \.`).FindStringSubmatch(string(dockerfile))
	if m == nil {
		t.Fatal("the Dockerfile documents no docker build -t NAME command")
	}
	image := m[1]
	if want := "folio:" + folio.Version; image != want {
		t.Errorf("Dockerfile builds %s, want %s", image, want)
	}
	if !strings.Contains(string(dockerfile), "-X "+module+".Version=$VERSION") {
		t.Error("the Dockerfile does not link the VERSION build argument into folio.Version")
	}

	applied := map[string]bool{}
	for _, dir := range kustomizations {
		claims, mounted := map[string]bool{}, []string{}
		for _, f := range kustomizationResources(t, dir) {
			applied[f] = true
			data, err := os.ReadFile(f)
			if err != nil {
				t.Errorf("%s/kustomization.yaml: %v", dir, err)
				continue
			}
			s := string(data)
			for _, kind := range yamlValues(s, "kind") {
				if kind == "Secret" {
					t.Errorf("%s/kustomization.yaml applies a Secret (%s)", dir, f)
				}
			}
			if strings.Contains(s, "kind: PersistentVolumeClaim") {
				for _, name := range yamlValues(s, "name") {
					claims[name] = true
				}
			}
			mounted = append(mounted, yamlValues(s, "claimName")...)
			for _, img := range yamlValues(s, "image") {
				if img != image {
					t.Errorf("%s uses image %s, the Dockerfile builds %s", f, img, image)
				}
			}
		}
		for _, c := range mounted {
			if !claims[c] {
				t.Errorf("%s mounts the volume claim %s, which it does not define", dir, c)
			}
		}
	}
	err = filepath.WalkDir("deploy/kubernetes", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" || d.Name() == "kustomization.yaml" {
			return err
		}
		if !applied[path] && !strings.Contains(path, "/examples/") {
			t.Errorf("%s is in no kustomization and not under examples/", path)
		}
		if applied[path] && strings.Contains(path, "/examples/") {
			t.Errorf("%s is an example but a kustomization applies it", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestDeployMetricsExist checks that every folio_* series the deploy
// files and their README name (autoscaler targets, adapter rules) is one
// the server exports, so that renaming a series cannot silently leave an
// autoscaler without its metric.
func TestDeployMetricsExist(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("server", "metrics.go"))
	if err != nil {
		t.Fatal(err)
	}
	exported := map[string]bool{}
	for _, m := range regexp.MustCompile(`Name:\s*"(folio_[a-z_]+)"`).FindAllStringSubmatch(string(src), -1) {
		exported[m[1]] = true
	}
	if !exported["folio_requests_waiting"] {
		t.Fatal("server/metrics.go exports no folio_requests_waiting: the metrics regexp is stale")
	}
	named := regexp.MustCompile(`folio_[a-z_]*[a-z]`)
	// Series the adapter example derives rather than reads.
	derived := map[string]bool{"folio_memory_budget_utilization": true}
	seen := 0
	err = filepath.WalkDir("deploy", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || (filepath.Ext(path) != ".yaml" && filepath.Ext(path) != ".md") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, name := range named.FindAllString(string(data), -1) {
			// Histogram and counter suffixes name the same series.
			base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, "_bucket"), "_count"), "_sum")
			seen++
			if !exported[base] && !derived[name] {
				t.Errorf("%s names %s, which the server does not export", path, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Error("no deploy file names a folio_* series: the autoscaling example is gone")
	}
}
