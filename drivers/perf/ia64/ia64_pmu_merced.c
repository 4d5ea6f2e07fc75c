// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium (Merced) PMU: the model description and the event list of
 * [ITA-RM] §7.8 (Itanium Processor Reference Manual for Software
 * Development), from the single event table ia64_pmu_merced_events.h.
 */

#include <linux/bits.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_ear.h"
#include "ia64_pmu_qual.h"

#define C(x)	PERF_COUNT_HW_CACHE_##x

/*
 * At CPU bring-up: the qualification registers as PAL initialises them
 * at reset ([ITA-RM] §6.2.9): PMC8/9 match every instruction (mifb 1111,
 * mask 29:3 all ones, match 59:33 zero, Figure 6-17), PMC11.pt = 1 (no
 * data range, Figure 6-20), PMC13.ta = 1 (no instruction range, Figure
 * 6-16); the EARs (PMC10/11) and the BTB (PMC12) off: plm = 0.
 */
/* One range for every event: PMC13.ta, PMC11.pt ([ITA-RM] §6.2.4-6.2.6) */
static const struct ia64_pmu_qual_layout ia64_qual_merced = {
	.per_pair	= false,
	.opc_reset	= IA64_OPC_RESET,
	.opc_pmc	= { 8, 9 },
	.irange_pmc	= 13,
};

static const struct ia64_pmu_reg_init merced_reset_pmcs[] = {
	{  8, GENMASK_ULL(63, 60) | GENMASK_ULL(29, 3) },
	{  9, GENMASK_ULL(63, 60) | GENMASK_ULL(29, 3) },
	{ 10, 0 },
	{ 11, BIT_ULL(28) },
	{ 12, 0 },
	{ 13, BIT_ULL(0) },
};

static const struct ia64_pmu_event merced_events[] = {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	{ name, es, umask, umask_mask, sel, ctr, max_inc, qual },
#include "ia64_pmu_merced_events.h"
#undef IA64_EV
};

/* The index of each event in merced_events[] */
enum {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	MERCED_##id,
#include "ia64_pmu_merced_events.h"
#undef IA64_EV
};

/*
 * Which events count what the task did not cause whatever their umask
 * (IA64_PRIV_*), in merced_events[] order; the bus events' initiator is
 * the raw umask's (ia64_pmu_umask_others())
 */
static const u8 merced_priv[ARRAY_SIZE(merced_events)] = {
#define IA64_EV4_PRIV(id, priv) \
	[MERCED_##id] = priv,
#include "ia64_pmu_merced_events.h"
#undef IA64_EV4_PRIV
};

/* The branch trace buffer of [ITA-RM] §6.2.8 */
static const struct ia64_btb_layout merced_btb = IA64_BTB_LAYOUT_ITANIUM;

/* Generic cache events, from [ITA-RM] §7.8 as the generic ones below */
static const char *const merced_cache[PERF_COUNT_HW_CACHE_MAX]
				     [PERF_COUNT_HW_CACHE_OP_MAX]
				     [PERF_COUNT_HW_CACHE_RESULT_MAX] = {
	[C(L1D)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "L1D_READS_RETIRED",
			[C(RESULT_MISS)] = "L1D_READ_MISSES_RETIRED",
		},
		[C(OP_WRITE)] = {
			[C(RESULT_ACCESS)] = "STORES_RETIRED",
		},
	},
	[C(L1I)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "L1I_DEMAND_READS",
			[C(RESULT_MISS)] = "L2_INST_DEMAND_READS",
		},
		[C(OP_PREFETCH)] = {
			[C(RESULT_ACCESS)] = "L1I_PREFETCH_READS",
			[C(RESULT_MISS)] = "L2_INST_PREFETCH_READS",
		},
	},
	[C(LL)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "L3_READS.ALL_READS.ALL",
			[C(RESULT_MISS)] = "L3_READS.ALL_READS.MISS",
		},
		[C(OP_WRITE)] = {
			[C(RESULT_ACCESS)] = "L3_WRITES.ALL_WRITES.ALL",
			[C(RESULT_MISS)] = "L3_WRITES.ALL_WRITES.MISS",
		},
	},
	[C(DTLB)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "DATA_REFERENCES_RETIRED",
			[C(RESULT_MISS)] = "DTLB_MISSES",
		},
	},
	[C(ITLB)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] = "L1I_DEMAND_READS",
			[C(RESULT_MISS)] = "ITLB_MISSES_FETCH",
		},
	},
	[C(BPU)] = {
		[C(OP_READ)] = {
			[C(RESULT_ACCESS)] =
				"BRANCH_PREDICTOR.ALL.ALL_PREDICTIONS",
		},
	},
};

const struct ia64_pmu_model ia64_pmu_merced = {
	.name		= "itanium",
	.family		= IA64_PMU_FAMILY_ITANIUM,
	/* [ITA-RM] Table 6-24 */
	.nr_generic	= 4,
	.width		= 32,
	/* only PMC0 bits 7:4 are populated ([ITA-RM] §6.2.3) */
	.nr_ovfl_regs	= 1,
	.es_bits	= 7,
	/* PMC6/7: a 2-bit threshold (Figure 6-14) */
	.thres_max_67	= IA64_PMC_THRES_MAX_67,
	.ctr_stop_set	= IA64_PMU_CFG_ISM_MASK,
	.features	= IA64_PMU_F_ALL,
	.btb		= &merced_btb,
	.qual		= &ia64_qual_merced,
	.pal_pmc_mask	= { 0x3fff },
	.pal_pmd_mask	= { 0x3ffff },
	.reset_pmcs	= merced_reset_pmcs,
	.nr_reset_pmcs	= ARRAY_SIZE(merced_reset_pmcs),
	.events		= merced_events,
	.nr_events	= ARRAY_SIZE(merced_events),
	.priv		= merced_priv,
	.raw_valid	= IA64_PMU_CFG_VALID,
	.mem_loads	= "DATA_EAR_EVENTS",
	.ear		= &ia64_ear_layout_itanium,

	/*
	 * Generic events, from the definitions of [ITA-RM] §7.8; the reasons
	 * are in Documentation/admin-guide/perf/ia64-pmu.rst.
	 */
	.hw_events = {
		[PERF_COUNT_HW_CPU_CYCLES]	= "CPU_CYCLES",
		[PERF_COUNT_HW_INSTRUCTIONS]	= "IA64_INST_RETIRED",
		[PERF_COUNT_HW_CACHE_REFERENCES] = "L3_REFERENCES",
		[PERF_COUNT_HW_CACHE_MISSES]	= "L3_MISSES",
		[PERF_COUNT_HW_BRANCH_INSTRUCTIONS] =
			"BRANCH_PREDICTOR.ALL.ALL_PREDICTIONS",
		[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND] = "INST_ACCESS_CYCLE",
		[PERF_COUNT_HW_STALLED_CYCLES_BACKEND] = "MEMORY_CYCLE",
	},
	.cache_events	= merced_cache,
};
