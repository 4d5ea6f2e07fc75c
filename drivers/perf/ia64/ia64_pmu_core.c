// SPDX-License-Identifier: GPL-2.0
/*
 * perf_events driver for the Intel Itanium (IA-64) performance monitoring
 * unit: probe, registration and sysfs.
 *
 * The PMU is reached only through the hardware-access layer of
 * <linux/perf/ia64_pmu.h>: the arch intrinsics on Itanium, the software
 * model of drivers/perf/ia64/sim elsewhere.
 *
 * The rest of the driver core: event_init in ia64_pmu_event.c, counter
 * scheduling and transactions in ia64_pmu_sched.c, the pmu callbacks
 * (add/del/start/stop/read/enable/disable) in ia64_pmu_ops.c and the
 * overflow interrupt in ia64_pmu_isr.c.
 */

#define pr_fmt(fmt) "ia64_pmu: " fmt

#include <linux/bitops.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/sysfs.h>
#include <uapi/linux/perf/ia64_pmu.h>

#include <asm/irq_regs.h>

#include "ia64_pmu.h"
#include "ia64_pmu_compat.h"
#include "ia64_pmu_range.h"

static const struct ia64_pmu_model *ia64_pmu_models[] = {
	&ia64_pmu_merced,
	&ia64_pmu_itanium2,
	&ia64_pmu_montecito,
};

/* The CPU model found at probe: every CPU's PMU is of this model */
const struct ia64_pmu_model *ia64_pmu_model;

DEFINE_PER_CPU(struct ia64_pmu_cpu, ia64_pmu_cpu);

unsigned int ia64_pmu_threads;
u64 ia64_pmu_cnt_mask;	/* implemented counter bits (PAL_WIDTH) */
u64 ia64_pmu_max_period;
u64 ia64_pmu_ovfl_mask;	/* IA64_PMC0_OVFL() of every counter */

/*
 * Write counter PMC @idx (4..) with the bits the CPU model wants in every
 * write of it: the Itanium 2's PMC4 power-enable bit 23, without which
 * no counter counts. A PMC holds what the driver last wrote to it, so a
 * write of the value it holds is left out: e.g. two tasks counting the
 * same events switch counters without writing their PMCs.
 */
void ia64_pmu_write_ctr_pmc(unsigned int idx, u64 val)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	unsigned int i = idx - IA64_PMU_FIRST_COUNTER;

	val |= ia64_pmu_model->ctr_pmc_set[i];
	if ((cpuc->ctr_pmc_known & IA64_CTR(idx)) && cpuc->ctr_pmc[i] == val)
		return;
	ia64_pmu_write_pmc(idx, val);
	cpuc->ctr_pmc[i] = val;
	cpuc->ctr_pmc_known |= IA64_CTR(idx);
	if (val & IA64_PMC_PM)
		cpuc->user_ctrs &= ~IA64_CTR(idx);
	else
		cpuc->user_ctrs |= IA64_CTR(idx);
}

/*
 * Stop counter @idx, which holds @config (or nothing: ia64_pmu_idle()).
 * Where stopping loses the PMD, the lazy reload forgets what it held.
 */
