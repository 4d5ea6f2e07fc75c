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
echo "docs-check: ${#docs[@]} documents, short forms ${defined[*]}"
