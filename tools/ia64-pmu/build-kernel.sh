#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the x86_64 test kernel (bzImage + modules) that runs the Itanium
# PMU driver against its software model under qemu.
#
# The tree lives in $IA64_PMU_CACHE/x86_64-<key>/linux, where <key> hashes
# the linux-source-6.1 package version, the config fragment, the common
# patch series and this script. A new key unpacks a fresh tree and
# applies patches/common/series to it. With IA64_PMU_LINUX=6.12 the same
# is done from linux-source-6.12 with patches/common-6.12/series, in
# x86_64-6.12-<key> and build/kernel-6.12 (kernels.sh). Every run then:
#   - copies the overlay (the repository's drivers/ and include/) into the
#     tree, comparing checksums so unchanged files keep their mtimes;
#   - regenerates .config (allnoconfig + x86_64.config) only when the
#     fragment or an overlay Kconfig changed;
#   - runs make bzImage modules with ccache;
#   - points <repo>/build/kernel at the tree, and copies what boots (the
#     bzImage, our modules) into <repo>/build/kernel.boot.
#
# A variant of the kernel (IA64_PMU_KERNEL_VARIANT=<name>, e.g. kasan) adds
# a second fragment, tools/ia64-pmu/x86_64-<name>.config, merged after
# x86_64.config. It has a tree of its own, x86_64-<name>-<key>, whose key
# also hashes that fragment, and its own link, build/kernel-<name>; the
# base kernel's key, tree and link do not depend on any variant. The
# variants share the ccache with the base kernel.
#
# Environment:
#   IA64_PMU_CACHE      cache root (default /var/cache/ia64-pmu)
#   IA64_PMU_JOBS       make -j value (default: nproc)
#   IA64_PMU_NO_DRIVER  if 1, build with CONFIG_IA64_PMU{,_SIM} off
#                       (bring-up only, while the driver does not build)
#   IA64_PMU_KERNEL_VARIANT
#                       empty (default): the base test kernel; <name>:
#                       the variant described above
#   IA64_PMU_LINUX      6.1 (default), 6.12 or 7.2: the Linux it is built
#                       from (tools/ia64-pmu/kernels.sh)

set -euo pipefail

CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(readlink -f "${BASH_SOURCE[0]}")
FRAGMENT=$REPO/tools/ia64-pmu/x86_64.config
KERNELS=$REPO/tools/ia64-pmu/kernels.sh
# shellcheck source=kernels.sh
. "$KERNELS"
PATCHDIR=$LINUX_PATCHDIR
JOBS=${IA64_PMU_JOBS:-$(nproc)}
NO_DRIVER=${IA64_PMU_NO_DRIVER:-0}
VARIANT=${IA64_PMU_KERNEL_VARIANT:-}

die() {
	echo "build-kernel: $*" >&2
	exit 1
}

log() {
	echo "build-kernel: $*" >&2
}

linux_source || die "no source for Linux $LINUX"
src_ver=$LINUX_VERSION
TARBALL=$LINUX_TARBALL
[ -f "$PATCHDIR/series" ] || die "$PATCHDIR/series missing"

# The variant's name becomes part of paths: keep it a plain word.
VFRAGMENT=
if [ -n "$VARIANT" ]; then
	[[ $VARIANT =~ ^[a-z0-9]+$ ]] ||
		die "IA64_PMU_KERNEL_VARIANT=$VARIANT: lower-case letters and digits only"
	VFRAGMENT=$REPO/tools/ia64-pmu/x86_64-$VARIANT.config
	[ -f "$VFRAGMENT" ] ||
		die "no fragment $VFRAGMENT for IA64_PMU_KERNEL_VARIANT=$VARIANT"
fi

# Inputs of the unpacked, patched tree and of its initial configuration.
key=$({
	echo "$LINUX_PKG $src_ver"
	sha256sum "$FRAGMENT" "$SELF" "$KERNELS" | cut -d' ' -f1
	# only a variant's key depends on its fragment
	[ -z "$VFRAGMENT" ] || sha256sum "$VFRAGMENT" | cut -d' ' -f1
	# the series and the patches it names (6.12's names some of 6.1's)
	echo "series $(sha256sum <"$PATCHDIR/series" | cut -d' ' -f1)"
	while read -r p; do
		case $p in '' | '#'*) continue ;; esac
		echo "$p $(sha256sum <"$PATCHDIR/$p" | cut -d' ' -f1)"
	done <"$PATCHDIR/series"
} | sha256sum | cut -c1-12)

