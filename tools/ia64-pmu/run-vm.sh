#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the test kernel (build/kernel.boot) in qemu (TCG, 2 CPUs) with the base
# initramfs (build/initramfs.cpio) and run one shell command as root:
#
#   tools/ia64-pmu/run-vm.sh "<shell command>"
#
# The command travels in a tiny second cpio archive appended to the base
# one, so the base need not be rebuilt per command. The console log is
# printed as it comes and kept in build/vm-console.log. The exit status is
# the command's, or non-zero when:
#   - the guest did not report an exit status (hang killed after
#     VM_TIMEOUT seconds, default 600; panic; crash);
#   - the console shows a kernel problem: BUG:, WARNING: (which starts
#     every lockdep report), lockdep turning itself off, "possible
#     recursive locking", Call Trace, UBSAN:, Oops, Kernel panic, a hung
#     task ("blocked for more than"), a soft lockup, an RCU stall ("rcu:
#     INFO", "self-detected stall"), a module's kmem_cache destroyed with
#     objects left in it (with who allocated them: slub_debug=U on the
#     driver's and the model's caches). A bare "lockdep" would match
#     symbol names in perf's output.
#
# Environment:
#   VM_TIMEOUT      seconds before a hung guest is killed (default 600)
#   VM_MEM          guest memory (default 2G)
#   VM_LOGLEVEL     console loglevel (default 5: warnings and worse)
#   VM_APPEND       extra kernel command line
#   VM_ICOUNT       1: one CPU, whose clock counts the instructions it
#                   executes (qemu -icount shift=0: 1 ns each; sleep=off:
#                   idle time is skipped), so that guest times are exact
#                   and repeatable whatever the host does: for
#                   benchmarks (sched_pipe_bench.sh). One CPU only: with
#                   two, the guest hangs bringing up the second
#   VM_NO_MODULES   1: do not insmod the driver and model at boot
#   VM_MODEL        the model's CPU model (module parameter model=):
#                   itanium (the default), itanium2, montecito, or a
#                   generic processor built from parameters,
#                   generic[,family=F][,model=M][,counters=N][,width=W]
#                   [,cycles=C][,retired=R][,ism=I][,threads=T]
#                   (sim_backend.c)
#   VM_FREERUN      0: load the model with free-running mode off (the
#                   default is on: counts follow what runs in the VM)
#   VM_NO_LOG_CHECK 1: do not fail on kernel problems in the log
#   VM_LOG          console log file (default build/vm-console.log); set
#                   a different one for VMs that run at the same time
#   VM_KERNEL, VM_INITRAMFS
#                   boot this bzImage with this base initramfs instead
#                   (upstream-check.sh: a kernel without our modules and
#                   an initramfs of its own, whose init follows the same
#                   protocol: /cmd.env, the start and exit markers)
#   IA64_PMU_KERNEL_VARIANT
#                   <name> (e.g. kasan): boot that variant of the kernel
#                   (build-kernel.sh) with its initramfs instead,
#                   build/kernel-<name>.boot and build/initramfs-<name>.cpio;
#                   the default log is build/vm-console-<name>.log
#   IA64_PMU_LINUX  6.12: boot the 6.12 test kernel (kernels.sh),
#                   build/kernel-6.12[-<name>].boot with
#                   build/initramfs-6.12[-<name>].cpio, logging to
#                   build/vm-console-6.12[-<name>].log (default 6.1);
#                   7.2: the same with 7.2's, named -7.2

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
VARIANT=${IA64_PMU_KERNEL_VARIANT:-}
# shellcheck source=kernels.sh
. "$REPO/tools/ia64-pmu/kernels.sh"
sfx=$LINUX_SFX${VARIANT:+-$VARIANT}
KERNEL=${VM_KERNEL:-$REPO/build/kernel$sfx.boot/arch/x86/boot/bzImage}
BASE=${VM_INITRAMFS:-$REPO/build/initramfs$sfx.cpio}
LOG=${VM_LOG:-$REPO/build/vm-console$sfx.log}
TIMEOUT=${VM_TIMEOUT:-600}

die() {
	echo "run-vm: $*" >&2
	exit 1
}

