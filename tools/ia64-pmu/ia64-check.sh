#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build and link an ia64 kernel with the Itanium PMU driver, W=1
# (make ia64-check): the driver built in (CONFIG_IA64_PMU=y) and linked
# into a full vmlinux, then built as a module with modpost. Compiling
# alone misses what only the link sees: a symbol the kernel does not
# export to modules, an arch hook nobody defines, a section mismatch.
#
# A built ARCH=ia64 tree is cached in $IA64_PMU_CACHE/ia64-<key>, where
# <key> hashes the linux-source-6.1 version, the cross compiler, the
# patches/common and patches/ia64 series, the config fragment
# tools/ia64-pmu/ia64.config and this script: Debian's linux-source-6.1
# with both series applied, configured with "make allnoconfig" plus the
# fragment: the smallest config that has what the driver needs, as the
# first build of a new tree compiles all of it (about 750 files, 12
# CPU-minutes). Each run then copies the overlay (drivers/perf/ia64/,
# include/linux/perf/ia64_pmu.h, include/uapi/linux/perf/ia64_pmu.h)
# into it, touching only files whose contents changed, and builds with
# W=1, incrementally:
#
#   1. CONFIG_IA64_PMU=y, make vmlinux: the driver, the ia64 glue and the
#      perf core linked into vmlinux; modpost checks vmlinux.o for
#      section mismatches.               Log: build/ia64-check.log
#   2. CONFIG_IA64_PMU=m, make vmlinux modules: ia64_pmu.ko, with
#      modpost checking that every symbol it uses is exported by this
#      kernel.
#                                        Log: build/ia64-check-module.log
#
# Switching CONFIG_IA64_PMU rebuilds the driver in both steps on every
# run, so its warnings are reported on every run, not only when a file
# changed; the glue's .c files (arch/ia64/kernel/irq_ia64.c, process.c)
# are rebuilt on every run for the same reason.
#
# It fails on any build or link error; on any compiler warning located in
# the overlay or on a line the ia64 glue series adds (the files it touches
# have W=1 warnings of their own); on any assembler warning in our
# objects, such as gas's instruction dependency violations (a PMD read
# after a PMC write with no srlz.d in between); and on any linker or
# modpost warning at all (the kernel without the driver links without
# any). With sparse installed the driver directory is also checked with
# C=2, and any sparse warning in the overlay fails the check
# (IA64_CHECK_SPARSE=0 skips this).
#
# The ia64 kernel links no libgcc (arch/ia64/lib has the helpers gcc
# calls), so the C-only cross compiler of build-ia64-gcc.sh is enough. The
# compiler runs under ccache when installed ($IA64_PMU_CACHE/ccache), so
# that a new tree (a patch or this script changed) rebuilds quickly.
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
FRAGMENT=$REPO/tools/ia64-pmu/ia64.config
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
[ -f "$SRC/patches/common/series" ] ||
	echo "ia64-check: warning: no patches/common/series" >&2

key=$({
	echo "linux-source-6.1 $kver"
	echo "cross $bindir"
	for p in $patches; do
		echo "patch ${p#"$SRC"/}"
		cat "$p"
	done
	cat "$FRAGMENT" "$SELF"
} | sha256sum | cut -c1-12)

TREE=$CACHE/ia64-$key
# W=1 everywhere, even for prepare: objects whose flags change get rebuilt.
# --output-sync keeps an assembler warning ("{standard input}:N:") next
# to the "CC" line of the object it belongs to.
MAKE=(make -C "$TREE" ARCH=ia64 CROSS_COMPILE="$CROSS" W=1 -j"$JOBS"
	--output-sync=target)
# ccache replays the warnings of a cached compile, so the checks below see
# the same log either way. Paths relative to the tree let a new tree hit
# the objects of the old one.
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
	# allnoconfig with the fragment as its starting point: what the
	# fragment does not ask for stays off, including options that only
	# appear once a fragment option is on.
	"${MAKE[@]}" KCONFIG_ALLCONFIG="$FRAGMENT" allnoconfig >/dev/null
	missing=
	while IFS= read -r line; do
		case $line in CONFIG_*=*) ;; *) continue ;; esac
		grep -qxF "$line" "$TREE/.config" || missing="$missing ${line%%=*}"
	done <"$FRAGMENT"
	[ -z "$missing" ] ||
		die "ia64 config options not set as ia64.config asks:$missing"
	touch "$TREE/.ia64-check-ready"
}

