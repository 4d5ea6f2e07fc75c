/* SPDX-License-Identifier: GPL-2.0 */
/* cpuid_test: what header.c takes from tools/include/linux/compiler.h */
#ifndef __maybe_unused
#define __maybe_unused	__attribute__((unused))
#endif
