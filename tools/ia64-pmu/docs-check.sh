#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The documentation stands on its own: README and Documentation/ cite the
# manuals by the short forms the rst defines ([ITA-RM], [SDM-2],
# [PFM-I2], [I2-RM]...), never a path outside the repository or the project's
# internal "spec 00N" names; and every short form used in the code is
# one the rst defines (any [ITA..], [SDM..], [PFM..], [MONT..], [I2..]).

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
rst=Documentation/admin-guide/perf/ia64-pmu.rst
fail=0

mapfile -t docs < <(git ls-files -co --exclude-standard README \
	'Documentation/*')
if grep -nE 'shared/spec|\.\./shared|specs? 00[0-9]' "${docs[@]}"; then
	echo "docs-check: the lines above cite the project's spec files"
	fail=1
fi

# Short forms defined in the rst: lines "[XXX]  title"
mapfile -t defined < <(grep -oE '^\[[A-Z0-9-]+\]' "$rst" | sort -u)
[ ${#defined[@]} -gt 0 ] || { echo "docs-check: $rst defines no short form"; exit 1; }

mapfile -t files < <(git ls-files -co --exclude-standard drivers include \
	tools Documentation README)
while IFS= read -r ref; do
	if ! printf '%s\n' "${defined[@]}" | grep -qxF "$ref"; then
		echo "docs-check: $ref is used but not defined in $rst"
		fail=1
	fi
done < <(grep -ohE '\[((ITA|SDM|PFM|MONT|I2)[A-Z0-9-]*)\]' "${files[@]}" | sort -u)

if grep -nE 'specs? 00[0-9]' "${files[@]}" | grep -v 'docs-check.sh'; then
	echo "docs-check: the lines above use the internal spec numbers"
	fail=1
fi
# Every modelling choice of the model (drivers/perf/ia64/sim/), marked
# MODEL(<name>) in its code, has an entry in the rst's "What the model
# assumes" that names it as ``MODEL(<name>)``, and that section names no
# choice the code has not; an unnamed "MODEL:" is refused
mapfile -t sim < <(git ls-files -co --exclude-standard \
	'drivers/perf/ia64/sim/*.c' 'drivers/perf/ia64/sim/*.h')
if grep -n 'MODEL:' "${sim[@]}"; then
	echo "docs-check: the lines above mark a modelling choice without a name (MODEL(<name>):)"
	fail=1
fi
python3 - "$rst" "${sim[@]}" <<'PY' || fail=1
import re, sys
rst = open(sys.argv[1]).read()
start = rst.find('\nWhat the model assumes\n=')
if start < 0:
	sys.exit('docs-check: no "What the model assumes" section in ' + sys.argv[1])
# up to the next title underlined with "="
nxt = re.search(r'\n[^\n]+\n=+\n', rst[start + 30:])
section = rst[start:start + 30 + nxt.start()] if nxt else rst[start:]
listed = set(re.findall(r'``MODEL\(([a-z0-9-]+)\)``', section))
code = {}
for f in sys.argv[2:]:
	for n, line in enumerate(open(f), 1):
		for name in re.findall(r'MODEL\(([a-z0-9-]+)\)', line):
			code.setdefault(name, '%s:%d' % (f, n))
bad = 0
for name in sorted(set(code) - listed):
	print('docs-check: %s: MODEL(%s) has no entry in "What the model assumes"' % (code[name], name))
	bad = 1
for name in sorted(listed - set(code)):
	print('docs-check: "What the model assumes" lists MODEL(%s), which the model does not mark' % name)
	bad = 1
sys.exit(bad)
PY
# The rst parses cleanly (when docutils is installed)
if python3 -c 'import docutils' 2>/dev/null; then
	python3 - "$rst" <<'PY' || fail=1
import io, sys
import docutils.core
err = io.StringIO()
docutils.core.publish_doctree(open(sys.argv[1]).read(), settings_overrides={
	'warning_stream': err, 'report_level': 2})
if err.getvalue():
	print("docs-check: " + sys.argv[1] + ":\n" + err.getvalue())
	sys.exit(1)
PY
else
	echo "docs-check: no python3 docutils, rst syntax not checked"
fi
[ $fail -eq 0 ] || exit 1
echo "docs-check: ${#docs[@]} documents, short forms ${defined[*]}, ${#sim[@]} model files' MODEL() choices listed"
