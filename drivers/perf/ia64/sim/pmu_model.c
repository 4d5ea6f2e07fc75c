// SPDX-License-Identifier: GPL-2.0
/*
 * Software model of the Itanium (Merced) performance monitoring unit,
 * and the code it shares with the Itanium 2 model (pmu_model_itanium2.c):
 * a CPU model is a struct ia64_model_desc of tables and layouts.
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [ITA-RM]  Intel Itanium Processor Reference Manual for Software
 *             Development, rev. 2.0: ch. 6 (registers, Tables 6-4..6-24,
 *             §6.2.3-6.2.7: PMC0-3, PMC13/IBR match, PMC8/9 opcode
 *             match, PMC11/DBR match, EARs) and §7.8 (events)
 *   [SDM-2]   Intel Itanium Architecture Software Developer's Manual,
 *             vol. 2: §7.2 (generic monitors, PSR, Table 7-5), §7.2.4
 *             (context switch, Figure 7-7)
 *
 * Decisions where the text is ambiguous are marked "MODEL:".
 */
#ifdef __KERNEL__
#include <linux/string.h>
#include <linux/seq_file.h>
#else
#include <string.h>
#endif

#include "pmu_model.h"
#include "pmu_model_int.h"

/* Unimplemented VA bits 60:51 read as a copy of bit 50 (Tables 6-13..) */
#define VA_SXT_BITS		MASK64(60, 51)

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

/*
 * IBR/DBR layout: SDM vol. 2 §7.1.1 (not in spec/): even registers hold
 * the 64-bit address; odd IBRs mask 55:0, plm 59:56, x 63; odd DBRs
 * mask 55:0, plm 59:56, w 62, r 63; the other bits are ignored.
 */
#define IBR_ODD_BITS		(MASK64(59, 0) | BIT64(63))
#define DBR_ODD_BITS		(MASK64(59, 0) | MASK64(63, 62))

/* PAL_PERF_MON_INFO for the Itanium processor ([ITA-RM] Table 6-24) */
#define PAL_GENERIC_PAIRS	4
#define PAL_WIDTH		32
#define PAL_CYCLES		0x12
#define PAL_RETIRED		0x08
#define PAL_PMC_MASK		0x3fffULL
#define PAL_PMD_MASK		0x3ffffULL
#define PAL_CYCLES_MASK		0xf0ULL
/*
 * MODEL: Table 6-24 lists PAL_RETIRED_MASK = 0x10 (PMD4 only) while
 * §7.8 says IA64_INST_RETIRED counts on PMD4 and PMD5 (0x30). Merced PAL
 * is known to return the table's value, so the model's PAL does too; the
 * counters themselves follow §7.8 (IA64_INST_RETIRED counts on PMD5).
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

const struct ia64_model_desc ia64_model_itanium_desc = {
	.name		= "itanium",
	.nr_pmc		= IA64_MODEL_NR_PMC,
	.nr_pmd		= IA64_MODEL_NR_PMD,
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
	.sem		= itanium_sem,
	.nr_sem		= ARRAY_SIZE(itanium_sem),
	.freerun	= &itanium_freerun,
};

const struct ia64_model_desc *ia64_model_desc_of(enum ia64_model_cpu cpu)
{
	return cpu == IA64_MODEL_ITANIUM2 ? &ia64_model_itanium2_desc :
					    &ia64_model_itanium_desc;
}

u64 ia64_model_sxt50(u64 v)
{
	return (v & BIT64(50)) ? v | VA_SXT_BITS : v & ~VA_SXT_BITS;
}

u64 ia64_model_pmd_bits(const struct ia64_model *m, unsigned int idx)
{
	return idx < m->nr_pmd ? m->desc->pmd_bits[idx] : 0;
}

static unsigned int pmc_plm(u64 pmc)
{
	return pmc & IA64_MODEL_PMC_PLM;
}

static unsigned int pmc_umask(u64 pmc)
{
	return (pmc >> IA64_MODEL_PMC_UMASK_SHIFT) & 0xf;
}

static unsigned int pmc_es(const struct ia64_model *m, u64 pmc)
{
	return (pmc >> IA64_MODEL_PMC_ES_SHIFT) & m->desc->es_mask;
}

/* The generic counters' value mask, 2^W - 1 */
static u64 ctr_mask(const struct ia64_model *m)
{
	return MASK64(m->desc->width - 1, 0);
}

static bool frozen(const struct ia64_model *m)
{
	return m->pmc[0] & IA64_MODEL_PMC0_FR;
}

/* The event of @code in the model's table, or IA64_MODEL_SEM_NONE */
static unsigned int code_sem(const struct ia64_model_desc *d,
			     unsigned int code)
{
	unsigned int i;

	for (i = 0; i < d->nr_sem; i++)
		if (d->sem[i].code == code)
			return d->sem[i].sem;
	return IA64_MODEL_SEM_NONE;
}

static const struct ia64_model_event *
desc_event(const struct ia64_model_desc *d, unsigned int code,
	   unsigned int umask)
{
	return ia64_model_event_lookup(d->events, *d->nr_events, code, umask);
}

static void resolve_counter(struct ia64_model *m, unsigned int idx)
{
	u64 pmc = m->pmc[idx];
	const struct ia64_model_event *ev;

	ev = desc_event(m->desc, pmc_es(m, pmc), pmc_umask(pmc));
	m->ctr_ev[idx] = ev;
	m->ctr_sem[idx] = ev ? code_sem(m->desc, ev->code) :
			       IA64_MODEL_SEM_NONE;
}

