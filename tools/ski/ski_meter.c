// SPDX-License-Identifier: GPL-2.0
/*
 * The meter of Ski: retired IA-64 instructions counted on Ski's side,
 * for the bench's figures of what the driver costs
 * (tools/testing/ia64_pmu_ski/bench.c). The PMU cannot give them: it
 * counts nothing while PMC0.fr is set, as in the driver's own overflow
 * routine, nor while the CPU is not monitored, and any event used to
 * measure keeps the CPU monitored.
 *
 * It counts every instruction that retires, nops and predicated-off
 * ones included (not one that faults): at CPL 0 with its bundle in the
 * driver's text (SKI_METER_TEXT, which tools/testing/ia64_pmu_ski/
 * ski-bench.sh takes from the kernel's symbols); at CPL 0; at any CPL.
 *
 * Its profile, to find where the driver's count goes: with
 * SKI_METER_FUNCS, a file of the driver's functions (<start> <end>
 * <name> per line, by address: tools/ski/meter-text.sh -f), each stop
 * appends to the file SKI_METER_PROFILE the count of each function that
 * ran since the start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ski_pmu.h"

#define METER_MAX_RANGES	16
#define PSR_CPL_SHIFT		32

int ski_meter_on;

static struct {
	uint64_t start, end;
} text[METER_MAX_RANGES];
static unsigned int ntext;
static uint64_t count[SKI_METER_COUNTS];

/* The profile: the driver's functions, by address, and their counts */
static struct func {
	uint64_t start, end, count;
	char name[64];
} *funcs;
static unsigned int nfuncs, nstops;
static FILE *profile;

/* @s: <start>-<end>[,...]; 0, or -1 if malformed */
static int parse_text(const char *s)
{
	char *end;

	ntext = 0;
	while (*s) {
		if (ntext == METER_MAX_RANGES)
			return -1;
		text[ntext].start = strtoull(s, &end, 16);
		if (end == s || *end != '-')
			return -1;
		s = end + 1;
		text[ntext].end = strtoull(s, &end, 16);
		if (end == s || text[ntext].end <= text[ntext].start)
			return -1;
		ntext++;
		s = end;
		if (*s == ',' && s[1])
			s++;
		else if (*s)
			return -1;
	}
	return 0;
}

static void fatal(const char *what)
{
	fprintf(stderr, "ski-meter: %s\n", what);
	exit(2);
}

/* SKI_METER_FUNCS and SKI_METER_PROFILE, both or neither */
static void profile_init(const char *in, const char *out)
{
	unsigned long long start, end;
	struct func *f;
	char name[64];
	FILE *fi;

	if (!in || !out || !*in || !*out)
		return;
	fi = fopen(in, "r");
	profile = fopen(out, "a");
	if (!fi || !profile)
		fatal("cannot open SKI_METER_FUNCS or SKI_METER_PROFILE");
	while (fscanf(fi, "%llx %llx %63s", &start, &end, name) == 3) {
		if (nfuncs && start < funcs[nfuncs - 1].end)
			fatal("SKI_METER_FUNCS is not by address");
		f = realloc(funcs, (nfuncs + 1) * sizeof(*funcs));
		if (!f)
			fatal("no memory");
		funcs = f;
		funcs[nfuncs].start = start;
		funcs[nfuncs].end = end;
		funcs[nfuncs].count = 0;
		strcpy(funcs[nfuncs].name, name);
		nfuncs++;
	}
	fclose(fi);
}

void ski_meter_init(void)
{
	const char *s = getenv("SKI_METER_TEXT");

	ski_meter_on = 0;
	memset(count, 0, sizeof(count));
	if (parse_text(s ? s : ""))
		fatal("bad SKI_METER_TEXT");
	profile_init(getenv("SKI_METER_FUNCS"), getenv("SKI_METER_PROFILE"));
}

/* The profile's function at @ip (a binary search), or NULL */
static struct func *func_at(uint64_t ip)
{
	unsigned int lo = 0, hi = nfuncs, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ip < funcs[mid].start)
			hi = mid;
		else if (ip >= funcs[mid].end)
			lo = mid + 1;
		else
			return &funcs[mid];
	}
	return NULL;
}

/* At a stop: the counts of the functions that ran, then zero them */
static void profile_dump(void)
{
	unsigned int i;

	if (!profile)
		return;
	fprintf(profile, "# stop %u: driver %llu\n", ++nstops,
		(unsigned long long)count[SKI_METER_DRIVER]);
	for (i = 0; i < nfuncs; i++) {
		if (funcs[i].count)
			fprintf(profile, "%10llu %s\n",
				(unsigned long long)funcs[i].count,
				funcs[i].name);
		funcs[i].count = 0;
	}
	fflush(profile);
}

static int in_text(uint64_t ip)
{
	unsigned int i;

	for (i = 0; i < ntext; i++)
		if (ip >= text[i].start && ip < text[i].end)
			return 1;
	return 0;
}

void ski_meter_exec(uint64_t ip, uint64_t psr, int retired)
{
	if (!retired)
		return;
	count[SKI_METER_ALL]++;
	if ((psr >> PSR_CPL_SHIFT) & 3)
		return;
	count[SKI_METER_KERNEL]++;
	if (in_text(ip & ~0xfULL)) {
		struct func *f = profile ? func_at(ip & ~0xfULL) : NULL;

		count[SKI_METER_DRIVER]++;
		if (f)
			f->count++;
	}
}

uint64_t ski_meter_ssc(uint64_t op, uint64_t arg)
{
	unsigned int i;

	switch (op) {
	case SKI_METER_START:
		memset(count, 0, sizeof(count));
		for (i = 0; i < nfuncs; i++)
			funcs[i].count = 0;
		ski_meter_on = 1;
		return 0;
	case SKI_METER_STOP:
		if (ski_meter_on)
			profile_dump();
		ski_meter_on = 0;
		return 0;
	case SKI_METER_READ:
		if (arg >= SKI_METER_COUNTS ||
		    (arg == SKI_METER_DRIVER && !ntext))
			return ~0ULL;
		return count[arg];
	}
	return ~0ULL;
}
