/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * User ABI of the Itanium PMU driver (PMU "cpu", PERF_TYPE_RAW).
 *
 * Part 1: the perf_event_attr.config layout.
 * Part 2: the execution-record format of the PMU model (simulated
 *         backend, debugfs "ia64_pmu_sim/<cpu>/inject").
 */
#ifndef _UAPI_LINUX_PERF_IA64_PMU_H
#define _UAPI_LINUX_PERF_IA64_PMU_H

#include <linux/types.h>

/*
 * attr.config uses the layout of the generic PMC4-7 registers ([ITA-RM]
 * Figures 6-13/6-14), so raw codes match libpfm and the linux-ia64 tree:
 * "r1200" is es=0x12 (CPU_CYCLES), umask 0.
 *
 *   bits  3:0   must be 0 (plm comes from exclude_user/exclude_kernel)
 *   bits  6:4   must be 0 (ev, oi, pm are the driver's)
 *   bits 15:8   es        event select (Itanium: 7 bits, 14:8; bit 15
 *                          selects no event there)
 *   bits 19:16  umask     unit mask
 *   bits 22:20  thres     threshold (PMC4/5: 3 bits; PMC6/7: 2 bits)
 *   bits 25:24  ism       instruction set mask: bit 24 set disables
 *                          counting in IA-64 code, bit 25 in IA-32 code
 *                          (not on the Montecito: IA-64 only)
 *   bit  26     all       Montecito: count the events of both hardware
 *                          threads of the core, not only this one's; a
 *                          view of what other tasks do, so it needs the
 *                          privilege of a CPU-wide event (-EACCES)
 *   bits 30:27  mesi      Montecito, the events that take it (L3_READS,
 *                          L3_WRITES, L3_INSERTS, L3_LINES_REPLACED):
 *                          count only L3 lines in these states, bit 27 I,
 *                          28 S, 29 E, 30 M; 0: every state
 *   bit  32     br_mispred with PERF_SAMPLE_BRANCH_STACK: the branch
 *                          stack holds only mispredicted branches
 *                          (branch trace buffer, PMC12 ptm = ppm = 01)
 *   bits 59:33  opc_match  opcode matcher: the instruction encoding bits
 *                          40:27 and 12:0 to match, as PMC8/9 bits 59:33
 *                          ([ITA-RM] §6.2.5, Figure 6-16); see config1
 *   bits 7:0, 23, 31, 63:60
 *               opc_match_mid  Montecito (41-bit matchers, PMC33/PMC35):
 *                          the encoding bits 26:13 to match, in this
 *                          order (7:0 encoding bits 20:13, 23 bit 21, 31
 *                          bit 22, 63:60 bits 26:23); see config1's
 *                          opc_care_mid; reserved (EINVAL) on the
 *                          other models
 *   all other bits are reserved and must be 0
 */
#define IA64_PMU_CFG_ES_SHIFT		8
#define IA64_PMU_CFG_ES_MASK		(0xffULL << IA64_PMU_CFG_ES_SHIFT)
#define IA64_PMU_CFG_UMASK_SHIFT	16
#define IA64_PMU_CFG_UMASK_MASK		(0xfULL << IA64_PMU_CFG_UMASK_SHIFT)
#define IA64_PMU_CFG_THRES_SHIFT	20
#define IA64_PMU_CFG_THRES_MASK		(0x7ULL << IA64_PMU_CFG_THRES_SHIFT)
#define IA64_PMU_CFG_ISM_SHIFT		24
#define IA64_PMU_CFG_ISM_MASK		(0x3ULL << IA64_PMU_CFG_ISM_SHIFT)
#define IA64_PMU_CFG_THREAD_ALL		(1ULL << 26)
#define IA64_PMU_CFG_MESI_SHIFT		27
#define IA64_PMU_CFG_MESI_MASK		(0xfULL << IA64_PMU_CFG_MESI_SHIFT)
#define IA64_PMU_CFG_BR_MISPRED	(1ULL << 32)
#define IA64_PMU_CFG_OPC_MATCH_SHIFT	33
#define IA64_PMU_CFG_OPC_MATCH_MASK	(0x7ffffffULL << \
					 IA64_PMU_CFG_OPC_MATCH_SHIFT)
