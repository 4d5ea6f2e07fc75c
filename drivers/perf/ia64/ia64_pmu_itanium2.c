// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium 2 (McKinley, Madison; CPUID family 0x1f) PMU: the model
 * description and the event list of ia64_pmu_itanium2_events.h (the facts
 * of libpfm 3.x's Itanium 2 table, [PFM-I2]).
 *
 * Counting and sampling on PMC/PMD4-7, branch stacks from the branch
 * trace buffer (PMC12 with ds/brt, PMD8-16 with b1 bits: the layout
 * itanium2_btb, ia64_pmu_btb.h), the event address registers (PMC10/11,
 * with the ALAT mode; their layout is in ia64_pmu_ear_layout.c) and
 * qualification (PMC8/9, PMC13-15, with the layout of struct
 * ia64_pmu_qual_layout, ia64_pmu_qual.c). The cache event groups and
 * sets of [PFM-I2] are enforced by ia64_pmu_groups.c.
 */

#include <linux/bits.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_ear.h"
#include "ia64_pmu_qual.h"

#define C(x)	PERF_COUNT_HW_CACHE_##x

/*
 * At CPU bring-up, the registers beyond the counters as firmware leaves
 * them (the default values of perfmon's McKinley register table,
 * [PFM-MCK]): PMC8/9 match every instruction, the EARs and the BTB off,
 * PMC13 no data range, PMC14 no instruction range, PMC15 no IBR pair
 * bound to PMC8/9.
 */
static const struct ia64_pmu_reg_init itanium2_reset_pmcs[] = {
	{  8, 0xffffffff3fffffffULL },
	{  9, 0xffffffff3ffffffcULL },
	{ 10, 0 },
	{ 11, 0 },
	{ 12, 0 },
	{ 13, 0x2078fefefefeULL },
	{ 14, 0x0db60db60db60db6ULL },
	{ 15, 0xfffffff0ULL },
};

/*
 * Qualification ([PFM-I2]): a range per IBR pair (PMC14, fine mode
 * within 4 KB), PMC8/9 with ig_ad and inv for their pairs, data ranges
 * per DBR pair (PMC13); umask 0-3 of IA64_TAGGED_INST_RETIRED (0x08)
 * select IBR pair 0-3.
 */
static const struct ia64_pmu_qual_layout ia64_qual_itanium2 = {
	.per_pair	= true,
	.opc_reset	= IA64_OPC2_RESET,
	.opc_pmc	= { 8, 9 },
	.chan_pmc	= 15,
	.irange_pmc	= 14,
	.drange_pmc	= 13,
	.pair_es	= 0x08,
	.irange_reset	= IA64_PMC14_RESET,
	.fine_page	= IA64_FINE_PAGE,
	.ig_ad		= IA64_OPC2_IG_AD,
	.inv		= IA64_OPC2_INV,
	.inv_pairs	= 0xf,
};

static const struct ia64_pmu_event itanium2_events[] = {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	{ name, es, umask, umask_mask, sel, ctr, max_inc, qual },
#include "ia64_pmu_itanium2_events.h"
#undef IA64_EV
};

/* The index of each event in itanium2_events[] */
enum {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	ITA2_##id,
#include "ia64_pmu_itanium2_events.h"
#undef IA64_EV
};

/*
 * Which events count what the task did not cause (IA64_PRIV_*), in
 * itanium2_events[] order: a per-task event of one needs CPU-wide
 * privilege (ia64_pmu_event.c)
 */
static const u8 itanium2_priv[ARRAY_SIZE(itanium2_events)] = {
#define IA64_EV4_PRIV(id, priv) \
	[ITA2_##id] = priv,
#include "ia64_pmu_itanium2_events.h"
#undef IA64_EV4_PRIV
};

/* The L1D and L2 cache event groups and sets, ia64_pmu_groups.c */
static const struct ia64_pmu_event_group itanium2_groups[] = {
#define IA64_EV2_GRP(id, grp, set)	{ ITA2_##id, grp, set },
#include "ia64_pmu_itanium2_events.h"
#undef IA64_EV2_GRP
};

/*
 * The branch trace buffer: PMC12 with ds and brt, PMD16 with b1 per
 * entry ([PFM-I2], ia64_pmu_btb.h)
 */
static const struct ia64_btb_layout itanium2_btb = IA64_BTB_LAYOUT_ITANIUM2;

/* Generic cache events; the Montecito's are the same names */
const char *const ia64_pmu_cache_itanium2[PERF_COUNT_HW_CACHE_MAX]
					[PERF_COUNT_HW_CACHE_OP_MAX]
					[PERF_COUNT_HW_CACHE_RESULT_MAX] = {
	[C(L1D)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "L1D_READS_SET0",
			[C(RESULT_MISS)] = "L1D_READ_MISSES_ALL",
		},
		[C(OP_WRITE)] = {
			[C(RESULT_ACCESS)] = "STORES_RETIRED",
		},
	},
	[C(L1I)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "L1I_READS",
			[C(RESULT_MISS)] = "L1I_FILLS",
		},
	},
	[C(LL)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "L3_READS_ALL_ALL",
			[C(RESULT_MISS)] = "L3_READS_ALL_MISS",
		},
		[C(OP_WRITE)] = {
			[C(RESULT_ACCESS)] = "L3_WRITES_ALL_ALL",
			[C(RESULT_MISS)] = "L3_WRITES_ALL_MISS",
		},
	},
	[C(DTLB)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "LOADS_RETIRED",
			[C(RESULT_MISS)] = "L2DTLB_MISSES",
		},
	},
	[C(ITLB)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "L1I_READS",
			[C(RESULT_MISS)] = "ITLB_MISSES_FETCH_ALL",
		},
	},
	[C(BPU)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] =
				"BR_MISPRED_DETAIL_ALL_ALL_PRED",
			[C(RESULT_MISS)] =
				"BR_MISPRED_DETAIL_ALL_WRONG_PATH",
		},
	},
};

