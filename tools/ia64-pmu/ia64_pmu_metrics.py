# SPDX-License-Identifier: GPL-2.0
#
# The metrics of an Itanium CPU model for perf stat -M, read from
# tools/ia64-pmu/<model>-metrics.txt by gen-pmu-events-json.py (stub: no
# model has metrics yet).
#
# Python 3 standard library only.

import os

HERE = os.path.dirname(os.path.abspath(__file__))


def load(model, names):
	"""The model's metrics, [] if it has none; names: its events."""
	path = os.path.join(HERE, model + '-metrics.txt')
	if not os.path.exists(path):
		return []
	raise NotImplementedError(path)