/* opc_match_mid: encoding bits 20:13, 21, 22, 26:23 */
#define IA64_PMU_CFG_OPC_MID_LO_MASK	0xffULL
#define IA64_PMU_CFG_OPC_MID_B8		(1ULL << 23)
#define IA64_PMU_CFG_OPC_MID_B9		(1ULL << 31)
#define IA64_PMU_CFG_OPC_MID_HI_SHIFT	60
#define IA64_PMU_CFG_OPC_MID_HI_MASK	(0xfULL << \
					 IA64_PMU_CFG_OPC_MID_HI_SHIFT)
#define IA64_PMU_CFG_OPC_MATCH_MID_MASK	(IA64_PMU_CFG_OPC_MID_LO_MASK | \
					 IA64_PMU_CFG_OPC_MID_B8 | \
					 IA64_PMU_CFG_OPC_MID_B9 | \
					 IA64_PMU_CFG_OPC_MID_HI_MASK)
/* The bits that go to PMC4-7 */
#define IA64_PMU_CFG_VALID		(IA64_PMU_CFG_ES_MASK | \
					 IA64_PMU_CFG_UMASK_MASK | \
					 IA64_PMU_CFG_THRES_MASK | \
					 IA64_PMU_CFG_ISM_MASK)

/*
 * attr.config1: the event address registers ([ITA-RM] §6.2.7). A
 * sampling event with an EAR attaches its last capture to each sample
 * (address, latency, TLB level, exact instruction); the event to sample
 * is the EAR's capture event, DATA_EAR_EVENTS (events/mem-loads) or
 * INSTRUCTION_EAR_EVENTS.
 *
 *   bits  1:0   ear          0: none, 1: data EAR (PMC11), 2: instruction
 *                            EAR (PMC10), 3: invalid
 *   bit   2     ear_tlb      0: cache miss mode, 1: TLB miss mode
 *   bit   3     ear_alat     data EAR in ALAT mode (Itanium 2 only): it
 *                            captures advanced load checks (ld.c, chk.a)
 *                            that missed the ALAT; no ear_tlb, tlbmask or
 *                            ldlat with it
 *   bits  7:4   ear_tlbmask  TLB mode: which misses; D-EAR, [ITA-RM]
 *                            Table 6-19: bit 5 L2 DTLB hit, bit 6 VHPT
 *                            hit, bit 7 handled by software, 0: all three;
 *                            I-EAR, Table 6-14: bit 6 VHPT hit, bit 7
 *                            software, 0: both; the Itanium 2 I-EAR
 *                            also takes bit 5 (L2 ITLB hit), 0: all three
 *   bits 23:8   ldlat        cache mode: minimum latency in cycles (load,
 *                            or instruction fetch), rounded down to a
 *                            threshold of Tables 6-12/6-17 (4, 8, ...,
 *                            4096; the Itanium 2 I-EAR has only 4, 8,
 *                            16, 32, 128, 256, 1024, 4096); 0: 4;
 *                            caps/ear_thresholds, caps/iear_thresholds
 *
 * and the qualification of the event ([ITA-RM] §6.2.4-6.2.6, §7.8):
 *
 *   bits 50:24  opc_care     opcode matcher: the encoding bits (same
 *                            layout as opc_match) that must equal
 *                            opc_match; the others are "don't care"
 *                            (PMC8/9.mask = ~opc_care)
 *   bits 21:8   opc_care_mid Montecito, with ear = 0 and no ipear (the
 *                            bits are ldlat's and ipear_delay's there):
 *                            the encoding bits 26:13 that must equal
 *                            opc_match_mid (config); 0: none, the bits
 *                            the other models' matchers skip.
 *                            reserved (EINVAL) on the other models
 *   bit  51     opc_b        match B-syllable instructions
 *   bit  52     opc_f        ... F-syllable
 *   bit  53     opc_i        ... I-syllable (A-type: opc_i and opc_m)
 *   bit  54     opc_m        ... M-syllable
 *                            none of opc_m/i/f/b: every syllable type;
 *                            opc_care = 0 and no type: the matcher's reset
 *                            value, every instruction matches
 *   bit  55     irange_approx  an address filter the instruction range
 *                            registers cannot cover exactly is covered
 *                            by the smallest larger range, not refused
 *                            (a filter is always rounded out to whole
 *                            bundles, and in the fine mode of the
 *                            Itanium 2 and the Montecito to pairs of
 *                            bundles, its granularity: at most 16 bytes
 *                            beyond each end, without irange_approx)
 *   bit  56     irange_inv   Itanium 2 only: count outside the event's
 *                            address filter (PMC8/9.inv, [PFM-I2]
 *                            PFMLIB_ITA2_RR_INV); without a filter the
 *                            event counts everywhere. The Itanium cannot
 *                            invert a range: EOPNOTSUPP there; the
 *                            Montecito only IBR pair 0's
 *   bits 58:57  ibrp_dual    Montecito dual events (ISB_BUNPAIRS_IN,
 *                            L1I_FETCH_RAB_HIT, L1I_FETCH_ISB_HIT,
 *                            L1I_FILLS): the IBR pairs of the address
 *                            filter, bit 57 pair 0 (demand fetches),
 *                            bit 58 pair 1 (prefetches), both: the
 *                            range on both; 0: pair 0. EOPNOTSUPP for
 *                            other events
 *
 * and the Montecito's IP-EAR (PMC42, [PFM-MONT]), which turns the
 * execution trace buffer into a history of retired IPs:
 *
 *   bit  63     ipear        the sampling event's branch stack
 *                            (PERF_SAMPLE_BRANCH_STACK, branch type ANY
 *                            only) holds the last retired IPs instead of
 *                            branches, newest first: from = the IP's
 *                            bundle, to = 0, cycles = the cycles since the
 *                            IP before it (0-63); EOPNOTSUPP on models
 *                            without an IP-EAR; no ear, ear_tlb, ear_alat,
 *                            ear_tlbmask or br_mispred with it (EINVAL)
 *   bits 23:8   ipear_delay  with ipear (the ldlat bits): cycles by which
 *                            the buffer's freeze follows an overflow,
 *                            0-255, larger is EINVAL
 *   all other bits are reserved and must be 0
 *
 * attr.config2: a data address range ([ITA-RM] §6.2.6), for events that
 * support one: the naturally aligned power-of-two range of 2^(n+1) bytes
 * at base, as base | (2^n - 1) (the lowest zero bit is bit n); 0: none.
 * E.g. the 4 KiB at 0x601000: 0x6017ff.
 */
