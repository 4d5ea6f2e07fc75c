/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hardware-access layer of the Itanium PMU driver.
 *
 * The driver core touches the PMU only through these calls. On Itanium
 * they are the architectural intrinsics; elsewhere the simulated backend
 * (drivers/perf/ia64/sim, CONFIG_IA64_PMU_SIM) provides them on top of
 * the software model of the PMU. Nothing above this layer knows which.
 *
 * All calls act on the PMU of the calling CPU: callers run with
 * preemption disabled, as they must on hardware.
 */
#ifndef __LINUX_PERF_IA64_PMU_H
#define __LINUX_PERF_IA64_PMU_H

#include <linux/interrupt.h>
#include <linux/percpu.h>
#include <linux/types.h>

struct task_struct;

/* PAL_PERF_MON_INFO return value fields ([ITA-RM] Table 6-24) */
#define IA64_PMU_PAL_GENERIC(info)	((info) & 0xff)
#define IA64_PMU_PAL_WIDTH(info)	(((info) >> 8) & 0xff)
#define IA64_PMU_PAL_CYCLES(info)	(((info) >> 16) & 0xff)
#define IA64_PMU_PAL_RETIRED(info)	(((info) >> 24) & 0xff)

/*
 * PAL_PERF_MON_INFO memory buffer ([ITA-RM] Table 6-24): four 256-bit
 * masks, PAL_PMCmask, PAL_PMDmask, PAL_CYCLES_MASK, PAL_RETIRED_MASK.
 */
#define IA64_PMU_PAL_BUF_WORDS		16
#define IA64_PMU_PAL_PMC_MASK		0
#define IA64_PMU_PAL_PMD_MASK		4
#define IA64_PMU_PAL_CYCLES_MASK	8
#define IA64_PMU_PAL_RETIRED_MASK	12

/* PSR bits the PMU depends on ([SDM-2] §7.2.1) */
#define IA64_PMU_PSR_UP		(1UL << 2)
#define IA64_PMU_PSR_SP		(1UL << 20)
#define IA64_PMU_PSR_PP		(1UL << 21)
#define IA64_PMU_PSR_DB		(1UL << 24)

/* CPUID[3] version information: family 31:24, model 23:16 */
#define IA64_PMU_CPUID_FAMILY(v)	(((v) >> 24) & 0xff)
#define IA64_PMU_CPUID_MODEL(v)		(((v) >> 16) & 0xff)
#define IA64_PMU_FAMILY_ITANIUM		0x07
#define IA64_PMU_FAMILY_ITANIUM2	0x1f
#define IA64_PMU_FAMILY_MONTECITO	0x20	/* and Montvale */

#ifdef CONFIG_IA64

#include <asm/hw_irq.h>
#include <asm/intrinsics.h>
#include <asm/kregs.h>
#include <asm/pal.h>
#include <asm/processor.h>
#include <linux/sched.h>
#include <asm/ptrace.h>
#include <linux/uaccess.h>

static inline u64 ia64_pmu_read_pmc(unsigned int idx)
{
	return ia64_get_pmc(idx);
}

static inline void ia64_pmu_write_pmc(unsigned int idx, u64 val)
{
	ia64_set_pmc(idx, val);
}

static inline u64 ia64_pmu_read_pmd(unsigned int idx)
{
	return ia64_get_pmd(idx);
}

static inline void ia64_pmu_write_pmd(unsigned int idx, u64 val)
{
	ia64_set_pmd(idx, val);
}

static inline u64 ia64_pmu_read_ibr(unsigned int idx)
{
	return ia64_get_ibr(idx);
}

static inline void ia64_pmu_write_ibr(unsigned int idx, u64 val)
{
	ia64_set_ibr(idx, val);
}

static inline u64 ia64_pmu_read_dbr(unsigned int idx)
{
	return ia64_get_dbr(idx);
}

