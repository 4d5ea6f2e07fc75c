// SPDX-License-Identifier: GPL-2.0
/*
 * The generic CPU model (pmu_model_generic.c), built from parameters:
 * parsing of its specification, PAL_PERF_MON_INFO and CPUID[3] of two
 * shapes, reset state, implemented and ignored bits, the sign extension
 * of its counters, exact counting on 12 counters, overflow and freeze on
 * PMD15, thresholds, ism and privilege above PMC7, counters where the
 * Itanium has its BTB, the checking of records and the free-running mode;
 * ism fixed or writable by family and key, the enable bit of family
 * 0x1f, the narrowest width.
 */
#include "model_test.h"

#define CYC		0x12	/* the shapes' PAL_CYCLES */
#define RET		0x08	/* the shapes' PAL_RETIRED */
/* counter PMC: plm ev oi pm, es, umask, threshold, ism, 31:26 */
#define CTR_BITS	0xff7fff7fULL

/*
 * family 0x21, 12 counters of 50 bits, cycles 0x12, retired 0x08, ism
 * writable (the family's default is fixed: gen_ism_fixed)
 */
static void gen12_init(struct ia64_model *m)
{
	struct ia64_model_generic g;

	CHECK_EQ(ia64_model_generic_parse("generic,family=0x21,counters=12,"
					  "width=50,cycles=0x12,retired=8,"
					  "ism=writable", &g), 0);
	ia64_model_generic_setup(&g);
	ia64_model_init(m, IA64_MODEL_GENERIC);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
}

/* Counter @idx counting @es/@umask at every level, threshold @thr, at 0 */
static void gen_ctr(struct ia64_model *m, unsigned int idx, unsigned int es,
		    unsigned int umask, unsigned int thr, u64 flags)
{
	ia64_model_write_pmc(m, idx, mt_pmc(es, umask, 0xf, flags) |
				     (u64)thr << IA64_MODEL_PMC_THRES_SHIFT);
	ia64_model_write_pmd(m, idx, 0);
}

static void gen_defaults_back(void)
{
	struct ia64_model_generic g;

	ia64_model_generic_defaults(&g);
	ia64_model_generic_setup(&g);
}

static struct ia64_pmu_rec_event gev(unsigned int code, unsigned int umask,
				     unsigned int inc)
{
	struct ia64_pmu_rec_event e = { .code = code, .umask = umask,
					.inc = inc };

	return e;
}

TEST(gen_parse_defaults)
{
	struct ia64_model_generic g, d;

	ia64_model_generic_defaults(&d);
	CHECK_EQ(d.family, 0x21);
	CHECK_EQ(d.model, 0);
	CHECK_EQ(d.counters, 4);
	CHECK_EQ(d.width, 47);
	CHECK_EQ(d.cycles, 0x12);
	CHECK_EQ(d.retired, 0x08);
	CHECK_EQ(d.ism_fixed, 1);
	CHECK_EQ(d.threads, 1);
	memset(&g, 0xff, sizeof(g));
	CHECK_EQ(ia64_model_generic_parse("generic", &g), 0);
	CHECK(!memcmp(&g, &d, sizeof(g)));
}

