#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Generate drivers/perf/ia64/ia64_pmu_itanium2_events.h, the Itanium 2
# (McKinley/Madison) event table of the perf driver, from the transcription
# tools/ia64-pmu/itanium2-events.txt (its header says where the facts come
# from and how they were decoded).
#
# Usage (from the top of the repository, writing the header):
#   python3 <this script> tools/ia64-pmu/itanium2-events.txt \
#       > drivers/perf/ia64/ia64_pmu_itanium2_events.h
#
# The header is committed; this script must reproduce it byte for byte
# ("make -C tools/testing/ia64_pmu_events regen-check").  Every deviation
# from the transcription is an explicit, commented fix-up below, which
# fails loudly once the transcription no longer needs it.  The parser
# refuses anything it does not recognise.
#
# Python 3 standard library only.

import re
import sys

# --------------------------------------------------------------------------
# Fix-ups.  Each one names the entries it applies to and says why.
# --------------------------------------------------------------------------

# Counter sets that the libpfm copies disagree on (see the transcription's
# header).  L2_L3ACCESS_CANCEL_IFETCH is the only L2_L3ACCESS_CANCEL_*
# umask libpfm 3.x leaves on PMC4-7 when it restricts its six siblings
# (and all of L2_FORCE_RECIRC_*) to PMC4; libpfm 2.x has it on PMC4 like
# the others.  One umask of an event cannot need fewer counters than the
# event's other umasks, so 3.x's value is taken for an omission: PMC4.
# Restricting is also the safe way round: PMC4 can count it either way.
CTR_FIXUP = {
	# name: (as transcribed, as used)
	'L2_L3ACCESS_CANCEL_IFETCH': ('4567', '4'),
}

# Lines sharing (es, umask), documented in libpfm: IA64_INST_RETIRED is an
# alias of IA64_INST_RETIRED_THIS, and IA64_TAGGED_INST_RETIRED_IBRP0_PMC8
# is the same selection (retired instructions tagged by IBRP0 and PMC8,
# which with the tag resources at rest is every retired instruction).  All
# three are kept: they are the names users know.  They must agree on
# everything but the name; the first line is the one a raw lookup finds.
SHARED_CODES = {
	(0x08, 0x0): ('IA64_INST_RETIRED', 'IA64_INST_RETIRED_THIS',
		      'IA64_TAGGED_INST_RETIRED_IBRP0_PMC8'),
}

# The instruction prefetch events that only IBR pair 1 qualifies by
# instruction address: libpfm 3.x's range dispatcher programs IBRP1 (in
# fine mode IBRP1 with IBRP3) whenever one of them is measured, after the
# Itanium 2 manual's §10.3.5.1, "Exception 1"; every other event sees
# IBRP0.  A rule of libpfm's code, not a column of its table: the
# generator adds IA64_Q_IBRP1 to the range support ("I") of these three.
IBRP1_EVENTS = ('L1I_PREFETCHES', 'L1I_STRM_PREFETCHES',
		'L2_INST_PREFETCHES')

# Known number of transcribed lines, counting events and EAR presets, so
# that an edited transcription cannot silently drop one.
NR_LINES = 497
NR_EVENTS = 461		# counting events (kind "-" and "btb")
NR_GROUPED = 120	# counting events in an L1D or L2 group
NR_EAR = 36		# EAR presets

# --------------------------------------------------------------------------
# Parser
# --------------------------------------------------------------------------

COLUMNS = ('name', 'es', 'umask', 'ctr', 'inc', 'qual', 'grp', 'set', 'kind')
NAME_RE = re.compile(r'[A-Z][A-Z0-9_]*')
HEX_RE = re.compile(r'0x[0-9a-f]+')
CTRS = {'4567': 'IA64_CTR_4567', '4': 'IA64_CTR(4)'}
QUALS = {'I': 'IA64_Q_IAR', 'O': 'IA64_Q_OPC', 'D': 'IA64_Q_DAR',
	 'P': 'IA64_Q_IBRP1'}
