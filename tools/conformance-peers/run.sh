#!/usr/bin/env bash
# Conformance of two peers' hook engines — Crush (github.com/charmbracelet/
# crush) and conduit (github.com/icehunter/conduit) — measured with
# hookcompat's conformance kit (conformance/README.md). Each peer's source
# is taken from the Go module proxy at the version below when the proxy
# serves it, else from the checkout given (--crush DIR, --conduit DIR; a
# checkout at that commit); it is copied to a temporary folder, our driver
# (*_driver.go.txt, which speaks the kit's protocol with the peer's own
# hook package) is added as cmd/zz-hookcompat-conformance/main.go — the
# peers' hook packages are internal — and built there. Nothing of theirs
# is kept.
#
#   tools/conformance-peers/run.sh [--crush DIR] [--conduit DIR] [--out DIR]
#
# Runs, each printing its per-class table and summary line (and writing
# <out>/<run>.json with every case's result):
#   crush-fidelity   the Crush driver on the Crush oracle's recordings
#                    (../shared/crush-oracle, generated at run time): the
#                    driver must reproduce them before its Claude score counts
#   crush-suite      the Crush driver on the whole suite (the sessions of
#                    agents whose files Crush does not read, and the events
#                    it lacks, are not supported)
#   crush-suite-dir  the same with CLAUDE_PROJECT_DIR exported by the user
#   conduit-suite, conduit-suite-dir  likewise for conduit
set -euo pipefail

crush_mod=github.com/charmbracelet/crush
conduit_mod=github.com/icehunter/conduit
conduit_ver=v1.23.1
crush= conduit= out=
while [ $# -gt 0 ]; do
	case "$1" in
	--crush) crush=$2; shift 2 ;;
	--conduit) conduit=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	*) echo "usage: $0 [--crush DIR] [--conduit DIR] [--out DIR]" >&2; exit 2 ;;
	esac
done

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
shared=$(cd "$root/.." && pwd)/shared
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
out=${out:-$work/results}
mkdir -p "$out"

crush_ver=
if [ -f "$shared/crush-oracle/CRUSH_COMMIT" ]; then
	crush_ver=$(cut -c1-12 "$shared/crush-oracle/CRUSH_COMMIT")
fi

(cd "$root" && go build -o "$work/hookcompat" ./cmd/hookcompat)

# source NAME MODULE VERSION DIR: the peer's module tree, or nothing.
source_of() {
	local name=$1 mod=$2 ver=$3 dir=$4 d=
	if [ -n "$ver" ]; then
		d=$(cd "$work" && go mod download -json "$mod@$ver" 2>/dev/null | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' || true)
	fi
	if [ -n "$d" ] && [ -d "$d" ]; then
		echo "# $name: $mod@$ver from the module proxy" >&2
	elif [ -n "$dir" ]; then
		d=$dir
		echo "# $name: the module proxy does not serve $mod@$ver; using $dir ($(cd "$dir" && (git log -1 --format='%h %cs' 2>/dev/null || echo 'name its commit yourself')))" >&2
	else
		echo "# $name: the module proxy does not serve $mod@$ver and no checkout was given (--$name DIR); skipped" >&2
		return
	fi
	echo "$d"
}

build() { # NAME SRC: prints the driver binary's path
	local name=$1 src=$2 tree="$work/$1-src"
	cp -r "$src" "$tree"
	chmod -R u+w "$tree"
	mkdir -p "$tree/cmd/zz-hookcompat-conformance"
	cp "$here/${name}_driver.go.txt" "$tree/cmd/zz-hookcompat-conformance/main.go"
	(cd "$tree" && GOFLAGS=-mod=mod go build -o "$work/$name-conformance" ./cmd/zz-hookcompat-conformance) >&2
	echo "$work/$name-conformance"
}

run() { # LABEL IMPL ARGS...
	local label=$1 impl=$2
	shift 2
	echo "== $label"
	"$work/hookcompat" conformance run --impl "$impl" --report "$out/$label.json" "$@" | grep -v '^FAIL' || true
}

if src=$(source_of crush "$crush_mod" "$crush_ver" "$crush") && [ -n "$src" ]; then
	bin=$(build crush "$src")
	if [ -d "$shared/crush-oracle/cases" ]; then
		(cd "$root" && go run ./conformance/gen/gencases -recordings "" -shared "$shared" -agents crush -out "$work/crush-cases") >&2
		run crush-fidelity "$bin" --cases "$work/crush-cases"
	else
		echo "# crush: $shared/crush-oracle is absent: the driver's fidelity is not checked" >&2
	fi
	run crush-suite "$bin"
	HOOKCONF_PEER_EXPORT_CLAUDE_PROJECT_DIR=1 run crush-suite-dir "$bin"
fi
if src=$(source_of conduit "$conduit_mod" "$conduit_ver" "$conduit") && [ -n "$src" ]; then
	bin=$(build conduit "$src")
	run conduit-suite "$bin"
	HOOKCONF_PEER_EXPORT_CLAUDE_PROJECT_DIR=1 run conduit-suite-dir "$bin"
fi
echo "# results: $out" >&2
