#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Regenerate the patch series in git format-patch form (diff --git
# headers, exact hunks) after editing a patch by hand: the files the
# patches touch are taken from linux-source-6.1, the series are applied
# with git am (patches/common, then patches/ia64) and written back with
# git format-patch under their original names.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TARBALL=/usr/src/linux-source-6.1.tar.xz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

series() { grep -v -e '^#' -e '^$' "$REPO/patches/$1/series"; }

# Files named in the patches, as they are in the source package
mapfile -t files < <(for s in common ia64; do
	series $s | while read -r p; do
		grep -E '^(\+\+\+ b/|--- a/)' "$REPO/patches/$s/$p" | cut -c7- | cut -f1
	done
done | grep -v '^/dev/null' | sort -u)
tar -xJf "$TARBALL" -C "$work" --strip-components=1 --ignore-failed-read \
	"${files[@]/#/linux-source-6.1/}" 2>/dev/null || true

cd "$work"
git init -q
git -c user.name=base -c user.email=base@localhost add -A
git -c user.name=base -c user.email=base@localhost commit -qm base
for s in common ia64; do
	base=$(git rev-parse HEAD)
	series $s | while read -r p; do
		git -c user.name=x -c user.email=x@localhost am -q --committer-date-is-author-date \
			"$REPO/patches/$s/$p"
	done
	out=$work/out-$s
	git format-patch -q --no-numbered --zero-commit --no-signature \
		-o "$out" "$base"..HEAD
	# keep the series' own file names, in order
	paste <(ls "$out" | sort) <(series $s) | while read -r new old; do
		mv "$out/$new" "$REPO/patches/$s/$old"
	done
done
echo "refresh-patches: patches/common and patches/ia64 regenerated"
