// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's EAR code (drivers/perf/ia64/ia64_pmu_ear.h) against the
 * model: the PMC10/PMC11 image of each config1 captures what it promises
 * ([ITA-RM] Tables 6-12, 6-14, 6-17, 6-19), and the decoders turn the
 * model's PMD0/1 and PMD2/3/17 (Tables 6-13, 6-15, 6-18, 6-20) into the
 * sample perf expects.
 */
#include "model_test.h"
#include "ia64_pmu_ear.h"

#define ITA	(&ia64_ear_layout_itanium)

#define IP	0x4000000000003000ULL		/* mt_mem(): slot 1, cpl 0 */
#define ADDR	0x6000000000008040ULL
#define CFG1(tlb, mask, ldlat) \
	(IA64_PMU_CFG1_EAR_DATA | ((tlb) ? IA64_PMU_CFG1_EAR_TLB : 0) | \
	 ((__u64)(mask) << IA64_PMU_CFG1_TLBMASK_SHIFT) | \
	 ((__u64)(ldlat) << IA64_PMU_CFG1_LDLAT_SHIFT))

/* One access under PMC11 = @pmc11, decoded as the driver does */
static bool dear_run(__u64 pmc11, unsigned int op, unsigned int level,
		     unsigned int tlb, u32 lat, struct ia64_ear_data *d)
{
	struct ia64_model m;
	u8 buf[64];

	mt_init(&m);
	ia64_model_write_pmc(&m, IA64_DEAR_PMC, pmc11);
	ia64_model_write_pmd(&m, IA64_DEAR_PMD_IP, 0);
	mt_mem(buf, IP, ADDR, op, level, tlb, lat);
	mt_run_all(&m, buf);
	return ia64_dear_decode(ITA, pmc11, mt_read_frozen(&m, 2),
				mt_read_frozen(&m, 3), mt_read_frozen(&m, 17),
				d);
}

/* ldlat rounds down to a threshold of Table 6-17, at least 4 */
TEST(dear_ldlat_rounds_down_to_table_6_17)
{
	static const struct { unsigned int ldlat, code; } t[] = {
		{ 0, 0 }, { 1, 0 }, { 4, 0 }, { 7, 0 }, { 8, 1 }, { 30, 2 },
		{ 32, 3 }, { 128, 5 }, { 4095, 9 }, { 4096, 10 },
		{ 0xffff, 10 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++)
		CHECK_EQ(ia64_dear_lat_code(t[i].ldlat), t[i].code);
}

/* config1 -> PMC11 (Figure 6-20), and every malformed config1 */
TEST(dear_pmc11_of_config1)
{
	__u64 base = IA64_PMC11_PT | IA64_PMC11_PM | 0x8;

	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(0, 0, 30), 0x8, 0), base | 2ULL << 16);
	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(0, 0, 0), 0x9, 2),
		 base | 0x1 | 2ULL << 24);
	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(1, 0, 0), 0x8, 0),
		 base | IA64_PMC11_TLB | 0xeULL << 16);
	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(1, 0x4, 0), 0x8, 0),
		 base | IA64_PMC11_TLB | 0x4ULL << 16);
	CHECK_EQ(ia64_ear_pmc(ITA, 0x3, 8, 0), (__u64)-EINVAL);
	/* the I-EAR: PMC10 has no pt; Table 6-14 bits 1:0 refused */
	CHECK_EQ(ia64_ear_pmc(ITA, 0x2 | (30 << 8), 0x8, 0),
		 IA64_PMC11_PM | 0x8 | 2ULL << 16);
	CHECK_EQ(ia64_ear_pmc(ITA, 0x6, 0x8, 0),
		 IA64_PMC11_PM | 0x8 | IA64_PMC11_TLB | 0xcULL << 16);
	CHECK_EQ(ia64_ear_pmc(ITA, 0x6 | (0x2 << 4), 8, 0), (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA, IA64_PMU_CFG1_EAR_TLB, 8, 0),
		 (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(0, 0x2, 0), 8, 0), (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(1, 0x1, 0), 8, 0), (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(1, 0, 30), 8, 0), (__u64)-EINVAL);
	/* the ALAT mode: no such mode on the Itanium */
	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(0, 0, 0) | 1ULL << 3, 8, 0),
		 (__u64)-EOPNOTSUPP);
	CHECK_EQ(ia64_ear_pmc(ITA, CFG1(0, 0, 0) | 1ULL << 40, 8, 0),
		 (__u64)-EINVAL);
}

