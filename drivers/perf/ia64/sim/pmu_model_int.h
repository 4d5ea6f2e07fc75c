/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the PMU model shared by its files (pmu_model*.c): a CPU
 * model's description, a record as the model sees it while it runs, and
 * the helpers each part of the PMU needs. Not for the model's users.
 */
#ifndef _IA64_PMU_MODEL_INT_H
#define _IA64_PMU_MODEL_INT_H

#ifdef __KERNEL__
#include <linux/kernel.h>
#endif

#include "pmu_model.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

#define BIT64(n)		(1ULL << (n))
#define MASK64(h, l)		((~0ULL >> (63 - (h))) & ~((1ULL << (l)) - 1))

/* Unimplemented VA bits 60:51 read as a copy of bit 50 (Tables 6-13..) */
#define VA_SXT_BITS		MASK64(60, 51)

/*
 * What an event counts in the execution records: the shared counting
 * code (pmu_model_count.c) knows these; each CPU model maps its event
 * codes to them (struct ia64_model_desc.sem). An event without one
 * counts only in cycles records that list it.
 */
enum ia64_model_sem {
	IA64_MODEL_SEM_NONE,
	IA64_MODEL_SEM_CPU_CYCLES,	/* every cycle */
	/* instruction records */
	IA64_MODEL_SEM_INST_RETIRED,	/* IA-64 retired, tag by umask */
	IA64_MODEL_SEM_IA32_RETIRED,
	IA64_MODEL_SEM_INST_DISPERSED,
	IA64_MODEL_SEM_NOPS_RETIRED,
	IA64_MODEL_SEM_PRED_SQUASHED,
	/* memory records */
	IA64_MODEL_SEM_DATA_REFS,	/* every access */
	IA64_MODEL_SEM_LOADS,
	IA64_MODEL_SEM_STORES,
	IA64_MODEL_SEM_UC_LOADS,
	IA64_MODEL_SEM_UC_STORES,
	IA64_MODEL_SEM_MISALIGNED_LOADS,
	IA64_MODEL_SEM_MISALIGNED_STORES,
	IA64_MODEL_SEM_L1D_READS,	/* cacheable loads */
	IA64_MODEL_SEM_L1D_READ_MISSES,	/* cacheable loads missing L1D */
	IA64_MODEL_SEM_L1D_READ_MISSES_SRC, /* the same, umask 1: RSE only */
	IA64_MODEL_SEM_L2_DATA_REFS,	/* Itanium umask: 0 reads, 1 writes */
	IA64_MODEL_SEM_DTC_MISSES,
	IA64_MODEL_SEM_DTLB_MISSES,
	IA64_MODEL_SEM_DTLB_INSERTS_HPW,
	IA64_MODEL_SEM_DATA_EAR,
	IA64_MODEL_SEM_L3_WRITES,	/* Itanium umask: kind 3:2, 1:0 */
	/* memory and fetch records */
	IA64_MODEL_SEM_L2_REFS,
	IA64_MODEL_SEM_L2_MISSES,
	IA64_MODEL_SEM_L2D_MISSES,	/* split L2: data accesses only */
	IA64_MODEL_SEM_L3_REFS,
	IA64_MODEL_SEM_L3_MISSES,
	IA64_MODEL_SEM_L3_READS,	/* Itanium umask: kind 3:2, 1:0 */
	/* fetch records */
	IA64_MODEL_SEM_L1I_DEMAND_READS,
	IA64_MODEL_SEM_L1I_PREFETCH_READS,
	IA64_MODEL_SEM_L2_INST_DEMAND_READS,
	IA64_MODEL_SEM_L2_INST_PREFETCH_READS,
	IA64_MODEL_SEM_ISB_LINES_IN,
	IA64_MODEL_SEM_L1I_FILLS,	/* demand and prefetch, L1I missed */
	IA64_MODEL_SEM_ITLB_MISSES_FETCH,
	IA64_MODEL_SEM_ITLB_INSERTS_HPW,
	IA64_MODEL_SEM_INST_EAR,
	/* branch records */
	IA64_MODEL_SEM_BRANCH_EVENT,	/* a BTB capture */
	IA64_MODEL_SEM_BR_TAKEN_SLOT,	/* Itanium Table 7-29 */
	IA64_MODEL_SEM_BR_PATH,		/* Itanium BRANCH_PATH umask */
	IA64_MODEL_SEM_BR_PREDICTOR,	/* Itanium BRANCH_PREDICTOR umask */
	IA64_MODEL_SEM_BR_MULTIWAY,	/* Itanium BRANCH_MULTIWAY umask */
	IA64_MODEL_SEM_BR_MISPRED_DETAIL, /* umask 3:2 type, 1:0 outcome */
};

