#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make upstream-check: the perf core series of patches/upstream-7.2 (git
# format-patch output against Linux 7.2) on a clean 7.2 tree, without the
# Itanium PMU driver:
#   1. a git repository of Debian's linux-source-7.2 (fetch-source.sh),
#      made once per package version in
#      $IA64_PMU_CACHE/upstream-7.2_<version>/linux, its first commit
#      tagged "base" (the tarball as it is, less Debian's rule at the end
#      of .gitignore that ignores every file);
#   2. each run resets it to base (checkout -f, clean: build products,
#      which .gitignore names, are kept for make and ccache) and applies
#      the series with git am;
#   3. builds bzImage from allnoconfig + tools/ia64-pmu/x86_64.config
#      less its CONFIG_IA64_PMU* lines (build-kernel.sh's configuration
#      with the driver off), with the ccache of the other kernels;
#   4. builds the selftests the series adds under
#      tools/testing/selftests/perf_events (the tree's own Makefile,
#      static, against the tree's installed headers);
#   5. boots the kernel in the VM (run-vm.sh, with a minimal initramfs
#      of busybox, the tests and an init: no modules, no perf) and runs
#      each test; prints PASS/FAIL/SKIP per test and fails if one did not
#      pass (a skip checked nothing) or the console shows a kernel problem.
#
# Environment: IA64_PMU_CACHE, IA64_PMU_JOBS (make -j, default nproc),
# VM_TIMEOUT (run-vm.sh).

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
JOBS=${IA64_PMU_JOBS:-$(nproc)}
SERIES=$REPO/patches/upstream-7.2
FRAGMENT=$REPO/tools/ia64-pmu/x86_64.config
BUSYBOX=/bin/busybox
# shellcheck disable=SC2034 # kernels.sh reads it
IA64_PMU_LINUX=7.2
# shellcheck source=kernels.sh
. "$REPO/tools/ia64-pmu/kernels.sh"

die() {
	echo "upstream-check: $*" >&2
	exit 1
}

log() {
	echo "upstream-check: $*" >&2
}

linux_source || die "no source for Linux $LINUX"
top=$CACHE/upstream-${LINUX}_$LINUX_VERSION
tree=$top/linux
out=$REPO/build/upstream-$LINUX
mkdir -p "$CACHE" "$out"
mapfile -t patches < <(find "$SERIES" -maxdepth 1 -name '0*.patch' \
	! -name 0000-cover-letter.patch | LC_ALL=C sort)