void ia64_pmu_write_stopped(struct ia64_pmu_cpu *cpuc, unsigned int idx,
			    u64 config)
{
	ia64_pmu_write_ctr_pmc(idx, ia64_pmu_stopped(config));
	if (ia64_pmu_model->stop_loses_pmd)
		cpuc->ctr_owner[idx - IA64_PMU_FIRST_COUNTER] = 0;
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
PMU_FORMAT_ATTR(all, "config:26");
PMU_FORMAT_ATTR(mesi, "config:27-30");
PMU_FORMAT_ATTR(br_mispred, "config:32");
PMU_FORMAT_ATTR(ear, "config1:0-1");
PMU_FORMAT_ATTR(ear_tlb, "config1:2");
PMU_FORMAT_ATTR(ear_alat, "config1:3");
PMU_FORMAT_ATTR(ear_tlbmask, "config1:4-7");
PMU_FORMAT_ATTR(ldlat, "config1:8-23");
PMU_FORMAT_ATTR(opc_match, "config:33-59");
PMU_FORMAT_ATTR(opc_care, "config1:24-50");
PMU_FORMAT_ATTR(opc_match_mid, "config:0-7,23,31,60-63");
PMU_FORMAT_ATTR(opc_care_mid, "config1:8-21");
PMU_FORMAT_ATTR(opc_b, "config1:51");
PMU_FORMAT_ATTR(opc_f, "config1:52");
PMU_FORMAT_ATTR(opc_i, "config1:53");
PMU_FORMAT_ATTR(opc_m, "config1:54");
PMU_FORMAT_ATTR(irange_approx, "config1:55");
PMU_FORMAT_ATTR(irange_inv, "config1:56");
PMU_FORMAT_ATTR(ipear, "config1:63");
PMU_FORMAT_ATTR(ipear_delay, "config1:8-23");
PMU_FORMAT_ATTR(ibrp_dual, "config1:57-58");
PMU_FORMAT_ATTR(drange, "config2:0-63");

static struct attribute *ia64_pmu_format_attrs[] = {
	&format_attr_event.attr,
	&format_attr_umask.attr,
	&format_attr_thres.attr,
	&format_attr_ism.attr,
	&format_attr_all.attr,
	&format_attr_mesi.attr,
	&format_attr_br_mispred.attr,
	&format_attr_ear.attr,
	&format_attr_ear_tlb.attr,
	&format_attr_ear_alat.attr,
	&format_attr_ear_tlbmask.attr,
	&format_attr_ldlat.attr,
	&format_attr_opc_match.attr,
	&format_attr_opc_care.attr,
	&format_attr_opc_match_mid.attr,
	&format_attr_opc_care_mid.attr,
	&format_attr_opc_b.attr,
	&format_attr_opc_f.attr,
	&format_attr_opc_i.attr,
	&format_attr_opc_m.attr,
	&format_attr_irange_approx.attr,
	&format_attr_irange_inv.attr,
	&format_attr_ipear.attr,
	&format_attr_ipear_delay.attr,
	&format_attr_ibrp_dual.attr,
	&format_attr_drange.attr,
	NULL,
};

/* The feature of the driver a format field belongs to, 0 if none */
static unsigned int ia64_pmu_format_feature(struct attribute *attr)
{
	if (attr == &format_attr_br_mispred.attr)
		return IA64_PMU_F_BTB;
	if (attr == &format_attr_ipear.attr ||
	    attr == &format_attr_ipear_delay.attr)
		return IA64_PMU_F_IPEAR;
	if (attr == &format_attr_ear.attr || attr == &format_attr_ear_tlb.attr ||
	    attr == &format_attr_ear_alat.attr ||
	    attr == &format_attr_ear_tlbmask.attr ||
	    attr == &format_attr_ldlat.attr)
		return IA64_PMU_F_EAR;
	if (attr == &format_attr_event.attr || attr == &format_attr_umask.attr ||
	    attr == &format_attr_thres.attr || attr == &format_attr_ism.attr ||
	    attr == &format_attr_all.attr || attr == &format_attr_mesi.attr)
		return 0;
	return IA64_PMU_F_QUAL;
}

/* Has the model events whose IBR pairs the user chooses? */
static bool ia64_pmu_has_dual_events(void)
{
	unsigned int i;

	for (i = 0; i < ia64_pmu_model->nr_events; i++)
		if (ia64_pmu_model->events[i].qual & IA64_Q_IBRP_DUAL)
			return true;
	return false;
}

static umode_t ia64_pmu_format_visible(struct kobject *kobj,
				       struct attribute *attr, int i)
{
	unsigned int feature = ia64_pmu_format_feature(attr);

	/* the D-EAR's ALAT mode: the Itanium 2's */
	if (attr == &format_attr_ear_alat.attr &&
	    (!ia64_pmu_has(IA64_PMU_F_EAR) || !ia64_pmu_model->ear->dear_alat))
		return 0;
	/* the fields of the counter PMC the model lets raw events set */
	if ((attr == &format_attr_ism.attr &&
	     !(ia64_pmu_model->raw_valid & IA64_PMU_CFG_ISM_MASK)) ||
	    (attr == &format_attr_thres.attr &&
	     !(ia64_pmu_model->raw_valid & IA64_PMU_CFG_THRES_MASK)) ||
	    (attr == &format_attr_all.attr && !ia64_pmu_model->thread_all) ||
	    (attr == &format_attr_mesi.attr && !ia64_pmu_model->mesi_mask))
		return 0;
	/* the IP-EAR, unless an erratum takes it away (ia64_pmu_btb.c) */
	if (feature == IA64_PMU_F_IPEAR)
		return ia64_pmu_ipear_usable() ? attr->mode : 0;
	/* only the per-pair models invert ranges ([PFM-I2] PMC8/9.inv) */
	if (attr == &format_attr_irange_inv.attr &&
	    (!ia64_pmu_has(IA64_PMU_F_QUAL) ||
	     !ia64_pmu_model->qual->per_pair))
		return 0;
	/* encoding bits 26:13: the 41-bit matchers' ([PFM-MONT] §5) */
	if ((attr == &format_attr_opc_match_mid.attr ||
	     attr == &format_attr_opc_care_mid.attr) &&
	    (!ia64_pmu_has(IA64_PMU_F_QUAL) ||
	     !ia64_pmu_model->qual->opc_match_pmc[0]))
		return 0;
	/* the Montecito's dual events choose their IBR pairs */
	if (attr == &format_attr_ibrp_dual.attr &&
	    (!ia64_pmu_has(IA64_PMU_F_QUAL) ||
	     !ia64_pmu_has_dual_events()))
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

/*
 * Entries of a sample's branch stack at most: 7 of the Itanium's eight
 * BTB entries, 16 of the Montecito's with the IP-EAR, 15 without it
 */
static ssize_t branches_show(struct device *dev,
			     struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n",
			  ia64_btb_max_entries(ia64_pmu_model->btb,
					       ia64_pmu_ipear_usable()));
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

/* CPUID[3] of the processor probed ([ITA-RM] §6.2.9) */
static u8 ia64_pmu_cpu_family, ia64_pmu_cpu_model;

static ssize_t cpu_family_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "0x%02x\n", ia64_pmu_cpu_family);
}
static DEVICE_ATTR_RO(cpu_family);