/* Cache mode on the model: threshold, loads only, exact decode */
TEST(dear_cache_mode_decoded)
{
	long long pmc11 = ia64_ear_pmc(ITA, CFG1(0, 0, 30), 0x1, 0);
	struct ia64_ear_data d;

	CHECK(pmc11 > 0);
	CHECK(!dear_run(pmc11, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L2,
			IA64_PMU_TLB_L1, 15, &d));		/* < 16 */
	CHECK(!dear_run(pmc11, IA64_PMU_MEM_STORE, IA64_PMU_LVL_MEM,
			IA64_PMU_TLB_L1, 300, &d));
	CHECK(!dear_run(pmc11, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1,
			IA64_PMU_TLB_L1, 300, &d));
	CHECK(dear_run(pmc11, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L3,
		       IA64_PMU_TLB_L1, 16, &d));
	CHECK_EQ(d.ip, IP + 1);
	CHECK_EQ(d.addr, ADDR);
	CHECK_EQ(d.weight, 16);
	CHECK_EQ(d.data_src, PERF_MEM_S(OP, LOAD) | PERF_MEM_S(LVL, L1) |
		 PERF_MEM_S(LVL, MISS) | PERF_MEM_S(SNOOP, NA) |
		 PERF_MEM_S(LOCK, NA) | PERF_MEM_S(TLB, NA));
}

/* TLB mode on the model: each level of Table 6-20, loads and stores */
TEST(dear_tlb_mode_decoded)
{
	static const __u64 tlb_src[4] = {
		[IA64_PMU_TLB_L2] = PERF_MEM_S(TLB, L2) | PERF_MEM_S(TLB, HIT),
		[IA64_PMU_TLB_VHPT] = PERF_MEM_S(TLB, WK) |
				      PERF_MEM_S(TLB, HIT),
		[IA64_PMU_TLB_SW] = PERF_MEM_S(TLB, OS),
	};
	long long pmc11 = ia64_ear_pmc(ITA, CFG1(1, 0, 0), 0x1, 0);
	struct ia64_ear_data d;
	unsigned int tlb, op;

	CHECK(!dear_run(pmc11, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_MEM,
			IA64_PMU_TLB_L1, 300, &d));
	for (tlb = IA64_PMU_TLB_L2; tlb <= IA64_PMU_TLB_SW; tlb++)
		for (op = 0; op < 2; op++) {
			CHECK(dear_run(pmc11, op, IA64_PMU_LVL_L1, tlb, 5,
				       &d));
			CHECK_EQ(d.addr, ADDR);
			CHECK_EQ(d.weight, 0);
			CHECK_EQ(d.data_src, tlb_src[tlb] |
				 PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
				 PERF_MEM_S(SNOOP, NA) | PERF_MEM_S(LOCK, NA));
		}
	/* a mask selects: only software-handled misses */
	pmc11 = ia64_ear_pmc(ITA, CFG1(1, 0x8, 0), 0x1, 0);
	CHECK(!dear_run(pmc11, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1,
			IA64_PMU_TLB_VHPT, 5, &d));
	CHECK(dear_run(pmc11, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1,
		       IA64_PMU_TLB_SW, 5, &d));
}

/* The I-EAR on the model: cache line, fetch latency, ITLB outcome */
static bool iear_run(__u64 pmc10, unsigned int level, unsigned int tlb,
		     u32 lat, struct ia64_ear_data *d)
{
	struct ia64_model m;
	u8 buf[64];

	mt_init(&m);
	ia64_model_write_pmc(&m, IA64_IEAR_PMC, pmc10);
	ia64_model_write_pmd(&m, IA64_IEAR_PMD_ADDR, 0);
	mt_fetch(buf, IP + 0x30, level, tlb, lat);
	mt_run_all(&m, buf);
	return ia64_iear_decode(ITA, pmc10, mt_read_frozen(&m, 0),
				mt_read_frozen(&m, 1), d);
}