/* One event code of a CPU model and what it counts */
struct ia64_model_sem_map {
	u8 code;
	u8 sem;		/* enum ia64_model_sem */
};

/* How the umask of the IA-64 retired-instruction event selects a tag */
enum ia64_model_tag_kind {
	IA64_MODEL_TAG_ITA,	/* [ITA-RM] Table 7-30: 0011 PMC8, 0010 PMC9 */
	IA64_MODEL_TAG_IBRP,	/* Itanium 2: 0/2 PMC8, 1/3 PMC9 */
	IA64_MODEL_TAG_NONE,	/* no tags: every umask counts all */
};

/* Where a branch trace buffer keeps its entries' extension bits */
enum ia64_model_btb_ext {
	IA64_MODEL_BTB_EXT_NONE,	/* none (Itanium) */
	IA64_MODEL_BTB_EXT_INDEX,	/* index PMD, ext_shift + 4 * i */
	/*
	 * a PMD of their own (ext_pmd), a nibble per entry: entry i of
	 * the first half at nibble 2i, entry i of the second at 2i + 1
	 */
	IA64_MODEL_BTB_EXT_PMD,
};

/*
 * The layout of a CPU model's branch trace buffer (pmu_model_btb.c):
 * a configuration PMC with plm 3:0, pm 6, tm 9:8, ptm 11:10, ppm 13:12
 * as the Itanium's PMC12 ([ITA-RM] §6.2.8), a ring of entries in the
 * format of PMD8-15 with an index PMD (bbi and a sticky full bit), and
 * the fields in which the models differ.
 */
struct ia64_model_btb {
	/* the configuration PMC (PMC12), the first entry (PMD8), how many */
	u8 pmc;
	u8 first_pmd;
	u8 nr;
	/* the index PMD (PMD16): bbi in bbi_mask, the full bit */
	u8 index_pmd;
	u64 bbi_mask;
	u64 full;
	/*
	 * The PMC bit that admits the branches of each predictor
	 * (IA64_PMU_PRED_*; Itanium: tar, bpt, bac); all 0: no such
	 * selection, every branch is admitted
	 */
	u64 pred_bit[3];
	/* the PMC's brt, the branch type mask, at this bit; 0: none */
	u8 brt_shift;
	/* the PMC's ds, the data selector; 0: none (always addresses) */
	u64 ds;
	/* ds = 1 leaves the entries undefined (no prediction format) */
	bool ds_undef;
	/*
	 * The extension bits of each entry (enum ia64_model_btb_ext): b1,
	 * and bruflush one above, in the index PMD at ext_shift + 4 * i,
	 * or in ext_pmd
	 */
	u8 ext;
	u8 ext_shift;
	u8 ext_pmd;
	/*
	 * The IP-EAR (pmu_model_btb.c): a PMC of its own whose mode field
	 * (ipear_mode_mask) at ipear_mode turns the buffer into a history
	 * of retired IPs with cycle counts, with the freeze delay at
	 * ipear_delay_shift (8 bits); ipear_pmc 0: no IP-EAR. ipear_mt_off:
	 * with two threads per core the mode does nothing (the Montecito's
	 * erratum 120)
	 */
	u8 ipear_pmc;
	u64 ipear_mode_mask;
	u64 ipear_mode;
	u8 ipear_delay_shift;
	bool ipear_mt_off;
	/*
	 * The buffer records interruptions and rfi besides branches
	 * (IA64_PMU_REC_XFER; the Montecito's ETB, [PFM-MONT])
	 */
	bool xfer;
};

/* the Itanium's registers: PMC12, PMD8-15, PMD16 with bbi 2:0, full 3 */
#define IA64_MODEL_BTB_PMC12_PMD8_16					\
	.pmc = 12, .first_pmd = 8, .nr = 8, .index_pmd = 16,		\
	.bbi_mask = 7, .full = BIT64(3)

