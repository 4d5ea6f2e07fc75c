// SPDX-License-Identifier: GPL-2.0
/*
 * Free-running mode of the PMU model: the synthetic execution of whatever
 * runs on a CPU, as a batch of execution records (uapi ia64_pmu.h) that
 * stands for a given number of cycles at one privilege level.
 *
 * The mix is the table below: occurrences per 100000 cycles of each kind
 * of retired instruction, memory access, instruction fetch and branch,
 * for user and for kernel code, loosely after what integer code does on
 * an 800 MHz Itanium (a few misses per thousand accesses, IPC about 1.2
 * in user and 0.7 in the kernel). Stall cycles follow from the misses
 * and their latencies. A per-task, per-time factor (seed) makes tasks
 * and phases differ: it scales the instruction streams between 75 % and
 * 125 % and the miss streams the other way, so that IPC varies.
 * Fractional occurrences carry over from one batch to the next, so that
 * rare events appear at their rate however short the batches.
 *
 * The records are the same on every CPU model: their instructions,
 * accesses, fetches and branches count through each model's event
 * semantics. Only the events the cycles records list are the CPU
 * model's own (struct ia64_model_freerun_events of its description).
 *
 * ia64_model_freerun_rec() is the simplest form: one cycles record of a
 * given time, one instruction retired and one data reference per cycle.
 */

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "pmu_model.h"
#include "pmu_model_int.h"

enum {
	FR_INST, FR_NOP, FR_FP, FR_RSE,
	FR_LD_L1, FR_LD_L2, FR_LD_L3, FR_LD_MEM, FR_ST,
	FR_DTLB_L2, FR_DTLB_VHPT, FR_DTLB_SW, FR_ALAT,
	FR_BR_TAKEN, FR_BR_NOT, FR_BR_MISP,
	FR_IF_L1, FR_IF_L2, FR_IF_L3, FR_ITLB,
	FR_NR
};

_Static_assert(FR_NR == IA64_MODEL_FREERUN_STREAMS, "freerun streams");

#define FR_PER		100000ULL	/* rates are per FR_PER cycles */

/* Whether a stream scales with the instruction rate or against it */
#define FR_INSTR	0
#define FR_MISS		1

static const struct {
	u32 user, kernel;
	u8 kind;
} fr_mix[FR_NR] = {
	/* retired instructions: IPC 1.2 / 0.7; 15 % of them nops */
	[FR_INST]	= { 102000, 59500, FR_INSTR },
	[FR_NOP]	= {  18000, 10500, FR_INSTR },
	[FR_FP]		= {   6000,     0, FR_INSTR },	/* FP ops */
	[FR_RSE]	= {    500,  1500, FR_INSTR },	/* RSE loads/stores */
	/* loads by the level that supplied them, and stores */
	[FR_LD_L1]	= {  27000, 18000, FR_INSTR },
	[FR_LD_L2]	= {   1200,  1200, FR_MISS },
	[FR_LD_L3]	= {    300,   400, FR_MISS },
	[FR_LD_MEM]	= {    100,   150, FR_MISS },
	[FR_ST]		= {  12000,  9000, FR_INSTR },
	/* data TLB outcomes other than an L1 DTLB hit */
	[FR_DTLB_L2]	= {    200,   300, FR_MISS },
	[FR_DTLB_VHPT]	= {     20,    40, FR_MISS },
	[FR_DTLB_SW]	= {      2,     5, FR_MISS },
	/* advanced load checks (ld.c) that missed the ALAT: user code */
	[FR_ALAT]	= {     30,     0, FR_MISS },
	/* branches: taken, not taken (predicted right), mispredicted */
	[FR_BR_TAKEN]	= {  10000,  7000, FR_INSTR },
	[FR_BR_NOT]	= {   7000,  5000, FR_INSTR },
	[FR_BR_MISP]	= {    700,   700, FR_MISS },
	/* demand fetches of 32-byte lines by level, ITLB misses */
	[FR_IF_L1]	= {  20000, 12000, FR_INSTR },
	[FR_IF_L2]	= {    200,   400, FR_MISS },
	[FR_IF_L3]	= {     30,    80, FR_MISS },
	[FR_ITLB]	= {      5,    10, FR_MISS },
};