TEST(iear_decoded)
{
	long long cache = ia64_ear_pmc(ITA, 0x2 | (64 << 8), 0x1, 0);
	long long tlb = ia64_ear_pmc(ITA, 0x6, 0x1, 0);
	struct ia64_ear_data d;

	CHECK(cache > 0 && tlb > 0);
	CHECK(!iear_run(cache, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 63, &d));
	CHECK(!iear_run(cache, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 99, &d));
	CHECK(iear_run(cache, IA64_PMU_LVL_L3, IA64_PMU_TLB_L1, 64, &d));
	CHECK_EQ(d.addr, IP + 0x20);		/* the 32-byte line */
	CHECK_EQ(d.weight, 64);
	CHECK_EQ(d.ip, 0);
	CHECK_EQ(d.data_src, PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, L1) |
		 PERF_MEM_S(LVL, MISS) | PERF_MEM_S(SNOOP, NA) |
		 PERF_MEM_S(LOCK, NA) | PERF_MEM_S(TLB, NA));
	CHECK(!iear_run(tlb, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 5, &d));
	CHECK(iear_run(tlb, IA64_PMU_LVL_L1, IA64_PMU_TLB_VHPT, 5, &d));
	CHECK_EQ(d.data_src, PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT) |
		 PERF_MEM_S(SNOOP, NA) | PERF_MEM_S(LOCK, NA));
	CHECK(iear_run(tlb, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 5, &d));
	CHECK_EQ(d.data_src, PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, OS) | PERF_MEM_S(SNOOP, NA) |
		 PERF_MEM_S(LOCK, NA));
	CHECK_EQ(d.weight, 0);
}

/* The Itanium 2 layout ([PFM-I2]) */
#define ITA2	(&ia64_ear_layout_itanium2)
#define I2_PM10	(1ULL << 4)
#define I2_CT(x) ((__u64)(x) << 12)

/* An Itanium 2 model with PMC10 and PMC11 programmed, EAR PMDs clear */
static void ita2_ear_init(struct ia64_model *m, __u64 pmc10, __u64 pmc11)
{
	static const unsigned int pmds[] = { 0, 1, 2, 3, 17 };
	unsigned int i;

	ia64_model_init(m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(m, IA64_IEAR_PMC, pmc10);
	ia64_model_write_pmc(m, IA64_DEAR_PMC, pmc11);
	for (i = 0; i < ARRAY_SIZE(pmds); i++)
		ia64_model_write_pmd(m, pmds[i], 0);
}

/* config1 -> PMC10 on the Itanium 2: ct, its own thresholds, TLB bits */
TEST(ita2_pmc10_of_config1)
{
	static const struct { unsigned int ldlat, umask; } t[] = {
		{ 0, 0xff }, { 7, 0xff }, { 8, 0xfe }, { 16, 0xfc },
		{ 40, 0xf8 }, { 64, 0xf8 }, { 127, 0xf8 }, { 128, 0xf0 },
		{ 600, 0xe0 }, { 2048, 0xc0 }, { 4096, 0x80 },
		{ 0xffff, 0x80 },
	};
	__u64 base = I2_PM10 | 0x8;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++)
		CHECK_EQ(ia64_ear_pmc(ITA2, 0x2 | (__u64)t[i].ldlat << 8,
				      0x8, 0),
			 base | I2_CT(2) | (__u64)t[i].umask << 5);
	/* ism at 15:14 */
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x2, 0x1, 2),
		 I2_PM10 | 0x1 | I2_CT(2) | 0xffULL << 5 | 2ULL << 14);
	/* TLB mode, ct = 00: L2 ITLB, VHPT, fault are umask bits 0..2 */
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x6, 0x8, 0), base | 0x7ULL << 5);
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x6 | 0x2 << 4, 0x8, 0),
		 base | 0x1ULL << 5);
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x6 | 0x8 << 4, 0x8, 0),
		 base | 0x4ULL << 5);
	/* malformed */
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x6 | 0x1 << 4, 0x8, 0), (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x6 | 30 << 8, 0x8, 0), (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x2 | 0x4 << 4, 0x8, 0), (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x2 | IA64_PMU_CFG1_EAR_ALAT, 0x8, 0),
		 (__u64)-EINVAL);
	/* the Itanium's I-EAR has no L2 ITLB bit */
	CHECK_EQ(ia64_ear_pmc(ITA, 0x6 | 0x2 << 4, 0x8, 0), (__u64)-EINVAL);
}

