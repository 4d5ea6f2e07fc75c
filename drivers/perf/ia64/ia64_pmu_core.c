// SPDX-License-Identifier: GPL-2.0
/*
 * perf_events driver for the Intel Itanium (IA-64) performance monitoring
 * unit: probe, registration and sysfs.
 *
 * The PMU is reached only through the hardware-access layer of
 * <linux/perf/ia64_pmu.h>: the arch intrinsics on Itanium, the software
 * model of drivers/perf/ia64/sim elsewhere.
 */

#define pr_fmt(fmt) "ia64_pmu: " fmt

#include <linux/bitops.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/sysfs.h>
#include <uapi/linux/perf/ia64_pmu.h>

#include <asm/irq_regs.h>

#include "ia64_pmu.h"
#include "ia64_pmu_range.h"

static const struct ia64_pmu_model *ia64_pmu_models[] = {
	&ia64_pmu_merced,
	&ia64_pmu_itanium2,
};

/* The CPU model found at probe: every CPU's PMU is of this model */
const struct ia64_pmu_model *ia64_pmu_model;

DEFINE_PER_CPU(struct ia64_pmu_cpu, ia64_pmu_cpu);

static u64 ia64_pmu_cnt_mask;	/* implemented counter bits (PAL_WIDTH) */
static u64 ia64_pmu_max_period;

/*
 * Write counter PMC @idx (4..7) with the bits the CPU model wants in every
 * write of it: the Itanium 2's PMC4 power-enable bit 23, without which
 * no counter counts.
 */
void ia64_pmu_write_ctr_pmc(unsigned int idx, u64 val)
{
	ia64_pmu_write_pmc(idx, val | ia64_pmu_model->ctr_pmc_set[idx -
				IA64_PMU_FIRST_COUNTER]);
}

/* A generic event: the model's event of that name, as a config */
static int ia64_pmu_generic(const char *name, u64 *config)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	unsigned int i;

	if (!name)
		return -EOPNOTSUPP;
	for (i = 0; i < model->nr_events; i++) {
		if (!strcmp(model->events[i].name, name)) {
			*config = IA64_PMU_CONFIG(model->events[i].es,
						  model->events[i].umask);
			return 0;
		}
	}
	return -EOPNOTSUPP;
}

static int ia64_pmu_hw_cache(u64 attr_config, u64 *config)
{
	unsigned int type = attr_config & 0xff;
	unsigned int op = (attr_config >> 8) & 0xff;
	unsigned int result = (attr_config >> 16) & 0xff;

	if (attr_config >> 24 || type >= PERF_COUNT_HW_CACHE_MAX ||
	    op >= PERF_COUNT_HW_CACHE_OP_MAX ||
	    result >= PERF_COUNT_HW_CACHE_RESULT_MAX)
		return -EINVAL;
	return ia64_pmu_generic(ia64_pmu_model->cache_events[type][op][result],
				config);
}

/*
 * The event a raw (es, umask) counts: the first table line of that event
 * code whose selection kind takes the umask ([ITA-RM] §7.8: don't-care
 * bits, bus initiators of Table 7-22, TAG_SELECT of Table 7-30, the bit
 * sets of Tables 7-29, 7-31 and 7-32), or NULL if none does.
 */
static const struct ia64_pmu_event *ia64_pmu_lookup(u64 config)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	u8 es = (config & IA64_PMU_CFG_ES_MASK) >> IA64_PMU_CFG_ES_SHIFT;
	u8 umask = (config & IA64_PMU_CFG_UMASK_MASK) >>
		   IA64_PMU_CFG_UMASK_SHIFT;
	const struct ia64_pmu_event *ev;
	unsigned int i;

	for (i = 0; i < model->nr_events; i++) {
		ev = &model->events[i];
		if (ev->es == es &&
		    ia64_pmu_umask_ok(ev->sel, ev->umask, ev->umask_mask,
				      umask))
			return ev;
	}
	return NULL;
}

/*
 * Check a PMC4-7 image from the user and return the counters that can
 * take it, or a negative errno.
 */
static int ia64_pmu_check_config(u64 config,
				 const struct ia64_pmu_event **evp)
{
	const struct ia64_pmu_event *ev;
	unsigned int thres, ism;
	unsigned int counters;

	if (config & ~IA64_PMU_CFG_VALID)
		return -EINVAL;
	ev = ia64_pmu_lookup(config);
	if (!ev)
		return -EINVAL;
	*evp = ev;

	/* ism 0b11 excludes both instruction sets: it would count nothing */
	ism = (config & IA64_PMU_CFG_ISM_MASK) >> IA64_PMU_CFG_ISM_SHIFT;
	if (ism == 0x3)
		return -EINVAL;

	/* A threshold is compared with the per-cycle increment (Table 6-6) */
	thres = (config & IA64_PMU_CFG_THRES_MASK) >> IA64_PMU_CFG_THRES_SHIFT;
	if (thres && thres >= ev->max_inc)
		return -EINVAL;

	counters = ev->counters;
	if (thres > ia64_pmu_model->thres_max_67)
		counters &= IA64_CTR_45;
	return counters ? counters : -EINVAL;
}

static unsigned int ia64_pmu_event_counters(struct perf_event *event)
{
	return event->hw.event_base;
}

/*
 * Find a counter for each of @n events within its counter set; keep an
 * event on the counter it already has when possible. With four counters
 * the search is at most 4! steps and finds a placement if one exists.
 */
static bool ia64_pmu_assign_from(struct perf_event **events, int n, int i,
				 unsigned int used, int *assign)
{
	unsigned long free_ctrs;
	unsigned int ctr;
	int cur;

	if (i == n)
		return ia64_pmu_groups_placed(events, n, assign);
	free_ctrs = ia64_pmu_event_counters(events[i]) & ~used;
	cur = events[i]->hw.idx;
	if (cur >= 0 && free_ctrs & IA64_CTR(cur)) {
		assign[i] = cur;
		if (ia64_pmu_assign_from(events, n, i + 1,
					 used | IA64_CTR(cur), assign))
			return true;
		free_ctrs &= ~IA64_CTR(cur);
	}
	for_each_set_bit(ctr, &free_ctrs, IA64_PMU_MAX_COUNTERS) {
		assign[i] = ctr + IA64_PMU_FIRST_COUNTER;
		if (ia64_pmu_assign_from(events, n, i + 1,
					 used | BIT(ctr), assign))
			return true;
	}
	return false;
}

