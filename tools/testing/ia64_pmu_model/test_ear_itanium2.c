// SPDX-License-Identifier: GPL-2.0
/*
 * The event address registers of the Itanium 2 model ([PFM-I2]: the
 * PMC10/11 and PMD0-3/17 layouts of pfmlib_itanium2.h, the EAR presets
 * of the event list, pfmon's decoding of the stat fields): the I-EAR's
 * own cache thresholds and ct field, the D-EAR's cache, TLB and ALAT
 * modes, the PMD formats (13-bit latency with overflow, stat fields,
 * PMD17 vl/bn/slot), the sign extension of PMD0, one load tracked at a
 * time, undefined reads while not frozen, the monitor enable bits of
 * PMC10, and L1I_EAR_EVENTS / DATA_EAR_EVENTS counting the captures.
 *
 * The expected values are written out from the sources here, not taken
 * from the model (sim/pmu_model_ear.c, sim/pmu_model_itanium2.c).
 */
#include "model_test.h"

#define IEAR_EVENTS	0x43	/* L1I_EAR_EVENTS, on PMD4 */
#define DEAR_EVENTS	0xc8	/* DATA_EAR_EVENTS, on PMD5 */
#define ENABLE		(1ULL << 23)	/* PMC4.enable */

/* PMC10: plm 3:0, pm 4, umask 12:5, ct 13:12, ism 15:14 */
#define P10_PM		(1ULL << 4)
#define P10_CACHE(u)	(0xfULL | (1ULL << 13) | (u64)(u) << 5)
#define P10_TLB(u)	(0xfULL | (u64)(u) << 5)	/* ct = 00 */
#define P10_NONE	(0xfULL | (1ULL << 12))		/* ct = 01 */
/* PMC11: plm 3:0, pm 6, mode 8:7, umask 19:16, ism 25:24 */
#define P11(mode, u)	(0xfULL | (u64)(mode) << 7 | (u64)(u) << 16)
#define CACHE		0
#define TLB		1
#define ALAT		2

#define LOAD		IA64_PMU_MEM_LOAD
#define STORE		IA64_PMU_MEM_STORE
#define IP		0x4000000000003000ULL
#define ADDR		0x6000000000008040ULL

/* [PFM-I2] L1I_EAR_CACHE_*: the PMC10 umasks with a threshold */
static const struct { u8 umask; u32 lat; } iear_lat[] = {
	{ 0xff, 4 }, { 0xfe, 8 }, { 0xfc, 16 }, { 0xf8, 32 },
	{ 0xf0, 128 }, { 0xe0, 256 }, { 0xc0, 1024 }, { 0x80, 4096 },
	{ 0x40, 1 },	/* LAT0: every L1I miss */
};

