// SPDX-License-Identifier: GPL-2.0
/*
 * Interruptions and rfi in the Montecito's execution trace buffer
 * ([PFM-MONT]: "branches, traps, rfi"): the model's record of them
 * (IA64_PMU_REC_XFER, pmu_model_btb.c: a source and a target entry, the
 * MODEL: choices of which PMC39 settings capture them), its code memory,
 * and the driver's decoder (ia64_pmu_btb.h), which types them
 * PERF_BR_IRQ / PERF_BR_ERET by the vector table and the rfi in the
 * source slot, never mispredicted, and drops them per branch filter.
 */
#include "model_test.h"
#include "ia64_pmu_btb.h"

#define TK		IA64_PMU_REC_BR_TAKEN
#define MP_TGT		IA64_PMU_REC_BR_MISPRED_TARGET
#define UIP(n)		(0x4000000000010000ULL + 0x100 * (n))
#define KIP(n)		(0xa000000100100000ULL + 0x100 * (n))
#define VEC_EXTINT	0x3000ULL	/* External Interrupt ([SDM-2]) */

/* PMC39 ([PFM-MONT]): plm 3:0, tm 9:8, ptm 11:10, ppm 13:12, brt */
#define PMC39(plm, tm, ptm, ppm, brt)	((u64)(plm) | (u64)(tm) << 8 | \
					 (u64)(ptm) << 10 | \
					 (u64)(ppm) << 12 | (u64)(brt) << 14)

static const struct ia64_btb_layout mont = IA64_BTB_LAYOUT_MONTECITO;

static void xfer_init(struct ia64_model *m, enum ia64_model_cpu cpu,
		      u64 pmc)
{
	const struct ia64_btb_layout *l = cpu == IA64_MODEL_MONTECITO ?
					  &mont : NULL;

	ia64_model_init(m, cpu);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(m, l ? l->pmc : IA64_BTB_PMC, pmc);
	ia64_model_write_pmd(m, l ? l->index_pmd : IA64_BTB_INDEX_PMD, 0);
	if (l)
		ia64_model_write_pmd(m, l->ext_pmd, ~0ULL);
}

static size_t mk_xfer(void *buf, unsigned int kind, u64 ip,
		      unsigned int slot, unsigned int cpl, u64 target,
		      u32 flags)
{
	struct ia64_pmu_rec_xfer *r = buf;

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_XFER;
	r->hdr.size = sizeof(*r);
	r->hdr.flags = flags;
	r->ctx.ip = ip;
	r->ctx.repeat = 1;
	r->ctx.cpl = cpl;
	r->ctx.slot = slot;
	r->target = target;
	r->kind = kind;
	return sizeof(*r);
}

static void xfer(struct ia64_model *m, unsigned int kind, u64 ip,
		 unsigned int slot, unsigned int cpl, u64 target, u32 flags)
{
	u8 buf[64];

	mk_xfer(buf, kind, ip, slot, cpl, target, flags);
	mt_run_all(m, buf);
}

static void branch(struct ia64_model *m, u64 ip, unsigned int cpl,
		   u64 target, u32 flags)
{
	u8 buf[64];

	mt_branch(buf, ip, 1, target, flags, IA64_PMU_PRED_TAC);
	((struct ia64_pmu_rec_branch *)buf)->ctx.cpl = cpl;
	mt_run_all(m, buf);
}

/* The entries captured: the index PMD's bbi (no wrap in these tests) */
static u64 captured(struct ia64_model *m)
{
	return mt_read_frozen(m, mont.index_pmd) & mont.bbi_mask;
}

/*
 * An interruption of a user instruction and an rfi back: each a source
 * entry (bundle, slot, mp as the record says, b1 = bruflush = 0) and a
 * target entry (IVA + vector, the rfi's target)
 */
