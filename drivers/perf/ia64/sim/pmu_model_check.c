// SPDX-License-Identifier: GPL-2.0
/*
 * Checking of the execution records (include/uapi/linux/perf/ia64_pmu.h)
 * before the PMU model runs them: header, context and body of each
 * record type, the events of a cycles record against the CPU model's
 * event table and their max. increment per cycle ([ITA-RM] §7.8), and
 * where a checked record executes.
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [ITA-RM]  Intel Itanium Processor Reference Manual for Software
 *             Development, rev. 2.0: §7.8 (events, max. increments)
 */
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "pmu_model.h"
#include "pmu_model_int.h"

#define BODY_OFF	(CTX_OFF + sizeof(struct ia64_pmu_rec_ctx))

static bool is_41bit(u64 enc)
{
	return !(enc >> 41);
}

static int check_ctx(enum ia64_model_cpu cpu, const struct ia64_pmu_rec_ctx *c)
{
	if (!c->repeat || c->cpl > 3 || c->isa > IA64_PMU_ISA_IA32 ||
	    c->slot > 2 || c->thread >= ia64_model_threads(cpu) ||
	    c->__reserved1)
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
	if (r.hdr.flags & ~(IA64_PMU_REC_MEM_UC | IA64_PMU_REC_MEM_ALAT_MISS |
			    IA64_PMU_REC_MEM_L3_MASK))
		return -EINVAL;
	/* a line state only for an L3 hit: S or M (E by default) */
	if ((r.hdr.flags & IA64_PMU_REC_MEM_L3_MASK) &&
	    (r.level != IA64_PMU_LVL_L3 ||
	     (r.hdr.flags & IA64_PMU_REC_MEM_L3_MASK) >
	     IA64_PMU_REC_MEM_L3(IA64_PMU_L3_M)))
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

/*
 * A vector's offset in the IVT ([SDM-2]): twenty of 64 bundles, then 48
 * of 16 (IA64_PMU_MODEL_IVA)
 */
static bool ivt_vector(u64 off)
{
	return off < 0x5000 ? !(off % 0x400) : off < 0x8000 && !(off % 0x100);
}

static int check_xfer(const u8 *buf)
{
	struct ia64_pmu_rec_xfer r;

	memcpy(&r, buf, sizeof(r));
	if ((r.hdr.flags & ~IA64_PMU_REC_XFER_MP) ||
	    r.ctx.isa != IA64_PMU_ISA_IA64 ||
	    !zero_bytes(r.__reserved, sizeof(r.__reserved)))
		return -EINVAL;
	switch (r.kind) {
	case IA64_PMU_XFER_INTR:
		return ivt_vector(r.target) ? 0 : -EINVAL;
	case IA64_PMU_XFER_RFI:
		/* rfi is privileged, a B-unit instruction of a bundle */
		return r.ctx.cpl || r.target % 16 ? -EINVAL : 0;
	}
	return -EINVAL;
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
	case IA64_PMU_REC_XFER:
		want = sizeof(struct ia64_pmu_rec_xfer);
		break;
	default:
		return -EINVAL;
	}
	/* Fixed-size types must match exactly; cycles is checked below */
	if (h.size < want ||
	    (h.type != IA64_PMU_REC_CYCLES && h.size != want))
		return -EINVAL;
	memcpy(&c, p + CTX_OFF, sizeof(c));
	ret = check_ctx(cpu, &c);
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
	case IA64_PMU_REC_XFER:
		ret = check_xfer(p);
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
