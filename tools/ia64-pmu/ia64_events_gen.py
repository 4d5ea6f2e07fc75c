# SPDX-License-Identifier: GPL-2.0
#
# The code shared by the generators of the libpfm-derived event tables of
# the perf driver: gen-itanium2-events.py (Itanium 2) and
# gen-montecito-events.py (Montecito).  Each of those scripts describes
# its CPU model in a Model (the columns of its transcription, the
# encodings of ia64_pmu_table.h it maps them to, its explicit fix-ups and
# expected counts, the doc comment of its header) and hands it to main(),
# which parses the transcription, checks it, applies the fix-ups and
# writes the header to standard output.
#
# The parser refuses anything it does not recognise, and every fix-up
# fails loudly once the transcription no longer needs it.
#
# Python 3 standard library only.

import re
import sys

NAME_RE = re.compile(r'[A-Z][A-Z0-9_]*')
HEX_RE = re.compile(r'0x[0-9a-f]+')

# EAR presets: the line's kind and the EAR mode it programs
EAR_KINDS = {
	'iear-tlb': 'IA64_EARP_ITLB',
	'iear-cache': 'IA64_EARP_ICACHE',
	'dear-tlb': 'IA64_EARP_DTLB',
	'dear-cache': 'IA64_EARP_DCACHE',
	'dear-alat': 'IA64_EARP_DALAT',
}
# Width of an EAR preset's umask: the instruction EAR's PMC has 8 bits in
# cache mode and 7 in TLB mode, the data EAR's 4 bits (the same on the
# Itanium 2, PMC10/PMC11, and on Montecito, PMC37/PMC40).
EAR_UMASK_MAX = {'iear-cache': 0xff, 'iear-tlb': 0x7f}


class Model:
	"""What distinguishes one CPU model's table; see the two scripts."""

	prog = None		# name for error messages
	columns = ()		# the transcription's columns, in order
	counting_kinds = ()	# kinds that are IA64_EV() lines
	ctrs = {}		# counter column -> C expression
	quals = {}		# qualifier letter -> C constant
	qual_re = None		# the letters a line may have, in order
	groups = {}		# group column -> C constant
	set_re = None		# a valid set column
	cafs = None		# thread type letter -> C constant, or None
	ctr_fixup = {}		# name: (counters as transcribed, as used)
	shared_codes = {}	# (es, umask): names alike in every other fact
	collisions = {}		# (es, umask): names that differ otherwise
	# (names, letter): the qualifier letter added to these events, each
	# of which must honour exactly the instruction address range ("I")
	added_quals = ()
	# Events that count what the task did not cause (IA64_EV4_PRIV()):
	# the name prefixes of the events whose name ends in their bus
	# initiator, the suffixes that name other agents, the events that
	# count other agents without an initiator (name: the source's
	# reason), the thread type letter of the events that count both
	# threads of a core, and of those the events that count time alone
	initiator_prefixes = ()
	other_initiators = ()
	other_events = {}
	sibling_caf = None
	time_events = ()
	nr_lines = nr_events = nr_grouped = nr_ear = None
	generator = source = None
	header = None		# doc comment template, see emit()
	header_args = {}	# its model-specific arguments


def die(model, msg):
	sys.stderr.write('%s: %s\n' % (model.prog, msg))
	sys.exit(1)


def parse_hex(model, text, what, lineno, limit):
	if not HEX_RE.fullmatch(text):
		die(model, 'line %d: %s "%s" is not 0x<lowercase hex>' %
		    (lineno, what, text))
	val = int(text, 16)
	if val > limit:
		die(model, 'line %d: %s %s exceeds 0x%x' %
		    (lineno, what, text, limit))
	return val


