/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * vfcalib's entry point: parse the flags, find the GPUs, run each
 * measurement in turn (progress on stderr), then write the raw YAML file.
 * The file is written to FILE.tmp and renamed at the end, so a failed run
 * leaves no file behind. Exit status: 0 written, 2 anything else.
 */
#include "calib.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void utc_now(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;

    if (!gmtime_r(&now, &tm) || strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        snprintf(buf, len, "unknown");
}

static double wall_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Opened before the measurements, so a bad path fails in a second, not
 * after minutes of work. */
static FILE *open_tmp(const char *out_path, char *tmp, size_t len)
{
    FILE *f;

    if ((size_t)snprintf(tmp, len, "%s.tmp", out_path) >= len)
        calib_fail("output path too long: %s", out_path);
    f = fopen(tmp, "w");
    if (!f)
        calib_fail("cannot write %s: %s", tmp, strerror(errno));
    calib_set_cleanup_path(tmp);
    return f;
}

static void run_all(const struct calib_opts *o, int gpus, struct calib_results *r)
{
    if (!(o->skip & CALIB_SKIP_P2P))
        calib_p2p(o, &r->machine);
    if (!(o->skip & CALIB_SKIP_GEMM))
        calib_gemm(o, r);
    if (!(o->skip & CALIB_SKIP_HBM))
        calib_hbm(o, r);
    if (!(o->skip & CALIB_SKIP_HOST))
        calib_host_device(o, gpus, r);
    if (!(o->skip & CALIB_SKIP_NCCL))
        calib_collectives(o, gpus, r);
    if (!(o->skip & CALIB_SKIP_PROXY))
        calib_proxy_run(o, gpus, &r->proxy);
}

int main(int argc, char **argv)
{
    static struct calib_results r;
    struct calib_opts o;
    char tmp[4096];
    double t0 = wall_s();
    int gpus, nccl_used;
    FILE *f;

    if (calib_parse_args(argc, argv, &o) != 0)
        return 0;
    gpus = calib_count_gpus(&o);
    f = open_tmp(o.out_path, tmp, sizeof tmp);
    r.quick = o.quick;
    utc_now(r.date, sizeof r.date);
    nccl_used = gpus > 1 && (!(o.skip & CALIB_SKIP_NCCL) || !(o.skip & CALIB_SKIP_PROXY));
    calib_machine_info(&r.machine, gpus, nccl_used);
    fprintf(stderr, "vfcalib: %d x %s (compute capability %d.%d), %s run\n", gpus, r.machine.gpu,
            r.machine.cc_major, r.machine.cc_minor, o.quick ? "quick" : "full");
    run_all(&o, gpus, &r);
    if (calib_write_yaml(f, &r) != 0 || fclose(f) != 0)
        calib_fail("cannot write %s: %s", tmp, strerror(errno));
    if (rename(tmp, o.out_path) != 0)
        calib_fail("cannot rename %s to %s: %s", tmp, o.out_path, strerror(errno));
    calib_set_cleanup_path(NULL);
    fprintf(stderr, "vfcalib: wrote %s in %.0f s\n", o.out_path, wall_s() - t0);
    return 0;
}