const struct ia64_pmu_model ia64_pmu_itanium2 = {
	.name		= "itanium2",
	.family		= IA64_PMU_FAMILY_ITANIUM2,
	.nr_generic	= 4,
	.width		= 47,
	/* PMC0 bits 7:4, as on the Itanium */
	.nr_ovfl_regs	= 1,
	.es_bits	= 8,
	/* a 3-bit threshold on PMC4-7 ([PFM-I2] PMC layout) */
	.thres_max_67	= 7,
	.ctr_stop_set	= IA64_PMU_CFG_ISM_MASK,
	.features	= IA64_PMU_F_BTB | IA64_PMU_F_EAR | IA64_PMU_F_QUAL,
	.btb		= &itanium2_btb,
	.qual		= &ia64_qual_itanium2,
	/* PMC4 bit 23: power enable, set in every write ([PFM-MCK]) */
	.ctr_pmc_set	= { BIT_ULL(23) },
	.pal_pmc_mask	= { 0xffff },
	.pal_pmd_mask	= { 0x3ffff },
	.reset_pmcs	= itanium2_reset_pmcs,
	.nr_reset_pmcs	= ARRAY_SIZE(itanium2_reset_pmcs),
	.events		= itanium2_events,
	.nr_events	= ARRAY_SIZE(itanium2_events),
	.priv		= itanium2_priv,
	.raw_valid	= IA64_PMU_CFG_VALID,
	.groups		= itanium2_groups,
	.nr_groups	= ARRAY_SIZE(itanium2_groups),
	/* L2_OZQ_CANCELS0, L2_OZQ_CANCELS1, L2_OZQ_CANCELS2 */
	.exclusive_es	= { 0xa0, 0xac, 0xa8 },
	/* the D-EAR's capture event ([PFM-I2] DATA_EAR_EVENTS, 0xc8) */
	.mem_loads	= "DATA_EAR_EVENTS",
	.ear		= &ia64_ear_layout_itanium2,

	.hw_events = {
		[PERF_COUNT_HW_CPU_CYCLES]	= "CPU_CYCLES",
		[PERF_COUNT_HW_INSTRUCTIONS]	= "IA64_INST_RETIRED",
		[PERF_COUNT_HW_CACHE_REFERENCES] = "L3_REFERENCES",
		[PERF_COUNT_HW_CACHE_MISSES]	= "L3_MISSES",
		[PERF_COUNT_HW_BRANCH_INSTRUCTIONS] =
			"BR_MISPRED_DETAIL_ALL_ALL_PRED",
		[PERF_COUNT_HW_BRANCH_MISSES]	=
			"BR_MISPRED_DETAIL_ALL_WRONG_PATH",
		[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND] = "FE_BUBBLE_ALL",
		[PERF_COUNT_HW_STALLED_CYCLES_BACKEND] = "BACK_END_BUBBLE_ALL",
	},
	.cache_events	= ia64_pmu_cache_itanium2,
};
