package claude

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/translate"
)

// CodePluginHooks is the warning code of a plugin manifest hooks entry
// Claude Code does not load (a file that does not exist, one named twice,
// an entry of the wrong type).
const CodePluginHooks = "claude-plugin-hooks"

// pluginHookSources returns the hook sources of the plugin in directory
// root as Claude Code 2.1.332 loads them (recorded: hc_plugin_manifest_*):
// hooks/hooks.json when it exists, then the hooks of the manifest
// .claude-plugin/plugin.json — a path relative to the plugin root, an
// inline object mapping events to matcher groups, or an array of both —
// in order. Every file loads once: a manifest naming hooks/hooks.json, or
// one file twice, adds nothing (a warning for the second naming); a named
// file that does not exist is skipped with a warning, the others still
// load. A plugin with neither is an error wrapping fs.ErrNotExist; a
// manifest that is not JSON is an error with its position.
func pluginHookSources(root string) ([]sourceFile, []translate.Warning, error) {
	root, _ = filepath.Abs(root)
	std := filepath.Join(root, "hooks", "hooks.json")
	manifest := filepath.Join(root, ".claude-plugin", "plugin.json")
	var out []sourceFile
	var warns []translate.Warning
	seen := map[string]bool{}
	if st, err := os.Stat(std); err == nil && !st.IsDir() {
		out = append(out, sourceFile{Path: std, Scope: ScopePlugin, PluginRoot: root})
		seen[std] = true
	}
	data, err := os.ReadFile(manifest)
	if err != nil {
		if len(out) == 0 {
			return nil, nil, fmt.Errorf("plugin %s: neither hooks/hooks.json nor .claude-plugin/plugin.json: %w", root, os.ErrNotExist)
		}
		return out, nil, nil
	}
	trimmed := bytes.TrimPrefix(data, []byte("\ufeff"))
	doc, err := jsonpos.Parse(trimmed)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", manifest, err)
	}
	bom := len(data) - len(trimmed)
	var hooksKey *jsonpos.Member
	if doc.Kind == jsonpos.Object {
		for _, m := range doc.Members {
			if m.Key == "hooks" {
				hooksKey = m
			}
		}
	}
	warn := func(n *jsonpos.Node, format string, args ...any) {
		line, col := jsonpos.Position(data, bom+n.Offset)
		warns = append(warns, translate.Warning{File: manifest, Line: line, Col: col, Code: CodePluginHooks, Message: fmt.Sprintf(format, args...)})
	}
	var entry func(n *jsonpos.Node, top bool)
	entry = func(n *jsonpos.Node, top bool) {
		switch n.Kind {
		case jsonpos.String:
			p := filepath.Join(root, filepath.FromSlash(n.Str))
			switch {
			case p == std:
				// It loads on its own, once.
			case seen[p]:
				warn(n, "hooks file %s is named twice; Claude Code loads it once", n.Str)
			default:
				if st, err := os.Stat(p); err != nil || st.IsDir() {
					warn(n, "hooks file %s does not exist; Claude Code loads the plugin's other hooks without it", n.Str)
					return
				}
				seen[p] = true
				out = append(out, sourceFile{Path: p, Scope: ScopePlugin, PluginRoot: root})
			}
		case jsonpos.Object:
			out = append(out, sourceFile{Path: manifest, Scope: ScopePlugin, PluginRoot: root,
				Data: inlineHooks(data, bom, hooksKey, n)})
		case jsonpos.Array:
			if !top {
				warn(n, "a hooks entry must be a path or an object of hooks; ignored")
				return
			}
			for _, item := range n.Items {
				entry(item, false)
			}
		default:
			warn(n, "hooks must be a path, an object of hooks or an array of them; ignored")
		}
	}
	if hooksKey != nil {
		entry(hooksKey.Value, true)
	}
	if len(out) == 0 && hooksKey == nil {
		return nil, warns, fmt.Errorf("plugin %s: neither hooks/hooks.json nor hooks in .claude-plugin/plugin.json: %w", root, os.ErrNotExist)
	}
	return out, warns, nil
}

// inlineHooks is a settings document {"hooks": <obj>} made of the
// manifest's bytes so that every position in it is the one in the
// manifest: the document's first "{", the manifest's own "hooks" key and
// colon and the inline object stay where they are; every other byte but
// line breaks becomes a space; a "}" closes it.
func inlineHooks(data []byte, bom int, key *jsonpos.Member, obj *jsonpos.Node) []byte {
	out := make([]byte, len(data), len(data)+1)
	for i, c := range data {
		if c == '\n' || c == '\r' {
			out[i] = c
		} else {
			out[i] = ' '
		}
	}
	keep := func(from, to int) { copy(out[from:to], data[from:to]) }
	if i := bytes.IndexByte(data, '{'); i >= 0 {
		keep(i, i+1)
	}
	ks := bom + key.KeyOffset
	keep(ks, ks+len(`"hooks"`))
	if c := bytes.IndexByte(data[ks+len(`"hooks"`):], ':'); c >= 0 {
		at := ks + len(`"hooks"`) + c
		keep(at, at+1)
	}
	vs := bom + obj.Offset
	keep(vs, vs+len(obj.Raw))
	return append(out, '}')
}