/* Is PMD @idx one of the buffer's: an entry, the index, the extension? */
static inline bool ia64_model_btb_pmd(const struct ia64_model_btb *btb,
				      unsigned int idx)
{
	return btb && ((idx >= btb->first_pmd &&
			idx < btb->first_pmd + btb->nr) ||
		       idx == btb->index_pmd ||
		       (btb->ext == IA64_MODEL_BTB_EXT_PMD &&
			idx == btb->ext_pmd));
}

/*
 * How a CPU model lays out its event address registers: the shared
 * capture code (pmu_model_ear.c) reads PMC10/11 and writes PMD0-3/17
 * through this. Bits that stay in the same place on every model (plm
 * 3:0, PMC11.pm 6 and umask 19:16 and ism 25:24, the mode field from
 * PMC11 bit 7) are not described.
 */
struct ia64_model_ear_layout {
	/*
	 * The registers: the I-EAR's PMC (PMC10) and PMDs (PMD0 address,
	 * PMD1 latency), the D-EAR's PMC (PMC11) and PMDs (PMD2 address,
	 * PMD3 latency, PMD17 instruction)
	 */
	u8 iear_pmc, iear_pmd_addr, iear_pmd_lat;
	u8 dear_pmc, dear_pmd_addr, dear_pmd_lat, dear_pmd_ip;
	/* PMC10: privileged monitor bit and ism field (64: none) */
	u64 iear_pm;
	unsigned int iear_ism_shift;
	/* PMC10 bits that select each mode, and their value in it */
	u64 iear_cache_mask, iear_cache_mode;
	u64 iear_tlb_mask, iear_tlb_mode;
	unsigned int iear_umask_shift;
	unsigned int iear_umask_mask;	/* right-aligned, cache mode */
	/* cache mode: latency threshold per umask, 0: nothing captured */
	const u16 *iear_lat;
	/* TLB mode: outcome IA64_PMU_TLB_t is umask bit (t - bias) */
	unsigned int iear_tlb_bias;
	/* PMD0 bits 1:0 of a capture: cache mode, TLB mode per outcome */
	u8 iear_stat_cache;
	u8 iear_stat_tlb[4];
	/* PMD1: latency overflow bit, 0 if none (the field saturates) */
	u64 iear_lat_ovf;
	/* PMC11 bits 8:7 >> 7: 0 cache, 1 TLB, 2 ALAT mode */
	unsigned int dear_mode_mask;
	/* PMD3: latency width, overflow bit (0 if none), status field */
	unsigned int dear_lat_bits;
	u64 dear_lat_ovf;
	unsigned int dear_stat_shift;
	u8 dear_stat_cache;		/* status of a cache/ALAT capture */
	/* PMD17: valid bit, slot field, bundle-of-the-window bit (or 0) */
	u64 pmd17_valid;
	unsigned int pmd17_slot_shift;
	u64 pmd17_bn;
	/* PMDs whose bits 60:51 read as copies of bit 50 */
	u64 sxt_pmds;
	/* PMDs that read undefined while PMC0.fr = 0 */
	u64 unfrozen_pmds;
	/*
	 * The D-EAR's TLB and ALAT modes need PMC12 = 0: else a capture
	 * right after a mispredicted branch gets that branch's IP
	 */
	bool dear_tlb_needs_pmc12_0;
};

extern const struct ia64_model_ear_layout ia64_model_itanium_ears;
/* the I-EAR latency threshold of each 8-bit umask (Itanium 2, Montecito) */
extern const u16 ia64_model_itanium2_iear_lat[256];

/*
 * The EAR fields the Montecito shares with the Itanium 2, all but the
 * registers, the I-EAR's pm and ism and the PMD lists
 * (pmu_model_itanium2.c itanium2_ears)
 */
