// SPDX-License-Identifier: GPL-2.0
/*
 * Counting: the enable equation, overflow and freeze, thresholds,
 * maximum increments, counter asymmetry, interrupt and resume.
 */
#include "model_test.h"

#define CYC		0x12	/* CPU_CYCLES */
#define INST		0x08	/* IA64_INST_RETIRED */
#define OI		(1ULL << 5)
#define PM		(1ULL << 6)
#define THRES(t)	((u64)(t) << 20)
#define ISM(i)		((u64)(i) << 24)

static u64 cycles(struct ia64_model *m, u64 n, unsigned int cpl,
		  unsigned int isa)
{
	u8 buf[64];

	mt_cycles(buf, n, cpl, isa, 0, NULL);
	mt_run_all(m, buf);
	return n;
}

/* [ITA-RM] §7.8 CPU_CYCLES: one per cycle on each of PMD4-7 */
TEST(cpu_cycles_counts_each_cycle_7_8)
{
	struct ia64_model m;
	unsigned int i;

	mt_init(&m);
	for (i = 4; i < 8; i++) {
		ia64_model_write_pmc(&m, i, mt_pmc(CYC, 0, 0xf, 0));
		ia64_model_write_pmd(&m, i, i);
	}
	cycles(&m, 1000, 0, 0);
	for (i = 4; i < 8; i++)
		CHECK_EQ(mt_count(&m, i), 1000 + i);
}

/* [ITA-RM] §6.2.1: Monitor Enable equation, full truth table */
TEST(enable_equation_truth_table_6_2_1)
{
	unsigned int fr, plm, cpl, ism, is, pm, up, pp, i;
	struct ia64_model m;

	/* every combination of fr, plm, cpl, ism, is, pm, up, pp */
	for (i = 0; i < 2 * 16 * 4 * 4 * 2 * 2 * 2 * 2; i++) {
		bool en;

		fr = i & 1;
		plm = (i >> 1) & 0xf;
		cpl = (i >> 5) & 3;
		ism = (i >> 7) & 3;
		is = (i >> 9) & 1;
		pm = (i >> 10) & 1;
		up = (i >> 11) & 1;
		pp = (i >> 12) & 1;
		en = !fr && (plm & (1 << cpl)) && !(ism & (1 << is)) &&
		     (pm ? pp : up);

		mt_init(&m);
		m.plm0_clobbers_pmd = false;
		ia64_model_write_pmc(&m, 5, mt_pmc(CYC, 0, plm,
						   (pm ? PM : 0) | ISM(ism)));
		ia64_model_write_pmd(&m, 5, 0);
		ia64_model_write_pmc(&m, 0, fr);
		ia64_model_set_psr(&m, (up ? IA64_MODEL_PSR_UP : 0) |
				   (pp ? IA64_MODEL_PSR_PP : 0));
		cycles(&m, 3, cpl, is);
		CHECK_EQ(mt_count(&m, 5), en ? 3 : 0);
	}
}

/* [ITA-RM] README note: ism 10 = Itanium only, 01 = IA-32 only */
TEST(ism_polarity_bit24_disables_ia64)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, ISM(2)));
	ia64_model_write_pmc(&m, 5, mt_pmc(CYC, 0, 0xf, ISM(1)));
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_pmd(&m, 5, 0);
	cycles(&m, 10, 0, IA64_PMU_ISA_IA64);
	cycles(&m, 100, 0, IA64_PMU_ISA_IA32);
	CHECK_EQ(mt_count(&m, 4), 10);
	CHECK_EQ(mt_count(&m, 5), 100);
}

/* [ITA-RM] §6.2.2: a carry out of bit 31 wraps; PMC0 bit 4+n set */
TEST(wrap_sets_overflow_bit_6_2_2)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, 6, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 6, 0xfffffffe);
	cycles(&m, 5, 0, 0);
	CHECK_EQ(mt_count(&m, 6), 3);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 1 << 6);
	CHECK(!ia64_model_irq_pending(&m));
}

