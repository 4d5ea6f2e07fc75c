/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Itanium PMU driver: definitions shared by the driver core and the
 * per-CPU-model tables (ia64_pmu_<model>.c).
 */
#ifndef __IA64_PMU_H
#define __IA64_PMU_H

#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/limits.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/types.h>
#include <uapi/linux/perf/ia64_pmu.h>

#include "ia64_pmu_btb.h"
#include "ia64_pmu_ear.h"
#include "ia64_pmu_ipear.h"
#include "ia64_pmu_table.h"


/* Generic PMC fields ([ITA-RM] Figures 6-13/6-14) */
#define IA64_PMC_PLM_USER	0x8		/* privilege level 3 */
#define IA64_PMC_PLM_KERNEL	0x1		/* privilege level 0 */
#define IA64_PMC_OI		(1UL << 5)
#define IA64_PMC_PM		(1UL << 6)
#define IA64_PMC_THRES_MAX_67	3		/* 2-bit field on PMC6/7 */

#define IA64_PMC_PLM_ALL	0xfUL

/*
 * hw_perf_event.flags: a sampling event whose period elapsed without its
 * sample. Its counter overflowed and the event was stopped before the
 * interrupt came, typically at a context switch ([SDM-2] §7.2.4.2). The
 * overflow travels with the event (its counter may change):
 * ia64_pmu_start() sets its overflow bit again and raises the interrupt,
 * so that the ordinary interrupt routine takes the sample, in the
 * event's context. Only a wrap seen by ia64_pmu_stop(), or by the
 * interrupt on a counter the core stopped in it (a throttled group,
 * ia64_pmu_generic_overflow()), sets it: the core's period_left of 0 (PERF_EVENT_IOC_PERIOD, frequency adjustment)
 * asks for a fresh period, never for a sample.
 */
#define IA64_PMU_HWF_OVFL	BIT(0)
/*
 * hw_perf_event.flags: an event that its task may read itself, on a user
 * monitor while its page is mapped; or mapped or not (rdpmc 2).
 * ia64_pmu_uread.c.
 */
#define IA64_PMU_HWF_UREAD		BIT(1)
#define IA64_PMU_HWF_UREAD_ALWAYS	BIT(2)

/* PMC0 ([ITA-RM] §6.2.3, Table 6-7) */
#define IA64_PMC0_FR		0x1UL
/* bits 3:0, fr and ignored bits: the overflow bits start at 4 */
#define IA64_PMC0_CONTROL	0xfUL
/*
 * The overflow bit of monitor @id: bit j of PMCi is monitor 64 * i + j
 * ([SDM-2] §7.2.4.2). The generic counters are monitors 4 on, so the
 * overflow bits of all of them are in PMC0: bits 4-7 on the Itanium
 * ([ITA-RM] Table 6-7), 4 to 4 + nr_generic - 1 on a CPU model;
 * ia64_pmu_ovfl_mask has them.
 */
#define IA64_PMU_OVFL_REG(id)	((id) / 64)
#define IA64_PMU_OVFL_BIT(id)	BIT_ULL((id) % 64)
static_assert(IA64_PMU_OVFL_REG(IA64_PMU_FIRST_COUNTER +
				IA64_PMU_MAX_COUNTERS - 1) == 0);
#define IA64_PMC0_OVFL(ctr)	IA64_PMU_OVFL_BIT(ctr)	/* counter PMD@ctr */
/*
 * PMC0-3 are the overflow status registers of every implementation
 * ([SDM-2] §7.2.4.2); a CPU model populates the first nr_ovfl_regs of
 * them, and the others read zero and ignore writes (Itanium: PMC1-3,
 * [ITA-RM] Table 6-7).
 */
#define IA64_PMU_NR_OVFL_REGS	4

/* One event of a CPU model's event list */
struct ia64_pmu_event {
	const char *name;	/* the manual's name, e.g. "CPU_CYCLES" */
	u8 es;			/* event select, PMC bits 14:8 */
	u8 umask;		/* unit mask value, PMC bits 19:16 */
	u8 umask_mask;		/* umask bits significant for this event */
	u8 sel;			/* IA64_SEL_*: the umasks that select it */
	u16 counters;		/* IA64_CTR() set */
	u8 max_inc;		/* maximum increment per cycle */
	u8 qual;		/* IA64_Q_* */
};
/* A counter set (IA64_CTR()) has a bit per counter */
static_assert(BITS_PER_TYPE(u16) >= IA64_PMU_MAX_COUNTERS);