static bool ia64_pmu_assign(struct perf_event **events, int n, int *assign)
{
	return ia64_pmu_assign_from(events, n, 0, 0, assign);
}

/* Would @event and the members of its group fit on an empty PMU? */
static int ia64_pmu_validate_group(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader;
	struct perf_event *events[IA64_PMU_MAX_COUNTERS];
	int assign[IA64_PMU_MAX_COUNTERS];
	struct perf_event *sibling;
	int n = 0;

	/* alone, it fits: its counter set is not empty, one PMC12 */
	if (leader == event)
		return 0;
	if (leader->pmu == event->pmu)
		events[n++] = leader;
	for_each_sibling_event(sibling, leader) {
		/* disabled siblings count: they may be enabled later */
		if (sibling->pmu != event->pmu ||
		    sibling->state < PERF_EVENT_STATE_OFF)
			continue;
		if (n == IA64_PMU_MAX_COUNTERS)
			return -EINVAL;
		events[n++] = sibling;
	}
	if (n == IA64_PMU_MAX_COUNTERS)
		return -EINVAL;
	events[n++] = event;
	if (!ia64_pmu_groups_agree(events, n))
		return -EBUSY;
	if (!ia64_pmu_assign(events, n, assign))
		return -EINVAL;
	return ia64_pmu_btb_validate_group(events, n) ?:
	       ia64_pmu_ear_validate_group(events, n) ?:
	       ia64_pmu_qual_validate_group(events, n);
}

static int ia64_pmu_event_init(struct perf_event *event)
{
	struct perf_event_attr *attr = &event->attr;
	struct hw_perf_event *hwc = &event->hw;
	const struct ia64_pmu_event *ev;
	u64 config, plm;
	int counters, ret;

	switch (attr->type) {
	case PERF_TYPE_RAW:
		/* the driver's fields beyond the PMC image */
		config = attr->config & ~(IA64_PMU_CFG_BR_MISPRED |
					  IA64_PMU_CFG_OPC_MATCH_MASK);
		break;
	case PERF_TYPE_HARDWARE:
		if (attr->config >= PERF_COUNT_HW_MAX)
			return -EINVAL;
		ret = ia64_pmu_generic(ia64_pmu_model->hw_events[attr->config],
				       &config);
		if (ret)
			return ret;
		break;
	case PERF_TYPE_HW_CACHE:
		ret = ia64_pmu_hw_cache(attr->config, &config);
		if (ret)
			return ret;
		break;
	default:
		return -ENOENT;
	}

	if (attr->exclude_idle)
		return -EOPNOTSUPP;
	if (attr->config1 & ~IA64_PMU_CFG1_VALID)
		return -EINVAL;
	ret = ia64_pmu_btb_init(event);
	if (ret)
		return ret;

	counters = ia64_pmu_check_config(config, &ev);
	if (counters < 0)
		return counters;

	/* exclude_hv: Linux on Itanium runs no code at privilege 1 or 2 */
	plm = (attr->exclude_user ? 0 : IA64_PMC_PLM_USER) |
	      (attr->exclude_kernel ? 0 : IA64_PMC_PLM_KERNEL);
	if (!plm)
		return -EINVAL;
	ret = ia64_pmu_ear_init(event, config, plm);
	if (ret)
		return ret;
	if (has_branch_stack(event) || event->hw.extra_reg.reg)
		ia64_pmu_ctxsw_event_init(event);

	/* Privileged monitor: user code cannot stop it with rum */
	hwc->config = config | plm | IA64_PMC_PM | IA64_PMC_OI;
	hwc->event_base = counters;
	hwc->idx = -1;
	hwc->flags = 0;
	/* a counting event overflows each half range to stay 64-bit */
	if (!is_sampling_event(event)) {
		hwc->sample_period = ia64_pmu_max_period;
		hwc->last_period = hwc->sample_period;
		local64_set(&hwc->period_left, hwc->sample_period);
	}

	ia64_pmu_groups_init(event, ev, config);
	ret = ia64_pmu_qual_init(event, ev, config);
	if (ret)
		return ret;
	ret = ia64_pmu_validate_group(event);
	/* the core calls destroy only for events that it got */
	if (ret && event->destroy) {
		event->destroy(event);
		event->destroy = NULL;
	}
	return ret;
}

/* Fold the counter's progress since the last update into the count */
void ia64_pmu_event_update(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 prev, now, delta;

	do {
		prev = local64_read(&hwc->prev_count);
		now = ia64_pmu_read_pmd(hwc->idx) & ia64_pmu_cnt_mask;
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);

	delta = (now - prev) & ia64_pmu_cnt_mask;
	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
}

/*
 * Lazy reload. A counter that an event left while the PMU was disabled
 * keeps what it held: its PMD the count read at the stop, its PMC the
 * event's running configuration (a stale counter, which nothing counts
 * in since PSR.pp is clear), until something else writes it. When the
 * same event comes back to the same counter, typically its task back on
 * the same CPU with no other monitored task in between, the registers
 * that already hold the right values are not written again. Owners are
 * event ids, unique for the system's lifetime.
 */
static void ia64_pmu_ctr_left(struct ia64_pmu_cpu *cpuc,
			      struct perf_event *event)
{
	unsigned int i = event->hw.idx - IA64_PMU_FIRST_COUNTER;

	cpuc->ctr_owner[i] = event->id;
	cpuc->ctr_pmd[i] = local64_read(&event->hw.prev_count);
}

static bool ia64_pmu_ctr_holds(struct ia64_pmu_cpu *cpuc,
			       struct perf_event *event)
{
	return cpuc->ctr_owner[event->hw.idx - IA64_PMU_FIRST_COUNTER] ==
	       event->id;
}

/* Load @event's counter with @val, unless it holds it already */
static void ia64_pmu_load_pmd(struct perf_event *event, u64 val)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	unsigned int i = event->hw.idx - IA64_PMU_FIRST_COUNTER;

	if (!ia64_pmu_ctr_holds(cpuc, event) || cpuc->ctr_pmd[i] != val)
		ia64_pmu_write_pmd(event->hw.idx, val);
}

/*
 * Preload the counter with 2^32 - N to overflow after N events ([ITA-RM]
 * §6.2.2). Returns true when a period has elapsed.
 */
int ia64_pmu_set_period(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	s64 left = local64_read(&hwc->period_left);
	s64 period = hwc->sample_period;
	int elapsed = 0;

	if (unlikely(left <= -period)) {
		left = period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
		elapsed = 1;
	}
	if (unlikely(left <= 0)) {
		left += period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
		elapsed = 1;
	}
	if (left > ia64_pmu_max_period)
		left = ia64_pmu_max_period;

	local64_set(&hwc->prev_count, (u64)-left & ia64_pmu_cnt_mask);
	ia64_pmu_load_pmd(event, (u64)-left & ia64_pmu_cnt_mask);
	perf_event_update_userpage(event);
	return elapsed;
}

