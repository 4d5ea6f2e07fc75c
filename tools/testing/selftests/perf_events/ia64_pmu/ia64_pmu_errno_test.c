// SPDX-License-Identifier: GPL-2.0
/*
 * Every errno rule of the Itanium PMU's event_init
 * (Documentation/admin-guide/perf/ia64-pmu.rst, "Errors"), on the three
 * CPU models (caps/pmu_name): where the Itanium 2 differs (its 8-bit
 * event select, its event list, a 3-bit threshold on all four counters,
 * its generic and cache event maps) with its own expectations, and where
 * the Montecito differs from the Itanium 2 (twelve counters, its event
 * list, a fixed ism, the all and mesi fields) with its own.
 */

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
#define CFG_INST	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0)
#define THRES(t)	((uint64_t)(t) << IA64_PMU_CFG_THRES_SHIFT)

static int raw_errno(uint64_t config)
{
	struct perf_event_attr attr;

	counting_attr(&attr, config);
	return open_errno(&attr);
}

/* The Montecito's and the Itanium 2's: exact umasks, the same maps */
static int pmu_is_itanium2_or_later(void)
{
	return pmu_is_itanium2() || pmu_is_montecito();
}

TEST(valid_raw_opens)
{
	EXPECT_EQ(0, raw_errno(CFG_CYCLES));
	if (pmu_is_montecito()) {
		/* LOADS_RETIRED, BUS_ALL_EITHER, L2I_VICTIMIZATION */
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0xcd, 0x0)));
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x87, 0x0)));
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x7a, 0x0)));
		return;
	}
	if (!pmu_is_itanium2()) {
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x38, 0x3)));
		return;
	}
	/* Itanium 2: LOADS_RETIRED, BUS_ALL_SELF, event selects above 0x7f */
	EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0xcd, 0x0)));
	EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x87, 0x2)));
}

/* Is @type the type of a registered PMU (sysfs event_source)? */
static int type_registered(uint32_t type)
{
	char cmd[160];

	snprintf(cmd, sizeof(cmd),
		 "grep -qx %u /sys/bus/event_source/devices/*/type", type);
	return system(cmd) == 0;
}

/* Types no PMU owns: -ENOENT, whatever else the attr says */
TEST(foreign_types_enoent)
{
	static const uint32_t types[] = { 6, 7, 8, 99, 4096, 0x7fffffff,
					  0xfffffffe };
	struct perf_event_attr attr;
	unsigned int i, tried = 0;

	for (i = 0; i < ARRAY_SIZE(types); i++) {
		if (type_registered(types[i]))
			continue;
		counting_attr(&attr, CFG_CYCLES);
		attr.type = types[i];
		EXPECT_EQ(ENOENT, open_errno(&attr)) TH_LOG("type %u", types[i]);
		tried++;
	}
	EXPECT_GE(tried, 4);
}

/*
 * Bits of config beyond the PMC4-7 image of [ITA-RM] Figure 6-13 (and
 * the driver's own fields): plm, ev, oi, pm are the driver's, 23 and
 * 26+ reserved. On the Itanium 2 bit 23 is PMC4's power enable, which
 * the driver sets itself ([PFM-I2]); bit 15 is the top bit of its 8-bit
 * event select, on the Itanium beyond the 7-bit select (no event).
 * On the Montecito bits 7:0, 23, 31 and 63:60 are opc_match_mid
 * (ia64_pmu_qual_mont_test), 26-30 the all and mesi fields, and ism
 * (24-25) is fixed: a raw ism is the reserved bits left.
 */
TEST(reserved_config_bits_einval)
{
	static const uint64_t bits[] = { 0x1, 0x8, 0x10, 0x20, 0x40, 0x80,
					 1ULL << 23, 1ULL << 26, 1ULL << 63,
					 0x8000 };
	static const uint64_t bits_mont[] = { 1ULL << 24, 1ULL << 25 };
	const uint64_t *b = bits;
	unsigned int i, n = ARRAY_SIZE(bits);

	if (pmu_is_itanium2())
		n--;	/* es 0x92: BUS_WR_WB with umask 0, see below */
	if (pmu_is_montecito()) {
		b = bits_mont;
		n = ARRAY_SIZE(bits_mont);
	}
	/* braces: EXPECT_EQ() and its TH_LOG() are two statements */
	for (i = 0; i < n; i++) {
		EXPECT_EQ(EINVAL, raw_errno(CFG_CYCLES | b[i]))
			TH_LOG("bit %#llx", (unsigned long long)b[i]);
	}
}

