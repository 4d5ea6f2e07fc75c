// SPDX-License-Identifier: GPL-2.0
/*
 * The Itanium 2 (McKinley/Madison) PMU, as a description for the shared
 * model code of pmu_model*.c: register layouts, reset state, counter
 * width, PAL_PERF_MON_INFO, CPUID, events, and the layouts of the branch
 * trace buffer (itanium2_btb, captured by the shared pmu_model_btb.c),
 * of the event address registers (itanium2_ears, captured by the shared
 * pmu_model_ear.c) and of qualification (PMC8/9, PMC13-15:
 * pmu_model_qual.c).
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [PFM-MCK] perfmon_mckinley.h, the McKinley register description of
 *             the Linux 2.6 ia64 perfmon: the writable ("reserved
 *             mask") bits and default values of PMC0-15, PMD0-17, the
 *             47-bit counters (ovfl_val), family 0x1f, and PMC4 bit 23,
 *             which perfmon sets on every PMC4 write ("force power
 *             enable bit")
 *   [PFM-I2]  libpfm_itanium2(3), and the libpfm 3.x headers it
 *             documents (pfmlib_itanium2.h: the counter PMC layout, plm
 *             3:0, ev 4, oi 5, pm 6, es 15:8, umask 19:16, threshold
 *             22:20, "pmc4 only: power enable bit" 23, ism 25:24, the
 *             counter PMDs' sign extension of bit 46; the event list)
 *
 * Decisions where the sources say too little are marked MODEL(<name>),
 * each listed in the admin guide's "What the model assumes"
 * (docs-check).
 */
#include "pmu_model.h"
#include "pmu_model_int.h"

#define ITA2_WIDTH		47

/* PMC4-7 ([PFM-I2] layout within the [PFM-MCK] mask 0xfffff7f) */
#define ITA2_PMC_ENABLE		BIT64(23)	/* PMC4 only */
#define ITA2_PMC4_BITS		0x03ffff7fULL
#define ITA2_PMC567_BITS	(ITA2_PMC4_BITS & ~ITA2_PMC_ENABLE)
/* PMC8/9: [PFM-MCK] mask; bit 2 is reserved and reads 1 */
#define ITA2_PMC89_BITS		0xffffffff3ffffffbULL

/*
 * Implemented bits. MODEL(ita2-pmc-bits): PMC4-7 as [PFM-I2] lays them out
 * (bits 27:26, writable for perfmon, are reserved there, and the enable bit 23
 * is PMC4's only); PMC8-15 as [PFM-MCK]'s masks; PMC0 fr and the overflow
 * bits of the four counters, as on the Itanium ([SDM-2] §7.2).
 */
static const u64 itanium2_pmc_bits[IA64_MODEL_ITA2_NR_PMC] = {
	[0] = 0xf1,
	[4] = ITA2_PMC4_BITS,
	[5 ... 7] = ITA2_PMC567_BITS,
	[8 ... 9] = ITA2_PMC89_BITS,
	[10] = 0xffff,
	[11] = 0x30f01cf,
	[12] = 0xffff,
	[13] = 0x1e00018181818ULL,
	[14] = 0x2492,
	[15] = 0xf,
};

/*
 * Reset state: [PFM-MCK]'s default values. Its reserved bits keep these
 * values ("PMC reserved fields must have their power-up values
 * preserved"). MODEL(ita2-reset): the other fields too reset to them: PMC0.fr =
 * 1 (frozen), PMC4.enable = 1, opcode matchers matching everything.
 */
static const u64 itanium2_pmc_reset[IA64_MODEL_ITA2_NR_PMC] = {
	[0] = 0x1,
	[4] = ITA2_PMC_ENABLE,
	[8] = 0xffffffff3fffffffULL,
	[9] = 0xffffffff3ffffffcULL,
	[13] = 0x00002078fefefefeULL,
	[14] = 0x0db60db60db60db6ULL,
	[15] = 0x00000000fffffff0ULL,
};

/*
 * PMD16, the BTB index ([PFM-I2] pfmlib_itanium2.h pmd16): bbi 2:0,
 * full 3, and per entry PMD8+i a nibble from bit 4 + 4i with b1 (its
 * bit 0) and bruflush (bit 1); the nibbles' bits 3:2 and bits 63:36 are
 * ignored.
 */
#define ITA2_PMD16_EXT		4
#define ITA2_PMD16_BITS		(0xfULL | 0x33333333ULL << ITA2_PMD16_EXT)

