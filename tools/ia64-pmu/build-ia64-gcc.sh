#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build a C-only ia64-linux-gnu-gcc cross compiler from Debian's
# gcc-12-source package, using the assembler and linker of
# binutils-ia64-linux-gnu. Debian ships no ia64 gcc, and the kernel only
# needs the compiler proper (it carries its own libgcc helpers in
# arch/ia64/lib), so "all-gcc" is enough: no libgcc, no C library.
#
# The result is installed into $IA64_PMU_CACHE/ia64-gcc-<key>, where <key>
# hashes the gcc-12-source and binutils-ia64-linux-gnu versions and this
# script. A second run with the same inputs does nothing. The repository's
# build/ia64-gcc is pointed at the install directory, and the last line
# printed is its bin directory.
#
# Environment:
#   IA64_PMU_CACHE   cache root (default /var/cache/ia64-pmu)
#   IA64_GCC_JOBS    make -j value (default: nproc)

set -euo pipefail

CACHE=${IA64_PMU_CACHE:-/var/cache/ia64-pmu}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(readlink -f "${BASH_SOURCE[0]}")
GCC_SRC_DIR=/usr/src/gcc-12
TARGET=ia64-linux-gnu
JOBS=${IA64_GCC_JOBS:-$(nproc)}

die() {
	echo "build-ia64-gcc: $*" >&2
	exit 1
}

pkgver() {
	dpkg-query -W -f='${Version}' "$1" 2>/dev/null ||
		die "package $1 is not installed"
}

gcc_ver=$(pkgver gcc-12-source)
bu_ver=$(pkgver binutils-ia64-linux-gnu)
tarball=$(ls "$GCC_SRC_DIR"/gcc-*.tar.xz 2>/dev/null | head -n1) ||
	true
[ -n "$tarball" ] || die "no gcc tarball in $GCC_SRC_DIR"
for tool in as ld; do
	[ -x "/usr/bin/$TARGET-$tool" ] || die "/usr/bin/$TARGET-$tool missing"
done

key=$({
	echo "gcc-12-source $gcc_ver"
	echo "binutils-ia64-linux-gnu $bu_ver"
	cat "$SELF"
} | sha256sum | cut -c1-12)

PREFIX=$CACHE/ia64-gcc-$key
BINDIR=$PREFIX/bin

link_repo() {
	mkdir -p "$REPO/build"
	ln -sfn "$PREFIX" "$REPO/build/ia64-gcc"
}

if [ -f "$PREFIX/.complete" ] && [ -x "$BINDIR/$TARGET-gcc" ]; then
	link_repo
	echo "$BINDIR"
	exit 0
fi

mkdir -p "$CACHE"
exec 9>"$CACHE/ia64-gcc-$key.lock"
flock 9
# Another run may have finished it while we waited for the lock.
if [ -f "$PREFIX/.complete" ] && [ -x "$BINDIR/$TARGET-gcc" ]; then
	link_repo
	echo "$BINDIR"
	exit 0
fi

WORK=$CACHE/ia64-gcc-$key.work
rm -rf "$WORK" "$PREFIX"
mkdir -p "$WORK/src" "$WORK/obj" "$WORK/stage"
start=$(date +%s)

echo "build-ia64-gcc: unpacking $(basename "$tarball") (gcc-12-source $gcc_ver)"
# Skip the runtime libraries of other languages (gcc's selftests need its
# testsuite directory, libiberty's configure its own); the
# front-end directories stay, gcc's configure scans them.
tar -xJf "$tarball" -C "$WORK/src" --strip-components=1 \
	--exclude='*/libgo' --exclude='*/libphobos' \
	--exclude='*/libstdc++-v3' --exclude='*/libgfortran' \
	--exclude='*/libada' --exclude='*/gnattools' --exclude='*/libobjc' \
	--exclude='*/libgm2'

cc=gcc
cxx=g++
if command -v ccache >/dev/null; then
	cc="ccache gcc"
	cxx="ccache g++"
fi

cd "$WORK/obj"
echo "build-ia64-gcc: configuring for $TARGET, prefix $PREFIX"
# -g0: nobody debugs this compiler, and gcc's default -g costs about a
# fifth of the build; -O2 (the default) keeps the compiler fast for the
# ia64 kernel it then builds.
CC=$cc CXX=$cxx CFLAGS='-O2 -g0' CXXFLAGS='-O2 -g0' "$WORK/src/configure" \
	--prefix="$PREFIX" \
	--target=$TARGET \
	--enable-languages=c \
	--without-headers \
	--disable-shared \
	--disable-threads \
	--disable-multilib \
	--disable-bootstrap \
	--disable-nls \
	--disable-libssp \
	--disable-libquadmath \
	--disable-libgomp \
	--disable-libatomic \
	--disable-libsanitizer \
	--disable-decimal-float \
	--with-as=/usr/bin/$TARGET-as \
	--with-ld=/usr/bin/$TARGET-ld \
	>"$WORK/configure.log" 2>&1 ||
	die "configure failed, see $WORK/configure.log"

echo "build-ia64-gcc: make -j$JOBS all-gcc (log: $WORK/build.log)"
nice -n 10 make -j"$JOBS" all-gcc >"$WORK/build.log" 2>&1 ||
	die "build failed, see $WORK/build.log"

# The texinfo stamp would otherwise make install rebuild the docs,
# which needs makeinfo.
touch gcc/s-tm-texi
make install-gcc DESTDIR="$WORK/stage" >"$WORK/install.log" 2>&1 ||
	die "install failed, see $WORK/install.log"

# Binutils for the target, under the names the kernel build uses
for tool in /usr/bin/$TARGET-*; do
	name=$(basename "$tool")
	[ -e "$WORK/stage$PREFIX/bin/$name" ] ||
		ln -s "$tool" "$WORK/stage$PREFIX/bin/$name"
done

"$WORK/stage$PREFIX/bin/$TARGET-gcc" -v >/dev/null 2>&1 ||
	die "installed compiler does not run"

mv "$WORK/stage$PREFIX" "$PREFIX"
{
	echo "gcc-12-source $gcc_ver"
	echo "binutils-ia64-linux-gnu $bu_ver"
	echo "built $(date -u +%FT%TZ) in $(($(date +%s) - start))s"
} >"$PREFIX/.complete"
rm -rf "$WORK"
link_repo

echo "build-ia64-gcc: done in $(($(date +%s) - start))s"
echo "$BINDIR"
