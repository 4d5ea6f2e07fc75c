#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# `make vm CMD='...'` must hand the VM any command a user can type in a
# shell, unchanged: quotes, $, $(( )), pipes, ;, &&, redirections,
# newlines, backslashes and #. One boot runs such a command; the output
# it prints in the guest must be exactly what bash prints for it here.
# A second boot checks that counts are real by default: `perf stat ls`
# counts cycles (the model's free-running mode is on in make vm).

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck disable=SC2016 # expanded by the shell that runs it
cmd='i=0; while [ $i -lt 9 ]; do i=$((i+1)); done; echo "vmcmd 1:$i"
echo '"'"'vmcmd 2: single "quoted" $HOME'"'"' | tr a-z A-Z
x="a  b"; [ -n "$x" ] && echo "vmcmd 3:[$x]" || echo "vmcmd 3: wrong"
echo "vmcmd 4: $(echo sub) \$literal back\\slash # not a comment"
printf "vmcmd 5: %s\n" one two >"$TMPDIR_VM/out" 2>&1; cat "$TMPDIR_VM/out"'

want=$(TMPDIR_VM=$tmp bash -c "$cmd" | sed "s|$HOME|<home>|")
cd "$REPO"
make -s vm CMD="TMPDIR_VM=/tmp; $cmd" >"$tmp/log" 2>&1 || {
	tail -n 30 "$tmp/log" >&2
	echo "vm-cmd-check: make vm failed" >&2
	exit 1
}
got=$(tr -d '\r' <"$tmp/log" | grep -a '^vmcmd\|^VMCMD' |
	sed "s|/root|<home>|")
if [ "$got" != "$want" ]; then
	echo "vm-cmd-check: FAILED" >&2
	diff <(echo "$want") <(echo "$got") >&2 || true
	exit 1
fi
echo "vm-cmd-check: 5 commands reached the VM unchanged"

# Free-running mode is on by default: a plain perf stat counts cycles.
cycles=$(make -s vm CMD='perf stat -x, -e cycles -- ls / 2>&1 >/dev/null' 2>&1 |
	tr -d '\r' | grep -a ',cycles,' | cut -d, -f1 | tail -n 1)
case $cycles in
'' | *[!0-9]* | 0)
	echo "vm-cmd-check: FAILED: perf stat ls counted '$cycles' cycles" >&2
	exit 1
	;;
esac
echo "vm-cmd-check: perf stat ls in make vm: $cycles cycles"
