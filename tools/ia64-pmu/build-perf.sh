#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build perf from linux-source-6.1's tools/perf with the Itanium models'
# pmu-events (tools/perf/pmu-events/arch/ia64: descriptions for perf list,
# metrics for perf stat -M) and the ia64 perf patches (patches/perf: the
# ia64 get_cpuid_str() that selects them on Itanium).
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
#
# The build lives in $IA64_PMU_CACHE/perf-<key>, where <key> hashes the
# linux-source-6.1 package version, this script, patches/perf and the
# JSON files; an existing build with that key is reused. It is installed
# there as under / (root/usr/bin/perf, root/usr/libexec/perf-core with
# perf test's shell tests, root/usr/lib/traceevent/plugins), the tree
# tools/ia64-pmu/mkinitramfs.sh copies into the VM. Every run points
# <repo>/build/perf at the binary and <repo>/build/perf-root at that
# tree.
#
# The version perf reports is the kernel's (e.g. 6.1.192): the tree is
# no git checkout, and perf's PERF-VERSION-GEN cannot run the kernel's
# "make kernelversion" in a partial tree, so a PERF-VERSION-FILE at its
# top gives the version from its Makefile, as in perf's source tarball.
#
# Environment:
#   IA64_PMU_CACHE      cache root (default /var/cache/ia64-pmu)
#   IA64_PMU_JOBS       make -j value (default: nproc)
set -euo pipefail
CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(readlink -f "${BASH_SOURCE[0]}")
PATCHDIR=$REPO/patches/perf
JSONDIR=$REPO/tools/perf/pmu-events/arch/ia64
TARBALL=/usr/src/linux-source-6.1.tar.xz
JOBS=${IA64_PMU_JOBS:-$(nproc)}

# A perf for counting and sampling: libelf and zlib for symbols, the
# in-tree libtraceevent; no scripting, no GUI, no DWARF unwinding.
# Installed under /usr, where it looks for perf-core.
PERF_MAKE_FLAGS=(prefix=/usr JEVENTS_ARCH=ia64 WERROR=0 NO_LIBPYTHON=1 NO_LIBPERL=1
	NO_LIBBPF=1 NO_JVMTI=1 NO_LIBUNWIND=1 NO_LIBDW_DWARF_UNWIND=1
	NO_LIBNUMA=1 NO_LIBCAP=1 NO_LIBBABELTRACE=1 NO_GTK2=1 NO_SLANG=1
	NO_LIBCRYPTO=1 NO_LIBZSTD=1 NO_SDT=1 NO_LIBLLVM=1 NO_LIBPFM4=1)

die() {
	echo "build-perf: $*" >&2
	exit 1
}
log() {
	echo "build-perf: $*" >&2
}

src_ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "linux-source-6.1 is not installed (run tools/ia64-pmu/install-deps.sh)"
[ -f "$TARBALL" ] || die "$TARBALL missing"
[ -f "$PATCHDIR/series" ] || die "$PATCHDIR/series missing"
[ -f "$JSONDIR/mapfile.csv" ] || die "$JSONDIR/mapfile.csv missing"

series() { grep -v -e '^#' -e '^$' "$PATCHDIR/series"; }

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
top=$CACHE/perf-$key
mkdir -p "$CACHE" "$REPO/build"

exec 9>"$top.lock"
flock 9

if [ ! -x "$top/perf" ]; then
	log "building perf in $top (cold)"
	start=$(date +%s)
	rm -rf "$top.tmp"
	mkdir -p "$top.tmp"
	# tools/perf/MANIFEST: what a perf build needs of the kernel tree
	tar -xJf "$TARBALL" -C "$top.tmp" \
		linux-source-6.1/tools linux-source-6.1/scripts/bpf_doc.py \
		linux-source-6.1/kernel/bpf/disasm.c \
		linux-source-6.1/kernel/bpf/disasm.h \
		linux-source-6.1/include/uapi linux-source-6.1/arch/x86/include \
		linux-source-6.1/Makefile
	src=$top.tmp/linux-source-6.1
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
ln -sfn "$top/perf" "$REPO/build/perf"
ln -sfn "$top/root" "$REPO/build/perf-root"
