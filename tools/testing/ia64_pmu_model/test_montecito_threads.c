// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito model with two hardware threads per core
 * (ia64_model_threads_setup(), model=montecito,threads=2): records of
 * the sibling thread (ctx.thread 1) are counted only by counters with
 * PMC.all (bit 26, [PFM-MONT]) or a causal event (§3), and seen by
 * nothing else of this thread's PMU; with one thread such a record is
 * malformed. Erratum 121 ([PFM-MONT]): with two threads the
 * overflow of PMC10-15 raises no interrupt; erratum 120: no IP-EAR.
 */
#include "model_test.h"

#define OI		(1ULL << 5)
#define ALL		(1ULL << 26)
#define CYC		0x12	/* CPU_OP_CYCLES_ALL */
#define INST		0x08	/* IA64_INST_RETIRED */

static void threads_init(struct ia64_model *m, unsigned int threads)
{
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, threads), 0);
	ia64_model_init(m, IA64_MODEL_MONTECITO);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
}

/* @repeat cycles of thread @thread, at cpl 3 */
static size_t cycles_of(u8 *buf, u64 repeat, unsigned int thread)
{
	size_t len = mt_cycles(buf, repeat, 3, IA64_PMU_ISA_IA64, 0, NULL);

	((struct ia64_pmu_rec_cycles *)buf)->ctx.thread = thread;
	return len;
}

TEST(mont_threads_setup)
{
	CHECK_EQ(ia64_model_threads(IA64_MODEL_MONTECITO), 1);
	/* no PMC.all: one thread per core only */
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_ITANIUM2, 2), -EINVAL);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_GENERIC, 2), -EINVAL);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 3), -EINVAL);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 0), -EINVAL);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 2), 0);
	CHECK_EQ(ia64_model_threads(IA64_MODEL_MONTECITO), 2);
	/* the other CPU models still have one */
	CHECK_EQ(ia64_model_threads(IA64_MODEL_ITANIUM2), 1);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 1), 0);
	CHECK_EQ(ia64_model_threads(IA64_MODEL_MONTECITO), 1);
}

/* ctx.thread: 0 always, 1 only with two threads, nothing above */
TEST(mont_thread_record_check)
{
	u8 buf[64];
	size_t len;

	len = cycles_of(buf, 1, 1);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, len),
		 -EINVAL);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 2), 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, len),
		 (int)len);
	/* an Itanium 2 has no sibling */
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_ITANIUM2, buf, len),
		 -EINVAL);
	len = cycles_of(buf, 1, 2);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, len),
		 -EINVAL);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 1), 0);
}

/*
 * PMC.all counts both threads: 10 cycles and 3 instructions of this
 * thread, 7 cycles and 5 instructions of the sibling (4 more cycles at
 * cpl 0). IA64_INST_RETIRED is active: the sibling's only with PMC.all;
 * CPU_OP_CYCLES_ALL is causal ([PFM-MONT]): the core's cycles,
 * with PMC.all or not
 */
TEST(mont_all_counts_the_sibling)
{
	struct ia64_model m;
	u8 buf[64];

	threads_init(&m, 2);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(CYC, 0, 0xf, ALL));
	ia64_model_write_pmc(&m, 6, mt_pmc(INST, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 7, mt_pmc(INST, 0, 0xf, ALL));
	/* plm: user only, so the sibling's kernel cycles are not counted */
	ia64_model_write_pmc(&m, 8, mt_pmc(CYC, 0, 0x8, ALL));
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_pmd(&m, 5, 0);
	ia64_model_write_pmd(&m, 6, 0);
	ia64_model_write_pmd(&m, 7, 0);
	ia64_model_write_pmd(&m, 8, 0);
	cycles_of(buf, 10, 0);
	mt_run_all(&m, buf);
	cycles_of(buf, 7, 1);
	mt_run_all(&m, buf);
	mt_cycles(buf, 4, 0, IA64_PMU_ISA_IA64, 0, NULL);
	((struct ia64_pmu_rec_cycles *)buf)->ctx.thread = 1;
	mt_run_all(&m, buf);
	mt_inst(buf, 0x4000000000001000ULL, 0, IA64_PMU_ITYPE_I, 0, 3, 3,
		IA64_PMU_ISA_IA64);
	mt_run_all(&m, buf);
	mt_inst(buf, 0x4000000000001000ULL, 0, IA64_PMU_ITYPE_I, 0, 5, 3,
		IA64_PMU_ISA_IA64);
	((struct ia64_pmu_rec_inst *)buf)->ctx.thread = 1;
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 21);
	CHECK_EQ(mt_count(&m, 5), 21);
	CHECK_EQ(mt_count(&m, 6), 3);
	CHECK_EQ(mt_count(&m, 7), 8);
	CHECK_EQ(mt_count(&m, 8), 17);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 1), 0);
}