TEST(gen_parse_keys)
{
	static const struct {
		const char *spec;
		struct ia64_model_generic want;
	} t[] = {
		{ "generic,family=0x20", { 0x20, 0, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,family=32", { 32, 0, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,family=0xFF", { 255, 0, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,family=0", { 0, 0, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,model=0x2", { 0x21, 2, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,model=255",
		  { 0x21, 255, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,counters=0x10",
		  { 0x21, 0, 16, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,counters=1", { 0x21, 0, 1, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,width=16", { 0x21, 0, 4, 16, 0x12, 0x08, 1, 1 } },
		{ "generic,width=8", { 0x21, 0, 4, 8, 0x12, 0x08, 1, 1 } },
		{ "generic,width=0x3f", { 0x21, 0, 4, 63, 0x12, 0x08, 1, 1 } },
		{ "generic,cycles=0", { 0x21, 0, 4, 47, 0, 0x08, 1, 1 } },
		{ "generic,cycles=0Xab", { 0x21, 0, 4, 47, 0xab, 0x08, 1, 1 } },
		{ "generic,retired=255", { 0x21, 0, 4, 47, 0x12, 255, 1, 1 } },
		{ "generic,retired=0x7", { 0x21, 0, 4, 47, 0x12, 7, 1, 1 } },
		/* octal, as C writes it */
		{ "generic,width=050", { 0x21, 0, 4, 40, 0x12, 0x08, 1, 1 } },
		/* ism: writable on the families with IA-32 hardware */
		{ "generic,family=0x1f", { 0x1f, 0, 4, 47, 0x12, 0x08, 0, 1 } },
		{ "generic,family=7", { 7, 0, 4, 47, 0x12, 0x08, 0, 1 } },
		{ "generic,family=0x1e", { 0x1e, 0, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,ism=writable", { 0x21, 0, 4, 47, 0x12, 0x08, 0, 1 } },
		{ "generic,ism=fixed", { 0x21, 0, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,ism=fixed,family=0x1f",
		  { 0x1f, 0, 4, 47, 0x12, 0x08, 1, 1 } },
		{ "generic,family=0x20,ism=writable",
		  { 0x20, 0, 4, 47, 0x12, 0x08, 0, 1 } },
		/* a PAL that reports two threads per core */
		{ "generic,family=0x20,threads=2",
		  { 0x20, 0, 4, 47, 0x12, 0x08, 1, 2 } },
		/* every key, in another order */
		{ "generic,retired=1,cycles=2,width=33,counters=12,model=5,"
		  "family=0x22", { 0x22, 5, 12, 33, 2, 1, 1, 1 } },
	};
	struct ia64_model_generic g;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		memset(&g, 0xff, sizeof(g));
		CHECK_EQ(ia64_model_generic_parse(t[i].spec, &g), 0);
		if (memcmp(&g, &t[i].want, sizeof(g))) {
			printf("  %s: %u %u %u %u %u %u %u %u\n", t[i].spec,
			       g.family, g.model, g.counters, g.width,
			       g.cycles, g.retired, g.ism_fixed, g.threads);
			model_test_failed = 1;
		}
	}
}

TEST(gen_parse_errors)
{
	static const char * const bad[] = {
		"", "gen", "generi", "Generic", "itanium2", "genericx",
		"generic ", " generic", "generic,", "generic,,",
		"generic;family=1", "generic family=1",
		/* unknown keys, missing '=' */
		"generic,foo=1", "generic,FAMILY=1", "generic,fam=1",
		"generic,familyx=1", "generic,family", "generic,family,",
		"generic,=1", "generic,family:1",
		/* bad numbers */
		"generic,family=", "generic,family=0x", "generic,family=x1",
		"generic,family=-1", "generic,family=+1", "generic,family=1a",
		"generic,family=09", "generic,family= 1",
		"generic,family==1", "generic,width=99999999999999999999",
		"generic,width=0x100000000000000000040",
		/* out of range */
		"generic,family=256", "generic,family=0x100",
		"generic,model=0x1ff", "generic,counters=0",
		"generic,counters=17", "generic,width=7", "generic,width=64",
		"generic,width=0", "generic,cycles=256", "generic,retired=256",
		/* repeated keys, trailing junk */
		"generic,family=1,family=2", "generic,width=40,width=40",
		"generic,family=1,", "generic,family=1 ", "generic,family=1\n",
		"generic,family=1,counters=4x",
		/* ism: a word, not a number */
		"generic,ism", "generic,ism=", "generic,ism=1",
		"generic,ism=0", "generic,ism=Fixed", "generic,ism=fixedx",
		"generic,ism=fix", "generic,ism=writable,",
		"generic,ism=fixed,ism=fixed", "generic,ism=fixed ",
		/* threads: 1 or 2 */
		"generic,threads=0", "generic,threads=3", "generic,threads=",
	};
	struct ia64_model_generic g, before;
	unsigned int i;

	memset(&g, 0x5a, sizeof(g));
	before = g;
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		if (ia64_model_generic_parse(bad[i], &g) != -EINVAL) {
			printf("  \"%s\" accepted\n", bad[i]);
			model_test_failed = 1;
		}
		CHECK(!memcmp(&g, &before, sizeof(g)));
	}
	CHECK_EQ(ia64_model_generic_parse(NULL, &g), (u64)-EINVAL);
}

TEST(gen_pal_cpuid)
{
	struct ia64_model_generic g;
	struct ia64_model m;
	u64 buf[16], info;

	/* the defaults: 4 counters of 47 bits, family 0x21 */
	gen_defaults_back();
	ia64_model_init(&m, IA64_MODEL_GENERIC);
	CHECK_EQ(m.nr_pmc, 8);
	CHECK_EQ(m.nr_pmd, 8);
	CHECK_EQ(ia64_model_pal_perf_mon_info(&m, buf, &info), 0);
	CHECK_EQ(info, 4 | 47 << 8 | 0x12 << 16 | 0x08 << 24);
	CHECK_EQ(buf[0], 0xff);
	CHECK_EQ(buf[4], 0xf0);
	CHECK_EQ(buf[8], 0xf0);
	CHECK_EQ(buf[12], 0xf0);
	CHECK_EQ(buf[1] | buf[2] | buf[3] | buf[5] | buf[9] | buf[13], 0);
	CHECK_EQ(ia64_model_cpuid3(&m), 0x21000004ULL);
	CHECK_EQ(ia64_model_cpu_cpuid3(IA64_MODEL_GENERIC), 0x21000004ULL);
	CHECK(!strcmp(ia64_model_cpu_name(IA64_MODEL_GENERIC), "generic"));

	/* family 0x21 model 3, 12 counters of 50 bits */
	CHECK_EQ(ia64_model_generic_parse("generic,counters=12,width=50,"
					  "model=3", &g), 0);
	ia64_model_generic_setup(&g);
	ia64_model_init(&m, IA64_MODEL_GENERIC);
	CHECK_EQ(m.nr_pmc, 16);
	CHECK_EQ(m.nr_pmd, 16);
	CHECK_EQ(m.nr_ctr, 12);
	CHECK_EQ(ia64_model_pal_perf_mon_info(&m, buf, &info), 0);
	CHECK_EQ(info, 12 | 50 << 8 | 0x12 << 16 | 0x08 << 24);
	CHECK_EQ(buf[0], 0xffff);
	CHECK_EQ(buf[4], 0xfff0);
	CHECK_EQ(buf[8], 0xfff0);
	CHECK_EQ(buf[12], 0xfff0);
	CHECK_EQ(ia64_model_cpuid3(&m), 0x21030004ULL);

	/* 16 counters: PMC/PMD4-19 */
	CHECK_EQ(ia64_model_generic_parse("generic,counters=16,cycles=0x40,"
					  "retired=0x41,family=0x30", &g), 0);
	ia64_model_generic_setup(&g);
	ia64_model_init(&m, IA64_MODEL_GENERIC);
	CHECK_EQ(m.nr_pmc, 20);
	CHECK_EQ(ia64_model_pal_perf_mon_info(&m, buf, &info), 0);
	CHECK_EQ(info, 16 | 47 << 8 | 0x40 << 16 | 0x41ULL << 24);
	CHECK_EQ(buf[0], 0xfffff);
	CHECK_EQ(buf[4], 0xffff0);
	CHECK_EQ(ia64_model_cpuid3(&m), 0x30000004ULL);

	/* the other models are unchanged */
	CHECK(!strcmp(ia64_model_cpu_name(IA64_MODEL_ITANIUM2), "itanium2"));
	CHECK_EQ(ia64_model_cpu_cpuid3(IA64_MODEL_ITANIUM) >> 24, 0x07);
	gen_defaults_back();
}

TEST(gen_reset_state)
{
	struct ia64_model m;
	unsigned int i;

	gen12_init(&m);
	ia64_model_init(&m, IA64_MODEL_GENERIC);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), IA64_MODEL_PMC0_FR);
	for (i = 1; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
	for (i = 0; i < 4; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), 0);
	/* the counts are undefined: the model's pattern, 50 bits */
	for (i = 4; i < 16; i++)
		CHECK_EQ(m.pmd[i], IA64_MODEL_UNDEF & ((1ULL << 50) - 1));
	/* PMC16 and PMD16 are not implemented */
	ia64_model_write_pmc(&m, 16, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 16), 0);
	ia64_model_write_pmd(&m, 16, ~0ULL);
	CHECK_EQ(ia64_model_read_pmd(&m, 16), 0);
	gen_defaults_back();
}

TEST(gen_implemented_bits)
{
	struct ia64_model m;
	u64 rec[8];
	unsigned int i;

	gen12_init(&m);
	/* PMC0: fr and the overflow bits 15:4 of 12 counters */
	ia64_model_write_pmc(&m, 0, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0xfff1);
	ia64_model_write_pmc(&m, 0, 0);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0);
	for (i = 1; i < 4; i++) {
		ia64_model_write_pmc(&m, i, ~0ULL);
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
	}
	for (i = 4; i < 16; i++) {
		ia64_model_write_pmc(&m, i, ~0ULL);
		CHECK_EQ(ia64_model_read_pmc(&m, i), CTR_BITS);
		/* bit 7, bit 23 and 63:32 ignored */
		ia64_model_write_pmc(&m, i, 0xffffffff00800080ULL | 0xf);
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0xf);
		/* bits 31:26 read back as written */
		ia64_model_write_pmc(&m, i, 0xa800000fULL);
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0xa800000fULL);
		ia64_model_write_pmc(&m, i, 0);
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
	}
	/* PMD0-3 are not implemented: writes ignored, read 0 */
	for (i = 0; i < 4; i++) {
		ia64_model_write_pmd(&m, i, ~0ULL);
		CHECK_EQ(ia64_model_read_pmd(&m, i), 0);
	}
	/* the implementation bits 31:26 do nothing */
	gen_ctr(&m, 9, CYC, 0, 0, 0xfc000000ULL);
	gen_ctr(&m, 10, CYC, 0, 0, 0);
	mt_cycles(rec, 6, 0, IA64_PMU_ISA_IA64, 0, NULL);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 9), 6);
	CHECK_EQ(ia64_model_read_pmd(&m, 10), 6);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0);
	gen_defaults_back();
}

