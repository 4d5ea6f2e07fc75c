#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the Ski kernel once in Ski, as one of the PMU identities, with an
# initramfs, and wait for its /init to say it is done:
#
#   tools/ski/ski-run.sh <identity> <initramfs.cpio> [timeout-seconds]
#
# <identity> is itanium, itanium2, montecito or generic; it reaches the
# patched Ski as SKI_PMU_MODEL=<identity> in bski's environment, which
# selects the CPUID, PAL and PMU it plays (tools/ski). The initramfs's
# /init prints whatever it likes (the tests print TAP lines), then a line
# "SKI-CHECK-DONE", and then must not end (it waits, e.g. in
# rt_sigsuspend: init exiting panics the kernel). Ski does not stop on
# its own when the guest is done, so this script stops it, by its pid,
# when the sentinel line comes.
#
# The console (bski -noconsole: its stdout; lines end in "\n\r") is
# streamed, "\r" removed, to the log and to stdout. The exit status is 0
# when the sentinel came and the log is clean, else 1:
#   - no sentinel before the timeout (default 300 s of Ski's CPU time,
#     and ten times that of wall time; the kernel reaches /init in about
#     7 s), or Ski ended without one (the
#     kernel boots with panic=-1 oops=panic: a panic, or an oops, resets
#     the machine through EFI ResetSystem, which ends bski);
#   - a kernel problem in the log, as run-vm.sh counts them: BUG:,
#     WARNING:, Call Trace, Oops, Kernel panic, UBSAN:, lockdep, a hung
#     task, a soft lockup, an RCU stall. With one exception: the WARNING
#     of cache_sysfs_init() (arch/ia64/kernel/topology.c), whose
#     cpuhp_setup_state() fails because ski-bootloader does not emulate
#     PAL_CACHE_SUMMARY, so that the CPU's cache sysfs directory cannot
#     be made. It is a boot-time initcall that runs before any test, and
#     it is the only one Ski's firmware causes. Exactly one such report
#     is let through: the "WARNING: ... at arch/ia64/kernel/topology.c:N
#     cache_sysfs_init+..." line and what follows it up to its "---[ end
#     trace ... ]---" line (its Call Trace included), which must come
#     within 60 lines. Any other report, a second one of those, or one
#     that does not end, fails the run.
#
# Environment:
#   SKI_DIR          directory with bski and ski-bootloader (default: the
#                    last line of tools/ski/build-ski.sh)
#   SKI_VMLINUX      the kernel (default: the last line of
#                    tools/ski/build-ski-kernel.sh)
#   SKI_LOG          console log (default build/ski-<identity>.log)
#   SKI_APPEND       more kernel arguments
#   SKI_QUIET        1: the console goes to the log only, not to stdout
#   SKI_NO_LOG_CHECK 1: do not fail on kernel problems in the log
#
# This script's own messages go to stderr, among them the time from
# starting bski to the sentinel.

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SENTINEL=SKI-CHECK-DONE
IDENTITIES="itanium itanium2 montecito generic"

die() {
	echo "ski-run: $*" >&2
	exit 1
}

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	die "usage: $0 <identity> <initramfs.cpio> [timeout-seconds]"
fi
identity=$1
initramfs=$2
timeout=${3:-300}
case " $IDENTITIES " in
*" $identity "*) ;;
*) die "unknown identity '$identity' (one of: $IDENTITIES)" ;;
esac
[[ $timeout =~ ^[1-9][0-9]*$ ]] || die "timeout '$timeout' is not a number of seconds"
[ -f "$initramfs" ] || die "no initramfs $initramfs"

if [ -z "${SKI_DIR:-}" ]; then
	[ -x "$REPO/tools/ski/build-ski.sh" ] ||
		die "no tools/ski/build-ski.sh: set SKI_DIR to a directory with bski and ski-bootloader"
	SKI_DIR=$("$REPO/tools/ski/build-ski.sh" | tail -n1)
fi
if [ -z "${SKI_VMLINUX:-}" ]; then
	SKI_VMLINUX=$("$REPO/tools/ski/build-ski-kernel.sh" | tail -n1)
fi
for f in "$SKI_DIR/bski" "$SKI_DIR/ski-bootloader"; do
	[ -x "$f" ] || die "$f missing (SKI_DIR=$SKI_DIR)"
done
[ -f "$SKI_VMLINUX" ] || die "no kernel $SKI_VMLINUX"
# Held while Ski runs (ski-check.sh)
exec 7>>"$SKI_DIR.lock" 6>>"$(dirname "$SKI_VMLINUX").lock"
flock -s 7
flock -s 6
LOG=${SKI_LOG:-$REPO/build/ski-$identity.log}
QUIET=${SKI_QUIET:-0}

# panic=-1: reset at once on a panic, which ends bski (ski-bootloader's
# EFI ResetSystem is Ski's exit call); oops=panic: an oops ends the run
# too, instead of waiting for the timeout
append="panic=-1 oops=panic ${SKI_APPEND:-}"

tmp=$(mktemp -d /tmp/ski-run.XXXXXX)
ski_pid=

