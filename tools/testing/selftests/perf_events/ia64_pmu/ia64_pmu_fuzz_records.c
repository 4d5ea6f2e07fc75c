// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's execution records for the PMU model (see ia64_pmu_fuzz.c):
 * valid records of every type, the malformed ones the model must refuse,
 * their injection (op_inject, op_inject_bad).
 */

#include "ia64_pmu_fuzz.h"

/* Execution records ----------------------------------------------- */

/*
 * The model runs a record's repetitions as fast as the interrupts go,
 * and the perf core unthrottles a sampling event at each tick while the
 * record runs: a record of 2^32 cycles under a period of 1 would take
 * hours. Repeats stay below MAX_OVERFLOWS periods of the shortest
 * sampling period open.
 */
static uint64_t repeat_cap(void)
{
	uint64_t min = 0;
	int i;

	if (is_child)
		return CHILD_REPEAT;
	for (i = 0; i < nr_evs; i++)
		if (evs[i].period && (!min || evs[i].period < min))
			min = evs[i].period;
	if (!min || min > (1ULL << 40))
		return ~0ULL;
	return min * MAX_OVERFLOWS;
}

uint64_t cap_repeat(uint64_t repeat)
{
	uint64_t cap = repeat_cap();

	return repeat > cap ? rnd_between(1, cap) : repeat;
}

static uint64_t gen_ip(void)
{
	switch (rnd(6)) {
	case 0: case 1: case 2:
		return USER_IP + 16 * rnd(4096);
	case 3:
		return KERNEL_IP + 16 * rnd(4096);
	default:
		return rnd_u64();
	}
}

static uint64_t gen_repeat(void)
{
	unsigned int r = rnd(1000);

	if (r < 700)
		return rnd_between(1, 1000);
	if (r < 900)
		return rnd_between(1, 100000);
	if (r < 990)
		return rnd_between(1, 10000000);
	/* past the 32-bit counters' wrap */
	return (1ULL << 32) + rnd(1ULL << 31) - (1ULL << 30);
}

uint64_t gen_encoding(void)
{
	return rnd64() & ((1ULL << 41) - 1);
}

static void gen_ctx(struct ia64_pmu_rec_ctx *c, int isa, bool slot)
{
	memset(c, 0, sizeof(*c));
	c->ip = gen_ip();
	c->repeat = cap_repeat(gen_repeat());
	c->cpl = rnd(4);
	c->isa = isa;
	c->slot = slot && isa == IA64_PMU_ISA_IA64 ? rnd(3) : 0;
}

/*
 * Per-cycle events of a cycles record: distinct codes, increment 1
 * (every event allows that), never CPU_CYCLES nor the codes in @avoid.
 */
int gen_events(struct ia64_pmu_rec_event *ev, int max, int avoid)
{
	int n = 0, i, j, want = rnd(max + 1);

	for (i = 0; i < want && nr_pmu_events; i++) {
		const struct pmu_event *pe = pick_pmu_event();

		if (pe->es == cycles_es || pe->es == avoid)
			continue;
		for (j = 0; j < n; j++)
			if (ev[j].code == pe->es)
				break;
		if (j < n)
			continue;
		memset(&ev[n], 0, sizeof(ev[n]));
		ev[n].code = pe->es;
		ev[n].umask = pe->umask;
		ev[n].inc = 1;
		n++;
	}
	return n;
}

/*
 * An interruption to a random vector of the IVT (twenty of 0x400 bytes,
 * then 48 of 0x100), or an rfi (cpl 0) to a bundle
 */
static size_t gen_xfer(uint8_t *p)
{
	struct ia64_pmu_rec_xfer *r = (void *)p;
	unsigned int k = rnd(68);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_XFER;
	r->hdr.size = sizeof(*r);
	r->hdr.flags = rnd(2);
	gen_ctx(&r->ctx, IA64_PMU_ISA_IA64, true);
	r->kind = rnd(2);
	if (r->kind == IA64_PMU_XFER_INTR) {
		r->target = k < 20 ? 0x400 * k : 0x5000 + 0x100 * (k - 20);
	} else {
		r->ctx.cpl = 0;
		r->target = chance(80) ? USER_IP + 16 * rnd(4096) :
					 rnd_u64() & ~15ULL;
	}
	return sizeof(*r);
}

