// SPDX-License-Identifier: GPL-2.0
/*
 * The event address registers ([ITA-RM] §6.2.7, Tables 6-11..6-20):
 * the latency thresholds, cache and TLB mode, the PMD formats with the
 * bit-50 sign extension, loads only in data cache mode, one load
 * tracked at a time, undefined reads while not frozen, the monitor
 * enable equation of PMC10/11, and INSTRUCTION_EAR_EVENTS /
 * DATA_EAR_EVENTS ([ITA-RM] §7.8) counting exactly the captures.
 *
 * The expected values are written out from the tables here, not taken
 * from the model (sim/pmu_model_ear.c).
 */
#include "model_test.h"

#define IEAR_EVENTS	0x23	/* INSTRUCTION_EAR_EVENTS, on PMD4 */
#define DEAR_EVENTS	0x67	/* DATA_EAR_EVENTS, on PMD5 */

/* PMC10/11 (Figures 6-18 and 6-20): plm 0xf, tlb 7, umask 19:16 */
#define EAR_TLB		(1ULL << 7)
#define EAR_PM		(1ULL << 6)
#define EAR_ISM_SHIFT	24
#define PMC11_PT	(1ULL << 28)
#define PMC_EAR(tlb, umask) \
	(0xfULL | ((tlb) ? EAR_TLB : 0) | (u64)(umask) << 16)
/* Cache mode with umask 1111: the EAR captures nothing (Table 6-12) */
#define EAR_NONE	PMC_EAR(0, 0xf)

#define LOAD		IA64_PMU_MEM_LOAD
#define STORE		IA64_PMU_MEM_STORE

/* Tables 6-12 and 6-17: umask -> latency threshold, 0: no capture */
static const u32 threshold[16] = {
	4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096,
	/* 1011..1111: no events are captured */
	0, 0, 0, 0, 0,
};

/* The latency field is 12 bits wide (Tables 6-13, 6-18) */
static u64 lat_field(u32 lat)
{
	return lat < 0xfff ? lat : 0xfff;
}

/* Software's start of an interval: no valid capture in the EARs */
static void ear_clear(struct ia64_model *m)
{
	static const unsigned int pmds[] = { 0, 1, 2, 3, 17 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pmds); i++)
		ia64_model_write_pmd(m, pmds[i], 0);
}

/*
 * A model with PMC10/11 programmed, PMD0-3/17 cleared, PMD4 counting
 * INSTRUCTION_EAR_EVENTS and PMD5 DATA_EAR_EVENTS at every privilege
 * level and in both instruction sets
 */
static void ear_init(struct ia64_model *m, u64 pmc10, u64 pmc11)
{
	mt_init(m);
	ia64_model_write_pmc(m, 4, mt_pmc(IEAR_EVENTS, 0, 0xf, 0));
	ia64_model_write_pmc(m, 5, mt_pmc(DEAR_EVENTS, 0, 0xf, 0));
	ia64_model_write_pmd(m, 4, 0);
	ia64_model_write_pmd(m, 5, 0);
	ia64_model_write_pmc(m, 10, pmc10);
	ia64_model_write_pmc(m, 11, pmc11 | PMC11_PT);
	ear_clear(m);
}

static void fetch(struct ia64_model *m, u64 ip, unsigned int level,
		  unsigned int tlb, u32 lat)
{
	struct ia64_pmu_rec_fetch r;

	mt_fetch(&r, ip, level, tlb, lat);
	mt_run_all(m, &r);
}

/* A memory access in slot 1 of the bundle at @ip */
static void mem(struct ia64_model *m, u64 ip, u64 daddr, unsigned int op,
		unsigned int level, unsigned int tlb, u32 lat)
{
	struct ia64_pmu_rec_mem r;

	mt_mem(&r, ip, daddr, op, level, tlb, lat);
	mt_run_all(m, &r);
}

static bool iear_valid(struct ia64_model *m)
{
	return mt_read_frozen(m, 0) & 1;		/* PMD0.v */
}

static bool dear_valid(struct ia64_model *m)
{
	return mt_read_frozen(m, 17) & 1;		/* PMD17.v */
}

/* Say which case of a loop failed, once per case */
static void where(int *failed, const char *what, unsigned int a,
		  unsigned int b, unsigned int c)
{
	if (model_test_failed && !*failed)
		printf("  ... in %s %u %u %u\n", what, a, b, c);
	*failed = model_test_failed;
}

/*
 * [ITA-RM] §6.2.7.2, Table 6-12: in cache mode the I-EAR captures L1I
 * misses whose latency is at least the threshold of umask 0000..1010;
 * 1011..1111 capture nothing
 */
TEST(iear_cache_threshold_every_umask_table_6_12)
{
	struct ia64_model m;
	unsigned int umask;
	int failed = 0;

	for (umask = 0; umask < 16; umask++) {
		u32 thr = threshold[umask];

		ear_init(&m, PMC_EAR(0, umask), EAR_NONE);
		if (!thr) {
			fetch(&m, 0x8000, IA64_PMU_LVL_MEM, 0, 0xffffffff);
			fetch(&m, 0x8000, IA64_PMU_LVL_MEM, 0, 8192);
			CHECK(!iear_valid(&m));
			CHECK_EQ(mt_count(&m, 4), 0);
			where(&failed, "umask", umask, 0, 0);
			continue;
		}
		fetch(&m, 0x8000, IA64_PMU_LVL_L2, 0, thr - 1);
		CHECK(!iear_valid(&m));
		CHECK_EQ(mt_count(&m, 4), 0);
		fetch(&m, 0x8040, IA64_PMU_LVL_L2, 0, thr);
		CHECK_EQ(mt_read_frozen(&m, 0), 0x8041);
		CHECK_EQ(mt_read_frozen(&m, 1), lat_field(thr));
		CHECK_EQ(mt_count(&m, 4), 1);
		where(&failed, "umask", umask, 0, 0);
	}
}

