// SPDX-License-Identifier: GPL-2.0
/*
 * Qualification (IBR range, opcode match, DBR range), the EARs and the
 * branch trace buffer.
 */
#include "model_test.h"

#define TAGGED		0x08	/* IA64_TAGGED_INST_RETIRED */
#define PMC8_ALL	0xf00000003ffffff8ULL	/* PAL default: all match */

static void qual_init(struct ia64_model *m)
{
	unsigned int i;

	mt_init(m);
	ia64_model_write_pmc(m, 4, mt_pmc(TAGGED, 0x3, 0xf, 0)); /* PMC8 */
	ia64_model_write_pmc(m, 5, mt_pmc(TAGGED, 0x2, 0xf, 0)); /* PMC9 */
	ia64_model_write_pmc(m, 6, mt_pmc(0x6c, 0, 0xf, 0)); /* LOADS */
	ia64_model_write_pmc(m, 7, mt_pmc(0x12, 0, 0xf, 0)); /* cycles */
	for (i = 4; i < 8; i++)
		ia64_model_write_pmd(m, i, 0);
}

static void inst(struct ia64_model *m, u64 ip, unsigned int itype, u64 enc,
		 unsigned int cpl, unsigned int isa)
{
	u8 buf[64];

	if (isa)
		mt_inst(buf, ip, 0, 0, 0, 1, cpl, isa);
	else
		mt_inst(buf, ip, 0, itype, enc, 1, cpl, isa);
	mt_run_all(m, buf);
}

/* IBR pair 0 covers [base, base + size), size a power of 2 */
static void ibr_range(struct ia64_model *m, u64 base, u64 size,
		      unsigned int plm)
{
	ia64_model_write_ibr(m, 0, base);
	ia64_model_write_ibr(m, 1, (~(size - 1) & ((1ULL << 56) - 1)) |
			     (u64)plm << 56);
	ia64_model_write_pmc(m, 13, 0);
}