/* Append one valid record of a random type; returns its size */
static size_t gen_valid(uint8_t *p)
{
	switch (rnd(6)) {
	case 0: case 1: {
		struct ia64_pmu_rec_cycles *r = (void *)p;

		memset(r, 0, sizeof(*r));
		gen_ctx(&r->ctx, rnd(4) == 0, false);
		r->nr_events = gen_events(r->events,
					  chance(30) ? IA64_PMU_REC_MAX_EVENTS :
						       3, -1);
		r->hdr.type = IA64_PMU_REC_CYCLES;
		r->hdr.size = sizeof(*r) + r->nr_events * sizeof(r->events[0]);
		return r->hdr.size;
	}
	case 2: {
		struct ia64_pmu_rec_inst *r = (void *)p;

		memset(r, 0, sizeof(*r));
		r->hdr.type = IA64_PMU_REC_INST;
		r->hdr.size = sizeof(*r);
		gen_ctx(&r->ctx, rnd(5) == 0, true);
		if (r->ctx.isa == IA64_PMU_ISA_IA32) {
			r->per_cycle = rnd_between(1, 2);
			return sizeof(*r);
		}
		r->hdr.flags = rnd(4);
		r->encoding = gen_encoding();
		r->itype = rnd(4);
		if (r->ctx.slot == 1 && chance(30))
			r->itype = IA64_PMU_ITYPE_L;
		if (r->ctx.slot == 2 && chance(30))
			r->itype = IA64_PMU_ITYPE_X;
		r->per_cycle = rnd_between(1, 6);
		return sizeof(*r);
	}
	case 3: {
		static const uint8_t sizes[] = { 1, 2, 4, 8, 10, 16 };
		struct ia64_pmu_rec_mem *r = (void *)p;

		memset(r, 0, sizeof(*r));
		r->hdr.type = IA64_PMU_REC_MEM;
		r->hdr.size = sizeof(*r);
		r->hdr.flags = rnd(2);
		gen_ctx(&r->ctx, rnd(5) == 0, true);
		r->daddr = chance(80) ? 0x6000000000000000ULL + rnd(1 << 20) :
					rnd_u64();
		if (r->ctx.isa == IA64_PMU_ISA_IA64)
			r->encoding = gen_encoding();
		r->latency = chance(90) ? rnd(500) : rnd64();
		r->level = rnd(4);
		r->tlb = rnd(4);
		r->op = rnd(2);
		r->size = sizes[rnd(ARRAY_SIZE(sizes))];
		return sizeof(*r);
	}
	case 4: {
		static const uint8_t tlbs[] = { IA64_PMU_TLB_L1,
						IA64_PMU_TLB_VHPT,
						IA64_PMU_TLB_SW };
		struct ia64_pmu_rec_fetch *r = (void *)p;

		memset(r, 0, sizeof(*r));
		r->hdr.type = IA64_PMU_REC_FETCH;
		r->hdr.size = sizeof(*r);
		r->hdr.flags = rnd(2);
		gen_ctx(&r->ctx, rnd(5) == 0, false);
		r->latency = chance(90) ? rnd(500) : rnd64();
		r->level = rnd(4);
		r->tlb = tlbs[rnd(3)];
		return sizeof(*r);
	}
	default: {
		struct ia64_pmu_rec_branch *r = (void *)p;

		if (chance(20))
			return gen_xfer(p);
		memset(r, 0, sizeof(*r));
		r->hdr.type = IA64_PMU_REC_BRANCH;
		r->hdr.size = sizeof(*r);
		r->hdr.flags = rnd(32);
		if (!(r->hdr.flags & IA64_PMU_REC_BR_TAKEN))
			r->hdr.flags &= ~IA64_PMU_REC_BR_MISPRED_TARGET;
		gen_ctx(&r->ctx, IA64_PMU_ISA_IA64, true);
		r->target = chance(80) ? USER_IP + 16 * rnd(4096) : rnd_u64();
		r->encoding = gen_encoding();
		r->btype = rnd(IA64_PMU_BR_IND_CALL + 1);
		r->predictor = rnd(3);
		return sizeof(*r);
	}
	}
}

/*
 * Break one valid record so that the model must refuse it; @room bytes
 * past it are free. Returns the record's new length in the stream.
 */