/*
 * [ITA-RM] §6.2.7.5, Table 6-17: the same thresholds for the D-EAR in
 * data cache load miss mode
 */
TEST(dear_cache_threshold_every_umask_table_6_17)
{
	struct ia64_model m;
	unsigned int umask;
	int failed = 0;

	for (umask = 0; umask < 16; umask++) {
		u32 thr = threshold[umask];

		ear_init(&m, EAR_NONE, PMC_EAR(0, umask));
		if (!thr) {
			mem(&m, 0x1000, 0x2000, LOAD, IA64_PMU_LVL_MEM, 0,
			    0xffffffff);
			mem(&m, 0x1000, 0x2000, LOAD, IA64_PMU_LVL_MEM, 0,
			    8192);
			CHECK(!dear_valid(&m));
			CHECK_EQ(mt_count(&m, 5), 0);
			where(&failed, "umask", umask, 0, 0);
			continue;
		}
		mem(&m, 0x1000, 0x2000, LOAD, IA64_PMU_LVL_L2, 0, thr - 1);
		CHECK(!dear_valid(&m));
		CHECK_EQ(mt_count(&m, 5), 0);
		mem(&m, 0x4000000000001010ULL, 0x2008, LOAD, IA64_PMU_LVL_L2,
		    0, thr);
		CHECK_EQ(mt_read_frozen(&m, 17), 0x4000000000001015ULL);
		CHECK_EQ(mt_read_frozen(&m, 2), 0x2008);
		CHECK_EQ(mt_read_frozen(&m, 3) & 0xfff, lat_field(thr));
		CHECK_EQ(mt_count(&m, 5), 1);
		where(&failed, "umask", umask, 0, 0);
	}
}

/*
 * Tables 6-13 and 6-18: the latency field is 12 bits, 11:0; the rest of
 * PMD1 is ignored (reads 0). MODEL: a latency beyond 0xfff reads 0xfff
 * (pmu_model_ear.c), so a capture at umask 1010 (>= 4096) reads 0xfff.
 */
TEST(ear_latency_field_12_bits_tables_6_13_6_18)
{
	static const u32 lats[] = { 4, 0x123, 0xffe, 0xfff, 0x1000, 100000 };
	struct ia64_model m;
	unsigned int i;

	ear_init(&m, PMC_EAR(0, 0), PMC_EAR(0, 0));
	for (i = 0; i < ARRAY_SIZE(lats); i++) {
		fetch(&m, 0x8000, IA64_PMU_LVL_MEM, 0, lats[i]);
		mem(&m, 0x1000, 0x2000, LOAD, IA64_PMU_LVL_MEM, 0, lats[i]);
		CHECK_EQ(mt_read_frozen(&m, 1), lat_field(lats[i]));
		CHECK_EQ(mt_read_frozen(&m, 3) & 0xfff, lat_field(lats[i]));
	}
	CHECK_EQ(mt_count(&m, 4), ARRAY_SIZE(lats));
	CHECK_EQ(mt_count(&m, 5), ARRAY_SIZE(lats));
}

/*
 * [ITA-RM] Table 6-2, §6.2.7.2: the I-EAR triggers on demand fetches
 * that miss L1I (cache mode) or the ITLB (TLB mode), never on an L1I
 * hit or a prefetch
 */
TEST(iear_demand_fetch_misses_only_table_6_2)
{
	struct ia64_pmu_rec_fetch r;
	struct ia64_model m;
	unsigned int level;

	ear_init(&m, PMC_EAR(0, 0), EAR_NONE);
	fetch(&m, 0x8000, IA64_PMU_LVL_L1, 0, 5000);
	CHECK(!iear_valid(&m));
	mt_fetch(&r, 0x8000, IA64_PMU_LVL_MEM, 0, 5000);
	r.hdr.flags = IA64_PMU_REC_FETCH_PREFETCH;
	mt_run_all(&m, &r);
	CHECK(!iear_valid(&m));
	CHECK_EQ(mt_count(&m, 4), 0);
	for (level = IA64_PMU_LVL_L2; level <= IA64_PMU_LVL_MEM; level++) {
		ear_clear(&m);
		fetch(&m, 0x8000 + level * 0x20, level, 0, 4);
		CHECK_EQ(mt_read_frozen(&m, 0), 0x8001 + level * 0x20);
		CHECK_EQ(mt_read_frozen(&m, 1), 4);
	}
	CHECK_EQ(mt_count(&m, 4), 3);

	/* TLB mode, both TLB outcomes: a prefetch's ITLB miss is not */
	ear_init(&m, PMC_EAR(1, 0xc), EAR_NONE);
	mt_fetch(&r, 0x8000, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 0);
	r.hdr.flags = IA64_PMU_REC_FETCH_PREFETCH;
	mt_run_all(&m, &r);
	CHECK(!iear_valid(&m));
	r.hdr.flags = 0;
	mt_run_all(&m, &r);
	CHECK(iear_valid(&m));
	CHECK_EQ(mt_count(&m, 4), 1);
}

/*
 * [ITA-RM] §6.2.7.4/6.2.7.5, Table 6-2: in cache mode the D-EAR
 * captures loads that miss L1D, at any level beyond it and whatever
 * the TLB did; never a store, never an L1D hit
 */
