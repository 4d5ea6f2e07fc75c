// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's Montecito qualification encodings (ia64_pmu_qual.h,
 * [PFM-MONT]) against the Montecito model: the matchers' mask and match
 * registers from the opc_* fields, the PMC38 and PMC41 images, fine mode
 * within 64 KB (the rule and the bundles it tags), the masked range only
 * where the event takes one, and the PMC32/38/41 consistency rule.
 */
#include "model_test.h"
#include "ia64_pmu_qual.h"
#include "ia64_pmu_range.h"

#define TAGGED		0x08
#define TEXT		0x4000000000020000ULL
#define P32_RESET	0x030f01ffffffffffULL

static void dm_init(struct ia64_model *m)
{
	ia64_model_init(m, IA64_MODEL_MONTECITO);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(m, 4, mt_pmc(TAGGED, 0, 0xf, 0));
	ia64_model_write_pmd(m, 4, 0);
}

static void dm_inst(struct ia64_model *m, u64 ip, unsigned int itype,
		    u64 enc)
{
	u8 buf[64];

	mt_inst(buf, ip, 0, itype, enc, 1, 3, IA64_PMU_ISA_IA64);
	mt_run_all(m, buf);
}

/* Bundles in [from, to) that IBR pair 0 tags, programmed as @c */
static unsigned int dm_bundles(const struct ia64_irange2 *c, u64 from,
			       u64 to)
{
	struct ia64_model m;
	u64 ip;

	dm_init(&m);
	ia64_model_write_ibr(&m, 0, c->pair[0].base);
	ia64_model_write_ibr(&m, 1, c->pair[0].mask | IA64_BR_PLM_ALL);
	if (c->fine) {
		ia64_model_write_ibr(&m, 4, c->pair[1].base);
		ia64_model_write_ibr(&m, 5, c->pair[1].mask | IA64_BR_PLM_ALL);
	}
	ia64_model_write_pmc(&m, 32, P32_RESET & ~(IA64_OPCM_IG_AD |
						   IA64_OPCM_INV));
	ia64_model_write_pmc(&m, 38, ia64_pmc_irange(0xdb6, 0x1, c->fine));
	for (ip = from; ip < to; ip += 16)
		dm_inst(&m, ip, IA64_PMU_ITYPE_M, 0);
	return mt_count(&m, 4);
}

/*
 * The opc_* fields as PMC32/33: without the mid fields, bits 26:13 of
 * the encoding masked
 */
TEST(mont_drv_opcm_regs)
{
	__u64 pmc8, mask, match;

	CHECK_EQ(ia64_opc_spread(IA64_OPC_FIELD), 0x1fff8001fffULL);
	/* the reset image: every type, every bit masked */
	ia64_opcm_regs(IA64_OPC_RESET, IA64_OPC_MID_RESET, &mask, &match);
	CHECK_EQ(mask, 0xf01ffffffffffULL);
	CHECK_EQ(match, 0);
	/* B-syllables, major opcode 4 (encoding 40:37), qp 5 (5:0) */
	CHECK_EQ(ia64_opc_pmc((u64)((4 << 23) | 5) << 33,
			      (1ULL << 51) | (u64)((0xf << 23) | 0x3f) << 24,
			      &pmc8), 0);
	ia64_opcm_regs(pmc8, IA64_OPC_MID_RESET, &mask, &match);
	CHECK_EQ(match, (4ULL << 37) | 5);
	CHECK_EQ(mask, (IA64_OPCM_ENC & ~((0xfULL << 37) | 0x3f)) |
		       (1ULL << 48));
}

/* The matcher images on the model count what the fields select */
TEST(mont_drv_opcm_on_model)
{
	struct ia64_model m;
	__u64 pmc8, mask, match;

	dm_init(&m);
	CHECK_EQ(ia64_opc_pmc((u64)(4 << 23) << 33,
			      (1ULL << 51) | (u64)(0xf << 23) << 24,
			      &pmc8), 0);
	ia64_opcm_regs(pmc8, IA64_OPC_MID_RESET, &mask, &match);
	ia64_model_write_pmc(&m, 32, mask | IA64_OPCM_IG_AD);
	ia64_model_write_pmc(&m, 33, match);
	dm_inst(&m, TEXT, IA64_PMU_ITYPE_B, (4ULL << 37) | (1ULL << 20));
	dm_inst(&m, TEXT, IA64_PMU_ITYPE_B, 2ULL << 37);
	dm_inst(&m, TEXT, IA64_PMU_ITYPE_M, 4ULL << 37);
	CHECK_EQ(mt_count(&m, 4), 1);
}

/* Encoding bit b (26:13) in opc_match_mid's config bits */
static __u64 dm_mid_config(unsigned int b)
{
	static const unsigned char pos[14] = {
		0, 1, 2, 3, 4, 5, 6, 7, 23, 31, 60, 61, 62, 63 };

	return 1ULL << pos[b - 13];
}

/*
 * opc_match_mid (config 7:0, 23, 31, 63:60) and opc_care_mid (config1
 * 21:8) are the encoding bits 26:13, in order; every bit lands once
 */
