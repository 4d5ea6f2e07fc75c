// SPDX-License-Identifier: GPL-2.0
/*
 * The PMU of Ski: the project's PMU model (drivers/perf/ia64/sim/
 * pmu_model*.c, written from the manuals) fed with what Ski executes,
 * as execution records (include/uapi/linux/perf/ia64_pmu.h, part 2).
 * Ski's PMC, PMD, IBR and DBR moves, CPUID[3] and PAL_PERF_MON_INFO
 * reach the model; the model's interrupt line reaches Ski's external
 * interrupt path at the PMV vector (tools/ski/patches).
 *
 * What Ski tells the model, per executed IA-64 instruction:
 * - an instruction record (ip, slot, cpl, syllable type, 41-bit
 *   encoding, nop, predicated off) for each one that retires;
 * - a memory record for each load and store it made (virtual address,
 *   size), with the latency of the rule below;
 * - a branch record for each branch instruction, long branches (brl)
 *   included (taken or not, its target, its type from the encoding),
 *   never mispredicted;
 * - a control transfer record for each interruption (a fault, or an
 *   external interrupt between two instructions) and each rfi, which
 *   the Montecito's execution trace buffer records;
 * - a cycles record for the cycles it ends, by Ski's own rule: an
 *   instruction group (a stop) is one cycle, and so is a taken branch
 *   or a fault.
 *
 * SKI: the latency rule. Ski has no caches. A load looks its 64-byte
 * line up in a 16 KiB direct-mapped table of lines (256 entries, index
 * address bits 13:6): present, it is an L1 hit of latency 1; absent, it
 * is served by L2 with latency 8 and its line enters the table. Stores
 * neither look up nor fill the table (L1 hits of latency 1). Every
 * access hits the L1 TLB. So the data EAR in cache mode with a
 * threshold of at most 8 captures exactly the loads that miss the
 * table, and cache events count by this rule, not by any processor's
 * caches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu_model.h"
#include "ski_pmu.h"

int ski_pmu_live;
int ski_pmu_line;

static struct ia64_model pmu;
/* SKI_PMU_CHECK=1: every record is checked as the backend checks them */
static int check_records;
/* SKI_PMU_TRACE=<file>: every record run, for debugging */
static FILE *trace;

/* The data accesses of the executing instruction */
#define SKI_PMU_MAX_ACC	4
static struct {
	u64 addr;
	u8 size, store;
} acc[SKI_PMU_MAX_ACC];
static unsigned int nacc;

/* The latency rule's line table: (line address | valid) per entry */
#define LINE_SHIFT	6
#define LINE_ENTRIES	256
#define LINE_VALID	(1ULL << 63)
static u64 line_table[LINE_ENTRIES];

#define LAT_HIT		1
#define LAT_MISS	8

static void fatal(const char *what)
{
	fprintf(stderr, "ski-pmu: %s\n", what);
	exit(2);
}

/* The model's state after any access: live, interrupt line */
static void update(void)
{
	ski_pmu_live = !(pmu.pmc[0] & IA64_MODEL_PMC0_FR) ||
		       pmu.ipear_delay;
	ski_pmu_line = ia64_model_irq_pending(&pmu);
}

static void sync_psr(u64 psr)
{
	if ((psr & IA64_MODEL_PSR_MASK) != pmu.psr)
		ia64_model_set_psr(&pmu, psr);
}

