#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Unloading with events open is refused; after they close, both modules
# unload and load again, and the driver is again the cpu PMU with type 4
# and a task context (the patch series fixes 6.1's one-shot
# hw_context_taken). The modules come back with the software model's
# parameters, as the same CPU model. Nothing of theirs is left at unload,
# the model's other PMU's per-task data included. With a PAL that reports
# 16-bit counters the driver does not load. Runs last: it reloads the
# modules.
set -u

fail() { echo "FAIL: $*"; exit 1; }
mods=${IA64_PMU_MODULES:-/modules}
params=/sys/module/ia64_pmu_sim/parameters
model=$(cat $params/model)
freerun=$(cat $params/freerun)
name=$(cat /sys/bus/event_source/devices/cpu/caps/pmu_name)

# A counting event held open by a background perf stat
perf stat -e cycles -- sleep 60 >/dev/null 2>&1 &
pid=$!
# until its event holds the driver (each open event takes a reference on
# the PMU's module): perf can take seconds to start on a loaded host
for ((t = 0; t < 300; t++)); do
	[ "$(cat /sys/module/ia64_pmu/refcnt)" -gt 0 ] && break
	sleep 0.1
done
[ "$(cat /sys/module/ia64_pmu/refcnt)" -gt 0 ] ||
	fail "perf stat opened no event of the driver in 30 s"
rmmod ia64_pmu 2>/dev/null && fail "rmmod ia64_pmu succeeded with an event open"
rmmod ia64_pmu_sim 2>/dev/null && fail "rmmod ia64_pmu_sim succeeded under the driver"
kill "$pid"
wait "$pid" 2>/dev/null

# The model's other PMU with per-task data (sim_peer.c), its event opened
# on a task after a task-clock event: on 6.1 that data stayed in the
# task-clock's software context and the model's cache was not empty at
# unload ("Objects remaining in ia64_pmu_peer_ctx")
echo 1 > /sys/kernel/debug/ia64_pmu_sim/fault/peer_pmu ||
	fail "no fault/peer_pmu"
out=$(perf stat -x, -e task-clock -e ia64_pmu_peer/config=0/ -- true 2>&1) ||
	fail "perf stat with the other PMU: $out"

rmmod ia64_pmu || fail "rmmod ia64_pmu"
rmmod ia64_pmu_sim || fail "rmmod ia64_pmu_sim"
dmesg | grep 'Objects remaining in ia64_pmu' &&
	fail "a cache of the modules still held objects at unload"
[ -e /sys/bus/event_source/devices/cpu ] && fail "cpu PMU still registered"

for i in 1 2; do
	insmod "$mods/ia64_pmu_sim.ko" model="$model" freerun="$freerun" ||
		fail "insmod ia64_pmu_sim ($i)"
	insmod "$mods/ia64_pmu.ko" || fail "insmod ia64_pmu ($i)"
	[ "$(cat /sys/bus/event_source/devices/cpu/type)" = 4 ] ||
		fail "cpu PMU type is not 4 after reload $i"
	[ "$(cat /sys/bus/event_source/devices/cpu/caps/pmu_name)" = "$name" ] ||
		fail "the PMU is not $name after reload $i"
	# per-task counting works (needs the task context)
	out=$(perf stat -x, -e cycles -- true 2>&1) ||
		fail "perf stat after reload $i: $out"
	echo "$out" | grep -q 'not supported' &&
		fail "per-task event not supported after reload $i: $out"
	if [ "$i" = 1 ]; then
		rmmod ia64_pmu || fail "rmmod ia64_pmu ($i)"
		rmmod ia64_pmu_sim || fail "rmmod ia64_pmu_sim ($i)"
	fi
done

# A PAL that reports counters narrower than any Itanium's 32 bits: the
# driver does not load (an interrupt storm otherwise), and says why.
# Then the modules as they were.
rmmod ia64_pmu || fail "rmmod ia64_pmu (narrow)"
rmmod ia64_pmu_sim || fail "rmmod ia64_pmu_sim (narrow)"
insmod "$mods/ia64_pmu_sim.ko" model=generic,width=16 freerun="$freerun" ||
	fail "insmod ia64_pmu_sim model=generic,width=16"
insmod "$mods/ia64_pmu.ko" 2>/dev/null &&
	fail "the driver loaded with counters of 16 bits"
[ -e /sys/bus/event_source/devices/cpu ] &&
	fail "cpu PMU registered with counters of 16 bits"
dmesg | grep -q 'ia64_pmu: PAL reports counters of 16 bits, narrower than any Itanium' ||
	fail "no line in dmesg says why the driver did not load"
rmmod ia64_pmu_sim || fail "rmmod ia64_pmu_sim (narrow)"
insmod "$mods/ia64_pmu_sim.ko" model="$model" freerun="$freerun" ||
	fail "insmod ia64_pmu_sim (back)"
insmod "$mods/ia64_pmu.ko" || fail "insmod ia64_pmu (back)"
[ "$(cat /sys/bus/event_source/devices/cpu/caps/pmu_name)" = "$name" ] ||
	fail "the PMU is not $name after the narrow PAL"
echo "ok: unload refused while in use, nothing left at unload, two reloads, a 16-bit PAL refused"