#define IA64_MODEL_EAR_ITANIUM2_FIELDS					\
	.iear_cache_mask	= BIT64(13),				\
	.iear_cache_mode	= BIT64(13),				\
	.iear_tlb_mask		= BIT64(13) | BIT64(12),		\
	.iear_tlb_mode		= 0,					\
	.iear_umask_shift	= 5,					\
	.iear_umask_mask	= 0xff,					\
	.iear_lat		= ia64_model_itanium2_iear_lat,		\
	.iear_tlb_bias		= 1,					\
	.iear_stat_cache	= 0x1,					\
	.iear_stat_tlb		= { [IA64_PMU_TLB_L2] = 0x1,		\
				    [IA64_PMU_TLB_VHPT] = 0x2,		\
				    [IA64_PMU_TLB_SW] = 0x3 },		\
	.iear_lat_ovf		= BIT64(12),				\
	.dear_mode_mask		= 0x3,					\
	.dear_lat_bits		= 13,					\
	.dear_lat_ovf		= BIT64(13),				\
	.dear_stat_shift	= 14,					\
	.dear_stat_cache	= 0x1,					\
	.pmd17_valid		= BIT64(3),				\
	.pmd17_slot_shift	= 0,					\
	.pmd17_bn		= BIT64(2)

/* The Itanium's EAR registers: PMC10, PMD0/1; PMC11, PMD2/3/17 */
#define IA64_MODEL_EAR_PMC10_11						\
	.iear_pmc = 10, .iear_pmd_addr = 0, .iear_pmd_lat = 1,		\
	.dear_pmc = 11, .dear_pmd_addr = 2, .dear_pmd_lat = 3,		\
	.dear_pmd_ip = 17

/*
 * The free-running mix's cycles (pmu_model_freerun.c) by what the CPU
 * does in them: the events each kind of cycle counts are the CPU
 * model's own (struct ia64_model_freerun_events)
 */
enum ia64_model_fr_cycles {
	IA64_MODEL_FRC_DATA,	/* stalled on a load served by L2/L3/memory */
	IA64_MODEL_FRC_FETCH,	/* stalled on an instruction fetch miss */
	IA64_MODEL_FRC_FLUSH,	/* flushing after a mispredicted branch */
	IA64_MODEL_FRC_BUS,	/* running, a memory read on the bus */
	IA64_MODEL_FRC_FP,	/* running, retiring an FP operation */
	IA64_MODEL_FRC_RSE,	/* running, retiring an RSE load/store */
	IA64_MODEL_FRC_RUN,	/* running */
	IA64_MODEL_FRC_NR
};

#define IA64_MODEL_FR_MAX_EV	4

/* One event of a cycles record: event select and unit mask */
struct ia64_model_fr_ev {
	u8 code, umask;
};

struct ia64_model_freerun_events {
	/* per kind of cycle, the events it counts once */
	struct {
		u8 nr;
		struct ia64_model_fr_ev ev[IA64_MODEL_FR_MAX_EV];
	} cyc[IA64_MODEL_FRC_NR];
	/*
	 * ia64_model_freerun_rec(): one IA-64 instruction retired and one
	 * data reference per cycle; no_inst, no_dref: the model has no
	 * such event to list
	 */
	struct ia64_model_fr_ev inst, dref;
	bool no_inst, no_dref;
};

/*
 * A CPU model's PMU: everything in which the models differ. The code in
 * pmu_model*.c is shared and reads the differences from here.
 */