void ski_pmu_init(void)
{
	const char *id = getenv("SKI_PMU_MODEL");
	const char *chk = getenv("SKI_PMU_CHECK");
	enum ia64_model_cpu cpu;

	check_records = chk && *chk == '1';
	if (getenv("SKI_PMU_TRACE") && !trace)
		trace = fopen(getenv("SKI_PMU_TRACE"), "w");
	if (!id || !*id)
		id = "itanium2";
	if (!strcmp(id, "itanium")) {
		cpu = IA64_MODEL_ITANIUM;
	} else if (!strcmp(id, "itanium2")) {
		cpu = IA64_MODEL_ITANIUM2;
	} else if (!strcmp(id, "montecito")) {
		cpu = IA64_MODEL_MONTECITO;
	} else if (!strncmp(id, "generic", 7)) {
		struct ia64_model_generic g;
		/* the processor without tables of the issue: 12 x 50 bits */
		const char *spec = strcmp(id, "generic") ? id :
			"generic,family=0x21,counters=12,width=50";

		if (ia64_model_generic_parse(spec, &g))
			fatal("bad SKI_PMU_MODEL generic string");
		ia64_model_generic_setup(&g);
		cpu = IA64_MODEL_GENERIC;
	} else {
		fatal("SKI_PMU_MODEL: itanium, itanium2, montecito or generic[,...]");
	}
	ia64_model_init(&pmu, cpu);
	memset(line_table, 0, sizeof(line_table));
	nacc = 0;
	update();
	fprintf(stderr, "ski-pmu: %s, CPUID[3] %#llx\n",
		ia64_model_cpu_name(cpu),
		(unsigned long long)ia64_model_cpu_cpuid3(cpu));
}

uint64_t ski_pmu_read_pmc(unsigned int idx, uint64_t psr)
{
	u64 v;

	sync_psr(psr);
	v = ia64_model_read_pmc(&pmu, idx);
	update();
	return v;
}

void ski_pmu_write_pmc(unsigned int idx, uint64_t val, uint64_t psr)
{
	sync_psr(psr);
	ia64_model_write_pmc(&pmu, idx, val);
	update();
}

uint64_t ski_pmu_read_pmd(unsigned int idx, uint64_t psr)
{
	u64 v;

	sync_psr(psr);
	v = ia64_model_read_pmd(&pmu, idx);
	update();
	return v;
}

void ski_pmu_write_pmd(unsigned int idx, uint64_t val, uint64_t psr)
{
	sync_psr(psr);
	ia64_model_write_pmd(&pmu, idx, val);
	update();
}

void ski_pmu_write_ibr(unsigned int idx, uint64_t val)
{
	if (idx < IA64_MODEL_NR_IBR)
		ia64_model_write_ibr(&pmu, idx, val);
}

void ski_pmu_write_dbr(unsigned int idx, uint64_t val)
{
	if (idx < IA64_MODEL_NR_DBR)
		ia64_model_write_dbr(&pmu, idx, val);
}

uint64_t ski_pmu_cpuid3(void)
{
	return ia64_model_cpuid3(&pmu);
}

uint64_t ski_pmu_perf_mon_info(uint64_t buf[16], uint64_t *info)
{
	u64 b[16], i;
	long st;
	int k;

	st = ia64_model_pal_perf_mon_info(&pmu, b, &i);
	for (k = 0; k < 16; k++)
		buf[k] = b[k];
	*info = i;
	return (uint64_t)st;
}

void ski_pmu_data(uint64_t addr, unsigned int size, int store)
{
	if (nacc < SKI_PMU_MAX_ACC) {
		acc[nacc].addr = addr;
		acc[nacc].size = size;
		acc[nacc].store = !!store;
		nacc++;
	}
}

void ski_pmu_irq_ack(void)
{
	ia64_model_irq_ack(&pmu);
	update();
}

/* Run one record; nothing once an overflow froze the PMU */
static void run(const void *rec)
{
	const struct ia64_pmu_rec_hdr *h = rec;
	u64 progress = 0;

	if (!ski_pmu_live)
		return;
	if (check_records &&
	    ia64_model_check_rec_cpu(pmu.cpu, rec, h->size) != h->size) {
		fprintf(stderr, "ski-pmu: record type %u refused\n", h->type);
		fatal("a record Ski built is malformed");
	}
	ia64_model_run(&pmu, rec, &progress);
	update();
	if (trace) {
		const struct ia64_pmu_rec_ctx *c = (const void *)(h + 1);

		fprintf(trace, "%u %llx.%u x%llu cpl%u psr %llx pmc0 %llx pmd4 %llx\n",
			h->type, (unsigned long long)c->ip, c->slot,
			(unsigned long long)c->repeat, c->cpl,
			(unsigned long long)pmu.psr,
			(unsigned long long)pmu.pmc[0],
			(unsigned long long)pmu.pmd[4]);
	}
}

