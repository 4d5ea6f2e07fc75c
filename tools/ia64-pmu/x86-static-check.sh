#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Static checks of the driver and the model in the x86_64 test kernel tree
# (build/kernel, from build-kernel.sh): a W=1 build and sparse (C=2) of
# drivers/perf/ia64. Any warning in our files fails. IA64_PMU_LINUX=6.12
# (or 7.2) checks in the 6.12 (7.2) test kernel tree, build/kernel-6.12
# (build/kernel-7.2), instead.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=kernels.sh
. "$REPO/tools/ia64-pmu/kernels.sh"
tree=$(readlink -f "$REPO/build/kernel$LINUX_SFX")
[ -f "$tree/.config" ] || { echo "x86-static-check: run make kernel first" >&2; exit 1; }

# build-kernel.sh's lock of this tree: no build of another checkout in it
# meanwhile; one may have put its own sources there since this
# checkout's build: check ours
exec 9>"$(dirname "$tree").lock"
flock 9
overlay_repo "$tree"

export CCACHE_DIR=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}/ccache
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Rebuild our objects with W=1 and run sparse on every file
find "$tree/drivers/perf/ia64" -name '*.o' -delete
make -C "$tree" -s -j"$(nproc)" CC="ccache gcc" ARCH=x86_64 W=1 C=2 \
	drivers/perf/ia64/ >"$log" 2>&1 || { cat "$log"; exit 1; }
if grep -E 'warning|error' "$log"; then
	echo "x86-static-check: FAILED (W=1/sparse findings above)"
	exit 1
fi
# leave the tree's objects as the normal build makes them
find "$tree/drivers/perf/ia64" -name '*.o' -delete
echo "x86-static-check: W=1 and sparse clean"
