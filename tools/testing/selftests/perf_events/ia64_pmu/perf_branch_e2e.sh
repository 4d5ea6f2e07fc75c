#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf record -b / -j end to end: branch stacks from the branch trace
# buffer, resolved to the workload's symbols by perf report and perf
# script. btb_workload describes its own call, return and loop back edge
# to the model; each sample must carry them.
set -u

# sample counts as under run-all.sh when run alone
# shellcheck source=perf_limits.sh
. "$(dirname "$0")/perf_limits.sh"
perf_limits_off

fail() { echo "FAIL: $*"; exit 1; }
sim=/sys/kernel/debug/ia64_pmu_sim
data=/tmp/perf-branch.data
was=$(cat "$sim/freerun")
echo 0 >"$sim/freerun" || fail "cannot stop free-running mode"
trap 'echo "$was" >"$sim/freerun"' EXIT

out=$(perf record -o "$data" -b -e cycles:u -c 10000 -- \
	/tests/btb_workload 200 2>&1) || fail "perf record -b exited $?: $out"

report=$(perf report -i "$data" --stdio --sort symbol_from,symbol_to 2>/dev/null) ||
	fail "perf report: $report"
echo "$report" | grep -v '^#' | grep -v '^$' | head -n 5
for edge in 'ia64_pmu_btb_hot_loop.*ia64_pmu_btb_callee' \
	'ia64_pmu_btb_callee.*ia64_pmu_btb_hot_loop' \
	'ia64_pmu_btb_hot_loop.*ia64_pmu_btb_hot_loop'; do
	echo "$report" | grep -q "$edge" || fail "no branch $edge in perf report"
done

script=$(perf script -i "$data" -F ip,sym,brstacksym 2>&1) || fail "perf script: $script"
echo "$script" | head -n 2
n=$(echo "$script" | grep -c 'ia64_pmu_btb_hot_loop+0x[0-9a-f]*/ia64_pmu_btb_hot_loop+0x[0-9a-f]*/P/')
[ "$n" -ge 150 ] || fail "perf script: $n samples with the loop's back edge"
perf script -i "$data" -F brstack 2>&1 | head -n 1 | grep -q '0x[0-9a-f]*/0x[0-9a-f]*/P/' ||
	fail "perf script -F brstack shows no from/to/predicted"

# -j any,u: the same through the branch filter syntax
out=$(perf record -o "$data" -j any,u -e cycles:u -c 10000 -- \
	/tests/btb_workload 50 2>&1) || fail "perf record -j any,u exited $?: $out"
n=$(perf script -i "$data" -F brstacksym 2>/dev/null | grep -c ia64_pmu_btb_callee)
[ "$n" -ge 40 ] || fail "perf record -j any,u: $n stacks with the call"

# what the BTB cannot filter is refused, not ignored
out=$(perf record -o "$data" -j any_call,u -e cycles:u -c 10000 -- \
	/tests/btb_workload 1 2>&1) && fail "perf record -j any_call was accepted"

# -j any_ret,u: the brt filter of the Itanium 2 and the Montecito keeps only
# the callee's return; the Itanium has no branch type filter and refuses it
case "$(cat /sys/bus/event_source/devices/cpu/caps/pmu_name)" in
itanium2|montecito) brt=1 ;;
*) brt=0 ;;
esac
if [ "$brt" = 1 ]; then
	out=$(perf record -o "$data" -j any_ret,u -e cycles:u -c 10000 -- \
		/tests/btb_workload 50 2>&1) || fail "perf record -j any_ret,u exited $?: $out"
	stacks=$(perf script -i "$data" -F brstacksym 2>/dev/null | grep -v '^ *$')
	n=$(echo "$stacks" | grep -c 'ia64_pmu_btb_callee+0x[0-9a-f]*/ia64_pmu_btb_hot_loop')
	[ "$n" -ge 40 ] || fail "perf record -j any_ret,u: $n stacks with the return"
	echo "$stacks" | grep -q '/ia64_pmu_btb_callee' &&
		fail "perf record -j any_ret,u: a stack holds the call"
	echo "$stacks" | grep -q 'hot_loop+0x[0-9a-f]*/ia64_pmu_btb_hot_loop' &&
		fail "perf record -j any_ret,u: a stack holds the loop's back edge"
	out=$(perf record -o "$data" -j ind_call,ind_jmp,u -e cycles:u -c 10000 -- \
		/tests/btb_workload 5 2>&1) || fail "perf record -j ind_call,ind_jmp,u exited $?: $out"
	n=$(perf script -i "$data" -F brstack 2>/dev/null | grep -c '0x[0-9a-f]*/0x')
	[ "$n" -eq 0 ] || fail "perf record -j ind_call,ind_jmp,u: $n stacks, none is indirect"