TEST(dear_cache_mode_loads_missing_l1d_only_6_2_7_5)
{
	struct ia64_model m;
	unsigned int level, tlb, op, n = 0;
	int failed = 0;

	ear_init(&m, EAR_NONE, PMC_EAR(0, 0));
	for (op = LOAD; op <= STORE; op++)
		for (level = 0; level <= IA64_PMU_LVL_MEM; level++)
			for (tlb = 0; tlb <= IA64_PMU_TLB_SW; tlb++) {
				bool want = op == LOAD &&
					    level != IA64_PMU_LVL_L1;

				ear_clear(&m);
				mem(&m, 0x1000, 0x2000, op, level, tlb, 5000);
				CHECK_EQ(dear_valid(&m), want);
				n += want;
				CHECK_EQ(mt_count(&m, 5), n);
				where(&failed, "op level tlb", op, level, tlb);
			}
	CHECK_EQ(n, 12);	/* loads at L2, L3, memory; four TLB outcomes */
}

/*
 * [ITA-RM] §6.2.7.3, Tables 6-14/6-15: in TLB mode umask bit 2 selects
 * ITLB misses that hit the VHPT, bit 3 those handled by software, bits
 * 1:0 are ignored; all 16 combinations. PMD0.tlb says which; cache
 * level and latency do not matter.
 */
TEST(iear_tlb_mode_every_umask_table_6_14)
{
	static const unsigned int tlbs[] = {
		IA64_PMU_TLB_L1, IA64_PMU_TLB_VHPT, IA64_PMU_TLB_SW,
	};
	struct ia64_model m;
	unsigned int umask, i;
	int failed = 0;

	for (umask = 0; umask < 16; umask++) {
		unsigned int n = 0;

		ear_init(&m, PMC_EAR(1, umask), EAR_NONE);
		/* an L1I miss with an ITLB hit is no ITLB miss */
		fetch(&m, 0x8000, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1, 5000);
		CHECK(!iear_valid(&m));
		for (i = 0; i < ARRAY_SIZE(tlbs); i++) {
			bool want = (tlbs[i] == IA64_PMU_TLB_VHPT &&
				     (umask & 0x4)) ||
				    (tlbs[i] == IA64_PMU_TLB_SW &&
				     (umask & 0x8));

			ear_clear(&m);
			fetch(&m, 0x4000000000010020ULL, IA64_PMU_LVL_L1,
			      tlbs[i], 0);
			if (want)	/* tlb: 0 VHPT hit, 1 software */
				CHECK_EQ(mt_read_frozen(&m, 0),
					 0x4000000000010021ULL |
					 (tlbs[i] == IA64_PMU_TLB_SW ? 2 : 0));
			else
				CHECK(!iear_valid(&m));
			n += want;
			CHECK_EQ(mt_count(&m, 4), n);
			where(&failed, "umask tlb", umask, tlbs[i], 0);
		}
	}
}

/*
 * [ITA-RM] §6.2.7.6, Tables 6-19/6-20: in TLB mode umask bit 1 selects
 * L1 DTLB misses that hit the L2 DTLB, bit 2 the VHPT, bit 3 software,
 * bit 0 is reserved; all 16 combinations, loads and stores. PMD3.level:
 * 1 L2 DTLB, 2 VHPT, 3 software.
 */
TEST(dear_tlb_mode_every_umask_table_6_19)
{
	/* Table 6-19 umask bit and Table 6-20 level per TLB outcome */
	static const struct {
		unsigned int tlb, bit, level;
	} outcome[] = {
		{ IA64_PMU_TLB_L1, 0, 0 },	/* no L1 DTLB miss */
		{ IA64_PMU_TLB_L2, 0x2, 1 },
		{ IA64_PMU_TLB_VHPT, 0x4, 2 },
		{ IA64_PMU_TLB_SW, 0x8, 3 },
	};
	struct ia64_model m;
	unsigned int umask, i, op;
	int failed = 0;

	for (umask = 0; umask < 16; umask++) {
		unsigned int n = 0;

		ear_init(&m, EAR_NONE, PMC_EAR(1, umask));
		for (op = LOAD; op <= STORE; op++)
			for (i = 0; i < ARRAY_SIZE(outcome); i++) {
				bool want = umask & outcome[i].bit;

				ear_clear(&m);
				mem(&m, 0x4000000000020030ULL,
				    0x6000000000000128ULL, op,
				    IA64_PMU_LVL_L1, outcome[i].tlb, 1);
				CHECK_EQ(dear_valid(&m), want);
				if (want) {
					CHECK_EQ(mt_read_frozen(&m, 3) >> 62,
						 outcome[i].level);
					CHECK_EQ(mt_read_frozen(&m, 2),
						 0x6000000000000128ULL);
					CHECK_EQ(mt_read_frozen(&m, 17),
						 0x4000000000020035ULL);
				}
				n += want;
				CHECK_EQ(mt_count(&m, 5), n);
				where(&failed, "umask op tlb", umask, op,
				      outcome[i].tlb);
			}
	}
}

/*
 * [ITA-RM] Figures 6-18/6-20, Tables 6-11/6-16: PMC10/11.tlb (bit 7)
 * selects cache or TLB monitoring, and with it the meaning of the umask
 * and of PMD1/PMD3
 */
