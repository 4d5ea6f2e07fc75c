// SPDX-License-Identifier: GPL-2.0
/*
 * The event address registers ([ITA-RM] §6.2.7) as perf memory samples:
 * perf mem, perf record -d -W. The registers named here are those of the
 * Itanium and Itanium 2; the model's struct ia64_ear_layout has them.
 *
 * The data EAR (PMC11) captures one L1D load miss over a latency
 * threshold (cache mode) or one L1 DTLB miss (TLB mode): the data address
 * (PMD2), the latency or the TLB level (PMD3) and the instruction
 * (PMD17). The instruction EAR (PMC10) captures one L1I miss over a
 * threshold, or one ITLB miss: the cache line (PMD0) and the latency
 * (PMD1). Neither raises an interrupt of its own: an event with
 * config1.ear samples, at its overflow interrupt with the PMU frozen, the
 * capture its EAR holds, read once per interrupt and then invalidated
 * (the valid bit cleared) so that no later sample repeats it. Sampling
 * the EAR's capture event (DATA_EAR_EVENTS, events/mem-loads, or
 * INSTRUCTION_EAR_EVENTS) makes every sample's capture the one that
 * overflowed the counter. A sample without a valid capture is a plain
 * sample.
 *
 * One EAR of each kind per CPU: the events on a CPU must agree on its
 * PMC; -EBUSY for a group that disagrees with itself, -EAGAIN at add()
 * so that perf multiplexes. The same for the Itanium 2's D-EAR in TLB or
 * ALAT mode and the BTB, which it needs off (struct ia64_ear_layout
 * dear_btb_off): PMC12 is 0 while it captures; an event asking for both
 * is refused (-EINVAL). The Montecito's IP-EAR, which uses the buffer
 * with PMC39 at rest, may count beside it: PMC39 is then 0. The EARs' PMDs are per-task state
 * (ia64_pmu_ctxsw.c).
 */

#include <linux/bits.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_ear.h"

/* The registers of EAR @unit, in the model's layout */
static const struct ia64_ear_regs *ia64_pmu_ear_regs(unsigned int unit)
{
	const struct ia64_ear_layout *l = ia64_pmu_model->ear;

	return unit == IA64_PMU_DEAR ? &l->dear_regs : &l->iear_regs;
}

/* The PMC of EAR @unit capturing nothing */
static u64 ia64_pmu_ear_rest(unsigned int unit)
{
	const struct ia64_ear_layout *l = ia64_pmu_model->ear;

	return unit == IA64_PMU_DEAR ? IA64_PMC11_REST | l->dear_pt :
				       l->iear_rest;
}

/* The valid bits of EAR @unit's pmd[valid] */
static u64 ia64_pmu_ear_valid(unsigned int unit)
{
	const struct ia64_ear_layout *l = ia64_pmu_model->ear;

	return unit == IA64_PMU_DEAR ? l->pmd17_valid : l->pmd0_valid;
}

/* Has an event of the CPU an EAR? */
static bool ia64_pmu_ear_used(const struct ia64_pmu_cpu *cpuc)
{
	return cpuc->ear[IA64_PMU_DEAR].users || cpuc->ear[IA64_PMU_IEAR].users;
}

static u64 ia64_pmu_ear_pmds(unsigned int unit)
{
	const struct ia64_ear_regs *r = ia64_pmu_ear_regs(unit);
	u64 mask = 0;
	unsigned int i;

	for (i = 0; i < r->nr_pmds; i++)
		mask |= BIT_ULL(r->pmd[i]);
	return mask;
}

/*
 * The EAR of @event (IA64_PMU_DEAR, IA64_PMU_IEAR), or -1; extra_reg.reg
 * is 0 for an event without one (PMC0 is no EAR's)
 */
static int ia64_pmu_ear_of(struct perf_event *event)
{
	unsigned int reg = event->hw.extra_reg.reg;

	if (!reg)
		return -1;
	if (reg == ia64_pmu_ear_regs(IA64_PMU_DEAR)->pmc)
		return IA64_PMU_DEAR;
	if (reg == ia64_pmu_ear_regs(IA64_PMU_IEAR)->pmc)
		return IA64_PMU_IEAR;
	return -1;
}

/* A D-EAR setting @pmc11 that needs PMC12 = 0 (the BTB off) */
static bool ia64_pmu_dear_stops_btb(u64 pmc11)
{
	return ia64_pmu_model->ear->dear_btb_off &&
	       (pmc11 & IA64_PMC11_MODE_MASK);
}

/*
 * Does @event's branch stack need the buffer in branch mode? An IP-EAR
 * stack (ia64_ipear_unit()) does not: libpfm checks the IP-EAR against
 * the ETB only, and writes PMC39 = 0 for a D-EAR TLB or ALAT mode beside
 * it ([PFM-MONT])
 */
static bool ia64_pmu_event_needs_btb(struct perf_event *event)
{
	return has_branch_stack(event) &&
	       !ia64_ipear_unit(event->hw.branch_reg.config);
}

