// SPDX-License-Identifier: GPL-2.0
/*
 * Record validation (uapi ia64_pmu.h part 2). Every check runs on an
 * exact-size heap buffer so that ASan catches any read beyond len.
 */
#include "model_test.h"

/* Check @len bytes of @rec copied into a heap buffer of exactly @len */
static int check_exact(const void *rec, size_t len)
{
	void *p = malloc(len ? len : 1);
	int ret;

	memcpy(p, rec, len);
	ret = ia64_model_check_rec(p, len);
	free(p);
	return ret;
}

struct sample {
	u8 buf[256];
	size_t len;
};

static void samples(struct sample s[5])
{
	struct ia64_pmu_rec_event ev[2] = {
		{ .code = 0x08, .inc = 2 },
		{ .code = 0x38, .umask = 1, .inc = 1 },
	};

	s[0].len = mt_cycles(s[0].buf, 3, 1, 0, 2, ev);
	s[1].len = mt_inst(s[1].buf, 0x1000, 2, IA64_PMU_ITYPE_X, 1, 2, 3, 0);
	s[2].len = mt_mem(s[2].buf, 0x1000, 0x2000, 1, 3, 3, 100);
	s[3].len = mt_fetch(s[3].buf, 0x1000, 2, 2, 50);
	s[4].len = mt_branch(s[4].buf, 0x1000, 2, 0x40, 1, 1);
}

/* Valid records of every type return their size */
TEST(valid_records_return_size)
{
	struct sample s[5];
	unsigned int i;

	samples(s);
	for (i = 0; i < 5; i++) {
		CHECK_EQ(check_exact(s[i].buf, s[i].len), s[i].len);
		/* more bytes available than the record needs */
		CHECK_EQ(check_exact(s[i].buf, sizeof(s[i].buf)), s[i].len);
	}
}

/* Short: every truncation of every record type is refused */
TEST(short_records_refused)
{
	struct sample s[5];
	unsigned int i;
	size_t len;

	samples(s);
	for (i = 0; i < 5; i++)
		for (len = 0; len < s[i].len; len++)
			CHECK_EQ(check_exact(s[i].buf, len), -EINVAL);
	CHECK_EQ(ia64_model_check_rec(NULL, 0), -EINVAL);
}

/* Oversized, undersized or unaligned hdr.size is refused */
TEST(bad_size_refused)
{
	struct sample s[5];
	struct ia64_pmu_rec_hdr *h;
	unsigned int i;

	samples(s);
	for (i = 0; i < 5; i++) {
		h = (void *)s[i].buf;
		h->size += 8;
		CHECK_EQ(check_exact(s[i].buf, sizeof(s[i].buf)), -EINVAL);
		h->size -= 16;
		CHECK_EQ(check_exact(s[i].buf, sizeof(s[i].buf)), -EINVAL);
		h->size += 12;
		CHECK_EQ(check_exact(s[i].buf, sizeof(s[i].buf)), -EINVAL);
		h->size = 0;
		CHECK_EQ(check_exact(s[i].buf, sizeof(s[i].buf)), -EINVAL);
	}
}

/* Unknown types are refused */
TEST(unknown_type_refused)
{
	struct sample s[5];
	static const u16 types[] = { 0, 6, 7, 0x100, 0xffff };
	unsigned int i;

	samples(s);
	for (i = 0; i < 5; i++) {
		((struct ia64_pmu_rec_hdr *)s[1].buf)->type = types[i];
		CHECK_EQ(check_exact(s[1].buf, s[1].len), -EINVAL);
	}
}

/* Unknown flags of every type are refused */
TEST(unknown_flags_refused)
{
	static const u32 known[5] = { 0, 0x3, 0x1, 0x1, 0x1f };
	struct sample s[5];
	unsigned int i, b;

	for (i = 0; i < 5; i++)
		for (b = 0; b < 32; b++) {
			if (known[i] & (1U << b))
				continue;
			samples(s);
			((struct ia64_pmu_rec_hdr *)s[i].buf)->flags |= 1U << b;
			CHECK_EQ(check_exact(s[i].buf, s[i].len), -EINVAL);
		}
}

/*
 * Non-zero reserved bytes are refused (offsets of __reserved fields), and
 * so is a record of thread 0x40 (ctx.thread, byte 27)
 */
TEST(reserved_fields_refused)
{
	/* ctx thread, __reserved1: bytes 27..31 */
	static const struct { unsigned int type, from, to; } r[] = {
		{ 0, 27, 32 }, { 1, 27, 32 }, { 2, 27, 32 }, { 3, 27, 32 },
		{ 4, 27, 32 },
		{ 0, 34, 40 },			/* cycles __reserved[3] */
		{ 0, 43, 48 }, { 0, 51, 56 },	/* event __reserved[5] */
		{ 1, 42, 48 },			/* inst __reserved[6] */
		{ 3, 38, 40 },			/* fetch __reserved[2] */
		{ 4, 50, 56 },			/* branch __reserved[6] */
	};
	struct sample s[5];
	unsigned int i, off;

	for (i = 0; i < ARRAY_SIZE(r); i++)
		for (off = r[i].from; off < r[i].to; off++) {
			samples(s);
			s[r[i].type].buf[off] = 0x40;
			CHECK_EQ(check_exact(s[r[i].type].buf,
					     s[r[i].type].len), -EINVAL);
		}
}