TEST(ear_cache_or_tlb_mode_bit_7)
{
	struct ia64_model m;

	/* I-EAR: an L1I miss with ITLB hit, an L1I hit with ITLB miss */
	ear_init(&m, PMC_EAR(0, 0x8), EAR_NONE);	/* >= 1024 */
	fetch(&m, 0x1000, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 2000);
	CHECK(!iear_valid(&m));
	fetch(&m, 0x2000, IA64_PMU_LVL_L3, IA64_PMU_TLB_L1, 2000);
	CHECK_EQ(mt_read_frozen(&m, 0) & ~2ULL, 0x2001);
	CHECK_EQ(mt_read_frozen(&m, 1), 2000);
	ear_init(&m, PMC_EAR(1, 0xc), EAR_NONE);	/* VHPT, software */
	fetch(&m, 0x2000, IA64_PMU_LVL_L3, IA64_PMU_TLB_L1, 2000);
	CHECK(!iear_valid(&m));
	fetch(&m, 0x1000, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 2000);
	CHECK_EQ(mt_read_frozen(&m, 0), 0x1003);

	/* D-EAR: a load missing L1D, a load and a store missing L1 DTLB */
	ear_init(&m, EAR_NONE, PMC_EAR(0, 0xe));
	CHECK_EQ(threshold[0xe], 0);		/* cache mode: nothing */
	mem(&m, 0x3000, 0x4000, LOAD, IA64_PMU_LVL_MEM, IA64_PMU_TLB_VHPT,
	    5000);
	CHECK(!dear_valid(&m));
	ear_init(&m, EAR_NONE, PMC_EAR(0, 0x5));	/* >= 128 */
	mem(&m, 0x3000, 0x4000, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 300);
	mem(&m, 0x3000, 0x4000, STORE, IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW,
	    300);
	CHECK(!dear_valid(&m));
	mem(&m, 0x5000, 0x6000, LOAD, IA64_PMU_LVL_MEM, IA64_PMU_TLB_VHPT,
	    300);
	CHECK_EQ(mt_read_frozen(&m, 2), 0x6000);
	CHECK_EQ(mt_read_frozen(&m, 3) & 0xfff, 300);	/* level undefined */
	CHECK_EQ(mt_read_frozen(&m, 17), 0x5005);
	ear_init(&m, EAR_NONE, PMC_EAR(1, 0x5));	/* bit 2: VHPT */
	mem(&m, 0x3000, 0x4000, LOAD, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1,
	    5000);
	CHECK(!dear_valid(&m));
	mem(&m, 0x5000, 0x6000, STORE, IA64_PMU_LVL_L1, IA64_PMU_TLB_VHPT,
	    1);
	CHECK_EQ(mt_read_frozen(&m, 2), 0x6000);
	CHECK_EQ(mt_read_frozen(&m, 3) >> 62, 2);	/* latency undefined */
	CHECK_EQ(mt_read_frozen(&m, 17), 0x5005);
	CHECK_EQ(mt_count(&m, 5), 1);
}

/*
 * [ITA-RM] Figure 6-19, Tables 6-13/6-15: PMD0 holds the cache line
 * address 63:5 (bits 4:2 ignored), tlb 1, v 0; address bits 60:51 read
 * as copies of bit 50 (note a)
 */
TEST(iear_pmd0_format_bit50_sxt_tables_6_13_6_15)
{
	static const struct {
		u64 ip, pmd0;
	} cases[] = {
		{ 0x000000000000803fULL, 0x0000000000008021ULL },
		/* bits 60:51 set, bit 50 clear: they read 0 */
		{ 0xe0f800000000123fULL, 0xe000000000001221ULL },
		/* bit 50 set: bits 60:51 read 1 */
		{ 0x2004000000000020ULL, 0x3ffc000000000021ULL },
		{ 0xffffffffffffffffULL, 0xffffffffffffffe1ULL },
	};
	struct ia64_model m;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		ear_init(&m, PMC_EAR(0, 0), EAR_NONE);
		fetch(&m, cases[i].ip, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 9);
		/* cache mode: tlb undefined */
		CHECK_EQ(mt_read_frozen(&m, 0) & ~2ULL, cases[i].pmd0);
		CHECK_EQ(mt_read_frozen(&m, 1), 9);
		ear_init(&m, PMC_EAR(1, 0x8), EAR_NONE);
		fetch(&m, cases[i].ip, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 0);
		CHECK_EQ(mt_read_frozen(&m, 0), cases[i].pmd0 | 2);
	}
}

/*
 * [ITA-RM] Figure 6-21, Tables 6-18/6-20: PMD2 the 64-bit data address,
 * PMD17 the bundle address 63:4, slot 3:2 and v 0 (bit 1 ignored), both
 * with bits 60:51 read as copies of bit 50 (note a); PMD3 level 63:62
 * and latency 11:0, bits 61:12 ignored
 */
TEST(dear_pmd_formats_bit50_sxt_tables_6_18_6_20)
{
	static const struct {
		u64 addr, pmd;
	} addrs[] = {
		{ 0x0000000000002008ULL, 0x0000000000002008ULL },
		{ 0x0004000000000008ULL, 0x1ffc000000000008ULL },
		{ 0xa0f8000000000010ULL, 0xa000000000000010ULL },
		{ 0x1ff8000000000000ULL, 0x0000000000000000ULL },
		{ 0xe003ffffffffffffULL, 0xe003ffffffffffffULL },
		{ 0xffffffffffffffffULL, 0xffffffffffffffffULL },
	};
	struct ia64_pmu_rec_mem r;
	struct ia64_model m;
	unsigned int i, slot;

	ear_init(&m, EAR_NONE, PMC_EAR(0, 0));
	for (i = 0; i < ARRAY_SIZE(addrs); i++) {
		for (slot = 0; slot < 3; slot++) {
			ear_clear(&m);
			mt_mem(&r, addrs[i].addr, addrs[i].addr, LOAD,
			       IA64_PMU_LVL_L2, 0, 9);
			r.ctx.slot = slot;
			mt_run_all(&m, &r);
			CHECK_EQ(mt_read_frozen(&m, 2), addrs[i].pmd);
			CHECK_EQ(mt_read_frozen(&m, 17),
				 (addrs[i].pmd & ~0xfULL) | slot << 2 | 1);
			CHECK_EQ(mt_read_frozen(&m, 3) & ~0xfffULL &
				 ~(3ULL << 62), 0);
		}
	}
	ear_init(&m, EAR_NONE, PMC_EAR(1, 0x8));
	mem(&m, 0x0004000000000010ULL, 0x0004000000000018ULL, STORE,
	    IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 1);
	CHECK_EQ(mt_read_frozen(&m, 2), 0x1ffc000000000018ULL);
	CHECK_EQ(mt_read_frozen(&m, 17), 0x1ffc000000000015ULL);
	CHECK_EQ(mt_read_frozen(&m, 3) >> 62, 3);
	CHECK_EQ(mt_read_frozen(&m, 3) & ~0xfffULL & ~(3ULL << 62), 0);
}

