#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Generate drivers/perf/ia64/ia64_pmu_merced_events.h, the Itanium (Merced)
# event table of the perf driver, from the text conversion of [ITA-RM]
# (Itanium Processor Reference Manual for Software Development, rev 2.0),
# section 7.8 "Performance Monitor Event List".
#
# Usage (from the top of the repository, writing the header):
#   python3 <this script> ../shared/spec/004_*.txt \
#       > drivers/perf/ia64/ia64_pmu_merced_events.h
#
# The header is committed; this script documents how it was derived and
# must reproduce it byte for byte ("make -C tools/testing/ia64_pmu_events
# regen-check").  Every place where the text conversion (or the manual)
# needs help is an explicit, commented fix-up below; the parser fails
# loudly on anything it does not recognise rather than guessing.
#
# Python 3 standard library only.

import re
import sys

# --------------------------------------------------------------------------
# Fix-ups.  Each one names the entries it applies to and says why.
# --------------------------------------------------------------------------

# Page footers of the PDF survive as lone lines, also in the middle of an
# entry (e.g. inside BRANCH_PREDICTOR.3RD_STAGE.ALL_PREDICTIONS, between
# its pseudo-code and its "Event Code" line).  They are dropped.
FOOTER_RE = re.compile(r'^\s*intel\s*(®|\[®\])?\s*$')

# Four frontside bus entries lost their "Qualification" line in the
# conversion (their "Max. Increment/Cycle" wrapped onto its own line and
# the qualification bullet that follows in every sibling entry is gone).
# All other 20 frontside bus entries of §7.8 say "Instruction Address
# Range: no, Opcode Matching: no, Data Address Range: no": bus
# transactions cannot be attributed to an instruction or data address.
# Use the same for these four.
QUAL_MISSING = {
	'BUS_ALL':		('no', 'no', 'no'),
	'BUS_RD_DATA':		('no', 'no', 'no'),
	'BUS_RD_INVAL_BST':	('no', 'no', 'no'),
	'BUS_RD_PRTL':		('no', 'no', 'no'),
}

# Entries whose qualification refers to another entry:
#   FP_OPS_RETIRED_LO:  "See FP_OPS_RETIRED_HI on page 91"
#   RSE_LOADS_RETIRED:  "Refer to RSE_REFERENCES_RETIRED on page 107"
# They inherit the referenced entry's qualification (resolved below from
# the parsed text, the referenced entry must exist and be resolved itself).
QUAL_REF_RE = re.compile(r'Qualification:\s*(?:See|Refer to)\s+([A-Z0-9_.]+)')

