// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito model's event address registers (pmu_model_montecito.c
 * montecito_ears; [PFM-MONT]): the Itanium 2's EARs in PMC37 with
 * PMD34/35 and PMC40 with PMD32/33/36, PMC37 without ism, the D-EAR's
 * TLB and ALAT modes with the ETB on (PMC39 != 0), the counting of the
 * captures, and the driver's PMC images and decoders
 * (ia64_ear_layout_montecito, ia64_pmu_ear.h) on what the model captured.
 *
 * The expected values are written out from the sources here, not taken
 * from the model.
 */
#include "model_test.h"
#include "ia64_pmu_ear.h"

#define MONT		(&ia64_ear_layout_montecito)
#define IP		0x4000000000003000ULL
#define ADDR		0x6000000000008040ULL
#define IEAR_EVENTS	0x43	/* L1I_EAR_EVENTS, on PMD10 */
#define DEAR_EVENTS	0xc8	/* DATA_EAR_EVENTS, on PMD15 */
#define CFG1_DATA(tlb, ldlat) \
	(IA64_PMU_CFG1_EAR_DATA | ((tlb) ? IA64_PMU_CFG1_EAR_TLB : 0) | \
	 ((__u64)(ldlat) << IA64_PMU_CFG1_LDLAT_SHIFT))
#define NA		(PERF_MEM_S(SNOOP, NA) | PERF_MEM_S(LOCK, NA))

/* A Montecito with PMC37 and PMC40 programmed, counting the captures */
static void mear_init(struct ia64_model *m, __u64 pmc37, __u64 pmc40)
{
	static const unsigned int pmds[] = { 32, 33, 34, 35, 36 };
	unsigned int i;

	ia64_model_init(m, IA64_MODEL_MONTECITO);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(m, 10, mt_pmc(IEAR_EVENTS, 0, 0xf, 0));
	ia64_model_write_pmc(m, 15, mt_pmc(DEAR_EVENTS, 0, 0xf, 0));
	ia64_model_write_pmd(m, 10, 0);
	ia64_model_write_pmd(m, 15, 0);
	ia64_model_write_pmc(m, 37, pmc37);
	ia64_model_write_pmc(m, 40, pmc40);
	for (i = 0; i < ARRAY_SIZE(pmds); i++)
		ia64_model_write_pmd(m, pmds[i], 0);
}

static void load(struct ia64_model *m, u64 ip, unsigned int slot,
		 unsigned int level, unsigned int tlb, u32 lat, u32 flags)
{
	struct ia64_pmu_rec_mem r;

	mt_mem(&r, ip, ADDR, IA64_PMU_MEM_LOAD, level, tlb, lat);
	r.ctx.slot = slot;
	r.hdr.flags = flags;
	mt_run_all(m, &r);
}

static bool dear(struct ia64_model *m, __u64 pmc40, struct ia64_ear_data *d)
{
	return ia64_dear_decode(MONT, pmc40, mt_read_frozen(m, 32),
				mt_read_frozen(m, 33), mt_read_frozen(m, 36),
				d);
}

/* PMC37 and PMC40 images: the Itanium 2's fields, PMC37 without ism */
TEST(mont_ear_pmc37_pmc40_of_config1)
{
	CHECK_EQ(MONT->iear_regs.pmc, 37);
	CHECK_EQ(MONT->dear_regs.pmc, 40);
	/* pm 4, ct = 10 (cache), umask 12:5 of LAT32 */
	CHECK_EQ(ia64_ear_pmc(MONT, 0x2 | 40 << 8, 0x8, 0),
		 0x8 | 1ULL << 4 | 1ULL << 13 | 0xf8ULL << 5);
	/* TLB mode: ct = 00, L2 ITLB, VHPT and fault in umask bits 0..2 */
	CHECK_EQ(ia64_ear_pmc(MONT, 0x6, 0x8, 0), 0x8 | 1ULL << 4 | 7ULL << 5);
	/* PMC40: pm 6, mode 8:7, umask 19:16 */
	CHECK_EQ(ia64_ear_pmc(MONT, CFG1_DATA(0, 30), 0x8, 0),
		 0x8 | 1ULL << 6 | 2ULL << 16);
	CHECK_EQ(ia64_ear_pmc(MONT, CFG1_DATA(1, 0), 0x8, 0),
		 0x8 | 1ULL << 6 | 1ULL << 7 | 0xeULL << 16);
	CHECK_EQ(ia64_ear_pmc(MONT, IA64_PMU_CFG1_EAR_DATA |
			      IA64_PMU_CFG1_EAR_ALAT, 0x8, 0),
		 0x8 | 1ULL << 6 | 2ULL << 7);
	/* PMC37 implements 13:0 only: a write of 15:14 reads back 0 */
	{
		struct ia64_model m;

		mear_init(&m, 0x3ULL << 14 | 0x1, 0);
		CHECK_EQ(ia64_model_read_pmc(&m, 37), 0x1);
	}
}