/* [ITA-RM] §6.2.4: IBRRangeTag with PMC13.ta = 0, plm, x bits, db */
TEST(ibr_range_tag_6_2_4)
{
	struct ia64_model m;

	qual_init(&m);
	ibr_range(&m, 0x4000, 0x1000, 0x8);
	inst(&m, 0x4ff0, IA64_PMU_ITYPE_M, 0, 3, 0);	/* in */
	inst(&m, 0x5000, IA64_PMU_ITYPE_M, 0, 3, 0);	/* out */
	inst(&m, 0x4000, IA64_PMU_ITYPE_M, 0, 0, 0);	/* plm excludes 0 */
	CHECK_EQ(mt_count(&m, 4), 1);
	/* an IBR x bit or PSR.db: the IBRs are a debugger's */
	ia64_model_write_ibr(&m, 7, 1ULL << 63);
	inst(&m, 0x4ff0, IA64_PMU_ITYPE_M, 0, 3, 0);
	ia64_model_write_ibr(&m, 7, 0);
	ia64_model_set_psr(&m, ia64_model_get_psr(&m) | IA64_MODEL_PSR_DB);
	inst(&m, 0x4ff0, IA64_PMU_ITYPE_M, 0, 3, 0);
	CHECK_EQ(mt_count(&m, 4), 1);
	/* IA64_INST_RETIRED (umask 0000) ignores the tags (Table 7-30) */
	ia64_model_write_pmc(&m, 5, mt_pmc(TAGGED, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 5, 0);
	inst(&m, 0x9000, IA64_PMU_ITYPE_M, 0, 3, 0);
	CHECK_EQ(mt_count(&m, 5), 1);
}

/* [ITA-RM] Table 6-9: ta = 0 tags no IA-32 instruction, ta = 1 all */
TEST(ibr_range_by_instruction_set_table_6_9)
{
	struct ia64_pmu_rec_event ev = { .code = 0x11, .inc = 1 };
	struct ia64_model m;
	u8 buf[64];

	qual_init(&m);
	/* BRANCH_EVENT is qualifiable, IA32_INST_RETIRED is not */
	ia64_model_write_pmc(&m, 4, mt_pmc(0x11, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(0x15, 0, 0xf, 0));
	ibr_range(&m, 0, 1ULL << 55, 0xf);		/* everything */
	mt_cycles(buf, 5, 0, IA64_PMU_ISA_IA32, 1, &ev);
	mt_run_all(&m, buf);
	inst(&m, 0x1000, 0, 0, 0, IA64_PMU_ISA_IA32);
	CHECK_EQ(mt_count(&m, 4), 0);
	CHECK_EQ(mt_count(&m, 5), 1);
	ia64_model_write_pmc(&m, 13, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 5);
}

/* [ITA-RM] §6.2.4: bits 60:51 of the IP are a copy of bit 50 */
TEST(ibr_match_bit50_sign_extension_6_2_4)
{
	struct ia64_model m;

	qual_init(&m);
	/* region 7, upper half of the implemented space */
	ibr_range(&m, 0xfffc000000000000ULL, 0x1000, 0xf);
	inst(&m, 0xfffc000000000010ULL, IA64_PMU_ITYPE_I, 0, 0, 0);
	inst(&m, 0xfffc000000001000ULL, IA64_PMU_ITYPE_I, 0, 0, 0);
	/* IP bits 60:51 are unimplemented: not compared */
	inst(&m, 0xe004000000000010ULL, IA64_PMU_ITYPE_I, 0, 0, 0);
	CHECK_EQ(mt_count(&m, 4), 2);
	/* 60:56 must equal IP{50} even where the mask is 0 */
	ia64_model_write_ibr(&m, 1, 0xfULL << 56);	/* mask 0: all */
	inst(&m, 0xe000000000000000ULL, IA64_PMU_ITYPE_I, 0, 0, 0);
	inst(&m, 0xfffc000000000000ULL, IA64_PMU_ITYPE_I, 0, 0, 0);
	inst(&m, 0x1ffc000000000000ULL, IA64_PMU_ITYPE_I, 0, 0, 0);
	CHECK_EQ(mt_count(&m, 4), 3);
}

/* [ITA-RM] §6.2.5: opcode match, Match(PMC8) and Match(PMC9) */
TEST(opcode_match_pmc8_9_6_2_5)
{
	struct ia64_model m;
	/* enc{40:37} = 0x4 (major opcode), enc{5:0} = 5 */
	u64 enc = (0x4ULL << 37) | (0x1234ULL << 13) | 5;
	u64 match = ((0x4ULL << 23) | 5) << 33;
	u64 mask = ((0x3ffULL << 13) | 0x1fc0) << 3;	/* 36:27, 12:6 */

	qual_init(&m);
	/* PMC8: M only, major opcode 4 and bits 5:0 = 5 */
	ia64_model_write_pmc(&m, 8, (1ULL << 63) | match | mask);
	/* PMC9: F and B, any encoding */
	ia64_model_write_pmc(&m, 9, (3ULL << 60) | (0x7ffffffULL << 3));
	inst(&m, 0x100, IA64_PMU_ITYPE_M, enc, 0, 0);		/* 8 */
	inst(&m, 0x100, IA64_PMU_ITYPE_I, enc, 0, 0);		/* - */
	inst(&m, 0x100, IA64_PMU_ITYPE_M, enc ^ (1ULL << 38), 0, 0); /* - */
	inst(&m, 0x100, IA64_PMU_ITYPE_M, enc ^ (1ULL << 20), 0, 0); /* 8 */
	inst(&m, 0x100, IA64_PMU_ITYPE_M, enc ^ 1, 0, 0);	/* - */
	inst(&m, 0x100, IA64_PMU_ITYPE_F, 0, 0, 0);		/* 9 */
	inst(&m, 0x100, IA64_PMU_ITYPE_B, 0, 0, 0);		/* 9 */
	CHECK_EQ(mt_count(&m, 4), 2);
	CHECK_EQ(mt_count(&m, 5), 2);
}

/* [ITA-RM] §6.2.5: Tag(PMC8) qualifies downstream events */
TEST(tag_pmc8_qualifies_downstream_6_2_5)
{
	struct ia64_model m;
	u8 buf[64];

	qual_init(&m);
	ia64_model_write_pmc(&m, 8, 1ULL << 60);	/* B only, exact 0 */
	mt_mem(buf, 0x100, 0x2000, IA64_PMU_MEM_LOAD, 0, 0, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 6), 0);
	ia64_model_write_pmc(&m, 8, PMC8_ALL);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 6), 1);
}

/* [ITA-RM] §6.2.6: DBRRangeTag = Tag(PMC8) and (pt or DBRRangeMatch) */
TEST(dbr_range_tag_pmc11_pt_6_2_6)
{
	struct ia64_model m;
	unsigned int i;
	u8 buf[64];

	qual_init(&m);
	/* pairs 1-3 never match: a mask of 0 would match region 0 */
	for (i = 2; i < 8; i += 2) {
		ia64_model_write_dbr(&m, i, 0xe000000000000000ULL);
		ia64_model_write_dbr(&m, i + 1, (1ULL << 56) - 1);
	}
	ia64_model_write_dbr(&m, 0, 0x10000);
	ia64_model_write_dbr(&m, 1, ~0xfffULL & ((1ULL << 56) - 1));
	ia64_model_write_pmc(&m, 11, 0);		/* pt = 0 */
	mt_mem(buf, 0x100, 0x10ff8, IA64_PMU_MEM_LOAD, 0, 0, 1);
	mt_run_all(&m, buf);
	mt_mem(buf, 0x100, 0x11000, IA64_PMU_MEM_LOAD, 0, 0, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 6), 1);
	/* PSR.db: no DBR match */
	ia64_model_set_psr(&m, ia64_model_get_psr(&m) | IA64_MODEL_PSR_DB);
	mt_mem(buf, 0x100, 0x10ff8, IA64_PMU_MEM_LOAD, 0, 0, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 6), 1);
	/* pt = 1 passes the tags */
	ia64_model_write_pmc(&m, 11, 1ULL << 28);
	mt_mem(buf, 0x100, 0x11000, IA64_PMU_MEM_LOAD, 0, 0, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 6), 2);
}