TEST(gen_pmd_sxt_w50)
{
	struct ia64_model m;
	unsigned int i;

	gen12_init(&m);
	for (i = 4; i < 16; i++) {
		ia64_model_write_pmc(&m, i, 0x1);
		ia64_model_write_pmd(&m, i, ~0ULL);
		CHECK_EQ(m.pmd[i], (1ULL << 50) - 1);
		CHECK_EQ(ia64_model_read_pmd(&m, i), ~0ULL);
		ia64_model_write_pmd(&m, i, (1ULL << 49) - 1);
		CHECK_EQ(ia64_model_read_pmd(&m, i), (1ULL << 49) - 1);
		ia64_model_write_pmd(&m, i, 1ULL << 49);
		CHECK_EQ(ia64_model_read_pmd(&m, i), ~0ULL << 49);
		/* writes to 63:50 are ignored */
		ia64_model_write_pmd(&m, i, 0xfffc000000000123ULL);
		CHECK_EQ(ia64_model_read_pmd(&m, i), 0x123);
	}
	gen_defaults_back();
}

/*
 * All 12 counters at once: the cycles code, the retired code (two
 * umasks), and other codes that count only what cycles records list for
 * their es/umask
 */
TEST(gen_count_12_counters)
{
	static const struct {
		unsigned int es, umask;
		u64 want;
	} c[12] = {
		[0] = { CYC, 0, 100 + 5 },	/* PMD4: every cycle */
		[1] = { CYC, 0xf, 100 + 5 },	/* any umask */
		[2] = { RET, 0, 2 * 7 + 5 },	/* records, and the listing */
		[3] = { RET, 0x3, 2 * 7 + 5 },	/* no tag selection */
		[4] = { 0x00, 0, 300 },		/* listed: 3 per cycle */
		[5] = { 0x00, 1, 0 },		/* other umask */
		[6] = { 0x7f, 0x5, 700 },	/* listed: 7 per cycle */
		[7] = { 0x80, 0, 100 },
		[8] = { 0xff, 0xf, 200 },
		[9] = { 0xfe, 0, 0 },		/* never listed */
		[10] = { 0x13, 0x2, 100 },
		[11] = { 0x13, 0x3, 0 },
	};
	struct ia64_pmu_rec_event ev[6];
	u64 rec[16];
	struct ia64_model m;
	unsigned int i;

	gen12_init(&m);
	for (i = 0; i < 12; i++)
		gen_ctr(&m, 4 + i, c[i].es, c[i].umask, 0, 0);
	ev[0] = gev(0x00, 0, 3);
	ev[1] = gev(0x7f, 0x5, 7);
	ev[2] = gev(0x80, 0, 1);
	ev[3] = gev(0xff, 0xf, 2);
	ev[4] = gev(0x13, 0x2, 1);
	ev[5] = gev(0x42, 0x0, 4);
	mt_run_all(&m, (mt_cycles(rec, 100, 0, IA64_PMU_ISA_IA64, 6, ev),
			rec));
	/* 7 cycles retiring 2 IA-64 instructions each */
	mt_inst(rec, 0x4000000000000000ULL, 0, IA64_PMU_ITYPE_I, 0, 7, 0,
		IA64_PMU_ISA_IA64);
	((struct ia64_pmu_rec_inst *)rec)->per_cycle = 2;
	mt_run_all(&m, rec);
	/* IA-32 instructions are not IA-64 instructions retired */
	mt_inst(rec, 0x1000, 0, 0, 0, 3, 0, IA64_PMU_ISA_IA32);
	mt_run_all(&m, rec);
	/* a cycles record listing the retired code: 5 cycles, 1 each */
	ev[0] = gev(RET, 0x9, 1);
	mt_run_all(&m, (mt_cycles(rec, 5, 0, IA64_PMU_ISA_IA64, 1, ev),
			rec));
	for (i = 0; i < 12; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, 4 + i), c[i].want);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0);
	CHECK(!ia64_model_irq_pending(&m));
	gen_defaults_back();
}