/* config1 -> PMC11 on the Itanium 2: no pt; the ALAT mode */
TEST(ita2_pmc11_of_config1)
{
	__u64 base = IA64_PMC11_PM | 0x8;
	__u64 alat = IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_ALAT;

	CHECK_EQ(ia64_ear_pmc(ITA2, CFG1(0, 0, 30), 0x8, 0), base | 2ULL << 16);
	CHECK_EQ(ia64_ear_pmc(ITA2, CFG1(0, 0, 4096), 0x8, 1),
		 base | 10ULL << 16 | 1ULL << 24);
	CHECK_EQ(ia64_ear_pmc(ITA2, CFG1(1, 0, 0), 0x8, 0),
		 base | 1ULL << 7 | 0xeULL << 16);
	CHECK_EQ(ia64_ear_pmc(ITA2, alat, 0x8, 0), base | 2ULL << 7);
	CHECK_EQ(ia64_ear_pmc(ITA2, alat | IA64_PMU_CFG1_EAR_TLB, 0x8, 0),
		 (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA2, alat | 4ULL << 8, 0x8, 0),
		 (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA2, alat | 0x2ULL << 4, 0x8, 0),
		 (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA2, CFG1(1, 0x1, 0), 8, 0), (__u64)-EINVAL);
	CHECK_EQ(ia64_ear_pmc(ITA2, 0x3, 8, 0), (__u64)-EINVAL);
}

/* One access on the Itanium 2 model, decoded as the driver does */
static bool ita2_dear_run(__u64 pmc11, unsigned int slot, __u64 ip,
			  unsigned int level, unsigned int tlb, u32 lat,
			  u32 flags, struct ia64_ear_data *d)
{
	struct ia64_pmu_rec_mem *r;
	struct ia64_model m;
	u8 buf[64];

	ita2_ear_init(&m, 0, pmc11);
	mt_mem(buf, ip, ADDR, IA64_PMU_MEM_LOAD, level, tlb, lat);
	r = (struct ia64_pmu_rec_mem *)buf;
	r->ctx.slot = slot;
	r->hdr.flags = flags;
	mt_run_all(&m, buf);
	return ia64_dear_decode(ITA2, pmc11, mt_read_frozen(&m, 2),
				mt_read_frozen(&m, 3), mt_read_frozen(&m, 17),
				d);
}

TEST(ita2_dear_decoded_cache_tlb_alat)
{
	long long cache = ia64_ear_pmc(ITA2, CFG1(0, 0, 30), 0x1, 0);
	long long tlb = ia64_ear_pmc(ITA2, CFG1(1, 0, 0), 0x1, 0);
	long long alat = ia64_ear_pmc(ITA2, IA64_PMU_CFG1_EAR_DATA |
				      IA64_PMU_CFG1_EAR_ALAT, 0x1, 0);
	__u64 na = PERF_MEM_S(SNOOP, NA) | PERF_MEM_S(LOCK, NA);
	struct ia64_ear_data d;

	CHECK(cache > 0 && tlb > 0 && alat > 0);
	CHECK(!ita2_dear_run(cache, 1, IP, IA64_PMU_LVL_L2, 0, 15, 0, &d));
	/* the second bundle of a window, slot 2 */
	CHECK(ita2_dear_run(cache, 2, IP + 0x10, IA64_PMU_LVL_L3, 0, 40, 0,
			    &d));
	CHECK_EQ(d.ip, IP + 0x10 + 2);
	CHECK_EQ(d.addr, ADDR);
	CHECK_EQ(d.weight, 40);
	CHECK_EQ(d.data_src, na | PERF_MEM_S(OP, LOAD) |
		 PERF_MEM_S(LVL, L1) | PERF_MEM_S(LVL, MISS) |
		 PERF_MEM_S(TLB, NA));
	/* 13 bits, then the overflow bit: at least 8192 */
	CHECK(ita2_dear_run(cache, 0, IP, IA64_PMU_LVL_MEM, 0, 8191, 0, &d));
	CHECK_EQ(d.weight, 8191);
	CHECK(ita2_dear_run(cache, 0, IP, IA64_PMU_LVL_MEM, 0, 9000, 0, &d));
	CHECK_EQ(d.weight, 8192);
	/* TLB mode: the level of stat 15:14 */
	CHECK(!ita2_dear_run(tlb, 0, IP, IA64_PMU_LVL_MEM, 0, 900, 0, &d));
	CHECK(ita2_dear_run(tlb, 0, IP, 0, IA64_PMU_TLB_L2, 9, 0, &d));
	CHECK_EQ(d.data_src, na | PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, L2) | PERF_MEM_S(TLB, HIT));
	CHECK(ita2_dear_run(tlb, 0, IP, 0, IA64_PMU_TLB_VHPT, 9, 0, &d));
	CHECK_EQ(d.data_src, na | PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT));
	CHECK(ita2_dear_run(tlb, 0, IP, 0, IA64_PMU_TLB_SW, 9, 0, &d));
	CHECK_EQ(d.data_src, na | PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, OS));
	CHECK_EQ(d.weight, 0);
	/* ALAT mode: the address and the instruction, nothing else */
	CHECK(!ita2_dear_run(alat, 0, IP, IA64_PMU_LVL_MEM, 3, 900, 0, &d));
	CHECK(ita2_dear_run(alat, 1, IP + 0x20, 0, 0, 1,
			    IA64_PMU_REC_MEM_ALAT_MISS, &d));
	CHECK_EQ(d.ip, IP + 0x20 + 1);
	CHECK_EQ(d.addr, ADDR);
	CHECK_EQ(d.weight, 0);
	CHECK_EQ(d.data_src, na | PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, NA));
}

