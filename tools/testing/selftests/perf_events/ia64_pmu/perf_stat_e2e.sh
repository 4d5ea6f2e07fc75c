#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf stat end to end under the model's free-running mode: generic, named
# and raw spellings of the cycles event (CPU_CYCLES, the Montecito's
# CPU_OP_CYCLES_ALL, both 0x12) count the same cycles of the workload;
# system-wide counting; perf stat's default event list.
set -u

fail() { echo "FAIL: $*"; echo "$out"; exit 1; }
sim=/sys/kernel/debug/ia64_pmu_sim
was=$(cat "$sim/freerun")
echo 1 >"$sim/freerun" || { echo "FAIL: cannot start free-running mode"; exit 1; }
trap 'echo "$was" >"$sim/freerun"' EXIT

work="dd if=/dev/zero of=/dev/null bs=4k count=20000"
name=CPU_CYCLES
[ "$(cat /sys/bus/event_source/devices/cpu/caps/pmu_name)" = montecito ] &&
	name=CPU_OP_CYCLES_ALL

# 1. cycles, instructions, cpu/$name/, r1200 (CSV: value,unit,event,...)
out=$(perf stat -x, -e cycles,instructions,cpu/$name/,r1200 -- $work 2>&1 >/dev/null) ||
	fail "perf stat exited $?"
val() { echo "$out" | awk -F, -v e="$1" '$3 == e { print $1 }'; }
cyc=$(val cycles); ins=$(val instructions)
named=$(val cpu/$name/); raw=$(val r1200)
echo "cycles=$cyc instructions=$ins cpu/$name/=$named r1200=$raw"
for v in "$cyc" "$ins" "$named" "$raw"; do
	[[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || fail "not a positive count: '$v'"
done
# the four are enabled together on exec and see the same records
[ "$cyc" = "$named" ] && [ "$cyc" = "$raw" ] ||
	fail "cycles, cpu/$name/ and r1200 differ"

# 2. system-wide, per CPU
out=$(perf stat -a -A -x, -e cycles -- $work 2>&1 >/dev/null) ||
	fail "perf stat -a exited $?"
echo "$out" | grep -E '^CPU[0-9]+,' || fail "no per-CPU lines"
total=$(echo "$out" | awk -F, '$4 == "cycles" { s += $2 } END { print s + 0 }')
[ "$total" -gt 0 ] || fail "perf stat -a counted nothing"

# 3. the default event list: ours count or are cleanly skipped
out=$(perf stat -x, -- $work 2>&1 >/dev/null) || fail "perf stat (default) exited $?"
echo "$out" | grep -E ',(cycles|instructions),' | grep -qv 'not supported' ||
	fail "default perf stat lacks cycles/instructions counts"
echo "$out" | grep -q ',branch-misses,' || fail "default list lacks branch-misses"
echo "ok: perf stat generic/named/raw, -a, default events"
