// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito/Montvale (Itanium 9000/9100, CPUID family 0x20) PMU, as
 * a description for the shared model code of pmu_model*.c: register
 * file, reset state, the twelve 47-bit counters, PAL_PERF_MON_INFO,
 * CPUID, events, the free-running mix, the execution trace buffer in
 * branch mode (montecito_btb, captured by the shared pmu_model_btb.c) and
 * the EARs (montecito_ears, pmu_model_ear.c), qualification: the two
 * opcode matchers, code and data ranges (montecito_qual,
 * pmu_model_qual.c), the IP-EAR, the same buffer as a history of retired
 * IPs (montecito_btb's ipear_* fields), and two hardware threads per
 * core (model=montecito,threads=2: .thread_all, pmu_model.c).
 *
 * Sources: the project's facts sheet on the Montecito PMU
 * (/work/shared/facts/montecito-pmu.md, "[PFM-MONT] §n" below), which
 * gathers libpfm 3.x's Montecito support and the register descriptions
 * of the Linux perfmon ([PFM-MONT] tags S1-S7); the event table
 * pmu_model_events_montecito.c; and, where the Montecito keeps the
 * Itanium 2's events, what pmu_model_itanium2.c makes them count.
 *
 * Decisions where the sources say too little are marked MODEL(<name>),
 * each listed in the admin guide's "What the model assumes"
 * (docs-check).
 */
#include "pmu_model.h"
#include "pmu_model_int.h"

#define MONT_WIDTH		47
#define MONT_NR_CTR		12
#define MONT_NR_PMC		43	/* PMC0-15, PMC32-42 */
#define MONT_NR_PMD		64	/* up to PMD63 */

/*
 * [PFM-MONT]: PMC0-15 and PMC32-42. MODEL(mont-pmd37): the PMDs as the kernel
 * (S5, S6) has them, PMD4-15, 32-36, 38-39 and 48-63: PMD37, which
 * libpfm (S1) lists, is not implemented.
 */
#define MONT_PMC_IMPL		(MASK64(15, 0) | MASK64(42, 32))
#define MONT_PMD_IMPL		(MASK64(15, 4) | MASK64(36, 32) | \
				 MASK64(39, 38) | MASK64(63, 48))
#define MONT_CTRS		MASK64(15, 4)

/*
 * Counter PMCs PMC4-15 ([PFM-MONT]): plm 3:0, ev 4, oi 5, pm 6,
 * es 15:8, umask 19:16, threshold 22:20 (on all twelve), ism 25:24,
 * all 26, MESI 30:27. Writable bits and reset value the kernel's (S5):
 * 0x7c7fff7f (bits 0-6, 8-22, 26-30) and 0x2000000, ism = 2.
 *
 * MODEL(mont-ism): ism is not writable: the Montecito executes no IA-32 code in
 * hardware and the kernel treats ism as fixed at 2 (IA-64 only). A
 * write of ism = 0b11 therefore does not stop a counter; only plm = 0
 * does. With ism = 2 a counter counts nothing in IA-32 records.
 * MODEL(plm0-pmd): writing plm = 0 leaves the counter's PMD undefined, and so
 * does writing the PMD while plm = 0 (the shared plm0_clobbers_pmd): no
 * Montecito fact says the PMD is preserved, so the model assumes the
 * Itanium's rule ([ITA-RM] Figure 6-11).
 * Bits 30:27 are the MESI filter of the events that take it
 * (.mesi_shift, pmu_model_count.c). Bit 26, all, makes the counter
 * count the sibling thread's records too when the model runs two
 * threads per core (model=montecito,threads=2, .thread_all,
 * pmu_model.c), as the event's thread type has it (S7: a causal event
 * counts both threads' with or without it; counts_sibling()); with one
 * thread there is no sibling and it changes nothing. Bit 23 is ignored: there is no counter enable bit
 * ([PFM-MONT]).
 *
 * Erratum 121 ([PFM-MONT]): with threads enabled, PMC10-15 cannot
 * serve counters that need their overflow. MODEL(erratum-121): their overflow
 * sets the PMC0 bit but neither freezes nor interrupts (.mt_ovfl_no_irq).
 */
#define MONT_PMC_CTR_BITS	0x7c7fff7fULL
#define MONT_PMC_CTR_RESET	0x2000000ULL

