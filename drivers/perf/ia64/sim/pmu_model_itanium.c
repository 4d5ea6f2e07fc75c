// SPDX-License-Identifier: GPL-2.0
/*
 * The Itanium (Merced) PMU, as a description for the shared model code
 * of pmu_model*.c: a CPU model is a struct ia64_model_desc of tables and
 * layouts. Register layouts (implemented bits), reset state, counter
 * width, PAL_PERF_MON_INFO, CPUID, what the §7.8 events count, the
 * branch trace buffer's predictor bits and the events of the
 * free-running mix; its EAR layout is in pmu_model_ear.c, its
 * qualification in pmu_model_qual.c.
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [ITA-RM]  Intel Itanium Processor Reference Manual for Software
 *             Development, rev. 2.0: ch. 6 (registers, Tables 6-4..6-24,
 *             §6.2.9 reset state, §6.2.8 BTB) and §7.8 (events)
 *
 * Decisions where the text is ambiguous are marked MODEL(<name>), each
 * listed in the admin guide's "What the model assumes" (docs-check).
 */
#include "pmu_model.h"
#include "pmu_model_int.h"

#define PMC_CODE_INST_RETIRED	0x08	/* §7.8 IA64_(TAGGED_)INST_RETIRED */

/*
 * Implemented (read/write) bits of each Itanium PMC; everything else is
 * "ignored": reads 0, writes ignored.
 */
/* Table 6-7: fr 0, overflow 7:4 */
#define ITA_PMC0_BITS		0xf1ULL
/* Figure 6-13: plm ev oi pm es umask threshold 22:20 ism */
#define ITA_PMC45_BITS		0x037f7f7fULL
/* Figure 6-14: as PMC4/5 but threshold 21:20 */
#define ITA_PMC67_BITS		0x033f7f7fULL
/* Figure 6-17: m i f b 63:60, match 59:33, mask 29:3 */
#define ITA_PMC89_BITS		(MASK64(63, 33) | MASK64(29, 3))
/* Figure 6-18: plm 3:0, pm 6, tlb 7, umask 19:16, ism 25:24 */
#define ITA_PMC10_BITS		0x030f00cfULL
/* Figure 6-20: as PMC10 plus pt 28 */
#define ITA_PMC11_BITS		0x130f00cfULL
/* Figure 6-22: plm, pm, tar, tm, ptm, ppm, bpt, bac (no ism) */
#define ITA_PMC12_BITS		0xffcfULL

static const u64 itanium_pmc_bits[IA64_MODEL_NR_PMC] = {
	[0] = ITA_PMC0_BITS,
	/* PMC1-3: ignored 63:0 */
	[4] = ITA_PMC45_BITS,
	[5] = ITA_PMC45_BITS,
	[6] = ITA_PMC67_BITS,
	[7] = ITA_PMC67_BITS,
	[8] = ITA_PMC89_BITS,
	[9] = ITA_PMC89_BITS,
	[10] = ITA_PMC10_BITS,
	[11] = ITA_PMC11_BITS,
	[12] = ITA_PMC12_BITS,
	/* Figure 6-16: ta 0 */
	[13] = 0x1,
};

/* Figure 6-19: address 63:5, tlb 1, v 0 */
#define ITA_PMD0_BITS		((MASK64(63, 5) & ~VA_SXT_BITS) | 0x3)
/* Figure 6-19 / Table 6-13: latency 11:0 */
#define ITA_PMD1_BITS		0xfffULL
/* Figure 6-21: data address 63:0 */
#define ITA_PMD2_BITS		(~VA_SXT_BITS)
/* Figure 6-21: level 63:62, latency 11:0 */
#define ITA_PMD3_BITS		(MASK64(63, 62) | 0xfff)
/* Figure 6-12: count 31:0, sxt32 63:32 */
#define ITA_PMD4_BITS		0xffffffffULL
/*
 * Figure 6-23: address 63:4, slot 3:2, mp 1, b 0; software may write any
 * value to bits 60:51 (Table 6-22 note a)
 */
