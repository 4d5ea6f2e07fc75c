# SPDX-License-Identifier: GPL-2.0
#
# The metrics of an Itanium CPU model for perf stat -M, read from
# tools/ia64-pmu/<model>-metrics.txt (the format is described at the top
# of itanium2-metrics.txt) by gen-pmu-events-json.py, which writes them
# into the model's metrics.json.
#
# The expressions are kept to what every perf since 5.x evaluates the same
# way: event names, numbers, + - * / and parentheses.  Each one must parse
# and name only events of the model's table; each metric must cite a
# manual section.
#
# Python 3 standard library only.

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

KEYS = ('metric', 'group', 'unit', 'expr', 'desc', 'cite')
STICKY = ('group', 'unit', 'cite')
NAME_RE = re.compile(r'[a-z][a-z0-9_]*')
GROUP_RE = re.compile(r'[A-Z][A-Za-z0-9]*(;[A-Z][A-Za-z0-9]*)*')
UNIT_RE = re.compile(r'100%|-')
CITE_RE = re.compile(r'\[(ITA-RM|I2-RM|MONT-RM)\] (§|Table )[0-9]')
TOKEN_RE = re.compile(r'\s*(?:([0-9]+(?:\.[0-9]+)?)|([A-Z][A-Z0-9_.]*)|'
		      r'([-+*/()]))')


def die(path, lineno, msg):
	sys.stderr.write('%s:%s: %s\n' % (os.path.basename(path), lineno, msg))
	sys.exit(1)


def tokens(expr):
	"""The tokens of an expression, or None if it has anything else."""
	out = []
	pos = 0
	while pos < len(expr):
		m = TOKEN_RE.match(expr, pos)
		if not m or m.end() == pos:
			return None
		out.append(m.group(m.lastindex))
		pos = m.end()
		while pos < len(expr) and expr[pos] == ' ':
			pos += 1
	return out


def parses(toks):
	"""True if toks is expr := term (('+'|'-') term)*, term := factor
	(('*'|'/') factor)*, factor := number | name | '(' expr ')'."""
	pos = 0

	def factor():
		nonlocal pos
		if pos >= len(toks):
			return False
		t = toks[pos]
		pos += 1
		if t == '(':
			if not expr() or pos >= len(toks) or toks[pos] != ')':
				return False
			pos += 1
			return True
		return t not in '+-*/()'

	def term():
		nonlocal pos
		if not factor():
			return False
		while pos < len(toks) and toks[pos] in ('*', '/'):
			pos += 1
			if not factor():
				return False
		return True

	def expr():
		nonlocal pos
		if not term():
			return False
		while pos < len(toks) and toks[pos] in ('+', '-'):
			pos += 1
			if not term():
				return False
		return True

	return expr() and pos == len(toks)


class Metric:
	def __init__(self, fields):
		self.name = fields['metric']
		self.group = fields['group']
		self.unit = fields['unit']
		self.expr = fields['expr']
		self.desc = fields['desc']
		self.cite = fields['cite']

	def json(self):
		out = {
			'BriefDescription': self.desc,
			'MetricExpr': self.expr,
			'MetricGroup': self.group,
			'MetricName': self.name,
			'PublicDescription': '%s. Source: %s' % (self.desc,
								 self.cite),
		}
		if self.unit != '-':
			out['ScaleUnit'] = self.unit
		return out


def load(model, names):
	"""The model's metrics, [] if it has none; names: its events."""
	path = os.path.join(HERE, model + '-metrics.txt')
	if not os.path.exists(path):
		return []
	with open(path, encoding='utf-8') as f:
		lines = f.read().split('\n')
	if lines[-1] != '':
		die(path, len(lines), 'no newline at the end of the file')
	stanzas = []
	cur = None
	for lineno, line in enumerate(lines[:-1], 1):
		if line.startswith('#'):
			continue
		if not line:
			cur = None
			continue
		if line != line.rstrip():
			die(path, lineno, 'trailing white space')
		m = re.fullmatch(r'([a-z]+): (.+)', line)
		if not m or m.group(1) not in KEYS:
			die(path, lineno, 'not "key: value" with a known key')
		if cur is None:
			cur = {'lineno': lineno}
			stanzas.append(cur)
		if m.group(1) in cur:
			die(path, lineno, '%s twice' % m.group(1))
		cur[m.group(1)] = m.group(2)

	metrics = []
	last = {}
	seen = set()
	for st in stanzas:
		lineno = st['lineno']
		for k in STICKY:
			if k not in st:
				if k not in last:
					die(path, lineno, 'no %s' % k)
				st[k] = last[k]
			last[k] = st[k]
		for k in KEYS:
			if k not in st:
				die(path, lineno, 'no %s' % k)
		if not NAME_RE.fullmatch(st['metric']) or st['metric'] in seen:
			die(path, lineno, 'bad or duplicate name %s' % st['metric'])
		seen.add(st['metric'])
		if not GROUP_RE.fullmatch(st['group']):
			die(path, lineno, 'bad group %s' % st['group'])
		if not UNIT_RE.fullmatch(st['unit']):
			die(path, lineno, 'bad unit %s' % st['unit'])
		if not CITE_RE.match(st['cite']):
			die(path, lineno, 'cite is not [manual] §section or Table')
		if st['desc'].endswith('.') or '"' in st['desc']:
			die(path, lineno, 'a description has no final period and '
			    'no quote')
		toks = tokens(st['expr'])
		if toks is None or not parses(toks):
			die(path, lineno, 'expression does not parse: %s' %
			    st['expr'])
		for t in toks:
			if t[0].isalpha() and t not in names:
				die(path, lineno, '%s is not an event of the table' % t)
		metrics.append(Metric(st))
	return metrics