# Every line gets a selection kind (IA64_SEL_* of ia64_pmu_table.h) that
# says which raw umask values select its event; ia64_pmu_umask_ok() there
# implements them.  A "Umask" of four characters is a pattern: "0101" must
# match exactly, an "x" is "don't care" ([ITA-RM] ch. 7 intro), "Ignored"
# is all "x" (IA64_SEL_PATTERN; the table's umask is the pattern with 0
# for x, umask_mask the bits that are not x).
#
# Umask "See below" / "See Section 7.6.5": the umask is a selection field
# rather than a fixed value.  The table gets one line per §7.8 entry, so the
# line carries a default selection (umask), the bits of the field
# (umask_mask) and the kind of the field, which tells the driver the other
# selections it accepts through the raw config.
#   BUS_* "See Section 7.6.5": Table 7-22, initiator ANY = x001, SELF =
#     x010, IO = x100: exactly one of them, bit 19 don't care
#     (IA64_SEL_BUS_*, the supported initiators from the notes below).
#     Default ANY (the only one every bus event supports, see the "Only
#     the "Any" unit mask is supported" notes).
#   BRANCH_TAKEN_SLOT: Table 7-29 SLOT_MASK, one bit per case, set bits
#     are ORed (IA64_SEL_BITS: every combination but 0000, which selects
#     no case: the equation under the entry is then false in every cycle
#     and the driver refuses a configuration that can never count).
#     Default 0x7: first taken branch in slot 0, 1 or 2, i.e. every taken
#     branch (bit 3, "no taken branch", left out).
#   IA64_TAGGED_INST_RETIRED: Table 7-30 TAG_SELECT, 0011 PMC8 tag,
#     0010 PMC9 tag, 0000 all (= IA64_INST_RETIRED, same event code 0x08,
#     which comes first in the table); every other value is an
#     "Undefined event count" (IA64_SEL_TAG).  Default 0011 (PMC8), which
#     keeps (es, umask) unique in the table.
#   L2_FLUSH_DETAILS: Table 7-31, one bit per flush reason, "all
#     combinations of the four unit mask bits are supported"
#     (IA64_SEL_BITS; 0000 selects no reason).  Default 0xf: all reasons.
#   PIPELINE_FLUSH: Table 7-32, one bit per flush type, "combinations of
#     different flush reasons may be chosen" (IA64_SEL_BITS, like Table
#     7-31).  Default 0xf: all types.  The caption of Table 7-32 says
#     "Unit Mask Bits {19:18}", a defect of the manual: the table lists
#     four bits, 19:16.
UMASK_SELECT = {
	'See Section 7.6.5': {
		None: (0x1, 0x7, None, 'initiator (Table 7-22)'),
	},
	'See below': {
		'BRANCH_TAKEN_SLOT':
			(0x7, 0xf, 'IA64_SEL_BITS',
			 'SLOT_MASK of Table 7-29, default 0x7: taken in slot 0, 1 or 2'),
		'IA64_TAGGED_INST_RETIRED':
			(0x3, 0xf, 'IA64_SEL_TAG',
			 'TAG_SELECT of Table 7-30, default 0011 (PMC8); 0010 PMC9'),
		'L2_FLUSH_DETAILS':
			(0xf, 0xf, 'IA64_SEL_BITS',
			 'flush reasons of Table 7-31, default 0xf: all'),
		'PIPELINE_FLUSH':
			(0xf, 0xf, 'IA64_SEL_BITS',
			 'flush types of Table 7-32 (bits 19:16), default 0xf: all'),
	},
}

# Seven bus entries restrict the initiator selections ("Note: Only the
# "Any" unit mask is supported", "Only "Self" and "Any" unit masks are
# supported").  The supported selections are added to the entry's umask
# comment; the default ANY must be among them.
UMASK_NOTE_RE = re.compile(r'[Oo]nly (?:the )?("\w+"(?: and "\w+")?) '
			   r'(?:unit )?masks? (?:is|are) supported')
BUS_INITIATORS = {'ANY': 'x001', 'SELF': 'x010', 'IO': 'x100'}
# The selection kind of each set of supported initiators
BUS_SEL = {
	('ANY',): 'IA64_SEL_BUS_ANY',
	('ANY', 'SELF'): 'IA64_SEL_BUS_ANY_SELF',
	('ANY', 'SELF', 'IO'): 'IA64_SEL_BUS_ANY_SELF_IO',
}

# Two entries describe two events each; their "Event Code" field reads
# "0x5c (HI), 0x5b (LO)" and "Max. Increment/Cycle: 2 (each)".  They are
# split into one line per event, in the order of the entry's heading
# ("X_LO and X_HI"), each with its own code.
SPLIT_RE = re.compile(r'^([A-Z0-9_]+) and ([A-Z0-9_]+)$')

# Known number of entries (headings) in §7.8 and of events after splitting,
# so that a changed spec text or parser cannot silently drop an entry.
NR_ENTRIES = 161
NR_EVENTS = 163

# --------------------------------------------------------------------------
# Parser
# --------------------------------------------------------------------------

START_RE = re.compile(r'^7\.8\s+\W*Performance Monitor Event List\W*$')
# Chapter 8 of [ITA-RM] follows §7.8 directly.
END_RE = re.compile(r'^Model Specific Behavior for IA-32 Instruction Execution$')
# An entry heading: the event name alone on a line (names contain periods
# for umask variants), or "A and B" for the two combined entries.
HEADING_RE = re.compile(r'^[A-Z][A-Z0-9_.]*[A-Z0-9](?: and [A-Z][A-Z0-9_]*)?$')