/*
 * IA-32 code: both EARs capture it (ism 00); the slot field of PMD17 is
 * undefined in IA-32 mode (Tables 6-18/6-20) and not checked
 */
TEST(ear_ia32_capture_slot_undefined_tables_6_18_6_20)
{
	struct ia64_pmu_rec_fetch f;
	struct ia64_pmu_rec_mem r;
	struct ia64_model m;

	ear_init(&m, PMC_EAR(0, 0), PMC_EAR(0, 0));
	mt_fetch(&f, 0x12345, IA64_PMU_LVL_L2, 0, 10);
	f.ctx.isa = IA64_PMU_ISA_IA32;
	mt_run_all(&m, &f);
	CHECK_EQ(mt_read_frozen(&m, 0) & ~2ULL, 0x12341);
	CHECK_EQ(mt_read_frozen(&m, 1), 10);
	mt_mem(&r, 0x1234567, 0x8000, LOAD, IA64_PMU_LVL_L2, 0, 10);
	r.ctx.isa = IA64_PMU_ISA_IA32;
	r.ctx.slot = 0;
	mt_run_all(&m, &r);
	CHECK_EQ(mt_read_frozen(&m, 17) & ~0xcULL, 0x1234561);
	CHECK_EQ(mt_read_frozen(&m, 2), 0x8000);
	CHECK_EQ(mt_read_frozen(&m, 3) & 0xfff, 10);
	CHECK_EQ(mt_count(&m, 4), 1);
	CHECK_EQ(mt_count(&m, 5), 1);
}

/* What the D-EAR holds: PMD2, PMD3, PMD17 read frozen */
struct dear_regs {
	u64 pmd2, pmd3, pmd17;
};

static struct dear_regs dear_regs(struct ia64_model *m)
{
	struct dear_regs d = {
		mt_read_frozen(m, 2), mt_read_frozen(m, 3),
		mt_read_frozen(m, 17),
	};

	return d;
}

/* PMD3 fields that are defined: latency in cache mode, else level */
#define PMD3_CACHE	0xfffULL
#define PMD3_TLB	(3ULL << 62)

static void check_dear(struct ia64_model *m, u64 pmd2, u64 pmd3_mask,
		       u64 pmd3, u64 pmd17)
{
	struct dear_regs d = dear_regs(m);

	CHECK_EQ(d.pmd2, pmd2);
	CHECK_EQ(d.pmd3 & pmd3_mask, pmd3);
	CHECK_EQ(d.pmd17, pmd17);
}

/*
 * [ITA-RM] §6.2.7.5: the D-EAR tracks one load at a time. Records never
 * overlap (see the MODEL: note at ia64_model_dear_capture()), so what
 * the model can say is: each qualifying load latches PMD2/3/17 together,
 * replacing the previous capture whole; an access that does not qualify
 * changes none of them; a capture is never a mix of two accesses.
 */
TEST(dear_one_load_at_a_time_6_2_7_5)
{
	struct ia64_pmu_rec_mem r;
	struct ia64_model m;

	ear_init(&m, EAR_NONE, PMC_EAR(0, 0x3));	/* >= 32 */
	mem(&m, 0x4000000000001000ULL, 0x1000, LOAD, IA64_PMU_LVL_L2, 0, 40);
	check_dear(&m, 0x1000, PMD3_CACHE, 40, 0x4000000000001005ULL);
	mt_mem(&r, 0x4000000000002010ULL, 0x2000, LOAD, IA64_PMU_LVL_MEM,
	       IA64_PMU_TLB_VHPT, 300);
	r.ctx.slot = 2;
	mt_run_all(&m, &r);
	check_dear(&m, 0x2000, PMD3_CACHE, 300, 0x4000000000002019ULL);

	/* a store, an L1D hit, a load below the threshold: no change */
	mem(&m, 0x3000, 0x3008, STORE, IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW,
	    500);
	mem(&m, 0x3010, 0x3018, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 500);
	mem(&m, 0x3020, 0x3028, LOAD, IA64_PMU_LVL_MEM, 0, 31);
	/* nor a load at a privilege level PMC11.plm excludes */
	ia64_model_write_pmc(&m, 11, (PMC_EAR(0, 0x3) & ~0x8ULL) | PMC11_PT);
	mt_mem(&r, 0x3030, 0x3038, LOAD, IA64_PMU_LVL_MEM, 0, 500);
	r.ctx.cpl = 3;
	mt_run_all(&m, &r);
	check_dear(&m, 0x2000, PMD3_CACHE, 300, 0x4000000000002019ULL);
	CHECK_EQ(mt_count(&m, 5), 2);

	/* a repeated load: each repetition a capture, of that load */
	mt_mem(&r, 0x5000, 0x5008, LOAD, IA64_PMU_LVL_L3, 0, 50);
	r.ctx.repeat = 5;
	mt_run_all(&m, &r);
	check_dear(&m, 0x5008, PMD3_CACHE, 50, 0x5005);
	CHECK_EQ(mt_count(&m, 5), 7);

	/* TLB mode: a DTLB hit leaves the last capture whole */
	ia64_model_write_pmc(&m, 11, PMC_EAR(1, 0xe) | PMC11_PT);
	mem(&m, 0x6000, 0x6008, STORE, IA64_PMU_LVL_L2, IA64_PMU_TLB_L2, 1);
	check_dear(&m, 0x6008, PMD3_TLB, 1ULL << 62, 0x6005);
	mem(&m, 0x7000, 0x7008, LOAD, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1,
	    900);
	check_dear(&m, 0x6008, PMD3_TLB, 1ULL << 62, 0x6005);
	CHECK_EQ(mt_count(&m, 5), 8);
}