void ia64_model_init(struct ia64_model *m, enum ia64_model_cpu cpu)
{
	const struct ia64_model_desc *d = ia64_model_desc_of(cpu);
	unsigned int i;

	memset(m, 0, sizeof(*m));
	m->cpu = cpu;
	m->desc = d;
	m->nr_pmc = d->nr_pmc;
	m->nr_pmd = d->nr_pmd;
	m->plm0_clobbers_pmd = true;

	/* The reset state is the model's (for the Itanium: [ITA-RM] §6.2.9) */
	for (i = 0; i < m->nr_pmc; i++)
		m->pmc[i] = d->pmc_reset[i];
	for (i = 0; i < m->nr_pmd; i++)
		m->pmd[i] = d->pmd_reset[i];

	for (i = 4; i < 8; i++)
		resolve_counter(m, i);
	/* IBRs, DBRs and PSR bits belong to the CPU: firmware zeroes them */
}

/* The PMC that controls PMD @idx ([ITA-RM] Table 6-4) */
static unsigned int pmd_owner(unsigned int idx)
{
	if (idx <= 1)
		return 10;
	if (idx <= 3 || idx == 17)
		return 11;
	if (idx <= 7)
		return idx;
	return 12;
}

/* The privileged monitor bit of PMC @idx: PMC10's moves on some models */
static u64 pmc_pm_bit(const struct ia64_model *m, unsigned int idx)
{
	return idx == 10 && m->desc->ear ? m->desc->ear->iear_pm :
					   IA64_MODEL_PMC_PM;
}

/* PMD4-7: the generic counters; the others are EAR and BTB registers */
static bool is_counter_pmd(unsigned int idx)
{
	return idx >= 4 && idx <= 7;
}

/* The BTB's entries PMD8-15 and its index PMD16 */
static bool is_btb_pmd(unsigned int idx)
{
	return idx >= 8 && idx <= 16;
}

static void clobber_pmds(struct ia64_model *m, unsigned int pmc)
{
	unsigned int i;

	for (i = 0; i < m->nr_pmd; i++)
		if (pmd_owner(i) == pmc)
			m->pmd[i] = IA64_MODEL_UNDEF & m->desc->pmd_bits[i];
}

u64 ia64_model_read_pmc(struct ia64_model *m, unsigned int idx)
{
	m->stats.pmc_reads++;
	if (idx >= m->nr_pmc)
		return 0;
	return m->pmc[idx];
}

void ia64_model_write_pmc(struct ia64_model *m, unsigned int idx, u64 val)
{
	m->stats.pmc_writes++;
	if (idx >= m->nr_pmc)
		return;
	m->stats.pmc_writes_by_reg[idx]++;
	/* reserved bits keep their reset value, the others are ignored */
	m->pmc[idx] = (val & m->desc->pmc_bits[idx]) |
		      (m->desc->pmc_reset[idx] & ~m->desc->pmc_bits[idx]);
	if (idx >= 4 && idx <= 7)
		resolve_counter(m, idx);
	/* Figure 6-11: plm = 0 does not preserve the PMD(s) */
	if (m->plm0_clobbers_pmd && ((idx >= 4 && idx <= 7) ||
				     (idx >= 10 && idx <= 12)) &&
	    !pmc_plm(m->pmc[idx]))
		clobber_pmds(m, idx);
}

u64 ia64_model_read_pmd(struct ia64_model *m, unsigned int idx)
{
	unsigned int cpl;
	u64 v;

	m->stats.pmd_reads++;
	if (idx >= m->nr_pmd)
		return 0;

	/*
	 * [SDM-2] Table 7-5: at cpl 0 every PMD reads its value; above
	 * cpl 0 a privileged monitor (pm = 1), or a user monitor while
	 * PSR.sp = 1, reads zero.
	 */
	cpl = (m->psr & IA64_MODEL_PSR_CPL) >> IA64_MODEL_PSR_CPL_SHIFT;
	if (cpl && ((m->pmc[pmd_owner(idx)] & pmc_pm_bit(m, pmd_owner(idx))) ||
		    (m->psr & IA64_MODEL_PSR_SP)))
		return 0;

	/*
	 * [ITA-RM] §6.2.1, §6.2.7, §6.2.8.2: the EAR and BTB registers
	 * hold valid data only while PMC0.fr = 1; read otherwise, they
	 * return undefined values. The stored value stays.
	 */
	if (!frozen(m) &&
	    ((m->desc->ita_units && !is_counter_pmd(idx)) ||
	     (m->desc->btb && is_btb_pmd(idx)) ||
	     (m->desc->ear && (m->desc->ear->unfrozen_pmds & BIT64(idx)))))
		return IA64_MODEL_PMD_UNFROZEN;

	v = m->pmd[idx];
	if (is_counter_pmd(idx))
		/*
		 * Table 6-5: sxt32 63:32 reads as bit 31; the Itanium 2 too
		 * reads bits 63:47 as copies of bit 46 (libpfm 3.x
		 * pfmlib_itanium2.h: pmd_sxt47)
		 */
		return (v & BIT64(m->desc->width - 1)) ?
		       v | ~ctr_mask(m) : v;
	/* the captured addresses: bits 60:51 copies of bit 50 */
	if (m->desc->ear && (m->desc->ear->sxt_pmds & BIT64(idx)))
		return ia64_model_sxt50(v);
	return v;
}

void ia64_model_write_pmd(struct ia64_model *m, unsigned int idx, u64 val)
{
	m->stats.pmd_writes++;
	if (idx >= m->nr_pmd)
		return;
	/*
	 * Figure 6-11: while the controlling PMC has plm = 0 the PMD value
	 * is not preserved, whether the PMC or the PMD was written last.
	 */
	if (m->plm0_clobbers_pmd && !pmc_plm(m->pmc[pmd_owner(idx)]))
		val = IA64_MODEL_UNDEF;
	m->pmd[idx] = val & m->desc->pmd_bits[idx];
}

u64 ia64_model_read_ibr(struct ia64_model *m, unsigned int idx)
{
	m->stats.ibr_reads++;
	return idx < IA64_MODEL_NR_IBR ? m->ibr[idx] : 0;
}