/* [ITA-RM] §6.2.7.2, Tables 6-12/6-13: I-EAR cache mode */
TEST(iear_cache_mode_table_6_12)
{
	struct ia64_model m;
	u8 buf[64];

	qual_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x23, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 10, (2 << 16) | 0xf);	/* >= 16 cycles */
	ia64_model_write_pmd(&m, 0, 0);
	mt_fetch(buf, 0x123456, IA64_PMU_LVL_L2, 0, 15);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 0) & 1, 0);
	mt_fetch(buf, 0x4123456, IA64_PMU_LVL_L2, 0, 16);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 0), 0x4123441);
	CHECK_EQ(mt_read_frozen(&m, 1), 16);
	CHECK_EQ(mt_count(&m, 4), 1);
	/* umask 1011..1111: nothing is captured */
	ia64_model_write_pmc(&m, 10, (0xb << 16) | 0xf);
	mt_fetch(buf, 0x8000, IA64_PMU_LVL_MEM, 0, 4000);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 0), 0x4123441);
}

/* [ITA-RM] §6.2.7.3, Tables 6-14/6-15: I-EAR TLB mode */
TEST(iear_tlb_mode_table_6_14)
{
	struct ia64_model m;
	u8 buf[64];

	qual_init(&m);
	ia64_model_write_pmc(&m, 10, (0x8 << 16) | 0x80 | 0xf); /* SW */
	mt_fetch(buf, 0x1000, 0, IA64_PMU_TLB_VHPT, 0);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 0) & 1, 0);
	mt_fetch(buf, 0x2000, 0, IA64_PMU_TLB_SW, 0);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 0), 0x2003);
}

/* [ITA-RM] §6.2.7.5, Tables 6-17/6-18: D-EAR cache mode, loads only */
TEST(dear_cache_mode_table_6_18)
{
	struct ia64_model m;
	struct ia64_pmu_rec_mem *r;
	u8 buf[64];

	qual_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x67, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 11, (1 << 16) | (1 << 28) | 0xf); /* >=8 */
	mt_mem(buf, 0x4000000000001230ULL, 0x0004000000000008ULL,
	       IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L3, 0, 30);
	r = (void *)buf;
	r->ctx.slot = 2;
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 2), 0x1ffc000000000008ULL);
	CHECK_EQ(mt_read_frozen(&m, 3) & 0xfff, 30);
	CHECK_EQ(mt_read_frozen(&m, 17), 0x4000000000001239ULL);
	CHECK_EQ(mt_count(&m, 4), 1);
	/* a store, or a load below the threshold, is not captured */
	mt_mem(buf, 0x100, 0x200, IA64_PMU_MEM_STORE, IA64_PMU_LVL_L3, 0, 30);
	mt_run_all(&m, buf);
	mt_mem(buf, 0x100, 0x200, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L3, 0, 7);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 1);
	CHECK_EQ(mt_read_frozen(&m, 2), 0x1ffc000000000008ULL);
}

/* [ITA-RM] §6.2.7.6, Tables 6-19/6-20: D-EAR TLB mode, level field */
TEST(dear_tlb_mode_table_6_20)
{
	struct ia64_model m;
	u8 buf[64];

	qual_init(&m);
	ia64_model_write_pmc(&m, 11, (0x6 << 16) | 0x80 | 0xf); /* L2,VHPT */
	mt_mem(buf, 0x100, 0x300, IA64_PMU_MEM_STORE, 0, IA64_PMU_TLB_SW, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 17) & 1, 0);
	mt_mem(buf, 0x100, 0x300, IA64_PMU_MEM_STORE, 0, IA64_PMU_TLB_VHPT, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 3) >> 62, 2);
	CHECK_EQ(mt_read_frozen(&m, 2), 0x300);
	CHECK_EQ(mt_read_frozen(&m, 17), 0x105);
}