/* PMC32/34 ([PFM-MONT]): mask 40:0, b f i m 51:48, inv 56, ig_ad 57 */
#define MONT_OPC_MASK		MASK64(40, 0)
#define MONT_OPC_SLOTS		MASK64(51, 48)
#define MONT_OPC_INV_IGAD	MASK64(57, 56)

/*
 * Implemented bits: PMC0 fr and the overflow bits of the twelve
 * counters ([SDM-2] §7.2.4.2); PMC1-3 read 0. PMC32-42 as the kernel
 * (S5/S6) masks them ([PFM-MONT]): PMC32 mask, b/f/i/m, inv and
 * ig_ad; PMC34 mask and b/f/i/m (inv and ig_ad only in PMC32); PMC33/35
 * the 41-bit match value; PMC36 the four ch*_ig_opcm bits; PMC37 13:0;
 * PMC38 the ig_ibrp* and fine bits 0x2492; PMC39 0xffcf; PMC40 0xf01cf
 * (ism not writable); PMC41 0x1e00018181818; PMC42 0x7ff4f.
 */
static const u64 montecito_pmc_bits[MONT_NR_PMC] = {
	[0] = IA64_MODEL_PMC0_FR | IA64_MODEL_PMC0_OVFL(MONT_NR_CTR),
	[4 ... 15] = MONT_PMC_CTR_BITS,
	[32] = MONT_OPC_MASK | MONT_OPC_SLOTS | MONT_OPC_INV_IGAD,
	[33] = MONT_OPC_MASK,
	[34] = MONT_OPC_MASK | MONT_OPC_SLOTS,
	[35] = MONT_OPC_MASK,
	[36] = 0xf,
	[37] = MASK64(13, 0),
	[38] = 0x2492,
	[39] = 0xffcf,
	[40] = 0xf01cf,
	[41] = 0x1e00018181818ULL,
	[42] = 0x7ff4f,
};

/*
 * Reset values: the kernel's defaults ([PFM-MONT]). Bits
 * that are not writable keep them (PMC36 31:4, PMC38's reserved bits,
 * PMC40.ism, PMC41's special bits, the counters' ism). MODEL(reset-frozen):
 * PMC0.fr = 1 after reset (the PMU frozen, as the model's Itanium 2 has it), no
 * overflow bit.
 */
static const u64 montecito_pmc_reset[MONT_NR_PMC] = {
	[0] = IA64_MODEL_PMC0_FR,
	[4 ... 15] = MONT_PMC_CTR_RESET,
	[32] = 0x030f01ffffffffffULL,
	[34] = 0x000f01ffffffffffULL,
	[36] = 0xfffffff0ULL,
	[38] = 0xdb6,
	[40] = 0x2000000,
	[41] = 0x00002078fefefefeULL,
};

/*
 * PMDs ([PFM-MONT]). PMD4-15: the count in 46:0, bits 63:47
 * read as copies of bit 46 (the shared code's sign extension of every
 * counter). The EAR and ETB data registers are plain registers holding
 * the bits the sheet names:
 * - PMD32 (D-EAR data address), PMD36 (D-EAR instruction: slot 1:0,
 *   bn 2, valid 3, address 63:4), PMD39 (sixteen 4-bit ETB extensions)
 *   and PMD48-63 (ETB entries / IP-EAR records): all 64 bits;
 * - PMD33 (D-EAR latency 12:0, overflow 13, stat 15:14): 15:0;
 * - PMD34 (I-EAR stat 1:0, line address 63:5): 63:5 and 1:0;
 * - PMD35 (I-EAR latency 11:0, overflow 12): 12:0;
 * - PMD38 (ETB index 3:0, full 5): 3:0 and 5. MODEL(mont-pmd38-bit4): bit 4,
 *   which the sheet does not name, is ignored (reads 0).
 * MODEL(mont-sxt): the ETB's entries and PMD34's line address hold bits 60:51
 * as copies of bit 50, as on the Itanium 2; PMD32 and PMD36 are stored
 * whole (montecito_ears).
 */
static const u64 montecito_pmd_bits[MONT_NR_PMD] = {
	[4 ... 15] = MASK64(MONT_WIDTH - 1, 0),
	[32] = ~0ULL,
	[33] = MASK64(15, 0),
	[34] = MASK64(63, 5) | MASK64(1, 0),
	[35] = MASK64(12, 0),
	[36] = ~0ULL,
	[38] = MASK64(3, 0) | BIT64(5),
	[39] = ~0ULL,
	[48 ... 63] = ~0ULL,
};

