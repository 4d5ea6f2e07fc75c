// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's qualification encodings (drivers/perf/ia64/ia64_pmu_qual.h)
 * against the model: the PMC8 image of the opc_* fields matches what they
 * promise ([ITA-RM] §6.2.5), config2 decodes to its range (§6.2.6), and
 * the worst case of a file range placed at page granularity.
 */
#include "model_test.h"
#include "ia64_pmu_qual.h"
#include "ia64_pmu_range.h"

#define TAG8_ES		0x08
#define IP		0x4000000000001000ULL
#define OPC_CARE(c)	((__u64)(c) << IA64_PMU_CFG1_OPC_CARE_SHIFT)
#define OPC_MATCH(m)	((__u64)(m) << IA64_PMU_CFG_OPC_MATCH_SHIFT)
#define OPC_TYPES(t)	((__u64)(t) << IA64_PMU_CFG1_OPC_TYPES_SHIFT)

/* Is one instruction counted by IA64_TAGGED_INST_RETIRED under @pmc8? */
static bool tagged(__u64 pmc8, unsigned int itype, __u64 enc)
{
	struct ia64_model m;
	u8 buf[64];

	mt_init(&m);
	ia64_model_write_pmc(&m, 8, pmc8);
	ia64_model_write_pmc(&m, 4, mt_pmc(TAG8_ES, 0x3, 0xf, 0));
	ia64_model_write_pmd(&m, 4, 0);
	mt_inst(buf, IP, 0, itype, enc, 1, 3, IA64_PMU_ISA_IA64);
	mt_run_all(&m, buf);
	return mt_count(&m, 4) == 1;
}

/* The default fields are the reset value, and it matches everything */
TEST(qual_opc_default_is_reset)
{
	CHECK(ia64_opc_default(0, 0));
	__u64 pmc = 0;

	CHECK_EQ(ia64_opc_pmc(0, 0, &pmc), 0);
	CHECK_EQ(pmc, IA64_OPC_RESET);
	CHECK_EQ(IA64_OPC_RESET, 0xf00000003ffffff8ULL);
	CHECK(tagged(IA64_OPC_RESET, IA64_PMU_ITYPE_B, 0x1ffffffffffULL));
	CHECK(tagged(IA64_OPC_RESET, IA64_PMU_ITYPE_M, 0));
	CHECK(!ia64_opc_default(OPC_MATCH(1), 0));
	CHECK(!ia64_opc_default(0, OPC_TYPES(1)));
	/* EAR fields are not opcode fields */
	CHECK(ia64_opc_default(0, IA64_PMU_CFG1_EAR_DATA));
}

/* Each type bit selects its syllable type (m 54, i 53, f 52, b 51) */
TEST(qual_opc_types)
{
	static const unsigned int itype[] = {
		IA64_PMU_ITYPE_B, IA64_PMU_ITYPE_F, IA64_PMU_ITYPE_I,
		IA64_PMU_ITYPE_M,
	};
	unsigned int t, i;

	for (t = 0; t < 4; t++) {
		__u64 pmc = 0;

		CHECK_EQ(ia64_opc_pmc(0, OPC_TYPES(1U << t), &pmc), 0);
		for (i = 0; i < 4; i++)
			CHECK(tagged(pmc, itype[i], 0) == (i == t));
	}
}

/* Care bits: encoding 40:27 and 12:0; bits 26:13 are never compared */
TEST(qual_opc_match_care)
{
	__u64 care = (0x3fffULL << 13) | 0x1fff;
	__u64 enc = (0x2a5bULL << 27) | (0x1555ULL << 13) | 0x0abc;
	__u64 field = (0x2a5bULL << 13) | 0x0abc;
	__u64 pmc = 0;

	CHECK_EQ(ia64_opc_pmc(OPC_MATCH(field), OPC_CARE(care), &pmc), 0);
	CHECK(tagged(pmc, IA64_PMU_ITYPE_I, enc));
	CHECK(tagged(pmc, IA64_PMU_ITYPE_I, enc ^ (1ULL << 20)));
	CHECK(!tagged(pmc, IA64_PMU_ITYPE_I, enc ^ (1ULL << 40)));
	CHECK(!tagged(pmc, IA64_PMU_ITYPE_I, enc ^ 1));
	/* a bit not cared about matches both ways */
	CHECK_EQ(ia64_opc_pmc(OPC_MATCH(field & ~1ULL), OPC_CARE(care & ~1ULL),
			      &pmc), 0);
	CHECK(tagged(pmc, IA64_PMU_ITYPE_I, enc ^ 1));
	/* matching a bit that is not cared about: refused */
	CHECK_EQ(ia64_opc_pmc(OPC_MATCH(1), 0, &pmc), (__u64)-EINVAL);
}

TEST(qual_drange_decode)
{
	__u64 s, e;

	CHECK_EQ(ia64_drange_decode(0x6017ff, &s, &e), 0);
	CHECK_EQ(s, 0x601000);
	CHECK_EQ(e, 0x602000);
	CHECK_EQ(ia64_drange_decode(0x600000, &s, &e), 0);	/* 2 bytes */
	CHECK_EQ(s, 0x600000);
	CHECK_EQ(e, 0x600002);
	/* the top of the address space: end wraps to 0 (2^64) */
	CHECK_EQ(ia64_drange_decode(0xffffffffffffefffULL, &s, &e), 0);
	CHECK_EQ(s, 0xffffffffffffe000ULL);
	CHECK_EQ(e, 0);
	CHECK_EQ(ia64_drange_decode(0, &s, &e), (__u64)-EINVAL);
	CHECK_EQ(ia64_drange_decode(~0ULL, &s, &e), (__u64)-EINVAL);
	CHECK_EQ(ia64_drange_decode(~0ULL >> 1, &s, &e), (__u64)-EINVAL);
}

/* Brute force: every page-granular placement of a few ranges */
TEST(qual_range_worst_blocks)
{
	static const struct { __u64 off, size; } t[] = {
		{ 0x10, 0x20 }, { 0x0, 0x1000 }, { 0xff0, 0x20 },
		{ 0x800, 0x1800 }, { 0x123, 0x4567 }, { 0x0, 0x10000 },
	};
	unsigned int i, worst, n;
	__u64 j;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		worst = 0;
		for (j = 0; j < 4096; j++) {
			n = ia64_range_blocks(t[i].off + j * 0x1000, t[i].size);
			if (n > worst)
				worst = n;
		}
		CHECK_EQ(ia64_range_worst_blocks(t[i].off, t[i].size, 0x1000),
			 worst);
	}
	/* within a page: fixed by the offset */
	CHECK_EQ(ia64_range_worst_blocks(0x1000, 0x1000, 0x1000), 1);
	CHECK_EQ(ia64_range_blocks(0x1010, 0xfe0), 14);
	/* the cover never needs more than the blocks of the range */
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct ia64_range r = { IP + t[i].off, IP + t[i].off + t[i].size };
		struct ia64_range_pair p[IA64_RANGE_PAIRS];
		int ret = ia64_range_cover(&r, 1, p, IA64_RANGE_PAIRS, false,
					   NULL);

		n = ia64_range_blocks(r.start, t[i].size);
		CHECK(n > IA64_RANGE_PAIRS ? ret < 0 : ret == (int)n);
	}
}