/* [ITA-RM] Table 6-7: fr and the interrupt only for an oi monitor */
TEST(freeze_only_with_oi_table_6_7)
{
	struct ia64_model m;
	u8 buf[64];
	u64 progress = 0;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 4, 0xfffffff0);
	ia64_model_write_pmc(&m, 7, mt_pmc(CYC, 0, 0xf, OI));
	ia64_model_write_pmd(&m, 7, 0xffffffe0);
	mt_cycles(buf, 100, 0, 0, 0, NULL);
	/* PMD4 (oi = 0) wraps first: no freeze */
	CHECK_EQ(ia64_model_run(&m, buf, &progress), 1);
	/* PMD7 (oi = 1) wraps at cycle 32: freeze, interrupt */
	CHECK_EQ(progress, 32);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0x91);
	CHECK(ia64_model_irq_pending(&m));
	CHECK_EQ(mt_count(&m, 4), 16);
	CHECK_EQ(mt_count(&m, 7), 0);
}

/* [ITA-RM] Table 6-7: overflow bits are sticky, several may be set */
TEST(sticky_overflow_bits_table_6_7)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 4, 0xffffffff);
	ia64_model_write_pmd(&m, 5, 0);
	cycles(&m, 1, 0, 0);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0x10);
	ia64_model_write_pmd(&m, 4, 0);		/* rewriting PMD4 keeps it */
	ia64_model_write_pmd(&m, 5, 0xffffffff);
	cycles(&m, 10, 0, 0);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0x30);
	ia64_model_write_pmc(&m, 0, 0);		/* software clears them */
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0);
}

/* [ITA-RM] §6.1.3: a frozen PMU counts nothing */
TEST(frozen_counts_nothing_6_1_3)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_pmc(&m, 0, 1);
	cycles(&m, 50, 0, 0);
	CHECK_EQ(mt_count(&m, 4), 0);
	ia64_model_write_pmc(&m, 0, 0);
	cycles(&m, 50, 0, 0);
	CHECK_EQ(mt_count(&m, 4), 50);
}

/*
 * [ITA-RM] §6.1.1.3 and Table 6-6: a threshold counts the cycles whose
 * increment exceeds it
 */
TEST(threshold_counts_cycles_exceeding_6_1_1_3)
{
	struct ia64_pmu_rec_event ev = { .code = 0x2d, .inc = 3 };
	struct ia64_model m;
	u8 buf[64];

	mt_init(&m);
	/* INST_DISPERSED, max. 6 per cycle, PMD4/5 only */
	ia64_model_write_pmc(&m, 4, mt_pmc(0x2d, 0, 0xf, THRES(2)));
	ia64_model_write_pmc(&m, 5, mt_pmc(0x2d, 0, 0xf, THRES(3)));
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_pmd(&m, 5, 0);
	mt_cycles(buf, 10, 0, 0, 1, &ev);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 10);
	CHECK_EQ(mt_count(&m, 5), 0);
	/* threshold 0 sums the increments */
	ia64_model_write_pmc(&m, 5, mt_pmc(0x2d, 0, 0xf, 0));
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 5), 30);
}

/* [ITA-RM] Figure 6-14: PMC6/7 threshold bit 22 is ignored */
TEST(threshold_pmc6_7_two_bits_figure_6_14)
{
	struct ia64_pmu_rec_event ev = { .code = 0x68, .inc = 3 };
	struct ia64_model m;
	u8 buf[64];

	mt_init(&m);
	/* L2_REFERENCES, max. 3: threshold 5 on PMC6 reads back as 1 */
	ia64_model_write_pmc(&m, 6, mt_pmc(0x68, 0, 0xf, THRES(5)));
	CHECK_EQ((ia64_model_read_pmc(&m, 6) >> 20) & 7, 1);
	ia64_model_write_pmd(&m, 6, 0);
	mt_cycles(buf, 7, 0, 0, 1, &ev);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 6), 7);
}