static void ear_init(struct ia64_model *m, u64 pmc10, u64 pmc11)
{
	static const unsigned int pmds[] = { 0, 1, 2, 3, 17 };
	unsigned int i;

	ia64_model_init(m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(m, 4, mt_pmc(IEAR_EVENTS, 0, 0xf, ENABLE));
	ia64_model_write_pmc(m, 5, mt_pmc(DEAR_EVENTS, 0, 0xf, 0));
	ia64_model_write_pmd(m, 4, 0);
	ia64_model_write_pmd(m, 5, 0);
	ia64_model_write_pmc(m, 10, pmc10);
	ia64_model_write_pmc(m, 11, pmc11);
	for (i = 0; i < ARRAY_SIZE(pmds); i++)
		ia64_model_write_pmd(m, pmds[i], 0);
}

static void fetch(struct ia64_model *m, u64 ip, unsigned int level,
		  unsigned int tlb, u32 lat)
{
	struct ia64_pmu_rec_fetch r;

	mt_fetch(&r, ip, level, tlb, lat);
	mt_run_all(m, &r);
}

/* A memory access in slot @slot of the bundle at @ip */
static void mem(struct ia64_model *m, u64 ip, unsigned int slot, u64 daddr,
		unsigned int op, unsigned int level, unsigned int tlb,
		u32 lat, u32 flags)
{
	struct ia64_pmu_rec_mem r;

	mt_mem(&r, ip, daddr, op, level, tlb, lat);
	r.ctx.slot = slot;
	r.hdr.flags = flags;
	mt_run_all(m, &r);
}

static bool iear_valid(struct ia64_model *m)
{
	return mt_read_frozen(m, 0) & 0x3;		/* PMD0.stat */
}

static bool dear_valid(struct ia64_model *m)
{
	return mt_read_frozen(m, 17) & 0x8;		/* PMD17.vl */
}

/* Cache mode: the thresholds of the listed umasks; the others none */
TEST(ita2_iear_cache_thresholds_every_umask)
{
	struct ia64_model m;
	unsigned int u, i;
	u32 lat;

	for (u = 0; u < 256; u++) {
		lat = 0;
		for (i = 0; i < ARRAY_SIZE(iear_lat); i++)
			if (iear_lat[i].umask == u)
				lat = iear_lat[i].lat;
		ear_init(&m, P10_CACHE(u), 0);
		if (!lat) {
			/* RAB hit (0x00) and unlisted umasks: nothing */
			fetch(&m, IP, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1, 8000);
			CHECK(!iear_valid(&m));
			continue;
		}
		if (lat > 1) {
			fetch(&m, IP, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1,
			      lat - 1);
			CHECK(!iear_valid(&m));
		}
		/* an L1I hit is never captured, a miss at lat is */
		fetch(&m, IP, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, lat);
		CHECK(!iear_valid(&m));
		fetch(&m, IP, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, lat);
		CHECK(iear_valid(&m));
		/* 4096 does not fit 11:0: saturated, overflow bit 12 */
		CHECK_EQ(mt_read_frozen(&m, 1), lat > 0xfff ? 0x1fff : lat);
		if (model_test_failed) {
			printf("  ... umask 0x%x\n", u);
			return;
		}
	}
}

/* ct = 00: TLB mode, umask bit 0 L2 ITLB, 1 VHPT, 2 fault; ct = 01 off */
TEST(ita2_iear_tlb_mode_and_stat)
{
	static const struct { unsigned int tlb; u64 stat; } t[] = {
		{ IA64_PMU_TLB_VHPT, 2 }, { IA64_PMU_TLB_SW, 3 },
	};
	struct ia64_model m;
	unsigned int u, i;

	for (u = 0; u < 8; u++) {
		for (i = 0; i < ARRAY_SIZE(t); i++) {
			bool want = u & (1U << (t[i].tlb - 1));

			ear_init(&m, P10_TLB(u), 0);
			fetch(&m, IP, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 9);
			CHECK(!iear_valid(&m));
			fetch(&m, IP + 0x47, IA64_PMU_LVL_L1, t[i].tlb, 9);
			CHECK_EQ(iear_valid(&m), want);
			if (want)
				CHECK_EQ(mt_read_frozen(&m, 0),
					 ((IP + 0x47) & ~0x1fULL) | t[i].stat);
			CHECK_EQ(mt_count(&m, 4), want);
		}
	}
	/* ct = 01: nothing in either mode */
	ear_init(&m, P10_NONE | 0xfe0, 0);
	fetch(&m, IP, IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW, 5000);
	CHECK(!iear_valid(&m));
	CHECK_EQ(mt_count(&m, 4), 0);
}

/* PMD1: latency 11:0, overflow 12 (MODEL: saturated) */
TEST(ita2_iear_pmd1_latency_overflow)
{
	struct ia64_model m;

	ear_init(&m, P10_CACHE(0xff), 0);
	fetch(&m, IP, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1, 4095);
	CHECK_EQ(mt_read_frozen(&m, 1), 4095);
	fetch(&m, IP, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1, 4096);
	CHECK_EQ(mt_read_frozen(&m, 1), 0x1fff);
	/* PMD1's ignored bits read 0 */
	ia64_model_write_pmd(&m, 1, ~0ULL);
	CHECK_EQ(mt_read_frozen(&m, 1), 0x1fff);
}

/* D-EAR cache mode: umask k, loads of latency >= 4 << k; PMD3 format */
TEST(ita2_dear_cache_mode_thresholds_pmd3)
{
	struct ia64_model m;
	unsigned int u;
	u32 thr;

	for (u = 0; u < 16; u++) {
		thr = u <= 10 ? 4U << u : 0;
		ear_init(&m, 0, P11(CACHE, u));
		mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1,
		    thr ? thr - 1 : 8000, 0);
		CHECK(!dear_valid(&m));
		if (!thr)
			continue;
		mem(&m, IP, 1, ADDR, STORE, IA64_PMU_LVL_MEM,
		    IA64_PMU_TLB_L1, thr, 0);
		CHECK(!dear_valid(&m));
		mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1,
		    thr, 0);
		CHECK(!dear_valid(&m));
		mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1,
		    thr, 0);
		CHECK(dear_valid(&m));
		/* stat 15:14 = 01, latency 12:0 */
		CHECK_EQ(mt_read_frozen(&m, 3), (1ULL << 14) | thr);
		CHECK_EQ(mt_count(&m, 5), 1);
	}
	/* 13 bits of latency, then the overflow bit 13 (saturated) */
	ear_init(&m, 0, P11(CACHE, 0));
	mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_MEM, 0, 8191, 0);
	CHECK_EQ(mt_read_frozen(&m, 3), (1ULL << 14) | 8191);
	mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_MEM, 0, 70000, 0);
	CHECK_EQ(mt_read_frozen(&m, 3), (1ULL << 14) | (1ULL << 13) | 0x1fff);
	/* bits 63:16 of PMD3 are ignored */
	ia64_model_write_pmd(&m, 3, ~0ULL);
	CHECK_EQ(mt_read_frozen(&m, 3), 0xffff);
}