/* MODEL(reset-frozen): PMDs undefined after reset, as on the Itanium */
#define MONT_UNDEF(bits)	(IA64_MODEL_UNDEF & (bits))
static const u64 montecito_pmd_reset[MONT_NR_PMD] = {
	[4 ... 15] = MONT_UNDEF(MASK64(MONT_WIDTH - 1, 0)),
	[32] = IA64_MODEL_UNDEF,
	[33] = MONT_UNDEF(MASK64(15, 0)),
	[34] = MONT_UNDEF(MASK64(63, 5) | MASK64(1, 0)),
	[35] = MONT_UNDEF(MASK64(12, 0)),
	[36] = IA64_MODEL_UNDEF,
	[38] = MONT_UNDEF(MASK64(3, 0) | BIT64(5)),
	[39] = IA64_MODEL_UNDEF,
	[48 ... 63] = IA64_MODEL_UNDEF,
};

/*
 * The execution trace buffer in branch mode ([PFM-MONT]): PMC39
 * with the Itanium 2's PMC12 fields (plm 3:0, pm 6, ds 7, tm 9:8, ptm
 * 11:10, ppm 13:12, brt 15:14), sixteen entries PMD48-63 in the BTB's
 * format, PMD38 with the next index in 3:0 and full in bit 5, and PMD39
 * with a nibble per entry, b1 bit 0 and bruflush bit 1, in the order
 * PMD48, 56, 49, 57, ... 55, 63. The entries are undefined while
 * PMC39.ds = 1 ([PFM-MONT]: libpfm calls ds = 1 reserved).
 * MODEL(mont-etb): brt = 00 admits every branch, as on the Itanium 2; plm = 0
 * in PMC39 leaves PMD38, 39 and 48-63 undefined, as PMC12 does PMD8-16.
 * [PFM-MONT] (libpfm_montecito(3)) says the buffer records traps and
 * rfi besides branches: .xfer (pmu_model_btb.c says in which form).
 *
 * The IP-EAR ([PFM-MONT]): PMC42 (plm 3:0, pm 6, mode 10:8, delay
 * 18:11; writable 0x7ff4f above) with mode 4 records retired IPs in the
 * same registers instead of branches (pmu_model_btb.c).
 */
static const struct ia64_model_btb montecito_btb = {
	.pmc		= 39,
	.first_pmd	= 48,
	.nr		= 16,
	.index_pmd	= 38,
	.bbi_mask	= MASK64(3, 0),
	.full		= BIT64(5),
	.brt_shift	= 14,
	.ds		= BIT64(7),
	.ds_undef	= true,
	.ext		= IA64_MODEL_BTB_EXT_PMD,
	.ext_pmd	= 39,
	.ipear_pmc	= 42,
	.ipear_mode_mask = MASK64(10, 8),
	.ipear_mode	= 4ULL << 8,
	.ipear_delay_shift = 11,
	.ipear_mt_off	= true,
	.xfer		= true,
};

/*
 * The EARs ([PFM-MONT]) are the Itanium 2's (pmu_model_itanium2.c
 * itanium2_ears) in other registers:
 * - PMC37, the I-EAR: plm 3:0, pm 4, ct 13:12 (1x cache mode with an
 *   8-bit umask 12:5, 00 TLB mode with umask 11:5: bit 0 L2 ITLB, 1 VHPT,
 *   2 fault, 01 nothing), and no ism: bits 13:0 are all it has; the
 *   L1I_EAR_CACHE_* presets give the Itanium 2's thresholds per umask;
 * - PMD34: stat 1:0, line address 63:5; PMD35: latency 11:0, overflow
 *   12;
 * - PMC40, the D-EAR: plm 3:0, pm 6, mode 8:7 (0 cache, 1 TLB, 2 ALAT),
 *   umask 19:16 (the DATA_EAR_* presets: the Itanium 2's thresholds and
 *   TLB bits), ism 25:24 fixed at 2;
 * - PMD32: the data address; PMD33: latency 12:0, overflow 13, stat
 *   15:14; PMD36: slot 1:0, bn 2, valid 3, bundle 63:4.
 * The D-EAR's TLB and ALAT modes need PMC39 = 0 ([PFM-MONT]: else
 * the IP of a miss right after a mispredicted branch is wrong).
 * MODEL(mont-ear): as on the Itanium 2, that IP is the branch's; stat values as
 * there; the EAR PMDs read undefined while PMC0.fr = 0.
 */
