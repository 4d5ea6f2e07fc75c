#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Qualification with stock perf: an address filter on the workload's hot
# function (perf record --filter), an opcode pattern and a data range
# (perf stat with the format fields). qual_workload describes its two
# functions' instructions and loads to the model, so the counts are
# exact: per iteration, hot 8 instructions (1 B) and 3 loads from
# ia64_pmu_qual_array, cold 4 instructions (2 B) and 2 loads elsewhere.
# On the three models: the Itanium 2's and the Montecito's names of the
# events ([PFM-I2], [PFM-MONT]), whose IBR pair 0 takes the filters (in
# fine mode where a range allows it).
set -u

# sample counts as under run-all.sh when run alone
# shellcheck source=perf_limits.sh
. "$(dirname "$0")/perf_limits.sh"
perf_limits_off

fail() { echo "FAIL: $*"; exit 1; }
sim=/sys/kernel/debug/ia64_pmu_sim
data=/tmp/perf-qual.data
w=/tests/qual_workload
was=$(cat "$sim/freerun")
echo 0 >"$sim/freerun" || fail "cannot stop free-running mode"
trap 'echo "$was" >"$sim/freerun"' EXIT

tag=IA64_TAGGED_INST_RETIRED
drefs=DATA_REFERENCES_RETIRED
cycles=CPU_CYCLES
case $(cat /sys/bus/event_source/devices/cpu/caps/pmu_name) in
itanium2)
	tag=IA64_TAGGED_INST_RETIRED_IBRP0_PMC8
	drefs=DATA_REFERENCES_SET0 ;;
montecito)
	tag=IA64_TAGGED_INST_RETIRED_IBRP0_PMC32_33
	drefs=DATA_REFERENCES_SET0
	cycles=CPU_OP_CYCLES_ALL ;;
esac

stat_count() {	# <event> [args]: the count perf stat prints
	perf stat -x, -e "$1" -- $w 50 2>&1 >/dev/null | awk -F, 'NR==1 { print $1 }'
}

# an opcode pattern: B-syllables only, 50 x (1 + 2)
n=$(stat_count "cpu/$tag,opc_b=1/u")
[ "$n" = 150 ] || fail "opc_b=1: $n, want 150"
n=$(stat_count "cpu/$tag/u")
[ "$n" = 600 ] || fail "no pattern: $n, want 600"
# M and I (A-type)
n=$(stat_count "cpu/$tag,opc_m=1,opc_i=1/u")
[ "$n" = 400 ] || fail "opc_m=1,opc_i=1: $n, want 400"

# Montecito, the full 41 bits of the matcher: the hot function's two I
# instructions are encoded 0x15555555555 (qual_workload.c): 50 x 2.
# opc_match/opc_care name bits 40:27 and 12:0 (0x5555555), the mid fields
# bits 26:13 (0x2aaa); encoding bit 20 alone is mid bit 7
if [ "$tag" = IA64_TAGGED_INST_RETIRED_IBRP0_PMC32_33 ]; then
	full=opc_match=0x5555555,opc_care=0x7ffffff,opc_care_mid=0x3fff
	n=$(stat_count "cpu/$tag,$full,opc_match_mid=0x2aaa/u")
	[ "$n" = 100 ] || fail "41-bit match: $n, want 100"
	n=$(stat_count "cpu/$tag,$full,opc_match_mid=0x2aab/u")
	[ "$n" = 0 ] || fail "41-bit match, bit 13 changed: $n, want 0"
	n=$(stat_count "cpu/$tag,opc_match_mid=0x80,opc_care_mid=0x80/u")
	[ "$n" = 100 ] || fail "encoding bit 20: $n, want 100"
	[ -e /sys/bus/event_source/devices/cpu/format/opc_match_mid ] ||
		fail "no format/opc_match_mid"
elif [ -e /sys/bus/event_source/devices/cpu/format/opc_match_mid ]; then
	fail "format/opc_match_mid without 41-bit matchers"
fi

# a data range over ia64_pmu_qual_array (4 KiB): only its loads
addr=$($w -a) || fail "workload address"
drange=$(printf '%#x' $((addr | 0x7ff)))
n=$(stat_count "cpu/$drefs,drange=$drange/u")
[ "$n" = 150 ] || fail "drange=$drange: $n, want 150"
n=$(stat_count "cpu/$drefs/u")
[ "$n" = 250 ] || fail "no range: $n, want 250"

# perf stat --filter: an absolute range, the hot function's 256 bytes
# (perf stat tracks no mapping: a file filter follows the file only while
# an event with attr.mmap exists, as under perf record)
hot=$($w -f) || fail "workload function address"
n=$(perf stat -x, -e "cpu/$tag/u" \
	--filter "filter $hot/0x100" -- $w 50 2>&1 >/dev/null |
	awk -F, 'NR==1 { print $1 }')