/*
 * PMD4-7: count 46:0 ([PFM-MCK] ovfl_val (1 << 47) - 1). The EAR PMDs
 * as [PFM-I2] lays them out: PMD0 stat 1:0 and line 63:5 (4:2 ignored),
 * PMD1 latency 11:0 and overflow 12, PMD2 the address, PMD3 latency
 * 12:0, overflow 13 and stat 15:14, PMD17 slot 1:0, bn 2, vl 3 and the
 * window 63:4; the other bits are ignored. PMD8-15 all 64 bits of a BTB
 * entry, PMD16 above.
 */
static const u64 itanium2_pmd_bits[IA64_MODEL_ITA2_NR_PMD] = {
	[0] = MASK64(63, 5) | 0x3,
	[1] = MASK64(12, 0),
	[2] = ~0ULL,
	[3] = MASK64(15, 0),
	[4 ... 7] = MASK64(ITA2_WIDTH - 1, 0),
	[8 ... 15] = ~0ULL,
	[16] = ITA2_PMD16_BITS,
	[17] = ~0ULL,
};

/*
 * The branch trace buffer ([PFM-I2] "BRANCH TRACE BUFFER"; field
 * positions of libpfm 3.x pfmlib_itanium2.h): PMC12 plm 3:0, pm 6, ds 7,
 * tm 9:8, ptm 11:10, ppm 13:12, brt 15:14; no selection by predictor;
 * PMD16's per-entry extension bits.
 */
static const struct ia64_model_btb itanium2_btb = {
	IA64_MODEL_BTB_PMC12_PMD8_16,
	.brt_shift	= 14,
	.ds		= BIT64(7),
	.ext		= IA64_MODEL_BTB_EXT_INDEX,
	.ext_shift	= ITA2_PMD16_EXT,
};

/*
 * I-EAR cache mode: the latency threshold of each PMC10 umask (bits
 * 12:5), from [PFM-I2]'s L1I_EAR_CACHE_* presets. 0x40 is LAT0, every
 * L1I miss (latency > 0). MODEL(ita2-iear-rab): 0x00 (RAB hit: a miss that
 * finds its line already requested) captures nothing, since no fetch record
 * says so; neither do the umasks [PFM-I2] does not list.
 */
const u16 ia64_model_itanium2_iear_lat[256] = {
	[0xff] = 4, [0xfe] = 8, [0xfc] = 16, [0xf8] = 32,
	[0xf0] = 128, [0xe0] = 256, [0xc0] = 1024, [0x80] = 4096,
	[0x40] = 1,
};

/*
 * The Itanium 2's EARs ([PFM-I2]: pfmlib_itanium2.h's PMC10/11 and
 * PMD0-3/17 layouts; the meaning of the stat fields as pfmon's Itanium 2
 * sample printer decodes them):
 * - PMC10: plm 3:0, pm 4, ism 15:14; ct 13:12: 1x cache mode with an
 *   8-bit umask 12:5, 00 TLB mode with umask 11:5 (bit 0 L2 ITLB hit,
 *   1 VHPT, 2 fault: L1I_EAR_TLB_*), 01 nothing;
 * - PMC11: plm 3:0, pm 6, mode 8:7 (0 cache, 1 TLB, 2 ALAT), umask
 *   19:16 (the Itanium's thresholds and TLB bits), ism 25:24, no pt;
 * - PMD0.stat, PMD3.stat: 0 invalid; TLB mode 1 L2 TLB, 2 VHPT, 3 fault.
 *   MODEL(ita2-stat): 1 in the other modes;
 * - PMD17: the instruction is (window + 16 * bn) | slot.
 * PMD0's line reads bits 60:51 as copies of bit 50 ([PFM-I2]);
 * MODEL(ita2-pmd-whole): PMD2 and PMD17 are stored whole.
 * MODEL(ear-frozen-read): as on the Itanium, the EAR PMDs read undefined while
 * PMC0.fr = 0. The TLB and ALAT modes need PMC12 = 0, else misses right after a
 * mispredicted branch get a wrong IP (libpfm 3.x's BTB dispatcher, after
 * the Itanium 2 manual; it refuses a BTB with such a D-EAR).
 */
static const struct ia64_model_ear_layout itanium2_ears = {
	IA64_MODEL_EAR_PMC10_11,
	.iear_pm		= BIT64(4),
	.iear_ism_shift		= 14,
	IA64_MODEL_EAR_ITANIUM2_FIELDS,
	.sxt_pmds		= BIT64(0),
	.unfrozen_pmds		= BIT64(0) | BIT64(1) | BIT64(2) | BIT64(3) |
				  BIT64(17),
	.dear_tlb_needs_pmc12_0	= true,
};