/* The sibling's branches do not enter this thread's ETB */
TEST(mont_sibling_branch_not_in_etb)
{
	struct ia64_model m;
	u8 buf[64];

	threads_init(&m, 2);
	/* PMC39: plm all, tm taken, ptm and ppm all */
	ia64_model_write_pmc(&m, 39, 0xf | 2ULL << 8 | 3ULL << 10 |
				     3ULL << 12);
	ia64_model_write_pmd(&m, 38, 0);
	mt_branch(buf, 0x10000, 0, 0x20000, IA64_PMU_REC_BR_TAKEN,
		  IA64_PMU_PRED_TAC);
	((struct ia64_pmu_rec_branch *)buf)->ctx.thread = 1;
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 38), 0);
	((struct ia64_pmu_rec_branch *)buf)->ctx.thread = 0;
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 38), 2);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 1), 0);
}

/*
 * Erratum 121: with two threads an overflow of PMC10 sets its PMC0 bit
 * and neither freezes nor interrupts; PMC9's still does; with one
 * thread PMC10's does too
 */
static void overflow_on(unsigned int threads, unsigned int idx, bool irq)
{
	const u64 top = (1ULL << 47) - 5;
	struct ia64_model m;
	u8 buf[64];

	threads_init(&m, threads);
	ia64_model_write_pmc(&m, idx, mt_pmc(CYC, 0, 0xf, OI));
	ia64_model_write_pmd(&m, idx, top);
	cycles_of(buf, 10, 0);
	mt_run_all(&m, buf);
	CHECK(ia64_model_read_pmc(&m, 0) & (1ULL << idx));
	CHECK_EQ(!!(ia64_model_read_pmc(&m, 0) & 1), irq);
	CHECK_EQ(ia64_model_irq_pending(&m), irq);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 1), 0);
}

TEST(mont_erratum121_no_interrupt_pmc10_15)
{
	overflow_on(2, 10, false);
	overflow_on(2, 15, false);
	overflow_on(2, 9, true);
	overflow_on(2, 4, true);
	overflow_on(1, 10, true);
	overflow_on(1, 15, true);
}

/*
 * Erratum 120: with two threads PMC42's IP-EAR mode does nothing, the
 * instructions retire unrecorded; with one thread they are recorded.
 * Neither thread's IP-EAR records the sibling's instructions.
 */
static unsigned int ipear_entries(unsigned int threads, unsigned int thread)
{
	struct ia64_model m;
	u8 buf[64];

	threads_init(&m, threads);
	/* PMC42: plm all, mode 4 (IP-EAR) */
	ia64_model_write_pmc(&m, 42, 0xf | 4ULL << 8);
	ia64_model_write_pmd(&m, 38, 0);
	mt_inst(buf, 0x4000000000001000ULL, 0, IA64_PMU_ITYPE_I, 0, 3, 3,
		IA64_PMU_ISA_IA64);
	((struct ia64_pmu_rec_inst *)buf)->ctx.thread = thread;
	mt_run_all(&m, buf);
	CHECK_EQ(ia64_model_threads_setup(IA64_MODEL_MONTECITO, 1), 0);
	return mt_read_frozen(&m, 38) & 0xf;
}

TEST(mont_erratum120_no_ipear_with_threads)
{
	CHECK_EQ(ipear_entries(1, 0), 3);
	CHECK_EQ(ipear_entries(2, 0), 0);
	CHECK_EQ(ipear_entries(2, 1), 0);
}