/* An event of a cache event group ([PFM-I2]): its index, group and set */
struct ia64_pmu_event_group {
	u16 event;		/* in the model's events[] */
	u8 grp;			/* IA64_GRP_* */
	u8 set;
};

/*
 * Where the events of a cache event group count (Montecito: [PFM-MONT]
 * §4, ia64_pmu_groups.c): @nr_sets triples of counters ctr[k][0], [1],
 * [2] (0: none), the head ctr[k][0] selecting the set that the others
 * count. Each triple is owned by one set of the group at most, which has
 * an event on its head; each of the group's sets (at most @nr_sets) owns
 * one or more; the group's events count on their set's triples or off
 * every triple of the group.
 */
#define IA64_PMU_PIN_SETS	2
#define IA64_PMU_PIN_CTRS	3
struct ia64_pmu_group_pins {
	u8 grp;					/* IA64_GRP_* */
	u8 nr_sets;
	u8 ctr[IA64_PMU_PIN_SETS][IA64_PMU_PIN_CTRS];
};

/* A register and the value the driver gives it at CPU bring-up */
struct ia64_pmu_reg_init {
	u8 pmc;
	u64 val;
};

/* Features of the driver a CPU model has (its register layouts done) */
#define IA64_PMU_F_BTB		0x1	/* branch stacks, ia64_pmu_btb.c */
#define IA64_PMU_F_EAR		0x2	/* memory samples, ia64_pmu_ear.c */
#define IA64_PMU_F_QUAL		0x4	/* qualification, ia64_pmu_qual.c */
/* the buffer's IP-EAR (btb->ipear_pmc), ia64_pmu_btb.c */
#define IA64_PMU_F_IPEAR	0x8
#define IA64_PMU_F_ALL		(IA64_PMU_F_BTB | IA64_PMU_F_EAR | \
				 IA64_PMU_F_QUAL)

/*
 * How a CPU model's qualification registers work, ia64_pmu_qual.c:
 * the Itanium's one range for every event (PMC13.ta, PMC11.pt), or the
 * per IBR pair ranges (code range PMC, fine mode, ig_ad/inv) and per
 * DBR pair data ranges (data range PMC) of the Itanium 2 ([PFM-I2]) and
 * of the Montecito ([PFM-MONT])
 */
struct ia64_pmu_qual_layout {
	bool per_pair;			/* the Itanium 2's registers */
	u64 opc_reset;			/* PMC8/9 matching everything */
	/* the registers: the two opcode matchers (PMC8, PMC9; PMC32, 34) */
	u8 opc_pmc[2];
	/*
	 * the matchers' match registers where they are apart from the
	 * mask registers (PMC33, PMC35; ia64_opcm_regs()); 0: none
	 */
	u8 opc_match_pmc[2];
	/*
	 * per_pair: the channel PMC (PMC15, PMC36; 0: none), bit i set:
	 * IBR pair i's tag ignores its matcher (ia64_pmc_chan())
	 */
	u8 chan_pmc;
	/* the instruction range (PMC13.ta; Itanium 2 PMC14, PMC38) */
	u8 irange_pmc;
	/* per_pair: the data ranges (PMC13, PMC41) */
	u8 drange_pmc;
	/*
	 * per_pair: the event code whose umask selects the IBR pair of
	 * its tag (IA64_TAGGED_INST_RETIRED_IBRP0-3); other events see
	 * pair 0, those of the table with IA64_Q_IBRP1 pair 1, those with
	 * IA64_Q_IBRP_DUAL the pairs config1's ibrp_dual names
	 */
	u8 pair_es;
	/* per_pair: the code range PMC's reset value */
	u64 irange_reset;
	/* per_pair: fine mode's page, a range's bounds lie within one */
	u32 fine_page;
	/*
	 * per_pair: the ig_ad and inv bits of the mask registers, each
	 * matcher's for its IBR pairs; with ig_ad_all, the first
	 * matcher's for every pair (ig_ad) and for the pairs inv_pairs
	 */
	u64 ig_ad, inv;
	bool ig_ad_all;
	u8 inv_pairs;			/* IBR pairs an event may invert */
	/*
	 * per_pair: a masked (not fine) range only for the pair_es event
	 * and those with IA64_Q_IBRP1 or IA64_Q_IBRP_DUAL
	 */
	bool coarse_tagged_only;
	/* the event (es, umask) refused while IBR pair 1 restricts */
	u8 ibrp1_free_es, ibrp1_free_umask;
	/* the data range PMC must enable a DBR pair (the PMC32/38/41 rule) */
	bool drange_ena_rule;
};