struct ia64_model_desc {
	const char *name;
	unsigned int nr_pmc, nr_pmd;	/* PMC0..nr_pmc-1, PMD0..nr_pmd-1 */
	/*
	 * The registers below nr_pmc/nr_pmd that exist, bit n for
	 * PMC/PMDn; 0: all of them. The others read 0 and ignore writes,
	 * as registers at or above nr_pmc/nr_pmd do.
	 */
	u64 pmc_impl, pmd_impl;
	/*
	 * Generic counters PMC/PMD4 .. 4 + nr_ctr - 1, at most
	 * IA64_MODEL_MAX_CTR. A model with more than 4 has no BTB, EARs
	 * or qualification registers among PMC/PMD8-17.
	 */
	unsigned int nr_ctr;
	unsigned int width;		/* generic counters' PMDs, bits */
	u8 es_mask;			/* counters' PMC.es: 0x7f, or 0xff */
	/* counters' PMC.threshold, right-aligned, by register number */
	u8 thres_mask[IA64_MODEL_CTR_END];
	/* PMC4 bit without which no generic counter counts, 0 if none */
	u64 ctr_enable;
	/*
	 * counters' PMC.mesi, the L3 line state filter of the events with
	 * IA64_MODEL_Q_MESI (bit n + mesi_shift: state n, I S E M), at
	 * this bit; 0: none (pmu_model_count.c)
	 */
	u8 mesi_shift;
	/*
	 * counters' PMC.all: with two threads per core
	 * (ia64_model_threads_setup()), a counter with it also counts the
	 * sibling thread's records; 0: the CPU runs one thread per core
	 */
	u64 thread_all;
	/*
	 * with two threads per core: the counters (PMC0 overflow bits)
	 * whose overflow raises no interrupt, the Montecito's erratum 121
	 */
	u64 mt_ovfl_no_irq;
	/*
	 * Per register: the implemented (read/write) bits, and the value
	 * after reset. A PMC bit not implemented keeps its reset value
	 * (reserved bits with a fixed value) and ignores writes; where the
	 * reset value is 0 it reads 0 (an ignored bit).
	 */
	const u64 *pmc_bits, *pmc_reset;
	const u64 *pmd_bits, *pmd_reset;
	/*
	 * The Itanium's units as a whole: its EAR and BTB PMDs (and every
	 * other non-counter PMD) undefined while PMC0.fr = 0. The units
	 * themselves are described by .btb, .ear and .qual.
	 */
	bool ita_units;
	/*
	 * The branch trace buffer's layout; NULL: none, PMC12 and PMD8-16
	 * are only registers. With one, PMD8-16 read undefined while
	 * PMC0.fr = 0 ([ITA-RM] §6.2.8.2).
	 */
	const struct ia64_model_btb *btb;
	/* the EARs' layout, NULL if the model has no EARs */
	const struct ia64_model_ear_layout *ear;
	u8 tag_kind;			/* enum ia64_model_tag_kind */
	/*
	 * how PMC8/9, the IBRs and DBRs qualify events (pmu_model_qual.c);
	 * NULL: no qualification, every occurrence counts
	 */
	const struct ia64_model_qual *qual;
	/* PAL_PERF_MON_INFO: the info word and the 4 first mask words */
	u64 pal_info;
	u64 pal_pmc_mask, pal_pmd_mask;
	u64 pal_cycles_mask, pal_retired_mask;
	u8 code_cycles;			/* the event select of cycles */
	u64 cpuid3;			/* CPUID[3] */
	const struct ia64_model_event *events;
	const unsigned int *nr_events;
	/* the events by code, built by the first ia64_model_init() */
	struct ia64_model_ev_index *ev_index;
	const struct ia64_model_sem_map *sem;
	unsigned int nr_sem;
	/* the events of the free-running mix's cycles records */
	const struct ia64_model_freerun_events *freerun;
};

struct rec_view;

/*
 * An opcode matcher: its mask and match fields (one register on the
 * Itanium and Itanium 2, two on the Montecito), the encoding bits it
 * compares (.width: IA64_MODEL_OPCM_SPLIT, bits 40:27 and 12:0 as 27
 * bits; or 41, all of them) and its instruction type enables, b f i m
 * from bit .types_shift of the mask register
 */
#define IA64_MODEL_OPCM_SPLIT	27
struct ia64_model_opcm {
	u8 mask_pmc, match_pmc;
	u8 mask_shift, match_shift;
	u8 width;
	u8 types_shift;
};

/* A bit of a PMC; .bit 0: the model has none */
struct ia64_model_qual_bit {
	u8 pmc;
	u64 bit;
};

/*
 * Qualification per IBR pair (Itanium 2, Montecito): the registers
 * and the bits that differ. The code range PMC has ig_ibrp<i> at bit
 * 1 + 3i and fine at 13, the data range PMC cfg<j> at 4+8j:3+8j and
 * ena<j> at 45 + j, the channel PMC bit i (1: pair i not bound to its
 * matcher) on both.
 */
struct ia64_model_qual_pairs {
	u8 irange_pmc;			/* PMC14, PMC38 */
	u8 drange_pmc;			/* PMC13, PMC41 */
	u8 chan_pmc;			/* PMC15, PMC36 */
	/* per IBR pair: its range ignored, its range inverted */
	struct ia64_model_qual_bit ig_ad[4], inv[4];
	/* fine mode: the offset bits within the page, those compared */
	u64 fine_page, fine_grain;
	/*
	 * the data range PMC must enable a DBR pair while the first
	 * pair's ig_ad is clear and IBR pair 0 or 1 constrains; else no
	 * data range tag matches (the Montecito's consistency rule)
	 */
	bool dtag_needs_ena;
};

