#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Generate perf's pmu-events JSON of an Itanium CPU model,
# tools/perf/pmu-events/arch/ia64/<model>/, from the sources the driver's
# event table is generated from (so that the two cannot disagree) and the
# model's descriptions:
#
#   model      table source (read by its generator's load())    descriptions
#   itanium    [ITA-RM] §7.8 text, gen-merced-events.py         itanium-descriptions.txt
#   itanium2   itanium2-events.txt, gen-itanium2-events.py      itanium2-descriptions.txt
#   montecito  montecito-events.txt, gen-montecito-events.py    montecito-descriptions.txt
#                                                               (and itanium2's)
#
# Usage (from the top of the repository):
#   python3 <this script> <model> <table source> <output directory>
# e.g.
#   python3 tools/ia64-pmu/gen-pmu-events-json.py itanium2 \
#       tools/ia64-pmu/itanium2-events.txt \
#       tools/perf/pmu-events/arch/ia64/itanium2
#
# It writes one <topic>.json per topic of the descriptions (perf list's
# headings) with every counting event of the table, and metrics.json with
# the model's metrics (<model>-metrics.txt, if there is one), replacing
# what the directory held.  The files are committed;
# "make -C tools/testing/ia64_pmu_events regen-check" checks that this
# script reproduces them byte for byte, and json_check.py that they agree
# with the compiled tables of the driver.
#
# The JSON is what jevents.py of linux 6.1 reads: EventCode and UMask make
# the event string "event=0x..,umask=0x..", BriefDescription is perf list's
# line, PublicDescription (perf list -v) adds the counters, the maximum
# increment per cycle, the qualifiers and the table's other facts; Counter
# (which jevents.py ignores, as it does for Intel's files) lists the
# counters.  The PMU is the core PMU "cpu": no Unit.
#
# Python 3 standard library only.

import importlib.util
import json
import os
import re
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ia64_events_gen as gen  # noqa: E402
import ia64_pmu_metrics as metrics  # noqa: E402


def die(msg):
	sys.stderr.write('gen-pmu-events-json: %s\n' % msg)
	sys.exit(1)


def load_script(name):
	"""Import one of the (hyphenated) table generators as a module."""
	spec = importlib.util.spec_from_file_location(
		name.replace('-', '_'), os.path.join(HERE, name + '.py'))
	mod = importlib.util.module_from_spec(spec)
	spec.loader.exec_module(mod)
	return mod


# --------------------------------------------------------------------------
# Descriptions
# --------------------------------------------------------------------------

TOPIC_RE = re.compile(r'\[([a-z][a-z0-9-]*)\]')
KEY_RE = re.compile(r'@?[A-Z0-9][A-Z0-9_.]*')


def read_descriptions(model):
	"""Return (inherit, {name: (topic, text)}, {prefix: text})."""
	path = os.path.join(HERE, model + '-descriptions.txt')
	with open(path, encoding='utf-8') as f:
		lines = f.read().split('\n')
	if lines[-1] != '':
		die('%s: no newline at the end of the file' % path)
	inherit = None
	topic = None
	names = {}
	prefixes = {}
	for lineno, line in enumerate(lines[:-1], 1):
		where = '%s:%d' % (os.path.basename(path), lineno)
		if not line or line.startswith('#'):
			continue
		if line != line.rstrip():
			die('%s: trailing white space' % where)
		m = re.fullmatch(r'@inherit ([a-z0-9]+)', line)
		if m:
			if inherit or topic:
				die('%s: @inherit must come first, once' % where)
			inherit = m.group(1)
			continue
		m = TOPIC_RE.fullmatch(line)
		if m:
			topic = m.group(1)
			continue
		parts = line.split(None, 1)
		if len(parts) != 2 or not KEY_RE.fullmatch(parts[0]):
			die('%s: not "NAME description"' % where)
		key, text = parts
		if topic is None:
			die('%s: description before the first [topic]' % where)
		if text.endswith('.') or '"' in text or '\\' in text:
			die('%s: a description has no final period, no quote '
			    'and no backslash' % where)
		if key.startswith('@'):
			if key[1:] in prefixes:
				die('%s: prefix %s twice' % (where, key))
			prefixes[key[1:]] = text
		else:
			if key in names:
				die('%s: %s described twice' % (where, key))
			names[key] = (topic, text)
	return inherit, names, prefixes