void ia64_model_write_ibr(struct ia64_model *m, unsigned int idx, u64 val)
{
	m->stats.ibr_writes++;
	if (idx < IA64_MODEL_NR_IBR)
		m->ibr[idx] = (idx & 1) ? val & IBR_ODD_BITS : val;
}

u64 ia64_model_read_dbr(struct ia64_model *m, unsigned int idx)
{
	m->stats.dbr_reads++;
	return idx < IA64_MODEL_NR_DBR ? m->dbr[idx] : 0;
}

void ia64_model_write_dbr(struct ia64_model *m, unsigned int idx, u64 val)
{
	m->stats.dbr_writes++;
	if (idx < IA64_MODEL_NR_DBR)
		m->dbr[idx] = (idx & 1) ? val & DBR_ODD_BITS : val;
}

u64 ia64_model_get_psr(struct ia64_model *m)
{
	m->stats.psr_reads++;
	return m->psr;
}

void ia64_model_set_psr(struct ia64_model *m, u64 psr)
{
	m->stats.psr_changes++;
	m->psr = psr & IA64_MODEL_PSR_MASK;
}

void ia64_model_psr_bits(struct ia64_model *m, u64 bits, bool on)
{
	m->stats.psr_changes++;
	m->psr = (on ? m->psr | bits : m->psr & ~bits) & IA64_MODEL_PSR_MASK;
}

long ia64_model_pal_perf_mon_info(struct ia64_model *m, u64 buf[16],
				  u64 *info)
{
	m->stats.pal_calls++;
	memset(buf, 0, 16 * sizeof(u64));
	buf[0] = m->desc->pal_pmc_mask;
	buf[4] = m->desc->pal_pmd_mask;
	buf[8] = m->desc->pal_cycles_mask;
	buf[12] = m->desc->pal_retired_mask;
	*info = m->desc->pal_info;
	return 0;
}

u64 ia64_model_cpuid3(struct ia64_model *m)
{
	m->stats.cpuid_reads++;
	return m->desc->cpuid3;
}

bool ia64_model_irq_pending(struct ia64_model *m)
{
	return m->irq_pending;
}

void ia64_model_irq_ack(struct ia64_model *m)
{
	m->irq_pending = false;
}

/* ------------------------------------------------------------------ */
/* Record checking                                                     */

#define CTX_OFF		sizeof(struct ia64_pmu_rec_hdr)
#define BODY_OFF	(CTX_OFF + sizeof(struct ia64_pmu_rec_ctx))

static bool is_41bit(u64 enc)
{
	return !(enc >> 41);
}

static int check_ctx(const struct ia64_pmu_rec_ctx *c)
{
	if (!c->repeat || c->cpl > 3 || c->isa > IA64_PMU_ISA_IA32 ||
	    c->slot > 2 || c->__reserved0 || c->__reserved1)
		return -EINVAL;
	if (c->isa == IA64_PMU_ISA_IA32 && c->slot)
		return -EINVAL;
	return 0;
}