#define IA64_PMU_CFG1_EAR_MASK		0x3ULL
#define IA64_PMU_CFG1_EAR_DATA		0x1ULL
#define IA64_PMU_CFG1_EAR_INST		0x2ULL
#define IA64_PMU_CFG1_EAR_TLB		(1ULL << 2)
#define IA64_PMU_CFG1_EAR_ALAT		(1ULL << 3)
#define IA64_PMU_CFG1_TLBMASK_SHIFT	4
#define IA64_PMU_CFG1_TLBMASK_MASK	(0xfULL << IA64_PMU_CFG1_TLBMASK_SHIFT)
#define IA64_PMU_CFG1_LDLAT_SHIFT	8
#define IA64_PMU_CFG1_LDLAT_MASK	(0xffffULL << IA64_PMU_CFG1_LDLAT_SHIFT)
/* The bits of the event address registers */
#define IA64_PMU_CFG1_EAR_BITS		(IA64_PMU_CFG1_EAR_MASK | \
					 IA64_PMU_CFG1_EAR_TLB | \
					 IA64_PMU_CFG1_EAR_ALAT | \
					 IA64_PMU_CFG1_TLBMASK_MASK | \
					 IA64_PMU_CFG1_LDLAT_MASK)
#define IA64_PMU_CFG1_OPC_CARE_SHIFT	24
#define IA64_PMU_CFG1_OPC_CARE_MASK	(0x7ffffffULL << \
					 IA64_PMU_CFG1_OPC_CARE_SHIFT)
