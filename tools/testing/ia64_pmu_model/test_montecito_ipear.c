// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito model's IP-EAR (pmu_model_montecito.c montecito_btb's
 * ipear_* fields, pmu_model_btb.c): PMC42's bits, retired IPs with their
 * cycle counts in PMD48-63 (low four bits in 63:60) and PMD39 (high two
 * bits, flush) in the documented nibble order, the ring in PMD38, the
 * branch mode off meanwhile, plm, the freeze delay; and the driver's
 * PMC42 image and decoder (ia64_pmu_ipear.h) on what the model recorded.
 */
#include "model_test.h"
#include "ia64_pmu_ipear.h"

/* PMC42 ([PFM-MONT]): plm 3:0, pm 6, mode 10:8, delay 18:11 */
#define PMC42(plm, delay)	((u64)(plm) | 4ULL << 8 | (u64)(delay) << 11)
/* PMD39: entry i's nibble, PMD48, 56, 49, 57, ... */
#define NIBBLE(i)	((i) < 8 ? 2 * (i) : 2 * ((i) - 8) + 1)
#define EXT(i, x)	((u64)(x) << (4 * NIBBLE(i)))
/* An entry with ef = 0: IP[63:4] in 59:0, cycles 3:0 in 63:60 */
#define ENTRY(ip, cyc)	(((u64)(ip) >> 4) | ((u64)(cyc) & 0xf) << 60)

#define UIP(n)		(0x4000000000010000ULL + 0x10 * (n))

static const struct ia64_btb_layout mont = IA64_BTB_LAYOUT_MONTECITO;

/* A Montecito model with PMC42 = @pmc42, PMC39 at rest, empty buffer */
static void ipear_init(struct ia64_model *m, u64 pmc42)
{
	ia64_model_init(m, IA64_MODEL_MONTECITO);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(m, 39, 0x1);
	ia64_model_write_pmc(m, 42, pmc42);
	ia64_model_write_pmd(m, 38, 0);
	ia64_model_write_pmd(m, 39, 0);
}

static void run_cycles(struct ia64_model *m, u64 n)
{
	u8 buf[64];

	mt_cycles(buf, n, 3, IA64_PMU_ISA_IA64, 0, NULL);
	mt_run_all(m, buf);
}

static void run_inst(struct ia64_model *m, u64 ip, u64 repeat,
		     unsigned int cpl)
{
	u8 buf[64];

	mt_inst(buf, ip, 1, IA64_PMU_ITYPE_I, 0, repeat, cpl,
		IA64_PMU_ISA_IA64);
	mt_run_all(m, buf);
}

static void run_branch(struct ia64_model *m, u64 ip, u32 flags)
{
	u8 buf[64];

	mt_branch(buf, ip, 2, ip + 0x1000, flags, IA64_PMU_PRED_TAC);
	((struct ia64_pmu_rec_branch *)buf)->ctx.cpl = 3;
	mt_run_all(m, buf);
}

/* PMC42: writable bits 0x7ff4f, reset 0 ([PFM-MONT]) */
TEST(mont_ipear_pmc42_bits)
{
	struct ia64_model m;

	ia64_model_init(&m, IA64_MODEL_MONTECITO);
	CHECK_EQ(ia64_model_read_pmc(&m, 42), 0);
	ia64_model_write_pmc(&m, 42, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 42), 0x7ff4f);
	/* the Itanium 2 has no PMC42 */
	ia64_model_init(&m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(&m, 42, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 42), 0);
}

/*
 * Retired IPs with the cycles before them: instruction, memory and
 * branch records are captured, cycles records only count; the count
 * saturates at 63 and splits 3:0 / 5:4; flush marks the first capture
 * after a mispredicted branch; the branch mode captures nothing
 * meanwhile, and ETB_EVENT counts nothing
 */