/*
 * Sample @event's overflow, with @regs as the interrupted state; with
 * the PMU @frozen (in the interrupt), with its branch stack.
 */
void ia64_pmu_overflow(struct perf_event *event, struct pt_regs *regs,
		       bool frozen)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct perf_sample_data data;
	struct pt_regs ear_regs;

	/*
	 * An event that excludes the kernel, sampled from a kernel
	 * interruption (an overflow interrupt raised again at sched-in, or
	 * taken late), samples where its task resumes in user mode.
	 */
	if (!user_mode(regs) && event->attr.exclude_kernel &&
	    !(current->flags & PF_KTHREAD))
		regs = task_pt_regs(current);
	perf_sample_data_init(&data, 0, event->hw.last_period);
	if (frozen && has_branch_stack(event))
		ia64_pmu_btb_sample(cpuc, event, &data);
	if (frozen && event->hw.extra_reg.reg) {
		u64 ip = ia64_pmu_ear_sample(cpuc, event, &data);

		/* the interrupted state, but at the captured instruction */
		if (ip) {
			ear_regs = *regs;
			ia64_pmu_set_exact_ip(&ear_regs, ip);
			regs = &ear_regs;
		}
	}
	if (perf_event_overflow(event, &data, regs))
		ia64_pmu_stop(event, 0);	/* throttled */
}

/*
 * A sampling event whose period elapsed without its sample: its counter
 * overflowed, and it was stopped before the interrupt came, typically at
 * a context switch ([SDM-2] §7.2.4.2). The overflow travels with the
 * event (its counter may change): ia64_pmu_start() sets its overflow bit
 * again, and ia64_pmu_raise_pending() raises the interrupt, so that the
 * ordinary interrupt routine takes the sample, in the event's context.
 */
static bool ia64_pmu_ovfl_pending(struct perf_event *event)
{
	return is_sampling_event(event) &&
	       local64_read(&event->hw.period_left) <= 0;
}

static void ia64_pmu_raise_pending(struct ia64_pmu_cpu *cpuc);

static void ia64_pmu_start(struct perf_event *event, int flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct hw_perf_event *hwc = &event->hw;
	bool pending;

	if (WARN_ON_ONCE(!(hwc->state & PERF_HES_STOPPED)))
		return;
	/* new address filters: the ranges the CPU's events restrict by */
	if (ia64_pmu_qual_sync(event) && cpuc->enabled)
		ia64_pmu_qual_program(cpuc);
	pending = ia64_pmu_ovfl_pending(event);
	if (flags & PERF_EF_RELOAD) {
		WARN_ON_ONCE(!(hwc->state & PERF_HES_UPTODATE));
		/* a pending overflow keeps its elapsed period for the ISR */
		if (pending)
			ia64_pmu_load_pmd(event,
					  local64_read(&hwc->prev_count));
		else
			ia64_pmu_set_period(event);
	}
	hwc->state = 0;
	/* a stale counter of this event still has its configuration */
	if (!(cpuc->stale_ctrs & IA64_CTR(hwc->idx)) ||
	    !ia64_pmu_ctr_holds(cpuc, event))
		ia64_pmu_write_ctr_pmc(hwc->idx, hwc->config);
	cpuc->stale_ctrs &= ~IA64_CTR(hwc->idx);
	/* it counts: its PMD is no longer known */
	cpuc->ctr_owner[hwc->idx - IA64_PMU_FIRST_COUNTER] = 0;
	if (pending) {
		cpuc->ovfl_pending |= IA64_PMC0_OVFL(hwc->idx);
		/* else ia64_pmu_enable(), once every event has its counter */
		if (cpuc->enabled && cpuc->monitored)
			ia64_pmu_raise_pending(cpuc);
	}
}

/*
 * PMC0, read at most once while the PMU does not run (disabled or not
 * monitored: PSR.pp is clear and nothing counts), so that only the
 * driver's own writes can change it. The copy is what the hardware
 * said: each write of PMC0 drops it (a write may not take, e.g. the
 * model's fault/lose_pmc0_writes), and so does the PMU running again
 * (ia64_pmu_enable()).
 */
static u64 ia64_pmu_read_pmc0(struct ia64_pmu_cpu *cpuc)
{
	if (cpuc->enabled && cpuc->monitored)
		return ia64_pmu_read_pmc(0);
	if (!cpuc->pmc0_valid) {
		cpuc->pmc0 = ia64_pmu_read_pmc(0);
		cpuc->pmc0_valid = true;
	}
	return cpuc->pmc0;
}

/*
 * Update PMC0. It holds the freeze bit and the sticky overflow bits
 * together, so every change is a read-modify-write, and with the
 * monitors running a counter that wraps between the read and the write
 * would have its overflow bit overwritten ([ITA-RM] §6.2.3). The
 * privileged monitors count only while PSR.pp is set: clearing it first
 * stops them. Interrupts stay off meanwhile: an overflow interrupt would
 * find PSR.pp clear.
 */
static void ia64_pmu_pmc0_update(struct ia64_pmu_cpu *cpuc, u64 clear,
				 u64 set)
{
	unsigned long flags;
	bool running = cpuc->enabled && cpuc->monitored;
	u64 pmc0;

	local_irq_save(flags);
	if (running)
		ia64_pmu_psr_pp(false);
	pmc0 = (ia64_pmu_read_pmc0(cpuc) & ~clear) | set;
	ia64_pmu_write_pmc(0, pmc0);
	ia64_pmu_srlz();
	cpuc->pmc0_valid = false;
	if (running)
		ia64_pmu_psr_pp(true);
	local_irq_restore(flags);
}

/*
 * ia64_pmu_ctxsw.c: the PMU is disabled (PSR.pp clear) and must be
 * frozen for the EAR and BTB registers to be defined ([ITA-RM] §6.2.7,
 * §6.2.8.2); ia64_pmu_enable() unfreezes it.
 */
void ia64_pmu_freeze(struct ia64_pmu_cpu *cpuc)
{
	if (!(ia64_pmu_read_pmc0(cpuc) & IA64_PMC0_FR))
		ia64_pmu_pmc0_update(cpuc, 0, IA64_PMC0_FR);
}

