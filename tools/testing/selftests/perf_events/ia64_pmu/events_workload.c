// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the perf stat -M end-to-end test (perf_metrics_e2e.sh):
 * describes to the PMU model cycles whose events the caller chooses, so
 * that each event of a metric has an exact, known count. Usage:
 *
 *	events_workload <iterations> <cycles>[:<EVENT>[=<inc>]]...
 *
 * Each iteration injects, for each argument after the first, one cycles
 * record of <cycles> cycles at user level in which every named event
 * (a file of the cpu PMU's events/ in sysfs) counts <inc> (default 1)
 * per cycle. Over the run, CPU_CYCLES counts iterations times the sum of
 * the <cycles>, and an event iterations times the sum of <cycles> x
 * <inc> of the arguments that name it. Run with the model's free-running
 * mode off: then nothing else counts.
 */
#include <stdlib.h>

#include "ia64_pmu_test.h"

#define BUNDLE(p)	((uint64_t)(unsigned long)(p) & ~15ULL)

static struct rec_buf buf;

/* Append the cycles record of one argument; -1 if it is malformed */
static int add_spec(uint64_t ip, char *spec)
{
	struct ia64_pmu_rec_event ev[IA64_PMU_REC_MAX_EVENTS];
	char *tok, *end, *save = NULL;
	unsigned long long cycles;
	int n = 0;

	tok = strtok_r(spec, ":", &save);
	if (!tok)
		return -1;
	cycles = strtoull(tok, &end, 0);
	if (*end || !cycles)
		return -1;
	while ((tok = strtok_r(NULL, ":", &save))) {
		char *eq = strchr(tok, '=');
		unsigned long inc = 1;
		uint64_t cfg;

		if (n == IA64_PMU_REC_MAX_EVENTS)
			return -1;
		if (eq) {
			*eq = '\0';
			inc = strtoul(eq + 1, &end, 0);
			if (*end || !inc || inc > 255)
				return -1;
		}
		if (sysfs_event_lookup(tok, &cfg)) {
			fprintf(stderr, "events_workload: no event %s\n", tok);
			return -1;
		}
		memset(&ev[n], 0, sizeof(ev[n]));
		ev[n].code = (cfg & IA64_PMU_CFG_ES_MASK) >>
			     IA64_PMU_CFG_ES_SHIFT;
		ev[n].umask = (cfg & IA64_PMU_CFG_UMASK_MASK) >>
			      IA64_PMU_CFG_UMASK_SHIFT;
		ev[n].inc = inc;
		n++;
	}
	if (buf.len + sizeof(struct ia64_pmu_rec_cycles) +
	    n * sizeof(ev[0]) > sizeof(buf.data))
		return -1;
	rec_cycles(&buf, ip, cycles, 3, IA64_PMU_ISA_IA64, ev, n);
	return 0;
}

int main(int argc, char **argv)
{
	long iter, i;
	int k, err;

	if (argc < 3) {
		fprintf(stderr,
			"usage: events_workload <iterations> <cycles>[:<EVENT>[=<inc>]]...\n");
		return 2;
	}
	iter = atol(argv[1]);
	for (k = 2; k < argc; k++) {
		if (add_spec(BUNDLE(main), argv[k])) {
			fprintf(stderr, "events_workload: bad argument '%s'\n",
				argv[k]);
			return 2;
		}
	}
	for (i = 0; i < iter; i++) {
		err = sim_inject(&buf);
		if (err) {
			fprintf(stderr, "events_workload: inject: %s\n",
				strerror(-err));
			return 1;
		}
	}
	return 0;
}
