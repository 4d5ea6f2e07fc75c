#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build perf from a Linux source package's tools/perf with the Itanium
# models' pmu-events (tools/perf/pmu-events/arch/ia64: descriptions for
# perf list, metrics for perf stat -M) and the ia64 perf patches (the
# ia64 get_cpuid_str() that selects them on Itanium). Which perf is
# tools/ia64-pmu/perfs.sh's PERF_LINUX: the test kernel's own where
# there is a patch series for it, else 6.1's, or IA64_PMU_PERF (make's
# PERF=):
#   6.1   linux-source-6.1 with patches/perf: build/perf, build/perf-root
#         (for LINUX=6.1 and LINUX=6.12)
#   7.2   linux-source-7.2 (fetch-source.sh, as for the kernel) with
#         patches/perf-7.2 (also perf mem's ia64 table) and
#         patches/perf-7.2/vm (the VM's shim that gives that table to
#         the x86 build): build/perf-7.2, build/perf-root-7.2 (for
#         LINUX=7.2; PERF=7.2 boots it with another kernel)
#
# The perf built here runs on the x86_64 host and in the VM, where the
# processor is an x86 one: there the Itanium model's tables are selected
# with PERF_CPUID, the string the ia64 get_cpuid_str() builds from
# /proc/cpuinfo ("vendor-family-model-revision", pmu-events/arch/ia64/
# mapfile.csv):
#
#	PERF_CPUID=GenuineIntel-7-0-0 perf list      (Itanium)
#	PERF_CPUID=GenuineIntel-31-1-5 perf list     (Itanium 2)
#	PERF_CPUID=GenuineIntel-32-0-7 perf list     (Montecito)
#
# Only the ia64 tables are compiled in (JEVENTS_ARCH=ia64): without
# PERF_CPUID, on the x86 host, this perf knows no event descriptions.
# The patches' arch/ia64 code itself is not compiled into this x86 perf
# (SRCARCH=x86), but for perf 7.2's mem-events table, which the VM's shim
# compiles in.
#
# The build lives in $IA64_PMU_CACHE/perf[-7.2]-<key>, where <key>
# hashes the source package's version, this script, the patch series and
# the JSON files; an existing build with that key is reused. It is
# installed there as under / (root/usr/bin/perf, root/usr/libexec/
# perf-core with perf test's shell tests, and for perf 6.1 root/usr/lib/
# traceevent/plugins), the tree tools/ia64-pmu/mkinitramfs.sh copies into
# the VM. Every run points <repo>/build/perf<sfx> at the binary and
# <repo>/build/perf-root<sfx> at that tree.
#
# perf 7.2 is built without libtraceevent (the machine has no
# libtraceevent-dev, and 7.2 has no in-tree copy): no tracepoint events,
# perf trace or perf sched; nothing the Itanium PMU's tests use.
#
# The version perf reports is the kernel's (e.g. 6.1.192): the tree is
# no git checkout, and perf's PERF-VERSION-GEN cannot run the kernel's
# "make kernelversion" in a partial tree, so a PERF-VERSION-FILE at its
# top gives the version from its Makefile, as in perf's source tarball.
#
# Environment:
#   IA64_PMU_CACHE      cache root (default /var/cache/ia64-pmu)
#   IA64_PMU_JOBS       make -j value (default: nproc)
#   IA64_PMU_LINUX, IA64_PMU_PERF   which perf (perfs.sh)
set -euo pipefail
CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(readlink -f "${BASH_SOURCE[0]}")
JSONDIR=$REPO/tools/perf/pmu-events/arch/ia64
JOBS=${IA64_PMU_JOBS:-$(nproc)}
# shellcheck source=kernels.sh
. "$REPO/tools/ia64-pmu/kernels.sh"
# shellcheck source=perfs.sh
. "$REPO/tools/ia64-pmu/perfs.sh"
PATCHDIR=$PERF_PATCHDIR
SFX=$PERF_SFX
# the source package of PERF_LINUX: kernels.sh again, for that Linux
# shellcheck source=kernels.sh
IA64_PMU_LINUX=$PERF_LINUX . "$REPO/tools/ia64-pmu/kernels.sh"

# A perf for counting and sampling: libelf and zlib for symbols; no
# scripting, no GUI, no DWARF unwinding, no BPF. perf 6.1 has its
# libtraceevent in the tree, 7.2 goes without (and needs the newer
# options spelt out). Installed under /usr, where it looks for perf-core.
PERF_MAKE_FLAGS=(prefix=/usr JEVENTS_ARCH=ia64 WERROR=0 NO_LIBPYTHON=1 NO_LIBPERL=1
	NO_LIBBPF=1 NO_JVMTI=1 NO_LIBUNWIND=1 NO_LIBDW_DWARF_UNWIND=1
	NO_LIBNUMA=1 NO_LIBCAP=1 NO_LIBBABELTRACE=1 NO_GTK2=1 NO_SLANG=1
	NO_LIBCRYPTO=1 NO_LIBZSTD=1 NO_SDT=1 NO_LIBLLVM=1 NO_LIBPFM4=1)
