# SPDX-License-Identifier: GPL-2.0
#
# Sourced after kernels.sh by the scripts that build or install the VM's
# perf (build-perf.sh, mkinitramfs.sh): which perf the VM runs. It is
# LINUX's own where there is a perf patch series for it
# (patches/perf$LINUX_SFX: 7.2), else 6.1's (6.1 and 6.12 boot perf
# 6.1). IA64_PMU_PERF (make's PERF=) names another, e.g. perf 7.2 on the
# 6.1 kernel (perf is userspace: either runs on any test kernel).
# It sets
#   PERF_LINUX      6.1 or 7.2: the Linux whose tools/perf is built
#   PERF_SFX        what build/perf and build/perf-root get for it:
#                   nothing for 6.1, -7.2 for 7.2 (build/perf-7.2,
#                   build/perf-root-7.2)
#   PERF_PATCHDIR   its patch series (patches/perf, patches/perf-7.2)
# (Not in kernels.sh: the test kernels' cache key hashes that file.)
# It needs REPO and kernels.sh's LINUX and LINUX_SFX.

if [ -n "${IA64_PMU_PERF:-}" ]; then
	PERF_LINUX=$IA64_PMU_PERF
elif [ -f "$REPO/patches/perf$LINUX_SFX/series" ]; then
	PERF_LINUX=$LINUX
else
	PERF_LINUX=6.1
fi
case $PERF_LINUX in
6.1)
	PERF_SFX=
	PERF_PATCHDIR=$REPO/patches/perf
	;;
7.2)
	PERF_SFX=-7.2
	PERF_PATCHDIR=$REPO/patches/perf-7.2
	;;
*)
	echo "IA64_PMU_PERF=$PERF_LINUX: 6.1 or 7.2" >&2
	exit 1
	;;
esac