/*
 * The overflows that started events carry (ovfl_pending) become overflow
 * bits of their counters again, with the PMU frozen, and the overflow
 * interrupt is raised: PMC0-3 of the context that overflowed are back
 * as they were when it was switched out ([SDM-2] §7.2.4.2). The ISR
 * takes the samples; a lost interrupt is the watchdog's.
 */
static void ia64_pmu_raise_pending(struct ia64_pmu_cpu *cpuc)
{
	ia64_pmu_pmc0_update(cpuc, 0, IA64_PMC0_FR | cpuc->ovfl_pending);
	cpuc->ovfl_pending = 0;
	ia64_pmu_raise_irq();
}

void ia64_pmu_stop(struct perf_event *event, int flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct hw_perf_event *hwc = &event->hw;

	if (!(hwc->state & PERF_HES_STOPPED)) {
		if (cpuc->enabled) {
			ia64_pmu_write_ctr_pmc(hwc->idx,
					       IA64_PMC_STOPPED(hwc->config));
			/* before the PMD is read ([SDM-2] §7.2.1) */
			ia64_pmu_srlz();
		} else {
			/*
			 * Disabled, the monitor does not count (PSR.pp is
			 * clear). Its PMC is written again, or stopped,
			 * before the PMU counts again: ia64_pmu_enable().
			 */
			cpuc->stale_ctrs |= IA64_CTR(hwc->idx);
		}
		hwc->state |= PERF_HES_STOPPED;
	}
	if ((flags & PERF_EF_UPDATE) && !(hwc->state & PERF_HES_UPTODATE)) {
		/*
		 * The update accounts a wrap the interrupt has not handled
		 * yet; its overflow bit goes with the event (a sampling
		 * event's elapsed period, see ia64_pmu_ovfl_pending()), so
		 * that the interrupt, when it comes, finds nothing of it.
		 */
		ia64_pmu_event_update(event);
		ia64_pmu_ctr_left(cpuc, event);
		if (ia64_pmu_read_pmc0(cpuc) & IA64_PMC0_OVFL(hwc->idx))
			ia64_pmu_pmc0_update(cpuc, IA64_PMC0_OVFL(hwc->idx), 0);
		cpuc->ovfl_pending &= ~IA64_PMC0_OVFL(hwc->idx);
		hwc->state |= PERF_HES_UPTODATE;
	}
}

/*
 * add/del only collect events; the counters are (re)programmed by
 * ia64_pmu_enable(), which the core calls after them.
 */
static int ia64_pmu_add(struct perf_event *event, int flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct hw_perf_event *hwc = &event->hw;
	int assign[IA64_PMU_MAX_COUNTERS];
	int n = cpuc->n_events;

	int ret;

	if (n == IA64_PMU_MAX_COUNTERS)
		return -EAGAIN;
	cpuc->event_list[n] = event;
	if (!ia64_pmu_groups_agree(cpuc->event_list, n + 1))
		return -EAGAIN;
	if (!(cpuc->txn_flags & PERF_PMU_TXN_ADD) &&
	    !ia64_pmu_assign(cpuc->event_list, n + 1, assign))
		return -EAGAIN;
	ret = ia64_pmu_btb_add(cpuc, event);
	if (ret)
		return ret;
	ret = ia64_pmu_ear_add(cpuc, event);
	if (ret) {
		ia64_pmu_btb_del(cpuc, event);
		return ret;
	}
	ret = ia64_pmu_qual_add(cpuc, event);
	if (ret) {
		ia64_pmu_ear_del(cpuc, event);
		ia64_pmu_btb_del(cpuc, event);
		return ret;
	}
	if (cpuc->txn_flags & PERF_PMU_TXN_ADD)
		cpuc->n_txn++;
	else
		memcpy(cpuc->assign, assign, sizeof(assign));
	cpuc->n_events++;
	cpuc->dirty = true;

	hwc->state = PERF_HES_UPTODATE | PERF_HES_STOPPED;
	if (!(flags & PERF_EF_START))
		hwc->state |= PERF_HES_ARCH;
	return 0;
}

static void ia64_pmu_del(struct perf_event *event, int flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct hw_perf_event *hwc = &event->hw;
	int i;

	ia64_pmu_stop(event, PERF_EF_UPDATE);
	for (i = 0; i < cpuc->n_events; i++)
		if (cpuc->event_list[i] == event)
			break;
	if (WARN_ON_ONCE(i == cpuc->n_events))
		return;
	ia64_pmu_btb_del(cpuc, event);
	ia64_pmu_ear_del(cpuc, event);
	if (i >= cpuc->n_events - cpuc->n_txn)
		cpuc->n_txn--;
	for (; i < cpuc->n_events - 1; i++) {
		cpuc->event_list[i] = cpuc->event_list[i + 1];
		cpuc->assign[i] = cpuc->assign[i + 1];
	}
	cpuc->n_events--;
	if (hwc->idx >= 0)
		cpuc->counter[hwc->idx - IA64_PMU_FIRST_COUNTER] = NULL;
	hwc->idx = -1;
	cpuc->dirty = true;
	perf_event_update_userpage(event);
}

static void ia64_pmu_read(struct perf_event *event)
{
	ia64_pmu_event_update(event);
}

/* Move events to their newly assigned counters and start new ones */
static void ia64_pmu_reprogram(struct ia64_pmu_cpu *cpuc)
{
	struct perf_event *event;
	int i, idx;

	for (i = 0; i < cpuc->n_events; i++) {
		event = cpuc->event_list[i];
		idx = event->hw.idx;
		if (idx < 0 || idx == cpuc->assign[i])
			continue;
		/* an event the core stopped stays stopped on its new counter */
		if (event->hw.state & PERF_HES_STOPPED)
			event->hw.state |= PERF_HES_ARCH;
		ia64_pmu_stop(event, PERF_EF_UPDATE);
		if (cpuc->counter[idx - IA64_PMU_FIRST_COUNTER] == event)
			cpuc->counter[idx - IA64_PMU_FIRST_COUNTER] = NULL;
		event->hw.idx = -1;
	}
	for (i = 0; i < cpuc->n_events; i++) {
		event = cpuc->event_list[i];
		if (event->hw.idx >= 0)
			continue;
		idx = cpuc->assign[i];
		event->hw.idx = idx;
		cpuc->counter[idx - IA64_PMU_FIRST_COUNTER] = event;
		if (!(event->hw.state & PERF_HES_ARCH)) {
			ia64_pmu_start(event, PERF_EF_RELOAD);
		} else {
			struct hw_perf_event *hwc = &event->hw;

			/*
			 * A stopped event resumes with start(event, 0) (e.g.
			 * when the core unthrottles it): its new counter
			 * continues from where the old one stopped.
			 */
			ia64_pmu_write_ctr_pmc(idx,
					       IA64_PMC_STOPPED(hwc->config));
			ia64_pmu_write_pmd(idx, local64_read(&hwc->prev_count));
			cpuc->stale_ctrs &= ~IA64_CTR(idx);
			cpuc->ctr_owner[idx - IA64_PMU_FIRST_COUNTER] = 0;
		}
		perf_event_update_userpage(event);
	}
	cpuc->dirty = false;
}

