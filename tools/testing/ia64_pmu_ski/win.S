/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The measured windows (win.h). Explicit bundles only: gas -x checks the
 * dependencies, and every instruction a user-only counter sees is listed
 * with its number after "#" (the first instruction after the enabling
 * break is #1). The enabling and disabling breaks are the system call
 * ioctl(fd, PERF_EVENT_IOC_ENABLE/DISABLE, flags): r15 the number, the
 * arguments in the output registers of this frame (ivt.S: break_fault
 * calls ia64_syscall_setup, whose inputs are the caller's outputs), r8
 * the result, r10 -1 on error. Every window returns 0, or -1 if one of
 * its ioctls failed (the result of the enable in a local register).
 *
 * Registers: r2, r14-r17 and p6 are scratch; ar.lc, ar.pfs and b0 are
 * restored. No window touches the memory stack.
 */
#include "win.h"

#define NR_IOCTL	1065
#define NR_GETPID	1041
#define NR_KILL		1053
#define NR_READ		1026
#define NR_WRITE	1027
#define NR_EXIT		1025
#define IOC_ENABLE	0x2400
#define IOC_DISABLE	0x2401
#define SIGSTOP		19

	.text

/* long win_loop(long fd, long lc, long flags): WIN_LOOP_USER(lc + 1) */
	.align 64
	.global win_loop
	.type win_loop, @function
	.proc win_loop
win_loop:
	{ .mii
	  alloc r35 = ar.pfs, 3, 3, 3, 0	// r35 pfs, r36 lc, r37 status
	  mov r36 = ar.lc			// out0-2: r38-r40
	  nop.i 0 ;;
	}
	{ .mii
	  mov r38 = r32
	  mov r39 = IOC_ENABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r40 = r34
	  nop.i 0
	  nop.i 0 ;;
	}
	.global win_loop_enable
win_loop_enable:
	{ .mii
	  break.m 0x100000			// ioctl(fd, ENABLE, flags)
	  mov r37 = r10				// #1
	  mov ar.lc = r33 ;;			// #2
	}
	.global win_loop_body
win_loop_body:
	{ .mib
	  nop.m 0				// #3 + 3i
	  add r14 = 1, r14			// #4 + 3i
	  br.cloop.sptk.few win_loop_body ;;	// #5 + 3i
	}
	.global win_loop_post
win_loop_post:
	{ .mii
	  mov r38 = r32				// #3N + 3
	  mov r39 = IOC_DISABLE			// #3N + 4
	  mov r15 = NR_IOCTL ;;			// #3N + 5
	}
	.global win_loop_post2
win_loop_post2:
	{ .mii
	  mov r40 = r34				// #3N + 6
	  nop.i 0				// #3N + 7
	  nop.i 0 ;;				// #3N + 8
	}
	.global win_loop_disable
win_loop_disable:
	{ .mii
	  break.m 0x100000			// ioctl(fd, DISABLE, flags)
	  mov ar.lc = r36
	  or r8 = r37, r10 ;;
	}
	{ .mib
	  nop.m 0
	  mov ar.pfs = r35
	  br.ret.sptk.many b0 ;;
	}
	.endp win_loop

/*
 * long win_loop_sys(long fd, long lc, long flags): win_loop with a
 * getpid() system call after the loop, WIN_LOOP_SYS_USER(lc + 1)
 */
	.align 64
	.global win_loop_sys
	.type win_loop_sys, @function
	.proc win_loop_sys
win_loop_sys:
	{ .mii
	  alloc r35 = ar.pfs, 3, 3, 3, 0
	  mov r36 = ar.lc
	  nop.i 0 ;;
	}
	{ .mii
	  mov r38 = r32
	  mov r39 = IOC_ENABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r40 = r34
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, ENABLE, flags)
	  mov r37 = r10				// #1
	  mov ar.lc = r33 ;;			// #2
	}
1:	{ .mib
	  nop.m 0				// 3 per iteration
	  add r14 = 1, r14
	  br.cloop.sptk.few 1b ;;
	}
	{ .mii
	  mov r15 = NR_GETPID			// +1
	  nop.i 0				// +2
	  nop.i 0 ;;				// +3
	}
	{ .mii
	  break.m 0x100000			// getpid(): the kernel counts
	  nop.i 0				// +4
	  nop.i 0 ;;				// +5
	}
	{ .mii
	  mov r38 = r32				// post: 6
	  mov r39 = IOC_DISABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r40 = r34
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, DISABLE, flags)
	  mov ar.lc = r36
	  or r8 = r37, r10 ;;
	}
	{ .mib
	  nop.m 0
	  mov ar.pfs = r35
	  br.ret.sptk.many b0 ;;
	}
	.endp win_loop_sys

