#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the base initramfs of the test VM, build/initramfs.cpio
# (uncompressed newc: the kernel unpacks it faster than gzip under TCG):
#   - busybox-static with all its applets, bash;
#   - the perf of tools/ia64-pmu/build-perf.sh (the Itanium pmu-events
#     built into perf 6.1, or into perf 7.2 for LINUX=7.2 or PERF=7.2:
#     perfs.sh's PERF_LINUX), its installed tree build/perf-root or
#     build/perf-root-7.2 (perf, perf-core with perf test's shell tests,
#     perf 6.1's libtraceevent plugins), and every shared library these
#     need, with the dynamic loader; with perf 7.2 also binutils'
#     addr2line;
#   - the driver and model modules from build/kernel.boot (build-kernel.sh's
#     copy of what boots), in
#     /lib/modules/<release>/extra (also reachable as /modules);
#   - the kselftest programs (build/selftests/perf_events/ia64_pmu, and
#     the perf core's in build/selftests/perf_events) and
#     the test scripts of tools/testing/selftests/perf_events/ia64_pmu in
#     /tests;
#   - /init, which mounts the usual filesystems, loads ia64_pmu_sim then
#     ia64_pmu, runs /cmd.sh, prints an exit marker and powers off. It
#     exports PERF_CPUID for the processor the driver found (caps/
#     pmu_name), so that perf takes that model's pmu-events tables
#     (tools/perf/pmu-events/arch/ia64/mapfile.csv): perf list describes
#     the events, perf stat -M knows the metrics. The generic model has
#     no tables and gets none.
#
# /cmd.sh and /cmd.env are not part of it: tools/ia64-pmu/run-vm.sh
# appends them as a second, tiny cpio archive for each command.
#
# Nothing is done when no input changed since the last build.
#
# IA64_PMU_KERNEL_VARIANT=<name> (e.g. kasan) builds the initramfs of that
# variant of the kernel instead (see build-kernel.sh): the modules come
# from build/kernel-<name>, the result is build/initramfs-<name>.cpio. The
# userspace part, tests included, is the same for every kernel.
#
# IA64_PMU_LINUX=6.12 does the same for the 6.12 test kernel
# (tools/ia64-pmu/kernels.sh): build/kernel-6.12[-<name>] and the
# kselftests built against it (build/selftests-6.12) make
# build/initramfs-6.12[-<name>].cpio; IA64_PMU_LINUX=7.2 likewise with
# -7.2. Every kernel gets the same perf (6.1's, build-perf.sh).

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(readlink -f "${BASH_SOURCE[0]}")
VARIANT=${IA64_PMU_KERNEL_VARIANT:-}
# shellcheck source=kernels.sh
. "$REPO/tools/ia64-pmu/kernels.sh"
# shellcheck source=perfs.sh
. "$REPO/tools/ia64-pmu/perfs.sh"
sfx=$LINUX_SFX${VARIANT:+-$VARIANT}
KTREE=$REPO/build/kernel$sfx.boot
TESTSRC=$REPO/tools/testing/selftests/perf_events/ia64_pmu
TESTBIN=$REPO/build/selftests$LINUX_SFX/perf_events/ia64_pmu
# the perf core's tests that need no Itanium PMU (perf_events/Makefile)
CORETESTBIN=$REPO/build/selftests$LINUX_SFX/perf_events
OUT=$REPO/build/initramfs$sfx.cpio
STAGE=$REPO/build/initramfs$sfx.d

die() {
	echo "mkinitramfs: $*" >&2
	exit 1
}

log() {
	echo "mkinitramfs: $*" >&2
}

[ -f "$KTREE/include/config/kernel.release" ] ||
	die "no kernel in $KTREE: run ${VARIANT:+IA64_PMU_KERNEL_VARIANT=$VARIANT }tools/ia64-pmu/build-kernel.sh first"
krel=$(cat "$KTREE/include/config/kernel.release")

