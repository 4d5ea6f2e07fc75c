// SPDX-License-Identifier: GPL-2.0
/*
 * Register file of the model: implemented and ignored bits, sign
 * extension, reset values, PAL_PERF_MON_INFO, CPUID, PMD read rules.
 */
#include "model_test.h"

static void check_pmc_bits(unsigned int idx, u64 bits)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, idx, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, idx), bits);
	ia64_model_write_pmc(&m, idx, 0);
	CHECK_EQ(ia64_model_read_pmc(&m, idx), 0);
}

/* [ITA-RM] §6.2.9: oi/ev zero, PAL-initialised PMC8/9/11/13 */
TEST(reset_values_spec004_6_2_9)
{
	struct ia64_model m;
	unsigned int i;

	ia64_model_init(&m, IA64_MODEL_ITANIUM);
	for (i = 4; i < 8; i++)
		CHECK(!(ia64_model_read_pmc(&m, i) & 0x30));	/* oi, ev */
	CHECK_EQ(ia64_model_read_pmc(&m, 13), 1);		/* ta */
	CHECK_EQ(ia64_model_read_pmc(&m, 8), 0xf00000003ffffff8ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 9), 0xf00000003ffffff8ULL);
	CHECK(ia64_model_read_pmc(&m, 11) & (1ULL << 28));	/* pt */
	CHECK_EQ(ia64_model_get_psr(&m), 0);
	CHECK(!ia64_model_irq_pending(&m));
	/* "undefined" state is visible: PMC0 is not zero after reset */
	CHECK(ia64_model_read_pmc(&m, 0) != 0);
	for (i = 4; i < 8; i++)			/* plm 0: nothing counts */
		CHECK(!(ia64_model_read_pmc(&m, i) & 0xf));
}

/* [ITA-RM] Table 6-7: PMC0 fr 0 and overflow 7:4, rest read 0 */
TEST(pmc0_ignored_bits_table_6_7)
{
	check_pmc_bits(0, 0xf1);
}

/* [ITA-RM] Table 6-7: PMC1-3 ignored 63:0 */
TEST(pmc1_3_ignored_table_6_7)
{
	check_pmc_bits(1, 0);
	check_pmc_bits(2, 0);
	check_pmc_bits(3, 0);
}

/*
 * [ITA-RM] Table 6-7: PMC1-3 exist (PAL_PMCmask has them) but ignore
 * writes. A write still happens: the model counts it per register, the
 * only way a test can see that software cleared them ([SDM-2] Figure
 * 7-7). Other registers' counts do not move.
 */
TEST(pmc1_3_writes_counted_and_ignored)
{
	struct ia64_model m;
	unsigned int i;

	ia64_model_init(&m, IA64_MODEL_ITANIUM);
	for (i = 1; i <= 3; i++) {
		ia64_model_write_pmc(&m, i, ~0ULL);
		ia64_model_write_pmc(&m, i, 0x5a);
	}
	ia64_model_write_pmc(&m, 3, 0);
	for (i = 1; i <= 3; i++)
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
	CHECK_EQ(m.stats.pmc_writes_by_reg[1], 2);
	CHECK_EQ(m.stats.pmc_writes_by_reg[2], 2);
	CHECK_EQ(m.stats.pmc_writes_by_reg[3], 3);
	CHECK_EQ(m.stats.pmc_writes, 7);
	CHECK_EQ(m.stats.pmc_writes_by_reg[0], 0);
	for (i = 4; i < IA64_MODEL_MAX_PMC; i++)
		CHECK_EQ(m.stats.pmc_writes_by_reg[i], 0);
	/* an unimplemented PMC has no count of its own */
	ia64_model_write_pmc(&m, IA64_MODEL_NR_PMC, 0);
	ia64_model_write_pmc(&m, 255, 0);
	CHECK_EQ(m.stats.pmc_writes, 9);
	for (i = IA64_MODEL_NR_PMC; i < IA64_MODEL_MAX_PMC; i++)
		CHECK_EQ(m.stats.pmc_writes_by_reg[i], 0);
}

/* [ITA-RM] Figure 6-13: PMC4/5 ism, 3-bit threshold, umask, es, ... */
TEST(pmc4_5_ignored_bits_figure_6_13)
{
	check_pmc_bits(4, 0x037f7f7f);
	check_pmc_bits(5, 0x037f7f7f);
}

