#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The Montecito's IP-EAR end to end: perf record -b on an event with the
# ipear format field records stacks of retired IPs, which perf script
# shows as branch entries from = the IP, to = 0, with their cycle counts
# (-F brstack: 0x<ip>/0x0/-/-/-/<cycles>/), resolved to the workload's
# symbols (-F brstacksym). btb_workload describes to the model three
# retired branches per iteration, the call in ia64_pmu_btb_hot_loop, the
# return in ia64_pmu_btb_callee and the back edge, then a period of
# cycles: every sample holds those three IPs, newest first, the oldest
# with the cycles since the last sample's (63 at most). Free-running
# mode feeds the IP-EAR too. On another CPU model there is nothing to do.
set -u

# sample counts as under run-all.sh when run alone
# shellcheck source=perf_limits.sh
. "$(dirname "$0")/perf_limits.sh"
perf_limits_off

fail() { echo "FAIL: $*"; exit 1; }
pmu=/sys/bus/event_source/devices/cpu
sim=/sys/kernel/debug/ia64_pmu_sim
[ "$(cat $pmu/caps/pmu_name)" = montecito ] ||
	{ echo "skip: the PMU is not a Montecito"; exit 0; }
data=/tmp/perf-ipear.data
was=$(cat "$sim/freerun")
echo 0 >"$sim/freerun" || fail "cannot stop free-running mode"
trap 'echo "$was" >"$sim/freerun"' EXIT

ev=cpu/CPU_OP_CYCLES_ALL,ipear=1/u
out=$(perf record -o "$data" -b -e "$ev" -c 9990 -- /tests/btb_workload 100 2>&1) ||
	fail "perf record -b -e $ev exited $?: $out"
stacks=$(perf script -i "$data" -F brstack 2>&1) || fail "perf script: $stacks"
echo "$stacks" | head -n 2
# (perf 7.2 adds the branch type and speculation fields: "/-" here)
entry='0x[0-9a-f]+/0x0/-/-/-/([0-9]|[1-5][0-9]|6[0-3])/[^ ]*'
n=$(echo "$stacks" | grep -cE "^ *$entry +$entry +$entry *$")
[ "$n" -ge 90 ] || fail "only $n samples with three IP-EAR entries"
echo "$stacks" | grep -qE "/0x0/-/-/-/63/" || fail "no entry with 63 cycles"

syms=$(perf script -i "$data" -F brstacksym 2>&1) || fail "perf script: $syms"
first=$(echo "$syms" | grep -m1 -v '^ *$')
echo "$first"
echo "$first" | grep -qE '^ *ia64_pmu_btb_hot_loop\+0x[0-9a-f]+/\[unknown\]/-/-/-/0/[^ ]* +ia64_pmu_btb_callee\+0x0/\[unknown\]/-/-/-/0/[^ ]* +ia64_pmu_btb_hot_loop\+0x[0-9a-f]+/' ||
	fail "perf script -F brstacksym: not the workload's three IPs"

# free-running mode: stacks of whatever retires
echo 1 >"$sim/freerun" || fail "cannot start free-running mode"
out=$(perf record -o "$data" -b -e "$ev" -c 400000 -- /tests/spin_workload 300 2>&1) ||
	fail "perf record -b (free-running) exited $?: $out"
n=$(perf script -i "$data" -F brstack 2>/dev/null | grep -cE "$entry")
[ "$n" -ge 10 ] || fail "free-running: only $n samples with IP-EAR entries"
echo "ok: IP-EAR stacks with cycle counts through perf record and perf script ($n free-running)"
