/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry and the raw system call of a freestanding ia64 program.
 *
 * _start: the kernel enters with sp (r12) at argc (the ia64 software
 * conventions: argc at sp + 16 in glibc's start.S; not used here), the
 * register stack empty and ar.rsc eager. Set gp, leave the 16-byte
 * scratch area every call needs below a 16-byte aligned sp, call
 * main() and exit_group() with its result.
 *
 * long __syscall6(long a0, ..., long a5, long nr): the Linux system call
 * of ia64 Linux (glibc's DO_CALL): number in r15, arguments in the first
 * registers of the current frame (a leaf with no alloc: its inputs, the
 * caller's outputs, r32-r37), break 0x100000 (slot 0 of the bundle at
 * __syscall6_break: the kernel's rfi returns to its slot 1); result in
 * r8 with r10 = -1 on error, r8 then the errno. Returns the result, or
 * -errno.
 *
 * u64 __ski_ssc(u64 a0, u64 a1, u64 nr): a simulator system call of
 * Ski (the hp-sim kernel's ia64_ssc()): number in r15, arguments in
 * r32 and r33 (a leaf again), break 0x80001, result in r8. Ski serves it
 * at any privilege level; the bench calls its meter with it.
 */

	.text
	.align 32
	.global _start
	.proc _start
_start:
	{ .mlx
	  alloc r2 = ar.pfs, 0, 0, 1, 0
	  movl gp = __gp ;;
	}
	{ .mii
	  mov r14 = -16
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  and sp = r14, sp
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  adds sp = -16, sp
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mib
	  nop.m 0
	  nop.i 0
	  br.call.sptk.many b0 = main ;;
	}
	{ .mii
	  mov r32 = r8
	  mov r15 = 1236			// exit_group
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x100000
	  nop.i 0
	  nop.i 0 ;;
	}
	.endp _start

	.align 32
	.global __syscall6
	.type __syscall6, @function
	.proc __syscall6
__syscall6:
	{ .mii
	  mov r15 = r38
	  nop.i 0
	  nop.i 0 ;;
	}
	.global __syscall6_break
__syscall6_break:
	{ .mii
	  break.m 0x100000
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  cmp.eq p6, p0 = -1, r10
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mib
	(p6) sub r8 = r0, r8
	  nop.i 0
	  br.ret.sptk.many b0 ;;
	}
	.endp __syscall6

	.align 32
	.global __ski_ssc
	.type __ski_ssc, @function
	.proc __ski_ssc
__ski_ssc:
	{ .mii
	  mov r15 = r34
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mii
	  break.m 0x80001
	  nop.i 0
	  nop.i 0 ;;
	}
	{ .mib
	  nop.m 0
	  nop.i 0
	  br.ret.sptk.many b0 ;;
	}
	.endp __ski_ssc
