/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the PMU model shared by its files (pmu_model.c,
 * pmu_model_btb.c, pmu_model_ear.c): a record as the model sees it
 * while it runs, and the helpers each part of the PMU needs. Not for
 * the model's users.
 */
#ifndef _IA64_PMU_MODEL_INT_H
#define _IA64_PMU_MODEL_INT_H

#include "pmu_model.h"

#define BIT64(n)		(1ULL << (n))
#define MASK64(h, l)		((~0ULL >> (63 - (h))) & ~((1ULL << (l)) - 1))

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