def compose(name, text, prefixes):
	best = None
	for p in prefixes:
		if (name.startswith(p + '_') or name.startswith(p + '.')) and \
		   (best is None or len(p) > len(best)):
			best = p
	return '%s: %s' % (prefixes[best], text) if best else text


def describe(model, events):
	"""Return {name: (topic, description)} for the events of the table."""
	inherit, names, prefixes = read_descriptions(model)
	table = {e['name'] for e in events}
	for name in names:
		if name not in table:
			die('%s-descriptions.txt: %s is not an event of the table' %
			    (model, name))
	out = {n: (t, compose(n, d, prefixes)) for n, (t, d) in names.items()}
	if inherit:
		_, inames, iprefixes = read_descriptions(inherit)
		for n, (t, d) in inames.items():
			if n in table and n not in out:
				out[n] = (t, compose(n, d, iprefixes))
	for e in events:
		if e['name'] not in out:
			die('%s: no description of %s' % (model, e['name']))
	return out


# --------------------------------------------------------------------------
# The tables, as one list of events per model
# --------------------------------------------------------------------------

QUAL_TEXT = [
	('I', 'instruction address range (perf --filter)'),
	('O', 'opcode matching (the opc_* fields)'),
	('D', 'data address range (drange)'),
	('d', 'data address range (drange), for the ld.c part of the count only'),
	('M', 'MESI filter (mesi)'),
]


def ctr_text(ctrs):
	"""'4-7', '4, 5', '10': the counters as perf list prints them."""
	runs = []
	for c in ctrs:
		if runs and runs[-1][1] == c - 1:
			runs[-1][1] = c
		else:
			runs.append([c, c])
	return ', '.join('%d-%d' % (a, b) if b > a + 1 else
			 ('%d, %d' % (a, b) if b > a else '%d' % a)
			 for a, b in runs)


def merced_events(source):
	mod = load_script('gen-merced-events')
	out = []
	for e in mod.load(source):
		qual = ''
		if e['qual'][0] == 'yes':
			qual += 'I'
		if e['qual'][1] == 'yes':
			qual += 'O'
		if e['qual'][2] == 'yes':
			qual += 'D'
		elif e['qual'][2] != 'no':
			qual += 'd'
		# the default umask of a bus event is its initiator's
		# (ia64_pmu_umask_others(): ANY x001, IO x100)
		others = (e['name'] in mod.OTHER_EVENTS or
			  (e['sel'].startswith('IA64_SEL_BUS') and
			   e['umask'] & 0x5))
		out.append({
			'name': e['name'], 'es': e['es'], 'umask': e['umask'],
			'ctrs': e['ctrs'], 'inc': e['max_inc'], 'qual': qual,
			'notes': (['Unit mask: %s' % e['comment']]
				  if e['comment'] else []),
			'priv': 'IA64_PRIV_OTHERS' if others else None,
		})
	return out


GROUP_NAMES = {'L1D': 'L1D', 'L2': 'L2', 'L2D': 'L2D'}
CAF_TEXT = {'A': 'active', 'F': 'floating', 'C': 'causal',
	    'S': 'self-floating'}


