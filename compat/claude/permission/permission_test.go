package permission

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	proj = "/w/proj"
	home = "/w/home"
)

// local is a settings.local.json with the recorded cases' rules.
func recorded(t *testing.T, extra map[string]any) *Settings {
	t.Helper()
	perms := map[string]any{"deny": []string{"Bash(rm *)"}, "ask": []string{"Bash(touch *)"}, "allow": []string{"Bash(python3 *)"},
		"additionalDirectories": []string{"~/extra"}}
	for k, v := range extra {
		perms[k] = v
	}
	data, err := json.Marshal(map[string]any{"permissions": perms})
	require.NoError(t, err)
	s := Read([]File{{Path: proj + "/.claude/settings.local.json", Scope: ScopeLocal, Data: data}}, home, proj)
	require.Empty(t, s.Problems)
	return s
}

func bash(cmd string) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"command": cmd, "description": "x"})
	return b
}

func file(p string) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"file_path": p, "content": "x\n"})
	return b
}

// TestRulesAgainstHooks: every rule kind against every hook decision, as
// hc_perm_rules_hook_{none,allow,ask,deny} recorded them.
func TestRulesAgainstHooks(t *testing.T) {
	s := recorded(t, nil)
	const (
		denied  = "Permission to use Bash with command rm -f gone.txt has been denied."
		askRule = "Claude requested permissions to use Bash, but you haven't granted it yet."
	)
	type want struct {
		b   Behavior
		by  Stage
		msg string
		pr  bool
	}
	cases := map[string]map[string]want{
		"": {
			"rm -f gone.txt":        {Deny, StageRule, denied, false},
			"touch t.txt":           {Ask, StageRule, askRule, true},
			"python3 -c 'print(1)'": {Allow, StageRule, "", false},
			"node -e 1":             {Ask, StageTool, "This command requires approval", true},
			"ls":                    {Allow, StageTool, "", false},
		},
		"allow": {
			"rm -f gone.txt":        {Deny, StageRule, denied, false},
			"touch t.txt":           {Ask, StageRule, askRule, true},
			"python3 -c 'print(1)'": {Allow, StageHook, "", false},
			"node -e 1":             {Allow, StageHook, "", false},
			"ls":                    {Allow, StageHook, "", false},
		},
		"ask": {
			"rm -f gone.txt":        {Deny, StageRule, denied, false},
			"touch t.txt":           {Ask, StageRule, askRule, true},
			"python3 -c 'print(1)'": {Ask, StageHook, "HOOK-ASK", false},
			"node -e 1":             {Ask, StageHook, "HOOK-ASK", false},
			"ls":                    {Ask, StageHook, "HOOK-ASK", false},
		},
		"deny": {
			"rm -f gone.txt": {Deny, StageHook, "PreToolUse:Bash hook error: HOOK-DENY", false},
			"touch t.txt":    {Deny, StageHook, "PreToolUse:Bash hook error: HOOK-DENY", false},
			"ls":             {Deny, StageHook, "PreToolUse:Bash hook error: HOOK-DENY", false},
		},
	}
	msgs := map[string]string{"ask": "HOOK-ASK", "deny": "PreToolUse:Bash hook error: HOOK-DENY"}
	for hook, calls := range cases {
		for cmd, w := range calls {
			t.Run(hook+"/"+cmd, func(t *testing.T) {
				v := s.Decide(Call{Tool: "Bash", Input: bash(cmd), Mode: ModeDefault, Cwd: proj, Project: proj, Home: home,
					Hook: Hook{Decision: hook, Message: msgs[hook]}})
				assert.Equal(t, w.b, v.Behavior)
				assert.Equal(t, w.by, v.Stage)
				assert.Equal(t, w.msg, v.Message)
				assert.Equal(t, w.pr, v.PermissionRequest)
				assert.Equal(t, w.b == Allow, v.Runs())
			})
		}
	}
}

