// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium PMU driver: event_init. A raw event is a PMC4.. image checked
 * against the CPU model's event table ([ITA-RM] §7.8: event select,
 * unit mask, threshold of Table 6-6, ism; the generic model, which has
 * no list, takes any code: ia64_pmu_generic.c); PERF_TYPE_HARDWARE and
 * PERF_TYPE_HW_CACHE are mapped to the events the model names for them.
 * The features an event asks for (BTB, EARs, qualification) are checked
 * by their files, and a group must fit on an empty PMU.
 */

#include <linux/perf_event.h>
#include <linux/string.h>
#include <uapi/linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_compat.h"

/* A generic event: the model's event of that name, as a config */
int ia64_pmu_generic(const char *name, u64 *config)
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
	if (!ia64_pmu_model->cache_events)
		return -EOPNOTSUPP;
	return ia64_pmu_generic(ia64_pmu_model->cache_events[type][op][result],
				config);
}

/*
 * The event a raw (es, umask) counts: the first table line of that event
 * code whose selection kind takes the umask ([ITA-RM] §7.8: don't-care
 * bits, bus initiators of Table 7-22, TAG_SELECT of Table 7-30, the bit
 * sets of Tables 7-29, 7-31 and 7-32), or if none does the model's line
 * for codes outside its list (the generic model's), or NULL.
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
	return model->raw_any;
}

/*
 * Does event @ev, selected by the PMC4.. image @config, count what the
 * task did not cause (the admin guide's "Events that see other agents")?
 * Other bus agents' transactions, inbound snoops and the bus's queues
 * always (IA64_PRIV_OTHERS, or a bus event whose raw umask names the ANY
 * or IO initiator); the events that count both threads of a core while
 * it runs two (IA64_PRIV_SIBLING). Counts of time alone are the same
 * whatever the others do, and are not marked.
 */
static bool ia64_pmu_sees_others(const struct ia64_pmu_event *ev, u64 config)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	u8 umask = (config & IA64_PMU_CFG_UMASK_MASK) >>
		   IA64_PMU_CFG_UMASK_SHIFT;
	unsigned int priv = 0;

	if (model->priv && ev != model->raw_any)
		priv = model->priv[ev - model->events];
	if (ia64_pmu_umask_others(ev->sel, umask))
		priv |= IA64_PRIV_OTHERS;
	return (priv & IA64_PRIV_OTHERS) ||
	       ((priv & IA64_PRIV_SIBLING) && ia64_pmu_threads > 1);
}

/*
 * Check a PMC4.. image from the user and return the counters that can
 * take it, or a negative errno.
 */
static int ia64_pmu_check_config(u64 config,
				 const struct ia64_pmu_event **evp)
{
	const struct ia64_pmu_event *ev;
	unsigned int thres, ism;
	unsigned int counters;

	if (config & ~ia64_pmu_model->raw_valid)
		return -EINVAL;
	ev = ia64_pmu_lookup(config);
	if (!ev)
		return -EINVAL;
	*evp = ev;

	/* a MESI filter only on the events that take one (Montecito) */
	if ((config & ia64_pmu_model->mesi_mask) && !(ev->qual & IA64_Q_MESI))
		return -EINVAL;

	/*
	 * the thread bit on an event of no thread (Montecito's causal
	 * events): it would select nothing
	 */
	if ((config & ia64_pmu_model->thread_all) &&
	    ia64_pmu_model->thread_types && ev != ia64_pmu_model->raw_any &&
	    ia64_pmu_model->thread_types[ev - ia64_pmu_model->events] ==
	    IA64_CAF_CAUSAL)
		return -EINVAL;

	/* ism 0b11 excludes both instruction sets: it would count nothing */
	ism = (config & IA64_PMU_CFG_ISM_MASK) >> IA64_PMU_CFG_ISM_SHIFT;
	if (ism == 0x3)
		return -EINVAL;

	/* A threshold is compared with the per-cycle increment (Table 6-6) */
	thres = (config & IA64_PMU_CFG_THRES_MASK) >> IA64_PMU_CFG_THRES_SHIFT;
	if (thres && ev->max_inc != IA64_PMU_INC_UNKNOWN &&
	    thres >= ev->max_inc)
		return -EINVAL;

	counters = ev->counters;
	if (thres > ia64_pmu_model->thres_max_67)
		counters &= IA64_CTR_45;
	return counters ? counters : -EINVAL;
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
		if (n == ia64_pmu_model->nr_generic)
			return -EINVAL;
		events[n++] = sibling;
	}
	if (n == ia64_pmu_model->nr_generic)
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

int ia64_pmu_event_init(struct perf_event *event)
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
		/* elsewhere these bits are the PMC's, or reserved */
		if (ia64_pmu_opc_mid())
			config &= ~IA64_PMU_CFG_OPC_MATCH_MID_MASK;
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
	/*
	 * A MESI filter of 0 asks for every state: the counter counts the
	 * states whose bits are set, so all four ([PFM-MONT])
	 */
	if ((ev->qual & IA64_Q_MESI) && !(config & ia64_pmu_model->mesi_mask))
		config |= ia64_pmu_model->mesi_mask;
	/*
	 * Counting both threads of the core shows what other tasks do:
	 * the privilege of a CPU-wide event, as x86's any-thread bit; so
	 * for the bits the driver cannot know the meaning of, and for the
	 * events that count other agents, as x86's uncore events (EACCES).
	 * A CPU-wide event has that privilege already.
	 */
	if ((config & (ia64_pmu_model->thread_all |
		       ia64_pmu_model->raw_priv)) ||
	    ia64_pmu_sees_others(ev, config)) {
		ret = ia64_pmu_allow_cpu(attr);
		if (ret)
			return ret;
	}
	/*
	 * Erratum 121: with two threads per core, the overflow of some
	 * counters cannot be relied on; every event needs it, a counting
	 * one to extend its count. An event with no other counter is not
	 * supported then.
	 */
	if (ia64_pmu_threads > 1 && ia64_pmu_model->mt_counters) {
		counters &= ia64_pmu_model->mt_counters;
		if (!counters)
			return -EOPNOTSUPP;
	}

	/* exclude_hv: Linux on Itanium runs no code at privilege 1 or 2 */
	plm = (attr->exclude_user ? 0 : IA64_PMC_PLM_USER) |
	      (attr->exclude_kernel ? 0 : IA64_PMC_PLM_KERNEL);
	if (!plm)
		return -EINVAL;
	ret = ia64_pmu_ear_init(event, config, plm);
	if (ret)
		return ret;
	if (has_branch_stack(event) || event->hw.extra_reg.reg) {
		ret = ia64_pmu_ctxsw_event_init(event);
		if (ret)
			return ret;
	}

	/*
	 * Privileged monitor: user code cannot stop it with rum, nor read
	 * it; but an event its task reads itself (ia64_pmu_uread.c)
	 */
	hwc->config = config | plm | IA64_PMC_PM | IA64_PMC_OI;
	hwc->event_base = counters;
	hwc->idx = -1;
	hwc->flags = 0;
	ia64_pmu_uread_init(event);
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
