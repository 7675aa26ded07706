package compat

import (
	"strings"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// ListedHook is one hook as [List] describes it (HK-66).
type ListedHook struct {
	Event       string           `json:"event"`
	Runs        string           `json:"runs"`
	Type        string           `json:"type"`
	Match       string           `json:"match,omitempty"`
	MatchSyntax string           `json:"match_syntax,omitempty"`
	If          string           `json:"if,omitempty"`
	FailClosed  bool             `json:"fail_closed"`
	Timeout     float64          `json:"timeout_seconds"`
	Protocol    string           `json:"protocol"`
	Source      string           `json:"source"`
	Failures    []runner.Failure `json:"failures"`
}

// List describes every loaded hook by event in canonical order, hooks of
// one event in the order they run (HK-66): what it runs, its match and
// match syntax, if rule, fail_closed, timeout in seconds, protocol, where
// it came from, and its last failures as failures reports them (nil
// means none; an engine's [runner.Engine.Failures] fits).
func List(l *Loaded, failures func(*settings.Hook) []runner.Failure) []ListedHook {
	cfg := &settings.Config{Hooks: append([]settings.Hook(nil), l.Config.Hooks...)}
	cfg.Sort()
	list := []ListedHook{}
	for i := range cfg.Hooks {
		h := &cfg.Hooks[i]
		runs := h.Command
		switch {
		case len(h.Args) > 0:
			runs = strings.Join(h.Args, " ")
		case h.URL != "":
			runs = "POST " + h.URL
		case h.Prompt != "":
			runs = h.Prompt
		}
		lh := ListedHook{Event: string(h.Event), Runs: runs, Type: h.EffectiveType(), Match: h.Match, If: h.If,
			FailClosed: h.FailClosed, Timeout: h.EffectiveTimeout().Seconds(), Protocol: h.EffectiveProtocol(),
			Source: h.Source.String(), Failures: []runner.Failure{}}
		if h.Match != "" {
			lh.MatchSyntax = h.EffectiveMatchSyntax()
		}
		if failures != nil {
			if f := failures(h); f != nil {
				lh.Failures = f
			}
		}
		list = append(list, lh)
	}
	return list
}
