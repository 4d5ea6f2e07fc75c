#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Generate drivers/perf/ia64/ia64_pmu_montecito_events.h, the Montecito /
# Montvale (Itanium 9000/9100) event table of the perf driver, from the
# transcription tools/ia64-pmu/montecito-events.txt (its header says where
# the facts come from and how they were decoded).
#
# Usage (from the top of the repository, writing the header):
#   python3 <this script> tools/ia64-pmu/montecito-events.txt \
#       > drivers/perf/ia64/ia64_pmu_montecito_events.h
#
# The header is committed; this script must reproduce it byte for byte
# ("make -C tools/testing/ia64_pmu_events regen-check").  The parsing, the
# checks and the output are those of the Itanium 2 table, in
# ia64_events_gen.py; this script only describes Montecito.
#
# Python 3 standard library only.

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ia64_events_gen as gen  # noqa: E402

# --------------------------------------------------------------------------
# Lines sharing an event code, and flags added to the transcription
# --------------------------------------------------------------------------

# Aliases: lines sharing (es, umask) and alike in every other fact.  libpfm
# appends IA64_INST_RETIRED (an alias of IA64_INST_RETIRED_THIS; the IBRP0
# tag selection of IA64_TAGGED_INST_RETIRED_* is the same umask) and
# BRANCH_EVENT (an alias of ETB_EVENT) to its list.  All are kept, under
# the names users know; the first in libpfm's order is what a raw lookup
# finds.
SHARED_CODES = {
	(0x08, 0x0): ('IA64_INST_RETIRED_THIS',
		      'IA64_TAGGED_INST_RETIRED_IBRP0_PMC32_33',
		      'IA64_INST_RETIRED'),
	(0x11, 0x0): ('ETB_EVENT', 'BRANCH_EVENT'),
}

# A collision: two different events with one code.  es 0xbc umask 0 is
# ER_REJECT_ALL_L1_REQ (PMC4-9, causal) and L2D_OZQ_FULL_THIS (PMC4-15,
# floating, L2D set 5).  The latter keeps the Itanium 2 code of
# L2_OZQ_FULL while its Itanium 2 neighbours moved; 0xbc lies among the
# ER_* codes, so the ER_* line is the likelier one.  Both stay in the
# table (by name each keeps its own counters, group and thread type); a
# raw "event=0xbc,umask=0" finds ER_REJECT_ALL_L1_REQ, the first line.
# Until Intel's Montecito manual settles it, L2D_OZQ_FULL_THIS is
# suspect.
COLLISIONS = {
	(0xbc, 0x0): ('ER_REJECT_ALL_L1_REQ', 'L2D_OZQ_FULL_THIS'),
}

# The instruction prefetch events that only IBR pair 1 qualifies by
# instruction address: libpfm 3.x's Montecito range dispatcher programs
# IBRP1 for them (its prefetch event list), like the Itanium 2's; the
# generator adds IA64_Q_IBRP1 to their range support ("I").
IBRP1_EVENTS = ('L1I_PREFETCHES', 'L1I_STRM_PREFETCHES', 'L2I_PREFETCHES')

# The "dual" events of the same list: IBRP0 qualifies their demand
# fetches, IBRP1 their prefetches, and the caller picks one pair or both.
# The generator adds IA64_Q_IBRP_DUAL to their range support.
IBRP_DUAL_EVENTS = ('ISB_BUNPAIRS_IN', 'L1I_FETCH_RAB_HIT',
		    'L1I_FETCH_ISB_HIT', 'L1I_FILLS')

# Known numbers (facts sheet section 3), so that an edited transcription
# cannot silently drop a line.
# Events that count what the task did not cause, besides those whose
# initiator says so (the names' _ANY "any agent", _IO "non-CPU priority
# agents" and _EITHER "either core" of the package): a per-task event of
# one needs CPU-wide privilege (IA64_PRIV_OTHERS; the admin guide's
# "Events that see other agents").
OTHER_EVENTS = {
	# snoops come from other agents' transactions ([ITA-RM] §7.6.5:
	# "inbound snoop traffic"); the snoop coalescing buffer collects
	# the core's answers to them
	'ER_SNOOPQ_REQ_HI': 'inbound snoops',
	'ER_SNOOPQ_REQ_LO': 'inbound snoops',
	'L1I_SNOOP': 'inbound snoops',
	'L2I_SNOOP_HITS': 'inbound snoops',
	'SI_SCB_INSERTS_ALL_SELF': 'inbound snoops',
	'SI_SCB_INSERTS_HIT_SELF': 'inbound snoops',
	'SI_SCB_INSERTS_HITM_SELF': 'inbound snoops',
	'SI_SCB_INSERTS_MISS_SELF': 'inbound snoops',
	'SI_SCB_LIVE_REQ_HI_SELF': 'inbound snoops',
	'SI_SCB_LIVE_REQ_LO_SELF': 'inbound snoops',
	'SI_SCB_SIGNOFFS_ALL': 'inbound snoops',
	'SI_SCB_SIGNOFFS_HIT': 'inbound snoops',
	'SI_SCB_SIGNOFFS_HITM': 'inbound snoops',
	'SI_SCB_SIGNOFFS_MISS': 'inbound snoops',
	# the bus's in-order queue holds every agent's transactions
	'SI_IOQ_COLLISIONS': 'the bus in-order queue',
	'SI_IOQ_LIVE_REQ_HI': 'the bus in-order queue',
	'SI_IOQ_LIVE_REQ_LO': 'the bus in-order queue',
}

