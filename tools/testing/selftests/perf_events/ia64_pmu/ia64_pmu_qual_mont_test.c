// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito's qualification ([PFM-MONT], ia64_qual_montecito), with
 * exact counts of injected records and the registers the driver leaves
 * in the model: the two 41-bit opcode matchers (PMC32/33, PMC34/35),
 * fine mode within 64 KB (PMC38), a masked range only for the events
 * that take one, inv on IBR pair 0 only, the prefetch events on pair 1,
 * the dual events' ibrp_dual, CPU_OP_CYCLES_QUAL with pair 1 in use,
 * data ranges (PMC41) and the PMC32/38/41 consistency rule. The shared
 * cases run on the Montecito in ia64_pmu_qual_test.c.
 */

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define IP		0x4000000000010000ULL	/* region 2: user text */
#define DATA		0x4a9000ULL

#define CFG_TAG(i)	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, i)
#define CFG_CYC_QUAL	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0x1)
#define ES_L1I_PF	0x44	/* L1I_PREFETCHES: IBR pair 1 */
#define ES_L1I_FILLS	0x41	/* dual: pair 0 demand, pair 1 prefetch */
#define CFG_L1I_PF	IA64_PMU_CONFIG(ES_L1I_PF, 0)
#define CFG_L1I_FILLS	IA64_PMU_CONFIG(ES_L1I_FILLS, 0)
#define CFG_DREFS	IA64_PMU_CONFIG(0xc3, 0)	/* DATA_REFERENCES_SET0 */

#define APPROX		IA64_PMU_CFG1_IRANGE_APPROX
#define INV		IA64_PMU_CFG1_IRANGE_INV
#define DUAL(p)		((uint64_t)(p) << IA64_PMU_CFG1_IBRP_DUAL_SHIFT)
#define OPC_B		(1ULL << 51)
#define OPC_M		(1ULL << 54)
#define OPC_CARE(c)	((uint64_t)(c) << IA64_PMU_CFG1_OPC_CARE_SHIFT)
#define OPC_MATCH(m)	((uint64_t)(m) << IA64_PMU_CFG_OPC_MATCH_SHIFT)

/* PMC32 ig_ad, inv; PMC38 ig_ibrp<i>, fine; PMC41 ena_dbrp<j> */
#define P32_IG_AD	(1ULL << 57)
#define P32_INV		(1ULL << 56)
#define P38_IBRP(i)	(1ULL << (1 + 3 * (i)))
#define P38_FINE	(1ULL << 13)
#define P41_ENA		(0xfULL << 45)

#define NOT_MONTECITO	"the PMU is not a Montecito"

static int open_q(uint64_t config, uint64_t config1, uint64_t config2,
		  int group)
{
	struct perf_event_attr attr;

	counting_attr(&attr, config);
	attr.config1 = config1;
	attr.config2 = config2;
	attr.exclude_kernel = 1;
	if (group >= 0)
		attr.disabled = 0;
	return sys_perf_event_open(&attr, 0, -1, group, 0);
}