// TestModes: each mode with a hook that decides nothing and one that
// allows, on the calls of hc_perm_mode_*.
func TestModes(t *testing.T) {
	s := recorded(t, nil)
	const dontAsk = " has been denied because Claude Code is running in don't ask mode. "
	type call struct {
		tool  string
		input json.RawMessage
	}
	calls := map[string]call{
		"write-proj":  {"Write", file(proj + "/w.txt")},
		"write-extra": {"Write", file(home + "/extra/e.txt")},
		"write-home":  {"Write", file(home + "/outside.txt")},
		"read-home":   {"Read", file(home + "/secret.txt")},
		"read-proj":   {"Read", file(proj + "/keep.txt")},
		"ls":          {"Bash", bash("ls")},
		"node":        {"Bash", bash("node -e 1")},
		"python3":     {"Bash", bash("python3 -c 'print(1)'")},
	}
	// runs[mode+"/"+hook][call]: whether the tool ran (recorded).
	runs := map[string]map[string]bool{
		"default/":            {"write-proj": false, "write-extra": false, "write-home": false, "read-home": false, "read-proj": true, "ls": true, "node": false, "python3": true},
		"default/allow":       {"write-proj": true, "write-extra": true, "write-home": true, "read-home": true, "read-proj": true, "ls": true, "node": true, "python3": true},
		"plan/":               {"write-proj": false, "write-extra": false, "write-home": false, "read-home": false, "read-proj": true, "ls": true, "node": false, "python3": true},
		"plan/allow":          {"write-proj": false, "write-extra": false, "write-home": false, "read-home": true, "read-proj": true, "ls": true, "node": false, "python3": true},
		"acceptEdits/":        {"write-proj": true, "write-extra": true, "write-home": false, "read-home": false, "read-proj": true, "ls": true, "node": false, "python3": true},
		"acceptEdits/allow":   {"write-proj": true, "write-extra": true, "write-home": true, "read-home": true, "read-proj": true, "ls": true, "node": true, "python3": true},
		"bypassPermissions/":  {"write-proj": true, "write-extra": true, "write-home": true, "read-home": true, "read-proj": true, "ls": true, "node": true, "python3": true},
		"dontAsk/":            {"write-proj": false, "write-extra": false, "write-home": false, "read-home": false, "read-proj": true, "ls": true, "node": false, "python3": true},
		"dontAsk/allow":       {"write-proj": true, "write-extra": true, "write-home": true, "read-home": true, "read-proj": true, "ls": true, "node": true, "python3": true},
		"bypassPermissions/a": {},
	}
	for key, want := range runs {
		mode, hook, _ := strings.Cut(key, "/")
		if hook == "a" {
			continue
		}
		for name, c := range calls {
			w, ok := want[name]
			if !ok {
				continue
			}
			t.Run(key+"/"+name, func(t *testing.T) {
				v := s.Decide(Call{Tool: c.tool, Input: c.input, Mode: Mode(mode), Cwd: proj, Project: proj, Home: home, Hook: Hook{Decision: hook}})
				assert.Equal(t, w, v.Runs(), "%+v", v)
				if !w && Mode(mode) == ModeDontAsk {
					assert.Equal(t, "Permission to use "+c.tool+dontAsk+workAroundNote, v.Message)
					assert.False(t, v.PermissionRequest)
				}
				if !w && Mode(mode) == ModePlan && c.tool == "Write" {
					assert.Equal(t, "Cannot write to "+gjsonPath(c.input)+" while in plan mode.", v.Message)
					assert.True(t, v.PermissionRequest)
				}
			})
		}
	}
	v := s.Decide(Call{Tool: "Write", Input: file(home + "/outside.txt"), Mode: ModeAcceptEdits, Cwd: proj, Project: proj, Home: home})
	assert.Equal(t, "Claude requested permissions to write to /w/home/outside.txt, but you haven't granted it yet.", v.Message)
	assert.Equal(t, "workingDir", v.ReasonType)
}

func gjsonPath(in json.RawMessage) string {
	var m map[string]string
	_ = json.Unmarshal(in, &m)
	return m["file_path"]
}