/* The overflow of PMD15 sets PMC0 bit 15; with oi it freezes */
TEST(gen_overflow_pmd15)
{
	struct ia64_model m;
	u64 rec[8], progress = 0;
	unsigned int i;

	gen12_init(&m);
	for (i = 4; i < 15; i++)
		gen_ctr(&m, i, CYC, 0, 0, 0);
	/* PMD14 overflows without oi, PMD15 10 cycles from it with oi */
	ia64_model_write_pmd(&m, 14, (1ULL << 50) - 3);
	gen_ctr(&m, 15, CYC, 0, 0, IA64_MODEL_PMC_OI);
	ia64_model_write_pmd(&m, 15, (1ULL << 50) - 10);
	mt_cycles(rec, 100, 0, IA64_PMU_ISA_IA64, 0, NULL);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_GENERIC, rec, 40), 40);
	CHECK_EQ(ia64_model_run(&m, rec, &progress), 1);
	CHECK_EQ(progress, 10);
	CHECK_EQ(ia64_model_read_pmc(&m, 0),
		 IA64_MODEL_PMC0_FR | 1ULL << 15 | 1ULL << 14);
	CHECK(ia64_model_irq_pending(&m));
	CHECK_EQ(ia64_model_read_pmd(&m, 15), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 14), 7);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 10);
	/* frozen: the rest of the record counts nothing */
	CHECK_EQ(ia64_model_run(&m, rec, &progress), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 10);

	/* without oi, PMD15's overflow only sets its bit */
	gen12_init(&m);
	gen_ctr(&m, 15, RET, 0, 0, 0);
	ia64_model_write_pmd(&m, 15, (1ULL << 50) - 1);
	mt_run_all(&m, (mt_inst(rec, 0x4000000000000000ULL, 0,
				IA64_PMU_ITYPE_I, 0, 2, 0, IA64_PMU_ISA_IA64),
			rec));
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 1ULL << 15);
	CHECK(!ia64_model_irq_pending(&m));
	CHECK_EQ(ia64_model_read_pmd(&m, 15), 1);
	gen_defaults_back();
}