/* [ITA-RM] §7.8 "Max. Increment/Cycle": larger increments are refused */
TEST(max_increment_per_cycle_7_8)
{
	struct ia64_pmu_rec_event ev[2] = {
		{ .code = 0x08, .inc = 6 },	/* IA64_INST_RETIRED: 6 */
		{ .code = 0x38, .umask = 3, .inc = 2 },	/* ALAT: 2 */
	};
	u8 buf[64];
	size_t n;

	n = mt_cycles(buf, 1, 0, 0, 2, ev);
	CHECK_EQ(ia64_model_check_rec(buf, n), n);
	ev[0].inc = 7;
	n = mt_cycles(buf, 1, 0, 0, 2, ev);
	CHECK_EQ(ia64_model_check_rec(buf, n), -EINVAL);
	ev[0].inc = 6;
	ev[1].inc = 3;
	n = mt_cycles(buf, 1, 0, 0, 2, ev);
	CHECK_EQ(ia64_model_check_rec(buf, n), -EINVAL);
}

/* [ITA-RM] §6.2.2: events above 3/cycle only count on PMD4/5 */
TEST(counter_asymmetry_6_2_2)
{
	struct ia64_pmu_rec_event ev[2] = {
		{ .code = 0x08, .inc = 5 },	/* IA64_INST_RETIRED */
		{ .code = 0x56, .inc = 2 },	/* BUS_SNOOPQ_REQ: 4,5 */
	};
	struct ia64_model m;
	u8 buf[64];
	unsigned int i;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x08, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(0x56, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 6, mt_pmc(0x08, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 7, mt_pmc(0x56, 0, 0xf, 0));
	for (i = 4; i < 8; i++)
		ia64_model_write_pmd(&m, i, 0);
	mt_cycles(buf, 4, 0, 0, 2, ev);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 20);
	CHECK_EQ(mt_count(&m, 5), 8);
	CHECK_EQ(mt_count(&m, 6), 0);
	CHECK_EQ(mt_count(&m, 7), 0);
}

/* [ITA-RM] §7.8: an undefined es/umask combination counts nothing */
TEST(undefined_event_counts_nothing_7_8)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x13, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(0x38, 0, 0xf, 0));	/* xx00 */
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_pmd(&m, 5, 0);
	cycles(&m, 5, 0, 0);
	CHECK_EQ(mt_count(&m, 4), 0);
	CHECK_EQ(mt_count(&m, 5), 0);
}

/* [ITA-RM] §6.2.2 + [SDM-2] Figure 7-7: stop at the interrupt, resume */
TEST(run_stops_at_interrupt_and_resumes_figure_7_7)
{
	struct ia64_model m;
	u8 buf[64];
	u64 progress = 0;
	unsigned int irqs = 0;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, OI));
	ia64_model_write_pmd(&m, 4, 0x100000000ULL - 100);
	ia64_model_write_pmc(&m, 5, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 5, 0);
	mt_cycles(buf, 1000, 0, 0, 0, NULL);
	CHECK_EQ(ia64_model_check_rec(buf, 40), 40);
	while (ia64_model_run(&m, buf, &progress) ||
	       ia64_model_irq_pending(&m)) {
		CHECK(ia64_model_irq_pending(&m));
		CHECK(ia64_model_read_pmc(&m, 0) & 1);
		CHECK_EQ(progress % 100, 0);
		/* the interrupt handler: reload, clear PMC0 */
		ia64_model_irq_ack(&m);
		ia64_model_write_pmd(&m, 4, 0x100000000ULL - 100);
		ia64_model_write_pmc(&m, 0, 0);
		if (++irqs > 20)
			break;
	}
	CHECK_EQ(irqs, 10);
	CHECK_EQ(progress, 1000);
	CHECK_EQ(mt_count(&m, 5), 1000);		/* none lost or extra */
	CHECK_EQ(mt_count(&m, 4), 0x100000000ULL - 100);
}