static ssize_t cpu_model_show(struct device *dev,
			      struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "0x%02x\n", ia64_pmu_cpu_model);
}
static DEVICE_ATTR_RO(cpu_model);

static struct attribute *ia64_pmu_caps_attrs[] = {
	&dev_attr_pmu_name.attr,
	&dev_attr_cpu_family.attr,
	&dev_attr_cpu_model.attr,
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
	&ia64_pmu_attr_rdpmc.attr,
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

/*
 * The CPU model of CPUID[3] family @family ([ITA-RM] §6.2.9), or NULL.
 * By family alone, whatever the model number: perfmon and libpfm took
 * every family 0x20 processor for a Montecito ([PFM-MONT]: libpfm's
 * pfm_mont_detect, perfmon's .pmu_family), and so does the driver; one
 * whose PAL disagrees with the tables gets the generic model
 * (ia64_pmu_probe()).
 */
static const struct ia64_pmu_model *ia64_pmu_find_model(u8 family)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ia64_pmu_models); i++)
		if (ia64_pmu_models[i]->family == family)
			return ia64_pmu_models[i];
	return NULL;
}

/*
 * Does PAL_PERF_MON_INFO ([ITA-RM] Table 6-24) describe the PMU that
 * @model's tables were written for: its counters, their width, and the
 * PMCs and PMDs PAL_PMCmask and PAL_PMDmask say are implemented? If
 * not, say why in @why. PAL_CYCLES_MASK and PAL_RETIRED_MASK are not
 * compared: PAL is known to misreport them (spec README), the tables
 * have the counters of §7.8.
 */
static bool ia64_pmu_pal_agrees(const struct ia64_pmu_model *model,
				const struct ia64_pmu_pal *pal, char *why,
				size_t len)
{
	if (IA64_PMU_PAL_GENERIC(pal->info) != model->nr_generic ||
	    IA64_PMU_PAL_WIDTH(pal->info) != model->width) {
		snprintf(why, len, "PAL reports %llu counters of %llu bits, %s has %u of %u",
			 IA64_PMU_PAL_GENERIC(pal->info),
			 IA64_PMU_PAL_WIDTH(pal->info), model->name,
			 model->nr_generic, model->width);
		return false;
	}
	if (memcmp(&pal->buf[IA64_PMU_PAL_PMC_MASK], model->pal_pmc_mask,
		   sizeof(model->pal_pmc_mask)) ||
	    memcmp(&pal->buf[IA64_PMU_PAL_PMD_MASK], model->pal_pmd_mask,
		   sizeof(model->pal_pmd_mask))) {
		snprintf(why, len, "PAL_PMCmask 0x%llx PAL_PMDmask 0x%llx, %s has 0x%llx 0x%llx",
			 pal->buf[IA64_PMU_PAL_PMC_MASK],
			 pal->buf[IA64_PMU_PAL_PMD_MASK], model->name,
			 model->pal_pmc_mask[0], model->pal_pmd_mask[0]);
		return false;
	}
	return true;
}

/*
 * The CPU model of this processor: the tables of its CPUID family if PAL
 * agrees with them, else the generic model built from PAL
 * (ia64_pmu_generic.c).
 */