[ ${#patches[@]} -gt 0 ] || die "no patches in $SERIES"

git_=(git -C "$tree" -c user.name=upstream-check
	-c user.email=upstream-check@localhost -c advice.detachedHead=false)

# One run per tree at a time.
exec 9>"$top.lock"
flock 9

# 1. The repository, once per package version.
if ! "${git_[@]}" rev-parse -q --verify refs/tags/base >/dev/null 2>&1; then
	log "new repository $tree (linux-source $LINUX_VERSION)"
	rm -rf "$top.tmp"
	mkdir -p "$top.tmp"
	tar -C "$top.tmp" -xf "$LINUX_TARBALL"
	mv "$top.tmp/$LINUX_PKG" "$top.tmp/linux"
	# Debian's "/*" rule would hide the files a patch adds
	sed -i '/^# Debian packaging/,$d' "$top.tmp/linux/.gitignore"
	(
		cd "$top.tmp/linux"
		git init -q -b upstream
		git add -f .
		git -c user.name=upstream-check -c user.email=upstream-check@localhost \
			commit -q -m "Linux $LINUX_VERSION (Debian $LINUX_PKG)"
		git tag base
	) || die "could not make the repository"
	rm -rf "$top"
	mv "$top.tmp" "$top"
fi

# 2. A clean tree with the series.
"${git_[@]}" am --abort >/dev/null 2>&1 || true
"${git_[@]}" checkout -q -f -B series base
"${git_[@]}" clean -q -f -d
log "git am ${#patches[@]} patches of ${SERIES#"$REPO"/}"
"${git_[@]}" am -q "${patches[@]}" || {
	"${git_[@]}" am --abort >/dev/null 2>&1 || true
	die "the series does not apply to $LINUX_VERSION"
}
"${git_[@]}" log --oneline base..series >&2

# 3. Configure (when the fragment changed) and build.
export CCACHE_DIR=$CACHE/ccache
export CCACHE_BASEDIR=$tree
export CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
mk=(nice make -C "$tree" -j"$JOBS" CC="ccache gcc" ARCH=x86_64)
frag=$top/fragment.config
grep -v '^CONFIG_IA64_PMU' "$FRAGMENT" >"$frag.new"
if [ ! -f "$tree/.config" ] || ! cmp -s "$frag.new" "$frag"; then
	log "configuring (x86_64.config without the Itanium PMU driver)"
	"${mk[@]}" -s allnoconfig >/dev/null
	(cd "$tree" && ARCH=x86_64 CC="ccache gcc" \
		scripts/kconfig/merge_config.sh -m .config "$frag.new") \
		>"$top/merge.log" 2>&1 || {
		cat "$top/merge.log" >&2
		die "merge_config failed"
	}
	"${mk[@]}" -s olddefconfig >/dev/null
	missing=
	while IFS= read -r line; do
		grep -qxF "$line" "$tree/.config" || missing="$missing ${line%%=*}"
	done < <(grep '^CONFIG_[A-Za-z0-9_]*=' "$frag.new")
	[ -z "$missing" ] || die "config options not set as requested:$missing"
	mv "$frag.new" "$frag"
fi
rm -f "$frag.new"
grep -q '^CONFIG_IA64_PMU' "$tree/.config" && die "CONFIG_IA64_PMU set in $tree/.config"
log "make bzImage headers (-j$JOBS)"
start=$(date +%s)
"${mk[@]}" -s bzImage || die "kernel build failed"
"${mk[@]}" -s headers >/dev/null || die "make headers failed"
log "built in $(($(date +%s) - start)) s"

# 4. The selftests the series adds: the programs of its new *.c files
#    under tools/testing/selftests/perf_events.
ST=tools/testing/selftests/perf_events
tests=()
while IFS= read -r f; do
	f=${f##*/}
	tests+=("${f%.c}")
done < <("${git_[@]}" diff --name-only --diff-filter=A base series -- "$ST/*.c")
[ ${#tests[@]} -gt 0 ] || die "the series adds no selftest under $ST"
rm -rf "$out/tests"
mkdir -p "$out/tests"
log "building ${tests[*]}"
nice make -s -C "$tree/$ST" OUTPUT="$out/tests" \
	KHDR_INCLUDES="-isystem $tree/usr/include" \
	LDFLAGS="-static -lpthread" "${tests[@]/#/$out/tests/}" ||
	die "selftests build failed"

# 5. A minimal initramfs: busybox, the tests, an init that speaks
#    run-vm.sh's protocol (/cmd.env's token, the start and exit markers).
[ -x "$BUSYBOX" ] || die "$BUSYBOX missing (busybox-static)"
stage=$out/initramfs.d
rm -rf "$stage"
mkdir -p "$stage"/{bin,sbin,dev,proc,sys,tmp,tests,root}
cp "$BUSYBOX" "$stage/bin/busybox"
for a in $("$BUSYBOX" --list); do
	[ -e "$stage/bin/$a" ] || ln -s busybox "$stage/bin/$a"
done
for t in "${tests[@]}"; do
	cp "$out/tests/$t" "$stage/tests/"
done
cat >"$stage/init" <<'EOF'
#!/bin/busybox sh
# Generated by tools/ia64-pmu/upstream-check.sh.
export PATH=/bin:/sbin HOME=/root
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
[ -f /cmd.env ] && . /cmd.env
marker="ia64-pmu-vm-${VM_TOKEN:-none}"
echo "$marker: start"
cd /root
sh /cmd.sh </dev/null
echo "$marker: exit=$?"
sync
poweroff -f
EOF
chmod 755 "$stage/init"
(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --quiet) >"$out/initramfs.cpio"
cp "$tree/arch/x86/boot/bzImage" "$out/bzImage"

# Each test's result from its exit status (kselftest: 0 pass, 4 skip).
# shellcheck disable=SC2016 # expanded in the VM
cmd='fail=0
for t in /tests/*; do
	echo "== ${t##*/}"
	"$t"
	rc=$?
	case $rc in
	0) r=PASS ;;
	4) r=SKIP; fail=1 ;;
	*) r=FAIL; fail=1 ;;
	esac
	echo "upstream-check-result: $r ${t##*/} (exit $rc)"
done
exit $fail'

log "booting $("${git_[@]}" describe --always series) in the VM"
vm_rc=0
VM_KERNEL=$out/bzImage VM_INITRAMFS=$out/initramfs.cpio \
	VM_LOG=$out/vm-console.log "$REPO/tools/ia64-pmu/run-vm.sh" "$cmd" ||
	vm_rc=$?

echo "---- upstream-check: Linux $LINUX_VERSION + ${SERIES#"$REPO"/} (${#patches[@]} patches)"
fail=0
for t in "${tests[@]}"; do
	r=$(sed -n "s/^upstream-check-result: \([A-Z]*\) $t .*/\1/p" \
		"$out/vm-console.log" | tail -n 1)
	echo "upstream-check: ${r:-FAIL (no result)} $t"
	# a test that skipped did not check anything: the VM is meant to
	# give every test what it needs (root, a second CPU)
	[ "$r" = PASS ] || fail=1
done
if [ $vm_rc -ne 0 ]; then
	echo "upstream-check: FAIL: the VM run (run-vm.sh exit $vm_rc; log $out/vm-console.log)"
	fail=1
fi
[ $fail -eq 0 ] || exit 1
echo "upstream-check: all passed"