/* The interrupt line is raised again only by a new oi overflow */
TEST(irq_ack_lowers_line_table_6_7)
{
	struct ia64_model m;
	u8 buf[64];
	u64 progress = 0;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, OI));
	ia64_model_write_pmd(&m, 4, 0xffffffff);
	mt_cycles(buf, 1, 0, 0, 0, NULL);
	CHECK_EQ(ia64_model_run(&m, buf, &progress), 0);
	CHECK(ia64_model_irq_pending(&m));
	ia64_model_irq_ack(&m);
	CHECK(!ia64_model_irq_pending(&m));
	/* still frozen: more cycles neither count nor interrupt */
	cycles(&m, 10, 0, 0);
	CHECK(!ia64_model_irq_pending(&m));
	CHECK_EQ(mt_count(&m, 4), 0);
	/* software writing fr does not interrupt */
	ia64_model_write_pmc(&m, 0, 0);
	ia64_model_write_pmc(&m, 0, 1);
	CHECK(!ia64_model_irq_pending(&m));
}

/* [ITA-RM] §6.2.2: more than 2^32 events across wraps, exactly */
TEST(more_than_2_32_events_across_wraps_6_2_2)
{
	struct ia64_pmu_rec_event ev = { .code = INST, .inc = 6 };
	struct ia64_model m;
	u8 buf[64];
	u64 progress = 0, total = 0, n = 5 * (1ULL << 32) + 7;
	unsigned int irqs = 0;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, OI));
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_pmc(&m, 5, mt_pmc(INST, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 5, 0);
	mt_cycles(buf, n, 0, 0, 1, &ev);
	while (ia64_model_run(&m, buf, &progress) ||
	       ia64_model_irq_pending(&m)) {
		ia64_model_irq_ack(&m);
		total += 1ULL << 32;
		ia64_model_write_pmc(&m, 0, 0);
		irqs++;
	}
	total += mt_count(&m, 4);
	CHECK_EQ(irqs, 5);
	CHECK_EQ(total, n);
	CHECK_EQ(mt_count(&m, 5), (u32)(n * 6));
}

/* [ITA-RM] §7.8: IA64_INST_RETIRED, IA32_INST_RETIRED, NOPS, squashed */
TEST(inst_record_events_7_8)
{
	struct ia64_model m;
	struct ia64_pmu_rec_inst *r;
	u8 buf[64];
	unsigned int i;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x08, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(0x30, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 6, mt_pmc(0x15, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 7, mt_pmc(0x12, 0, 0xf, 0));
	for (i = 4; i < 8; i++)
		ia64_model_write_pmd(&m, i, 0);
	mt_inst(buf, 0x1000, 0, IA64_PMU_ITYPE_M, 0, 10, 0, 0);
	r = (void *)buf;
	r->per_cycle = 3;
	r->hdr.flags = IA64_PMU_REC_INST_NOP;
	mt_run_all(&m, buf);
	mt_inst(buf, 0x2000, 0, 0, 0, 4, 3, IA64_PMU_ISA_IA32);
	r->per_cycle = 2;
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 30);
	CHECK_EQ(mt_count(&m, 5), 30);
	CHECK_EQ(mt_count(&m, 6), 8);
	CHECK_EQ(mt_count(&m, 7), 0);	/* only cycles records take time */
}

/* [ITA-RM] §7.8 memory events from a memory record */
TEST(mem_record_events_7_8)
{
	struct ia64_model m;
	u8 buf[64];
	unsigned int i;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x6c, 0, 0xf, 0)); /* LOADS */
	ia64_model_write_pmc(&m, 5, mt_pmc(0x66, 0, 0xf, 0)); /* L1D miss */
	ia64_model_write_pmc(&m, 6, mt_pmc(0x69, 2, 0xf, 0)); /* L2 wr */
	ia64_model_write_pmc(&m, 7, mt_pmc(0x61, 0, 0xf, 0)); /* DTLB */
	for (i = 4; i < 8; i++)
		ia64_model_write_pmd(&m, i, 0);
	mt_mem(buf, 0x1000, 0x8000, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L2,
	       IA64_PMU_TLB_VHPT, 10);
	mt_run_all(&m, buf);
	mt_mem(buf, 0x1000, 0x8000, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1,
	       IA64_PMU_TLB_L2, 1);
	mt_run_all(&m, buf);
	mt_mem(buf, 0x1000, 0x8000, IA64_PMU_MEM_STORE, IA64_PMU_LVL_L1,
	       IA64_PMU_TLB_SW, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 2);
	CHECK_EQ(mt_count(&m, 5), 1);
	CHECK_EQ(mt_count(&m, 6), 1);
	CHECK_EQ(mt_count(&m, 7), 2);
}