/* The D-EAR's three modes into PMD32/33/36, decoded */
TEST(mont_dear_cache_tlb_alat_decoded)
{
	long long cache = ia64_ear_pmc(MONT, CFG1_DATA(0, 30), 0x1, 0);
	long long tlb = ia64_ear_pmc(MONT, CFG1_DATA(1, 0), 0x1, 0);
	long long alat = ia64_ear_pmc(MONT, IA64_PMU_CFG1_EAR_DATA |
				      IA64_PMU_CFG1_EAR_ALAT, 0x1, 0);
	struct ia64_ear_data d;
	struct ia64_model m;

	CHECK(cache > 0 && tlb > 0 && alat > 0);
	/* below the threshold (30 rounds down to 16): nothing */
	mear_init(&m, 0, cache);
	load(&m, IP, 1, IA64_PMU_LVL_L2, 0, 15, 0);
	CHECK(!dear(&m, cache, &d));
	CHECK_EQ(mt_count(&m, 15), 0);
	/* the second bundle of a window, slot 2, latency 40 */
	load(&m, IP + 0x10, 2, IA64_PMU_LVL_L3, 0, 40, 0);
	CHECK_EQ(mt_read_frozen(&m, 32), ADDR);
	CHECK_EQ(mt_read_frozen(&m, 33), 40 | 1ULL << 14);
	CHECK_EQ(mt_read_frozen(&m, 36), IP | 1ULL << 3 | 1ULL << 2 | 2);
	CHECK(dear(&m, cache, &d));
	CHECK_EQ(d.ip, IP + 0x10 + 2);
	CHECK_EQ(d.addr, ADDR);
	CHECK_EQ(d.weight, 40);
	CHECK_EQ(d.data_src, NA | PERF_MEM_S(OP, LOAD) | PERF_MEM_S(LVL, L1) |
		 PERF_MEM_S(LVL, MISS) | PERF_MEM_S(TLB, NA));
	CHECK_EQ(mt_count(&m, 15), 1);
	/* 13 bits of latency, then the overflow bit */
	load(&m, IP, 0, IA64_PMU_LVL_MEM, 0, 9000, 0);
	CHECK(dear(&m, cache, &d));
	CHECK_EQ(d.weight, 8192);
	/* TLB mode: the level in stat 15:14 */
	mear_init(&m, 0, tlb);
	load(&m, IP, 0, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1, 900, 0);
	CHECK(!dear(&m, tlb, &d));
	load(&m, IP, 0, IA64_PMU_LVL_L1, IA64_PMU_TLB_VHPT, 9, 0);
	CHECK(dear(&m, tlb, &d));
	CHECK_EQ(d.data_src, NA | PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT));
	CHECK_EQ(d.weight, 0);
	/* ALAT mode: a check that missed the ALAT */
	mear_init(&m, 0, alat);
	load(&m, IP, 0, IA64_PMU_LVL_MEM, 0, 900, 0);
	CHECK(!dear(&m, alat, &d));
	load(&m, IP + 0x20, 1, IA64_PMU_LVL_L1, 0, 1,
	     IA64_PMU_REC_MEM_ALAT_MISS);
	CHECK(dear(&m, alat, &d));
	CHECK_EQ(d.ip, IP + 0x20 + 1);
	CHECK_EQ(d.addr, ADDR);
}