/* The 3-bit threshold on a counter above PMC7: cycles above it */
TEST(gen_threshold)
{
	struct ia64_pmu_rec_event ev[2];
	struct ia64_model m;
	u64 rec[8];
	unsigned int t;

	gen12_init(&m);
	ev[0] = gev(0x55, 0, 5);
	ev[1] = gev(0x56, 0, 7);
	for (t = 0; t < 8; t++) {
		gen_ctr(&m, 11, 0x55, 0, t, 0);
		gen_ctr(&m, 14, 0x56, 0, t, 0);
		CHECK_EQ((ia64_model_read_pmc(&m, 11) >> 20) & 7, t);
		mt_run_all(&m, (mt_cycles(rec, 10, 0, IA64_PMU_ISA_IA64, 2,
					  ev), rec));
		CHECK_EQ(ia64_model_read_pmd(&m, 11),
			 !t ? 50 : t < 5 ? 10 : 0);
		CHECK_EQ(ia64_model_read_pmd(&m, 14),
			 !t ? 70 : t < 7 ? 10 : 0);
	}
	gen_defaults_back();
}

/* ism, plm and pm on counters above PMC7 ([ITA-RM] §6.2.1) */
TEST(gen_ism_privilege)
{
	static const struct {
		unsigned int plm, ism, cpl, isa;
		bool pm;
		u64 psr;
		bool counts;
	} t[] = {
		{ 0xf, 0, 0, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_UP, 1 },
		{ 0xf, 0, 3, IA64_PMU_ISA_IA32, false, IA64_MODEL_PSR_UP, 1 },
		{ 0xf, 1, 0, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_UP, 0 },
		{ 0xf, 1, 0, IA64_PMU_ISA_IA32, false, IA64_MODEL_PSR_UP, 1 },
		{ 0xf, 2, 0, IA64_PMU_ISA_IA32, false, IA64_MODEL_PSR_UP, 0 },
		{ 0xf, 2, 0, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_UP, 1 },
		{ 0xf, 3, 2, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_UP, 0 },
		{ 0x1, 0, 3, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_UP, 0 },
		{ 0x8, 0, 3, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_UP, 1 },
		{ 0x8, 0, 0, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_UP, 0 },
		{ 0x4, 0, 2, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_UP, 1 },
		/* pm: PSR.pp enables it, else PSR.up */
		{ 0xf, 0, 0, IA64_PMU_ISA_IA64, true, IA64_MODEL_PSR_UP, 0 },
		{ 0xf, 0, 0, IA64_PMU_ISA_IA64, true, IA64_MODEL_PSR_PP, 1 },
		{ 0xf, 0, 0, IA64_PMU_ISA_IA64, false, IA64_MODEL_PSR_PP, 0 },
	};
	struct ia64_model m;
	u64 rec[8];
	unsigned int i, idx;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		for (idx = 8; idx < 16; idx += 4) {
			gen12_init(&m);
			ia64_model_write_pmc(&m, idx, mt_pmc(CYC, 0, t[i].plm,
					     t[i].pm ? IA64_MODEL_PMC_PM : 0) |
					     (u64)t[i].ism << 24);
			ia64_model_write_pmd(&m, idx, 0);
			ia64_model_set_psr(&m, t[i].psr);
			mt_run_all(&m, (mt_cycles(rec, 9, t[i].cpl, t[i].isa,
						  0, NULL), rec));
			if (ia64_model_read_pmd(&m, idx) !=
			    (t[i].counts ? 9 : 0)) {
				printf("  case %u PMD%u: %llu\n", i, idx,
				       (unsigned long long)
				       ia64_model_read_pmd(&m, idx));
				model_test_failed = 1;
			}
		}
	}
	/* a privileged monitor's PMD reads 0 above cpl 0 ([SDM-2] 7-5) */
	gen12_init(&m);
	ia64_model_write_pmc(&m, 10, mt_pmc(CYC, 0, 0xf, IA64_MODEL_PMC_PM));
	ia64_model_write_pmd(&m, 10, 77);
	ia64_model_write_pmc(&m, 12, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 12, 78);
	ia64_model_set_psr(&m, 3ULL << IA64_MODEL_PSR_CPL_SHIFT);
	CHECK_EQ(ia64_model_read_pmd(&m, 10), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 12), 78);
	gen_defaults_back();
}

/* A generic model of @spec, PMC0 cleared, PSR.up and PSR.pp set */
static void gen_spec_init(struct ia64_model *m, const char *spec)
{
	struct ia64_model_generic g;

	CHECK_EQ(ia64_model_generic_parse(spec, &g), 0);
	ia64_model_generic_setup(&g);
	ia64_model_init(m, IA64_MODEL_GENERIC);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
}

/*
 * ism fixed at 0b10 (the default of family 0x21): reset value 0x2000000,
 * writes of ism ignored, so ism 0b11 does not stop a counter and IA-32
 * code never counts; plm = 0 stops it and loses its PMD
 */
