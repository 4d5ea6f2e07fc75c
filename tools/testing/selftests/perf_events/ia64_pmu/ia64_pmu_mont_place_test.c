// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito's counter placement (make vm MODEL=montecito): the rules
 * of [PFM-MONT] on the counters, whatever the events' order: BUS_*
 * on PMC4-9, CPU_OP_CYCLES_HALTED on PMC10 (not at all with two threads
 * per core, erratum 121), the L1D group's set and its event on PMC5, the
 * L2D group's sets each owning a triple of counters, one OZQ cancel
 * event. Skipped on other models.
 */

#include <errno.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"
#include "ia64_pmu_mont.h"

/*
 * CPU_OP_CYCLES_HALTED counts on PMC10 only (with two threads per core
 * not at all: erratum 121); BUS_* on PMC4-9
 */
TEST_F(mont, restricted_counters)
{
	static const char * const bus[7] = {
		"BUS_ALL_ANY", "BUS_ALL_SELF", "BUS_ALL_IO", "BUS_ALL_EITHER",
		"BUS_DATA_CYCLE_ANY", "BUS_DATA_CYCLE_SELF",
		"BUS_DATA_CYCLE_IO",
	};
	static const char * const halted[2] = {
		"CPU_OP_CYCLES_ALL", "CPU_OP_CYCLES_HALTED",
	};
	int fd[7];

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	if (sim_threads() > 1) {
		/* erratum 121: no event on PMC10 with two threads */
		EXPECT_EQ(EOPNOTSUPP, open_group(halted, 2, fd));
	} else {
		ASSERT_EQ(0, open_group(halted, 2, fd));
		ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
		EXPECT_EQ(0x18, pmc_es(10));
		EXPECT_EQ(0x12, pmc_es(4));
		ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
		/* a second one has no counter */
		EXPECT_EQ(-1, open_user(ev("CPU_OP_CYCLES_HALTED"), fd[0]));
		EXPECT_EQ(EINVAL, errno);
		close_all(fd, 2);
	}

	/* six on PMC4-9 fit, a seventh does not */
	ASSERT_EQ(0, open_group(bus, 6, fd));
	EXPECT_EQ(-1, open_user(ev(bus[6]), fd[0]));
	EXPECT_EQ(EINVAL, errno);
	close_all(fd, 6);
}

/* The L1D group: one set, one of its events on PMC5 */
TEST_F(mont, l1d_group)
{
	static const char * const set0[2] = {
		"L1D_READS_SET0", "L2DTLB_MISSES",
	};
	static const char * const two_sets[2] = {
		"L1D_READS_SET0", "L1D_READS_SET1",
	};
	int fd[2];

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	ASSERT_EQ(0, open_group(set0, 2, fd));
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	EXPECT_TRUE(pmc_es(5) == es_of(ev(set0[0])) ||
		    pmc_es(5) == es_of(ev(set0[1])));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	close_all(fd, 2);
	EXPECT_EQ(EBUSY, open_group(two_sets, 2, fd));
}

/* An event of a group under test and its L2D set (-1: not an L2D one) */
struct l2d {
	const char *name;
	int set;
};

/* The L2D set of the event of @e that PMC @ctr of CPU0 counts, or -1 */
static int l2d_set_on(const struct l2d *e, int n, int ctr)
{
	uint64_t pmc = sim_model_pmc(0, ctr);
	int i;

	if (!(pmc & 0xf))	/* plm 0: no event counts */
		return -1;
	for (i = 0; i < n; i++)
		if (!((pmc ^ ev(e[i].name)) & 0xfff00))
			return e[i].set;
	return -1;
}

/*
 * Open @e as a group and check the L2D rule on the counters: the event
 * on PMC4 selects the set that PMC5 and PMC8 count, the one on PMC6
 * that of PMC7 and PMC9 ([PFM-MONT]), so an L2D event there is of
 * the head's set; every set has an event on a head. An L1D event, if
 * any, is on PMC5.
 */
