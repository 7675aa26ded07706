package codex

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// TestShortEventTimeoutsFollowRecordings: SessionEnd and Interrupt
// handlers get 1 s when they have no timeout and at most 3 s otherwise,
// as recorded with Codex 0.169.0 (hc_sessionend_timeout_*,
// hc_interrupt_timeout*; each handler sleeps a known time and writes a
// marker): a handler is killed exactly when its sleep outlasts the
// timeout hookcompat gives it, and hookcompat warns once per clamped
// handler with the words of Codex's "clamping … hook timeout to 3s in
// <file>" lines.
func TestShortEventTimeoutsFollowRecordings(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "testdata", "recordings", "codex", "hc_*_timeout*"))
	require.NoError(t, err)
	sleep := regexp.MustCompile(`(?m)^sleep ([0-9.]+)$`)
	checked := 0
	for _, dir := range dirs {
		c, err := oracletest.Load(dir)
		require.NoError(t, err)
		t.Run(c.Name, func(t *testing.T) {
			path := filepath.Join(dir, "hooks.json")
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			dec, err := decodeFile(path, data)
			require.NoError(t, err)
			ordinal := 0
			cfg, warns := translateDecoded(dec, ScopeUser, &ordinal, nil, false)
			var clamps []string
			for _, w := range warns {
				if w.Code == CodeTimeoutClamped {
					clamps = append(clamps, strings.TrimSuffix(strings.ReplaceAll(w.Message, path, "<CODEX_HOME>/hooks.json"), " (as in Codex)"))
				}
			}
			var recorded []string
			stderr, _ := c.Observed["stderr"].(string)
			for _, l := range strings.Split(stderr, "\n") {
				if strings.HasPrefix(l, "warning: clamping ") {
					recorded = append(recorded, strings.TrimPrefix(l, "warning: "))
				}
			}
			assert.Equal(t, recorded, clamps, "clamping warnings")
			for i := range cfg.Hooks {
				h := &cfg.Hooks[i]
				row, _ := rowFor(h.Event)
				if row.TimeoutCap == 0 {
					continue
				}
				name := strings.TrimSuffix(filepath.Base(h.Command), ".sh")
				script, err := os.ReadFile(filepath.Join(dir, "hooks", name+".sh"))
				require.NoError(t, err)
				secs := 0.0
				if m := sleep.FindSubmatch(script); m != nil {
					secs, err = strconv.ParseFloat(string(m[1]), 64)
					require.NoError(t, err)
				}
				var run *oracletest.HookRun
				for j := range c.HookRuns {
					if c.HookRuns[j].Name == name {
						run = &c.HookRuns[j]
					}
				}
				require.NotNil(t, run, "%s ran in Codex", name)
				killed := run.EndMS == nil
				timeout := effectiveTimeout(h, row)
				assert.Equal(t, killed, time.Duration(secs*float64(time.Second)) > timeout,
					"%s %s sleeps %gs: Codex killed it: %v; hookcompat gives it %s", row.Codex, name, secs, killed, timeout)
				checked++
			}
		})
	}
	assert.GreaterOrEqual(t, checked, 10, "the recorded handlers were checked")
}