static bool ia64_pmu_ear_event_stops_btb(struct perf_event *event)
{
	return ia64_pmu_ear_of(event) == IA64_PMU_DEAR &&
	       ia64_pmu_dear_stops_btb(event->hw.extra_reg.config);
}

/* The D-EAR of the CPU's events needs PMC12 = 0 */
bool ia64_pmu_ear_stops_btb(const struct ia64_pmu_cpu *cpuc)
{
	const struct ia64_pmu_unit *u = &cpuc->ear[IA64_PMU_DEAR];

	return ia64_pmu_has(IA64_PMU_F_EAR) && u->users &&
	       ia64_pmu_dear_stops_btb(u->pmc);
}

/*
 * event_init: the PMC image of an event with config1, in extra_reg;
 * @config is the event's PMC image (for its ism), @plm its plm
 */
int ia64_pmu_ear_init(struct perf_event *event, u64 config, u64 plm)
{
	struct perf_event_attr *attr = &event->attr;
	u64 config1 = attr->config1 & IA64_PMU_CFG1_EAR_BITS;
	bool data = (config1 & IA64_PMU_CFG1_EAR_MASK) ==
		    IA64_PMU_CFG1_EAR_DATA;
	long long pmc;

	event->hw.extra_reg.reg = 0;
	/*
	 * with ipear, the latency bits are the IP-EAR's (ia64_pmu_btb.c);
	 * with no EAR, opc_care_mid's (ia64_pmu_qual.c)
	 */
	if (!(config1 & IA64_PMU_CFG1_EAR_MASK))
		config1 &= ~IA64_PMU_CFG1_OPC_CARE_MID_MASK;
	if (!config1 || (attr->config1 & IA64_PMU_CFG1_IPEAR))
		return attr->precise_ip ? -EOPNOTSUPP : 0;
	if (!ia64_pmu_has(IA64_PMU_F_EAR))
		return -EOPNOTSUPP;
	pmc = ia64_ear_pmc(ia64_pmu_model->ear, config1, plm,
			   (config & IA64_PMU_CFG_ISM_MASK) >>
			   IA64_PMU_CFG_ISM_SHIFT);
	if (pmc < 0)
		return pmc;
	if (!is_sampling_event(event))
		return -EINVAL;		/* a capture goes with a sample */
	/*
	 * The D-EAR's instruction is exact (not every sample has one); the
	 * I-EAR gives a cache line, no instruction
	 */
	if (attr->precise_ip > (data ? IA64_PMU_MAX_PRECISE : 0))
		return -EOPNOTSUPP;
	/* a branch stack needs the BTB this D-EAR mode needs off */
	if (data && has_branch_stack(event) && ia64_pmu_dear_stops_btb(pmc))
		return -EINVAL;
	event->hw.extra_reg.reg = ia64_pmu_ear_regs(data ? IA64_PMU_DEAR :
						    IA64_PMU_IEAR)->pmc;
	event->hw.extra_reg.config = pmc;
	return 0;
}

/* A group whose events need different settings of one EAR: -EBUSY */
int ia64_pmu_ear_validate_group(struct perf_event **events, int n)
{
	u64 pmc[IA64_PMU_NR_EARS] = { };
	bool stops_btb = false, btb = false;
	int i, unit;

	for (i = 0; i < n; i++) {
		stops_btb |= ia64_pmu_ear_event_stops_btb(events[i]);
		btb |= ia64_pmu_event_needs_btb(events[i]);
		if (stops_btb && btb)
			return -EBUSY;
		unit = ia64_pmu_ear_of(events[i]);
		if (unit >= 0 &&
		    !ia64_pmu_unit_agrees(&pmc[unit],
					  events[i]->hw.extra_reg.config))
			return -EBUSY;
	}
	return 0;
}

int ia64_pmu_ear_add(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	int unit = ia64_pmu_ear_of(event);

	if (unit < 0)
		return 0;
	if (cpuc->btb.users && !ia64_ipear_unit(cpuc->btb.pmc) &&
	    ia64_pmu_ear_event_stops_btb(event))
		return -EAGAIN;
	return ia64_pmu_unit_get(cpuc, &cpuc->ear[unit], event,
				 event->hw.extra_reg.config,
				 ia64_pmu_ear_pmds(unit));
}

void ia64_pmu_ear_del(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	int unit = ia64_pmu_ear_of(event);

	if (unit >= 0)
		ia64_pmu_unit_put(cpuc, &cpuc->ear[unit], event,
				  ia64_pmu_ear_pmds(unit));
}