// TestBashCheck: the Bash tool's own check on the recorded command
// classes (hc_perm_bash_classes, hc_perm_bash_classes_more).
func TestBashCheck(t *testing.T) {
	s := recorded(t, map[string]any{"deny": []string{}, "ask": []string{}, "allow": []string{"Bash(ls *)"}})
	dirs := "'/w/proj', '/w/home/extra'"
	inside := func(what, p string) string {
		return what + " '" + p + "' needs approval. The path is inside the working directories for this session (" + dirs + "), and Claude Code asks before a shell command creates, changes or removes files there."
	}
	cases := map[string]string{
		"cat keep.txt | grep k":                "",
		"echo $HOME":                           "",
		"ls 2>&1":                              "",
		"cat keep.txt 2>/dev/null":             "",
		"git status":                           "",
		"echo A > /tmp/o.txt":                  "Output redirection to '/tmp/o.txt' needs approval. The path is outside the working directories for this session (" + dirs + "). Allowing runs the command as written.",
		"head -1 /etc/hostname":                "head in '/etc/hostname' was blocked. For security, Claude Code may only read the beginning of files from the allowed working directories for this session: " + dirs + ".",
		"ls /":                                 "ls in '/' was blocked. For security, Claude Code may only list files in the allowed working directories for this session: " + dirs + ".",
		"cd /tmp && ls":                        "cd in '/tmp' was blocked. For security, Claude Code may only change directories to the allowed working directories for this session: " + dirs + ".",
		"touch a.txt":                          inside("touch in", "/w/proj/a.txt"),
		"mkdir ../home/extra/d":                inside("mkdir in", "/w/home/extra/d"),
		"cp keep.txt c.txt":                    inside("cp in", "/w/proj/keep.txt"),
		"echo A > out.txt":                     inside("Output redirection to", "/w/proj/out.txt"),
		"echo A > out.txt | cat":               inside("Output redirection to", "/w/proj/out.txt"),
		"python3 -c 1 && node -e 1":            "This Bash command contains multiple operations. The following parts require approval: python3 -c 1, node -e 1",
		"echo A | tee -a ran.log":              "This Bash command contains multiple operations. The following part requires approval: tee -a ran.log",
		"cat /etc/hostname | wc -l":            "This Bash command contains multiple operations. The following part requires approval: cat /etc/hostname",
		"ls && touch b.txt | cat":              "This Bash command contains multiple operations. The following part requires approval: ls && touch b.txt",
		"echo A | python3 -c 1 && node -e 1":   "This Bash command contains multiple operations. The following part requires approval: python3 -c 1 && node -e 1",
		"ls; node -e 1":                        "This Bash command contains multiple operations. The following part requires approval: node -e 1",
		"(node -e 1)":                          "This command uses shell operators that require approval for safety",
		"echo $(node -e 1)":                    "A nested command in this command can't be checked before it runs",
		"FOO=1 node -e 1":                      "This command requires approval",
		"git push":                             "This command requires approval",
		"uniq keep.txt":                        "This command requires approval",
		"alias":                                "'alias' evaluates arguments as shell code",
		"rm -rf /tmp/x && echo A | tee -a ran": "This Bash command contains multiple operations. The following parts require approval: rm -rf /tmp/x && echo A, tee -a ran",
	}
	for cmd, msg := range cases {
		t.Run(cmd, func(t *testing.T) {
			v := s.Decide(Call{Tool: "Bash", Input: bash(cmd), Mode: ModeDefault, Cwd: proj, Project: proj, Home: home})
			if msg == "" {
				assert.Equal(t, Allow, v.Behavior, "%+v", v)
				return
			}
			assert.Equal(t, Ask, v.Behavior)
			assert.Equal(t, msg, v.Message)
			assert.True(t, v.PermissionRequest)
			assert.False(t, v.Approximate, "every command of the case is a recorded one")
		})
	}
	// In acceptEdits mode, file changes inside the directories run; outside
	// them they still ask; an unknown program asks, marked approximate.
	for cmd, runs := range map[string]bool{"touch a.txt": true, "echo A >> out.txt": true, "sed -i s/k/K/ m.txt": true, "touch /tmp/x.txt": false, "chmod +x m.txt": false} {
		v := s.Decide(Call{Tool: "Bash", Input: bash(cmd), Mode: ModeAcceptEdits, Cwd: proj, Project: proj, Home: home})
		assert.Equal(t, runs, v.Runs(), cmd)
	}
	v := s.Decide(Call{Tool: "Bash", Input: bash("frobnicate --all"), Mode: ModeDefault, Cwd: proj, Project: proj, Home: home})
	assert.Equal(t, Ask, v.Behavior)
	assert.True(t, v.Approximate)
}