/* MODEL(reset-frozen): PMDs undefined after reset, as on the Itanium */
static const u64 itanium2_pmd_reset[IA64_MODEL_ITA2_NR_PMD] = {
	[0 ... 3] = IA64_MODEL_UNDEF,
	[4 ... 7] = IA64_MODEL_UNDEF & MASK64(ITA2_WIDTH - 1, 0),
	[8 ... 17] = IA64_MODEL_UNDEF,
};

/*
 * PAL_PERF_MON_INFO: 4 generic pairs of 47 bits; PMC0-15 and PMD0-17
 * implemented ([PFM-MCK], and [PFM-I2]'s PMU_ITA2_NUM_PMCS/PMDS);
 * CPU_CYCLES (0x12) and IA64_INST_RETIRED (0x08) count on PMC4-7
 * (counter mask 0xf0 of both in the libpfm event list).
 */
#define ITA2_PAL_CYCLES		0x12
#define ITA2_PAL_RETIRED	0x08

/*
 * CPUID[3]: family 0x1f ([PFM-MCK] pmu_family). MODEL(ita2-cpuid): model 1,
 * revision 5 stand for a Madison; number 4 as on the Itanium.
 */
#define ITA2_CPUID3		((0x1fULL << 24) | (0x01ULL << 16) | \
				 (0x05ULL << 8) | 4)

/*
 * What the events with semantics count (event codes of the libpfm 3.x
 * list). MODEL(ita2-cache-events): the cache events count the records' levels
 * as on the Itanium; L1D_READ_MISSES umask 1 (RSE fills only) never counts a
 * record's access. BRANCH_EVENT counts the branches the BTB captures.
 */
static const struct ia64_model_sem_map itanium2_sem[] = {
	{ 0x12, IA64_MODEL_SEM_CPU_CYCLES },	/* CPU_CYCLES */
	{ 0x08, IA64_MODEL_SEM_INST_RETIRED },	/* IA64_(TAGGED_)INST_RET. */
	{ 0x59, IA64_MODEL_SEM_IA32_RETIRED },	/* IA32_INST_RETIRED */
	{ 0x4d, IA64_MODEL_SEM_INST_DISPERSED },	/* INST_DISPERSED */
	{ 0x50, IA64_MODEL_SEM_NOPS_RETIRED },	/* NOPS_RETIRED */
	{ 0x51, IA64_MODEL_SEM_PRED_SQUASHED },	/* PREDICATE_SQUASHED_RET. */
	{ 0xc3, IA64_MODEL_SEM_DATA_REFS },	/* DATA_REFERENCES_SET0 */
	{ 0xc5, IA64_MODEL_SEM_DATA_REFS },	/* DATA_REFERENCES_SET1 */
	{ 0xcd, IA64_MODEL_SEM_LOADS },		/* LOADS_RETIRED */
	{ 0xd1, IA64_MODEL_SEM_STORES },	/* STORES_RETIRED */
	{ 0xcf, IA64_MODEL_SEM_UC_LOADS },	/* UC_LOADS_RETIRED */
	{ 0xd0, IA64_MODEL_SEM_UC_STORES },	/* UC_STORES_RETIRED */
	{ 0xce, IA64_MODEL_SEM_MISALIGNED_LOADS },
	{ 0xd2, IA64_MODEL_SEM_MISALIGNED_STORES },
	{ 0xc2, IA64_MODEL_SEM_L1D_READS },	/* L1D_READS_SET0 */
	{ 0xc4, IA64_MODEL_SEM_L1D_READS },	/* L1D_READS_SET1 */
	{ 0xc7, IA64_MODEL_SEM_L1D_READ_MISSES_SRC }, /* L1D_READ_MISSES */
	{ 0xcb, IA64_MODEL_SEM_L2_MISSES },	/* L2_MISSES */
	{ 0xdb, IA64_MODEL_SEM_L3_REFS },	/* L3_REFERENCES */
	{ 0xdc, IA64_MODEL_SEM_L3_MISSES },	/* L3_MISSES */
	{ 0x5b, IA64_MODEL_SEM_BR_MISPRED_DETAIL },
	{ 0x11, IA64_MODEL_SEM_BRANCH_EVENT },	/* BRANCH_EVENT */
	{ 0xc8, IA64_MODEL_SEM_DATA_EAR },	/* DATA_EAR_EVENTS */
	{ 0x43, IA64_MODEL_SEM_INST_EAR },	/* L1I_EAR_EVENTS */
};