# The fields are matched in the entry's text from "Event Code:" on, with
# line breaks turned into spaces.  The expressions tolerate the defects of
# the conversion:
#  - run-together fields: "0x08Umask:See belowPMC/PMD:4, 5Max. Increment/
#    Cycle:6" (IA64_TAGGED_INST_RETIRED), "4, 5, 6, 7Max." (bus events);
#  - "Max. Increment/Cycle" wrapped onto a line of its own (bus events);
#  - counter lists with a trailing comma ("4, 5, 6, 7," in
#    L2_FLUSH_DETAILS, "4, 5," in BUS_SNOOPQ_REQ) or without spaces
#    ("4,5,6,7" in BRANCH_TAKEN_SLOT).
CODE_RE = re.compile(r'Event Code:\s*(0x[0-9A-Fa-f]+(?:\s*\((?:HI|LO)\))?'
		     r'(?:,\s*0x[0-9A-Fa-f]+\s*\((?:HI|LO)\))?)\s*,?\s*Umask:')
UMASK_RE = re.compile(r'Umask:\s*(.*?)\s*,?\s*PMC/PMD:')
CTR_RE = re.compile(r'PMC/PMD:\s*([0-9][0-9,\s]*?)\s*,?\s*Max\.')
MAXINC_RE = re.compile(r'Max\. Increment/Cycle:\s*([0-9]+)(\s*\(each\))?')
# The qualification triple.  The "Qualification:" label itself is not
# required: UNSTALLED_BACKEND_CYCLE lost its bullet and label, leaving the
# bare "Instruction Address Range: no, ..." line.  "Opcode matching" and
# "Opcode Matching" both occur.  INST_FAILED_CHKS_RETIRED.INTEGER has a
# second, empty "- Qualification:" line, which matches nothing and is
# ignored.
QUAL_RE = re.compile(r'Instruction Address Range:\s*(yes|no),\s*'
		     r'Opcode [Mm]atching:\s*(yes|no),\s*'
		     r'Data Address Range:\s*'
		     r'(no for chk\.a, and yes for ld\.c|yes|no)')

QUAL_FLAGS = {
	# "no for chk.a, and yes for ld.c" (ALAT_INST_CHKA_LDC.*,
	# ALAT_INST_FAILED_CHKA_LDC.*): the data address range constrains the
	# ld.c part of the count only.  Flagged IA64_Q_DAR_PARTIAL instead of
	# IA64_Q_DAR so the driver can tell the two apart.
	'no for chk.a, and yes for ld.c': 'IA64_Q_DAR_PARTIAL',
}


def die(msg):
	sys.stderr.write('gen-merced-events: %s\n' % msg)
	sys.exit(1)


def read_section(path):
	with open(path, encoding='utf-8') as f:
		lines = f.read().split('\n')
	start = [i for i, l in enumerate(lines) if START_RE.match(l)]
	if len(start) != 1:
		die('cannot find the start of §7.8 (%d candidates)' % len(start))
	end = [i for i, l in enumerate(lines) if i > start[0] and END_RE.match(l)]
	if not end:
		die('cannot find the end of §7.8')
	return [l for l in lines[start[0] + 1:end[0]] if not FOOTER_RE.match(l)]


def split_entries(lines):
	entries = []
	for line in lines:
		if HEADING_RE.match(line):
			entries.append((line, []))
		elif entries:
			entries[-1][1].append(line)
	return entries


def parse_umask(text, name):
	"""Return (value, mask, kind, comment or None) of a Umask field.

	The kind is None for a bus initiator selection: it depends on the
	entry's note on the supported initiators (parse_entry).
	"""
	if text == 'Ignored':
		return 0, 0, 'IA64_SEL_PATTERN', None
	if re.fullmatch(r'[01x]{4}', text):
		value = mask = 0
		for ch in text:
			value <<= 1
			mask <<= 1
			if ch != 'x':
				mask |= 1
				value |= int(ch)
		return value, mask, 'IA64_SEL_PATTERN', None
	sel = UMASK_SELECT.get(text)
	if sel is not None:
		if name in sel:
			return sel[name]
		if None in sel:
			return sel[None]
	die('%s: unknown umask "%s"' % (name, text))