static size_t break_record(uint8_t *p, size_t len, const char **how)
{
	struct ia64_pmu_rec_hdr *h = (void *)p;
	struct ia64_pmu_rec_ctx *c = (void *)(p + sizeof(*h));

	switch (rnd(12)) {
	case 0:
		*how = "type";
		h->type = chance(50) ? 0 :
			  rnd_between(IA64_PMU_REC_XFER + 1, 0xffff);
		return len;
	case 1:
		*how = "size not a multiple of 8";
		h->size += rnd_between(1, 7);
		return len;
	case 2:
		*how = "size below the header";
		h->size = 8 * rnd(5);
		return len;
	case 3:
		*how = "size of another type";
		h->size = h->type == IA64_PMU_REC_CYCLES ?
			  len + 8 * rnd_between(1, 4) :
			  len + (chance(50) ? 8 : -8);
		memset(p + len, 0, 8 * 4);
		return h->size > len ? h->size : len;
	case 4:
		/*
		 * above the type's flags: a branch's go to bit 4, a memory
		 * access's to bit 3 (the L3 line state, bits 3:2), the
		 * others' to bit 1
		 */
		*how = "unknown flags";
		h->flags |= 1U << rnd_between(h->type == IA64_PMU_REC_BRANCH ?
					      5 : h->type == IA64_PMU_REC_MEM ?
					      4 : 2, 31);
		if (h->type == IA64_PMU_REC_CYCLES)
			h->flags |= 1U << rnd(32);
		return len;
	case 5:
		*how = "repeat 0";
		c->repeat = 0;
		return len;
	case 6:
		*how = "cpl, isa or slot out of range";
		switch (rnd(3)) {
		case 0:
			c->cpl = rnd_between(4, 255);
			break;
		case 1:
			c->isa = rnd_between(2, 255);
			break;
		default:
			c->slot = rnd_between(3, 255);
			break;
		}
		return len;
	case 7:
		*how = "ctx thread or reserved";
		/* no model runs more than two threads per core */
		if (chance(50))
			c->thread = rnd_between(2, 255);
		else
			c->__reserved1 = rnd_between(1, 0xffffffff);
		return len;
	default:
		break;
	}

	/* a field of the type's body */
	switch (h->type) {
	case IA64_PMU_REC_CYCLES: {
		struct ia64_pmu_rec_cycles *r = (void *)p;
		struct ia64_pmu_rec_event *e = r->events;

		if (!r->nr_events || chance(30)) {
			*how = "cycles: slot or reserved";
			if (chance(50))
				c->slot = rnd_between(1, 2);
			else
				r->__reserved[rnd(3)] = rnd_between(1, 0xffff);
			return len;
		}
		e += rnd(r->nr_events);
		switch (rnd(6)) {
		case 0:
			*how = "cycles: event code";
			e->code = chance(50) || es_free > 0xff ?
				  cycles_es : rnd_between(es_free, 0xff);
			break;
		case 1:
			*how = "cycles: umask";
			e->umask = rnd_between(0x10, 0xff);
			break;
		case 2:
			*how = "cycles: increment 0";
			e->inc = 0;
			break;
		case 3:
			*how = "cycles: event reserved";
			e->__reserved[rnd(5)] = rnd_between(1, 255);
			break;
		case 4:
			*how = "cycles: same event twice";
			r->events[r->nr_events] = *e;
			r->nr_events++;
			h->size += sizeof(*e);
			return len + sizeof(*e);
		default:
			*how = "cycles: nr_events";
			r->nr_events = rnd_between(IA64_PMU_REC_MAX_EVENTS + 1,
						   0xffff);
			break;
		}
		return len;
	}
	case IA64_PMU_REC_INST: {
		struct ia64_pmu_rec_inst *r = (void *)p;

		switch (rnd(6)) {
		case 0:
			*how = "inst: encoding beyond 41 bits";
			r->encoding |= 1ULL << rnd_between(41, 63);
			break;
		case 1:
			*how = "inst: itype";
			r->itype = rnd_between(6, 255);
			break;
		case 2:
			*how = "inst: per_cycle";
			r->per_cycle = chance(30) ? 0 :
				       r->ctx.isa ? rnd_between(3, 255) :
						    rnd_between(7, 255);
			break;
		case 3:
			*how = "inst: reserved";
			r->__reserved[rnd(6)] = rnd_between(1, 255);
			break;
		case 4:
			*how = "inst: L or X in the wrong slot";
			if (r->ctx.isa) {
				r->itype = rnd_between(1, 5);
			} else if (chance(50)) {
				r->itype = IA64_PMU_ITYPE_L;
				r->ctx.slot = chance(50) ? 0 : 2;
			} else {
				r->itype = IA64_PMU_ITYPE_X;
				r->ctx.slot = rnd(2);
			}
			break;
		default:
			*how = "inst: IA-32 with IA-64 fields";
			r->ctx.isa = IA64_PMU_ISA_IA32;
			r->ctx.slot = 0;
			r->per_cycle = 1;
			r->itype = 0;
			r->hdr.flags = 0;
			r->encoding = 0;
			switch (rnd(3)) {
			case 0:
				r->hdr.flags = rnd_between(1, 3);
				break;
			case 1:
				r->itype = rnd_between(1, 5);
				break;
			default:
				r->encoding = rnd_between(1, 1ULL << 40);
				break;
			}
			break;
		}
		return len;
	}
	case IA64_PMU_REC_MEM: {
		struct ia64_pmu_rec_mem *r = (void *)p;

		switch (rnd(6)) {
		case 0:
			*how = "mem: level";
			r->level = rnd_between(4, 255);
			break;
		case 1:
			*how = "mem: tlb";
			r->tlb = rnd_between(4, 255);
			break;
		case 2:
			*how = "mem: op";
			r->op = rnd_between(2, 255);
			break;
		case 3:
			*how = "mem: size";
			do
				r->size = rnd(256);
			while (r->size == 1 || r->size == 2 || r->size == 4 ||
			       r->size == 8 || r->size == 10 ||
			       r->size == 16);
			break;
		case 4:
			*how = "mem: encoding beyond 41 bits";
			r->encoding |= 1ULL << rnd_between(41, 63);
			break;
		default:
			*how = "mem: IA-32 with an encoding";
			r->ctx.isa = IA64_PMU_ISA_IA32;
			r->ctx.slot = 0;
			r->encoding = rnd_between(1, 1ULL << 40);
			break;
		}
		return len;
	}
	case IA64_PMU_REC_FETCH: {
		struct ia64_pmu_rec_fetch *r = (void *)p;

		switch (rnd(4)) {
		case 0:
			*how = "fetch: slot";
			r->ctx.isa = IA64_PMU_ISA_IA64;
			r->ctx.slot = rnd_between(1, 2);
			break;
		case 1:
			*how = "fetch: level";
			r->level = rnd_between(4, 255);
			break;
		case 2:
			*how = "fetch: tlb";
			r->tlb = chance(50) ? IA64_PMU_TLB_L2 :
					      rnd_between(4, 255);
			break;
		default:
			*how = "fetch: reserved";
			r->__reserved[rnd(2)] = rnd_between(1, 255);
			break;
		}
		return len;
	}
	case IA64_PMU_REC_XFER: {
		struct ia64_pmu_rec_xfer *r = (void *)p;

		switch (rnd(5)) {
		case 0:
			*how = "xfer: kind";
			r->kind = rnd_between(2, 255);
			break;
		case 1:
			*how = "xfer: no vector's offset";
			r->kind = IA64_PMU_XFER_INTR;
			r->target = chance(50) ? 0x5000 + 0x100 * rnd(48) + 0x10 :
						 rnd_between(0x8000, 0xffff);
			break;
		case 2:
			*how = "xfer: rfi out of level 0 or to no bundle";
			r->kind = IA64_PMU_XFER_RFI;
			if (chance(50))
				r->ctx.cpl = rnd_between(1, 3);
			else
				r->target |= rnd_between(1, 15);
			break;
		case 3:
			*how = "xfer: IA-32";
			r->ctx.isa = IA64_PMU_ISA_IA32;
			r->ctx.slot = 0;
			break;
		default:
			*how = "xfer: reserved";
			r->__reserved[rnd(7)] = rnd_between(1, 255);
			break;
		}
		return len;
	}
	default: {
		struct ia64_pmu_rec_branch *r = (void *)p;

		switch (rnd(6)) {
		case 0:
			*how = "branch: mispredicted target, not taken";
			r->hdr.flags = IA64_PMU_REC_BR_MISPRED_TARGET |
				       (rnd(2) ? IA64_PMU_REC_BR_MULTIWAY : 0);
			break;
		case 1:
			*how = "branch: IA-32";
			r->ctx.isa = IA64_PMU_ISA_IA32;
			r->ctx.slot = 0;
			break;
		case 2:
			*how = "branch: btype";
			r->btype = rnd_between(IA64_PMU_BR_IND_CALL + 1, 255);
			break;
		case 3:
			*how = "branch: predictor";
			r->predictor = rnd_between(3, 255);
			break;
		case 4:
			*how = "branch: encoding beyond 41 bits";
			r->encoding |= 1ULL << rnd_between(41, 63);
			break;
		default:
			*how = "branch: reserved";
			r->__reserved[rnd(6)] = rnd_between(1, 255);
			break;
		}
		return len;
	}
	}
}

