// SPDX-License-Identifier: GPL-2.0
/*
 * The smallest /init that proves the Ski chain (make ski-check before
 * tools/testing/ia64_pmu_ski exists, or tools/ski/ski-check.sh with
 * SKI_HELLO=1): the Ski kernel boots, runs a freestanding static ia64
 * program from the initramfs, and its console output reaches
 * tools/ski/ski-run.sh, which stops Ski on the sentinel line.
 *
 * Freestanding: no C library, raw system calls (break 0x100000, number
 * in r15, arguments in out0-out7, result in r8, r10 = -1 on error), no
 * libgcc (the cross compiler has none, and ia64 has no integer divide
 * instruction: no / or % here), and a _start of its own that sets gp.
 * The kernel opens /dev/console of the initramfs as fds 0-2.
 */

#include <asm/unistd.h>

/* A system call with up to three arguments; the clobbers are what the
 * kernel's syscall path may change (glibc's ia64 sysdep.h): the scratch
 * registers but r8, r10 and r15, the predicates, f6-f15, b6.
 */
static long sys3(long nr, long a0, long a1, long a2)
{
	register long r8 asm("r8");
	register long r10 asm("r10");
	register long r15 asm("r15") = nr;
	register long out0 asm("out0") = a0;
	register long out1 asm("out1") = a1;
	register long out2 asm("out2") = a2;

	asm volatile("break 0x100000;;"
		     : "=r"(r8), "=r"(r10), "+r"(r15),
		       "+r"(out0), "+r"(out1), "+r"(out2)
		     :
		     : "memory", "out3", "out4", "out5", "out6", "out7",
		       "r2", "r3", "r9", "r11", "r14", "r16", "r17", "r18",
		       "r19", "r20", "r21", "r22", "r23", "r24", "r25",
		       "r26", "r27", "r28", "r29", "r30", "r31",
		       "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13",
		       "p14", "p15", "f6", "f7", "f8", "f9", "f10", "f11",
		       "f12", "f13", "f14", "f15", "b6");
	return r10 == -1 ? -r8 : r8;
}

static void put(const char *s)
{
	long n = 0;

	while (s[n])
		n++;
	sys3(__NR_write, 1, (long)s, n);
}

void init_main(void) __attribute__((noreturn));

void init_main(void)
{
	unsigned long nomask = 0;

	put("hello from a freestanding ia64 /init\n");
	put("1..1\n");
	put("ok 1 boot\n");
	put("SKI-CHECK-DONE\n");
	/* init must not exit: wait for a signal that never comes */
	for (;;)
		sys3(__NR_rt_sigsuspend, (long)&nomask, sizeof(nomask), 0);
}

/*
 * The entry point: gp (r1) is the linker's __gp; sp gets the 16-byte
 * scratch area the ABI gives a callee below the arguments the kernel left
 * (argc, argv, envp: unused here).
 */
asm(".text\n"
    ".global _start\n"
    ".proc _start\n"
    "_start:\n"
    "	movl gp = __gp\n"
    "	adds sp = -16, sp\n"
    "	;;\n"
    "	br.call.sptk.many rp = init_main\n"
    "	;;\n"
    "	break 0\n"
    ".endp _start\n");