def parse_entry(heading, body):
	text = ' '.join(l.strip() for l in body)
	pos = text.find('Event Code:')
	if pos < 0 or text.find('Event Code:', pos + 1) >= 0:
		die('%s: not exactly one "Event Code"' % heading)
	fields = text[pos:]

	m = CODE_RE.search(fields)
	if not m:
		die('%s: cannot parse the event code' % heading)
	codes = {}
	plain = None
	for c in m.group(1).split(','):
		cm = re.fullmatch(r'\s*(0x[0-9A-Fa-f]+)\s*(?:\((HI|LO)\))?\s*', c)
		if cm.group(2):
			codes[cm.group(2)] = int(cm.group(1), 16)
		else:
			plain = int(cm.group(1), 16)

	m = UMASK_RE.search(fields)
	if not m:
		die('%s: cannot parse the umask' % heading)
	umask_text = m.group(1)

	note = UMASK_NOTE_RE.search(fields)
	bus_sel = None
	if umask_text == 'See Section 7.6.5':
		if note:
			sup = [w.upper() for w in re.findall(r'"(\w+)"', note.group(1))]
			sup.sort(key=list(BUS_INITIATORS).index)
			if 'ANY' not in sup:
				die('%s: ANY initiator not supported' % heading)
		else:
			sup = list(BUS_INITIATORS)
		umask_note = ' ' + ', '.join(
			'%s %s%s' % (w, BUS_INITIATORS[w],
				     ' (default)' if w == 'ANY' else '')
			for w in sup)
		if sup == ['ANY']:
			umask_note = ' ANY x001 only'
		bus_sel = BUS_SEL[tuple(sup)]
	elif note:
		die('%s: unexpected umask note' % heading)
	else:
		umask_note = ''

	m = CTR_RE.search(fields)
	if not m:
		die('%s: cannot parse the counters' % heading)
	ctrs = sorted(int(c) for c in re.findall(r'[0-9]+', m.group(1)))

	m = MAXINC_RE.search(fields)
	if not m:
		die('%s: cannot parse the max. increment' % heading)
	max_inc = int(m.group(1))
	each = bool(m.group(2))

	qm = QUAL_RE.search(fields)
	rm = QUAL_REF_RE.search(fields)
	if qm:
		qual = qm.groups()
	elif rm:
		qual = ('ref', rm.group(1))
	else:
		qual = None

	split = SPLIT_RE.match(heading)
	if split:
		if plain is not None or sorted(codes) != ['HI', 'LO'] or not each:
			die('%s: combined entry without HI/LO codes' % heading)
		names = list(split.groups())
	else:
		if plain is None or codes or each:
			die('%s: unexpected HI/LO code' % heading)
		names = [heading]

	events = []
	for name in names:
		if split:
			part = name.rsplit('_', 1)[1]
			if part not in codes:
				die('%s: no code for %s' % (heading, name))
			es = codes[part]
		else:
			es = plain
		value, mask, sel, comment = parse_umask(umask_text, name)
		if sel is None:
			sel = bus_sel
		if umask_note:
			comment += umask_note
		q = qual
		if q is None:
			if name not in QUAL_MISSING:
				die('%s: no qualification' % name)
			q = QUAL_MISSING[name]
		elif name in QUAL_MISSING:
			die('%s: fix-up QUAL_MISSING no longer needed' % name)
		events.append({
			'name': name, 'es': es, 'umask': value, 'umask_mask': mask,
			'sel': sel, 'comment': comment, 'ctrs': ctrs,
			'max_inc': max_inc, 'qual': q,
		})
	return events


def resolve_quals(events):
	by_name = {e['name']: e for e in events}
	for e in events:
		if e['qual'][0] == 'ref':
			ref = by_name.get(e['qual'][1])
			if ref is None or ref['qual'][0] == 'ref':
				die('%s: bad qualification reference %s' %
				    (e['name'], e['qual'][1]))
			e['qual'] = ref['qual']


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

def fmt_ctrs(ctrs):
	if ctrs == [4, 5, 6, 7]:
		return 'IA64_CTR_4567'
	if ctrs == [4, 5]:
		return 'IA64_CTR_45'
	if not ctrs or any(c < 4 or c > 7 for c in ctrs):
		die('bad counter list %s' % ctrs)
	return ' | '.join('IA64_CTR(%d)' % c for c in ctrs)


def fmt_qual(q):
	flags = []
	if q[0] == 'yes':
		flags.append('IA64_Q_IAR')
	if q[1] == 'yes':
		flags.append('IA64_Q_OPC')
	if q[2] == 'yes':
		flags.append('IA64_Q_DAR')
	elif q[2] in QUAL_FLAGS:
		flags.append(QUAL_FLAGS[q[2]])
	return ' | '.join(flags) if flags else '0'


