// SPDX-License-Identifier: GPL-2.0
/*
 * The register file of the PMU model: reset state, reads and writes of
 * the PMCs, PMDs, IBRs and DBRs with their implemented, ignored and
 * sign-extended bits, the PSR bits the PMU depends on, the answers of
 * PAL_PERF_MON_INFO and CPUID[3], the interrupt line, and the debugfs
 * dump of it all. What each CPU model implements is in its description
 * (pmu_model_itanium.c, pmu_model_itanium2.c, pmu_model_montecito.c,
 * pmu_model_generic.c).
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [ITA-RM]  Intel Itanium Processor Reference Manual for Software
 *             Development, rev. 2.0: ch. 6 (registers, Table 6-4, Figure
 *             6-11, §6.2.1, §6.2.7, §6.2.8.2, §6.2.9, Table 6-24)
 *   [SDM-2]   Intel Itanium Architecture Software Developer's Manual,
 *             vol. 2: §7.1.1 (debug registers), §7.2 (PSR, Table 7-5)
 */
#ifdef __KERNEL__
#include <linux/string.h>
#include <linux/seq_file.h>
#else
#include <string.h>
#endif

#include "pmu_model.h"
#include "pmu_model_int.h"

/*
 * IBR/DBR layout: SDM vol. 2 §7.1.1 (not in spec/): even registers hold
 * the 64-bit address; odd IBRs mask 55:0, plm 59:56, x 63; odd DBRs
 * mask 55:0, plm 59:56, w 62, r 63; the other bits are ignored.
 */
#define IBR_ODD_BITS		(MASK64(59, 0) | BIT64(63))
#define DBR_ODD_BITS		(MASK64(59, 0) | MASK64(63, 62))

u64 ia64_model_sxt50(u64 v)
{
	return (v & BIT64(50)) ? v | VA_SXT_BITS : v & ~VA_SXT_BITS;
}

/* Does PMC @idx exist? (PMC0..nr_pmc - 1, less the model's gaps) */
static bool pmc_exists(const struct ia64_model *m, unsigned int idx)
{
	return idx < m->nr_pmc &&
	       (!m->desc->pmc_impl || (m->desc->pmc_impl & BIT64(idx)));
}

static bool pmd_exists(const struct ia64_model *m, unsigned int idx)
{
	return idx < m->nr_pmd &&
	       (!m->desc->pmd_impl || (m->desc->pmd_impl & BIT64(idx)));
}

u64 ia64_model_pmd_bits(const struct ia64_model *m, unsigned int idx)
{
	return pmd_exists(m, idx) ? m->desc->pmd_bits[idx] : 0;
}

static unsigned int pmc_es(const struct ia64_model *m, u64 pmc)
{
	return (pmc >> IA64_MODEL_PMC_ES_SHIFT) & m->desc->es_mask;
}

/* The event of @code in the model's table, or IA64_MODEL_SEM_NONE */
static unsigned int code_sem(const struct ia64_model_desc *d,
			     unsigned int code)
{
	unsigned int i;

	for (i = 0; i < d->nr_sem; i++)
		if (d->sem[i].code == code)
			return d->sem[i].sem;
	return IA64_MODEL_SEM_NONE;
}

static void resolve_counter(struct ia64_model *m, unsigned int idx)
{
	u64 pmc = m->pmc[idx];
	const struct ia64_model_event *ev;

	ev = desc_event(m->desc, pmc_es(m, pmc), pmc_umask(pmc));
	m->ctr_ev[idx] = ev;
	m->ctr_sem[idx] = ev ? code_sem(m->desc, ev->code) :
			       IA64_MODEL_SEM_NONE;
}

void ia64_model_init(struct ia64_model *m, enum ia64_model_cpu cpu)
{
	const struct ia64_model_desc *d = ia64_model_desc_of(cpu);
	unsigned int i;

	if (d->ev_index && !d->ev_index->built)
		ia64_model_event_index(d->events, *d->nr_events, d->ev_index);
	memset(m, 0, sizeof(*m));
	m->cpu = cpu;
	m->desc = d;
	m->nr_pmc = d->nr_pmc;
	m->nr_pmd = d->nr_pmd;
	m->nr_ctr = d->nr_ctr;
	m->plm0_clobbers_pmd = true;
	m->iva = IA64_PMU_MODEL_IVA;

	/* The reset state is the model's (for the Itanium: [ITA-RM] §6.2.9) */
	for (i = 0; i < m->nr_pmc; i++)
		m->pmc[i] = d->pmc_reset[i];
	for (i = 0; i < m->nr_pmd; i++)
		m->pmd[i] = d->pmd_reset[i];

	for (i = 4; i < 4 + m->nr_ctr; i++)
		resolve_counter(m, i);
	/* IBRs, DBRs and PSR bits belong to the CPU: firmware zeroes them */
}

