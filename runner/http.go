package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"time"

	"github.com/hookcompat/hookcompat/settings"
)

// noRedirectClient sends http hooks' requests when Options.HTTPClient is
// nil. It does not follow redirects: a followed 301/302/303 would turn the
// POST into a GET without the event, and forward the hook's headers to
// another URL; a 3xx is reported as the hook's status, a failure (HK-62).
var noRedirectClient = &http.Client{
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// runHTTP POSTs the invocation's stdin bytes as JSON to inv.URL (HK-62).
// A 2xx body is returned as stdout with exit code 0; another status
// (redirects included, which are not followed) is exit code 1; a network
// error or a body cut short is a start error.
func (e *Engine) runHTTP(ctx context.Context, h *settings.Hook, inv *Invocation) *RunResult {
	start := time.Now()
	res := &RunResult{ExitCode: -1}
	defer func() { res.Duration = time.Since(start) }()
	parent := ctx
	if inv.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, inv.Timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, inv.URL, bytes.NewReader(inv.Stdin))
	if err != nil {
		res.StartErr = err
		return res
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range inv.Headers {
		req.Header.Set(k, v)
	}
	client := e.opts.HTTPClient
	if client == nil {
		client = noRedirectClient
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			classifyCtxErr(parent, ctx, res)
		} else {
			res.StartErr = err
		}
		return res
	}
	defer resp.Body.Close()
	buf := &capBuffer{limit: e.lim.outputLimit}
	if _, err := io.Copy(buf, resp.Body); err != nil {
		if ctx.Err() != nil {
			classifyCtxErr(parent, ctx, res)
		} else {
			// A body cut short (connection reset, fewer bytes than
			// Content-Length) is not a reply: the hook failed.
			res.StartErr = fmt.Errorf("reading the response of %s: %w", inv.URL, err)
		}
		return res
	}
	res.Stdout, res.StdoutTruncated = buf.bytes()
	res.HTTPStatus = resp.StatusCode
	res.HTTPContentType = resp.Header.Get("Content-Type")
	if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
		res.ExitCode = 0
	} else {
		res.ExitCode = 1
	}
	return res
}

var envRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// ExpandHeaders returns headers with $VAR and ${VAR} replaced by the
// variable's value from env ("KEY=value" list) for names in allowed
// (HK-62, claude §2.2). A reference to a name outside allowed is kept as
// written when keepOthers is true (native) and replaced by the empty
// string otherwise (Claude).
func ExpandHeaders(headers map[string]string, allowed []string, env []string, keepOthers bool) map[string]string {
	if len(headers) == 0 {
		return nil
	}
	ok := map[string]bool{}
	for _, n := range allowed {
		ok[n] = true
	}
	vals := map[string]string{}
	for _, kv := range env {
		if k, v, found := bytes.Cut([]byte(kv), []byte("=")); found {
			vals[string(k)] = string(v)
		}
	}
	out := make(map[string]string, len(headers))
	for k, v := range headers {
		out[k] = envRef.ReplaceAllStringFunc(v, func(ref string) string {
			m := envRef.FindStringSubmatch(ref)
			name := m[1] + m[2]
			if ok[name] {
				return vals[name]
			}
			if keepOthers {
				return ref
			}
			return ""
		})
	}
	return out
}

// runJudge evaluates a prompt or agent hook through the configured Judge
// (HK-63); the judge's JSON answer is classified by the hook's protocol
// like a command's stdout with exit code 0.
func (e *Engine) runJudge(ctx context.Context, p Protocol, h *settings.Hook, ev *Event) (HookReply, *RunResult) {
	if e.opts.Judge == nil {
		r := HookReply{Outcome: OutcomeNotRunnable, Err: fmt.Sprintf("no judge configured for %s hooks", h.EffectiveType())}
		if h.FailClosed {
			r.Decision = DecisionBlock
			r.Reason = fmt.Sprintf("hook %s failed and is fail_closed: %s", h.Label(), r.Err)
			r.Outcome = OutcomeBlocking
		}
		return r, nil
	}
	start := time.Now()
	jctx, cancel := context.WithTimeout(ctx, h.EffectiveTimeout())
	parent := ctx
	defer cancel()
	answer, err := e.opts.Judge.Judge(jctx, h, ev)
	res := &RunResult{ExitCode: 0, Stdout: answer, Duration: time.Since(start)}
	switch {
	case jctx.Err() != nil:
		res.ExitCode = -1
		classifyCtxErr(parent, jctx, res)
	case err != nil:
		res.ExitCode = -1
		res.StartErr = err
	case !json.Valid(answer):
		res.ExitCode = 1
		res.Stderr = []byte("judge answer is not JSON")
	}
	return p.Classify(h, ev, res), res
}