/* The I-EAR into PMD34/35: the line, the latency, the TLB level */
TEST(mont_iear_cache_tlb_decoded)
{
	long long cache = ia64_ear_pmc(MONT, 0x2 | (100 << 8), 0x1, 0);
	long long tlb = ia64_ear_pmc(MONT, 0x6, 0x1, 0);
	struct ia64_ear_data d;
	struct ia64_model m;
	struct ia64_pmu_rec_fetch r;

	CHECK(cache > 0 && tlb > 0);
	mear_init(&m, cache, 0);
	mt_fetch(&r, IP + 0x30, IA64_PMU_LVL_L2, 0, 31);
	mt_run_all(&m, &r);
	CHECK_EQ(mt_read_frozen(&m, 34) & 0x3, 0);
	mt_fetch(&r, IP + 0x30, IA64_PMU_LVL_L2, 0, 32);
	mt_run_all(&m, &r);
	CHECK_EQ(mt_read_frozen(&m, 34), (IP + 0x20) | 0x1);
	CHECK_EQ(mt_read_frozen(&m, 35), 32);
	CHECK(ia64_iear_decode(MONT, cache, mt_read_frozen(&m, 34),
			       mt_read_frozen(&m, 35), &d));
	CHECK_EQ(d.addr, IP + 0x20);
	CHECK_EQ(d.weight, 32);
	CHECK_EQ(mt_count(&m, 10), 1);
	mear_init(&m, tlb, 0);
	mt_fetch(&r, IP, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 5);
	mt_run_all(&m, &r);
	CHECK(ia64_iear_decode(MONT, tlb, mt_read_frozen(&m, 34),
			       mt_read_frozen(&m, 35), &d));
	CHECK_EQ(d.data_src, NA | PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, OS));
	/* the EARs' registers read undefined while the PMU runs */
	CHECK_EQ(ia64_model_read_pmd(&m, 34), IA64_MODEL_PMD_UNFROZEN);
	CHECK_EQ(ia64_model_read_pmd(&m, 32), IA64_MODEL_PMD_UNFROZEN);
}

/*
 * The D-EAR's TLB and ALAT modes need PMC39 = 0 ([PFM-MONT]):
 * with the ETB's PMC not 0, a miss right after a mispredicted branch
 * names the branch (MODEL, as on the Itanium 2); with PMC39 = 0, the load
 */
TEST(mont_dear_tlb_mode_needs_pmc39_zero)
{
	const u64 br_ip = IP + 0x230;
	const u64 wrong = (br_ip & ~0x1fULL) | 0x4 | 0x8 | 2;
	const u64 right = IP | 0x8 | 1;
	long long tlb = ia64_ear_pmc(MONT, CFG1_DATA(1, 0), 0x1, 0);
	struct ia64_model m;
	u8 buf[96];

	mear_init(&m, 0, tlb);
	ia64_model_write_pmc(&m, 39, 0x41);	/* the ETB at rest, not 0 */
	mt_branch(buf, br_ip, 2, IP + 0x400, IA64_PMU_REC_BR_TAKEN |
		  IA64_PMU_REC_BR_MISPRED_PATH, 0);
	mt_run_all(&m, buf);
	load(&m, IP, 1, IA64_PMU_LVL_L1, IA64_PMU_TLB_L2, 5, 0);
	CHECK_EQ(mt_read_frozen(&m, 36), wrong);
	ia64_model_write_pmc(&m, 39, 0);
	mt_run_all(&m, buf);
	load(&m, IP, 1, IA64_PMU_LVL_L1, IA64_PMU_TLB_L2, 5, 0);
	CHECK_EQ(mt_read_frozen(&m, 36), right);
	/* PMC12, a counter here, has nothing to do with it */
	ia64_model_write_pmc(&m, 12, 0x41);
	mt_run_all(&m, buf);
	load(&m, IP, 1, IA64_PMU_LVL_L1, IA64_PMU_TLB_L2, 5, 0);
	CHECK_EQ(mt_read_frozen(&m, 36), right);
}