TEST(mont_drv_opcm_mid_layout)
{
	__u64 all = 0, mask, match;
	unsigned int b;
	__u32 mid;

	for (b = 13; b <= 26; b++) {
		CHECK_EQ(ia64_opc_match_mid(dm_mid_config(b)),
			 1ULL << (b - 13));
		CHECK_EQ(ia64_opc_care_mid(1ULL << (b - 13 + 8)),
			 1ULL << (b - 13));
		CHECK_EQ(ia64_opc_mid(dm_mid_config(b),
				      1ULL << (b - 13 + 8), &mid), 0);
		ia64_opcm_regs(IA64_OPC_RESET, mid, &mask, &match);
		CHECK_EQ(match, 1ULL << b);
		CHECK_EQ(mask, 0xf01ffffffffffULL & ~(1ULL << b));
		all |= dm_mid_config(b);
	}
	CHECK_EQ(all, IA64_PMU_CFG_OPC_MATCH_MID_MASK);
	CHECK_EQ(ia64_opc_match_mid(all), IA64_OPC_MID);
	/* a match bit not cared about */
	CHECK_EQ(ia64_opc_mid(dm_mid_config(20), 0, &mid), -EINVAL);
	/* the care bits are ldlat's with an EAR, ipear_delay's with ipear */
	CHECK_EQ(ia64_opc_care_mid(IA64_PMU_CFG1_OPC_CARE_MID_MASK |
				   IA64_PMU_CFG1_EAR_DATA), 0);
	CHECK_EQ(ia64_opc_care_mid(IA64_PMU_CFG1_OPC_CARE_MID_MASK |
				   IA64_PMU_CFG1_IPEAR), 0);
	/* neither field: the mid bits masked, the reset image */
	CHECK_EQ(ia64_opc_mid(0, 0, &mid), 0);
	CHECK_EQ(mid, IA64_OPC_MID_RESET);
}

/* The config and config1 that match all 41 bits of @enc */
static void dm_full_match(__u64 enc, __u64 *config, __u64 *config1)
{
	__u64 field = ((enc >> 27) & 0x3fff) << 13 | (enc & 0x1fff);
	unsigned int b;

	*config = field << IA64_PMU_CFG_OPC_MATCH_SHIFT;
	for (b = 13; b <= 26; b++)
		if (enc & (1ULL << b))
			*config |= dm_mid_config(b);
	*config1 = IA64_PMU_CFG1_OPC_CARE_MASK |
		   IA64_PMU_CFG1_OPC_CARE_MID_MASK;
}

/*
 * The full match reaches the model: one encoding of 41 bits counts, and
 * any one bit changed (26:13 included) does not
 */
TEST(mont_drv_opcm_full_41_bits)
{
	__u64 enc = 0x15555555555ULL, config, config1, pmc8, mask, match;
	struct ia64_model m;
	unsigned int b;
	__u32 mid;

	dm_full_match(enc, &config, &config1);
	CHECK_EQ(ia64_opc_pmc(config, config1, &pmc8), 0);
	CHECK_EQ(ia64_opc_mid(config, config1, &mid), 0);
	ia64_opcm_regs(pmc8, mid, &mask, &match);
	CHECK_EQ(match, enc);
	CHECK_EQ(mask, 0xfULL << IA64_OPCM_TYPES_SHIFT);
	dm_init(&m);
	ia64_model_write_pmc(&m, 32, mask | IA64_OPCM_IG_AD);
	ia64_model_write_pmc(&m, 33, match);
	dm_inst(&m, TEXT, IA64_PMU_ITYPE_M, enc);
	for (b = 0; b < 41; b++)
		dm_inst(&m, TEXT, IA64_PMU_ITYPE_M, enc ^ (1ULL << b));
	CHECK_EQ(mt_count(&m, 4), 1);
}

/*
 * Fine mode within 64 KB: exact for 32-byte bounds, an over-cover of
 * the two-bundle granules otherwise; a masked pair only if coarse_ok
 */
