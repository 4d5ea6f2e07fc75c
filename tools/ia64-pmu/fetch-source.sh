#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-source.sh <package>: make a Linux source package that bookworm
# does not have (linux-source-7.2, from Debian's unstable suite) available
# without touching the machine's apt configuration, and print two lines:
#   <version>
#   <path of its linux-source-X.Y.tar.xz>
#
# apt-get runs with a private sources list, lists and archives directory
# under $IA64_PMU_CACHE/apt-unstable, on the mirror and keyring the
# machine's own sources name; the .deb is unpacked with dpkg -x into
# $IA64_PMU_CACHE/src/<package>_<version>, once per version. If the suite
# cannot be read (no network), the newest version already unpacked there
# is used and the script says so; with none, it fails saying what it
# tried.

set -euo pipefail

PKG=${1:?usage: fetch-source.sh <package>}
CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
APTDIR=$CACHE/apt-unstable
SRCDIR=$CACHE/src

log() {
	echo "fetch-source: $*" >&2
}

die() {
	log "$*"
	exit 1
}

# The machine's Debian mirror (deb822 or one-line sources), else Debian's.
mirror() {
	local m
	m=$(sed -n 's/^URIs:[[:space:]]*\([^[:space:]]*\/debian\)$/\1/p' \
		/etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1)
	[ -n "$m" ] || m=$(sed -n \
		's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]*\/debian\)[[:space:]].*/\2/p' \
		/etc/apt/sources.list 2>/dev/null | head -n1)
	echo "${m:-http://deb.debian.org/debian}"
}

cached() {
	local d
	d=$(ls -d "$SRCDIR/${PKG}_"* 2>/dev/null | sort -V | tail -n1) || true
	[ -n "$d" ] && [ -f "$d/.complete" ] || return 1
	echo "${d##*/${PKG}_}"
	echo "$d/usr/src/$PKG.tar.xz"
}

mkdir -p "$APTDIR/lists/partial" "$APTDIR/archives/partial" "$SRCDIR"
exec 9>"$APTDIR.lock"
flock 9

echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
	"$(mirror) unstable main" >"$APTDIR/sources.list"
apt=(apt-get -q -o "Dir::Etc::SourceList=$APTDIR/sources.list"
	-o Dir::Etc::SourceParts=/dev/null
	-o "Dir::State::Lists=$APTDIR/lists"
	-o "Dir::Cache::Archives=$APTDIR/archives"
	-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=
	-o APT::Architecture=amd64)
aptc=(apt-cache -o "Dir::Etc::SourceList=$APTDIR/sources.list"
	-o Dir::Etc::SourceParts=/dev/null
	-o "Dir::State::Lists=$APTDIR/lists"
	-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=)

ver=
if "${apt[@]}" update >"$APTDIR/update.log" 2>&1; then
	ver=$("${aptc[@]}" show "$PKG" 2>/dev/null |
		sed -n 's/^Version: //p' | sort -V | tail -n1)
fi
if [ -z "$ver" ]; then
	if cached; then
		log "$(mirror) unstable not readable or without $PKG" \
			"(see $APTDIR/update.log): using the copy in $SRCDIR"
		exit 0
	fi
	die "cannot get $PKG: Debian's unstable suite at $(mirror) is not" \
		"readable or does not have it (see $APTDIR/update.log), and" \
		"$SRCDIR has no copy"
fi

dest=$SRCDIR/${PKG}_$ver
if [ ! -f "$dest/.complete" ]; then
	log "downloading $PKG $ver from $(mirror) unstable"
	(cd "$APTDIR/archives" && "${apt[@]}" download "$PKG=$ver" \
		>"$APTDIR/download.log" 2>&1) ||
		die "apt-get download $PKG=$ver failed (see $APTDIR/download.log)"
	deb=$(ls "$APTDIR/archives/${PKG}_"*"_all.deb" 2>/dev/null |
		grep -F "_${ver//:/%3a}_" | head -n1) ||
		die "no .deb of $PKG $ver in $APTDIR/archives"
	rm -rf "$dest.tmp"
	dpkg -x "$deb" "$dest.tmp"
	[ -f "$dest.tmp/usr/src/$PKG.tar.xz" ] ||
		die "$deb has no usr/src/$PKG.tar.xz"
	touch "$dest.tmp/.complete"
	rm -rf "$dest"
	mv "$dest.tmp" "$dest"
	rm -f "$deb"
fi
echo "$ver"
echo "$dest/usr/src/$PKG.tar.xz"