def parse(model, path):
	with open(path, encoding='utf-8') as f:
		lines = f.read().split('\n')
	if lines[-1] != '':
		die(model, 'no newline at the end of the file')
	rows = []
	for lineno, line in enumerate(lines[:-1], 1):
		if not line or line.startswith('#'):
			continue
		if line != line.rstrip():
			die(model, 'line %d: trailing white space' % lineno)
		cols = line.split()
		if len(cols) != len(model.columns):
			die(model, 'line %d: %d columns, expected %d' %
			    (lineno, len(cols), len(model.columns)))
		r = dict(zip(model.columns, cols))
		r['lineno'] = lineno
		if not NAME_RE.fullmatch(r['name']):
			die(model, 'line %d: bad name %s' % (lineno, r['name']))
		r['es'] = parse_hex(model, r['es'], 'es', lineno, 0xff)
		kind = r['kind']
		if kind in model.counting_kinds:
			limit = 0xf
		elif kind in EAR_KINDS:
			limit = EAR_UMASK_MAX.get(kind, 0xf)
		else:
			die(model, 'line %d: unknown kind %s' % (lineno, kind))
		r['umask'] = parse_hex(model, r['umask'], 'umask', lineno,
				       limit)
		if r['ctr'] not in model.ctrs:
			die(model, 'line %d: unknown counter set %s' %
			    (lineno, r['ctr']))
		if not re.fullmatch(r'[1-7]', r['inc']):
			die(model, 'line %d: max. increment %s outside 1..7' %
			    (lineno, r['inc']))
		r['inc'] = int(r['inc'])
		q = r['qual']
		if q != '-' and not re.fullmatch(model.qual_re, q):
			die(model, 'line %d: bad qualifiers %s' % (lineno, q))
		for c in q.strip('-'):
			if c not in model.quals:
				die(model, 'line %d: qualifier %s has no flag in '
				    'ia64_pmu_table.h' % (lineno, c))
		if r['grp'] == '-':
			if r['set'] != '-':
				die(model, 'line %d: a set without a group' %
				    lineno)
		elif r['grp'] in model.groups:
			if not re.fullmatch(model.set_re, r['set']):
				die(model, 'line %d: bad set %s' %
				    (lineno, r['set']))
			if kind != '-':
				die(model, 'line %d: grouped %s line' %
				    (lineno, kind))
		else:
			die(model, 'line %d: unknown group %s' %
			    (lineno, r['grp']))
		if model.cafs is not None and r['caf'] not in model.cafs:
			die(model, 'line %d: unknown thread type %s' %
			    (lineno, r['caf']))
		rows.append(r)
	return rows


def apply_fixups(model, rows):
	by_name = {}
	for r in rows:
		if r['name'] in by_name:
			die(model, 'duplicate name %s' % r['name'])
		by_name[r['name']] = r
	for name, (old, new) in model.ctr_fixup.items():
		r = by_name.get(name)
		if r is None:
			die(model, 'fix-up CTR_FIXUP names unknown event %s' %
			    name)
		if r['ctr'] != old:
			die(model, '%s: fix-up CTR_FIXUP no longer needed' %
			    name)
		r['ctr'] = new
		r['fixup'] = '%s (libpfm 3.x:\n *\t%s, 2.x: %s)' % (
			model.ctrs[new], model.ctrs[old], model.ctrs[new])
	for names, letter in model.added_quals:
		for name in names:
			r = by_name.get(name)
			if r is None or r['qual'] != 'I':
				die(model, '%s is not an event with range '
				    'support only' % name)
			r['qual'] += letter


# The facts that lines sharing a code as aliases must agree on
def facts(model, e):
	f = (e['ctr'], e['inc'], e['qual'], e['grp'], e['set'])
	return f + ((e['caf'],) if model.cafs is not None else ())


def check_codes(model, events):
	seen = {}
	for e in events:
		seen.setdefault((e['es'], e['umask']), []).append(e['name'])
	for key, names in seen.items():
		if len(names) == 1:
			continue
		if tuple(names) not in (model.shared_codes.get(key),
					model.collisions.get(key)):
			die(model, 'es 0x%02x umask 0x%x shared by %s' %
			    (key[0], key[1], ', '.join(names)))
	for what, table in (('SHARED_CODES', model.shared_codes),
			    ('COLLISIONS', model.collisions)):
		for key, names in table.items():
			if tuple(seen.get(key, ())) != names:
				die(model, '%s: es 0x%02x umask 0x%x no longer '
				    'shared by exactly %s' %
				    (what, key[0], key[1], ', '.join(names)))
			lines = [e for e in events if e['name'] in names]
			nr = len({facts(model, e) for e in lines})
			if what == 'SHARED_CODES' and nr != 1:
				die(model, 'SHARED_CODES: %s differ' %
				    ', '.join(names))
			if what == 'COLLISIONS' and nr == 1:
				die(model, 'COLLISIONS: %s are alike: an alias' %
				    ', '.join(names))


def check_ears(model, events, ears):
	# An EAR preset counts its EAR's event, which must be in the table,
	# and is counted, qualified and threaded like that event.
	codes = {}
	for e in events:
		codes.setdefault((e['es'], e['umask']), e)
	for r in ears:
		ev = codes.get((r['es'], 0))
		if ev is None or not ev['name'].endswith('EAR_EVENTS'):
			die(model, '%s: es 0x%02x is not an EAR event' %
			    (r['name'], r['es']))
		if facts(model, r) != facts(model, ev):
			die(model, '%s: differs from its EAR event %s' %
			    (r['name'], ev['name']))


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

def fmt_qual(model, q):
	flags = [model.quals[c] for c in q if c in model.quals]
	return ' | '.join(flags) if flags else '0'


