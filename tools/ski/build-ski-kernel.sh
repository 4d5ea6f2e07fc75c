#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the ia64 kernel that Ski boots (make ski-kernel): Linux 6.1 with
# the HP simulator platform put back by the hp-sim patch of github
# linux-ia64/ski (third-party, referenced by path, never copied here:
# $HPSIM_PATCH, default ../shared/ski/linux-6.1.76-add-hp-sim-w-o-machvec-
# dirty.patch next to this repository), the project's patches/common and
# patches/ia64 series, and the driver overlay, built in. The last line
# printed is the path of the vmlinux.
#
# The tree is cached in $IA64_PMU_CACHE/ski-kernel-<key>, where <key>
# hashes the linux-source-6.1 version, the cross compiler, the hp-sim
# patch's contents, the two series (names and contents), the Ski fix-ups
# (tools/ski/kernel), the config fragment tools/ski/ski-kernel.config and
# this script. A new tree is Debian's linux-source-6.1 with, in order:
#
#   1. the hp-sim patch;
#   2. patches/common then patches/ia64, each patch without its changes
#      to the files that a Ski fix-up patch touches;
#   3. the Ski fix-ups, tools/ski/kernel/series: the project's own
#      changes to those files, in the hp-sim patch's context. Today one
#      file: both hp-sim and patches/ia64/0002 change init_IRQ() in
#      arch/ia64/kernel/irq_ia64.c, and 0002's hunk only applies there
#      with fuzz. After the fix-ups, every line the series adds to such a
#      file must be in it, so that a change to the series that the
#      fix-up lacks fails here instead of being lost;
#
# configured with sim_defconfig plus tools/ski/ski-kernel.config (the
# driver built in, initramfs, devtmpfs, no modules), and built whole
# (about 10 minutes on two cores; the compiler runs under ccache when
# installed, in $IA64_PMU_CACHE/ccache like ia64-check.sh's). Each run
# then copies the overlay (drivers/perf/ia64/, include/linux/perf/
# ia64_pmu.h, include/uapi/linux/perf/ia64_pmu.h) into the tree, touching
# only files whose contents changed, and rebuilds vmlinux incrementally:
# a driver change costs about a minute. The tree's build/ski-kernel link
# in this repository points at it.
#
# It also installs the kernel's user-space API headers for ia64 (make
# headers_install) into <tree>/usr/include, next to the vmlinux: the
# ia64 <linux/perf_event.h>, <asm/unistd.h> and the driver's
# <linux/perf/ia64_pmu.h> for freestanding test programs
# (tools/testing/ia64_pmu_ski, KHDR=$(dirname vmlinux)/usr/include). The
# tree also has the host tool usr/gen_init_cpio, which builds an
# initramfs with device nodes (/dev/console) without root.
#
# Log: build/ski-kernel.log.
#
# Environment:
#   IA64_PMU_CACHE     cache root (default /var/cache/ia64-pmu)
#   IA64_PMU_OVERLAY   overlay tree to build (default: this repository)
#   HPSIM_PATCH        the hp-sim patch for Linux 6.1
#   SKI_KERNEL_JOBS    make -j value (default: nproc)

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(readlink -f "${BASH_SOURCE[0]}")
SRC=$(cd "${IA64_PMU_OVERLAY:-$REPO}" && pwd)
CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
JOBS=${SKI_KERNEL_JOBS:-$(nproc)}
KTAR=/usr/src/linux-source-6.1.tar.xz
HPSIM_PATCH=${HPSIM_PATCH:-$REPO/../shared/ski/linux-6.1.76-add-hp-sim-w-o-machvec-dirty.patch}
FRAGMENT=$REPO/tools/ski/ski-kernel.config
FIXUPS=$REPO/tools/ski/kernel
LOG=$REPO/build/ski-kernel.log

# What the overlay owns in the kernel tree (as in ia64-check.sh)
OVERLAY_DIRS="drivers/perf/ia64"
OVERLAY_FILES="include/linux/perf/ia64_pmu.h include/uapi/linux/perf/ia64_pmu.h"

die() {
	echo "build-ski-kernel: $*" >&2
	exit 1
}

start=$(date +%s)

bindir=$("$REPO/tools/ia64-pmu/build-ia64-gcc.sh" | tail -n1)
CROSS=$bindir/ia64-linux-gnu-
[ -x "${CROSS}gcc" ] || die "no cross compiler at ${CROSS}gcc"