static void set_ctx(struct ia64_pmu_rec_ctx *c, u64 ip, unsigned int slot,
		    u64 psr)
{
	memset(c, 0, sizeof(*c));
	c->ip = ip;
	c->repeat = 1;
	c->cpl = (psr & IA64_MODEL_PSR_CPL) >> IA64_MODEL_PSR_CPL_SHIFT;
	c->isa = IA64_PMU_ISA_IA64;
	c->slot = slot;
}

/*
 * [SDM-3] §4.1, Table 4-10: the execution unit of each slot by template;
 * -1: reserved template. The two slots of an MLX bundle are L and X.
 */
#define M IA64_PMU_ITYPE_M
#define I IA64_PMU_ITYPE_I
#define F IA64_PMU_ITYPE_F
#define B IA64_PMU_ITYPE_B
#define L IA64_PMU_ITYPE_L
#define X IA64_PMU_ITYPE_X
static const signed char template_units[32][3] = {
	[0x00] = { M, I, I }, [0x01] = { M, I, I },
	[0x02] = { M, I, I }, [0x03] = { M, I, I },
	[0x04] = { M, L, X }, [0x05] = { M, L, X },
	[0x06] = { -1 }, [0x07] = { -1 },
	[0x08] = { M, M, I }, [0x09] = { M, M, I },
	[0x0a] = { M, M, I }, [0x0b] = { M, M, I },
	[0x0c] = { M, F, I }, [0x0d] = { M, F, I },
	[0x0e] = { M, M, F }, [0x0f] = { M, M, F },
	[0x10] = { M, I, B }, [0x11] = { M, I, B },
	[0x12] = { M, B, B }, [0x13] = { M, B, B },
	[0x14] = { -1 }, [0x15] = { -1 },
	[0x16] = { B, B, B }, [0x17] = { B, B, B },
	[0x18] = { M, M, B }, [0x19] = { M, M, B },
	[0x1a] = { -1 }, [0x1b] = { -1 },
	[0x1c] = { M, F, B }, [0x1d] = { M, F, B },
	[0x1e] = { -1 }, [0x1f] = { -1 },
};
#undef M
#undef I
#undef F
#undef B
#undef L
#undef X

#define SLOT_MASK	((1ULL << 41) - 1)

/* The 41-bit instruction of slot @s ([SDM-3] §4.1, Figure 4-1) */
static u64 slot_bits(const u64 b[2], unsigned int s)
{
	switch (s) {
	case 0:
		return (b[0] >> 5) & SLOT_MASK;
	case 1:
		return ((b[0] >> 46) | (b[1] << 18)) & SLOT_MASK;
	default:
		return b[1] >> 23;
	}
}

static unsigned int field(u64 enc, unsigned int hi, unsigned int lo)
{
	return (enc >> lo) & ((1ULL << (hi - lo + 1)) - 1);
}

/*
 * A nop of its unit ([SDM-3] ch. 4): nop.m, nop.i, nop.f and nop.x are
 * major opcode 0 with x6 (bits 32:27) 0x01 and y (bit 26) 0 (x3, bits
 * 35:33, 0 on M, I and X; F has x, bit 33, 0); nop.b is opcode 2, x6 0.
 * hint (y = 1) is not a nop.
 */
static bool is_nop(int unit, u64 enc)
{
	unsigned int op = field(enc, 40, 37), x6 = field(enc, 32, 27);

	switch (unit) {
	case IA64_PMU_ITYPE_B:
		return op == 2 && x6 == 0;
	case IA64_PMU_ITYPE_F:
		return op == 0 && !field(enc, 33, 33) && x6 == 1 &&
		       !field(enc, 26, 26);
	default:
		return op == 0 && !field(enc, 35, 33) && x6 == 1 &&
		       !field(enc, 26, 26);
	}
}