TEST(mont_xfer_entries)
{
	struct ia64_model m;

	xfer_init(&m, IA64_MODEL_MONTECITO, PMC39(0x9, 2, 3, 3, 0));
	xfer(&m, IA64_PMU_XFER_INTR, UIP(1), 1, 3, VEC_EXTINT,
	     IA64_PMU_REC_XFER_MP);
	xfer(&m, IA64_PMU_XFER_RFI, KIP(2), 2, 0, UIP(1), 0);
	CHECK_EQ(captured(&m), 4);
	CHECK_EQ(mt_read_frozen(&m, 48), UIP(1) | 1 << 2 | 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 49), (IA64_PMU_MODEL_IVA + VEC_EXTINT) | 2);
	CHECK_EQ(mt_read_frozen(&m, 50), KIP(2) | 2 << 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 51), UIP(1) | 2);
	/* PMD39: b1 and bruflush of entries 0-3 cleared */
	CHECK_EQ(mt_read_frozen(&m, 39) & 0x03030303, 0);
}

/*
 * MODEL: captured while tm takes taken branches, at the source's
 * privilege level, whatever ptm, ppm and brt; never by the IP-EAR; not
 * by the Itanium 2's BTB, which has no such record kind
 */
TEST(mont_xfer_capture_conditions)
{
	static const u64 pmc[] = {
		PMC39(0x9, 2, 1, 1, 0), PMC39(0x9, 2, 3, 3, 2),
		PMC39(0x9, 2, 3, 3, 3), PMC39(0x9, 3, 3, 3, 1),
	};
	struct ia64_model m;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pmc); i++) {
		xfer_init(&m, IA64_MODEL_MONTECITO, pmc[i]);
		xfer(&m, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0, 0);
		xfer(&m, IA64_PMU_XFER_RFI, KIP(2), 0, 0, UIP(1), 0);
		CHECK_EQ(captured(&m), 4);
	}
	/* not-taken branches only: nothing */
	xfer_init(&m, IA64_MODEL_MONTECITO, PMC39(0x9, 1, 3, 3, 0));
	xfer(&m, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0, 0);
	CHECK_EQ(captured(&m), 0);
	/* user only: the user interruption, not the rfi (cpl 0) */
	xfer_init(&m, IA64_MODEL_MONTECITO, PMC39(0x8, 2, 3, 3, 0));
	xfer(&m, IA64_PMU_XFER_RFI, KIP(2), 0, 0, UIP(1), 0);
	CHECK_EQ(captured(&m), 0);
	xfer(&m, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0, 0);
	CHECK_EQ(captured(&m), 2);
	/* the IP-EAR (PMC42 mode 4) captures neither */
	xfer_init(&m, IA64_MODEL_MONTECITO, PMC39(0x9, 2, 3, 3, 0));
	ia64_model_write_pmc(&m, 42, 0x9 | 4 << 8);
	xfer(&m, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0, 0);
	xfer(&m, IA64_PMU_XFER_RFI, KIP(2), 0, 0, UIP(1), 0);
	CHECK_EQ(mt_read_frozen(&m, 38) & 0xf, 0);
	/* the Itanium 2's BTB records branches only */
	xfer_init(&m, IA64_MODEL_ITANIUM2, PMC39(0x9, 2, 3, 3, 0));
	xfer(&m, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0, 0);
	xfer(&m, IA64_PMU_XFER_RFI, KIP(2), 0, 0, UIP(1), 0);
	CHECK_EQ(mt_read_frozen(&m, IA64_BTB_INDEX_PMD) & 7, 0);
}

/* They count no event: not BRANCH_EVENT (es 0x11) either */
TEST(mont_xfer_counts_nothing)
{
	struct ia64_model m;

	xfer_init(&m, IA64_MODEL_MONTECITO, PMC39(0x9, 2, 3, 3, 0));
	ia64_model_write_pmc(&m, 4, mt_pmc(0x11, 0, 0x9, false));
	ia64_model_write_pmd(&m, 4, 0);
	branch(&m, UIP(0), 3, UIP(5), TK);
	xfer(&m, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0, 0);
	CHECK_EQ(mt_count(&m, 4), 1);
}