GROUPS = {'L1D': 'IA64_GRP_L1D', 'L2': 'IA64_GRP_L2'}
EAR_KINDS = {
	'iear-tlb': 'IA64_EARP_ITLB',
	'iear-cache': 'IA64_EARP_ICACHE',
	'dear-tlb': 'IA64_EARP_DTLB',
	'dear-cache': 'IA64_EARP_DCACHE',
	'dear-alat': 'IA64_EARP_DALAT',
}
# The EAR presets' umask (libpfm's PMC10/PMC11 layouts): PMC10 8 bits in
# cache mode, 7 in TLB mode; PMC11 4 bits.
EAR_UMASK_MAX = {'iear-cache': 0xff, 'iear-tlb': 0x7f}


def die(msg):
	sys.stderr.write('gen-itanium2-events: %s\n' % msg)
	sys.exit(1)


def parse_hex(text, what, lineno, limit):
	if not HEX_RE.fullmatch(text):
		die('line %d: %s "%s" is not 0x<lowercase hex>' %
		    (lineno, what, text))
	val = int(text, 16)
	if val > limit:
		die('line %d: %s %s exceeds 0x%x' % (lineno, what, text, limit))
	return val


def parse(path):
	with open(path, encoding='utf-8') as f:
		lines = f.read().split('\n')
	if lines[-1] != '':
		die('no newline at the end of the file')
	rows = []
	for lineno, line in enumerate(lines[:-1], 1):
		if not line or line.startswith('#'):
			continue
		if line != line.rstrip():
			die('line %d: trailing white space' % lineno)
		cols = line.split()
		if len(cols) != len(COLUMNS):
			die('line %d: %d columns, expected %d' %
			    (lineno, len(cols), len(COLUMNS)))
		r = dict(zip(COLUMNS, cols))
		r['lineno'] = lineno
		if not NAME_RE.fullmatch(r['name']):
			die('line %d: bad name %s' % (lineno, r['name']))
		r['es'] = parse_hex(r['es'], 'es', lineno, 0xff)
		kind = r['kind']
		if kind in ('-', 'btb'):
			limit = 0xf
		elif kind in EAR_KINDS:
			limit = EAR_UMASK_MAX.get(kind, 0xf)
		else:
			die('line %d: unknown kind %s' % (lineno, kind))
		r['umask'] = parse_hex(r['umask'], 'umask', lineno, limit)
		if r['ctr'] not in CTRS:
			die('line %d: unknown counter set %s' % (lineno, r['ctr']))
		if not re.fullmatch(r'[1-7]', r['inc']):
			die('line %d: max. increment %s outside 1..7' %
			    (lineno, r['inc']))
		r['inc'] = int(r['inc'])
		q = r['qual']
		if q != '-' and not re.fullmatch(r'I?O?D?', q):
			die('line %d: bad qualifiers %s' % (lineno, q))
		if r['grp'] == '-':
			if r['set'] != '-':
				die('line %d: a set without a group' % lineno)
		elif r['grp'] in GROUPS:
			if not re.fullmatch(r'[0-9]', r['set']):
				die('line %d: bad set %s' % (lineno, r['set']))
			if kind != '-':
				die('line %d: grouped %s line' % (lineno, kind))
		else:
			die('line %d: unknown group %s' % (lineno, r['grp']))
		rows.append(r)
	return rows


def apply_fixups(rows):
	by_name = {}
	for r in rows:
		if r['name'] in by_name:
			die('duplicate name %s' % r['name'])
		by_name[r['name']] = r
	for name, (old, new) in CTR_FIXUP.items():
		r = by_name.get(name)
		if r is None:
			die('fix-up CTR_FIXUP names unknown event %s' % name)
		if r['ctr'] != old:
			die('%s: fix-up CTR_FIXUP no longer needed' % name)
		r['ctr'] = new
		r['fixup'] = '%s (libpfm 3.x:\n *\t%s, 2.x: %s)' % (
			CTRS[new], CTRS[old], CTRS[new])
	for name in IBRP1_EVENTS:
		r = by_name.get(name)
		if r is None or r['qual'] != 'I':
			die('IBRP1_EVENTS: %s is not an event with range support '
			    'only' % name)
		r['qual'] += 'P'


def check_codes(events):
	seen = {}
	for e in events:
		seen.setdefault((e['es'], e['umask']), []).append(e['name'])
	for key, names in seen.items():
		if len(names) == 1:
			continue
		if tuple(names) != SHARED_CODES.get(key):
			die('es 0x%02x umask 0x%x shared by %s' %
			    (key[0], key[1], ', '.join(names)))
	for key, names in SHARED_CODES.items():
		if tuple(seen.get(key, ())) != names:
			die('SHARED_CODES: es 0x%02x umask 0x%x no longer shared '
			    'by exactly %s' % (key[0], key[1], ', '.join(names)))
		lines = [e for e in events if e['name'] in names]
		facts = {(e['ctr'], e['inc'], e['qual'], e['grp'], e['set'])
			 for e in lines}
		if len(facts) != 1:
			die('SHARED_CODES: %s differ' % ', '.join(names))


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

