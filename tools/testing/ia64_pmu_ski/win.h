/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The measured windows of win.S: hand-written bundles whose user-mode
 * instructions are known one by one, so that the tests can assert exact
 * counts, sample IPs, branch stacks and data addresses.
 *
 * Each window enables a perf event (group) with ioctl(fd,
 * PERF_EVENT_IOC_ENABLE, flags), runs its code and disables it again with
 * ioctl(fd, PERF_EVENT_IOC_DISABLE, flags), all in assembly. A user-only
 * counter counts the instructions from the one after the enabling break
 * (the kernel resumes at the next slot, [SDM-2] and ivt.S break_fault) up
 * to the disabling break, which it does not count: a break raises a Break
 * Instruction fault, and a faulting instruction does not retire.
 * IA64_INST_RETIRED counts every retired instruction, nops and
 * predicated-off ones included ([ITA-RM] §7.8; pmu_model_count.c), and
 * none of the windows has an MLX bundle, so every slot is one
 * instruction.
 *
 * The macros below give those counts (N: loop iterations, lc + 1); the
 * comments in win.S number the instructions.
 */
#ifndef IA64_PMU_SKI_WIN_H
#define IA64_PMU_SKI_WIN_H

/* the counts as unsigned long in C, for printing */
#ifdef __ASSEMBLER__
#define WIN_UL(x)		(x)
#else
#define WIN_UL(x)		((unsigned long)(x))
#endif

/* instructions per iteration of the counting loop (nop.m, add, br.cloop) */
#define WIN_K			3

/* win_loop: 2 after the enabling break, the loop, 6 before the disabling */
#define WIN_LOOP_PRE		2
#define WIN_LOOP_POST		6
#define WIN_LOOP_USER(n)	WIN_UL(WIN_LOOP_PRE + WIN_K * (n) + \
				       WIN_LOOP_POST)

/*
 * Cycles, by the rule of Ski's PMU (tools/ski/ski_pmu.c, the sim.c hook):
 * an instruction that falls through ends a cycle where a stop follows
 * it, a taken branch ends one (the stop after it is not reached), and so
 * does a faulting instruction. At user level in win_loop: the enable's
 * bundle (#1-#2, a stop) 1, each iteration of the loop 1 (br.cloop
 * taken; the last time, not taken, its stop), the two bundles before the
 * disable 2, the disabling break (a fault, at user level) 1.
 */
#define WIN_LOOP_CYCLES(n)	WIN_UL(1 + (n) + 2 + 1)

/* win_loop_sys: win_loop with getpid() between the loop and the disable */
#define WIN_LOOP_SYS_USER(n)	WIN_UL(WIN_LOOP_PRE + WIN_K * (n) + 5 + \
				       WIN_LOOP_POST)

/* win_pipe: reps times (ar.lc setup, loop, write, read, loop back) */
#define WIN_PIPE_REP(n)		(3 + WIN_K * (n) + 3 + 3 + 2 + 3 + 2 + 3)
#define WIN_PIPE_USER(n, reps)	WIN_UL(2 + (reps) * WIN_PIPE_REP(n) + 6)

/* win_branches: 4 taken branches and 9 instructions per iteration */
#define WIN_BR_K		9
#define WIN_BR_USER(n)		WIN_UL(2 + WIN_BR_K * (n) + 6)
#define WIN_BR_TAKEN(n)		WIN_UL(4 * (n) - 1)

/* win_loads: one ld8 per iteration, 3 instructions */
#define WIN_LD_USER(n)		WIN_UL(2 + 3 + 3 * (n) + 6)
#define WIN_LD_STRIDE		64

/* win_filter: filt_fn(lc_f) then a loop of n_out iterations outside it */
#define FILT_FN_INSNS(nf)	WIN_UL(3 + WIN_K * (nf) + 3)
#define FILT_FN_SIZE		64
#define WIN_FILTER_USER(nf, no)	WIN_UL(2 + 3 + FILT_FN_INSNS(nf) + 3 + \
				 WIN_K * (no) + 6)

/*
 * child_echo: the user instructions between its two SIGSTOPs (after the
 * first kill's break, up to the second's), for @it bytes echoed: 28 per
 * echo, 14 to read the 'q' and branch out, 3 to set up the second kill
 */
#define CHILD_ECHO_ITER		28
#define CHILD_ECHO_USER(it)	WIN_UL(2 + CHILD_ECHO_ITER * (it) + 14 + 3)

/*
 * ur_read_sys: the user instructions from its mov r = pmd[] (which the
 * value it reads does not include) up to the break of its read(): the
 * mov itself and the two nop.i after it; the same for ur_read_sys_n
 */
#define UR_READ_SYS_AFTER	WIN_UL(3)

#ifndef __ASSEMBLER__
long win_loop(long fd, long lc, long flags);
long win_loop_sys(long fd, long lc, long flags);
long win_pipe(long fd, long lc, long reps, long flags, long wfd, long rfd,
	      char *buf);
long win_branches(long fd, long lc, long flags);
long win_loads(long fd, long lc, long flags, void *base);
long win_filter(long fd, long lc_f, long lc_out, long flags);
void filt_fn(long lc);
void child_echo(long rfd, long wfd, char *buf, volatile long *shared,
		long pid) __attribute__((noreturn));
unsigned long ur_read_sys(long pmd, long fd, void *buf);
unsigned long ur_read_sys_n(long pmd, long fd, void *buf, long size);

/* code labels (bundle addresses), declared as arrays: no descriptor */
extern const char win_loop_enable[], win_loop_body[], win_loop_post[],
	win_loop_post2[], win_loop_disable[];
extern const char win_br0[], win_br1[], win_br2[], win_br3[];
extern const char win_ld_body[];
extern const char filt_fn_start[];
#endif

#endif