# Stop our bski (by its pid), politely first
stop_ski() {
	local tries=10

	[ -n "$ski_pid" ] || return 0
	kill -TERM "$ski_pid" 2>/dev/null || true
	while [ "$tries" -gt 0 ] && kill -0 "$ski_pid" 2>/dev/null; do
		sleep 0.5
		tries=$((tries - 1))
	done
	kill -KILL "$ski_pid" 2>/dev/null || true
	wait "$ski_pid" 2>/dev/null || true
	ski_pid=
}
trap 'stop_ski; rm -rf "$tmp"' EXIT

mkdir -p "$(dirname "$LOG")"
: >"$LOG"
mkfifo "$tmp/console"
echo "ski-run: $identity: booting $SKI_VMLINUX with $initramfs (log: $LOG)" >&2
t0=$EPOCHREALTIME
# shellcheck disable=SC2086 # $append is a list of kernel arguments
# The timeout is Ski's CPU time (ulimit -t: SIGXCPU ends it), so that a
# host loaded by other work (make check runs this lane at nice 19 beside
# the x86_64 VMs) slows a boot down without failing it; the wall clock
# only catches a Ski that does not run at all, at ten times that.
(
	ulimit -t "$timeout"
	SKI_PMU_MODEL=$identity exec "$SKI_DIR/bski" -nonet -noconsole \
		-initramfs "$initramfs" "$SKI_DIR/ski-bootloader" \
		"$SKI_VMLINUX" $append
) </dev/null >"$tmp/console" 2>&1 &
ski_pid=$!
exec 3<"$tmp/console"

# One console line: "\r" removed, logged, echoed
got_line() {
	local line=${1//$'\r'/}

	printf '%s\n' "$line" >>"$LOG"
	[ "$QUIET" = 1 ] || printf '%s\n' "$line"
	# The sentinel alone on its line (trailing blanks aside)
	[[ $line =~ ^${SENTINEL}[[:space:]]*$ ]]
}

done_ok=0
ended=
deadline=$((SECONDS + 10 * timeout))
while :; do
	left=$((deadline - SECONDS))
	if [ "$left" -le 0 ]; then
		ended=timeout
		break
	fi
	line=
	rc=0
	IFS= read -r -t "$left" line <&3 || rc=$?
	if [ "$rc" -eq 0 ]; then
		if got_line "$line"; then
			done_ok=1
			break
		fi
		continue
	fi
	# read failed: > 128 is the timeout, else the end of Ski's output
	if [ "$rc" -gt 128 ]; then
		ended=timeout
	else
		ended=eof
	fi
	# a last line without its newline
	if [ -n "$line" ] && got_line "$line"; then
		done_ok=1
	fi
	break
done
t1=$EPOCHREALTIME
ski_rc=
if [ "$ended" = eof ]; then
	# Ski ended by itself: take its status
	ski_rc=0
	wait "$ski_pid" || ski_rc=$?
	ski_pid=
fi
stop_ski
exec 3<&-

ms() { echo $((${1/./} / 1000)); }
el_ms=$(($(ms "$t1") - $(ms "$t0")))
elapsed="$((el_ms / 1000)).$(printf '%03d' $((el_ms % 1000))) s"

fail=0
if [ "$done_ok" = 1 ]; then
	echo "ski-run: $identity: $SENTINEL after $elapsed" >&2
elif [ "$ended" = timeout ]; then
	echo "ski-run: $identity: FAIL: no $SENTINEL within ${timeout}s, Ski stopped" >&2
	fail=1
else
	echo "ski-run: $identity: FAIL: Ski ended (exit ${ski_rc:-?}) after $elapsed without $SENTINEL: panic or crash?" >&2
	fail=1
fi

if [ "${SKI_NO_LOG_CHECK:-0}" != 1 ]; then
	# run-vm.sh's list of kernel problems, minus the one known report
	problems=$(awk '
		BEGIN {
			bad = "BUG:|WARNING:|turning off the locking correctness validator|possible recursive locking|Call Trace|UBSAN:|Oops|Kernel panic|blocked for more than|soft lockup|rcu: INFO|self-detected stall"
			known = "WARNING: CPU: [0-9]+ PID: [0-9]+ at arch/ia64/kernel/topology\\.c:[0-9]+ cache_sysfs_init\\+"
		}
		in_known {
			if ($0 ~ /---\[ end trace [0-9a-f]+ \]---/)
				in_known = 0
			else if (++n > 60) {
				print "(the cache_sysfs_init warning does not end within 60 lines)"
				in_known = 0
			}
			next
		}
		$0 ~ known && !seen_known { in_known = 1; seen_known = 1; n = 0; next }
		$0 ~ bad { print }
		END { if (in_known) print "(the cache_sysfs_init warning does not end)" }
	' "$LOG")
	if [ -n "$problems" ]; then
		echo "ski-run: $identity: FAIL: kernel problems in the console log ($LOG):" >&2
		head -n 20 <<<"$problems" | sed 's/^/ski-run:   /' >&2
		fail=1
	fi
fi
exit "$fail"
