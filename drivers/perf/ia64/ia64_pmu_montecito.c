// SPDX-License-Identifier: GPL-2.0
/*
 * Montecito and Montvale (Itanium 9000/9100, CPUID family 0x20) PMU: the
 * model description and the event list of ia64_pmu_montecito_events.h
 * (the facts of libpfm 3.x's Montecito table, [PFM-MONT]).
 *
 * Counting and sampling on the twelve counters PMC/PMD4-15, 47 bits
 * wide, with their overflow bits 4-15 in PMC0. The counters' ism field
 * is fixed (IA-64 only: the processor runs no IA-32 code in hardware,
 * and perfmon never wrote it), so a counter is stopped by plm = 0, as
 * perfmon masked monitoring on this processor; the PMD is loaded again
 * after the PMC (stop_loses_pmd). Placement: the BUS_* and ER_* events
 * count on PMC4-9, CPU_OP_CYCLES_HALTED on PMC10 only; the L1D events of
 * one set, one of them on PMC5; the L2D events of at most two sets, each
 * with an event on the head of the triple it owns, PMC4 (with PMC5,
 * PMC8) or PMC6 (with PMC7, PMC9), none on the other set's; at most one
 * L2D OZQ cancel event (ia64_pmu_groups.c).
 *
 * Branch stacks come from the execution trace buffer in branch mode
 * (montecito_btb): the Itanium 2's BTB grown to sixteen entries, so
 * eight branches with their targets per sample, at most fifteen in the
 * single-entry form (caps/branches: ia64_btb_max_entries()).
 *
 * The IP-EAR (PMC42, IA64_PMU_F_IPEAR) makes the same buffer a history
 * of the last sixteen retired IPs, each with the cycles before it: an
 * event with config1.ipear gets them as its branch stack (from = IP,
 * to = 0, cycles; ia64_pmu_ipear.h, ia64_pmu_btb.c). IP-EAR and branch
 * stacks exclude each other ([PFM-MONT]): one buffer value per CPU.
 * Erratum 120 (no IP-EAR with hardware threads on): .mt_no_ipear.
 *
 * The EARs are the Itanium 2's in other registers (PMC37 with PMD34/35,
 * PMC40 with PMD32/33/36, ia64_ear_layout_montecito): perf mem samples
 * with address, latency and data source; the D-EAR's TLB and ALAT modes
 * turn the execution trace buffer off, as on the Itanium 2.
 *
 * The L3 events that take it (IA64_Q_MESI) filter by line state with the
 * mesi field (PMC bits 30:27, I S E M; 0: every state, which the PMC
 * says with all four bits, ia64_pmu_event.c); any other event with a
 * mesi bit is -EINVAL.
 *
 * Qualification (ia64_qual_montecito, ia64_pmu_qual.c): the Itanium 2's
 * per IBR pair scheme in other registers, the opcode matchers PMC32/33
 * and PMC34/35 (41 bits wide; the opc_* fields name bits 40:27 and 12:0
 * as on the other models, opc_*_mid bits 26:13), PMC36 freeing the IBR
 * pairs whose events have no pattern from a matcher that another pair's
 * events set (ia64_pmu_qual_regs.c), code ranges in
 * PMC38 (fine mode within 64 KB; a masked range only for
 * IA64_TAGGED_INST_RETIRED and the instruction prefetch events; the
 * dual events on the pairs ibrp_dual names), data ranges in PMC41;
 * CPU_OP_CYCLES_QUAL does not count while IBR pair 1 restricts.
 *
 * The thread bit (PMC bit 26, format all) counts both hardware threads
 * of the core, with the privilege of a CPU-wide event. What it means
 * depends on the event's thread type ([PFM-MONT] S7, the table's
 * IA64_EV3_CAF lines): an active or floating event counts its own
 * thread's occurrences, with the bit both threads'; a self-floating
 * event is floating (this thread's) without it, causal with it; a
 * causal event belongs to no thread and counts the core's occurrences
 * either way, so the bit selects nothing there and is -EINVAL, as a
 * mesi bit on an event without the filter. With two threads
 * per core, erratum 121 ([PFM-MONT]: perfmon's errata handling): the
 * overflow of PMC10-15 cannot be relied on, and every event needs it (a
 * counting event to stay 64-bit past 2^47 events), so every event takes
 * PMC4-9 only, as perfmon2 refused PMC10-15 for 64-bit counters;
 * erratum 120: there is no IP-EAR.
 */

