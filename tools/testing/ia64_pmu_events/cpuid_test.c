// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of perf's ia64 get_cpuid()/get_cpuid_str() (patches/perf,
 * tools/perf/arch/ia64/util/header.c, which the Makefile takes out of
 * the patch): the CPUID string built from /proc/cpuinfo texts as the ia64
 * kernel prints them, and the errors.  The strings are the ones
 * json_check.py matches against pmu-events/arch/ia64/mapfile.csv.
 *
 * header.c is included with fopen() redirected to a test file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *cpuinfo_path;

#define fopen(path, mode)	fopen(cpuinfo_path, mode)
#include HEADER_C
#undef fopen

static unsigned int passed, failed;

static void check(int ok, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s\n", what);
	}
}

/* The test's /proc/cpuinfo, created once */
static char path[sizeof("/tmp/cpuid_test.XXXXXX")];

static const char *write_cpuinfo(const char *text)
{
	static int fd = -1;
	FILE *f;

	if (fd < 0) {
		strcpy(path, "/tmp/cpuid_test.XXXXXX");
		fd = mkstemp(path);
		if (fd < 0) {
			perror("mkstemp");
			exit(1);
		}
	}
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		perror(path);
		exit(1);
	}
	return path;
}

/* Two processors of a Montecito, as arch/ia64/kernel/setup.c prints them */
static const char montecito[] =
	"processor  : 0\n"
	"vendor     : GenuineIntel\n"
	"arch       : IA-64\n"
	"family     : 32\n"
	"model      : 0\n"
	"model name : Dual-Core Intel(R) Itanium(R) Processor 9040\n"
	"revision   : 7\n"
	"archrev    : 0\n"
	"features   : branchlong, 16-byte atomic ops\n"
	"cpu number : 0\n"
	"\n"
	"processor  : 1\n"
	"vendor     : OtherVendor\n"
	"arch       : IA-64\n"
	"family     : 31\n"
	"model      : 2\n"
	"model name : other\n"
	"revision   : 1\n";

static const char itanium2[] =
	"processor  : 0\n"
	"vendor     : GenuineIntel\n"
	"arch       : IA-64\n"
	"family     : 31\n"
	"model      : 2\n"
	"model name : Madison\n"
	"revision   : 1\n";

static const char itanium[] =
	"processor  : 0\n"
	"vendor     : GenuineIntel\n"
	"arch       : IA-64\n"
	"family     : 7\n"
	"model      : 0\n"
	"model name : Merced\n"
	"revision   : 4\n";

/* 2.6-era kernels printed the family by name: no CPUID string */
static const char old_kernel[] =
	"processor  : 0\n"
	"vendor     : GenuineIntel\n"
	"arch       : IA-64\n"
	"family     : Itanium 2\n"
	"model      : 2\n"
	"revision   : 1\n";

static void expect(const char *text, const char *want, const char *what)
{
	char buf[128];
	char *s;
	int err;

	cpuinfo_path = write_cpuinfo(text);
	memset(buf, 'x', sizeof(buf));
	err = get_cpuid(buf, sizeof(buf));
	check(err == 0 && !strcmp(buf, want), what);
	s = get_cpuid_str(NULL);
	check(s && !strcmp(s, want), what);
	if (s)
		printf("cpuid: %s: %s\n", what, s);
	free(s);
}

int main(void)
{
	char small[8];

	expect(itanium, "GenuineIntel-7-0-4", "Itanium");
	expect(itanium2, "GenuineIntel-31-2-1", "Itanium 2");
	expect(montecito, "GenuineIntel-32-0-7", "Montecito, first processor");

	cpuinfo_path = write_cpuinfo(old_kernel);
	check(get_cpuid(small, sizeof(small)) == EINVAL,
	      "family by name: EINVAL");
	check(get_cpuid_str(NULL) == NULL, "family by name: no string");

	cpuinfo_path = write_cpuinfo(itanium2);
	check(get_cpuid(small, sizeof(small)) == ENOBUFS,
	      "small buffer: ENOBUFS");

	cpuinfo_path = write_cpuinfo("");
	check(get_cpuid(small, sizeof(small)) == EINVAL, "empty: EINVAL");

	unlink(cpuinfo_path);
	check(get_cpuid(small, sizeof(small)) == ENOENT, "no file: ENOENT");
	check(get_cpuid_str(NULL) == NULL, "no file: no string");

	printf("cpuid: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
