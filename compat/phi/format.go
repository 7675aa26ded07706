package phi

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Format is the Phi format, registered as "phi": hook folders
// (~/.phi/hooks and <project>/.phi/hooks, or folders named explicitly),
// Phi's runtime protocol and its exec shim.
var Format format.Format = phiFormat{}

func init() { format.Register(Format) }

type phiFormat struct{}

func (phiFormat) Name() string { return Name }

func (phiFormat) Info() format.Info {
	return format.Info{
		Title:       "Phi",
		Flag:        "phi-dir",
		FlagUsage:   "Phi hook folder such as .phi/hooks (repeatable; later folders win by name)",
		Order:       50,
		BrokenCodes: []string{CodeInvalidManifest},
		DropCodes:   []string{CodeHooksDirUnreadable},
	}
}

// Detect recognises a file named hook.json, and a directory that is a
// hooks folder or a hook directory.
func (phiFormat) Detect(path string, data []byte) bool {
	return translator{}.Detect(translate.Source{Path: path, Data: data})
}

// Discover returns Phi's two hooks folders, user then project (phi §1);
// a missing one is normal. The folders themselves are watched, so that a
// hook directory created later is picked up.
func (phiFormat) Discover(env *format.Env) format.Discovery {
	var d format.Discovery
	for _, dir := range defaultDirs(env.Home, env.Project) {
		d.Sources = append(d.Sources, format.Source{Format: Name, Path: dir.Path, Scope: dir.Scope, Discovered: true})
		d.Watch = append(d.Watch, dir.Path)
	}
	return d
}

// Load discovers the hooks of the folders srcs name, in order (loadDirs:
// a later folder's hook replaces an earlier one of the same name;
// PHI_HOOKS=off loads none). A folder named explicitly that does not
// exist is a warning. Files lists every hook.json read, loaded or
// rejected.
func (phiFormat) Load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	var dirs []hooksDir
	for _, s := range srcs {
		scope := s.Scope
		if scope == "" {
			scope = scopeOf(s.Path, env.Home)
		}
		dirs = append(dirs, hooksDir{Path: s.Path, Scope: scope, Explicit: !s.Discovered})
	}
	cfg, warns := loadDirs(dirs, env.Getenv)
	res := &format.Result{Config: cfg, Warnings: warns}
	seen := map[string]bool{}
	for _, h := range cfg.Hooks {
		if f := h.Source.File; f != "" && !seen[f] {
			seen[f] = true
			res.Files = append(res.Files, f)
		}
	}
	for _, w := range warns {
		if w.Code == CodeInvalidManifest && w.File != "" && !seen[w.File] {
			seen[w.File] = true
			res.Files = append(res.Files, w.File)
		}
	}
	return res, nil
}

func (phiFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	return translator{}.Translate(src)
}

func (phiFormat) Protocol(vocab *translate.Vocabulary) runner.Protocol { return newProtocol(vocab) }

// ShimEvent names pre_tool and post_tool (post_tool_failure too, as Phi
// runs its post hooks after failed tools) as Phi does.
func (phiFormat) ShimEvent(e settings.Event) (string, bool) {
	if row := eventOf(e); row != nil {
		return row.name, true
	}
	return "", false
}

// ShimHook builds the Phi hook a shim command line runs: --event is
// pre_tool or post_tool; the hook runs its program directly (--exec) in
// --dir, timeout 5 s by default, --matcher an exact Phi tool name. With
// --phi-dir only the event is set: the folders' hooks are loaded by the
// caller.
func (phiFormat) ShimHook(s *format.ShimSpec) (*settings.Hook, error) {
	row := eventNamed(s.Event)
	if row == nil {
		return nil, fmt.Errorf("%w: --event %q: a Phi hook is pre_tool or post_tool%s", format.ErrShimUsage, s.Event, hookkit.DidYouMean(s.Event, eventNames()))
	}
	native := row.native
	h := &settings.Hook{Event: native, Protocol: Name, Timeout: DefaultTimeout,
		Source: settings.Source{File: "flags", Format: Name, Event: s.Event}}
	if len(s.Sources) > 0 {
		return h, nil
	}
	if s.URL != "" || !s.Exec {
		return nil, fmt.Errorf("%w: a Phi hook runs its program directly: use --exec -- RUN, or --phi-dir DIR", format.ErrShimUsage)
	}
	s.ApplyTo(h)
	if s.Matcher != "" {
		h.Match, h.MatchSyntax = s.Matcher, settings.MatchExact
	}
	return h, nil
}

var _ format.Shimmer = phiFormat{}

// ShimGroup puts every Phi hook of one event and one hooks folder into
// one shim call (`hookcompat exec --protocol phi --event E --phi-dir
// FOLDER`), so that Phi's name order, modify chain, context cap and output
// merge apply (docs/decisions/007). The folder is written relative to
// project when it lies under it.
func (phiFormat) ShimGroup(h *settings.Hook, shim, project string) (string, *settings.Hook) {
	folder, _ := filepath.Abs(filepath.Dir(filepath.Dir(h.Source.File)))
	event, ok := (phiFormat{}).ShimEvent(h.Event)
	if !ok {
		return "", nil
	}
	spec := &format.ShimSpec{Protocol: Name, Event: event, Sources: []string{format.RelPath(folder, project)}}
	call := &settings.Hook{
		Event: h.Event, Timeout: groupTimeout(h.Event, 0, h.Timeout), FailClosed: h.FailClosed,
		Source: settings.Source{File: folder, Format: Name, Event: string(h.Event)},
		Args:   format.ShimArgs(shim, spec),
	}
	return string(h.Event) + "\x00" + folder, call
}

// MergeShimGroup adds h's timeout and fail_closed to the group's call.
func (phiFormat) MergeShimGroup(g, h *settings.Hook) {
	g.Timeout = groupTimeout(h.Event, g.Timeout, h.Timeout)
	g.FailClosed = g.FailClosed || h.FailClosed
}

// groupTimeout is the timeout of the native hook that runs a folder's
// Phi hooks of one event: pre hooks run one after another (their timeouts
// add up), post hooks at once (the longest counts); two seconds more let
// the shim end a timed-out hook itself and report it as Phi would.
func groupTimeout(ev settings.Event, group, hook time.Duration) time.Duration {
	const margin = 2 * time.Second
	if hook <= 0 {
		hook = DefaultTimeout
	}
	if group > 0 {
		group -= margin
	}
	if row := eventOf(ev); row != nil && !row.schedule.Parallel {
		return group + hook + margin
	}
	return max(group, hook) + margin
}

var _ format.ShimGrouper = phiFormat{}