/* What the driver knows of one CPU model; cross-checked with PAL at probe */
struct ia64_ear_layout;

struct ia64_pmu_model {
	const char *name;		/* caps/pmu_name */
	u8 family;			/* CPUID[3] family */
	u8 nr_generic;			/* PAL: generic PMC/PMD pairs */
	u8 width;			/* PAL: implemented counter width */
	u8 nr_ovfl_regs;		/* PMC0..: with overflow bits, <= 4 */
	u8 es_bits;			/* PMC.es width, from bit 8 */
	u8 thres_max_67;		/* largest threshold PMC6/7 take */
	/*
	 * How a counter stops: the bits set in, and cleared from, its
	 * configuration (ia64_pmu_stopped()). Where the PMC has a writable
	 * ism (Itanium, Itanium 2), by excluding both instruction sets (ism
	 * 0b11), not by clearing plm: with plm = 0 the PMD value is not
	 * preserved ([ITA-RM] Figure 6-11). Where ism is fixed (Montecito)
	 * or may be (the generic model), by plm = 0, and stop_loses_pmd: the
	 * PMD is read before the stop and loaded again after the PMC is
	 * written.
	 */
	u64 ctr_stop_set;
	u64 ctr_stop_clear;
	bool stop_loses_pmd;
	unsigned int features;		/* IA64_PMU_F_* */
	const struct ia64_btb_layout *btb;	/* with IA64_PMU_F_BTB */
	const struct ia64_pmu_qual_layout *qual; /* with IA64_PMU_F_QUAL */
	/* bits that every write of counter PMC4.. sets, by counter */
	u64 ctr_pmc_set[IA64_PMU_MAX_COUNTERS];
	u64 pal_pmc_mask[4];		/* expected PAL_PMCmask */
	u64 pal_pmd_mask[4];		/* expected PAL_PMDmask */
	/*
	 * PMCs beyond the generic counters and overflow registers, with
	 * the values they get when a CPU comes up: what PAL sets at reset
	 * for qualification, every other monitor off.
	 */
	const struct ia64_pmu_reg_init *reset_pmcs;
	unsigned int nr_reset_pmcs;
	const struct ia64_pmu_event *events;
	unsigned int nr_events;
	/* the config bits a raw event may set (PMC4.. image) */
	u64 raw_valid;
	/*
	 * Of raw_valid: the MESI filter of the events with IA64_Q_MESI
	 * (format "mesi"), and the bit that counts both hardware threads
	 * of the core (format "all", which needs perf_allow_cpu()); 0 if
	 * the model has none
	 */
	u64 mesi_mask;
	u64 thread_all;
	/*
	 * Per line of events[]: how the event relates to the core's threads
	 * (IA64_CAF_*, the Montecito's); NULL: no such classes. The thread
	 * bit is refused on an event of no thread (IA64_CAF_CAUSAL)
	 */
	const u8 *thread_types;
	/*
	 * Per line of events[]: IA64_PRIV_*, whether the event counts what
	 * the task did not cause (other bus agents, the other thread of the
	 * core), so that a per-task event of it needs perf_allow_cpu();
	 * NULL: no such events (the generic model, which cannot know)
	 */
	const u8 *priv;
	/*
	 * Of raw_valid: bits whose meaning the driver cannot check (the
	 * generic model's above the threshold), which need perf_allow_cpu()
	 * as thread_all does
	 */
	u64 raw_priv;
	/*
	 * With two threads per core enabled by firmware: the counters an
	 * event may use (IA64_CTR()), 0 if any. The Montecito's erratum
	 * 121: the overflow of the others cannot be relied on, and every
	 * event needs it (a counting one to stay 64-bit).
	 */
	unsigned int mt_counters;
	bool mt_no_ipear;	/* ... and no IP-EAR (erratum 120) */
	/*
	 * What a raw event code that no line of events[] takes counts:
	 * NULL, it is refused (a model with tables); the generic model's
	 * line for the codes of a processor it has no list for
	 */
	const struct ia64_pmu_event *raw_any;
	/* cache event groups and sets, ia64_pmu_groups.c */
	const struct ia64_pmu_event_group *groups;
	unsigned int nr_groups;
	/*
	 * The counters the groups' events take (Montecito); NULL: one
	 * event of each group on the group's counter, whichever
	 * (IA64_GRP_L1D_CTR, IA64_GRP_L2_CTR: the Itanium 2)
	 */
	const struct ia64_pmu_group_pins *pins;
	unsigned int nr_pins;
	u8 exclusive_es[3];		/* of these, one code counts at once */
	bool exclusive_one;		/* ... and one event of them */
	const char *mem_loads;		/* the D-EAR's capture event */
	const struct ia64_ear_layout *ear;	/* with IA64_PMU_F_EAR */
	/* generic events: names of the table's events, NULL if none fits */
	const char *hw_events[PERF_COUNT_HW_MAX];
	/* [type][op][result], NULL: no cache events */
	const char *const (*cache_events)[PERF_COUNT_HW_CACHE_OP_MAX]
					 [PERF_COUNT_HW_CACHE_RESULT_MAX];
};

