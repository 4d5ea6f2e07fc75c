#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The driver's costs in ia64 instructions under Ski (bench.c; and one
# read of a counter from user space against one read()): builds
# this directory's /init (into build/ski-bench), boots the Ski kernel with
# it and the kernel argument skibench=1 on each identity
# (tools/ski/ski-run.sh, SKI_APPEND), and prints the "# bench" lines of
# each console. Ski's meter counts the driver's instructions in the
# kernel's text that tools/ski/meter-text.sh finds (SKI_METER_TEXT in
# bski's environment). A bench, not a test: its exit status says only whether
# every boot reached SKI-CHECK-DONE cleanly and printed a table.
#
#   tools/testing/ia64_pmu_ski/ski-bench.sh
#   make -C tools/testing/ia64_pmu_ski bench
#
# Environment: SKI_BENCH_PROFILE=1 also writes, per identity, the
# count of each of the driver's functions in each measured run
# (build/ski-bench-<identity>.profile, the meter's profile, in the order
# of bench.c's runs). SKI_IDENTITIES (default all four), SKI_TIMEOUT (seconds
# per boot, default 600), and SKI_DIR, SKI_VMLINUX, SKI_SRC, HPSIM_PATCH,
# IA64_PMU_CACHE as tools/ski/ski-check.sh takes them. Consoles:
# build/ski-bench-<identity>.log.

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
SHARED=$REPO/../shared/ski
IDENTITIES=${SKI_IDENTITIES:-itanium itanium2 montecito generic}
TIMEOUT=${SKI_TIMEOUT:-600}
export SKI_SRC=${SKI_SRC:-$SHARED/ski-dfc2902.tar.gz}
export HPSIM_PATCH=${HPSIM_PATCH:-$SHARED/linux-6.1.76-add-hp-sim-w-o-machvec-dirty.patch}

die() {
	echo "ski-bench: $*" >&2
	exit 1
}

bindir=$("$REPO/tools/ia64-pmu/build-ia64-gcc.sh" | tail -n1) ||
	die "no ia64 cross compiler"
if [ -z "${SKI_DIR:-}" ]; then
	SKI_DIR=$("$REPO/tools/ski/build-ski.sh" | tail -n1) || die "no Ski"
fi
if [ -z "${SKI_VMLINUX:-}" ]; then
	SKI_VMLINUX=$("$REPO/tools/ski/build-ski-kernel.sh" | tail -n1) ||
		die "no Ski kernel"
fi
export SKI_DIR SKI_VMLINUX
tree=$(dirname "$SKI_VMLINUX")
SKI_METER_TEXT=$("$REPO/tools/ski/meter-text.sh" "$tree" \
	"$bindir/ia64-linux-gnu-nm") || die "no driver text in $tree"
export SKI_METER_TEXT
if [ "${SKI_BENCH_PROFILE:-0}" = 1 ]; then
	mkdir -p "$REPO/build"
	export SKI_METER_FUNCS=$REPO/build/ski-bench.funcs
	"$REPO/tools/ski/meter-text.sh" -f "$tree" \
		"$bindir/ia64-linux-gnu-nm" >"$SKI_METER_FUNCS"
fi
out=$REPO/build/ski-bench
make -s -C "$REPO/tools/testing/ia64_pmu_ski" CROSS="$bindir/ia64-linux-gnu-" \
	KHDR="$tree/usr/include" OUTPUT="$out" >&2 ||
	die "building /init failed"

fail=0
for id in $IDENTITIES; do
	log=$REPO/build/ski-bench-$id.log
	if [ -n "${SKI_METER_FUNCS:-}" ]; then
		export SKI_METER_PROFILE=$REPO/build/ski-bench-$id.profile
		rm -f "$SKI_METER_PROFILE"
	fi
	SKI_QUIET=1 SKI_LOG=$log SKI_APPEND="skibench=1 ${SKI_APPEND:-}" \
		"$REPO/tools/ski/ski-run.sh" "$id" "$out/initramfs.cpio" \
		"$TIMEOUT" || fail=1
	grep -E '^# bench' "$log" || { echo "ski-bench: $id: no table" >&2; fail=1; }
done
exit "$fail"