[ $# -eq 1 ] || die "usage: $0 \"<shell command>\""
[ -n "$1" ] || die "empty command (make vm CMD='...')"
env=${LINUX_SFX:+IA64_PMU_LINUX=$LINUX }${VARIANT:+IA64_PMU_KERNEL_VARIANT=$VARIANT }
[ -f "$KERNEL" ] || die "$KERNEL missing: run ${env}tools/ia64-pmu/build-kernel.sh"
[ -f "$BASE" ] || die "$BASE missing: run ${env}tools/ia64-pmu/mkinitramfs.sh"

tmp=$(mktemp -d /tmp/ia64-pmu-vm.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# A per-run token keeps the exit marker unique even if the command prints
# the marker format itself.
token=$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
marker="ia64-pmu-vm-$token"

mkdir "$tmp/cmd"
printf '%s\n' "$1" >"$tmp/cmd/cmd.sh"
{
	echo "VM_TOKEN=$token"
	echo "VM_NO_MODULES=${VM_NO_MODULES:-0}"
	echo "VM_FREERUN=${VM_FREERUN:-1}"
	echo "VM_MODEL=${VM_MODEL:-itanium}"
} >"$tmp/cmd/cmd.env"
(cd "$tmp/cmd" && printf '%s\n' cmd.sh cmd.env |
	cpio -o -H newc -R 0:0 --quiet) >"$tmp/cmd.cpio"
cat "$BASE" "$tmp/cmd.cpio" >"$tmp/initrd.cpio"

cpus=(-smp 2)
[ "${VM_ICOUNT:-0}" = 1 ] && cpus=(-smp 1 -icount "shift=0,sleep=off")

append="console=ttyS0 loglevel=${VM_LOGLEVEL:-5} panic=-1 oops=panic"
append+=" nmi_watchdog=0 tsc=reliable no_timer_check"
# Who allocated what a module's cache still holds at its unload: the
# per-task data of the driver and of the model's other PMU (sim_peer.c)
append+=" slub_debug=U,ia64_pmu_task_ctx,ia64_pmu_peer_ctx ${VM_APPEND:-}"

mkdir -p "$(dirname "$LOG")"
: >"$LOG"
t0=$EPOCHREALTIME
t_start=
qemu_rc=
# qemu's output, read line by line: echoed, logged, timestamped.
while IFS= read -r line || [ -n "$line" ]; do
	line=${line%$'\r'}
	if [[ $line == run-vm-qemu-exit=* ]]; then
		qemu_rc=${line#*=}
		continue
	fi
	printf '%s\n' "$line"
	printf '%s\n' "$line" >>"$LOG"
	if [ -z "$t_start" ] && [[ $line == "$marker: start"* ]]; then
		t_start=$EPOCHREALTIME
	fi
done < <(
	rc=0
	# vendor=GenuineIntel: perf (an x86 build) picks its memory events by
	# CPU vendor, and with qemu64's AMD vendor it would look for AMD IBS
	# instead of cpu/mem-loads (perf mem on our PMU)
	timeout -k 10 "$TIMEOUT" qemu-system-x86_64 \
		-accel tcg -cpu qemu64,vendor=GenuineIntel \
		"${cpus[@]}" -m "${VM_MEM:-2G}" \
		-nodefaults -no-user-config -display none -serial stdio \
		-no-reboot \
		-kernel "$KERNEL" -initrd "$tmp/initrd.cpio" \
		-append "$append" </dev/null 2>&1 || rc=$?
	echo "run-vm-qemu-exit=$rc"
)
t1=$EPOCHREALTIME

ms() { echo $((${1/./} / 1000)); }
total_ms=$(($(ms "$t1") - $(ms "$t0")))
status=$(sed -n "s/.*$marker: exit=\([0-9]*\)$/\1/p" "$LOG" | tail -n 1)

echo "----"
if [ -n "$t_start" ]; then
	boot_ms=$(($(ms "$t_start") - $(ms "$t0")))
	echo "run-vm: boot to command $((boot_ms / 1000)).$(printf '%03d' $((boot_ms % 1000))) s, total $((total_ms / 1000)) s"
fi

fail=0
if [ "${qemu_rc:-1}" = 124 ] || [ "${qemu_rc:-1}" = 137 ]; then
	echo "run-vm: FAIL: guest killed after ${TIMEOUT}s timeout" >&2
	fail=1
elif [ -z "$status" ]; then
	echo "run-vm: FAIL: guest ended without an exit status (qemu exit ${qemu_rc:-?}): panic or crash?" >&2
	fail=1
fi

if [ "${VM_NO_LOG_CHECK:-0}" != 1 ]; then
	pattern='BUG:|WARNING:|turning off the locking correctness validator|possible recursive locking|Call Trace|UBSAN:|Oops|Kernel panic|blocked for more than|soft lockup|rcu: INFO|self-detected stall|Slab cache still has objects|Objects remaining in|Allocated in'
	if grep -E "$pattern" "$LOG" >"$tmp/problems"; then
		echo "run-vm: FAIL: kernel problems in the console log ($LOG):" >&2
		head -n 20 "$tmp/problems" | sed 's/^/run-vm:   /' >&2
		fail=1
	fi
fi

if [ -n "$status" ] && [ "$status" -ne 0 ]; then
	echo "run-vm: command exited with status $status" >&2
	exit "$status"
fi
[ $fail -eq 0 ] || exit 1
echo "run-vm: command exited with status 0"
exit 0
