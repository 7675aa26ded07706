package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writePlugin(t *testing.T, files map[string]string) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "myplug")
	for rel, content := range files {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return root
}

const pluginGroup = `[{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo %s"}]}]`

func group(label string) string { return strings.Replace(pluginGroup, "%s", label, 1) }

// TestPluginManifestHooks: a plugin's hooks come from hooks/hooks.json and
// from its manifest — a path, an inline object or an array of both —
// each file once (recorded: hc_plugin_manifest_*).
func TestPluginManifestHooks(t *testing.T) {
	root := writePlugin(t, map[string]string{
		"hooks/hooks.json":           `{"hooks": {"PreToolUse": ` + group("std") + `}}`,
		"extra/hooks.json":           `{"hooks": {"PreToolUse": ` + group("pth") + `}}`,
		".claude-plugin/plugin.json": "{\n  \"name\": \"myplug\",\n  \"hooks\": [\n    \"./extra/hooks.json\",\n    \"./hooks/hooks.json\",\n    \"./extra/hooks.json\",\n    \"./extra/nope.json\",\n    {\"PreToolUse\": " + group("inl") + "}\n  ]\n}\n",
	})
	files, warns, err := pluginHookSources(root)
	require.NoError(t, err)
	require.Len(t, files, 3)
	assert.Equal(t, filepath.Join(root, "hooks", "hooks.json"), files[0].Path)
	assert.Equal(t, filepath.Join(root, "extra", "hooks.json"), files[1].Path)
	assert.Equal(t, filepath.Join(root, ".claude-plugin", "plugin.json"), files[2].Path)
	require.Len(t, warns, 2, "%v", warns)
	assert.Equal(t, 6, warns[0].Line, "the second naming of extra/hooks.json")
	assert.Contains(t, warns[1].Message, "nope.json does not exist")

	cfg, _, err := loadSources(files, loadOptions{Project: root, PluginEnv: func(p string) map[string]string { return sourceFor(p, nil, "/home").Env }})
	require.NoError(t, err)
	var cmds []string
	for _, h := range cfg.Hooks {
		cmds = append(cmds, h.Command)
		assert.Equal(t, root, h.Env["CLAUDE_PLUGIN_ROOT"], h.Command)
	}
	assert.ElementsMatch(t, []string{"echo std", "echo pth", "echo inl"}, cmds)
}

// TestPluginManifestInlinePositions: an error in a manifest's inline
// hooks is reported at its line and column in plugin.json.
func TestPluginManifestInlinePositions(t *testing.T) {
	root := writePlugin(t, map[string]string{
		".claude-plugin/plugin.json": "{\n  \"name\": \"myplug\",\n  \"version\": \"1.0.0\",\n  \"hooks\": {\n    \"PreToolUse\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"x\", \"timeout\": \"ten\"}]}]\n  }\n}\n",
	})
	files, _, err := pluginHookSources(root)
	require.NoError(t, err)
	require.Len(t, files, 1)
	_, warns, err := loadSources(files, loadOptions{Project: root})
	require.NoError(t, err)
	require.NotEmpty(t, warns)
	assert.Equal(t, filepath.Join(root, ".claude-plugin", "plugin.json"), warns[0].File)
	assert.Equal(t, 5, warns[0].Line, "%v", warns[0])

	_, _, err = pluginHookSources(writePlugin(t, map[string]string{"README": "x"}))
	assert.ErrorIs(t, err, os.ErrNotExist)
}