#define IA64_PMU_CFG1_OPC_CARE_MID_SHIFT 8
#define IA64_PMU_CFG1_OPC_CARE_MID_MASK	(0x3fffULL << \
					 IA64_PMU_CFG1_OPC_CARE_MID_SHIFT)
#define IA64_PMU_CFG1_OPC_TYPES_SHIFT	51	/* b, f, i, m */
#define IA64_PMU_CFG1_OPC_TYPES_MASK	(0xfULL << \
					 IA64_PMU_CFG1_OPC_TYPES_SHIFT)
#define IA64_PMU_CFG1_IRANGE_APPROX	(1ULL << 55)
#define IA64_PMU_CFG1_IRANGE_INV	(1ULL << 56)
#define IA64_PMU_CFG1_IBRP_DUAL_SHIFT	57
#define IA64_PMU_CFG1_IBRP_DUAL_MASK	(0x3ULL << \
					 IA64_PMU_CFG1_IBRP_DUAL_SHIFT)
#define IA64_PMU_CFG1_IPEAR		(1ULL << 63)
#define IA64_PMU_CFG1_IPEAR_DELAY_SHIFT	IA64_PMU_CFG1_LDLAT_SHIFT
#define IA64_PMU_CFG1_IPEAR_DELAY_MASK	IA64_PMU_CFG1_LDLAT_MASK
#define IA64_PMU_CFG1_VALID		(IA64_PMU_CFG1_EAR_BITS | \
					 IA64_PMU_CFG1_OPC_CARE_MASK | \
					 IA64_PMU_CFG1_OPC_TYPES_MASK | \
					 IA64_PMU_CFG1_IRANGE_APPROX | \
					 IA64_PMU_CFG1_IRANGE_INV | \
					 IA64_PMU_CFG1_IBRP_DUAL_MASK | \
					 IA64_PMU_CFG1_IPEAR)

#define IA64_PMU_CONFIG(es, umask) \
	(((__u64)(es) << IA64_PMU_CFG_ES_SHIFT) | \
	 ((__u64)(umask) << IA64_PMU_CFG_UMASK_SHIFT))


/*
 * Part 2: execution records, the stimulus of the PMU model.
 *
 * A write to the simulated backend's "inject" file is a byte stream of
 * variable-size records in native endianness. Each record begins with
 * struct ia64_pmu_rec_hdr and struct ia64_pmu_rec_ctx; its size is a
 * multiple of 8 and includes the header. A stream that contains one
 * malformed record is refused whole (-EINVAL). Malformed means: shorter
 * than its header or its type requires, size not a multiple of 8 or not
 * the exact size of its type, unknown type, unknown flags, a non-zero
 * reserved field ("__reserved*"), or a field value out of its range.
 *
 * Every record describes something that happens "repeat" times in a row
 * at instruction pointer "ip", at privilege level "cpl" in instruction
 * set "isa". Each monitor decides per record whether it counts, with the
 * record's cpl and isa in place of PSR.cpl and PSR.is in the monitor
 * enable equation ([ITA-RM] §6.2.1); PSR.up, PSR.pp and PSR.db are the
 * PMU's own. Qualification by instruction address range (IBRs, PMC13),
 * opcode match (PMC8/9) and data address range (DBRs, PMC11.pt) uses the
 * record's ip, slot, encoding and data address, for the events that
 * support it in [ITA-RM] §7.8.
 *
 * Counting semantics (event names of [ITA-RM] §7.8):
 * - Only cycles records make time pass: each repetition is one CPU cycle
 *   and counts CPU_CYCLES once, plus the listed per-cycle increments.
 * - Every other record counts the events it implies, once per
 *   repetition, in no extra cycle. Their "obvious" events are listed
 *   with each record type below. Anything else can be expressed with the
 *   per-event increments of a cycles record.
 * - Thresholds (PMC.threshold) compare the per-cycle increment of one
 *   repetition; the maximum increment per cycle of every event (§7.8)
 *   is enforced when the record is checked.
 */

