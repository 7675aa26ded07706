package gemini

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
)

// writePathParams are the arguments of Gemini CLI's write tools that it
// checks against the workspace before the call runs
// (Config.validatePathAccess with checkType "write").
var writePathParams = lazy.Value[map[string]string]{New: func() map[string]string { return map[string]string{"write_file": "file_path", "replace": "file_path"} }}

// pathError says why Gemini CLI 0.61.0 refuses the path a write tool's
// arguments name, "" when it accepts it: the path (relative ones resolved
// against the project folder) must lie inside the project folder with no
// blocked segment (.git, .env, node_modules, gha-creds-*.json), or inside
// the project's temp folder (<gemini home>/tmp/<project id>). Recorded:
// a BeforeTool tool_input naming /tmp/x or <project>/.env makes the call
// fail with "Tool parameter modification by hook failed validation: Path
// not in workspace: …".
func pathError(ev *runner.Event, tool string, args json.RawMessage) string {
	key, ok := writePathParams.Get()[tool]
	if !ok {
		return ""
	}
	v := gjson.GetBytes(args, gjson.Escape(key))
	root := geminicore.CwdOf(ev)
	if v.Type != gjson.String || v.String() == "" || root == "" {
		return ""
	}
	abs := v.String()
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(root, abs)
	}
	abs = filepath.Clean(abs)
	real, realRoot := realPath(abs), realPath(root)
	if rel, ok := within(realRoot, real); ok && !blockedSegment(rel) {
		return ""
	}
	tmp := projectTempDir(ev)
	if _, ok := within(realPath(tmp), real); ok && tmp != "" {
		return ""
	}
	return `Path not in workspace: Attempted path "` + abs + `" resolves outside the allowed workspace directories: ` +
		root + ` or the project temp directory: ` + tmp
}

// projectTempDir is <gemini home>/tmp/<project id>, read from the
// transcript path when it has one.
func projectTempDir(ev *runner.Event) string {
	p := filepath.ToSlash(ev.TranscriptPath)
	if i := strings.Index(p, "/.gemini/tmp/"); i >= 0 {
		if id, _, ok := strings.Cut(p[i+len("/.gemini/tmp/"):], "/"); ok && id != "" {
			return filepath.FromSlash(p[:i+len("/.gemini/tmp/")] + id)
		}
	}
	return filepath.Join(geminiHome(os.Getenv, ""), "tmp", projectID(ev))
}

// within reports whether p is root or below it, with the relative path.
func within(root, p string) (string, bool) {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// realPath resolves the symbolic links of p's longest existing ancestor,
// as Gemini CLI's resolveToRealPath does for paths not yet created.
func realPath(p string) string {
	if p == "" {
		return ""
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	parent := filepath.Dir(p)
	if parent == p {
		return p
	}
	return filepath.Join(realPath(parent), filepath.Base(p))
}

// blockedSegment reports a path segment Gemini CLI never lets a tool
// touch inside the workspace (hasBlockedPathSegment): .git, .env,
// node_modules or gha-creds-*.json, compared case-insensitively after
// trailing spaces and dots and any ":stream" suffix are dropped.
func blockedSegment(rel string) bool {
	for _, seg := range strings.FieldsFunc(rel, func(r rune) bool { return r == '/' || r == '\\' }) {
		seg, _, _ = strings.Cut(seg, ":")
		seg = strings.ToLower(strings.TrimRight(seg, " ."))
		switch {
		case seg == ".git", seg == ".env", seg == "node_modules":
			return true
		case strings.HasPrefix(seg, "gha-creds-") && strings.HasSuffix(seg, ".json"):
			return true
		}
	}
	return false
}
