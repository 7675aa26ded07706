package runner

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
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
	buf := &capBuffer{limit: e.lim.outputLimit, replyLimit: e.lim.replyLimit}
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