/* The Itanium 2's cache events, which the Montecito names alike */
extern const char *const ia64_pmu_cache_itanium2[PERF_COUNT_HW_CACHE_MAX]
						[PERF_COUNT_HW_CACHE_OP_MAX]
						[PERF_COUNT_HW_CACHE_RESULT_MAX];

extern const struct ia64_pmu_model ia64_pmu_merced;
extern const struct ia64_pmu_model ia64_pmu_itanium2;
extern const struct ia64_pmu_model ia64_pmu_montecito;
extern const struct ia64_pmu_model *ia64_pmu_model;	/* found at probe */

/* What PAL_PERF_MON_INFO reports ([ITA-RM] Table 6-24) */
struct ia64_pmu_pal {
	u64 info;
	u64 buf[IA64_PMU_PAL_BUF_WORDS];
};

/* An event line's max_inc when the increment per cycle is not known */
#define IA64_PMU_INC_UNKNOWN	U8_MAX

/* ia64_pmu_generic.c */
const struct ia64_pmu_model *
ia64_pmu_generic_build(const struct ia64_pmu_pal *pal, u8 family, u8 model,
		       const char *why);

static inline bool ia64_pmu_has(unsigned int feature)
{
	return ia64_pmu_model->features & feature;
}

/*
 * The model has the 41-bit opcode matchers of the Montecito, whose
 * encoding bits 26:13 opc_match_mid and opc_care_mid name
 */
static inline bool ia64_pmu_opc_mid(void)
{
	return ia64_pmu_has(IA64_PMU_F_QUAL) &&
	       ia64_pmu_model->qual->opc_match_pmc[0];
}

/*
 * Counter configuration @config, stopped. A stopped counter is a
 * privileged monitor whatever @config says: its PMD, which may keep the
 * count of an event that is gone, reads 0 in user mode ([SDM-2] Table
 * 7-5, ia64_pmu_uread.c).
 */
static inline u64 ia64_pmu_stopped(u64 config)
{
	return (config | ia64_pmu_model->ctr_stop_set | IA64_PMC_PM) &
	       ~ia64_pmu_model->ctr_stop_clear;
}

/* A counter at rest: no event, counts nothing */
static inline u64 ia64_pmu_idle(void)
{
	return ia64_pmu_stopped(IA64_PMC_PLM_KERNEL);
}

/*
 * A unit of a CPU's PMU that the CPU's events share while they agree on
 * the value of its PMC: the branch trace buffer, each EAR
 * (ia64_pmu_unit.c)
 */