else
	out=$(perf record -o "$data" -j any_ret,u -e cycles:u -c 10000 -- \
		/tests/btb_workload 1 2>&1) && fail "perf record -j any_ret was accepted"
fi
# Interruptions and rfi (btb_workload xfer): the Montecito's buffer
# records them, and with save_type they come back as IRQ (to the
# External Interrupt vector) and ERET, neither predicted nor
# mispredicted ("-"), in every stack (each sample's buffer holds the
# last iteration, throttled or not); -j any_ret keeps the rfi only. The
# other models' BTBs record none. perf 7.2 prints the speculation
# field after the type ("IRQ/-"), perf 6.1 does not ("IRQ ").
xfer() {	# <filter>: the samples' branch stacks, one a line
	perf record -o "$data" -j "$1,u,k,save_type" -e cycles -c 10000 -- \
		/tests/btb_workload 50 xfer >/dev/null 2>&1 ||
		fail "perf record -j $1,u,k,save_type exited $?"
	perf script -i "$data" -F brstack 2>/dev/null | grep '0x'
}
irq='0x[0-9a-f]*/0xa000000100023000/-/-/-/0/IRQ[/ ]'
eret='0xa000000100023012/0x[0-9a-f]*/-/-/-/0/ERET[/ ]'
stacks=$(xfer any)
n=$(echo "$stacks" | grep -c '0x')
if [ "$(cat /sys/bus/event_source/devices/cpu/caps/pmu_name)" = montecito ]; then
	echo "$stacks" | head -n 1
	[ "$n" -ge 10 ] || fail "-j any,u,k,save_type: $n stacks"
	[ "$(echo "$stacks" | grep -c "$irq")" = "$n" ] ||
		fail "-j any,save_type: a stack without the interruption (IRQ)"
	[ "$(echo "$stacks" | grep -c "$eret")" = "$n" ] ||
		fail "-j any,save_type: a stack without the rfi (ERET)"
	echo "$stacks" | grep -q '/[MP]/-/-/0/\(IRQ\|ERET\)[/ ]' &&
		fail "an interruption or rfi reported predicted or mispredicted"
	stacks=$(xfer any_ret)
	n=$(echo "$stacks" | grep -c '0x')
	[ "$n" -ge 10 ] || fail "-j any_ret,u,k,save_type: $n stacks"
	[ "$(echo "$stacks" | grep -c "$eret")" = "$n" ] ||
		fail "-j any_ret,save_type: a stack without the rfi (ERET)"
	echo "$stacks" | grep -q '/IRQ[/ ]' && fail "-j any_ret keeps an interruption"
else
	echo "$stacks" | grep -q '/\(IRQ\|ERET\)[/ ]' &&
		fail "a BTB recorded an interruption or rfi"
fi

# free-running mode feeds the BTB too: stacks of whatever runs
echo 1 >"$sim/freerun" || fail "cannot start free-running mode"
out=$(perf record -o "$data" -b -e cycles -c 400000 -- /tests/spin_workload 500 2>&1) ||
	fail "perf record -b (free-running) exited $?: $out"
n=$(perf script -i "$data" -F brstack 2>/dev/null | grep -c '0x[0-9a-f]*/0x[0-9a-f]*/[PM]/')
[ "$n" -ge 10 ] || fail "free-running: only $n samples with a branch stack"
# the deepest stack: half the buffer's entries (a branch and its target
# each), 4 of the BTB's 8, 8 of the Montecito's 16; never more than
# caps/branches (every entry but the newest a branch: 7, 15; 16 with the
# Montecito's IP-EAR)
depth=8
[ "$(cat /sys/bus/event_source/devices/cpu/caps/pmu_name)" = montecito ] && depth=16
most=$(cat /sys/bus/event_source/devices/cpu/caps/branches)
[ "$most" = $((depth - 1)) ] || [ "$most" = "$depth" ] ||
	fail "caps/branches $most, a buffer of $depth entries"
max=$(perf script -i "$data" -F brstack 2>/dev/null | awk '{ if (NF > m) m = NF } END { print m + 0 }')
echo "free-running: deepest stack $max branches, buffer of $depth entries"
[ "$max" -ge $((depth / 2)) ] && [ "$max" -le "$most" ] ||
	fail "free-running: deepest stack $max, not $((depth / 2))..$most"
echo "ok: perf record -b/-j, report and script show the workload's branches"
