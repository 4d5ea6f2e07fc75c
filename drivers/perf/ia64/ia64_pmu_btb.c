// SPDX-License-Identifier: GPL-2.0
/*
 * The branch trace buffer ([ITA-RM] §6.2.8) as perf branch stacks.
 *
 * The BTB records continuously while its PMC12 lets it; it raises no
 * interrupt of its own. A sampling event of any generic counter may ask
 * for PERF_SAMPLE_BRANCH_STACK: at its overflow interrupt, with the PMU
 * frozen, its PMDs (PMD8-16; the model's struct ia64_btb_layout has its
 * registers) are read once, decoded (ia64_pmu_btb.h) and the BTB is
 * reset for the next sample. One BTB per CPU, so the events on a CPU
 * must agree on PMC12: a group that disagrees with itself is refused
 * with -EBUSY, and add() returns -EAGAIN to an event that disagrees with
 * those already on the CPU, so that perf multiplexes them. A D-EAR that
 * needs PMC12 = 0 (ia64_pmu_ear.c) counts as a disagreeing user.
 *
 * Per task, the BTB content is saved and restored by the context switch
 * (ia64_pmu_ctxsw.c); a context without saved content starts with an
 * empty BTB, so that no task sees another's branches.
 *
 * The Montecito's IP-EAR ([PFM-MONT]: PMC42, mode 4) records retired IPs
 * with the cycles between them in the same registers (PMD38/39/48-63)
 * instead of branches. An event asks for it with config1.ipear on a
 * branch stack; its stack then holds those IPs (ia64_pmu_ipear.h). It is
 * the same unit, cpuc->btb, with the IP-EAR's value (IA64_IPEAR_UNIT),
 * which no ETB event shares: IP-EAR and ETB branch stacks exclude each
 * other ([PFM-MONT]) as events that disagree on PMC12 do, -EBUSY in a
 * group, -EAGAIN at add(). So the buffer's contents, index and context
 * switch are the branch mode's. While the IP-EAR captures, PMC39 rests
 * (tm = 00, plm != 0), or is 0 beside a D-EAR in TLB or ALAT mode, which
 * needs it so ([PFM-MONT]): libpfm checks the IP-EAR against the
 * ETB only, and writes PMC39 = 0 for such a D-EAR with or without an
 * IP-EAR (S1 pfm_dispatch_etb, pfm_dispatch_ipear), so the two count
 * together.
 */

#include <linux/bits.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_btb.h"
#include "ia64_pmu_compat.h"
#include "ia64_pmu_ipear.h"

/*
 * An erratum takes the IP-EAR away, set at probe before the PMU is
 * registered: the Montecito's erratum 120 ([PFM-MONT]: no IP-EAR while
 * hardware multithreading is enabled, model->mt_no_ipear). IP-EAR
 * requests then get -EOPNOTSUPP and its format fields are not shown.
 */
bool ia64_pmu_ipear_off;

/* May events ask for the IP-EAR? */
bool ia64_pmu_ipear_usable(void)
{
	return ia64_pmu_has(IA64_PMU_F_IPEAR) && !ia64_pmu_ipear_off;
}

/* The PMDs the BTB holds its state in: entries, index, extension */
static u64 ia64_pmu_btb_pmds(void)
{
	const struct ia64_btb_layout *l = ia64_pmu_model->btb;

	return GENMASK_ULL(l->first_pmd + l->nr - 1, l->first_pmd) |
	       BIT_ULL(l->index_pmd) |
	       (l->ext == IA64_BTB_EXT_PMD ? BIT_ULL(l->ext_pmd) : 0);
}

/* The index PMD, as a mask of PMDs; 0 without a BTB */
u64 ia64_pmu_btb_index_pmd(void)
{
	const struct ia64_btb_layout *l = ia64_pmu_model->btb;

	return l ? BIT_ULL(l->index_pmd) : 0;
}

/* The entry PMDs that mean nothing while the index is @index */
u64 ia64_pmu_btb_stale(u64 index)
{
	return ia64_btb_stale_pmds(ia64_pmu_model->btb, index);
}

/*
 * event_init of an IP-EAR event (config1.ipear): its buffer value, or
 * -EOPNOTSUPP without a usable IP-EAR, -EINVAL for fields that do not go
 * with it (the EAR's other than the delay, br_mispred) or a delay beyond
 * PMC42's 8 bits
 */
static long long ia64_pmu_ipear_init(struct perf_event *event, u64 type,
				     bool mispred)
{
	u64 config1 = event->attr.config1;

	if (!ia64_pmu_ipear_usable())
		return -EOPNOTSUPP;
	if (mispred || (config1 & IA64_PMU_CFG1_EAR_BITS &
			~IA64_PMU_CFG1_IPEAR_DELAY_MASK))
		return -EINVAL;
	return ia64_ipear_pmc42(ia64_pmu_model->btb, type,
				(config1 & IA64_PMU_CFG1_IPEAR_DELAY_MASK) >>
				IA64_PMU_CFG1_IPEAR_DELAY_SHIFT);
}