static void check_l2d(struct __test_metadata *_metadata,
		      const struct l2d *e, int n, bool l1d)
{
	static const int triple[2][3] = { { 4, 5, 8 }, { 6, 7, 9 } };
	unsigned int sets = 0, heads = 0;
	int fd[12], i, k, c, head, set;

	for (i = 0; i < n; i++) {
		fd[i] = open_user(ev(e[i].name), i ? fd[0] : -1);
		ASSERT_GE(fd[i], 0) TH_LOG("%s: %s", e[i].name,
					   strerror(errno));
		if (e[i].set >= 0)
			sets |= 1U << e[i].set;
	}
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	for (k = 0; k < 2; k++) {
		head = l2d_set_on(e, n, triple[k][0]);
		if (head >= 0)
			heads |= 1U << head;
		for (c = 1; c < 3; c++) {
			set = l2d_set_on(e, n, triple[k][c]);
			EXPECT_TRUE(set < 0 || set == head)
				TH_LOG("PMC%d: set %d under PMC%d: set %d",
				       triple[k][c], set, triple[k][0], head);
		}
	}
	EXPECT_EQ(sets, heads);
	if (l1d)
		EXPECT_EQ(es_of(ev("L1D_READS_SET0")), pmc_es(5));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	close_all(fd, n);
}

/*
 * The L2D group: two sets at most, each owning the triple PMC4/5/8 or
 * PMC6/7/9 through an event on its head, whatever the events' order.
 * libpfm pinned the first three events of the first set to PMC4/5/8 and
 * let a fourth go beside the other set's head (recirc: set 4 beside set
 * 2 on PMC6), and gave the first set PMC4/5/8 where the L1D event needs
 * PMC5 (l1d, l1d_last open only led by the set-1 event there).
 */
TEST_F(mont, l2d_group)
{
	static const struct l2d two[5] = {
		{ "L2D_REFERENCES_ALL", 2 }, { "L2D_REFERENCES_READS", 2 },
		{ "L2D_REFERENCES_WRITES", 2 }, { "L2D_BYPASS_L2_DATA1", 1 },
		{ "L2D_OZQ_RELEASE", 1 },
	};
	static const struct l2d recirc[5] = {
		{ "L2D_FORCE_RECIRC_RECIRC", 4 }, { "L2D_FORCE_RECIRC_LIMBO", 4 },
		{ "L2D_FORCE_RECIRC_TAG_OK", 4 },
		{ "L2D_FORCE_RECIRC_TAG_NOTOK", 4 },
		{ "L2D_REFERENCES_ALL", 2 },
	};
	static const struct l2d l1d[4] = {
		{ "L2D_REFERENCES_ALL", 2 }, { "L2D_REFERENCES_READS", 2 },
		{ "L2D_BYPASS_L2_DATA1", 1 }, { "L1D_READS_SET0", -1 },
	};
	static const struct l2d l1d_last[4] = {
		{ "L2D_BYPASS_L2_DATA1", 1 }, { "L2D_REFERENCES_ALL", 2 },
		{ "L2D_REFERENCES_READS", 2 }, { "L1D_READS_SET0", -1 },
	};
	static const struct l2d with_l1d[3] = {
		{ "L2D_REFERENCES_ALL", 2 }, { "L2D_REFERENCES_READS", 2 },
		{ "L1D_READS_SET0", -1 },
	};
	static const char * const three[3] = {
		"L2D_REFERENCES_ALL", "L2D_BYPASS_L2_DATA1",
		"L2D_OZQ_ACQUIRE",
	};
	const char *names[5];
	int fd[5], i;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	check_l2d(_metadata, two, 5, false);
	/* with two threads set 4's fourth event has no counter (PMC4-9) */
	if (sim_threads() > 1) {
		for (i = 0; i < 5; i++)
			names[i] = recirc[i].name;
		EXPECT_EQ(EINVAL, open_group(names, 5, fd));
	} else {
		check_l2d(_metadata, recirc, 5, false);
	}
	check_l2d(_metadata, l1d, 4, true);
	check_l2d(_metadata, l1d_last, 4, true);
	/* one set and an L1D event: the set takes PMC6/7/9 */
	check_l2d(_metadata, with_l1d, 3, true);
	EXPECT_EQ(EBUSY, open_group(three, 3, fd));
}

/* One L2D OZQ cancel event at a time, even of one code */
TEST_F(mont, ozq_cancels_one_at_a_time)
{
	static const char * const same_code[2] = {
		"L2D_OZQ_CANCELS0_ACQ", "L2D_OZQ_CANCELS0_REL",
	};
	static const char * const two_codes[2] = {
		"L2D_OZQ_CANCELS0_ACQ", "L2D_OZQ_CANCELS1_ANY",
	};
	int fd[2];

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	EXPECT_EQ(EBUSY, open_group(same_code, 2, fd));
	EXPECT_EQ(EBUSY, open_group(two_codes, 2, fd));
}

TEST_HARNESS_MAIN
