# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the scripts that build or boot the x86_64 test kernel: which
# Linux it is built from, from IA64_PMU_LINUX (make's LINUX=):
#   6.1   (the default) Debian's linux-source-6.1, patches/common
#   6.12  Debian's linux-source-6.12, patches/common-6.12
#   7.2   Debian's linux-source-7.2 from the unstable suite (fetched into
#         the cache by fetch-source.sh), patches/common-7.2
# It sets
#   LINUX           6.1, 6.12 or 7.2
#   LINUX_PKG       the Debian package of the source
#   LINUX_PATCHDIR  the core patch series for it
#   LINUX_SFX       what the names under build/ get for it: nothing for
#                   6.1 (build/kernel, build/initramfs.cpio), -6.12 for
#                   6.12 (build/kernel-6.12, build/initramfs-6.12.cpio)
# and defines overlay_repo <tree>, which copies the repository's drivers/
# and include/ into a kernel tree (the caller holds the tree's lock), and
# linux_source, which sets LINUX_VERSION (the package's version) and
# LINUX_TARBALL (its tarball), or fails saying why.
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
7.2)
	LINUX_SFX=-7.2
	LINUX_PATCHDIR=$REPO/patches/common-7.2
	;;
*)
	echo "IA64_PMU_LINUX=$LINUX: 6.1, 6.12 or 7.2" >&2
	exit 1
	;;
esac
LINUX_PKG=linux-source-$LINUX

# bookworm has 6.1 and 6.12 (install-deps.sh installs them); 7.2 comes
# from unstable into the cache.
linux_source() {
	local out
	if [ "$LINUX" = 7.2 ]; then
		out=$("$REPO/tools/ia64-pmu/fetch-source.sh" "$LINUX_PKG") ||
			return 1
		LINUX_VERSION=${out%%$'\n'*}
		LINUX_TARBALL=${out#*$'\n'}
	else
		LINUX_VERSION=$(dpkg-query -W -f='${Version}' "$LINUX_PKG" \
			2>/dev/null) || {
			echo "$LINUX_PKG is not installed (run tools/ia64-pmu/install-deps.sh)" >&2
			return 1
		}
		LINUX_TARBALL=/usr/src/$LINUX_PKG.tar.xz
	fi
	[ -f "$LINUX_TARBALL" ] || {
		echo "$LINUX_TARBALL missing" >&2
		return 1
	}
}

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