const char *ia64_model_cpu_name(enum ia64_model_cpu cpu)
{
	return ia64_model_desc_of(cpu)->name;
}

u64 ia64_model_cpu_cpuid3(enum ia64_model_cpu cpu)
{
	return ia64_model_desc_of(cpu)->cpuid3;
}

/* pmd_owner() of a PMD that no PMC controls */
#define PMD_NO_OWNER		(~0U)

/*
 * The PMC that controls PMD @idx ([ITA-RM] Table 6-4): a counter's own
 * PMC; the I-EAR's PMC10, the D-EAR's PMC11, the BTB's configuration
 * PMC12 (the Montecito's PMC37, PMC40 and PMC39), on models with these
 * units (desc->ear, desc->btb). On a model with more than 4 counters
 * PMD8 and up are counters. The other PMDs (the generic model's PMD0-3)
 * have no controlling PMC: neither a PMC's pm nor its plm = 0 affects
 * them. While the IP-EAR is on, the buffer's PMDs are its PMC42's
 * ([PFM-MONT]: perfmon lists them as PMC42's dependencies), so
 * that PMC39 = 0, which libpfm writes beside an IP-EAR for a D-EAR in
 * TLB or ALAT mode ([PFM-MONT]), leaves the IP-EAR's records.
 * MODEL(ipear-pmc42-owns): PMC42 then is their controlling PMC in every respect
 * (plm = 0, pm).
 */
static unsigned int pmd_owner(const struct ia64_model *m, unsigned int idx)
{
	const struct ia64_model_ear_layout *ear = m->desc->ear;

	if (is_ctr(m, idx))
		return idx;
	if (ear && (idx == ear->iear_pmd_addr || idx == ear->iear_pmd_lat))
		return ear->iear_pmc;
	if (ear && (idx == ear->dear_pmd_addr || idx == ear->dear_pmd_lat ||
		    idx == ear->dear_pmd_ip))
		return ear->dear_pmc;
	if (ia64_model_btb_pmd(m->desc->btb, idx))
		return ia64_model_ipear_on(m) ? m->desc->btb->ipear_pmc :
						m->desc->btb->pmc;
	return PMD_NO_OWNER;
}

/* The privileged monitor bit of PMC @idx: PMC10's moves on some models */
static u64 pmc_pm_bit(const struct ia64_model *m, unsigned int idx)
{
	return m->desc->ear && idx == m->desc->ear->iear_pmc ?
	       m->desc->ear->iear_pm : IA64_MODEL_PMC_PM;
}

/*
 * PMD4 .. 3 + nr_ctr: the generic counters; the others are EAR and BTB
 * registers
 */
static bool is_counter_pmd(const struct ia64_model *m, unsigned int idx)
{
	return is_ctr(m, idx);
}

/* Does PMC @idx control PMDs (pmd_owner())? */
static bool controls_pmds(const struct ia64_model *m, unsigned int idx)
{
	return is_ctr(m, idx) ||
	       (m->desc->ear && (idx == m->desc->ear->iear_pmc ||
				 idx == m->desc->ear->dear_pmc)) ||
	       (m->desc->btb && (idx == m->desc->btb->pmc ||
				 (m->desc->btb->ipear_pmc &&
				  idx == m->desc->btb->ipear_pmc)));
}

static void clobber_pmds(struct ia64_model *m, unsigned int pmc)
{
	unsigned int i;

	for (i = 0; i < m->nr_pmd; i++)
		if (pmd_owner(m, i) == pmc)
			m->pmd[i] = IA64_MODEL_UNDEF & m->desc->pmd_bits[i];
}

u64 ia64_model_read_pmc(struct ia64_model *m, unsigned int idx)
{
	m->stats.pmc_reads++;
	if (!pmc_exists(m, idx))
		return 0;
	return m->pmc[idx];
}

