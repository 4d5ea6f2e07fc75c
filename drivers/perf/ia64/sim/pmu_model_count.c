// SPDX-License-Identifier: GPL-2.0
/*
 * Counting in the PMU model: the monitor enable equation, and what the
 * event of a generic counter counts per cycle in each kind of execution
 * record (cycles, instructions, memory accesses, instruction fetches,
 * branches), by what the event means (enum ia64_model_sem, mapped from
 * the event codes by each CPU model's description), its unit mask,
 * counter asymmetry and qualification. The run loop, thresholds and
 * overflow are in pmu_model.c.
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [ITA-RM]  Intel Itanium Processor Reference Manual for Software
 *             Development, rev. 2.0: §6.2.1 (monitor enable equation)
 *             and §7.8 (events, Tables 7-29, 7-30)
 *   [PFM-I2]  libpfm_itanium2(3) and the libpfm 3.x headers it
 *             documents (the Itanium 2 event list)
 *
 * Decisions where the text is ambiguous are marked MODEL(<name>), each
 * listed in the admin guide's "What the model assumes" (docs-check).
 */
#include "pmu_model.h"
#include "pmu_model_int.h"

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
	case IA64_MODEL_SEM_L2D_MISSES:
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
	case IA64_MODEL_SEM_L1I_FILLS:
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
 * indirect. MODEL(brt-classes): the records' conditional, call and loop
 * branches are IP-relative; br.ia, which goes through a branch register, and an
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
 * and instruction set; PMC12 ignores ism, unless it is a counter's.
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
					     IA64_MODEL_PMC_ISM_SHIFT, v);
}

/*
 * The L3 line state an access found (IA64_MODEL_MESI_*): invalid for a
 * miss to memory, else what the record says, exclusive by default; -1
 * for a record that names no line (cycles, instructions, branches) or an
 * access that did not reach L3
 */
#define IA64_MODEL_MESI_I	0
#define IA64_MODEL_MESI_S	1
#define IA64_MODEL_MESI_E	2
#define IA64_MODEL_MESI_M	3

static int l3_state(const struct rec_view *v)
{
	unsigned int level, flags = v->hdr.flags;

	if (v->hdr.type == IA64_PMU_REC_MEM)
		level = v->u.mem.level;
	else if (v->hdr.type == IA64_PMU_REC_FETCH)
		level = v->u.fetch.level;
	else
		return -1;
	if (level == IA64_PMU_LVL_MEM)
		return IA64_MODEL_MESI_I;
	if (level != IA64_PMU_LVL_L3)
		return -1;
	if (v->hdr.type != IA64_PMU_REC_MEM)
		return IA64_MODEL_MESI_E;
	switch ((flags & IA64_PMU_REC_MEM_L3_MASK) >>
		IA64_PMU_REC_MEM_L3_SHIFT) {
	case IA64_PMU_L3_S:
		return IA64_MODEL_MESI_S;
	case IA64_PMU_L3_M:
		return IA64_MODEL_MESI_M;
	}
	return IA64_MODEL_MESI_E;
}

/*
 * The Montecito's MESI filter ([PFM-MONT]: PMC bits 27-30 I, S, E,
 * M) on an event that takes it: count the occurrences on lines in a
 * selected state. A filter of 0 selects none, so nothing counts (libpfm
 * sets all four bits to count every state, [PFM-MONT]). MODEL(mesi-no-line): an
 * occurrence that names no line (a cycles record's listed events) passes
 * only a filter of all four states.
 */
static bool mesi_passes(const struct ia64_model *m, unsigned int idx,
			const struct ia64_model_event *ev,
			const struct rec_view *v)
{
	unsigned int filter;
	int state;

	if (!m->desc->mesi_shift || !(ev->qual & IA64_MODEL_Q_MESI))
		return true;
	filter = (m->pmc[idx] >> m->desc->mesi_shift) & 0xf;
	state = l3_state(v);
	if (state < 0)
		return filter == 0xf;
	return filter & (1U << state);
}

/* Per-cycle increment of the event of counter @idx in this record */
unsigned int ia64_model_event_inc(const struct ia64_model *m,
				  unsigned int idx, const struct rec_view *v)
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
	case IA64_PMU_REC_XFER:
		n = 0;		/* counts no event (the uapi header) */
		break;
	default:
		n = branch_inc(v, sem, umask);
		break;
	}
	if (!n || !mesi_passes(m, idx, ev, v))
		return 0;
	/*
	 * no tags (the generic model), or no qualification hardware to
	 * set them: every umask counts every one
	 */
	if (sem == IA64_MODEL_SEM_INST_RETIRED &&
	    (m->desc->tag_kind == IA64_MODEL_TAG_NONE || !m->desc->qual))
		return n;
	if (sem == IA64_MODEL_SEM_INST_RETIRED &&
	    m->desc->tag_kind == IA64_MODEL_TAG_IBRP)
		/*
		 * Itanium 2 ([PFM-I2] event list), Montecito: umask 0-3
		 * select the instructions tagged by IBR pair 0-3 and its
		 * matcher, PMC8 or PMC32/33 (0, 2), PMC9 or PMC34/35 (1,
		 * 3): pmu_model_qual.c
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