/* Latencies (cycles) of an access served by L2, L3, memory */
#define FR_LAT_L2	6
#define FR_LAT_L3	21
#define FR_LAT_MEM	150
/* Cycles of a pipeline flush after a mispredicted branch */
#define FR_FLUSH	6

/* Occurrences of stream @s in @cycles cycles; the fraction carries over */
static u64 fr_take(struct ia64_model_freerun *fr, unsigned int s,
		   u64 cycles, unsigned int cpl, unsigned int pct)
{
	u64 rate = cpl ? fr_mix[s].user : fr_mix[s].kernel;
	u64 scale = fr_mix[s].kind == FR_MISS ? 200 - pct : pct;
	u64 n;

	fr->acc[s] += rate * scale * cycles / 100;
	n = fr->acc[s] / FR_PER;
	fr->acc[s] -= n * FR_PER;
	return n;
}

struct fr_out {
	const struct ia64_model_freerun_events *ev;
	u8 *p, *end;
	u64 ip;
	unsigned int cpl;
};

static void *fr_rec(struct fr_out *o, unsigned int type, size_t size,
		    u64 repeat, u64 ip)
{
	struct ia64_pmu_rec_hdr *h = (void *)o->p;
	struct ia64_pmu_rec_ctx *c = (void *)(o->p + sizeof(*h));

	if (!repeat || o->p + size > o->end)
		return NULL;
	memset(o->p, 0, size);
	h->type = type;
	h->size = size;
	c->ip = ip;
	c->repeat = repeat;
	c->cpl = o->cpl;
	c->isa = IA64_PMU_ISA_IA64;
	o->p += size;
	return h;
}

/*
 * A cycles record of @n cycles of kind @kind, each counting the CPU
 * model's events of that kind once
 */
static void fr_cycles(struct fr_out *o, u64 n, unsigned int kind)
{
	unsigned int i, nev = o->ev->cyc[kind].nr;
	struct ia64_pmu_rec_cycles *r;

	r = fr_rec(o, IA64_PMU_REC_CYCLES,
		   sizeof(*r) + nev * sizeof(r->events[0]), n, o->ip);
	if (!r)
		return;
	r->nr_events = nev;
	for (i = 0; i < nev; i++) {
		r->events[i].code = o->ev->cyc[kind].ev[i].code;
		r->events[i].umask = o->ev->cyc[kind].ev[i].umask;
		r->events[i].inc = 1;
	}
}

static void fr_inst(struct fr_out *o, u64 n, u32 flags)
{
	struct ia64_pmu_rec_inst *r;

	r = fr_rec(o, IA64_PMU_REC_INST, sizeof(*r), n, o->ip);
	if (!r)
		return;
	r->hdr.flags = flags;
	r->itype = IA64_PMU_ITYPE_I;
	r->per_cycle = 1;
}

static struct ia64_pmu_rec_mem *fr_mem(struct fr_out *o, u64 n, u64 daddr,
				       unsigned int op, unsigned int level,
				       unsigned int tlb, u32 latency)
{
	struct ia64_pmu_rec_mem *r;

	r = fr_rec(o, IA64_PMU_REC_MEM, sizeof(*r), n, o->ip);
	if (!r)
		return NULL;
	r->daddr = daddr & ~7ULL;
	r->op = op;
	r->level = level;
	r->tlb = tlb;
	r->latency = latency;
	r->size = 8;
	return r;
}

static void fr_fetch(struct fr_out *o, u64 n, unsigned int level,
		     unsigned int tlb, u32 latency)
{
	struct ia64_pmu_rec_fetch *r;

	r = fr_rec(o, IA64_PMU_REC_FETCH, sizeof(*r), n, o->ip & ~31ULL);
	if (!r)
		return;
	r->level = level;
	r->tlb = tlb;
	r->latency = latency;
}

/*
 * @n branches of @btype at @from bundles after the batch's ip, to @to
 * bundles after it
 */