# Events that count what the task did not cause and have no initiator to
# say so (the bus events' ANY and IO initiators of Table 7-22 are a raw
# umask's, checked by ia64_pmu_umask_ok()'s neighbour
# ia64_pmu_umask_others()): a per-task event of one needs CPU-wide
# privilege (IA64_PRIV_OTHERS; the admin guide's "Events that see other
# agents").
OTHER_EVENTS = {
	# §7.6.5: "The local processor snoop events (BUS_SNOOPS_HITM,
	# BUS_SNOOPS, BUS_SNOOPQ_REQ) monitor inbound snoop traffic"; the
	# first two take only the ANY initiator
	'BUS_SNOOPQ_REQ': 'inbound snoops',
	# the bus's in-order queue holds every agent's transactions
	'BUS_IOQ_LIVE_REQ_LO': 'the bus in-order queue',
	'BUS_IOQ_LIVE_REQ_HI': 'the bus in-order queue',
}

# This generator, as named in the header's comment.
GENERATOR = 'tools/ia64-pmu/' + 'gen-merced-events.py'

HEADER = '''\
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Itanium (Merced) PMU events: [ITA-RM] §7.8 "Performance Monitor Event
 * List", one IA64_EV() per event, in the order of the manual.
 *
 * Generated by %(generator)s from the text of [ITA-RM];
 * do not edit by hand: fix the generator (it documents every correction
 * of the text conversion) and regenerate, from the top of the repository,
 * with the output of
 *
 *	python3 %(generator)s ../shared/spec/004_*.txt
 *
 * redirected to this header.
 *
 * "make -C tools/testing/ia64_pmu_events regen-check" verifies that the
 * generator reproduces this file byte for byte.
 *
 * Two X-macro lists without include guard, each in an #ifdef of its
 * macro: define the macros of the lists wanted before each inclusion and
 * #undef them after.  IA64_CTR*(), IA64_Q_*, IA64_SEL_* and IA64_PRIV_*
 * come from ia64_pmu_table.h.
 *
 * %(nr_events)d events: the %(nr_entries)d entries of §7.8, of which two
 * (BUS_BRQ_LIVE_REQ_LO/HI and BUS_IOQ_LIVE_REQ_LO/HI) describe two events
 * each, with their own event codes.
 *
 * IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual)
 *
 *   id          C identifier: the name with '.' replaced by '_'
 *   name        the manual's name, e.g. "ALAT_REPLACEMENT.ALL"; the part
 *               after a period names the umask variant
 *   es          event code, PMC.es (bits 14:8), written 0x%%02x
 *   umask       PMC.umask value (bits 19:16) selecting the event (its
 *               events/ alias)
 *   umask_mask  the umask bits significant for the event:
 *                 "Ignored"  umask 0x0, mask 0x0: the event does not use
 *                            the umask
 *                 "xx11"     umask 0x3, mask 0x3: x is "don't care"
 *                            ([ITA-RM] ch. 7 intro)
 *                 "0000"     umask 0x0, mask 0xf
 *                 selection  "See below" / "See Section 7.6.5": the umask
 *                            is a selection field; umask is the default
 *                            selection (commented above the entry) and
 *                            umask_mask the bits of the field
 *   sel         which raw umask values select the event, IA64_SEL_* of
 *               ia64_pmu_table.h (checked by ia64_pmu_umask_ok()):
 *                 IA64_SEL_PATTERN  the bits of umask_mask equal umask's
 *                                   ("Ignored", "xx11", "0000")
 *                 IA64_SEL_BUS_*    one initiator of Table 7-22 (x001
 *                                   ANY, x010 SELF, x100 IO) among those
 *                                   the entry supports
 *                 IA64_SEL_TAG      TAG_SELECT of Table 7-30: 0011, 0010
 *                                   or 0000 (0000 is IA64_INST_RETIRED,
 *                                   the line before)
 *                 IA64_SEL_BITS     one bit per case, every combination
 *                                   but 0000 (Tables 7-29, 7-31, 7-32)
 *   ctr         PMC/PMD4-7 able to count the event ("PMC/PMD: 4, 5, 6, 7"
 *               is IA64_CTR_4567, "4, 5" is IA64_CTR_45)
 *   max_inc     "Max. Increment/Cycle"; PMC/PMD4,5 handle up to 7,
 *               PMC/PMD6,7 up to 3 ([ITA-RM] §6.2.2)
 *   qual        the "Qualification" the event supports, 0 for none:
 *                 IA64_Q_IAR  instruction address range (PMC13)
 *                 IA64_Q_OPC  opcode matching (PMC8/9)
 *                 IA64_Q_DAR  data address range (PMC11)
 *                 IA64_Q_DAR_PARTIAL  data address range "no for chk.a,
 *                             and yes for ld.c" (ALAT_INST_*CHKA_LDC.*):
 *                             it constrains only part of the count
 *
 * IA64_EV4_PRIV(id, priv)
 *   the events that count what the task did not cause whatever their
 *   umask (the generator's OTHER_EVENTS: inbound snoops, the bus's
 *   in-order queue), priv IA64_PRIV_OTHERS: a per-task event of one
 *   needs the privilege of a CPU-wide event, as does a bus event whose
 *   raw umask selects the ANY or IO initiator (ia64_pmu_umask_others())
 *
 * Entries that needed interpretation (details in the generator):
 * BUS_ALL, BUS_RD_DATA, BUS_RD_INVAL_BST and BUS_RD_PRTL lost their
 * qualification line in the text conversion and get none, like every
 * other bus event; FP_OPS_RETIRED_LO and RSE_LOADS_RETIRED refer to the
 * qualification of FP_OPS_RETIRED_HI and RSE_REFERENCES_RETIRED;
 * IA64_INST_RETIRED is IA64_TAGGED_INST_RETIRED with umask 0000, so the
 * latter defaults to its PMC8 tag selection.
 */
'''