void ia64_model_write_pmc(struct ia64_model *m, unsigned int idx, u64 val)
{
	m->stats.pmc_writes++;
	if (!pmc_exists(m, idx))
		return;
	m->stats.pmc_writes_by_reg[idx]++;
	/* reserved bits keep their reset value, the others are ignored */
	m->pmc[idx] = (val & m->desc->pmc_bits[idx]) |
		      (m->desc->pmc_reset[idx] & ~m->desc->pmc_bits[idx]);
	if (is_ctr(m, idx))
		resolve_counter(m, idx);
	/* MODEL(ipear-cycles): the IP-EAR's cycle count restarts (pmu_model_btb.c) */
	if (m->desc->btb && m->desc->btb->ipear_pmc &&
	    idx == m->desc->btb->ipear_pmc)
		m->ipear_cycles = 0;
	/* Figure 6-11: plm = 0 does not preserve the PMD(s) it controls */
	if (m->plm0_clobbers_pmd && controls_pmds(m, idx) &&
	    !pmc_plm(m->pmc[idx]))
		clobber_pmds(m, idx);
}

u64 ia64_model_read_pmd(struct ia64_model *m, unsigned int idx)
{
	unsigned int cpl, owner;
	u64 v;

	m->stats.pmd_reads++;
	if (!pmd_exists(m, idx))
		return 0;

	/*
	 * [SDM-2] Table 7-5: at cpl 0 every PMD reads its value; above
	 * cpl 0 a privileged monitor (pm = 1), or a user monitor while
	 * PSR.sp = 1, reads zero.
	 */
	cpl = (m->psr & IA64_MODEL_PSR_CPL) >> IA64_MODEL_PSR_CPL_SHIFT;
	owner = pmd_owner(m, idx);
	if (cpl && ((owner != PMD_NO_OWNER &&
		     (m->pmc[owner] & pmc_pm_bit(m, owner))) ||
		    (m->psr & IA64_MODEL_PSR_SP)))
		return 0;

	/*
	 * [ITA-RM] §6.2.1, §6.2.7, §6.2.8.2: the EAR and BTB registers
	 * hold valid data only while PMC0.fr = 1; read otherwise, they
	 * return undefined values. The stored value stays.
	 */
	if (!frozen(m) &&
	    ((m->desc->ita_units && !is_counter_pmd(m, idx)) ||
	     ia64_model_btb_pmd(m->desc->btb, idx) ||
	     (m->desc->ear && (m->desc->ear->unfrozen_pmds & BIT64(idx)))))
		return IA64_MODEL_PMD_UNFROZEN;

	v = m->pmd[idx];
	if (is_counter_pmd(m, idx))
		/*
		 * Table 6-5: sxt32 63:32 reads as bit 31; the Itanium 2 too
		 * reads bits 63:47 as copies of bit 46 (libpfm 3.x
		 * pfmlib_itanium2.h: pmd_sxt47)
		 */
		return (v & BIT64(m->desc->width - 1)) ?
		       v | ~ctr_mask(m) : v;
	/* the captured addresses: bits 60:51 copies of bit 50 */
	if (m->desc->ear && (m->desc->ear->sxt_pmds & BIT64(idx)))
		return ia64_model_sxt50(v);
	return v;
}

void ia64_model_write_pmd(struct ia64_model *m, unsigned int idx, u64 val)
{
	unsigned int owner;

	m->stats.pmd_writes++;
	if (!pmd_exists(m, idx))
		return;
	/*
	 * Figure 6-11: while the controlling PMC has plm = 0 the PMD value
	 * is not preserved, whether the PMC or the PMD was written last.
	 */
	owner = pmd_owner(m, idx);
	if (m->plm0_clobbers_pmd && owner != PMD_NO_OWNER &&
	    !pmc_plm(m->pmc[owner]))
		val = IA64_MODEL_UNDEF;
	m->pmd[idx] = val & m->desc->pmd_bits[idx];
}

u64 ia64_model_read_ibr(struct ia64_model *m, unsigned int idx)
{
	m->stats.ibr_reads++;
	return idx < IA64_MODEL_NR_IBR ? m->ibr[idx] : 0;
}

void ia64_model_write_ibr(struct ia64_model *m, unsigned int idx, u64 val)
{
	m->stats.ibr_writes++;
	if (idx < IA64_MODEL_NR_IBR)
		m->ibr[idx] = (idx & 1) ? val & IBR_ODD_BITS : val;
}