#define ITA_PMD8_BITS		(~0ULL)
/* Figure 6-24: full 3, bbi 2:0 */
#define ITA_PMD16_BITS		0xfULL
/* Figure 6-21: address 63:4, slot 3:2, v 0 */
#define ITA_PMD17_BITS		((MASK64(63, 4) & ~VA_SXT_BITS) | 0xc | 0x1)

/* Stored bits of each PMD; VA_SXT_BITS of PMD0/2/17 are synthesised */
static const u64 itanium_pmd_bits[IA64_MODEL_NR_PMD] = {
	[0] = ITA_PMD0_BITS,
	[1] = ITA_PMD1_BITS,
	[2] = ITA_PMD2_BITS,
	[3] = ITA_PMD3_BITS,
	[4 ... 7] = ITA_PMD4_BITS,
	[8 ... 15] = ITA_PMD8_BITS,
	[16] = ITA_PMD16_BITS,
	[17] = ITA_PMD17_BITS,
};

/* PAL_PERF_MON_INFO for the Itanium processor ([ITA-RM] Table 6-24) */
#define PAL_GENERIC_PAIRS	4
#define PAL_WIDTH		32
#define PAL_CYCLES		0x12
#define PAL_RETIRED		0x08
#define PAL_PMC_MASK		0x3fffULL
#define PAL_PMD_MASK		0x3ffffULL
#define PAL_CYCLES_MASK		0xf0ULL
/*
 * MODEL(merced-pal-retired): Table 6-24 lists PAL_RETIRED_MASK = 0x10 (PMD4
 * only) while §7.8 says IA64_INST_RETIRED counts on PMD4 and PMD5 (0x30).
 * Merced PAL is known to return the table's value, so the model's PAL does too;
 * the counters themselves follow §7.8 (IA64_INST_RETIRED counts on PMD5).
 */
#define PAL_RETIRED_MASK	0x10ULL

/* CPUID[3]: number 7:0, revision 15:8, model 23:16, family 31:24 */
#define ITANIUM_CPUID3		((0x07ULL << 24) | (0x00ULL << 16) | \
				 (0x00ULL << 8) | 4)

/*
 * [ITA-RM] §6.2.9: after reset oi and ev of all PMCs are zero and all
 * other state not initialised by PAL is undefined. The model makes
 * "undefined" visible: a fixed non-zero pattern, which has plm = 0 so no
 * monitor counts before software programs it.
 */
#define ITA_UNDEF(bits)		(IA64_MODEL_UNDEF & (bits) & \
				 ~(IA64_MODEL_PMC_OI | IA64_MODEL_PMC_EV))

static const u64 itanium_pmc_reset[IA64_MODEL_NR_PMC] = {
	[0] = IA64_MODEL_UNDEF & ITA_PMC0_BITS,
	[4] = ITA_UNDEF(ITA_PMC45_BITS),
	[5] = ITA_UNDEF(ITA_PMC45_BITS),
	[6] = ITA_UNDEF(ITA_PMC67_BITS),
	[7] = ITA_UNDEF(ITA_PMC67_BITS),
	/* PAL-initialised qualification state ([ITA-RM] §6.2.9) */
	[8] = MASK64(63, 60) | MASK64(29, 3),		/* mifb=1111 */
	[9] = MASK64(63, 60) | MASK64(29, 3),		/* match=0 */
	[10] = ITA_UNDEF(ITA_PMC10_BITS),
	[11] = ITA_UNDEF(ITA_PMC11_BITS) | BIT64(28),	/* pt = 1 */
	[12] = ITA_UNDEF(ITA_PMC12_BITS),
	[13] = 0x1,					/* ta = 1 */
};

static const u64 itanium_pmd_reset[IA64_MODEL_NR_PMD] = {
	[0] = IA64_MODEL_UNDEF & ITA_PMD0_BITS,
	[1] = IA64_MODEL_UNDEF & ITA_PMD1_BITS,
	[2] = IA64_MODEL_UNDEF & ITA_PMD2_BITS,
	[3] = IA64_MODEL_UNDEF & ITA_PMD3_BITS,
	[4 ... 7] = IA64_MODEL_UNDEF & ITA_PMD4_BITS,
	[8 ... 15] = IA64_MODEL_UNDEF & ITA_PMD8_BITS,
	[16] = IA64_MODEL_UNDEF & ITA_PMD16_BITS,
	[17] = IA64_MODEL_UNDEF & ITA_PMD17_BITS,
};

