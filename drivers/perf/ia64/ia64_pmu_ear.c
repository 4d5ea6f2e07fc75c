// SPDX-License-Identifier: GPL-2.0
/*
 * The data event address register ([ITA-RM] §6.2.7.4-6.2.7.6) as perf
 * memory samples: perf mem, perf record -d -W.
 *
 * The D-EAR captures one L1D load miss over a latency threshold (cache
 * mode) or one L1 DTLB miss (TLB mode): the data address (PMD2), the
 * latency or the TLB level (PMD3) and the instruction (PMD17). It raises
 * no interrupt of its own: an event with config1.ear = 1 samples, at its
 * overflow interrupt with the PMU frozen, the capture the D-EAR holds,
 * read once per interrupt and then invalidated (PMD17.v = 0) so that no
 * later sample repeats it. Sampling the capture event DATA_EAR_EVENTS
 * (events/mem-loads) makes every sample's capture the one that overflowed
 * the counter. A sample without a valid capture is a plain sample.
 *
 * One D-EAR per CPU: the events on a CPU must agree on PMC11; -EBUSY for
 * a group that disagrees with itself, -EAGAIN at add() so that perf
 * multiplexes. Its PMDs are per-task state (ia64_pmu_ctxsw.c).
 */

#include <linux/bits.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_ear.h"

#define IA64_DEAR_PMDS	(BIT_ULL(IA64_DEAR_PMD_ADDR) | \
			 BIT_ULL(IA64_DEAR_PMD_LAT) | \
			 BIT_ULL(IA64_DEAR_PMD_IP))

static bool ia64_pmu_has_ear(struct perf_event *event)
{
	return event->hw.extra_reg.reg == IA64_DEAR_PMC;
}

/*
 * event_init: the PMC11 image of an event with config1, in extra_reg;
 * @config is the event's PMC image (for its ism), @plm its plm
 */
int ia64_pmu_ear_init(struct perf_event *event, u64 config, u64 plm)
{
	struct perf_event_attr *attr = &event->attr;
	long long pmc11;

	event->hw.extra_reg.reg = 0;
	if (!attr->config1)
		return attr->precise_ip ? -EOPNOTSUPP : 0;
	pmc11 = ia64_dear_pmc11(attr->config1, plm,
				(config & IA64_PMU_CFG_ISM_MASK) >>
				IA64_PMU_CFG_ISM_SHIFT);
	if (pmc11 < 0)
		return pmc11;
	if (!is_sampling_event(event))
		return -EINVAL;		/* a capture goes with a sample */
	/* the capture's instruction is exact; not every sample has one */
	if (attr->precise_ip > IA64_PMU_MAX_PRECISE)
		return -EOPNOTSUPP;
	event->hw.extra_reg.reg = IA64_DEAR_PMC;
	event->hw.extra_reg.config = pmc11;
	return 0;
}

/* A group whose EAR events need different PMC11 settings: -EBUSY */
int ia64_pmu_ear_validate_group(struct perf_event **events, int n)
{
	u64 pmc11 = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (!ia64_pmu_has_ear(events[i]))
			continue;
		if (pmc11 && events[i]->hw.extra_reg.config != pmc11)
			return -EBUSY;
		pmc11 = events[i]->hw.extra_reg.config;
	}
	return 0;
}

int ia64_pmu_ear_add(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	u64 pmc11 = event->hw.extra_reg.config;

	if (!ia64_pmu_has_ear(event))
		return 0;
	if (cpuc->dear_users && cpuc->dear_pmc11 != pmc11)
		return -EAGAIN;
	if (!cpuc->dear_users++) {
		cpuc->dear_pmc11 = pmc11;
		cpuc->ctx_pmds |= IA64_DEAR_PMDS;
		cpuc->ctx_fresh |= IA64_DEAR_PMDS;
	}
	perf_sched_cb_inc(event->pmu);
	return 0;
}

void ia64_pmu_ear_del(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	if (!ia64_pmu_has_ear(event))
		return;
	perf_sched_cb_dec(event->pmu);
	if (!--cpuc->dear_users)
		cpuc->ctx_pmds &= ~IA64_DEAR_PMDS;
}

/* PMC11 to what the CPU's events need, or to rest; before its PMDs */
void ia64_pmu_ear_program_pmc(struct ia64_pmu_cpu *cpuc)
{
	u64 want = cpuc->dear_users ? cpuc->dear_pmc11 : IA64_PMC11_IDLE;

	/* at rest already: nothing captured (any plm) */
	if (!cpuc->dear_users && cpuc->dear_hw == cpuc->dear_reset)
		return;
	if (cpuc->dear_hw != want) {
		ia64_pmu_write_pmc(IA64_DEAR_PMC, want);
		cpuc->dear_hw = want;
	}
}

/* pmu_enable, PMU not running: PMC11, and no capture for a new owner */
void ia64_pmu_ear_program(struct ia64_pmu_cpu *cpuc)
{
	ia64_pmu_ear_program_pmc(cpuc);
	if (cpuc->ctx_fresh & IA64_DEAR_PMDS) {
		if (cpuc->dear_users)	/* PMD17.v = 0: nothing captured */
			ia64_pmu_write_pmd(IA64_DEAR_PMD_IP, 0);
		cpuc->ctx_fresh &= ~IA64_DEAR_PMDS;
	}
}

/*
 * Attach the D-EAR's capture to @event's sample (PMU frozen, in the
 * interrupt): address, latency and data source, and the instruction as
 * the sample's exact IP in @regs.
 */
void ia64_pmu_ear_sample(struct ia64_pmu_cpu *cpuc, struct perf_event *event,
			 struct perf_sample_data *data, struct pt_regs *regs)
{
	struct ia64_ear_data d;

	if (!cpuc->dear_read) {
		cpuc->dear_raw[0] = ia64_pmu_read_pmd(IA64_DEAR_PMD_ADDR);
		cpuc->dear_raw[1] = ia64_pmu_read_pmd(IA64_DEAR_PMD_LAT);
		cpuc->dear_raw[2] = ia64_pmu_read_pmd(IA64_DEAR_PMD_IP);
		cpuc->dear_read = true;
	}
	if (!ia64_dear_decode(event->hw.extra_reg.config, cpuc->dear_raw[0],
			      cpuc->dear_raw[1], cpuc->dear_raw[2], &d))
		return;
	data->addr = d.addr;
	data->sample_flags |= PERF_SAMPLE_ADDR;
	data->weight.full = d.weight;
	data->sample_flags |= PERF_SAMPLE_WEIGHT_TYPE;
	data->data_src.val = d.data_src;
	data->sample_flags |= PERF_SAMPLE_DATA_SRC;
	if (event->attr.precise_ip)
		ia64_pmu_set_exact_ip(regs, d.ip);
}

/* End of an interrupt: a capture that was read is not reported again */
void ia64_pmu_ear_sampled(struct ia64_pmu_cpu *cpuc)
{
	if (!cpuc->dear_read)
		return;
	if (cpuc->dear_raw[2] & 0x1)
		ia64_pmu_write_pmd(IA64_DEAR_PMD_IP, 0);
	cpuc->dear_read = false;
}

/* CPU bring-up wrote PMC11's reset value */
void ia64_pmu_ear_cpu_reset(struct ia64_pmu_cpu *cpuc, u64 pmc11)
{
	cpuc->dear_hw = pmc11;
	cpuc->dear_reset = pmc11;
	cpuc->dear_read = false;
}
