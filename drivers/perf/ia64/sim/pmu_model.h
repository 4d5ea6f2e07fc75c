/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Software model of the performance monitoring unit of one Itanium CPU,
 * written from the manuals ([ITA-RM] ch. 6, [ITA-RM] §6.2.3-6.2.7,
 * [SDM-2] §7.2, [SDM-2] §7.2.4), never from the driver. Pure C: it is
 * linked into the simulated backend and into userspace unit tests
 * (tools/testing/ia64_pmu_model).
 *
 * The model is not locked: callers serialise access to one model.
 */
#ifndef _IA64_PMU_MODEL_H
#define _IA64_PMU_MODEL_H

/* first: it provides the fixed-width types, in the kernel or not */
#include "pmu_model_events.h"

#ifdef __KERNEL__
#include <linux/errno.h>
#include <uapi/linux/perf/ia64_pmu.h>
#else
#include <errno.h>
#include <linux/perf/ia64_pmu.h>
#endif

enum ia64_model_cpu {
	IA64_MODEL_ITANIUM,	/* Merced, CPUID family 0x07 */
	IA64_MODEL_ITANIUM2,	/* McKinley/Madison, CPUID family 0x1f */
	/* built from parameters: ia64_model_generic_setup() */
	IA64_MODEL_GENERIC,
	IA64_MODEL_MONTECITO,	/* Montecito/Montvale, CPUID family 0x20 */
};

#define IA64_MODEL_NR_PMC	14	/* PMC0-13 (Itanium) */
#define IA64_MODEL_NR_PMD	18	/* PMD0-17 */
#define IA64_MODEL_ITA2_NR_PMC	16	/* PMC0-15 (Itanium 2) */
#define IA64_MODEL_ITA2_NR_PMD	18	/* PMD0-17 (Itanium 2) */
#define IA64_MODEL_NR_IBR	8
#define IA64_MODEL_NR_DBR	8
/*
 * Room for the larger register files of later CPU models: the Montecito
 * has PMC0-15, 32-42 and PMD4-15, 32-36, 38-39, 48-63
 */
#define IA64_MODEL_MAX_PMC	64
#define IA64_MODEL_MAX_PMD	64
/*
 * Generic counters: a CPU model has nr_ctr of them, PMC/PMD4 ..
 * 4 + nr_ctr - 1; their overflow bits are PMC0 bits 4 .. 3 + nr_ctr
 * ([SDM-2] §7.2.4.2: bit j of PMCi stands for monitor 64 * i + j, so
 * all of them fit in PMC0)
 */
#define IA64_MODEL_MAX_CTR	16
#define IA64_MODEL_CTR_END	(4 + IA64_MODEL_MAX_CTR)

/* Architectural PSR bits the PMU depends on ([SDM-2] §7.2.1) */
#define IA64_MODEL_PSR_UP	(1ULL << 2)
#define IA64_MODEL_PSR_SP	(1ULL << 20)
#define IA64_MODEL_PSR_PP	(1ULL << 21)
#define IA64_MODEL_PSR_DB	(1ULL << 24)
#define IA64_MODEL_PSR_CPL_SHIFT 32
#define IA64_MODEL_PSR_CPL	(3ULL << IA64_MODEL_PSR_CPL_SHIFT)
#define IA64_MODEL_PSR_IS	(1ULL << 34)
#define IA64_MODEL_PSR_MASK	(IA64_MODEL_PSR_UP | IA64_MODEL_PSR_SP | \
				 IA64_MODEL_PSR_PP | IA64_MODEL_PSR_DB | \
				 IA64_MODEL_PSR_CPL | IA64_MODEL_PSR_IS)

/* PMC0 ([ITA-RM] Table 6-7): fr, and the overflow bits of @n counters */
#define IA64_MODEL_PMC0_FR	0x1ULL
#define IA64_MODEL_PMC0_OVFL(n)	(((1ULL << (n)) - 1) << 4)

/* Generic PMC fields ([ITA-RM] Figures 6-13/6-14) */
#define IA64_MODEL_PMC_PLM	0xfULL
#define IA64_MODEL_PMC_EV	(1ULL << 4)
#define IA64_MODEL_PMC_OI	(1ULL << 5)
#define IA64_MODEL_PMC_PM	(1ULL << 6)
#define IA64_MODEL_PMC_ES_SHIFT	8
#define IA64_MODEL_PMC_UMASK_SHIFT 16
#define IA64_MODEL_PMC_THRES_SHIFT 20
#define IA64_MODEL_PMC_ISM_SHIFT 24

/* Value a register holds where the spec says "undefined" after reset */
#define IA64_MODEL_UNDEF	0x5a5a5a5a5a5a5a50ULL