/*
 * long win_pipe(long fd, long lc, long reps, long flags, long wfd,
 *		 long rfd, char *buf): reps times the loop of lc + 1
 * iterations, then write(wfd, buf, 1) and read(rfd, buf, 1): with a
 * process echoing wfd to rfd, each read blocks until the other process
 * ran. WIN_PIPE_USER(lc + 1, reps) instructions; reps >= 1
 */
	.align 64
	.global win_pipe
	.type win_pipe, @function
	.proc win_pipe
win_pipe:
	{ .mii
	  alloc r39 = ar.pfs, 7, 4, 3, 0	// r39 pfs, r40 lc, r41 status,
	  mov r40 = ar.lc			// r42 reps left; out r43-r45
	  nop.i 0 ;;
	}
	{ .mii
	  mov r43 = r32
	  mov r44 = IOC_ENABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r45 = r35
	  mov r42 = r34
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, ENABLE, flags)
	  mov r41 = r10				// #1
	  nop.i 0 ;;				// #2
	}
2:	{ .mii
	  nop.m 0				// per rep: 3
	  mov ar.lc = r33
	  nop.i 0 ;;
	}
1:	{ .mib
	  nop.m 0				// per rep: 3 per iteration
	  add r14 = 1, r14
	  br.cloop.sptk.few 1b ;;
	}
	{ .mii
	  mov r43 = r36				// per rep: 3
	  mov r44 = r38
	  mov r45 = 1 ;;
	}
	{ .mii
	  mov r15 = NR_WRITE			// per rep: 3
	  adds r42 = -1, r42
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// write(wfd, buf, 1)
	  mov r43 = r37				// per rep: 2
	  mov r44 = r38 ;;
	}
	{ .mii
	  mov r45 = 1				// per rep: 3
	  mov r15 = NR_READ
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// read(rfd, buf, 1)
	  cmp.ne p6, p0 = 0, r42		// per rep: 2
	  nop.i 0 ;;
	}
	{ .mib
	  nop.m 0				// per rep: 3
	  nop.i 0
	(p6) br.cond.sptk.few 2b ;;
	}
	{ .mii
	  mov r43 = r32				// post: 6
	  mov r44 = IOC_DISABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r45 = r35
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, DISABLE, flags)
	  mov ar.lc = r40
	  or r8 = r41, r10 ;;
	}
	{ .mib
	  nop.m 0
	  mov ar.pfs = r39
	  br.ret.sptk.many b0 ;;
	}
	.endp win_pipe

/*
 * long win_branches(long fd, long lc, long flags): lc + 1 times the
 * branch pattern A B C D, WIN_BR_USER(lc + 1) instructions and
 * WIN_BR_TAKEN(lc + 1) taken branches, in this order:
 *   A  win_br0 slot 2 -> win_br2
 *   B  win_br2 slot 0 -> win_br1
 *   C  win_br1 slot 1 -> win_br3
 *   D  win_br3 slot 2 -> win_br0 (br.cloop: not taken the last time)
 */
	.align 64
	.global win_branches
	.type win_branches, @function
	.proc win_branches
win_branches:
	{ .mii
	  alloc r35 = ar.pfs, 3, 3, 3, 0
	  mov r36 = ar.lc
	  nop.i 0 ;;
	}
	{ .mii
	  mov r38 = r32
	  mov r39 = IOC_ENABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r40 = r34
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, ENABLE, flags)
	  mov r37 = r10				// #1
	  mov ar.lc = r33 ;;			// #2
	}
	.global win_br0
win_br0:
	{ .mib
	  nop.m 0				// 3
	  nop.i 0
	  br.sptk.few win_br2 ;;		// A
	}
	.global win_br1
win_br1:
	{ .mbb
	  nop.m 0				// 2
	  br.sptk.few win_br3			// C
	  nop.b 0 ;;
	}
	.global win_br2
win_br2:
	{ .bbb
	  br.sptk.few win_br1			// B: 1
	  nop.b 0
	  nop.b 0 ;;
	}
	.global win_br3
win_br3:
	{ .mib
	  nop.m 0				// 3
	  nop.i 0
	  br.cloop.sptk.few win_br0 ;;		// D
	}
	{ .mii
	  mov r38 = r32				// post: 6
	  mov r39 = IOC_DISABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r40 = r34
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, DISABLE, flags)
	  mov ar.lc = r36
	  or r8 = r37, r10 ;;
	}
	{ .mib
	  nop.m 0
	  mov ar.pfs = r35
	  br.ret.sptk.many b0 ;;
	}
	.endp win_branches

/*
 * long win_loads(long fd, long lc, long flags, void *base): lc + 1 loads
 * ld8 at base, base + 64, ..., each at win_ld_body slot 0,
 * WIN_LD_USER(lc + 1) instructions
 */
	.align 64
	.global win_loads
	.type win_loads, @function
	.proc win_loads