#include <linux/bits.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_qual.h"

#define C(x)	PERF_COUNT_HW_CACHE_##x

/*
 * At CPU bring-up: the default values of perfmon's Montecito register
 * description ([PFM-MONT]): PMC32/33 and PMC34/35 match every
 * instruction, PMC36 lets every channel be constrained by them, PMC38
 * no code range (every ig_ibrp set), PMC41 no data range, the I-EAR,
 * ETB, D-EAR and IP-EAR off.
 */
static const struct ia64_pmu_reg_init montecito_reset_pmcs[] = {
	{ 32, 0x030f01ffffffffffULL },
	{ 33, 0 },
	{ 34, 0x000f01ffffffffffULL },
	{ 35, 0 },
	{ 36, 0xfffffff0ULL },
	{ 37, 0 },
	{ 38, 0xdb6 },
	{ 39, 0 },
	{ 40, 0x2000000 },
	{ 41, 0x2078fefefefeULL },
	{ 42, 0 },
};

/*
 * Qualification ([PFM-MONT], from perfmon's and libpfm's
 * Montecito register descriptions, [PFM-MONT]): the matchers' mask
 * registers PMC32 and PMC34 with the b f i m enables, PMC32 with ig_ad
 * (bit 57, for every IBR pair) and inv (bit 56, IBR pair 0's range);
 * their match registers PMC33 and PMC35; PMC38 the code ranges (the
 * Itanium 2's PMC14 fields, reset 0xdb6, fine mode within 64 KB); PMC41
 * the data ranges (the Itanium 2's PMC13, bit for bit); umask 0-3 of
 * IA64_TAGGED_INST_RETIRED (0x08) select IBR pair 0-3. libpfm refuses a
 * masked range for any other event than those and the prefetch events,
 * and CPU_OP_CYCLES_QUAL (0x12, umask 1) with IBR pair 1 in use; the
 * kernel refuses a PMC41 without a DBR pair while PMC32.ig_ad = 0 and
 * IBR pair 0 or 1 restricts.
 */
static const struct ia64_pmu_qual_layout ia64_qual_montecito = {
	.per_pair	= true,
	.opc_reset	= IA64_OPC_RESET,
	.opc_pmc	= { 32, 34 },
	.opc_match_pmc	= { 33, 35 },
	.chan_pmc	= 36,
	.irange_pmc	= 38,
	.drange_pmc	= 41,
	.pair_es	= 0x08,
	.irange_reset	= 0xdb6,
	.fine_page	= IA64_FINE_PAGE_MONT,
	.ig_ad		= IA64_OPCM_IG_AD,
	.inv		= IA64_OPCM_INV,
	.ig_ad_all	= true,
	.inv_pairs	= 0x1,
	.coarse_tagged_only = true,
	.ibrp1_free_es	= 0x12,
	.ibrp1_free_umask = 0x1,
	.drange_ena_rule = true,
};

static const struct ia64_pmu_event montecito_events[] = {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	{ name, es, umask, umask_mask, sel, ctr, max_inc, qual },
#include "ia64_pmu_montecito_events.h"
#undef IA64_EV
};

/* The index of each event in montecito_events[] */
enum {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	MONT_##id,
#include "ia64_pmu_montecito_events.h"
#undef IA64_EV
};

/*
 * The thread type of each event ([PFM-MONT] S7: active, floating, causal,
 * self-floating), in montecito_events[] order
 */