/*
 * What the EAR and BTB PMDs (PMD0-3, PMD8-16, PMD17) read while PMC0.fr
 * is 0: [ITA-RM] §6.2.1, §6.2.7 and §6.2.8.2 make such reads undefined.
 * The stored value is unchanged; a read once frozen returns it. In every
 * one of these formats the pattern says "nothing captured" and cannot be
 * a capture:
 * - bit 0 clear: PMD0.v and PMD17.v (Tables 6-13, 6-15, 6-18, 6-20) and
 *   PMD8-15.b; bit 1 clear: PMD8-15.mp, so b = mp = 0 is an invalid BTB
 *   entry (Table 6-22);
 * - bits 3:0 clear: PMD16.full = 0, bbi = 0, an empty BTB (Table 6-23);
 * - bits 63:62 clear: PMD3.level = 0, "invalid address" (Table 6-20);
 * - bits 60:51 are not copies of bit 50, as in no captured address
 *   (Tables 6-13 and 6-18 note a, Table 6-22 note a), and ignored bits
 *   of PMD1 (63:12) and PMD16 (63:4), which never read 1, are set.
 */
#define IA64_MODEL_PMD_UNFROZEN	0x0bad0bad0bad0ba0ULL

/* Accesses, for benchmarks and the backend's register dump */
struct ia64_model_stats {
	u64 pmc_reads, pmc_writes;
	u64 pmd_reads, pmd_writes;
	u64 ibr_reads, ibr_writes;
	u64 dbr_reads, dbr_writes;
	u64 psr_reads, psr_changes;
	u64 pal_calls, cpuid_reads;
	/*
	 * Writes per implemented PMC, ignored ones included: a write to
	 * PMC1-3 leaves them reading zero ([ITA-RM] Table 6-7) and is
	 * visible only here.
	 */
	u64 pmc_writes_by_reg[IA64_MODEL_MAX_PMC];
	u64 runs;		/* ia64_model_run() calls */
	u64 irqs;		/* interrupts raised */
	u64 ear_captures;	/* I-EAR + D-EAR */
	u64 btb_entries;	/* BTB entries written */
};

/* The description of one CPU model's PMU (pmu_model_int.h) */
struct ia64_model_desc;

/* The rfi a model remembers (struct ia64_model code_*) */
#define IA64_MODEL_CODE_NR	8

struct ia64_model {
	enum ia64_model_cpu cpu;
	const struct ia64_model_desc *desc;
	unsigned int nr_pmc, nr_pmd;
	unsigned int nr_ctr;		/* generic counters PMC/PMD4.. */
	u64 pmc[IA64_MODEL_MAX_PMC];
	u64 pmd[IA64_MODEL_MAX_PMD];	/* as stored; reads apply sxt */
	u64 ibr[IA64_MODEL_NR_IBR];
	u64 dbr[IA64_MODEL_NR_DBR];
	u64 psr;			/* IA64_MODEL_PSR_MASK bits only */
	bool irq_pending;		/* the PMU interrupt line */
	/*
	 * Figure 6-11: with all plm bits zero the PMD value is not
	 * preserved. When set (the default), writing such a PMC
	 * overwrites its PMD(s) with IA64_MODEL_UNDEF, and so does
	 * writing one of its PMDs while its plm is zero.
	 */
	bool plm0_clobbers_pmd;
	/*
	 * The counters' PMCs, by register number: the event table row
	 * selected by es/umask, NULL if undefined, and what that event
	 * counts (an IA64_MODEL_SEM_* of pmu_model_int.h)
	 */
	const struct ia64_model_event *ctr_ev[IA64_MODEL_CTR_END];
	u8 ctr_sem[IA64_MODEL_CTR_END];
	/* the last record was a mispredicted branch: its bundle, slot */
	bool after_mispred;
	u64 mispred_ip;
	u8 mispred_slot;
	/*
	 * The IP-EAR (pmu_model_btb.c): cycles since its last capture,
	 * saturating at the 6 bits an entry holds; cycles left before the
	 * buffer freezes after an overflow froze the PMU
	 */
	u64 ipear_cycles;
	u64 ipear_delay;
	/*
	 * Its code memory (ia64_model_read_bundle()): the bundle and slot
	 * of the last IA64_MODEL_CODE_NR rfi it ran, oldest first from
	 * code_next; code_ip 0: none
	 */
	u64 code_ip[IA64_MODEL_CODE_NR];
	u8 code_slot[IA64_MODEL_CODE_NR];
	unsigned int code_next;
	/*
	 * cr.iva, where an interruption record's vector offset points:
	 * IA64_PMU_MODEL_IVA, or the CPU's own when one runs the model
	 * (Ski: tools/ski/ski_pmu.c)
	 */
	u64 iva;
	struct ia64_model_stats stats;
};