/* The EAR PMCs to what the CPU's events need, or to rest; before PMDs */
void ia64_pmu_ear_program_pmc(struct ia64_pmu_cpu *cpuc)
{
	struct ia64_pmu_unit *u;
	unsigned int unit;
	u64 want;

	if (!ia64_pmu_has(IA64_PMU_F_EAR))
		return;
	/* as at rest as it gets: the same again while nothing changes */
	cpuc->ear_rest = !ia64_pmu_ear_used(cpuc) && cpuc->qual.idle;
	for (unit = 0; unit < IA64_PMU_NR_EARS; unit++) {
		u = &cpuc->ear[unit];
		want = u->users ? u->pmc : ia64_pmu_ear_rest(unit);
		/* at rest already: nothing captured (any plm) */
		if (!u->users && (u->hw & ~IA64_PMC11_PT) ==
				 (u->reset & ~IA64_PMC11_PT))
			want = u->reset;
		/* Itanium PMC11.pt: the data range of ia64_pmu_qual.c */
		if (unit == IA64_PMU_DEAR && ia64_pmu_model->ear->dear_pt)
			want = ia64_pmu_qual_pmc11(cpuc, want);
		ia64_pmu_unit_write(u, ia64_pmu_ear_regs(unit)->pmc, want);
	}
}

/* pmu_enable, PMU not running: the PMCs, no capture for a new owner */
void ia64_pmu_ear_program(struct ia64_pmu_cpu *cpuc)
{
	const struct ia64_ear_regs *r;
	unsigned int unit;
	u64 pmds;

	/*
	 * No EAR event, none when the PMCs were last written, and no data
	 * range then or now (qual.idle: PMC11.pt is the same): they hold
	 * what they would be given. Most context switches take this path.
	 */
	if (cpuc->ear_rest && cpuc->qual.idle && !ia64_pmu_ear_used(cpuc)) {
		if (!cpuc->ctx_fresh)
			return;
		for (unit = 0; unit < IA64_PMU_NR_EARS; unit++)
			cpuc->ctx_fresh &= ~ia64_pmu_ear_pmds(unit);
		return;
	}
	ia64_pmu_ear_program_pmc(cpuc);
	for (unit = 0; unit < IA64_PMU_NR_EARS; unit++) {
		pmds = ia64_pmu_ear_pmds(unit);
		if (!(cpuc->ctx_fresh & pmds))
			continue;
		/* the valid bit cleared: nothing captured */
		r = ia64_pmu_ear_regs(unit);
		if (cpuc->ear[unit].users)
			ia64_pmu_write_pmd(r->pmd[r->valid], 0);
		cpuc->ctx_fresh &= ~pmds;
	}
}

/*
 * Attach the capture of @event's EAR to its sample (PMU frozen, in the
 * interrupt): address, latency and data source. Returns the instruction
 * (bundle + slot) to make the sample's exact IP, for the D-EAR with
 * precise_ip, else 0.
 */
u64 ia64_pmu_ear_sample(struct ia64_pmu_cpu *cpuc, struct perf_event *event,
			struct perf_sample_data *data)
{
	int unit = ia64_pmu_ear_of(event);
	const struct ia64_ear_regs *r = ia64_pmu_ear_regs(unit);
	struct ia64_pmu_unit *u = &cpuc->ear[unit];
	u64 *raw = cpuc->ear_raw[unit];
	u64 pmc = event->hw.extra_reg.config;
	struct ia64_ear_data d;
	unsigned int i;
	bool valid;

	if (!u->read) {
		for (i = 0; i < r->nr_pmds; i++)
			raw[i] = ia64_pmu_read_pmd(r->pmd[i]);
		u->read = true;
	}
	if (unit == IA64_PMU_DEAR)
		valid = ia64_dear_decode(ia64_pmu_model->ear, pmc, raw[0],
					 raw[1], raw[2], &d);
	else
		valid = ia64_iear_decode(ia64_pmu_model->ear, pmc, raw[0],
					 raw[1], &d);
	if (!valid)
		return 0;
	data->addr = d.addr;
	data->sample_flags |= PERF_SAMPLE_ADDR;
	data->weight.full = d.weight;
	data->sample_flags |= PERF_SAMPLE_WEIGHT_TYPE;
	data->data_src.val = d.data_src;
	data->sample_flags |= PERF_SAMPLE_DATA_SRC;
	return event->attr.precise_ip ? d.ip : 0;
}

/* End of an interrupt: a capture that was read is not reported again */
void ia64_pmu_ear_sampled(struct ia64_pmu_cpu *cpuc)
{
	const struct ia64_ear_regs *r;
	struct ia64_pmu_unit *u;
	unsigned int unit;

	for (unit = 0; unit < IA64_PMU_NR_EARS; unit++) {
		r = ia64_pmu_ear_regs(unit);
		u = &cpuc->ear[unit];
		if (!u->read)
			continue;
		if (cpuc->ear_raw[unit][r->valid] & ia64_pmu_ear_valid(unit))
			ia64_pmu_write_pmd(r->pmd[r->valid], 0);
		u->read = false;
	}
}

/* CPU bring-up wrote the reset value @val to EAR PMC @pmc */
void ia64_pmu_ear_cpu_reset(struct ia64_pmu_cpu *cpuc, unsigned int pmc,
			    u64 val)
{
	unsigned int unit;

	if (!ia64_pmu_model->ear)
		return;
	for (unit = 0; unit < IA64_PMU_NR_EARS; unit++)
		if (ia64_pmu_ear_regs(unit)->pmc == pmc)
			ia64_pmu_unit_reset(&cpuc->ear[unit], val);
	cpuc->ear_rest = false;
}