static bool zero_bytes(const u8 *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

static int check_cycles(const struct ia64_model_desc *d, const u8 *buf,
			size_t size)
{
	struct ia64_pmu_rec_cycles r;
	struct ia64_pmu_rec_event ev[IA64_PMU_REC_MAX_EVENTS];
	unsigned int i, j;

	memcpy(&r, buf, sizeof(r));
	if (r.hdr.flags || r.ctx.slot || !zero_bytes((const u8 *)r.__reserved,
						     sizeof(r.__reserved)))
		return -EINVAL;
	if (r.nr_events > IA64_PMU_REC_MAX_EVENTS ||
	    size != sizeof(r) + r.nr_events * sizeof(ev[0]))
		return -EINVAL;
	memcpy(ev, buf + sizeof(r), r.nr_events * sizeof(ev[0]));
	for (i = 0; i < r.nr_events; i++) {
		const struct ia64_model_event *e;

		if ((ev[i].code & ~d->es_mask) || ev[i].umask > 0xf ||
		    !zero_bytes(ev[i].__reserved, sizeof(ev[i].__reserved)))
			return -EINVAL;
		/* CPU_CYCLES is implied by the record */
		if (ev[i].code == d->code_cycles)
			return -EINVAL;
		e = desc_event(d, ev[i].code, ev[i].umask);
		if (!e || !ev[i].inc || ev[i].inc > e->max_inc)
			return -EINVAL;
		/* The same event twice would exceed its max per cycle */
		for (j = 0; j < i; j++)
			if (ev[j].code == ev[i].code &&
			    desc_event(d, ev[j].code, ev[j].umask) == e &&
			    !((ev[j].umask ^ ev[i].umask) &
			      ia64_model_event_umask_sig(e)))
				return -EINVAL;
	}
	return 0;
}

static int check_inst(const u8 *buf)
{
	struct ia64_pmu_rec_inst r;

	memcpy(&r, buf, sizeof(r));
	if (r.hdr.flags & ~(IA64_PMU_REC_INST_NOP |
			    IA64_PMU_REC_INST_PRED_OFF))
		return -EINVAL;
	if (!zero_bytes(r.__reserved, sizeof(r.__reserved)) ||
	    !is_41bit(r.encoding) || r.itype > IA64_PMU_ITYPE_X ||
	    !r.per_cycle)
		return -EINVAL;
	if (r.ctx.isa == IA64_PMU_ISA_IA32)
		/* IA32_INST_RETIRED: max. 2 per cycle (§7.8) */
		return (r.per_cycle > 2 || r.hdr.flags || r.itype ||
			r.encoding) ? -EINVAL : 0;
	/* IA64_INST_RETIRED: max. 6 per cycle (§7.8) */
	if (r.per_cycle > 6)
		return -EINVAL;
	if ((r.itype == IA64_PMU_ITYPE_L && r.ctx.slot != 1) ||
	    (r.itype == IA64_PMU_ITYPE_X && r.ctx.slot != 2))
		return -EINVAL;
	return 0;
}

static int check_mem(const u8 *buf)
{
	struct ia64_pmu_rec_mem r;

	memcpy(&r, buf, sizeof(r));
	if (r.hdr.flags & ~(IA64_PMU_REC_MEM_UC | IA64_PMU_REC_MEM_ALAT_MISS))
		return -EINVAL;
	/* ld.c and chk.a: IA-64 loads */
	if ((r.hdr.flags & IA64_PMU_REC_MEM_ALAT_MISS) &&
	    (r.op != IA64_PMU_MEM_LOAD || r.ctx.isa == IA64_PMU_ISA_IA32))
		return -EINVAL;
	if (r.level > IA64_PMU_LVL_MEM || r.tlb > IA64_PMU_TLB_SW ||
	    r.op > IA64_PMU_MEM_STORE || !is_41bit(r.encoding))
		return -EINVAL;
	switch (r.size) {
	case 1: case 2: case 4: case 8: case 10: case 16:
		break;
	default:
		return -EINVAL;
	}
	if (r.ctx.isa == IA64_PMU_ISA_IA32 && r.encoding)
		return -EINVAL;
	return 0;
}

static int check_fetch(const u8 *buf)
{
	struct ia64_pmu_rec_fetch r;

	memcpy(&r, buf, sizeof(r));
	if (r.hdr.flags & ~IA64_PMU_REC_FETCH_PREFETCH)
		return -EINVAL;
	if (r.ctx.slot || r.level > IA64_PMU_LVL_MEM ||
	    r.tlb > IA64_PMU_TLB_SW || r.tlb == IA64_PMU_TLB_L2 ||
	    !zero_bytes(r.__reserved, sizeof(r.__reserved)))
		return -EINVAL;
	return 0;
}

static int check_branch(const u8 *buf)
{
	struct ia64_pmu_rec_branch r;

	memcpy(&r, buf, sizeof(r));
	if (r.hdr.flags & ~(IA64_PMU_REC_BR_TAKEN |
			    IA64_PMU_REC_BR_MISPRED_PATH |
			    IA64_PMU_REC_BR_MISPRED_TARGET |
			    IA64_PMU_REC_BR_MULTIWAY |
			    IA64_PMU_REC_BR_BUNDLE1))
		return -EINVAL;
	/* Only a taken branch has a target to mispredict */
	if ((r.hdr.flags & IA64_PMU_REC_BR_MISPRED_TARGET) &&
	    !(r.hdr.flags & IA64_PMU_REC_BR_TAKEN))
		return -EINVAL;
	if (r.ctx.isa != IA64_PMU_ISA_IA64 || r.btype > IA64_PMU_BR_IND_CALL ||
	    r.predictor > IA64_PMU_PRED_BAC || !is_41bit(r.encoding) ||
	    !zero_bytes(r.__reserved, sizeof(r.__reserved)))
		return -EINVAL;
	return 0;
}

int ia64_model_check_rec_cpu(enum ia64_model_cpu cpu, const void *buf,
			     size_t len)
{
	const u8 *p = buf;
	struct ia64_pmu_rec_hdr h;
	struct ia64_pmu_rec_ctx c;
	size_t want;
	int ret;

	if (!buf || len < BODY_OFF)
		return -EINVAL;
	memcpy(&h, p, sizeof(h));
	if (h.size < BODY_OFF || h.size % 8 || h.size > len)
		return -EINVAL;
	switch (h.type) {
	case IA64_PMU_REC_CYCLES:
		want = sizeof(struct ia64_pmu_rec_cycles);
		break;
	case IA64_PMU_REC_INST:
		want = sizeof(struct ia64_pmu_rec_inst);
		break;
	case IA64_PMU_REC_MEM:
		want = sizeof(struct ia64_pmu_rec_mem);
		break;
	case IA64_PMU_REC_FETCH:
		want = sizeof(struct ia64_pmu_rec_fetch);
		break;
	case IA64_PMU_REC_BRANCH:
		want = sizeof(struct ia64_pmu_rec_branch);
		break;
	default:
		return -EINVAL;
	}
	/* Fixed-size types must match exactly; cycles is checked below */
	if (h.size < want ||
	    (h.type != IA64_PMU_REC_CYCLES && h.size != want))
		return -EINVAL;
	memcpy(&c, p + CTX_OFF, sizeof(c));
	ret = check_ctx(&c);
	if (ret)
		return ret;
	switch (h.type) {
	case IA64_PMU_REC_CYCLES:
		ret = check_cycles(ia64_model_desc_of(cpu), p, h.size);
		break;
	case IA64_PMU_REC_INST:
		ret = check_inst(p);
		break;
	case IA64_PMU_REC_MEM:
		ret = check_mem(p);
		break;
	case IA64_PMU_REC_FETCH:
		ret = check_fetch(p);
		break;
	default:
		ret = check_branch(p);
		break;
	}
	return ret ? ret : h.size;
}

int ia64_model_check_rec(const void *buf, size_t len)
{
	return ia64_model_check_rec_cpu(IA64_MODEL_ITANIUM, buf, len);
}

void ia64_model_rec_origin(const void *rec, u64 *ip, unsigned int *cpl)
{
	struct ia64_pmu_rec_ctx c;

	memcpy(&c, (const u8 *)rec + CTX_OFF, sizeof(c));
	*ip = c.ip;
	*cpl = c.cpl;
}

/* ------------------------------------------------------------------ */
/* Execution                                                           */

/* Per-cycle increment of a cycles record's listed events for @ev */
static unsigned int cycles_inc(const struct ia64_model *m,
			       const struct rec_view *v,
			       const struct ia64_model_event *ev,
			       unsigned int sem, unsigned int umask)
{
	unsigned int sig = ia64_model_event_umask_sig(ev);
	unsigned int i;

	if (sem == IA64_MODEL_SEM_CPU_CYCLES)
		return 1;
	for (i = 0; i < v->nr_ev; i++)
		if (v->ev[i].code == ev->code &&
		    !((v->ev[i].umask ^ umask) & sig) &&
		    desc_event(m->desc, v->ev[i].code, v->ev[i].umask) == ev)
			return v->ev[i].inc;
	return 0;
}

static unsigned int inst_inc(const struct rec_view *v, unsigned int sem)
{
	const struct ia64_pmu_rec_inst *r = &v->u.inst;
	unsigned int n = r->per_cycle;

	if (v->is)
		return sem == IA64_MODEL_SEM_IA32_RETIRED ? n : 0;
	switch (sem) {
	case IA64_MODEL_SEM_INST_RETIRED:
	case IA64_MODEL_SEM_INST_DISPERSED:
		return n;
	case IA64_MODEL_SEM_NOPS_RETIRED:
		return (r->hdr.flags & IA64_PMU_REC_INST_NOP) ? n : 0;
	case IA64_MODEL_SEM_PRED_SQUASHED:
		return (r->hdr.flags & IA64_PMU_REC_INST_PRED_OFF) ? n : 0;
	}
	return 0;
}

/* L3_READS / L3_WRITES umask: bits 3:2 select the kind, 1:0 hit/miss */
static bool l3_umask(unsigned int umask, unsigned int kind_bit, bool hit)
{
	return (umask & kind_bit) && (umask & (hit ? 0x1 : 0x2));
}

static unsigned int mem_inc(const struct rec_view *v, unsigned int sem,
			    unsigned int umask)
{
	const struct ia64_pmu_rec_mem *r = &v->u.mem;
	bool load = r->op == IA64_PMU_MEM_LOAD;
	bool uc = r->hdr.flags & IA64_PMU_REC_MEM_UC;
	bool cached = !uc;
	bool l1miss = r->level > IA64_PMU_LVL_L1;
	bool l3 = r->level >= IA64_PMU_LVL_L3;

	switch (sem) {
	case IA64_MODEL_SEM_DATA_REFS:
		return 1;
	case IA64_MODEL_SEM_LOADS:
		return load;
	case IA64_MODEL_SEM_STORES:
		return !load;
	case IA64_MODEL_SEM_UC_LOADS:
		return uc && load;
	case IA64_MODEL_SEM_UC_STORES:
		return uc && !load;
	case IA64_MODEL_SEM_MISALIGNED_LOADS:
		return load && r->daddr % r->size;
	case IA64_MODEL_SEM_MISALIGNED_STORES:
		return !load && r->daddr % r->size;
	case IA64_MODEL_SEM_L1D_READS:
		return cached && load;
	case IA64_MODEL_SEM_L1D_READ_MISSES:
		return cached && load && l1miss;
	case IA64_MODEL_SEM_L1D_READ_MISSES_SRC:
		/* umask 1: only the misses of RSE fills, never a record's */
		return cached && load && l1miss && !(umask & 1);
	case IA64_MODEL_SEM_L2_DATA_REFS:	/* bit 0 reads, 1 writes */
		if (!cached)
			return 0;
		return load ? (l1miss && (umask & 1)) : !!(umask & 2);
	case IA64_MODEL_SEM_L2_REFS:
		return cached && (!load || l1miss);
	case IA64_MODEL_SEM_L2_MISSES:
	case IA64_MODEL_SEM_L3_REFS:
		return cached && l3;
	case IA64_MODEL_SEM_L3_MISSES:
		return cached && r->level == IA64_PMU_LVL_MEM;
	case IA64_MODEL_SEM_L3_READS:		/* .DATA_READS.* */
		return cached && load && l3 &&
		       l3_umask(umask, 0x8, r->level == IA64_PMU_LVL_L3);
	case IA64_MODEL_SEM_L3_WRITES:		/* .DATA_WRITES.* */
		return cached && !load && l3 &&
		       l3_umask(umask, 0x4, r->level == IA64_PMU_LVL_L3);
	case IA64_MODEL_SEM_DTC_MISSES:
		return r->tlb != IA64_PMU_TLB_L1;
	case IA64_MODEL_SEM_DTLB_MISSES:
		return r->tlb >= IA64_PMU_TLB_VHPT;
	case IA64_MODEL_SEM_DTLB_INSERTS_HPW:
		return r->tlb == IA64_PMU_TLB_VHPT;
	case IA64_MODEL_SEM_DATA_EAR:
		return v->dear;
	}
	return 0;
}

static unsigned int fetch_inc(const struct rec_view *v, unsigned int sem,
			      unsigned int umask)
{
	const struct ia64_pmu_rec_fetch *r = &v->u.fetch;
	bool demand = !(r->hdr.flags & IA64_PMU_REC_FETCH_PREFETCH);
	bool l1miss = r->level > IA64_PMU_LVL_L1;
	bool l3 = r->level >= IA64_PMU_LVL_L3;

	switch (sem) {
	case IA64_MODEL_SEM_L1I_DEMAND_READS:
		return demand;
	case IA64_MODEL_SEM_L1I_PREFETCH_READS:
		return !demand;
	case IA64_MODEL_SEM_L2_INST_DEMAND_READS:
		return demand && l1miss;
	case IA64_MODEL_SEM_L2_INST_PREFETCH_READS:
		return !demand && l1miss;
	case IA64_MODEL_SEM_ISB_LINES_IN:
	case IA64_MODEL_SEM_L2_REFS:
		return l1miss;
	case IA64_MODEL_SEM_L2_MISSES:
	case IA64_MODEL_SEM_L3_REFS:
		return l3;
	case IA64_MODEL_SEM_L3_MISSES:
		return r->level == IA64_PMU_LVL_MEM;
	case IA64_MODEL_SEM_L3_READS:		/* .INST_READS.* */
		return l3 && l3_umask(umask, 0x4,
				      r->level == IA64_PMU_LVL_L3);
	case IA64_MODEL_SEM_ITLB_MISSES_FETCH:
		return demand && r->tlb != IA64_PMU_TLB_L1;
	case IA64_MODEL_SEM_ITLB_INSERTS_HPW:
		return demand && r->tlb == IA64_PMU_TLB_VHPT;
	case IA64_MODEL_SEM_INST_EAR:
		return v->iear;
	}
	return 0;
}

/* BRANCH_PREDICTOR/BRANCH_MULTIWAY umask bits 1:0 */
static bool br_outcome(unsigned int sel, bool mp_path, bool mp_tgt)
{
	switch (sel & 3) {
	case 0:
		return true;			/* ALL_PREDICTIONS */
	case 1:
		return !mp_path && !mp_tgt;	/* CORRECT_PREDICTIONS */
	case 2:
		return mp_path;			/* WRONG_PATH */
	default:
		return !mp_path && mp_tgt;	/* WRONG_TARGET */
	}
}

/*
 * The branch types of BR_MISPRED_DETAIL umask 3:2 ([PFM-I2] event list of
 * libpfm 3.x) and of the Itanium 2 PMC12.brt ([PFM-I2] "BRANCH TRACE
 * BUFFER"): 0 all branches, 1 IP-relative, 2 returns, 3 non-return
 * indirect. MODEL: the records' conditional, call and loop branches are
 * IP-relative; br.ia, which goes through a branch register, and an
 * indirect call (IA64_PMU_BR_IND_CALL) are non-return indirect branches.
 */
bool ia64_model_br_type(unsigned int sel, unsigned int btype)
{
	switch (sel) {
	case 0:
		return true;
	case 1:
		return btype == IA64_PMU_BR_COND || btype == IA64_PMU_BR_CALL ||
		       btype == IA64_PMU_BR_LOOP;
	case 2:
		return btype == IA64_PMU_BR_RET;
	default:
		return btype == IA64_PMU_BR_IND || btype == IA64_PMU_BR_IA ||
		       btype == IA64_PMU_BR_IND_CALL;
	}
}

static unsigned int branch_inc(const struct rec_view *v, unsigned int sem,
			       unsigned int umask)
{
	const struct ia64_pmu_rec_branch *r = &v->u.br;
	bool taken = r->hdr.flags & IA64_PMU_REC_BR_TAKEN;
	bool mp_path = r->hdr.flags & IA64_PMU_REC_BR_MISPRED_PATH;
	bool mp_tgt = r->hdr.flags & IA64_PMU_REC_BR_MISPRED_TARGET;
	unsigned int stage = r->predictor + 1;
	unsigned int sel = umask >> 2;

	switch (sem) {
	case IA64_MODEL_SEM_BRANCH_EVENT:
		return v->btb;
	case IA64_MODEL_SEM_BR_TAKEN_SLOT:		/* Table 7-29 */
		return !!(umask & (taken ? 1U << v->ctx.slot : 0x8));
	case IA64_MODEL_SEM_BR_PATH:	/* 3:2 stage, 1 correct, 0 taken */
		return (!sel || sel == stage) &&
		       !!(umask & 2) == !mp_path && !!(umask & 1) == taken;
	case IA64_MODEL_SEM_BR_PREDICTOR:	/* 3:2 stage, 1:0 outcome */
		return (!sel || sel == stage) &&
		       br_outcome(umask, mp_path, mp_tgt);
	case IA64_MODEL_SEM_BR_MISPRED_DETAIL:	/* 3:2 type, 1:0 outcome */
		return ia64_model_br_type(sel, r->btype) &&
		       br_outcome(umask, mp_path, mp_tgt);
	case IA64_MODEL_SEM_BR_MULTIWAY: /* 3:2 all/not taken/taken */
		if (!(r->hdr.flags & IA64_PMU_REC_BR_MULTIWAY))
			return 0;
		if ((sel == 2 && taken) || (sel == 3 && !taken))
			return 0;
		return br_outcome(umask, mp_path, mp_tgt);
	}
	return 0;
}

/*
 * The monitor enable equation of [ITA-RM] §6.2.1 with the record's cpl
 * and instruction set; PMC12 ignores ism.
 */
bool ia64_model_monitor_enabled_at(const struct ia64_model *m, u64 pmc,
				   u64 pm, unsigned int ism_shift,
				   const struct rec_view *v)
{
	unsigned int ism = ism_shift < 64 ? (pmc >> ism_shift) & 3 : 0;
	bool up = m->psr & IA64_MODEL_PSR_UP;
	bool pp = m->psr & IA64_MODEL_PSR_PP;

	if (frozen(m) || !(pmc_plm(pmc) & (1U << v->ctx.cpl)))
		return false;
	/* README: ism bit 24 disables IA-64 code, bit 25 IA-32 code */
	if (ism & (1U << v->is))
		return false;
	return (pmc & pm) ? pp : up;
}

bool ia64_model_monitor_enabled(const struct ia64_model *m, unsigned int idx,
				 const struct rec_view *v)
{
	return ia64_model_monitor_enabled_at(m, m->pmc[idx],
					     IA64_MODEL_PMC_PM,
					     idx != 12 ?
					     IA64_MODEL_PMC_ISM_SHIFT : 64, v);
}

/* Per-cycle increment of the event of counter @idx in this record */
static unsigned int event_inc(const struct ia64_model *m, unsigned int idx,
			      const struct rec_view *v)
{
	const struct ia64_model_event *ev = m->ctr_ev[idx];
	unsigned int sem = m->ctr_sem[idx];
	unsigned int umask = pmc_umask(m->pmc[idx]);
	unsigned int n;

	if (!ev || !(ev->pmds & (1U << idx)))	/* counter asymmetry */
		return 0;
	switch (v->hdr.type) {
	case IA64_PMU_REC_CYCLES:
		n = cycles_inc(m, v, ev, sem, umask);
		break;
	case IA64_PMU_REC_INST:
		n = inst_inc(v, sem);
		break;
	case IA64_PMU_REC_MEM:
		n = mem_inc(v, sem, umask);
		break;
	case IA64_PMU_REC_FETCH:
		n = fetch_inc(v, sem, umask);
		break;
	default:
		n = branch_inc(v, sem, umask);
		break;
	}
	if (!n)
		return 0;
	if (sem == IA64_MODEL_SEM_INST_RETIRED &&
	    m->desc->tag_kind == IA64_MODEL_TAG_IBRP)
		/*
		 * Itanium 2 ([PFM-I2] event list): umask 0-3 select the
		 * instructions tagged by IBR pair 0-3 and its matcher, PMC8
		 * (0, 2) or PMC9 (1, 3): pmu_model_qual.c
		 */
		return v->ibrp_tag[umask & 3] ? n : 0;
	if (sem == IA64_MODEL_SEM_INST_RETIRED) {
		/* Table 7-30: 0000 all, 0011 Tag(PMC8), 0010 Tag(PMC9) */
		if (umask == 0x3)
			return v->tag8 ? n : 0;
		if (umask == 0x2)
			return v->tag9 ? n : 0;
		return n;
	}
	return ia64_model_qualified(m, ev, v) ? n : 0;
}

static void decode(const void *rec, struct rec_view *v)
{
	const u8 *p = rec;

	memset(v, 0, sizeof(*v));
	memcpy(&v->hdr, p, sizeof(v->hdr));
	memcpy(&v->ctx, p + CTX_OFF, sizeof(v->ctx));
	v->is = v->ctx.isa == IA64_PMU_ISA_IA32;
	switch (v->hdr.type) {
	case IA64_PMU_REC_CYCLES:
		memcpy(&v->u.cyc, p, sizeof(v->u.cyc));
		v->nr_ev = v->u.cyc.nr_events;
		if (v->nr_ev > IA64_PMU_REC_MAX_EVENTS)
			v->nr_ev = IA64_PMU_REC_MAX_EVENTS;
		memcpy(v->ev, p + sizeof(v->u.cyc),
		       v->nr_ev * sizeof(v->ev[0]));
		break;
	case IA64_PMU_REC_INST:
		memcpy(&v->u.inst, p, sizeof(v->u.inst));
		break;
	case IA64_PMU_REC_MEM:
		memcpy(&v->u.mem, p, sizeof(v->u.mem));
		v->has_daddr = true;
		break;
	case IA64_PMU_REC_FETCH:
		memcpy(&v->u.fetch, p, sizeof(v->u.fetch));
		break;
	case IA64_PMU_REC_BRANCH:
		memcpy(&v->u.br, p, sizeof(v->u.br));
		break;
	}
}

static u64 min_u64(u64 a, u64 b)
{
	return a < b ? a : b;
}

/*
 * Repetitions until a counter of @width bits at @count, counting @d per
 * repetition, carries out of bit width - 1
 */
static u64 reps_to_overflow(unsigned int width, u64 count, unsigned int d)
{
	return ((1ULL << width) - count + d - 1) / d;
}

int ia64_model_run(struct ia64_model *m, const void *rec, u64 *progress)
{
	struct rec_view v;
	unsigned int d[8] = { 0 };
	u64 left, k, cnt;
	bool freeze = false;
	unsigned int i;

	m->stats.runs++;
	decode(rec, &v);
	/* only checked records may run; anything else is a no-op */
	if (!v.hdr.type || v.hdr.type > IA64_PMU_REC_BRANCH ||
	    *progress >= v.ctx.repeat) {
		*progress = v.ctx.repeat;
		return 0;
	}
	left = v.ctx.repeat - *progress;
	if (frozen(m)) {
		/* a frozen PMU counts and captures nothing */
		*progress = v.ctx.repeat;
		return 0;
	}

	switch (v.hdr.type) {
	case IA64_PMU_REC_INST:
		ia64_model_compute_tags(m, &v, !v.is, v.u.inst.itype,
					v.u.inst.encoding, 0);
		break;
	case IA64_PMU_REC_MEM:
		ia64_model_compute_tags(m, &v, !v.is, IA64_PMU_ITYPE_M,
					v.u.mem.encoding, v.u.mem.daddr);
		if (m->desc->ear)
			ia64_model_dear_check(m, &v);
		break;
	case IA64_PMU_REC_BRANCH:
		ia64_model_compute_tags(m, &v, true, IA64_PMU_ITYPE_B,
					v.u.br.encoding, 0);
		if (m->desc->btb)
			ia64_model_btb_check(m, &v);
		break;
	case IA64_PMU_REC_FETCH:
		ia64_model_compute_tags(m, &v, false, 0, 0, 0);
		if (m->desc->ear)
			ia64_model_iear_check(m, &v);
		break;
	default:
		ia64_model_compute_tags(m, &v, false, 0, 0, 0);
		break;
	}

	/*
	 * Per-repetition increment of each counter: the monitor enable
	 * equation, then the threshold: a non-zero threshold counts 1 in
	 * each cycle whose increment exceeds it ([ITA-RM] §6.1.1.3; the
	 * Table 6-6 sentence is cut off in the text; [PFM-I2]: "more than
	 * n times per cycle"). A model with a counter enable bit in PMC4
	 * counts nothing while it is 0.
	 */
	k = left;
	for (i = 4; i < 8; i++) {
		u64 pmc = m->pmc[i];
		unsigned int thr = (pmc >> IA64_MODEL_PMC_THRES_SHIFT) &
				   m->desc->thres_mask[i];
		unsigned int n;

		if (m->desc->ctr_enable && !(m->pmc[4] & m->desc->ctr_enable))
			break;
		if (!ia64_model_monitor_enabled(m, i, &v))
			continue;
		n = event_inc(m, i, &v);
		d[i] = thr ? n > thr : n;
		/* an oi monitor's overflow freezes: stop in that cycle */
		if (d[i] && (pmc & IA64_MODEL_PMC_OI))
			k = min_u64(k, reps_to_overflow(m->desc->width,
							m->pmd[i], d[i]));
	}

	for (i = 4; i < 8; i++) {
		if (!d[i])
			continue;
		cnt = m->pmd[i] & ctr_mask(m);
		if (k >= reps_to_overflow(m->desc->width, cnt, d[i])) {
			/* Table 6-7: sticky overflow bit, regardless of oi */
			m->pmc[0] |= BIT64(i);
			if (m->pmc[i] & IA64_MODEL_PMC_OI)
				freeze = true;
		}
		m->pmd[i] = (cnt + d[i] * (k & ctr_mask(m))) & ctr_mask(m);
	}

	if (v.iear)
		ia64_model_iear_capture(m, &v);
	if (v.dear)
		ia64_model_dear_capture(m, &v);
	if (v.btb)
		ia64_model_btb_capture(m, &v, k);
	/* what ran last, for the D-EAR's IP rule (pmu_model_ear.c) */
	m->after_mispred = v.hdr.type == IA64_PMU_REC_BRANCH &&
			   (v.hdr.flags & (IA64_PMU_REC_BR_MISPRED_PATH |
					   IA64_PMU_REC_BR_MISPRED_TARGET));
	m->mispred_ip = v.ctx.ip;
	m->mispred_slot = v.ctx.slot;

	*progress += k;
	if (freeze) {
		/* Table 6-7: fr set by an oi overflow; the interrupt */
		m->pmc[0] |= IA64_MODEL_PMC0_FR;
		m->irq_pending = true;
		m->stats.irqs++;
	}
	return *progress < v.ctx.repeat ? 1 : 0;
}

void ia64_model_freerun_rec(enum ia64_model_cpu cpu,
			    union ia64_model_freerun_rec *rec,
			    u64 period_ns, u64 ip, unsigned int cpl)
{
	const struct ia64_model_freerun_events *fe =
		ia64_model_desc_of(cpu)->freerun;
	struct ia64_pmu_rec_cycles *c = &rec->cyc;
	u64 cycles = period_ns * 4 / 5;		/* an 800 MHz Itanium */

	memset(rec, 0, sizeof(*rec));
	c->hdr.type = IA64_PMU_REC_CYCLES;
	c->hdr.size = sizeof(*c) + 2 * sizeof(c->events[0]);
	c->ctx.ip = ip;
	c->ctx.repeat = cycles ? cycles : 1;
	c->ctx.cpl = cpl & 3;
	c->ctx.isa = IA64_PMU_ISA_IA64;
	c->nr_events = 2;
	/* IPC 1, and one data reference per cycle */
	c->events[0].code = fe->inst.code;
	c->events[0].umask = fe->inst.umask;
	c->events[0].inc = 1;
	c->events[1].code = fe->dref.code;
	c->events[1].umask = fe->dref.umask;
	c->events[1].inc = 1;
}

#ifdef __KERNEL__
void ia64_model_dump(const struct ia64_model *m, struct seq_file *s)
{
	unsigned int i;

	seq_printf(s, "cpu %u psr 0x%llx irq_pending %d\n", m->cpu,
		   m->psr, m->irq_pending);
	for (i = 0; i < m->nr_pmc; i++)
		seq_printf(s, "pmc%-2u 0x%016llx\n", i, m->pmc[i]);
	for (i = 0; i < m->nr_pmd; i++)
		seq_printf(s, "pmd%-2u 0x%016llx\n", i, m->pmd[i]);
	for (i = 0; i < IA64_MODEL_NR_IBR; i++)
		seq_printf(s, "ibr%u  0x%016llx\n", i, m->ibr[i]);
	for (i = 0; i < IA64_MODEL_NR_DBR; i++)
		seq_printf(s, "dbr%u  0x%016llx\n", i, m->dbr[i]);
	seq_printf(s, "pmc_reads %llu pmc_writes %llu\n",
		   m->stats.pmc_reads, m->stats.pmc_writes);
	seq_printf(s, "pmd_reads %llu pmd_writes %llu\n",
		   m->stats.pmd_reads, m->stats.pmd_writes);
	seq_printf(s, "ibr_reads %llu ibr_writes %llu\n",
		   m->stats.ibr_reads, m->stats.ibr_writes);
	seq_printf(s, "dbr_reads %llu dbr_writes %llu\n",
		   m->stats.dbr_reads, m->stats.dbr_writes);
	seq_printf(s, "psr_reads %llu psr_changes %llu\n",
		   m->stats.psr_reads, m->stats.psr_changes);
	seq_printf(s, "pal_calls %llu cpuid_reads %llu\n",
		   m->stats.pal_calls, m->stats.cpuid_reads);
	seq_printf(s, "runs %llu irqs %llu ear_captures %llu btb_entries %llu\n",
		   m->stats.runs, m->stats.irqs, m->stats.ear_captures,
		   m->stats.btb_entries);
	for (i = 0; i < m->nr_pmc; i++)
		seq_printf(s, "pmc%u_writes %llu\n", i,
			   m->stats.pmc_writes_by_reg[i]);
}
#endif