/* What the record check refuses */
TEST(mont_xfer_record_check)
{
	u8 buf[64];
	size_t n;

	n = mk_xfer(buf, IA64_PMU_XFER_INTR, UIP(1), 2, 3, 0x7f00, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n), n);
	n = mk_xfer(buf, IA64_PMU_XFER_INTR, UIP(1), 2, 3, 0x4c00, 1);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n), n);
	n = mk_xfer(buf, IA64_PMU_XFER_RFI, KIP(1), 2, 0, UIP(3), 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n), n);
	/* not a vector: inside one, beyond the table */
	n = mk_xfer(buf, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0x4d00, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n),
		 -EINVAL);
	n = mk_xfer(buf, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0x5080, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n),
		 -EINVAL);
	n = mk_xfer(buf, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0x8000, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n),
		 -EINVAL);
	/* an rfi out of privilege level 0, to no bundle */
	n = mk_xfer(buf, IA64_PMU_XFER_RFI, KIP(1), 0, 3, UIP(3), 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n),
		 -EINVAL);
	n = mk_xfer(buf, IA64_PMU_XFER_RFI, KIP(1), 0, 0, UIP(3) + 4, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n),
		 -EINVAL);
	/* another kind, a flag, IA-32 */
	n = mk_xfer(buf, 2, UIP(1), 0, 3, 0, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n),
		 -EINVAL);
	n = mk_xfer(buf, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0, 2);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n),
		 -EINVAL);
	n = mk_xfer(buf, IA64_PMU_XFER_INTR, UIP(1), 0, 3, 0, 0);
	((struct ia64_pmu_rec_xfer *)buf)->ctx.isa = IA64_PMU_ISA_IA32;
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_MONTECITO, buf, n),
		 -EINVAL);
}

/* Bundle images: template @t, instructions in slots 0-2 */
static void bundle(__u64 *b, unsigned int t, u64 s0, u64 s1, u64 s2)
{
	b[0] = t | s0 << 5 | s1 << 46;
	b[1] = s1 >> 18 | s2 << 23;
}

#define RFI		(0x08ULL << 27)		/* B8: opcode 0, x6 0x08 */
#define NOP_B		(2ULL << 37)		/* B9: opcode 2 */
#define BR_RET		((0ULL << 37) | (0x21ULL << 27))	/* B4 */
#define NOP_M		(1ULL << 37 | 1ULL << 27)	/* M48: not a B */

/* The decoder's rfi test, by template and slot */
TEST(xfer_is_rfi_by_template)
{
	__u64 b[2];

	bundle(b, 0x16, RFI, NOP_B, NOP_B);	/* BBB */
	CHECK(ia64_btb_is_rfi(b, 0));
	CHECK(!ia64_btb_is_rfi(b, 1));
	bundle(b, 0x17, NOP_B, RFI, NOP_B);
	CHECK(ia64_btb_is_rfi(b, 1));
	bundle(b, 0x11, NOP_M, NOP_M, RFI);	/* MIB */
	CHECK(ia64_btb_is_rfi(b, 2));
	bundle(b, 0x1c, NOP_M, NOP_M, RFI);	/* MFB */
	CHECK(ia64_btb_is_rfi(b, 2));
	bundle(b, 0x12, NOP_M, RFI, NOP_B);	/* MBB */
	CHECK(ia64_btb_is_rfi(b, 1));
	/* rfi's bits in an M slot or under a template without B */
	bundle(b, 0x18, RFI, NOP_M, NOP_B);	/* MMB */
	CHECK(!ia64_btb_is_rfi(b, 0));
	bundle(b, 0x00, NOP_M, NOP_M, RFI);	/* MII */
	CHECK(!ia64_btb_is_rfi(b, 2));
	bundle(b, 0x16, BR_RET, NOP_B, NOP_B);
	CHECK(!ia64_btb_is_rfi(b, 0));
	CHECK(!ia64_btb_is_rfi(b, 3));
}

/* The model's code memory holds the rfi it ran, nothing else */
TEST(mont_xfer_code_memory)
{
	struct ia64_model m;
	unsigned int i;
	u64 b[2];
	__u64 bb[2];

	xfer_init(&m, IA64_MODEL_MONTECITO, PMC39(0x9, 2, 3, 3, 0));
	CHECK_EQ(ia64_model_read_bundle(&m, KIP(2), b), -EFAULT);
	xfer(&m, IA64_PMU_XFER_RFI, KIP(2) + 2, 2, 0, UIP(1), 0);
	xfer(&m, IA64_PMU_XFER_INTR, UIP(1), 1, 3, VEC_EXTINT, 0);
	CHECK_EQ(ia64_model_read_bundle(&m, KIP(2), b), 0);
	bb[0] = b[0];
	bb[1] = b[1];
	CHECK(ia64_btb_is_rfi(bb, 2));
	CHECK(!ia64_btb_is_rfi(bb, 0) && !ia64_btb_is_rfi(bb, 1));
	CHECK_EQ(ia64_model_read_bundle(&m, UIP(1), b), -EFAULT);
	/* it remembers the last IA64_MODEL_CODE_NR */
	for (i = 0; i < IA64_MODEL_CODE_NR; i++)
		xfer(&m, IA64_PMU_XFER_RFI, KIP(10 + i), 0, 0, UIP(1), 0);
	CHECK_EQ(ia64_model_read_bundle(&m, KIP(2), b), -EFAULT);
	CHECK_EQ(ia64_model_read_bundle(&m, KIP(10), b), 0);
}