/* struct ia64_pmu_rec_hdr.type */
#define IA64_PMU_REC_CYCLES	1	/* struct ia64_pmu_rec_cycles */
#define IA64_PMU_REC_INST	2	/* struct ia64_pmu_rec_inst */
#define IA64_PMU_REC_MEM	3	/* struct ia64_pmu_rec_mem */
#define IA64_PMU_REC_FETCH	4	/* struct ia64_pmu_rec_fetch */
#define IA64_PMU_REC_BRANCH	5	/* struct ia64_pmu_rec_branch */
#define IA64_PMU_REC_XFER	6	/* struct ia64_pmu_rec_xfer */

struct ia64_pmu_rec_hdr {
	__u16 type;	/* IA64_PMU_REC_* */
	__u16 size;	/* bytes, multiple of 8, includes this header */
	__u32 flags;	/* type-specific IA64_PMU_REC_<TYPE>_* flags */
};

/* struct ia64_pmu_rec_ctx.isa: the instruction set, PSR.is */
#define IA64_PMU_ISA_IA64	0
#define IA64_PMU_ISA_IA32	1

/*
 * Where and how often: present in every record, after the header.
 * ip:   bundle address (IA-64) or linear IP (IA-32), no alignment
 *       required; also the interrupted IP of a sample taken on this
 *       record.
 * slot: instruction slot in the bundle, 0..2; 0 for IA-32 and for
 *       cycles and fetch records.
 * thread: the hardware thread of the core that runs it: 0 this CPU's
 *       own, 1 its sibling, which exists only when the model runs two
 *       threads per core (Montecito, model=montecito,threads=2). The
 *       sibling's records are counted only by counters whose PMC has
 *       the "all" bit (IA64_PMU_CFG_THREAD_ALL); nothing else of this
 *       CPU's PMU sees them (EARs, branch buffer, interrupts of its
 *       own).
 */
struct ia64_pmu_rec_ctx {
	__u64 ip;
	__u64 repeat;	/* number of repetitions, >= 1 */
	__u8 cpl;	/* privilege level 0..3 (PSR.cpl) */
	__u8 isa;	/* IA64_PMU_ISA_* (PSR.is) */
	__u8 slot;
	__u8 thread;	/* 0, or 1 with two threads per core */
	__u32 __reserved1;
};

/*
 * IA64_PMU_REC_CYCLES: "repeat" cycles. Each counts CPU_CYCLES once and
 * each listed event "inc" times. An event is named as a PMC would select
 * it (code = PMC.es, umask = PMC.umask); it is counted by the monitors
 * programmed with the same code and a umask equal in the bits that tell
 * the event's variants apart (e.g. the "11" of "xx11"). Rules: the code
 * and umask must name a §7.8 event other than CPU_CYCLES, 1 <= inc <=
 * its max. increment per cycle, no two entries may name the same event.
 * Events that support instruction address range checking are qualified
 * with ctx.ip; opcode and data address range qualifiers are not applied.
 * Flags: none yet.
 */
#define IA64_PMU_REC_MAX_EVENTS	16

struct ia64_pmu_rec_event {
	__u8 code;	/* event code (es), 0..0x7f (0xff: Itanium 2) */
	__u8 umask;	/* unit mask, 0..0xf */
	__u8 inc;	/* increment per cycle, 1..max of the event */
	__u8 __reserved[5];
};

struct ia64_pmu_rec_cycles {
	struct ia64_pmu_rec_hdr hdr;	/* size = 40 + 8 * nr_events */
	struct ia64_pmu_rec_ctx ctx;
	__u16 nr_events;		/* 0..IA64_PMU_REC_MAX_EVENTS */
	__u16 __reserved[3];
	struct ia64_pmu_rec_event events[];
};

/* struct ia64_pmu_rec_inst.itype: syllable type */
#define IA64_PMU_ITYPE_M	0
#define IA64_PMU_ITYPE_I	1
#define IA64_PMU_ITYPE_F	2
#define IA64_PMU_ITYPE_B	3
#define IA64_PMU_ITYPE_L	4	/* slot 1 of an MLX bundle */
#define IA64_PMU_ITYPE_X	5	/* slot 2 of an MLX bundle */

/* Instruction record flags */
#define IA64_PMU_REC_INST_NOP		0x1	/* a nop */
#define IA64_PMU_REC_INST_PRED_OFF	0x2	/* predicated off */

