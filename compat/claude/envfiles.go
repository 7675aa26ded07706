package claude

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hookcompat/hookcompat/internal/hookkit"
)

// SessionEnvExports reads back every CLAUDE_ENV_FILE the hooks of a
// session wrote (envFilePath: SessionStart, Setup, CwdChanged and
// FileChanged hooks, one file per hook) and returns the variables they
// export, as "KEY=value", sorted: what Claude Code adds to the
// environment of later Bash tool calls (recorded for all four events).
// Files are read in the order of the event table, then by hook position,
// each starting from base plus what the earlier ones exported, so a later
// file overrides an earlier one. A session without files yields nothing;
// a file that does not parse is an error ([EnvFileExports]).
func SessionEnvExports(sessionID, home string, base []string) ([]string, error) {
	dir := envFileDir(sessionID, home)
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rank := map[string]int{}
	for i, e := range events.Get().rows {
		if e.envFile {
			rank[strings.ToLower(e.name)] = i
		}
	}
	type file struct {
		event, index int
		name         string
	}
	var files []file
	for _, e := range entries {
		ev, idx, ok := strings.Cut(strings.TrimSuffix(e.Name(), ".sh"), "-hook-")
		r, known := rank[ev]
		n, err := strconv.Atoi(idx)
		if !ok || !known || err != nil || !strings.HasSuffix(e.Name(), ".sh") {
			continue
		}
		files = append(files, file{r, n, e.Name()})
	}
	sort.Slice(files, func(i, j int) bool {
		if files[i].event != files[j].event {
			return files[i].event < files[j].event
		}
		return files[i].index < files[j].index
	})
	exported := map[string]string{}
	env := append([]string(nil), base...)
	for _, f := range files {
		vars, err := EnvFileExports(filepath.Join(dir, f.name), env)
		if err != nil {
			return nil, err
		}
		add := map[string]string{}
		for _, kv := range vars {
			k, v, _ := strings.Cut(kv, "=")
			exported[k], add[k] = v, v
		}
		env = hookkit.WithEnv(env, add)
	}
	out := make([]string, 0, len(exported))
	for k, v := range exported {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out, nil
}
