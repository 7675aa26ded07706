#!/usr/bin/env bash
# Peer benchmark: the same workload through hookcompat (this repository)
# and through each peer checkout given — Crush (github.com/charmbracelet/
# crush) and conduit (github.com/icehunter/conduit) — in one run, their
# rounds interleaved, each engine's figures a ratio to a raw /bin/sh -c
# measured in the same process (peer_test.go says what runs). It fetches
# nothing: a peer whose checkout is not given, or has no internal/hooks,
# is skipped. A driver (ours, *_driver.go.txt) is copied into the peer's
# internal/hooks for the build only and removed after.
#
#   tools/peerbench/run.sh [-count N] [-benchtime T] [--crush DIR] [--conduit DIR]
#
# Output: the raw benchmark lines, then benchstat's medians when benchstat
# is on PATH or in $(go env GOPATH)/bin.
set -euo pipefail

count=6 benchtime=200x crush= conduit=
while [ $# -gt 0 ]; do
	case "$1" in
	-count) count=$2; shift 2 ;;
	-benchtime) benchtime=$2; shift 2 ;;
	--crush) crush=$2; shift 2 ;;
	--conduit) conduit=$2; shift 2 ;;
	*) echo "usage: $0 [-count N] [-benchtime T] [--crush DIR] [--conduit DIR]" >&2; exit 2 ;;
	esac
done

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
drivers=()
cleanup() {
	for d in "${drivers[@]}"; do rm -f "$d"; done
	rm -rf "$work"
}
trap cleanup EXIT

engines=(hookcompat)
(cd "$root" && go test -c -o "$work/hookcompat.test" ./tools/peerbench)

peer() { # NAME DIR
	local name=$1 dir=$2
	if [ -z "$dir" ]; then
		echo "# $name: no checkout given (--$name DIR); skipped" >&2
		return
	fi
	if [ ! -d "$dir/internal/hooks" ]; then
		echo "# $name: $dir has no internal/hooks; skipped" >&2
		return
	fi
	local drv="$dir/internal/hooks/zz_hookcompat_peer_test.go"
	drivers+=("$drv")
	cat "$here/${name}_driver.go.txt" "$here/ratio.go.txt" >"$drv"
	if (cd "$dir" && go test -c -o "$work/$name.test" ./internal/hooks); then
		engines+=("$name")
		echo "# $name: $dir $(cd "$dir" && (git log -1 --format='at %h %cs' 2>/dev/null || echo '(not a git work tree: name its commit yourself)'))" >&2
	else
		echo "# $name: the driver did not build; skipped" >&2
	fi
	rm -f "$drv"
}
peer crush "$crush"
peer conduit "$conduit"

echo "# $(uname -sm), $(nproc) cores, $(go version | cut -d' ' -f3); load at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)" >&2
out="$work/bench.txt"
for ((i = 1; i <= count; i++)); do
	for e in "${engines[@]}"; do
		(cd "$work" && "./$e.test" -test.run '^$' -test.bench '^BenchmarkPeer$' -test.benchtime "$benchtime" -test.count 1) |
			grep '^BenchmarkPeer' | tee -a "$out"
	done
done
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)" >&2

bs=$(command -v benchstat || true)
if [ -z "$bs" ] && [ -x "$(go env GOPATH)/bin/benchstat" ]; then
	bs="$(go env GOPATH)/bin/benchstat"
fi
if [ -n "$bs" ]; then
	echo
	"$bs" "$out"
fi