/* [ITA-RM] §7.8 instruction fetch events from a fetch record */
TEST(fetch_record_events_7_8)
{
	struct ia64_model m;
	u8 buf[64];
	unsigned int i;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x20, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(0x22, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 6, mt_pmc(0x27, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 7, mt_pmc(0x7d, 0x6, 0xf, 0)); /* INST MISS */
	for (i = 4; i < 8; i++)
		ia64_model_write_pmd(&m, i, 0);
	mt_fetch(buf, 0x1000, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	mt_run_all(&m, buf);
	mt_fetch(buf, 0x1000, IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW, 200);
	mt_run_all(&m, buf);
	mt_fetch(buf, 0x1000, IA64_PMU_LVL_L3, IA64_PMU_TLB_L1, 20);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 3);
	CHECK_EQ(mt_count(&m, 5), 2);
	CHECK_EQ(mt_count(&m, 6), 1);
	CHECK_EQ(mt_count(&m, 7), 1);
}

/* [ITA-RM] §7.8 branch events, Table 7-29 BRANCH_TAKEN_SLOT */
TEST(branch_record_events_7_8)
{
	struct ia64_model m;
	u8 buf[64];
	unsigned int i;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x0d, 0x4, 0xf, 0)); /* slot 2 */
	ia64_model_write_pmc(&m, 5, mt_pmc(0x0d, 0x8, 0xf, 0)); /* none */
	/* BRANCH_PATH.ALL.TK_OUTCOMES_INCORRECTLY_PREDICTED */
	ia64_model_write_pmc(&m, 6, mt_pmc(0x0f, 0x1, 0xf, 0));
	/* BRANCH_PREDICTOR.3RD_STAGE.WRONG_TARGET */
	ia64_model_write_pmc(&m, 7, mt_pmc(0x10, 0xf, 0xf, 0));
	for (i = 4; i < 8; i++)
		ia64_model_write_pmd(&m, i, 0);
	mt_branch(buf, 0x1000, 2, 0x2000, IA64_PMU_REC_BR_TAKEN |
		  IA64_PMU_REC_BR_MISPRED_PATH, IA64_PMU_PRED_TAC);
	mt_run_all(&m, buf);
	mt_branch(buf, 0x1000, 2, 0x1010, 0, IA64_PMU_PRED_TAC);
	mt_run_all(&m, buf);
	mt_branch(buf, 0x1000, 1, 0x2000, IA64_PMU_REC_BR_TAKEN |
		  IA64_PMU_REC_BR_MISPRED_TARGET, IA64_PMU_PRED_BAC);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 1);
	CHECK_EQ(mt_count(&m, 5), 1);
	CHECK_EQ(mt_count(&m, 6), 1);
	CHECK_EQ(mt_count(&m, 7), 1);
}

/* The free-running record is valid and counts cycles and instructions */
TEST(freerun_record_is_valid)
{
	union ia64_model_freerun_rec rec;
	struct ia64_model m;
	u64 ip;
	unsigned int cpl;

	ia64_model_freerun_rec(IA64_MODEL_ITANIUM, &rec, 1000000,
			       0xffffffff81000123ULL, 3);
	CHECK_EQ(ia64_model_check_rec(&rec, sizeof(rec)), rec.hdr.size);
	ia64_model_rec_origin(&rec, &ip, &cpl);
	CHECK_EQ(ip, 0xffffffff81000123ULL);
	CHECK_EQ(cpl, 3);
	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0x8, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(INST, 0, 0x8, 0));
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_pmd(&m, 5, 0);
	mt_run_all(&m, &rec);
	CHECK_EQ(mt_count(&m, 4), 800000);
	CHECK_EQ(mt_count(&m, 5), 800000);
}
