package conformance

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Arm replaces _capture.sh by a rename: a hook of the previous event
// that has the script open (an asynchronous or detached hook still
// starting when the next event is armed) reads the previous script
// whole, never the new one or a truncated file.
func TestArmReplacesTheCaptureScriptWhole(t *testing.T) {
	s := &Session{
		Name:       "arm",
		Files:      map[string]string{"<PROJECT>/.hooks/h.sh": "#!/bin/bash\n. \"$(dirname \"$0\")/_capture.sh\" h\n"},
		Executable: []string{"<PROJECT>/.hooks/h.sh"},
	}
	sb, err := NewSandbox(t.TempDir(), s)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	first, err := sb.Arm(1)
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(sb.Project, ".hooks", "_capture.sh")
	f, err := os.Open(script)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	second, err := sb.Arm(2)
	if err != nil {
		t.Fatal(err)
	}
	old, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(old), first) || strings.Contains(string(old), second) {
		t.Errorf("the open script changed under its reader:\n%s", old)
	}
	now, err := os.ReadFile(script)
	if err != nil || !strings.Contains(string(now), second) {
		t.Errorf("the script is not armed for case 2 (%v):\n%s", err, now)
	}
	if left, _ := filepath.Glob(filepath.Join(sb.Project, ".hooks", ".capture-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