# The causal events ([PFM-MONT] S7: they count both threads of the core)
# that count time alone: the same whatever the other thread does.  Every
# other causal event that is not in IA64_PRIV_OTHERS is IA64_PRIV_SIBLING.
TIME_EVENTS = ('CPU_OP_CYCLES_ALL', 'SI_CYCLES')

NR_LINES = 637
NR_EVENTS = 601		# 599 counting events and the 2 ETB lines
NR_GROUPED = 92		# 30 L1D and 62 L2D events
NR_EAR = 36		# 7 + 10 I-EAR and 7 + 11 + 1 D-EAR presets

# This generator and its input, as named in the header's comment.
GENERATOR = 'tools/ia64-pmu/' + 'gen-montecito-events.py'
SOURCE = 'tools/ia64-pmu/' + 'montecito-events.txt'

HEADER = '''\
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Montecito / Montvale (Itanium 9000/9100, CPUID family 0x20) PMU events,
 * from the libpfm 3.x Montecito event table, as transcribed in
 *
 *	%(source)s
 *
 * (its header says how, and lists the oddities of libpfm's table).
 *
 * Generated by %(generator)s;
 * do not edit by hand: fix the transcription or the generator (it
 * documents every deviation from the transcription) and regenerate, from
 * the top of the repository, with the output of
 *
 *	python3 %(generator)s \\
 *		%(source)s
 *
 * redirected to this header.  "make -C tools/testing/ia64_pmu_events
 * regen-check" verifies that the generator reproduces this file byte for
 * byte.
 *
 * Five X-macro lists without include guard, each in an #ifdef of its
 * macro: define the macros of the lists wanted before each inclusion and
 * #undef them after.  The first three are those of
 * ia64_pmu_itanium2_events.h.  IA64_CTR*(), IA64_Q_*, IA64_SEL_*,
 * IA64_GRP_*, IA64_EARP_* and IA64_CAF_* come from ia64_pmu_table.h.
 *
 * IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual)
 *   %(nr_events)d counting events, in libpfm's order:
 *   id          C identifier: the name itself
 *   name        libpfm's name; a umask variant is its own event
 *   es          event select, PMC.es (bits 15:8)
 *   umask       PMC.umask (bits 19:16) selecting the event
 *   umask_mask  0xf: every line selects one exact umask
 *   sel         IA64_SEL_PATTERN on every line
 *   ctr         the counters able to count the event: IA64_CTR_4_15;
 *               IA64_CTR_4_9 for the BUS_* and ER_* events;
 *               IA64_CTR(10) for CPU_OP_CYCLES_HALTED
 *   max_inc     the maximum increment per cycle, 1..7 (a 3-bit threshold
 *               on all twelve counters)
 *   qual        the qualifiers the event honours, 0 for none: IA64_Q_IAR
 *               instruction address range, IA64_Q_OPC opcode matching,
 *               IA64_Q_DAR data address range, IA64_Q_MESI the MESI
 *               filter; with IA64_Q_IAR, IA64_Q_IBRP1: the range is IBR
 *               pair 1's (the generator's IBRP1_EVENTS), IA64_Q_IBRP_DUAL:
 *               pair 0's, pair 1's or both (its IBRP_DUAL_EVENTS).  No
 *               event is .all-capable.
 *   ETB_EVENT and its alias BRANCH_EVENT are counted with the execution
 *   trace buffer.  Lines sharing es and umask: IA64_INST_RETIRED_THIS,
 *   IA64_TAGGED_INST_RETIRED_IBRP0_PMC32_33 and the alias
 *   IA64_INST_RETIRED (es 0x08 umask 0x0); ETB_EVENT and BRANCH_EVENT
 *   (es 0x11 umask 0x0); and, as a collision in libpfm's table,
 *   ER_REJECT_ALL_L1_REQ and L2D_OZQ_FULL_THIS (es 0xbc umask 0x0, which
 *   differ in every other fact; the latter is suspect).  A raw lookup
 *   finds the first of each.
 *
 * IA64_EV2_GRP(id, grp, set)
 *   %(nr_grouped)d lines, one per counting event of a cache event group,
 *   in the order of the IA64_EV() list; events not listed have group
 *   IA64_GRP_NONE and set IA64_SET_NONE:
 *   id          the event's IA64_EV() id
 *   grp         IA64_GRP_L1D (sets 0-4 and 6) or IA64_GRP_L2D (sets 0-8)
 *   set         the set within the group
 *   libpfm: L1D events counted together must come from one set, one of
 *   them on PMC5; L2D events from at most two sets, the first three of
 *   one set on PMC4, PMC5, PMC8, of the other on PMC6, PMC7, PMC9; at
 *   most one L2D_OZQ_CANCELS0_* or _CANCELS1_* event at a time.
 *
 * IA64_EV2_EAR(id, name, es, ear, ear_umask, ctr, max_inc, qual)
 *   %(nr_ear)d EAR presets: libpfm's names for the EAR's event (es, counted
 *   with umask 0) with the EAR in a mode (ear: IA64_EARP_*) and with the
 *   umask of the EAR's PMC (ear_umask: PMC37 for the instruction EAR, 8
 *   bits in its cache mode, 7 in its TLB mode; PMC40, 4 bits, for the data
 *   EAR).  The other arguments are those of the EAR's event, and so is
 *   the thread type (floating).
 *
 * IA64_EV3_CAF(id, caf)
 *   %(nr_events)d lines, one per IA64_EV() line and in its order:
 *   id          the event's IA64_EV() id
 *   caf         libpfm's thread type, IA64_CAF_ACTIVE, _FLOATING, _CAUSAL
 *               or _SELF_FLOATING
 *
 * IA64_EV4_PRIV(id, priv)
 *   one line per counting event that counts what the task did not
 *   cause, in the order of the IA64_EV() list:
 *   id          the event's IA64_EV() id
 *   priv        IA64_PRIV_OTHERS: the BUS_*, MEM_READ_CURRENT_* and SI_*
 *               events whose initiator is ANY, IO or EITHER (the other
 *               core), and the generator's OTHER_EVENTS (inbound snoops,
 *               the bus's in-order queue); IA64_PRIV_SIBLING: the other
 *               causal events but CPU_OP_CYCLES_ALL and SI_CYCLES (its
 *               TIME_EVENTS), which count both threads of the core.  A
 *               per-task event of the first needs the privilege of a
 *               CPU-wide event, of the second while the core runs two
 *               threads
 *
 * Deviations from the transcription (besides the IBRP flags above):
%(fixups)s */
'''