/* TLB mode: umask bit 1 L2 DTLB, 2 VHPT, 3 fault; stat 15:14 = level */
TEST(ita2_dear_tlb_mode_stat)
{
	static const unsigned int tlbs[] = {
		IA64_PMU_TLB_L2, IA64_PMU_TLB_VHPT, IA64_PMU_TLB_SW,
	};
	struct ia64_model m;
	unsigned int u, i;

	for (u = 0; u < 16; u++) {
		for (i = 0; i < ARRAY_SIZE(tlbs); i++) {
			bool want = u & (1U << tlbs[i]);

			ear_init(&m, 0, P11(TLB, u));
			mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_MEM,
			    IA64_PMU_TLB_L1, 900, 0);
			CHECK(!dear_valid(&m));
			/* stores too, and no latency */
			mem(&m, IP, 1, ADDR, STORE, IA64_PMU_LVL_L1, tlbs[i],
			    900, 0);
			CHECK_EQ(dear_valid(&m), want);
			if (want)
				CHECK_EQ(mt_read_frozen(&m, 3),
					 (u64)tlbs[i] << 14);
		}
	}
}

/* ALAT mode: only the advanced load checks that missed the ALAT */
TEST(ita2_dear_alat_mode)
{
	struct ia64_model m;

	ear_init(&m, 0, P11(ALAT, 0));
	mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW, 900, 0);
	mem(&m, IP, 1, ADDR, STORE, IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW, 900, 0);
	CHECK(!dear_valid(&m));
	CHECK_EQ(mt_count(&m, 5), 0);
	/* an ALAT miss that hits L1D, with any umask */
	ia64_model_write_pmc(&m, 11, P11(ALAT, 0x5));
	mem(&m, IP + 0x10, 2, ADDR + 8, LOAD, IA64_PMU_LVL_L1,
	    IA64_PMU_TLB_L1, 1, IA64_PMU_REC_MEM_ALAT_MISS);
	CHECK(dear_valid(&m));
	CHECK_EQ(mt_read_frozen(&m, 2), ADDR + 8);
	CHECK_EQ(mt_read_frozen(&m, 3), 1ULL << 14);	/* valid, no latency */
	CHECK_EQ(mt_read_frozen(&m, 17), IP | 0x4 | 0x8 | 2);
	CHECK_EQ(mt_count(&m, 5), 1);
	/* cache mode ignores the flag: an L1D hit is no capture */
	ear_init(&m, 0, P11(CACHE, 0));
	mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 900,
	    IA64_PMU_REC_MEM_ALAT_MISS);
	CHECK(!dear_valid(&m));
	/* mode 3: nothing (MODEL) */
	ear_init(&m, 0, P11(3, 0));
	mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_MEM, IA64_PMU_TLB_SW, 900,
	    IA64_PMU_REC_MEM_ALAT_MISS);
	CHECK(!dear_valid(&m));
}