TEST(gen_ism_fixed)
{
	struct ia64_model m;
	u64 rec[8];
	unsigned int i;

	gen_spec_init(&m, "generic,family=0x21,counters=12,width=50");
	ia64_model_init(&m, IA64_MODEL_GENERIC);
	for (i = 4; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0x2000000);
	gen_spec_init(&m, "generic,family=0x21,counters=12,width=50");
	for (i = 4; i < 16; i++) {
		ia64_model_write_pmc(&m, i, ~0ULL);
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0xfe7fff7fULL);
		ia64_model_write_pmc(&m, i, 0);
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0x2000000);
	}
	/* PMD9: ism 0b11, PMD10: ism 0b01, PMD11: ism 0 */
	for (i = 9; i < 12; i++)
		gen_ctr(&m, i, CYC, 0, 0, (u64)(12 - i) << 24);
	CHECK_EQ(ia64_model_read_pmc(&m, 9) >> 24 & 3, 2);
	mt_run_all(&m, (mt_cycles(rec, 6, 3, IA64_PMU_ISA_IA64, 0, NULL),
			rec));
	mt_run_all(&m, (mt_cycles(rec, 4, 3, IA64_PMU_ISA_IA32, 0, NULL),
			rec));
	for (i = 9; i < 12; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), 6);
	/* plm = 0 stops it, and its PMD is lost */
	ia64_model_write_pmc(&m, 9, mt_pmc(CYC, 0, 0, 0));
	CHECK_EQ(m.pmd[9], IA64_MODEL_UNDEF & ((1ULL << 50) - 1));
	ia64_model_write_pmd(&m, 9, 5);
	CHECK_EQ(m.pmd[9], IA64_MODEL_UNDEF & ((1ULL << 50) - 1));
	ia64_model_write_pmc(&m, 9, mt_pmc(CYC, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 9, 5);
	ia64_model_write_pmc(&m, 9, mt_pmc(CYC, 0, 0, 0));
	mt_run_all(&m, (mt_cycles(rec, 6, 3, IA64_PMU_ISA_IA64, 0, NULL),
			rec));
	CHECK_EQ(m.pmd[9], IA64_MODEL_UNDEF & ((1ULL << 50) - 1));
	CHECK_EQ(ia64_model_read_pmd(&m, 10), 12);
	gen_defaults_back();
}

/* ism by family, and the key that overrides it */
TEST(gen_ism_by_family)
{
	static const struct {
		const char *spec;
		u64 ism;	/* what a write of ism 0b11 reads back */
	} t[] = {
		{ "generic", 2 },
		{ "generic,family=0x20", 2 },
		{ "generic,family=0x1f", 3 },
		{ "generic,family=7", 3 },
		{ "generic,ism=writable", 3 },
		{ "generic,family=0x1f,ism=fixed", 2 },
	};
	struct ia64_model m;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		gen_spec_init(&m, t[i].spec);
		ia64_model_write_pmc(&m, 5, mt_pmc(CYC, 0, 0xf, 0) |
				     3ULL << 24);
		if ((ia64_model_read_pmc(&m, 5) >> 24 & 3) != t[i].ism) {
			printf("  %s: ism %u\n", t[i].spec,
			       (unsigned int)(ia64_model_read_pmc(&m, 5) >>
					      24 & 3));
			model_test_failed = 1;
		}
	}
	gen_defaults_back();
}

/*
 * Family 0x1f: the Itanium 2's PMC4 enable bit 23, set at reset; clear,
 * no counter counts. Other families have none: bit 23 is ignored.
 */
TEST(gen_enable_bit_family_1f)
{
	struct ia64_model m;
	u64 rec[8];
	unsigned int i;

	gen_spec_init(&m, "generic,family=0x1f");
	ia64_model_init(&m, IA64_MODEL_GENERIC);
	CHECK_EQ(ia64_model_read_pmc(&m, 4), 1ULL << 23);
	CHECK_EQ(ia64_model_read_pmc(&m, 5), 0);
	gen_spec_init(&m, "generic,family=0x1f");
	ia64_model_write_pmc(&m, 4, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 4), CTR_BITS | 1ULL << 23);
	ia64_model_write_pmc(&m, 5, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 5), CTR_BITS);
	/* PMC4 without the bit: nothing counts, with it every counter */
	for (i = 4; i < 8; i++)
		gen_ctr(&m, i, CYC, 0, 0, 0);
	mt_run_all(&m, (mt_cycles(rec, 9, 0, IA64_PMU_ISA_IA64, 0, NULL),
			rec));
	for (i = 4; i < 8; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), 0);
	ia64_model_write_pmc(&m, 4, mt_pmc(CYC, 0, 0xf, 1ULL << 23));
	mt_run_all(&m, rec);
	for (i = 4; i < 8; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), 9);

	/* family 0x21: no enable bit */
	gen_spec_init(&m, "generic,family=0x21,ism=writable");
	ia64_model_write_pmc(&m, 4, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 4), CTR_BITS);
	gen_ctr(&m, 4, CYC, 0, 0, 0);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 9);
	gen_defaults_back();
}