/* [ITA-RM] Figure 6-14: PMC6/7 have a 2-bit threshold 21:20 */
TEST(pmc6_7_ignored_bits_figure_6_14)
{
	check_pmc_bits(6, 0x033f7f7f);
	check_pmc_bits(7, 0x033f7f7f);
}

/* [ITA-RM] Table 6-10: m i f b 63:60, match 59:33, mask 29:3 */
TEST(pmc8_9_ignored_bits_table_6_10)
{
	check_pmc_bits(8, 0xfffffffe3ffffff8ULL);
	check_pmc_bits(9, 0xfffffffe3ffffff8ULL);
}

/* [ITA-RM] Figure 6-18: PMC10 plm pm tlb umask ism */
TEST(pmc10_ignored_bits_figure_6_18)
{
	check_pmc_bits(10, 0x030f00cf);
}

/* [ITA-RM] Figure 6-20: PMC11 plm pm tlb umask ism pt(28) */
TEST(pmc11_ignored_bits_figure_6_20)
{
	check_pmc_bits(11, 0x130f00cf);
}

/* [ITA-RM] Figure 6-22: PMC12 plm pm tar tm ptm ppm bpt bac */
TEST(pmc12_ignored_bits_figure_6_22)
{
	check_pmc_bits(12, 0xffcf);
}

/* [ITA-RM] Figure 6-16: PMC13 ta 0 */
TEST(pmc13_ignored_bits_figure_6_16)
{
	check_pmc_bits(13, 1);
}

/* [ITA-RM] Table 6-24 masks: PMC14+ and PMD18+ are not implemented */
TEST(unimplemented_registers_table_6_24)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, 14, ~0ULL);
	ia64_model_write_pmd(&m, 18, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 14), 0);
	CHECK_EQ(ia64_model_read_pmc(&m, 255), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 18), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 255), 0);
}

/* [ITA-RM] Table 6-4 (and its lost BTB row, spec README): PMDn's PMC */
static const unsigned int pmd_owner[IA64_MODEL_NR_PMD] = {
	10, 10, 11, 11, 4, 5, 6, 7,
	12, 12, 12, 12, 12, 12, 12, 12, 12, 11,
};

/*
 * Write PMD @idx, its PMC enabled (a plm of 0 does not preserve it,
 * Figure 6-11), and read it back frozen, as the EAR and BTB PMDs must
 * be read (§6.2.1)
 */
static u64 pmd_rw(unsigned int idx, u64 val)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, pmd_owner[idx], 0xf);
	ia64_model_write_pmd(&m, idx, val);
	return mt_read_frozen(&m, idx);
}

/* [ITA-RM] Figure 6-19 / Table 6-13 note a: PMD0 63:5 tlb v, sxt 60:51 */
TEST(pmd0_fields_and_bit50_sxt_table_6_13)
{
	CHECK_EQ(pmd_rw(0, ~0ULL), 0xffffffffffffffe3ULL);
	/* bits 60:51 written 1 but bit 50 is 0: they read 0 */
	CHECK_EQ(pmd_rw(0, 0x1ff8000000000020ULL), 0x20);
	/* bit 50 set: 60:51 read 1 */
	CHECK_EQ(pmd_rw(0, 0x0004000000000000ULL), 0x1ffc000000000000ULL);
}

/* [ITA-RM] Figure 6-19, spec README: PMD1 latency 11:0 */
TEST(pmd1_latency_bits_figure_6_19)
{
	CHECK_EQ(pmd_rw(1, ~0ULL), 0xfff);
}

/* [ITA-RM] Table 6-18 note a: PMD2 64-bit address, 60:51 sxt of 50 */
TEST(pmd2_address_bit50_sxt_table_6_18)
{
	CHECK_EQ(pmd_rw(2, ~0ULL), ~0ULL);
	CHECK_EQ(pmd_rw(2, 0xfffbffffffffffffULL), 0xe003ffffffffffffULL);
}

/* [ITA-RM] Figure 6-21: PMD3 level 63:62 latency 11:0 */
TEST(pmd3_fields_figure_6_21)
{
	CHECK_EQ(pmd_rw(3, ~0ULL), 0xc000000000000fffULL);
}