/* The same for the I-EAR: the latest qualifying fetch, whole */
TEST(iear_latest_capture_whole)
{
	struct ia64_model m;

	ear_init(&m, PMC_EAR(0, 0x2), EAR_NONE);	/* >= 16 */
	fetch(&m, 0x1000, IA64_PMU_LVL_L2, 0, 20);
	fetch(&m, 0x2000, IA64_PMU_LVL_MEM, 0, 400);
	CHECK_EQ(mt_read_frozen(&m, 0) & ~2ULL, 0x2001);
	CHECK_EQ(mt_read_frozen(&m, 1), 400);
	fetch(&m, 0x3000, IA64_PMU_LVL_L1, 0, 400);
	fetch(&m, 0x4000, IA64_PMU_LVL_MEM, 0, 15);
	CHECK_EQ(mt_read_frozen(&m, 0) & ~2ULL, 0x2001);
	CHECK_EQ(mt_read_frozen(&m, 1), 400);
	CHECK_EQ(mt_count(&m, 4), 2);
}

/*
 * [ITA-RM] §6.1.2.2, Table 6-7: when the counter of the EAR's event
 * overflows with oi set, monitoring freezes and address collection
 * stops until software resumes it: the EAR keeps the access that made
 * the counter overflow, later accesses are not captured while frozen
 */
TEST(ear_capture_kept_at_overflow_freeze_6_1_2_2)
{
	struct ia64_pmu_rec_mem r;
	struct ia64_model m;
	u64 progress = 0;

	ear_init(&m, EAR_NONE, PMC_EAR(0, 0));
	ia64_model_write_pmc(&m, 5, mt_pmc(DEAR_EVENTS, 0, 0xf,
					   IA64_MODEL_PMC_OI));
	ia64_model_write_pmd(&m, 5, 0xfffffffe);	/* 2 to go */
	mt_mem(&r, 0x1000, 0x1008, LOAD, IA64_PMU_LVL_L2, 0, 10);
	r.ctx.repeat = 4;
	CHECK_EQ(ia64_model_check_rec(&r, sizeof(r)), sizeof(r));
	CHECK_EQ(ia64_model_run(&m, &r, &progress), 1);
	CHECK_EQ(progress, 2);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), IA64_MODEL_PMC0_FR | 0x20);
	CHECK(ia64_model_irq_pending(&m));
	/* frozen: the registers read as captured */
	CHECK_EQ(ia64_model_read_pmd(&m, 2), 0x1008);
	CHECK_EQ(ia64_model_read_pmd(&m, 17), 0x1005);
	mem(&m, 0x2000, 0x2008, LOAD, IA64_PMU_LVL_MEM, 0, 99);
	CHECK_EQ(ia64_model_read_pmd(&m, 2), 0x1008);
	CHECK_EQ(ia64_model_read_pmd(&m, 3) & PMD3_CACHE, 10);
	CHECK_EQ(ia64_model_read_pmd(&m, 17), 0x1005);
	CHECK_EQ(mt_count(&m, 5), 0);

	/* software resumes: the next load is captured */
	ia64_model_write_pmc(&m, 0, 0);
	mem(&m, 0x2000, 0x2008, LOAD, IA64_PMU_LVL_MEM, 0, 99);
	check_dear(&m, 0x2008, PMD3_CACHE, 99, 0x2005);
	CHECK_EQ(mt_count(&m, 5), 1);

	/* the I-EAR with INSTRUCTION_EAR_EVENTS, the same way */
	ear_init(&m, PMC_EAR(0, 0), EAR_NONE);
	ia64_model_write_pmc(&m, 4, mt_pmc(IEAR_EVENTS, 0, 0xf,
					   IA64_MODEL_PMC_OI));
	ia64_model_write_pmd(&m, 4, 0xffffffff);
	fetch(&m, 0x1000, IA64_PMU_LVL_L2, 0, 10);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), IA64_MODEL_PMC0_FR | 0x10);
	fetch(&m, 0x2000, IA64_PMU_LVL_MEM, 0, 99);
	CHECK_EQ(ia64_model_read_pmd(&m, 0) & ~2ULL, 0x1001);
	CHECK_EQ(ia64_model_read_pmd(&m, 1), 10);
}

/*
 * [ITA-RM] §6.2.7: PMD0-3 and PMD17 hold valid data only while PMC0.fr
 * is 1; read with fr = 0 they are undefined (the model's
 * IA64_MODEL_PMD_UNFROZEN, in which v = 0 and level = 0). A read, frozen
 * or not, changes nothing: the capture stays until the next one or a
 * write.
 */