/* The narrowest width, 8 bits: PAL says so, the counter wraps at 256 */
TEST(gen_width_8)
{
	struct ia64_model m;
	u64 buf[16], info, rec[8];

	gen_spec_init(&m, "generic,width=8");
	CHECK_EQ(ia64_model_pal_perf_mon_info(&m, buf, &info), 0);
	CHECK_EQ(info >> 8 & 0xff, 8);
	gen_ctr(&m, 6, CYC, 0, 0, 0);
	ia64_model_write_pmd(&m, 6, 250);
	mt_run_all(&m, (mt_cycles(rec, 10, 0, IA64_PMU_ISA_IA64, 0, NULL),
			rec));
	CHECK_EQ(ia64_model_read_pmd(&m, 6), 4);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 1ULL << 6);
	/* bits 63:8 read as copies of bit 7 */
	ia64_model_write_pmd(&m, 6, 0x80);
	CHECK_EQ(ia64_model_read_pmd(&m, 6), ~0x7fULL);
	gen_defaults_back();
}

/* PMC/PMD8-15 are counters, not the Itanium's BTB, EARs or matchers */
TEST(gen_counters_not_btb)
{
	struct ia64_model m;
	u64 rec[8];
	unsigned int i;

	gen12_init(&m);
	for (i = 8; i < 16; i++) {
		gen_ctr(&m, i, 0x11, 0, 0, 0);	/* the Itanium's BRANCH_EVENT */
		ia64_model_write_pmd(&m, i, 1000 + i);
	}
	/* not frozen, yet the PMDs read their values */
	CHECK_EQ(ia64_model_read_pmc(&m, 0) & IA64_MODEL_PMC0_FR, 0);
	for (i = 8; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), 1000 + i);
	/* branches, fetches and memory accesses capture nothing */
	mt_run_all(&m, (mt_branch(rec, 0x4000000000000010ULL, 2,
				  0x4000000000000100ULL,
				  IA64_PMU_REC_BR_TAKEN, IA64_PMU_PRED_TAC),
			rec));
	mt_run_all(&m, (mt_fetch(rec, 0x4000000000000020ULL,
				 IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW, 200),
			rec));
	mt_run_all(&m, (mt_mem(rec, 0x4000000000000030ULL, 0x6000000000000008ULL,
			       IA64_PMU_MEM_LOAD, IA64_PMU_LVL_MEM,
			       IA64_PMU_TLB_SW, 300), rec));
	for (i = 8; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), 1000 + i);
	for (i = 0; i < 4; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), 0);
	/* PMC8-12 have the counter layout, not the matchers' or BTB's */
	for (i = 8; i < 13; i++) {
		ia64_model_write_pmc(&m, i, ~0ULL);
		CHECK_EQ(ia64_model_read_pmc(&m, i), CTR_BITS);
	}
	/* plm 0 on PMC12 spoils PMD12 only, not PMD8-11 */
	for (i = 8; i < 16; i++)
		gen_ctr(&m, i, CYC, 0, 0, 0);
	for (i = 8; i < 16; i++)
		ia64_model_write_pmd(&m, i, i);
	ia64_model_write_pmc(&m, 12, mt_pmc(CYC, 0, 0, 0));
	for (i = 8; i < 16; i++)
		CHECK_EQ(m.pmd[i], i == 12 ? IA64_MODEL_UNDEF &
					     ((1ULL << 50) - 1) : i);
	/* and they count: 4 cycles each */
	mt_run_all(&m, (mt_cycles(rec, 4, 0, IA64_PMU_ISA_IA64, 0, NULL),
			rec));
	for (i = 8; i < 16; i++)
		if (i != 12)
			CHECK_EQ(ia64_model_read_pmd(&m, i), i + 4);
	gen_defaults_back();
}

/* Check a cycles record listing @nr events of @ev for CPU model @cpu */
static int gen_check(enum ia64_model_cpu cpu, unsigned int nr,
		     const struct ia64_pmu_rec_event *ev)
{
	u64 rec[16];
	size_t n = mt_cycles(rec, 1, 0, IA64_PMU_ISA_IA64, nr, ev);
	int r = ia64_model_check_rec_cpu(cpu, rec, n);

	return r == (int)n ? 0 : r;
}

/* Cycles records: any es 0-255 but the cycles code, umask 0-15, inc 1-7 */
/*
 * PAL_LOGICAL_TO_PHYSICAL's threads per core: the generic description's
 * (1 by default); without PMC.all each thread counts its own records
 */
TEST(gen_threads)
{
	struct ia64_model_generic g;

	gen_defaults_back();
	CHECK_EQ(ia64_model_threads(IA64_MODEL_GENERIC), 1);
	CHECK_EQ(ia64_model_generic_parse("generic,family=0x20,counters=12,"
					  "threads=2", &g), 0);
	ia64_model_generic_setup(&g);
	CHECK_EQ(ia64_model_threads(IA64_MODEL_GENERIC), 2);
	gen_defaults_back();
	CHECK_EQ(ia64_model_threads(IA64_MODEL_GENERIC), 1);
}