static const struct ia64_model_ear_layout montecito_ears = {
	.iear_pmc		= 37,
	.iear_pmd_addr		= 34,
	.iear_pmd_lat		= 35,
	.dear_pmc		= 40,
	.dear_pmd_addr		= 32,
	.dear_pmd_lat		= 33,
	.dear_pmd_ip		= 36,
	.iear_pm		= BIT64(4),
	.iear_ism_shift		= 64,
	IA64_MODEL_EAR_ITANIUM2_FIELDS,
	.sxt_pmds		= BIT64(34),
	.unfrozen_pmds		= MASK64(36, 32),
	.dear_tlb_needs_pmc12_0	= true,
};

/*
 * Qualification ([PFM-MONT]), per IBR pair as on the
 * Itanium 2 (pmu_model_qual.c), in other registers:
 * - the opcode matchers compare all 41 encoding bits: PMC32 (mask 40:0,
 *   a set bit ignores the bit; the b f i m enables 51:48) with PMC33
 *   (match 40:0) for the tag channels 0 and 2, PMC34 with PMC35 for 1
 *   and 3;
 * - PMC36 bit i, ch<i>_ig_opcm: channel i is not bound to its matcher
 *   (the Itanium 2's PMC15, [PFM-MONT]);
 * - PMC38: ig_ibrp<i> at 1 + 3i, fine 13 (the Itanium 2's PMC14);
 * - PMC41: cfg_dtag<j> and ena_dbrp<j>, bit for bit the Itanium 2's
 *   PMC13 ([PFM-MONT]); libpfm's cfg_dtag table (§6) uses its cfg
 *   bits as the Itanium 2's: bit 0 the DBR pair ignored, bit 1 the IBR
 *   pair and opcode ignored;
 * - PMC32 bit 57 ig_ad, bit 56 inv. MODEL(mont-ig-ad): they are PMC32's alone
 *   (the kernel lets only PMC32 hold them, §5) and ig_ad ignores the range of
 *   every pair: libpfm clears it for a code range on any pair, IBR pair
 *   1's of the prefetch events included, and sets it without one (§5).
 *   inv inverts the IBRP0 range (§5), the one of pairs 0 and 2 in fine
 *   mode;
 * - fine mode: a range within one 64 KB page (§6, libpfm's "same 64 KiB"
 *   test). MODEL(mont-fine-range): libpfm lowers the lower bound to 32 bytes
 *   and puts the upper bound on the odd bundle of its 32 bytes, "a PMU bug":
 *   the model compares bits 15:5 of the bounds and of the address, two bundles'
 *   granularity, as the Itanium 2's erratum does with bits 11:5.
 * - The kernel refuses the PMC32/38/41 writes that leave every ena_dbrp
 *   of PMC41 clear while PMC32.ig_ad = 0 and PMC38 lets IBR pair 0 or 1
 *   constrain: the tagging of instruction-side events in L1D/L2 is then
 *   inconsistent (§10). MODEL(mont-dtag): in that state no memory record of an
 *   event with data range support counts (.dtag_needs_ena).
 * MODEL(mont-ism): the Montecito runs no IA-32 code in hardware (the counters'
 *   ism is fixed at IA-64 only): nothing to qualify there.
 */
static const struct ia64_model_opcm montecito_opcm[2] = {
	{ .mask_pmc = 32, .match_pmc = 33, .width = 41, .types_shift = 48 },
	{ .mask_pmc = 34, .match_pmc = 35, .width = 41, .types_shift = 48 },
};

#define MONT_PMC32_IG_AD	{ 32, BIT64(57) }
static const struct ia64_model_qual_pairs montecito_pairs = {
	.irange_pmc	= 38,
	.drange_pmc	= 41,
	.chan_pmc	= 36,
	.ig_ad		= { MONT_PMC32_IG_AD, MONT_PMC32_IG_AD,
			    MONT_PMC32_IG_AD, MONT_PMC32_IG_AD },
	.inv		= { { 32, BIT64(56) } },
	.fine_page	= MASK64(15, 0),
	.fine_grain	= MASK64(15, 5),
	.dtag_needs_ena	= true,
};

