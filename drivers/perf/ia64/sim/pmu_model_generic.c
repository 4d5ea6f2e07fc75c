// SPDX-License-Identifier: GPL-2.0
/*
 * A "generic" Itanium PMU, as a description for the shared model code of
 * pmu_model*.c, built at run time from a few parameters (struct
 * ia64_model_generic): the processor a driver sees when it knows nothing
 * of the CPU beyond what PAL_PERF_MON_INFO and CPUID[3] say. It has only
 * what the architecture defines ([SDM-2] §7.2) and the fields every
 * Itanium to date lays out alike:
 * - PMC0-3: PMC0.fr and the overflow bits of the counters (bit 4 + i for
 *   counter i, [SDM-2] §7.2.4.2); PMC1-3 read 0;
 * - N generic pairs PMC/PMD4 .. 3 + N (1 <= N <= 16); no other PMC or
 *   PMD (PMD0-3 read 0, writes to them are ignored);
 * - counter PMCs: plm 3:0, ev 4, oi 5, pm 6, es 15:8, umask 19:16,
 *   threshold 22:20 on every counter, ism 25:24 ([ITA-RM] Figure 6-13,
 *   [PFM-I2]'s counter layout); bits 31:26 are implemented but do
 *   nothing; bit 7, bit 23 and 63:32 are ignored (read 0), but for
 *   PMC4's enable bit below;
 * - ism writable, or fixed at 0b10 (IA-64 only: writes of it ignored,
 *   the reset value 0x2000000, so ism 0b11 does not stop a counter and
 *   nothing counts in IA-32 code), as on the Montecito ([PFM-MONT],
 *   pmu_model_montecito.c). By default writable for the families that
 *   run IA-32 code in hardware, the Itanium (0x07, [ITA-RM] Figure 6-13)
 *   and the Itanium 2 (0x1f, [PFM-I2]), fixed for every other family;
 *   key ism= overrides. MODEL(generic-ism): the processors after the Montecito
 *   (Tukwila, Poulson, Kittson) descend from it and, as it, run no IA-32
 *   code in hardware: their ism taken as fixed as the Montecito's;
 * - family 0x1f (an Itanium 2 whose PAL disagrees with the tables): the
 *   Itanium 2's PMC4 enable bit 23 ([PFM-MCK], pmu_model_itanium2.c),
 *   set at reset; while it is clear no counter counts. Other families
 *   have no enable bit;
 * - as on every model, a counter PMC with plm = 0 does not preserve its
 *   PMD (plm0_clobbers_pmd, [ITA-RM] Figure 6-11);
 * - counter PMDs: a count of W bits (8 <= W <= 63; 8 is below any
 *   Itanium's, for the driver's refusal of a narrow PAL width); bits
 *   63:W read as copies of bit W - 1 (the sxt of [ITA-RM] Table 6-5),
 *   writes to them are ignored;
 * - no branch trace buffer, no event address registers, no
 *   qualification: every occurrence of an event counts.
 *
 * Its events: every event select 0-255 with every umask, on every
 * counter, at most 7 per cycle. The PAL_CYCLES code counts every cycle
 * (whatever its umask); the PAL_RETIRED code counts retired IA-64
 * instructions (instruction records; every umask counts all of them);
 * every other code counts what the cycles records list for its es/umask.
 * If the two codes are equal, the code counts cycles.
 *
 * PAL_PERF_MON_INFO (a PAL procedure of [SDM-2]): N | W << 8 |
 * cycles << 16 | retired << 24; PMC mask bits 0 .. 3 + N, PMD mask and
 * the cycles and retired counter masks bits 4 .. 3 + N. CPUID[3]:
 * family 31:24, model 23:16, revision 0, number 4.
 *
 * MODEL(generic-reset): after reset PMC0 has fr = 1 and no overflow bit (the
 * PMU is frozen, as the Itanium 2's firmware leaves it), the counter PMCs are 0
 * but for the bits that are not writable (ism, fixed) and PMC4's enable
 * bit (plm 0: nothing counts), the counter PMDs are undefined (the model's
 * IA64_MODEL_UNDEF pattern within the W bits).
 *
 * There is one generic description (static storage): configure it with
 * ia64_model_generic_setup() before ia64_model_init(), never while a
 * model built from it runs.
 */
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "pmu_model.h"
#include "pmu_model_int.h"