/* [ITA-RM] Table 6-5: sxt32 - writes ignored, reads copy bit 31 */
TEST(pmd4_7_sxt32_table_6_5)
{
	unsigned int i;

	for (i = 4; i < 8; i++) {
		CHECK_EQ(pmd_rw(i, 0x80000000ULL), 0xffffffff80000000ULL);
		CHECK_EQ(pmd_rw(i, 0xffffffff7fffffffULL), 0x7fffffff);
		CHECK_EQ(pmd_rw(i, 0x1234567812345678ULL), 0x12345678);
	}
}

/* [ITA-RM] Figure 6-23 / Table 6-22 note a: PMD8-15 all 64 bits */
TEST(pmd8_15_btb_bits_table_6_22)
{
	unsigned int i;

	for (i = 8; i < 16; i++)
		CHECK_EQ(pmd_rw(i, 0x1ff0000000000000ULL),
			 0x1ff0000000000000ULL);
}

/* [ITA-RM] Figure 6-24: PMD16 full 3, bbi 2:0 */
TEST(pmd16_index_bits_figure_6_24)
{
	CHECK_EQ(pmd_rw(16, ~0ULL), 0xf);
}

/* [ITA-RM] Figure 6-21, Table 6-18 note a: PMD17 63:4 slot v, sxt */
TEST(pmd17_fields_and_bit50_sxt_figure_6_21)
{
	CHECK_EQ(pmd_rw(17, ~0ULL), 0xfffffffffffffffdULL);
	CHECK_EQ(pmd_rw(17, 0x1ff8000000000011ULL), 0x11);
}

/* SDM vol. 2 §7.1.1: IBR/DBR odd registers: ignored bits */
TEST(ibr_dbr_ignored_bits)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_ibr(&m, 0, ~0ULL);
	ia64_model_write_ibr(&m, 1, ~0ULL);
	ia64_model_write_dbr(&m, 2, ~0ULL);
	ia64_model_write_dbr(&m, 3, ~0ULL);
	ia64_model_write_ibr(&m, 8, ~0ULL);
	CHECK_EQ(ia64_model_read_ibr(&m, 0), ~0ULL);
	CHECK_EQ(ia64_model_read_ibr(&m, 1), 0x8fffffffffffffffULL);
	CHECK_EQ(ia64_model_read_dbr(&m, 2), ~0ULL);
	CHECK_EQ(ia64_model_read_dbr(&m, 3), 0xcfffffffffffffffULL);
	CHECK_EQ(ia64_model_read_ibr(&m, 8), 0);
}

/* [SDM-2] §7.2.1 / Figure 6-10: PSR image keeps up sp pp db cpl is */
TEST(psr_image_bits_figure_6_10)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_set_psr(&m, ~0ULL);
	CHECK_EQ(ia64_model_get_psr(&m), 0x700000000ULL | (1 << 2) |
		 (1 << 20) | (1 << 21) | (1 << 24));
}

/* [ITA-RM] Table 6-24: PAL_PERF_MON_INFO values and masks */
TEST(pal_perf_mon_info_table_6_24)
{
	struct ia64_model m;
	u64 buf[16], info = 0;
	unsigned int i;

	mt_init(&m);
	memset(buf, 0xff, sizeof(buf));
	CHECK_EQ(ia64_model_pal_perf_mon_info(&m, buf, &info), 0);
	CHECK_EQ(info & 0xff, 4);		/* generic pairs */
	CHECK_EQ((info >> 8) & 0xff, 32);	/* width */
	CHECK_EQ((info >> 16) & 0xff, 0x12);	/* PAL_CYCLES */
	CHECK_EQ((info >> 24) & 0xff, 0x08);	/* PAL_RETIRED */
	CHECK_EQ(buf[0], 0x3fff);
	CHECK_EQ(buf[4], 0x3ffff);
	CHECK_EQ(buf[8], 0xf0);
	/* as Merced PAL: PMD4 only, although §7.8 says PMD4/5 */
	CHECK_EQ(buf[12], 0x10);
	for (i = 0; i < 16; i++)
		if (i % 4)
			CHECK_EQ(buf[i], 0);
	CHECK_EQ(m.stats.pal_calls, 1);
}

/* CPUID[3]: Itanium family 0x07 */
TEST(cpuid3_family_itanium)
{
	struct ia64_model m;

	mt_init(&m);
	CHECK_EQ((ia64_model_cpuid3(&m) >> 24) & 0xff, 0x07);
	CHECK_EQ(ia64_model_cpuid3(&m) & 0xff, 4);
}