TEST(mont_ipear_capture)
{
	struct ia64_model m;
	u8 buf[64];

	ipear_init(&m, PMC42(0xf, 0));
	/* PMC39 asking for every taken branch: no effect in IP-EAR mode */
	ia64_model_write_pmc(&m, 39, 0xf | 2 << 8 | 3 << 10 | 3 << 12);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x11, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 4, 0);
	run_cycles(&m, 5);
	run_inst(&m, UIP(1), 1, 3);
	run_cycles(&m, 21);
	mt_mem(buf, UIP(2), 0x600000, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L2,
	       IA64_PMU_TLB_L1, 9);
	mt_run_all(&m, buf);
	run_cycles(&m, 100);
	run_branch(&m, UIP(3), IA64_PMU_REC_BR_TAKEN |
		   IA64_PMU_REC_BR_MISPRED_TARGET);
	run_inst(&m, UIP(4) + 7, 1, 3);
	CHECK_EQ(mt_read_frozen(&m, 38), 4);
	CHECK_EQ(mt_read_frozen(&m, 48), ENTRY(UIP(1), 5));
	CHECK_EQ(mt_read_frozen(&m, 49), ENTRY(UIP(2), 21));
	CHECK_EQ(mt_read_frozen(&m, 50), ENTRY(UIP(3), 63));
	CHECK_EQ(mt_read_frozen(&m, 51), ENTRY(UIP(4), 0));
	/* 21 = 0x15: high bits 1; 63: 3; entry 3 after the flush */
	CHECK_EQ(mt_read_frozen(&m, 39), EXT(1, 1) | EXT(2, 3) | EXT(3, 4));
	CHECK_EQ(mt_count(&m, 4), 0);
	/* mode != 4: the buffer is PMC39's again */
	ia64_model_write_pmc(&m, 42, PMC42(0xf, 0) & ~(4ULL << 8));
	run_branch(&m, UIP(5), IA64_PMU_REC_BR_TAKEN);
	CHECK_EQ(mt_read_frozen(&m, 38), 6);
	CHECK_EQ(mt_read_frozen(&m, 52), UIP(5) | 2 << 2 | 1);
	CHECK_EQ(mt_count(&m, 4), 1);
}

/*
 * plm: a kernel instruction with PMC42.plm = user only is not captured,
 * its cycles still count; IA-32 and fetches retire nothing; a repeated
 * record wraps the ring: full, the index where the pushes end
 */
