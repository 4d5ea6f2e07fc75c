// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of Ski's PMU glue (tools/ski/ski_pmu.c), on the host: its
 * reading of IA-64 bundles (templates, slots, nops, branch types) and
 * what it feeds the model (counts, the latency rule, the interrupt
 * line). The glue's file is included so that its static helpers can be
 * tested; the model is linked as Ski links it.
 *
 * The bundles were assembled with binutils-ia64-linux-gnu (as 2.40):
 *   L0: { .mii  nop.m 0; nop.i 0; adds r8=1,r8 ;; }
 *       { .mib  ld8 r9=[r10]; hint.i @pause; br.cloop.sptk.few L0 ;; }
 *       { .mmb  st8 [r10]=r9; nop.m 0; br.call.sptk.many b0=L0 ;; }
 *       { .bbb  br.ret.sptk.many b0; br.few b6; nop.b 0 ;; }
 *       { .mlx  nop.m 0; movl r8=0x123456789abcdef0 ;; }
 *       { .mfb  nop.m 0; nop.f 0; br.ctop.sptk.few L0 ;; }
 *       { .mbb  nop.m 0; (p6) br.call.sptk.many b0=b6; rfi ;; }
 *       { .mfb  nop.m 0; nop.f 0; (p7) br.ia.sptk.many b6 ;; }
 *       { .mlx  nop.m 0; brl.cond.sptk.few L0 ;; }
 *       { .mlx  nop.m 0; brl.call.sptk.many b0=L0 ;; }
 * and read back as little-endian 64-bit words.
 */
#include "../ski_pmu.c"
#include "check.h"

static const u64 code[][2] = {
	{ 0x0000000100000001ULL, 0x8400401100000200ULL },
	{ 0x0000101814004811ULL, 0x48fffff0a0000300ULL },
	{ 0x0000119814240019ULL, 0x58ffffe800000200ULL },
	{ 0x3000002100022017ULL, 0x2000000000004000ULL },
	{ 0x789a800100000005ULL, 0x66f7970100123456ULL },
	{ 0x000000010000001dULL, 0x48ffffb0e0000200ULL },
	{ 0x3401800100000013ULL, 0x0020000000084000ULL },
	{ 0x000000010000001dULL, 0x0080006823800200ULL },
	{ 0x0000000100000005ULL, 0xc000000000000000ULL },
	{ 0xffff000100000005ULL, 0xd8fffff8007fffffULL },
};
#define NR_CODE	(sizeof(code) / sizeof(code[0]))

/* Per bundle and slot: unit, nop, branch type (-1: none) */
struct expect {
	int unit, nop, br;
};

#define M IA64_PMU_ITYPE_M
#define I IA64_PMU_ITYPE_I
#define F IA64_PMU_ITYPE_F
#define B IA64_PMU_ITYPE_B
#define L IA64_PMU_ITYPE_L
#define X IA64_PMU_ITYPE_X
static const struct expect want[NR_CODE][3] = {
	{ { M, 1, -1 }, { I, 1, -1 }, { I, 0, -1 } },
	{ { M, 0, -1 }, { I, 0, -1 }, { B, 0, IA64_PMU_BR_LOOP } },
	{ { M, 0, -1 }, { M, 1, -1 }, { B, 0, IA64_PMU_BR_CALL } },
	{ { B, 0, IA64_PMU_BR_RET }, { B, 0, IA64_PMU_BR_IND },
	  { B, 1, -1 } },
	{ { M, 1, -1 }, { L, 0, -1 }, { X, 0, -1 } },
	{ { M, 1, -1 }, { F, 1, -1 }, { B, 0, IA64_PMU_BR_LOOP } },
	{ { M, 1, -1 }, { B, 0, IA64_PMU_BR_IND_CALL }, { B, 0, -1 } },
	{ { M, 1, -1 }, { F, 1, -1 }, { B, 0, IA64_PMU_BR_IA } },
	{ { M, 1, -1 }, { L, 0, -1 }, { X, 0, IA64_PMU_BR_COND } },
	{ { M, 1, -1 }, { L, 0, -1 }, { X, 0, IA64_PMU_BR_CALL } },
};