static const struct ia64_pmu_model *ia64_pmu_probe(void)
{
	const struct ia64_pmu_model *model;
	struct ia64_pmu_pal pal = { };
	u64 cpuid = ia64_pmu_cpuid_version();
	char why[128];
	long status;

	status = ia64_pmu_pal_perf_mon_info(pal.buf, &pal.info);
	if (status) {
		pr_err("PAL_PERF_MON_INFO failed: %ld\n", status);
		return NULL;
	}
	ia64_pmu_cpu_family = IA64_PMU_CPUID_FAMILY(cpuid);
	ia64_pmu_cpu_model = IA64_PMU_CPUID_MODEL(cpuid);
	model = ia64_pmu_find_model(ia64_pmu_cpu_family);
	if (!model)
		snprintf(why, sizeof(why), "no tables for this family");
	else if (ia64_pmu_pal_agrees(model, &pal, why, sizeof(why)))
		return model;
	return ia64_pmu_generic_build(&pal, ia64_pmu_cpu_family,
				      ia64_pmu_cpu_model, why);
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
	.event_idx	= ia64_pmu_event_idx,
	.event_mapped	= ia64_pmu_event_mapped,
	.event_unmapped	= ia64_pmu_event_unmapped,
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
	/* whatever the PMCs hold after reset, firmware or a previous load */
	cpuc->ctr_pmc_known = 0;
	for (i = 0; i < model->nr_generic; i++)
		ia64_pmu_write_ctr_pmc(IA64_PMU_FIRST_COUNTER + i,
				       ia64_pmu_idle());
	for (i = 0; i < model->nr_reset_pmcs; i++) {
		ia64_pmu_write_pmc(model->reset_pmcs[i].pmc,
				   model->reset_pmcs[i].val);
		ia64_pmu_btb_cpu_reset(cpuc, model->reset_pmcs[i].pmc,
				       model->reset_pmcs[i].val);
		ia64_pmu_ear_cpu_reset(cpuc, model->reset_pmcs[i].pmc,
				       model->reset_pmcs[i].val);
		ia64_pmu_qual_cpu_reset(cpuc, model->reset_pmcs[i].pmc,
					model->reset_pmcs[i].val);
	}
	ia64_pmu_srlz();
	ia64_pmu_psr_run(false);
	cpuc->monitored = false;
	cpuc->lazy_pp = false;
	cpuc->user_open = false;
	cpuc->pmc0_valid = false;
	cpuc->stale_ctrs = 0;
	memset(cpuc->ctr_owner, 0, sizeof(cpuc->ctr_owner));
	ia64_pmu_watchdog_stop(cpuc);
	return 0;
}

/*
 * Threads per core when PAL cannot tell (any status but success): the
 * most any model has, so that the errata of threads apply. The safe side:
 * assuming two on a core with one costs a sampling event PMC10-15 and the
 * IP-EAR; assuming one on a core with two gives overflows that never
 * interrupt (erratum 121) and IP-EAR records that are not to be trusted
 * (erratum 120).
 */
#define IA64_PMU_THREADS_UNKNOWN	2

static int __init ia64_pmu_init(void)
{
	const struct ia64_pmu_model *model;
	long threads_status;
	unsigned int cpu;
	int ret;

	/* Probe on one CPU: the PMU of every CPU is of the same model */
	preempt_disable();
	model = ia64_pmu_probe();
	preempt_enable();
	if (!model)
		return -ENODEV;

	ia64_pmu_model = model;
	threads_status = ia64_pmu_threads_per_core(&ia64_pmu_threads);
	if (threads_status)
		ia64_pmu_threads = IA64_PMU_THREADS_UNKNOWN;
	ia64_pmu_ipear_off = ia64_pmu_threads > 1 && model->mt_no_ipear;
	if (!ia64_pmu_has(IA64_PMU_F_QUAL))
		ia64_pmu.nr_addr_filters = 0;
	ia64_pmu_cnt_mask = GENMASK_ULL(model->width - 1, 0);
	ia64_pmu_max_period = ia64_pmu_cnt_mask >> 1;
	ia64_pmu_ovfl_mask = GENMASK_ULL(IA64_PMU_FIRST_COUNTER +
					 model->nr_generic - 1,
					 IA64_PMU_FIRST_COUNTER);
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
	if (threads_status && model->mt_counters)
		pr_info("threads per core unknown (PAL_LOGICAL_TO_PHYSICAL status %ld), assuming %u\n",
			threads_status, ia64_pmu_threads);
	if (ia64_pmu_threads > 1 && model->mt_counters)
		pr_info("%u threads per core: events on PMC%lu-%lu only (erratum 121)%s\n",
			ia64_pmu_threads,
			IA64_PMU_FIRST_COUNTER + __ffs(model->mt_counters),
			IA64_PMU_FIRST_COUNTER + __fls(model->mt_counters),
			ia64_pmu_ipear_off ? ", no IP-EAR (erratum 120)" : "");
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

	ia64_pmu_unregister(&ia64_pmu);
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