TEST(mont_drv_fine_64k)
{
	struct ia64_irange2 c;

	/* 0x4000 bytes in one 64 KB page: fine, exact */
	CHECK_EQ(ia64_irange_pair_cover(TEXT + 0x1000, TEXT + 0x5000,
					IA64_FINE_PAGE_MONT, true, false,
					false, &c), 0);
	CHECK(c.fine);
	CHECK_EQ(c.extra, 0);
	CHECK_EQ(c.pair[0].mask, IA64_BR_MASK & ~0xffffULL);
	CHECK_EQ(dm_bundles(&c, TEXT, TEXT + 0x6000), 0x400);
	/*
	 * 16-byte bounds: rounded out to the two-bundle granularity, with
	 * or without approx, a bundle beyond each end
	 */
	CHECK_EQ(ia64_irange_pair_cover(TEXT + 0x1010, TEXT + 0x1030,
					IA64_FINE_PAGE_MONT, true, false,
					false, &c), 0);
	CHECK(c.fine);
	CHECK_EQ(c.extra, 0x20);
	CHECK_EQ(dm_bundles(&c, TEXT, TEXT + 0x2000), 4);
	CHECK_EQ(dm_bundles(&c, TEXT + 0x1000, TEXT + 0x1010), 1);
	CHECK_EQ(dm_bundles(&c, TEXT + 0x1030, TEXT + 0x1040), 1);
	/* 0x8f bytes at 0x1650 (spin_workload's main): 0x90 of bundles */
	CHECK_EQ(ia64_irange_pair_cover(TEXT + 0x1650, TEXT + 0x16e0,
					IA64_FINE_PAGE_MONT, true, false,
					false, &c), 0);
	CHECK_EQ(c.extra, 0x10);
	CHECK_EQ(dm_bundles(&c, TEXT, TEXT + 0x2000), 0xa);
	CHECK_EQ(dm_bundles(&c, TEXT + 0x1640, TEXT + 0x1650), 1);
	CHECK_EQ(dm_bundles(&c, TEXT + 0x16e0, TEXT + 0x2000), 0);
	/* a tagged event's aligned block stays exact, not fine */
	CHECK_EQ(ia64_irange_pair_cover(TEXT + 0x1010, TEXT + 0x1020,
					IA64_FINE_PAGE_MONT, true, true,
					false, &c), 0);
	CHECK(!c.fine);
	CHECK_EQ(c.extra, 0);
	/* across 64 KB: no fine mode; a masked pair only if coarse_ok */
	CHECK_EQ(ia64_irange_pair_cover(TEXT + 0xf000, TEXT + 0x11000,
					IA64_FINE_PAGE_MONT, true, false,
					true, &c), -EINVAL);
	CHECK_EQ(ia64_irange_pair_cover(TEXT, TEXT + 0x20000,
					IA64_FINE_PAGE_MONT, true, true,
					false, &c), 0);
	CHECK(!c.fine);
	/* pair 2 or 3 (fine_ok false): never fine */
	CHECK_EQ(ia64_irange_pair_cover(TEXT + 0x1000, TEXT + 0x5000,
					IA64_FINE_PAGE_MONT, false, false,
					true, &c), -EINVAL);
	/* files at 4 KB granularity: one 4 KB page at most */
	CHECK(ia64_irange_pair_exact(0x1020, 0x40, 0x1000,
				     IA64_FINE_PAGE_MONT, true, false));
	CHECK(!ia64_irange_pair_exact(0x1fe0, 0x40, 0x1000,
				      IA64_FINE_PAGE_MONT, true, false));
	CHECK(ia64_irange_pair_exact(0x1fe0, 0x40, 0x10000,
				     IA64_FINE_PAGE_MONT, true, false));
	CHECK(!ia64_irange_pair_exact(0x1650, 0x90, 0x1000,
				      IA64_FINE_PAGE_MONT, true, false));
	CHECK(ia64_irange_fine_fits(0x1650, 0x90, 0x1000,
				    IA64_FINE_PAGE_MONT));
	CHECK(!ia64_irange_fine_fits(0x1fe0, 0x40, 0x1000,
				     IA64_FINE_PAGE_MONT));
}

/*
 * PMC38 from its 0xdb6 reset; PMC41 (PMC13's image): every value the
 * driver writes enables a DBR pair, so the rule always holds, and the
 * one combination that breaks it is caught by the check
 */
TEST(mont_drv_pmc38_pmc41_rule)
{
	static const u8 io[4] = { IA64_PMC13_2_CFG_IO, 3, 3, 3 };
	static const u8 iod[4] = { IA64_PMC13_2_CFG_IOD, 3, 3, 3 };
	static const u8 d3[4] = { 2, 2, 2, 3 };
	u64 pmc38 = ia64_pmc_irange(0xdb6, 0x3, true);
	u64 pmc32 = P32_RESET & ~IA64_OPCM_IG_AD;

	CHECK_EQ(ia64_pmc_irange(0xdb6, 0, false), 0xdb6);
	CHECK_EQ(pmc38, 0x2db6ULL & ~0x12ULL);
	CHECK_EQ(ia64_pmc13_2(1, io), 0x2078fefefeeeULL);
	CHECK(ia64_qual_mont_consistent(pmc32, pmc38, ia64_pmc13_2(1, io)));
	CHECK(ia64_qual_mont_consistent(pmc32, pmc38, ia64_pmc13_2(1, iod)));
	CHECK(ia64_qual_mont_consistent(pmc32, pmc38, ia64_pmc13_2(7, d3)));
	CHECK(ia64_qual_mont_consistent(pmc32, pmc38, 0x2078fefefefeULL));
	/* what the rule refuses: no ena_dbrp, ig_ad 0, pair 0/1 on */
	CHECK(!ia64_qual_mont_consistent(pmc32, pmc38, ia64_pmc13_2(0, io)));
	CHECK(ia64_qual_mont_consistent(P32_RESET, pmc38,
					ia64_pmc13_2(0, io)));
	CHECK(ia64_qual_mont_consistent(pmc32, ia64_pmc_irange(0xdb6, 0xc,
							       false),
					ia64_pmc13_2(0, io)));
}