class Montecito(gen.Model):
	prog = 'gen-montecito-events'
	columns = ('name', 'es', 'umask', 'ctr', 'inc', 'qual', 'grp', 'set',
		   'kind', 'caf')
	counting_kinds = ('-', 'etb')
	ctrs = {'4-15': 'IA64_CTR_4_15', '4-9': 'IA64_CTR_4_9',
		'10': 'IA64_CTR(10)'}
	# A (.all) has no flag: no entry has it, and a line with it fails.
	# P and B are not column letters: the generator adds them.
	quals = {'I': 'IA64_Q_IAR', 'O': 'IA64_Q_OPC', 'D': 'IA64_Q_DAR',
		 'M': 'IA64_Q_MESI', 'P': 'IA64_Q_IBRP1',
		 'B': 'IA64_Q_IBRP_DUAL'}
	qual_re = r'I?O?D?A?M?'
	groups = {'L1D': 'IA64_GRP_L1D', 'L2D': 'IA64_GRP_L2D'}
	set_re = r'[0-8]'
	cafs = {'A': 'IA64_CAF_ACTIVE', 'F': 'IA64_CAF_FLOATING',
		'C': 'IA64_CAF_CAUSAL', 'S': 'IA64_CAF_SELF_FLOATING'}
	shared_codes = SHARED_CODES
	collisions = COLLISIONS
	added_quals = ((IBRP1_EVENTS, 'P'), (IBRP_DUAL_EVENTS, 'B'))
	initiator_prefixes = ('BUS_', 'MEM_READ_CURRENT_', 'SI_')
	other_initiators = ('_ANY', '_IO', '_EITHER')
	other_events = OTHER_EVENTS
	sibling_caf = 'C'
	time_events = TIME_EVENTS
	nr_lines = NR_LINES
	nr_events = NR_EVENTS
	nr_grouped = NR_GROUPED
	nr_ear = NR_EAR
	generator = GENERATOR
	source = SOURCE
	header = HEADER


if __name__ == '__main__':
	gen.main(Montecito)
