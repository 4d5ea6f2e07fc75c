#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Check the metrics of perf's JSON for the Itanium models,
# tools/perf/pmu-events/arch/ia64/<model>/metrics.json:
#
#   each MetricExpr parses (numbers, event names, + - * / and parentheses,
#   the subset perf's expression parser shares with this one) and names
#   only events of the driver's table (the output of table_dump);
#   each metric cites a manual section; CycleAccounting exists;
#   evaluated on the counts below, each metric gives the value worked out
#   by hand below (a metric without a hand value, or a hand value without
#   a metric, fails); the cycle accounting fractions add up to 1.
#
# Usage: metrics_check.py <arch/ia64 directory> <model>=<table dump>...
#
# Python 3 standard library only.

import json
import os
import re
import sys

passed = failed = 0


def check(ok, msg):
	global passed, failed
	if ok:
		passed += 1
	else:
		failed += 1
		print('FAIL: %s' % msg)


# --------------------------------------------------------------------------
# A small evaluator of perf's metric expressions (the subset used)
# --------------------------------------------------------------------------

TOKEN_RE = re.compile(r'\s*(?:([0-9]+(?:\.[0-9]+)?)|([A-Za-z_][A-Za-z0-9_.]*)|'
		      r'([-+*/()]))')


class ExprError(Exception):
	pass


def tokenize(expr):
	toks = []
	pos = 0
	expr = expr.rstrip()
	while pos < len(expr):
		m = TOKEN_RE.match(expr, pos)
		if not m:
			raise ExprError('bad character at %d in %s' % (pos, expr))
		if m.group(1):
			toks.append(('num', float(m.group(1))))
		elif m.group(2):
			toks.append(('id', m.group(2)))
		else:
			toks.append(('op', m.group(3)))
		pos = m.end()
	return toks


def evaluate(expr, counts):
	"""Value of expr with the event counts; also returns the names used."""
	toks = tokenize(expr)
	pos = 0
	used = set()

	def peek():
		return toks[pos] if pos < len(toks) else (None, None)

	def factor():
		nonlocal pos
		kind, val = peek()
		pos += 1
		if kind == 'num':
			return val
		if kind == 'id':
			used.add(val)
			if val not in counts:
				raise ExprError('no count for %s' % val)
			return float(counts[val])
		if (kind, val) == ('op', '('):
			v = summ()
			if peek() != ('op', ')'):
				raise ExprError('missing ) in %s' % expr)
			pos += 1
			return v
		if (kind, val) == ('op', '-'):
			return -factor()
		raise ExprError('unexpected %s in %s' % (val, expr))

	def product():
		nonlocal pos
		v = factor()
		while peek() in (('op', '*'), ('op', '/')):
			op = peek()[1]
			pos += 1
			r = factor()
			v = v * r if op == '*' else v / r
		return v

	def summ():
		nonlocal pos
		v = product()
		while peek() in (('op', '+'), ('op', '-')):
			op = peek()[1]
			pos += 1
			r = product()
			v = v + r if op == '+' else v - r
		return v

	v = summ()
	if pos != len(toks):
		raise ExprError('trailing tokens in %s' % expr)
	return v, used


def names_of(expr):
	return {v for k, v in tokenize(expr) if k == 'id'}


# --------------------------------------------------------------------------
# Counts, and each metric's value worked out by hand from them
# --------------------------------------------------------------------------

# Itanium 2: the back end stalls in 500000 of 1000000 cycles, split
# 50000 flush + 120000 L1D/FPU + 200000 execution + 30000 RSE + 100000
# front end.
ITANIUM2_COUNTS = {
	'CPU_CYCLES': 1000000,
	'BACK_END_BUBBLE_ALL': 500000,
	'BE_FLUSH_BUBBLE_ALL': 50000,
	'BE_L1D_FPU_BUBBLE_ALL': 120000,
	'BE_EXE_BUBBLE_ALL': 200000,
	'BE_RSE_BUBBLE_ALL': 30000,
	'BACK_END_BUBBLE_FE': 100000,
	'IA64_INST_RETIRED_THIS': 1500000,
	'L1D_READS_SET1': 400000,
	'L1D_READ_MISSES_ALL': 20000,
	'L2_REFERENCES': 60000,
	'L2_MISSES': 6000,
	'L3_REFERENCES': 6500,
	'L3_MISSES': 1300,
	'BR_MISPRED_DETAIL_ALL_ALL_PRED': 100000,
	'BR_MISPRED_DETAIL_ALL_WRONG_PATH': 3000,
	'BR_MISPRED_DETAIL_ALL_WRONG_TARGET': 1000,
}
ITANIUM2_EXPECTED = {
	'be_flush_stall': 0.05,		# 50000 / 1000000
	'be_l1d_fpu_stall': 0.12,	# 120000 / 1000000
	'be_exe_stall': 0.20,		# 200000 / 1000000
	'be_rse_stall': 0.03,		# 30000 / 1000000
	'fe_stall': 0.10,		# 100000 / 1000000
	'unstalled': 0.50,		# (1000000 - 500000) / 1000000
	'ipc': 1.5,			# 1500000 / 1000000
	'l1d_read_miss_ratio': 0.05,	# 20000 / 400000
	'l2_miss_ratio': 0.10,		# 6000 / 60000
	'l3_miss_ratio': 0.20,		# 1300 / 6500
	'br_mispred_ratio': 0.04,	# (3000 + 1000) / 100000
}