#define BAD(idx, field, val)						\
	do {								\
		samples(s);						\
		field = (val);						\
		CHECK_EQ(check_exact(s[idx].buf, s[idx].len), -EINVAL); \
	} while (0)

/* Field values out of range are refused */
TEST(bad_values_refused)
{
	struct sample s[5];
	struct ia64_pmu_rec_cycles *c = (void *)s[0].buf;
	struct ia64_pmu_rec_inst *in = (void *)s[1].buf;
	struct ia64_pmu_rec_mem *me = (void *)s[2].buf;
	struct ia64_pmu_rec_fetch *f = (void *)s[3].buf;
	struct ia64_pmu_rec_branch *b = (void *)s[4].buf;

	BAD(1, in->ctx.cpl, 4);
	BAD(1, in->ctx.isa, 2);
	BAD(1, in->ctx.slot, 3);
	BAD(1, in->ctx.repeat, 0);
	BAD(1, in->itype, 6);
	BAD(1, in->ctx.slot, 1);		/* X must be slot 2 */
	BAD(1, in->encoding, 1ULL << 41);
	BAD(1, in->per_cycle, 0);
	BAD(1, in->per_cycle, 7);
	BAD(1, in->ctx.isa, IA64_PMU_ISA_IA32);	/* slot 2, itype X */
	BAD(2, me->level, 4);
	BAD(2, me->tlb, 4);
	BAD(2, me->op, 2);
	BAD(2, me->size, 3);
	BAD(2, me->encoding, ~0ULL);
	BAD(3, f->tlb, IA64_PMU_TLB_L2);
	BAD(3, f->level, 4);
	BAD(3, f->ctx.slot, 1);
	BAD(4, b->btype, IA64_PMU_BR_IND_CALL + 1);
	BAD(4, b->predictor, 3);
	BAD(4, b->ctx.isa, IA64_PMU_ISA_IA32);
	BAD(4, b->hdr.flags, IA64_PMU_REC_BR_MISPRED_TARGET);
	BAD(0, c->ctx.slot, 1);
	BAD(0, c->events[1].code, 0x13);	/* no such event */
	BAD(0, c->events[1].code, 0x80);
	BAD(0, c->events[1].umask, 0);		/* 0x38 xx00 undefined */
	BAD(0, c->events[1].umask, 0x10);
	BAD(0, c->events[1].code, 0x12);	/* CPU_CYCLES is implied */
	BAD(0, c->events[1].inc, 0);
	BAD(0, c->events[1].umask, 0x8);	/* 0x38: x000 */
	BAD(0, c->events[0].umask, 0x1);	/* 0x08: Table 7-30 */
}

/* Two entries naming the same event are refused */
TEST(duplicate_event_refused)
{
	struct ia64_pmu_rec_event ev[2] = {
		{ .code = 0x38, .umask = 0x1, .inc = 1 },
		{ .code = 0x38, .umask = 0x5, .inc = 1 },	/* xx01 again */
	};
	u8 buf[64];
	size_t n;

	n = mt_cycles(buf, 1, 0, 0, 2, ev);
	CHECK_EQ(check_exact(buf, n), -EINVAL);
	ev[1].umask = 0x2;				/* xx10: another */
	n = mt_cycles(buf, 1, 0, 0, 2, ev);
	CHECK_EQ(check_exact(buf, n), n);
}

/* nr_events must agree with the size and not exceed the maximum */
TEST(cycles_nr_events_refused)
{
	struct ia64_pmu_rec_event ev[17];
	struct ia64_pmu_rec_cycles *c;
	u8 buf[256];
	unsigned int i;
	size_t n;

	memset(ev, 0, sizeof(ev));
	for (i = 0; i < 17; i++) {
		ev[i].code = i;		/* 0x00..0x10 are events, umask 0 */
		ev[i].inc = 1;
	}
	n = mt_cycles(buf, 1, 0, 0, 16, ev);
	CHECK_EQ(check_exact(buf, n), n);
	n = mt_cycles(buf, 1, 0, 0, 17, ev);
	CHECK_EQ(check_exact(buf, n), -EINVAL);
	n = mt_cycles(buf, 1, 0, 0, 3, ev);
	c = (void *)buf;
	c->nr_events = 2;
	CHECK_EQ(check_exact(buf, n), -EINVAL);
	c->nr_events = 4;
	CHECK_EQ(check_exact(buf, n), -EINVAL);
}

/* A stream of records is walked record by record */
TEST(record_stream_walk)
{
	struct sample s[5];
	u8 stream[1024];
	size_t off = 0, len = 0;
	unsigned int i, n = 0;
	int ret;

	samples(s);
	for (i = 0; i < 5; i++) {
		memcpy(stream + len, s[i].buf, s[i].len);
		len += s[i].len;
	}
	for (off = 0; off < len; off += ret, n++) {
		ret = check_exact(stream + off, len - off);
		CHECK(ret > 0);
		if (ret <= 0)
			break;
	}
	CHECK_EQ(n, 5);
}

/* The record's ip and cpl are where an interrupt is taken */
TEST(rec_origin_reports_ip_cpl)
{
	struct sample s[5];
	unsigned int i, cpl;
	u64 ip;

	samples(s);
	for (i = 1; i < 5; i++) {
		ia64_model_rec_origin(s[i].buf, &ip, &cpl);
		CHECK_EQ(ip, 0x1000);
	}
	ia64_model_rec_origin(s[1].buf, &ip, &cpl);
	CHECK_EQ(cpl, 3);
}