TEST(unknown_event_code_einval)
{
	if (pmu_is_montecito()) {
		/*
		 * [PFM-MONT] event list: no event 0xff or 0x38; 0x13 is
		 * CPU_CPL_CHANGES with umasks 1, 2, 4, 8 and 0xf, not 0;
		 * BUS_ALL 0x87 has EITHER 0000, BUS_WR_WB 0x92 no 0000
		 */
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0xff, 0)));
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x38, 0)));
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x13, 0)));
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x13, 0xf)));
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x00, 0)));
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x87, 0x0)));
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x92, 0x0)));
		EXPECT_EQ(EINVAL, raw_errno(CFG_CYCLES | 0x8000));
		return;
	}
	if (pmu_is_itanium2()) {
		/*
		 * [PFM-I2] event list: no event 0xff, 0x38 or 0x7a; 0x13
		 * is CPU_CPL_CHANGES, 0x00 BACK_END_BUBBLE; each event has
		 * its exact umasks: BUS_ALL 0x87 has ANY 0011, SELF 0010,
		 * IO 0001, not 0000; BUS_WR_WB 0x92 no 0000
		 */
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0xff, 0)));
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x38, 0)));
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x7a, 0)));
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x13, 0)));
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x00, 0)));
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x87, 0x0)));
		EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x92, 0x0)));
		EXPECT_EQ(EINVAL, raw_errno(CFG_CYCLES | 0x8000));
		return;
	}
	/* 0x13 and 0x7a are no event of [ITA-RM] §7.8; 0x00 is one */
	EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x13, 0)));
	EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x7a, 0)));
	EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x00, 0)));
	/* ALAT_REPLACEMENT has umask xx01, xx10, xx11, not 0000 */
	EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x38, 0x0)));
}

TEST(threshold_not_below_max_increment_einval)
{
	/* CPU_CYCLES: max. increment 1; IA64_INST_RETIRED: 6 (both) */
	EXPECT_EQ(EINVAL, raw_errno(CFG_CYCLES | (1ULL << 20)));
	EXPECT_EQ(0, raw_errno(CFG_INST | (5ULL << 20)));
	EXPECT_EQ(EINVAL, raw_errno(CFG_INST | (6ULL << 20)));
	EXPECT_EQ(EINVAL, raw_errno(CFG_INST | (7ULL << 20)));
	if (pmu_is_montecito()) {
		/* Montecito: LOADS_RETIRED max. 4, FP_OPS_RETIRED 6 */
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0xcd, 0) | THRES(3)));
		EXPECT_EQ(EINVAL,
			  raw_errno(IA64_PMU_CONFIG(0xcd, 0) | THRES(4)));
		EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x09, 0) | THRES(5)));
		EXPECT_EQ(EINVAL,
			  raw_errno(IA64_PMU_CONFIG(0x09, 0) | THRES(6)));
		return;
	}
	if (!pmu_is_itanium2())
		return;
	/* Itanium 2: LOADS_RETIRED max. 4, FP_OPS_RETIRED 4 */
	EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0xcd, 0) | THRES(3)));
	EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0xcd, 0) | THRES(4)));
	EXPECT_EQ(0, raw_errno(IA64_PMU_CONFIG(0x09, 0) | THRES(3)));
	EXPECT_EQ(EINVAL, raw_errno(IA64_PMU_CONFIG(0x09, 0) | THRES(4)));
}

/*
 * A threshold above 3 fits PMC4/5 only on the Itanium (2-bit threshold
 * of PMC6/7, [ITA-RM] Figure 6-14): a group of three such events fails;
 * on the Itanium 2 all four counters have a 3-bit threshold ([PFM-I2]):
 * four fit, and on the Montecito all twelve ([PFM-MONT]).
 */