// TestAllowRules: an allow rule lifts an ask of the Bash check when it
// covers the command or every part that asks, never a block outside the
// working directories (recorded: "ls /" with Bash(ls *) is blocked).
func TestAllowRules(t *testing.T) {
	s := recorded(t, map[string]any{"allow": []string{"Bash(npm run test:*)", "Bash(git push)", "Bash(node *)", "Bash(ls *)"}})
	for cmd, runs := range map[string]bool{
		"npm run test":            true,
		"npm run test -- -v":      true,
		"npm run build":           false,
		"git push":                true,
		"git push --force":        false,
		"ls && node -e 1":         true,
		"python3 -c 1 && node x":  false, // python3's allow rule is not here
		"ls /":                    false,
		"node -e 1 > /tmp/out.js": false,
	} {
		v := s.Decide(Call{Tool: "Bash", Input: bash(cmd), Mode: ModeDefault, Cwd: proj, Project: proj, Home: home})
		assert.Equal(t, runs, v.Runs(), "%s: %+v", cmd, v)
	}
	whole := recorded(t, map[string]any{"allow": []string{"Bash"}})
	for cmd, runs := range map[string]bool{"python3 -c 1": true, "mkdir d1": true, "rm -f keep.txt": false, "touch t1": false} {
		v := whole.Decide(Call{Tool: "Bash", Input: bash(cmd), Mode: ModeDefault, Cwd: proj, Project: proj, Home: home})
		assert.Equal(t, runs, v.Runs(), "%s: %+v", cmd, v)
	}
}

// TestFileRules: whole-tool and path rules (hc_perm_tool_rules,
// hc_perm_path_rules, hc_perm_edit_path_rules, hc_perm_whole_tool_ask,
// hc_perm_plan_allow_rules).
func TestFileRules(t *testing.T) {
	data := []byte(`{"permissions": {"deny": ["WebFetch", "Read(./.env)", "Read(~/secret.txt)", "Edit(secret/**)", "WebFetch(domain:example.com)"],
		"ask": ["Edit(docs/**)"], "allow": ["Edit(src/**)", "Write(other/**)"]}}`)
	s := Read([]File{{Path: "l.json", Scope: ScopeLocal, Data: data}}, home, proj)
	c := func(tool string, in json.RawMessage, mode Mode) Call {
		return Call{Tool: tool, Input: in, Mode: mode, Cwd: proj, Project: proj, Home: home}
	}
	before := s.Before(c("WebFetch", json.RawMessage(`{"url":"http://127.0.0.1:9/x","prompt":"p"}`), ModeDefault))
	require.NotNil(t, before)
	assert.Equal(t, "<tool_use_error>Error: No such tool available: WebFetch. WebFetch is disabled for this session, in subagents as well as here.</tool_use_error>", before.Message)
	for _, p := range []string{proj + "/.env", home + "/secret.txt"} {
		v := s.Before(c("Read", file(p), ModeDefault))
		require.NotNil(t, v, p)
		assert.Equal(t, "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>", v.Message)
	}
	require.NotNil(t, s.Before(c("Write", file(proj+"/secret/x.txt"), ModeDefault)))
	assert.Nil(t, s.Before(c("Read", file(proj+"/keep.txt"), ModeDefault)))

	v := s.Decide(c("Write", file(proj+"/src/a.txt"), ModeDefault))
	assert.Equal(t, Allow, v.Behavior)
	assert.Equal(t, StageRule, v.Stage)
	v = s.Decide(c("Write", file(proj+"/docs/a.md"), ModeDefault))
	assert.Equal(t, Ask, v.Behavior)
	assert.Equal(t, StageRule, v.Stage)
	assert.Equal(t, "Claude requested permissions to write to /w/proj/docs/a.md, but you haven't granted it yet.", v.Message)
	v = s.Decide(c("Write", file(proj+"/other/a.txt"), ModeDefault))
	assert.Equal(t, Ask, v.Behavior, "Write(…) path rules cover nothing")
	v = s.Decide(c("Write", file(proj+"/src/a.txt"), ModePlan))
	assert.Equal(t, "Cannot write to /w/proj/src/a.txt while in plan mode.", v.Message, "plan mode beats an allow rule")

	web := Read([]File{{Path: "l.json", Scope: ScopeLocal, Data: []byte(`{"permissions": {"deny": ["WebFetch(domain:example.com)"], "ask": ["Write", "Bash"]}}`)}}, home, proj)
	v = web.Decide(c("WebFetch", json.RawMessage(`{"url":"https://example.com/x","prompt":"p"}`), ModeDefault))
	assert.Equal(t, "WebFetch denied access to domain:example.com.", v.Message)
	v = web.Decide(c("WebFetch", json.RawMessage(`{"url":"http://127.0.0.1:9/x","prompt":"p"}`), ModeDefault))
	assert.Equal(t, "Claude requested permissions to use WebFetch, but you haven't granted it yet.", v.Message)
	v = web.Decide(c("Bash", bash("ls"), ModeDefault))
	assert.Equal(t, "Claude requested permissions to use Bash, but you haven't granted it yet.", v.Message)
	v = web.Decide(c("Bash", bash("ls"), ModeBypass))
	assert.Equal(t, Ask, v.Behavior, "an ask rule asks in bypassPermissions mode too")
}