/*
 * The branch type of a B-unit instruction ([SDM-3] §4.5), or -1 if it
 * is no branch: opcode 0 x6 0x20 indirect (btype 0 br.cond, 1 br.ia),
 * x6 0x21 br.ret; opcode 1 indirect br.call; opcode 4 IP-relative
 * (btype 0 br.cond, 2, 3, 5, 6, 7 the loop branches br.wexit, br.wtop,
 * br.cloop, br.cexit, br.ctop); opcode 5 IP-relative br.call.
 */
static int branch_type(u64 enc)
{
	unsigned int op = field(enc, 40, 37), x6 = field(enc, 32, 27);
	unsigned int btype = field(enc, 8, 6);

	switch (op) {
	case 0:
		if (x6 == 0x20)
			return btype == 1 ? IA64_PMU_BR_IA : IA64_PMU_BR_IND;
		if (x6 == 0x21)
			return IA64_PMU_BR_RET;
		return -1;
	case 1:
		return IA64_PMU_BR_IND_CALL;
	case 4:
		return btype == 0 ? IA64_PMU_BR_COND : IA64_PMU_BR_LOOP;
	case 5:
		return IA64_PMU_BR_CALL;
	default:
		return -1;
	}
}

/*
 * The branch type of an X-unit instruction (the X slot of an MLX bundle,
 * [SDM-3] §4.7), or -1: opcode 0xc brl.cond (X3), 0xd brl.call (X4);
 * movl (opcode 6) and nop.x are no branch. Ski runs brl on every
 * identity; the Itanium has none (Linux emulates it there after an
 * illegal operation fault, arch/ia64/kernel/brl_emu.c).
 */
static int long_branch_type(u64 enc)
{
	switch (field(enc, 40, 37)) {
	case 0xc:
		return IA64_PMU_BR_COND;
	case 0xd:
		return IA64_PMU_BR_CALL;
	default:
		return -1;
	}
}

/* The branch type of the instruction @enc of unit @unit, or -1 */
static int inst_branch_type(int unit, u64 enc)
{
	if (unit == IA64_PMU_ITYPE_B)
		return branch_type(enc);
	if (unit == IA64_PMU_ITYPE_X)
		return long_branch_type(enc);
	return -1;
}

static void mem_rec(const struct ski_pmu_inst *in, unsigned int slot,
		    u64 enc, unsigned int k)
{
	struct ia64_pmu_rec_mem r;
	u64 line = acc[k].addr >> LINE_SHIFT;
	u64 *e = &line_table[line & (LINE_ENTRIES - 1)];

	memset(&r, 0, sizeof(r));
	r.hdr.type = IA64_PMU_REC_MEM;
	r.hdr.size = sizeof(r);
	set_ctx(&r.ctx, in->ip, slot, in->psr);
	r.daddr = acc[k].addr;
	r.encoding = enc;
	r.size = acc[k].size;
	r.tlb = IA64_PMU_TLB_L1;
	r.latency = LAT_HIT;
	r.level = IA64_PMU_LVL_L1;
	if (acc[k].store) {
		r.op = IA64_PMU_MEM_STORE;
	} else {
		r.op = IA64_PMU_MEM_LOAD;
		if (*e != (line | LINE_VALID)) {
			*e = line | LINE_VALID;
			r.latency = LAT_MISS;
			r.level = IA64_PMU_LVL_L2;
		}
	}
	run(&r);
}

static void branch_rec(const struct ski_pmu_inst *in, unsigned int slot,
		       u64 enc, int btype)
{
	struct ia64_pmu_rec_branch r;

	memset(&r, 0, sizeof(r));
	r.hdr.type = IA64_PMU_REC_BRANCH;
	r.hdr.size = sizeof(r);
	set_ctx(&r.ctx, in->ip, slot, in->psr);
	if (in->end == SKI_PMU_TAKEN)
		r.hdr.flags = IA64_PMU_REC_BR_TAKEN;
	r.target = in->next_ip & ~0xfULL;
	r.encoding = enc;
	r.btype = btype;
	r.predictor = IA64_PMU_PRED_TAR;
	run(&r);
}

/* [SDM-2] PSR.ic (13), PSR.ri (42:41); the IVT's extent and its vector */
#define PSR_IC		(1ULL << 13)
#define PSR_RI_SHIFT	41
#define IVT_SIZE	0x8000
#define IVT_EXTINT	0x3000

