/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the Montecito's tests share (ia64_pmu_montecito_test.c,
 * ia64_pmu_mont_place_test.c): events by name, the PMCs of CPU0's
 * model, groups of events, the fixture (CPU0, exact counts, interrupts
 * at once); kselftest_harness.h comes first
 */
#ifndef __IA64_PMU_MONT_H
#define __IA64_PMU_MONT_H

#include "ia64_pmu_test.h"

#define NOT_MONTECITO	"the PMU is not a Montecito"

/* The config of event @name, which the test needs */
static inline uint64_t ev(const char *name)
{
	uint64_t cfg = ~0ULL;

	sysfs_event_lookup(name, &cfg);
	return cfg;
}

/* The event select in PMC @n of CPU0's model */
static inline unsigned int pmc_es(int n)
{
	return (sim_model_pmc(0, n) >> 8) & 0xff;
}

static inline unsigned int es_of(uint64_t cfg)
{
	return (cfg >> 8) & 0xff;
}

/* Open @n events of @names as a group (user level): 0, or the errno */
static inline int open_group(const char * const *names, int n, int *fd)
{
	int i, err;

	for (i = 0; i < n; i++) {
		fd[i] = open_user(ev(names[i]), i ? fd[0] : -1);
		if (fd[i] < 0) {
			err = errno;
			while (i--)
				close(fd[i]);
			return err;
		}
	}
	return 0;
}

static inline void close_all(int *fd, int n)
{
	while (n--)
		close(fd[n]);
}

/* Every Montecito test: on CPU0, no free-running counts, irqs at once */
FIXTURE(mont) {
	int dummy;
};

FIXTURE_SETUP(mont)
{
	if (!pmu_is_montecito())
		return;
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	/* exact sample counts: throttled only where a test means it */
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(mont)
{
}

#endif /* __IA64_PMU_MONT_H */