def fmt_qual(q):
	flags = [QUALS[c] for c in q if c in QUALS]
	return ' | '.join(flags) if flags else '0'


# This generator and its input, as named in the header's comment.
GENERATOR = 'tools/ia64-pmu/' + 'gen-itanium2-events.py'
SOURCE = 'tools/ia64-pmu/' + 'itanium2-events.txt'

HEADER = '''\
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Itanium 2 (McKinley/Madison, CPUID family 0x1f) PMU events, from the
 * libpfm 3.x Itanium 2 event table (which follows the event chapter of the
 * Itanium 2 Reference Manual for Software Development and Optimization),
 * as transcribed in
 *
 *	%(source)s
 *
 * (its header says how); the meaning of groups, sets and qualifiers is
 * that of [PFM-I2].
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
 * Three X-macro lists without include guard, each in an #ifdef of its
 * macro: define the macros of the lists wanted before each inclusion and
 * #undef them after.  A consumer that defines only IA64_EV() gets the
 * events, as from ia64_pmu_merced_events.h.  IA64_CTR*(), IA64_Q_*,
 * IA64_SEL_*, IA64_GRP_* and IA64_EARP_* come from ia64_pmu_table.h.
 *
 * IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual)
 *   %(nr_events)d counting events, in libpfm's (alphabetical) order, with
 *   the arguments of ia64_pmu_merced_events.h:
 *   id          C identifier: the name itself
 *   name        libpfm's name; a umask variant is its own event, named
 *               after the event and the variant (CPU_CYCLES,
 *               L2_OZQ_CANCELS0_ANY)
 *   es          event code, PMC.es, 8 bits (15:8) on the Itanium 2
 *   umask       PMC.umask (bits 19:16) selecting the event
 *   umask_mask  0xf: libpfm lists no don't-care umask bits, every line
 *               selects one exact umask (where all combinations of the
 *               bits are meaningful, as for SYLL_NOT_DISPERSED_* and
 *               EXTERN_DP_PINS_*, each combination is a line of its own)
 *   sel         IA64_SEL_PATTERN on every line
 *   ctr         the counters able to count the event: IA64_CTR_4567, or
 *               IA64_CTR(4) for the L2_FORCE_RECIRC_* and
 *               L2_L3ACCESS_CANCEL_* events
 *   max_inc     the maximum increment per cycle, 1..7; on the Itanium 2
 *               PMC4-7 all have a 3-bit threshold (bits 22:20; libpfm's
 *               PMC layout), unlike PMC6/7 of the Itanium
 *   qual        the qualifiers the event honours, 0 for none: IA64_Q_IAR
 *               instruction address range, IA64_Q_OPC opcode matching,
 *               IA64_Q_DAR data address range; IA64_Q_IBRP1 with
 *               IA64_Q_IAR: the range is IBR pair 1's, not pair 0's
 *               (the instruction prefetch events, after libpfm 3.x's
 *               range dispatcher: the generator's IBRP1_EVENTS)
 *   BRANCH_EVENT is the event counted with the branch trace buffer.
 *   Three lines share es 0x08 umask 0x0: IA64_INST_RETIRED, which libpfm
 *   names an alias of IA64_INST_RETIRED_THIS, that one, and
 *   IA64_TAGGED_INST_RETIRED_IBRP0_PMC8 (retired instructions tagged by
 *   IBRP0 and PMC8: the same selection); a raw lookup finds the first.
 *
 * IA64_EV2_GRP(id, grp, set)
 *   %(nr_grouped)d lines, one per counting event of a cache event group,
 *   in the order of the IA64_EV() list; events not listed have group
 *   IA64_GRP_NONE and set IA64_SET_NONE.  A second list rather than more
 *   arguments of IA64_EV(), so that IA64_EV() keeps the arguments of the
 *   Itanium table and its consumers:
 *   id          the event's IA64_EV() id
 *   grp         IA64_GRP_L1D or IA64_GRP_L2
 *   set         the set within the group, 0..5
 *   [PFM-I2]: events of one group counted together must come from one
 *   set; libpfm further wants one member of an L1D group in PMC5
 *   (IA64_GRP_L1D_CTR) and one of an L2 group in PMC4 (IA64_GRP_L2_CTR),
 *   has the L2 events of sets other than 1 and 2 share the umask of the
 *   PMC4 one, and never counts two of L2_OZQ_CANCELS0_*, _CANCELS1_*,
 *   _CANCELS2_* at the same time.
 *
 * IA64_EV2_EAR(id, name, es, ear, ear_umask, ctr, max_inc, qual)
 *   %(nr_ear)d EAR presets: libpfm's names for the EAR's event (es, counted
 *   with umask 0) with the EAR in a mode (ear: IA64_EARP_*) and with the
 *   umask of the EAR's PMC (ear_umask: PMC10 for the instruction EAR, 8
 *   bits in its cache mode, 7 in its TLB mode; PMC11, 4 bits, for the data
 *   EAR; libpfm's PMC layouts).  Not counting
 *   events of their own: the driver selects EAR modes through config1.
 *   The other arguments are those of IA64_EV().
 *
 * Deviations from the transcription:
%(fixups)s */
'''