win_loads:
	{ .mii
	  alloc r36 = ar.pfs, 4, 3, 3, 0	// r36 pfs, r37 lc, r38 status
	  mov r37 = ar.lc			// out r39-r41
	  nop.i 0 ;;
	}
	{ .mii
	  mov r39 = r32
	  mov r40 = IOC_ENABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r41 = r34
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, ENABLE, flags)
	  mov r38 = r10				// #1
	  mov ar.lc = r33 ;;			// #2
	}
	{ .mii
	  mov r2 = r35				// #3
	  nop.i 0				// #4
	  nop.i 0 ;;				// #5
	}
	.global win_ld_body
win_ld_body:
	{ .mib
	  ld8 r14 = [r2], WIN_LD_STRIDE		// 3 per iteration
	  nop.i 0
	  br.cloop.sptk.few win_ld_body ;;
	}
	{ .mii
	  mov r39 = r32				// post: 6
	  mov r40 = IOC_DISABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r41 = r34
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, DISABLE, flags)
	  mov ar.lc = r37
	  or r8 = r38, r10 ;;
	}
	{ .mib
	  nop.m 0
	  mov ar.pfs = r36
	  br.ret.sptk.many b0 ;;
	}
	.endp win_loads

/*
 * long win_filter(long fd, long lc_f, long lc_out, long flags): calls
 * filt_fn(lc_f), then runs lc_out + 1 iterations of a loop outside it,
 * WIN_FILTER_USER(lc_f + 1, lc_out + 1) instructions, of which
 * FILT_FN_INSNS(lc_f + 1) in filt_fn
 */
	.align 64
	.global win_filter
	.type win_filter, @function
	.proc win_filter
win_filter:
	{ .mii
	  alloc r36 = ar.pfs, 4, 4, 3, 0	// r36 pfs, r37 lc, r38 b0,
	  mov r37 = ar.lc			// r39 status; out r40-r42
	  mov r38 = b0 ;;
	}
	{ .mii
	  mov r40 = r32
	  mov r41 = IOC_ENABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r42 = r35
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, ENABLE, flags)
	  mov r39 = r10				// #1
	  mov r40 = r33 ;;			// #2
	}
	{ .mib
	  nop.m 0				// 3
	  nop.i 0
	  br.call.sptk.many b0 = filt_fn ;;
	}
	{ .mii
	  nop.m 0				// 3
	  mov ar.lc = r34
	  nop.i 0 ;;
	}
1:	{ .mib
	  nop.m 0				// 3 per iteration
	  add r14 = 1, r14
	  br.cloop.sptk.few 1b ;;
	}
	{ .mii
	  mov r40 = r32				// post: 6
	  mov r41 = IOC_DISABLE
	  mov r15 = NR_IOCTL ;;
	}
	{ .mii
	  mov r42 = r35
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// ioctl(fd, DISABLE, flags)
	  mov ar.lc = r37
	  or r8 = r39, r10 ;;
	}
	{ .mii
	  nop.m 0
	  mov ar.pfs = r36
	  mov b0 = r38 ;;
	}
	{ .mib
	  nop.m 0
	  nop.i 0
	  br.ret.sptk.many b0 ;;
	}
	.endp win_filter

/*
 * void filt_fn(long lc): a leaf of exactly FILT_FN_SIZE bytes, aligned
 * to them, running FILT_FN_INSNS(lc + 1) instructions; the last bundle is
 * padding, never executed. An address filter of [filt_fn_start,
 * filt_fn_start + 64) is one aligned block on every model.
 */
	.align 64
	.global filt_fn
	.global filt_fn_start
	.type filt_fn, @function
	.proc filt_fn
filt_fn:
filt_fn_start:
	{ .mii
	  nop.m 0				// 3
	  mov r2 = ar.lc ;;
	  mov ar.lc = r32 ;;
	}
1:	{ .mib
	  nop.m 0				// 3 per iteration
	  add r14 = 1, r14
	  br.cloop.sptk.few 1b ;;
	}
	{ .mib
	  nop.m 0				// 3
	  mov ar.lc = r2
	  br.ret.sptk.many b0 ;;
	}
	{ .mii
	  nop.m 0
	  nop.i 0
	  nop.i 0 ;;
	}
	.endp filt_fn

/*
 * void child_echo(long rfd, long wfd, char *buf, volatile long *shared,
 *		   long pid): the competitor of the per-task test. Stops
 * itself (A); then reads a byte from rfd: 'q' ends the loop, anything
 * else is written back to wfd and counted in shared[1]; at 'q' it stops
 * itself again (B) and exits. Between A and B it runs
 * CHILD_ECHO_USER(shared[1]) user instructions.
 */
	.align 64
	.global child_echo
	.type child_echo, @function
	.proc child_echo