/*
 * Every monitor the driver programs is privileged (pm = 1): it counts
 * only while PSR.pp is set ([ITA-RM] §6.2.1), which is also what marks
 * the context as monitored for the ISR ([SDM-2] Figure 7-7). PSR.pp is
 * therefore set exactly while the CPU has events and the core has the
 * PMU enabled: disabling clears it, which stops every monitor at once
 * without a read-modify-write of PMC0, and a CPU without events never
 * touches the PMU. PMC0.fr, the freeze bit, is left to the hardware (an
 * overflow with oi set) and to the cases where the EAR and BTB registers
 * must be read (ia64_pmu_freeze()); ia64_pmu_enable() clears it.
 */
static void ia64_pmu_disable(struct pmu *pmu)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);

	if (!cpuc->enabled)
		return;
	if (cpuc->monitored)
		ia64_pmu_psr_pp(false);
	cpuc->enabled = false;
}

/*
 * Counters whose PMC still holds a running configuration, of an event
 * that was stopped or removed while the PMU was disabled and that no
 * event has taken since: stop them before PSR.pp lets them count.
 */
static void ia64_pmu_stop_stale(struct ia64_pmu_cpu *cpuc)
{
	unsigned long stale = cpuc->stale_ctrs;
	struct perf_event *event;
	unsigned int i;

	for_each_set_bit(i, &stale, IA64_PMU_MAX_COUNTERS) {
		event = cpuc->counter[i];
		ia64_pmu_write_ctr_pmc(IA64_PMU_FIRST_COUNTER + i, event ?
				       IA64_PMC_STOPPED(event->hw.config) :
				       IA64_PMC_IDLE);
	}
	cpuc->stale_ctrs = 0;
}

static void ia64_pmu_enable(struct pmu *pmu)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	bool monitored = cpuc->n_events;
	bool starts = monitored && !cpuc->monitored;
	u64 pmc0;

	if (cpuc->enabled)
		return;
	if (cpuc->dirty)
		ia64_pmu_reprogram(cpuc);
	/* what the model's features own; their registers differ otherwise */
	if (ia64_pmu_has(IA64_PMU_F_BTB))
		ia64_pmu_btb_program(cpuc);
	if (ia64_pmu_has(IA64_PMU_F_QUAL))
		ia64_pmu_qual_program(cpuc);
	if (ia64_pmu_has(IA64_PMU_F_EAR))
		ia64_pmu_ear_program(cpuc);
	if (monitored != cpuc->monitored) {
		cpuc->monitored = monitored;
		if (monitored)
			ia64_pmu_watchdog_start(cpuc);
		else
			ia64_pmu_watchdog_stop(cpuc);
	}
	if (monitored) {
		if (cpuc->stale_ctrs)
			ia64_pmu_stop_stale(cpuc);
		/*
		 * A pending overflow keeps the PMU frozen: the ISR
		 * unfreezes it, or the watchdog if its interrupt is lost.
		 * Not when monitoring starts: the events were not counting,
		 * and an overflow bit is then stale, left by an event that
		 * is gone (a lost PMC0 write, its interrupt found the CPU
		 * unmonitored); the events' own pending overflows travel
		 * in ovfl_pending.
		 */
		pmc0 = ia64_pmu_read_pmc0(cpuc);
		if (cpuc->ovfl_pending)
			ia64_pmu_raise_pending(cpuc);
		else if (starts && (pmc0 & (IA64_PMC0_FR |
					   IA64_PMC0_OVFL_MASK)))
			ia64_pmu_write_pmc(0, 0);
		else if ((pmc0 & IA64_PMC0_FR) &&
			 !(pmc0 & IA64_PMC0_OVFL_MASK))
			ia64_pmu_write_pmc(0, pmc0 & ~IA64_PMC0_FR);
		cpuc->pmc0_valid = false;
		ia64_pmu_psr_pp(true);
	}
	cpuc->enabled = true;
}

static void ia64_pmu_start_txn(struct pmu *pmu, unsigned int txn_flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);

	WARN_ON_ONCE(cpuc->txn_flags);
	cpuc->txn_flags = txn_flags;
	if (txn_flags & ~PERF_PMU_TXN_ADD)
		return;
	perf_pmu_disable(pmu);
	cpuc->n_txn = 0;
}

static int ia64_pmu_commit_txn(struct pmu *pmu)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	int assign[IA64_PMU_MAX_COUNTERS];

	if (cpuc->txn_flags & ~PERF_PMU_TXN_ADD) {
		cpuc->txn_flags = 0;
		return 0;
	}
	if (!ia64_pmu_assign(cpuc->event_list, cpuc->n_events, assign))
		return -EAGAIN;
	memcpy(cpuc->assign, assign, sizeof(assign));
	cpuc->txn_flags = 0;
	cpuc->n_txn = 0;
	perf_pmu_enable(pmu);
	return 0;
}

static void ia64_pmu_cancel_txn(struct pmu *pmu)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	unsigned int txn_flags = cpuc->txn_flags;

	cpuc->txn_flags = 0;
	if (txn_flags & ~PERF_PMU_TXN_ADD)
		return;
	/* events added in the transaction and not deleted since */
	cpuc->n_events -= cpuc->n_txn;
	cpuc->n_txn = 0;
	perf_pmu_enable(pmu);
}

/*
 * sysfs: format/ ([ITA-RM] Figures 6-13/6-14, uapi ia64_pmu.h). The event
 * select is 7 bits on the Itanium, 8 on the Itanium 2; the fields of the
 * features a CPU model does not have (yet) are not shown.
 */