/* [SDM-2] Table 7-5: PMD reads by PSR.sp, PMC.pm and PSR.cpl */
TEST(pmd_read_rules_table_7_5)
{
	struct ia64_model m;
	unsigned int sp, pm, cpl, idx;
	static const unsigned int pmds[] = { 0, 2, 4, 5, 6, 7, 8, 16, 17 };
	static const unsigned int owner[] = { 10, 11, 4, 5, 6, 7, 12, 12, 11 };

	for (idx = 0; idx < 9; idx++)
		for (sp = 0; sp < 2; sp++)
			for (pm = 0; pm < 2; pm++)
				for (cpl = 0; cpl < 4; cpl++) {
					bool value = !cpl || (!pm && !sp);
					u64 v0;

					mt_init(&m);
					/* EAR/BTB PMDs: read frozen (§6.2.1) */
					ia64_model_write_pmc(&m, 0,
							     IA64_MODEL_PMC0_FR);
					ia64_model_write_pmc(&m, owner[idx],
							     0xf | (pm << 6));
					ia64_model_write_pmd(&m, pmds[idx], 0x1);
					v0 = ia64_model_read_pmd(&m, pmds[idx]);
					CHECK_EQ(v0, 1);
					ia64_model_set_psr(&m,
							   ((u64)cpl << 32) |
							   ((u64)sp << 20));
					CHECK_EQ(ia64_model_read_pmd(&m,
								     pmds[idx]),
						 value ? v0 : 0);
				}
}

/* [ITA-RM] Figure 6-11: with plm = 0 the PMD value is not preserved */
TEST(plm0_does_not_preserve_pmd_figure_6_11)
{
	struct ia64_model m;

	mt_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x12, 0, 0x8, 0));
	ia64_model_write_pmd(&m, 4, 1234);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x12, 0, 0, 0));
	CHECK(mt_count(&m, 4) != 1234);
	/* the backend may turn the rule off */
	m.plm0_clobbers_pmd = false;
	ia64_model_write_pmd(&m, 4, 1234);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x12, 0, 0, 0));
	CHECK_EQ(mt_count(&m, 4), 1234);
}

/*
 * [ITA-RM] Figure 6-11: a PMD written while its PMC already has plm = 0
 * is not preserved either
 */
TEST(pmd_written_while_plm0_not_preserved_figure_6_11)
{
	struct ia64_model m;
	unsigned int i;
	u64 undef;

	for (i = 0; i < IA64_MODEL_NR_PMD; i++) {
		mt_init(&m);
		ia64_model_write_pmc(&m, pmd_owner[i], 0);
		undef = mt_read_frozen(&m, i);
		CHECK(undef != 1);
		ia64_model_write_pmd(&m, i, 1);
		CHECK_EQ(mt_read_frozen(&m, i), undef);
		/* with a plm bit set the value is kept */
		ia64_model_write_pmc(&m, pmd_owner[i], 0x8);
		ia64_model_write_pmd(&m, i, 1);
		CHECK_EQ(mt_read_frozen(&m, i), 1);
		/* the backend may turn the rule off */
		ia64_model_write_pmc(&m, pmd_owner[i], 0);
		m.plm0_clobbers_pmd = false;
		ia64_model_write_pmd(&m, i, 1);
		CHECK_EQ(mt_read_frozen(&m, i), 1);
	}
}

/*
 * [ITA-RM] §6.2.1, §6.2.7, §6.2.8.2: PMD0-3 and PMD8-17 read undefined
 * values while PMC0.fr = 0 (the model's IA64_MODEL_PMD_UNFROZEN) and
 * keep their value for a frozen read; the counters PMD4-7 can be read
 * at any time (§6.2.2)
 */
TEST(ear_btb_pmd_read_unfrozen_undefined_6_2_7)
{
	struct ia64_model m;
	unsigned int i;

	for (i = 0; i < IA64_MODEL_NR_PMD; i++) {
		u64 running = (i >= 4 && i <= 7) ? 1 : IA64_MODEL_PMD_UNFROZEN;

		mt_init(&m);
		ia64_model_write_pmc(&m, pmd_owner[i], 0xf);
		ia64_model_write_pmd(&m, i, 1);
		CHECK_EQ(ia64_model_read_pmd(&m, i), running);
		CHECK_EQ(mt_read_frozen(&m, i), 1);
		CHECK_EQ(ia64_model_read_pmd(&m, i), running);
		CHECK_EQ(mt_read_frozen(&m, i), 1);
	}
}