[ "$n" = 400 ] || fail "perf stat --filter $hot/0x100: $n, want 400"

# perf record --filter on the hot function: every sample inside it
out=$(perf record -o "$data" -c 1 \
	-e "cpu/$tag,irange_approx=1/u" \
	--filter 'filter ia64_pmu_qual_hot @ /tests/qual_workload' -- $w 50 2>&1) ||
	fail "perf record --filter exited $?: $out"
syms=$(perf script -i "$data" -F ip,sym 2>/dev/null | awk '{ print $2 }' | sort | uniq -c)
echo "$syms"
n=$(echo "$syms" | awk '$2 == "ia64_pmu_qual_hot" { print $1 }')
[ "${n:-0}" = 400 ] || fail "perf record --filter: ${n:-0} samples in ia64_pmu_qual_hot, want 400"
others=$(echo "$syms" | grep -vc ia64_pmu_qual_hot)
[ "$others" = 0 ] || fail "perf record --filter: samples outside the filter"
# without irange_approx the function needs more pairs than there are or
# fits: either way no sample outside it
if out=$(perf record -o "$data" -c 1 -e "cpu/$tag/u" \
	--filter 'filter ia64_pmu_qual_cold @ /tests/qual_workload' -- $w 50 2>&1); then
	n=$(perf script -i "$data" -F ip,sym 2>/dev/null | grep -c ia64_pmu_qual_cold)
	[ "$n" = 200 ] || fail "exact filter on cold: $n samples, want 200"
else
	echo "$out" | grep -qi 'filter' || fail "perf record --filter failed oddly: $out"
fi
# an event that cannot be filtered
perf stat -e "cpu/$cycles/u" -- true >/dev/null 2>&1 ||
	fail "no event cpu/$cycles/"
out=$(perf record -o "$data" -e "cpu/$cycles/u" \
	--filter 'filter ia64_pmu_qual_hot @ /tests/qual_workload' -- $w 5 2>&1) &&
	fail "$cycles took an address filter"
# a symbol whose size is not a multiple of 16 (spin_workload's main) is
# rounded out to the bundles it occupies and accepted; in free-running
# mode the tagged event samples in main only, where spin_workload -i
# spins (the kselftest qual.filter_rounds_out_to_bundles checks the
# edges exactly). On the
# Itanium 2 and the Montecito, with no irange_approx, fine mode rounds it
# out further, to its two-bundle granularity: every sample in main or in
# the 32 bytes that hold main's first or last byte (the function before
# main ends there).
granule=
[ "$tag" = IA64_TAGGED_INST_RETIRED ] || granule=32
main=$(/tests/spin_workload -m) || fail "spin_workload -m"
echo 1 >"$sim/freerun"
out=$(perf record -o "$data" -c 1 -e "cpu/$tag/u" \
	--filter 'filter main @ /tests/spin_workload' -- /tests/spin_workload -i 300 2>&1) ||
	fail "perf record --filter main: exited $?: $out"
echo 0 >"$sim/freerun"
syms=$(perf script -i "$data" -F ip,sym 2>/dev/null | awk '{ print $2 }' | sort | uniq -c)
echo "filter main @ spin_workload: ${syms:-no samples}"
n=$(echo "$syms" | awk '$2 == "main" { print $1 }')
[ "${n:-0}" -gt 0 ] || fail "perf record --filter main: no sample in main"
if [ -z "$granule" ]; then
	others=$(echo "$syms" | awk '$1 && $2 != "main"' | wc -l)
	[ "$others" = 0 ] || fail "perf record --filter main: samples outside main"
else
	# ip sym+off: outside main only in main's first granule, or in the
	# granule of the byte before the function that follows main
	out=
	# (a here-string, not process substitution: the VM has no /dev/fd)
	while read -r ip so; do
		[ -n "$ip" ] || continue
		sym=${so%+0x*}
		off=0
		[ "$sym" = "$so" ] || off=$((${so##*+}))
		ip=$((0x$ip))
		[ "$sym" = main ] && continue
		[ $((ip / 32)) = $((main / 32)) ] && continue
		[ $ip -gt $((main)) ] && [ $off -lt 32 ] &&
			[ $((ip / 32)) = $(((ip - off - 1) / 32)) ] && continue
		out="$out $(printf '%#x' $ip):$so"
	done <<<"$(perf script -i "$data" -F ip,sym,symoff 2>/dev/null)"
	[ -z "$out" ] || fail "perf record --filter main: samples beyond its granules: $out"
fi
echo "ok: opcode patterns, data ranges and address filters count what they select"