static struct ia64_model *code_of;

static int read_code(__u64 addr, __u64 *b)
{
	u64 w[2];
	int ret = ia64_model_read_bundle(code_of, addr, w);

	b[0] = w[0];
	b[1] = w[1];
	return ret;
}

static const struct ia64_btb_env env = {
	.iva = IA64_PMU_MODEL_IVA,
	.read_bundle = read_code,
};

/* Decode the model's buffer of layout @l as the driver does */
static unsigned int decode(struct ia64_model *m,
			   const struct ia64_btb_layout *l, unsigned int keep,
			   const struct ia64_btb_env *en,
			   struct perf_branch_entry *e)
{
	__u64 pmd[IA64_BTB_RAW_MAX], hw_idx;
	unsigned int i;

	for (i = 0; i < l->nr; i++)
		pmd[i] = mt_read_frozen(m, l->first_pmd + i);
	pmd[l->nr] = mt_read_frozen(m, l->index_pmd);
	if (l->ext == IA64_BTB_EXT_PMD)
		pmd[l->nr + 1] = mt_read_frozen(m, l->ext_pmd);
	code_of = m;
	return ia64_btb_decode(l, pmd, keep, en, e, &hw_idx);
}

/*
 * A user branch, an interruption of user code (mp set), a kernel
 * branch (mispredicted), an rfi back (mp set): newest first
 */
static void run_story(struct ia64_model *m, u64 pmc)
{
	xfer_init(m, IA64_MODEL_MONTECITO, pmc);
	branch(m, UIP(0), 3, UIP(1), TK);
	xfer(m, IA64_PMU_XFER_INTR, UIP(1), 1, 3, VEC_EXTINT,
	     IA64_PMU_REC_XFER_MP);
	branch(m, KIP(0), 0, KIP(2), TK | MP_TGT);
	xfer(m, IA64_PMU_XFER_RFI, KIP(2), 2, 0, UIP(1),
	     IA64_PMU_REC_XFER_MP);
}

#define BOTH	(IA64_BTB_KEEP_USER | IA64_BTB_KEEP_KERNEL)

TEST(mont_xfer_decode_types)
{
	struct perf_branch_entry e[IA64_BTB_MAX];
	long long pmc = ia64_btb_pmc12(&mont, PERF_SAMPLE_BRANCH_ANY |
				       PERF_SAMPLE_BRANCH_USER |
				       PERF_SAMPLE_BRANCH_KERNEL, false);
	struct ia64_model m;

	CHECK(pmc > 0);
	run_story(&m, pmc);
	CHECK_EQ(decode(&m, &mont, BOTH | ia64_btb_drop(PERF_SAMPLE_BRANCH_ANY,
							false), &env, e), 4);
	CHECK_EQ(e[0].from, KIP(2) + 2);
	CHECK_EQ(e[0].to, UIP(1));
	CHECK_EQ(e[0].type, PERF_BR_ERET);
	CHECK_EQ(e[1].from, KIP(0) + 1);
	CHECK_EQ(e[1].type, PERF_BR_UNKNOWN);
	CHECK(e[1].mispred && !e[1].predicted);
	CHECK_EQ(e[2].from, UIP(1) + 1);
	CHECK_EQ(e[2].to, IA64_PMU_MODEL_IVA + VEC_EXTINT);
	CHECK_EQ(e[2].type, PERF_BR_IRQ);
	CHECK_EQ(e[2].priv, PERF_BR_PRIV_USER);
	CHECK_EQ(e[3].type, PERF_BR_UNKNOWN);
	CHECK(!e[3].mispred && e[3].predicted);
	/* the buffer's mp bit is set on both, neither is a misprediction */
	CHECK(!e[0].mispred && !e[0].predicted);
	CHECK(!e[2].mispred && !e[2].predicted);
}