TEST(ear_pmds_read_undefined_unless_frozen_6_2_7)
{
	static const unsigned int pmds[] = { 0, 1, 2, 3, 17 };
	/* the defined fields of each mode (Tables 6-13, 6-15, 6-18, 6-20) */
	static const u64 cache[] = { 0x8001, 77, 0x2008, 66, 0x1005 };
	static const u64 cache_mask[] = { ~2ULL, ~0ULL, ~0ULL, PMD3_CACHE,
					  ~0ULL };
	static const u64 tlb[] = { 0x8003, 0, 0x3008, 3ULL << 62, 0x1005 };
	static const u64 tlb_mask[] = { ~0ULL, 0, ~0ULL, PMD3_TLB, ~0ULL };
	struct ia64_model m;
	unsigned int i, pass;

	ear_init(&m, PMC_EAR(0, 0), PMC_EAR(0, 0));
	fetch(&m, 0x8000, IA64_PMU_LVL_L2, 0, 77);
	mem(&m, 0x1000, 0x2008, LOAD, IA64_PMU_LVL_L3, 0, 66);
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < ARRAY_SIZE(pmds); i++) {
			CHECK_EQ(ia64_model_read_pmd(&m, pmds[i]),
				 IA64_MODEL_PMD_UNFROZEN);
			CHECK_EQ(mt_read_frozen(&m, pmds[i]) & cache_mask[i],
				 cache[i]);
		}
	/* the pattern shows no capture: v = 0, level = 0 */
	CHECK_EQ(IA64_MODEL_PMD_UNFROZEN & 1, 0);
	CHECK_EQ(IA64_MODEL_PMD_UNFROZEN >> 62, 0);

	/* TLB mode, read frozen twice, then running */
	ia64_model_write_pmc(&m, 10, PMC_EAR(1, 0x8));
	ia64_model_write_pmc(&m, 11, PMC_EAR(1, 0x8) | PMC11_PT);
	fetch(&m, 0x8000, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 0);
	mem(&m, 0x1000, 0x3008, STORE, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 0);
	ia64_model_write_pmc(&m, 0, IA64_MODEL_PMC0_FR);
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < ARRAY_SIZE(pmds); i++)
			CHECK_EQ(ia64_model_read_pmd(&m, pmds[i]) & tlb_mask[i],
				 tlb[i]);
	ia64_model_write_pmc(&m, 0, 0);
	for (i = 0; i < ARRAY_SIZE(pmds); i++)
		CHECK_EQ(ia64_model_read_pmd(&m, pmds[i]),
			 IA64_MODEL_PMD_UNFROZEN);
}

/* Captures of both EARs for one fetch and one load at @cpl / @isa */
static unsigned int captures(struct ia64_model *m, unsigned int cpl,
			     unsigned int isa)
{
	struct ia64_pmu_rec_fetch f;
	struct ia64_pmu_rec_mem r;
	unsigned int n;

	ear_clear(m);
	mt_fetch(&f, 0x8000, IA64_PMU_LVL_L2, 0, 50);
	f.ctx.cpl = cpl;
	f.ctx.isa = isa;
	mt_run_all(m, &f);
	mt_mem(&r, 0x1000, 0x2000, LOAD, IA64_PMU_LVL_L2, 0, 50);
	r.ctx.cpl = cpl;
	r.ctx.isa = isa;
	if (isa == IA64_PMU_ISA_IA32)
		r.ctx.slot = 0;
	mt_run_all(m, &r);
	n = iear_valid(m) + dear_valid(m);
	CHECK_EQ(n == 2, n != 0);	/* both EARs alike */
	return n;
}

/*
 * [ITA-RM] §6.2.1, Figure 6-11: PMC10/11.plm enables each EAR at the
 * privilege levels whose bit is set
 */
TEST(ear_monitor_enable_plm_6_2_1)
{
	struct ia64_model m;
	unsigned int plm, cpl, n, want = 0;
	int failed = 0;

	for (plm = 0; plm < 16; plm++) {
		/* plm 0000 leaves PMD0-3/17 undefined, v = 0 */
		ear_init(&m, (PMC_EAR(0, 0) & ~0xfULL) | plm,
			 (PMC_EAR(0, 0) & ~0xfULL) | plm);
		for (cpl = 0; cpl < 4; cpl++) {
			n = captures(&m, cpl, IA64_PMU_ISA_IA64);
			CHECK_EQ(n, (plm >> cpl & 1) ? 2 : 0);
			want += n / 2;
			CHECK_EQ(mt_count(&m, 4) + mt_count(&m, 5),
				 2 * __builtin_popcount(plm & ((2U << cpl) - 1)));
			where(&failed, "plm cpl", plm, cpl, 0);
		}
	}
	CHECK_EQ(want, 32);
}

/*
 * [ITA-RM] §6.2.1, Figure 6-11: ism 00 both instruction sets, 10 (bit 24
 * low) Itanium only, 01 (bit 25 low) IA-32 only, 11 neither
 */
TEST(ear_monitor_enable_ism_6_2_1)
{
	struct ia64_model m;
	unsigned int ism, isa;
	int failed = 0;

	for (ism = 0; ism < 4; ism++) {
		u64 bits = (u64)ism << EAR_ISM_SHIFT;

		ear_init(&m, PMC_EAR(0, 0) | bits, PMC_EAR(0, 0) | bits);
		for (isa = IA64_PMU_ISA_IA64; isa <= IA64_PMU_ISA_IA32;
		     isa++) {
			CHECK_EQ(captures(&m, 0, isa),
				 (ism >> isa & 1) ? 0 : 2);
			where(&failed, "ism isa", ism, isa, 0);
		}
	}
}

/*
 * [ITA-RM] §6.2.1, Figure 6-11: pm = 0 makes the EAR a user monitor
 * enabled by PSR.up, pm = 1 a privileged monitor enabled by PSR.pp
 */
TEST(ear_monitor_enable_pm_psr_6_2_1)
{
	struct ia64_model m;
	unsigned int pm, psr;
	int failed = 0;

	for (pm = 0; pm < 2; pm++)
		for (psr = 0; psr < 4; psr++) {
			u64 flags = pm ? EAR_PM : 0;
			bool up = psr & 1, pp = psr & 2;

			ear_init(&m, PMC_EAR(0, 0) | flags,
				 PMC_EAR(0, 0) | flags);
			ia64_model_set_psr(&m, (up ? IA64_MODEL_PSR_UP : 0) |
					   (pp ? IA64_MODEL_PSR_PP : 0));
			CHECK_EQ(captures(&m, 0, IA64_PMU_ISA_IA64),
				 (pm ? pp : up) ? 2 : 0);
			where(&failed, "pm psr", pm, psr, 0);
		}
}

