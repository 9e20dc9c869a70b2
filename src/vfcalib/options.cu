/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * vfcalib's command line. Both "--flag value" and "--flag=value" are
 * accepted; anything unexpected is one line on stderr and exit 2.
 */
#include "calib.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: vfcalib [--quick] [--model-shape H,FFN,TOKENS] [--gpus N]\n"
    "               [--skip gemm,hbm,host,p2p,nccl,proxy] -o FILE.yaml\n"
    "\n"
    "Measures this machine's GPUs for vfplan and writes the raw calibration\n"
    "file (src/vfcalib/RAW-FORMAT.md).\n"
    "\n"
    "  -o, --output FILE        the YAML file to write (required)\n"
    "  --quick                  a short run (under 3 minutes on one GPU)\n"
    "  --model-shape H,FFN,TOKENS\n"
    "                           add the GEMMs of a model: hidden H, MLP width\n"
    "                           FFN, TOKENS tokens per micro-batch\n"
    "  --gpus N                 use the first N visible GPUs (default: all)\n"
    "  --skip LIST              leave out measurements: gemm, hbm, host,\n"
    "                           p2p, nccl, proxy (comma-separated)\n"
    "  -h, --help               this text\n"
    "\n"
    "Exit status: 0 written; 2 bad flags, no GPU, or a CUDA/NCCL error.\n";

/* A positive int no larger than `max`, or -1. */
static int parse_pos_int(const char *s, int max)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < 1 || v > max)
        return -1;
    return (int)v;
}

static void parse_shape(const char *s, struct calib_opts *o)
{
    char buf[128];
    char *parts[3];
    int vals[3];
    char *p;

    if (strlen(s) >= sizeof buf)
        calib_fail("--model-shape: expected H,FFN,TOKENS, got '%s'", s);
    strcpy(buf, s);
    p = buf;
    for (int i = 0; i < 3; i++) {
        parts[i] = p;
        p = strchr(p, ',');
        if (i < 2) {
            if (!p)
                calib_fail("--model-shape: expected H,FFN,TOKENS, got '%s'", s);
            *p++ = '\0';
        } else if (p) {
            calib_fail("--model-shape: expected H,FFN,TOKENS, got '%s'", s);
        }
    }
    for (int i = 0; i < 3; i++) {
        vals[i] = parse_pos_int(parts[i], 1 << 20);
        if (vals[i] < 0)
            calib_fail("--model-shape: '%s' is not a positive integer up to 1048576", parts[i]);
    }
    o->shape_h = vals[0];
    o->shape_ffn = vals[1];
    o->shape_tokens = vals[2];
}

static void parse_skip(const char *s, struct calib_opts *o)
{
    static const char *names[] = {"gemm", "hbm", "host", "p2p", "nccl", "proxy"};
    const char *p = s;

    while (*p) {
        size_t len = strcspn(p, ",");
        int found = 0;

        for (int i = 0; i < 6; i++) {
            if (len == strlen(names[i]) && strncmp(p, names[i], len) == 0) {
                o->skip |= 1u << i;
                found = 1;
            }
        }
        if (!found)
            calib_fail("--skip: unknown measurement '%.*s' (gemm, hbm, host, p2p, nccl, proxy)",
                       (int)len, p);
        p += len;
        if (*p == ',')
            p++;
    }
}

/* The value of a flag at argv[*i]: after '=' or the next argument. */
static const char *flag_value(int argc, char **argv, int *i, const char *name)
{
    const char *eq = strchr(argv[*i], '=');

    if (eq && argv[*i][0] == '-' && argv[*i][1] == '-')
        return eq + 1;
    if (*i + 1 >= argc)
        calib_fail("%s needs a value (vfcalib --help)", name);
    return argv[++*i];
}

/* "--gpus" matches "--gpus" and "--gpus=..." */
static int is_flag(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || (arg[n] == '=' && name[1] == '-'));
}

int calib_parse_args(int argc, char **argv, struct calib_opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];

        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_text, stdout);
            return 1;
        } else if (strcmp(a, "--quick") == 0) {
            o->quick = 1;
        } else if (is_flag(a, "-o") || is_flag(a, "--output")) {
            o->out_path = flag_value(argc, argv, &i, "-o");
            if (!o->out_path[0])
                calib_fail("-o: empty file name");
        } else if (is_flag(a, "--gpus")) {
            const char *v = flag_value(argc, argv, &i, "--gpus");
            o->gpus = parse_pos_int(v, CALIB_MAX_GPUS);
            if (o->gpus < 0)
                calib_fail("--gpus: '%s' is not a number from 1 to %d", v, CALIB_MAX_GPUS);
        } else if (is_flag(a, "--model-shape")) {
            parse_shape(flag_value(argc, argv, &i, "--model-shape"), o);
        } else if (is_flag(a, "--skip")) {
            parse_skip(flag_value(argc, argv, &i, "--skip"), o);
        } else {
            calib_fail("unknown argument '%s' (vfcalib --help)", a);
        }
    }
    if (!o->out_path)
        calib_fail("no output file: -o FILE.yaml is required (vfcalib --help)");
    return 0;
}