// TestScopes: how the scopes merge (hc_perm_scope_*,
// hc_perm_defaultmode_*).
func TestScopes(t *testing.T) {
	f := func(scope Scope, perms string) File {
		return File{Path: string(scope) + ".json", Scope: scope, Data: []byte(`{"permissions": ` + perms + `}`)}
	}
	s := Read([]File{
		f(ScopeUser, `{"deny": ["Bash(python3 *)"], "allow": ["Bash(node *)"], "additionalDirectories": ["~/extra"], "defaultMode": "acceptEdits"}`),
		f(ScopeProject, `{"allow": ["Bash(make *)"], "additionalDirectories": ["/shared"], "defaultMode": "plan"}`),
		f(ScopeLocal, `{"allow": ["Bash(python3 *)"], "ask": ["Bash(node *)"]}`),
	}, home, proj)
	assert.Equal(t, []Directory{{Path: home + "/extra", Source: ScopeUser}}, s.Directories)
	assert.Equal(t, ModePlan, s.DefaultMode, "the project's defaultMode beats the user's")
	assert.Len(t, s.Problems, 2, "the project's allow rules and directories are reported as ignored: %v", s.Problems)
	run := func(cmd string) Verdict {
		return s.Decide(Call{Tool: "Bash", Input: bash(cmd), Cwd: proj, Project: proj, Home: home})
	}
	assert.Equal(t, Deny, run("python3 -c 1").Behavior, "a user deny beats a local allow")
	assert.Equal(t, Ask, run("node -e 1").Behavior, "a local ask beats a user allow")
	assert.Equal(t, StageRule, run("node -e 1").Stage)
	assert.Equal(t, "This command requires approval", run("make").Message, "the project's allow rules are ignored")
	assert.Equal(t, ModePlan, run("ls").Mode, "no session mode: the settings' defaultMode")

	s = Read([]File{f(ScopeProject, `{"defaultMode": "bypassPermissions"}`)}, home, proj)
	assert.Empty(t, s.DefaultMode, "the project cannot turn on bypassPermissions")
	s = Read([]File{f(ScopeFlag, `{"defaultMode": "plan"}`), f(ScopeLocal, `{"defaultMode": "acceptEdits"}`)}, home, proj)
	assert.Equal(t, ModePlan, s.DefaultMode, "a --settings file beats the local settings")

	bad := Read([]File{f(ScopeLocal, `{"deny": ["Bash(rm *"], "allow": "Bash", "defaultMode": "yolo"}`)}, home, proj)
	assert.Len(t, bad.Problems, 3, fmt.Sprint(bad.Problems))
	assert.Empty(t, bad.Rules)
}