/* Does @event ask for mispredicted branches only (config.br_mispred)? */
static bool ia64_pmu_btb_mispred(struct perf_event *event)
{
	return event->attr.type == PERF_TYPE_RAW &&
	       (event->attr.config & IA64_PMU_CFG_BR_MISPRED);
}

/*
 * event_init: the PMC12 image of a branch-stack event, or the IP-EAR's
 * value, in branch_reg
 */
int ia64_pmu_btb_init(struct perf_event *event)
{
	struct perf_event_attr *attr = &event->attr;
	u64 type = attr->branch_sample_type;
	bool mispred = ia64_pmu_btb_mispred(event);
	bool ipear = attr->config1 & IA64_PMU_CFG1_IPEAR;
	long long pmc12;

	if (!has_branch_stack(event))
		return mispred || ipear ? -EINVAL : 0;
	if (!ia64_pmu_has(IA64_PMU_F_BTB))
		return -EOPNOTSUPP;
	if (!is_sampling_event(event))
		return -EINVAL;		/* a stack goes with a sample */
	/* a branch stack never shows what the event excludes */
	if (attr->exclude_user)
		type &= ~PERF_SAMPLE_BRANCH_USER;
	if (attr->exclude_kernel)
		type &= ~PERF_SAMPLE_BRANCH_KERNEL;
	if (ipear)
		pmc12 = ia64_pmu_ipear_init(event, type, mispred);
	else
		pmc12 = ia64_btb_pmc12(ia64_pmu_model->btb, type, mispred);
	if (pmc12 < 0)
		return pmc12;
	event->hw.branch_reg.reg = ia64_pmu_model->btb->pmc;
	event->hw.branch_reg.config = pmc12;
	return 0;
}

/*
 * A group whose branch-stack events need different PMC12 settings can
 * never run: -EBUSY. @events are the group's events of this PMU.
 */
int ia64_pmu_btb_validate_group(struct perf_event **events, int n)
{
	u64 pmc12 = 0;
	int i;

	for (i = 0; i < n; i++)
		if (has_branch_stack(events[i]) &&
		    !ia64_pmu_unit_agrees(&pmc12,
					  events[i]->hw.branch_reg.config))
			return -EBUSY;
	return 0;
}

/*
 * add(): take the CPU's BTB for @event, -EAGAIN if the events already on
 * it use another PMC12 setting. The first user starts with an empty BTB
 * unless the context switch restores the task's own content.
 */
int ia64_pmu_btb_add(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	if (!has_branch_stack(event))
		return 0;
	if (!ia64_ipear_unit(event->hw.branch_reg.config) &&
	    ia64_pmu_ear_stops_btb(cpuc))
		return -EAGAIN;
	return ia64_pmu_unit_get(cpuc, &cpuc->btb, event,
				 event->hw.branch_reg.config,
				 ia64_pmu_btb_pmds());
}

void ia64_pmu_btb_del(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	if (has_branch_stack(event) &&
	    ia64_pmu_unit_put(cpuc, &cpuc->btb, event, ia64_pmu_btb_pmds()))
		cpuc->btb.pmc = IA64_PMC12_IDLE;
}

/*
 * Bring PMC12 to what the CPU's events need, or to rest (PMU frozen), or
 * to 0 for a D-EAR that needs it (ia64_pmu_ear_stops_btb()), the
 * IP-EAR's events on the buffer or not. PMC12 is written before any BTB
 * PMD: with plm = 0 a PMD write is not preserved ([ITA-RM] Figure
 * 6-11). With an IP-EAR, its PMC too ([PFM-MONT] PMC42: plm, pm, mode
 * 10:8, delay 18:11): mode 4 while the IP-EAR's events use the buffer,
 * PMC39 at rest meanwhile (tm = 00, plm kept) or 0 beside such a D-EAR;
 * else 0, perfmon's default: mode 0, the buffer PMC39's.
 */
void ia64_pmu_btb_program_pmc(struct ia64_pmu_cpu *cpuc)
{
	struct ia64_pmu_unit *u = &cpuc->btb;
	bool ipear = u->users && ia64_ipear_unit(u->pmc);
	bool off = (!u->users || ipear) && ia64_pmu_ear_stops_btb(cpuc);
	u64 want = u->users && !ipear ? u->pmc : off ? 0 : IA64_PMC12_IDLE;
	const struct ia64_btb_layout *l = ia64_pmu_model->btb;
	unsigned int pmc42 = l ? l->ipear_pmc : 0;

	/*
	 * The IP-EAR's PMC first, on or off: the mode says whose the
	 * buffer is when PMC39 is written (with plm = 0 beside the D-EAR)
	 */
	if (pmc42)
		ia64_pmu_write_cached(&cpuc->ipear_hw,
				      ipear ? u->pmc & ~IA64_IPEAR_UNIT : 0,
				      ia64_pmu_write_pmc, pmc42);
	/* at rest already, whatever plm: tm = 00 captures nothing */
	if (u->users || off || (u->hw & IA64_PMC12_TM(3)))
		ia64_pmu_unit_write(u, l->pmc, want);
}