void ia64_model_init(struct ia64_model *m, enum ia64_model_cpu cpu);

/*
 * Hardware threads per core, 1 (the default) or 2, of every model of
 * CPU model @cpu made from now on, and of the records checked for it:
 * -EINVAL for 2 on a CPU model without threads (no PMC.all). Call it
 * before ia64_model_init(), never while a model runs.
 */
int ia64_model_threads_setup(enum ia64_model_cpu cpu, unsigned int n);
/*
 * Hardware threads per core of CPU model @cpu: 1 or 2 (the generic
 * model's: ia64_model_generic_setup())
 */
unsigned int ia64_model_threads(enum ia64_model_cpu cpu);

/*
 * The name of CPU model @cpu ("itanium", "itanium2", "generic",
 * "montecito")
 */
const char *ia64_model_cpu_name(enum ia64_model_cpu cpu);
/* The CPUID[3] of CPU model @cpu (no access counted) */
u64 ia64_model_cpu_cpuid3(enum ia64_model_cpu cpu);

/*
 * The generic CPU model (pmu_model_generic.c): a processor with only
 * the architected PMU, PMC0-3 and @counters generic pairs of @width
 * bits, the events @cycles (every cycle) and @retired (retired IA-64
 * instructions) and every other event select counting what the cycles
 * records list. Its CPUID[3] has @family and @model.
 */
struct ia64_model_generic {
	unsigned int family, model;	/* CPUID[3] 31:24, 23:16 */
	unsigned int counters;		/* generic pairs, 1..16 */
	unsigned int width;		/* counter width, 8..63 */
	unsigned int cycles, retired;	/* PAL_CYCLES, PAL_RETIRED: 0..255 */
	/*
	 * 1: the counters' ism is fixed at 0b10 (IA-64 only), 0: writable;
	 * by default writable on families 0x07 and 0x1f only
	 */
	unsigned int ism_fixed;
	/*
	 * hardware threads per core, 1 or 2: what PAL_LOGICAL_TO_PHYSICAL
	 * reports. Without PMC.all each thread's counters count only its
	 * own records.
	 */
	unsigned int threads;
};

/*
 * family 0x21, model 0, counters 4, width 47, cycles 0x12, retired 0x08,
 * ism fixed, 1 thread per core
 */
void ia64_model_generic_defaults(struct ia64_model_generic *g);
/*
 * Parse "generic[,family=F][,model=M][,counters=N][,width=W][,cycles=C]
 * [,retired=R][,ism=writable|fixed][,threads=T]" (numbers in C notation: 0x21, 041,
 * 33; keys in any order, each at most once; the others keep their
 * default, ism the family's) into @g.
 * Returns 0, or -EINVAL (and @g unchanged) for a string not starting
 * with "generic", an unknown or repeated key, a missing '=', a bad or
 * empty number, a value out of range or trailing junk.
 */
int ia64_model_generic_parse(const char *spec, struct ia64_model_generic *g);
/*
 * Configure the one generic description: ia64_model_init() with
 * IA64_MODEL_GENERIC builds on it from then on. Not while a generic
 * model is in use. Without a call, the defaults. Values out of range
 * (not from ia64_model_generic_parse()) are clamped into it.
 */
void ia64_model_generic_setup(const struct ia64_model_generic *g);

u64 ia64_model_read_pmc(struct ia64_model *m, unsigned int idx);
void ia64_model_write_pmc(struct ia64_model *m, unsigned int idx, u64 val);
u64 ia64_model_read_pmd(struct ia64_model *m, unsigned int idx);
void ia64_model_write_pmd(struct ia64_model *m, unsigned int idx, u64 val);
u64 ia64_model_read_ibr(struct ia64_model *m, unsigned int idx);
void ia64_model_write_ibr(struct ia64_model *m, unsigned int idx, u64 val);
u64 ia64_model_read_dbr(struct ia64_model *m, unsigned int idx);
void ia64_model_write_dbr(struct ia64_model *m, unsigned int idx, u64 val);

/* PSR image: up 2, sp 20, pp 21, db 24, cpl 33:32, is 34; rest ignored */
u64 ia64_model_get_psr(struct ia64_model *m);
void ia64_model_set_psr(struct ia64_model *m, u64 psr);
/* ssm / rsm: set or clear PSR @bits, one PSR change ([SDM-2] ch. 3) */
void ia64_model_psr_bits(struct ia64_model *m, u64 bits, bool on);

