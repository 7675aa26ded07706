//go:build linux

package reliability

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// BenchmarkMemoryPerHook measures what one hook costs in memory for a big
// event: the peak resident set size of this process while one Fire runs
// 8 hooks that read the event, minus the resident size before it, divided
// by the 8 hooks. The baseline, measured in the same run, is the event
// itself (its args). Run each case on its own, so that the peak of one
// does not hide another (docs/performance.md):
//
//	go test -run '^$' -bench 'MemoryPerHook/claude/60MiB' -benchtime=1x ./internal/reliability
func BenchmarkMemoryPerHook(b *testing.B) {
	const hooks = 8
	for _, proto := range []string{"native", "claude"} {
		for _, size := range []int{1 << 20, 60 << 20} {
			b.Run(fmt.Sprintf("%s/%dMiB", proto, size>>20), func(b *testing.B) {
				ws := b.TempDir()
				var hs []settings.Hook
				opts := runner.Options{Workspace: ws}
				if proto == "claude" {
					opts.Protocols = []runner.Protocol{claude.NewProtocol(nil)}
				}
				for i := range hooks {
					h := settings.Hook{Event: settings.PreTool, Command: fmt.Sprintf("cat >/dev/null # %d", i)}
					if proto == "claude" {
						h.Protocol, h.MatchSyntax = claude.Name, claude.Name
					}
					hs = append(hs, h)
				}
				eng, err := runner.New(&settings.Config{Hooks: hs}, opts)
				if err != nil {
					b.Fatal(err)
				}
				settle()
				before := rssKiB("VmRSS")
				args, _ := json.Marshal(map[string]string{"command": strings.Repeat("x", size)})
				ev := runner.Event{Name: settings.PreTool, SessionID: "bench", Tool: "shell", Args: args}
				settle()
				withEvent := rssKiB("VmRSS")
				resetPeak()
				for b.Loop() {
					out, err := eng.Fire(context.Background(), ev)
					if err != nil || len(out.Hooks) != hooks {
						b.Fatalf("fire: %v %+v", err, out)
					}
					for _, h := range out.Hooks {
						if h.Outcome != runner.OutcomeSuccess {
							b.Fatalf("hook: %+v", h)
						}
					}
				}
				peak := rssKiB("VmHWM")
				b.ReportMetric(float64(withEvent-before)/1024, "event-MiB")
				b.ReportMetric(float64(peak-withEvent)/1024, "fire-peak-MiB")
				b.ReportMetric(float64(peak-withEvent)/1024/hooks, "MiB/hook")
				b.ReportMetric(float64(peak-withEvent)/float64(withEvent-before)/hooks, "per-hook/event")
				runtime.KeepAlive(ev)
			})
		}
	}
}

func settle() {
	runtime.GC()
	debug.FreeOSMemory()
}

// resetPeak resets this process's peak resident set size to its current
// size (Linux: clear_refs 5).
func resetPeak() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// rssKiB reads a size field of /proc/self/status (VmRSS, VmHWM) in KiB.
func rssKiB(field string) int64 {
	data, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}