/*
 * IA64_PMU_REC_INST: "repeat" times, "per_cycle" identical instructions
 * retire together in one cycle (the per-cycle increment seen by
 * thresholds).
 * IA-64 (isa 0): counts IA64_INST_RETIRED (umask 0000, all
 * instructions), IA64_TAGGED_INST_RETIRED (umask 0011 if tagged by PMC8,
 * 0010 if tagged by PMC9, [ITA-RM] §6.2.5), INST_DISPERSED,
 * NOPS_RETIRED (flag NOP), PREDICATE_SQUASHED_RETIRED (flag PRED_OFF).
 * per_cycle 1..6; slot 0..2, L only in slot 1 and X only in slot 2.
 * The opcode matcher sees L and X as an I-syllable.
 * IA-32 (isa 1): counts IA32_INST_RETIRED; per_cycle 1..2, and slot,
 * itype, encoding and flags must be 0.
 */
struct ia64_pmu_rec_inst {
	struct ia64_pmu_rec_hdr hdr;	/* size = 48 */
	struct ia64_pmu_rec_ctx ctx;
	__u64 encoding;	/* 41-bit instruction encoding, bits 63:41 zero */
	__u8 itype;	/* IA64_PMU_ITYPE_* */
	__u8 per_cycle;	/* instructions retired per cycle */
	__u8 __reserved[6];
};

/* Memory hierarchy level that supplied the data or the instructions */
#define IA64_PMU_LVL_L1		0	/* L1 hit */
#define IA64_PMU_LVL_L2		1
#define IA64_PMU_LVL_L3		2
#define IA64_PMU_LVL_MEM	3

/* Outcome of the TLB lookup */
#define IA64_PMU_TLB_L1		0	/* L1 DTLB / ITLB hit */
#define IA64_PMU_TLB_L2		1	/* L1 DTLB miss, L2 DTLB hit (data) */
#define IA64_PMU_TLB_VHPT	2	/* inserted by the VHPT walker */
#define IA64_PMU_TLB_SW		3	/* handled by software */

/* struct ia64_pmu_rec_mem.op */
#define IA64_PMU_MEM_LOAD	0
#define IA64_PMU_MEM_STORE	1

/* Memory record flags */
#define IA64_PMU_REC_MEM_UC	0x1	/* uncacheable access */
/*
 * The state of the line in L3 when the access looked it up
 * (IA64_PMU_REC_MEM_L3(state), bits 3:2 of the flags): an access served
 * by memory (level MEM) found it invalid (I); one served by L3 found it
 * exclusive (E) unless IA64_PMU_L3_S or IA64_PMU_L3_M says shared or
 * modified. Only for accesses that reached L3. The Montecito's MESI
 * filter selects by it.
 */
#define IA64_PMU_REC_MEM_L3_SHIFT	2
#define IA64_PMU_REC_MEM_L3_MASK	(0x3 << IA64_PMU_REC_MEM_L3_SHIFT)
#define IA64_PMU_REC_MEM_L3(state)	((state) << IA64_PMU_REC_MEM_L3_SHIFT)
#define IA64_PMU_L3_DEFAULT	0	/* E for an L3 hit, I for a miss */
#define IA64_PMU_L3_S		1
#define IA64_PMU_L3_M		2

/*
 * An advanced load check (ld.c, or chk.a) that found no matching ALAT
 * entry, so the value had to be reloaded or recovery code runs; an IA-64
 * load (op LOAD). The Itanium 2 data EAR captures these in ALAT mode.
 */
#define IA64_PMU_REC_MEM_ALAT_MISS	0x2