static inline void ia64_pmu_write_dbr(unsigned int idx, u64 val)
{
	ia64_set_dbr(idx, val);
}

/* Data serialization: PMC writes take effect for what follows */
static inline void ia64_pmu_srlz(void)
{
	ia64_srlz_d();
}

static inline u64 ia64_pmu_get_psr(void)
{
	return ia64_getreg(_IA64_REG_PSR);
}

/*
 * Run or stop the CPU's monitors: PSR.pp enables the privileged monitors
 * (PMC.pm = 1), PSR.up the user monitors (pm = 0: the counters that a
 * task reads itself) ([SDM-2] §7.2.1). PSR.pp tells whether the CPU is
 * monitored, and the kernel's PSR.pp follows DCR.pp on every
 * interruption, so both are switched. User code runs with the PSR.pp
 * and PSR.up of its own PSR (ia64 glue: IA64_PSR_USER_PP;
 * ia64_pmu_user_psr()), and counts only while the PMU is unfrozen. The
 * ssm/rsm immediates must be constants.
 */
static inline void ia64_pmu_psr_run(bool on)
{
	u64 dcr = ia64_getreg(_IA64_REG_CR_DCR);

	if (on) {
		ia64_setreg(_IA64_REG_CR_DCR, dcr | IA64_DCR_PP);
		ia64_ssm(IA64_PSR_PP | IA64_PSR_UP);
	} else {
		ia64_setreg(_IA64_REG_CR_DCR, dcr & ~IA64_DCR_PP);
		ia64_rsm(IA64_PSR_PP | IA64_PSR_UP);
	}
	ia64_srlz_d();
}

/*
 * The user PSR of the current task, which rfi restores from its pt_regs:
 * PSR.up set, so that the user monitors of its events count its code, and
 * PSR.sp clear while it may read them itself (@secure false; [SDM-2]
 * Table 7-5). A kernel thread has no user PSR.
 */
static inline void ia64_pmu_user_psr(bool secure)
{
	struct pt_regs *regs;

	if (current->flags & PF_KTHREAD)
		return;
	regs = task_pt_regs(current);
	ia64_psr(regs)->up = 1;
	ia64_psr(regs)->sp = secure;
}

/*
 * The hw_perf_event flag of the events a task may read itself, which
 * arch_perf_update_userpage() turns into the user page's cap_user_rdpmc
 * (ia64 glue)
 */
#define IA64_PMU_USER_READ_FLAG	PERF_EVENT_FLAG_USER_READ_CNT

static inline long ia64_pmu_pal_perf_mon_info(u64 *buf, u64 *info)
{
	pal_perf_mon_info_u_t pm;
	s64 status;

	status = ia64_pal_perf_mon_info(buf, &pm);
	*info = pm.ppmi_data;
	return status;
}

static inline u64 ia64_pmu_cpuid_version(void)
{
	return ia64_get_cpuid(3);
}

/* cr.iva: the interruption vector table ([SDM-2]) */
static inline u64 ia64_pmu_get_iva(void)
{
	return ia64_getreg(_IA64_REG_CR_IVA);
}

/*
 * The instruction bundle at @addr, a kernel address, into @b (b[0]: bits
 * 63:0; the CPU runs little-endian): 0, or -EFAULT where nothing is
 * mapped. Any context (copy_from_kernel_nofault()).
 */
static inline int ia64_pmu_read_bundle(u64 addr, u64 *b)
{
	return copy_from_kernel_nofault(b, (const void *)addr, 16) ?
	       -EFAULT : 0;
}

/*
 * Hardware threads per core that firmware enabled, from
 * PAL_LOGICAL_TO_PHYSICAL ([SDM-2] PAL procedures) for the calling
 * processor: the Montecito errata 120 and 121 apply when there are two.
 * Return: the PAL status; *threads is set only on success (0).
 */