/* What the §7.8 events with semantics count */
static const struct ia64_model_sem_map itanium_sem[] = {
	{ 0x12, IA64_MODEL_SEM_CPU_CYCLES },
	{ 0x08, IA64_MODEL_SEM_INST_RETIRED },
	{ 0x15, IA64_MODEL_SEM_IA32_RETIRED },
	{ 0x2d, IA64_MODEL_SEM_INST_DISPERSED },
	{ 0x30, IA64_MODEL_SEM_NOPS_RETIRED },
	{ 0x31, IA64_MODEL_SEM_PRED_SQUASHED },
	{ 0x63, IA64_MODEL_SEM_DATA_REFS },	/* DATA_REFERENCES_RETIRED */
	{ 0x6c, IA64_MODEL_SEM_LOADS },
	{ 0x6d, IA64_MODEL_SEM_STORES },
	{ 0x6e, IA64_MODEL_SEM_UC_LOADS },
	{ 0x6f, IA64_MODEL_SEM_UC_STORES },
	{ 0x70, IA64_MODEL_SEM_MISALIGNED_LOADS },
	{ 0x71, IA64_MODEL_SEM_MISALIGNED_STORES },
	{ 0x64, IA64_MODEL_SEM_L1D_READS },	/* L1D_READS_RETIRED */
	{ 0x66, IA64_MODEL_SEM_L1D_READ_MISSES }, /* ..._MISSES_RETIRED */
	{ 0x69, IA64_MODEL_SEM_L2_DATA_REFS },
	{ 0x68, IA64_MODEL_SEM_L2_REFS },
	{ 0x6a, IA64_MODEL_SEM_L2_MISSES },
	{ 0x7b, IA64_MODEL_SEM_L3_REFS },
	{ 0x7c, IA64_MODEL_SEM_L3_MISSES },
	{ 0x7d, IA64_MODEL_SEM_L3_READS },
	{ 0x7e, IA64_MODEL_SEM_L3_WRITES },
	{ 0x60, IA64_MODEL_SEM_DTC_MISSES },
	{ 0x61, IA64_MODEL_SEM_DTLB_MISSES },
	{ 0x62, IA64_MODEL_SEM_DTLB_INSERTS_HPW },
	{ 0x67, IA64_MODEL_SEM_DATA_EAR },
	{ 0x20, IA64_MODEL_SEM_L1I_DEMAND_READS },
	{ 0x24, IA64_MODEL_SEM_L1I_PREFETCH_READS },
	{ 0x22, IA64_MODEL_SEM_L2_INST_DEMAND_READS },
	{ 0x25, IA64_MODEL_SEM_L2_INST_PREFETCH_READS },
	{ 0x26, IA64_MODEL_SEM_ISB_LINES_IN },
	{ 0x27, IA64_MODEL_SEM_ITLB_MISSES_FETCH },
	{ 0x28, IA64_MODEL_SEM_ITLB_INSERTS_HPW },
	{ 0x23, IA64_MODEL_SEM_INST_EAR },
	{ 0x11, IA64_MODEL_SEM_BRANCH_EVENT },
	{ 0x0d, IA64_MODEL_SEM_BR_TAKEN_SLOT },
	{ 0x0f, IA64_MODEL_SEM_BR_PATH },
	{ 0x10, IA64_MODEL_SEM_BR_PREDICTOR },
	{ 0x0e, IA64_MODEL_SEM_BR_MULTIWAY },
};

/*
 * The BTB of [ITA-RM] §6.2.8: PMC12.tar (7), bpt (14) and bac (15) admit
 * the branches predicted by the TAR, the TAC and the BAC (Table 6-21)
 */
