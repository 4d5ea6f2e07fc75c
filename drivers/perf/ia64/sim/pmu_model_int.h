/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the PMU model shared by its files (pmu_model.c,
 * pmu_model_btb.c, pmu_model_ear.c): a record as the model sees it
 * while it runs, and the helpers each part of the PMU needs. Not for
 * the model's users.
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

/*
 * What an event counts in the execution records: the shared counting
 * code (pmu_model.c) knows these; each CPU model maps its event codes to
 * them (struct ia64_model_desc.sem). An event without one counts only
 * in cycles records that list it.
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
	IA64_MODEL_SEM_L3_REFS,
	IA64_MODEL_SEM_L3_MISSES,
	IA64_MODEL_SEM_L3_READS,	/* Itanium umask: kind 3:2, 1:0 */
	/* fetch records */
	IA64_MODEL_SEM_L1I_DEMAND_READS,
	IA64_MODEL_SEM_L1I_PREFETCH_READS,
	IA64_MODEL_SEM_L2_INST_DEMAND_READS,
	IA64_MODEL_SEM_L2_INST_PREFETCH_READS,
	IA64_MODEL_SEM_ISB_LINES_IN,
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
};

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
	 * data reference per cycle
	 */
	struct ia64_model_fr_ev inst, dref;
};

/*
 * A CPU model's PMU: everything in which the models differ. The code in
 * pmu_model*.c is shared and reads the differences from here.
 */
struct ia64_model_desc {
	const char *name;
	unsigned int nr_pmc, nr_pmd;	/* PMC0..nr_pmc-1, PMD0..nr_pmd-1 */
	unsigned int width;		/* generic counters PMD4-7, bits */
	u8 es_mask;			/* PMC4-7.es: 0x7f, or 0xff */
	u8 thres_mask[8];		/* PMC4-7.threshold, right-aligned */
	/* PMC4 bit without which no generic counter counts, 0 if none */
	u64 ctr_enable;
	/*
	 * Per register: the implemented (read/write) bits, and the value
	 * after reset. A PMC bit not implemented keeps its reset value
	 * (reserved bits with a fixed value) and ignores writes; where the
	 * reset value is 0 it reads 0 (an ignored bit).
	 */
	const u64 *pmc_bits, *pmc_reset;
	const u64 *pmd_bits, *pmd_reset;
	/*
	 * The Itanium's PMC10-13 units: instruction and data EARs, BTB,
	 * PMC13/IBR instruction range and PMC11.pt data range, and the EAR
	 * and BTB PMDs undefined while PMC0.fr = 0. Without them (the
	 * Itanium 2, for now) those registers are only registers, ranges
	 * do not constrain and nothing is captured.
	 */
	bool ita_units;
	u8 tag_kind;			/* enum ia64_model_tag_kind */
	/* PAL_PERF_MON_INFO: the info word and the 4 first mask words */
	u64 pal_info;
	u64 pal_pmc_mask, pal_pmd_mask;
	u64 pal_cycles_mask, pal_retired_mask;
	u8 code_cycles;			/* the event select of cycles */
	u64 cpuid3;			/* CPUID[3] */
	const struct ia64_model_event *events;
	const unsigned int *nr_events;
	const struct ia64_model_sem_map *sem;
	unsigned int nr_sem;
	/* the events of the free-running mix's cycles records */
	const struct ia64_model_freerun_events *freerun;
};

extern const struct ia64_model_desc ia64_model_itanium_desc;
extern const struct ia64_model_desc ia64_model_itanium2_desc;

/* The description of CPU model @cpu */
const struct ia64_model_desc *ia64_model_desc_of(enum ia64_model_cpu cpu);

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
	} u;
	struct ia64_pmu_rec_event ev[IA64_PMU_REC_MAX_EVENTS];
	unsigned int nr_ev;
	bool is;		/* IA-32 */
	/* qualification of this record ([ITA-RM] §6.2.4-6.2.6) */
	bool ibr_tag, tag8, tag9, dbr_tag;
	bool has_daddr;
	/* what the EARs and the BTB captured per repetition */
	bool iear, dear, btb;
};

/* Bits 60:51 of a captured address: copies of bit 50 */
u64 ia64_model_sxt50(u64 v);

/*
 * The bits PMD @idx stores (ignored bits read 0; bits 60:51 of the
 * addresses in PMD0/2/17 are not stored but read as copies of bit 50)
 */
u64 ia64_model_pmd_bits(const struct ia64_model *m, unsigned int idx);

/*
 * The monitor enable equation of [ITA-RM] §6.2.1 for PMC @idx with the
 * record's cpl and instruction set
 */
bool ia64_model_monitor_enabled(const struct ia64_model *m, unsigned int idx,
				const struct rec_view *v);

/* pmu_model_btb.c: does PMC12 capture this branch record (v->btb)? */
void ia64_model_btb_check(const struct ia64_model *m, struct rec_view *v);
/* Record the branch and its target, @reps times */
void ia64_model_btb_capture(struct ia64_model *m, const struct rec_view *v,
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