# Set CONFIG_IA64_PMU to y or m. olddefconfig also takes in a changed
# Kconfig of the overlay.
set_pmu() {
	local val=$1 opt=-e

	[ "$val" = m ] && opt=-m
	"$TREE/scripts/config" --file "$TREE/.config" "$opt" IA64_PMU
	"${MAKE[@]}" olddefconfig >/dev/null
	grep -qx 'CONFIG_PERF_EVENTS=y' "$TREE/.config" ||
		die "CONFIG_PERF_EVENTS is not set for ia64 (glue series?)"
	grep -qx "CONFIG_IA64_PMU=$val" "$TREE/.config" ||
		die "CONFIG_IA64_PMU=$val could not be set for ia64"
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
else
	prepare_tree
fi

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

# The objects of the glue's .c files; their assembler warnings count
# too, like those of our objects
glue_objs=
for f in $(cut -d: -f1 "$glue_lines" | sort -u); do
	case "$f" in
	*.c) glue_objs="$glue_objs ${f%.c}.o" ;;
	esac
done
ours_obj_re="^(drivers/perf/ia64/"
for f in $glue_objs; do
	ours_obj_re="$ours_obj_re|$f"
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

# Linker and modpost messages. The kernel without the driver links
# without any, so each one counts, whatever code it names: an undefined
# or unexported symbol, a section mismatch, a missing MODULE_LICENSE.
link_msgs() {
	grep -E '^(WARNING|ERROR): |ia64-linux-gnu-ld(\.bfd)?: |undefined reference' \
		"$1" || true
}

fail=0
other=0

# make "${MAKE[@]}" <targets> with the output in <log>, and report what
# fails the check. Sets step_status to make's exit status.
build_step() {
	local what=$1 log=$2 t0 bad link
	shift 2

	echo "ia64-check: $what, W=1 (log: $log)"
	t0=$(date +%s)
	step_status=0
	"${MAKE[@]}" "$@" >"$log" 2>&1 || step_status=$?
	bad=$(our_warnings "$log")
	link=$(link_msgs "$log")
	other=$((other + $(grep -cE '^[^ ]+:[0-9]+:[0-9]+: warning' "$log" || true)))
	if [ "$step_status" -ne 0 ]; then
		grep -iE 'error|undefined' "$log" | head -n 40 >&2 || true
		echo "ia64-check: FAIL: $what: build failed (make exit $step_status)" >&2
		fail=1
	fi
	if [ -n "$bad" ]; then
		echo "$bad" >&2
		echo "ia64-check: FAIL: $what: warnings in the driver or the ia64 glue" >&2
		fail=1
	fi
	if [ -n "$link" ]; then
		echo "$link" >&2
		echo "ia64-check: FAIL: $what: linker or modpost messages" >&2
		fail=1
	fi
	echo "ia64-check: $what: $(($(date +%s) - t0))s"
}

# 1. Built in: the whole kernel on a new tree, else the driver, the glue
#    objects and the link. The glue objects are deleted so that they are
#    rebuilt, and their warnings reported, on every run.
set_pmu y
for f in $glue_objs; do
	rm -f "$TREE/$f"
done
build_step "vmlinux (CONFIG_IA64_PMU=y)" "$LOGDIR/ia64-check.log" vmlinux
if [ "$step_status" -eq 0 ]; then
	# modules.builtin comes from vmlinux.o: the driver is in it
	grep -qx 'kernel/drivers/perf/ia64/ia64_pmu.ko' "$TREE/modules.builtin" || {
		echo "ia64-check: FAIL: ia64_pmu is not built into vmlinux" >&2
		fail=1
	}
	read -r text data bss _ < <("${CROSS}size" "$TREE/vmlinux" | tail -n1)
	echo "ia64-check: vmlinux: $(stat -c %s "$TREE/vmlinux") bytes" \
		"(text $text, data $data, bss $bss)"

	# 2. As a module, against the vmlinux.o of the same config: modpost
	#    resolves each symbol the module uses against this kernel's
	#    exports. A lone "make modules" would not relink vmlinux.o and
	#    would check against the one of step 1, driver built in.
	set_pmu m
	rm -f "$TREE/drivers/perf/ia64/ia64_pmu.ko"
	build_step "ia64_pmu.ko (CONFIG_IA64_PMU=m)" \
		"$LOGDIR/ia64-check-module.log" vmlinux modules
	[ "$step_status" -ne 0 ] ||
		[ -f "$TREE/drivers/perf/ia64/ia64_pmu.ko" ] || {
		echo "ia64-check: FAIL: ia64_pmu.ko was not built" >&2
		fail=1
	}
else
	echo "ia64-check: module build skipped, vmlinux did not build" >&2
fi
[ "$other" -eq 0 ] ||
	echo "ia64-check: note: $other W=1 warning(s) elsewhere (not ours)," \
		"see $LOGDIR/ia64-check*.log"

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
echo "ia64-check: OK (ia64 vmlinux and module, W=1, ${elapsed}s)"
