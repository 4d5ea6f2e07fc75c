// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium PMU driver: counters that a task reads itself, without a system
 * call. At privilege level 3, mov r=pmd[] returns the count of a user
 * monitor (PMC.pm = 0) while PSR.sp is 0, and 0 for a privileged monitor
 * or while PSR.sp is 1 ([SDM-2] §7.2.1, Table 7-5). perf's user page
 * tells the task which counter holds its event and how to add it to the
 * count (include/uapi/linux/perf_event.h): the index is the PMD number +
 * 1 (ia64_pmu_event_idx()), the ia64 glue's arch_perf_update_userpage()
 * gives cap_user_rdpmc and the counter width, and hwc->prev_count holds
 * the sign-extended counter value that the page's offset subtracts
 * (ia64_pmu_event_update()).
 *
 * The events a task may read are its own counter events, not inherited,
 * without a branch stack or an event address register: with them, the
 * counter would be only part of the sample. Such an event's counter is a
 * user monitor while its page is mapped (rdpmc 1) or in any case (rdpmc
 * 2), and counts while PSR.up is set: the driver sets PSR.up with PSR.pp
 * in the kernel (ia64_pmu_psr_run()) and in the task's user PSR. Every
 * other counter is a privileged monitor, a stopped one included
 * (ia64_pmu_stopped()), so with PSR.sp clear a task reads its own events
 * and nothing else: no other task's counts, no CPU-wide event's, no
 * count an event left in a counter. x86 clears such dirty counters at
 * context switch instead. The cost, one PMC write per user monitor when
 * its task leaves a CPU that nothing else monitors (ia64_pmu_resume()),
 * is only for events that a task reads itself: an event that could be
 * read but is not mapped counts as any other.
 *
 * PSR.sp is clear in the task's user PSR while it has user monitors, and
 * set again when none is left: at the resume of the PMU (the task is
 * current there) and at the mmap and munmap of an event's page.
 */

#include <linux/refcount.h>
#include <linux/device.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/sysfs.h>

#include "ia64_pmu.h"
#include "ia64_pmu_compat.h"

/*
 * The rdpmc knob, as x86's: 0, no event is readable; 1, a task reads the
 * events whose page it mapped; 2, also unmapped ones. A write applies to
 * the events opened after it.
 */
#define IA64_PMU_RDPMC_NEVER	0
#define IA64_PMU_RDPMC_MAPPED	1
#define IA64_PMU_RDPMC_ALWAYS	2
static int ia64_pmu_rdpmc = IA64_PMU_RDPMC_MAPPED;

static ssize_t rdpmc_show(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, "%d\n", READ_ONCE(ia64_pmu_rdpmc));
}

static ssize_t rdpmc_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	unsigned int val;
	int ret;

	ret = kstrtouint(buf, 0, &val);
	if (ret)
		return ret;
	if (val > IA64_PMU_RDPMC_ALWAYS)
		return -EINVAL;
	WRITE_ONCE(ia64_pmu_rdpmc, val);
	return count;
}

struct device_attribute ia64_pmu_attr_rdpmc = __ATTR_RW(rdpmc);

/*
 * The last mapping of a readable event's page is going: the core calls
 * pmu->event_unmapped() before it takes the mapping off mmap_count, and
 * the task may be switched out and in meanwhile. Set there, cleared by
 * the next mmap; hw.event_base_rdpmc is x86's, free here, and has no
 * other writer (hw.flags has, in the interrupt).
 */
#define ia64_pmu_unmapping(event)	((event)->hw.event_base_rdpmc)

/* At event_init, once the event's configuration is known */
void ia64_pmu_uread_init(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	int rdpmc = READ_ONCE(ia64_pmu_rdpmc);

	if (rdpmc == IA64_PMU_RDPMC_NEVER ||
	    !(event->attach_state & PERF_ATTACH_TASK) ||
	    event->attr.inherit || has_branch_stack(event) ||
	    hwc->extra_reg.reg)
		return;
	hwc->flags |= IA64_PMU_HWF_UREAD | IA64_PMU_USER_READ_FLAG;
	ia64_pmu_unmapping(event) = 0;
	if (rdpmc == IA64_PMU_RDPMC_ALWAYS)
		hwc->flags |= IA64_PMU_HWF_UREAD_ALWAYS;
}