kver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "linux-source-6.1 is not installed"
[ -f "$KTAR" ] || die "$KTAR missing"
[ -f "$HPSIM_PATCH" ] ||
	die "no hp-sim patch at $HPSIM_PATCH (set HPSIM_PATCH; see ../shared/ski/README.md)"
HPSIM_PATCH=$(readlink -f "$HPSIM_PATCH")
[ -f "$FRAGMENT" ] || die "$FRAGMENT missing"

# The patches of a series directory, in order, as absolute paths
series_patches() {
	local dir=$1 line

	[ -f "$dir/series" ] || return 0
	while read -r line; do
		line=${line%%#*}
		line=${line//[[:space:]]/}
		[ -n "$line" ] || continue
		[ -f "$dir/$line" ] || die "$dir/series lists missing $line"
		echo "$dir/$line"
	done <"$dir/series"
}

patches=$(series_patches "$SRC/patches/common"; series_patches "$SRC/patches/ia64")
fixups=$(series_patches "$FIXUPS")
[ -n "$patches" ] || die "no patches in $SRC/patches/{common,ia64}/series"

# The files the fix-ups own: the series' changes to them are left out
fixup_files=$(for p in $fixups; do
	sed -n 's|^+++ b/||p' "$p"
done | sort -u)

key=$({
	echo "linux-source-6.1 $kver"
	echo "cross $bindir"
	echo "hpsim"
	cat "$HPSIM_PATCH"
	for p in $patches; do
		echo "patch ${p#"$SRC"/}"
		cat "$p"
	done
	for p in $fixups; do
		echo "fixup ${p#"$REPO"/}"
		cat "$p"
	done
	cat "$FRAGMENT" "$SELF"
} | sha256sum | cut -c1-12)

TREE=$CACHE/ski-kernel-$key
MAKE=(make -C "$TREE" ARCH=ia64 CROSS_COMPILE="$CROSS" -j"$JOBS")
# Paths relative to the tree let a new tree hit the objects of the old
# one (the ccache directory is ia64-check.sh's)
if command -v ccache >/dev/null; then
	export CCACHE_DIR=$CACHE/ccache
	export CCACHE_BASEDIR=$TREE
	export CCACHE_NOHASHDIR=1
	export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
	MAKE+=(CC="ccache ${CROSS}gcc")
fi

# Copy src to dst if the contents differ, so make sees no change otherwise
sync_file() {
	local src=$1 dst=$2

	if ! cmp -s "$src" "$dst"; then
		mkdir -p "$(dirname "$dst")"
		cp "$src" "$dst"
		echo "build-ski-kernel: synced ${dst#"$TREE"/}"
	fi
}

is_build_output() {
	case "$1" in
	*.o | *.ko | *.a | *.mod | *.mod.c | .*.cmd | *.order | *.symvers | \
		.*.d | *.lst | *.i | *.s)
		return 0 ;;
	esac
	return 1
}

sync_overlay() {
	local d f rel

	for d in $OVERLAY_DIRS; do
		[ -d "$SRC/$d" ] || die "overlay directory $d missing"
		while IFS= read -r -d '' f; do
			rel=${f#"$SRC"/}
			is_build_output "$(basename "$f")" && continue
			sync_file "$f" "$TREE/$rel"
		done < <(find "$SRC/$d" -type f -print0)
		# Sources deleted from the overlay go away in the tree too
		while IFS= read -r -d '' f; do
			rel=${f#"$TREE"/}
			is_build_output "$(basename "$f")" && continue
			if [ ! -e "$SRC/$rel" ]; then
				rm -f "$f"
				echo "build-ski-kernel: removed $rel"
			fi
		done < <(find "$TREE/$d" -type f -print0)
	done
	for f in $OVERLAY_FILES; do
		if [ -f "$SRC/$f" ]; then
			sync_file "$SRC/$f" "$TREE/$f"
		else
			rm -f "$TREE/$f"
		fi
	done
}

# The sections ("diff --git a/F b/F" to the next one) of a git patch on
# stdin whose file F is (keep=0: is not) one of the fix-ups' files
patch_sections() {
	local keep=$1

	awk -v files="$fixup_files" -v keep="$keep" '
		BEGIN { n = split(files, f, "\n"); for (i = 1; i <= n; i++) own["a/" f[i]] = 1 }
		/^diff --git / { in_own = ($3 in own) }
		(in_own && keep) || (!in_own && !keep) { print }
	'
}

apply_patch() {
	local name=$1

	patch -d "$TREE" -p1 --batch --forward --quiet --no-backup-if-mismatch ||
		die "$name does not apply"
}

prepare_tree() {
	local p f line rest

	echo "build-ski-kernel: preparing $TREE (linux-source-6.1 $kver)"
	rm -rf "$TREE"
	mkdir -p "$TREE"
	tar -xJf "$KTAR" -C "$TREE" --strip-components=1
	echo "build-ski-kernel: applying $HPSIM_PATCH"
	apply_patch "the hp-sim patch" <"$HPSIM_PATCH"
	for p in $patches; do
		rest=$(patch_sections 0 <"$p")
		if grep -q '^diff --git ' <<<"$rest"; then
			echo "build-ski-kernel: applying ${p#"$SRC"/}"
			apply_patch "${p#"$SRC"/}" <<<"$rest"
		fi
		if [ -n "$(patch_sections 1 <"$p")" ]; then
			echo "build-ski-kernel:   (its changes to" \
				"$(patch_sections 1 <"$p" | sed -n 's|^+++ b/||p' | tr '\n' ' ')come from tools/ski/kernel)"
		fi
	done
	for p in $fixups; do
		echo "build-ski-kernel: applying ${p#"$REPO"/}"
		apply_patch "${p#"$REPO"/}" <"$p"
	done
	# Every line the series adds to a fix-up's file is in that file
	for p in $patches; do
		patch_sections 1 <"$p" | awk '
			/^\+\+\+ b\// { f = substr($2, 3); next }
			/^\+/ { print f "\037" substr($0, 2) }
		'
	done | while IFS=$'\037' read -r f line; do
		grep -qxF -- "$line" "$TREE/$f" ||
			die "$f lacks a line the project series adds (update tools/ski/kernel): $line"
	done
	if ! grep -qs 'ia64/Kconfig' "$TREE/drivers/perf/Kconfig"; then
		die "drivers/perf/ia64 is not hooked into drivers/perf (patches/common)"
	fi
	sync_overlay
	# sim_defconfig, then the fragment over it; olddefconfig settles
	# what depends on both
	"${MAKE[@]}" sim_defconfig >/dev/null
	(cd "$TREE" && scripts/kconfig/merge_config.sh -m .config "$FRAGMENT") \
		>/dev/null
	"${MAKE[@]}" olddefconfig >/dev/null
	touch "$TREE/.ski-kernel-ready"
}

# Each CONFIG_ line of the fragment, set or "is not set", holds in .config
check_config() {
	local line opt missing=

	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			grep -qxF "$line" "$TREE/.config" || missing="$missing ${line%%=*}" ;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			! grep -q "^$opt=" "$TREE/.config" || missing="$missing $opt" ;;
		esac
	done <"$FRAGMENT"
	[ -z "$missing" ] ||
		die "config options not as tools/ski/ski-kernel.config asks:$missing"
}

mkdir -p "$CACHE" "$(dirname "$LOG")"
exec 9>"$TREE.lock"
flock 9

# Trees of other keys are stale (1.5 GB each): drop those not in use
for d in "$CACHE"/ski-kernel-????????????; do
	if [ -d "$d" ] && [ "$d" != "$TREE" ]; then
		(flock -n 8 && rm -rf "$d") 8>>"$d.lock" || true
	fi
done

if [ -f "$TREE/.ski-kernel-ready" ]; then
	echo "build-ski-kernel: using cached tree $TREE"
	sync_overlay
else
	prepare_tree
fi
ln -sfn "$TREE" "$REPO/build/ski-kernel"

# olddefconfig takes in a changed Kconfig of the overlay
"${MAKE[@]}" olddefconfig >/dev/null
check_config

echo "build-ski-kernel: make vmlinux headers_install (log: $LOG)"
t0=$(date +%s)
if ! "${MAKE[@]}" vmlinux headers_install >"$LOG" 2>&1; then
	grep -iE 'error|undefined' "$LOG" | head -n 40 >&2 || true
	die "build failed, see $LOG"
fi
[ -f "$TREE/drivers/perf/ia64/ia64_pmu_core.o" ] ||
	die "the driver was not built into vmlinux"
[ -f "$TREE/usr/include/linux/perf_event.h" ] ||
	die "headers_install left no usr/include/linux/perf_event.h"
echo "build-ski-kernel: vmlinux: $(($(date +%s) - t0))s (total $(($(date +%s) - start))s)"
echo "build-ski-kernel: ia64 uapi headers: $TREE/usr/include"
echo "$TREE/vmlinux"
