// SPDX-License-Identifier: GPL-2.0
/*
 * Event table of the Itanium (Merced) PMU model, transcribed from
 * [ITA-RM] §7.8 "Performance Monitor Event List", in the order of §7.8.
 *
 * Columns: name, event code, unit mask, counters, max. increment/cycle,
 * qualification support. Notes on the transcription:
 * - BUS_BRQ_LIVE_REQ_LO/HI and BUS_IOQ_LIVE_REQ_LO/HI are one §7.8 entry
 *   each ("Event Code: 0x5c (HI), 0x5b (LO)"); they are two rows here.
 * - Bus events with "Umask: See Section 7.6.5" use Table 7-22; the notes
 *   "only Any (and Self) supported" restrict the defined umasks.
 * - BUS_ALL, BUS_RD_DATA, BUS_RD_INVAL_BST and BUS_RD_PRTL have no
 *   qualification line in the text; like every other bus event they are
 *   taken as not qualifiable.
 * - FP_OPS_RETIRED_LO and RSE_LOADS_RETIRED refer to FP_OPS_RETIRED_HI
 *   and RSE_REFERENCES_RETIRED for their qualification.
 * - ALAT_INST_CHKA_LDC.* and ALAT_INST_FAILED_CHKA_LDC.* support the
 *   data address range "no for chk.a, and yes for ld.c" (Q_DAR_LDC).
 * - IA64_INST_RETIRED (umask 0000) and IA64_TAGGED_INST_RETIRED
 *   (Table 7-30) share event code 0x08.
 */
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "pmu_model_events.h"

#define UM_PAT(m, v)	.umask_kind = IA64_MODEL_UM_PAT, \
			.umask_mask = (m), .umask_val = (v)
#define UM_IGN		.umask_kind = IA64_MODEL_UM_IGN
#define UM_BUS		.umask_kind = IA64_MODEL_UM_BUS
#define UM_BUS_AS	.umask_kind = IA64_MODEL_UM_BUS_AS
#define UM_BUS_A	.umask_kind = IA64_MODEL_UM_BUS_A
#define UM_TAG_SELECT	.umask_kind = IA64_MODEL_UM_TAG_SELECT
#define UM_SLOT		.umask_kind = IA64_MODEL_UM_SLOT
#define UM_L2FLUSH	.umask_kind = IA64_MODEL_UM_L2FLUSH
#define UM_PFLUSH	.umask_kind = IA64_MODEL_UM_PFLUSH
#define P4567		0xf0
#define P45		0x30
#define Q_IAR		IA64_MODEL_Q_IAR
#define Q_OPC		IA64_MODEL_Q_OPC
#define Q_DAR		IA64_MODEL_Q_DAR
#define Q_DAR_LDC	IA64_MODEL_Q_DAR_LDC

#define EV(n, c, um, p, x, q) \
	{ .name = (n), .code = (c), um, .pmds = (p), .max_inc = (x), \
	  .qual = (q) }

