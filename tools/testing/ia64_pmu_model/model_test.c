// SPDX-License-Identifier: GPL-2.0
/*
 * Unit-test framework and record builders for the Itanium PMU model.
 */
#include "model_test.h"

int model_test_failed;
static struct model_test *tests, **tail = &tests;

void model_test_register(struct model_test *t)
{
	*tail = t;
	tail = &t->next;
}

void mt_init(struct ia64_model *m)
{
	ia64_model_init(m, IA64_MODEL_ITANIUM);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
}

u64 mt_pmc(unsigned int es, unsigned int umask, unsigned int plm, u64 flags)
{
	return (u64)es << 8 | (u64)umask << 16 | plm | flags;
}

static void ctx(struct ia64_pmu_rec_ctx *c, u64 ip, u64 repeat,
		unsigned int cpl, unsigned int isa, unsigned int slot)
{
	c->ip = ip;
	c->repeat = repeat;
	c->cpl = cpl;
	c->isa = isa;
	c->slot = slot;
}

size_t mt_cycles(void *buf, u64 repeat, unsigned int cpl, unsigned int isa,
		 unsigned int nr, const struct ia64_pmu_rec_event *ev)
{
	struct ia64_pmu_rec_cycles *r = buf;
	size_t size = sizeof(*r) + nr * sizeof(*ev);

	memset(buf, 0, size);
	r->hdr.type = IA64_PMU_REC_CYCLES;
	r->hdr.size = size;
	ctx(&r->ctx, 0x4000000000001000ULL, repeat, cpl, isa, 0);
	r->nr_events = nr;
	if (nr)
		memcpy(r->events, ev, nr * sizeof(*ev));
	return size;
}

size_t mt_inst(void *buf, u64 ip, unsigned int slot, unsigned int itype,
	       u64 enc, u64 repeat, unsigned int cpl, unsigned int isa)
{
	struct ia64_pmu_rec_inst *r = buf;

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_INST;
	r->hdr.size = sizeof(*r);
	ctx(&r->ctx, ip, repeat, cpl, isa, slot);
	r->itype = itype;
	r->encoding = enc;
	r->per_cycle = 1;
	return sizeof(*r);
}

size_t mt_mem(void *buf, u64 ip, u64 daddr, unsigned int op,
	      unsigned int level, unsigned int tlb, u32 latency)
{
	struct ia64_pmu_rec_mem *r = buf;

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_MEM;
	r->hdr.size = sizeof(*r);
	ctx(&r->ctx, ip, 1, 0, IA64_PMU_ISA_IA64, 1);
	r->daddr = daddr;
	r->op = op;
	r->level = level;
	r->tlb = tlb;
	r->latency = latency;
	r->size = 8;
	return sizeof(*r);
}

size_t mt_fetch(void *buf, u64 ip, unsigned int level, unsigned int tlb,
		u32 latency)
{
	struct ia64_pmu_rec_fetch *r = buf;

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_FETCH;
	r->hdr.size = sizeof(*r);
	ctx(&r->ctx, ip, 1, 0, IA64_PMU_ISA_IA64, 0);
	r->level = level;
	r->tlb = tlb;
	r->latency = latency;
	return sizeof(*r);
}

size_t mt_branch(void *buf, u64 ip, unsigned int slot, u64 target,
		 u32 flags, unsigned int predictor)
{
	struct ia64_pmu_rec_branch *r = buf;

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_BRANCH;
	r->hdr.size = sizeof(*r);
	r->hdr.flags = flags;
	ctx(&r->ctx, ip, 1, 0, IA64_PMU_ISA_IA64, slot);
	r->target = target;
	r->predictor = predictor;
	return sizeof(*r);
}

void mt_run_all(struct ia64_model *m, const void *rec)
{
	const struct ia64_pmu_rec_hdr *h = rec;
	u64 progress = 0;
	int guard = 0;

	if (ia64_model_check_rec_cpu(m->cpu, rec, h->size) != h->size) {
		printf("  record of type %u rejected\n", h->type);
		model_test_failed = 1;
		return;
	}
	while (ia64_model_run(m, rec, &progress) && ++guard < 1000000)
		;
}

u32 mt_count(struct ia64_model *m, unsigned int n)
{
	return (u32)ia64_model_read_pmd(m, n);
}

u64 mt_read_frozen(struct ia64_model *m, unsigned int n)
{
	u64 pmc0 = ia64_model_read_pmc(m, 0);
	u64 v;

	ia64_model_write_pmc(m, 0, pmc0 | IA64_MODEL_PMC0_FR);
	v = ia64_model_read_pmd(m, n);
	ia64_model_write_pmc(m, 0, pmc0);
	return v;
}

int main(int argc, char **argv)
{
	unsigned int passed = 0, failed = 0;
	struct model_test *t;

	for (t = tests; t; t = t->next) {
		if (argc > 1 && !strstr(t->name, argv[1]))
			continue;
		model_test_failed = 0;
		t->fn();
		if (model_test_failed) {
			printf("FAIL %s\n", t->name);
			failed++;
		} else {
			printf("ok   %s\n", t->name);
			passed++;
		}
	}
	printf("model-unit: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