BUSYBOX=/bin/busybox
BASH=/bin/bash
[ -x "$BUSYBOX" ] || die "$BUSYBOX missing (busybox-static)"

is_elf() {
	[ "$(head -c 4 "$1" 2>/dev/null | tr -d '\0')" = $'\x7fELF' ]
}

# The perf of build-perf.sh, installed as under / in build/perf-root (perf
# 6.1) or build/perf-root-7.2. Another perf than the last one (PERF=)
# changes the inputs: the image is then rebuilt under the same name.
PERFROOT=$(readlink -f "$REPO/build/perf-root$PERF_SFX" 2>/dev/null) || true
PERF=$PERFROOT/usr/bin/perf
[ -n "$PERFROOT" ] && is_elf "$PERF" ||
	die "no perf in build/perf-root$PERF_SFX: run tools/ia64-pmu/build-perf.sh (make perf)"

MODULES=()
for m in drivers/perf/ia64/sim/ia64_pmu_sim.ko drivers/perf/ia64/ia64_pmu.ko; do
	if [ -f "$KTREE/$m" ]; then
		MODULES+=("$KTREE/$m")
	else
		log "warning: $m not built, the VM runs without it"
	fi
done

TESTS=()
for f in "$TESTBIN"/* "$CORETESTBIN"/* "$TESTSRC"/*; do
	[ -f "$f" ] || continue
	case $f in
	*.sh) TESTS+=("$f") ;;
	*.c | *.h | */Makefile) ;;
	*) [ -x "$f" ] && is_elf "$f" && TESTS+=("$f") ;;
	esac
done

# Programs whose libraries we need: perf, bash, perf-core helpers and
# libtraceevent's plugins.
PROGS=("$PERF" "$BASH")
# perf 7.2, built without libdw, libbfd or LLVM, resolves the inline
# frames of call chains (perf script) with binutils' addr2line, and dies
# of SIGPIPE writing to it where there is none: it gets the host's
ADDR2LINE=
if [ "$PERF_LINUX" != 6.1 ]; then
	ADDR2LINE=$(command -v addr2line) || die "no addr2line (binutils)"
	PROGS+=("$ADDR2LINE")
fi
while IFS= read -r -d '' f; do
	is_elf "$f" && PROGS+=("$f")
done < <(find "$PERFROOT" -type f -print0)

# Up to date? Inputs are identified by path, size and mtime.
stamp=$({
	stat -L -c '%n %s %Y' "$SELF" "$BUSYBOX" "${PROGS[@]}" \
		"${MODULES[@]}" "${TESTS[@]}"
	find "$PERFROOT" -printf '%p %s %T@\n'
	echo "$krel"
} | sha256sum | cut -d' ' -f1)
if [ -f "$OUT" ] && [ -f "$OUT.stamp" ] && [ "$(cat "$OUT.stamp")" = "$stamp" ]; then
	log "$OUT is up to date"
	exit 0
fi

log "staging in $STAGE"
rm -rf "$STAGE"
mkdir -p "$STAGE"/{usr/bin,usr/sbin,usr/lib,usr/lib64,dev,proc,sys,tmp,run,root,etc,tests}
ln -s usr/bin "$STAGE/bin"
ln -s usr/sbin "$STAGE/sbin"
ln -s usr/lib "$STAGE/lib"
ln -s usr/lib64 "$STAGE/lib64"
chmod 1777 "$STAGE/tmp"
mknod -m 600 "$STAGE/dev/console" c 5 1
mknod -m 666 "$STAGE/dev/null" c 1 3

# Copy a host file to the same path in the image, following symlinks.
install_file() {
	local dst=$STAGE$1
	[ -e "$dst" ] && return 0
	mkdir -p "$(dirname "$dst")"
	cp -L "$1" "$dst"
}

cp "$BUSYBOX" "$STAGE/usr/bin/busybox"
install_file "$BASH"
[ -z "$ADDR2LINE" ] || install_file "$ADDR2LINE"
ln -s bash "$STAGE/usr/bin/sh"
cp -a "$PERFROOT/usr/." "$STAGE/usr/"