static ssize_t event_show(struct device *dev, struct device_attribute *attr,
			  char *page)
{
	return sysfs_emit(page, "config:8-%u\n",
			  7 + ia64_pmu_model->es_bits);
}
static struct device_attribute format_attr_event = __ATTR_RO(event);
PMU_FORMAT_ATTR(umask, "config:16-19");
PMU_FORMAT_ATTR(thres, "config:20-22");
PMU_FORMAT_ATTR(ism, "config:24-25");
PMU_FORMAT_ATTR(br_mispred, "config:32");
PMU_FORMAT_ATTR(ear, "config1:0-1");
PMU_FORMAT_ATTR(ear_tlb, "config1:2");
PMU_FORMAT_ATTR(ear_alat, "config1:3");
PMU_FORMAT_ATTR(ear_tlbmask, "config1:4-7");
PMU_FORMAT_ATTR(ldlat, "config1:8-23");
PMU_FORMAT_ATTR(opc_match, "config:33-59");
PMU_FORMAT_ATTR(opc_care, "config1:24-50");
PMU_FORMAT_ATTR(opc_b, "config1:51");
PMU_FORMAT_ATTR(opc_f, "config1:52");
PMU_FORMAT_ATTR(opc_i, "config1:53");
PMU_FORMAT_ATTR(opc_m, "config1:54");
PMU_FORMAT_ATTR(irange_approx, "config1:55");
PMU_FORMAT_ATTR(irange_inv, "config1:56");
PMU_FORMAT_ATTR(drange, "config2:0-63");

static struct attribute *ia64_pmu_format_attrs[] = {
	&format_attr_event.attr,
	&format_attr_umask.attr,
	&format_attr_thres.attr,
	&format_attr_ism.attr,
	&format_attr_br_mispred.attr,
	&format_attr_ear.attr,
	&format_attr_ear_tlb.attr,
	&format_attr_ear_alat.attr,
	&format_attr_ear_tlbmask.attr,
	&format_attr_ldlat.attr,
	&format_attr_opc_match.attr,
	&format_attr_opc_care.attr,
	&format_attr_opc_b.attr,
	&format_attr_opc_f.attr,
	&format_attr_opc_i.attr,
	&format_attr_opc_m.attr,
	&format_attr_irange_approx.attr,
	&format_attr_irange_inv.attr,
	&format_attr_drange.attr,
	NULL,
};

/* The feature of the driver a format field belongs to, 0 if none */
static unsigned int ia64_pmu_format_feature(struct attribute *attr)
{
	if (attr == &format_attr_br_mispred.attr)
		return IA64_PMU_F_BTB;
	if (attr == &format_attr_ear.attr || attr == &format_attr_ear_tlb.attr ||
	    attr == &format_attr_ear_alat.attr ||
	    attr == &format_attr_ear_tlbmask.attr ||
	    attr == &format_attr_ldlat.attr)
		return IA64_PMU_F_EAR;
	if (attr == &format_attr_event.attr || attr == &format_attr_umask.attr ||
	    attr == &format_attr_thres.attr || attr == &format_attr_ism.attr)
		return 0;
	return IA64_PMU_F_QUAL;
}

static umode_t ia64_pmu_format_visible(struct kobject *kobj,
				       struct attribute *attr, int i)
{
	unsigned int feature = ia64_pmu_format_feature(attr);

	/* the D-EAR's ALAT mode: the Itanium 2's */
	if (attr == &format_attr_ear_alat.attr &&
	    (!ia64_pmu_has(IA64_PMU_F_EAR) || !ia64_pmu_model->ear->dear_alat))
		return 0;
	/* only the Itanium 2 inverts ranges ([PFM-I2] PMC8/9.inv) */
	if (attr == &format_attr_irange_inv.attr &&
	    !ia64_pmu_model->qual->per_pair)
		return 0;
	return !feature || ia64_pmu_has(feature) ? attr->mode : 0;
}

static const struct attribute_group ia64_pmu_format_group = {
	.name = "format",
	.attrs = ia64_pmu_format_attrs,
	.is_visible = ia64_pmu_format_visible,
};

/*
 * events/: one file per event of the model's table, "event=0x12,umask=0x0",
 * built at probe time from the table so that it stays the single source.
 */
#define IA64_PMU_EVENT_STR_LEN	sizeof("event=0x7f,umask=0xf,ear=1")

struct ia64_pmu_event_attr {
	struct perf_pmu_events_attr pmu_attr;
	char str[IA64_PMU_EVENT_STR_LEN];
};

static struct ia64_pmu_event_attr *ia64_pmu_event_attrs;

static struct attribute_group ia64_pmu_events_group = {
	.name = "events",
};

static int ia64_pmu_build_events(const struct ia64_pmu_model *model)
{
	struct attribute **attrs;
	unsigned int i;
	u64 config;

	/* the model's events, and mem-loads */
	ia64_pmu_event_attrs = kcalloc(model->nr_events + 1,
				       sizeof(*ia64_pmu_event_attrs),
				       GFP_KERNEL);
	attrs = kcalloc(model->nr_events + 2, sizeof(*attrs), GFP_KERNEL);
	if (!ia64_pmu_event_attrs || !attrs) {
		kfree(ia64_pmu_event_attrs);
		kfree(attrs);
		return -ENOMEM;
	}
	for (i = 0; i < model->nr_events; i++) {
		const struct ia64_pmu_event *ev = &model->events[i];
		struct ia64_pmu_event_attr *ea = &ia64_pmu_event_attrs[i];

		snprintf(ea->str, sizeof(ea->str), "event=0x%02x,umask=0x%x",
			 ev->es, ev->umask);
		sysfs_attr_init(&ea->pmu_attr.attr.attr);
		ea->pmu_attr.attr.attr.name = ev->name;
		ea->pmu_attr.attr.attr.mode = 0444;
		ea->pmu_attr.attr.show = perf_event_sysfs_show;
		ea->pmu_attr.event_str = ea->str;
		attrs[i] = &ea->pmu_attr.attr.attr;
	}
	/*
	 * mem-loads, which perf mem opens as cpu/mem-loads,ldlat=N/P: the
	 * D-EAR's capture event with the D-EAR in cache mode
	 */
	if (!ia64_pmu_generic(model->mem_loads, &config)) {
		struct ia64_pmu_event_attr *ea = &ia64_pmu_event_attrs[i];

		snprintf(ea->str, sizeof(ea->str),
			 "event=0x%02llx,umask=0x%llx,ear=1",
			 (config & IA64_PMU_CFG_ES_MASK) >>
			 IA64_PMU_CFG_ES_SHIFT,
			 (config & IA64_PMU_CFG_UMASK_MASK) >>
			 IA64_PMU_CFG_UMASK_SHIFT);
		sysfs_attr_init(&ea->pmu_attr.attr.attr);
		ea->pmu_attr.attr.attr.name = "mem-loads";
		ea->pmu_attr.attr.attr.mode = 0444;
		ea->pmu_attr.attr.show = perf_event_sysfs_show;
		ea->pmu_attr.event_str = ea->str;
		attrs[i] = &ea->pmu_attr.attr.attr;
	}
	ia64_pmu_events_group.attrs = attrs;
	return 0;
}

