package copilot

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"
)

// TrustedFolder reports whether Copilot CLI trusts project, the folder
// whose .github/hooks it would load, for the agent's view (`--agent
// copilot`): COPILOT_ALLOW_ALL=true in env, or project at or under a
// folder listed in copilotDir's config.json or settings.json (the array
// "trusted_folders" or "trustedFolders"). The recordings trust with
// --trust-folder, which no file shows; where the list is kept is from
// Copilot's documentation. A file that is missing or does not parse
// trusts nothing.
func TrustedFolder(copilotDir, project string, env []string) bool {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "COPILOT_ALLOW_ALL="); ok && strings.EqualFold(v, "true") {
			return true
		}
	}
	project = filepath.Clean(project)
	for _, name := range []string{"config.json", "settings.json"} {
		data, err := os.ReadFile(filepath.Join(copilotDir, name))
		if err != nil || !gjson.ValidBytes(data) {
			continue
		}
		for _, key := range []string{"trusted_folders", "trustedFolders"} {
			for _, f := range gjson.GetBytes(data, key).Array() {
				dir := filepath.Clean(f.String())
				if f.Type == gjson.String && filepath.IsAbs(dir) && (project == dir || strings.HasPrefix(project, dir+string(filepath.Separator))) {
					return true
				}
			}
		}
	}
	return false
}
