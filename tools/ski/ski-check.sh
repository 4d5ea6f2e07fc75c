#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The driver's tests on a real ia64 kernel, in Ski (make ski-check; in
# make check's ia64 lane, after ia64-check): for each PMU identity of
# Ski, itanium, itanium2, montecito and generic, boot the Ski kernel with
# the tests' initramfs (tools/ski/ski-run.sh), print every TAP line its
# /init printed ("ok N name", "not ok N name") and one summary line
#
#   ski <identity>: N passed, M failed
#
# The exit status is non-zero when a test failed, when a boot failed (no
# SKI-CHECK-DONE, or a kernel problem in the log: ski-run.sh), or when
# the tests printed a TAP plan ("1..N") that the ok/not ok lines do not
# fill.
#
# What it builds, each cached on its inputs:
#   - Ski (bski, ski-bootloader) with the project's PMU, from SKI_SRC:
#     tools/ski/build-ski.sh;
#   - the Ski kernel and its ia64 uapi headers:
#     tools/ski/build-ski-kernel.sh, with HPSIM_PATCH;
#   - the tests' initramfs: make -C tools/testing/ia64_pmu_ski
#     CROSS=<cross gcc>- KHDR=<uapi headers> OUTPUT=build/ski-tests, which
#     makes build/ski-tests/initramfs.cpio. Until that directory exists,
#     or with SKI_HELLO=1, tools/ski/hello's /init instead (one test,
#     "ok 1 boot"), into build/ski-hello.
#
# Ski is third-party and not part of the repository: SKI_SRC (a source
# directory or tarball) and HPSIM_PATCH (the hp-sim patch for Linux 6.1)
# default to the copies in ../shared/ski next to the repository. With
# neither there, the Ski stage is skipped with one line saying so, and
# the exit status is 0; with only one of them, it fails.
#
# Consoles: build/ski-<identity>.log.
#
# Environment:
#   SKI_SRC          Ski source, directory or tarball (default
#                    ../shared/ski/ski-dfc2902.tar.gz)
#   HPSIM_PATCH      hp-sim patch (default ../shared/ski/linux-6.1.76-add-
#                    hp-sim-w-o-machvec-dirty.patch)
#   SKI_IDENTITIES   the identities to boot (default all four)
#   SKI_TIMEOUT      seconds of Ski CPU time per boot (default 300;
#                    ten times that of wall time, ski-run.sh)
#   SKI_DIR          use the bski and ski-bootloader of this directory
#                    instead of building Ski
#   SKI_INITRAMFS    boot this initramfs instead of building the tests'
#   SKI_HELLO        1: boot tools/ski/hello's /init
#   IA64_PMU_CACHE   cache root (default /var/cache/ia64-pmu)

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SHARED=$REPO/../shared/ski
IDENTITIES=${SKI_IDENTITIES:-itanium itanium2 montecito generic}
TIMEOUT=${SKI_TIMEOUT:-300}

die() {
	echo "ski-check: $*" >&2
	exit 1
}

export SKI_SRC=${SKI_SRC:-$SHARED/ski-dfc2902.tar.gz}
export HPSIM_PATCH=${HPSIM_PATCH:-$SHARED/linux-6.1.76-add-hp-sim-w-o-machvec-dirty.patch}

if [ ! -e "$SKI_SRC" ] && [ ! -e "$HPSIM_PATCH" ]; then
	echo "ski-check: Ski stage skipped: no Ski source ($SKI_SRC) and no hp-sim patch ($HPSIM_PATCH); get Ski from github trofi/ski and the patch from github linux-ia64/ski (branch hp-sim-for-linux, linux-6.1.y/), or the project's ../shared/ski, and set SKI_SRC=<dir or tarball> HPSIM_PATCH=<patch>"
	exit 0
fi
[ -e "$SKI_SRC" ] || die "no Ski source at SKI_SRC=$SKI_SRC (the hp-sim patch is there)"
[ -f "$HPSIM_PATCH" ] || die "no hp-sim patch at HPSIM_PATCH=$HPSIM_PATCH (Ski is there)"