static int open_errno_q(uint64_t config, uint64_t config1)
{
	int fd = open_q(config, config1, 0, -1);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int set_filter(int fd, const char *f)
{
	return ioctl(fd, PERF_EVENT_IOC_SET_FILTER, f) ? errno : 0;
}

/* PMC @n while @fd counts */
static uint64_t live_pmc(int fd, int n)
{
	uint64_t v;

	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	v = sim_model_pmc(0, n);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	return v;
}

/* An instruction of @itype and @enc at @ip, user level */
static void rec_op(struct rec_buf *b, uint64_t ip, int itype, uint64_t enc)
{
	struct ia64_pmu_rec_inst *r = (void *)(b->data + b->len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_INST;
	r->hdr.size = sizeof(*r);
	rec_ctx(&r->ctx, ip, 1, 3, IA64_PMU_ISA_IA64);
	r->itype = itype;
	r->encoding = enc;
	r->per_cycle = 1;
	b->len += sizeof(*r);
}

/* @n bundles from @ip, one M instruction each */
static void rec_bundles(struct rec_buf *b, uint64_t ip, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		rec_op(b, ip + 0x10 * i, IA64_PMU_ITYPE_M, 0);
}

/* A line fetch at @ip that L1I missed, demand or @prefetch */
static void rec_fill(struct rec_buf *b, uint64_t ip, bool prefetch)
{
	struct ia64_pmu_rec_fetch *r = (void *)(b->data + b->len);

	rec_fetch(b, ip, 3, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	r->hdr.flags = prefetch ? IA64_PMU_REC_FETCH_PREFETCH : 0;
}

FIXTURE(qmont) {
	int dummy;
};

FIXTURE_SETUP(qmont)
{
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
}

FIXTURE_TEARDOWN(qmont)
{
}

/*
 * Both matchers at once, on their own patterns: PMC32/33 for IBRP0's
 * tag, PMC34/35 for IBRP1's; the match in PMC33/35, the mask and the
 * b f i m enables in PMC32/34
 */
TEST_F(qmont, opcode_both_matchers)
{
	struct rec_buf b = { .len = 0 };
	uint64_t maj4 = 4ULL << 37;		/* encoding bits 40:37 */
	struct count cc;
	int a, c;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	rec_op(&b, IP, IA64_PMU_ITYPE_B, maj4 | 5);
	rec_op(&b, IP, IA64_PMU_ITYPE_B, 2ULL << 37);
	rec_op(&b, IP, IA64_PMU_ITYPE_M, maj4);
	rec_op(&b, IP, IA64_PMU_ITYPE_M, 0);
	/* IBRP0: B-syllables, major opcode 4; IBRP1: M-syllables */
	a = open_q(CFG_TAG(0) | OPC_MATCH(4 << 23),
		   OPC_B | OPC_CARE(0xf << 23), 0, -1);
	ASSERT_GE(a, 0);
	c = open_q(CFG_TAG(1), OPC_M, 0, a);
	ASSERT_GE(c, 0) TH_LOG("the matchers are apart: one group");
	EXPECT_EQ(1, run_count(a, &b));
	ASSERT_EQ(0, read_count(c, &cc));
	EXPECT_EQ(2, cc.value);
	EXPECT_EQ(maj4, live_pmc(a, 33));
	EXPECT_EQ(1ULL << 48, live_pmc(a, 32) & (0xfULL << 48));
	EXPECT_EQ(0, live_pmc(a, 32) & (0xfULL << 37)) TH_LOG("cared");
	EXPECT_EQ(1ULL << 51, live_pmc(a, 34) & (0xfULL << 48));
	EXPECT_EQ(0, live_pmc(a, 35));
	close(c);
	close(a);
}

/*
 * PMC36 ([PFM-MONT] §5): IBR pair 2 shares matcher PMC32/33 with pair 0.
 * With a pattern for pair 0's event and none for pair 2's, the driver
 * sets ch2_ig_opcm so that pair 2 counts every instruction; both count
 * at once. Without a pattern anywhere PMC36 keeps its reset value; two
 * patterns on one matcher still do not count together.
 */
TEST_F(qmont, pmc36_frees_the_pairs_without_a_pattern)
{
	struct rec_buf b = { .len = 0 };
	uint64_t maj4 = 4ULL << 37;
	struct count cc;
	int a, c;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	rec_op(&b, IP, IA64_PMU_ITYPE_B, maj4);
	rec_op(&b, IP, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, IP, IA64_PMU_ITYPE_I, 0);
	c = open_q(CFG_TAG(2), 0, 0, -1);
	ASSERT_GE(c, 0);
	EXPECT_EQ(3, run_count(c, &b));
	EXPECT_EQ(0xfffffff0ULL, live_pmc(c, 36)) TH_LOG("reset: all bound");
	close(c);
	a = open_q(CFG_TAG(0), OPC_B, 0, -1);
	ASSERT_GE(a, 0);
	c = open_q(CFG_TAG(2), 0, 0, a);
	ASSERT_GE(c, 0) TH_LOG("pair 2 ignores the matcher: one group");
	EXPECT_EQ(1, run_count(a, &b));
	ASSERT_EQ(0, read_count(c, &cc));
	EXPECT_EQ(3, cc.value);
	EXPECT_EQ(0xfffffff4ULL, live_pmc(a, 36));
	EXPECT_EQ(1ULL << 48, live_pmc(a, 32) & (0xfULL << 48));
	/* pair 2 with a pattern of its own: one matcher, -EBUSY */
	EXPECT_EQ(-1, open_q(CFG_TAG(2), OPC_M, 0, a));
	EXPECT_EQ(EBUSY, errno);
	/* pair 0 without a pattern: bound, it cannot ignore the matcher */
	EXPECT_EQ(-1, open_q(CFG_TAG(0), 0, 0, a));
	EXPECT_EQ(EBUSY, errno);
	close(c);
	close(a);
}

/* opc_match_mid (config 7:0, 23, 31, 63:60): encoding bit @b, 26:13 */
static uint64_t opc_match_mid(unsigned int b)
{
	static const unsigned char pos[14] = {
		0, 1, 2, 3, 4, 5, 6, 7, 23, 31, 60, 61, 62, 63 };

	return 1ULL << pos[b - 13];
}

/* opc_care_mid (config1 21:8): encoding bit @b, 26:13 */
#define OPC_CARE_MID(b)	(1ULL << ((b) - 13 + \
					  IA64_PMU_CFG1_OPC_CARE_MID_SHIFT))

/*
 * The full 41 bits of a matcher: opc_match/opc_care name bits 40:27 and
 * 12:0, opc_match_mid/opc_care_mid bits 26:13; one encoding counts, the
 * same with any one bit changed does not, and PMC32/33 hold all of it
 */
TEST_F(qmont, opcode_full_41_bits)
{
	uint64_t enc = 0x15555555555ULL, config, config1;
	struct rec_buf b = { .len = 0 };
	unsigned int i;
	int a, c;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	config = CFG_TAG(0) |
		 OPC_MATCH(((enc >> 27) & 0x3fff) << 13 | (enc & 0x1fff));
	config1 = OPC_CARE(0x7ffffff) | IA64_PMU_CFG1_OPC_CARE_MID_MASK;
	for (i = 13; i <= 26; i++)
		if (enc & (1ULL << i))
			config |= opc_match_mid(i);
	rec_op(&b, IP, IA64_PMU_ITYPE_M, enc);
	for (i = 0; i < 41; i++)
		rec_op(&b, IP, IA64_PMU_ITYPE_M, enc ^ (1ULL << i));
	a = open_q(config, config1, 0, -1);
	ASSERT_GE(a, 0);
	EXPECT_EQ(1, run_count(a, &b));
	EXPECT_EQ(enc, live_pmc(a, 33));
	EXPECT_EQ(0, live_pmc(a, 32) & ((1ULL << 41) - 1));
	close(a);
	/* encoding bit 20 alone: all but the one with bit 20 flipped */
	a = open_q(CFG_TAG(0) | opc_match_mid(20), OPC_CARE_MID(20), 0, -1);
	ASSERT_GE(a, 0);
	EXPECT_EQ(41, run_count(a, &b));
	EXPECT_EQ(1ULL << 20, live_pmc(a, 33));
	EXPECT_EQ(0, live_pmc(a, 32) & (1ULL << 20));
	/* IBR pair 2 shares PMC32/33: another pattern there is -EBUSY */
	c = open_q(CFG_TAG(2), OPC_CARE_MID(20), 0, a);
	EXPECT_EQ(-1, c);
	EXPECT_EQ(EBUSY, errno);
	c = open_q(CFG_TAG(2) | opc_match_mid(20), OPC_CARE_MID(20), 0, a);
	ASSERT_GE(c, 0) TH_LOG("the same pattern: one group");
	close(c);
	close(a);
	/* a match bit not cared about */
	EXPECT_EQ(EINVAL, open_errno_q(CFG_TAG(0) | opc_match_mid(26), 0));
}

/*
 * The mid fields on every model: the 41-bit matchers are the
 * Montecito's, reserved bits elsewhere (EINVAL)
 */
TEST(opcode_mid_fields_montecito_only)
{
	int want = pmu_is_montecito() ? 0 : EINVAL;

	EXPECT_EQ(want, open_errno_q(CFG_TAG(0) | opc_match_mid(13),
				     OPC_CARE_MID(13)));
	EXPECT_EQ(want, open_errno_q(CFG_TAG(0), OPC_CARE_MID(26)));
}

/*
 * Fine mode within 64 KB: a range of 0x4000 bytes counts exactly, with
 * PMC38.fine and pair 0 restricting, PMC32.ig_ad clear; a bound inside a
 * two-bundle pair rounded out to it; across 64 KB a masked pair,
 * for IA64_TAGGED_INST_RETIRED only
 */
TEST_F(qmont, fine_mode_64k)
{
	struct rec_buf b = { .len = 0 };
	uint64_t p38;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	rec_bundles(&b, IP + 0x2000, 2);	/* in */
	rec_bundles(&b, IP + 0x5ff0, 2);	/* one in */
	rec_bundles(&b, IP + 0x1ff0, 1);	/* out */
	fd = open_q(CFG_TAG(0), 0, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(P32_IG_AD, live_pmc(fd, 32) & P32_IG_AD) TH_LOG("no range");
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000012000/0x4000"));
	EXPECT_EQ(3, run_count(fd, &b));
	p38 = live_pmc(fd, 38);
	EXPECT_EQ(P38_FINE, p38 & P38_FINE);
	EXPECT_EQ(0, p38 & P38_IBRP(0));
	EXPECT_EQ(P38_IBRP(1), p38 & P38_IBRP(1));
	EXPECT_EQ(0, live_pmc(fd, 32) & P32_IG_AD);
	/*
	 * 16-byte bounds: rounded out to the two-bundle granularity,
	 * a bundle beyond each end (0x2000 .. 0x203f)
	 */
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000012010/0x20"));
	EXPECT_EQ(2, run_count(fd, &b));
	/* across 64 KB: one masked pair, the 128 KB at IP */
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000000000/0x20000"));
	EXPECT_EQ(5, run_count(fd, &b));
	EXPECT_EQ(0, live_pmc(fd, 38) & P38_FINE);
	close(fd);
	fd = open_q(CFG_TAG(0), APPROX, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000012010/0x20"));
	EXPECT_EQ(2, run_count(fd, &b)) TH_LOG("0x2000 .. 0x203f");
	close(fd);
}

/*
 * Other events than IA64_TAGGED_INST_RETIRED and the prefetch events
 * take a range in fine mode only (libpfm's rule): DATA_REFERENCES_SET0
 * filters its accesses by their instruction's fine range, and refuses a
 * range that needs a masked pair
 */
TEST_F(qmont, masked_range_only_for_tagged_and_prefetch)
{
	struct rec_buf b = { .len = 0 };
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	rec_mem(&b, IP + 0x2000, 0, 3, DATA, IA64_PMU_MEM_LOAD, 0, 0, 1);
	rec_mem(&b, IP + 0x3000, 0, 3, DATA, IA64_PMU_MEM_LOAD, 0, 0, 1);
	fd = open_q(CFG_DREFS, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000012000/0x100"));
	EXPECT_EQ(1, run_count(fd, &b));
	EXPECT_EQ(EINVAL, set_filter(fd, "filter 0x4000000000000000/0x20000"));
	close(fd);
	fd = open_q(CFG_DREFS, APPROX, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(EINVAL, set_filter(fd, "filter 0x4000000000000000/0x20000"));
	close(fd);
	fd = open_q(CFG_L1I_PF, 0, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(0, set_filter(fd, "filter 0x4000000000000000/0x20000"));
	close(fd);
}

/* irange_inv: IBR pair 0's range only (PMC32.inv) */
TEST_F(qmont, inversion_pair0_only)
{
	struct rec_buf b = { .len = 0 };
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	rec_bundles(&b, IP, 8);
	fd = open_q(CFG_TAG(0), INV, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000010020/0x40"));
	EXPECT_EQ(4, run_count(fd, &b));
	EXPECT_EQ(P32_INV, live_pmc(fd, 32) & (P32_INV | P32_IG_AD));
	close(fd);
	EXPECT_EQ(EOPNOTSUPP, open_errno_q(CFG_TAG(1), INV));
	EXPECT_EQ(EOPNOTSUPP, open_errno_q(CFG_L1I_PF, INV));
	EXPECT_EQ(0, open_errno_q(CFG_TAG(2), 0));
}

/* L1I_PREFETCHES (listed by cycles records) at @n bundles from @ip */
static void rec_prefetches(struct rec_buf *b, uint64_t ip, unsigned int n)
{
	static const struct ia64_pmu_rec_event ev = { .code = ES_L1I_PF,
						      .inc = 1 };
	unsigned int i;

	for (i = 0; i < n; i++)
		rec_cycles(b, ip + 0x10 * i, 1, 3, IA64_PMU_ISA_IA64, &ev, 1);
}

/*
 * The prefetch events filter on IBR pair 1; the dual events on pair 0,
 * pair 1 or both (ibrp_dual), pair 0 seeing demand fetches, pair 1
 * prefetches; ibrp_dual on another event: EOPNOTSUPP
 */
TEST_F(qmont, prefetch_and_dual_pairs)
{
	struct rec_buf b = { .len = 0 };
	uint64_t p38;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	rec_prefetches(&b, IP, 8);
	fd = open_q(CFG_L1I_PF, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000010020/0x40"));
	EXPECT_EQ(4, run_count(fd, &b));
	p38 = live_pmc(fd, 38);
	EXPECT_EQ(0, p38 & P38_IBRP(1));
	EXPECT_EQ(P38_IBRP(0), p38 & P38_IBRP(0));
	EXPECT_EQ(0, live_pmc(fd, 32) & P32_IG_AD) TH_LOG("every pair");
	close(fd);

	b.len = 0;
	rec_fill(&b, IP, false);		/* demand, in */
	rec_fill(&b, IP + 0x1000, false);	/* demand, out */
	rec_fill(&b, IP, true);			/* prefetch, in */
	rec_fill(&b, IP + 0x1000, true);	/* prefetch, out */
	fd = open_q(CFG_L1I_FILLS, 0, 0, -1);	/* pair 0 */
	ASSERT_GE(fd, 0);
	EXPECT_EQ(4, run_count(fd, &b));
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000010000/0x100"));
	EXPECT_EQ(3, run_count(fd, &b)) TH_LOG("demand filtered");
	close(fd);
	fd = open_q(CFG_L1I_FILLS, DUAL(2), 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000010000/0x100"));
	EXPECT_EQ(3, run_count(fd, &b)) TH_LOG("prefetch filtered");
	EXPECT_EQ(P38_IBRP(0), live_pmc(fd, 38) & (P38_IBRP(0) |
						   P38_IBRP(1)));
	close(fd);
	fd = open_q(CFG_L1I_FILLS, DUAL(3), 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000010000/0x100"));
	EXPECT_EQ(2, run_count(fd, &b)) TH_LOG("both filtered");
	EXPECT_EQ(0, live_pmc(fd, 38) & (P38_IBRP(0) | P38_IBRP(1)));
	close(fd);
	EXPECT_EQ(EOPNOTSUPP, open_errno_q(CFG_TAG(0), DUAL(1)));
	EXPECT_EQ(EOPNOTSUPP, open_errno_q(CFG_L1I_PF, DUAL(2)));
}

/*
 * CPU_OP_CYCLES_QUAL does not count while IBR pair 1 restricts: a
 * group with a filter on pair 1 is -EBUSY, separate events multiplex;
 * a filter on pair 0 is fine
 */
TEST_F(qmont, cycles_qual_refused_with_ibrp1)
{
	int a, b;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	a = open_q(CFG_CYC_QUAL, 0, 0, -1);
	ASSERT_GE(a, 0);
	b = open_q(CFG_L1I_PF, 0, 0, a);
	ASSERT_GE(b, 0);
	EXPECT_EQ(EBUSY, set_filter(b, "filter 0x4000000000010000/0x100"));
	close(b);
	b = open_q(CFG_TAG(0), 0, 0, a);
	ASSERT_GE(b, 0);
	EXPECT_EQ(EBUSY, set_filter(b, "filter 0x4000000000010000/0x100"))
		TH_LOG("pair 0 is CPU_OP_CYCLES_QUAL's: it must agree");
	close(b);
	close(a);

	a = open_q(CFG_CYC_QUAL, 0, 0, -1);
	b = open_q(CFG_L1I_PF, 0, 0, -1);
	ASSERT_GE(a, 0);
	ASSERT_GE(b, 0);
	EXPECT_EQ(0, multiplexed(a, b)) TH_LOG("no range: together");
	ASSERT_EQ(0, set_filter(b, "filter 0x4000000000010000/0x100"));
	EXPECT_EQ(1, multiplexed(a, b));
	close(b);
	b = open_q(CFG_TAG(1), 0, 0, -1);
	ASSERT_GE(b, 0);
	ASSERT_EQ(0, set_filter(b, "filter 0x4000000000010000/0x100"));
	EXPECT_EQ(1, multiplexed(a, b));
	close(b);
	b = open_q(CFG_TAG(2), 0, 0, -1);
	ASSERT_GE(b, 0);
	ASSERT_EQ(0, set_filter(b, "filter 0x4000000000010000/0x100"));
	EXPECT_EQ(0, multiplexed(a, b));
	close(b);
	close(a);
}

/*
 * PMC41: a data range with its IBR pair 0 tag (cfg_dtag 0, ena_dbrp0);
 * and the consistency rule: with pair 1 restricting (PMC32.ig_ad = 0)
 * and no event with a data range, PMC41 still enables a DBR pair, so a
 * data event counting at once sees every access (the model counts none
 * if the rule is broken)
 */
TEST_F(qmont, data_range_and_consistency_rule)
{
	struct rec_buf b = { .len = 0 };
	struct count c;
	int pf, d;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);

	rec_mem(&b, IP, 0, 3, DATA, IA64_PMU_MEM_LOAD, 0, 0, 1);
	rec_mem(&b, IP, 0, 3, DATA + 0x1000, IA64_PMU_MEM_LOAD, 0, 0, 1);
	d = open_q(CFG_DREFS, 0, DATA | 0x7ff, -1);
	ASSERT_GE(d, 0);
	EXPECT_EQ(1, run_count(d, &b));
	EXPECT_EQ(1ULL << 45, live_pmc(d, 41) & P41_ENA);
	EXPECT_EQ(0, live_pmc(d, 41) & (3ULL << 3)) TH_LOG("cfg_dtag0 0");
	close(d);

	pf = open_q(CFG_L1I_PF, 0, 0, -1);
	ASSERT_GE(pf, 0);
	d = open_q(CFG_DREFS, 0, 0, pf);
	ASSERT_GE(d, 0);
	ASSERT_EQ(0, set_filter(pf, "filter 0x4000000000030000/0x100"));
	EXPECT_EQ(0, run_count(pf, &b));
	ASSERT_EQ(0, read_count(d, &c));
	EXPECT_EQ(2, c.value);
	EXPECT_EQ(0, live_pmc(pf, 32) & P32_IG_AD);
	EXPECT_EQ(0, live_pmc(pf, 38) & P38_IBRP(1));
	EXPECT_NE(0, live_pmc(pf, 41) & P41_ENA);
	close(d);
	close(pf);
}

TEST_HARNESS_MAIN