MONTECITO_COUNTS = dict(ITANIUM2_COUNTS)
del MONTECITO_COUNTS['CPU_CYCLES']
del MONTECITO_COUNTS['L2_REFERENCES']
del MONTECITO_COUNTS['L2_MISSES']
MONTECITO_COUNTS.update({
	'CPU_OP_CYCLES_ALL': 1000000,
	'L2D_REFERENCES_ALL': 50000,
	'L2D_MISSES': 5000,
	'L2I_READS_ALL_ALL': 8000,
	'L2I_READS_MISS_ALL': 400,
})
MONTECITO_EXPECTED = dict(ITANIUM2_EXPECTED)
del MONTECITO_EXPECTED['l2_miss_ratio']
MONTECITO_EXPECTED.update({
	'l2d_miss_ratio': 0.10,		# 5000 / 50000
	'l2i_miss_ratio': 0.05,		# 400 / 8000
})

# Itanium: 1000000 cycles = 300000 dependency + 250000 memory + 150000
# flush + 300000 unstalled ([ITA-RM] §7.4).
ITANIUM_COUNTS = {
	'CPU_CYCLES': 1000000,
	'DEPENDENCY_ALL_CYCLE': 300000,
	'DEPENDENCY_SCOREBOARD_CYCLE': 100000,
	'MEMORY_CYCLE': 250000,
	'DATA_ACCESS_CYCLE': 200000,
	'PIPELINE_ALL_FLUSH_CYCLE': 150000,
	'PIPELINE_BACKEND_FLUSH_CYCLE': 60000,
	'UNSTALLED_BACKEND_CYCLE': 300000,
	'INST_ACCESS_CYCLE': 40000,
	'IA64_INST_RETIRED': 1200000,
	'IA32_INST_RETIRED': 3000,
	'ISA_TRANSITIONS': 10,
	'RSE_REFERENCES_RETIRED': 9000,
	'RSE_LOADS_RETIRED': 4000,
	'FP_OPS_RETIRED_HI': 1000,
	'FP_OPS_RETIRED_LO': 700,
	'ALAT_INST_FAILED_CHKA_LDC.ALL': 50,
	'ALAT_INST_CHKA_LDC.ALL': 1000,
	'BRANCH_PREDICTOR.ALL.ALL_PREDICTIONS': 50000,
	'BRANCH_PREDICTOR.ALL.WRONG_PATH': 2000,
	'BRANCH_PREDICTOR.ALL.WRONG_TARGET': 500,
	'BRANCH_PREDICTOR.1ST_STAGE.WRONG_PATH': 300,
	'BRANCH_PREDICTOR.1ST_STAGE.WRONG_TARGET': 100,
	'BRANCH_PREDICTOR.2ND_STAGE.WRONG_PATH': 900,
	'BRANCH_PREDICTOR.2ND_STAGE.WRONG_TARGET': 200,
	'BRANCH_PREDICTOR.3RD_STAGE.WRONG_PATH': 800,
	'BRANCH_PREDICTOR.3RD_STAGE.WRONG_TARGET': 200,
	'BRANCH_MULTIWAY.ALL_PATHS.ALL_PREDICTIONS': 5000,
	'L1I_PREFETCH_READS': 20000,
	'L1I_DEMAND_READS': 80000,
	'L2_INST_DEMAND_READS': 4000,
	'L2_INST_PREFETCH_READS': 2000,
	'L3_WRITES.DATA_WRITES.ALL': 600,
	'L3_READS.DATA_READS.ALL': 1400,
	'L2_MISSES': 3000,
	'L3_REFERENCES': 3500,
	'L3_WRITES.L2_WRITEBACK.ALL': 1000,
	'L1D_READS_RETIRED': 300000,
	'L1D_READ_MISSES_RETIRED': 15000,
	'L2_REFERENCES': 30000,
	'L2_DATA_REFERENCES.ALL': 20000,
	'L2_DATA_REFERENCES.READS': 14000,
	'L2_DATA_REFERENCES.WRITES': 6000,
	'L3_READS.INST_READS.ALL': 500,
	'L3_MISSES': 500,
	'L3_READS.DATA_READS.MISS': 280,
	'L3_WRITES.DATA_WRITES.MISS': 120,
	'L3_READS.INST_READS.MISS': 50,
	'BUS_RD_ALL': 1000,
	'BUS_RD_DATA': 700,
	'BUS_RD_INVAL': 50,
	'BUS_RD_INVAL_HITM': 10,
	'BUS_RD_INVAL_BST': 200,
	'BUS_RD_INVAL_BST_HITM': 20,
	'BUS_IOQ_LIVE_REQ_HI': 100,
	'BUS_IOQ_LIVE_REQ_LO': 30,
	'BUS_BRQ_LIVE_REQ_HI': 200,
	'BUS_BRQ_LIVE_REQ_LO': 10,
	'BUS_ALL': 2000,
	'BUS_MEMORY': 1600,
	'BUS_PARTIAL': 160,
	'BUS_RD_PRTL': 80,
	'BUS_RD_HIT': 100,
	'BUS_RD_HITM': 50,
	'BUS_WR_WB': 240,
	'BUS_IO': 40,
	'BUS_RD_IO': 20,
	'ITLB_MISSES_FETCH': 800,
	'DTLB_MISSES': 600,
	'DATA_REFERENCES_RETIRED': 400000,
	'DTC_MISSES': 4000,
}
# L3 correction ratio: 3000 / (3500 - 1000) = 1.2
ITANIUM_EXPECTED = {
	'dependency_stall': 0.30,
	'memory_stall': 0.25,
	'flush_stall': 0.15,
	'unstalled': 0.30,
	'scoreboard_stall': 0.10,
	'issue_limit_stall': 0.20,	# (300000 - 100000) / 1000000
	'data_access_stall': 0.20,
	'rse_active_stall': 0.05,	# (250000 - 200000) / 1000000
	'backend_flush_stall': 0.06,
	'taken_branch_stall': 0.09,	# (150000 - 60000) / 1000000
	'inst_access_stall': 0.04,
	'unstalled_pipeline': 0.26,	# (300000 - 40000) / 1000000
	'rse_active_cycle': 50000,
	'issue_limit_cycle': 200000,
	'taken_branch_cycle': 90000,
	'unstalled_pipeline_cycle': 260000,
	'ia64_ipc': 1.2,
	'ia64_inst_per_isa_transition': 60000,	# 1200000 / 20
	'ia32_inst_per_isa_transition': 150,	# 3000 / 20
	'rse_stores_retired': 5000,
	'fp_ops_retired': 4700,		# 4 * 1000 + 700
	'data_spec_miss_ratio': 0.05,
	'branch_mispredictions': 2500,
	'branch_1st_stage_mispredictions': 400,
	'branch_2nd_stage_mispredictions': 1100,
	'branch_3rd_stage_mispredictions': 1000,
	'branch_multiway_component': 0.10,	# 5000 / 50000
	'l1i_references': 100000,
	'l2_inst_references': 6000,
	'l3_data_references': 2000,
	'l3_correction_ratio': 1.2,
	'l1i_miss_ratio': 0.06,		# 6000 / 100000
	'l1i_demand_miss_ratio': 0.05,	# 4000 / 80000
	'l1i_prefetch_miss_ratio': 0.10,	# 2000 / 20000
	'l1d_read_miss_ratio': 0.05,	# 15000 / 300000
	'l2_miss_ratio': 0.10,		# 3000 / 30000
	'l2_data_miss_ratio': 0.12,	# 2000 / 20000 * 1.2
	'l2_inst_miss_ratio': 0.10,	# 500 / 6000 * 1.2
	'l2_data_read_miss_ratio': 0.12,	# 1400 / 14000 * 1.2
	'l2_data_write_miss_ratio': 0.12,	# 600 / 6000 * 1.2
	'l2_inst_ratio': 0.20,		# 6000 / 30000
	'l2_data_ratio': 2 / 3,		# 20000 / 30000
	'l3_miss_ratio': 0.20,		# 500 / 2500
	'l3_data_miss_ratio': 0.20,	# (280 + 120) / 2000
	'l3_inst_miss_ratio': 0.10,	# 50 / 500
	'l3_data_read_ratio': 0.70,	# 1400 / 2000
	'l3_data_ratio': 4 / 7,		# 2000 / 3500
	'l3_inst_ratio': 1 / 7,		# 500 / 3500
	'bus_rd_instructions': 300,
	'bus_rd_inval_memory': 40,
	'bus_rd_inval_bst_memory': 180,
	'bus_ioq_live_req': 430,	# 100 * 4 + 30
	'bus_brq_live_req': 810,	# 200 * 4 + 10
	'bus_data_fetch_ratio': 0.35,	# 700 / 2000
	'bus_partial_ratio': 0.10,	# 160 / 1600
	'bus_rd_partial_ratio': 0.05,	# 80 / 1600
	'bus_rd_hit_ratio': 0.10,	# 100 / 1000
	'bus_rd_hitm_ratio': 0.05,	# 50 / 1000
	'bus_bil_hitm_ratio': 0.00625,	# 10 / 1600
	'bus_bril_hitm_ratio': 0.0125,	# 20 / 1600
	'bus_hitm_ratio': 0.03125,	# 50 / 1600
	'bus_writeback_ratio': 0.15,	# 240 / 1600
	'bus_cacheable_read_ratio': 0.75,	# (1000 + 200) / 1600
	'bus_io_ratio': 0.02,		# 40 / 2000
	'bus_io_read_ratio': 0.01,	# 20 / 2000
	'itlb_miss_ratio': 0.01,	# 800 / 80000
	'dtlb_miss_ratio': 0.0015,	# 600 / 400000
	'dtc_miss_ratio': 0.01,		# 4000 / 400000
}