/*
 * Does @event's task read it: a readable event, mapped unless rdpmc was
 * 2 when it was opened?
 */
static bool ia64_pmu_uread_open(struct perf_event *event)
{
	if (!(event->hw.flags & IA64_PMU_HWF_UREAD))
		return false;
	if (event->hw.flags & IA64_PMU_HWF_UREAD_ALWAYS)
		return true;
	return !READ_ONCE(ia64_pmu_unmapping(event)) &&
	       ia64_pmu_event_maps(event);
}

/* The running configuration of a readable event's counter */
u64 ia64_pmu_uread_config(struct perf_event *event)
{
	/* a user monitor, which user mode may read ([SDM-2] §7.2.1) */
	if (ia64_pmu_uread_open(event))
		return event->hw.config & ~IA64_PMC_PM;
	return event->hw.config;
}

/* pmu->event_idx: the user page's index */
int ia64_pmu_event_idx(struct perf_event *event)
{
	if (event->hw.idx < 0 || !ia64_pmu_uread_open(event))
		return 0;
	return event->hw.idx + 1;
}

/*
 * ia64_pmu_resume(): the CPU's events changed, its counters are
 * programmed, and the task whose events they are is current. Only for a
 * CPU with user monitors, or whose task had PSR.sp cleared.
 */
void ia64_pmu_uread_resume(struct ia64_pmu_cpu *cpuc)
{
	bool open = cpuc->user_ctrs;

	ia64_pmu_user_psr(!open);
	cpuc->user_open = open;
}

/*
 * The mmap and munmap of a readable event's page by its task (a readable
 * event counts only while its task is current): the counter becomes a
 * user monitor, or stops being one, now if the event counts, and
 * PSR.sp follows. Interrupts off: the PMU's events do not change
 * meanwhile, and the user page is not updated in between.
 */
static void ia64_pmu_uread_map(struct perf_event *event, bool unmapping)
{
	struct hw_perf_event *hwc = &event->hw;
	struct ia64_pmu_cpu *cpuc;
	unsigned long flags;

	if (!(hwc->flags & IA64_PMU_HWF_UREAD) ||
	    (hwc->flags & IA64_PMU_HWF_UREAD_ALWAYS))
		return;
	if (!unmapping)
		WRITE_ONCE(ia64_pmu_unmapping(event), 0);
	else if (ia64_pmu_event_maps(event) <= 1)
		WRITE_ONCE(ia64_pmu_unmapping(event), 1);
	if (hwc->target != current)
		return;
	local_irq_save(flags);
	cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	if (READ_ONCE(event->oncpu) == smp_processor_id() &&
	    hwc->idx >= 0 && !(hwc->state & PERF_HES_STOPPED) &&
	    cpuc->enabled) {
		ia64_pmu_write_ctr_pmc(hwc->idx, ia64_pmu_uread_config(event));
		ia64_pmu_srlz();
		if (cpuc->user_ctrs || cpuc->user_open)
			ia64_pmu_uread_resume(cpuc);
		if (!unmapping)
			perf_event_update_userpage(event);
	}
	local_irq_restore(flags);
}

/* pmu->event_mapped(): after the mapping is counted in mmap_count */
void ia64_pmu_event_mapped(struct perf_event *event, struct mm_struct *mm)
{
	ia64_pmu_uread_map(event, false);
}

/* pmu->event_unmapped(): before the mapping is taken off mmap_count */
void ia64_pmu_event_unmapped(struct perf_event *event, struct mm_struct *mm)
{
	ia64_pmu_uread_map(event, true);
}
