// SPDX-License-Identifier: GPL-2.0
/*
 * Free-running mode (pmu_model_freerun.c): every record of a batch is
 * valid, cycles add up, the mix follows its table at both privilege
 * levels, rare streams appear at their rate across short batches, the
 * seed varies the instruction rate, and every branch type of the
 * Itanium 2's BTB filter (PMC12.brt) occurs.
 */

#include "model_test.h"

#define EV(es, um)	((es) << 8 | (um))

/* Run a record checked for CPU model @cpu to completion */
static void fr_run_rec(struct ia64_model *m, enum ia64_model_cpu cpu,
		       const void *rec, size_t len)
{
	u64 progress = 0;

	CHECK(ia64_model_check_rec_cpu(cpu, rec, len) > 0);
	while (ia64_model_run(m, rec, &progress))
		;
}

/*
 * Run a batch of CPU model @cpu on a model of it counting @ev[0..3] at
 * @cpl; counts in @out
 */
static void fr_run_cpu(enum ia64_model_cpu cpu, struct ia64_model_freerun *fr,
		       u64 cycles, unsigned int cpl, u32 seed,
		       const unsigned int ev[4], u64 out[4])
{
	static u8 buf[IA64_MODEL_FREERUN_BATCH];
	struct ia64_model m;
	size_t len, off;
	unsigned int i;
	int size;

	if (cpu == IA64_MODEL_ITANIUM) {
		mt_init(&m);
	} else {
		ia64_model_init(&m, cpu);
		ia64_model_write_pmc(&m, 0, 0);
		ia64_model_set_psr(&m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	}
	for (i = 0; i < 4; i++)
		ia64_model_write_pmc(&m, 4 + i,
				     mt_pmc(ev[i] >> 8, ev[i] & 0xf, 0xf, 0) |
				     (cpu == IA64_MODEL_ITANIUM2 && i == 0 ?
				      1ULL << 23 : 0));
	for (i = 0; i < 4; i++)
		ia64_model_write_pmd(&m, 4 + i, 0);
	len = ia64_model_freerun_batch(cpu, fr, buf, sizeof(buf), cycles,
				       0x4000000000010000ULL,
				       0x6000000000200000ULL, cpl, seed);
	CHECK(len > 0 && len <= sizeof(buf));
	for (off = 0; off < len; off += size) {
		size = ia64_model_check_rec_cpu(cpu, buf + off, len - off);
		CHECK(size > 0);
		if (size <= 0)
			break;
		fr_run_rec(&m, cpu, buf + off, size);
	}
	for (i = 0; i < 4; i++)
		out[i] = ia64_model_read_pmd(&m, 4 + i);
}

static void fr_run(struct ia64_model_freerun *fr, u64 cycles,
		   unsigned int cpl, u32 seed, const unsigned int ev[4],
		   u32 out[4])
{
	u64 c[4];
	unsigned int i;

	fr_run_cpu(IA64_MODEL_ITANIUM, fr, cycles, cpl, seed, ev, c);
	for (i = 0; i < 4; i++)
		out[i] = c[i];
}

TEST(freerun_batch_is_valid_and_takes_its_cycles)
{
	static const unsigned int ev[4] = {
		EV(0x12, 0), EV(0x08, 0), EV(0x63, 0), EV(0x07, 0),
	};
	struct ia64_model_freerun fr = { { 0 } };
	u32 c[4];

	fr_run(&fr, 800000, 3, 1, ev, c);
	CHECK_EQ(c[0], 800000);		/* CPU_CYCLES: exactly */
	CHECK(c[1] > 0);		/* instructions */
	CHECK(c[2] > 0);		/* data references */
	CHECK(c[3] > 0);		/* memory stall cycles */
	CHECK(c[3] < c[0]);
}

/* IPC about 1.2 in user, 0.7 in the kernel, within the seed's range */
TEST(freerun_ipc_by_privilege_level)
{
	static const unsigned int ev[4] = {
		EV(0x12, 0), EV(0x08, 0), EV(0x6c, 0), EV(0x6d, 0),
	};
	struct ia64_model_freerun fr = { { 0 } };
	u32 u[4], k[4];

	fr_run(&fr, 1000000, 3, 7, ev, u);
	fr_run(&fr, 1000000, 0, 7, ev, k);
	CHECK(u[1] >= 1200000ULL * 75 / 100 && u[1] <= 1200000ULL * 125 / 100);
	CHECK(k[1] >= 700000ULL * 75 / 100 && k[1] <= 700000ULL * 125 / 100);
	CHECK(u[1] > k[1]);
	CHECK(u[2] > u[3]);		/* more loads than stores */
}

/* A rare stream (ITLB misses, 5 per 100000 cycles) over 1000 batches */
TEST(freerun_rare_events_carry_over)
{
	static const unsigned int ev[4] = {
		EV(0x27, 0), EV(0x61, 0), EV(0x10, 0x2), EV(0x12, 0),
	};
	struct ia64_model_freerun fr = { { 0 } };
	u32 c[4], itlb = 0, dtlb = 0, misp = 0;
	unsigned int i;

	for (i = 0; i < 1000; i++) {
		fr_run(&fr, 800, 3, 100, ev, c);	/* 1 us each */
		itlb += c[0];
		dtlb += c[1];
		misp += c[2];
	}
	/* 800000 cycles: 40 ITLB misses at 100 %, within the seed's range */
	CHECK(itlb >= 20 && itlb <= 60);
	CHECK(dtlb >= 100 && dtlb <= 300);	/* VHPT + SW: 176 at 100 % */
	CHECK(misp >= 2800 && misp <= 8400);	/* 5600 at 100 % */
}

/* The seed changes IPC: not every task runs alike */
TEST(freerun_seed_varies_ipc)
{
	static const unsigned int ev[4] = {
		EV(0x12, 0), EV(0x08, 0), EV(0x12, 0), EV(0x12, 0),
	};
	u32 lo = ~0U, hi = 0, c[4];
	u32 seed;

	for (seed = 0; seed < 16; seed++) {
		struct ia64_model_freerun fr = { { 0 } };

		fr_run(&fr, 100000, 3, seed, ev, c);
		lo = c[1] < lo ? c[1] : lo;
		hi = c[1] > hi ? c[1] : hi;
	}
	CHECK(hi > lo + 20000);		/* IPC differs by more than 0.2 */
}

/* A buffer too small for the batch truncates it, never overflows it */
TEST(freerun_batch_respects_len)
{
	struct ia64_model_freerun fr = { { 0 } };
	u8 buf[100];

	CHECK(ia64_model_freerun_batch(IA64_MODEL_ITANIUM, &fr, buf,
				       sizeof(buf), 1000000, 0x1000, 0x2000,
				       3, 1) <= sizeof(buf));
	CHECK(ia64_model_freerun_batch(IA64_MODEL_ITANIUM2, &fr, buf,
				       sizeof(buf), 1000000, 0x1000, 0x2000,
				       3, 1) <= sizeof(buf));
}

/*
 * On the Itanium 2 the batch is valid for its event table (its cycles
 * records list Itanium 2 codes) and counts its common events: cycles
 * exactly, retired instructions, L1D reads and data references, and
 * its stall events, BACK_END_BUBBLE.ALL the sum of its causes
 */
TEST(freerun_itanium2_mix)
{
	static const unsigned int ev[4] = {
		EV(0x12, 0), EV(0x08, 0), EV(0xc2, 0), EV(0xc3, 0),
	};
	static const unsigned int stall[4] = {
		EV(0x00, 0), EV(0x02, 1), EV(0x00, 1), EV(0x04, 1),
	};
	static const unsigned int other[4] = {
		EV(0x09, 0), EV(0x20, 3), EV(0x8a, 0xf), EV(0x71, 6),
	};
	struct ia64_model_freerun fr = { { 0 } };
	u64 c[4];

	fr_run_cpu(IA64_MODEL_ITANIUM2, &fr, 1000000, 3, 7, ev, c);
	CHECK_EQ(c[0], 1000000);
	CHECK(c[1] >= 1200000ULL * 75 / 100 && c[1] <= 1200000ULL * 125 / 100);
	CHECK(c[2] > 0 && c[2] < c[1]);
	CHECK(c[3] >= c[2]);		/* every read is a reference */

	memset(&fr, 0, sizeof(fr));
	fr_run_cpu(IA64_MODEL_ITANIUM2, &fr, 1000000, 3, 7, stall, c);
	CHECK(c[1] > 0 && c[2] > 0 && c[3] > 0);
	CHECK_EQ(c[0], c[1] + c[2] + c[3]);
	CHECK(c[0] < 1000000);

	memset(&fr, 0, sizeof(fr));
	fr_run_cpu(IA64_MODEL_ITANIUM2, &fr, 1000000, 3, 7, other, c);
	CHECK(c[0] > 0 && c[1] > 0 && c[2] > 0 && c[3] > 0);
}

/*
 * The record of fault/cycles_per_access on the Itanium 2: valid for its
 * table, one IA64_INST_RETIRED and one DATA_REFERENCES_SET0 per cycle
 */
TEST(freerun_record_itanium2)
{
	static const unsigned int ev[4] = {
		EV(0x12, 0), EV(0x08, 0), EV(0xc3, 0), EV(0x63, 0),
	};
	union ia64_model_freerun_rec rec;
	struct ia64_model m;
	unsigned int i;

	ia64_model_freerun_rec(IA64_MODEL_ITANIUM2, &rec, 1000000, 0x1000, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_ITANIUM2, &rec,
					  sizeof(rec)), rec.hdr.size);
	ia64_model_init(&m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(&m, 0, 0);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	for (i = 0; i < 4; i++) {
		ia64_model_write_pmc(&m, 4 + i,
				     mt_pmc(ev[i] >> 8, ev[i] & 0xf, 0x1, 0) |
				     (i == 0 ? 1ULL << 23 : 0));
		ia64_model_write_pmd(&m, 4 + i, 0);
	}
	fr_run_rec(&m, IA64_MODEL_ITANIUM2, &rec, sizeof(rec));
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 800000);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 800000);
	CHECK_EQ(ia64_model_read_pmd(&m, 6), 800000);
	CHECK_EQ(ia64_model_read_pmd(&m, 7), 0);	/* not a data event */
}