const struct ia64_model_event ia64_model_itanium_events[] = {
	EV("ALAT_REPLACEMENT.ALL",
	   0x38, UM_PAT(0x3, 0x3), P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("ALAT_REPLACEMENT.FP",
	   0x38, UM_PAT(0x3, 0x2), P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("ALAT_REPLACEMENT.INTEGER",
	   0x38, UM_PAT(0x3, 0x1), P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("ALAT_INST_CHKA_LDC.ALL",
	   0x36, UM_PAT(0x3, 0x3), P4567, 2, Q_IAR | Q_OPC | Q_DAR_LDC),
	EV("ALAT_INST_CHKA_LDC.FP",
	   0x36, UM_PAT(0x3, 0x2), P4567, 2, Q_IAR | Q_OPC | Q_DAR_LDC),
	EV("ALAT_INST_CHKA_LDC.INTEGER",
	   0x36, UM_PAT(0x3, 0x1), P4567, 2, Q_IAR | Q_OPC | Q_DAR_LDC),
	EV("ALAT_INST_FAILED_CHKA_LDC.ALL",
	   0x37, UM_PAT(0x3, 0x3), P4567, 2, Q_IAR | Q_OPC | Q_DAR_LDC),
	EV("ALAT_INST_FAILED_CHKA_LDC.FP",
	   0x37, UM_PAT(0x3, 0x2), P4567, 2, Q_IAR | Q_OPC | Q_DAR_LDC),
	EV("ALAT_INST_FAILED_CHKA_LDC.INTEGER",
	   0x37, UM_PAT(0x3, 0x1), P4567, 2, Q_IAR | Q_OPC | Q_DAR_LDC),
	EV("ALL_STOPS_DISPERSED", 0x2f, UM_IGN, P4567, 1, Q_IAR),
	EV("BRANCH_EVENT", 0x11, UM_IGN, P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.ALL_PATHS.ALL_PREDICTIONS",
	   0x0e, UM_PAT(0xf, 0x0), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.ALL_PATHS.CORRECT_PREDICTIONS",
	   0x0e, UM_PAT(0xf, 0x1), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.ALL_PATHS.WRONG_PATH",
	   0x0e, UM_PAT(0xf, 0x2), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.ALL_PATHS.WRONG_TARGET",
	   0x0e, UM_PAT(0xf, 0x3), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.NOT_TAKEN.ALL_PREDICTIONS",
	   0x0e, UM_PAT(0xf, 0x8), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.NOT_TAKEN.CORRECT_PREDICTIONS",
	   0x0e, UM_PAT(0xf, 0x9), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.NOT_TAKEN.WRONG_PATH",
	   0x0e, UM_PAT(0xf, 0xa), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.NOT_TAKEN.WRONG_TARGET",
	   0x0e, UM_PAT(0xf, 0xb), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.TAKEN.ALL_PREDICTIONS",
	   0x0e, UM_PAT(0xf, 0xc), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.TAKEN.CORRECT_PREDICTIONS",
	   0x0e, UM_PAT(0xf, 0xd), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.TAKEN.WRONG_PATH",
	   0x0e, UM_PAT(0xf, 0xe), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_MULTIWAY.TAKEN.WRONG_TARGET",
	   0x0e, UM_PAT(0xf, 0xf), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.ALL.NT_OUTCOMES_CORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x2), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.ALL.TK_OUTCOMES_CORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x3), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.ALL.NT_OUTCOMES_INCORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x0), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.ALL.TK_OUTCOMES_INCORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x1), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.1ST_STAGE.NT_OUTCOMES_CORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x6), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.1ST_STAGE.TK_OUTCOMES_CORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x7), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.1ST_STAGE.NT_OUTCOMES_INCORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x4), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.1ST_STAGE.TK_OUTCOMES_INCORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x5), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.2ND_STAGE.NT_OUTCOMES_CORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0xa), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.2ND_STAGE.TK_OUTCOMES_CORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0xb), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.2ND_STAGE.NT_OUTCOMES_INCORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x8), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.2ND_STAGE.TK_OUTCOMES_INCORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0x9), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.3RD_STAGE.NT_OUTCOMES_CORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0xe), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.3RD_STAGE.TK_OUTCOMES_CORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0xf), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.3RD_STAGE.NT_OUTCOMES_INCORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0xc), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PATH.3RD_STAGE.TK_OUTCOMES_INCORRECTLY_PREDICTED",
	   0x0f, UM_PAT(0xf, 0xd), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.ALL.ALL_PREDICTIONS",
	   0x10, UM_PAT(0xf, 0x0), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.ALL.CORRECT_PREDICTIONS",
	   0x10, UM_PAT(0xf, 0x1), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.ALL.WRONG_PATH",
	   0x10, UM_PAT(0xf, 0x2), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.ALL.WRONG_TARGET",
	   0x10, UM_PAT(0xf, 0x3), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.1ST_STAGE.ALL_PREDICTIONS",
	   0x10, UM_PAT(0xf, 0x4), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.1ST_STAGE.CORRECT_PREDICTIONS",
	   0x10, UM_PAT(0xf, 0x5), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.1ST_STAGE.WRONG_PATH",
	   0x10, UM_PAT(0xf, 0x6), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.1ST_STAGE.WRONG_TARGET",
	   0x10, UM_PAT(0xf, 0x7), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.2ND_STAGE.ALL_PREDICTIONS",
	   0x10, UM_PAT(0xf, 0x8), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.2ND_STAGE.CORRECT_PREDICTIONS",
	   0x10, UM_PAT(0xf, 0x9), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.2ND_STAGE.WRONG_PATH",
	   0x10, UM_PAT(0xf, 0xa), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.2ND_STAGE.WRONG_TARGET",
	   0x10, UM_PAT(0xf, 0xb), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.3RD_STAGE.ALL_PREDICTIONS",
	   0x10, UM_PAT(0xf, 0xc), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.3RD_STAGE.CORRECT_PREDICTIONS",
	   0x10, UM_PAT(0xf, 0xd), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.3RD_STAGE.WRONG_PATH",
	   0x10, UM_PAT(0xf, 0xe), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_PREDICTOR.3RD_STAGE.WRONG_TARGET",
	   0x10, UM_PAT(0xf, 0xf), P4567, 1, Q_IAR | Q_OPC),
	EV("BRANCH_TAKEN_SLOT", 0x0d, UM_SLOT, P4567, 1, Q_IAR | Q_OPC),
	EV("BUS_ALL", 0x47, UM_BUS, P4567, 1, 0),
	EV("BUS_BRQ_LIVE_REQ_LO", 0x5b, UM_IGN, P4567, 2, 0),
	EV("BUS_BRQ_LIVE_REQ_HI", 0x5c, UM_IGN, P4567, 2, 0),
	EV("BUS_BRQ_READ_REQ_INSERTED", 0x5d, UM_IGN, P4567, 1, 0),
	EV("BUS_BURST", 0x49, UM_BUS, P4567, 1, 0),
	EV("BUS_HITM", 0x44, UM_IGN, P4567, 1, 0),
	EV("BUS_IO", 0x50, UM_BUS_AS, P4567, 1, 0),
	EV("BUS_IOQ_LIVE_REQ_LO", 0x57, UM_IGN, P4567, 3, 0),
	EV("BUS_IOQ_LIVE_REQ_HI", 0x58, UM_IGN, P4567, 3, 0),
	EV("BUS_LOCK", 0x53, UM_BUS_A, P4567, 1, 0),
	EV("BUS_LOCK_CYCLES", 0x54, UM_BUS_A, P4567, 1, 0),
	EV("BUS_MEMORY", 0x4a, UM_BUS, P4567, 1, 0),
	EV("BUS_PARTIAL", 0x48, UM_BUS, P4567, 1, 0),
	EV("BUS_RD_ALL", 0x4b, UM_BUS, P4567, 1, 0),
	EV("BUS_RD_DATA", 0x4c, UM_BUS, P4567, 1, 0),
	EV("BUS_RD_HIT", 0x40, UM_IGN, P4567, 1, 0),
	EV("BUS_RD_HITM", 0x41, UM_IGN, P4567, 1, 0),
	EV("BUS_RD_INVAL", 0x4e, UM_BUS, P4567, 1, 0),
	EV("BUS_RD_INVAL_BST", 0x4f, UM_BUS, P4567, 1, 0),
	EV("BUS_RD_INVAL_HITM", 0x42, UM_IGN, P4567, 1, 0),
	EV("BUS_RD_INVAL_BST_HITM", 0x43, UM_IGN, P4567, 1, 0),
	EV("BUS_RD_IO", 0x51, UM_BUS_AS, P4567, 1, 0),
	EV("BUS_RD_PRTL", 0x4d, UM_BUS, P4567, 1, 0),
	EV("BUS_SNOOPS", 0x46, UM_BUS_A, P4567, 1, 0),
	EV("BUS_SNOOPS_HITM", 0x45, UM_BUS_A, P4567, 1, 0),
	EV("BUS_SNOOP_STALL_CYCLES", 0x55, UM_BUS_AS, P4567, 1, 0),
	EV("BUS_SNOOPQ_REQ", 0x56, UM_IGN, P45, 3, 0),
	EV("BUS_WR_WB", 0x52, UM_BUS, P4567, 1, 0),
	EV("CPU_CPL_CHANGES", 0x34, UM_IGN, P4567, 1, 0),
	EV("CPU_CYCLES", 0x12, UM_IGN, P4567, 1, 0),
	EV("DATA_ACCESS_CYCLE", 0x03, UM_IGN, P4567, 1, 0),
	EV("DATA_EAR_EVENTS", 0x67, UM_IGN, P4567, 1, Q_IAR | Q_OPC),
	EV("DATA_REFERENCES_RETIRED",
	   0x63, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("DEPENDENCY_ALL_CYCLE", 0x06, UM_IGN, P4567, 1, 0),
	EV("DEPENDENCY_SCOREBOARD_CYCLE", 0x02, UM_IGN, P4567, 1, 0),
	EV("DTC_MISSES", 0x60, UM_IGN, P4567, 1, Q_IAR | Q_OPC),
	EV("DTLB_INSERTS_HPW", 0x62, UM_IGN, P4567, 1, Q_IAR | Q_OPC),
	EV("DTLB_MISSES", 0x61, UM_IGN, P4567, 1, Q_IAR | Q_OPC),
	EV("EXPL_STOPS_DISPERSED", 0x2e, UM_IGN, P4567, 1, Q_IAR),
	EV("FP_OPS_RETIRED_HI", 0x0a, UM_IGN, P4567, 3, Q_IAR | Q_OPC),
	EV("FP_OPS_RETIRED_LO", 0x09, UM_IGN, P4567, 3, Q_IAR | Q_OPC),
	EV("FP_FLUSH_TO_ZERO", 0x0b, UM_IGN, P4567, 2, Q_IAR | Q_OPC),
	EV("FP_SIR_FLUSH", 0x0c, UM_IGN, P4567, 2, Q_IAR | Q_OPC),
	EV("IA32_INST_RETIRED", 0x15, UM_IGN, P4567, 2, 0),
	EV("IA64_INST_RETIRED", 0x08, UM_PAT(0xf, 0x0), P45, 6, Q_IAR | Q_OPC),
	EV("IA64_TAGGED_INST_RETIRED",
	   0x08, UM_TAG_SELECT, P45, 6, Q_IAR | Q_OPC),
	EV("INST_ACCESS_CYCLE", 0x01, UM_IGN, P4567, 1, 0),
	EV("INST_DISPERSED", 0x2d, UM_IGN, P45, 6, Q_IAR),
	EV("INST_FAILED_CHKS_RETIRED.ALL",
	   0x35, UM_PAT(0x3, 0x3), P4567, 1, Q_IAR | Q_OPC),
	EV("INST_FAILED_CHKS_RETIRED.FP",
	   0x35, UM_PAT(0x3, 0x2), P4567, 1, Q_IAR | Q_OPC),
	EV("INST_FAILED_CHKS_RETIRED.INTEGER",
	   0x35, UM_PAT(0x3, 0x1), P4567, 1, Q_IAR | Q_OPC),
	EV("INSTRUCTION_EAR_EVENTS", 0x23, UM_IGN, P4567, 1, Q_IAR),
	EV("ISA_TRANSITIONS", 0x14, UM_IGN, P4567, 1, 0),
	EV("ISB_LINES_IN", 0x26, UM_IGN, P4567, 1, 0),
	EV("ITLB_INSERTS_HPW", 0x28, UM_IGN, P4567, 1, Q_IAR),
	EV("ITLB_MISSES_FETCH", 0x27, UM_IGN, P4567, 1, Q_IAR),
	EV("L1D_READ_FORCED_MISSES_RETIRED",
	   0x6b, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("L1D_READ_MISSES_RETIRED",
	   0x66, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("L1D_READS_RETIRED", 0x64, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("L1I_DEMAND_READS", 0x20, UM_IGN, P4567, 1, Q_IAR),
	EV("L1I_FILLS", 0x21, UM_IGN, P4567, 1, 0),
	EV("L1I_PREFETCH_READS", 0x24, UM_IGN, P4567, 1, Q_IAR),
	EV("L2_DATA_REFERENCES.ALL",
	   0x69, UM_PAT(0x3, 0x3), P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("L2_DATA_REFERENCES.READS",
	   0x69, UM_PAT(0x3, 0x1), P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("L2_DATA_REFERENCES.WRITES",
	   0x69, UM_PAT(0x3, 0x2), P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("L2_FLUSH_DETAILS", 0x77, UM_L2FLUSH, P4567, 1, 0),
	EV("L2_FLUSHES", 0x76, UM_IGN, P4567, 1, Q_IAR),
	EV("L2_INST_DEMAND_READS", 0x22, UM_IGN, P4567, 1, Q_IAR),
	EV("L2_INST_PREFETCH_READS", 0x25, UM_IGN, P4567, 1, Q_IAR),
	EV("L2_MISSES", 0x6a, UM_IGN, P4567, 2, Q_IAR),
	EV("L2_REFERENCES", 0x68, UM_IGN, P4567, 3, Q_IAR),
	EV("L3_LINES_REPLACED", 0x7f, UM_IGN, P4567, 1, 0),
	EV("L3_MISSES", 0x7c, UM_IGN, P4567, 1, 0),
	EV("L3_READS.ALL_READS.ALL", 0x7d, UM_PAT(0xf, 0xf), P4567, 1, 0),
	EV("L3_READS.ALL_READS.HIT", 0x7d, UM_PAT(0xf, 0xd), P4567, 1, 0),
	EV("L3_READS.ALL_READS.MISS", 0x7d, UM_PAT(0xf, 0xe), P4567, 1, 0),
	EV("L3_READS.DATA_READS.ALL", 0x7d, UM_PAT(0xf, 0xb), P4567, 1, 0),
	EV("L3_READS.DATA_READS.HIT", 0x7d, UM_PAT(0xf, 0x9), P4567, 1, 0),
	EV("L3_READS.DATA_READS.MISS", 0x7d, UM_PAT(0xf, 0xa), P4567, 1, 0),
	EV("L3_READS.INST_READS.ALL", 0x7d, UM_PAT(0xf, 0x7), P4567, 1, 0),
	EV("L3_READS.INST_READS.HIT", 0x7d, UM_PAT(0xf, 0x5), P4567, 1, 0),
	EV("L3_READS.INST_READS.MISS", 0x7d, UM_PAT(0xf, 0x6), P4567, 1, 0),
	EV("L3_REFERENCES", 0x7b, UM_IGN, P4567, 1, 0),
	EV("L3_WRITES.ALL_WRITES.ALL", 0x7e, UM_PAT(0xf, 0xf), P4567, 1, 0),
	EV("L3_WRITES.ALL_WRITES.HIT", 0x7e, UM_PAT(0xf, 0xd), P4567, 1, 0),
	EV("L3_WRITES.ALL_WRITES.MISS", 0x7e, UM_PAT(0xf, 0xe), P4567, 1, 0),
	EV("L3_WRITES.L2_WRITEBACK.ALL", 0x7e, UM_PAT(0xf, 0xb), P4567, 1, 0),
	EV("L3_WRITES.L2_WRITEBACK.HIT", 0x7e, UM_PAT(0xf, 0x9), P4567, 1, 0),
	EV("L3_WRITES.L2_WRITEBACK.MISS", 0x7e, UM_PAT(0xf, 0xa), P4567, 1, 0),
	EV("L3_WRITES.DATA_WRITES.ALL", 0x7e, UM_PAT(0xf, 0x7), P4567, 1, 0),
	EV("L3_WRITES.DATA_WRITES.HIT", 0x7e, UM_PAT(0xf, 0x5), P4567, 1, 0),
	EV("L3_WRITES.DATA_WRITES.MISS", 0x7e, UM_PAT(0xf, 0x6), P4567, 1, 0),
	EV("LOADS_RETIRED", 0x6c, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("MEMORY_CYCLE", 0x07, UM_IGN, P4567, 1, 0),
	EV("MISALIGNED_LOADS_RETIRED",
	   0x70, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("MISALIGNED_STORES_RETIRED",
	   0x71, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("NOPS_RETIRED", 0x30, UM_IGN, P45, 6, Q_IAR | Q_OPC),
	EV("PIPELINE_ALL_FLUSH_CYCLE", 0x04, UM_IGN, P4567, 1, 0),
	EV("PIPELINE_BACKEND_FLUSH_CYCLE", 0x00, UM_IGN, P4567, 1, 0),
	EV("PIPELINE_FLUSH", 0x33, UM_PFLUSH, P4567, 1, 0),
	EV("PREDICATE_SQUASHED_RETIRED", 0x31, UM_IGN, P45, 6, Q_IAR | Q_OPC),
	EV("RSE_LOADS_RETIRED", 0x72, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("RSE_REFERENCES_RETIRED",
	   0x65, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("STORES_RETIRED", 0x6d, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("UC_LOADS_RETIRED", 0x6e, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("UC_STORES_RETIRED", 0x6f, UM_IGN, P4567, 2, Q_IAR | Q_OPC | Q_DAR),
	EV("UNSTALLED_BACKEND_CYCLE", 0x05, UM_IGN, P4567, 1, 0),
};

const unsigned int ia64_model_itanium_nr_events =
	sizeof(ia64_model_itanium_events) /
	sizeof(ia64_model_itanium_events[0]);

unsigned int ia64_model_event_umask_sig(const struct ia64_model_event *ev)
{
	switch (ev->umask_kind) {
	case IA64_MODEL_UM_PAT:
		return ev->umask_mask;
	case IA64_MODEL_UM_IGN:
		return 0;
	case IA64_MODEL_UM_BUS:
	case IA64_MODEL_UM_BUS_AS:
	case IA64_MODEL_UM_BUS_A:
		return 0x7;	/* Table 7-22: bit 19 is "x" */
	default:
		return 0xf;
	}
}

bool ia64_model_event_umask_ok(const struct ia64_model_event *ev,
			       unsigned int umask)
{
	unsigned int bus = umask & 0x7;

	if (umask > 0xf)
		return false;
	switch (ev->umask_kind) {
	case IA64_MODEL_UM_PAT:
		return (umask & ev->umask_mask) == ev->umask_val;
	case IA64_MODEL_UM_BUS:
		return bus == 1 || bus == 2 || bus == 4;
	case IA64_MODEL_UM_BUS_AS:
		return bus == 1 || bus == 2;
	case IA64_MODEL_UM_BUS_A:
		return bus == 1;
	case IA64_MODEL_UM_TAG_SELECT:
		/* Table 7-30: all other settings are "undefined event count" */
		return umask == 0x0 || umask == 0x2 || umask == 0x3;
	default:
		/* Ignored, or bit sets where all combinations are supported */
		return true;
	}
}

const struct ia64_model_event *
ia64_model_event_lookup(const struct ia64_model_event *tbl, unsigned int nr,
			unsigned int code, unsigned int umask)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (tbl[i].code == code &&
		    ia64_model_event_umask_ok(&tbl[i], umask))
			return &tbl[i];
	return NULL;
}

const struct ia64_model_event *
ia64_model_event_lookup_indexed(const struct ia64_model_event *tbl,
				unsigned int nr,
				const struct ia64_model_ev_index *index,
				unsigned int code, unsigned int umask)
{
	unsigned int k;

	if (!index || !index->built)
		return ia64_model_event_lookup(tbl, nr, code, umask);
	if (code > 0xff)
		return NULL;
	for (k = index->start[code]; k < index->start[code + 1]; k++)
		if (ia64_model_event_umask_ok(&tbl[index->rows[k]], umask))
			return &tbl[index->rows[k]];
	return NULL;
}

/* A counting sort of the rows by code, each code's rows in table order */
void ia64_model_event_index(const struct ia64_model_event *tbl,
			    unsigned int nr, struct ia64_model_ev_index *index)
{
	u16 next[256];
	unsigned int i, c;

	index->built = false;
	if (nr > IA64_MODEL_INDEX_ROWS)
		return;
	memset(index->start, 0, sizeof(index->start));
	for (i = 0; i < nr; i++)
		index->start[tbl[i].code + 1]++;
	for (c = 0; c < 256; c++)
		index->start[c + 1] += index->start[c];
	memcpy(next, index->start, sizeof(next));
	for (i = 0; i < nr; i++)
		index->rows[next[tbl[i].code]++] = i;
	index->built = true;
}

const struct ia64_model_event *ia64_model_event_find(unsigned int code,
						     unsigned int umask)
{
	return ia64_model_event_lookup(ia64_model_itanium_events,
				       ia64_model_itanium_nr_events, code,
				       umask);
}

const struct ia64_model_event *
ia64_model_event_lookup_name(const struct ia64_model_event *tbl,
			     unsigned int nr, const char *name)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(tbl[i].name, name))
			return &tbl[i];
	return NULL;
}

const struct ia64_model_event *ia64_model_event_by_name(const char *name)
{
	return ia64_model_event_lookup_name(ia64_model_itanium_events,
					    ia64_model_itanium_nr_events,
					    name);
}
