// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's Itanium 2 qualification encodings (ia64_pmu_qual.h,
 * [PFM-I2]) against the Itanium 2 model: PMC13 and PMC14 images, the
 * fine-mode rule with its erratum, and that the setting the driver picks
 * for a range tags exactly the bundles it says it does.
 */
#include "model_test.h"
#include "ia64_pmu_qual.h"
#include "ia64_pmu_range.h"

#define TAGGED		0x08
#define ENABLE		(1ULL << 23)

/*
 * Bundles in [from, to) that IA64_TAGGED_INST_RETIRED_IBRP@p counts
 * with IBR pair @p (and @p + 2 in fine mode) programmed as @c, PMC14 as
 * the driver writes it and PMC8/9 with ig_ad = 0 and @inv
 */
static unsigned int bundles(const struct ia64_irange2 *c, unsigned int p,
			    bool inv, __u64 from, __u64 to)
{
	struct ia64_model m;
	__u64 opc = (IA64_OPC2_RESET & ~IA64_OPC2_IG_AD) |
		    (inv ? IA64_OPC2_INV : 0);
	u8 buf[64];
	__u64 ip;

	ia64_model_init(&m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(&m, 0, 0);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(&m, 4, mt_pmc(TAGGED, p, 0xf, 0) | ENABLE);
	ia64_model_write_pmd(&m, 4, 0);
	ia64_model_write_pmc(&m, 8, opc);
	ia64_model_write_pmc(&m, 9, opc);
	ia64_model_write_pmc(&m, 14, ia64_pmc14(1U << p, c->fine));
	ia64_model_write_ibr(&m, 2 * p, c->pair[0].base);
	ia64_model_write_ibr(&m, 2 * p + 1, c->pair[0].mask | IA64_BR_PLM_ALL);
	if (c->fine) {
		ia64_model_write_ibr(&m, 2 * p + 4, c->pair[1].base);
		ia64_model_write_ibr(&m, 2 * p + 5,
				     c->pair[1].mask | IA64_BR_PLM_ALL);
	}
	for (ip = from; ip < to; ip += 16) {
		mt_inst(buf, ip, 0, IA64_PMU_ITYPE_M, 0, 1, 3,
			IA64_PMU_ISA_IA64);
		mt_run_all(&m, buf);
	}
	return mt_count(&m, 4);
}

TEST(qual2_pmc14_pmc13_images)
{
	u8 none[4] = { 3, 3, 3, 3 };
	u8 cfg[4] = { IA64_PMC13_2_CFG_IO, IA64_PMC13_2_CFG_DBR,
		      IA64_PMC13_2_CFG_IOD, IA64_PMC13_2_CFG_NONE };

	/* perfmon's defaults are "no pair restricts" */
	CHECK_EQ(ia64_pmc14(0, false), 0x0db60db60db60db6ULL);
	CHECK_EQ(ia64_pmc14(0x5, true),
		 (0x0db60db60db60db6ULL & ~0x82ULL) | 0x2000);
	CHECK_EQ(ia64_pmc14(0xa, false), 0x0db60db60db60db6ULL & ~0x410ULL);
	CHECK_EQ(ia64_pmc13_2(1, none), IA64_PMC13_2_RESET);
	CHECK_EQ(ia64_pmc13_2(0x7, cfg),
		 (IA64_PMC13_2_RESET & ~0x1e00018181818ULL) |
		 (0x1ULL << 3) | (0x2ULL << 11) | (0x0ULL << 19) |
		 (0x3ULL << 27) | (0x7ULL << 45));
}

/* PMC8 matches on pairs 0 and 2, PMC9 on pairs 1 and 3 */
TEST(qual2_opcode_matchers_of_pairs)
{
	CHECK_EQ(ia64_qual_matchers_of(0), 0);
	CHECK_EQ(ia64_qual_matchers_of(0x1), 1);
	CHECK_EQ(ia64_qual_matchers_of(0x4), 1);
	CHECK_EQ(ia64_qual_matchers_of(0x2), 2);
	CHECK_EQ(ia64_qual_matchers_of(0x8), 2);
	CHECK_EQ(ia64_qual_matchers_of(0x6), 3);
	CHECK_EQ(ia64_qual_matchers_of(0xf), 3);
}

TEST(qual2_fine_range_rule)
{
	__u64 lo, hi, extra;

	CHECK_EQ(ia64_fine_range(0x4020, 0x4080, &lo, &hi, &extra), 0);
	CHECK_EQ(lo, 0x4020);
	CHECK_EQ(hi, 0x4070);
	CHECK_EQ(extra, 0);
	/* the erratum: a bound inside a two-bundle pair widens to it */
	CHECK_EQ(ia64_fine_range(0x4010, 0x4030, &lo, &hi, &extra), 0);
	CHECK_EQ(extra, 0x20);
	CHECK_EQ(ia64_fine_range(0x4003, 0x4005, &lo, &hi, &extra), 0);
	CHECK_EQ(extra, 0x1e);
	/* a whole 4 KB page qualifies, one byte more does not */
	CHECK_EQ(ia64_fine_range(0x4000, 0x5000, &lo, &hi, &extra), 0);
	CHECK_EQ(extra, 0);
	CHECK_EQ(ia64_fine_range(0x4000, 0x5001, &lo, &hi, &extra), -EINVAL);
	CHECK_EQ(ia64_fine_range(0x4ff0, 0x5010, &lo, &hi, &extra), -EINVAL);
	CHECK_EQ(ia64_fine_range(0x4000, 0x4000, &lo, &hi, &extra), -EINVAL);
	/* bits 60:51 not copies of bit 50: no IBR matches it */
	CHECK_EQ(ia64_fine_range(1ULL << 55, (1ULL << 55) + 0x20, &lo, &hi,
				 &extra), -EINVAL);
}

/* Fine mode, exact: the bundles of the range and no other */
TEST(qual2_fine_exact_counts)
{
	struct ia64_irange2 c;
	unsigned int p;

	for (p = 0; p < 2; p++) {
		CHECK_EQ(ia64_irange2_cover(0x4020, 0x4080, true, false, &c),
			 0);
		CHECK(c.fine);
		CHECK_EQ(c.extra, 0);
		CHECK_EQ(bundles(&c, p, false, 0x3f00, 0x4200), 6);
		/* inverted: the others */
		CHECK_EQ(bundles(&c, p, true, 0x3f00, 0x4200), 0x30 - 6);
	}
}

/*
 * Fine mode with the erratum: a range not exact there and not one
 * aligned block is rounded out to the two-bundle granularity, with or
 * without irange_approx
 */
TEST(qual2_fine_erratum_rounds_out)
{
	struct ia64_irange2 c;

	CHECK_EQ(ia64_irange2_cover(0x4010, 0x4030, true, false, &c), 0);
	CHECK(c.fine);
	CHECK_EQ(c.extra, 0x20);
	CHECK_EQ(ia64_irange2_cover(0x4010, 0x4030, true, true, &c), 0);
	CHECK(c.fine);
	CHECK_EQ(c.extra, 0x20);
	CHECK_EQ(bundles(&c, 0, false, 0x3f00, 0x4200),
		 (0x20 + c.extra) / 16);
	/* one aligned block: exact with one pair, not fine */
	CHECK_EQ(ia64_irange2_cover(0x4010, 0x4020, true, false, &c), 0);
	CHECK(!c.fine);
	CHECK_EQ(bundles(&c, 0, false, 0x3f00, 0x4200), 1);
}

/* Mask mode: pairs 2 and 3, and ranges across a 4 KB boundary */
TEST(qual2_mask_mode_counts)
{
	struct ia64_irange2 c;

	CHECK_EQ(ia64_irange2_cover(0x2000, 0x4000, true, false, &c), 0);
	CHECK(!c.fine);
	CHECK_EQ(bundles(&c, 1, false, 0x1f00, 0x4100), 0x200);
	/* pair 2 has no fine mode: not one block, not exact */
	CHECK_EQ(ia64_irange2_cover(0x4020, 0x4080, false, false, &c),
		 -EINVAL);
	CHECK_EQ(ia64_irange2_cover(0x4020, 0x4080, false, true, &c), 0);
	CHECK(!c.fine);
	CHECK_EQ(c.extra, 0x20);
	CHECK_EQ(bundles(&c, 2, false, 0x3f00, 0x4200), 8);
	CHECK_EQ(bundles(&c, 3, true, 0x3f00, 0x4200), 0x30 - 8);
}

/* A file range placed at page granularity: exact wherever it lands? */
TEST(qual2_file_range_exact)
{
	CHECK(ia64_irange2_exact(0x20, 0x40, 0x1000, true));
	CHECK(ia64_irange2_exact(0x3020, 0x40, 0x4000, true));
	CHECK(!ia64_irange2_exact(0x20, 0x40, 0x1000, false));
	CHECK(!ia64_irange2_exact(0x10, 0x20, 0x1000, true));
	CHECK(ia64_irange2_exact(0x0, 0x1000, 0x1000, true));
	CHECK(ia64_irange2_exact(0x0, 0x1000, 0x1000, false));
	CHECK(!ia64_irange2_exact(0x0, 0x2000, 0x1000, true));
	CHECK(ia64_irange2_exact(0x0, 0x2000, 0x2000, false));
}