# Shared libraries (and the dynamic loader) of every program.
for p in "${PROGS[@]}"; do
	ldd "$p" 2>/dev/null || true
done | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' |
	sort -u | while IFS= read -r lib; do
	install_file "$lib"
done
[ -e "$STAGE/lib64/ld-linux-x86-64.so.2" ] || die "dynamic loader missing"

# busybox applets for everything not provided otherwise.
"$BUSYBOX" --list-full | while IFS= read -r a; do
	case $a in
	bin/* | sbin/*) a=usr/$a ;;
	esac
	[ -e "$STAGE/$a" ] || [ -L "$STAGE/$a" ] || ln -s /usr/bin/busybox "$STAGE/$a"
done

# Modules, in load order (the model first).
moddir=lib/modules/$krel/extra
mkdir -p "$STAGE/$moddir"
for m in "${MODULES[@]}"; do
	cp "$m" "$STAGE/$moddir/"
done
ln -s "$moddir" "$STAGE/modules"
printf '%s\n' "${MODULES[@]##*/}" | grep . >"$STAGE/$moddir/load-order" || true
depmod -b "$STAGE" "$krel" 2>/dev/null || log "warning: depmod failed"

for t in "${TESTS[@]}"; do
	cp "$t" "$STAGE/tests/"
done

cat >"$STAGE/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/bash
EOF
cat >"$STAGE/etc/group" <<'EOF'
root:x:0:
EOF

cat >"$STAGE/init" <<'EOF'
#!/usr/bin/busybox sh
# Test VM init, generated by tools/ia64-pmu/mkinitramfs.sh.
export PATH=/usr/sbin:/usr/bin HOME=/root TERM=dumb
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug
[ -d /sys/kernel/tracing ] && mount -t tracefs tracefs /sys/kernel/tracing
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
mkdir -p /dev/shm /dev/pts
# bash's process substitution, <(...), reads /dev/fd/N
ln -s /proc/self/fd /dev/fd
mount -t tmpfs tmpfs /dev/shm

# run-vm.sh's per-command settings: VM_TOKEN, VM_NO_MODULES, VM_FREERUN,
# VM_MODEL
[ -f /cmd.env ] && . /cmd.env
marker="ia64-pmu-vm-${VM_TOKEN:-none}"

status=0
if [ "${VM_NO_MODULES:-0}" != 1 ]; then
	for m in $(cat /modules/load-order); do
		args=
		[ "$m" = ia64_pmu_sim.ko ] &&
			args="freerun=${VM_FREERUN:-1} model=${VM_MODEL:-itanium}"
		# shellcheck disable=SC2086 # no argument when empty
		if ! insmod "/modules/$m" $args; then
			echo "$marker: insmod $m failed"
			status=1
		fi
	done
fi

# perf's pmu-events tables of the processor the driver drives (the
# Itanium get_cpuid_str()'s vendor-family-model-revision)
case $(cat /sys/bus/event_source/devices/cpu/caps/pmu_name 2>/dev/null) in
itanium) export PERF_CPUID=GenuineIntel-7-0-0 ;;
itanium2) export PERF_CPUID=GenuineIntel-31-1-5 ;;
montecito) export PERF_CPUID=GenuineIntel-32-0-7 ;;
esac

read -r up _ </proc/uptime
echo "$marker: start (uptime ${up}s)"
cd /root
if [ -f /cmd.sh ]; then
	bash /cmd.sh </dev/null
	rc=$?
else
	echo "$marker: no /cmd.sh"
	rc=127
fi
[ $rc -ne 0 ] || rc=$status
echo "$marker: exit=$rc"
sync
poweroff -f
EOF
chmod 755 "$STAGE/init"

(cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --quiet) >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "$stamp" >"$OUT.stamp"
log "$OUT: $(du -m "$OUT" | cut -f1) MiB, modules: ${#MODULES[@]}, tests: ${#TESTS[@]}"