def emit(model, events, grouped, ears, out):
	fixups = ''.join(' *   %s: %s\n' % (e['name'], e['fixup'])
			 for e in events + ears if 'fixup' in e)
	args = {
		'generator': model.generator, 'source': model.source,
		'nr_events': len(events), 'nr_grouped': len(grouped),
		'nr_ear': len(ears), 'fixups': fixups or ' *   none\n',
	}
	args.update(model.header_args)
	out.write(model.header % args)

	out.write('\n#ifdef IA64_EV\n')
	for e in events:
		out.write('IA64_EV(%s,\n\t"%s",\n\t0x%02x, 0x%x, 0xf, '
			  'IA64_SEL_PATTERN,\n\t%s, %d, %s)\n' %
			  (e['name'], e['name'], e['es'], e['umask'],
			   model.ctrs[e['ctr']], e['inc'],
			   fmt_qual(model, e['qual'])))
	out.write('#endif /* IA64_EV */\n')

	out.write('\n#ifdef IA64_EV2_GRP\n')
	for e in grouped:
		out.write('IA64_EV2_GRP(%s, %s, %s)\n' %
			  (e['name'], model.groups[e['grp']], e['set']))
	out.write('#endif /* IA64_EV2_GRP */\n')

	out.write('\n#ifdef IA64_EV2_EAR\n')
	for e in ears:
		out.write('IA64_EV2_EAR(%s,\n\t"%s",\n\t0x%02x, %s, 0x%02x,\n'
			  '\t%s, %d, %s)\n' %
			  (e['name'], e['name'], e['es'], EAR_KINDS[e['kind']],
			   e['umask'], model.ctrs[e['ctr']], e['inc'],
			   fmt_qual(model, e['qual'])))
	out.write('#endif /* IA64_EV2_EAR */\n')

	if model.cafs is not None:
		out.write('\n#ifdef IA64_EV3_CAF\n')
		for e in events:
			out.write('IA64_EV3_CAF(%s, %s)\n' %
				  (e['name'], model.cafs[e['caf']]))
		out.write('#endif /* IA64_EV3_CAF */\n')
	emit_priv(model, events, out)


def priv(model, e):
	"""The IA64_PRIV_* flags of a counting event, as a C expression or
	None: IA64_PRIV_OTHERS if its initiator names other agents or it is
	one of model.other_events; IA64_PRIV_SIBLING if it counts both
	threads of a core (and not time alone)."""
	name = e['name']
	flags = []
	if (name in model.other_events or
	    (name.startswith(model.initiator_prefixes) and
	     name.endswith(model.other_initiators))):
		flags.append('IA64_PRIV_OTHERS')
	elif (model.sibling_caf is not None and
	      e['caf'] == model.sibling_caf and name not in model.time_events):
		flags.append('IA64_PRIV_SIBLING')
	return ' | '.join(flags) if flags else None


def check_priv(model, events):
	names = {e['name']: e for e in events}
	for name in list(model.other_events) + list(model.time_events):
		if name not in names:
			die(model, 'privilege rule names %s, not in the table' %
			    name)
	for name in model.time_events:
		if names[name]['caf'] != model.sibling_caf:
			die(model, '%s counts time but is not of thread type %s' %
			    (name, model.sibling_caf))


def emit_priv(model, events, out):
	lines = [(e['name'], priv(model, e)) for e in events]
	out.write('\n#ifdef IA64_EV4_PRIV\n')
	for name, flags in lines:
		if flags:
			out.write('IA64_EV4_PRIV(%s, %s)\n' % (name, flags))
	out.write('#endif /* IA64_EV4_PRIV */\n')


def load(model, path):
	"""Parse, fix up and check a transcription.

	Returns (events, grouped, ears): the counting events, those of them
	in a cache event group, and the EAR presets, each a list of dicts
	with the transcription's columns, in the transcription's order.
	gen-pmu-events-json.py reads the tables through this too.
	"""
	rows = parse(model, path)
	if len(rows) != model.nr_lines:
		die(model, 'found %d lines, expected %d' %
		    (len(rows), model.nr_lines))
	apply_fixups(model, rows)
	events = [r for r in rows if r['kind'] in model.counting_kinds]
	grouped = [r for r in events if r['grp'] != '-']
	ears = [r for r in rows if r['kind'] in EAR_KINDS]
	if (len(events), len(grouped), len(ears)) != \
	   (model.nr_events, model.nr_grouped, model.nr_ear):
		die(model, 'found %d events, %d grouped, %d EAR presets; '
		    'expected %d, %d, %d' %
		    (len(events), len(grouped), len(ears), model.nr_events,
		     model.nr_grouped, model.nr_ear))
	check_codes(model, events)
	check_ears(model, events, ears)
	check_priv(model, events)
	return events, grouped, ears


def main(model):
	if len(sys.argv) != 2:
		die(model, 'usage: %s.py <%s>' %
		    (model.prog, model.source.split('/')[-1]))
	events, grouped, ears = load(model, sys.argv[1])
	emit(model, events, grouped, ears, sys.stdout)