TEST(threshold_group_limits)
{
	int fd[16], i, fit = pmu_is_itanium2_or_later() ? pmu_counters() : 2;
	struct perf_event_attr attr;

	ASSERT_LE(fit, 16);

	counting_attr(&attr, CFG_INST | THRES(4));
	fd[0] = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd[0], 0);
	for (i = 1; i < fit; i++) {
		fd[i] = sys_perf_event_open(&attr, 0, -1, fd[0], 0);
		ASSERT_GE(fd[i], 0) TH_LOG("member %d: errno %d", i, errno);
	}
	if (fit < (int)pmu_counters()) {
		EXPECT_EQ(-1, sys_perf_event_open(&attr, 0, -1, fd[0], 0));
		EXPECT_EQ(EINVAL, errno);
	}
	for (i = 0; i < fit; i++)
		close(fd[i]);
}

/* The Montecito's ism is fixed at 0b10: any raw ism is EINVAL */
TEST(ism_both_sets_excluded_einval)
{
	if (pmu_is_montecito()) {
		EXPECT_EQ(EINVAL, raw_errno(CFG_CYCLES | (1ULL << 24)));
		EXPECT_EQ(EINVAL, raw_errno(CFG_CYCLES | (2ULL << 24)));
		EXPECT_EQ(EINVAL, raw_errno(CFG_CYCLES | (3ULL << 24)));
		return;
	}
	EXPECT_EQ(0, raw_errno(CFG_CYCLES | (1ULL << 24)));
	EXPECT_EQ(0, raw_errno(CFG_CYCLES | (2ULL << 24)));
	EXPECT_EQ(EINVAL, raw_errno(CFG_CYCLES | (3ULL << 24)));
}

/*
 * config1: an EAR on a counting event; config2: a data range (qual test).
 * On an Itanium 2 whose EARs the driver does not drive (no format/ear)
 * an EAR is EOPNOTSUPP whatever the event.
 */
TEST(config1_config2_errnos)
{
	struct perf_event_attr attr;

	counting_attr(&attr, CFG_CYCLES);
	attr.config1 = 1;
	EXPECT_EQ(access(PMU_DIR "/format/ear", F_OK) ? EOPNOTSUPP : EINVAL,
		  open_errno(&attr));
	counting_attr(&attr, CFG_CYCLES);
	attr.config1 = 1ULL << 60;
	EXPECT_EQ(EINVAL, open_errno(&attr));
	/* CPU_CYCLES cannot be restricted to a data range */
	counting_attr(&attr, CFG_CYCLES);
	attr.config2 = 1;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
}

TEST(exclude_user_and_kernel_einval)
{
	struct perf_event_attr attr;

	counting_attr(&attr, CFG_CYCLES);
	attr.exclude_user = 1;
	attr.exclude_kernel = 1;
	EXPECT_EQ(EINVAL, open_errno(&attr));
	/* exclude_hv alone is ignored */
	counting_attr(&attr, CFG_CYCLES);
	attr.exclude_hv = 1;
	EXPECT_EQ(0, open_errno(&attr));
}

TEST(exclude_idle_eopnotsupp)
{
	struct perf_event_attr attr;

	counting_attr(&attr, CFG_CYCLES);
	attr.exclude_idle = 1;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
}

/*
 * Generic events with a mapping open, the others are EOPNOTSUPP; the
 * Itanium 2 and the Montecito also map branch-misses
 * (BR_MISPRED_DETAIL.ALL.WRONG_PATH)
 */
TEST(generic_events)
{
	static const int mapped[PERF_COUNT_HW_MAX] = {
		[PERF_COUNT_HW_CPU_CYCLES] = 1,
		[PERF_COUNT_HW_INSTRUCTIONS] = 1,
		[PERF_COUNT_HW_CACHE_REFERENCES] = 1,
		[PERF_COUNT_HW_CACHE_MISSES] = 1,
		[PERF_COUNT_HW_BRANCH_INSTRUCTIONS] = 1,
		[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND] = 1,
		[PERF_COUNT_HW_STALLED_CYCLES_BACKEND] = 1,
	};
	struct perf_event_attr attr;
	unsigned int i;
	int ita2 = pmu_is_itanium2_or_later();

	for (i = 0; i < PERF_COUNT_HW_MAX; i++) {
		int on = mapped[i] ||
			 (ita2 && i == PERF_COUNT_HW_BRANCH_MISSES);

		counting_attr(&attr, i);
		attr.type = PERF_TYPE_HARDWARE;
		EXPECT_EQ(on ? 0 : EOPNOTSUPP, open_errno(&attr))
			TH_LOG("generic event %u", i);
	}
	attr.config = PERF_COUNT_HW_MAX;
	EXPECT_EQ(EINVAL, open_errno(&attr));
}