/*
 * Each filter keeps what x86 keeps of interrupts (X86_BR_IRQ) and iret
 * (X86_BR_IRET): ANY both, ANY_RETURN the rfi, IND_CALL | IND_JUMP and
 * br_mispred neither; the model captured all four under each (MODEL)
 */
TEST(mont_xfer_decode_filters)
{
	static const struct {
		u64 type;
		bool mispred;
		int irq, eret;
	} f[] = {
		{ PERF_SAMPLE_BRANCH_ANY, false, 1, 1 },
		{ PERF_SAMPLE_BRANCH_ANY_RETURN, false, 0, 1 },
		{ PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP,
		  false, 0, 0 },
		{ PERF_SAMPLE_BRANCH_ANY, true, 0, 0 },
		{ PERF_SAMPLE_BRANCH_ANY_RETURN, true, 0, 0 },
	};
	struct perf_branch_entry e[IA64_BTB_MAX];
	struct ia64_model m;
	unsigned int i, j, n;

	for (i = 0; i < ARRAY_SIZE(f); i++) {
		u64 bst = f[i].type | PERF_SAMPLE_BRANCH_USER |
			  PERF_SAMPLE_BRANCH_KERNEL;
		long long pmc = ia64_btb_pmc12(&mont, bst, f[i].mispred);
		int irq = 0, eret = 0;

		CHECK(pmc > 0);
		run_story(&m, pmc);
		n = decode(&m, &mont, BOTH | ia64_btb_drop(bst, f[i].mispred),
			   &env, e);
		for (j = 0; j < n; j++) {
			irq += e[j].type == PERF_BR_IRQ;
			eret += e[j].type == PERF_BR_ERET;
			CHECK(e[j].type == PERF_BR_UNKNOWN || !e[j].mispred);
		}
		CHECK_EQ(irq, f[i].irq);
		CHECK_EQ(eret, f[i].eret);
	}
}

/*
 * Privilege: an event never sees an address it excludes; the user to
 * kernel interruption and the kernel to user rfi need both levels
 */
TEST(mont_xfer_decode_privilege)
{
	struct perf_branch_entry e[IA64_BTB_MAX];
	struct ia64_model m;
	unsigned int n;

	run_story(&m, PMC39(0x9, 2, 3, 3, 0));
	n = decode(&m, &mont, IA64_BTB_KEEP_USER, &env, e);
	CHECK_EQ(n, 1);
	CHECK_EQ(e[0].from, UIP(0) + 1);
	n = decode(&m, &mont, IA64_BTB_KEEP_KERNEL, &env, e);
	CHECK_EQ(n, 1);
	CHECK_EQ(e[0].from, KIP(0) + 1);
}

/*
 * Without the environment, or on a layout without xfer (Itanium 2), the
 * same entries are branches: what the decoder did before
 */
TEST(mont_xfer_decode_needs_env_and_layout)
{
	static const struct ia64_btb_layout ita2_like = {
		.pmc = 39, .first_pmd = 48, .index_pmd = 38, .nr = 16,
		.bbi_mask = 0xf, .full = 0x20, .brt_shift = 14,
		.ext = IA64_BTB_EXT_PMD, .ext_pmd = 39,
	};
	struct perf_branch_entry e[IA64_BTB_MAX];
	struct ia64_model m;
	unsigned int n, j;

	run_story(&m, PMC39(0x9, 2, 3, 3, 0));
	n = decode(&m, &mont, BOTH, NULL, e);
	CHECK_EQ(n, 4);
	for (j = 0; j < n; j++)
		CHECK_EQ(e[j].type, PERF_BR_UNKNOWN);
	CHECK(e[0].mispred && e[2].mispred);
	n = decode(&m, &ita2_like, BOTH, &env, e);
	CHECK_EQ(n, 4);
	for (j = 0; j < n; j++)
		CHECK_EQ(e[j].type, PERF_BR_UNKNOWN);
}