static const struct ia64_model_qual montecito_qual = {
	.tags		= ia64_model_pairs_tags,
	.opcm		= montecito_opcm,
	.pairs		= &montecito_pairs,
	.ia32_pmc13	= 0,
};

/*
 * PAL_PERF_MON_INFO: 12 generic pairs of 47 bits ([PFM-MONT]);
 * the implemented PMCs and PMDs above; CPU_OP_CYCLES_ALL (0x12) and
 * IA64_INST_RETIRED (0x08), the cycle and instruction events of
 * [PFM-MONT], count on PMC4-15 (counter mask 0xfff0 of both rows).
 */
#define MONT_PAL_CYCLES		0x12
#define MONT_PAL_RETIRED	0x08

/*
 * CPUID[3]: family 0x20 ([PFM-MONT]). MODEL(mont-cpuid): model 0 (Montecito),
 * revision 7 (no source gives one; the drivers check only the family),
 * number 4 as on the other models.
 */
#define MONT_CPUID3		((0x20ULL << 24) | (0x00ULL << 16) | \
				 (0x07ULL << 8) | 4)

/*
 * What the events with semantics count: the Itanium 2's, where the
 * Montecito table (pmu_model_events_montecito.c) has the same code with
 * the same meaning and umask layout; every other event counts what the
 * cycles records list.
 * - 0x12 CPU_OP_CYCLES: every cycle; .QUAL (umask 1, with instruction
 *   range and opcode support) those whose IP IBR pair 0 tags.
 *   MODEL(mont-opcycles-qual): a cycles record has no instruction, so the
 *   matchers do not restrict it (pmu_model_qual.c); libpfm calls its counts
 *   meaningful only while IBR pair 1 is unused ([PFM-MONT]), which the model
 *   does not model further.
 * - 0x08 IA64_INST_RETIRED / IA64_TAGGED_INST_RETIRED: the Itanium 2's
 *   IBR-pair tag by umask 3:0 (.tag_kind): IBR pair i and its channel's
 *   matcher (montecito_qual).
 * - 0x41 L1I_FILLS: the lines filled into L1I, fetch records (demand or
 *   prefetch) that L1I missed; a dual event (IA64_MODEL_Q_IBRP_DUAL).
 * - 0x5b BR_MISPRED_DETAIL: the same umask layout as the Itanium 2's
 *   (3:2 branch type, 1:0 outcome).
 * - 0xc2/0xc4 L1D_READS_SET0/1, 0xc7 L1D_READ_MISSES: the Itanium 2's
 *   codes and umasks for the same first-level data cache, counted as
 *   there (umask 1, RSE fills only, never counts a record's access).
 * - 0xcb L2D_MISSES: MODEL(mont-l2d-misses): the Montecito's L2 is split, so
 *   only data accesses that missed L2D count (records served by L3 or memory),
 *   never instruction fetches.
 * - 0xdb L3_REFERENCES, 0xdc L3_MISSES: data and instructions (the L3
 *   is unified), as on the Itanium 2.
 * - 0xdd L3_READS, 0xde L3_WRITES: umask 1:0 hit/miss, 3:2 the kind, as
 *   the Itanium's (pmu_model_count.c): DATA_READ (bit 3) the loads and
 *   INST_FETCH (bit 2) the fetches that reached L3, DATA_WRITE (bit 2)
 *   the stores; with the MESI filter (.mesi_shift) of their qualifier.
 * - 0x11 ETB_EVENT: the branches the ETB captures (PMC39), as the
 *   Itanium 2's BRANCH_EVENT counts those of its BTB; 0xc8
 *   DATA_EAR_EVENTS and 0x43 L1I_EAR_EVENTS the EARs' captures.
 * CPU_OP_CYCLES_HALTED (0x18, PMC10 only) has no semantics: a running
 * CPU is never halted, so it counts only what cycles records list.
 */