static const struct ia64_model_btb itanium_btb = {
	IA64_MODEL_BTB_PMC12_PMD8_16,
	.pred_bit	= {
		[IA64_PMU_PRED_TAR] = BIT64(7),
		[IA64_PMU_PRED_TAC] = BIT64(14),
		[IA64_PMU_PRED_BAC] = BIT64(15),
	},
};

/*
 * The events of the free-running mix's cycles ([ITA-RM] §7.8 codes):
 * stall cycles count DATA_ACCESS_CYCLE and MEMORY_CYCLE (data),
 * INST_ACCESS_CYCLE (fetch), PIPELINE_ALL_FLUSH_CYCLE and
 * PIPELINE_BACKEND_FLUSH_CYCLE (flush); the others UNSTALLED_BACKEND_CYCLE,
 * with a memory read on the bus BUS_ALL, BUS_MEMORY and BUS_RD_ALL (umask
 * 0001: any agent, Table 7-22), FP_OPS_RETIRED_LO or
 * RSE_REFERENCES_RETIRED.
 */
static const struct ia64_model_freerun_events itanium_freerun = {
	.cyc = {
		[IA64_MODEL_FRC_DATA]	= { 2, { { 0x03, 0 }, { 0x07, 0 } } },
		[IA64_MODEL_FRC_FETCH]	= { 1, { { 0x01, 0 } } },
		[IA64_MODEL_FRC_FLUSH]	= { 2, { { 0x04, 0 }, { 0x00, 0 } } },
		[IA64_MODEL_FRC_BUS]	= { 4, { { 0x05, 0 }, { 0x47, 1 },
						 { 0x4a, 1 }, { 0x4b, 1 } } },
		[IA64_MODEL_FRC_FP]	= { 2, { { 0x05, 0 }, { 0x09, 0 } } },
		[IA64_MODEL_FRC_RSE]	= { 2, { { 0x05, 0 }, { 0x65, 0 } } },
		[IA64_MODEL_FRC_RUN]	= { 1, { { 0x05, 0 } } },
	},
	/* IA64_INST_RETIRED, DATA_REFERENCES_RETIRED */
	.inst = { PMC_CODE_INST_RETIRED, 0 },
	.dref = { 0x63, 0 },
};

static struct ia64_model_ev_index ita_ev_index;

const struct ia64_model_desc ia64_model_itanium_desc = {
	.name		= "itanium",
	.nr_pmc		= IA64_MODEL_NR_PMC,
	.nr_pmd		= IA64_MODEL_NR_PMD,
	.nr_ctr		= 4,
	.width		= PAL_WIDTH,
	.es_mask	= 0x7f,
	/* Figures 6-13/6-14: threshold 22:20 on PMC4/5, 21:20 on PMC6/7 */
	.thres_mask	= { [4] = 7, [5] = 7, [6] = 3, [7] = 3 },
	.pmc_bits	= itanium_pmc_bits,
	.pmc_reset	= itanium_pmc_reset,
	.pmd_bits	= itanium_pmd_bits,
	.pmd_reset	= itanium_pmd_reset,
	.ita_units	= true,
	.btb		= &itanium_btb,
	.ear		= &ia64_model_itanium_ears,
	.tag_kind	= IA64_MODEL_TAG_ITA,
	.qual		= &ia64_model_qual_itanium,
	.pal_info	= PAL_GENERIC_PAIRS | (PAL_WIDTH << 8) |
			  (PAL_CYCLES << 16) | ((u64)PAL_RETIRED << 24),
	.pal_pmc_mask	= PAL_PMC_MASK,
	.pal_pmd_mask	= PAL_PMD_MASK,
	.pal_cycles_mask = PAL_CYCLES_MASK,
	.pal_retired_mask = PAL_RETIRED_MASK,
	.code_cycles	= PAL_CYCLES,
	.cpuid3		= ITANIUM_CPUID3,
	.events		= ia64_model_itanium_events,
	.nr_events	= &ia64_model_itanium_nr_events,
	.ev_index	= &ita_ev_index,
	.sem		= itanium_sem,
	.nr_sem		= ARRAY_SIZE(itanium_sem),
	.freerun	= &itanium_freerun,
};
