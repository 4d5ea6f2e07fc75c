/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the sampling tests share (ia64_pmu_sample_test.c,
 * ia64_pmu_throttle_test.c): records of cycles at two IPs, a sampling
 * event, its samples from the ring, the fixture (CPU0, injected records
 * only, interrupts at once, no throttling unless a test asks for it);
 * kselftest_harness.h comes first
 */
#ifndef __IA64_PMU_SAMPLE_H
#define __IA64_PMU_SAMPLE_H

#include "ia64_pmu_test.h"

#define IP_A		0x4000000000001000ULL
#define IP_B		0x4000000000002040ULL
#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
/*
 * An ALAT event that counts what a cycles record says, up to 2 a cycle:
 * ALAT_REPLACEMENT.ALL on the Itanium, ALAT_CAPACITY_MISS_ALL on the
 * Itanium 2 (sysfs events/)
 */
static inline uint64_t alat_config(void)
{
	uint64_t cfg = sysfs_event_config("ALAT_REPLACEMENT.ALL");

	return cfg ? cfg : sysfs_event_config("ALAT_CAPACITY_MISS_ALL");
}

#define CFG_ALAT	alat_config()
#define ALAT_EV(n)	{						\
	.code = (CFG_ALAT & IA64_PMU_CFG_ES_MASK) >> IA64_PMU_CFG_ES_SHIFT, \
	.umask = (CFG_ALAT & IA64_PMU_CFG_UMASK_MASK) >>		\
		 IA64_PMU_CFG_UMASK_SHIFT,				\
	.inc = (n) }

/* PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD */
struct sample {
	struct perf_event_header h;
	uint64_t ip;
	uint32_t pid, tid;
	uint64_t period;
};

static inline int open_sampling(uint64_t cfg, uint64_t period, int group)
{
	struct perf_event_attr attr;

	counting_attr(&attr, cfg);
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			   PERF_SAMPLE_PERIOD;
	attr.read_format = 0;
	attr.disabled = group < 0;
	attr.exclude_kernel = 1;
	return sys_perf_event_open(&attr, 0, -1, group, 0);
}

static inline int inject(uint64_t ip, uint64_t n, const struct ia64_pmu_rec_event *ev,
		  int nev)
{
	struct rec_buf b = { .len = 0 };

	rec_cycles(&b, ip, n, 3, IA64_PMU_ISA_IA64, ev, nev);
	return sim_inject(&b);
}

/* Collect the samples of @r; returns how many, IPs into @ips */
static inline int samples(struct ring *r, uint64_t *ips, int max, uint64_t period,
		   int *bad_period, int *throttles)
{
	union {
		struct perf_event_header h;
		struct sample s;
		uint8_t raw[512];
	} rec;
	int type, n = 0;

	while ((type = ring_next(r, &rec, sizeof(rec)))) {
		if (type == PERF_RECORD_THROTTLE && throttles)
			(*throttles)++;
		if (type != PERF_RECORD_SAMPLE)
			continue;
		if (n < max)
			ips[n] = rec.s.ip;
		if (period && rec.s.period != period && bad_period)
			(*bad_period)++;
		n++;
	}
	return n;
}

FIXTURE(smp) {
	int dummy;
};

FIXTURE_SETUP(smp)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	/* exact sample counts: throttled only where a test means it */
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(smp)
{
	sim_set("irq_delay_ns", "0");
	sim_set("freerun", "0");
}

#endif /* __IA64_PMU_SAMPLE_H */