static void ia64_pmu_free_events(void)
{
	kfree(ia64_pmu_events_group.attrs);
	ia64_pmu_events_group.attrs = NULL;
	kfree(ia64_pmu_event_attrs);
	ia64_pmu_event_attrs = NULL;
}

/* caps/ */
static ssize_t pmu_name_show(struct device *dev,
			     struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", ia64_pmu_model->name);
}
static DEVICE_ATTR_RO(pmu_name);

static ssize_t counters_show(struct device *dev,
			     struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", ia64_pmu_model->nr_generic);
}
static DEVICE_ATTR_RO(counters);

static ssize_t counter_width_show(struct device *dev,
				  struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", ia64_pmu_model->width);
}
static DEVICE_ATTR_RO(counter_width);

/* entries of a branch stack: the BTB's eight registers */
static ssize_t branches_show(struct device *dev,
			     struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", IA64_BTB_NR);
}
static DEVICE_ATTR_RO(branches);

/* precise_ip: the D-EAR's instruction has no skid (not every sample) */
static ssize_t max_precise_show(struct device *dev,
				struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", ia64_pmu_has(IA64_PMU_F_EAR) ?
			  IA64_PMU_MAX_PRECISE : 0);
}
static DEVICE_ATTR_RO(max_precise);

/*
 * The D-EAR's latency thresholds ([ITA-RM] Table 6-17, the same on the
 * Itanium 2): ldlat rounds down
 */
static ssize_t ear_thresholds_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	unsigned int k;
	int n = 0;

	for (k = 0; k <= IA64_DEAR_MAX_LAT_CODE; k++)
		n += sysfs_emit_at(buf, n, "%u%c", 4U << k,
				   k < IA64_DEAR_MAX_LAT_CODE ? ' ' : '\n');
	return n;
}
static DEVICE_ATTR_RO(ear_thresholds);

/* The I-EAR's, which differ on the Itanium 2 (ia64_pmu_ear_layout.c) */
static ssize_t iear_thresholds_show(struct device *dev,
				    struct device_attribute *attr, char *buf)
{
	const struct ia64_ear_layout *l = ia64_pmu_model->ear;
	unsigned int i;
	int n = 0;

	for (i = 0; i < l->nr_iear_lat; i++)
		n += sysfs_emit_at(buf, n, "%u%c", l->iear_lat[i],
				   i + 1 < l->nr_iear_lat ? ' ' : '\n');
	return n;
}
static DEVICE_ATTR_RO(iear_thresholds);

static struct attribute *ia64_pmu_caps_attrs[] = {
	&dev_attr_pmu_name.attr,
	&dev_attr_branches.attr,
	&dev_attr_max_precise.attr,
	&dev_attr_ear_thresholds.attr,
	&dev_attr_iear_thresholds.attr,
	&dev_attr_counters.attr,
	&dev_attr_counter_width.attr,
	NULL,
};

static umode_t ia64_pmu_caps_visible(struct kobject *kobj,
				     struct attribute *attr, int i)
{
	if (attr == &dev_attr_branches.attr && !ia64_pmu_has(IA64_PMU_F_BTB))
		return 0;
	if ((attr == &dev_attr_ear_thresholds.attr ||
	     attr == &dev_attr_iear_thresholds.attr) &&
	    !ia64_pmu_has(IA64_PMU_F_EAR))
		return 0;
	return attr->mode;
}

static const struct attribute_group ia64_pmu_caps_group = {
	.name = "caps",
	.attrs = ia64_pmu_caps_attrs,
	.is_visible = ia64_pmu_caps_visible,
};

/* cpus: perf treats a PMU with "cpus" (and no "cpumask") as a core PMU */
static ssize_t cpus_show(struct device *dev,
			 struct device_attribute *attr, char *buf)
{
	return cpumap_print_to_pagebuf(true, buf, cpu_possible_mask);
}
static DEVICE_ATTR_RO(cpus);

static struct attribute *ia64_pmu_common_attrs[] = {
	&dev_attr_cpus.attr,
	NULL,
};

static const struct attribute_group ia64_pmu_common_group = {
	.attrs = ia64_pmu_common_attrs,
};

static const struct attribute_group *ia64_pmu_attr_groups[] = {
	&ia64_pmu_common_group,
	&ia64_pmu_format_group,
	&ia64_pmu_events_group,
	&ia64_pmu_caps_group,
	NULL,
};

/* Identify the CPU model by CPUID[3] family ([ITA-RM] §6.2.9) */
static const struct ia64_pmu_model *ia64_pmu_find_model(void)
{
	u64 family = IA64_PMU_CPUID_FAMILY(ia64_pmu_cpuid_version());
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ia64_pmu_models); i++)
		if (ia64_pmu_models[i]->family == family)
			return ia64_pmu_models[i];
	pr_info("no support for CPU family 0x%llx\n", family);
	return NULL;
}

/*
 * PAL_PERF_MON_INFO ([ITA-RM] Table 6-24) must describe the PMU the model
 * table was written for. The masks are reported, not trusted: PAL is
 * known to misreport some of them (spec README), the table wins.
 */
static int ia64_pmu_check_pal(const struct ia64_pmu_model *model)
{
	u64 buf[IA64_PMU_PAL_BUF_WORDS] = { };
	u64 info;
	long status;

	status = ia64_pmu_pal_perf_mon_info(buf, &info);
	if (status) {
		pr_err("PAL_PERF_MON_INFO failed: %ld\n", status);
		return -ENODEV;
	}
	if (IA64_PMU_PAL_GENERIC(info) != model->nr_generic ||
	    IA64_PMU_PAL_WIDTH(info) != model->width) {
		pr_err("PAL reports %llu counters of %llu bits, %s has %u of %u\n",
		       IA64_PMU_PAL_GENERIC(info), IA64_PMU_PAL_WIDTH(info),
		       model->name, model->nr_generic, model->width);
		return -ENODEV;
	}
	if (memcmp(&buf[IA64_PMU_PAL_PMC_MASK], model->pal_pmc_mask,
		   sizeof(model->pal_pmc_mask)) ||
	    memcmp(&buf[IA64_PMU_PAL_PMD_MASK], model->pal_pmd_mask,
		   sizeof(model->pal_pmd_mask)))
		pr_warn("PAL PMC/PMD masks differ from the %s table, using the table\n",
			model->name);
	return 0;
}