/*
 * IA64_PMU_REC_MEM: "repeat" retired memory accesses by the instruction
 * at ip/slot, one per cycle. Counts DATA_REFERENCES_RETIRED,
 * LOADS_RETIRED or STORES_RETIRED, UC_LOADS_RETIRED/UC_STORES_RETIRED
 * (flag UC), MISALIGNED_LOADS/STORES_RETIRED (daddr not a multiple of
 * size), and for cacheable accesses: L1D_READS_RETIRED (loads),
 * L1D_READ_MISSES_RETIRED (loads, level > L1), L2_DATA_REFERENCES
 * (loads missing L1, all stores: L1D is write-through), L2_REFERENCES,
 * L2_MISSES (level > L2), L3_REFERENCES, L3_MISSES (level MEM),
 * L3_READS.DATA_READS / L3_WRITES.DATA_WRITES (.HIT/.MISS), and for
 * the TLB outcome DTC_MISSES (not L1), DTLB_MISSES (VHPT, SW),
 * DTLB_INSERTS_HPW (VHPT). Loads feed the data EAR in cache mode, all
 * accesses in TLB mode ([ITA-RM] §6.2.7.4), ALAT_MISS loads in the
 * Itanium 2's ALAT mode; DATA_EAR_EVENTS counts its captures. size: 1,
 * 2, 4, 8, 10 or 16 bytes; the data address and encoding are those of
 * the access (IA-32: encoding 0).
 */
struct ia64_pmu_rec_mem {
	struct ia64_pmu_rec_hdr hdr;	/* size = 56 */
	struct ia64_pmu_rec_ctx ctx;
	__u64 daddr;	/* data (virtual) address */
	__u64 encoding;	/* 41-bit encoding of the M-syllable (IA-64) */
	__u32 latency;	/* cycles from issue to data return */
	__u8 level;	/* IA64_PMU_LVL_* */
	__u8 tlb;	/* IA64_PMU_TLB_* */
	__u8 op;	/* IA64_PMU_MEM_* */
	__u8 size;	/* access size in bytes */
};

/* Fetch record flags */
#define IA64_PMU_REC_FETCH_PREFETCH	0x1	/* prefetch, not demand */

/*
 * IA64_PMU_REC_FETCH: "repeat" instruction fetches of the 32-byte line
 * at ip. Demand fetches count L1I_DEMAND_READS, L2_INST_DEMAND_READS
 * (level > L1), ITLB_MISSES_FETCH (tlb VHPT or SW), ITLB_INSERTS_HPW
 * (VHPT) and feed the instruction EAR ([ITA-RM] §6.2.7.1);
 * INSTRUCTION_EAR_EVENTS counts its captures. Prefetches count
 * L1I_PREFETCH_READS and L2_INST_PREFETCH_READS (level > L1). Lines
 * from beyond L1 count ISB_LINES_IN, L2_REFERENCES, L2_MISSES (level >
 * L2), L3_REFERENCES, L3_MISSES, L3_READS.INST_READS.*. tlb: L1, VHPT
 * or SW (no L2 ITLB); slot must be 0.
 */
struct ia64_pmu_rec_fetch {
	struct ia64_pmu_rec_hdr hdr;	/* size = 40 */
	struct ia64_pmu_rec_ctx ctx;
	__u32 latency;	/* cycles the fetch was in flight */
	__u8 level;	/* IA64_PMU_LVL_* that supplied the line */
	__u8 tlb;	/* IA64_PMU_TLB_L1, _VHPT or _SW */
	__u8 __reserved[2];
};

/* struct ia64_pmu_rec_branch.btype */
#define IA64_PMU_BR_COND	0	/* IP-relative conditional (br.cond) */
#define IA64_PMU_BR_CALL	1	/* br.call */
#define IA64_PMU_BR_RET		2	/* br.ret */
#define IA64_PMU_BR_IND		3	/* indirect, non-return, non-call */
#define IA64_PMU_BR_LOOP	4	/* counted / modulo-scheduled loop */
#define IA64_PMU_BR_IA		5	/* br.ia to IA-32 */
#define IA64_PMU_BR_IND_CALL	6	/* br.call through a branch register */

/*
 * btype, as the Itanium 2 branch trace buffer (PMC12.brt) and
 * BR_MISPRED_DETAIL tell branches apart: COND, CALL (IP-relative) and
 * LOOP are IP-relative; RET is a return; IND, IA and IND_CALL are the
 * non-return indirect branches.
 */

/* struct ia64_pmu_rec_branch.predictor ([ITA-RM] §6.2.8.1) */
#define IA64_PMU_PRED_TAR	0	/* target address registers, stage 1 */
#define IA64_PMU_PRED_TAC	1	/* target address cache, stage 2 */
#define IA64_PMU_PRED_BAC	2	/* branch address calculator, stage 3 */