top=$CACHE/x86_64-${LINUX_SFX:+${LINUX_SFX#-}-}${VARIANT:+$VARIANT-}$key
tree=$top/linux
mkdir -p "$CACHE"

# One build per tree at a time (several checkouts may share the cache).
exec 9>"$top.lock"
flock 9

# 1. Unpack and patch, once per key. Work in a scratch directory and rename
#    it into place, so an interrupted run never leaves a half-patched tree.
if [ ! -f "$tree/.ia64-pmu-patched" ]; then
	log "new tree $top (linux-source $src_ver)"
	rm -rf "$top.tmp"
	mkdir -p "$top.tmp"
	tar -C "$top.tmp" -xf "$TARBALL"
	mv "$top.tmp/$LINUX_PKG" "$top.tmp/linux"
	while read -r p; do
		case $p in '' | '#'*) continue ;; esac
		log "applying $p"
		patch -d "$top.tmp/linux" -p1 -s --no-backup-if-mismatch \
			<"$PATCHDIR/$p" || die "patch $p does not apply"
	done <"$PATCHDIR/series"
	touch "$top.tmp/linux/.ia64-pmu-patched"
	rm -rf "$top"
	mv "$top.tmp" "$top"
fi

# 2. Overlay: everything under the repository's drivers/ and include/.
overlay_repo "$tree"

# 3. Configure when the fragment, an overlay Kconfig or the driver switch
#    changed since the last configuration of this tree.
cfg_stamp=$({
	cat "$FRAGMENT" ${VFRAGMENT:+"$VFRAGMENT"}
	echo "no_driver=$NO_DRIVER"
	find "$REPO/drivers" -name 'Kconfig*' -type f -print0 | sort -z |
		xargs -0r cat
} | sha256sum | cut -d' ' -f1)

export CCACHE_DIR=$CACHE/ccache
export CCACHE_BASEDIR=$tree
export CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
mk=(make -C "$tree" -j"$JOBS" CC="ccache gcc" ARCH=x86_64)

if [ ! -f "$tree/.config" ] || [ ! -f "$top/config.stamp" ] ||
	[ "$(cat "$top/config.stamp")" != "$cfg_stamp" ]; then
	log "configuring${VARIANT:+ (variant $VARIANT)}"
	# One fragment: the base one, then the variant's, whose settings win.
	frag=$top/fragment.config
	if [ "$NO_DRIVER" = 1 ]; then
		log "IA64_PMU_NO_DRIVER=1: driver and model left out"
		cat "$FRAGMENT" ${VFRAGMENT:+"$VFRAGMENT"} |
			grep -v '^CONFIG_IA64_PMU' >"$frag"
	else
		cat "$FRAGMENT" ${VFRAGMENT:+"$VFRAGMENT"} >"$frag"
	fi
	"${mk[@]}" -s allnoconfig >/dev/null
	(cd "$tree" && ARCH=x86_64 CC="ccache gcc" \
		scripts/kconfig/merge_config.sh -m .config "$frag") >"$top/merge.log" 2>&1 ||
		{ cat "$top/merge.log" >&2; die "merge_config failed"; }
	"${mk[@]}" -s olddefconfig >/dev/null
	# merge_config only warns; insist on what the VM cannot work without.
	# An option set twice (a variant overriding the base) counts with its
	# last setting; "# CONFIG_... is not set" is not checked.
	missing=
	while IFS= read -r line; do
		grep -qxF "$line" "$tree/.config" || missing="$missing ${line%%=*}"
	done < <(awk '/^CONFIG_[A-Za-z0-9_]+=/ { split($0, f, "="); last[f[1]] = $0 }
		/^# CONFIG_[A-Za-z0-9_]+ is not set/ { delete last[$2] }
		END { for (o in last) print last[o] }' "$frag" | sort)
	if [ -n "$missing" ]; then
		grep -i 'warn\|value' "$top/merge.log" >&2 || true
		die "config options not set as requested:$missing"
	fi
	echo "$cfg_stamp" >"$top/config.stamp"
fi

# 4. Build.
log "make bzImage modules (-j$JOBS)"
start=$(date +%s)
"${mk[@]}" -s bzImage modules || die "kernel build failed"
log "built in $(($(date +%s) - start)) s: $tree/arch/x86/boot/bzImage"

# 5. Publish for the other scripts: the link gives the tree (its headers,
#    the static checks); what boots is copied, with the lock still held,
#    into build/kernel[...].boot in the tree's layout (the bzImage, the
#    release, our modules). Another checkout sharing the tree then cannot
#    change what this one's initramfs and VM take, by building its own
#    overlay in between.
out=$REPO/build/kernel$LINUX_SFX${VARIANT:+-$VARIANT}
mkdir -p "$REPO/build"
ln -sfn "$tree" "$out"
rm -rf "$out.boot.tmp"
mkdir -p "$out.boot.tmp/arch/x86/boot" "$out.boot.tmp/include/config" \
	"$out.boot.tmp/drivers/perf/ia64"
cp -p "$tree/arch/x86/boot/bzImage" "$out.boot.tmp/arch/x86/boot/"
cp -p "$tree/include/config/kernel.release" "$out.boot.tmp/include/config/"
rsync -am --include='*/' --include='*.ko' --exclude='*' \
	"$tree/drivers/perf/ia64/" "$out.boot.tmp/drivers/perf/ia64/"
rm -rf "$out.boot"
mv "$out.boot.tmp" "$out.boot"
echo "$tree"