#define CACHE(c, op, res)	(PERF_COUNT_HW_CACHE_##c | \
				 PERF_COUNT_HW_CACHE_OP_##op << 8 | \
				 PERF_COUNT_HW_CACHE_RESULT_##res << 16)

/*
 * The cache events each CPU model maps. The Itanium 2 and the Montecito
 * have no L1I prefetch events in the map, and a branch-miss event (BPU
 * read miss).
 */
TEST(hw_cache_events)
{
	static const uint64_t mapped[] = {
		CACHE(L1D, READ, ACCESS), CACHE(L1D, READ, MISS),
		CACHE(L1D, WRITE, ACCESS),
		CACHE(L1I, READ, ACCESS), CACHE(L1I, READ, MISS),
		CACHE(LL, READ, ACCESS), CACHE(LL, READ, MISS),
		CACHE(LL, WRITE, ACCESS), CACHE(LL, WRITE, MISS),
		CACHE(DTLB, READ, ACCESS), CACHE(DTLB, READ, MISS),
		CACHE(ITLB, READ, ACCESS), CACHE(ITLB, READ, MISS),
		CACHE(BPU, READ, ACCESS),
	};
	/* mapped on the Itanium only, and on the Itanium 2 only */
	static const uint64_t ita[] = {
		CACHE(L1I, PREFETCH, ACCESS), CACHE(L1I, PREFETCH, MISS),
	};
	static const uint64_t ita2[] = { CACHE(BPU, READ, MISS) };
	int is2 = pmu_is_itanium2_or_later();
	struct perf_event_attr attr;
	unsigned int i;

	counting_attr(&attr, 0);
	attr.type = PERF_TYPE_HW_CACHE;
	for (i = 0; i < ARRAY_SIZE(mapped); i++) {
		attr.config = mapped[i];
		EXPECT_EQ(0, open_errno(&attr)) TH_LOG("cache event %#llx",
			(unsigned long long)mapped[i]);
	}
	for (i = 0; i < ARRAY_SIZE(ita); i++) {
		attr.config = ita[i];
		EXPECT_EQ(is2 ? EOPNOTSUPP : 0, open_errno(&attr));
	}
	for (i = 0; i < ARRAY_SIZE(ita2); i++) {
		attr.config = ita2[i];
		EXPECT_EQ(is2 ? 0 : EOPNOTSUPP, open_errno(&attr));
	}
	attr.config = CACHE(L1D, WRITE, MISS);
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	attr.config = CACHE(NODE, READ, ACCESS);
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	attr.config = PERF_COUNT_HW_CACHE_MAX;
	EXPECT_EQ(EINVAL, open_errno(&attr));
	attr.config = CACHE(L1D, READ, ACCESS) | 1ULL << 24;
	EXPECT_EQ(EINVAL, open_errno(&attr));
}

/* One more event than the counters (caps/counters) in a group */
TEST(five_in_a_group_einval)
{
	int fd[16], i, n = pmu_counters();
	struct perf_event_attr attr;

	ASSERT_GE(n, 4);
	ASSERT_LE(n, 16);
	counting_attr(&attr, CFG_CYCLES);
	fd[0] = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd[0], 0);
	for (i = 1; i < n; i++) {
		fd[i] = sys_perf_event_open(&attr, 0, -1, fd[0], 0);
		ASSERT_GE(fd[i], 0);
	}
	EXPECT_EQ(-1, sys_perf_event_open(&attr, 0, -1, fd[0], 0));
	EXPECT_EQ(EINVAL, errno);
	for (i = 0; i < n; i++)
		close(fd[i]);
}

TEST(unsupported_features_eopnotsupp)
{
	struct perf_event_attr attr;

	counting_attr(&attr, CFG_CYCLES);
	attr.precise_ip = 1;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	counting_attr(&attr, CFG_CYCLES);
	/* a branch type the branch trace buffer cannot filter */
	attr.sample_type = PERF_SAMPLE_BRANCH_STACK;
	attr.branch_sample_type = PERF_SAMPLE_BRANCH_ANY_CALL;
	attr.sample_period = 100000;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
}

TEST_HARNESS_MAIN
