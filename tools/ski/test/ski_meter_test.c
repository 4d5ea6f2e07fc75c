// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of Ski's meter (tools/ski/ski_meter.c), on the host: the
 * driver's text as SKI_METER_TEXT gives it, what each count takes, and
 * the simulator system call's operations. The meter's file is included
 * so that its static parser can be tested.
 */
#include <unistd.h>

#include "../ski_meter.c"
#include "check.h"

#define CPL3	(3ULL << PSR_CPL_SHIFT)

static uint64_t rd(enum ski_meter_count c)
{
	return ski_meter_ssc(SKI_METER_READ, c);
}

static void test_parse(void)
{
	static const char * const bad[] = {
		"a000-", "-a000", "a000-9000", "a000-a000", "a000-b000,",
		"a000-b000;c000-d000", "x-y", "a000 b000",
	};
	unsigned int i;

	CHECK(!parse_text("") && ntext == 0, "empty: no text");
	CHECK(!parse_text("a0000001005f79c0-a00000010060fb90,100-200") &&
	      ntext == 2 && text[0].start == 0xa0000001005f79c0ULL &&
	      text[0].end == 0xa00000010060fb90ULL && text[1].end == 0x200,
	      "two ranges, 64-bit addresses");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(parse_text(bad[i]), "\"%s\" is refused", bad[i]);
	CHECK(parse_text("1-2,3-4,5-6,7-8,9-a,b-c,d-e,f-10,11-12,13-14,"
			 "15-16,17-18,19-1a,1b-1c,1d-1e,1f-20,21-22"),
	      "17 ranges are refused (16 at most)");
}

static void test_counts(void)
{
	CHECK(!parse_text("1000-1040"), "text");
	ski_meter_ssc(SKI_METER_START, 0);
	CHECK(ski_meter_on, "start counts");
	/* in the text at CPL 0: slots 0 and 2 of the bundle at 0x1030 */
	ski_meter_exec(0x1030, 0, 1);
	ski_meter_exec(0x1032, 0, 1);
	/* its end is excluded; below its start; at CPL 3 inside it */
	ski_meter_exec(0x1040, 0, 1);
	ski_meter_exec(0x0ff0, 0, 1);
	ski_meter_exec(0x1000, CPL3, 1);
	/* a fault retires nothing */
	ski_meter_exec(0x1000, 0, 0);
	ski_meter_exec(0x1000, CPL3, 0);
	CHECK(rd(SKI_METER_DRIVER) == 2, "driver %llu, want 2",
	      (unsigned long long)rd(SKI_METER_DRIVER));
	CHECK(rd(SKI_METER_KERNEL) == 4, "kernel %llu, want 4",
	      (unsigned long long)rd(SKI_METER_KERNEL));
	CHECK(rd(SKI_METER_ALL) == 5, "all %llu, want 5",
	      (unsigned long long)rd(SKI_METER_ALL));
	ski_meter_ssc(SKI_METER_STOP, 0);
	CHECK(!ski_meter_on, "stop stops");
	CHECK(rd(SKI_METER_ALL) == 5, "a stopped meter keeps its counts");
	ski_meter_ssc(SKI_METER_START, 0);
	CHECK(rd(SKI_METER_ALL) == 0 && rd(SKI_METER_DRIVER) == 0,
	      "start zeroes the counts");
	CHECK(rd(SKI_METER_COUNTS) == ~0ULL, "an unknown count reads ~0");
	CHECK(ski_meter_ssc(SKI_METER_READ + 1, 0) == ~0ULL,
	      "an unknown operation returns ~0");
	CHECK(!parse_text(""), "no text");
	CHECK(rd(SKI_METER_DRIVER) == ~0ULL && rd(SKI_METER_KERNEL) == 0,
	      "without text the driver's count reads ~0, the others count");
	ski_meter_ssc(SKI_METER_STOP, 0);
}

static void test_profile(void)
{
	char in[] = "/tmp/ski_meter_test.XXXXXX", out[64], line[128];
	FILE *f;
	int fd = mkstemp(in);

	CHECK(fd >= 0, "a temporary file");
	if (fd < 0)
		return;
	snprintf(out, sizeof(out), "%s.out", in);
	f = fdopen(fd, "w");
	fprintf(f, "1000 1020 first\n1020 1040 second\n1080 10c0 third\n");
	fclose(f);
	profile_init(in, out);
	CHECK(nfuncs == 3 && profile, "three functions");
	CHECK(func_at(0x1000) == &funcs[0] && func_at(0x1030) == &funcs[1] &&
	      func_at(0x10b0) == &funcs[2], "each address finds its function");
	CHECK(!func_at(0x0ff0) && !func_at(0x1040) && !func_at(0x10c0),
	      "no function outside them");
	CHECK(!parse_text("1000-10c0"), "text");
	ski_meter_ssc(SKI_METER_START, 0);
	ski_meter_exec(0x1000, 0, 1);
	ski_meter_exec(0x1001, 0, 1);
	ski_meter_exec(0x1090, 0, 1);
	ski_meter_exec(0x1050, 0, 1);	/* text, in no function */
	ski_meter_exec(0x1020, CPL3, 1);
	ski_meter_ssc(SKI_METER_STOP, 0);
	fclose(profile);
	profile = NULL;
	f = fopen(out, "r");
	CHECK(f && fgets(line, sizeof(line), f) &&
	      !strcmp(line, "# stop 1: driver 4\n"), "the stop's line");
	CHECK(f && fgets(line, sizeof(line), f) &&
	      !strcmp(line, "         2 first\n"), "first: 2");
	CHECK(f && fgets(line, sizeof(line), f) &&
	      !strcmp(line, "         1 third\n"), "third: 1, second left out");
	CHECK(f && !fgets(line, sizeof(line), f), "nothing else");
	if (f)
		fclose(f);
	unlink(in);
	unlink(out);
	free(funcs);
	funcs = NULL;
	nfuncs = 0;
}

int main(void)
{
	test_parse();
	test_counts();
	test_profile();
	printf("ski_meter_test: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