/*
 * A CPU model's qualification: how its registers combine the shared
 * address range and opcode matches into the tags of a record
 */
struct ia64_model_qual {
	/*
	 * Set the tags of @v from the matches of the two opcode matchers
	 * (@opc) and the data address @daddr of a memory record
	 */
	void (*tags)(const struct ia64_model *m, struct rec_view *v,
		     const bool opc[2], u64 daddr);
	const struct ia64_model_opcm *opcm;	/* the two matchers */
	/* with .tags ia64_model_pairs_tags: the layout */
	const struct ia64_model_qual_pairs *pairs;
	/*
	 * Events with qualification support count in IA-32 code while
	 * PMC13 has this bit set; 0: always
	 */
	u64 ia32_pmc13;
};

/* pmu_model_qual.c: the tags of a model with per-pair qualification */
void ia64_model_pairs_tags(const struct ia64_model *m, struct rec_view *v,
			   const bool opc[2], u64 daddr);

extern const struct ia64_model_qual ia64_model_qual_itanium;
extern const struct ia64_model_qual ia64_model_qual_itanium2;

extern const struct ia64_model_desc ia64_model_itanium_desc;
extern const struct ia64_model_desc ia64_model_itanium2_desc;
/* the Itanium 2's free-running events, which the Montecito has too */
extern const struct ia64_model_freerun_events ia64_model_itanium2_freerun;
extern const struct ia64_model_desc ia64_model_montecito_desc;
/* pmu_model_generic.c: the generic description, as last set up */
const struct ia64_model_desc *ia64_model_generic_desc(void);
/* ... and its threads per core */
unsigned int ia64_model_generic_threads(void);

/* The description of CPU model @cpu */
const struct ia64_model_desc *ia64_model_desc_of(enum ia64_model_cpu cpu);

static inline unsigned int pmc_plm(u64 pmc)
{
	return pmc & IA64_MODEL_PMC_PLM;
}

static inline unsigned int pmc_umask(u64 pmc)
{
	return (pmc >> IA64_MODEL_PMC_UMASK_SHIFT) & 0xf;
}

/* The generic counters' value mask, 2^W - 1 */
static inline u64 ctr_mask(const struct ia64_model *m)
{
	return MASK64(m->desc->width - 1, 0);
}

/* Is PMC/PMD @idx one of the generic counters of @m? */
static inline bool is_ctr(const struct ia64_model *m, unsigned int idx)
{
	return idx >= 4 && idx < 4 + m->nr_ctr;
}

static inline bool frozen(const struct ia64_model *m)
{
	return m->pmc[0] & IA64_MODEL_PMC0_FR;
}

static inline const struct ia64_model_event *
desc_event(const struct ia64_model_desc *d, unsigned int code,
	   unsigned int umask)
{
	return ia64_model_event_lookup_indexed(d->events, *d->nr_events,
					       d->ev_index, code, umask);
}

/* Where the context of an execution record starts */
#define CTX_OFF		sizeof(struct ia64_pmu_rec_hdr)

/* A checked record, decoded for one run of ia64_model_run() */
struct rec_view {
	struct ia64_pmu_rec_hdr hdr;
	struct ia64_pmu_rec_ctx ctx;
	union {
		struct ia64_pmu_rec_cycles cyc;
		struct ia64_pmu_rec_inst inst;
		struct ia64_pmu_rec_mem mem;
		struct ia64_pmu_rec_fetch fetch;
		struct ia64_pmu_rec_branch br;
		struct ia64_pmu_rec_xfer xfer;
	} u;
	struct ia64_pmu_rec_event ev[IA64_PMU_REC_MAX_EVENTS];
	unsigned int nr_ev;
	bool is;		/* IA-32 */
	/* qualification of this record ([ITA-RM] §6.2.4-6.2.6, [PFM-I2]) */
	bool ibr_tag, tag8, tag9, dbr_tag;
	bool ibr1_tag;		/* per pair: IBR pair 1's address part */
	/* per pair: the tags of the IBR pairs (IA64_TAGGED_INST_RETIRED) */
	bool ibrp_tag[4];
	bool has_daddr;
	/* what the EARs and the BTB captured per repetition */
	bool iear, dear, btb;
	u8 dear_mode;		/* the D-EAR's mode for this record */
};