static struct pmu ia64_pmu = {
	.module		= THIS_MODULE,
	.task_ctx_nr	= perf_hw_context,
	.event_init	= ia64_pmu_event_init,
	.pmu_enable	= ia64_pmu_enable,
	.pmu_disable	= ia64_pmu_disable,
	.start_txn	= ia64_pmu_start_txn,
	.commit_txn	= ia64_pmu_commit_txn,
	.cancel_txn	= ia64_pmu_cancel_txn,
	.add		= ia64_pmu_add,
	.del		= ia64_pmu_del,
	.start		= ia64_pmu_start,
	.stop		= ia64_pmu_stop,
	.read		= ia64_pmu_read,
	.sched_task	= ia64_pmu_sched_task,
	.nr_addr_filters = IA64_RANGE_PAIRS,
	.addr_filters_validate = ia64_pmu_qual_filters_validate,
	.addr_filters_validate_event = ia64_pmu_qual_filters_validate_event,
	.addr_filters_sync = ia64_pmu_qual_filters_sync,
	.attr_groups	= ia64_pmu_attr_groups,
};

/*
 * Bring this CPU's PMU to rest: frozen, no overflow bit, every generic
 * monitor stopped, the other PMCs at the values the model gives them
 * (the qualification registers as PAL leaves them at reset, [ITA-RM]
 * §6.2.9, so that a kexec or an earlier user cannot restrict events),
 * PSR.pp clear: the CPU is not monitored.
 *
 * It runs in the CPUHP_AP_PERF_IA64_STARTING state, on the CPU with
 * interrupts off: on the way up before the perf core accepts events for
 * the CPU, on the way down after the core removed them, so it never
 * touches a live event.
 */
static int ia64_pmu_cpu_reset(unsigned int cpu)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	const struct ia64_pmu_model *model = ia64_pmu_model;
	unsigned int i;

	ia64_pmu_write_pmc(0, IA64_PMC0_FR);
	for (i = 1; i < model->nr_ovfl_regs; i++)
		ia64_pmu_write_pmc(i, 0);
	for (i = 0; i < IA64_PMU_MAX_COUNTERS; i++)
		ia64_pmu_write_ctr_pmc(IA64_PMU_FIRST_COUNTER + i,
				       IA64_PMC_IDLE);
	for (i = 0; i < model->nr_reset_pmcs; i++) {
		ia64_pmu_write_pmc(model->reset_pmcs[i].pmc,
				   model->reset_pmcs[i].val);
		if (model->reset_pmcs[i].pmc == IA64_BTB_PMC)
			ia64_pmu_btb_cpu_reset(cpuc, model->reset_pmcs[i].val);
		ia64_pmu_ear_cpu_reset(cpuc, model->reset_pmcs[i].pmc,
				       model->reset_pmcs[i].val);
		ia64_pmu_qual_cpu_reset(cpuc, model->reset_pmcs[i].pmc,
					model->reset_pmcs[i].val);
	}
	ia64_pmu_srlz();
	ia64_pmu_psr_pp(false);
	cpuc->monitored = false;
	cpuc->pmc0_valid = false;
	cpuc->stale_ctrs = 0;
	memset(cpuc->ctr_owner, 0, sizeof(cpuc->ctr_owner));
	ia64_pmu_watchdog_stop(cpuc);
	return 0;
}

static int __init ia64_pmu_init(void)
{
	const struct ia64_pmu_model *model;
	unsigned int cpu;
	int ret;

	/* Probe on one CPU: the PMU of every CPU is of the same model */
	preempt_disable();
	model = ia64_pmu_find_model();
	ret = model ? ia64_pmu_check_pal(model) : -ENODEV;
	preempt_enable();
	if (ret)
		return ret;

	ia64_pmu_model = model;
	if (!ia64_pmu_has(IA64_PMU_F_QUAL))
		ia64_pmu.nr_addr_filters = 0;
	ia64_pmu_cnt_mask = GENMASK_ULL(model->width - 1, 0);
	ia64_pmu_max_period = ia64_pmu_cnt_mask >> 1;
	ret = ia64_pmu_build_events(model);
	if (ret)
		return ret;
	ret = ia64_pmu_ctxsw_init(&ia64_pmu, model);
	if (ret)
		goto err_events;

	for_each_possible_cpu(cpu)
		ia64_pmu_watchdog_init(per_cpu_ptr(&ia64_pmu_cpu, cpu));
	ret = cpuhp_setup_state(CPUHP_AP_PERF_IA64_STARTING,
				"perf/ia64_pmu:starting", ia64_pmu_cpu_reset,
				ia64_pmu_cpu_reset);
	if (ret)
		goto err_ctxsw;

	ret = ia64_pmu_request_irq(ia64_pmu_isr);
	if (ret) {
		pr_err("cannot get the PMU interrupt: %d\n", ret);
		goto err_hp;
	}

	ret = perf_pmu_register(&ia64_pmu, "cpu", PERF_TYPE_RAW);
	if (ret) {
		pr_err("cannot register PMU: %d\n", ret);
		goto err_irq;
	}
	pr_info("%s PMU, %u counters of %u bits, %u events\n", model->name,
		model->nr_generic, model->width, model->nr_events);
	return 0;

err_irq:
	ia64_pmu_free_irq();
err_hp:
	cpuhp_remove_state(CPUHP_AP_PERF_IA64_STARTING);
err_ctxsw:
	ia64_pmu_ctxsw_exit(&ia64_pmu);
err_events:
	ia64_pmu_free_events();
	return ret;
}
module_init(ia64_pmu_init);

static void __exit ia64_pmu_exit(void)
{
	unsigned int cpu;

	perf_pmu_unregister(&ia64_pmu);
	ia64_pmu_ctxsw_exit(&ia64_pmu);
	ia64_pmu_free_irq();
	cpuhp_remove_state(CPUHP_AP_PERF_IA64_STARTING);
	for_each_possible_cpu(cpu)
		hrtimer_cancel(&per_cpu_ptr(&ia64_pmu_cpu, cpu)->watchdog);
	ia64_pmu_free_events();
}
module_exit(ia64_pmu_exit);

MODULE_DESCRIPTION("perf_events driver for the Intel Itanium PMU");
MODULE_LICENSE("GPL");
