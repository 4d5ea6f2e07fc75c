#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.pl from Debian's linux-source-6.1 on every C source and header
# of the driver, the model, the uapi/internal headers and the kselftests,
# and on the patch series. Any error or warning fails.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
tarball=/usr/src/linux-source-6.1.tar.xz
ver=$(dpkg-query -W -f='${Version}' linux-source-6.1)
dir=$cache/checkpatch-$ver

if [ ! -x "$dir/scripts/checkpatch.pl" ]; then
	mkdir -p "$dir.tmp"
	tar -xJf "$tarball" -C "$dir.tmp" --strip-components=1 \
		linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch
	rm -rf "$dir"
	mv "$dir.tmp" "$dir"
fi

cd "$top"
mapfile -t files < <(git ls-files -co --exclude-standard \
	'drivers/*.c' 'drivers/*.h' 'include/*.h' \
	'tools/testing/selftests/*.c' 'tools/testing/selftests/*.h')
# a format-patch cover letter (patches/upstream-*) has no diff to check
mapfile -t patches < <(git ls-files -co --exclude-standard 'patches/*.patch' |
	grep -v '/0000-cover-letter\.patch$')

fail=0
opts=(--no-tree --quiet --show-types)
# The overlay's own files: full strictness
for f in "${files[@]}"; do
	ign=()
	# The compat header is the one place meant to test the kernel
	# version (it wraps what differs between 6.1 and 6.12)
	case $f in
	drivers/perf/ia64/ia64_pmu_compat.h)
		ign=(--ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON) ;;
	esac
	"$dir/scripts/checkpatch.pl" "${opts[@]}" "${ign[@]}" -f "$f" || fail=1
done
for p in "${patches[@]}"; do
	# On stdin: given a path inside a git work tree, checkpatch checks
	# the patch file as a file. New files under arch/ia64/ are covered
	# by the existing MAINTAINERS entry (FILE_PATH_CHANGES). The
	# commits that Fixes: tags name are upstream's, not in this
	# repository: checkpatch cannot look them up (UNKNOWN_COMMIT_ID).
	# The series for mainline also passes --strict.
	strict=()
	case $p in patches/upstream-*) strict=(--strict) ;; esac
	"$dir/scripts/checkpatch.pl" --no-tree --quiet "${strict[@]}" \
		--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID - <"$p" || fail=1
done
if [ "$fail" -ne 0 ]; then
	echo "checkpatch: FAILED"
	exit 1
fi
echo "checkpatch: ${#files[@]} files, ${#patches[@]} patches clean"