def emit(events, grouped, ears, out):
	fixups = ''.join(' *   %s: %s\n' % (e['name'], e['fixup'])
			 for e in events + ears if 'fixup' in e)
	out.write(HEADER % {
		'generator': GENERATOR, 'source': SOURCE,
		'nr_events': len(events), 'nr_grouped': len(grouped),
		'nr_ear': len(ears), 'fixups': fixups,
	})

	out.write('\n#ifdef IA64_EV\n')
	for e in events:
		out.write('IA64_EV(%s,\n\t"%s",\n\t0x%02x, 0x%x, 0xf, '
			  'IA64_SEL_PATTERN,\n\t%s, %d, %s)\n' %
			  (e['name'], e['name'], e['es'], e['umask'],
			   CTRS[e['ctr']], e['inc'], fmt_qual(e['qual'])))
	out.write('#endif /* IA64_EV */\n')

	out.write('\n#ifdef IA64_EV2_GRP\n')
	for e in grouped:
		out.write('IA64_EV2_GRP(%s, %s, %s)\n' %
			  (e['name'], GROUPS[e['grp']], e['set']))
	out.write('#endif /* IA64_EV2_GRP */\n')

	out.write('\n#ifdef IA64_EV2_EAR\n')
	for e in ears:
		out.write('IA64_EV2_EAR(%s,\n\t"%s",\n\t0x%02x, %s, 0x%02x,\n'
			  '\t%s, %d, %s)\n' %
			  (e['name'], e['name'], e['es'], EAR_KINDS[e['kind']],
			   e['umask'], CTRS[e['ctr']], e['inc'],
			   fmt_qual(e['qual'])))
	out.write('#endif /* IA64_EV2_EAR */\n')


def main():
	if len(sys.argv) != 2:
		die('usage: gen-itanium2-events.py <itanium2-events.txt>')
	rows = parse(sys.argv[1])
	if len(rows) != NR_LINES:
		die('found %d lines, expected %d' % (len(rows), NR_LINES))
	apply_fixups(rows)
	events = [r for r in rows if r['kind'] in ('-', 'btb')]
	grouped = [r for r in events if r['grp'] != '-']
	ears = [r for r in rows if r['kind'] in EAR_KINDS]
	if (len(events), len(grouped), len(ears)) != \
	   (NR_EVENTS, NR_GROUPED, NR_EAR):
		die('found %d events, %d grouped, %d EAR presets; expected '
		    '%d, %d, %d' % (len(events), len(grouped), len(ears),
				    NR_EVENTS, NR_GROUPED, NR_EAR))
	check_codes(events)
	# An EAR preset counts its EAR's event, which must be in the table
	codes = {(e['es'], e['umask']): e for e in events}
	for r in ears:
		ev = codes.get((r['es'], 0))
		if ev is None or not ev['name'].endswith('EAR_EVENTS'):
			die('%s: es 0x%02x is not an EAR event' %
			    (r['name'], r['es']))
	emit(events, grouped, ears, sys.stdout)


if __name__ == '__main__':
	main()