/*
 * The Itanium 2's BTB under each brt (00 all, 01 IP-relative, 10
 * returns, 11 non-return indirect) captures branches of a batch, counted
 * by BRANCH_EVENT (0x11): the types together make all of them
 */
TEST(freerun_feeds_every_ita2_branch_type)
{
	static u8 buf[IA64_MODEL_FREERUN_BATCH];
	u64 got[4] = { 0 };
	unsigned int brt;

	for (brt = 0; brt < 4; brt++) {
		struct ia64_model_freerun fr = { { 0 } };
		struct ia64_model m;
		size_t len, off;
		int size;

		ia64_model_init(&m, IA64_MODEL_ITANIUM2);
		ia64_model_write_pmc(&m, 0, 0);
		ia64_model_set_psr(&m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
		/* BRANCH_EVENT, plm all, PMC4's enable bit 23 */
		ia64_model_write_pmc(&m, 4, mt_pmc(0x11, 0, 0xf, 0) |
					    (1ULL << 23));
		ia64_model_write_pmd(&m, 4, 0);
		/* plm all, tm 11, ptm = ppm = 11, brt */
		ia64_model_write_pmc(&m, 12, 0xf | 0x3f00 | (u64)brt << 14);
		len = ia64_model_freerun_batch(IA64_MODEL_ITANIUM2, &fr, buf,
					       sizeof(buf), 800000,
					       0x4000000000010000ULL,
					       0x6000000000200000ULL, 3, 1);
		for (off = 0; off < len; off += size) {
			/* checked as the backend does (sim_freerun.c) */
			size = ia64_model_check_rec_cpu(IA64_MODEL_ITANIUM2,
							buf + off, len - off);
			CHECK(size > 0);
			if (size <= 0)
				break;
			mt_run_all(&m, buf + off);
		}
		got[brt] = ia64_model_read_pmd(&m, 4);
		CHECK(got[brt] > 0);
	}
	CHECK_EQ(got[1] + got[2] + got[3], got[0]);
}

/*
 * Free-running mode feeds the Itanium 2's EARs: D-EAR cache mode (the
 * loads missing L1D), ALAT mode (the user code's ALAT misses, none in
 * the kernel's mix) and the I-EAR, captures counted by DATA_EAR_EVENTS
 * (0xc8) and L1I_EAR_EVENTS (0x43)
 */
TEST(freerun_feeds_the_itanium2_ears)
{
	static u8 buf[IA64_MODEL_FREERUN_BATCH];
	static const u64 pmc11[] = {
		0xf,			/* cache mode, >= 4 cycles */
		0xf | 2ULL << 7,	/* ALAT mode */
	};
	unsigned int i, cpl;
	struct ia64_model m;
	size_t len, off;
	int size;

	for (i = 0; i < ARRAY_SIZE(pmc11); i++) {
		for (cpl = 0; cpl < 4; cpl += 3) {
			struct ia64_model_freerun fr = { { 0 } };

			ia64_model_init(&m, IA64_MODEL_ITANIUM2);
			ia64_model_write_pmc(&m, 0, 0);
			ia64_model_set_psr(&m, IA64_MODEL_PSR_UP);
			ia64_model_write_pmc(&m, 4, mt_pmc(0xc8, 0, 0xf,
							   1ULL << 23));
			ia64_model_write_pmc(&m, 5, mt_pmc(0x43, 0, 0xf, 0));
			ia64_model_write_pmd(&m, 4, 0);
			ia64_model_write_pmd(&m, 5, 0);
			ia64_model_write_pmc(&m, 10,
					     0xf | 1ULL << 13 | 0xffULL << 5);
			ia64_model_write_pmc(&m, 11, pmc11[i]);
			len = ia64_model_freerun_batch(IA64_MODEL_ITANIUM2,
						       &fr, buf, sizeof(buf),
						       800000,
						       0x4000000000010000ULL,
						       0x6000000000200000ULL,
						       cpl, 1);
			for (off = 0; off < len; off += size) {
				/* as sim_freerun.c checks them */
				size = ia64_model_check_rec_cpu(IA64_MODEL_ITANIUM2,
								buf + off,
							    len - off);
				CHECK(size > 0);
				if (size <= 0)
					break;
				mt_run_all(&m, buf + off);
			}
			CHECK(mt_count(&m, 5) > 0);
			if (i == 1 && cpl == 0) {
				CHECK_EQ(mt_count(&m, 4), 0);
				continue;
			}
			CHECK(mt_count(&m, 4) > 0);
			CHECK(mt_read_frozen(&m, 17) & 0x8);
		}
	}
}

/*
 * What a free-running mode times the next overflow with: a counter's
 * count and the events left until its overflow freezes the PMU (none
 * without oi), and the freeze bit. 32-bit counters on the Itanium.
 */
TEST(freerun_counter_left_to_freeze)
{
	union ia64_model_freerun_rec rec;
	struct ia64_model m;
	u64 progress = 0;

	mt_init(&m);
	CHECK(!ia64_model_frozen(&m));
	ia64_model_write_pmc(&m, 4, mt_pmc(0x12, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 4, 0xfffffff0ULL);
	CHECK_EQ(0xfffffff0ULL, ia64_model_ctr_count(&m, 4));
	CHECK_EQ(0, ia64_model_ctr_to_freeze(&m, 4));	/* no oi */
	ia64_model_write_pmc(&m, 4,
			     mt_pmc(0x12, 0, 0xf, IA64_MODEL_PMC_OI));
	CHECK_EQ(0x10, ia64_model_ctr_to_freeze(&m, 4));
	/* 15 cycles leave one; the 16th freezes */
	ia64_model_freerun_rec(IA64_MODEL_ITANIUM, &rec, 0, 0x4000, 3);
	rec.cyc.ctx.repeat = 15;
	while (ia64_model_run(&m, &rec, &progress))
		;
	CHECK_EQ(1, ia64_model_ctr_to_freeze(&m, 4));
	CHECK(!ia64_model_frozen(&m));
	progress = 0;
	rec.cyc.ctx.repeat = 1;
	ia64_model_run(&m, &rec, &progress);
	CHECK(ia64_model_frozen(&m));
	CHECK_EQ(0, ia64_model_ctr_count(&m, 4));
	CHECK_EQ(1ULL << 32, ia64_model_ctr_to_freeze(&m, 4));
}