/* Bits 60:51 of a captured address: copies of bit 50 */
u64 ia64_model_sxt50(u64 v);

/*
 * The bits PMD @idx stores (ignored bits read 0; bits 60:51 of the
 * addresses in PMD0/2/17 are not stored but read as copies of bit 50)
 */
u64 ia64_model_pmd_bits(const struct ia64_model *m, unsigned int idx);

/*
 * The monitor enable equation of [ITA-RM] §6.2.1 for counter PMC @idx
 * with the record's cpl and instruction set
 */
bool ia64_model_monitor_enabled(const struct ia64_model *m, unsigned int idx,
				const struct rec_view *v);
/*
 * The same for a PMC value @pmc whose pm bit is @pm and ism field starts
 * at @ism_shift (no ism: @ism_shift 64)
 */
bool ia64_model_monitor_enabled_at(const struct ia64_model *m, u64 pmc,
				   u64 pm, unsigned int ism_shift,
				   const struct rec_view *v);
/*
 * pmu_model_count.c: the per-cycle increment of the event of counter
 * @idx in this record
 */
unsigned int ia64_model_event_inc(const struct ia64_model *m,
				  unsigned int idx, const struct rec_view *v);

/*
 * Is a branch of @btype (IA64_PMU_BR_*) one of the type selection @sel:
 * 0 all, 1 IP-relative, 2 returns, 3 non-return indirect?
 */
bool ia64_model_br_type(unsigned int sel, unsigned int btype);

/*
 * pmu_model_qual.c: the tags of record @v: instruction range, opcode
 * matchers (@has_op: the record has an instruction of type @itype and
 * encoding @enc) and data range (@daddr, for memory records)
 */
void ia64_model_compute_tags(const struct ia64_model *m, struct rec_view *v,
			     bool has_op, unsigned int itype, u64 enc,
			     u64 daddr);
/* Does an occurrence of @ev in record @v count, given its tags? */
bool ia64_model_qualified(const struct ia64_model *m,
			  const struct ia64_model_event *ev,
			  const struct rec_view *v);

/* pmu_model_btb.c: does PMC12 capture this branch record (v->btb)? */
void ia64_model_btb_check(const struct ia64_model *m, struct rec_view *v);
/* Record the branch and its target, @reps times */
/*
 * ... does it capture this interruption or rfi record (v->btb); capture
 * it, @reps times
 */
void ia64_model_xfer_check(const struct ia64_model *m, struct rec_view *v);
void ia64_model_xfer_capture(struct ia64_model *m, const struct rec_view *v,
			     u64 reps);
void ia64_model_btb_capture(struct ia64_model *m, const struct rec_view *v,
			    u64 reps);
/* Is the buffer an IP-EAR (its mode PMC selects it)? */
bool ia64_model_ipear_on(const struct ia64_model *m);
/*
 * The IP-EAR's part of @reps repetitions of record @v run with the PMU
 * running: cycles elapse, retired IPs are captured
 */
void ia64_model_ipear_run(struct ia64_model *m, const struct rec_view *v,
			  u64 reps);
/* The PMU froze on an overflow: the IP-EAR's freeze delay starts */
void ia64_model_ipear_freeze(struct ia64_model *m);
/*
 * Record @v of @reps repetitions while the PMU is frozen: the IP-EAR
 * captures until its freeze delay has elapsed
 */
void ia64_model_ipear_frozen(struct ia64_model *m, const struct rec_view *v,
			     u64 reps);

/*
 * pmu_model_ear.c: does PMC10 let the instruction EAR capture this fetch
 * record (v->iear)?
 */
void ia64_model_iear_check(const struct ia64_model *m, struct rec_view *v);
/* Latch the fetch into PMD0/1 */
void ia64_model_iear_capture(struct ia64_model *m, const struct rec_view *v);
/* Does PMC11 let the data EAR capture this memory record (v->dear)? */
void ia64_model_dear_check(const struct ia64_model *m, struct rec_view *v);
/* Latch the access into PMD2/3/17 */
void ia64_model_dear_capture(struct ia64_model *m, const struct rec_view *v);

#endif /* _IA64_PMU_MODEL_INT_H */
