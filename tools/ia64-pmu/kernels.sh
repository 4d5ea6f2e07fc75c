# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the scripts that build or boot the x86_64 test kernel: which
# Linux it is built from, from IA64_PMU_LINUX (make's LINUX=):
#   6.1   (the default) Debian's linux-source-6.1, patches/common
#   6.12  Debian's linux-source-6.12, patches/common-6.12
# It sets
#   LINUX           6.1 or 6.12
#   LINUX_PKG       the Debian package of the source
#   LINUX_TARBALL   its tarball
#   LINUX_PATCHDIR  the core patch series for it
#   LINUX_SFX       what the names under build/ get for it: nothing for
#                   6.1 (build/kernel, build/initramfs.cpio), -6.12 for
#                   6.12 (build/kernel-6.12, build/initramfs-6.12.cpio)
# and defines overlay_repo <tree>, which copies the repository's drivers/
# and include/ into a kernel tree (the caller holds the tree's lock).
# It needs REPO (the repository's top directory).

LINUX=${IA64_PMU_LINUX:-6.1}
case $LINUX in
6.1)
	LINUX_SFX=
	LINUX_PATCHDIR=$REPO/patches/common
	;;
6.12)
	LINUX_SFX=-6.12
	LINUX_PATCHDIR=$REPO/patches/common-6.12
	;;
*)
	echo "IA64_PMU_LINUX=$LINUX: 6.1 or 6.12" >&2
	exit 1
	;;
esac
LINUX_PKG=linux-source-$LINUX
LINUX_TARBALL=/usr/src/$LINUX_PKG.tar.xz

# rsync -c rewrites only the files whose contents differ, so that unchanged
# ones keep their mtimes; build products of external-module builds in the
# repository are not copied.
overlay_repo() {
	local d
	for d in drivers include; do
		[ -d "$REPO/$d" ] || continue
		rsync -rc --exclude='*.o' --exclude='*.ko' --exclude='*.mod' \
			--exclude='*.mod.c' --exclude='.*.cmd' --exclude='*.a' \
			--exclude='*.order' --exclude='Module.symvers' \
			--exclude='.tmp_versions' "$REPO/$d/" "$1/$d/"
	done
}