/*
 * A control transfer that is not a branch, for a buffer that records
 * them (the Montecito's ETB): an interruption of the instruction at @ip
 * and @slot, run with @psr, to the vector at offset @target of the IVT
 * (kind INTR), or an rfi there to the bundle @target (kind RFI)
 */
static void xfer_rec(u64 ip, unsigned int slot, u64 psr, unsigned int kind,
		     u64 target)
{
	struct ia64_pmu_rec_xfer r;

	memset(&r, 0, sizeof(r));
	r.hdr.type = IA64_PMU_REC_XFER;
	r.hdr.size = sizeof(r);
	set_ctx(&r.ctx, ip, slot, psr);
	r.kind = kind;
	r.target = target;
	run(&r);
}

/* An rfi ([SDM-3] B8: B-unit major opcode 0, x6 0x08) */
static bool is_rfi(int unit, u64 enc)
{
	return unit == IA64_PMU_ITYPE_B && !field(enc, 40, 37) &&
	       field(enc, 32, 27) == 0x08;
}

void ski_pmu_exec(const struct ski_pmu_inst *in)
{
	unsigned int slot = in->slot, k;
	int unit = template_units[in->bundle[0] & 0x1f][slot];
	struct ia64_pmu_rec_inst r;
	u64 enc;
	int bt;

	sync_psr(in->psr);
	pmu.iva = in->iva;
	/*
	 * The first instruction of the external interrupt vector with
	 * PSR.ic clear: an interruption came between the last instruction
	 * and this one, of the instruction at cr.iip and cr.ipsr.ri, which
	 * ran with cr.ipsr
	 */
	if (in->ip == in->iva + IVT_EXTINT && !in->slot && !(in->psr & PSR_IC))
		xfer_rec(in->iip, (in->ipsr >> PSR_RI_SHIFT) & 3, in->ipsr,
			 IA64_PMU_XFER_INTR, IVT_EXTINT);
	/* a fault: to its vector, the instruction not retired */
	if (in->end == SKI_PMU_FAULT && in->next_ip - in->iva < IVT_SIZE)
		xfer_rec(in->ip, slot, in->psr, IA64_PMU_XFER_INTR,
			 in->next_ip - in->iva);
	if (in->end != SKI_PMU_FAULT && unit >= 0) {
		/* an MLX instruction: its opcode is in the X slot */
		if (unit == IA64_PMU_ITYPE_L) {
			slot = 2;
			unit = IA64_PMU_ITYPE_X;
		}
		enc = slot_bits(in->bundle, slot);

		memset(&r, 0, sizeof(r));
		r.hdr.type = IA64_PMU_REC_INST;
		r.hdr.size = sizeof(r);
		if (in->pred_off)
			r.hdr.flags |= IA64_PMU_REC_INST_PRED_OFF;
		if (is_nop(unit, enc))
			r.hdr.flags |= IA64_PMU_REC_INST_NOP;
		set_ctx(&r.ctx, in->ip, slot, in->psr);
		r.encoding = enc;
		r.itype = unit;
		r.per_cycle = 1;
		run(&r);

		for (k = 0; k < nacc && !in->pred_off; k++)
			mem_rec(in, slot, enc, k);

		bt = inst_branch_type(unit, enc);
		if (bt >= 0)
			branch_rec(in, slot, enc, bt);
		if (in->end == SKI_PMU_TAKEN && !in->pred_off &&
		    is_rfi(unit, enc))
			xfer_rec(in->ip, slot, in->psr, IA64_PMU_XFER_RFI,
				 in->next_ip & ~0xfULL);
	}
	nacc = 0;

	if (in->cycles) {
		struct ia64_pmu_rec_cycles c;

		memset(&c, 0, sizeof(c));
		c.hdr.type = IA64_PMU_REC_CYCLES;
		c.hdr.size = sizeof(c);
		set_ctx(&c.ctx, in->ip, 0, in->psr);
		c.ctx.repeat = in->cycles;
		run(&c);
	}
}