#define GEN_NR_REGS		(4 + IA64_MODEL_MAX_CTR)
#define GEN_NR_EVENTS		256
#define GEN_MAX_INC		7

/*
 * Counter PMC: plm ev oi pm 6:0, es 15:8, umask 19:16, threshold 22:20,
 * ism 25:24, implementation bits 31:26
 */
#define GEN_PMC_CTR_BITS	(MASK64(6, 0) | MASK64(22, 8) | MASK64(31, 24))
#define GEN_PMC_ISM		MASK64(25, 24)
/* ism fixed: 0b10, IA-64 only (the Montecito's reset value) */
#define GEN_PMC_ISM_FIXED	BIT64(25)
/* The Itanium 2's family and its PMC4 enable bit ([PFM-MCK]) */
#define GEN_FAMILY_ITANIUM2	0x1f
#define GEN_PMC4_ENABLE		BIT64(23)
/* The Itanium's family: IA-32 code in hardware, ism writable */
#define GEN_FAMILY_ITANIUM	0x07
#define GEN_MIN_WIDTH		8

static u64 gen_pmc_bits[GEN_NR_REGS], gen_pmc_reset[GEN_NR_REGS];
static u64 gen_pmd_bits[GEN_NR_REGS], gen_pmd_reset[GEN_NR_REGS];
static struct ia64_model_event gen_events[GEN_NR_EVENTS];
static const unsigned int gen_nr_events = GEN_NR_EVENTS;
static struct ia64_model_sem_map gen_sem[2];
static struct ia64_model_freerun_events gen_freerun;
static struct ia64_model_desc gen_desc;
static struct ia64_model_ev_index gen_ev_index;
/*
 * MODEL(generic-threads): with two threads per core (key threads=) each
 * thread's counters count its own records only: no PMC.all, no causal
 * events, no erratum (no source describes a later processor's threads)
 */
static unsigned int gen_threads = 1;
static bool gen_ready;

/* ism fixed, unless the family runs IA-32 code in hardware */
static unsigned int gen_ism_fixed(unsigned int family)
{
	return family != GEN_FAMILY_ITANIUM && family != GEN_FAMILY_ITANIUM2;
}

void ia64_model_generic_defaults(struct ia64_model_generic *g)
{
	g->family = 0x21;
	g->model = 0;
	g->counters = 4;
	g->width = 47;
	g->cycles = 0x12;
	g->retired = 0x08;
	g->ism_fixed = gen_ism_fixed(g->family);
	g->threads = 1;
}

/* The values of key ism, by name: writable 0, fixed 1 */
static const char *const gen_ism_words[] = { "writable", "fixed", NULL };

/*
 * One of @words at *@s, ending at ',' or the end of the string: 0, its
 * index in *@val and *@s past it, or -EINVAL
 */
static int gen_word(const char **s, const char *const *words,
		    unsigned int *val)
{
	size_t len;
	unsigned int i;

	for (i = 0; words[i]; i++) {
		len = strlen(words[i]);
		if (!strncmp(*s, words[i], len) &&
		    ((*s)[len] == ',' || !(*s)[len])) {
			*val = i;
			*s += len;
			return 0;
		}
	}
	return -EINVAL;
}

/*
 * An unsigned number in C notation (0x/0X hex, 0 octal, decimal) at *@s,
 * at most @max, ending at ',' or the end of the string. Returns 0 and
 * advances *@s past it, or -EINVAL.
 */