/* [ITA-RM] §6.2.8, Tables 6-22/6-23: BTB entries, bbi, full */
TEST(btb_entries_and_index_table_6_23)
{
	struct ia64_model m;
	struct ia64_pmu_rec_branch *r;
	u8 buf[64];

	qual_init(&m);
	ia64_model_write_pmc(&m, 4, mt_pmc(0x11, 0, 0xf, 0));
	/* tm 11, ptm 11, ppm 11, tar bpt bac */
	ia64_model_write_pmc(&m, 12, 0xff8f);
	ia64_model_write_pmd(&m, 16, 0);
	mt_branch(buf, 0x4000000000001010ULL, 1, 0x4000000000002000ULL,
		  IA64_PMU_REC_BR_TAKEN | IA64_PMU_REC_BR_MISPRED_TARGET,
		  IA64_PMU_PRED_TAC);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 8), 0x4000000000001017ULL);
	CHECK_EQ(mt_read_frozen(&m, 9), 0x4000000000002002ULL);
	CHECK_EQ(mt_read_frozen(&m, 16), 2);
	/* not taken: slot 3; three more branches wrap: full is sticky */
	mt_branch(buf, 0x3000, 0, 0x3010, 0, IA64_PMU_PRED_BAC);
	r = (void *)buf;
	r->ctx.repeat = 3;
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 10), 0x300d);
	CHECK_EQ(mt_read_frozen(&m, 16), 0x8);
	CHECK_EQ(mt_count(&m, 4), 4);
	/* a long repetition keeps the ring consistent */
	r->ctx.repeat = 1000001;
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 16), 0xa);
	CHECK_EQ(mt_read_frozen(&m, 9), 0x3012);
}

/* [ITA-RM] §6.2.8.1: the BTB capture equation filters */
TEST(btb_capture_equation_6_2_8_1)
{
	struct ia64_model m;
	u8 buf[64];

	qual_init(&m);
	ia64_model_write_pmd(&m, 16, 0);
	/* taken only (tm 10), any target/path, TAR only */
	ia64_model_write_pmc(&m, 12, 0xf | (2 << 8) | (3 << 10) | (3 << 12) |
			     (1 << 7));
	mt_branch(buf, 0x100, 0, 0x200, 0, IA64_PMU_PRED_TAR);
	mt_run_all(&m, buf);				/* not taken */
	mt_branch(buf, 0x100, 0, 0x200, IA64_PMU_REC_BR_TAKEN,
		  IA64_PMU_PRED_BAC);
	mt_run_all(&m, buf);				/* BAC */
	CHECK_EQ(mt_read_frozen(&m, 16), 0);
	mt_branch(buf, 0x100, 0, 0x200, IA64_PMU_REC_BR_TAKEN,
		  IA64_PMU_PRED_TAR);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 16), 2);
	/* path mispredicted only (ppm 01) */
	ia64_model_write_pmc(&m, 12, 0xf | (3 << 8) | (3 << 10) | (1 << 12) |
			     (7 << 13 & 0xc000) | (1 << 7));
	mt_branch(buf, 0x100, 0, 0x200, IA64_PMU_REC_BR_TAKEN,
		  IA64_PMU_PRED_TAC);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 16), 2);
	mt_branch(buf, 0x100, 0, 0x200, IA64_PMU_REC_BR_MISPRED_PATH,
		  IA64_PMU_PRED_TAC);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 16), 4);
	/* IA-32 code and a frozen PMU capture nothing */
	ia64_model_write_pmc(&m, 0, 1);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_read_frozen(&m, 16), 4);
}

/* [ITA-RM] §7.8: the transcription has every event of the list */
TEST(event_table_transcription_7_8)
{
	const struct ia64_model_event *e;
	unsigned int i, j;

	CHECK_EQ(ia64_model_itanium_nr_events, 163);
	e = ia64_model_event_by_name("CPU_CYCLES");
	CHECK(e && e->code == 0x12 && e->pmds == 0xf0 && e->max_inc == 1);
	e = ia64_model_event_by_name("IA64_INST_RETIRED");
	CHECK(e && e->code == 0x08 && e->pmds == 0x30 && e->max_inc == 6);
	e = ia64_model_event_by_name("BUS_BRQ_LIVE_REQ_HI");
	CHECK(e && e->code == 0x5c && e->max_inc == 2);
	e = ia64_model_event_by_name("BUS_IOQ_LIVE_REQ_LO");
	CHECK(e && e->code == 0x57 && e->max_inc == 3);
	e = ia64_model_event_by_name("BUS_SNOOPQ_REQ");
	CHECK(e && e->pmds == 0x30 && e->max_inc == 3);
	/* no two rows select the same (code, umask) */
	for (i = 0; i < ia64_model_itanium_nr_events; i++)
		for (j = 0; j < 16; j++) {
			e = &ia64_model_itanium_events[i];
			if (ia64_model_event_umask_ok(e, j) &&
			    ia64_model_event_find(e->code, j) != e)
				CHECK(e->code == 0x08 && j == 0);
		}
}