/* ALAT_MISS: IA-64 loads only; the Itanium's checks too */
TEST(ita2_alat_miss_record_check)
{
	struct ia64_pmu_rec_mem r;

	mt_mem(&r, IP, ADDR, LOAD, 0, 0, 1);
	r.hdr.flags = IA64_PMU_REC_MEM_ALAT_MISS | IA64_PMU_REC_MEM_UC;
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_ITANIUM2, &r, sizeof(r)),
		 sizeof(r));
	CHECK_EQ(ia64_model_check_rec(&r, sizeof(r)), sizeof(r));
	r.op = STORE;
	CHECK_EQ(ia64_model_check_rec(&r, sizeof(r)), -EINVAL);
	r.op = LOAD;
	r.ctx.isa = IA64_PMU_ISA_IA32;
	r.ctx.slot = 0;
	r.encoding = 0;
	CHECK_EQ(ia64_model_check_rec(&r, sizeof(r)), -EINVAL);
	r.hdr.flags = 0x4;
	r.ctx.isa = IA64_PMU_ISA_IA64;
	CHECK_EQ(ia64_model_check_rec(&r, sizeof(r)), -EINVAL);
}

/*
 * PMD17: slot 1:0, bn 2, vl 3, the two-bundle window 63:4 (MODEL: 32-byte
 * aligned); the instruction is window + 16 * bn + slot
 */
TEST(ita2_dear_pmd17_window_bundle_slot)
{
	static const u64 ips[] = {
		0x4000000000003000ULL, 0x4000000000003010ULL,
		0xa000000000ff1230ULL, 0x0000000000000020ULL,
	};
	struct ia64_model m;
	unsigned int i, slot;
	u64 v;

	for (i = 0; i < ARRAY_SIZE(ips); i++) {
		for (slot = 0; slot < 3; slot++) {
			ear_init(&m, 0, P11(CACHE, 0));
			mem(&m, ips[i], slot, ADDR, LOAD, IA64_PMU_LVL_L2,
			    IA64_PMU_TLB_L1, 10, 0);
			v = mt_read_frozen(&m, 17);
			CHECK_EQ(v & 0x8, 0x8);
			CHECK_EQ(v & 0x3, slot);
			CHECK_EQ(v & ~0x1fULL, ips[i] & ~0x1fULL);
			CHECK_EQ((v & ~0xfULL) + ((v & 0x4) ? 16 : 0) + slot,
				 ips[i] + slot);
		}
	}
}

/* A taken branch in slot @slot of the bundle at @ip, @flags added */
static void branch(struct ia64_model *m, u64 ip, unsigned int slot,
		   u32 flags)
{
	u8 buf[96];

	mt_branch(buf, ip, slot, IP + 0x400, IA64_PMU_REC_BR_TAKEN | flags,
		  0);
	mt_run_all(m, buf);
}