struct ia64_pmu_unit {
	int users;			/* events using it */
	u64 pmc;			/* the PMC value they share */
	u64 hw;				/* what the PMC holds */
	u64 reset;			/* ... as the CPU's reset left it */
	bool read;			/* its PMDs read in this interrupt */
};

/* The event address registers of a CPU, ia64_pmu_ear.c */
#define IA64_PMU_DEAR		0
#define IA64_PMU_IEAR		1
#define IA64_PMU_NR_EARS	2

/* The qualification registers of a CPU as written, ia64_pmu_qual_regs.c */
struct ia64_pmu_qual_cpu {
	u64 opc[2];			/* layout opc_pmc[] */
	u64 opc_match[2];		/* layout opc_match_pmc[] */
	u64 chan;			/* layout chan_pmc */
	u64 irange;			/* layout irange_pmc */
	u64 drange_pmc;			/* layout drange_pmc */
	u64 ibr[8];
	u64 dbr[8];
	bool drange;			/* a data range: PMC11.pt = 0 */
	bool idle;			/* programmed for no qualified event */
	unsigned long loads;		/* ia64_pmu_dbr_loads() at the last */
};

/* Per-CPU state of the driver */
struct ia64_pmu_cpu {
	/* the first nr_generic entries are used, by counter PMD4.. */
	struct perf_event *counter[IA64_PMU_MAX_COUNTERS];
	struct perf_event *event_list[IA64_PMU_MAX_COUNTERS];
	int assign[IA64_PMU_MAX_COUNTERS];	/* counter of event_list[i] */
	int n_events;
	int n_txn;			/* events added in the open txn */
	unsigned int txn_flags;
	bool enabled;
	bool monitored;			/* PSR.pp set: the CPU has events */
	bool lazy_pp;			/* disabled, PSR.pp still set */
	bool dirty;			/* assignment changed: reprogram */
	u64 ovfl_pending;		/* PMC0 bits of pending overflows */
	u64 pmc0;			/* PMC0 while the PMU does not run */
	bool pmc0_valid;		/* ... read since it stopped */
	u16 stale_ctrs;			/* IA64_CTR(): PMC still running */
	/* lazy reload: the event that left each counter, and its PMD */
	u64 ctr_owner[IA64_PMU_MAX_COUNTERS];
	u64 ctr_pmd[IA64_PMU_MAX_COUNTERS];
	/* what each counter's PMC holds, as the driver last wrote it */
	u64 ctr_pmc[IA64_PMU_MAX_COUNTERS];
	u16 ctr_pmc_known;		/* IA64_CTR(): ctr_pmc[] is valid */
	/* user reads, ia64_pmu_uread.c */
	u16 user_ctrs;			/* IA64_CTR(): PMC.pm = 0 written */
	bool user_open;			/* current's PSR.sp cleared */
	/* lost-interrupt watchdog, ia64_pmu_isr.c */
	struct hrtimer watchdog;
	unsigned long irqs;		/* interrupts handled */
	unsigned long wd_irqs;		/* ... at the last watchdog check */
	bool wd_frozen;			/* frozen at the last check */
	bool wd_warned;			/* this freeze was reported */
	/* context switch, ia64_pmu_ctxsw.c */
	u64 ctx_pmds;			/* PMDs the events' features use */
	u64 ctx_fresh;			/* ... that start empty at enable */
	/*
	 * branch trace buffer (PMC12), ia64_pmu_btb.c; its value the
	 * IP-EAR's (ia64_ipear_unit()) while an IP-EAR event uses it
	 */
	struct ia64_pmu_unit btb;
	u64 ipear_hw;			/* what the IP-EAR's PMC holds */
	/*
	 * the entries' PMDs (PMD8-15), the index PMD (PMD16), the
	 * extension PMD (ia64_btb_decode())
	 */
	u64 btb_raw[IA64_BTB_RAW_MAX];
	struct perf_branch_stack btb_stack;
	struct perf_branch_entry btb_entries[IA64_BTB_MAX];
	/* event address registers, ia64_pmu_ear.c */
	struct ia64_pmu_unit ear[IA64_PMU_NR_EARS];
	bool ear_rest;			/* PMCs at rest, PMC11.pt no range */
	/* their PMDs, when read */
	u64 ear_raw[IA64_PMU_NR_EARS][IA64_EAR_MAX_PMDS];
	/* qualification, ia64_pmu_qual.c */
	struct ia64_pmu_qual_cpu qual;
};


