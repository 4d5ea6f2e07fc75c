/* SPDX-License-Identifier: GPL-2.0 */
/* cpuid_test: header.c needs nothing of tools/include/linux/kernel.h */