static void test_decode(void)
{
	unsigned int b, s;

	for (b = 0; b < NR_CODE; b++) {
		for (s = 0; s < 3; s++) {
			const struct expect *w = &want[b][s];
			int unit = template_units[code[b][0] & 0x1f][s];
			u64 enc = slot_bits(code[b], s);

			CHECK(unit == w->unit, "bundle %u slot %u: unit %d, not %d",
			      b, s, unit, w->unit);
			if (unit == L)
				continue;
			CHECK(is_nop(unit, enc) == w->nop,
			      "bundle %u slot %u: nop %d", b, s, w->nop);
			CHECK(inst_branch_type(unit, enc) == w->br,
			      "bundle %u slot %u: branch type %d", b, s,
			      w->br);
		}
	}
	/* the movl's X slot: opcode 6 (movl) in bits 40:37 */
	CHECK(field(slot_bits(code[4], 2), 40, 37) == 6, "movl opcode");
	/* the rfi: B opcode 0, x6 0x08 */
	CHECK(field(slot_bits(code[6], 2), 32, 27) == 0x08, "rfi x6");
}

/* Itanium 2 events ([PFM-I2]): IA64_INST_RETIRED, CPU_CYCLES, DATA_EAR_EVENTS */
#define EV_INST		0x08
#define EV_CYCLES	0x12
#define EV_DEAR		0xc8
#define PSR_USER	(IA64_MODEL_PSR_UP | (3ULL << IA64_MODEL_PSR_CPL_SHIFT))
/* a user monitor counting at cpl 3, PMC4's power enable bit 23 set */
#define PMC_USER(es)	(((u64)(es) << 8) | 0x8 | (1ULL << 23))

static struct ski_pmu_inst inst(unsigned int b, unsigned int s)
{
	struct ski_pmu_inst in;

	memset(&in, 0, sizeof(in));
	in.ip = 0x4000000000001000ULL + 16 * b;
	in.slot = s;
	in.psr = PSR_USER;
	in.bundle[0] = code[b][0];
	in.bundle[1] = code[b][1];
	in.next_ip = in.ip + 16;
	in.end = SKI_PMU_RETIRED;
	return in;
}

static void setup(u64 pmc4, u64 pmc5)
{
	setenv("SKI_PMU_MODEL", "itanium2", 1);
	setenv("SKI_PMU_CHECK", "1", 1);
	ski_pmu_init();
	ski_pmu_write_pmc(4, pmc4, 0);
	ski_pmu_write_pmc(5, pmc5, 0);
	ski_pmu_write_pmd(4, 0, 0);
	ski_pmu_write_pmd(5, 0, 0);
	ski_pmu_write_pmc(0, 0, 0);	/* unfreeze */
}

static void test_counts(void)
{
	struct ski_pmu_inst in;
	int k;

	setup(PMC_USER(EV_INST), PMC_USER(EV_CYCLES));
	CHECK(ski_pmu_live, "unfrozen PMU not live");
	for (k = 0; k < 10; k++) {
		in = inst(0, 2);	/* adds, ends its group */
		in.cycles = 1;
		ski_pmu_exec(&in);
	}
	in = inst(1, 2);		/* a predicated-off branch */
	in.pred_off = 1;
	ski_pmu_exec(&in);
	in = inst(1, 0);		/* a faulting load: not retired */
	in.end = SKI_PMU_FAULT;
	in.cycles = 1;
	ski_pmu_data(0x1000, 8, 0);
	ski_pmu_exec(&in);
	CHECK(ski_pmu_read_pmd(4, 0) == 11, "retired %llu, not 11",
	      (unsigned long long)ski_pmu_read_pmd(4, 0));
	CHECK(ski_pmu_read_pmd(5, 0) == 11, "cycles %llu, not 11",
	      (unsigned long long)ski_pmu_read_pmd(5, 0));

	/* at cpl 0 nothing counts: plm has cpl 3 only */
	in = inst(0, 2);
	in.psr = IA64_MODEL_PSR_UP;
	ski_pmu_exec(&in);
	CHECK(ski_pmu_read_pmd(4, 0) == 11, "kernel instruction counted");

	/* PSR.sp: a user read of a user monitor reads 0 ([SDM-2] Table 7-5) */
	CHECK(ski_pmu_read_pmd(4, PSR_USER | IA64_MODEL_PSR_SP) == 0,
	      "PMD read with PSR.sp set");
	CHECK(ski_pmu_read_pmd(4, PSR_USER) == 11, "user read of a user monitor");
}