/* Branch record flags */
#define IA64_PMU_REC_BR_TAKEN		0x1
#define IA64_PMU_REC_BR_MISPRED_PATH	0x2	/* taken/not taken wrong */
#define IA64_PMU_REC_BR_MISPRED_TARGET	0x4	/* only if taken */
#define IA64_PMU_REC_BR_MULTIWAY	0x8	/* in a multiway bundle */
/* the second bundle of its issue group, which begins at ip - 16 */
#define IA64_PMU_REC_BR_BUNDLE1		0x10

/*
 * IA64_PMU_REC_BRANCH: "repeat" retirements of the branch at ip/slot
 * (IA-64 only), one per cycle. Counts BRANCH_PATH.*, BRANCH_PREDICTOR.*
 * (stage from "predictor"), BRANCH_MULTIWAY.* (flag MULTIWAY),
 * BRANCH_TAKEN_SLOT, and feeds the branch trace buffer ([ITA-RM]
 * §6.2.8): the branch (ip, slot or 3 if not taken, mispredict bit) and
 * then "target"; BRANCH_EVENT counts captured branches. The Itanium 2
 * filters by btype too (PMC12.brt) and counts BR_MISPRED_DETAIL by it;
 * its BTB records a branch of flag BUNDLE1 at the first bundle of the
 * issue group, ip - 16, with PMD16's b1 bit set.
 */
struct ia64_pmu_rec_branch {
	struct ia64_pmu_rec_hdr hdr;	/* size = 56 */
	struct ia64_pmu_rec_ctx ctx;
	__u64 target;	/* target bundle (fall-through if not taken) */
	__u64 encoding;	/* 41-bit encoding of the B-syllable */
	__u8 btype;	/* IA64_PMU_BR_* */
	__u8 predictor;	/* IA64_PMU_PRED_* */
	__u8 __reserved[6];
};

/* struct ia64_pmu_rec_xfer.kind */
#define IA64_PMU_XFER_INTR	0	/* an interruption: to its vector */
#define IA64_PMU_XFER_RFI	1	/* an rfi: back to the interrupted IP */

/* Control transfer record flags */
#define IA64_PMU_REC_XFER_MP	0x1	/* the source entry's mp bit */

/*
 * The model's cr.iva, the address of its interruption vector table
 * ([SDM-2]: 32 KiB, aligned to its size; twenty vectors of 64 bundles
 * at offsets 0x0000-0x4c00, then 48 of 16 bundles at 0x5000-0x7f00).
 * MODEL: the model runs no IA-64 code; any aligned kernel address would
 * do.
 */
#define IA64_PMU_MODEL_IVA	0xa000000100020000ULL

/*
 * IA64_PMU_REC_XFER: "repeat" control transfers that are not branches,
 * which the Montecito's execution trace buffer records besides branches
 * ([PFM-MONT]: "branches, traps, rfi"): an interruption (kind INTR) of
 * the instruction at ip/slot, at its cpl, to the vector at offset
 * "target" in the IVT (one of the offsets above); or (kind RFI) an rfi
 * at ip/slot, cpl 0, to the bundle "target". IA-64 only. They count no
 * event. MODEL: the buffer records each as a branch: a source entry
 * (ip, slot, mp = flag MP) and a target entry (IA64_PMU_MODEL_IVA +
 * target, or target), when PMC39 captures taken branches (tm = 1x) at
 * the source's privilege level, whatever ptm, ppm and brt; the model
 * keeps the bundles of the rfi it ran as its code memory, which the
 * simulated backend reads for the driver. A buffer without that
 * record kind (Itanium, Itanium 2: [ITA-RM] §6.2.8.2) records nothing.
 */
struct ia64_pmu_rec_xfer {
	struct ia64_pmu_rec_hdr hdr;	/* size = 48 */
	struct ia64_pmu_rec_ctx ctx;
	__u64 target;	/* INTR: vector offset; RFI: target bundle */
	__u8 kind;	/* IA64_PMU_XFER_* */
	__u8 __reserved[7];
};

#endif /* _UAPI_LINUX_PERF_IA64_PMU_H */