static u32 rnd(u32 *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* The monitor enable equation of PMC10/11 with PSR.up = PSR.pp = 1 */
static bool ear_enabled(u64 pmc, unsigned int cpl, unsigned int isa)
{
	return (pmc >> cpl & 1) && !(pmc >> EAR_ISM_SHIFT >> isa & 1);
}

static bool iear_wants(u64 pmc, const struct ia64_pmu_rec_fetch *r)
{
	unsigned int umask = pmc >> 16 & 0xf;

	if ((r->hdr.flags & IA64_PMU_REC_FETCH_PREFETCH) ||
	    !ear_enabled(pmc, r->ctx.cpl, r->ctx.isa))
		return false;
	if (pmc & EAR_TLB)
		return (r->tlb == IA64_PMU_TLB_VHPT && (umask & 0x4)) ||
		       (r->tlb == IA64_PMU_TLB_SW && (umask & 0x8));
	return r->level != IA64_PMU_LVL_L1 && threshold[umask] &&
	       r->latency >= threshold[umask];
}

static bool dear_wants(u64 pmc, const struct ia64_pmu_rec_mem *r)
{
	static const unsigned int tlb_bit[] = { 0, 0x2, 0x4, 0x8 };
	unsigned int umask = pmc >> 16 & 0xf;

	if (!ear_enabled(pmc, r->ctx.cpl, r->ctx.isa))
		return false;
	if (pmc & EAR_TLB)
		return umask & tlb_bit[r->tlb];
	return r->op == LOAD && r->level != IA64_PMU_LVL_L1 &&
	       threshold[umask] && r->latency >= threshold[umask];
}

/*
 * [ITA-RM] §7.8: INSTRUCTION_EAR_EVENTS and DATA_EAR_EVENTS count the
 * EAR captures, exactly: a stream of fetches and memory accesses of
 * every kind, under changing PMC10/11 settings, against the tables
 */
TEST(ear_events_count_exactly_the_captures_7_8)
{
	static const u32 lats[] = { 0, 3, 4, 31, 32, 300, 1023, 1024, 5000 };
	u64 pmc10 = 0, pmc11 = 0, ni = 0, nd = 0;
	struct ia64_model m;
	u32 seed = 12345;
	unsigned int i;
	int failed = 0;

	ear_init(&m, EAR_NONE, EAR_NONE);
	for (i = 0; i < 4000; i++) {
		unsigned int cpl = rnd(&seed) & 3;
		unsigned int isa = rnd(&seed) % 8 ? IA64_PMU_ISA_IA64 :
						    IA64_PMU_ISA_IA32;
		unsigned int level = rnd(&seed) & 3;
		u32 lat = lats[rnd(&seed) % ARRAY_SIZE(lats)];
		u64 repeat = 1 + rnd(&seed) % 3;
		bool want;

		if (i % 40 == 0) {
			pmc10 = PMC_EAR(rnd(&seed) & 1, rnd(&seed) & 0xf) &
				~0xfULL;
			pmc10 |= (rnd(&seed) % 15 + 1) |
				 (u64)(rnd(&seed) & 3) << EAR_ISM_SHIFT;
			pmc11 = PMC_EAR(rnd(&seed) & 1, rnd(&seed) & 0xf) &
				~0xfULL;
			pmc11 |= (rnd(&seed) % 15 + 1) |
				 (u64)(rnd(&seed) & 3) << EAR_ISM_SHIFT;
			ia64_model_write_pmc(&m, 10, pmc10);
			ia64_model_write_pmc(&m, 11, pmc11 | PMC11_PT);
		}
		ear_clear(&m);
		if (rnd(&seed) & 1) {
			static const unsigned int tlbs[] = {
				IA64_PMU_TLB_L1, IA64_PMU_TLB_VHPT,
				IA64_PMU_TLB_SW,
			};
			struct ia64_pmu_rec_fetch f;

			mt_fetch(&f, 0x40000 + i * 0x20, level,
				 tlbs[rnd(&seed) % 3], lat);
			f.ctx.cpl = cpl;
			f.ctx.isa = isa;
			f.ctx.repeat = repeat;
			if (rnd(&seed) % 5 == 0)
				f.hdr.flags = IA64_PMU_REC_FETCH_PREFETCH;
			want = iear_wants(pmc10, &f);
			mt_run_all(&m, &f);
			CHECK_EQ(iear_valid(&m), want);
			ni += want ? repeat : 0;
		} else {
			struct ia64_pmu_rec_mem r;

			mt_mem(&r, 0x50000 + i * 0x10, 0x90000 + i * 8,
			       rnd(&seed) & 1, level, rnd(&seed) & 3, lat);
			r.ctx.cpl = cpl;
			r.ctx.isa = isa;
			r.ctx.slot = isa ? 0 : rnd(&seed) % 3;
			r.ctx.repeat = repeat;
			want = dear_wants(pmc11, &r);
			mt_run_all(&m, &r);
			CHECK_EQ(dear_valid(&m), want);
			if (want)
				CHECK_EQ(mt_read_frozen(&m, 2),
					 0x90000 + i * 8);
			nd += want ? repeat : 0;
		}
		CHECK_EQ(mt_count(&m, 4), ni);
		CHECK_EQ(mt_count(&m, 5), nd);
		where(&failed, "record", i, 0, 0);
		if (failed)
			break;
	}
	/* the stream has plenty of captures of both EARs */
	CHECK(ni > 100 && nd > 100);
}