irqreturn_t ia64_pmu_isr(int irq, void *dev);
void ia64_pmu_watchdog_init(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_watchdog_start(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_watchdog_stop(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_overflow(struct perf_event *event, struct pt_regs *regs,
		       bool frozen);
void ia64_pmu_stop(struct perf_event *event, int flags);
void ia64_pmu_event_update(struct perf_event *event);
int ia64_pmu_set_period(struct perf_event *event);
DECLARE_PER_CPU(struct ia64_pmu_cpu, ia64_pmu_cpu);

void ia64_pmu_freeze(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_write_ctr_pmc(unsigned int idx, u64 val);
void ia64_pmu_write_stopped(struct ia64_pmu_cpu *cpuc, unsigned int idx,
			    u64 config);

/*
 * ia64_pmu_core.c: the counters' implemented bits, their longest period,
 * their overflow bits in PMC0
 */
extern unsigned int ia64_pmu_threads;	/* per core, at probe */
extern u64 ia64_pmu_cnt_mask;
extern u64 ia64_pmu_max_period;
extern u64 ia64_pmu_ovfl_mask;

/* ia64_pmu_event.c */
int ia64_pmu_generic(const char *name, u64 *config);
int ia64_pmu_event_init(struct perf_event *event);

/* ia64_pmu_assign.c, ia64_pmu_sched.c */
bool ia64_pmu_assign(struct perf_event **events, int n, int *assign);
void ia64_pmu_reprogram(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_start_txn(struct pmu *pmu, unsigned int txn_flags);
int ia64_pmu_commit_txn(struct pmu *pmu);
void ia64_pmu_cancel_txn(struct pmu *pmu);

/* ia64_pmu_ops.c */
void ia64_pmu_start(struct perf_event *event, int flags);
int ia64_pmu_add(struct perf_event *event, int flags);
void ia64_pmu_del(struct perf_event *event, int flags);
void ia64_pmu_read(struct perf_event *event);
void ia64_pmu_enable(struct pmu *pmu);
void ia64_pmu_disable(struct pmu *pmu);

/*
 * The PMU is disabled and about to change: the monitors stop now, where
 * ia64_pmu_disable() left them counting (ia64_pmu_ops.c). Every callback
 * that changes the PMU's state starts with it.
 */
static inline void ia64_pmu_quiesce(struct ia64_pmu_cpu *cpuc)
{
	if (likely(!cpuc->lazy_pp))
		return;
	ia64_pmu_psr_run(false);
	cpuc->lazy_pp = false;
}

/* ia64_pmu_unit.c */
void ia64_pmu_write_cached(u64 *hw, u64 val,
			   void (*write)(unsigned int, u64), unsigned int idx);
bool ia64_pmu_unit_agrees(u64 *shared, u64 pmc);
int ia64_pmu_unit_get(struct ia64_pmu_cpu *cpuc, struct ia64_pmu_unit *u,
		      struct perf_event *event, u64 pmc, u64 pmds);
bool ia64_pmu_unit_put(struct ia64_pmu_cpu *cpuc, struct ia64_pmu_unit *u,
		       struct perf_event *event, u64 pmds);
void ia64_pmu_unit_write(struct ia64_pmu_unit *u, unsigned int pmc, u64 val);
void ia64_pmu_unit_reset(struct ia64_pmu_unit *u, u64 val);

/* ia64_pmu_btb.c */
extern bool ia64_pmu_ipear_off;
bool ia64_pmu_ipear_usable(void);
int ia64_pmu_btb_init(struct perf_event *event);
int ia64_pmu_btb_validate_group(struct perf_event **events, int n);
int ia64_pmu_btb_add(struct ia64_pmu_cpu *cpuc, struct perf_event *event);
void ia64_pmu_btb_del(struct ia64_pmu_cpu *cpuc, struct perf_event *event);
void ia64_pmu_btb_program_pmc(struct ia64_pmu_cpu *cpuc);
u64 ia64_pmu_btb_index_pmd(void);
u64 ia64_pmu_btb_stale(u64 index);
void ia64_pmu_btb_program(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_btb_sample(struct ia64_pmu_cpu *cpuc, struct perf_event *event,
			 struct perf_sample_data *data);
void ia64_pmu_btb_sampled(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_btb_cpu_reset(struct ia64_pmu_cpu *cpuc, unsigned int pmc,
			    u64 val);

/* ia64_pmu_ear.c; precise_ip up to this: the D-EAR's exact instruction */
#define IA64_PMU_MAX_PRECISE	2
int ia64_pmu_ear_init(struct perf_event *event, u64 config, u64 plm);
int ia64_pmu_ear_validate_group(struct perf_event **events, int n);
int ia64_pmu_ear_add(struct ia64_pmu_cpu *cpuc, struct perf_event *event);
void ia64_pmu_ear_del(struct ia64_pmu_cpu *cpuc, struct perf_event *event);
void ia64_pmu_ear_program_pmc(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_ear_program(struct ia64_pmu_cpu *cpuc);
u64 ia64_pmu_ear_sample(struct ia64_pmu_cpu *cpuc, struct perf_event *event,
			struct perf_sample_data *data);
void ia64_pmu_ear_sampled(struct ia64_pmu_cpu *cpuc);
bool ia64_pmu_ear_stops_btb(const struct ia64_pmu_cpu *cpuc);
void ia64_pmu_ear_cpu_reset(struct ia64_pmu_cpu *cpuc, unsigned int pmc,
			    u64 val);

/* ia64_pmu_groups.c */
void ia64_pmu_groups_init(struct perf_event *event,
			  const struct ia64_pmu_event *ev, u64 config);
bool ia64_pmu_groups_agree(struct perf_event **events, int n);
bool ia64_pmu_groups_placed(struct perf_event **events, int n,
			    const int *assign);
unsigned int ia64_pmu_groups_options(void);
unsigned int ia64_pmu_groups_option_now(struct perf_event **events, int n);
bool ia64_pmu_groups_pin(struct perf_event **events, int n,
			 unsigned int opt, u16 *ctrs, u16 *heads);

/* ia64_pmu_qual.c */
int ia64_pmu_qual_init(struct perf_event *event,
		       const struct ia64_pmu_event *ev, u64 config);
int ia64_pmu_qual_validate_group(struct perf_event **events, int n);
int ia64_pmu_qual_filters_validate(struct list_head *filters);
int ia64_pmu_qual_filters_validate_event(struct perf_event *event,
					 struct list_head *filters);
void ia64_pmu_qual_filters_sync(struct perf_event *event);
bool ia64_pmu_qual_sync(struct perf_event *event);
int ia64_pmu_qual_add(struct ia64_pmu_cpu *cpuc, struct perf_event *event);

/* ia64_pmu_qual_regs.c */
void ia64_pmu_qual_program(struct ia64_pmu_cpu *cpuc);
u64 ia64_pmu_qual_pmc11(struct ia64_pmu_cpu *cpuc, u64 pmc11);
void ia64_pmu_qual_cpu_reset(struct ia64_pmu_cpu *cpuc, unsigned int pmc,
			     u64 val);

/* ia64_pmu_uread.c */
struct mm_struct;
extern struct device_attribute ia64_pmu_attr_rdpmc;
void ia64_pmu_uread_init(struct perf_event *event);
u64 ia64_pmu_uread_config(struct perf_event *event);
int ia64_pmu_event_idx(struct perf_event *event);
void ia64_pmu_uread_resume(struct ia64_pmu_cpu *cpuc);
void ia64_pmu_event_mapped(struct perf_event *event, struct mm_struct *mm);
void ia64_pmu_event_unmapped(struct perf_event *event, struct mm_struct *mm);

/* ia64_pmu_ctxsw.c */
int ia64_pmu_ctxsw_event_init(struct perf_event *event);
int ia64_pmu_ctxsw_init(struct pmu *pmu, const struct ia64_pmu_model *model);
void ia64_pmu_ctxsw_exit(struct pmu *pmu);

#endif /* __IA64_PMU_H */