/*
 * The D-EAR's TLB and ALAT modes need PMC12 = 0 (libpfm 3.x after the
 * Itanium 2 manual: else a miss right after a mispredicted branch gets
 * the wrong IP). MODEL: PMD17 of such a capture names the mispredicted
 * branch. Cache mode, PMC12 = 0, a predicted branch, or a record in
 * between: the load's own IP.
 */
TEST(ita2_dear_tlb_alat_modes_need_pmc12_zero)
{
	static const unsigned int modes[] = { TLB, ALAT };
	const u64 br_ip = IP + 0x230;	/* bundle 1 of its window */
	const u64 wrong = (br_ip & ~0x1fULL) | 0x4 | 0x8 | 2;
	const u64 right = IP | 0x8 | 1;
	struct ia64_model m;
	unsigned int i;
	u8 buf[64];

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		u32 alat = modes[i] == ALAT ? IA64_PMU_REC_MEM_ALAT_MISS : 0;

		ear_init(&m, 0, P11(modes[i], 0xf));
		/* the BTB at rest, but PMC12 not 0 */
		ia64_model_write_pmc(&m, 12, 0x41);
		branch(&m, br_ip, 2, IA64_PMU_REC_BR_MISPRED_PATH);
		mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L2,
		    5, alat);
		CHECK_EQ(mt_read_frozen(&m, 17), wrong);
		CHECK_EQ(mt_read_frozen(&m, 2), ADDR);
		/* a mispredicted target too */
		branch(&m, br_ip, 2, IA64_PMU_REC_BR_MISPRED_TARGET);
		mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L2,
		    5, alat);
		CHECK_EQ(mt_read_frozen(&m, 17), wrong);
		/* a predicted branch */
		branch(&m, br_ip, 2, 0);
		mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L2,
		    5, alat);
		CHECK_EQ(mt_read_frozen(&m, 17), right);
		/* an instruction between the branch and the miss */
		branch(&m, br_ip, 2, IA64_PMU_REC_BR_MISPRED_PATH);
		mt_inst(buf, IP + 0x100, 0, IA64_PMU_ITYPE_I, 0, 1, 0,
			IA64_PMU_ISA_IA64);
		mt_run_all(&m, buf);
		mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L2,
		    5, alat);
		CHECK_EQ(mt_read_frozen(&m, 17), right);
		/* PMC12 = 0 */
		ia64_model_write_pmc(&m, 12, 0);
		branch(&m, br_ip, 2, IA64_PMU_REC_BR_MISPRED_PATH);
		mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L2,
		    5, alat);
		CHECK_EQ(mt_read_frozen(&m, 17), right);
	}
	/* cache mode is not concerned */
	ear_init(&m, 0, P11(CACHE, 0));
	ia64_model_write_pmc(&m, 12, 0x41);
	branch(&m, br_ip, 2, IA64_PMU_REC_BR_MISPRED_PATH);
	mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10, 0);
	CHECK_EQ(mt_read_frozen(&m, 17), right);
}

/*
 * Sign extension: PMD0's line reads 60:51 as copies of bit 50
 * ([PFM-I2]); MODEL: PMD2 and PMD17 hold the address whole
 */
