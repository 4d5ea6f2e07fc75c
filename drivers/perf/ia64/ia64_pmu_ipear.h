/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Montecito's IP-EAR ([PFM-MONT]: PMC42, with the execution trace
 * buffer's PMD38, PMD39 and PMD48-63): the PMC42 image of a perf
 * request and the decoder of the buffer's registers into perf branch
 * entries, one per retired IP: from = the IP's bundle, to = 0, cycles =
 * the cycles since the capture before it. Pure functions, shared by the
 * driver (ia64_pmu_btb.c) and the userspace unit test
 * (tools/testing/ia64_pmu_model/test_montecito_ipear.c). The registers
 * are those of the model's struct ia64_btb_layout (ipear_pmc for PMC42).
 */
#ifndef __IA64_PMU_IPEAR_H
#define __IA64_PMU_IPEAR_H

#include "ia64_pmu_btb.h"

/*
 * PMC42 ([PFM-MONT]): plm 3:0, pm 6, mode 10:8 (4: IP-EAR, the value
 * libpfm writes), delay 18:11 (cycles by which the buffer's freeze
 * follows the PMU's at an overflow interrupt)
 */
#define IA64_PMC42_PLM_USER	0x8ULL
#define IA64_PMC42_PLM_KERNEL	0x1ULL
#define IA64_PMC42_PM		(1ULL << 6)
#define IA64_PMC42_MODE_IPEAR	(4ULL << 8)
#define IA64_PMC42_DELAY_SHIFT	11
#define IA64_PMC42_DELAY_MAX	255

/*
 * An entry PMD48-63 with ef = 0 ([PFM-MONT]): IP[63:4] in bits 59:0, the
 * low four bits of the cycle count in 63:60. Its PMD39 nibble
 * (ia64_btb_ext(), in the branch mode's order): the high two bits of the
 * cycle count in 1:0, flush 2, ef 3. An entry with ef = 1 holds a delay
 * count in 7:0 and only part of an address in 59:8.
 */
#define IA64_IPEAR_IP(e)	((__u64)(e) << 4)
#define IA64_IPEAR_CYC_LO(e)	((unsigned int)((e) >> 60))
#define IA64_IPEAR_EXT_CYC_HI	0x3
#define IA64_IPEAR_EXT_FLUSH	0x4
#define IA64_IPEAR_EXT_EF	0x8

/*
 * The buffer's value for an IP-EAR event (hw.branch_reg.config): its
 * PMC42 image with this bit, which no PMC42 image has (bit 62 is
 * reserved), so that an IP-EAR event never agrees with an ETB event on
 * the buffer they share (ia64_pmu_unit_agrees(), ia64_pmu_unit_get())
 */
#define IA64_IPEAR_UNIT		(1ULL << 62)

static inline bool ia64_ipear_unit(__u64 config)
{
	return config & IA64_IPEAR_UNIT;
}

/*
 * The buffer's value (PMC42 image | IA64_IPEAR_UNIT) for an IP-EAR
 * request on layout @l, or -EOPNOTSUPP / -EINVAL:
 * - no IP-EAR in @l: -EOPNOTSUPP;
 * - branch types: exactly ANY (perf record -b), whatever the output
 *   flags of IA64_BTB_OUTPUT_FLAGS: the IP-EAR records every retired IP
 *   and selects no branches; any other type: -EOPNOTSUPP;
 * - USER / KERNEL: plm 3 / plm 0; neither: -EINVAL;
 * - @delay: PMC42.delay, 0..IA64_PMC42_DELAY_MAX, else -EINVAL.
 */
static inline long long ia64_ipear_pmc42(const struct ia64_btb_layout *l,
					 __u64 branch_sample_type,
					 __u64 delay)
{
	__u64 type = branch_sample_type;
	__u64 pmc42 = IA64_PMC42_PM | IA64_PMC42_MODE_IPEAR;

	if (!l->ipear_pmc)
		return -EOPNOTSUPP;
	if ((type & ~(IA64_BTB_PLM_TYPES | IA64_BTB_OUTPUT_FLAGS)) !=
	    PERF_SAMPLE_BRANCH_ANY)
		return -EOPNOTSUPP;
	if (delay > IA64_PMC42_DELAY_MAX)
		return -EINVAL;
	if (type & PERF_SAMPLE_BRANCH_USER)
		pmc42 |= IA64_PMC42_PLM_USER;
	if (type & PERF_SAMPLE_BRANCH_KERNEL)
		pmc42 |= IA64_PMC42_PLM_KERNEL;
	if (!(pmc42 & (IA64_PMC42_PLM_USER | IA64_PMC42_PLM_KERNEL)))
		return -EINVAL;
	return pmc42 | delay << IA64_PMC42_DELAY_SHIFT | IA64_IPEAR_UNIT;
}

/*
 * Decode the buffer of layout @l in IP-EAR mode: @pmd as for
 * ia64_btb_decode() (the entries, the index PMD, the extension PMD),
 * read while the PMU was frozen. Writes the retired IPs to @out, newest
 * first, at most l->nr, and returns how many; *@hw_idx gets the index
 * of the newest entry (-1 if none).
 *
 * The ring is the branch mode's: oldest at bbi when full is set, else
 * at the first entry, newest before bbi. Each entry gives from = its IP
 * (a bundle address), to = 0, and, with @cycles, the 6-bit cycle count
 * (bits 63:60 of the entry, bits 1:0 of its nibble above them);
 * mispred, predicted and type stay 0. Dropped: entries with ef = 1, whose
 * address is incomplete, and IPs outside @keep (IA64_BTB_KEEP_*).
 */
static inline unsigned int ia64_ipear_decode(const struct ia64_btb_layout *l,
					     const __u64 *pmd,
					     unsigned int keep, bool cycles,
					     struct perf_branch_entry *out,
					     __u64 *hw_idx)
{
	unsigned int depth = l->nr;
	unsigned int bbi = (unsigned int)(pmd[depth] & l->bbi_mask) % depth;
	bool full = pmd[depth] & l->full;
	unsigned int n = full ? depth : bbi;
	unsigned int k, i, ext, nr = 0;
	__u64 e, ip;

	*hw_idx = n ? (bbi + depth - 1) % depth : -1ULL;
	for (k = 0; k < n; k++) {
		i = (bbi + depth - 1 - k) % depth;
		e = pmd[i];
		ext = ia64_btb_ext(l, pmd, i);
		if (ext & IA64_IPEAR_EXT_EF)
			continue;
		ip = IA64_IPEAR_IP(e);
		if (!ia64_btb_keep(ip, keep))
			continue;
		out[nr] = (struct perf_branch_entry) {
			.from = ip,
			.cycles = cycles ? IA64_IPEAR_CYC_LO(e) |
					   (ext & IA64_IPEAR_EXT_CYC_HI) << 4 : 0,
			.priv = ia64_btb_kernel_addr(ip) ?
				PERF_BR_PRIV_KERNEL : PERF_BR_PRIV_USER,
		};
		nr++;
	}
	return nr;
}

#endif /* __IA64_PMU_IPEAR_H */