static const struct ia64_model_sem_map montecito_sem[] = {
	{ 0x12, IA64_MODEL_SEM_CPU_CYCLES },	/* CPU_OP_CYCLES_ALL */
	{ 0x08, IA64_MODEL_SEM_INST_RETIRED },	/* IA64_(TAGGED_)INST_RET. */
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
	{ 0xcb, IA64_MODEL_SEM_L2D_MISSES },	/* L2D_MISSES */
	{ 0xdb, IA64_MODEL_SEM_L3_REFS },	/* L3_REFERENCES */
	{ 0xdc, IA64_MODEL_SEM_L3_MISSES },	/* L3_MISSES */
	{ 0x5b, IA64_MODEL_SEM_BR_MISPRED_DETAIL },
	{ 0x11, IA64_MODEL_SEM_BRANCH_EVENT },	/* ETB_EVENT, BRANCH_EVENT */
	{ 0xdd, IA64_MODEL_SEM_L3_READS },	/* L3_READS */
	{ 0xde, IA64_MODEL_SEM_L3_WRITES },	/* L3_WRITES */
	{ 0xc8, IA64_MODEL_SEM_DATA_EAR },	/* DATA_EAR_EVENTS */
	{ 0x43, IA64_MODEL_SEM_INST_EAR },	/* L1I_EAR_EVENTS */
	{ 0x41, IA64_MODEL_SEM_L1I_FILLS },	/* L1I_FILLS */
};

/*
 * The events of the free-running mix's cycles are the Itanium 2's
 * (ia64_model_itanium2_freerun): the Montecito table has its stall
 * accounting events with the same codes and umasks: BACK_END_BUBBLE_ALL
 * 0x00/0, BE_EXE_BUBBLE_ALL/GRALL 0x02/0,1, BACK_END_BUBBLE_FE 0x00/1,
 * FE_BUBBLE_ALL/IMISS 0x71/0,6, BE_FLUSH_BUBBLE_ALL/BRU 0x04/0,1,
 * BUS_ALL_ANY 0x87/3, BUS_MEMORY_ALL_ANY 0x8a/0xf, BUS_MEM_READ_ALL_ANY
 * 0x8b/0xf (PMC4-9 only, as every BUS_ event), FP_OPS_RETIRED 0x09/0,
 * RSE_REFERENCES_RETIRED_ALL 0x20/3, IA64_INST_RETIRED 0x08/0 and
 * DATA_REFERENCES_SET0 0xc3/0.
 */

static struct ia64_model_ev_index mont_ev_index;

const struct ia64_model_desc ia64_model_montecito_desc = {
	.name		= "montecito",
	.nr_pmc		= MONT_NR_PMC,
	.nr_pmd		= MONT_NR_PMD,
	.pmc_impl	= MONT_PMC_IMPL,
	.pmd_impl	= MONT_PMD_IMPL,
	.nr_ctr		= MONT_NR_CTR,
	.width		= MONT_WIDTH,
	.es_mask	= 0xff,
	/* [PFM-MONT]: a 3-bit threshold (22:20) on all twelve */
	.thres_mask	= { [4 ... 15] = 7 },
	.ctr_enable	= 0,
	.mesi_shift	= 27,
	.thread_all	= BIT64(26),
	.mt_ovfl_no_irq	= MASK64(15, 10),
	.pmc_bits	= montecito_pmc_bits,
	.pmc_reset	= montecito_pmc_reset,
	.pmd_bits	= montecito_pmd_bits,
	.pmd_reset	= montecito_pmd_reset,
	.ita_units	= false,
	.btb		= &montecito_btb,
	.ear		= &montecito_ears,
	.tag_kind	= IA64_MODEL_TAG_IBRP,
	.qual		= &montecito_qual,
	.pal_info	= MONT_NR_CTR | (MONT_WIDTH << 8) |
			  (MONT_PAL_CYCLES << 16) |
			  ((u64)MONT_PAL_RETIRED << 24),
	.pal_pmc_mask	= MONT_PMC_IMPL,
	.pal_pmd_mask	= MONT_PMD_IMPL,
	.pal_cycles_mask = MONT_CTRS,
	.pal_retired_mask = MONT_CTRS,
	.code_cycles	= MONT_PAL_CYCLES,
	.cpuid3		= MONT_CPUID3,
	.events		= ia64_model_montecito_events,
	.nr_events	= &ia64_model_montecito_nr_events,
	.ev_index	= &mont_ev_index,
	.sem		= montecito_sem,
	.nr_sem		= ARRAY_SIZE(montecito_sem),
	.freerun	= &ia64_model_itanium2_freerun,
};