static int gen_number(const char **s, unsigned int max, unsigned int *val)
{
	const char *p = *s;
	unsigned int base = 10, digits = 0, d;
	u64 v = 0;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0') {
		base = 8;
	}
	for (; *p && *p != ','; p++, digits++) {
		if (*p >= '0' && *p <= '9')
			d = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			d = *p - 'a' + 10;
		else if (*p >= 'A' && *p <= 'F')
			d = *p - 'A' + 10;
		else
			return -EINVAL;
		if (d >= base)
			return -EINVAL;
		v = v * base + d;
		if (v > max)
			return -EINVAL;
	}
	if (!digits)
		return -EINVAL;
	*val = v;
	*s = p;
	return 0;
}

/* The keys: a number from min to max, or one of words (its index) */
static const struct {
	const char *key;
	unsigned int min, max;
	const char *const *words;
} gen_keys[] = {
	{ "family",	0, 255, NULL },
	{ "model",	0, 255, NULL },
	{ "counters",	1, IA64_MODEL_MAX_CTR, NULL },
	{ "width",	GEN_MIN_WIDTH, 63, NULL },
	{ "cycles",	0, 255, NULL },
	{ "retired",	0, 255, NULL },
	{ "ism",	0, 1, gen_ism_words },
	{ "threads",	1, 2, NULL },
};
#define GEN_KEY_ISM	6

static unsigned int *gen_field(struct ia64_model_generic *g, unsigned int i)
{
	unsigned int *f[] = { &g->family, &g->model, &g->counters,
			      &g->width, &g->cycles, &g->retired,
			      &g->ism_fixed, &g->threads };

	return f[i];
}

int ia64_model_generic_parse(const char *spec, struct ia64_model_generic *g)
{
	struct ia64_model_generic r;
	unsigned int seen = 0, i, v;
	const char *p = spec;
	size_t len;

	if (!spec || strncmp(p, "generic", 7))
		return -EINVAL;
	p += 7;
	ia64_model_generic_defaults(&r);
	while (*p) {
		if (*p++ != ',')
			return -EINVAL;
		for (i = 0; i < ARRAY_SIZE(gen_keys); i++) {
			len = strlen(gen_keys[i].key);
			if (!strncmp(p, gen_keys[i].key, len) && p[len] == '=')
				break;
		}
		if (i == ARRAY_SIZE(gen_keys) || (seen & (1U << i)))
			return -EINVAL;
		seen |= 1U << i;
		p += len + 1;
		if (gen_keys[i].words) {
			if (gen_word(&p, gen_keys[i].words, &v))
				return -EINVAL;
		} else if (gen_number(&p, gen_keys[i].max, &v) ||
			   v < gen_keys[i].min) {
			return -EINVAL;
		}
		*gen_field(&r, i) = v;
	}
	/* the family's, unless given */
	if (!(seen & (1U << GEN_KEY_ISM)))
		r.ism_fixed = gen_ism_fixed(r.family);
	*g = r;
	return 0;
}