static const u8 montecito_thread_types[] = {
#define IA64_EV3_CAF(id, caf) \
	[MONT_##id] = caf,
#include "ia64_pmu_montecito_events.h"
#undef IA64_EV3_CAF
};
static_assert(ARRAY_SIZE(montecito_thread_types) ==
	      ARRAY_SIZE(montecito_events));

/*
 * Which events count what the task did not cause (IA64_PRIV_*), in
 * montecito_events[] order: a per-task event of one needs CPU-wide
 * privilege (ia64_pmu_event.c)
 */
static const u8 montecito_priv[ARRAY_SIZE(montecito_events)] = {
#define IA64_EV4_PRIV(id, priv) \
	[MONT_##id] = priv,
#include "ia64_pmu_montecito_events.h"
#undef IA64_EV4_PRIV
};

/* The L1D and L2D cache event groups and sets, ia64_pmu_groups.c */
static const struct ia64_pmu_event_group montecito_groups[] = {
#define IA64_EV2_GRP(id, grp, set)	{ MONT_##id, grp, set },
#include "ia64_pmu_montecito_events.h"
#undef IA64_EV2_GRP
};

/*
 * The execution trace buffer ([PFM-MONT], ia64_pmu_btb.h): PMC39 with
 * the Itanium 2's PMC12 fields, PMD48-63, the index and full bit in
 * PMD38, the b1 nibbles in PMD39
 */
static const struct ia64_btb_layout montecito_btb = IA64_BTB_LAYOUT_MONTECITO;

/*
 * The groups' counters ([PFM-MONT]): an L1D event on PMC5, whose
 * set the others count; the L2D triples PMC4, PMC5, PMC8 and PMC6, PMC7,
 * PMC9, the set of each chosen by its head
 */
static const struct ia64_pmu_group_pins montecito_pins[] = {
	{ .grp = IA64_GRP_L1D, .nr_sets = 1, .ctr = { { 5 } } },
	{ .grp = IA64_GRP_L2D, .nr_sets = 2,
	  .ctr = { { 4, 5, 8 }, { 6, 7, 9 } } },
};

const struct ia64_pmu_model ia64_pmu_montecito = {
	.name		= "montecito",
	.family		= IA64_PMU_FAMILY_MONTECITO,
	.nr_generic	= 12,
	.width		= 47,
	/* PMC0 bits 15:4 */
	.nr_ovfl_regs	= 1,
	.es_bits	= 8,
	/* a 3-bit threshold on all twelve counters */
	.thres_max_67	= 7,
	/* plm = 0: ism is fixed at 0b10 */
	.ctr_stop_clear	= IA64_PMC_PLM_ALL,
	.stop_loses_pmd	= true,
	/* PMC0-15, PMC32-42 */
	.pal_pmc_mask	= { 0x000007ff0000ffffULL },
	/* PMD4-15, PMD32-36, PMD38-39, PMD48-63 (no PMD37, [PFM-MONT]) */
	.pal_pmd_mask	= { 0xffff00df0000fff0ULL },
	.reset_pmcs	= montecito_reset_pmcs,
	.nr_reset_pmcs	= ARRAY_SIZE(montecito_reset_pmcs),
	.events		= montecito_events,
	.nr_events	= ARRAY_SIZE(montecito_events),
	/* ism is fixed */
	.raw_valid	= IA64_PMU_CFG_ES_MASK | IA64_PMU_CFG_UMASK_MASK |
			  IA64_PMU_CFG_THRES_MASK | IA64_PMU_CFG_THREAD_ALL |
			  IA64_PMU_CFG_MESI_MASK,
	.mesi_mask	= IA64_PMU_CFG_MESI_MASK,
	.thread_all	= IA64_PMU_CFG_THREAD_ALL,
	.thread_types	= montecito_thread_types,
	.priv		= montecito_priv,
	/* erratum 121: PMC10-15 do not serve counters that overflow */
	.mt_counters	= IA64_CTR_4_9,
	/* erratum 120: no IP-EAR with threads */
	.mt_no_ipear	= true,
	.groups		= montecito_groups,
	.nr_groups	= ARRAY_SIZE(montecito_groups),
	.pins		= montecito_pins,
	.nr_pins	= ARRAY_SIZE(montecito_pins),
	/* L2D_OZQ_CANCELS0_*, L2D_OZQ_CANCELS1_*: one event at a time */
	.exclusive_es	= { 0xe0, 0xe2 },
	.exclusive_one	= true,
	.features	= IA64_PMU_F_BTB | IA64_PMU_F_EAR | IA64_PMU_F_IPEAR |
			  IA64_PMU_F_QUAL,
	.btb		= &montecito_btb,
	.qual		= &ia64_qual_montecito,
	.ear		= &ia64_ear_layout_montecito,
	.mem_loads	= "DATA_EAR_EVENTS",

	.hw_events = {
		[PERF_COUNT_HW_CPU_CYCLES]	= "CPU_OP_CYCLES_ALL",
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