/*
 * PAL_PERF_MON_INFO ([ITA-RM] Table 6-24 for the Itanium; the values
 * are in pmu_model_itanium.c and pmu_model_itanium2.c); returns the PAL
 * status (0)
 */
long ia64_model_pal_perf_mon_info(struct ia64_model *m, u64 buf[16],
				  u64 *info);
/* CPUID[3], the version information register */
u64 ia64_model_cpuid3(struct ia64_model *m);

/*
 * Check the record at @buf, of which @len bytes are available: its size
 * in bytes, or -EINVAL. Never reads beyond @len.
 */
int ia64_model_check_rec(const void *buf, size_t len);
/* The same for the event table and field widths of CPU model @cpu */
int ia64_model_check_rec_cpu(enum ia64_model_cpu cpu, const void *buf,
			     size_t len);

/*
 * Execute a checked record from repetition *@progress on. Returns 1 if
 * it stopped early because an overflow froze the PMU and raised the
 * interrupt (*@progress says where to resume), 0 once it is complete.
 */
int ia64_model_run(struct ia64_model *m, const void *rec, u64 *progress);

/* Where a checked record executes (for the sample's interrupted IP) */
void ia64_model_rec_origin(const void *rec, u64 *ip, unsigned int *cpl);

/*
 * The instruction bundle at @addr (16-byte aligned) of @m's code memory
 * in @b (b[0] bits 63:0, b[1] bits 127:64): 0, or -EFAULT where the
 * model ran no rfi (pmu_model_btb.c)
 */
int ia64_model_read_bundle(const struct ia64_model *m, u64 addr, u64 *b);

/*
 * Counter @i (4 .. 3 + nr_ctr): its count, within the counter's width;
 * and the events it counts until an overflow that freezes the PMU and
 * raises the interrupt, 0 if its overflow does neither (no oi, or the
 * Montecito's PMC10-15 with two threads). For a free-running mode that
 * times the next overflow.
 */
u64 ia64_model_ctr_count(const struct ia64_model *m, unsigned int i);
/* The bits a counter of @m holds: 2^width - 1 */
u64 ia64_model_ctr_mask(const struct ia64_model *m);
u64 ia64_model_ctr_to_freeze(const struct ia64_model *m, unsigned int i);
/* PMC0.fr: the PMU is frozen (it counts nothing, [ITA-RM] §6.2.3) */
bool ia64_model_frozen(const struct ia64_model *m);

bool ia64_model_irq_pending(struct ia64_model *m);
/* The interrupt was delivered: lower the line */
void ia64_model_irq_ack(struct ia64_model *m);

/* A cycles record with room for a few events, built by the model */
#define IA64_MODEL_FREERUN_EVENTS 4
union ia64_model_freerun_rec {
	struct ia64_pmu_rec_hdr hdr;
	struct ia64_pmu_rec_cycles cyc;
	u64 raw[(sizeof(struct ia64_pmu_rec_cycles) +
		 IA64_MODEL_FREERUN_EVENTS *
		 sizeof(struct ia64_pmu_rec_event)) / sizeof(u64)];
};

/*
 * Synthetic execution for the free-running mode on CPU model @cpu:
 * @period_ns of a plausible instruction mix at @ip and privilege level
 * @cpl.
 */
void ia64_model_freerun_rec(enum ia64_model_cpu cpu,
			    union ia64_model_freerun_rec *rec,
			    u64 period_ns, u64 ip, unsigned int cpl);

/*
 * Free-running mode (pmu_model_freerun.c): the records of @cycles cycles
 * of synthetic execution on CPU model @cpu (its event codes in the cycles
 * records) at privilege level @cpl, around @ip and data
 * address @daddr, with the mix of the task/phase @seed. @fr carries the
 * fractional occurrences from one batch to the next (zero it once).
 * Returns the bytes of records written to @buf (at most @len; a batch
 * needs at most IA64_MODEL_FREERUN_BATCH).
 */
#define IA64_MODEL_FREERUN_STREAMS	20
#define IA64_MODEL_FREERUN_BATCH	2048

struct ia64_model_freerun {
	u64 acc[IA64_MODEL_FREERUN_STREAMS];
};

size_t ia64_model_freerun_batch(enum ia64_model_cpu cpu,
				struct ia64_model_freerun *fr, void *buf,
				size_t len, u64 cycles, u64 ip, u64 daddr,
				unsigned int cpl, u32 seed);

#ifdef __KERNEL__
struct seq_file;
/* Register file, interrupt line and statistics, for debugfs */
void ia64_model_dump(const struct ia64_model *m, struct seq_file *s);
#endif

#endif /* _IA64_PMU_MODEL_H */
