#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The driver's text in a Ski kernel, as Ski's meter takes it
# (SKI_METER_TEXT, tools/ski/ski_meter.c): <start>-<end>[,...] in hex.
#
#   tools/ski/meter-text.sh [-f] <kernel tree> <nm>
#
# With -f, the driver's functions instead, one per line: <start> <end>
# <name> (SKI_METER_FUNCS, the meter's profile).
#
# The driver's objects are linked one after the other, so its functions
# are runs of consecutive function symbols of vmlinux (by address). A
# run is every symbol whose name one of the objects of
# drivers/perf/ia64/built-in.a defines; runs made only of names that
# vmlinux also defines elsewhere (an inline helper's out-of-line copy,
# a static of the same name) are another's and are left out. A range
# ends at its last function's end (address + size).

set -euo pipefail

funcs=0
if [ "${1:-}" = -f ]; then
	funcs=1
	shift
fi
tree=${1:?kernel tree}
nm=${2:?nm}

mapfile -t objs < <(cd "$tree" && ar t drivers/perf/ia64/built-in.a)
[ "${#objs[@]}" -gt 0 ] || { echo "meter-text: no driver objects" >&2; exit 1; }
(cd "$tree" && "$nm" --defined-only "${objs[@]}") |
	awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u >"${TMPDIR:-/tmp}/meter-text.$$"
trap 'rm -f "${TMPDIR:-/tmp}/meter-text.$$"' EXIT

# awk prints each run (R) as its start, its last function's address and
# size, and each of its functions (F) as address, size and name; bash
# adds them (awk's numbers are doubles: 53 bits)
sep=
while read -r what a b c; do
	if [ "$what" = F ] && [ "$funcs" = 1 ]; then
		printf '%s %x %s\n' "$a" $((0x$a + 0x$b)) "$c"
		sep=,
	elif [ "$what" = R ] && [ "$funcs" = 0 ]; then
		printf '%s%s-%x' "$sep" "$a" $((0x$b + 0x$c))
		sep=,
	fi
done < <("$nm" -n -S "$tree/vmlinux" | awk -v names="${TMPDIR:-/tmp}/meter-text.$$" '
	BEGIN {
		while ((getline n < names) > 0)
			drv[n] = 1
	}
	NF == 4 && $3 ~ /^[tTwW]$/ {
		n++
		addr[n] = $1; size[n] = $2; name[n] = $4
		seen[$4]++
	}
	function flush() {
		if (first && own) {
			print "R", addr[first], addr[last], size[last]
			for (j = first; j <= last; j++)
				print "F", addr[j], size[j], name[j]
		}
		first = own = 0
	}
	END {
		for (i = 1; i <= n; i++) {
			if (!(name[i] in drv)) {
				flush()
				continue
			}
			if (!first)
				first = i
			own += seen[name[i]] == 1
			last = i
		}
		flush()
	}')
[ -n "$sep" ] || { echo "meter-text: no driver function in vmlinux" >&2; exit 1; }
[ "$funcs" = 1 ] || echo