# perf 7.2 with the in-tree libbpf (without it, every perf record prints
# two "ERROR: Trying to write ... without libbpf support" lines), but no
# BPF skeletons (they need clang)
[ "$PERF_LINUX" = 6.1 ] ||
	PERF_MAKE_FLAGS=("${PERF_MAKE_FLAGS[@]/NO_LIBBPF=1/BUILD_BPF_SKEL=0}"
		NO_LIBTRACEEVENT=1 NO_LIBDW=1 NO_CAPSTONE=1 NO_LIBDEBUGINFOD=1
		NO_LZMA=1 NO_BABELTRACE2=1 NO_SHELLCHECK=1 NO_RUST=1)

die() {
	echo "build-perf: $*" >&2
	exit 1
}
log() {
	echo "build-perf: $*" >&2
}

linux_source || die "no source of Linux $PERF_LINUX for perf"
src_ver=$LINUX_VERSION
TARBALL=$LINUX_TARBALL
TOP=$LINUX_PKG
[ -f "$PATCHDIR/series" ] || die "$PATCHDIR/series missing"
[ -f "$JSONDIR/mapfile.csv" ] || die "$JSONDIR/mapfile.csv missing"

# The series, then the VM-only one in its vm/ (patches of perf's x86
# build standing in for an Itanium's), by path under PATCHDIR
series() {
	grep -v -e '^#' -e '^$' "$PATCHDIR/series"
	[ ! -f "$PATCHDIR/vm/series" ] ||
		grep -v -e '^#' -e '^$' "$PATCHDIR/vm/series" | sed 's|^|vm/|'
}

key=$({
	echo "$src_ver"
	sha256sum "$SELF" | cut -d' ' -f1
	echo "${PERF_MAKE_FLAGS[*]}"
	for p in $(series); do
		echo "$p $(sha256sum <"$PATCHDIR/$p" | cut -d' ' -f1)"
	done
	(cd "$JSONDIR" && find . -type f | LC_ALL=C sort |
		xargs sha256sum)
} | sha256sum | cut -c1-12)
top=$CACHE/perf$SFX-$key
mkdir -p "$CACHE" "$REPO/build"

exec 9>"$top.lock"
flock 9

if [ ! -x "$top/perf" ]; then
	log "building perf in $top (cold)"
	start=$(date +%s)
	rm -rf "$top.tmp"
	mkdir -p "$top.tmp"
	# tools/perf/MANIFEST: what a perf build needs of the kernel tree
	# (7.2's also names scripts/syscall.tbl and the build helpers of
	# scripts/, hence all of scripts/, and arch/arm64/tools, whose
	# sysreg definitions perf builds on every architecture)
	members=(tools scripts kernel/bpf/disasm.c kernel/bpf/disasm.h
		include/uapi arch/x86/include Makefile)
	[ "$PERF_LINUX" = 6.1 ] || members+=(arch/arm64/tools)
	tar -xJf "$TARBALL" -C "$top.tmp" "${members[@]/#/$TOP/}"
	src=$top.tmp/$TOP
	for p in $(series); do
		log "applying $p"
		patch -s -p1 -d "$src" <"$PATCHDIR/$p" || die "$p does not apply"
	done
	cp -r "$JSONDIR" "$src/tools/perf/pmu-events/arch/ia64"
	ver=$(awk -F' *= *' '$1 == "VERSION" { v = $2 }
		$1 == "PATCHLEVEL" { p = $2 } $1 == "SUBLEVEL" { s = $2 }
		END { if (v != "" && p != "" && s != "") print v "." p "." s }' \
		"$src/Makefile")
	[ -n "$ver" ] || die "no kernel version in $src/Makefile"
	echo "#define PERF_VERSION \"$ver\"" >"$src/PERF-VERSION-FILE"
	mkdir -p "$top.tmp/out"
	make -s -C "$src/tools/perf" -j"$JOBS" O="$top.tmp/out" \
		"${PERF_MAKE_FLAGS[@]}" >"$top.tmp/build.log" 2>&1 ||
		{ tail -n 30 "$top.tmp/build.log" >&2; die "perf build failed"; }
	make -s -C "$src/tools/perf" O="$top.tmp/out" DESTDIR="$top.tmp/root" \
		"${PERF_MAKE_FLAGS[@]}" install-bin >>"$top.tmp/build.log" 2>&1 ||
		{ tail -n 30 "$top.tmp/build.log" >&2; die "perf install failed"; }
	got=$("$top.tmp/root/usr/bin/perf" --version)
	[ "$got" = "perf version $ver" ] ||
		die "the built perf says '$got', want 'perf version $ver'"
	ln -s root/usr/bin/perf "$top.tmp/perf"
	rm -rf "$src" "$top.tmp/out"
	echo "$(( $(date +%s) - start ))" >"$top.tmp/build-seconds"
	rm -rf "$top"
	mv "$top.tmp" "$top"
	log "built in $(cat "$top/build-seconds") s"
else
	log "perf is up to date ($top)"
fi
ln -sfn "$top/perf" "$REPO/build/perf$SFX"
ln -sfn "$top/root" "$REPO/build/perf-root$SFX"