/*
 * The events of the free-running mix's cycles, after the Itanium 2's
 * stall accounting in [PFM-I2]'s event list: a cycle in which the back
 * end stalls counts BACK_END_BUBBLE.ALL and the bubble of its cause. A
 * load that missed L1D stalls its consumer on the register scoreboard
 * (BE_EXE_BUBBLE.ALL and .GRALL); a fetch miss leaves the back end
 * without bundles (BACK_END_BUBBLE.FE, FE_BUBBLE.ALL and .IMISS); a
 * mispredicted branch flushes the pipeline (BE_FLUSH_BUBBLE.ALL and
 * .BRU). MODEL(ita2-stalls): cycles in which the back end runs count no bubble,
 * with a memory read on the bus BUS_ALL.ANY, BUS_MEMORY.ALL.ANY and
 * BUS_MEM_READ.ALL.ANY, FP_OPS_RETIRED or RSE_REFERENCES_RETIRED.ALL.
 */
const struct ia64_model_freerun_events ia64_model_itanium2_freerun = {
	.cyc = {
		[IA64_MODEL_FRC_DATA]	= { 3, { { 0x00, 0 }, { 0x02, 0 },
						 { 0x02, 1 } } },
		[IA64_MODEL_FRC_FETCH]	= { 4, { { 0x00, 0 }, { 0x00, 1 },
						 { 0x71, 0 }, { 0x71, 6 } } },
		[IA64_MODEL_FRC_FLUSH]	= { 3, { { 0x00, 0 }, { 0x04, 0 },
						 { 0x04, 1 } } },
		[IA64_MODEL_FRC_BUS]	= { 3, { { 0x87, 3 }, { 0x8a, 0xf },
						 { 0x8b, 0xf } } },
		[IA64_MODEL_FRC_FP]	= { 1, { { 0x09, 0 } } },
		[IA64_MODEL_FRC_RSE]	= { 1, { { 0x20, 3 } } },
		[IA64_MODEL_FRC_RUN]	= { 0 },
	},
	/* IA64_INST_RETIRED (tagged by PMC8: all, after reset), DATA_REF.._SET0 */
	.inst = { 0x08, 0 },
	.dref = { 0xc3, 0 },
};

static struct ia64_model_ev_index ita2_ev_index;

const struct ia64_model_desc ia64_model_itanium2_desc = {
	.name		= "itanium2",
	.nr_pmc		= IA64_MODEL_ITA2_NR_PMC,
	.nr_pmd		= IA64_MODEL_ITA2_NR_PMD,
	.nr_ctr		= 4,
	.width		= ITA2_WIDTH,
	.es_mask	= 0xff,
	/* [PFM-I2]: a 3-bit threshold (22:20) on all four counters */
	.thres_mask	= { [4] = 7, [5] = 7, [6] = 7, [7] = 7 },
	/*
	 * MODEL(ita2-pmc-bits): [PFM-I2] calls PMC4 bit 23 the PMU's power
	 * enable and [PFM-MCK] sets it on every PMC4 write: while it is 0 the
	 * counters PMD4-7 do not count.
	 */
	.ctr_enable	= ITA2_PMC_ENABLE,
	.pmc_bits	= itanium2_pmc_bits,
	.pmc_reset	= itanium2_pmc_reset,
	.pmd_bits	= itanium2_pmd_bits,
	.pmd_reset	= itanium2_pmd_reset,
	.ita_units	= false,
	.btb		= &itanium2_btb,
	.ear		= &itanium2_ears,
	.tag_kind	= IA64_MODEL_TAG_IBRP,
	.qual		= &ia64_model_qual_itanium2,
	.pal_info	= 4 | (ITA2_WIDTH << 8) | (ITA2_PAL_CYCLES << 16) |
			  ((u64)ITA2_PAL_RETIRED << 24),
	.pal_pmc_mask	= 0xffff,
	.pal_pmd_mask	= 0x3ffff,
	.pal_cycles_mask = 0xf0,
	.pal_retired_mask = 0xf0,
	.code_cycles	= ITA2_PAL_CYCLES,
	.cpuid3		= ITA2_CPUID3,
	.events		= ia64_model_itanium2_events,
	.nr_events	= &ia64_model_itanium2_nr_events,
	.ev_index	= &ita2_ev_index,
	.sem		= itanium2_sem,
	.nr_sem		= ARRAY_SIZE(itanium2_sem),
	.freerun	= &ia64_model_itanium2_freerun,
};
