#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Hold perf's JSON event files of the Itanium models,
# tools/perf/pmu-events/arch/ia64/<model>/, against the driver's compiled
# event tables (the output of table_dump, built from each table's
# header):
#
#   every event of the table is in the JSON exactly once, under its name,
#   with its event code, unit mask and counters, a description, and a long
#   description that states its maximum increment and its qualifiers;
#   the JSON holds no other event; mapfile.csv maps each model and the
#   CPUID string the ia64 get_cpuid_str() builds to its directory.
#
# Usage: json_check.py <arch/ia64 directory> <model>=<table_dump output>...
#
# Python 3 standard library only.

import json
import os
import re
import sys

# ia64_pmu_table.h
IA64_Q_IAR = 0x1
IA64_Q_OPC = 0x2
IA64_Q_DAR = 0x4
IA64_Q_DAR_PARTIAL = 0x8
IA64_Q_IBRP1 = 0x10
IA64_Q_MESI = 0x20
IA64_Q_IBRP_DUAL = 0x80
FIRST_COUNTER = 4

# The words of the long description for each qualifier flag
QUAL_WORDS = [
	(IA64_Q_IAR, 'instruction address range'),
	(IA64_Q_OPC, 'opcode matching'),
	(IA64_Q_DAR | IA64_Q_DAR_PARTIAL, 'data address range'),
	(IA64_Q_DAR_PARTIAL, 'ld.c part of the count only'),
	(IA64_Q_MESI, 'MESI filter'),
	(IA64_Q_IBRP1, 'that of IBR pair 1'),
	(IA64_Q_IBRP_DUAL, 'pair 1 (prefetches) or both'),
]

# CPUID strings of tools/perf/arch/ia64/util/header.c, vendor-family-
# model-revision as /proc/cpuinfo prints them, and the model each selects
CPUIDS = {
	'GenuineIntel-7-0-4': 'itanium',
	'GenuineIntel-31-2-1': 'itanium2',
	'GenuineIntel-32-1-2': 'montecito',
	'GenuineIntel-33-0-0': None,
	'GenuineIntel-310-0-0': None,
}

passed = failed = 0


def check(ok, msg):
	global passed, failed
	if ok:
		passed += 1
	else:
		failed += 1
		print('FAIL: %s' % msg)


def read_dump(path):
	events = []
	with open(path) as f:
		for line in f:
			name, es, umask, ctr, inc, qual = line.split()
			events.append({
				'name': name, 'es': int(es, 16),
				'umask': int(umask, 16), 'ctr': int(ctr, 16),
				'inc': int(inc), 'qual': int(qual, 16),
			})
	return events


def read_json_dir(path):
	"""{EventName: [entries]} of every event file (not metrics)."""
	out = {}
	for fn in sorted(os.listdir(path)):
		if not fn.endswith('.json') or fn == 'metrics.json':
			continue
		with open(os.path.join(path, fn)) as f:
			items = json.load(f)
		for it in items:
			if 'EventName' not in it:
				continue
			out.setdefault(it['EventName'], []).append((fn, it))
	return out


def check_model(archdir, model, dump):
	table = read_dump(dump)
	check(len(table) > 0, '%s: empty table dump' % model)
	js = read_json_dir(os.path.join(archdir, model))
	names = {e['name'] for e in table}
	for e in table:
		n = e['name']
		entries = js.get(n, [])
		check(len(entries) == 1, '%s: %s is in the JSON %d times' %
		      (model, n, len(entries)))
		if len(entries) != 1:
			continue
		it = entries[0][1]
		check(int(it.get('EventCode', '-1'), 16) == e['es'],
		      '%s: %s EventCode %s, table 0x%x' %
		      (model, n, it.get('EventCode'), e['es']))
		check(int(it.get('UMask', '-1'), 16) == e['umask'],
		      '%s: %s UMask %s, table 0x%x' %
		      (model, n, it.get('UMask'), e['umask']))
		ctrs = [i + FIRST_COUNTER for i in range(32)
			if e['ctr'] & (1 << i)]
		check(it.get('Counter') == ','.join(map(str, ctrs)),
		      '%s: %s Counter %s, table %s' %
		      (model, n, it.get('Counter'), ctrs))
		brief = it.get('BriefDescription', '')
		check(len(brief.strip()) > 0, '%s: %s has no description' %
		      (model, n))
		long = it.get('PublicDescription', '')
		check(long.startswith(brief),
		      '%s: %s long description does not start with the '
		      'description' % (model, n))
		check('Maximum increment per cycle: %d' % e['inc'] in long,
		      '%s: %s long description lacks max increment %d' %
		      (model, n, e['inc']))
		for flag, words in QUAL_WORDS:
			check(bool(e['qual'] & flag) == (words in long),
			      '%s: %s qualifier 0x%x ("%s") disagrees: %s' %
			      (model, n, flag, words, long))
		check(('Qualifiers: none' in long) == (e['qual'] == 0),
		      '%s: %s "Qualifiers: none" disagrees with 0x%x' %
		      (model, n, e['qual']))
		for key in ('EventName', 'EventCode', 'UMask'):
			check(re.fullmatch(r'[A-Za-z0-9_.x]+', it.get(key, '')),
			      '%s: %s bad %s' % (model, n, key))
	for n in js:
		check(n in names, '%s: JSON event %s is not in the table' %
		      (model, n))
	return len(table)


def check_mapfile(archdir, models):
	with open(os.path.join(archdir, 'mapfile.csv')) as f:
		lines = f.read().split('\n')
	check(lines[0] == 'Family-model,Version,Filename,EventType',
	      'mapfile.csv: bad header')
	rows = [line.split(',') for line in lines[1:] if line]
	for r in rows:
		check(len(r) == 4 and r[3] == 'core' and
		      os.path.isdir(os.path.join(archdir, r[2])),
		      'mapfile.csv: bad row %s' % r)
	check(sorted(r[2] for r in rows) == sorted(models),
	      'mapfile.csv: maps %s, expected %s' %
	      (sorted(r[2] for r in rows), sorted(models)))
	# perf matches the whole CPUID string against the POSIX regex
	for cpuid, model in CPUIDS.items():
		hits = [r[2] for r in rows
			if re.fullmatch(r[0].replace('[[:digit:]]', '[0-9]'),
					cpuid)]
		check(hits == ([model] if model else []),
		      'mapfile.csv: %s selects %s, expected %s' %
		      (cpuid, hits, model))


def main():
	if len(sys.argv) < 3:
		sys.stderr.write('usage: json_check.py <arch/ia64> '
				 '<model>=<table dump>...\n')
		sys.exit(2)
	archdir = sys.argv[1]
	models = []
	for arg in sys.argv[2:]:
		model, dump = arg.split('=', 1)
		nr = check_model(archdir, model, dump)
		print('json_check: %s: %d events' % (model, nr))
		models.append(model)
	check_mapfile(archdir, models)
	print('json_check: %d passed, %d failed' % (passed, failed))
	sys.exit(1 if failed else 0)


if __name__ == '__main__':
	main()