def libpfm_events(script, model_cls, source):
	mod = load_script(script)
	model = getattr(mod, model_cls)
	events, _, _ = gen.load(model, source)
	out = []
	for e in events:
		ctrs = {'4567': [4, 5, 6, 7], '4': [4], '4-15': list(range(4, 16)),
			'4-9': list(range(4, 10)), '10': [10]}[e['ctr']]
		notes = []
		q = e['qual'].strip('-')
		if 'P' in q:
			notes.append('The instruction address range is that of '
				     'IBR pair 1')
		if 'B' in q:
			notes.append('The instruction address range is that of '
				     'IBR pair 0 (demand fetches), pair 1 '
				     '(prefetches) or both')
		if e['grp'] != '-':
			notes.append('Member of set %s of the %s cache event '
				     'group' % (e['set'], GROUP_NAMES[e['grp']]))
		if 'caf' in e:
			notes.append('Thread attribution: %s' % CAF_TEXT[e['caf']])
		if e['kind'] in ('btb', 'etb'):
			notes.append('Counted with the branch buffer')
		out.append({
			'name': e['name'], 'es': e['es'], 'umask': e['umask'],
			'ctrs': ctrs, 'inc': e['inc'],
			'qual': ''.join(c for c in q if c in 'IODM'),
			'notes': notes,
			'priv': gen.priv(model, e),
		})
	return out


MODELS = {
	'itanium': merced_events,
	'itanium2': lambda src: libpfm_events('gen-itanium2-events',
					      'Itanium2', src),
	'montecito': lambda src: libpfm_events('gen-montecito-events',
					       'Montecito', src),
}


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

# What perf list says of an event that counts what the task did not
# cause (IA64_PRIV_*, the admin guide's "Events that see other agents"):
# appended to its description, and the reason to its long description
PRIV_TEXT = {
	'IA64_PRIV_OTHERS': (
		' (per task: needs CPU-wide privilege)',
		'It counts other agents\' activity: a per-task event needs the '
		'privilege of a CPU-wide one (perf_event_paranoid <= 0 or '
		'CAP_PERFMON)'),
	'IA64_PRIV_SIBLING': (
		' (per task on two threads: needs CPU-wide privilege)',
		'It counts both threads of the core: with two threads per core '
		'a per-task event needs the privilege of a CPU-wide one '
		'(perf_event_paranoid <= 0 or CAP_PERFMON)'),
}


def event_json(e, desc):
	if e['priv']:
		desc += PRIV_TEXT[e['priv']][0]
	quals = [t for c, t in QUAL_TEXT if c in e['qual']]
	long = [desc, 'Counters: PMC/PMD%s' % ctr_text(e['ctrs']),
		'Maximum increment per cycle: %d' % e['inc'],
		'Qualifiers: %s' % (', '.join(quals) if quals else 'none')]
	long += e['notes']
	if e['priv']:
		long.append(PRIV_TEXT[e['priv']][1])
	return {
		'BriefDescription': desc,
		'Counter': ','.join('%d' % c for c in e['ctrs']),
		'EventCode': '0x%02x' % e['es'],
		'EventName': e['name'],
		'PublicDescription': '. '.join(long),
		'UMask': '0x%x' % e['umask'],
	}


def write_json(path, items):
	with open(path, 'w', encoding='utf-8') as f:
		f.write(json.dumps(items, indent=4, sort_keys=True))
		f.write('\n')


def main():
	if len(sys.argv) != 4 or sys.argv[1] not in MODELS:
		die('usage: gen-pmu-events-json.py {%s} <table source> '
		    '<output directory>' % ','.join(MODELS))
	model, source, outdir = sys.argv[1:]
	events = MODELS[model](source)
	descs = describe(model, events)
	topics = {}
	for e in events:
		topic, desc = descs[e['name']]
		topics.setdefault(topic, []).append(event_json(e, desc))
	mets = metrics.load(model, {e['name'] for e in events})

	os.makedirs(outdir, exist_ok=True)
	for old in os.listdir(outdir):
		if old.endswith('.json'):
			os.unlink(os.path.join(outdir, old))
	for topic, items in topics.items():
		write_json(os.path.join(outdir, topic + '.json'), items)
	if mets:
		write_json(os.path.join(outdir, 'metrics.json'),
			   [m.json() for m in mets])


if __name__ == '__main__':
	main()