static void test_overflow_irq(void)
{
	struct ski_pmu_inst in;
	int k;

	/* PMD4 three instructions from the 47-bit wrap, oi set */
	setup(PMC_USER(EV_INST) | IA64_MODEL_PMC_OI, 0);
	ski_pmu_write_pmc(0, IA64_MODEL_PMC0_FR, 0);
	ski_pmu_write_pmd(4, (1ULL << 47) - 3, 0);
	ski_pmu_write_pmc(0, 0, 0);
	for (k = 0; k < 2; k++) {
		in = inst(0, 2);
		ski_pmu_exec(&in);
	}
	CHECK(!ski_pmu_line && ski_pmu_live, "interrupt before the wrap");
	in = inst(0, 2);
	ski_pmu_exec(&in);
	CHECK(ski_pmu_line, "no interrupt at the wrap");
	CHECK(!ski_pmu_live, "PMU not frozen by an oi overflow");
	CHECK(ski_pmu_read_pmc(0, 0) == (IA64_MODEL_PMC0_FR | (1ULL << 4)),
	      "PMC0 %#llx", (unsigned long long)ski_pmu_read_pmc(0, 0));
	ski_pmu_irq_ack();
	CHECK(!ski_pmu_line, "line still up after the ack");
	/* frozen: Ski skips the hooks, and nothing would count anyway */
	in = inst(0, 2);
	ski_pmu_exec(&in);
	CHECK(ski_pmu_read_pmd(4, 0) == 0, "counted while frozen");
}

static void test_latency_rule(void)
{
	struct ski_pmu_inst in;
	u64 a;
	int k;

	/* DATA_EAR_EVENTS counts the D-EAR's captures: PMC11 cache mode */
	setup(PMC_USER(EV_DEAR), 0);
	ski_pmu_write_pmc(0, IA64_MODEL_PMC0_FR, 0);
	/* PMC11: plm cpl 3, pm 0, cache mode, ldlat 8 (umask 1: >= 8) */
	ski_pmu_write_pmc(11, 0x8 | (1ULL << 16), 0);
	ski_pmu_write_pmc(0, 0, 0);
	/* 512 lines of 64 bytes, twice: every load misses the 256 entries */
	for (k = 0; k < 1024; k++) {
		a = 0x600000000000ULL + 64 * (k & 511);
		in = inst(1, 0);
		ski_pmu_data(a, 8, 0);
		ski_pmu_exec(&in);
	}
	CHECK(ski_pmu_read_pmd(4, 0) == 1024, "captures %llu, not 1024",
	      (unsigned long long)ski_pmu_read_pmd(4, 0));
	/* the same line again: a hit, no capture */
	in = inst(1, 0);
	ski_pmu_data(a, 8, 0);
	ski_pmu_exec(&in);
	CHECK(ski_pmu_read_pmd(4, 0) == 1024, "a hit captured");
	/* stores never capture */
	in = inst(2, 0);
	ski_pmu_data(0x700000000000ULL, 8, 1);
	ski_pmu_exec(&in);
	CHECK(ski_pmu_read_pmd(4, 0) == 1024, "a store captured");
	ski_pmu_write_pmc(0, IA64_MODEL_PMC0_FR, 0);
	/* PMD2: the last miss's data address */
	CHECK(ski_pmu_read_pmd(2, 0) == a, "D-EAR address %#llx, not %#llx",
	      (unsigned long long)ski_pmu_read_pmd(2, 0),
	      (unsigned long long)a);
}

static void test_identities(void)
{
	u64 buf[16], info;

	setenv("SKI_PMU_MODEL", "itanium", 1);
	ski_pmu_init();
	CHECK(((ski_pmu_cpuid3() >> 24) & 0xff) == 0x07, "itanium family");
	ski_pmu_perf_mon_info(buf, &info);
	CHECK((info & 0xff) == 4 && ((info >> 8) & 0xff) == 32,
	      "itanium: %#llx", (unsigned long long)info);

	setenv("SKI_PMU_MODEL", "montecito", 1);
	ski_pmu_init();
	CHECK(((ski_pmu_cpuid3() >> 24) & 0xff) == 0x20, "montecito family");
	ski_pmu_perf_mon_info(buf, &info);
	CHECK((info & 0xff) == 12 && ((info >> 8) & 0xff) == 47,
	      "montecito: %#llx", (unsigned long long)info);

	setenv("SKI_PMU_MODEL", "generic", 1);
	ski_pmu_init();
	CHECK(((ski_pmu_cpuid3() >> 24) & 0xff) == 0x21, "generic family");
	ski_pmu_perf_mon_info(buf, &info);
	CHECK((info & 0xff) == 12 && ((info >> 8) & 0xff) == 50,
	      "generic: %#llx", (unsigned long long)info);
}

int main(void)
{
	test_decode();
	test_counts();
	test_overflow_irq();
	test_latency_rule();
	test_identities();
	printf("ski_pmu_test: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
