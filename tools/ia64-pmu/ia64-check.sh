#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Cross-build the Itanium PMU driver for ARCH=ia64 with W=1 (make ia64-check).
#
# A prepared ARCH=ia64 tree is cached in $IA64_PMU_CACHE/ia64-<key>, where
# <key> hashes the linux-source-6.1 version, the cross compiler, the
# patches/common and patches/ia64 series and this script: Debian's
# linux-source-6.1 with both series applied, defconfig plus PERF_EVENTS=y
# and IA64_PMU=m, "make prepare" done. Each run then copies the overlay
# (drivers/perf/ia64/, include/linux/perf/ia64_pmu.h,
# include/uapi/linux/perf/ia64_pmu.h) into it, touching only files whose
# contents changed, and builds with W=1:
#
#   drivers/perf/ia64/           the driver
#   arch/ia64/kernel/irq_ia64.o  the glue that binds the PMU vector
#   arch/ia64/kernel/process.o   the glue that sets the user PSR.pp
#   kernel/events/               the perf core, the user of asm/perf_event.h
#
# It fails on any build error; on any compiler warning located in the
# overlay or on a line the ia64 glue series adds (the files it touches
# have W=1 warnings of their own); and on any assembler warning in our
# objects, such as gas's instruction dependency violations (a PMD read
# after a PMC write with no srlz.d in between). With sparse installed the
# driver directory is also checked with C=2, and any sparse warning in the
# overlay fails the check (IA64_CHECK_SPARSE=0 skips this).
#
# The whole ia64 kernel is never built. Logs: build/ia64-check*.log.
#
# Environment:
#   IA64_PMU_CACHE     cache root (default /var/cache/ia64-pmu)
#   IA64_PMU_OVERLAY   overlay tree to check (default: this repository)
#   IA64_CHECK_JOBS    make -j value (default: nproc)
#   IA64_CHECK_SPARSE  1 (default) to run sparse, 0 to skip it

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(readlink -f "${BASH_SOURCE[0]}")
SRC=$(cd "${IA64_PMU_OVERLAY:-$REPO}" && pwd)
CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
JOBS=${IA64_CHECK_JOBS:-$(nproc)}
SPARSE=${IA64_CHECK_SPARSE:-1}
KTAR=/usr/src/linux-source-6.1.tar.xz
LOGDIR=$REPO/build

# What the overlay owns in the kernel tree
OVERLAY_DIRS="drivers/perf/ia64"
OVERLAY_FILES="include/linux/perf/ia64_pmu.h include/uapi/linux/perf/ia64_pmu.h"

die() {
	echo "ia64-check: $*" >&2
	exit 1
}

start=$(date +%s)

bindir=$("$REPO/tools/ia64-pmu/build-ia64-gcc.sh" | tail -n1)
CROSS=$bindir/ia64-linux-gnu-
[ -x "${CROSS}gcc" ] || die "no cross compiler at ${CROSS}gcc"

kver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "linux-source-6.1 is not installed"
[ -f "$KTAR" ] || die "$KTAR missing"

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
[ -f "$SRC/patches/common/series" ] ||
	echo "ia64-check: warning: no patches/common/series" >&2

key=$({
	echo "linux-source-6.1 $kver"
	echo "cross $bindir"
	for p in $patches; do
		echo "patch ${p#"$SRC"/}"
		cat "$p"
	done
	cat "$SELF"
} | sha256sum | cut -c1-12)

TREE=$CACHE/ia64-$key
# W=1 everywhere, even for prepare: objects whose flags change get rebuilt.
# --output-sync keeps an assembler warning ("{standard input}:N:") next
# to the "CC" line of the object it belongs to.
MAKE=(make -C "$TREE" ARCH=ia64 CROSS_COMPILE="$CROSS" W=1 -j"$JOBS"
	--output-sync=target)

# Copy src to dst if the contents differ, so make sees no change otherwise
sync_file() {
	local src=$1 dst=$2

	if ! cmp -s "$src" "$dst"; then
		mkdir -p "$(dirname "$dst")"
		cp "$src" "$dst"
		echo "ia64-check: synced ${dst#"$TREE"/}"
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
				echo "ia64-check: removed $rel"
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

prepare_tree() {
	local p

	echo "ia64-check: preparing $TREE (linux-source-6.1 $kver)"
	rm -rf "$TREE"
	mkdir -p "$TREE"
	tar -xJf "$KTAR" -C "$TREE" --strip-components=1
	for p in $patches; do
		echo "ia64-check: applying ${p#"$SRC"/}"
		patch -d "$TREE" -p1 --batch --forward --quiet <"$p" ||
			die "${p#"$SRC"/} does not apply"
	done
	if ! grep -qs 'ia64/Kconfig' "$TREE/drivers/perf/Kconfig" ||
		! grep -qs 'ia64/' "$TREE/drivers/perf/Makefile"; then
		die "drivers/perf/ia64 is not hooked into drivers/perf (patches/common)"
	fi
	sync_overlay
	"${MAKE[@]}" defconfig >/dev/null
	"$TREE/scripts/config" --file "$TREE/.config" \
		-e PERF_EVENTS -m IA64_PMU
	"${MAKE[@]}" olddefconfig >/dev/null
	"${MAKE[@]}" prepare >"$TREE/prepare.log" 2>&1 ||
		die "make prepare failed, see $TREE/prepare.log"
	touch "$TREE/.ia64-check-ready"
}

mkdir -p "$CACHE" "$LOGDIR"
exec 9>"$TREE.lock"
flock 9

# Trees of other keys are stale (1.5 GB each): drop those not in use
for d in "$CACHE"/ia64-????????????; do
	case "${d##*/}" in
	ia64-gcc-*) continue ;;
	esac
	if [ -d "$d" ] && [ "$d" != "$TREE" ]; then
		(flock -n 8 && rm -rf "$d") 8>>"$d.lock" || true
	fi