/* pmu_enable, PMU frozen: PMC12, and an empty BTB for a new owner */
void ia64_pmu_btb_program(struct ia64_pmu_cpu *cpuc)
{
	ia64_pmu_btb_program_pmc(cpuc);
	if (cpuc->ctx_fresh & ia64_pmu_btb_pmds()) {
		if (cpuc->btb.users)	/* full = 0, bbi = 0 (Table 6-23) */
			ia64_pmu_write_pmd(ia64_pmu_model->btb->index_pmd,
					   0);
		cpuc->ctx_fresh &= ~ia64_pmu_btb_pmds();
	}
}

/*
 * Attach the branch stack to @event's sample (PMU frozen, in the
 * interrupt): the BTB is read at the first sample of the interrupt and
 * decoded for each event with its own privilege filter, and its branch
 * type filter for the interruptions and rfi of a buffer that records
 * them (ia64_btb_drop()), typed with cr.iva and the kernel's code. The
 * stack holds the types only when asked (PERF_SAMPLE_BRANCH_TYPE_SAVE),
 * as x86 and arm64 save them.
 */
void ia64_pmu_btb_sample(struct ia64_pmu_cpu *cpuc, struct perf_event *event,
			 struct perf_sample_data *data)
{
	const struct ia64_btb_layout *l = ia64_pmu_model->btb;
	u64 pmc12 = event->hw.branch_reg.config;
	u64 type = event->attr.branch_sample_type;
	struct ia64_btb_env env = {
		.iva = l->xfer ? ia64_pmu_get_iva() : 0,
		.read_bundle = ia64_pmu_read_bundle,
	};
	unsigned int keep = 0, i;

	if (!cpuc->btb.read) {
		for (i = 0; i < l->nr; i++)
			cpuc->btb_raw[i] = ia64_pmu_read_pmd(l->first_pmd + i);
		cpuc->btb_raw[l->nr] = ia64_pmu_read_pmd(l->index_pmd);
		if (l->ext == IA64_BTB_EXT_PMD)
			cpuc->btb_raw[l->nr + 1] = ia64_pmu_read_pmd(l->ext_pmd);
		cpuc->btb.read = true;
	}
	if (pmc12 & IA64_PMC12_PLM_USER)
		keep |= IA64_BTB_KEEP_USER;
	if (pmc12 & IA64_PMC12_PLM_KERNEL)
		keep |= IA64_BTB_KEEP_KERNEL;
	/* PMC42's plm is PMC12's: bits 3:0 */
	if (ia64_ipear_unit(pmc12))
		cpuc->btb_stack.nr =
			ia64_ipear_decode(l, cpuc->btb_raw, keep,
					  !(type & PERF_SAMPLE_BRANCH_NO_CYCLES),
					  cpuc->btb_entries,
					  &cpuc->btb_stack.hw_idx);
	else
		cpuc->btb_stack.nr =
			ia64_btb_decode(l, cpuc->btb_raw,
					keep | ia64_btb_drop(type,
						ia64_pmu_btb_mispred(event)),
					&env, cpuc->btb_entries,
					&cpuc->btb_stack.hw_idx);
	if (!(type & PERF_SAMPLE_BRANCH_TYPE_SAVE))
		for (i = 0; i < cpuc->btb_stack.nr; i++)
			cpuc->btb_entries[i].type = PERF_BR_UNKNOWN;
	ia64_pmu_save_brstack(data, event, &cpuc->btb_stack);
}

/*
 * End of an interrupt: a BTB that was read starts again empty, so that
 * the next sample holds only branches taken since this one.
 */
void ia64_pmu_btb_sampled(struct ia64_pmu_cpu *cpuc)
{
	if (!cpuc->btb.read)
		return;
	ia64_pmu_write_pmd(ia64_pmu_model->btb->index_pmd, 0);
	cpuc->btb.read = false;
}

/* CPU bring-up wrote the reset value @val to PMC @pmc: the BTB's, PMC42 */
void ia64_pmu_btb_cpu_reset(struct ia64_pmu_cpu *cpuc, unsigned int pmc,
			    u64 val)
{
	const struct ia64_btb_layout *l = ia64_pmu_model->btb;

	if (!l)
		return;
	if (pmc == l->pmc) {
		ia64_pmu_unit_reset(&cpuc->btb, val);
		cpuc->btb.pmc = IA64_PMC12_IDLE;
	}
	if (l->ipear_pmc && pmc == l->ipear_pmc)
		cpuc->ipear_hw = val;
}