u64 ia64_model_read_dbr(struct ia64_model *m, unsigned int idx)
{
	m->stats.dbr_reads++;
	return idx < IA64_MODEL_NR_DBR ? m->dbr[idx] : 0;
}

void ia64_model_write_dbr(struct ia64_model *m, unsigned int idx, u64 val)
{
	m->stats.dbr_writes++;
	if (idx < IA64_MODEL_NR_DBR)
		m->dbr[idx] = (idx & 1) ? val & DBR_ODD_BITS : val;
}

u64 ia64_model_get_psr(struct ia64_model *m)
{
	m->stats.psr_reads++;
	return m->psr;
}

void ia64_model_set_psr(struct ia64_model *m, u64 psr)
{
	m->stats.psr_changes++;
	m->psr = psr & IA64_MODEL_PSR_MASK;
}

void ia64_model_psr_bits(struct ia64_model *m, u64 bits, bool on)
{
	m->stats.psr_changes++;
	m->psr = (on ? m->psr | bits : m->psr & ~bits) & IA64_MODEL_PSR_MASK;
}

long ia64_model_pal_perf_mon_info(struct ia64_model *m, u64 buf[16],
				  u64 *info)
{
	m->stats.pal_calls++;
	memset(buf, 0, 16 * sizeof(u64));
	buf[0] = m->desc->pal_pmc_mask;
	buf[4] = m->desc->pal_pmd_mask;
	buf[8] = m->desc->pal_cycles_mask;
	buf[12] = m->desc->pal_retired_mask;
	*info = m->desc->pal_info;
	return 0;
}

u64 ia64_model_cpuid3(struct ia64_model *m)
{
	m->stats.cpuid_reads++;
	return m->desc->cpuid3;
}

bool ia64_model_irq_pending(struct ia64_model *m)
{
	return m->irq_pending;
}

void ia64_model_irq_ack(struct ia64_model *m)
{
	m->irq_pending = false;
}

#ifdef __KERNEL__
void ia64_model_dump(const struct ia64_model *m, struct seq_file *s)
{
	unsigned int i;

	seq_printf(s, "cpu %u psr 0x%llx irq_pending %d\n", m->cpu,
		   m->psr, m->irq_pending);
	for (i = 0; i < m->nr_pmc; i++)
		if (pmc_exists(m, i))
			seq_printf(s, "pmc%-2u 0x%016llx\n", i, m->pmc[i]);
	for (i = 0; i < m->nr_pmd; i++)
		if (pmd_exists(m, i))
			seq_printf(s, "pmd%-2u 0x%016llx\n", i, m->pmd[i]);
	for (i = 0; i < IA64_MODEL_NR_IBR; i++)
		seq_printf(s, "ibr%u  0x%016llx\n", i, m->ibr[i]);
	for (i = 0; i < IA64_MODEL_NR_DBR; i++)
		seq_printf(s, "dbr%u  0x%016llx\n", i, m->dbr[i]);
	seq_printf(s, "pmc_reads %llu pmc_writes %llu\n",
		   m->stats.pmc_reads, m->stats.pmc_writes);
	seq_printf(s, "pmd_reads %llu pmd_writes %llu\n",
		   m->stats.pmd_reads, m->stats.pmd_writes);
	seq_printf(s, "ibr_reads %llu ibr_writes %llu\n",
		   m->stats.ibr_reads, m->stats.ibr_writes);
	seq_printf(s, "dbr_reads %llu dbr_writes %llu\n",
		   m->stats.dbr_reads, m->stats.dbr_writes);
	seq_printf(s, "psr_reads %llu psr_changes %llu\n",
		   m->stats.psr_reads, m->stats.psr_changes);
	seq_printf(s, "pal_calls %llu cpuid_reads %llu\n",
		   m->stats.pal_calls, m->stats.cpuid_reads);
	seq_printf(s, "runs %llu irqs %llu ear_captures %llu btb_entries %llu\n",
		   m->stats.runs, m->stats.irqs, m->stats.ear_captures,
		   m->stats.btb_entries);
	for (i = 0; i < m->nr_pmc; i++)
		if (pmc_exists(m, i))
			seq_printf(s, "pmc%u_writes %llu\n", i,
				   m->stats.pmc_writes_by_reg[i]);
}
#endif
