#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build Ski, the IA-64 instruction-set simulator, with a PMU: the
# project's PMU model (drivers/perf/ia64/sim/pmu_model*.c) driven by what
# Ski executes (tools/ski/ski_pmu.c), and the hooks of tools/ski/patches
# (series) applied to Ski's source. Ski's source is third-party and is
# not in the repository: SKI_SRC names it, a directory or a tarball
# (default: ../shared/ski/ski-dfc2902.tar.gz beside the repository).
#
# Builds bski, the simulator that boots a kernel, and ski-bootloader
# (with the project's ia64 cross compiler, make ia64-gcc) into
# $IA64_PMU_CACHE/ski-<key>, where <key> hashes Ski's source, the
# patches, the PMU glue and model sources, the cross compiler and this
# script; a second run with the same inputs does nothing. The last line
# printed is that directory.
#
# Environment:
#   SKI_SRC          Ski's source, directory or tarball
#   IA64_PMU_CACHE   cache root (default /var/cache/ia64-pmu)

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(readlink -f "${BASH_SOURCE[0]}")
CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
SKI_SRC=${SKI_SRC:-$REPO/../shared/ski/ski-dfc2902.tar.gz}
PATCHES=$REPO/tools/ski/patches
SIM=$REPO/drivers/perf/ia64/sim

die() {
	echo "build-ski: $*" >&2
	exit 1
}

[ -e "$SKI_SRC" ] || die "no Ski source at $SKI_SRC (set SKI_SRC)"
SKI_SRC=$(readlink -f "$SKI_SRC")

# What goes into bski besides Ski: the glue and the model, in the
# order of the link
PMU_SRCS=("$REPO/tools/ski/ski_pmu.c" "$REPO/tools/ski/ski_meter.c"
	"$SIM"/pmu_model*.c
	"$REPO/drivers/perf/ia64/ia64_pmu_ear_layout.c")
PMU_HDRS=("$REPO/tools/ski/ski_pmu.h" "$SIM"/pmu_model*.h
	"$REPO"/drivers/perf/ia64/ia64_pmu*.h
	"$REPO/include/uapi/linux/perf/ia64_pmu.h")

bindir=$("$REPO/tools/ia64-pmu/build-ia64-gcc.sh" | tail -n1)
CROSS=$bindir/ia64-linux-gnu-
[ -x "${CROSS}gcc" ] || die "no cross compiler at ${CROSS}gcc"

series=()
if [ -f "$PATCHES/series" ]; then
	while read -r line; do
		line=${line%%#*}
		line=${line//[[:space:]]/}
		[ -n "$line" ] || continue
		[ -f "$PATCHES/$line" ] || die "series lists missing $line"
		series+=("$PATCHES/$line")
	done <"$PATCHES/series"
fi

key=$({
	if [ -d "$SKI_SRC" ]; then
		(cd "$SKI_SRC" && find . -type f ! -path './.git/*' -print0 |
			LC_ALL=C sort -z | xargs -0 sha256sum)
	else
		sha256sum <"$SKI_SRC"
	fi
	echo "cross $bindir"
	for f in "${series[@]}" "${PMU_SRCS[@]}" "${PMU_HDRS[@]}" "$SELF"; do
		echo "file ${f#"$REPO"/}"
		cat "$f"
	done
} | sha256sum | cut -c1-12)

OUT=$CACHE/ski-$key
if [ -x "$OUT/bski" ] && [ -f "$OUT/ski-bootloader" ]; then
	echo "$OUT"
	exit 0
fi

mkdir -p "$CACHE"
exec 9>"$OUT.lock"
flock 9
if [ -x "$OUT/bski" ] && [ -f "$OUT/ski-bootloader" ]; then
	echo "$OUT"
	exit 0
fi

WORK=$OUT.work
rm -rf "$WORK"
mkdir -p "$WORK/src"
echo "build-ski: Ski from $SKI_SRC" >&2
if [ -d "$SKI_SRC" ]; then
	cp -a "$SKI_SRC/." "$WORK/src/"
else
	tar -xzf "$SKI_SRC" -C "$WORK/src" --strip-components=1
fi
for p in "${series[@]}"; do
	echo "build-ski: applying ${p#"$REPO"/}" >&2
	patch -d "$WORK/src" -p1 --batch --forward --quiet <"$p" ||
		die "${p#"$REPO"/} does not apply"
done

# The PMU: the model as plain C for user space, as its unit tests build
# it (tools/testing/ia64_pmu_model), and the glue
echo "build-ski: the PMU model and glue" >&2
mkdir -p "$WORK/pmu"
objs=()
for f in "${PMU_SRCS[@]}"; do
	o=$WORK/pmu/$(basename "${f%.c}").o
	gcc -O2 -g -Wall -Wextra -Werror \
		-I"$REPO/tools/testing/ia64_pmu_model/include" -I"$SIM" \
		-I"$REPO/drivers/perf/ia64" -c "$f" -o "$o"
	objs+=("$o")
done
ar rcs "$WORK/pmu/libskipmu.a" "${objs[@]}"

echo "build-ski: configure and make (log: $WORK/build.log)" >&2
(
	cd "$WORK/src"
	./autogen.sh
	./configure CPPFLAGS="-I$REPO/tools/ski" LIBS="$WORK/pmu/libskipmu.a"
	make -j"$(nproc)"
	make -C ski-bootloader CROSS_COMPILE="$CROSS"
) >"$WORK/build.log" 2>&1 || {
	tail -n 40 "$WORK/build.log" >&2
	die "Ski build failed, see $WORK/build.log"
}

rm -rf "$OUT"
mkdir -p "$OUT"
cp "$WORK/src/src/bski" "$WORK/src/ski-bootloader/ski-bootloader" "$OUT/"
rm -rf "$WORK"
# Ski builds of other keys are stale: drop those not in use (a build, or
# a run of ski-check.sh or ski-run.sh, holds its lock)
for d in "$CACHE"/ski-????????????; do
	if [ -d "$d" ] && [ "$d" != "$OUT" ]; then
		(flock -n 8 && rm -rf "$d") 8>>"$d.lock" || true
	fi
done
echo "$OUT"