static unsigned int gen_clamp(unsigned int v, unsigned int lo,
			      unsigned int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void ia64_model_generic_setup(const struct ia64_model_generic *g)
{
	unsigned int n = gen_clamp(g->counters, 1, IA64_MODEL_MAX_CTR);
	unsigned int w = gen_clamp(g->width, GEN_MIN_WIDTH, 63);
	u8 cycles = g->cycles & 0xff, retired = g->retired & 0xff;
	u64 enable = (g->family & 0xff) == GEN_FAMILY_ITANIUM2 ?
		     GEN_PMC4_ENABLE : 0;
	u64 ctr_bits = GEN_PMC_CTR_BITS, ctr_reset = 0;
	u64 ctrs = MASK64(3 + n, 4);
	struct ia64_model_desc *d = &gen_desc;
	unsigned int i;

	memset(gen_pmc_bits, 0, sizeof(gen_pmc_bits));
	memset(gen_pmc_reset, 0, sizeof(gen_pmc_reset));
	memset(gen_pmd_bits, 0, sizeof(gen_pmd_bits));
	memset(gen_pmd_reset, 0, sizeof(gen_pmd_reset));
	gen_pmc_bits[0] = IA64_MODEL_PMC0_FR | IA64_MODEL_PMC0_OVFL(n);
	gen_pmc_reset[0] = IA64_MODEL_PMC0_FR;
	if (g->ism_fixed) {
		ctr_bits &= ~GEN_PMC_ISM;
		ctr_reset = GEN_PMC_ISM_FIXED;
	}
	for (i = 4; i < 4 + n; i++) {
		gen_pmc_bits[i] = ctr_bits;
		gen_pmc_reset[i] = ctr_reset;
		gen_pmd_bits[i] = MASK64(w - 1, 0);
		gen_pmd_reset[i] = IA64_MODEL_UNDEF & MASK64(w - 1, 0);
	}
	gen_pmc_bits[4] |= enable;
	gen_pmc_reset[4] |= enable;

	/*
	 * One row per event select: each umask its own event, except for
	 * the cycles and retired codes, which ignore it
	 */
	for (i = 0; i < GEN_NR_EVENTS; i++) {
		struct ia64_model_event *e = &gen_events[i];

		memset(e, 0, sizeof(*e));
		e->name = "GENERIC";
		e->code = i;
		e->umask_kind = i == cycles || i == retired ?
				IA64_MODEL_UM_IGN : IA64_MODEL_UM_ALL;
		e->pmds = ctrs;
		e->max_inc = GEN_MAX_INC;
	}
	memset(gen_sem, 0, sizeof(gen_sem));
	gen_sem[0].code = cycles;
	gen_sem[0].sem = IA64_MODEL_SEM_CPU_CYCLES;
	gen_sem[1].code = retired;
	gen_sem[1].sem = IA64_MODEL_SEM_INST_RETIRED;

	/*
	 * The free-running mix: the only events with a meaning are the
	 * cycles, which every cycle counts, and the retired instructions;
	 * no kind of cycle lists an event, and there is no data reference
	 * event
	 */
	memset(&gen_freerun, 0, sizeof(gen_freerun));
	gen_freerun.inst.code = retired;
	gen_freerun.no_inst = retired == cycles;
	gen_freerun.no_dref = true;

	memset(d, 0, sizeof(*d));
	d->name = "generic";
	d->nr_pmc = 4 + n;
	d->nr_pmd = 4 + n;
	d->nr_ctr = n;
	d->width = w;
	d->es_mask = 0xff;
	for (i = 4; i < 4 + n; i++)
		d->thres_mask[i] = 7;
	d->ctr_enable = enable;
	d->pmc_bits = gen_pmc_bits;
	d->pmc_reset = gen_pmc_reset;
	d->pmd_bits = gen_pmd_bits;
	d->pmd_reset = gen_pmd_reset;
	d->ita_units = false;
	d->btb = NULL;
	d->ear = NULL;
	d->tag_kind = IA64_MODEL_TAG_NONE;
	d->qual = NULL;
	d->pal_info = n | (u64)w << 8 | (u64)cycles << 16 |
		      (u64)retired << 24;
	d->pal_pmc_mask = MASK64(3 + n, 0);
	d->pal_pmd_mask = ctrs;
	d->pal_cycles_mask = ctrs;
	d->pal_retired_mask = ctrs;
	d->code_cycles = cycles;
	d->cpuid3 = (u64)(g->family & 0xff) << 24 |
		    (u64)(g->model & 0xff) << 16 | 4;
	d->events = gen_events;
	d->nr_events = &gen_nr_events;
	/* indexed again at the next ia64_model_init() */
	gen_ev_index.built = false;
	d->ev_index = &gen_ev_index;
	d->sem = gen_sem;
	/* equal codes: the first row, cycles, is the one code_sem() finds */
	d->nr_sem = ARRAY_SIZE(gen_sem);
	d->freerun = &gen_freerun;
	gen_threads = gen_clamp(g->threads, 1, 2);
	gen_ready = true;
}

unsigned int ia64_model_generic_threads(void)
{
	return gen_threads;
}

const struct ia64_model_desc *ia64_model_generic_desc(void)
{
	struct ia64_model_generic g;

	if (!gen_ready) {
		ia64_model_generic_defaults(&g);
		ia64_model_generic_setup(&g);
	}
	return &gen_desc;
}