child_echo:
	{ .mii
	  alloc r37 = ar.pfs, 5, 1, 3, 0	// out r38-r40
	  mov r38 = r36
	  mov r39 = SIGSTOP ;;
	}
	{ .mii
	  mov r15 = NR_KILL
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// kill(pid, SIGSTOP): A
	  nop.i 0				// #1
	  nop.i 0 ;;				// #2
	}
1:	{ .mii
	  mov r38 = r32				// per iteration: 3
	  mov r39 = r34
	  mov r40 = 1 ;;
	}
	{ .mii
	  mov r15 = NR_READ			// 3
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mmi
	  break.m 0x100000			// read(rfd, buf, 1)
	  ld1 r14 = [r34]			// 2
	  nop.i 0 ;;
	}
	{ .mii
	  nop.m 0				// 3
	  cmp.eq p6, p0 = 113, r14		// 'q'
	  nop.i 0 ;;
	}
	{ .mib
	  nop.m 0				// 3 (the last time: taken)
	  nop.i 0
	(p6) br.cond.dpnt.few 2f ;;
	}
	{ .mii
	  mov r38 = r33				// 3
	  mov r39 = r34
	  mov r40 = 1 ;;
	}
	{ .mii
	  mov r15 = NR_WRITE			// 3
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000			// write(wfd, buf, 1)
	  adds r16 = 8, r35			// 2
	  nop.i 0 ;;
	}
	{ .mmi
	  ld8 r17 = [r16] ;;			// 3
	  nop.m 0
	  adds r17 = 1, r17 ;;
	}
	{ .mmb
	  st8 [r16] = r17			// 3
	  nop.m 0
	  br.sptk.few 1b ;;
	}
2:	{ .mii
	  mov r38 = r36				// 3
	  mov r39 = SIGSTOP
	  mov r15 = NR_KILL ;;
	}
	{ .mii
	  break.m 0x100000			// kill(pid, SIGSTOP): B
	  mov r38 = 0
	  mov r15 = NR_EXIT ;;
	}
	{ .mii
	  break.m 0x100000			// exit(0)
	  nop.i 0
	  nop.i 0 ;;
	}
	.endp child_echo

/*
 * unsigned long ur_read_sys(long pmd, long fd, void *buf): reads PMD @pmd
 * with mov r = pmd[], returns it, and calls read(fd, buf, 8) right after:
 * a user-only counter counts UR_READ_SYS_AFTER instructions from the mov
 * (the value it reads is of the instructions before it) to the break,
 * so that read() gives the count the mov saw plus that, exactly
 */
	.align 64
	.global ur_read_sys
	.type ur_read_sys, @function
	.proc ur_read_sys
ur_read_sys:
	{ .mii
	  alloc r35 = ar.pfs, 3, 2, 3, 0	// r35 pfs, r36 the PMD;
	  mov r37 = r33				// out r37-r39
	  mov r38 = r34 ;;
	}
	{ .mii
	  mov r39 = 8
	  mov r15 = NR_READ
	  nop.i 0 ;;
	}
	{ .mii
	  mov r36 = pmd[r32]			// the self-read: #1
	  nop.i 0				// #2
	  nop.i 0 ;;				// #3
	}
	{ .mii
	  break.m 0x100000			// read(fd, buf, 8)
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mib
	  mov r8 = r36
	  mov ar.pfs = r35
	  br.ret.sptk.many b0 ;;
	}
	.endp ur_read_sys

/*
 * unsigned long ur_read_sys_n(long pmd, long fd, void *buf, long size):
 * ur_read_sys() with read(fd, buf, size), for a read_format longer than
 * the count alone; the same UR_READ_SYS_AFTER instructions from the mov
 * to the break
 */
	.align 64
	.global ur_read_sys_n
	.type ur_read_sys_n, @function
	.proc ur_read_sys_n
ur_read_sys_n:
	{ .mii
	  alloc r36 = ar.pfs, 4, 2, 3, 0	// r36 pfs, r37 the PMD;
	  mov r38 = r33				// out r38-r40
	  mov r39 = r34 ;;
	}
	{ .mii
	  mov r40 = r35
	  mov r15 = NR_READ
	  nop.i 0 ;;
	}
	{ .mii
	  mov r37 = pmd[r32]			// the self-read: #1
	  nop.i 0				// #2
	  nop.i 0 ;;				// #3
	}
	{ .mii
	  break.m 0x100000			// read(fd, buf, size)
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mib
	  mov r8 = r37
	  mov ar.pfs = r36
	  br.ret.sptk.many b0 ;;
	}
	.endp ur_read_sys_n