start=$(date +%s)

# Run a build script: its progress to stderr, its last line (the path it
# built) to stdout
built() {
	local out

	out=$("$@") || {
		[ -z "$out" ] || printf '%s\n' "$out" >&2
		die "$(basename "$1") failed"
	}
	printf '%s\n' "$out" | sed '$d' >&2
	printf '%s\n' "${out##*$'\n'}"
}

bindir=$(built "$REPO/tools/ia64-pmu/build-ia64-gcc.sh")
if [ -z "${SKI_DIR:-}" ]; then
	[ -x "$REPO/tools/ski/build-ski.sh" ] || die "tools/ski/build-ski.sh missing"
	SKI_DIR=$(built "$REPO/tools/ski/build-ski.sh")
fi
export SKI_DIR
SKI_VMLINUX=$(built "$REPO/tools/ski/build-ski-kernel.sh")
export SKI_VMLINUX
# Ski and the kernel stay while the boots run: a build of another key (a
# second worktree, a concurrent job) drops only the trees nobody holds
exec 7>>"$SKI_DIR.lock" 6>>"$(dirname "$SKI_VMLINUX").lock"
flock -s 7
flock -s 6
[ -x "$SKI_DIR/bski" ] && [ -f "$SKI_VMLINUX" ] ||
	die "$SKI_DIR or $SKI_VMLINUX went away before it was held"
khdr=$(dirname "$SKI_VMLINUX")/usr/include

if [ -n "${SKI_INITRAMFS:-}" ]; then
	initramfs=$SKI_INITRAMFS
else
	tests=$REPO/tools/testing/ia64_pmu_ski
	out=$REPO/build/ski-tests
	if [ "${SKI_HELLO:-0}" = 1 ] || [ ! -f "$tests/Makefile" ]; then
		[ "${SKI_HELLO:-0}" = 1 ] ||
			echo "ski-check: no tools/testing/ia64_pmu_ski yet: booting tools/ski/hello's /init" >&2
		tests=$REPO/tools/ski/hello
		out=$REPO/build/ski-hello
	fi
	echo "ski-check: building ${tests#"$REPO"/} (output: ${out#"$REPO"/})" >&2
	make -s -C "$tests" CROSS="$bindir/ia64-linux-gnu-" KHDR="$khdr" \
		OUTPUT="$out" >&2 || die "building ${tests#"$REPO"/} failed"
	initramfs=$out/initramfs.cpio
fi
[ -f "$initramfs" ] || die "no initramfs $initramfs"

fail=0
for id in $IDENTITIES; do
	log=$REPO/build/ski-$id.log
	boot=0
	SKI_QUIET=1 SKI_LOG=$log "$REPO/tools/ski/ski-run.sh" "$id" "$initramfs" \
		"$TIMEOUT" || boot=1
	# The TAP lines of the log (ski-run.sh removed the "\r")
	tap=$(grep -E '^(not )?ok [0-9]+' "$log" || true)
	[ -z "$tap" ] || printf '%s\n' "$tap"
	passed=$(grep -cE '^ok [0-9]+' <<<"$tap" || true)
	failed=$(grep -cE '^not ok [0-9]+' <<<"$tap" || true)
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$log" | head -n1)
	if [ -n "$plan" ] && [ "$plan" -ne $((passed + failed)) ]; then
		echo "ski-check: $id: FAIL: the plan is 1..$plan, but $((passed + failed)) tests reported" >&2
		fail=1
	fi
	if [ "$boot" -ne 0 ]; then
		echo "ski-check: $id: FAIL: the boot failed (ski-run.sh above); the end of $log:" >&2
		tail -n 15 "$log" | sed 's/^/ski-check:   /' >&2
		fail=1
	fi
	[ "$failed" -eq 0 ] || fail=1
	echo "ski $id: $passed passed, $failed failed"
done

elapsed=$(($(date +%s) - start))
if [ "$fail" -ne 0 ]; then
	echo "ski-check: FAILED after ${elapsed}s" >&2
	exit 1
fi
echo "ski-check: OK (${elapsed}s)"