def emit(events, out):
	out.write(HEADER % {'nr_events': len(events), 'nr_entries': NR_ENTRIES,
			    'generator': GENERATOR})
	out.write('#ifdef IA64_EV\n')
	for e in events:
		ident = e['name'].replace('.', '_')
		umask = '0x%02x, 0x%x, 0x%x, %s,' % (
			e['es'], e['umask'], e['umask_mask'], e['sel'])
		data = '%s, %d, %s)' % (
			fmt_ctrs(e['ctrs']), e['max_inc'], fmt_qual(e['qual']))
		if e['comment']:
			out.write('/* umask: %s */\n' % e['comment'])
		out.write('IA64_EV(%s,\n\t"%s",\n\t%s\n\t%s\n' %
			  (ident, e['name'], umask, data))
	out.write('#endif /* IA64_EV */\n')
	out.write('\n#ifdef IA64_EV4_PRIV\n')
	for e in events:
		if e['name'] in OTHER_EVENTS:
			out.write('IA64_EV4_PRIV(%s, IA64_PRIV_OTHERS)\n' %
				  e['name'].replace('.', '_'))
	out.write('#endif /* IA64_EV4_PRIV */\n')


def load(path):
	"""Parse and check §7.8 of the [ITA-RM] text at path.

	Returns the events, each a dict (name, es, umask, umask_mask, sel,
	comment, ctrs, max_inc, qual), in the order of the manual.
	gen-pmu-events-json.py reads the table through this too.
	"""
	entries = split_entries(read_section(path))
	if len(entries) != NR_ENTRIES:
		die('found %d entries in §7.8, expected %d' %
		    (len(entries), NR_ENTRIES))
	events = []
	for heading, body in entries:
		events.extend(parse_entry(heading, body))
	if len(events) != NR_EVENTS:
		die('found %d events, expected %d' % (len(events), NR_EVENTS))
	resolve_quals(events)

	seen = set()
	for e in events:
		ident = e['name'].replace('.', '_')
		if ident in seen:
			die('duplicate identifier %s' % ident)
		seen.add(ident)
	for name in OTHER_EVENTS:
		if name not in seen:
			die('OTHER_EVENTS names unknown event %s' % name)
	for name in QUAL_MISSING:
		if name not in seen:
			die('fix-up QUAL_MISSING names unknown event %s' % name)
	return events


def main():
	if len(sys.argv) != 2:
		die('usage: gen-merced-events.py <[ITA-RM] text>')
	emit(load(sys.argv[1]), sys.stdout)


if __name__ == '__main__':
	main()