TEST(ita2_ear_address_sxt)
{
	u64 odd = 0x0004000000001040ULL;	/* bit 50 set, 60:51 clear */
	struct ia64_model m;

	ear_init(&m, P10_CACHE(0xff), P11(CACHE, 0));
	fetch(&m, odd, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	CHECK_EQ(mt_read_frozen(&m, 0), 0x1ffc000000001040ULL | 1);
	mem(&m, odd, 0, odd | 8, LOAD, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1,
	    10, 0);
	CHECK_EQ(mt_read_frozen(&m, 2), odd | 8);
	CHECK_EQ(mt_read_frozen(&m, 17), odd | 0x8);
	/* PMD0's ignored bits 4:2 read 0 */
	ia64_model_write_pmd(&m, 0, 0x1cULL | 0x20);
	CHECK_EQ(mt_read_frozen(&m, 0), 0x20);
}

/* One load at a time: each capture replaces the previous one whole */
TEST(ita2_dear_one_load_at_a_time)
{
	struct ia64_model m;

	ear_init(&m, 0, P11(CACHE, 2));
	mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L3, IA64_PMU_TLB_L1, 40, 0);
	mem(&m, IP + 0x30, 0, ADDR + 0x100, LOAD, IA64_PMU_LVL_L2,
	    IA64_PMU_TLB_L1, 20, 0);
	CHECK_EQ(mt_read_frozen(&m, 2), ADDR + 0x100);
	CHECK_EQ(mt_read_frozen(&m, 3), (1ULL << 14) | 20);
	CHECK_EQ(mt_read_frozen(&m, 17), (IP + 0x20) | 0x4 | 0x8);
	/* one that does not qualify changes none of them */
	mem(&m, IP, 2, ADDR + 0x200, LOAD, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1,
	    15, 0);
	CHECK_EQ(mt_read_frozen(&m, 2), ADDR + 0x100);
	CHECK_EQ(mt_read_frozen(&m, 3), (1ULL << 14) | 20);
	CHECK_EQ(mt_count(&m, 5), 2);
}

/* PMD0-3 and PMD17 read undefined (no capture) unless PMC0.fr = 1 */
TEST(ita2_ear_pmds_undefined_unless_frozen)
{
	static const unsigned int pmds[] = { 0, 1, 2, 3, 17 };
	struct ia64_model m;
	unsigned int i;

	ear_init(&m, P10_CACHE(0xff), P11(CACHE, 0));
	fetch(&m, IP, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	mem(&m, IP, 1, ADDR, LOAD, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10, 0);
	for (i = 0; i < ARRAY_SIZE(pmds); i++) {
		CHECK_EQ(ia64_model_read_pmd(&m, pmds[i]),
			 IA64_MODEL_PMD_UNFROZEN);
		CHECK(mt_read_frozen(&m, pmds[i]) != IA64_MODEL_PMD_UNFROZEN);
	}
	/* the pattern is no capture: stat 0, vl 0 */
	CHECK_EQ(IA64_MODEL_PMD_UNFROZEN & 0x3, 0);
	CHECK_EQ(IA64_MODEL_PMD_UNFROZEN & 0x8, 0);
	CHECK_EQ((IA64_MODEL_PMD_UNFROZEN >> 14) & 0x3, 0);
	/* the counters read normally */
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 1);
}

/* PMC10's monitor enable: plm, pm 4 with PSR.up/pp, ism 15:14 */
TEST(ita2_iear_monitor_enable_pm_ism)
{
	struct ia64_model m;

	/* pm = 1: only PSR.pp counts */
	ear_init(&m, P10_CACHE(0xff) | P10_PM, 0);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_UP);
	fetch(&m, IP, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	CHECK(!iear_valid(&m));
	ia64_model_set_psr(&m, IA64_MODEL_PSR_PP);
	fetch(&m, IP, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	CHECK(iear_valid(&m));
	/* pm = 0: PSR.up */
	ear_init(&m, P10_CACHE(0xff), 0);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_PP);
	fetch(&m, IP, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	CHECK(!iear_valid(&m));
	/* ism bit 14 off: no IA-64 code */
	ear_init(&m, P10_CACHE(0xff) | 1ULL << 14, 0);
	fetch(&m, IP, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	CHECK(!iear_valid(&m));
	ear_init(&m, P10_CACHE(0xff) | 1ULL << 15, 0);
	fetch(&m, IP, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	CHECK(iear_valid(&m));
	/* plm: cpl 0 only */
	ear_init(&m, (P10_CACHE(0xff) & ~0xfULL) | 0x8, 0);
	fetch(&m, IP, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	CHECK(!iear_valid(&m));
}