MODELS = {
	'itanium': (ITANIUM_COUNTS, ITANIUM_EXPECTED),
	'itanium2': (ITANIUM2_COUNTS, ITANIUM2_EXPECTED),
	'montecito': (MONTECITO_COUNTS, MONTECITO_EXPECTED),
}

# Groups whose fractions add up to all cycles
PARTITIONS = ('CycleAccounting', 'CycleAccountingDetail')

CITE_RE = re.compile(r'Source: \[(ITA-RM|I2-RM|MONT-RM)\] '
		     r'(\u00a7[0-9][0-9.]*|Table [0-9]+-[0-9]+)')


def check_model(archdir, model, dump):
	with open(dump) as f:
		table = {line.split()[0] for line in f}
	with open(os.path.join(archdir, model, 'metrics.json')) as f:
		metrics = json.load(f)
	counts, expected = MODELS[model]
	for n in counts:
		check(n in table, '%s: test count for %s, not an event' %
		      (model, n))
	names = set()
	groups = {}
	for m in metrics:
		name = m.get('MetricName', '')
		names.add(name)
		expr = m.get('MetricExpr', '')
		try:
			used = names_of(expr)
		except ExprError as e:
			check(False, '%s: %s: %s' % (model, name, e))
			continue
		for ev in used:
			check(ev in table, '%s: %s names %s, not an event of the '
			      'table' % (model, name, ev))
		check(bool(CITE_RE.search(m.get('PublicDescription', ''))),
		      '%s: %s cites no manual section' % (model, name))
		check(bool(m.get('BriefDescription')),
		      '%s: %s has no description' % (model, name))
		for g in m.get('MetricGroup', '').split(';'):
			groups.setdefault(g, []).append(m)
		if name not in expected:
			check(False, '%s: %s has no hand-computed value' %
			      (model, name))
			continue
		try:
			val, _ = evaluate(expr, counts)
		except (ExprError, ZeroDivisionError) as e:
			check(False, '%s: %s: %s' % (model, name, e))
			continue
		check(abs(val - expected[name]) <= 1e-9 * max(1, abs(val)),
		      '%s: %s = %r, by hand %r' %
		      (model, name, val, expected[name]))
	for name in expected:
		check(name in names, '%s: no metric %s' % (model, name))
	check('CycleAccounting' in groups, '%s: no CycleAccounting group' %
	      model)
	for g in PARTITIONS:
		if g not in groups:
			continue
		total = sum(evaluate(m['MetricExpr'], counts)[0]
			    for m in groups[g])
		check(abs(total - 1) < 1e-9, '%s: %s adds up to %r, not 1' %
		      (model, g, total))
		for m in groups[g]:
			check(m.get('ScaleUnit') == '100%',
			      '%s: %s is not a percentage' % (model, m['MetricName']))
	return len(metrics)


def self_test():
	"""The evaluator itself, on expressions with known values."""
	c = {'A': 6, 'B.X': 3, 'C': 2}
	for expr, want in (('A / B.X', 2), ('A - B.X - C', 1), ('A / B.X / C', 1),
			   ('(A + B.X) * C', 18), ('A + B.X * C', 12),
			   ('4 * C + A', 14), ('A / (C * 3)', 1)):
		check(evaluate(expr, c)[0] == want, 'evaluator: %s' % expr)


def main():
	if len(sys.argv) < 3:
		sys.stderr.write('usage: metrics_check.py <arch/ia64> '
				 '<model>=<table dump>...\n')
		sys.exit(2)
	self_test()
	for arg in sys.argv[2:]:
		model, dump = arg.split('=', 1)
		nr = check_model(sys.argv[1], model, dump)
		print('metrics_check: %s: %d metrics' % (model, nr))
	print('metrics_check: %d passed, %d failed' % (passed, failed))
	sys.exit(1 if failed else 0)


if __name__ == '__main__':
	main()
