/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Timing with CUDA events. One repetition: every stream of the set is
 * synchronised, a start event is recorded on the first device's stream, the
 * operation is enqueued (`inner` times), the other devices' streams signal
 * events that the first stream waits for, and a stop event closes the
 * interval there. So a multi-GPU operation is timed from its start to the
 * end of its slowest GPU, on one clock.
 *
 * Each measurement keeps the median of its repetitions and their min/max.
 */
#include "calib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REPS 1000

struct timer_events {
    cudaEvent_t start, stop;
    cudaEvent_t done[CALIB_MAX_GPUS];
};

static void events_create(const struct calib_streams *s, struct timer_events *ev)
{
    memset(ev, 0, sizeof *ev);
    for (int i = 1; i < s->n; i++) {
        CK(cudaSetDevice(s->devs[i]));
        CK(cudaEventCreateWithFlags(&ev->done[i], cudaEventDisableTiming));
    }
    CK(cudaSetDevice(s->devs[0]));
    CK(cudaEventCreate(&ev->start));
    CK(cudaEventCreate(&ev->stop));
}

static void events_destroy(const struct calib_streams *s, struct timer_events *ev)
{
    for (int i = 1; i < s->n; i++) {
        CK(cudaSetDevice(s->devs[i]));
        CK(cudaEventDestroy(ev->done[i]));
    }
    CK(cudaSetDevice(s->devs[0]));
    CK(cudaEventDestroy(ev->start));
    CK(cudaEventDestroy(ev->stop));
}

static void sync_all(const struct calib_streams *s)
{
    for (int i = 0; i < s->n; i++) {
        CK(cudaSetDevice(s->devs[i]));
        CK(cudaStreamSynchronize(s->streams[i]));
    }
}

/* Seconds per call of `inner` back-to-back calls; < 0 when fn failed. */
static double run_once(const struct calib_streams *s, calib_launch_fn fn, void *ctx, int inner,
                       struct timer_events *ev)
{
    float ms = 0.0f;

    sync_all(s);
    CK(cudaSetDevice(s->devs[0]));
    CK(cudaEventRecord(ev->start, s->streams[0]));
    for (int j = 0; j < inner; j++) {
        if (fn(ctx) != 0) {
            sync_all(s);
            return -1.0;
        }
    }
    for (int i = 1; i < s->n; i++) {
        CK(cudaSetDevice(s->devs[i]));
        CK(cudaEventRecord(ev->done[i], s->streams[i]));
        CK(cudaSetDevice(s->devs[0]));
        CK(cudaStreamWaitEvent(s->streams[0], ev->done[i], 0));
    }
    CK(cudaSetDevice(s->devs[0]));
    CK(cudaEventRecord(ev->stop, s->streams[0]));
    CK(cudaEventSynchronize(ev->stop));
    CK(cudaEventElapsedTime(&ms, ev->start, ev->stop));
    sync_all(s);
    return (double)ms * 1e-3 / inner;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void summarise(double *t, int n, struct calib_timing *out)
{
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    out->min_seconds = t[0];
    out->max_seconds = t[n - 1];
    out->seconds = (n % 2) ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* Time `reps` repetitions of `inner` calls each; -1 if fn failed. */
static int run_reps(const struct calib_streams *s, calib_launch_fn fn, void *ctx, int reps,
                    int inner, struct timer_events *ev, struct calib_timing *out)
{
    double t[MAX_REPS];

    if (reps < 1)
        reps = 1;
    if (reps > MAX_REPS)
        reps = MAX_REPS;
    for (int r = 0; r < reps; r++) {
        t[r] = run_once(s, fn, ctx, inner, ev);
        if (t[r] < 0.0)
            return -1;
    }
    summarise(t, reps, out);
    return 0;
}

int calib_time_fixed(const struct calib_streams *s, calib_launch_fn fn, void *ctx, int warmup,
                     int reps, struct calib_timing *out)
{
    struct timer_events ev;
    int rc = 0;

    memset(out, 0, sizeof *out);
    events_create(s, &ev);
    for (int w = 0; w < warmup && rc == 0; w++)
        if (run_once(s, fn, ctx, 1, &ev) < 0.0)
            rc = -1;
    if (rc == 0)
        rc = run_reps(s, fn, ctx, reps, 1, &ev, out);
    events_destroy(s, &ev);
    return rc;
}

static int clamp_int(double v, int lo, int hi)
{
    if (!(v >= lo)) /* also catches NaN */
        return lo;
    if (v > hi)
        return hi;
    return (int)v;
}

int calib_time_auto(const struct calib_streams *s, calib_launch_fn fn, void *ctx, double budget_s,
                    int max_reps, struct calib_timing *out)
{
    struct timer_events ev;
    double t1, tw;
    int warm, inner, reps, rc = -1;

    memset(out, 0, sizeof *out);
    events_create(s, &ev);
    /* The first call pays for cuBLAS heuristics and lazy loading: it only
     * sizes the warm-up, which brings the clocks up before timing. */
    t1 = run_once(s, fn, ctx, 1, &ev);
    if (t1 < 0.0)
        goto out;
    warm = clamp_int(ceil(0.15 * budget_s / fmax(t1, 1e-7)), 1, 2000);
    tw = run_once(s, fn, ctx, warm, &ev);
    if (tw < 0.0)
        goto out;
    tw = fmax(tw, 1e-7);
    inner = clamp_int(ceil(1e-3 / tw), 1, 4096);
    reps = clamp_int(0.8 * budget_s / (tw * inner), 3, max_reps);
    rc = run_reps(s, fn, ctx, reps, inner, &ev, out);
out:
    events_destroy(s, &ev);
    return rc;
}

double calib_budget_s(int quick)
{
    return quick ? 0.4 : 1.0;
}

int calib_max_reps(int quick)
{
    return quick ? 10 : 25;
}