/*
 * [ITA-RM] §6.2.7, §6.2.8.2: EAR and BTB captures read while monitoring
 * runs show no capture in any register format (Tables 6-13, 6-20, 6-22,
 * 6-23); frozen, the same registers show the captures
 */
TEST(ear_btb_capture_read_unfrozen_shows_none_6_2_8_2)
{
	struct ia64_model m;
	u8 buf[64];
	unsigned int i;

	mt_init(&m);
	ia64_model_write_pmc(&m, 10, (2 << 16) | 0xf);	/* cache, >= 16 */
	/* TLB mode, L2 TLB and VHPT hits, pt */
	ia64_model_write_pmc(&m, 11, (1 << 28) | (6 << 16) | 0x80 | 0xf);
	ia64_model_write_pmc(&m, 12, 0xff8f);		/* every branch */
	ia64_model_write_pmd(&m, 16, 0);
	mt_fetch(buf, 0x4000, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 20);
	mt_run_all(&m, buf);
	mt_mem(buf, 0x5000, 0x6000, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1,
	       IA64_PMU_TLB_VHPT, 1);
	mt_run_all(&m, buf);
	mt_branch(buf, 0x7010, 1, 0x8000, IA64_PMU_REC_BR_TAKEN,
		  IA64_PMU_PRED_TAC);
	mt_run_all(&m, buf);

	CHECK_EQ(ia64_model_read_pmd(&m, 0) & 1, 0);		/* v */
	CHECK_EQ(ia64_model_read_pmd(&m, 17) & 1, 0);		/* v */
	CHECK_EQ(ia64_model_read_pmd(&m, 3) >> 62, 0);		/* level */
	for (i = 8; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i) & 3, 0);	/* b, mp */
	CHECK_EQ(ia64_model_read_pmd(&m, 16) & 0xf, 0);	/* full, bbi */

	ia64_model_write_pmc(&m, 0, IA64_MODEL_PMC0_FR);
	CHECK_EQ(ia64_model_read_pmd(&m, 0), 0x4001);
	CHECK_EQ(ia64_model_read_pmd(&m, 1), 20);
	CHECK_EQ(ia64_model_read_pmd(&m, 2), 0x6000);
	CHECK_EQ(ia64_model_read_pmd(&m, 3) >> 62, 2);
	CHECK_EQ(ia64_model_read_pmd(&m, 17), 0x5005);
	CHECK_EQ(ia64_model_read_pmd(&m, 8), 0x7015);
	CHECK_EQ(ia64_model_read_pmd(&m, 9), 0x8002);
	CHECK_EQ(ia64_model_read_pmd(&m, 16), 2);
}

/* The access counters used by benchmarks */
TEST(stats_count_accesses)
{
	struct ia64_model m;

	ia64_model_init(&m, IA64_MODEL_ITANIUM);
	ia64_model_write_pmc(&m, 4, 0);
	ia64_model_read_pmc(&m, 4);
	ia64_model_read_pmd(&m, 4);
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_ibr(&m, 0, 0);
	ia64_model_read_dbr(&m, 0);
	ia64_model_set_psr(&m, 0);
	CHECK_EQ(m.stats.pmc_writes, 1);
	CHECK_EQ(m.stats.pmc_reads, 1);
	CHECK_EQ(m.stats.pmd_reads, 1);
	CHECK_EQ(m.stats.pmd_writes, 1);
	CHECK_EQ(m.stats.ibr_writes, 1);
	CHECK_EQ(m.stats.dbr_reads, 1);
	CHECK_EQ(m.stats.psr_changes, 1);
}

/* ssm / rsm: one PSR change each, other bits kept, ignored bits dropped */
TEST(psr_bits_set_and_clear_as_ssm_rsm)
{
	struct ia64_model m;
	u64 changes;

	ia64_model_init(&m, IA64_MODEL_ITANIUM);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_UP);
	changes = m.stats.psr_changes;
	ia64_model_psr_bits(&m, IA64_MODEL_PSR_PP | (1ULL << 13), true);
	CHECK_EQ(ia64_model_get_psr(&m), IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_psr_bits(&m, IA64_MODEL_PSR_UP, false);
	CHECK_EQ(ia64_model_get_psr(&m), IA64_MODEL_PSR_PP);
	CHECK_EQ(m.stats.psr_changes - changes, 2);
	CHECK_EQ(m.stats.psr_reads, 2);
}