int inject(const void *buf, size_t len)
{
	return sim_write("inject", buf, len);
}

/*
 * A stream of valid records must be accepted. From a forked child (or
 * the exec'd --child), the same.
 */
void op_inject(void)
{
	uint8_t buf[MAX_RECS * 256];
	size_t len = 0;
	int n = rnd_between(1, MAX_RECS), i, ret;

	for (i = 0; i < n; i++)
		len += gen_valid(buf + len);
	st.injects++;
	ret = inject(buf, len);
	note("%d records, %zu bytes: %d", n, len, ret);
	if (ret == 0) {
		st.injects_ok++;
		return;
	}
	failure(-1, "records: a valid stream of %d records (%zu bytes) was refused: %s",
		n, len, strerror(-ret));
}

/* Malformed streams: refused whole, with EINVAL */
void op_inject_bad(void)
{
	static uint8_t big[(1U << 20) + 8];
	uint8_t buf[MAX_RECS * 256 + 256];
	void *bad_ptr;
	const char *how = NULL;
	size_t len = 0, off = 0, rec_len;
	int n = rnd_between(1, MAX_RECS), bad = rnd(n), i, ret;

	st.bad_injects++;
	switch (rnd(10)) {
	case 0:
		/* garbage: anything goes, but the kernel must survive */
		len = rnd_between(1, sizeof(buf));
		for (i = 0; i < (int)len; i++)
			buf[i] = rnd(256);
		if (len >= 4 && chance(50)) {
			buf[0] = rnd_between(1, 5);
			buf[1] = 0;
			buf[2] = 8 * rnd(32);
			buf[3] = 0;
		}
		ret = inject(buf, len);
		note("garbage, %zu bytes: %d", len, ret);
		return;
	case 1:
		/* NULL or the first page, never mapped */
		bad_ptr = (void *)(uintptr_t)(8 * rnd(2));
		ret = inject(bad_ptr, 64);
		note("bad pointer: %d", ret);
		if (ret != -EFAULT && ret != -EINVAL)
			failure(-1, "records: a bad buffer pointer gave %d, not EFAULT",
				ret);
		return;
	case 2:
		/* longer than the model accepts */
		len = gen_valid(big);
		while (len + 256 < sizeof(big))
			len += gen_valid(big + len);
		memset(big + len, 0, sizeof(big) - len);
		ret = inject(big, sizeof(big));
		note("%zu bytes: %d", sizeof(big), ret);
		if (ret != -EINVAL)
			failure(-1, "records: a %zu-byte stream gave %d, not EINVAL",
				sizeof(big), ret);
		return;
	case 3:
		/* truncated: the last record is cut */
		for (i = 0; i < n; i++) {
			off = len;
			len += gen_valid(buf + len);
		}
		len = off + rnd(len - off);
		if (len == off)
			len = off + 1;
		how = "truncated";
		break;
	default:
		for (i = 0; i < n; i++) {
			rec_len = gen_valid(buf + len);
			if (i == bad)
				rec_len = break_record(buf + len, rec_len, &how);
			len += rec_len;
		}
		break;
	}
	ret = inject(buf, len);
	note("%d records, #%d broken (%s), %zu bytes: %d", n, bad, how, len,
	     ret);
	if (ret != -EINVAL)
		failure(-1, "records: a stream with a malformed record (%s) gave %d, not EINVAL",
			how, ret);
}