static bool ita2_iear_run(__u64 pmc10, unsigned int level, unsigned int tlb,
			  u32 lat, struct ia64_ear_data *d)
{
	struct ia64_model m;
	u8 buf[64];

	ita2_ear_init(&m, pmc10, 0);
	mt_fetch(buf, IP + 0x30, level, tlb, lat);
	mt_run_all(&m, buf);
	return ia64_iear_decode(ITA2, pmc10, mt_read_frozen(&m, 0),
				mt_read_frozen(&m, 1), d);
}

TEST(ita2_iear_decoded)
{
	long long cache = ia64_ear_pmc(ITA2, 0x2 | (100 << 8), 0x1, 0);
	long long tlb = ia64_ear_pmc(ITA2, 0x6, 0x1, 0);
	__u64 na = PERF_MEM_S(SNOOP, NA) | PERF_MEM_S(LOCK, NA);
	struct ia64_ear_data d;

	CHECK(cache > 0 && tlb > 0);
	/* 100 rounds down to 32 */
	CHECK(!ita2_iear_run(cache, IA64_PMU_LVL_L2, 0, 31, &d));
	CHECK(ita2_iear_run(cache, IA64_PMU_LVL_L2, 0, 32, &d));
	CHECK_EQ(d.addr, IP + 0x20);
	CHECK_EQ(d.weight, 32);
	CHECK_EQ(d.ip, 0);
	CHECK_EQ(d.data_src, na | PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, L1) |
		 PERF_MEM_S(LVL, MISS) | PERF_MEM_S(TLB, NA));
	CHECK(ita2_iear_run(cache, IA64_PMU_LVL_MEM, 0, 5000, &d));
	CHECK_EQ(d.weight, 4096);		/* overflow: at least 4096 */
	CHECK(!ita2_iear_run(tlb, IA64_PMU_LVL_L1, 0, 5, &d));
	CHECK(ita2_iear_run(tlb, IA64_PMU_LVL_L1, IA64_PMU_TLB_VHPT, 5, &d));
	CHECK_EQ(d.data_src, na | PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT));
	CHECK(ita2_iear_run(tlb, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 5, &d));
	CHECK_EQ(d.data_src, na | PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
		 PERF_MEM_S(TLB, OS));
	CHECK_EQ(d.weight, 0);
}

/* The PMC values the driver parks the EARs at capture nothing */
TEST(ear_rest_captures_nothing_both_models)
{
	const struct ia64_ear_layout *l[2] = { ITA, ITA2 };
	struct ia64_model m;
	unsigned int i;
	u8 buf[64];

	for (i = 0; i < 2; i++) {
		if (i)
			ita2_ear_init(&m, l[i]->iear_rest,
				      IA64_PMC11_REST | l[i]->dear_pt);
		else {
			mt_init(&m);
			ia64_model_write_pmc(&m, 10, l[i]->iear_rest);
			ia64_model_write_pmc(&m, 11,
					     IA64_PMC11_REST | l[i]->dear_pt);
			ia64_model_write_pmd(&m, 0, 0);
			ia64_model_write_pmd(&m, 17, 0);
		}
		mt_fetch(buf, IP, IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW, 5000);
		mt_run_all(&m, buf);
		mt_mem(buf, IP, ADDR, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_MEM,
		       IA64_PMU_TLB_SW, 5000);
		mt_run_all(&m, buf);
		CHECK_EQ(mt_read_frozen(&m, 0) & l[i]->pmd0_valid, 0);
		CHECK_EQ(mt_read_frozen(&m, 17) & l[i]->pmd17_valid, 0);
		CHECK_EQ(m.stats.ear_captures, 0);
	}
}
