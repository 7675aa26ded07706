package qwen

import (
	"context"
	"net"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// blockedHosts are refused whatever the settings (UrlValidator).
var blockedHosts = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"localhost.localdomain": true, "ip6-localhost": true, "ip6-loopback": true,
		"metadata.google.internal": true, "169.254.169.254": true, "metadata.azure.internal": true,
	}
}}

// metadataV4 are cloud metadata endpoints, refused always.
var metadataV4 = lazy.Value[map[string]bool]{New: func() map[string]bool { return map[string]bool{"169.254.169.254": true, "100.100.100.200": true} }}

// privateAddr reports Qwen Code's blocked ranges (ssrfGuard): 0/8, 10/8,
// 169.254/16, 172.16/12, 100.64/10, 192.168/16, ::, fc00::/7,
// fe80::/10 (IPv4-mapped forms too); loopback is allowed.
func privateAddr(a netip.Addr) bool {
	if a.Is4In6() {
		a = a.Unmap()
	}
	if a.IsLoopback() {
		return false
	}
	if a.Is4() {
		b := a.As4()
		switch {
		case b[0] == 0, b[0] == 10, b[0] == 169 && b[1] == 254, b[0] == 172 && b[1] >= 16 && b[1] <= 31,
			b[0] == 100 && b[1] >= 64 && b[1] <= 127, b[0] == 192 && b[1] == 168:
			return true
		}
		return false
	}
	if a.IsUnspecified() {
		return true
	}
	b := a.As16()
	return b[0]&0xfe == 0xfc || (b[0] == 0xfe && b[1]&0xc0 == 0x80)
}

func metadataAddr(a netip.Addr) bool {
	if a.Is4In6() {
		a = a.Unmap()
	}
	return a.Is4() && metadataV4.Get()[a.String()]
}

// checkURL applies Qwen Code's checks to an http hook's URL before it is
// sent: the SSRF guard (blocked host names and cloud metadata addresses
// always; private ranges unless allowPrivateNetworkHooks — the option
// allow_private —, also for the addresses a host name resolves to) and the
// allowedHttpHookUrls patterns (option allowed_urls, "*" wildcards,
// anchored, case-insensitive; none means every URL). It returns why the
// URL is refused, or "".
func checkURL(h *settings.Hook) string {
	u, err := url.Parse(h.URL)
	if err != nil || u.Hostname() == "" {
		return "HTTP hook URL is invalid: " + h.URL
	}
	host := strings.ToLower(u.Hostname())
	allowPrivate := h.Options["allow_private"] == "true"
	blocked := "URL is blocked for security reasons (SSRF protection)"
	if blockedHosts.Get()[host] {
		return blocked
	}
	check := func(a netip.Addr) bool { return metadataAddr(a) || (!allowPrivate && privateAddr(a)) }
	if a, err := netip.ParseAddr(host); err == nil {
		if check(a) {
			return blocked
		}
	} else if host != "localhost" {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		cancel()
		if err == nil {
			for _, a := range addrs {
				if check(a) {
					return blocked
				}
			}
		}
	}
	if pats := h.Options["allowed_urls"]; pats != "" {
		ok := false
		for _, p := range strings.Split(pats, "\n") {
			if compileURLPattern(p).MatchString(h.URL) {
				ok = true
			}
		}
		if !ok {
			return "URL does not match any allowed pattern. Allowed patterns: " + strings.ReplaceAll(pats, "\n", ", ")
		}
	}
	return ""
}

// compileURLPattern is UrlValidator.compilePattern: a pattern holding
// "\." is taken as already escaped, else every regex character but "*"
// is escaped; "*" matches anything.
func compileURLPattern(p string) *regexp.Regexp {
	var esc string
	if strings.Contains(p, `\.`) {
		esc = strings.ReplaceAll(p, "*", ".*")
	} else {
		esc = strings.ReplaceAll(regexp.QuoteMeta(p), `\*`, ".*")
	}
	re, err := regexp.Compile("(?i)^" + esc + "$")
	if err != nil {
		return regexp.MustCompile(`^\b$`)
	}
	return re
}