done

if [ -f "$TREE/.ia64-check-ready" ]; then
	echo "ia64-check: using cached tree $TREE"
	sync_overlay
	# The overlay's Kconfig may have changed
	"${MAKE[@]}" olddefconfig >/dev/null
else
	prepare_tree
fi

grep -qx 'CONFIG_PERF_EVENTS=y' "$TREE/.config" ||
	die "CONFIG_PERF_EVENTS is not set for ia64 (glue series?)"
grep -Eqx 'CONFIG_IA64_PMU=[ym]' "$TREE/.config" ||
	die "CONFIG_IA64_PMU could not be enabled for ia64"

# Where a warning must not be: anywhere in the overlay, and on the lines
# the ia64 glue series adds (the files it touches have warnings of their
# own under W=1). glue_lines lists those lines as "path:line".
ours="drivers/perf/ia64/[^:]*"
for f in $OVERLAY_FILES; do
	ours="$ours|${f//./\\.}"
done
ours_re="^(\./)?($ours):[0-9]+(:[0-9]+)?: (warning|error)"

glue_lines=$TREE/.ia64-glue-lines
for p in $patches; do
	case "$p" in
	"$SRC"/patches/ia64/*) cat "$p" ;;
	esac
done | awk '
	/^From [0-9a-f]+ / { f = ""; next }
	/^\+\+\+ / { f = $2; sub(/^b\//, "", f); next }
	/^@@ / { split($3, a, ","); n = substr(a[1], 2); next }
	f == "" { next }
	/^\+/ { print f ":" n; n++; next }
	/^ / { n++ }
' >"$glue_lines"

# Objects whose assembler warnings count: ours and the glue's .c files
ours_obj_re="^(drivers/perf/ia64/"
for f in $(cut -d: -f1 "$glue_lines" | sort -u); do
	case "$f" in
	*.c) ours_obj_re="$ours_obj_re|${f%.c}.o" ;;
	esac
done
ours_obj_re="${ours_obj_re//./\\.})"

# Warnings and errors in our code, from a gcc or sparse log. gas reports
# against "{standard input}", e.g. instruction dependency violations
# (a PMC read after a PMC write without srlz.d): name the object instead.
our_warnings() {
	grep -E "$ours_re" "$1" || true
	RE=$ours_obj_re awk '
		/^  [A-Z]+( \[M\])? +[^ ]+\.o$/ { obj = $NF; next }
		/^\{standard input\}:[0-9]+: (Warning|Error):/ {
			if (obj ~ ENVIRON["RE"])
				print obj ": " $0
		}
	' "$1"
	grep -E '^(\./)?[^ :]+:[0-9]+(:[0-9]+)?: (warning|error)' "$1" |
		awk -F: -v lines="$glue_lines" '
		BEGIN { while ((getline l < lines) > 0) glue[l] = 1 }
		{ f = $1; sub(/^\.\//, "", f); if ((f ":" $2) in glue) print }
		' || true
}

log=$LOGDIR/ia64-check.log
echo "ia64-check: building with W=1 (log: $log)"
status=0
"${MAKE[@]}" drivers/perf/ia64/ arch/ia64/kernel/irq_ia64.o \
	arch/ia64/kernel/process.o kernel/events/ >"$log" 2>&1 || status=$?

bad=$(our_warnings "$log")
other=$(grep -cE '^[^ ]+:[0-9]+:[0-9]+: warning' "$log" || true)
fail=0
if [ "$status" -ne 0 ]; then
	grep -E 'error|Error' "$log" | head -n 40 >&2 || true
	echo "ia64-check: FAIL: build failed (make exit $status)" >&2
	fail=1
fi
if [ -n "$bad" ]; then
	echo "$bad" >&2
	echo "ia64-check: FAIL: warnings in the driver or the ia64 glue" >&2
	fail=1
fi
[ "$other" -eq 0 ] ||
	echo "ia64-check: note: $other W=1 warning(s) elsewhere (not ours), see $log"

for obj in drivers/perf/ia64/ia64_pmu_hw.o arch/ia64/kernel/irq_ia64.o \
	arch/ia64/kernel/process.o; do
	[ "$fail" -ne 0 ] || [ -f "$TREE/$obj" ] || {
		echo "ia64-check: FAIL: $obj was not built" >&2
		fail=1
	}
done

if [ "$SPARSE" = 1 ] && [ "$fail" -eq 0 ]; then
	if command -v sparse >/dev/null; then
		slog=$LOGDIR/ia64-check-sparse.log
		echo "ia64-check: sparse (C=2) on drivers/perf/ia64 (log: $slog)"
		"${MAKE[@]}" C=2 drivers/perf/ia64/ >"$slog" 2>&1 || {
			echo "ia64-check: FAIL: sparse build failed, see $slog" >&2
			fail=1
		}
		sbad=$(our_warnings "$slog")
		if [ -n "$sbad" ]; then
			echo "$sbad" >&2
			echo "ia64-check: FAIL: sparse warnings in the driver" >&2
			fail=1
		fi
	else
		echo "ia64-check: sparse not installed, skipped"
	fi
fi

elapsed=$(($(date +%s) - start))
if [ "$fail" -ne 0 ]; then
	echo "ia64-check: FAILED after ${elapsed}s" >&2
	exit 1
fi
echo "ia64-check: OK (ia64, W=1, ${elapsed}s)"