static void fr_branch(struct fr_out *o, u64 n, u32 flags, unsigned int btype,
		      u64 from, u64 to)
{
	struct ia64_pmu_rec_branch *r;
	u64 ip = o->ip & ~15ULL;

	r = fr_rec(o, IA64_PMU_REC_BRANCH, sizeof(*r), n, ip + 16 * from);
	if (!r)
		return;
	r->hdr.flags = flags;
	r->btype = btype;
	r->predictor = IA64_PMU_PRED_TAC;
	r->target = ip + 16 * to;
}

static u64 fr_min(u64 a, u64 b)
{
	return a < b ? a : b;
}

size_t ia64_model_freerun_batch(enum ia64_model_cpu cpu,
				struct ia64_model_freerun *fr, void *buf,
				size_t len, u64 cycles, u64 ip, u64 daddr,
				unsigned int cpl, u32 seed)
{
	/* 75..125 %, from the seed */
	unsigned int pct = 75 + (seed * 2654435761U >> 16) % 51;
	struct fr_out o = { .ev = ia64_model_desc_of(cpu)->freerun,
			    .p = buf, .end = (u8 *)buf + len, .ip = ip,
			    .cpl = cpl & 3 };
	u64 n[FR_NR], stall_d, stall_i, flush, bus, left, calls, ind, fp, rse;
	struct ia64_pmu_rec_mem *mr;
	unsigned int s;

	for (s = 0; s < FR_NR; s++)
		n[s] = fr_take(fr, s, cycles, o.cpl, pct);

	/* cycles: data stalls, fetch stalls, flushes, the rest */
	left = cycles;
	stall_d = fr_min(left, n[FR_LD_L2] * FR_LAT_L2 +
			       n[FR_LD_L3] * FR_LAT_L3 +
			       n[FR_LD_MEM] * FR_LAT_MEM);
	left -= stall_d;
	stall_i = fr_min(left, n[FR_IF_L2] * FR_LAT_L2 +
			       n[FR_IF_L3] * FR_LAT_L3);
	left -= stall_i;
	flush = fr_min(left, n[FR_BR_MISP] * FR_FLUSH);
	left -= flush;
	bus = fr_min(left, n[FR_LD_MEM]);
	left -= bus;
	fp = fr_min(left, n[FR_FP]);
	left -= fp;
	rse = fr_min(left, n[FR_RSE]);
	left -= rse;
	fr_cycles(&o, stall_d, IA64_MODEL_FRC_DATA);
	fr_cycles(&o, stall_i, IA64_MODEL_FRC_FETCH);
	fr_cycles(&o, flush, IA64_MODEL_FRC_FLUSH);
	fr_cycles(&o, bus, IA64_MODEL_FRC_BUS);
	fr_cycles(&o, fp, IA64_MODEL_FRC_FP);
	fr_cycles(&o, rse, IA64_MODEL_FRC_RSE);
	fr_cycles(&o, left, IA64_MODEL_FRC_RUN);

	/* retired instructions, nops among them */
	fr_inst(&o, n[FR_INST], 0);
	fr_inst(&o, n[FR_NOP], IA64_PMU_REC_INST_NOP);

	/* memory accesses; the TLB and ALAT misses on L1-hit loads */
	s = n[FR_DTLB_L2] + n[FR_DTLB_VHPT] + n[FR_DTLB_SW] + n[FR_ALAT];
	fr_mem(&o, n[FR_LD_L1] > s ? n[FR_LD_L1] - s : 0, daddr,
	       IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	fr_mem(&o, n[FR_DTLB_L2], daddr + 0x1000, IA64_PMU_MEM_LOAD,
	       IA64_PMU_LVL_L1, IA64_PMU_TLB_L2, 1);
	fr_mem(&o, n[FR_DTLB_VHPT], daddr + 0x20000, IA64_PMU_MEM_LOAD,
	       IA64_PMU_LVL_L1, IA64_PMU_TLB_VHPT, 1);
	fr_mem(&o, n[FR_DTLB_SW], daddr + 0x400000, IA64_PMU_MEM_LOAD,
	       IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 1);
	mr = fr_mem(&o, n[FR_ALAT], daddr + 0x3008, IA64_PMU_MEM_LOAD,
		    IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	if (mr)
		mr->hdr.flags = IA64_PMU_REC_MEM_ALAT_MISS;
	fr_mem(&o, n[FR_LD_L2], daddr + 0x2040, IA64_PMU_MEM_LOAD,
	       IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, FR_LAT_L2);
	fr_mem(&o, n[FR_LD_L3], daddr + 0x10080, IA64_PMU_MEM_LOAD,
	       IA64_PMU_LVL_L3, IA64_PMU_TLB_L1, FR_LAT_L3);
	fr_mem(&o, n[FR_LD_MEM], daddr + 0x800100, IA64_PMU_MEM_LOAD,
	       IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1, FR_LAT_MEM);
	fr_mem(&o, n[FR_ST], daddr + 8, IA64_PMU_MEM_STORE, IA64_PMU_LVL_L1,
	       IA64_PMU_TLB_L1, 1);

	/* instruction fetches */
	fr_fetch(&o, n[FR_IF_L1], IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	fr_fetch(&o, n[FR_IF_L2], IA64_PMU_LVL_L2, IA64_PMU_TLB_L1,
		 FR_LAT_L2);
	fr_fetch(&o, n[FR_IF_L3], IA64_PMU_LVL_L3, IA64_PMU_TLB_L1,
		 FR_LAT_L3);
	fr_fetch(&o, n[FR_ITLB], IA64_PMU_LVL_L1, IA64_PMU_TLB_VHPT, 1);

	/*
	 * branches. The taken ones by type, loosely as in integer code:
	 * one in 8 a call, one in 8 a return, one in 32 an indirect
	 * branch, the rest IP-relative, so that each branch type the
	 * Itanium 2's BTB filters by (PMC12.brt) occurs.
	 */
	calls = n[FR_BR_TAKEN] / 8;
	ind = n[FR_BR_TAKEN] / 32;
	fr_branch(&o, n[FR_BR_TAKEN] - 2 * calls - ind,
		  IA64_PMU_REC_BR_TAKEN, IA64_PMU_BR_COND, 0, 16);
	fr_branch(&o, calls, IA64_PMU_REC_BR_TAKEN, IA64_PMU_BR_CALL, 2, 512);
	fr_branch(&o, calls, IA64_PMU_REC_BR_TAKEN, IA64_PMU_BR_RET, 516, 3);
	fr_branch(&o, ind, IA64_PMU_REC_BR_TAKEN, IA64_PMU_BR_IND, 4, 64);
	fr_branch(&o, n[FR_BR_NOT], 0, IA64_PMU_BR_COND, 0, 1);
	fr_branch(&o, n[FR_BR_MISP], IA64_PMU_REC_BR_TAKEN |
		  IA64_PMU_REC_BR_MISPRED_PATH, IA64_PMU_BR_COND, 0, 16);

	return o.p - (u8 *)buf;
}

void ia64_model_freerun_rec(enum ia64_model_cpu cpu,
			    union ia64_model_freerun_rec *rec,
			    u64 period_ns, u64 ip, unsigned int cpl)
{
	const struct ia64_model_freerun_events *fe =
		ia64_model_desc_of(cpu)->freerun;
	struct ia64_pmu_rec_cycles *c = &rec->cyc;
	u64 cycles = period_ns * 4 / 5;		/* an 800 MHz Itanium */
	unsigned int n = 0;

	memset(rec, 0, sizeof(*rec));
	c->hdr.type = IA64_PMU_REC_CYCLES;
	c->ctx.ip = ip;
	c->ctx.repeat = cycles ? cycles : 1;
	c->ctx.cpl = cpl & 3;
	c->ctx.isa = IA64_PMU_ISA_IA64;
	/* IPC 1, and one data reference per cycle, if the model has them */
	if (!fe->no_inst) {
		c->events[n].code = fe->inst.code;
		c->events[n].umask = fe->inst.umask;
		c->events[n++].inc = 1;
	}
	if (!fe->no_dref) {
		c->events[n].code = fe->dref.code;
		c->events[n].umask = fe->dref.umask;
		c->events[n++].inc = 1;
	}
	c->nr_events = n;
	c->hdr.size = sizeof(*c) + n * sizeof(c->events[0]);
}