TEST(mont_ipear_plm_and_ring)
{
	struct ia64_model m;
	u8 buf[64];
	unsigned int i;

	ipear_init(&m, PMC42(0x8, 0));
	run_cycles(&m, 3);
	run_inst(&m, 0xa000000000020000ULL, 1, 0);
	run_cycles(&m, 4);
	mt_fetch(buf, UIP(9), IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	((struct ia64_pmu_rec_fetch *)buf)->ctx.cpl = 3;
	mt_run_all(&m, buf);
	run_inst(&m, UIP(1), 1, 3);
	CHECK_EQ(mt_read_frozen(&m, 38), 1);
	CHECK_EQ(mt_read_frozen(&m, 48), ENTRY(UIP(1), 7));
	/* a write of PMC42 restarts the count */
	run_cycles(&m, 9);
	ia64_model_write_pmc(&m, 42, PMC42(0x8, 0));
	run_cycles(&m, 2);
	run_inst(&m, UIP(2), 1, 3);
	CHECK_EQ(mt_read_frozen(&m, 49), ENTRY(UIP(2), 2));

	/* 37 captures of one record: 36 after the first, full, index 6 */
	ipear_init(&m, PMC42(0xf, 0));
	run_cycles(&m, 2);
	run_inst(&m, UIP(2), 37, 3);
	CHECK_EQ(mt_read_frozen(&m, 38), 0x20 | 5);
	for (i = 0; i < 16; i++)
		CHECK_EQ(mt_read_frozen(&m, 48 + i), ENTRY(UIP(2), 0));
	CHECK_EQ(mt_read_frozen(&m, 39), 0);
}

/*
 * While the IP-EAR is on, PMC42 controls the buffer's PMDs: PMC39 = 0,
 * which a D-EAR in TLB or ALAT mode needs, keeps them and their writes;
 * PMC42's plm = 0 does not. With the IP-EAR off they are PMC39's again.
 */
TEST(mont_ipear_owns_the_buffer)
{
	struct ia64_model m;

	ipear_init(&m, PMC42(0x8, 0));
	ia64_model_write_pmc(&m, 39, 0);
	run_cycles(&m, 3);
	run_inst(&m, UIP(1), 1, 3);
	CHECK_EQ(mt_read_frozen(&m, 38), 1);
	CHECK_EQ(mt_read_frozen(&m, 48), ENTRY(UIP(1), 3));
	ia64_model_write_pmd(&m, 38, 5);
	CHECK_EQ(mt_read_frozen(&m, 38), 5);
	/* plm = 0 in mode 4: the PMDs are undefined */
	ia64_model_write_pmc(&m, 42, PMC42(0, 0));
	CHECK_EQ(mt_read_frozen(&m, 48), IA64_MODEL_UNDEF);
	/* mode 0: PMC39's, whose plm = 0 does not preserve a write */
	ia64_model_write_pmc(&m, 42, 0);
	ia64_model_write_pmd(&m, 38, 5);
	CHECK(mt_read_frozen(&m, 38) != 5);
}

/*
 * The freeze delay: after an oi overflow froze the PMU, the buffer goes
 * on capturing for PMC42.delay cycles; with delay 0 it freezes at once
 */
TEST(mont_ipear_freeze_delay)
{
	static const unsigned int delay[] = { 0, 6 };
	struct ia64_model m;
	unsigned int d;

	for (d = 0; d < ARRAY_SIZE(delay); d++) {
		ipear_init(&m, PMC42(0xf, delay[d]));
		/* CPU_OP_CYCLES_ALL, oi, 2 cycles to the overflow */
		ia64_model_write_pmc(&m, 4, mt_pmc(0x12, 0, 0xf,
						   IA64_MODEL_PMC_OI));
		ia64_model_write_pmd(&m, 4, (1ULL << 47) - 2);
		run_cycles(&m, 2);
		CHECK(ia64_model_irq_pending(&m));
		run_inst(&m, UIP(1), 1, 3);
		run_cycles(&m, 4);
		run_inst(&m, UIP(2), 1, 3);
		run_cycles(&m, 4);
		run_inst(&m, UIP(3), 1, 3);
		/* frozen: the buffer holds what it had */
		CHECK_EQ(ia64_model_read_pmd(&m, 38), delay[d] ? 2 : 0);
		if (!delay[d])
			continue;
		CHECK_EQ(ia64_model_read_pmd(&m, 48), ENTRY(UIP(1), 2));
		CHECK_EQ(ia64_model_read_pmd(&m, 49), ENTRY(UIP(2), 4));
		/* running again: no delay left, the cycles go on */
		ia64_model_write_pmc(&m, 0, 0);
		run_inst(&m, UIP(4), 1, 3);
		CHECK_EQ(mt_read_frozen(&m, 38), 3);
		CHECK_EQ(mt_read_frozen(&m, 50), ENTRY(UIP(4), 2));
	}
}

/*
 * The driver's PMC42 image: user/kernel from the branch filter, the
 * delay, ANY only; no IP-EAR on the Itanium 2's layout
 */
TEST(mont_ipear_driver_pmc42)
{
	static const struct ia64_btb_layout ita2 = IA64_BTB_LAYOUT_ITANIUM2;
	u64 any_u = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER;

	CHECK_EQ(ia64_ipear_pmc42(&mont, any_u, 0),
		 PMC42(0x8, 0) | IA64_PMC42_PM | IA64_IPEAR_UNIT);
	CHECK_EQ(ia64_ipear_pmc42(&mont, any_u | PERF_SAMPLE_BRANCH_KERNEL |
				  PERF_SAMPLE_BRANCH_NO_CYCLES, 255),
		 PMC42(0x9, 255) | IA64_PMC42_PM | IA64_IPEAR_UNIT);
	CHECK_EQ(ia64_ipear_pmc42(&mont, any_u, 256), -EINVAL);
	CHECK_EQ(ia64_ipear_pmc42(&mont, PERF_SAMPLE_BRANCH_ANY |
				  PERF_SAMPLE_BRANCH_HV, 0), -EINVAL);
	CHECK_EQ(ia64_ipear_pmc42(&mont, PERF_SAMPLE_BRANCH_ANY_RETURN |
				  PERF_SAMPLE_BRANCH_USER, 0), -EOPNOTSUPP);
	CHECK_EQ(ia64_ipear_pmc42(&mont, any_u | PERF_SAMPLE_BRANCH_ANY_CALL,
				  0), -EOPNOTSUPP);
	CHECK_EQ(ia64_ipear_pmc42(&ita2, any_u, 0), -EOPNOTSUPP);
	/* no PMC42 image is an ETB value: bit 62 is reserved in PMC42 */
	CHECK_EQ((PMC42(0xf, 255) | IA64_PMC42_PM) & IA64_IPEAR_UNIT, 0);
}

/* Decode of raw registers: nibble order, ring order, ef, keep, cycles */
TEST(mont_ipear_decode_raw)
{
	struct perf_branch_entry e[IA64_BTB_MAX];
	__u64 pmd[IA64_BTB_RAW_MAX] = { 0 }, hw_idx;
	unsigned int i, n;

	/* full, next index 9: newest in PMD56 (entry 8), oldest PMD57 */
	for (i = 0; i < 16; i++)
		pmd[i] = ENTRY(UIP(i), i);
	pmd[16] = 0x20 | 9;
	/* entry 8 is nibble 1 (bits 7:4): cycle bits 5:4 = 2 */
	pmd[17] = EXT(8, 2) | EXT(2, IA64_IPEAR_EXT_EF) |
		  EXT(3, IA64_IPEAR_EXT_FLUSH | 1);
	CHECK_EQ(EXT(8, 2), 0x20ULL);
	n = ia64_ipear_decode(&mont, pmd, IA64_BTB_KEEP_USER, true, e,
			      &hw_idx);
	CHECK_EQ(n, 15);
	CHECK_EQ(hw_idx, 8);
	CHECK_EQ(e[0].from, UIP(8));
	CHECK_EQ(e[0].cycles, 8 | 2 << 4);
	CHECK_EQ(e[0].to, 0);
	CHECK_EQ(e[0].priv, PERF_BR_PRIV_USER);
	/* ..., entry 3 (flush, cycles 3 | 1 << 4), entry 2 dropped (ef) */
	CHECK_EQ(e[5].from, UIP(3));
	CHECK_EQ(e[5].cycles, 3 | 1 << 4);
	CHECK_EQ(e[6].from, UIP(1));
	CHECK_EQ(e[14].from, UIP(9));
	/* without cycles; kernel only: none of these user IPs */
	n = ia64_ipear_decode(&mont, pmd, IA64_BTB_KEEP_USER, false, e,
			      &hw_idx);
	CHECK_EQ(e[0].cycles, 0);
	CHECK_EQ(ia64_ipear_decode(&mont, pmd, IA64_BTB_KEEP_KERNEL, true, e,
				   &hw_idx), 0);
	/* empty */
	pmd[16] = 0;
	CHECK_EQ(ia64_ipear_decode(&mont, pmd, IA64_BTB_KEEP_USER, true, e,
				   &hw_idx), 0);
	CHECK_EQ(hw_idx, -1ULL);
}

/*
 * What the driver makes of the model: PMC42 from a perf filter, twenty
 * user instructions with known cycles between them, one kernel one not
 * captured; the decoder gives the last sixteen newest first with their
 * cycles
 */
TEST(mont_ipear_driver_decode_on_the_model)
{
	struct perf_branch_entry e[IA64_BTB_MAX];
	__u64 pmd[IA64_BTB_RAW_MAX], hw_idx;
	long long pmc42 = ia64_ipear_pmc42(&mont, PERF_SAMPLE_BRANCH_ANY |
					   PERF_SAMPLE_BRANCH_USER, 0);
	struct ia64_model m;
	unsigned int i, n;

	CHECK(pmc42 > 0);
	/* the hardware never sees the driver's bit 62 */
	ipear_init(&m, (u64)pmc42 & ~IA64_IPEAR_UNIT);
	for (i = 0; i < 20; i++) {
		run_cycles(&m, 3 * i + 1);
		run_inst(&m, 0xa000000000020000ULL, 1, 0);
		run_inst(&m, UIP(i), 1, 3);
	}
	for (i = 0; i < 16; i++)
		pmd[i] = mt_read_frozen(&m, mont.first_pmd + i);
	pmd[16] = mt_read_frozen(&m, mont.index_pmd);
	pmd[17] = mt_read_frozen(&m, mont.ext_pmd);
	n = ia64_ipear_decode(&mont, pmd, IA64_BTB_KEEP_USER, true, e,
			      &hw_idx);
	CHECK_EQ(n, 16);
	CHECK_EQ(hw_idx, (20 - 1) % 16);
	for (i = 0; i < n; i++) {
		unsigned int k = 19 - i;

		CHECK_EQ(e[i].from, UIP(k));
		CHECK_EQ(e[i].cycles, 3 * k + 1 > 63 ? 63 : 3 * k + 1);
	}
}
