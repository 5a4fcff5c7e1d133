// The part of libfuse 3's high-level API FileProviderMount uses, with the version macro libfuse
// requires and the few calls Swift cannot make directly (macros, variadic argument vectors).
#ifndef FILEPROVIDERMOUNT_CFUSE3_SHIM_H
#define FILEPROVIDERMOUNT_CFUSE3_SHIM_H

#define FUSE_USE_VERSION 31
#include <fuse.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// Creates a file system from an argument vector (argv[0] is the program name; the rest are
/// libfuse options such as "-o", "fsname=x"). Returns NULL when libfuse rejects the options.
static inline struct fuse *fpk_fuse_new(int argc, char **argv, const struct fuse_operations *operations,
                                        void *private_data) {
    struct fuse_args args = FUSE_ARGS_INIT(argc, argv);
    struct fuse *fuse = fuse_new(&args, operations, sizeof(*operations), private_data);
    fuse_opt_free_args(&args);
    return fuse;
}

/// Serves requests on several threads until the file system is unmounted, or fuse_exit was
/// called and the calling thread received SIGUSR2 (see fpk_install_wake_handler), which the
/// calling thread stops blocking.
static inline int fpk_fuse_loop(struct fuse *fuse) {
    sigset_t wake;
    sigemptyset(&wake);
    sigaddset(&wake, SIGUSR2);
    pthread_sigmask(SIG_UNBLOCK, &wake, NULL);
    return fuse_loop_mt(fuse, 0);
}

static inline void fpk_wake_handler(int signal_number) { (void)signal_number; }

/// Makes SIGUSR2 interrupt system calls without doing anything else, so that sending it to the
/// thread running fpk_fuse_loop after fuse_exit ends the loop.
static inline int fpk_install_wake_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = fpk_wake_handler;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGUSR2, &action, NULL);
}

/// The private data passed to fpk_fuse_new, from inside a request handler.
static inline void *fpk_private_data(void) {
    return fuse_get_context()->private_data;
}

static int fpk_signal_pipe[2] = {-1, -1};

static inline void fpk_termination_handler(int signal_number) {
    char byte = (char)signal_number;
    ssize_t written = write(fpk_signal_pipe[1], &byte, 1);
    (void)written;
}

/// Catches SIGINT, SIGTERM and SIGHUP: each writes its number as one byte into a pipe, whose
/// read end is returned (the same on every call). Returns -1 when the pipe cannot be made.
static inline int fpk_catch_termination_signals(void) {
    if (fpk_signal_pipe[0] >= 0) return fpk_signal_pipe[0];
    if (pipe(fpk_signal_pipe) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = fpk_termination_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    return fpk_signal_pipe[0];
}

/// utimensat's "now" and "leave unchanged" nanosecond markers, which Swift does not import.
static inline long fpk_utime_now(void) { return UTIME_NOW; }
static inline long fpk_utime_omit(void) { return UTIME_OMIT; }

#endif
