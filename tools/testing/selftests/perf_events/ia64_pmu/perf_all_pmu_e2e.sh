#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every event perf list shows opens and counts through perf stat, on
# every CPU model: the events of "perf list --raw-dump pmu" go to perf
# stat in batches of four times as many events as the PMU has counters
# (caps/counters; the core multiplexes them; a batch takes events from
# all over the list), each batch over a 100 ms spin, and each event must print a number, not <not supported> or
# <not counted>. An event that
# prints no number in its batch (it could not share the counters with
# the others long enough: placement rules, multiplexing over a short
# run) is tried again alone, and only then fails, with its name. The
# events whose sysfs file asks for an EAR (ear=1: mem-loads) are sampling
# events, which the driver refuses to count (an EAR on a counting event,
# "Errors" in Documentation/admin-guide/perf/ia64-pmu.rst): they are
# listed but not counted here; perf_mem_e2e.sh samples with them.
#
# This replaces perf's own "perf all PMU test" (perf test 101 in
# perf 6.1), one perf stat per event: 163 events took a minute
# on the Itanium, the Itanium 2's 461 and the Montecito's 601 cost many
# minutes of each run. That test is not run on any model, the Itanium
# included: it accepts <not supported>, which this test does not, so
# this test checks all it checks.
#
# The values do not matter: without the free-running mode the model
# counts nothing, which perf stat prints as 0.
set -u

fail() { echo "FAIL: $*"; exit 1; }

pmu=/sys/bus/event_source/devices/cpu
sim=/sys/kernel/debug/ia64_pmu_sim
work="/tests/spin_workload 100"

was=$(cat "$sim/freerun")
echo 0 >"$sim/freerun"
trap 'echo "$was" >"$sim/freerun"' EXIT

batch=$(cat "$pmu/caps/counters")
[[ "$batch" =~ ^[0-9]+$ ]] && [ "$batch" -gt 0 ] ||
	fail "caps/counters is '$batch'"
batch=$((batch * 4))
dump=$(perf list --raw-dump pmu 2>&1) || fail "perf list failed: $dump"
read -r -a listed <<<"$dump"
events=()
ears=0
for e in "${listed[@]}"; do
	f=${e#cpu/}
	f=$pmu/events/${f%/}
	case $e in
	cpu/*/)
		if [ -f "$f" ] && grep -q 'ear=1' "$f"; then
			ears=$((ears + 1))
			continue
		fi
		;;
	esac
	events+=("$e")
done
[ "${#events[@]}" -gt 0 ] || fail "perf list --raw-dump pmu lists nothing"

# perf stat -x, on the events of "$@": prints each that has no number
# (CSV: value,unit,event,...); all of them if perf stat failed
uncounted() {
	local list out val unit ev rest e
	local -A num=()

	list=$(IFS=,; echo "$*")
	if out=$(perf stat -x, -e "$list" -- $work 2>&1 >/dev/null); then
		while IFS=, read -r val unit ev rest; do
			[[ "$val" =~ ^[0-9]+$ ]] && num[$ev]=1
		done <<<"$out"
	fi
	for e in "$@"; do
		[ -n "${num[$e]:-}" ] || echo "$e"
	done
}

# The check itself: event select 0xff is no event of any model (EINVAL)
bad=cpu/event=0xff/
[ "$(uncounted "$bad")" = "$bad" ] || fail "$bad passes as counted"

retry=()
runs=0
# Batch j takes every nb-th event from the j-th: events of a group or a
# set are neighbours in the list, and would take turns on one counter
nb=$(((${#events[@]} + batch - 1) / batch))
for ((j = 0; j < nb; j++)); do
	set_=()
	for ((i = j; i < ${#events[@]}; i += nb)); do
		set_+=("${events[i]}")
	done
	miss=$(uncounted "${set_[@]}")
	[ -z "$miss" ] || retry+=($miss)
	runs=$((runs + 1))
done
for e in "${retry[@]}"; do
	[ -z "$(uncounted "$e")" ] || {
		perf stat -x, -e "$e" -- $work 2>&1 >/dev/null | tail -n 3
		fail "$e: perf stat printed no count"
	}
	runs=$((runs + 1))
done
echo "ok: ${#events[@]} events counted, $runs perf stat runs" \
	"(${#retry[@]} events again alone), $ears EAR events not counted"
