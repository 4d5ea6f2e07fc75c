#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Regenerate the patch series in git format-patch form (diff --git
# headers, exact hunks) after editing a patch by hand: the files the
# patches touch are taken from the Linux source package, the series are
# applied with git am and written back with git format-patch under their
# original names. patches/common and patches/ia64 are applied to
# linux-source-6.1, patches/common-6.12 to linux-source-6.12 and
# patches/common-7.2 to linux-source-7.2 (from the cache, as kernels.sh's
# linux_source gets it); a series entry under ../common/ or
# ../common-6.12/ is applied there but written back only from its own
# series. The note of a patch below its "---" line (which kernels need
# it and why) is kept: git am drops it, so it is put back after the
# "---" of the new patch.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

series() { grep -v -e '^#' -e '^$' "$REPO/patches/$1/series"; }

# The note of patch $1: the lines after its first "---" line up to the
# diffstat or the first diff, without the blank line that ends it
note() {
	awk 'n && (/^ [^ ].*\| / || /^diff --git / || /^--- a\//) { exit }
		n { buf = buf $0 "\n" }
		!n && /^---$/ { n = 1 }
		END { sub(/\n+$/, "\n", buf); if (buf != "\n") printf "%s", buf }' "$1"
}

# The source tarball of linux-source-$1
tarball() {
	(
		# shellcheck disable=SC2034 # kernels.sh reads it
		IA64_PMU_LINUX=$1
		# shellcheck source=kernels.sh
		. "$REPO/tools/ia64-pmu/kernels.sh"
		linux_source >&2 || exit 1
		echo "$LINUX_TARBALL"
	)
}

# refresh <linux version> <series...>: apply the series in order to the
# files they touch in linux-source-<version>, write each patch back
refresh() {
	local ver=$1 work s p base out new old keep tar
	shift
	tar=$(tarball "$ver")
	work=$(mktemp -d)
	# shellcheck disable=SC2064
	trap "rm -rf '$work'" RETURN
	# Files named in the patches, as they are in the source package
	mapfile -t files < <(for s in "$@"; do
		series "$s" | while read -r p; do
			grep -E '^(\+\+\+ b/|--- a/)' "$REPO/patches/$s/$p" | cut -c7- | cut -f1
		done
	done | grep -v '^/dev/null' | sort -u)
	tar -xf "$tar" -C "$work" \
		--strip-components=1 --ignore-failed-read \
		"${files[@]/#/linux-source-$ver/}" 2>/dev/null || true

	(
		cd "$work"
		git init -q
		git -c user.name=base -c user.email=base@localhost add -A
		git -c user.name=base -c user.email=base@localhost commit -qm base
		for s in "$@"; do
			base=$(git rev-parse HEAD)
			series "$s" | while read -r p; do
				git -c user.name=x -c user.email=x@localhost am -q \
					--committer-date-is-author-date \
					"$REPO/patches/$s/$p"
			done
			out=$work/out-$s
			git format-patch -q --no-numbered --zero-commit --no-signature \
				-o "$out" "$base"..HEAD
			# keep the series' own file names, in order, and notes
			paste <(ls "$out" | sort) <(series "$s") | while read -r new old; do
				case $old in ../*) continue ;; esac
				keep=$(note "$REPO/patches/$s/$old")
				if [ -n "$keep" ]; then
					awk -v note="$keep" '{ print }
						!done && /^---$/ { print note "\n"; done = 1 }' \
						"$out/$new" >"$REPO/patches/$s/$old"
				else
					mv "$out/$new" "$REPO/patches/$s/$old"
				fi
			done
		done
	)
}

refresh 6.1 common ia64
refresh 6.12 common-6.12
refresh 7.2 common-7.2
echo "refresh-patches: patches/common, patches/ia64, patches/common-6.12 and patches/common-7.2 regenerated"