static inline long ia64_pmu_threads_per_core(unsigned int *threads)
{
	pal_logical_to_physical_t info;
	s64 status;

	status = ia64_pal_logical_to_phys(-1, &info);
	if (!status)
		*threads = info.overview_tpc;
	return status;
}

/*
 * The PMU interrupt: CR.PMV on every CPU points at IA64_PERFMON_VECTOR
 * (ia64 glue patch); the handler runs in hard-interrupt context.
 */
int ia64_pmu_request_irq(irq_handler_t handler);
void ia64_pmu_free_irq(void);

/*
 * Raise the PMU interrupt on this CPU again, e.g. for an overflow that a
 * context left pending ([SDM-2] §7.2.4.2): the CPU sends the vector to
 * itself; it is taken once interrupts are enabled.
 */
static inline void ia64_pmu_raise_irq(void)
{
	ia64_resend_irq(IA64_PERFMON_VECTOR);
}

/*
 * Make @ip (bundle + slot) the interrupted instruction of a sample's
 * @regs: an event address register's exact instruction. (perf marks
 * exact IPs through perf_misc_flags(), which ia64 does not define: the
 * sample says PERF_RECORD_MISC_EXACT_IP only on the simulated backend.)
 */
static inline void ia64_pmu_set_exact_ip(struct pt_regs *regs, u64 ip)
{
	regs->cr_iip = ip & ~0xfUL;
	ia64_psr(regs)->ri = ip & 0x3;
}

/*
 * The IBRs and DBRs are also a debugger's (ptrace, ia64 glue): claim them
 * for the events of @task, or of every CPU (NULL), before using them;
 * -EBUSY while a debugger has them. A context switch to a debugged task
 * loads its registers: ia64_pmu_dbr_loads() counts those loads on this
 * CPU.
 */
static inline int ia64_pmu_dbr_claim(struct task_struct *task)
{
	return ia64_dbr_claim(task);
}

static inline void ia64_pmu_dbr_release(struct task_struct *task)
{
	ia64_dbr_release(task);
}

static inline unsigned long ia64_pmu_dbr_loads(void)
{
	return __this_cpu_read(ia64_dbr_loads);
}

#else /* !CONFIG_IA64: the simulated backend */

u64 ia64_pmu_read_pmc(unsigned int idx);
void ia64_pmu_write_pmc(unsigned int idx, u64 val);
u64 ia64_pmu_read_pmd(unsigned int idx);
void ia64_pmu_write_pmd(unsigned int idx, u64 val);
u64 ia64_pmu_read_ibr(unsigned int idx);
void ia64_pmu_write_ibr(unsigned int idx, u64 val);
u64 ia64_pmu_read_dbr(unsigned int idx);
void ia64_pmu_write_dbr(unsigned int idx, u64 val);
void ia64_pmu_srlz(void);
u64 ia64_pmu_get_psr(void);
void ia64_pmu_psr_run(bool on);
void ia64_pmu_user_psr(bool secure);
/*
 * No user code runs on the model: its user page never offers reads of
 * the counters (the host architecture's arch_perf_update_userpage() would
 * describe its own)
 */
#define IA64_PMU_USER_READ_FLAG	0
long ia64_pmu_pal_perf_mon_info(u64 *buf, u64 *info);
u64 ia64_pmu_cpuid_version(void);
u64 ia64_pmu_get_iva(void);
int ia64_pmu_read_bundle(u64 addr, u64 *b);
long ia64_pmu_threads_per_core(unsigned int *threads);
int ia64_pmu_request_irq(irq_handler_t handler);
void ia64_pmu_free_irq(void);
void ia64_pmu_raise_irq(void);
void ia64_pmu_set_exact_ip(struct pt_regs *regs, u64 ip);
int ia64_pmu_dbr_claim(struct task_struct *task);
void ia64_pmu_dbr_release(struct task_struct *task);
unsigned long ia64_pmu_dbr_loads(void);

#endif /* CONFIG_IA64 */

#endif /* __LINUX_PERF_IA64_PMU_H */
