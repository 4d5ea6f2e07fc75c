#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian (bookworm) packages the project needs: the kernel
# sources (6.1 and 6.12) and build tools for the x86_64 test kernels,
# qemu and the initramfs ingredients for the VM, perf, and what the ia64
# cross compiler build and the Ski build use. Recommends are not
# installed, so everything used directly is listed (libc6-dev for the
# static kselftests, g++ for the gcc build). Idempotent: when everything
# is installed it only asks dpkg and returns; apt-get update runs only
# when something is missing.

set -euo pipefail

PACKAGES=(
	# test kernels (6.12: make LINUX=6.12 ..., tools/ia64-pmu/kernels.sh)
	linux-source-6.1 linux-source-6.12 gcc libc6-dev make flex bison bc libelf-dev libssl-dev
	cpio kmod dwarves rsync ccache sparse xz-utils patch python3 bash
	# VM
	qemu-system-x86 busybox-static linux-perf
	# ia64 cross compiler (tools/ia64-pmu/build-ia64-gcc.sh)
	gcc-12-source binutils-ia64-linux-gnu g++ libgmp-dev libmpfr-dev
	libmpc-dev
	# Ski, the IA-64 simulator (tools/ski/build-ski.sh: autotools; flex,
	# bison and libelf-dev are listed above)
	binutils-dev libiberty-dev libncurses-dev autoconf autoconf-archive
	automake gperf pkg-config libtool
)

# One dpkg-query for all; unknown packages are simply absent from its output.
installed=" $({ dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' \
	"${PACKAGES[@]}" 2>/dev/null || true; } |
	awk '$1 == "ii" { printf "%s ", $2 }')"
missing=()
for p in "${PACKAGES[@]}"; do
	case $installed in
	*" $p "*) ;;
	*) missing+=("$p") ;;
	esac
done

if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing packages: ${missing[*]}" >&2
	echo "install-deps: run this script as root to install them" >&2
	exit 1
fi

echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