TEST(gen_check_records)
{
	struct ia64_pmu_rec_event ev[2];
	unsigned int es, um;

	gen_defaults_back();
	for (es = 0; es < 256; es++) {
		for (um = 0; um < 16; um++) {
			ev[0] = gev(es, um, 7);
			CHECK_EQ(gen_check(IA64_MODEL_GENERIC, 1, ev),
				 es == CYC ? (u64)-EINVAL : 0);
		}
	}
	ev[0] = gev(0x40, 0, 8);		/* more than 7 per cycle */
	CHECK_EQ(gen_check(IA64_MODEL_GENERIC, 1, ev), (u64)-EINVAL);
	ev[0] = gev(0x40, 0x10, 1);		/* umask beyond 4 bits */
	CHECK_EQ(gen_check(IA64_MODEL_GENERIC, 1, ev), (u64)-EINVAL);
	ev[0] = gev(0x40, 1, 0);		/* no increment */
	CHECK_EQ(gen_check(IA64_MODEL_GENERIC, 1, ev), (u64)-EINVAL);
	ev[0] = gev(0x40, 1, 1);		/* two umasks: two events */
	ev[1] = gev(0x40, 2, 1);
	CHECK_EQ(gen_check(IA64_MODEL_GENERIC, 2, ev), 0);
	ev[1] = gev(0x40, 1, 1);		/* the same one twice */
	CHECK_EQ(gen_check(IA64_MODEL_GENERIC, 2, ev), (u64)-EINVAL);
	ev[0] = gev(RET, 1, 1);			/* retired ignores umask */
	ev[1] = gev(RET, 2, 1);
	CHECK_EQ(gen_check(IA64_MODEL_GENERIC, 2, ev), (u64)-EINVAL);
	/* the Itanium still refuses 8-bit codes */
	ev[0] = gev(0x80, 0, 1);
	CHECK_EQ(gen_check(IA64_MODEL_ITANIUM, 1, ev), (u64)-EINVAL);
}

/* Free-running mode: valid records, cycles and retired instructions */
TEST(gen_freerun)
{
	static u8 buf[IA64_MODEL_FREERUN_BATCH];
	struct ia64_model_freerun fr = { { 0 } };
	union ia64_model_freerun_rec fe;
	struct ia64_model_generic g;
	struct ia64_model m;
	u64 progress, cycles = 0, rec[8];
	size_t len, off, size;
	unsigned int b;

	gen12_init(&m);
	gen_ctr(&m, 4, CYC, 0, 0, 0);
	gen_ctr(&m, 15, RET, 0, 0, 0);
	gen_ctr(&m, 9, 0x63, 0, 0, 0);
	for (b = 0; b < 50; b++) {
		len = ia64_model_freerun_batch(IA64_MODEL_GENERIC, &fr, buf,
					       sizeof(buf), 10000,
					       0xa000000000010000ULL,
					       0x6000000000100000ULL,
					       b & 1 ? 3 : 0, b);
		CHECK(len > 0);
		for (off = 0; off < len; off += size) {
			int r = ia64_model_check_rec_cpu(IA64_MODEL_GENERIC,
							 buf + off,
							 len - off);

			CHECK(r > 0);
			if (r <= 0)
				break;
			size = r;
			progress = 0;
			while (ia64_model_run(&m, buf + off, &progress))
				;
		}
		cycles += 10000;
	}
	CHECK_EQ(ia64_model_read_pmd(&m, 4), cycles);
	/* IPC between 0.4 and 1.6 */
	CHECK(ia64_model_read_pmd(&m, 15) > cycles * 2 / 5 &&
	      ia64_model_read_pmd(&m, 15) < cycles * 8 / 5);
	CHECK_EQ(ia64_model_read_pmd(&m, 9), 0);

	/* the simplest form: one retired instruction per cycle */
	ia64_model_freerun_rec(IA64_MODEL_GENERIC, &fe, 1000, 0x1000, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_GENERIC, &fe,
					  sizeof(fe)), fe.hdr.size);
	gen_ctr(&m, 4, CYC, 0, 0, 0);
	gen_ctr(&m, 15, RET, 0, 0, 0);
	mt_run_all(&m, &fe);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 800);
	CHECK_EQ(ia64_model_read_pmd(&m, 15), 800);

	/* cycles == retired: the code counts cycles, nothing listed */
	CHECK_EQ(ia64_model_generic_parse("generic,cycles=0x20,retired=0x20",
					  &g), 0);
	ia64_model_generic_setup(&g);
	ia64_model_init(&m, IA64_MODEL_GENERIC);
	ia64_model_write_pmc(&m, 0, 0);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_UP);
	gen_ctr(&m, 5, 0x20, 0, 0, 0);
	ia64_model_freerun_rec(IA64_MODEL_GENERIC, &fe, 1000, 0x1000, 0);
	CHECK_EQ(fe.cyc.nr_events, 0);
	mt_run_all(&m, &fe);
	mt_inst(rec, 0x4000000000000000ULL, 0, IA64_PMU_ITYPE_I, 0, 3, 0,
		IA64_PMU_ISA_IA64);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 800);
	gen_defaults_back();
}
